"""What makes a board impossible: the validation of :class:`~mtgcombat.rules.model.Board`.

Every problem is a :class:`~mtgcombat.rules.model.BoardError` carrying a reason
(``error.*`` codes, worded by the text layer) with ``where`` -- the part of the board
it is about, as data: ``("player", name)``, ``("permanent", id)``, ``("effect", i)``,
``("attacks", attacker)``, ``("blocks", blocker)``, ``("damage_order", creature)`` or a
top-level field (``("rules",)``, ``("active",)`` ...). The scenario language points
at the line of that part; nothing reads the words.

Rule references: 102 (players), 506.2-506.3, 508.1a-b (attacks), 509.1a, 802.4a,
310 (blocks, battles: the numbers of the board's edition, :mod:`mtgcombat.editions`),
509.1h, 506.4, 510.4 (the board's combat extensions), 509.2-509.3 of the 2024
edition (damage assignment order), 702.22c (bands).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from .values import (
    CHOSEN_KEYS, COLORS, COMBAT_STEPS, DAMAGE_STEPS, EDITIONS, LIMIT, BoardError, is_int, mana_symbols_ok,
    parse_type_line,
)
from .model import CHECKS, PERMANENT_FACTS, Board
from .reasons import Reason, reason


#: The card types (205.2a), as ``graveyard_types`` names them.
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery")


def fail(code: str, where: tuple = (), **params: Any) -> None:
    """Raise the bad-input error ``error.<code>`` about ``where`` (a ``rule`` parameter is
    a parameter of the reason, which the words cite)."""
    objects = tuple(x for x in where[1:] if isinstance(x, str))
    rule = params.pop("rule", None)
    r = reason("error." + code, None, objects, where=where, **params)
    if rule is not None:
        r = Reason(r.code, r.rule, r.objects, r.params + (("rule", rule),))
    raise BoardError(r)


def _bounded(v: Any, where: tuple, field: str) -> None:
    if is_int(v) and not -LIMIT <= v <= LIMIT:
        fail("too_big", where, field=field, value=v, limit=LIMIT)


#: Bytes of UTF-8 text with every byte but an ASCII digit made a space (a multi-byte
#: character never holds one): the digit runs of a text, split at C speed.
_DIGITS_ONLY = bytes(c if 0x30 <= c <= 0x39 else 0x20 for c in range(256))


def _text_numbers(text: str, where: tuple, field: str) -> None:
    """A text (Oracle text, a mana pool) whose numbers are read as numbers: none may be
    larger than any number the board can hold (:data:`~mtgcombat.rules.model.LIMIT`) --
    a typo, or an attempt to overflow."""
    width = len(str(LIMIT))
    for run in text.encode("utf-8", "surrogatepass").translate(_DIGITS_ONLY).split():
        value = run.lstrip(b"0")  # "007" is 7; "00000000000" is 0
        large = len(value) > width or (len(value) == width and int(value) > LIMIT)
        if large or len(run) > _TEXT_DIGITS:
            fail("text_number", where, field=field, digits=len(run),
                 start=run[:12].decode(), limit=LIMIT, long=not large,
                 most=_TEXT_DIGITS)


#: The most digits a number in a text may be written with, leading zeros included (a
#: longer run is refused before anything reads it as a number).
_TEXT_DIGITS = 100


def _no_surrogate(text: str, where: tuple, field: str) -> None:
    """A string that can be written as UTF-8: no lone surrogate (a JSON ``\\ud800``
    escape or a string built by a program)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        fail("surrogate", where, field=field)


def validate(b: Board) -> None:
    """Raise :class:`BoardError` on the first thing that makes ``b`` impossible."""
    _players(b)
    names = [p.name for p in b.players]
    ids = _permanents(b, names)
    _effects(b, ids, names)
    _choices(b, ids, names)
    attackers = _attacks(b, ids, names)
    _blocks(b, attackers)
    _combat_fields(b, attackers)
    _damage_order(b, attackers)
    _bands(b, attackers)
    if b.damage_step is not None and b.damage_step not in DAMAGE_STEPS:
        fail("damage_step", ("damage_step",), value=b.damage_step)


