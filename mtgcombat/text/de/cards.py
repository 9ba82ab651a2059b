"""German templates: cards (what a person should know about a card database:
``warning.*`` of mtgcombat.cards)."""

from __future__ import annotations

T: dict = {
    "warning.line": lambda r, w: f"Warnung: {r['text']}",
    "warning.cards_shared_name": lambda r, w: (
        f"Kartendatenbank {r['path']}: {r['n']} Karten heißen {w.quote(r['name'])}; "
        "die erste in der Datei wird verwendet"),
    "warning.cards_in_memory": lambda r, w: (
        f"Kartendatenbank {r['path']}: Das Cache-Verzeichnis {r['cache']} ist nicht "
        f"beschreibbar ({w(r['why'])}); der Index wird im Speicher aufgebaut und liest bei "
        f"jedem Lauf die ganze Datei (setze {r['env']} auf ein beschreibbares Verzeichnis)"),
}
