"""The triggered abilities of combat keywords that resolve before combat damage, as data.

When attackers are declared (508.1m) and when blockers are declared (509.1i, 509.3),
keyword abilities trigger:

* exalted (702.83a): a creature that attacks alone (506.5) gets +1/+1 for each
  instance of exalted among the permanents its controller controls;
* melee (702.121a): +1/+1 for each opponent its controller attacked with a creature
  this combat (a player attacked directly; each instance triggers, 702.121b);
* battle cry (702.91a): each *other* attacking creature gets +1/+0;
* bushido N (702.45a): a creature that blocks or becomes blocked gets +N/+N;
* flanking (702.25a): each creature without flanking blocking it gets -1/-1;
* rampage N (702.23a): +N/+N for each creature blocking it beyond the first, counted
  as the ability resolves (702.23b);
* afflict N (702.130a): when it becomes blocked, the defending player loses N life.

They go on the stack in APNAP order (603.3b): the active player's first, then each
other player's in turn order, so the last player's resolve first (405.5: the top of the
stack resolves first). Within one player's abilities the order is that player's
choice; this module takes them by source id -- for these keywords the order within
one player's abilities changes nothing but which dies first, and every ability here
that can kill (flanking) belongs to the attacking player and hits only opposing
creatures. State-based actions are performed after each resolution (704.3, 117.5).

Provoke (702.39a) triggers on attack but its effect is a target's block requirement:
the board gives it as an effect ("Target creature blocks ... this combat if able."),
so it is not resolved here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from . import abilities as A
from . import keywords as K
from .bind import Bound
from .combat_abilities import KeywordN
from .model import Board


@dataclass(frozen=True)
class Trigger:
    """One resolved trigger: the keyword (``kind``), its rule, the creature whose
    ability it is (``source``), what it changed (``affected``: a permanent or a
    player) and by how much."""

    kind: str
    rule: str
    source: str
    controller: str
    affected: str
    power: int = 0
    toughness: int = 0
    life: int = 0
    n: int = 0  # the keyword's N, or the count it multiplies (melee, rampage)


#: The keywords whose abilities trigger on declarations (this module resolves them; each
#: is a keyword of the table's "trigger" family, :mod:`mtgcombat.rules.keywords`, and a
#: trigger's ``kind`` is the keyword's ``code``).
TRIGGERED = frozenset({"exalted", "melee", "battle cry", "flanking"})
TRIGGERED_N = frozenset({"bushido", "rampage", "afflict"})


def any_triggers(bound: Bound) -> bool:
    """Whether any permanent has a keyword whose ability this module resolves."""
    return any(TRIGGERED & kws for kws in bound.keywords.values()) or any(
        i.ability.name in TRIGGERED_N for i in bound.of_type(KeywordN))  # type: ignore[union-attr]


def keyword_count(bound: Bound, pid: str, name: str) -> int:
    """How many instances of a parameterless keyword ``pid`` has (each triggers)."""
    return sum(1 for i in bound.held_by(pid, A.Keyword)
               if i.ability.name.lower() == name)  # type: ignore[union-attr]


def numbered(bound: Bound, pid: str, name: str) -> list[int]:
    """The N of each instance of a numbered keyword ``pid`` has."""
    return [i.ability.n for i in bound.held_by(pid, KeywordN)  # type: ignore[union-attr]
            if i.ability.name == name]  # type: ignore[union-attr]


def attack_triggers(board: Board, bound: Bound) -> list[Trigger]:
    """The triggers of the declared attacks (508.1m), in the order they resolve."""
    by_player = attack_triggers_by_player(board, bound)
    out: list[Trigger] = []
    for p in _apnap_resolution(board, by_player):
        out += by_player.get(p, [])
    return out


def attack_triggers_by_player(board: Board, bound: Bound) -> dict[str, list[Trigger]]:
    """The triggers of the declared attacks by the player who controls them, each
    player's in the order they resolve (for :mod:`mtgcombat.rules.stack`, which puts
    every player's triggers on the stack in APNAP order, 603.3b)."""
    attacks = board.attacks or {}
    by_player: dict[str, list[Trigger]] = {}
    ids = sorted(attacks)
    if len(ids) == 1:  # 702.83a, 506.5: attacks alone
        a = ids[0]
        ctrl = board.permanent(a).controller
        for p in sorted(board.permanents, key=lambda p: p.id):
            if p.controller != ctrl:
                continue
            for _ in range(keyword_count(bound, p.id, "exalted")):
                by_player.setdefault(ctrl, []).append(
                    Trigger("exalted", "702.83a", p.id, ctrl, a, 1, 1))
    for a in ids:
        ctrl = board.permanent(a).controller
        for _ in range(keyword_count(bound, a, "melee")):
            opponents = {t for x, t in attacks.items() if t in board.player_names
                         and board.permanent(x).controller == ctrl
                         and not board.teammates(t, ctrl)}
            n = len(opponents)
            by_player.setdefault(ctrl, []).append(
                Trigger("melee", "702.121a", a, ctrl, a, n, n, n=n))
        for _ in range(keyword_count(bound, a, "battle cry")):
            for o in ids:
                if o != a:
                    by_player.setdefault(ctrl, []).append(
                        Trigger(K.TABLE["battle cry"].code, "702.91a", a, ctrl, o, 1, 0))
    return by_player


