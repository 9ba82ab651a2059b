"""Deutsche Vorlagen: Angreifer deklarieren (508.1), Blocker deklarieren (509.1) und die
Urteile über Deklarationen."""

from __future__ import annotations

from .common import KEYWORD_NAMES as _KW


def _verb(kind):
    return "angreifen" if kind == "attacks" else "blocken"


def _n(w, r, key="creature"):
    return w.name(r[key])


def _src(w, r, quote=True):
    return w.source(r["src"], quote)


def _words(r, w):
    decl, kind = r["decl"], r["kind"]
    if not decl:
        return "keine Kreatur greift an" if kind == "attacks" else "keine Kreatur blockt"
    parts = []
    for c, v in decl:
        if isinstance(v, str):
            parts.append(f"{w.name(c)} greift {w.name(v)} an")
        else:
            parts.append(f"{w.name(c)} blockt {' und '.join(w.name(x) for x in v)}")
    return "; ".join(parts)


def _kann(n: int) -> str:
    return "kann" if n == 1 else "können"


def _too_few(r, w):
    msg = (f"diese Deklaration erfüllt {r['obeyed']} der Forderungen; {r['most']} "
           f"{_kann(r['most'])} erfüllt werden" + (" mit den Kosten, die sie bezahlt" if r["with_costs"] else ""))
    wit = r["witness"]
    msg += (f" \u2014 zum Beispiel: {w.declaration(wit, r['kind'])}." if wit is not None
            else ".")
    unmet = r["unmet"]
    if unmet:
        msg += " Nicht erfüllt: " + "; ".join(w(x) for x in unmet[:5]) + (
            " ..." if len(unmet) > 5 else "")
    return msg


def _texts(w, reqs, most=5):
    parts = []
    for item in reqs[:most]:
        req, why = item if isinstance(item, tuple) else (item, None)
        t = w(req).rstrip(".")
        if why:
            t += f" \u2014 {w(why)}"
        parts.append(t)
    return "; ".join(parts) + (" ..." if len(reqs) > most else "")


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
    msgs = [w(x).rstrip(".") for x in r["restrictions"]]
    return " und ".join(msgs[:2]) + (" ..." if len(msgs) > 2 else "")


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
    if _anything(r["what"]):
        return f"{_n(w, r)} kann nicht angreifen ({_src(w, r)}; 508.1c)."
    return f"{_n(w, r)} kann {w(r['what'])} nicht angreifen ({_src(w, r)}; 508.1c)."


def _unless_others(r, w):
    k = r["count"]
    others = ("auch eine andere Kreatur angreift" if k == 1
              else f"auch mindestens {k} andere Kreaturen angreifen") + (
        "" if r["any_kind"] else " (von der Art, die ihr Text nennt)")
    word = "außer wenn" if r["unless"] else "wenn"
    return f"{_n(w, r)} kann nicht angreifen, {word} {others} ({_src(w, r)}; 508.1c)."


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
    return f"{_n(w, r)} greift{what} {w.duration(r['duration'])} an, falls möglich."


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
    return f"{_amount(r, w)} dafür, dass {_n(w, r)} {what} ({_src(w, r)})"


