#!/usr/bin/env python3
"""How much of a card corpus the Oracle grammar understands.

Usage: python scripts/oracle_coverage.py [PATH_TO_TSV] [--json] [--top N]

The TSV is the corpus format of ``shared/corpus`` (tab-separated, header row,
no quoting; the oracle column uses the two characters backslash-n as line
breaks). Every card's oracle text is read with ``read_text(text, name)``; the
report counts sentences, the sentences with attack/block vocabulary, how many
of those were understood, and the most frequent combat sentences that were
not understood (the card's name replaced by "~").
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtgcombat.grammar.oracle import read_text  # noqa: E402

DEFAULT_TSV = ROOT.parent / "shared" / "corpus" / "oracle_combat.tsv"
COMBAT = re.compile(r"\b(attack|attacks|attacking|block|blocks|blocked|blocking)\b", re.I)


def _normalise(sentence: str, name: str) -> str:
    names = {name}
    base = name[2:] if name.startswith("A-") else name
    names.add(base)
    if ", " in base:
        names.add(base.split(", ")[0])
    for nm in sorted(names, key=len, reverse=True):
        sentence = re.sub(r"(?<![\w])" + re.escape(nm) + r"(?![\w])", "~", sentence)
    return sentence


def measure(path: Path, top: int = 25) -> dict:
    cards = sentences = combat = combat_ok = 0
    missing: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    csv.field_size_limit(10**7)
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            cards += 1
            text = row["oracle"].replace("\\n", "\n")
            reading = read_text(text, row["name"])
            for parsed in reading.understood:
                sentences += 1
                if COMBAT.search(parsed.sentence):
                    combat += 1
                    combat_ok += 1
            for sentence in reading.not_understood:
                sentences += 1
                if COMBAT.search(sentence):
                    combat += 1
                    missing[_normalise(sentence, row["name"])] += 1
    return {
        "file": str(path),
        "cards": cards,
        "sentences": sentences,
        "combat_sentences": combat,
        "combat_understood": combat_ok,
        "combat_understood_percent": round(100.0 * combat_ok / combat, 2) if combat else 0.0,
        "seconds": round(time.perf_counter() - started, 2),
        "top_not_understood": [{"count": c, "sentence": s} for s, c in missing.most_common(top)],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tsv", nargs="?", default=str(DEFAULT_TSV), help="corpus TSV file")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--top", type=int, default=25, help="how many not-understood sentences")
    args = ap.parse_args(argv)
    path = Path(args.tsv)
    if not path.is_file():
        print(f"oracle_coverage: no such file: {path}", file=sys.stderr)
        return 2
    report = measure(path, args.top)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"cards:                        {report['cards']}")
    print(f"sentences:                    {report['sentences']}")
    print(f"sentences with attack/block:  {report['combat_sentences']}")
    print(f"  of which understood:        {report['combat_understood']} "
          f"({report['combat_understood_percent']:.1f}%)")
    print(f"time:                         {report['seconds']} s")
    print(f"\nmost frequent combat sentences not understood (top {args.top}):")
    for item in report["top_not_understood"]:
        print(f"  {item['count']:4d}  {item['sentence']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
