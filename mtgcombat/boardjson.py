"""The JSON board (board format 1, ``shared/spec/board-format.md``): load with
validation, dump, round-trip.

Unknown fields are errors (a typo must not be silently ignored); every error is
one :class:`~mtgcombat.rules.model.BoardError` line naming the field.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Optional, TypeVar

from .rules.model import Board, BoardError, Choice, Effect, Permanent, Player
from .rules.reasons import reason

TOP_FIELDS = {
    "rules", "players", "active_player", "defending_players", "permanents", "effects",
    "attacks", "blocks", "damage_order", "damage_step", "blocked",
    "first_strikers", "target_left", "bands", "monarch", "stack", "choices", "extra_turn",
}
#: What ``show --json`` reports beside the board (the sentences not understood): read back,
#: it is a report about the board, not a part of it, so it is accepted and ignored -- the
#: output of ``show --json`` is itself a board.
REPORT_FIELDS = {"not_understood", "not_understood_sources"}
PLAYER_FIELDS = {"name", "life", "team", "poison", "hand", "mana_pool", "graveyard",
                 "graveyard_types", "spells_cast", "damage_taken", "cards_drawn",
                 "creatures_died", "city_blessing"}
PERMANENT_FIELDS = {
    "id", "name", "controller", "type_line", "colors", "power", "toughness", "text",
    "tapped", "summoning_sick", "damage", "loyalty", "defense", "protector", "goaded_by",
    "attached_to", "counters", "chosen", "facts",
}
EFFECT_FIELDS = {"text", "controller", "targets", "source", "modes", "gone", "step"}
#: Spec Extension 3: a choice an ability leaves to a player.
CHOICE_FIELDS = {"source", "ability", "instance", "targets", "mode", "may", "exert", "amounts",
                 "attacking", "effect", "chosen"}

B = TypeVar("B", bound=Board)


def _unknown(obj: Mapping, allowed: set, where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        from .errors import closest

        raise BoardError(reason("error.unknown_field", at=where, field=extra[0],
                                near=closest(extra[0], allowed)))


def _type(value: Any, typ, where: str, what: str) -> Any:
    ok = isinstance(value, typ) and not (typ is int and isinstance(value, bool))
    if typ is int and isinstance(value, bool):
        ok = False
    if not ok:
        raise BoardError(reason("error.field_type", at=where, field=what,
                                expected=_TYPE_NAMES.get(typ, str(typ)),
                                value=json.dumps(value)))
    return value


_TYPE_NAMES = {int: "integer", str: "string", bool: "boolean", list: "array", dict: "object"}


def _opt(obj: Mapping, key: str, typ, where: str, default=None):
    if key not in obj or (obj[key] is None and default is None and typ is not bool):
        return default
    return _type(obj[key], typ, where, key)


def _str_list(value: Any, where: str, what: str) -> tuple[str, ...]:
    _type(value, list, where, what)
    for v in value:
        _type(v, str, where, f"each entry of {what}")
    return tuple(value)


def board_from_data(data: Any, cls: type[B] = Board, cards: Any = None) -> B:  # type: ignore[assignment]
    """Build a validated board from decoded JSON data."""
    if not isinstance(data, dict):
        raise BoardError(reason("error.not_object", at="", what="board"))
    if cards is not None:
        # Cards by name (Extension 2): what a permanent doesn't give comes from its card.
        from .cards import fill_board

        data = fill_board(data, cards)
    _unknown(data, TOP_FIELDS | REPORT_FIELDS, "board")
    if "players" not in data:
        raise BoardError(reason("error.missing_field", at="board", field="players"))
    if "active_player" not in data:
        raise BoardError(reason("error.missing_field", at="board", field="active_player"))
    players = _players(data)
    permanents = _permanents(data)
    effects = _effects(data)
    declared = _declared(data)
    choices = []
    for i, c in enumerate(_type(data.get("choices", []), list, "board", "choices")):
        choices.append(_choice(c, f"choices[{i}]"))
    defending = None
    if data.get("defending_players") is not None:
        defending = _str_list(data["defending_players"], "board", "defending_players")
    return cls(
        players=tuple(players),
        active_player=_type(data["active_player"], str, "board", "active_player"),
        rules=_opt(data, "rules", str, "board", "current"),
        defending_players=defending,
        permanents=tuple(permanents),
        effects=tuple(effects),
        damage_step=_opt(data, "damage_step", str, "board"),
        **declared,
        monarch=_opt(data, "monarch", str, "board"),
        stack=_opt(data, "stack", bool, "board", False),
        choices=tuple(choices),
        extra_turn=_opt(data, "extra_turn", bool, "board"),
    )


def _players(data: Mapping) -> list[Player]:
    """The board's players, each field checked."""
    players = []
    for i, p in enumerate(_type(data["players"], list, "board", "players")):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise BoardError(reason("error.not_object", at=where, what="player"))
        _unknown(p, PLAYER_FIELDS, where)
        if "name" not in p:
            raise BoardError(reason("error.missing_field", at=where, field="name"))
        players.append(Player(
            name=_type(p["name"], str, where, "name"),
            life=_opt(p, "life", int, where, 20),
            team=_opt(p, "team", str, where),
            poison=_opt(p, "poison", int, where, 0),
            hand=_opt(p, "hand", int, where),
            mana_pool=_opt(p, "mana_pool", str, where, ""),
            graveyard=_opt(p, "graveyard", int, where),
            graveyard_types=(_str_list(p["graveyard_types"], where, "graveyard_types")
                             if p.get("graveyard_types") is not None else None),
            spells_cast=(_str_list(p["spells_cast"], where, "spells_cast")
                         if p.get("spells_cast") is not None else None),
            damage_taken=_opt(p, "damage_taken", int, where),
            cards_drawn=_opt(p, "cards_drawn", int, where),
            creatures_died=_opt(p, "creatures_died", int, where),
            city_blessing=_opt(p, "city_blessing", bool, where, False),
        ))
    return players