T: dict = {
    "decl.words": _words,
    "decl.not_option": lambda r, w: f"{_n(w, r)} kann nicht {_verb(r['kind'])}.",
    "decl.not_choice": lambda r, w: (
        f"{_n(w, r)} kann {w.name(r['choice'])} nicht {_verb(r['kind'])}."),
    "decl.too_few": _too_few,
    "decl.too_few_explained": _too_few_explained,
    "decl.banned_by": _banned_by,
    "attack.tapped": lambda r, w: f"{_n(w, r)} ist getappt und kann nicht angreifen (508.1a).",
    "attack.battle": lambda r, w: (
        f"{_n(w, r)} ist eine Schlacht und kann nicht angreifen (508.1a)."),
    "attack.sick": lambda r, w: (
        f"{_n(w, r)} ist nicht seit Beginn des Zuges ununterbrochen unter der Kontrolle ihres "
        "Beherrschers und hat keine Eile, also kann sie nicht angreifen (302.6, 508.1a)."),
    "attack.defender": lambda r, w: (
        f"{_n(w, r)} hat Verteidiger und kann nicht angreifen (702.3b)."),
    "attack.targets": _targets,
    "attack.cant": _cant,
    "attack.only_alone": lambda r, w: (
        f"{_n(w, r)} kann nur allein angreifen, aber es greifen auch andere Kreaturen an "
        f"({_src(w, r)}; 506.5, 508.1c)."),
    "attack.not_alone": lambda r, w: (
        f"{_n(w, r)} kann nicht allein angreifen ({_src(w, r)}; 506.5, 508.1c)."),
    "attack.unless_others": _unless_others,
    "attack.cant_there": lambda r, w: (
        f"{_n(w, r)} kann dort nicht angreifen: {r['said']} ({_src(w, r, False)}; 508.1c)."),
    "attack.cant_condition": lambda r, w: (
        f"{_n(w, r)} kann nicht angreifen: {r['said']} ({_src(w, r, False)}; 508.1c)."),
    "attack.cap": lambda r, w: (
        f"In jedem Kampf {_kann(r['n'])} höchstens {_creatures(r['n'])} angreifen "
        f"({_src(w, r)}; 508.1c)."),
    "attack.cap_player": lambda r, w: (
        f"In jedem Kampf {_kann(r['n'])} höchstens {_creatures(r['n'])} {w(r['what'])} angreifen "
        f"({_src(w, r)}; 508.1c, 802.3a)."),
    "attack.parity": lambda r, w: (
        f"{w.name(r['player'])} kann nicht mit einer {'ungeraden' if r['odd'] else 'geraden'} "
        f"Anzahl von Kreaturen angreifen ({_src(w, r)}; 508.1c)."),
    "attack.requirement": _requirement,
    "attack.goaded": lambda r, w: (
        f"{_n(w, r)} ist von {w.name(r['goader'])} aufgestachelt und greift in jedem Kampf "
        "an, falls möglich."),
    "attack.goaded_other": lambda r, w: (
        f"{_n(w, r)} ist von {w.name(r['goader'])} aufgestachelt und greift einen anderen "
        f"Spieler als {w.name(r['goader'])} an, falls möglich."),
    "attack.cost": _cost,
    "attack.player_requirement": lambda r, w: (
        f"{w.name(r['player'])} greift {w.name(r['target'])}"
        + (f" oder einen Planeswalker, den {w.name(r['target'])} kontrolliert," if r["permanents"]
           else "")
        + (" mit mindestens einer Kreatur" if r["count"] == 1 else
           f" mit mindestens {r['count']} Kreaturen")
        + f" in jedem Kampf an, falls möglich ({_src(w, r)})."),
    "attack.if_attacks": lambda r, w: (
        f"Wenn {w.names(r['trigger'], 'or')} angreift, greift {_n(w, r)} an, falls "
        f"möglich ({_src(w, r)})."),
    "attack.all_if_any": lambda r, w: (
        f"Wenn eine Kreatur von {w.name(r['player'])} angreift, greift {_n(w, r)} an, falls "
        f"möglich ({_src(w, r)})."),
    "block.capacity": lambda r, w: (
        f"{_n(w, r)} kann nur {_creatures(r['cap'])} blocken, blockt aber {r['blocks']}."),
}


def _defenders(w, ds):
    ds = [w.name(d) for d in ds]
    return ("der verteidigende Spieler ist " + ds[0] if len(ds) == 1
            else "die verteidigenden Spieler sind " + ", ".join(ds))


def _target_attacking(r, w):
    who = "im angreifenden Team (805.10a)" if r["team"] else "der angreifende Spieler"
    return (f"{w.name(r['target'])} ist {who}; eine Kreatur greift einen verteidigenden "
            "Spieler an, einen Planeswalker, den er kontrolliert, oder eine Schlacht, die er "
            "beschützt (506.2, 508.1b)")


