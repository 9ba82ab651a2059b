"""What docs say about trust is true and complete (issue 25: "docs/ says what a board's
declarations mean and what the web lab accepts"): the web lab's security section of
docs/serve.md names every option a request is refused and every bound the server keeps,
with the figures of the code; docs/combat.md says how a board's own declarations are
judged."""
from __future__ import annotations

import inspect
import re

import pytest

from mtgcombat.ask import QUESTIONS, parse
from mtgcombat.options import OPTIONS, Door, OptionError

from .conftest import REPO


def _section(path: str, heading: str) -> str:
    text = (REPO / path).read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:end if end != -1 else len(text)]


SECURITY = "## What a request may do, and what it may not"
LOCAL = [o for o in OPTIONS.values() if o.local]


def test_every_option_a_request_may_not_give_exists_and_is_local():
    assert {f for o in LOCAL for f in o.flags} >= {"-o", "--output", "--cards", "--backend",
                                                  "--jsonl", "--exit-code", "--picture"}


@pytest.mark.parametrize("flag", sorted({f for o in LOCAL for f in o.flags}))
def test_serve_md_names_every_option_a_request_is_refused(flag):
    assert f"`{flag}`" in _section("docs/serve.md", SECURITY), (
        f"docs/serve.md's security section does not name {flag}, which a request is refused")


@pytest.mark.parametrize("option", LOCAL, ids=lambda o: o.flags[-1])
def test_each_local_option_is_refused_in_a_request_by_every_question_that_takes_it(option):
    value = {"FLAG": [], "CHOICE": [option.choices[-1]] if option.choices else ["x"]}.get(
        option.value.name, ["x.out"])
    askers = [q for q in QUESTIONS.values() if option.dest in q.options] or list(QUESTIONS.values())
    for q in askers:
        for flag in option.flags:
            with pytest.raises(OptionError) as e:
                parse(q.name, [flag, *value], Door.REQUEST)
            assert "\n" not in str(e.value) and flag.lstrip("-")[:4] in str(e.value)


@pytest.mark.parametrize("decl", ["@SECRET", "@-", "@/etc/passwd"])
def test_a_declaration_from_a_file_or_standard_input_is_refused_in_a_request(decl):
    for flag in ("--attacks", "--blocks", "--damage"):
        with pytest.raises(OptionError, match="a request can't read files"):
            parse("combat", [flag, decl], Door.REQUEST)


def test_serve_md_figures_are_the_servers():
    from mtgcombat.web import GRACE, MAX_BYTES, MAX_SECONDS
    from mtgcombat.web.server import MOST
    from mtgcombat.web.workers import MAX_ANSWER

    text = _section("docs/serve.md", SECURITY)
    most = MOST
    assert f"at most {MAX_BYTES // 1024} KB" in text
    assert f"at most {MAX_SECONDS:g} s" in text
    assert f"{GRACE:g} s past the limit" in text
    assert f"at most {MAX_ANSWER // (1024 * 1024)} MB" in text
    assert f"every worker busy ({most})" in text
    assert "127.0.0.1" in text and "--allow-host" in text
    for header in ("X-Content-Type-Options: nosniff", "X-Frame-Options: DENY",
                   "Referrer-Policy: no-referrer"):
        assert header in text


def test_serve_md_security_rules_each_have_a_test_over_http():
    """Every bullet of the security section is tried over HTTP by a test named after it."""
    names = set(re.findall(r"^def (test_\w+)", (REPO / "tests" / "test_serve_security.py")
                           .read_text(encoding="utf-8"), re.M))
    wanted = {"Only the question's own options": "args_that_name_a_file",
              "Bounded": "over_the_size_limit", "Concurrent": "slow_request_does_not_delay",
              "Addressed to it": "host_must_be", "Quiet about itself": "no_error_carries_a_trace",
              "Local by default": "beyond_this_machine_prints_a_warning"}
    text = _section("docs/serve.md", SECURITY)
    for bullet, test in wanted.items():
        assert f"**{bullet}" in text, bullet
        assert any(test in n for n in names), (bullet, test)


def test_combat_md_says_a_boards_declarations_are_judged_as_flags_are():
    text = _section("docs/combat.md", "## One verdict for one declaration")
    assert "are judged exactly as `--attacks` and `--blocks` are" in text
    for question in ("combat", "turn", "damage", "draw", "best-blocks", "best-attacks"):
        assert f"`{question}`" in text, question
    assert "no creature blocks" in text and "509.1c" in text  # a board without blocks
    assert "in a combat damage step" in text  # whose declarations are facts (509.1b)
