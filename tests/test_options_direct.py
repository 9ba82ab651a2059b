"""Options read without argparse (issue 22: argparse was a sixth of a small request's
cost) are exactly the options argparse reads: on random argument lists of every
question, at both doors, the direct reading is either declined or equal."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mtgcombat import options as O
from mtgcombat.ask import QUESTIONS
from mtgcombat.cli import build_parser, options_directly

_VALUES = ["{}", '{"a": "Bob"}', "a -> Bob", "wall -> raider", "b0 -> a0, b1 -> a0",
           "x", "", "3", "0", "-1", "2.5", "1e9", "nan", "de", "en", "fr", "standard",
           "race", "combat", "cpsat", "brute", "@-", "@/etc/passwd", "--json", "-",
           "a = 2", '{"a": {"b": 3}}', "board.json"]


def _flags(name: str) -> list[str]:
    q = QUESTIONS[name]
    return [f for o in O.allowed(q.options, O.Door.COMMAND_LINE) for f in o.flags]


@st.composite
def _argv(draw):
    name = draw(st.sampled_from(sorted(QUESTIONS)))
    flags = _flags(name) + ["--nope", "-h", "--help", "--att", "--json=1"]
    tokens = draw(st.lists(st.one_of(st.sampled_from(flags), st.sampled_from(_VALUES)),
                           max_size=7))
    return name, tokens


@st.composite
def _plain_argv(draw):
    """Options as a person writes them: each flag with a value when it takes one."""
    name = draw(st.sampled_from(sorted(QUESTIONS)))
    opts = O.allowed(QUESTIONS[name].options, O.Door.COMMAND_LINE)
    out = [draw(st.sampled_from(["board.json", "b.mtg"]))] if draw(st.booleans()) else []
    for o in draw(st.lists(st.sampled_from(opts), max_size=5)) if opts else []:
        out.append(draw(st.sampled_from(o.flags)))
        if o.value is not O.Value.FLAG:
            out.append(draw(st.sampled_from(list(o.choices) + _VALUES)))
    return name, draw(st.permutations(out)) if draw(st.booleans()) else out


def _by_argparse(name, args, door):
    q = QUESTIONS[name]
    parser = O.argparse_for(name, tuple(q.options), tuple(q.repeated), door)
    try:
        ns, extra = parser.parse_known_args(list(args))
    except (O.OptionError, O._Direct) as e:
        return ("error", type(e).__name__)
    if extra:
        return ("error", "extra")
    return O.from_namespace(name, ns)


@settings(max_examples=500, deadline=None)
@given(st.one_of(_argv(), _plain_argv()), st.sampled_from([O.Door.COMMAND_LINE, O.Door.REQUEST]))
def test_options_read_directly_are_those_argparse_reads(case, door):
    name, args = case
    q = QUESTIONS[name]
    got = O.direct(name, q.options, args, door, q.repeated)
    if got is not None:
        assert got == _by_argparse(name, args, door)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_argv(), _plain_argv()))
def test_a_command_lines_options_read_directly_are_those_of_its_argparse_tree(case):
    name, args = case
    got = options_directly(name, args)
    if got is None:
        return
    ns = O.parse_args(build_parser(name), [name, *args])
    assert got == O.from_namespace(ns.command, ns)


def test_plain_options_are_read_directly_and_anything_else_is_left_to_argparse():
    q = QUESTIONS["check"]
    plain = ["board.json", "--blocks", "wall -> raider", "--lang", "de", "--json"]
    got = O.direct("check", q.options, plain, O.Door.COMMAND_LINE, q.repeated)
    assert got is not None and got.blocks == {"wall": ["raider"]} and got.lang == "de"
    assert got.json and got.board == "board.json"
    for other in (["board.json", "--blo", "x -> y"], ["board.json", "--lang=de"],
                  ["-", "--json"], ["board.json", "--lang", "fr"], ["a.json", "b.json"],
                  ["board.json", "--time-limit", "-1"], ["board.json", "--help"]):
        assert O.direct("check", q.options, other, O.Door.COMMAND_LINE, q.repeated) is None
    # a request never gives a board, nor an option only the command line takes
    assert O.direct("check", q.options, ["--blocks", "{}"], O.Door.REQUEST) is not None
    assert O.direct("check", q.options, ["board.json"], O.Door.REQUEST) is None
    assert O.direct("check", q.options, ["--backend", "brute"], O.Door.REQUEST) is None
