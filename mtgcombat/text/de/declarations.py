"""Deutsche Vorlagen: Angreifer deklarieren (508.1), Blocker deklarieren (509.1) und die
Urteile über Deklarationen."""

from __future__ import annotations

from .. import clause, sentence
from .glossary import KEYWORDS

#: 702.16a: "Schutz vor Weiß" -- the colour as a noun.
_COLOR_NOUNS = {"W": "Weiß", "U": "Blau", "B": "Schwarz", "R": "Rot", "G": "Grün"}


def _verb(kind):
    return "angreifen" if kind == "attacks" else "blocken"




def _words(r, w):
    decl, kind = r["decl"], r["kind"]
    if not decl:
        return "keine Kreatur greift an" if kind == "attacks" else "keine Kreatur blockt"
    parts = []
    for c, v in decl:
        if isinstance(v, str):
            parts.append(f"{w.name(c)} greift {w.name(v)} an")
        else:
            parts.append(f"{w.name(c)} blockt {w.names(v)}")
    return "; ".join(parts)


def _kann(n: int) -> str:
    return "kann" if n == 1 else "können"


def _too_few(r, w):
    msg = (f"diese Deklaration erfüllt {r['obeyed']} der Forderungen; {r['most']} "
           f"{_kann(r['most'])} erfüllt werden" + (" mit den Kosten, die sie bezahlt" if r["with_costs"] else ""))
    wit = r["witness"]
    msg += (f" \u2014 zum Beispiel: {w.declaration(wit, r['kind'])}." if wit is not None
            else ".")
    if r["unmet"]:
        msg += " Nicht erfüllt: " + w.some(r["unmet"])
    return msg


def _texts(w, reqs):
    return w.some(w.clause(req) + (f" \u2014 {w(why)}" if why else "")
                  for req, why in (x if isinstance(x, tuple) else (x, None) for x in reqs))


def _too_few_explained(r, w):
    msg = (f"diese Deklaration erfüllt {r['obeyed']} der Forderungen; {r['most']} "
           f"{_kann(r['most'])} erfüllt werden" + (" mit den Kosten, die sie bezahlt" if r["with_costs"] else ""))
    wit = r["witness"]
    msg += (f" \u2014 zum Beispiel: {w.declaration(wit, r['kind'])}." if wit is not None
            else ".")
    if r["could"]:
        msg += " Nicht erfüllt: " + _texts(w, r["could"]) + "."
    if r["never"]:
        msg += (" Auf diesem Spielfeld nicht erfüllbar (von keiner Deklaration, die die "
                "Einschränkungen einhält): " + _texts(w, r["never"]) + ".")
    return msg


def _banned_by(r, w):
    return w.some(r["restrictions"], most=2, sep=" und ")


def _targets(r, w):
    p, kind = r["player"], r["kind"]
    if p is None:
        return {"player": "Spieler", "planeswalker": "Planeswalker",
                "battle": "Schlachten"}.get(kind or "", "irgendetwas")
    p = w.name(p)
    if kind == "planeswalker":
        return f"Planeswalker, die {p} kontrolliert"
    if kind == "battle":
        return f"Schlachten, die {p} beschützt"
    if r["permanents"]:
        return f"{p} oder Planeswalker, die {p} kontrolliert"
    return p


def _anything(what):
    return what["player"] is None and what["kind"] is None


def _cant(r, w):
    why = f": {w(r['because'])}" if r.get("because") is not None else ""
    if _anything(r["what"]):
        return f"{w.of(r)} kann nicht angreifen{why}", w.source(r['src'])
    return f"{w.of(r)} kann {w(r['what'])} nicht angreifen{why}", w.source(r['src'])


_OP = {">": "größer als", "<": "kleiner als", ">=": "mindestens", "<=": "höchstens",
       "==": "gleich"}
_STAT = {"power": "ihre Stärke", "toughness": "ihre Widerstandskraft"}


