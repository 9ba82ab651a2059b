"""The scenario language's printer: a board in the canonical text form (and a
choice as ``--choose`` reads it), so that text -> board -> text is a fixed point."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Callable, Sequence

from ...rules.model import Board, Choice, Effect, Permanent, Player
from .lexer import COLOR_NAMES, COLOR_LETTER, scenario_keywords, quote


_WIDTH = 88

# -- the printer -----------------------------------------------------------------------

_NAMEWORD_RE = re.compile(r'[^\s"#\[\]]+')
_REFWORD_RE = re.compile(r'(?:[^\s"#\[\](),:;\-]|-(?!>))+')
_IDDEF_RE = re.compile(r'[^\s"#\[\]:]+')
_PT_RE = re.compile(r"-?[0-9]+/-?[0-9]+")


def _words_ok(text: str, word_re: re.Pattern) -> bool:
    """Whether a name or reference reads back from its bare words. The printer is
    conservative: it quotes any keyword; after the first word (where LALR states
    are shared with a permanent's attributes) also colours and P/T."""
    if not text:
        return False
    keywords = scenario_keywords()
    for i, w in enumerate(text.split(" ")):
        if not w or not word_re.fullmatch(w) or w in keywords or _PT_RE.fullmatch(w):
            return False
        if i and w in COLOR_LETTER:
            return False
    return True


def _ref(value: str) -> str:
    return value if _words_ok(value, _REFWORD_RE) else quote(value)


def bare_or_quoted_name(name: str) -> str:
    if _words_ok(name, _NAMEWORD_RE) and ":" not in name.split(" ")[0]:
        return name
    return quote(name)


def _refs(values: Sequence[str]) -> str:
    return ", ".join(_ref(v) for v in values)


def _type_line(t: str) -> str:
    plain = (t == t.strip() and t and not any(c in '"]' for c in t)
             and not any(unicodedata.category(c)[0] in "CZ" and c != " " for c in t))
    return f"[{t}]" if plain else f"[{quote(t)}]"


def _text_lines(lines: list[str], indent: str) -> list[str]:
    return [indent + quote(x) for x in lines]


def _permanent_line(p: Permanent) -> list[str]:
    head = ""
    if p.id != p.name:
        head = (p.id if _IDDEF_RE.fullmatch(p.id) else quote(p.id)) + ": "
    parts = [head + bare_or_quoted_name(p.name)]
    if p.power is not None and p.toughness is not None:
        parts.append(f"{p.power}/{p.toughness}")
    if p.type_line != "Creature":
        parts.append(_type_line(p.type_line))
    parts.extend(COLOR_NAMES[c] for c in p.colors)
    if p.tapped:
        parts.append("tapped")
    if p.summoning_sick:
        parts.append("sick")
    for attr in ("damage", "loyalty", "defense"):
        v = getattr(p, attr)
        if v is not None and not (attr == "damage" and v == 0):
            parts.append(f"{attr} {v}")
    if p.protector is not None:
        parts.append(f"protector {_ref(p.protector)}")
    if p.goaded_by:
        parts.append(f"goaded by {_refs(p.goaded_by)}")
    if p.attached_to is not None:
        parts.append(f"attached to {_ref(p.attached_to)}")
    if (p.power is None) != (p.toughness is None):
        parts.append(f"power {p.power}" if p.power is not None else f"toughness {p.toughness}")
    for k, v in sorted(p.counters.items()):
        parts.append(f"counter {_counter_name(k)} {v}")
    for k, v in sorted(p.chosen.items()):
        parts.append(f"chosen {k} {_ref(v)}")
    for f in p.facts:
        parts.append(f"fact {f}")
    out = []
    text_lines = p.text.split("\n") if p.text else []
    if len(text_lines) == 1:
        parts.append(quote(text_lines[0]))
    out.append("  " + " ".join(parts))
    if len(text_lines) > 1:
        out.extend(_text_lines(text_lines, "    "))
    return out


def _counter_name(k: str) -> str:
    """A counter's name as the language reads it: a plain word, or quoted."""
    plain = bool(k) and all(c.isalnum() or c == "_" for c in k) and not k[0].isdigit()
    return k if plain and " " not in k and _words_ok(k, _REFWORD_RE) else quote(k)


def format_scenario(board: Board) -> str:
    """The canonical scenario text of a board (defaults omitted, id only when it
    differs from the name). ``parse_scenario`` reads it back to an equal board."""
    out: list[str] = []
    if board.rules != "current":
        out.append(f"rules {board.rules}")
    out.extend(_players_lines(board))
    controller = None
    for p in board.permanents:
        if p.controller != controller:
            out.append("")
            controller = p.controller
            out.append(f"{_ref(controller)}:")
        out.extend(_permanent_line(p))
    decl: list[str] = []
    for e in board.effects:
        decl.extend(_effect_lines(e))
    decl.extend(_declaration_lines(board))
    if decl:
        out.append("")
        out.extend(decl)
    return "\n".join(out) + "\n"


#: A player's options as the language writes them, each when the board records it
#: (not None; a number of poison counters when not 0, life when not 20).
_PLAYER_OPTIONS: tuple[tuple[str, Callable[[Any], str]], ...] = (
    ("team", lambda v: f"team {_ref(v)}"),
    ("poison", lambda v: f"poison {v}"),
    ("hand", lambda v: f"hand {v}"),
    ("mana_pool", lambda v: f"pool {v}"),
    ("graveyard", lambda v: f"graveyard {v}"),
    ("graveyard_types", lambda v: " ".join(("graveyard types", *v))),
    ("spells_cast", lambda v: " ".join(("spells", *(quote(t) for t in v)))),
    ("damage_taken", lambda v: f"damage taken {v}"),
    ("cards_drawn", lambda v: f"drawn {v}"),
    ("creatures_died", lambda v: f"died {v}"),
)


def _player_entry(p: Player) -> str:
    """A player of the ``players`` line, with the options the board records."""
    opts = [f"life {p.life}"] if p.life != 20 else []
    for name, written in _PLAYER_OPTIONS:
        v = getattr(p, name)
        if v is not None and not (name in ("poison", "mana_pool") and not v):
            opts.append(written(v))
    if p.city_blessing:
        opts.append("blessing")
    return _ref(p.name) + (f" ({', '.join(opts)})" if opts else "")


def _players_lines(board: Board) -> list[str]:
    """The ``players`` line (a long list goes on after a comma), ``active``,
    ``defending`` and ``monarch``."""
    out: list[str] = []
    players = [_player_entry(p) for p in board.players]
    line = "players " + players[0]
    for entry in players[1:]:
        if len(line) + len(entry) + 2 > _WIDTH:
            out.append(line + ",")
            line = "  " + entry
        else:
            line += ", " + entry
    out.append(line)
    out.append(f"active {_ref(board.active_player)}")
    if board.defending_players is not None:
        out.append(f"defending {_refs(board.defending_players)}")
    if board.monarch is not None:
        out.append(f"monarch {_ref(board.monarch)}")
    return out


def _effect_lines(e: Effect) -> list[str]:
    """An ``effect`` statement: its head and its text (indented lines when several)."""
    head = f"effect {_ref(e.controller)}"
    if e.source is not None:
        head += f" from {_ref(e.source)}"
    if e.modes is not None:
        head += " modes " + ", ".join(str(m) for m in e.modes)
    if e.step is not None:
        head += f" in {e.step}"
    if e.targets:
        head += f" -> {_refs(e.targets)}"
    if e.gone:
        head += f" gone {_refs(e.gone)}"
    lines = e.text.split("\n")
    if len(lines) == 1:
        return [f"{head}: {quote(lines[0])}"]
    return [f"{head}:", *_text_lines(lines, "  ")]


def _declaration_lines(board: Board) -> list[str]:
    """The declarations (attacks, blocks, damage orders, or ``no ...``), what the board
    says of the combat so far, the step, the stack and the choices."""
    decl: list[str] = []
    for name, kind in (("attacks", "attack"), ("blocks", "block"), ("damage_order", "order")):
        d = getattr(board, name)
        if d is None:
            continue
        if not d:
            decl.append(f"no {'orders' if kind == 'order' else name}")
        for k, v in d.items():
            if kind == "attack":
                decl.append(f"attack {_ref(k)} -> {_ref(v)}")
            elif kind == "block":
                decl.append(f"block {_ref(k)} -> {_refs(v)}")
            else:
                decl.append(f"order {_ref(k)}:" + (f" {_refs(v)}" if v else ""))
    if board.blocked:  # none listed means none (the language writes no empty "blocked")
        decl.append(f"blocked {_refs(board.blocked)}")
    if board.first_strikers is not None:
        decl.append("first strikers:" + (f" {_refs(board.first_strikers)}"
                                         if board.first_strikers else ""))
    if board.target_left is not None:
        decl.append(f"target left {_refs(board.target_left)}")
    for band in board.bands:
        decl.append(f"band {_refs(band)}")
    if board.damage_step is not None:
        decl.append(f"step {board.damage_step}")
    if board.stack:
        decl.append("stack")
    if board.extra_turn is not None:
        decl.append(f"extra turn {'yes' if board.extra_turn else 'no'}")
    for c in board.choices:
        decl.append("choose " + format_choice(c))
    return decl


def format_choice(c: Choice) -> str:
    """A choice in the scenario language (what ``parse_choice`` reads back)."""
    if c.effect is not None and not c.source:
        head = f"effect {c.effect}"  # a spell's choice
    else:
        head = _ref(c.source) + (f".{c.ability}" if c.ability is not None else "")
    if c.instance is not None:
        head += f" instance {c.instance}"
    parts = []
    if c.targets is not None:
        parts.append(f"targets {_refs(c.targets)}" if c.targets else "no targets")
    if c.may is not None:
        parts.append(f"may {'yes' if c.may else 'no'}")
    if c.exert is not None:
        parts.append(f"exert {'yes' if c.exert else 'no'}")
    if c.mode is not None:
        parts.append("mode " + ", ".join(str(m) for m in c.mode))
    if c.attacking is not None:
        parts.append(f"attacking {_ref(c.attacking)}")
    if c.chosen is not None:
        parts.append(f"chosen {_ref(c.chosen)}")
    if c.amounts is not None:
        parts.append("amounts " + ", ".join(f"{v} to {_ref(k)}" for k, v in c.amounts.items()))
    return head + ": " + "; ".join(parts)