def _players(b: Board) -> None:
    # 102: players.
    if b.rules not in EDITIONS:
        fail("rules", ("rules",), value=b.rules, known=EDITIONS)
    if len(b.players) < 2:
        fail("two_players", ("players",))
    names = [p.name for p in b.players]
    for p in b.players:
        _player(p)
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        fail("player_twice", ("players",), name=sorted(dup)[0])
    _teams(b)
    _seats(b, names)


def _player(p: Any) -> None:
    """One player's name, life, poison counters, hand, mana pool and records."""
    if not isinstance(p.name, str) or not p.name:
        fail("player_name", ("players",))
    at = ("player", p.name)
    if not is_int(p.life):
        fail("not_integer", at, field="life", value=None)
    _bounded(p.life, at, "life")
    if not is_int(p.poison) or p.poison < 0:
        fail("not_count", at, field="poison")
    _bounded(p.poison, at, "poison")
    if p.hand is not None:
        if not is_int(p.hand) or p.hand < 0:
            fail("hand", at)
        _bounded(p.hand, at, "hand")
    _no_surrogate(p.name, ("players",), "name")
    if p.team is not None:
        _no_surrogate(p.team, at, "team")
    if not isinstance(p.mana_pool, str) or not mana_symbols_ok(p.mana_pool):
        fail("mana_pool", at, value=p.mana_pool)
    _text_numbers(p.mana_pool, at, "mana_pool")
    _player_records(p, at)
    if not isinstance(p.city_blessing, bool):
        fail("not_bool", at, field="city_blessing")


def _player_records(p: Any, at: tuple) -> None:
    """404, 120.3, 121, 700.4: what the board records of a player's graveyard and
    turn: counts 0 or more, card types, type lines of the spells cast."""
    for name in ("graveyard", "damage_taken", "cards_drawn", "creatures_died"):
        value = getattr(p, name)
        if value is not None:
            if not is_int(value) or value < 0:
                fail("not_count", at, field=name)
            _bounded(value, at, name)
    if p.graveyard_types is not None:
        for t in p.graveyard_types:
            if t not in CARD_TYPES:
                fail("card_type", at, field="graveyard_types", value=t, known=CARD_TYPES)
        if len(set(p.graveyard_types)) != len(p.graveyard_types):
            fail("card_type_twice", at, field="graveyard_types")
        if p.graveyard is not None and p.graveyard == 0 and p.graveyard_types:
            fail("graveyard_types_empty", at)
    if p.spells_cast is not None:
        for line in p.spells_cast:
            if not isinstance(line, str) or not line.strip():
                fail("spell_type_line", at, value=line)
            try:
                parse_type_line(line)
            except BoardError as e:
                fail("type_line", at, why=e.why)


def _teams(b: Board) -> None:
    """Two-Headed Giant: a team has one life total (810.9) and one poison count
    (810.10); every player of the team carries it."""
    first_of: dict[str, Any] = {}
    for p in b.players:
        if p.team is None:
            continue
        mate = first_of.setdefault(p.team, p)
        for fname, rule in (("life", "810.9"), ("poison", "810.10")):
            if getattr(p, fname) != getattr(mate, fname):
                fail("team_shared", ("player", p.name), field=fname, cr=rule,
                     team=p.team, player=p.name, value=getattr(p, fname),
                     mate=mate.name, mate_value=getattr(mate, fname))


def _seats(b: Board, names: list[str]) -> None:
    """The monarch, the active player and the defending players are players; the
    defenders are the active player's opponents (506.2), of whom there is one."""
    if b.monarch is not None and b.monarch not in names:
        fail("monarch_unknown", ("monarch",), name=b.monarch)
    if b.active_player not in names:
        fail("active_unknown", ("active",), name=b.active_player)
    if b.defending_players is not None:
        if not b.defending_players:
            fail("defending_empty", ("defending",))
        for d in b.defending_players:
            if d not in names:
                fail("defending_unknown", ("defending",), name=d)
            if b.teammates(d, b.active_player):
                fail("defending_attacker", ("defending",), name=d)
    elif not b.opponents(b.active_player):
        fail("no_opponent", ("opponent",))


