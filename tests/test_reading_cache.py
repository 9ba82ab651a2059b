"""Reading at the floor (issue 24): keyword lines read without the parser, readings of
card texts kept on disk by what they depend on, parser files named by their content
and written once -- a second cold run writes nothing new into the cache directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from mtgcombat.grammar import cache
from mtgcombat.grammar.oracle import read_text
from mtgcombat.grammar.oracle import reader
from mtgcombat.grammar.oracle.fast import NUMBERED, read_keywords
from mtgcombat.rules.abilities import SIMPLE_KEYWORDS

from .conftest import REPO

_KEYWORDS = sorted(SIMPLE_KEYWORDS)


def _snapshot(d) -> dict:
    out = {}
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            st_ = os.stat(p)
            out[os.path.relpath(p, d)] = (st_.st_size, st_.st_mtime_ns)
    return out


def _cli(args, cache_dir, **kw):
    env = dict(os.environ, MTGCOMBAT_CACHE=str(cache_dir))
    return subprocess.run([sys.executable, "-m", "mtgcombat", *args], capture_output=True,
                          text=True, cwd=REPO, env=env, **kw)


def test_a_second_cold_run_writes_nothing_new_into_the_cache_directory(tmp_path):
    board = tmp_path / "board.json"
    board.write_text(json.dumps({
        "players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
        "permanents": [
            {"id": "a", "name": "Lurer", "controller": "Alice", "power": 2, "toughness": 2,
             "text": "All creatures able to block Lurer do so."},
            {"id": "f", "name": "Bird", "controller": "Alice", "power": 1, "toughness": 1,
             "text": "Flying"},
            {"id": "b", "name": "Wall", "controller": "Bob", "power": 0, "toughness": 4,
             "text": "Defender, reach"}],
        "attacks": {"a": "Bob", "f": "Bob"}}), encoding="utf-8")
    scenario = REPO / "corpus" / "boards" / "goad-and-lure.mtg"
    runs = [["check", str(board), "--blocks", "b -> a"],
            ["attacks", str(scenario)],
            ["attacks", str(REPO / "corpus" / "boards" / "brigand.json")]]
    d = tmp_path / "cache"
    for argv in runs:
        assert _cli(argv, d).returncode == 0
    first = _snapshot(d)
    assert any(k.startswith("readings-") for k in first)  # the Lure sentence is kept
    assert sum(1 for k in first if k.startswith("scenario-")) == 1
    for argv in runs:
        assert _cli(argv, d).returncode == 0
    assert _snapshot(d) == first


def test_a_board_read_before_is_answered_without_lark_or_ortools(tmp_path):
    board = REPO / "corpus" / "boards" / "brigand.json"
    d = tmp_path / "cache"
    code = ("import sys; from mtgcombat.main import main; "
            "main(['check', %r, '--attacks', 'brigand -> Bob'])\n"
            "print(sorted(m for m in ('lark', 'ortools', 'pandas', 'rich', 'flask') "
            "if m in sys.modules), file=sys.stderr)" % str(board))
    env = dict(os.environ, MTGCOMBAT_CACHE=str(d))
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                   cwd=REPO)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=REPO)
    assert r.stderr.strip().splitlines()[-1] == "[]", r.stderr


_item = st.one_of(
    st.sampled_from(_KEYWORDS).map(lambda k: st.sampled_from([k, k.capitalize(), k.upper()])),
    st.tuples(st.sampled_from(NUMBERED), st.integers(0, 999)).map(
        lambda t: st.just(f"{t[0].capitalize()} {t[1]}")),
).flatmap(lambda s: s)
_sep = st.sampled_from([", ", ",", " ,", "; ", " and ", ", and "])


@st.composite
def _keyword_texts(draw):
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        items = draw(st.lists(_item, min_size=1, max_size=4))
        line = items[0]
        for x in items[1:]:
            line += draw(_sep) + x
        line += draw(st.sampled_from(["", ".", " ", " (Reminder text.)"]))
        lines.append(draw(st.sampled_from(["", "  "])) + line)
    return draw(st.sampled_from(["\n", "\r\n", "\n\n"])).join(lines)


@settings(max_examples=300, deadline=None)
@given(_keyword_texts(), st.sampled_from([None, "Grizzly Bears", "Menace, the Brute",
                                          "Flying Men", "Trample"]))
def test_keyword_lines_read_without_the_parser_read_as_the_parser_reads_them(text, name):
    fast = read_keywords(text, name)
    slow = reader.read_text(text, name)
    if fast is not None:
        assert fast == slow
    assert read_text(text, name) == slow


def test_keyword_lines_are_the_usual_texts_and_anything_else_goes_to_the_parser():
    for text in ("Flying", "First strike, trample", "Toxic 2", "Flying\nReach",
                 "Vigilance, reach, trample, haste", "Trample over planeswalkers."):
        assert read_keywords(text, "Some Card") is not None, text
    for text in ("Flying, ward {2}", "Hexproof", "Flying,", "Flying and", "Flying. Reach.",
                 "All creatures able to block ~ do so.", "Toxic two", "Fl\u00fcgel"):
        assert read_keywords(text, "Some Card") is None, text
    # the card's own name in the line is "~" for the reader
    assert read_keywords("Menace", "Menace, the Brute") is None


def test_a_cached_reading_is_the_reading(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGCOMBAT_CACHE", str(tmp_path))
    texts = [("All creatures able to block Lurer do so.", "Lurer", None),
             ("Goblin Brigand attacks each combat if able.", "Goblin Brigand", None),
             ("Flying, ward {2}\nWhenever ~ attacks, draw a card.", None, None)]
    for text, name, modes in texts:
        key = cache.reading_key(text, name, modes)
        assert cache.load_reading(key) is None
        fresh = reader.read_text(text, name)
        cache.store_reading(key, fresh)
        kept = cache.load_reading(key)
        assert kept == fresh and hash(kept) == hash(fresh)
        assert repr(kept) == repr(fresh)


def test_a_reading_is_kept_by_its_name_and_modes_too():
    text = "Target creature can't block this turn."
    keys = {cache.reading_key(text, n, m) for n in (None, "A", "B") for m in (None, (1,), (2,))}
    assert len(keys) == 9


def test_a_damaged_or_foreign_cache_file_is_a_miss_not_an_error(tmp_path, monkeypatch):
    import marshal

    monkeypatch.setenv("MTGCOMBAT_CACHE", str(tmp_path))
    text, name = "Lurer can't block.", "Lurer"
    key = cache.reading_key(text, name, None)
    cache.store_reading(key, reader.read_text(text, name))
    path = next(tmp_path.glob("readings-*")) / f"{key}.marshal"
    assert cache.load_reading(key) == reader.read_text(text, name)
    path.write_bytes(b"not marshal data")
    assert cache.load_reading(key) is None
    for foreign in ((0, "os:system", {}), (0, "builtins:eval", {}),
                    (0, "mtgcombat.rules.abilities:A.B", {})):
        path.write_bytes(marshal.dumps((1, foreign)))  # not a rule class: never called
        assert cache.load_reading(key) is None
    assert read_text(text + " ", name) == reader.read_text(text + " ", name)


def test_a_parser_file_is_named_by_content_never_by_an_address():
    from lark import Lark  # noqa: F401  (parser_key reads lark's version)

    class Post:
        pass

    a = cache.parser_key("start: X", parser="lalr", postlex=Post())
    b = cache.parser_key("start: X", parser="lalr", postlex=Post())
    assert a == b
    assert cache.parser_key("start: Y", parser="lalr", postlex=Post()) != a
    assert cache.parser_key("start: X", parser="earley", postlex=Post()) != a


def test_caching_off_writes_nothing(tmp_path):
    d = tmp_path / "never"
    env = dict(os.environ, MTGCOMBAT_CACHE="off", HOME=str(tmp_path),
               XDG_CACHE_HOME=str(d))
    r = subprocess.run([sys.executable, "-m", "mtgcombat", "check",
                        str(REPO / "corpus" / "boards" / "brigand.json"), "--attacks",
                        "brigand -> Bob"], capture_output=True, text=True, env=env, cwd=REPO)
    assert r.returncode == 0 and not d.exists()
