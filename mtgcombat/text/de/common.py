"""Deutsche Vorlagen für alle Familien: Quellen, Dauer, wörtliche Texte."""

from __future__ import annotations

from .glossary import KEYWORDS


T: dict = {
    "literal": lambda r, w: r["text"],
}


# -- Eigenschaften von Objekten ("schwarze oder grüne Kreaturen") -------------------------

_COLOR_NAMES = {"W": "weiß", "U": "blau", "B": "schwarz", "R": "rot", "G": "grün"}


def nach_regeln(w, rules: str) -> str:
    """"nach den aktuellen Regeln", "nach den Regeln 2024"."""
    return "nach den aktuellen Regeln" if rules == "current" else f"nach den Regeln {rules}"


def zahlungen(n: int) -> str:
    """"eine vollständige Zahlung", "4 verschiedene vollständige Zahlungen"."""
    return "eine vollständige Zahlung" if n == 1 else f"{n} verschiedene vollständige Zahlungen"


def keyword(word: str) -> str:
    """Ein Schlüsselwort auf Deutsch (unbekannte bleiben englisch)."""
    return KEYWORDS.get(word.lower(), word)


#: Card types, land types and other type words in German: (singular, plural, the
#: indefinite article in the accusative).
TYPES = {
    "creature": ("Kreatur", "Kreaturen", "eine"), "land": ("Land", "Länder", "ein"),
    "enchantment": ("Verzauberung", "Verzauberungen", "eine"),
    "artifact": ("Artefakt", "Artefakte", "ein"),
    "planeswalker": ("Planeswalker", "Planeswalker", "einen"),
    "island": ("Insel", "Inseln", "eine"), "forest": ("Wald", "Wälder", "einen"),
    "plains": ("Ebene", "Ebenen", "eine"), "swamp": ("Sumpf", "Sümpfe", "einen"),
    "mountain": ("Gebirge", "Gebirge", "ein"), "equipment": ("Ausrüstung", "Ausrüstungen", "eine"),
    "token": ("Spielstein", "Spielsteine", "einen"), "aura": ("Aura", "Auren", "eine"),
}


def type_word(word: str) -> str:
    """A type word in German (subtypes without a German name stay as printed)."""
    return TYPES[word.lower()][0] if word.lower() in TYPES else word


def dative(words: str) -> str:
    """A player reference of :func:`ref_words` in the dative ("von dir")."""
    fixed = {"du": "dir", "der verteidigende Spieler": "dem verteidigenden Spieler",
             "der aktive Spieler": "dem aktiven Spieler", "der Monarch": "dem Monarchen",
             "ein Gegner": "einem Gegner"}
    if words in fixed:
        return fixed[words]
    if words.startswith("der "):
        return "dem " + words[4:]
    return words