def _permanents(data: Mapping) -> list[Permanent]:
    """The board's permanents, each field checked (two of one name need ids)."""
    permanents = []
    raw_perms = _type(data.get("permanents", []), list, "board", "permanents")
    names = [p.get("name") for p in raw_perms if isinstance(p, dict)]
    for i, p in enumerate(raw_perms):
        where = f"permanents[{i}]"
        if not isinstance(p, dict):
            raise BoardError(reason("error.not_object", at=where, what="permanent"))
        _unknown(p, PERMANENT_FIELDS, where)
        for req in ("name", "controller"):
            if req not in p:
                raise BoardError(reason("error.missing_field", at=where, field=req))
        name = _type(p["name"], str, where, "name")
        where = f"permanent {name!r}"
        if "id" not in p and names.count(name) > 1:
            raise BoardError(reason("error.same_name", at=where, name=name))
        colors = _str_list(p.get("colors", []), where, "colors")
        permanents.append(Permanent(
            id=_opt(p, "id", str, where, name),
            name=name,
            controller=_type(p["controller"], str, where, "controller"),
            type_line=_opt(p, "type_line", str, where, "Creature"),
            colors=colors,
            power=_opt(p, "power", int, where),
            toughness=_opt(p, "toughness", int, where),
            text=_opt(p, "text", str, where, ""),
            tapped=_opt(p, "tapped", bool, where, False),
            summoning_sick=_opt(p, "summoning_sick", bool, where, False),
            damage=_opt(p, "damage", int, where, 0),
            loyalty=_opt(p, "loyalty", int, where),
            defense=_opt(p, "defense", int, where),
            protector=_opt(p, "protector", str, where),
            goaded_by=_str_list(p.get("goaded_by", []), where, "goaded_by"),
            attached_to=_opt(p, "attached_to", str, where),
            counters=_int_map(p.get("counters", {}), where, "counters"),
            chosen=_str_map(p.get("chosen", {}), where, "chosen"),
            facts=_str_list(p.get("facts", []), where, "facts"),
        ))
    return permanents


def _effects(data: Mapping) -> list[Effect]:
    """The board's effects (spec Extension 3: with a ``step``, a trick of that step)."""
    effects = []
    for i, e in enumerate(_type(data.get("effects", []), list, "board", "effects")):
        where = f"effects[{i}]"
        if not isinstance(e, dict):
            raise BoardError(reason("error.not_object", at=where, what="effect"))
        _unknown(e, EFFECT_FIELDS, where)
        for req in ("text", "controller"):
            if req not in e:
                raise BoardError(reason("error.missing_field", at=where, field=req))
        effects.append(Effect(
            text=_type(e["text"], str, where, "text"),
            controller=_type(e["controller"], str, where, "controller"),
            targets=_str_list(e.get("targets", []), where, "targets"),
            source=_opt(e, "source", str, where),
            modes=_modes(e, where),
            gone=_str_list(e.get("gone", []), where, "gone"),
            step=_opt(e, "step", str, where),
        ))
    return effects