def _stat(r, w):
    """"ihre Stärke 3 ist größer als die 2 Karten auf der Hand von Alice"."""
    from .common import pred_words

    n = r["value"]
    if r.get("hand") is not None:
        value = (f"{'die eine Karte' if n == 1 else f'die {n} Karten'} auf der Hand von "
                 f"{w.name(r['hand'])}")
    elif r.get("count") is not None:
        value = f"die Anzahl von {pred_words(r['count'], w)}, {n}"
    else:
        value = str(n)
    return f"{_STAT[r['stat']]} {r['mine']} ist {_OP[r['op']]} {value}"


def _unless_others(r, w):
    k = r["count"]
    others = ("auch eine andere Kreatur angreift" if k == 1
              else f"auch mindestens {k} andere Kreaturen angreifen") + (
        "" if r["any_kind"] else " (von der Art, die ihr Text nennt)")
    word = "außer wenn" if r["unless"] else "wenn"
    return f"{w.of(r)} kann nicht angreifen, {word} {others}", w.source(r['src'])


def _requirement(r, w):
    kind, t = r["kind"], r["target"]
    kinds = {"planeswalker": "einen Planeswalker", "battle": "eine Schlacht",
             "player": "einen Spieler"}
    if r["defending"]:
        what = " einen Spieler"
    elif t is None:
        what = "" if kind is None else " " + kinds.get(kind, kind)
    elif r["of_player"]:
        verb = "den" if kind == "planeswalker" else "die"
        what = (f" {kinds.get(kind, kind)}, {verb} {w.name(t)} "
                f"{'kontrolliert' if kind == 'planeswalker' else 'beschützt'},")
    else:
        what = f" {w.name(t)}"
    return f"{w.of(r)} greift{what} {w.duration(r['duration'])} an, falls möglich."


def _some(pred, n: int, w) -> str:
    """"ein Land", "zwei Inseln", "eine Verzauberung, die du kontrollierst"."""
    from ...rules import abilities as A
    from .common import TYPES, pred_words

    parts = list(pred.preds) if isinstance(pred, A.AndPred) else [pred]
    kind = next((p for p in parts if isinstance(p, A.TypePred)
                 and p.word.lower() in TYPES), None)
    rest = [p for p in parts if p is not kind]
    mine = [p for p in rest if isinstance(p, A.ControllerPred) and isinstance(p.player, A.YouRef)]
    if kind is None or len(rest) != len(mine):
        return f"{n} × {pred_words(pred, w)}"
    one, many, article = TYPES[kind.word.lower()]
    numbers = {2: "zwei", 3: "drei", 4: "vier", 5: "fünf"}
    head = f"{article} {one}" if n == 1 else f"{numbers.get(n, n)} {many}"
    if mine:
        head += ", die du kontrollierst" if n > 1 or article == "eine" else (
            ", das du kontrollierst" if article == "ein" else ", den du kontrollierst")
    return head


def _amount(r, w) -> str:
    """Kosten in Worten: Manasymbole, Lebenspunkte (119.4), bleibende Karten, die
    geopfert (701.21a) oder zurückgebracht werden."""
    from .common import pred_words

    life = r.get("life") or 0
    words = [r["cost"]] if r["cost"] else []
    if life:
        words.append(f"{life} Lebenspunkt" + ("e" if life != 1 else ""))
    remove = r.get("remove")
    if remove is not None:
        what = _some(remove.pred, remove.count, w)
        words.append(f"{what} opfern" if remove.action == "sacrifice"
                     else f"{what} auf die Hand ihres Besitzers zurückbringen")
    return " und ".join(words) or "nichts"


def _cost(r, w):
    what = "angreift" if r["what"] is None else f"{w(r['what'])} angreift"
    return f"{_amount(r, w)} dafür, dass {w.of(r)} {what}", w.source(r['src'])


