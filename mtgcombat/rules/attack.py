"""Legal attack declarations as a constraint problem (508.1).

:func:`attack_problem` turns a board and its bound abilities into a
:class:`~mtgcombat.rules.constraints.Problem` of kind ``"attacks"``:

* options -- every creature an attacking player controls, with every player,
  planeswalker and battle it may attack (506.2-506.3, 508.1b, 310.9b, 802,
  805.10). Choices a creature can't take because of what it is (tapped,
  defender ...) stay in the options and are forbidden by a restriction, so a
  checked declaration can say why it fails;
* restrictions (508.1a, 508.1c, 702.3b, 802.3a; "as though" exceptions, 609.4);
* requirements (508.1d, goad 701.15b-c; 701.38b-c in the 2024 edition);
* costs (508.1d, 508.1g-j), optional by 508.1d.

Each family has one small function below that appends its constraints; every
constraint names the CR rule it encodes.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from . import abilities as A
from .bind import Bound, Instance
from .constraints import (
    FALSE, Const, Cost, Count, Expr, Lit, Not, Or, Problem, Requirement, Restriction,
    any_of, implies,
)
from .model import Board, BoardError, Permanent, PlayerName


_DURATION = re.compile(r"\b(each combat|this combat|this turn|each turn)\b", re.I)
_UNTIL = re.compile(r"\buntil (?:end of turn|your next turn)\b", re.I)


def duration(sentence: str, default: str = "each combat") -> str:
    """How long a requirement lasts, in the words of the sentence that makes it:
    "attacks each combat if able" (Goblin Brigand), "blocks this turn if able" (an
    effect), "... each combat until your next turn". ``default`` when it says none."""
    m = _DURATION.search(sentence)
    u = _UNTIL.search(sentence)
    words = [m.group(1).lower()] if m else ([default] if default else [])
    if u and (m or default):
        words.append(u.group(0).lower())
    elif u:
        words = [u.group(0).lower()]
    return " ".join(words)


def source_words(inst: Instance, name: Callable[[str], str], text: bool = True) -> str:
    """An ability's source for messages: a permanent by ``name(id)``; an effect as
    "effect N", followed by its sentence in quotes when ``text``."""
    src = inst.source
    if src.kind == "effect" and src.effect_index is not None:
        head = f"effect {src.effect_index + 1}"
        return f"{head} (\u201c{inst.sentence.strip()}\u201d)" if text else head
    if src.permanent is not None:
        return name(src.permanent)
    return src.name


class _Builder:
    """Collects the constraints of one attack problem."""

    def __init__(self, board: Board, bound: Bound) -> None:
        self.board, self.bound = board, bound
        attacking = set(board.attacking_players)
        self.attackers: list[Permanent] = [
            p for p in board.permanents if p.is_creature and p.controller in attacking
        ]
        self.ids = {p.id for p in self.attackers}
        targets = board.attack_targets()
        # 506.3, 508.1b, 310.9b, 802.2, 805.10a: what each creature may attack.
        self.options: dict[str, tuple[str, ...]] = {
            p.id: tuple(t for t in targets if board.may_attack(p, t)) for p in self.attackers
        }
        # One shared expression object per creature: "it attacks (anything)".
        self._attacks: dict[str, Expr] = {
            c: any_of(Lit((c, t)) for t in opts) for c, opts in self.options.items()
        }
        self.restrictions: list[Restriction] = []
        self.requirements: list[Requirement] = []
        self.costs: list[Cost] = []
        self.names: dict[str, str] = {p: p for p in board.player_names}
        self.names.update({p.id: p.name for p in board.permanents})
        # Names several objects share (two permanents, or a permanent and a player).
        seen: set[str] = set(board.player_names)
        self._shared: set[str] = set()
        for p in board.permanents:
            (self._shared if p.name in seen else seen).add(p.name)

    # -- helpers --------------------------------------------------------------
    def name(self, oid: str) -> str:
        """How messages name an object: its name, with its id when another permanent
        or a player has the same name ("Propaganda (p2)"), as the command line does."""
        n = self.names.get(oid, oid)
        return f"{n} ({oid})" if n in self._shared and oid != n else n

    def source(self, inst: Instance, text: bool = True) -> str:
        """Where an ability comes from, for messages: the permanent ("Propaganda (p2)"
        when two share the name), or "effect N" quoting its sentence once (``text``)."""
        return source_words(inst, self.name, text)

    def attacks(self, c: str) -> Expr:
        return self._attacks[c]

    def lits(self, c: str, covered: Callable[[str], bool]) -> list[Expr]:
        return [Lit((c, t)) for t in self.options[c] if covered(t)]

    def others(self, c: str) -> list[str]:
        return [o for o in self.options if o != c]

    def is_player(self, t: str) -> bool:
        return t in self.board.player_names

    def kind_of(self, t: str) -> str:
        if self.is_player(t):
            return "player"
        p = self.board.permanent(t)
        return "battle" if p.is_battle else "planeswalker"

    def of_player(self, p: PlayerName, include_permanents: bool) -> Callable[[str], bool]:
        """Covers the player p and, optionally ("you or planeswalkers you control"),
        planeswalkers p controls -- never a battle: a battle is not a planeswalker, even
        one p protects (310, 508.1b)."""
        def covered(t: str) -> bool:
            if t == p:
                return True
            if not include_permanents or self.is_player(t):
                return False
            return self.kind_of(t) == "planeswalker" and self.board.defending_player_of(t) == p
        return covered

    def resolve_player(self, ref, inst: Instance) -> Optional[PlayerName]:
        return self.bound.player_of(ref, inst.source)

    def forbid(self, c: str, lits: list[Expr], rule: str, message: str,
               objects: tuple[str, ...] = ()) -> None:
        if lits:
            self.restrictions.append(
                Restriction(Not(any_of(lits)), rule, message, objects or (c,))
            )

    def target_words(self, p: Optional[PlayerName], kind: Optional[str],
                     include_permanents: bool) -> str:
        if p is None:
            return {"player": "players", "planeswalker": "planeswalkers",
                    "battle": "battles"}.get(kind or "", "anything")
        if kind == "planeswalker":
            return f"planeswalkers {p} controls"
        if kind == "battle":
            return f"battles {p} protects"
        if include_permanents:
            return f"{p} or planeswalkers {p} controls"
        return p


def _target_filter(b: _Builder, p: Optional[PlayerName], kind: Optional[str],
                   include_permanents: bool) -> Callable[[str], bool]:
    """Which targets "[player] / planeswalkers [player controls] / battles ..." covers."""
    if p is None:
        if kind is None:
            return lambda t: True
        return lambda t: b.kind_of(t) == kind
    if kind in ("planeswalker", "battle"):
        return lambda t: b.kind_of(t) == kind and b.board.defending_player_of(t) == p
    return b.of_player(p, include_permanents)


# -- 508.1a: who can attack at all ---------------------------------------------


def _basic(b: _Builder) -> None:
    # 609.4: "can attack as though it had haste / didn't have defender" -- the holder
    # attacks as if that were so; nothing else about it changes.
    had: dict[str, set[str]] = {}
    lacked: dict[str, set[str]] = {}
    for inst in b.bound.of_type(A.AttackAsThough):
        ab: A.AttackAsThough = inst.ability  # type: ignore[assignment]
        if ab.had:
            had.setdefault(inst.holder, set()).add(ab.had)
        if ab.lacked:
            lacked.setdefault(inst.holder, set()).add(ab.lacked)
    for perm in b.attackers:
        c, n = perm.id, b.name(perm.id)
        lits = b.lits(c, lambda t: True)
        # 508.1a: the chosen creatures must be untapped.
        if perm.tapped:
            b.forbid(c, lits, "508.1a", f"{n} is tapped and can't attack (508.1a).")
        # 508.1a, 506.3f: a battle can't attack.
        if perm.is_battle:
            b.forbid(c, lits, "508.1a", f"{n} is a battle and can't attack (508.1a).")
        # 508.1a, 302.6, 702.10b: summoning sickness unless it has haste.
        if perm.summoning_sick and not b.bound.has_keyword(c, "haste") \
                and "haste" not in had.get(c, ()):
            b.forbid(
                c, lits, "302.6",
                f"{n} hasn't been under its controller's control since the turn began and "
                "has no haste, so it can't attack (302.6, 508.1a).",
            )
        # 702.3b: a creature with defender can't attack -- unless it can attack as
        # though it didn't have defender (609.4; Animate Wall, Rolling Stones).
        if b.bound.has_keyword(c, "defender") and "defender" not in lacked.get(c, ()):
            b.forbid(c, lits, "702.3b", f"{n} has defender and can't attack (702.3b).")


# -- 508.1c: restrictions -------------------------------------------------------------


def _cant_attack(b: _Builder, inst: Instance, ab: A.CantAttack) -> None:
    c = inst.holder
    n = b.name(c)
    src = b.source(inst)
    if ab.target is None:
        p = None
    else:
        p = b.resolve_player(ab.target, inst)
        if p is None:
            # "can't attack defending player": every target is attacked by that
            # creature's defending player (802.2a), so it can't attack at all.
            pass
    covered = _target_filter(b, p, ab.target_kind, ab.include_permanents)
    what = b.target_words(p, ab.target_kind, ab.include_permanents)
    if what == "anything":
        msg = f"{n} can't attack ({src}; 508.1c)."
    else:
        msg = f"{n} can't attack {what} ({src}; 508.1c)."
    b.forbid(c, b.lits(c, covered), "508.1c", msg)


def _alone(b: _Builder, inst: Instance, only: bool) -> None:
    c = inst.holder
    n = b.name(c)
    others = [b.attacks(o) for o in b.others(c)]
    if only:
        # 508.1c, 506.5: "can attack only alone" -- no other creature is declared.
        expr = implies(b.attacks(c), Not(any_of(others)))
        msg = f"{n} can attack only alone, but other creatures attack too ({b.source(inst)}; 506.5, 508.1c)."
    else:
        # 508.1c, 506.5: "can't attack alone" -- another creature is declared as an
        # attacker, attacking anything (802.3a; a teammate's creature counts, 805.10a).
        expr = implies(b.attacks(c), any_of(others))
        msg = f"{n} can't attack alone ({b.source(inst)}; 506.5, 508.1c)."
    b.restrictions.append(Restriction(expr, "508.1c", msg, (c,)))


def _count_controlled(b: _Builder, inst: Instance, player: PlayerName, pred: A.Pred,
                      holder: Permanent) -> int:
    return sum(
        1 for p in b.board.permanents
        if p.controller == player and b.bound.matches(pred, p, inst.source, holder)
    )


def _condition(b: _Builder, inst: Instance, ab: A.AttackCondition) -> None:
    c = inst.holder
    n = b.name(c)
    holder = b.board.permanent(c)
    cond = ab.condition
    src = b.source(inst, text=False)  # the messages quote the sentence
    word = "unless" if ab.unless else "if"
    if isinstance(cond, A.OthersAttack):
        # 508.1c: "can't attack unless [N other creatures matching ...] also attack",
        # evaluated on the whole group of attackers (802.3a); "greater power" is
        # relative to this creature.
        partners = [
            b.attacks(o) for o in b.others(c)
            if b.bound.matches(cond.pred, b.board.permanent(o), inst.source, holder)
        ]
        met = Count(tuple(partners), lo=cond.count) if cond.count > 0 else Const(True)
        if cond.count > len(partners):
            met = FALSE
        expr = implies(b.attacks(c), met if ab.unless else Not(met))
        b.restrictions.append(Restriction(
            expr, "508.1c",
            f"{n} can't attack {word} {_others_words(cond)} ({b.source(inst)}; 508.1c).",
            (c,),
        ))
        return
    if isinstance(cond, A.DefenderControls):
        # 508.1c, 802.2a: "defending player" is the player this creature would attack
        # (or who controls / protects the permanent it would attack).
        def bad(t: str) -> bool:
            dp = b.board.defending_player_of(t)
            holds = _count_controlled(b, inst, dp, cond.pred, holder) >= cond.count
            return holds != ab.unless
        lits = b.lits(c, bad)
        b.forbid(c, lits, "508.1c",
                 f"{n} can't attack there: {inst.sentence.strip()} ({src}; 508.1c).")
        return
    if isinstance(cond, A.MoreThan) and cond.than == "defending":
        # 508.1c, 802.2a: compared with the player this creature would attack (or who
        # controls / protects the permanent it would attack).
        you = inst.source.controller
        mine = _count_controlled(b, inst, you, cond.pred, holder)

        def bad_more(t: str) -> bool:
            theirs = _count_controlled(b, inst, b.board.defending_player_of(t), cond.pred, holder)
            return (mine > theirs) != ab.unless
        b.forbid(c, b.lits(c, bad_more), "508.1c",
                 f"{n} can't attack there: {inst.sentence.strip()} ({src}; 508.1c).")
        return
    if isinstance(cond, A.OnBattlefield):
        # 508.1c: whoever controls them; fixed on this board.
        count = sum(1 for p in b.board.permanents
                    if b.bound.matches(cond.pred, p, inst.source, holder))
        if (count >= cond.count) != ab.unless:
            b.forbid(c, b.lits(c, lambda t: True), "508.1c",
                     f"{n} can't attack: {inst.sentence.strip()} ({src}; 508.1c).")
        return
    if isinstance(cond, A.PlayerControls):
        p = b.resolve_player(cond.player, inst)
        if p is None:
            # "defending player controls": per target, as above.
            _condition(b, inst, A.AttackCondition(
                ab.subject, A.DefenderControls(cond.pred, cond.count), ab.unless))
            return
        holds = _count_controlled(b, inst, p, cond.pred, holder) >= cond.count
        if holds != ab.unless:
            # 508.1c: the condition is fixed on this board.
            b.forbid(c, b.lits(c, lambda t: True), "508.1c",
                     f"{n} can't attack: {inst.sentence.strip()} ({src}; 508.1c).")
        return
    raise BoardError(
        f"{src}: can't decide whether {n} may attack -- the condition in "
        f"{inst.sentence.strip()!r} depends on something the board doesn't record"
    )


def _others_words(cond: A.OthersAttack) -> str:
    k = cond.count
    return ("another creature also attacks" if k == 1
            else f"at least {k} other creatures also attack") + (
        "" if isinstance(cond.pred, A.AnyPred) else " (of the kind its text names)")


def _cap(b: _Builder, inst: Instance, ab: A.AttackCap) -> None:
    src = b.source(inst)
    if ab.defender is None:
        # 508.1c, 802.3a: not tied to a player -- the whole group of attackers.
        lits = [b.attacks(c) for c in b.options]
        msg = f"No more than {ab.n} creature(s) can attack each combat ({src}; 508.1c)."
        rule = "508.1c"
    else:
        p = b.resolve_player(ab.defender, inst)
        if p is None:
            raise BoardError(f"{src}: can't tell which player {inst.sentence.strip()!r} protects")
        # 802.3a: only creatures attacking that player (and, if the text says so,
        # planeswalkers they control and battles they protect).
        covered = b.of_player(p, ab.include_permanents)
        lits = [l for c in b.options for l in b.lits(c, covered)]
        what = b.target_words(p, None, ab.include_permanents)
        msg = f"No more than {ab.n} creature(s) can attack {what} each combat ({src}; 508.1c, 802.3a)."
        rule = "802.3a"
    if len(lits) > ab.n:
        b.restrictions.append(Restriction(Count(tuple(lits), hi=ab.n), rule, msg))


def _parity(b: _Builder, inst: Instance, ab: A.AttackParity) -> None:
    # 508.1c: "You can't attack with an odd number of creatures" -- the controller's
    # whole attack; zero is even.
    you = inst.source.controller
    if you not in b.board.attacking_players:
        return
    lits = tuple(b.attacks(c) for c in b.options if b.board.permanent(c).controller == you)
    want = 0 if ab.even else 1
    exact = [Count(lits, lo=k, hi=k) for k in range(len(lits) + 1) if k % 2 == want]
    word = "odd" if ab.even else "even"
    b.restrictions.append(Restriction(
        any_of(exact), "508.1c",
        f"{you} can't attack with an {word} number of creatures ({b.source(inst)}; 508.1c).",
    ))


# -- 508.1d: requirements --------------------------------------------------------------


def _requirement(b: _Builder, inst: Instance, ab: A.AttackRequirement) -> None:
    c = inst.holder
    n = b.name(c)
    kind = ab.target_kind
    if ab.target is None:
        covered = _target_filter(b, None, kind, False)
        what = "" if kind is None else f" a {kind}"
    else:
        t = b.bound.object_of(ab.target, inst.source)
        if t is None:
            # "attacks defending player": any player is its defending player.
            covered = _target_filter(b, None, kind or "player", False)
            what = " a player"
        elif kind in ("planeswalker", "battle") and t in b.board.player_names:
            covered = _target_filter(b, t, kind, False)
            what = f" a {kind} {'controlled' if kind == 'planeswalker' else 'protected'} by {t}"
        else:
            # 508.1d: that one player or permanent only (MP-10: a player's
            # planeswalkers don't count). If it is gone or can't be attacked, the
            # requirement still exists and can't be obeyed (ATK-14).
            covered = (lambda x, t=t: x == t)
            what = f" {b.name(t)}"
    lits = b.lits(c, covered)
    # The duration the text gives: "attacks each combat if able" (Goblin Brigand),
    # "attacks this turn if able" (an effect).
    _add_requirement(b, any_of(lits), "508.1d",
                     f"{n} attacks{what} {duration(inst.sentence)} if able.", c)


def _add_requirement(b: _Builder, expr: Expr, rule: str, text: str, c: str) -> None:
    rid = f"r{len(b.requirements) + 1}"
    b.requirements.append(Requirement(rid, expr, rule, text, (c,)))


def _goad(b: _Builder) -> None:
    # 701.15b-c (701.38b-c in the 2024 edition): per goading player, "attacks each
    # combat if able" and "attacks a player other than [goader] if able"; the same
    # player goading twice adds nothing (701.15d / 701.38d).
    rule = "701.15b" if b.board.rules == "current" else "701.38b"
    # "Enchanted creature is goaded" (an Aura, an Equipment): goaded by its controller.
    by_text: dict[str, list[str]] = {}
    for inst in b.bound.of_type(A.Goaded):
        by_text.setdefault(inst.holder, []).append(inst.source.controller)  # type: ignore[arg-type]
    for perm in b.attackers:
        seen: list[str] = []
        for g in (*perm.goaded_by, *by_text.get(perm.id, ())):
            if g in seen:
                continue
            seen.append(g)
            c = perm.id
            _add_requirement(b, b.attacks(c), rule,
                             f"{b.name(c)} is goaded by {g} and attacks each combat if able.", c)
            lits = b.lits(c, lambda t, g=g: b.is_player(t) and t != g)
            _add_requirement(b, any_of(lits), rule,
                             f"{b.name(c)} is goaded by {g} and attacks a player other than "
                             f"{g} if able.", c)


# -- 508.1d, 508.1g-j: costs ---------------------------------------------------------------


def _cost(b: _Builder, inst: Instance, ab: A.AttackCost) -> None:
    c = inst.holder
    if ab.defender is None:
        p = None
        covered: Callable[[str], bool] = lambda t: True
        what = "attacking"
    else:
        p = b.resolve_player(ab.defender, inst)
        if p is None:
            covered, what = (lambda t: True), "attacking"
        else:
            covered = b.of_player(p, ab.include_permanents)
            what = f"attacking {b.target_words(p, None, ab.include_permanents)}"
    lits = b.lits(c, covered)
    if not lits:
        return
    cid = f"c{len(b.costs) + 1}"
    b.costs.append(Cost(
        cid, any_of(lits), ab.cost,
        f"{ab.cost} for {b.name(c)} {what} ({b.source(inst)})", "508.1d", (c,),
    ))


def attack_problem(board: Board, bound: Bound) -> Problem:
    """The attack declaration problem of ``board`` (kind ``"attacks"``)."""
    b = _Builder(board, bound)
    _basic(b)
    for inst in bound.instances:
        ab = inst.ability
        if isinstance(ab, A.AttackCap):
            _cap(b, inst, ab)
        elif isinstance(ab, A.AttackParity):
            _parity(b, inst, ab)
        elif inst.holder is None or inst.holder not in b.ids:
            continue  # 508.1c-d: only creatures the attacking player(s) control
        elif isinstance(ab, A.CantAttack):
            _cant_attack(b, inst, ab)
        elif isinstance(ab, A.CantAttackAlone):
            _alone(b, inst, only=False)
        elif isinstance(ab, A.CanOnlyAttackAlone):
            _alone(b, inst, only=True)
        elif isinstance(ab, A.AttackCondition):
            _condition(b, inst, ab)
        elif isinstance(ab, A.AttackRequirement):
            _requirement(b, inst, ab)
        elif isinstance(ab, A.AttackCost):
            _cost(b, inst, ab)
    _goad(b)
    return Problem(
        kind="attacks",
        options=b.options,
        restrictions=tuple(b.restrictions),
        requirements=tuple(b.requirements),
        costs=tuple(b.costs),
        names=b.names,
    )