def _declared(data: Mapping) -> dict[str, Any]:
    """The board's declarations and the facts of a damage question: attacks, blocks,
    damage orders, creatures blocked, first strikers, attackers whose target left,
    bands."""
    attacks = None
    if data.get("attacks") is not None:
        raw = _type(data["attacks"], dict, "board", "attacks")
        attacks = {k: _type(v, str, "attacks", f"the target of {k!r}") for k, v in raw.items()}
    blocks = None
    if data.get("blocks") is not None:
        raw = _type(data["blocks"], dict, "board", "blocks")
        blocks = {k: _str_list(v, "blocks", f"the attackers blocked by {k!r}") for k, v in raw.items()}
    order = None
    if data.get("damage_order") is not None:
        raw = _type(data["damage_order"], dict, "board", "damage_order")
        order = {k: _str_list(v, "damage_order", f"the order of {k!r}") for k, v in raw.items()}
    blocked = None
    if data.get("blocked") is not None:
        blocked = _str_list(data["blocked"], "board", "blocked")
    first_strikers = target_left = None
    if data.get("first_strikers") is not None:
        first_strikers = _str_list(data["first_strikers"], "board", "first_strikers")
    if data.get("target_left") is not None:
        target_left = _str_list(data["target_left"], "board", "target_left")
    bands: tuple = ()
    if data.get("bands") is not None:
        bands = tuple(_str_list(x, "bands", "a band")
                      for x in _type(data["bands"], list, "board", "bands"))
    return dict(attacks=attacks, blocks=blocks, damage_order=order, blocked=blocked,
                first_strikers=first_strikers, target_left=target_left, bands=bands)

def _choice(c: Any, where: str) -> Choice:
    """Spec Extension 3: ``{"source": id, "ability": line, "instance": n, "targets": [...],
    "mode": [...], "may": bool, "exert": bool, "amounts": {...}, "attacking": target}``."""
    if not isinstance(c, dict):
        raise BoardError(reason("error.not_object", at=where, what="choice"))
    _unknown(c, CHOICE_FIELDS, where)
    if "source" not in c and "effect" not in c:
        raise BoardError(reason("error.missing_field", at=where, field="source"))
    mode = None
    if c.get("mode") is not None:
        mode = tuple(_type(v, int, where, "each entry of mode")
                     for v in _type(c["mode"], list, where, "mode"))
    return Choice(
        # a spell's choice names its effect (a number from 1) instead of a source
        source=_type(c.get("source", ""), str, where, "source"),
        effect=_opt(c, "effect", int, where),
        ability=_opt(c, "ability", int, where),
        instance=_opt(c, "instance", int, where),
        targets=_str_list(c["targets"], where, "targets") if c.get("targets") is not None
        else None,
        mode=mode,
        may=_opt(c, "may", bool, where),
        exert=_opt(c, "exert", bool, where),
        amounts=_int_map(c["amounts"], where, "amounts") if c.get("amounts") is not None
        else None,
        attacking=_opt(c, "attacking", str, where),
        chosen=_opt(c, "chosen", str, where),
    )


def choice_to_data(c: Choice) -> dict:
    """A choice as JSON data (the fields it chooses)."""
    d: dict[str, Any] = {"source": c.source} if c.effect is None or c.source else {}
    for k in ("effect", "ability", "instance"):
        if getattr(c, k) is not None:
            d[k] = getattr(c, k)
    if c.targets is not None:
        d["targets"] = list(c.targets)
    if c.mode is not None:
        d["mode"] = list(c.mode)
    for k in ("may", "exert", "attacking", "chosen"):
        if getattr(c, k) is not None:
            d[k] = getattr(c, k)
    if c.amounts is not None:
        d["amounts"] = dict(c.amounts)
    return d


def _modes(e: Mapping, where: str) -> Optional[tuple[int, ...]]:
    """An effect's chosen modes (700.2a): a list of mode numbers, or not given."""
    if e.get("modes") is None:
        return None
    return tuple(_type(v, int, where, "each entry of modes")
                 for v in _type(e["modes"], list, where, "modes"))


def _int_map(value: Any, where: str, what: str) -> dict:
    _type(value, dict, where, what)
    for k, v in value.items():
        _type(v, int, where, f"{what}[{k!r}]")
    return dict(value)


def _str_map(value: Any, where: str, what: str) -> dict:
    _type(value, dict, where, what)
    for k, v in value.items():
        _type(v, str, where, f"{what}[{k!r}]")
    return dict(value)