T.update({
    "decl.not_option_why": lambda r, w: (
        f"{_n(w, r)} kann nicht {_verb(r['kind'])}: {w(r['why'])}."),
    "decl.not_choice_why": lambda r, w: (
        f"{_n(w, r)} kann {w.name(r['choice'])} nicht {_verb(r['kind'])}: {w(r['why'])}."),
    "option.player": lambda r, w: (
        f"{w.name(r['who'])} ist ein Spieler; nur eine Kreatur kann {_verb(r['kind'])} (506.3)"),
    "option.not_creature": lambda r, w: (
        f"{_n(w, r)} ist keine Kreatur; nur eine Kreatur kann {_verb(r['kind'])} (506.3)"),
    "option.not_attacking_team": lambda r, w: (
        f"{_n(w, r)} wird von {w.name(r['controller'])} kontrolliert, der nicht zum "
        f"angreifenden Team gehört ({', '.join(w.name(p) for p in r['team'])}; 805.10a, "
        "508.1a)"),
    "option.not_attacking_player": lambda r, w: (
        f"{_n(w, r)} wird von {w.name(r['controller'])} kontrolliert, der nicht der "
        f"angreifende Spieler ist (das ist {w.name(r['active'])}; 506.2, 508.1a)"),
    "option.is_attacking": lambda r, w: f"{_n(w, r)} greift an (509.1a)",
    "option.not_defending": lambda r, w: (
        f"{_n(w, r)} wird von {w.name(r['controller'])} kontrolliert, der kein "
        f"verteidigender Spieler ist ({_defenders(w, r['defenders'])}; 506.2, 509.1a)"),
    "option.not_attacking": lambda r, w: f"{w.name(r['choice'])} greift nicht an (509.1a)",
    "option.battle_protector_blocks": lambda r, w: (
        f"{w.name(r['choice'])} greift {w.name(r['target'])} an, die "
        f"{w.name(r['protector'])} beschützt, und nur die Kreaturen des Beschützers können "
        f"Kreaturen blocken, die eine Schlacht angreifen ({w.cite(r.rule)}, 802.4a)"),
    "option.other_player": lambda r, w: (
        f"{w.name(r['choice'])} greift {w.name(r['target'])} an, und die Kreaturen von "
        f"{w.name(r['player'])} können nur Kreaturen blocken, die {w.name(r['player'])} "
        f"angreifen, einen Planeswalker, den {w.name(r['player'])} kontrolliert, oder eine "
        f"Schlacht, die {w.name(r['player'])} beschützt (802.4a)"),
    "option.target_attacking": _target_attacking,
    "option.target_not_defending": lambda r, w: (
        f"{w.name(r['target'])} ist in diesem Kampf kein verteidigender Spieler "
        f"({_defenders(w, r['defenders'])}; 506.2a, 508.1b)"),
    "option.own_battle": lambda r, w: (
        f"{w.name(r['player'])} beschützt {w.name(r['target'])}, und der Beschützer einer "
        f"Schlacht kann sie nie angreifen ({w.cite(r.rule)})"),
    "option.battle_not_defended": lambda r, w: (
        f"{w.name(r['target'])} wird von {w.name(r['protector'])} beschützt, der kein "
        f"verteidigender Spieler ist ({_defenders(w, r['defenders'])}; {w.cite(r.rule)}, "
        "506.2)"),
    "option.walker_not_defended": lambda r, w: (
        f"{w.name(r['target'])} wird von {w.name(r['controller'])} kontrolliert, der kein "
        f"verteidigender Spieler ist ({_defenders(w, r['defenders'])}; 506.2, 508.1b)"),
    "option.not_attackable": lambda r, w: (
        f"{w.name(r['target'])} ist weder ein Spieler noch ein Planeswalker noch eine "
        "Schlacht; nur diese können angegriffen werden (506.3)"),
})