T: dict = {
    "decl.words": _words,
    "decl.not_option": lambda r, w: f"{w.of(r)} kann nicht {_verb(r['kind'])}.",
    "decl.not_choice": lambda r, w: (
        f"{w.of(r)} kann {w.name(r['choice'])} nicht {_verb(r['kind'])}."),
    "decl.too_few": _too_few,
    "decl.too_few_explained": _too_few_explained,
    "decl.banned_by": _banned_by,
    "attack.tapped": sentence(lambda r, w: f"{w.of(r)} ist getappt und kann nicht angreifen"),
    "attack.battle": sentence(lambda r, w: (
        f"{w.of(r)} ist eine Schlacht und kann nicht angreifen")),
    "attack.sick": sentence(lambda r, w: (
        f"{w.of(r)} ist nicht seit Beginn des Zuges ununterbrochen unter der Kontrolle ihres "
        f"Beherrschers und hat keine {KEYWORDS['haste']}, also kann sie nicht angreifen")),
    "attack.defender": sentence(lambda r, w: (
        f"{w.of(r)} hat {KEYWORDS['defender']} und kann nicht angreifen")),
    "attack.targets": _targets,
    "attack.cant": sentence(_cant),
    "why.stat": _stat,
    "why.all": lambda r, w: w.join([w(x) for x in r["facts"]]),
    "attack.only_alone": sentence(lambda r, w: (
        f"{w.of(r)} kann nur allein angreifen, aber es greifen auch andere Kreaturen an",
        w.source(r['src']))),
    "attack.not_alone": sentence(lambda r, w: (
        f"{w.of(r)} kann nicht allein angreifen", w.source(r['src']))),
    "attack.unless_others": sentence(_unless_others),
    "attack.cant_there": sentence(lambda r, w: (
        f"{w.of(r)} kann dort nicht angreifen: {r['said']}", w.source(r['src'], False))),
    "attack.cant_condition": sentence(lambda r, w: (
        f"{w.of(r)} kann nicht angreifen: {r['said']}", w.source(r['src'], False))),
    "attack.cap": sentence(lambda r, w: (
        f"In jedem Kampf {_kann(r['n'])} höchstens {_creatures(r['n'])} angreifen",
        w.source(r['src']))),
    "attack.cap_player": sentence(lambda r, w: (
        f"In jedem Kampf {_kann(r['n'])} höchstens {_creatures(r['n'])} {w(r['what'])} "
        "angreifen", w.source(r['src']))),
    "attack.parity": sentence(lambda r, w: (
        f"{w.name(r['player'])} kann nicht mit einer {'ungeraden' if r['odd'] else 'geraden'} "
        "Anzahl von Kreaturen angreifen", w.source(r['src']))),
    "attack.requirement": _requirement,
    "attack.goaded": lambda r, w: (
        f"{w.of(r)} ist von {w.name(r['goader'])} aufgestachelt und greift in jedem Kampf "
        "an, falls möglich."),
    "attack.goaded_other": lambda r, w: (
        f"{w.of(r)} ist von {w.name(r['goader'])} aufgestachelt und greift einen anderen "
        f"Spieler als {w.name(r['goader'])} an, falls möglich."),
    "attack.cost": clause(_cost),
    "attack.player_requirement": sentence(lambda r, w: (
        f"{w.name(r['player'])} greift {w.name(r['target'])}"
        + (f" oder einen Planeswalker, den {w.name(r['target'])} kontrolliert," if r["permanents"]
           else "")
        + (" mit mindestens einer Kreatur" if r["count"] == 1 else
           f" mit mindestens {r['count']} Kreaturen")
        + " in jedem Kampf an, falls möglich", w.source(r['src']))),
    "attack.if_attacks": sentence(lambda r, w: (
        f"Wenn {w.names(r['trigger'], 'or')} angreift, greift {w.of(r)} an, falls möglich",
        w.source(r['src']))),
    "attack.all_if_any": sentence(lambda r, w: (
        f"Wenn eine Kreatur von {w.name(r['player'])} angreift, greift {w.of(r)} an, falls "
        "möglich", w.source(r['src']))),
    "block.capacity": lambda r, w: (
        f"{w.of(r)} kann nur {_creatures(r['cap'])} blocken, blockt aber {r['blocks']}."),
}


