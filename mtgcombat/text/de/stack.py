"""Deutsche Vorlagen: ausgelöste Fähigkeiten und Kampftricks, wie sie verrechnet werden
(der Stapel eines Kampfes, :mod:`mtgcombat.rules.stack`), und die Entscheidungen dafür."""

from __future__ import annotations

from .. import clause
from ..choices import grouped
from ..stack_words import StackWords
from .glossary import KEYWORDS, STEPS

W = StackWords(
    yes="ja", no="nein", no_target="kein Ziel", no_targets="keine", an_effect="ein Effekt",
    ability="Fähigkeit {line}", nth=lambda n: f"{n}. Mal",
    effect="Effekt {n}", it="sie",
    what={"targets": "die Ziele", "may": "„du kannst“", "exert": "das Erschöpfen",
          "attacking": "das, was der Spielstein angreift", "mode": "den Modus",
          "amounts": "die Aufteilung",
          "chosen": "die bei der Verrechnung gewählte Kreatur"},
    how={"destroy": "wird zerstört", "sacrifice": "wird geopfert",
         "exile": "wird ins Exil geschickt",
         "hand": "wird auf die Hand ihres Besitzers zurückgebracht",
         "library": "wird oben auf die Bibliothek ihres Besitzers gelegt"})


def _chosen(r, w) -> str:
    """Was gewählt wurde, wie ein Spieler es sagt: der Spielstein greift Bob an (508.4;
    ``times``: so viele Spielsteine einer Fähigkeit, die es angreifen), Glorybringer wird
    erschöpft, sie hat Wall als Ziel."""
    what, value, n = r["what"], r["value"], r.get("times") or 1
    if what == "attacking":
        return ("der Spielstein greift " if n == 1 else f"{n} Spielsteine greifen ") \
            + w.name(value) + " an"
    if what == "chosen":  # 608.2d: bei der Verrechnung gewählt
        return f"{w.name(value)} wurde bei der Verrechnung gewählt" + (
            f" ({n}-mal)" if n > 1 else "")
    if what == "may" and r.get("effect") is not None:
        # die Entscheidung eines Zauberspruchs beim Wirken: Bonus bezahlt (601.2b),
        # Mana ausgegeben (601.2h)
        said = "beim Wirken hat sein Beherrscher die Kosten bezahlt oder das Mana " \
            "ausgegeben, das sein Text verlangt" if value else \
            "beim Wirken hat sein Beherrscher die Kosten nicht bezahlt oder das Mana " \
            "nicht ausgegeben, das sein Text verlangt"
    elif what == "may":
        said = "„du kannst“: ihr Beherrscher tut es" + ("" if value else " nicht")
    elif what == "exert":
        said = f"{W.source(r, w)} wird " + ("erschöpft" if value else "nicht erschöpft")
    elif what == "targets":
        values = value if isinstance(value, tuple) else (value,)
        named = [w.name(v) for v in values if v]
        said = (f"sie hat {w.join(named)} als Ziel" if len(named) == 1 else
                f"sie hat {w.join(named)} als Ziele" if named else "sie hat kein Ziel")
    else:
        said = f"{W.what.get(what, what)}: {W.value(w, what, value)}"
    return said + (f" ({n}-mal)" if n > 1 else "")