def load_board_json(text: str, source: str = "<json>",
                    cls: type[B] = Board,  # type: ignore[assignment]
                    cards: Any = None) -> B:
    """Parse a JSON board. Errors are one BoardError line (with line:column for
    malformed JSON)."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_json_int)
    except json.JSONDecodeError as e:
        raise BoardError(reason("error.json_malformed", source=source, line=e.lineno,
                                column=e.colno, problem=e.msg)) from None
    except _Duplicate as e:
        raise BoardError(reason("error.json_twice", source=source, field=e.args[0])) from None
    except _TooLong as e:
        raise BoardError(reason("error.json_number", source=source, at=e.where(text),
                                start=e.digits.lstrip("-")[:MAX_DIGITS],
                                digits=len(e.digits.lstrip("-")))) from None
    except RecursionError:
        raise BoardError(reason("error.json_deep", source=source, limit=MAX_DEPTH)) from None
    if depth(data) > MAX_DEPTH:  # whatever the interpreter's recursion limit is
        raise BoardError(reason("error.json_deep", source=source, limit=MAX_DEPTH))
    bad = lone_surrogate(data) if "\\u" in text or not _utf8(text) else None
    if bad is not None:
        raise BoardError(reason("error.json_surrogate", source=source, where=bad))
    if source == "<json>":
        return board_from_data(data, cls, cards)
    try:
        return board_from_data(data, cls, cards)
    except BoardError as e:  # name the file the problem is in
        raise BoardError(reason("error.in_source", source=source, inner=e.why)) from None


def _utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (holds no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def lone_surrogate(data: Any, where: str = "the board") -> Optional[str]:
    """Where a string with a lone UTF-16 surrogate is (JSON "\\ud800" escapes decode
    to one; such a string can't be written back as UTF-8), or None."""
    stack = [(data, where)]
    while stack:
        v, w = stack.pop()
        if isinstance(v, str):
            if not _utf8(v):
                return w
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str) and not _utf8(k):
                    return f"a key in {w}"
                stack.append((x, f"{w}[{k!r}]" if w != "the board" else repr(k)))
        elif isinstance(v, list):
            stack.extend((x, w) for x in v)
    return None


class _Duplicate(ValueError):
    pass


#: More digits than any number of a board can have: such a number is an attempt to
#: overflow (Python won't read one of 4,300 digits); one of fewer digits but larger than
#: a board holds (rules.model.LIMIT) is refused by the board's checks, naming its field.
MAX_DIGITS = 100


class _TooLong(ValueError):
    """A JSON number of more than :data:`MAX_DIGITS` digits."""

    def __init__(self, digits: str) -> None:
        self.digits = digits
        super().__init__(f"the number {digits.lstrip('-')[:MAX_DIGITS]}... "
                         f"({len(digits.lstrip('-'))} digits) is larger than any a board can "
                         "hold")

    def where(self, text: str) -> str:
        """line:column of the number in ``text``."""
        i = max(text.find(self.digits), 0)
        return f"{text.count(chr(10), 0, i) + 1}:{i - text.rfind(chr(10), 0, i)}"


def _json_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(digits)
    return int(digits)


def _no_duplicates(pairs: list) -> dict:
    """A JSON object whose keys are all different: a repeated key would otherwise
    silently drop one of the values (a typo must not be silently ignored)."""
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise _Duplicate(k)
        out[k] = v
    return out


#: The deepest JSON a board (or a declaration) is read from: a board nests 5 levels.
MAX_DEPTH = 64