def _defenders(w, ds):
    ds = [w.name(d) for d in ds]
    return ("der verteidigende Spieler ist " + ds[0] if len(ds) == 1
            else "die verteidigenden Spieler sind " + ", ".join(ds))


def _target_attacking(r, w):
    who = "im angreifenden Team" if r["team"] else "der angreifende Spieler"
    return (f"{w.name(r['target'])} ist {who}; eine Kreatur greift einen verteidigenden "
            "Spieler an, einen Planeswalker, den er kontrolliert, oder eine Schlacht, die er "
            "beschützt")


T.update({
    "decl.not_option_why": lambda r, w: (
        f"{w.of(r)} kann nicht {_verb(r['kind'])}: {w(r['why'])}."),
    "decl.not_choice_why": lambda r, w: (
        f"{w.of(r)} kann {w.name(r['choice'])} nicht {_verb(r['kind'])}: {w(r['why'])}."),
    "option.player": clause(lambda r, w: (
        f"{w.name(r['who'])} ist ein Spieler; nur eine Kreatur kann {_verb(r['kind'])}")),
    "option.not_creature": clause(lambda r, w: (
        f"{w.of(r)} ist keine Kreatur; nur eine Kreatur kann {_verb(r['kind'])}")),
    "option.not_attacking_team": clause(lambda r, w: (
        f"{w.of(r)} wird von {w.name(r['controller'])} kontrolliert, der nicht zum "
        "angreifenden Team gehört", ", ".join(w.name(p) for p in r["team"]))),
    "option.not_attacking_player": clause(lambda r, w: (
        f"{w.of(r)} wird von {w.name(r['controller'])} kontrolliert, der nicht der "
        "angreifende Spieler ist", f"das ist {w.name(r['active'])}")),
    "option.is_attacking": clause(lambda r, w: f"{w.of(r)} greift an"),
    "option.not_defending": clause(lambda r, w: (
        f"{w.of(r)} wird von {w.name(r['controller'])} kontrolliert, der kein "
        "verteidigender Spieler ist", _defenders(w, r["defenders"]))),
    "option.not_attacking": clause(lambda r, w: f"{w.name(r['choice'])} greift nicht an"),
    "option.battle_protector_blocks": clause(lambda r, w: (
        f"{w.name(r['choice'])} greift {w.name(r['target'])} an, die "
        f"{w.name(r['protector'])} beschützt, und nur die Kreaturen des Beschützers können "
        "Kreaturen blocken, die eine Schlacht angreifen")),
    "option.other_player": clause(lambda r, w: (
        f"{w.name(r['choice'])} greift {w.name(r['target'])} an, und die Kreaturen von "
        f"{w.name(r['player'])} können nur Kreaturen blocken, die {w.name(r['player'])} "
        f"angreifen, einen Planeswalker, den {w.name(r['player'])} kontrolliert, oder eine "
        f"Schlacht, die {w.name(r['player'])} beschützt")),
    "option.target_attacking": clause(_target_attacking),
    "option.target_not_defending": clause(lambda r, w: (
        f"{w.name(r['target'])} ist in diesem Kampf kein verteidigender Spieler",
        _defenders(w, r["defenders"]))),
    "option.own_battle": clause(lambda r, w: (
        f"{w.name(r['player'])} beschützt {w.name(r['target'])}, und der Beschützer einer "
        "Schlacht kann sie nie angreifen")),
    "option.battle_not_defended": clause(lambda r, w: (
        f"{w.name(r['target'])} wird von {w.name(r['protector'])} beschützt, der kein "
        "verteidigender Spieler ist", _defenders(w, r["defenders"]))),
    "option.walker_not_defended": clause(lambda r, w: (
        f"{w.name(r['target'])} wird von {w.name(r['controller'])} kontrolliert, der kein "
        "verteidigender Spieler ist", _defenders(w, r["defenders"]))),
    "option.not_attackable": clause(lambda r, w: (
        f"{w.name(r['target'])} ist weder ein Spieler noch ein Planeswalker noch eine "
        "Schlacht; nur diese können angegriffen werden")),
})