def _permanents(b: Board, names: list[str]) -> set[str]:
    ids: set[str] = set()
    for p in b.permanents:
        at = ("permanent", p.id)
        if not isinstance(p.id, str) or not p.id:
            fail("permanent_id", ("permanents",))
        if p.id in ids:
            fail("id_twice", at, id=p.id)
        if p.id in names:
            fail("id_is_player", at)
        ids.add(p.id)
        if p.controller not in names:
            fail("not_a_player", at, field="controller", value=p.controller)
        for fname in ("id", "name", "type_line", "text"):
            value = getattr(p, fname)
            if not isinstance(value, str):
                fail("not_string", at, field=fname)
            _no_surrogate(value, at, fname)
        _text_numbers(p.text, at, "text")
        try:
            tl = p.types
        except BoardError as e:
            fail("type_line", at, why=e.why)
        for c in p.colors:
            if c not in COLORS:
                fail("color", at, value=c)
        if len(set(p.colors)) != len(p.colors):
            fail("color_twice", at)
        for fname in ("power", "toughness", "loyalty", "defense"):
            v = getattr(p, fname)
            if v is not None and not is_int(v):
                fail("not_integer", at, field=fname, value=repr(v))
            if v is not None:
                _bounded(v, at, fname)
        for kind, n in p.counters.items():
            if not isinstance(kind, str) or not kind.strip():
                fail("counter_name", at)
            if not is_int(n) or n < 0:
                fail("counter_count", at, kind=kind, value=repr(n))
            _bounded(n, at, f"counters[{kind!r}]")
        for key, v in p.chosen.items():
            if key not in CHOSEN_KEYS:
                fail("chosen_key", at, key=key, known=CHOSEN_KEYS)
            if not isinstance(v, str) or not v.strip():
                fail("chosen_empty", at, key=key)
            if key == "player" and v not in names:
                fail("chosen_player", at, value=v)
            if key == "color" and v not in COLORS:
                fail("chosen_color", at, value=v)
        if "Creature" in tl.types and (p.power is None or p.toughness is None):
            fail("creature_pt", at)
        if not is_int(p.damage) or p.damage < 0:
            fail("damage", at)
        _bounded(p.damage, at, "damage")
        for fname in ("tapped", "summoning_sick"):
            if not isinstance(getattr(p, fname), bool):
                fail("not_bool", at, field=fname)
        if p.protector is not None:
            if "Battle" not in tl.types:
                fail("protector_not_battle", at)
            if p.protector not in names:
                fail("not_a_player", at, field="protector", value=p.protector)
        for g in p.goaded_by:
            if g not in names:
                fail("goaded_by", at, value=g)
        for k, f in enumerate(p.facts):
            if f not in PERMANENT_FACTS or f in p.facts[:k]:
                fail("fact", at, value=f, known=PERMANENT_FACTS)
    for p in b.permanents:
        if p.attached_to is not None:
            at = ("permanent", p.id, "attached")
            # An Aura with "Enchant player" is attached to a player (303.4, 702.5).
            if p.attached_to not in ids and p.attached_to not in names:
                fail("attached_unknown", at, value=p.attached_to)
            if p.attached_to == p.id:
                fail("attached_itself", at)
    return ids