def pred_words(p, w) -> str:
    """Eine Eigenschaft (mtgcombat.rules.abilities) in Worten."""
    from ...rules import abilities as A

    if isinstance(p, A.AnyPred):
        return "beliebig"
    if isinstance(p, A.ObjectPred):
        return "jene Kreatur"
    if isinstance(p, A.SharesColorPred):
        return "die eine Farbe mit jener Kreatur teilt"
    if isinstance(p, A.NotSelfPred):
        return "eine andere"
    if isinstance(p, A.ColorPred):
        if p.color == "chosen":
            return "der gewählten Farbe"
        return _COLOR_NAMES.get(p.color, p.color)
    if isinstance(p, A.ColorlessPred):
        return "farblos"
    if isinstance(p, A.MulticoloredPred):
        return "mehrfarbig"
    if isinstance(p, A.TypePred):
        return type_word(p.word)
    if isinstance(p, A.KeywordPred):
        return f"mit {keyword(p.keyword)}"
    if isinstance(p, A.StatPred):
        stat = {"power": "Stärke", "toughness": "Widerstandskraft"}.get(p.stat, p.stat)
        value = p.value
        if isinstance(value, A.CountOf):
            value = f"die Anzahl von {pred_words(value.pred, w)}"
        elif isinstance(value, A.HandSize):
            value = f"die Anzahl der Handkarten von {ref_words(value.player, w)}"
        elif value == "self":
            value = f"die eigene {stat}"
        elif isinstance(value, A.StatOf):
            other = {"power": "Stärke", "toughness": "Widerstandskraft"}.get(value.stat)
            value = f"die {other} der Kreatur, um die es geht"
        return f"{stat} {p.op} {value}"
    if isinstance(p, A.CounterPred):
        if not p.kind:
            return "mit einer Marke" if p.at_least == 1 else f"mit {p.at_least} oder mehr Marken"
        return (f"mit einer {p.kind}-Marke" if p.at_least == 1
                else f"mit {p.at_least} oder mehr {p.kind}-Marken")
    if isinstance(p, A.NamePred):
        return "mit dem Namen ihrer Quelle" if p.name == "~" else f"namens {p.name}"
    if isinstance(p, A.OwnStatsPred):
        names = {"power": "Stärke", "toughness": "Widerstandskraft"}
        return f"mit {names[p.stat]} {p.op} ihrer {names[p.other]}"
    if isinstance(p, A.ControllerPred):
        return f"kontrolliert von {dative(ref_words(p.player, w))}"
    if isinstance(p, A.ControllerFact):
        f = p.fact
        if f.fact == "spells" and f.op == ">=" and f.n == 1 and f.kind is None:
            return "deren Beherrscher in diesem Zug einen Zauberspruch gewirkt hat"
        return f"deren Beherrscher in diesem Zug {f.fact} {f.op} {f.n} hat"
    if isinstance(p, A.ThisObject):
        return ref_words(p.ref, w)
    if isinstance(p, A.ModifiedPred):
        return "modifiziert"
    if isinstance(p, A.FactPred):
        return {"monstrous": "monströs", "attacked_last_turn":
                "die im letzten Zug ihres Beherrschers angegriffen hat", "entered_this_turn":
                "die in diesem Zug ins Spiel gekommen ist", "kicked": "mit Bonus gewirkt",
                "paired": "mit einer Kreatur gekoppelt"}.get(p.fact, p.fact)
    if isinstance(p, A.TappedPred):
        return "getappt" if p.tapped else "ungetappt"
    if isinstance(p, A.NotPred):
        return f"nicht {pred_words(p.pred, w)}"
    if isinstance(p, A.AndPred):
        return " ".join(pred_words(x, w) for x in p.preds)
    if isinstance(p, A.OrPred):
        return " oder ".join(pred_words(x, w) for x in p.preds)
    return str(p)


def ref_words(ref, w) -> str:
    """Ein Verweis (diese Kreatur, du, Zielspieler ...) in Worten."""
    from ...rules import abilities as A

    kinds = {"creature": "Kreatur", "player": "Spieler", "planeswalker": "Planeswalker",
             "permanent": "bleibende Karte", "opponent": "Gegner"}
    if isinstance(ref, A.SelfRef):
        return "diese Kreatur"
    if isinstance(ref, A.YouRef):
        return "du"
    if isinstance(ref, A.TargetRef):
        return f"Ziel-{kinds.get(ref.kind, ref.kind)} Nr. {ref.index + 1}"
    if isinstance(ref, A.DefendingPlayerRef):
        return "der verteidigende Spieler"
    if isinstance(ref, A.NamedRef):
        return w.name(ref.id)
    if isinstance(ref, A.ActivePlayerRef):
        return "der aktive Spieler"
    if isinstance(ref, A.ControllerOf):
        return "der Beherrscher der Kreatur, an die es angelegt ist"
    if isinstance(ref, A.MonarchRef):
        return "der Monarch"
    if isinstance(ref, A.OpponentRef):
        return "ein Gegner"
    if isinstance(ref, A.AttachedRef):
        return "die Kreatur, an die es angelegt ist"
    return str(ref)


T["pred"] = lambda r, w: pred_words(r["pred"], w)