def _says(w, r):
    src = r["src"]
    return f"{w.source(src, False)} sagt {w.quote(src.sentence)}"


def _creatures(n):
    return "eine Kreatur" if n == 1 else f"{n} Kreaturen"




def _block_cap(r, w):
    group = [w.name(p) for p in r["group"]]
    who = (f"{group[0]} deklariert Blocker" if len(group) == 1 else
           f"{' und '.join(group)} deklarieren gemeinsam Blocker")
    return f"Höchstens {_creatures(r['n'])} {_kann(r['n'])} blocken ({who}): {_says(w, r)}"


def _unless_others_block(r, w):
    word = "außer wenn" if r["unless"] else "wenn"
    k = r["count"]
    others = "eine andere Kreatur" if k == 1 else f"{k} andere Kreaturen"
    return (f"{w.of(r)} kann nicht blocken, {word} auch {others} von der Art, die ihr Text "
            f"nennt, {'blockt' if k == 1 else 'blocken'}: {_says(w, r)}")


def _must_be_blocked(r, w):
    how = ""
    if r["exactly"] is not None:
        how = f"von genau {_creatures(r['exactly'])}"
    elif r["least"] != 1:
        how = f"von {r['least']} oder mehr Kreaturen"
    if r["by"] is not None:
        how = (how + " " if how else "von ") + f"Kreaturen, die {w.pred(r['by'])} sind"
    when = w.duration(r["duration"], default="")
    return (f"{w.of(r)} muss{(' ' + when) if when else ''}"
            f"{(' ' + how) if how else ''} geblockt werden, falls möglich.")


def _requirement_attacker(r, w):
    when = w.duration(r["duration"], default="")
    return f"{w.of(r)} blockt{' ' + when if when else ''} {w.of(r, 'attacker')}, falls möglich."


