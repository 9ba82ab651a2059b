"""Every rule number a corpus case cites exists in the Comprehensive Rules of the
edition it is cited for ("2024": MagicCompRules-2024-04-12.txt; "current":
MagicCompRules-2026-04-17.txt or the 2026-09-25 excerpts). A rule "702.19b" exists
when a line of that text starts with "702.19b"."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from mtgcombat.corpus import load_cases

from .conftest import REPO, shared_path

CASES_DIR = REPO / "corpus" / "cases"

EDITION_FILES = {
    "2024": ("MagicCompRules-2024-04-12.txt",),
    "current": ("MagicCompRules-2026-04-17.txt", "MagicCompRules-2026-09-25-excerpt-310.txt",
                "MagicCompRules-2026-09-25-excerpt-506-511.txt"),
}


@lru_cache(maxsize=None)
def rule_numbers(edition: str) -> frozenset[str]:
    """The rule numbers that start a line of the edition's CR text ("508.1d", "510.2"
    and "510.2." both give "510.2")."""
    cr = shared_path("rules", "cr")
    out: set[str] = set()
    for name in EDITION_FILES[edition]:
        text = (cr / name).read_text(encoding="utf-8-sig")
        for line in text.splitlines():
            m = re.match(r"(\d{3}(?:\.\d+[a-z]?)?)\.?\s", line)
            if m:
                out.add(m.group(1))
    return frozenset(out)


def _citations():
    if not CASES_DIR.is_dir():
        return []
    out = []
    for case in load_cases(CASES_DIR):
        for ed in case.editions:
            for rule in case.cited_rules(ed):
                out.append(pytest.param(case.id, ed, rule, id=f"{case.id}-{ed}-{rule}"))
    return out


@pytest.mark.parametrize("case_id,edition,rule", _citations())
def test_cited_rule_exists_in_its_edition(case_id, edition, rule):
    assert rule in rule_numbers(edition), (
        f"{case_id} cites {rule} for edition {edition}, but no line of "
        f"{', '.join(EDITION_FILES[edition])} starts with {rule}")


def test_the_rule_index_reads_the_texts():
    """A sanity check of the reader itself: rules that differ between the editions."""
    assert {"509.2", "510.1c", "702.19b"} <= rule_numbers("2024")
    assert "509.1c" in rule_numbers("current")
    assert "310.9b" in rule_numbers("current") and "310.9b" not in rule_numbers("2024")