T: dict = {
    "stack.trigger": clause(lambda r, w: (
        f"{W.source(r, w)}: {w.quote(str(r['text']))} "
        "wird verrechnet")),
    "stack.keyword": clause(lambda r, w: (
        f"{w.name(r['source'])}: {KEYWORDS[r['keyword']]} wird verrechnet")),
    "stack.trick": clause(lambda r, w: (
        f"{W.effect_of(r)} ({w.quote(str(r['text']))}) wird verrechnet")),
    "stack.pt": clause(lambda r, w: (
        f"{w.name(r['who'])} erhält {r['power']:+d}/{r['toughness']:+d} bis zum Ende des "
        "Zuges")),
    "stack.effect": clause(lambda r, w: (
        (f"{w.name(r['who'])}: " if r["who"] else "")
        + f"{w.quote(str(r['text']))} gilt von nun an")),
    "stack.counters": clause(lambda r, w: (
        f"{w.name(r['who'])} " + ("erhält " if r["n"] >= 0 else "verliert ")
        + w.count(abs(r["n"]), f"{r['kind']}-Marke", f"{r['kind']}-Marken"))),
    "stack.damage": clause(lambda r, w: (
        f"{W.dealer(r, w)} fügt {w.name(r['to'])} {r['amount']} Schaden zu")),
    "stack.prevented": clause(lambda r, w: (
        f"{r['amount']} Schaden von {W.dealer(r, w)} an {w.name(r['to'])} wird "
        "verhindert", "ein Verhinderungseffekt" if r.get("shield") else "Schutz")),
    "stack.life": clause(lambda r, w: (
        f"{w.name(r['who'])} " + (f"erhält {r['amount']}" if r["amount"] > 0
                                  else f"verliert {-r['amount']}") + " Lebenspunkte")),
    "stack.poison": clause(lambda r, w: (
        f"{w.name(r['who'])} erhält " + w.count(r["n"], "Giftmarke", "Giftmarken"))),
    "stack.tap": clause(lambda r, w: f"{w.name(r['who'])} wird getappt"),
    "stack.untap": clause(lambda r, w: f"{w.name(r['who'])} wird enttappt"),
    "stack.leave": clause(lambda r, w: (
        f"{w.name(r['who'])} {W.how[r['how']]} und verlässt den Kampf")),
    "stack.indestructible": clause(lambda r, w: (
        f"{w.name(r['who'])} ist unzerstörbar und wird nicht zerstört")),
    "stack.out_of_combat": clause(lambda r, w: (
        f"{w.name(r['who'])} wird aus dem Kampf entfernt")),
    "stack.token": clause(lambda r, w: (
        f"ein {r['power']}/{r['toughness']}-Kreaturenspielstein, {w.name(r['who'])}, wird "
        "erzeugt" + (f" und greift {w.name(r['attacking'])} an" if r["attacking"] else "")
        + (f" und blockt {w.names(r['blocking'])}" if r.get("blocking") else ""))),
    "stack.returned": clause(lambda r, w: (
        f"{w.name(r['who'])} kehrt"
        + (" getappt" if r["tapped"] else "")
        + (f" mit einer {r['counter']}-Marke" if r["counter"] else "")
        + " auf das Schlachtfeld zurück, als neue "
        f"{r['power']}/{r['toughness']}-Kreatur, die nicht im Kampf ist")),
    "stack.token_gone": clause(lambda r, w: (
        f"{w.name(r['who'])} war ein Spielstein: er kann nicht auf das Schlachtfeld "
        "zurückkehren")),
    "stack.draw": clause(lambda r, w: (
        f"{w.name(r['who'])} zieht " + w.count(r["n"], "Karte", "Karten"))),
    "stack.discard": clause(lambda r, w: (
        f"{w.name(r['who'])} wirft " + w.count(r["n"], "Karte", "Karten") + " ab")),
    "stack.no_untap": clause(lambda r, w: (
        f"{w.name(r['who'])} wird im nächsten Enttappsegment ihres Beherrschers nicht enttappt "
        "(das liegt nach diesem Zug: das Spielfeld nach dem Kampf zeigt es nicht)")),
    "stack.delayed": clause(lambda r, w: (
        "der Rest geschieht am Ende des Kampfes: eine verzögert ausgelöste Fähigkeit")),
    "stack.nothing": clause(lambda r, w: (
        "nichts, was sie nennt, ist noch da: sie bewirkt nichts")),
    "stack.no_target": clause(lambda r, w: "vom Stapel entfernt: sie hat kein legales Ziel"),
    "stack.condition_false": clause(lambda r, w: (
        "sie bewirkt nichts: ihre „falls“-Bedingung ist beim Verrechnen nicht erfüllt")),
    "stack.declined": clause(lambda r, w: (
        "ihr Beherrscher hat sich dagegen entschieden („du kannst“)")),
    "stack.not_cast": clause(lambda r, w: (
        f"{W.effect_of(r)} wird nicht gewirkt: sein Ziel {w.name(r['target'])} "
        + ("hat das Spielfeld verlassen" if r["gone"] else "ist kein legales Ziel"))),
    "choice.made": lambda r, w: (
        f"{W.ability_of(r, w)}: {_chosen(r, w)}"
        + (" (die einzige legale Wahl)" if r["automatic"] else " (wie angegeben)")),
    "human.combat_stack_step": lambda r, w: f"{STEPS.get(r['step'], r['step'])}:",
    "human.combat_stack_item": lambda r, w: "  " + r["text"],
    "human.combat_stack_outcome": lambda r, w: "    " + r["text"],
    "human.combat_choices": lambda r, w: "Entscheidungen: " + "; ".join(
        w(c) for c in grouped(r["choices"])),
    "error.choice_missing": lambda r, w: (
        f"{W.ability_of(r, w)} ({w.quote(str(r['text']))}) braucht eine Entscheidung von "
        f"{w.name(r['player'])} über {W.what.get(r['what'], r['what'])}: "
        f"{W.options(r, w, r['what'])} -- gib sie in den \"choices\" des Spielfelds an "
        + (f"({{\"effect\": {r['effect'] + 1}, \"{r['what']}\": ...}}) oder mit --choose "
           f"'effect {r['effect'] + 1}: {r['what']} "
           + ("yes|no'" if r["what"] == "may" else f"{r['options'][0]}'") if r.get("effect") is not None
           else f"({{\"source\": \"{r['source']}\", \"ability\": {r['ability']}, "
           f"\"{r['what']}\": ...}}) oder mit --choose")),
    "error.choice_illegal": lambda r, w: (
        f"{W.ability_of(r, w)} ({w.quote(str(r['text']))}): {r['value']!r} ist keine legale "
        f"Wahl; die legalen: {w.join([repr(o) for o in r['options']], 'or') or 'keine'}"),
    "error.choice_count": lambda r, w: (
        f"{W.ability_of(r, w)} ({w.quote(str(r['text']))}) hat "
        f"{w.count(r['needs'], 'Ziel', 'Ziele')}, {r['given']} angegeben"),
}
