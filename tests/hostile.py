"""Hostile and broken input, shared by every fuzzer (``tests/test_fuzz_*.py``).

A seeded mutator, no hypothesis: each input is a function of ``(seed, i)``, so a failure
names the seed and the index that reproduce it, and a run's size is a number
(``MTGCOMBAT_FUZZ``: a factor on the CI budget). What is here:

* :data:`HOSTILE_TEXTS` -- strings that broke or could break a reader: integers past
  the interpreter's 4,300-digit limit, lone surrogates, control characters, bidi marks,
  quotes and escapes, the notation's marks, very long words;
* :func:`hostile_json_value` -- a JSON value as *text* (so that it can be what
  ``json.dumps`` can't write: a 5,000-digit integer, a ``\\ud800`` escape, an array
  nested 100,000 deep, ``NaN``);
* :func:`mutate_json` -- a JSON document with one hostile change (a value replaced by a
  hostile one, a member dropped, added twice or renamed, a character changed, the text
  cut short);
* :func:`mutate_text` -- a line-oriented text (the scenario language, Oracle text, a
  declaration in notation) with one hostile change;
* :func:`check_input` -- call one input's reader and tell an internal error (any
  exception but the bad-input ones) or a bad-input message that is not one line.

A door (``batch`` lines, web bodies) adds its own fuzzer by building its inputs with
these functions and calling :func:`run_fuzz` with its reader; ``tests/test_fuzz_inputs.py``
is the example.
"""
from __future__ import annotations

import json
import os
import random
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence

#: How many times the CI budget of inputs a run reads (``MTGCOMBAT_FUZZ=10``: ten times).
SCALE = float(os.environ.get("MTGCOMBAT_FUZZ", "1") or "1")

BIG = "9" * 5000
HOSTILE_TEXTS: tuple[str, ...] = (
    "", " ", "\t", "\n", "\r\n", "\x00", "\x1b[31m", "\x7f", "\u0085", "\u2028",
    "\ud800", "\udfff", "a\ud800b", "\ud83d", "\U0001f600", "\u202e", "\ufeff", "\u00e9",
    "e\u0301", "\uffff",
    BIG, "-" + BIG, "0" * 5000 + "1", "1" + "0" * 4301, "12345678901", "-1", "0",
    "1e999", "NaN", "Infinity", "-0", "0x10", "1_000",
    '"', "\\", "\\u{d800}", "\\ud800", '\\"', "{", "}", "[", "]", "->", ",", ";", "+", ":",
    "#", "none", "null", "true", "@", "@-", "@/etc/passwd", "~", "CARDNAME",
    "x" * 20_000, "Flying " * 500, "(" * 5000, "{" * 5000 + "}" * 5000,
    "Target creature", "this creature", "~ attacks each combat if able.",
    "deals 99999999999999999999 damage", "Bushido " + BIG, "{" + BIG + "}",
    "All creatures able to block target creature do so.",
)


def hostile_json_value(rng: random.Random) -> str:
    """A JSON value as text, hostile to a reader of boards."""
    kind = rng.randrange(14)
    if kind == 0:
        return rng.choice(["", "-"]) + "9" * rng.choice([13, 50, 4300, 4301, 5000, 20000])
    if kind == 1:
        return rng.choice(['"\\ud800"', '"a\\udfffb"', '"\\udc00\\ud800"', '"\\u0000"',
                           '"\\ud83d\\ude00"'])
    if kind == 2:
        depth = rng.choice([50, 1000, 5000, 100_000])
        return "[" * depth + "]" * depth
    if kind == 3:
        depth = rng.choice([50, 1000, 100_000])
        return '{"a":' * depth + "1" + "}" * depth
    if kind == 4:
        return rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e-999",
                           "-0", "0.5", "3.0", "1e10", "-2147483649"])
    if kind == 5:
        return rng.choice(["null", "true", "false", "[]", "{}", '[""]', "[null]", '{"": 1}'])
    if kind == 6:
        return json.dumps(rng.choice(HOSTILE_TEXTS)[:20_000])
    if kind == 7:
        return str(rng.choice([-1, -10**9 - 1, 10**9 + 1, 10**12, 2**63, -2**63, 2**31]))
    if kind == 8:
        return json.dumps([rng.choice(HOSTILE_TEXTS)[:100] for _ in range(rng.randint(0, 4))])
    if kind == 9:
        return json.dumps({rng.choice(HOSTILE_TEXTS)[:30]: rng.choice(HOSTILE_TEXTS)[:30]})
    if kind == 10:
        return json.dumps("x" * rng.choice([1_000, 50_000]))
    if kind == 11:
        return json.dumps({"a": [1, 2]}) * rng.randint(1, 3)  # not one value
    if kind == 12:
        return rng.choice(['"', "[", "{", "tru", "01", "1.", ".5", "+1", "'a'"])
    return json.dumps(rng.randint(-5, 30))


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) to a value of a JSON document."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, prefix + (i,))
    return out