def depth(data: Any) -> int:
    """How deeply parsed JSON nests (an object or array is one level), counted without
    recursion."""
    most, stack = 0, [(data, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, dict):
            most = max(most, d)
            stack.extend((v, d + 1) for v in x.values())
        elif isinstance(x, list):
            most = max(most, d)
            stack.extend((v, d + 1) for v in x)
    return most


def loads_strict(text: str) -> Any:
    """``json.loads`` that rejects repeated keys (raises json.JSONDecodeError or
    ValueError naming the key) and JSON nested beyond :data:`MAX_DEPTH`."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_json_int)
    except _Duplicate as e:
        raise ValueError(f"field {e.args[0]!r} is given twice in one object") from None
    except _TooLong as e:
        raise ValueError(f"{e.where(text)}: {e}") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if depth(data) > MAX_DEPTH:
        raise ValueError(f"nested too deeply (at most {MAX_DEPTH} levels)")
    if "\\u" in text and lone_surrogate(data) is not None:
        raise ValueError("contains a lone surrogate (\\ud800-\\udfff), which is not text")
    return data


#: Fields of Extension 2: written only when they differ from the default, so that
#: a normalised board of format 1 reads exactly as before.
_NEW_FIELDS = frozenset({"counters", "chosen", "facts"})


def board_to_data(board: Board, full: bool = False) -> dict:
    """The JSON data of a board. ``full``: every field with its default filled in
    (the normalised board of ``show --json``); else defaults are omitted."""
    out: dict[str, Any] = {}
    if full or board.rules != "current":
        out["rules"] = board.rules
    out["players"] = [_player_data(p, full) for p in board.players]
    out["active_player"] = board.active_player
    if full:
        out["defending_players"] = list(board.defenders)
    elif board.defending_players is not None:
        out["defending_players"] = list(board.defending_players)
    perms = [_permanent_data(p, full) for p in board.permanents]
    if full or perms:
        out["permanents"] = perms
    effects = [_effect_data(e, full) for e in board.effects]
    if full or effects:
        out["effects"] = effects
    out.update(_combat_data(board))
    return out


def _player_data(p: Any, full: bool) -> dict[str, Any]:
    """A player's JSON object (``full``: life even when 20)."""
    d: dict[str, Any] = {"name": p.name}
    if full or p.life != 20:
        d["life"] = p.life
    if p.team is not None:
        d["team"] = p.team
    if p.poison:
        d["poison"] = p.poison
    if p.hand is not None:
        d["hand"] = p.hand
    if p.mana_pool:
        d["mana_pool"] = p.mana_pool
    for name in ("graveyard", "graveyard_types", "spells_cast", "damage_taken",
                 "cards_drawn", "creatures_died"):
        value = getattr(p, name)
        if value is not None:
            d[name] = list(value) if isinstance(value, tuple) else value
    if p.city_blessing:
        d["city_blessing"] = True
    return d


#: A permanent's fields and their defaults (left out of a board that is not ``full``).
_PERMANENT_DEFAULTS: dict[str, Any] = {
    "type_line": "Creature", "colors": [], "power": None, "toughness": None,
    "text": "", "tapped": False, "summoning_sick": False, "damage": 0,
    "loyalty": None, "defense": None, "protector": None, "goaded_by": [],
    "attached_to": None, "counters": {}, "chosen": {}, "facts": [],
}


def _permanent_data(p: Any, full: bool) -> dict[str, Any]:
    """A permanent's JSON object (``full``: its id and every field but the newest,
    a creature's unknown power and toughness as null)."""
    d: dict[str, Any] = {"id": p.id, "name": p.name, "controller": p.controller}
    if not full and p.id == p.name:
        del d["id"]
    for k, dv in _PERMANENT_DEFAULTS.items():
        v = getattr(p, k)
        if isinstance(v, tuple):
            v = list(v)
        elif isinstance(v, Mapping):
            v = dict(v)
        if v is None and (not full or dv is None):
            if full and k in ("power", "toughness") and p.is_creature:
                d[k] = v
            continue
        if (full and k not in _NEW_FIELDS) or v != dv:
            d[k] = v
    return d


def _effect_data(e: Any, full: bool) -> dict[str, Any]:
    """An effect's JSON object (``full``: its targets even when none)."""
    d: dict[str, Any] = {"text": e.text, "controller": e.controller}
    if full or e.targets:
        d["targets"] = list(e.targets)
    if e.source is not None:
        d["source"] = e.source
    if e.modes is not None:
        d["modes"] = list(e.modes)
    if e.gone:
        d["gone"] = list(e.gone)
    if e.step is not None:
        d["step"] = e.step
    return d


def _combat_data(board: Board) -> dict[str, Any]:
    """The declarations and what the board says of the combat so far, the monarch, the
    stack and the choices: each only when the board gives it."""
    out: dict[str, Any] = {}
    if board.attacks is not None:
        out["attacks"] = dict(board.attacks)
    if board.blocks is not None:
        out["blocks"] = {k: list(v) for k, v in board.blocks.items()}
    if board.damage_order is not None:
        out["damage_order"] = {k: list(v) for k, v in board.damage_order.items()}
    if board.damage_step is not None:
        out["damage_step"] = board.damage_step
    if board.blocked is not None:
        out["blocked"] = list(board.blocked)
    if board.first_strikers is not None:
        out["first_strikers"] = list(board.first_strikers)
    if board.target_left is not None:
        out["target_left"] = list(board.target_left)
    if board.bands:
        out["bands"] = [list(b) for b in board.bands]
    if board.monarch is not None:
        out["monarch"] = board.monarch
    if board.stack:
        out["stack"] = True
    if board.choices:
        out["choices"] = [choice_to_data(c) for c in board.choices]
    if board.extra_turn is not None:
        out["extra_turn"] = board.extra_turn
    return out


def dump_board_json(board: Board, full: bool = False, indent: Optional[int] = 2) -> str:
    return json.dumps(board_to_data(board, full), indent=indent, ensure_ascii=False)