def _effects(b: Board, ids: set[str], names: list[str]) -> None:
    for i, e in enumerate(b.effects):
        at = ("effect", i)
        if not isinstance(e.text, str) or not e.text.strip():
            fail("effect_text", at)
        _no_surrogate(e.text, at, "text")
        _text_numbers(e.text, at, "text")
        if e.controller not in names:
            fail("not_a_player", at, field="controller", value=e.controller)
        # 400.7: a target or source that has left the battlefield is listed in "gone";
        # any other id must be on the board.
        for g in e.gone:
            if not isinstance(g, str) or (g not in e.targets and g != e.source):
                fail("effect_gone_unnamed", at, value=g)
            if g in ids or g in names:
                fail("effect_gone_present", at, value=g)
        if len(set(e.gone)) != len(e.gone):
            fail("effect_gone_twice", at)
        for t in e.targets:
            if t not in ids and t not in names and t not in e.gone:
                fail("effect_target", at, value=t)
        if e.source is not None and e.source not in ids and e.source not in e.gone:
            fail("effect_source", at, value=e.source)
        if e.modes is not None:
            # 700.2a: the chosen modes, numbered from 1 in the order printed (601.2c: their
            # targets are numbered in that order). Whether the text has them, and so many,
            # is a question of its words (the board, as it reads the text).
            if not isinstance(e.modes, tuple) or not all(is_int(k) and k >= 1 for k in e.modes):
                fail("effect_modes", at, value=e.modes)
            if list(e.modes) != sorted(e.modes):
                fail("effect_modes_order", at, modes=list(e.modes))
        if e.step is not None and e.step not in COMBAT_STEPS:
            # spec Extension 3: a combat trick resolves in one of the combat's steps
            fail("effect_step", at, value=e.step, known=COMBAT_STEPS)


def _choices(b: Board, ids: set[str], names: list[str]) -> None:
    """Spec Extension 3: each choice names a permanent and, where given, a line of its
    text, a positive instance, and objects and players that are on the board."""
    for i, c in enumerate(b.choices):
        at = ("choice", i)
        if c.effect is not None:
            # a spell's choice (how it was cast, 601.2b, 601.2h): it names the board's
            # effect that is the spell, counted from 1, and no source or ability line
            if not is_int(c.effect) or not 1 <= c.effect <= len(b.effects):
                fail("choice_effect", at, value=c.effect, effects=len(b.effects))
            if c.source or c.ability is not None:
                fail("choice_effect_source", at, value=c.effect)
        elif c.source not in ids:
            fail("choice_source", at, value=c.source)
        else:
            lines = next(p.text for p in b.permanents if p.id == c.source).split("\n")
            if c.ability is not None and (not is_int(c.ability)
                                          or not 1 <= c.ability <= len(lines)):
                fail("choice_ability", at, value=c.ability, lines=len(lines),
                     source=c.source)
        if c.instance is not None and (not is_int(c.instance) or c.instance < 1):
            fail("choice_instance", at, value=c.instance)
        for t in c.targets or ():
            if t not in ids and t not in names:
                fail("choice_target", at, value=t)
        if c.attacking is not None and c.attacking not in ids and c.attacking not in names:
            fail("choice_target", at, value=c.attacking)
        if c.chosen is not None and c.chosen not in ids:
            fail("choice_target", at, value=c.chosen)
        for k in c.mode or ():
            if not is_int(k) or k < 1:
                fail("choice_mode", at, value=k)
        for k, v in (c.amounts or {}).items():
            if not is_int(v) or v < 0:
                fail("choice_amount", at, key=k, value=v)


def _attacks(b: Board, ids: set[str], names: list[str]) -> set[str]:
    # 508.1a-b, 506.3, and a battle's protector can't attack it (310.9b).
    by_id = {p.id: p for p in b.permanents}
    attackers = set(b.attacks or {})
    if b.attacks is None:
        return attackers
    attacking = b.attacking_players
    targets = set(b.attack_targets())
    for a, t in b.attacks.items():
        at = ("attacks", a)
        if a not in by_id:
            fail("attacker_unknown", at, attacker=a)
        perm = by_id[a]
        if not perm.is_creature:
            fail("attacker_not_creature", at, attacker=a)
        if perm.is_battle:
            fail("attacker_battle", at, attacker=a)
        if perm.controller not in attacking:
            fail("attacker_not_active", at, attacker=a, controller=perm.controller)
        if not isinstance(t, str) or (t not in ids and t not in names):
            fail("target_unknown", at, attacker=a, target=t)
        if t not in targets:
            fail("target_not_attackable", at, attacker=a, target=t)
        tp = by_id.get(t)
        if tp is not None and tp.is_battle and tp.protector == perm.controller:
            fail("target_own_battle", at, attacker=a, target=t, rule=b.edition.battle_attack)
    return attackers