_MARK = "\u0000HOSTILE\u0000"


def mutate_json(text: str, rng: random.Random) -> str:
    """``text`` (a JSON document) with one hostile change."""
    how = rng.randrange(10)
    if how >= 7:
        return mutate_chars(text, rng)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # already broken: break it further
        return mutate_chars(text, rng)
    paths = _paths(data)
    path = rng.choice(paths[1:] or paths)
    if not path:
        return hostile_json_value(rng)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    if how <= 3:  # a hostile value, spliced in as text
        parent[key] = _MARK
        return json.dumps(data, ensure_ascii=False).replace(json.dumps(_MARK),
                                                             hostile_json_value(rng), 1)
    if how == 4 and isinstance(parent, dict):  # a member dropped
        del parent[key]
        return json.dumps(data, ensure_ascii=False)
    if how == 5 and isinstance(parent, dict):  # an unknown member, or a hostile key
        parent[rng.choice(HOSTILE_TEXTS)[:40] or "x"] = 1
        return json.dumps(data, ensure_ascii=False)
    if how == 6 and isinstance(parent, dict):  # a member given twice
        body = json.dumps(data, ensure_ascii=False)
        member = f"{json.dumps(key)}: {json.dumps(parent[key], ensure_ascii=False)}"
        i = body.find(member)
        return body if i < 0 else body[:i] + member + ", " + body[i:]
    if isinstance(parent, list):  # an element more, or one less
        if rng.random() < 0.5 and parent:
            parent.pop(key)
        else:
            parent.insert(key, _MARK)
            return json.dumps(data, ensure_ascii=False).replace(
                json.dumps(_MARK), hostile_json_value(rng), 1)
    return json.dumps(data, ensure_ascii=False)


