"""English templates: cards (what a person should know about a card database:
``warning.*`` of mtgcombat.cards)."""

from __future__ import annotations

T: dict = {
    "warning.line": lambda r, w: f"warning: {r['text']}",
    "warning.cards_shared_name": lambda r, w: (
        f"card database {r['path']}: {r['n']} cards are named {r['name']!r}; the first in "
        "the file is used"),
    "warning.cards_in_memory": lambda r, w: (
        f"card database {r['path']}: the cache directory {r['cache']} can't be written "
        f"({w(r['why'])}); its index is built in memory, reading the whole file on every "
        f"run (set {r['env']} to a writable directory)"),
}