def _says(w, r):
    src = r["src"]
    return f"{w.source(src, False)} sagt {w.quote(src.sentence)}"


def _creatures(n):
    return "eine Kreatur" if n == 1 else f"{n} Kreaturen"


def _a(w, r):
    return w.name(r["attacker"])


def _b(w, r):
    return w.name(r["blocker"])


def _block_cap(r, w):
    group = [w.name(p) for p in r["group"]]
    who = (f"{group[0]} deklariert Blocker" if len(group) == 1 else
           f"{' und '.join(group)} deklarieren gemeinsam Blocker")
    return (f"Höchstens {_creatures(r['n'])} {_kann(r['n'])} blocken ({who}): {_says(w, r)} "
            f"(509.1b, {r['group_rule']}).")


def _unless_others_block(r, w):
    word = "außer wenn" if r["unless"] else "wenn"
    k = r["count"]
    others = "eine andere Kreatur" if k == 1 else f"{k} andere Kreaturen"
    return (f"{_n(w, r)} kann nicht blocken, {word} auch {others} von der Art, die ihr Text "
            f"nennt, blockt/blocken: {_says(w, r)} (509.1b).")


def _must_be_blocked(r, w):
    how = ""
    if r["exactly"] is not None:
        how = f"von genau {_creatures(r['exactly'])}"
    elif r["least"] != 1:
        how = f"von {r['least']} oder mehr Kreaturen"
    if r["by"] is not None:
        how = (how + " " if how else "von ") + f"Kreaturen, die {w(pred_reason(r['by']))} sind"
    when = w.duration(r["duration"], default="")
    return (f"{_n(w, r)} muss{(' ' + when) if when else ''}"
            f"{(' ' + how) if how else ''} geblockt werden, falls möglich.")


def _requirement_attacker(r, w):
    when = w.duration(r["duration"], default="")
    return f"{_n(w, r)} blockt{' ' + when if when else ''} {_a(w, r)}, falls möglich."


def pred_reason(pred):
    from ...rules.reasons import reason

    return reason("pred", pred=pred)