def mutate_chars(text: str, rng: random.Random) -> str:
    """``text`` with a character inserted, deleted or replaced, or cut short."""
    if not text:
        return rng.choice(HOSTILE_TEXTS)
    i = rng.randrange(len(text))
    how = rng.randrange(5)
    if how == 0:
        return text[:i]
    if how == 1:
        return text[:i] + text[i + 1:]
    ch = rng.choice(['"', "\\", "{", "}", "[", "]", ",", ":", "\n", "\ud800", "\x00",
                     "\u00e9", " ", "-", "9", "#", "\t"])
    if how == 2:
        return text[:i] + ch + text[i:]
    if how == 3:
        return text[:i] + ch + text[i + 1:]
    return text[:i] + rng.choice(HOSTILE_TEXTS)[:5000] + text[i:]


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` (a line-oriented text) with one hostile change: a word replaced by a
    hostile token, a line dropped, doubled or deeply indented, a character changed."""
    lines = text.split("\n")
    how = rng.randrange(8)
    if how <= 2:  # a word replaced
        i = rng.randrange(len(lines))
        words = lines[i].split(" ")
        j = rng.randrange(len(words))
        token = rng.choice(HOSTILE_TEXTS)
        if rng.random() < 0.5:
            token = json.dumps(token, ensure_ascii=rng.random() < 0.5)
        words[j] = token[:20_000]
        lines[i] = " ".join(words)
    elif how == 3:
        lines.pop(rng.randrange(len(lines)))
    elif how == 4:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif how == 5:
        i = rng.randrange(len(lines))
        lines[i] = " " * rng.choice([1, 3, 7, 200, 5000]) + lines[i]
    elif how == 6:
        i = rng.randrange(len(lines))
        lines[i] = lines[i] + " " + rng.choice(["9" * rng.choice([13, 4301, 5000]),
                                                 '"\\u{d800}"', "\\", '"', "->", ":"])
    else:
        return mutate_chars(text, rng)
    return "\n".join(lines)


# -- running inputs ------------------------------------------------------------------------


@dataclass
class Failure:
    """An input whose reader failed: an internal error, or bad input not said in one line."""

    label: str
    what: str
    input: str

    def __str__(self) -> str:
        shown = self.input if len(self.input) < 300 else self.input[:300] + "..."
        return f"{self.label}: {self.what}\n    input: {shown!r}"


@dataclass
class Run:
    """What a fuzzer found: how many inputs, how many were refused as bad input, failures."""

    inputs: int = 0
    refused: int = 0
    failures: list[Failure] = field(default_factory=list)

    def report(self, most: int = 10) -> str:
        head = (f"{len(self.failures)} of {self.inputs} inputs failed "
                f"({self.refused} refused as bad input)")
        return "\n".join([head] + [str(f) for f in self.failures[:most]])


def bad_input_types() -> tuple[type, ...]:
    """The exceptions that are bad input (one line, exit 2) and no internal error."""
    from mtgcombat.options import OptionError
    from mtgcombat.rules.model import BoardError

    return (BoardError, OptionError)


def check_input(label: str, text: str, read: Callable[[], Any], run: Run) -> Optional[Any]:
    """Call ``read`` (the reader of one input, ``text`` as shown in a report): its result,
    or None when it refused the input as bad input in one line; anything else is
    recorded in ``run`` as a failure."""
    run.inputs += 1
    try:
        return read()
    except bad_input_types() as e:
        run.refused += 1
        try:
            message = str(e)
        except Exception as e2:  # the message itself can't be made
            run.failures.append(Failure(label, f"its message fails: {e2!r}", text))
            return None
        if len(message.splitlines()) != 1 or not message.strip():
            run.failures.append(Failure(label, f"bad input not in one line: {message!r}", text))
        elif any("\ud800" <= ch <= "\udfff" for ch in message):
            run.failures.append(Failure(label, "a message that is not text", text))
        return None
    except RecursionError:
        run.failures.append(Failure(label, "RecursionError", text))
    except Exception as e:
        tb = traceback.extract_tb(e.__traceback__)[-1]
        run.failures.append(Failure(
            label, f"{type(e).__name__}: {str(e)[:200]} at {tb.filename}:{tb.lineno}", text))
    return None


def run_fuzz(label: str, inputs: Iterable[tuple[str, Callable[[], Any]]],
             then: Optional[Callable[[Any], None]] = None) -> Run:
    """Read every input (``(text, reader)``); ``then(result)`` checks what a reader
    accepted (it may raise AssertionError -- recorded as a failure: an answer over
    invalid input)."""
    run = Run()
    for n, (text, read) in enumerate(inputs):
        got = check_input(f"{label}[{n}]", text, read, run)
        if got is not None and then is not None:
            try:
                then(got)
            except AssertionError as e:
                run.failures.append(Failure(f"{label}[{n}]", f"accepted, but {e}", text))
            except Exception as e:
                run.failures.append(Failure(f"{label}[{n}]",
                                            f"accepted, then {type(e).__name__}: {e}", text))
    return run


#: The inputs a CI run reads at each entry point (issue 25.5: at least 20,000 in all, every
#: entry point fuzzed): boards as JSON, as scenario text, Oracle text, the options'
#: declarations and assignments, card files, ``batch`` lines (in process and through a real
#: ``batch``), web request bodies (in process and over HTTP to a real server).
BUDGETS = {"json": 7000, "scenario": 5000, "oracle": 4000, "flags": 4000, "cards": 300,
           "batch": 4000, "batch-process": 300, "web": 2000, "http": 200}


def budget(n: int) -> int:
    """``n`` inputs in CI, scaled by ``MTGCOMBAT_FUZZ``."""
    return max(1, int(n * SCALE))


def pick(rng: random.Random, items: Sequence[Any]) -> Any:
    return items[rng.randrange(len(items))]
