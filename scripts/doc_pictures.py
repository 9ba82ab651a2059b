"""Draw the README's SVG pictures again: python scripts/doc_pictures.py

docs/by-name.svg      the board of examples/by-name.mtg with its forced blocks
                      (``mtgcombat draw ... --blocks 'spider -> unicorn, rats -> unicorn'``)
docs/after-combat.svg the whole combat of examples/first-strike.mtg
                      (:func:`mtgcombat.draw.draw_result` of ``Board.combat()``)

tests/test_draw.py and tests/test_cards.py check that they are what the code draws now. The
screenshots of the web lab are scripts/screenshots.py's."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def pictures() -> dict[str, str]:
    """File name in docs/ -> the SVG text it must hold."""
    from mtgcombat import Board
    from mtgcombat.cards import CardDatabase
    from mtgcombat.draw import draw, draw_result

    cards = CardDatabase.open(ROOT / "examples" / "cards.json")
    by_name = Board.load(ROOT / "examples" / "by-name.mtg", cards=cards)
    first_strike = Board.load(ROOT / "examples" / "first-strike.mtg")
    return {
        "by-name.svg": draw(by_name, blocks={"spider": "unicorn", "rats": "unicorn"}),
        "after-combat.svg": draw_result(first_strike.combat()),
    }


def main() -> None:
    for name, svg in pictures().items():
        (ROOT / "docs" / name).write_text(svg, encoding="utf-8")
        print(f"wrote docs/{name}")


if __name__ == "__main__":
    main()