T.update({
    "block.tapped": lambda r, w: f"{_n(w, r)} ist getappt und kann nicht blocken (509.1a).",
    "block.battle": lambda r, w: f"{_n(w, r)} ist eine Schlacht und kann nicht blocken (509.1a).",
    "evade.flying": lambda r, w: (
        f"{_a(w, r)} hat Flugfähigkeit und kann nicht von {_b(w, r)} geblockt werden, die "
        "weder Flugfähigkeit noch Reichweite hat (702.9b)."),
    "evade.shadow": lambda r, w: (
        f"{_a(w, r)} hat {_KW['shadow']} und kann nicht von {_b(w, r)} geblockt werden, die "
        f"kein {_KW['shadow']} hat (702.28b)."),
    "evade.shadow_blocker": lambda r, w: (
        f"{_b(w, r)} hat {_KW['shadow']} und kann {_a(w, r)} nicht blocken, die kein "
        f"{_KW['shadow']} hat (702.28b)."),
    "evade.horsemanship": lambda r, w: (
        f"{_a(w, r)} hat {_KW['horsemanship']} und kann nicht von {_b(w, r)} geblockt werden, die keine "
        "hat (702.31b)."),
    "evade.fear": lambda r, w: (
        f"{_a(w, r)} hat Furcht und kann nicht von {_b(w, r)} geblockt werden, die weder "
        "eine Artefaktkreatur noch schwarz ist (702.36b)."),
    "evade.intimidate": lambda r, w: (
        f"{_a(w, r)} hat Einschüchtern und kann nicht von {_b(w, r)} geblockt werden, die "
        "weder eine Artefaktkreatur ist noch eine Farbe mit ihr teilt (702.13b)."),
    "evade.skulk": lambda r, w: (
        f"{_a(w, r)} hat {_KW['skulk']} und kann nicht von {_b(w, r)} geblockt werden, die eine "
        f"größere Stärke hat ({r['blocker_power']} > {r['attacker_power']}) (702.118b)."),
    "evade.protection_everything": lambda r, w: (
        f"{_a(w, r)} hat Schutz vor allem und kann nicht von {_b(w, r)} geblockt werden "
        "(702.16j)."),
    "evade.protection_player": lambda r, w: (
        f"{_a(w, r)} hat {r['label']} (Schutz) und kann nicht von {_b(w, r)} geblockt werden, "
        f"die {w.name(r['player'])} kontrolliert (702.16k)."),
    "evade.protection": lambda r, w: (
        f"{_a(w, r)} hat {r['label']} (Schutz) und kann nicht von {_b(w, r)} geblockt werden "
        "(702.16f)."),
    "evade.landwalk": lambda r, w: (
        f"{_a(w, r)} hat {r['label']} (Landwandel) und kann nicht geblockt werden, solange "
        f"{w.name(r['player'])} {w.name(r['land'])} kontrolliert (702.14c)."),
    "evade.menace": lambda r, w: (
        f"{_a(w, r)} ist bedrohlich und kann nur von zwei oder mehr Kreaturen geblockt "
        "werden (702.111b)."),
    "block.cant": lambda r, w: f"{_n(w, r)} kann nicht blocken: {_says(w, r)} (509.1b).",
    "block.cant_attacker": lambda r, w: (
        f"{_n(w, r)} kann {_a(w, r)} nicht blocken: {_says(w, r)} (509.1b)."),
    "block.cant_alone": lambda r, w: (
        f"{_n(w, r)} kann nicht allein blocken: eine weitere Kreatur muss als Blocker "
        f"deklariert werden ({_says(w, r)}) (506.5, 509.1b)."),
    "block.unblockable": lambda r, w: (
        f"{_n(w, r)} kann nicht geblockt werden: {_says(w, r)} (509.1b)."),
    "block.except_n": lambda r, w: (
        f"{_n(w, r)} kann nur von {r['n']} oder mehr Kreaturen geblockt werden: "
        f"{_says(w, r)} (509.1b)."),
    "block.more_than": lambda r, w: (
        f"{_n(w, r)} kann nicht von mehr als {_creatures(r['n'])} geblockt werden: "
        f"{_says(w, r)} (509.1b)."),
    "block.unless_all": lambda r, w: (
        f"{_n(w, r)} kann nur geblockt werden, wenn alle Kreaturen, die "
        f"{w.name(r['player'])} kontrolliert, sie blocken: {_says(w, r)} (509.1b)."),
    "block.cap": _block_cap,
    "block.unless_others": _unless_others_block,
    "block.compared": lambda r, w: (
        f"{_n(w, r)} kann {_a(w, r)} nicht blocken: {_says(w, r)} -- verglichen mit "
        f"{w.name(r['player'])}, der {_a(w, r)} kontrolliert, "
        f"{'trifft es nicht zu' if r['unless'] else 'trifft es zu'} ({r['compared_rule']})."),
    "block.condition": lambda r, w: (
        f"{_n(w, r)} kann nicht blocken: {_says(w, r)} -- und auf diesem Spielfeld "
        f"{'trifft es nicht zu' if r['unless'] else 'trifft es zu'} (509.1b)."),
    "block.requirement": lambda r, w: (
        f"{_n(w, r)} blockt {w.duration(r['duration'])}, falls möglich."),
    "block.requirement_attacker": _requirement_attacker,
    "block.each_attacker": lambda r, w: (
        f"{_n(w, r)} blockt jede angreifende Kreatur, falls möglich, also blockt sie "
        f"{_a(w, r)}, falls möglich ({_says(w, r)})."),
    "block.lure": lambda r, w: (
        f"{_n(w, r)} muss {_a(w, r)} blocken, falls möglich ({_says(w, r)})."),
    "block.must_be_blocked": _must_be_blocked,
    "block.cost": lambda r, w: f"{_amount(r, w)} dafür, dass {_n(w, r)} blockt",
})