T.update({
    "block.tapped": sentence(lambda r, w: f"{w.of(r)} ist getappt und kann nicht blocken"),
    "block.battle": sentence(lambda r, w: f"{w.of(r)} ist eine Schlacht und kann nicht blocken"),
    "block.decayed": sentence(lambda r, w: (
        f"{w.of(r)} hat {KEYWORDS['decayed']} und kann nicht blocken")),
    "block.left": sentence(lambda r, w: (
        f"{w.of(r)} hat das Spielfeld verlassen, bevor Blocker deklariert wurden, und kann "
        "nicht blocken")),
    "block.left_attacker": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat das Spielfeld verlassen, bevor Blocker deklariert wurden; "
        f"{w.of(r)} kann sie nicht blocken")),
    "attack.left": sentence(lambda r, w: (
        f"{w.of(r)} hat das Spielfeld verlassen, bevor Angreifer deklariert wurden, und kann "
        "nicht angreifen")),
    "evade.flying": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['flying']} und kann nicht von {w.of(r, 'blocker')} geblockt werden, "
        f"die weder {KEYWORDS['flying']} noch {KEYWORDS['reach']} hat")),
    "evade.shadow": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['shadow']} und kann nicht von {w.of(r, 'blocker')} geblockt werden, "
        f"die keine {KEYWORDS['shadow']} hat")),
    "evade.shadow_blocker": sentence(lambda r, w: (
        f"{w.of(r, 'blocker')} hat {KEYWORDS['shadow']} und kann {w.of(r, 'attacker')} nicht blocken, die keine "
        f"{KEYWORDS['shadow']} hat")),
    "evade.horsemanship": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['horsemanship']} und kann nicht von {w.of(r, 'blocker')} geblockt "
        "werden, die keine hat")),
    "evade.fear": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['fear']} und kann nicht von {w.of(r, 'blocker')} geblockt werden, "
        "die weder eine Artefaktkreatur noch schwarz ist")),
    "evade.intimidate": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['intimidate']} und kann nicht von {w.of(r, 'blocker')} geblockt "
        "werden, die weder eine Artefaktkreatur ist noch eine Farbe mit ihr teilt")),
    "evade.skulk": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['skulk']} und kann nicht von {w.of(r, 'blocker')} geblockt werden, "
        f"die eine größere Stärke hat ({r['blocker_power']} > {r['attacker_power']})")),
    "evade.protection_everything": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat Schutz vor allem und kann nicht von {w.of(r, 'blocker')} geblockt werden")),
    "evade.protection_player": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {r['label']} (Schutz) und kann nicht von {w.of(r, 'blocker')} geblockt werden, "
        f"die {w.name(r['player'])} kontrolliert")),
    "evade.protection": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat "
        + (f"Schutz vor {_COLOR_NOUNS[r['color']]}" if r.get("color") else f"{r['label']} (Schutz)")
        + f" und kann nicht von {w.of(r, 'blocker')} geblockt werden")),
    "evade.landwalk": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {r['label']} (Landwandel) und kann nicht geblockt werden, solange "
        f"{w.name(r['player'])} {w.name(r['land'])} kontrolliert")),
    "evade.menace": sentence(lambda r, w: (
        f"{w.of(r, 'attacker')} hat {KEYWORDS['menace']} und kann nur von zwei oder mehr Kreaturen "
        "geblockt werden")),
    "block.cant": sentence(lambda r, w: f"{w.of(r)} kann nicht blocken: {_says(w, r)}"),
    "block.cant_attacker": sentence(lambda r, w: (
        f"{w.of(r)} kann {w.of(r, 'attacker')} nicht blocken: {_says(w, r)}")),
    "block.cant_alone": sentence(lambda r, w: (
        f"{w.of(r)} kann nicht allein blocken: eine weitere Kreatur muss als Blocker "
        "deklariert werden", _says(w, r))),
    "block.unblockable": sentence(lambda r, w: (
        f"{w.of(r)} kann nicht geblockt werden: {_says(w, r)}")),
    "block.except_n": sentence(lambda r, w: (
        f"{w.of(r)} kann nur von {r['n']} oder mehr Kreaturen geblockt werden: "
        f"{_says(w, r)}")),
    "block.more_than": sentence(lambda r, w: (
        f"{w.of(r)} kann nicht von mehr als {_creatures(r['n'])} geblockt werden: "
        f"{_says(w, r)}")),
    "block.unless_all": sentence(lambda r, w: (
        f"{w.of(r)} kann nur geblockt werden, wenn alle Kreaturen, die "
        f"{w.name(r['player'])} kontrolliert, sie blocken: {_says(w, r)}")),
    "block.cap": sentence(_block_cap),
    "block.unless_others": sentence(_unless_others_block),
    "block.compared": sentence(lambda r, w: (
        f"{w.of(r)} kann {w.of(r, 'attacker')} nicht blocken: {_says(w, r)} -- verglichen mit "
        f"{w.name(r['player'])}, der {w.of(r, 'attacker')} kontrolliert, "
        f"{'trifft es nicht zu' if r['unless'] else 'trifft es zu'}")),
    "block.condition": sentence(lambda r, w: (
        f"{w.of(r)} kann nicht blocken: {_says(w, r)} -- und auf diesem Spielfeld "
        f"{'trifft es nicht zu' if r['unless'] else 'trifft es zu'}")),
    "block.requirement": lambda r, w: (
        f"{w.of(r)} blockt {w.duration(r['duration'])}, falls möglich."),
    "block.requirement_attacker": _requirement_attacker,
    "block.each_attacker": sentence(lambda r, w: (
        f"{w.of(r)} blockt jede angreifende Kreatur, falls möglich, also blockt sie "
        f"{w.of(r, 'attacker')}, falls möglich", _says(w, r))),
    "block.lure": sentence(lambda r, w: (
        f"{w.of(r)} muss {w.of(r, 'attacker')} blocken, falls möglich", _says(w, r))),
    "block.must_be_blocked": _must_be_blocked,
    "block.cost": lambda r, w: f"{_amount(r, w)} dafür, dass {w.of(r)} blockt",
})
