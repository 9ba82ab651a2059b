"""English templates shared by every family: sources, durations, literals."""

from __future__ import annotations


T: dict = {
    # A text given as is (hand-built problems in tests and scripts).
    "literal": lambda r, w: r["text"],
}


# -- qualities of objects ("creatures matching black or green") ---------------------------

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def pred_words(p, w) -> str:
    """A predicate (mtgcombat.rules.abilities) in words."""
    from ...rules import abilities as A

    if isinstance(p, A.AnyPred):
        return "anything"
    if isinstance(p, A.ObjectPred):
        return "that creature"
    if isinstance(p, A.SharesColorPred):
        return "sharing a color with that creature"
    if isinstance(p, A.NotSelfPred):
        return "another"
    if isinstance(p, A.ColorPred):
        if p.color == "chosen":
            return "of the chosen color"
        return _COLOR_NAMES.get(p.color, p.color)
    if isinstance(p, A.ColorlessPred):
        return "colorless"
    if isinstance(p, A.MulticoloredPred):
        return "multicolored"
    if isinstance(p, A.TypePred):
        return p.word
    if isinstance(p, A.KeywordPred):
        return f"with {p.keyword}"
    if isinstance(p, A.StatPred):
        value = p.value
        if isinstance(value, A.CountOf):
            value = f"the number of {pred_words(value.pred, w)}"
        elif isinstance(value, A.HandSize):
            value = f"the number of cards in the hand of {ref_words(value.player, w)}"
        elif value == "self":
            value = f"its own {p.stat}"
        elif isinstance(value, A.StatOf):
            value = f"the {value.stat} of the creature it is about"
        return f"{p.stat} {p.op} {value}"
    if isinstance(p, A.CounterPred):
        if not p.kind:
            return "with a counter" if p.at_least == 1 else f"with {p.at_least} or more counters"
        return (f"with a {p.kind} counter" if p.at_least == 1
                else f"with {p.at_least} or more {p.kind} counters")
    if isinstance(p, A.NamePred):
        return "with the name of its source" if p.name == "~" else f"named {p.name}"
    if isinstance(p, A.OwnStatsPred):
        return f"with {p.stat} {p.op} its {p.other}"
    if isinstance(p, A.ControllerPred):
        return f"controlled by {ref_words(p.player, w)}"
    if isinstance(p, A.ControllerFact):
        f = p.fact
        if f.fact == "spells" and f.op == ">=" and f.n == 1 and f.kind is None:
            return "whose controller cast a spell this turn"
        return f"whose controller's {f.fact} this turn is {f.op} {f.n}"
    if isinstance(p, A.ThisObject):
        return ref_words(p.ref, w)
    if isinstance(p, A.ModifiedPred):
        return "modified"
    if isinstance(p, A.FactPred):
        return {"monstrous": "monstrous", "attacked_last_turn":
                "that attacked during its controller's last turn", "entered_this_turn":
                "that entered the battlefield this turn", "kicked": "kicked",
                "paired": "paired with a creature"}.get(p.fact, p.fact)
    if isinstance(p, A.TappedPred):
        return "tapped" if p.tapped else "untapped"
    if isinstance(p, A.NotPred):
        return f"not {pred_words(p.pred, w)}"
    if isinstance(p, A.AndPred):
        return " ".join(pred_words(x, w) for x in p.preds)
    if isinstance(p, A.OrPred):
        return " or ".join(pred_words(x, w) for x in p.preds)
    return str(p)


def ref_words(ref, w) -> str:
    """A symbolic reference (this creature, you, target player ...) in words."""
    from ...rules import abilities as A

    if isinstance(ref, A.SelfRef):
        return "this creature"
    if isinstance(ref, A.YouRef):
        return "you"
    if isinstance(ref, A.TargetRef):
        return f"target {ref.kind} #{ref.index + 1}"
    if isinstance(ref, A.DefendingPlayerRef):
        return "defending player"
    if isinstance(ref, A.NamedRef):
        return w.name(ref.id)
    if isinstance(ref, A.ActivePlayerRef):
        return "the active player"
    if isinstance(ref, A.ControllerOf):
        return "the controller of the creature it is attached to"
    if isinstance(ref, A.MonarchRef):
        return "the monarch"
    if isinstance(ref, A.OpponentRef):
        return "an opponent"
    if isinstance(ref, A.AttachedRef):
        return "the creature it is attached to"
    return str(ref)


T["pred"] = lambda r, w: pred_words(r["pred"], w)