def _blocks(b: Board, attackers: set[str]) -> None:
    # 509.1a, 802.4a; a battle's protector blocks for it (310.9c).
    if b.blocks is None:
        return
    by_id = {p.id: p for p in b.permanents}
    if b.attacks is None:
        fail("blocks_without_attacks", ("blocks",))
    for bl, atts in b.blocks.items():
        at = ("blocks", bl)
        if bl not in by_id:
            fail("blocker_unknown", at, blocker=bl)
        perm = by_id[bl]
        if not perm.is_creature:
            fail("blocker_not_creature", at, blocker=bl)
        if perm.controller not in b.defenders:
            fail("blocker_not_defending", at, blocker=bl, controller=perm.controller)
        if bl in attackers:
            fail("blocker_attacking", at, blocker=bl)
        if not atts:
            fail("blocks_nothing", at, blocker=bl)
        if len(set(atts)) != len(atts):
            fail("blocks_twice", at, blocker=bl)
        for a in atts:
            if a not in attackers:
                fail("blocks_non_attacker", at, blocker=bl, attacker=a)
            if perm.controller not in b.blocking_players_for(a):
                fail("blocks_other_player", at, blocker=bl, attacker=a,
                     rule=b.edition.battle_block)


def _combat_fields(b: Board, attackers: set[str]) -> None:
    # Blocked attackers whose blockers are gone (509.1h, 506.4); creatures that dealt
    # first-strike damage (510.4); attack targets gone (506.4c).
    _listed(b, "blocked", b.blocked, attackers, "attacker")
    _listed(b, "first_strikers", b.first_strikers, set(attackers) | set(b.blocks or ()),
            "combatant")
    if b.first_strikers is not None and b.damage_step == "first":
        fail("first_strikers_step", ("first_strikers",))
    _listed(b, "target_left", b.target_left, attackers, "attacker")
    for a in b.target_left or ():
        if b.attacks[a] in b.player_names:  # type: ignore[index]
            fail("target_left_player", ("target_left",), attacker=a)


def _listed(b: Board, field: str, ids: Optional[Iterable[str]], allowed: set[str],
            what: str) -> None:
    """A board field listing creatures in combat: attacks must be declared, every id
    must be allowed, none listed twice."""
    if ids is None:
        return
    ids = list(ids)
    if b.attacks is None:
        fail("listed_without_attacks", (field,), field=field)
    for x in ids:
        if x not in allowed:
            fail("listed_not_in_combat", (field,), field=field, value=x, what=what)
    if len(set(ids)) != len(ids):
        fail("listed_twice", (field,), field=field, what=what)


def _damage_order(b: Board, attackers: set[str]) -> None:
    # Damage assignment order: the 2024 edition only.
    if b.damage_order is None:
        return
    if not b.edition.has_order:
        fail("order_edition", ("damage_order",), rules=b.rules)
    if b.blocks is None:
        fail("order_without_blocks", ("damage_order",))
    assert b.blocks is not None and b.damage_order is not None
    blockers_of: dict[str, set[str]] = {}
    for bl, atts in b.blocks.items():
        for a in atts:
            blockers_of.setdefault(a, set()).add(bl)
    for cid, order in b.damage_order.items():
        at = ("damage_order", cid)
        if cid in attackers:
            expected, role = blockers_of.get(cid, set()), "attacker"
        elif cid in b.blocks:
            expected, role = set(b.blocks[cid]), "blocker"
        else:
            fail("order_not_in_combat", at, creature=cid)
        if len(set(order)) != len(order) or set(order) != expected:
            fail("order_wrong", at, creature=cid, role=role, expected=tuple(sorted(expected)))


def _bands(b: Board, attackers: set[str]) -> None:
    # 702.22c: attacking bands, each of two or more attackers, each attacker in one.
    seen: set[str] = set()
    for band in b.bands:
        if b.attacks is None:
            fail("bands_without_attacks", ("bands",))
        if len(band) < 2:
            fail("band_small", ("bands",), band=tuple(band))
        for a in band:
            if a not in attackers:
                fail("band_not_attacking", ("bands",), attacker=a)
            if a in seen:
                fail("band_twice", ("bands",), attacker=a)
            seen.add(a)


CHECKS.append(validate)