def block_triggers(board: Board, bound: Bound) -> list[Trigger]:
    """The triggers of the declared blocks (509.1i, 509.3), in the order they resolve."""
    by_player = block_triggers_by_player(board, bound)
    out: list[Trigger] = []
    for p in _apnap_resolution(board, by_player):
        out += by_player.get(p, [])
    return out


def block_triggers_by_player(board: Board, bound: Bound) -> dict[str, list[Trigger]]:
    """The triggers of the declared blocks by the player who controls them (see
    :func:`attack_triggers_by_player`)."""
    attacks = board.attacks or {}
    blocks = board.blocks or {}
    blockers_of: dict[str, list[str]] = {a: [] for a in attacks}
    for b, atts in blocks.items():
        for a in atts:
            blockers_of.setdefault(a, []).append(b)
    by_player: dict[str, list[Trigger]] = {}

    def add(t: Trigger) -> None:
        by_player.setdefault(t.controller, []).append(t)

    for a in sorted(attacks):
        bl = sorted(blockers_of.get(a, []))
        if not bl:
            continue
        ctrl = board.permanent(a).controller
        for n in numbered(bound, a, "bushido"):
            add(Trigger("bushido", "702.45a", a, ctrl, a, n, n, n=n))
        for _ in range(keyword_count(bound, a, "flanking")):
            for b in bl:
                if not bound.has_keyword(b, "flanking"):
                    add(Trigger("flanking", "702.25a", a, ctrl, b, -1, -1))
        for n in numbered(bound, a, "rampage"):
            add(Trigger("rampage", "702.23a", a, ctrl, a, n=n))  # counted as it resolves
        for n in numbered(bound, a, "afflict"):
            dp = board.defending_player_of(attacks[a])
            add(Trigger("afflict", "702.130a", a, ctrl, dp, life=-n, n=n))
    for b in sorted(blocks):
        ctrl = board.permanent(b).controller
        for n in numbered(bound, b, "bushido"):
            add(Trigger("bushido", "702.45a", b, ctrl, b, n, n, n=n))
    return by_player


def _apnap_resolution(board: Board, by_player: dict) -> list[str]:
    """Players in the order their triggers resolve: APNAP onto the stack (603.3b), so
    the last player's first."""
    names = list(board.player_names)
    i = names.index(board.active_player)
    apnap = names[i:] + names[:i]
    return list(reversed(apnap))


def apply(board: Board, t: Trigger) -> tuple[Board, Trigger]:
    """The board after one trigger resolved, and the trigger as it resolved (rampage
    counts the creatures blocking as it resolves, 702.23b). Until-end-of-turn effects
    are in the current power and toughness; life loss (119.3) is on the player's (a
    team's shared, 810.9) life."""
    if t.kind == "rampage":
        k = t.n * max(0, sum(1 for b, atts in (board.blocks or {}).items()
                             if t.source in atts and board.has_object(b)) - 1)
        t = replace(t, power=k, toughness=k)
    if t.affected in board.player_names:
        players = tuple(replace(p, life=p.life + t.life)
                        if board.teammates(p.name, t.affected) else p
                        for p in board.players)
        return board.derive(players=players), t
    if not board.has_object(t.affected):
        return board, t  # it left before the ability resolved
    perms = tuple(replace(p, power=(p.power or 0) + t.power,
                          toughness=(p.toughness or 0) + t.toughness)
                  if p.id == t.affected else p for p in board.permanents)
    return board.derive(permanents=perms), t
