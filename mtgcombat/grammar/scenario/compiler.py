"""Compiling the scenario language's statements to a validated board: every
reference checked, every error at its line and column."""

from __future__ import annotations

import re
from typing import Any, Optional, Sequence

from ...rules.model import (
    COMBAT_STEPS, Board, BoardError, Choice, Effect, Permanent, Player, TypeLine,
)
from ...rules.reasons import Reason, reason
from .errors import ScenarioError, near
from .lexer import FIELD_OF_ERROR, NONE_KINDS, PLAYER_FIELDS, quote
from .printer import bare_or_quoted_name
from .tree import Attr, ChoiceDecl, PermDecl, Ref, Stmt, position_of


# -- compiling statements to a board -------------------------------------------------

class Compiler:
    def __init__(self, text: str, source: str) -> None:
        self.cards: Any = None  # a card database: permanents by name alone
        self.source = source
        self.lines = text.split("\n")
        self.where: list[tuple[tuple, int, int]] = []  # (where, line, column)
        #: What a reader may have meant otherwise, as reasons (warnings, not errors).
        self.notes: list[Reason] = []

    def error(self, problem: Reason, line: int, column: int) -> ScenarioError:
        """Bad input at ``line``:``column``: ``problem`` an ``error.*`` reason."""
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return ScenarioError(problem, line, column, src.rstrip("\r"), self.source)

    def at(self, node: Any, problem: Reason) -> ScenarioError:
        return self.error(problem, node.line, node.column)

    def second(self, again: Any, word: str, first: Any) -> ScenarioError:
        """A statement a board has once, written again."""
        return self.at(again, reason("error.scenario_second_line", word=word, first=first.line))

    # ---------------------------------------------------------------------------
    def compile(self, stmts: list[Stmt]) -> Board:
        """The board the statements describe: the one-line statements, the players and
        their seats, the permanents, the effects, the stack and the choices, the
        declarations -- each checked where it is written."""
        single = self.singles(stmts)
        fields: dict[str, Any] = {}
        self.header(single, fields)
        self.players(single, fields)
        self.seats(single, fields)
        self.permanents(stmts, fields)
        self.effects(stmts, fields)
        self.stack_and_choices(stmts, fields)
        self.declared(stmts, fields)
        try:
            return Board(**fields)
        except BoardError as e:
            raise self.locate(e) from None

    def singles(self, stmts: list[Stmt]) -> dict[str, Stmt]:
        """The statements a board has at most once (``players`` and ``active`` at least
        once), by kind."""
        single: dict[str, Stmt] = {}
        for s in stmts:
            if s.kind in ("rules", "players", "active", "defending", "monarch", "step"):
                if s.kind in single:
                    raise self.second(s, s.kind, single[s.kind])
                single[s.kind] = s
        top = self.first_line()
        if "players" not in single:
            raise self.error(reason("error.scenario_no_players"), top, 1)
        if "active" not in single:
            raise self.error(reason("error.scenario_no_active"), top, 1)

        return single

    def header(self, single: dict[str, Stmt], fields: dict[str, Any]) -> None:
        """``rules`` (the edition) and ``step`` (the damage step of a damage question)."""
        if "rules" in single:
            word = single["rules"].args[0]
            if word not in ("current", "2024"):
                raise self.at(word, reason("error.scenario_rules", value=str(word)))
            fields["rules"] = str(word)
            self.where.append((("rules",), *position_of(word)))
        if "step" in single:
            word = single["step"].args[0]
            if word not in ("first", "regular"):
                raise self.at(word, reason("error.scenario_step", value=str(word)))
            fields["damage_step"] = str(word)
            self.where.append((("damage_step",), *position_of(word)))

    def players(self, single: dict[str, Stmt], fields: dict[str, Any]) -> None:
        """The players in turn order, with what the board records of each."""
        players: list[Player] = []
        seen: dict[str, Ref] = {}
        for decl in single["players"].args:
            name = decl.ref.value
            if name in seen:
                raise self.at(decl.ref, reason("error.player_twice", name=name))
            seen[name] = decl.ref
            players.append(Player(name=name,
                                  life=decl.life.value if decl.life else 20,
                                  team=decl.team.value if decl.team else None,
                                  poison=decl.poison.value if decl.poison else 0,
                                  hand=decl.hand.value if decl.hand else None,
                                  mana_pool=decl.pool.value if decl.pool else "",
                                  graveyard=_value(decl.graveyard),
                                  graveyard_types=_value(decl.graveyard_types),
                                  spells_cast=_value(decl.spells),
                                  damage_taken=_value(decl.damage_taken),
                                  cards_drawn=_value(decl.drawn),
                                  creatures_died=_value(decl.died),
                                  city_blessing=decl.blessing is not None))
            self.where.append((("player", name), decl.ref.line, decl.ref.column))
            for kind, board_field in PLAYER_FIELDS.items():
                opt = getattr(decl, kind)
                if opt is not None:  # an error about this field points at its option
                    self.where.append((("player", name, board_field), opt.line, opt.column))
        self.where.append((("players",), single["players"].line, single["players"].column))
        self.player_names = [p.name for p in players]
        fields["players"] = tuple(players)

    def seats(self, single: dict[str, Stmt], fields: dict[str, Any]) -> None:
        """The active player, the defending players and the monarch."""
        active = single["active"].args[0]
        self.player(active)
        fields["active_player"] = active.value
        if "defending" in single:
            for r in single["defending"].args:
                self.player(r)
            fields["defending_players"] = tuple(r.value for r in single["defending"].args)
            self.where.append((("defending",), single["defending"].line,
                               single["defending"].column))
        self.where.append((("active",), active.line, active.column))
        self.where.append((("opponent",), active.line, active.column))
        if "monarch" in single:
            monarch = single["monarch"].args[0]
            self.player(monarch)
            fields["monarch"] = monarch.value
            self.where.append((("monarch",), monarch.line, monarch.column))

    def permanents(self, stmts: list[Stmt], fields: dict[str, Any]) -> None:
        """Each player's section: their permanents, every id different from every other
        and from the players' names."""
        perms: list[Permanent] = []
        first_of: dict[str, PermDecl] = {}
        for s in stmts:
            if s.kind != "section":
                continue
            ctrl, decls = s.args
            self.player(ctrl)
            for d in decls:
                perm = self.permanent(d, ctrl.value)
                if perm.id in first_of:
                    raise self.at(d.id or d.name, reason(
                        "error.scenario_id_twice", id=perm.id, first=first_of[perm.id].line,
                        example=_example_id(perm.name), name=perm.name))
                if perm.id in self.player_names:
                    raise self.at(d.id or d.name, reason(
                        "error.scenario_id_is_player", id=perm.id,
                        example=_example_id(perm.name), name=perm.name))
                first_of[perm.id] = d
                perms.append(perm)
                self.where.append((("permanent", perm.id), d.line, d.column))
        self.ids = set(first_of)
        fields["permanents"] = tuple(perms)

    def effects(self, stmts: list[Stmt], fields: dict[str, Any]) -> None:
        """The effects (and tricks of a combat step), their targets and sources checked
        (400.7: one gone from the battlefield is named after ``gone``)."""
        effects: list[Effect] = []
        for s in stmts:
            if s.kind != "effect":
                continue
            ctrl, source, targets, lines, modes, gone, step = s.args
            self.player(ctrl)
            # 400.7: a target or the source that has left the battlefield is named
            # after "gone" (validated with the board).
            gone_ids = {g.value for g in gone}
            for t in targets:
                if t.value not in gone_ids:
                    self.object(t, "target")
            if source is not None and source.value not in gone_ids:
                self.object(source, "source", players=False)
            text = "\n".join(lines)
            if not text.strip():
                raise self.at(s, reason("error.scenario_effect_text"))
            if step is not None and step.value not in COMBAT_STEPS:
                raise self.at(step, reason("error.scenario_effect_step", value=step.value,
                                           known=COMBAT_STEPS))
            self.where.append((("effect", len(effects)), s.line, s.column))
            effects.append(Effect(text=text, controller=ctrl.value,
                                  targets=tuple(t.value for t in targets),
                                  source=source.value if source else None, modes=modes,
                                  gone=tuple(g.value for g in gone),
                                  step=step.value if step is not None else None))
        fields["effects"] = tuple(effects)

    def stack_and_choices(self, stmts: list[Stmt], fields: dict[str, Any]) -> None:
        """``stack`` (a step's effects all on the stack together) and the choices."""
        stacks = [s for s in stmts if s.kind == "stack"]
        if len(stacks) > 1:
            raise self.second(stacks[1], "stack", stacks[0])
        if stacks:
            fields["stack"] = True
        extra = [s for s in stmts if s.kind == "extra_turn"]
        if len(extra) > 1:
            raise self.second(extra[1], "extra turn", extra[0])
        if extra:
            fields["extra_turn"] = extra[0].args[0].value  # 500.7
        choices: list[Choice] = []
        for s in stmts:
            if s.kind == "choose":
                self.where.append((("choice", len(choices)), s.line, s.column))
                choices.append(self.choice(s.args[0]))
        if choices:
            fields["choices"] = tuple(choices)

    def declared(self, stmts: list[Stmt], fields: dict[str, Any]) -> None:
        """The declarations: attacks, blocks, damage orders (or ``no ...``), the
        creatures blocked, first strikers, attackers whose target left, bands."""
        nones: dict[str, Stmt] = {}
        for s in stmts:
            if s.kind == "none":
                word = s.args[0]
                if word not in NONE_KINDS:
                    raise self.at(word, reason("error.scenario_no_what", word=str(word)))
                nones[NONE_KINDS[str(word)]] = s
        attacks = self.declarations(stmts, "attack", nones.get("attacks"))
        blocks = self.declarations(stmts, "block", nones.get("blocks"))
        order = self.declarations(stmts, "order", nones.get("damage_order"))
        fields.update(attacks=attacks, blocks=blocks, damage_order=order)
        for kind, what, word in (("blocked", "attacker", "blocked"),
                                 ("first_strikers", "creature", "first strikers"),
                                 ("target_left", "attacker", "target left")):
            found = [s for s in stmts if s.kind == kind]
            if len(found) > 1:
                raise self.second(found[1], word, found[0])
            if found:
                s = found[0]
                for r in s.args[0]:
                    self.object(r, what, players=False)
                fields[kind] = tuple(r.value for r in s.args[0])
                self.where.append(((kind,), s.line, s.column))
        bands = []
        for s in stmts:
            if s.kind == "band":
                for r in s.args[0]:
                    self.object(r, "attacker", players=False)
                bands.append(tuple(r.value for r in s.args[0]))
                self.where.append((("bands",), s.line, s.column))
        if bands:
            fields["bands"] = tuple(bands)
        for key, s in nones.items():
            self.where.append(((key,), s.line, s.column))

    def first_line(self) -> int:
        """The first line with a statement (errors about a missing one point there)."""
        for i, text in enumerate(self.lines, 1):
            if text.strip() and not text.lstrip().startswith("#"):
                return i
        return 1

    # ---------------------------------------------------------------------------
    def choice(self, d: "ChoiceDecl") -> Choice:
        """A choice (spec Extension 3): "SOURCE[.ABILITY] [instance N]: FIELD; ..."."""
        kw: dict[str, Any] = {}
        if d.head is None:
            # "effect N: ...": a spell's choice (its number checked with the board)
            source, ability = "", None
            kw["effect"] = d.effect.value if d.effect is not None else None
        else:
            source, ability = _choice_head(d.head.value, self.ids)
            if source not in self.ids:
                raise self.at(d.head, reason("error.scenario_unknown_source", value=source,
                                             closest=near(source, self.ids)))
        for f in d.fields:
            if f.kind in kw:
                raise self.at(f, reason("error.scenario_chosen_twice", field=f.kind))
            if f.kind in ("targets",):
                for r in f.value:
                    self.object(r, "target")
                kw[f.kind] = tuple(r.value for r in f.value)
            elif f.kind == "attacking":
                self.object(f.value, "attack target")
                kw[f.kind] = f.value.value
            elif f.kind == "chosen":
                self.object(f.value, "object", players=False)
                kw[f.kind] = f.value.value
            elif f.kind == "amounts":
                for r, _ in f.value:
                    self.object(r, "object")
                kw[f.kind] = {r.value: n for r, n in f.value}
            else:
                kw[f.kind] = f.value
        return Choice(source, ability=ability,
                      instance=d.instance.value if d.instance is not None else None, **kw)

    def player(self, ref: Ref) -> None:
        if ref.value not in self.player_names:
            raise self.at(ref, reason("error.scenario_unknown_player", value=ref.value,
                                      closest=near(ref.value, self.player_names),
                                      players=tuple(self.player_names)))

    def object(self, ref: Ref, what: str, players: bool = True) -> None:
        known = set(self.ids) | (set(self.player_names) if players else set())
        if ref.value not in known:
            raise self.at(ref, reason("error.scenario_unknown_object", what=what,
                                      value=ref.value, closest=near(ref.value, known),
                                      players=players))

    def colour_in_name(self, d: PermDecl) -> None:
        """A colour letter right after a bare name and before the P/T ("w2: Wall B 0/4")
        is read as a colour (105.1), though it may be meant as part of the name: noted
        (a warning), not refused -- the board is as written."""
        if not d.attrs or d.attrs[0].kind != "color" or \
                not any(a.kind == "pt" for a in d.attrs[1:]):
            return
        a, name = d.attrs[0], d.name
        if self.lines[name.line - 1][name.column - 1:name.column] == '"':
            return  # a quoted name ends where it says
        word = self.lines[a.line - 1][a.column - 1:].split()[0]
        if len(word) == 1:
            self.notes.append(reason("scenario.colour_in_name", None, (), source=self.source,
                                     line=a.line, column=a.column, word=word, name=name.value,
                                     colour=a.value))

    def permanent(self, d: PermDecl, controller: str) -> Permanent:
        kw: dict[str, Any] = {"name": d.name.value, "controller": controller}
        self.colour_in_name(d)
        kw["id"] = d.id.value if d.id is not None else d.name.value
        given: dict[str, Attr] = {}
        colors: list[str] = []
        counters: dict[str, int] = {}
        chosen: dict[str, str] = {}
        facts: list[str] = []
        for a in d.attrs:
            if a.kind == "fact":
                if a.value in facts:
                    raise self.at(a, reason("error.scenario_attr_twice", kind="fact", key=a.value))
                facts.append(a.value)
                continue
            if a.kind in ("counter", "chosen"):
                key, value = a.value
                into = counters if a.kind == "counter" else chosen
                if key in into:
                    raise self.at(a, reason("error.scenario_attr_twice", kind=a.kind, key=key))
                into[key] = value
                continue
            if a.kind == "color":
                if a.value in colors:
                    raise self.at(a, reason("error.scenario_attr_twice", kind="color",
                                            key=a.value))
                colors.append(a.value)
                continue
            slots = ("power", "toughness") if a.kind == "pt" else (a.kind,)
            if any(x in given for x in slots):
                raise self.at(a, reason("error.scenario_attr_twice", kind=a.kind, key=None))
            for x in slots:
                given[x] = a
            if a.kind == "pt":
                kw["power"], kw["toughness"] = a.value
            elif a.kind in ("power", "toughness", "damage", "loyalty", "defense"):
                kw[a.kind] = a.value
            elif a.kind == "type":
                kw["type_line"] = a.value
            elif a.kind == "tapped":
                kw["tapped"] = True
            elif a.kind == "sick":
                kw["summoning_sick"] = True
            elif a.kind == "protector":
                self.player(a.value)
                kw["protector"] = a.value.value
            elif a.kind == "goaded":
                for r in a.value:
                    self.player(r)
                kw["goaded_by"] = tuple(r.value for r in a.value)
            elif a.kind == "attached":
                kw["attached_to"] = a.value.value
                self.where.append((("permanent", kw["id"], "attached"), a.line, a.column))
        kw["colors"] = tuple(colors)
        if counters:
            kw["counters"] = counters
        if chosen:
            kw["chosen"] = chosen
        if facts:
            kw["facts"] = tuple(facts)
        kw["text"] = "\n".join(d.lines)
        if getattr(self, "cards", None) is not None and not (
                "type" in given and ("power" in given or "Creature" not in kw["type_line"])):
            self._from_card(d, kw, given)
        perm = Permanent(**kw)
        self._typed(d, perm, given)
        return perm

    def _typed(self, d: PermDecl, perm: Permanent, given: dict[str, Attr]) -> None:
        """A permanent's type line read (205), and a creature's power and toughness
        there (208.1): what is missing is bad input saying what was likely meant."""
        try:
            types = TypeLine.parse(perm.type_line)
        except BoardError as e:
            raise self.at(given.get("type", d.name), e.why) from None
        if "Creature" in types.types and (perm.power is None or perm.toughness is None):
            src = self.lines[d.name.line - 1] if 0 < d.name.line <= len(self.lines) else ""
            quoted = src[d.name.column - 1:d.name.column] == '"'
            last = d.name.value.split(" ")[-1] if not quoted else ""
            if "/" in last:
                raise self.at(d.name, reason("error.scenario_not_pt", value=last))
            if quoted and not d.attrs and d.id is None:
                raise self.at(d.name, reason("error.scenario_text_indent",
                                             text=quote(perm.name)))
            raise self.at(d.name, reason("error.scenario_needs_pt", name=perm.name,
                                         written=bare_or_quoted_name(perm.name)))

    def _from_card(self, d: PermDecl, kw: dict, given: dict) -> None:
        """Cards by name: what the line doesn't say comes from the card (the line wins)."""
        from ...cards import fill

        card = self.cards.lookup(kw["name"])
        if card is None:
            if "type" in given:
                return  # a permanent of the board's own making
            raise self.at(d.name, self.cards.unknown(kw["name"]))
        perm: dict[str, Any] = {"id": kw["id"], "name": kw["name"]}
        if "type" in given:
            perm["type_line"] = kw["type_line"]
        for k in ("power", "toughness", "loyalty", "defense"):
            if k in kw:
                perm[k] = kw[k]
        if kw["colors"]:
            perm["colors"] = list(kw["colors"])
        if kw["text"]:
            perm["text"] = kw["text"]
        try:
            filled = fill(perm, card)
        except BoardError as e:
            raise self.at(d.name, e.why) from None
        kw["name"] = filled["name"]
        kw["type_line"] = filled["type_line"]
        kw["colors"] = tuple(filled.get("colors") or ())
        kw["text"] = filled.get("text") or ""
        for k in ("power", "toughness", "loyalty", "defense"):
            if filled.get(k) is not None:
                kw[k] = filled[k]

    def declarations(self, stmts: Sequence[Stmt], kind: str,
                     none: Optional[Stmt]) -> Optional[dict]:
        out: dict[str, Any] = {}
        first: dict[str, Stmt] = {}
        key = {"attack": "attacks", "block": "blocks", "order": "damage_order"}[kind]
        for s in stmts:
            if s.kind != kind:
                continue
            if none is not None:
                raise self.at(s, reason("error.scenario_after_none", kind=kind,
                                        none=str(none.args[0]), line=none.line))
            subject, rest = s.args
            self.object(subject, {"attack": "attacker", "block": "blocker",
                                  "order": "creature"}[kind], players=False)
            if subject.value in first:
                raise self.at(subject, reason("error.scenario_declared_twice",
                                              creature=subject.value, kind=kind,
                                              line=first[subject.value].line))
            first[subject.value] = s
            if kind == "attack":
                self.object(rest, "attack target")
                out[subject.value] = rest.value
            else:
                for r in rest:
                    self.object(r, "attacker" if kind == "block" else "creature",
                                players=False)
                out[subject.value] = tuple(r.value for r in rest)
            self.where.append(((key, subject.value), s.line, s.column))
            if kind != "attack":
                self.where.append(((key,), s.line, s.column))
        if none is not None:
            return {}
        if not out:
            return None
        return out

    def locate(self, e: BoardError) -> ScenarioError:
        """The line of the part of the board an error is about (its reason's ``where``:
        ("permanent", id), ("attacks", attacker) ..., or a field), the longest match
        first; else the first line."""
        where = tuple(e.why.get("where") or ())
        if where[:1] == ("player",) and len(where) == 2:
            # An error about one of a player's fields points at the option that gives it.
            board_field = e.why.get("field") or FIELD_OF_ERROR.get(e.why.code)
            if board_field:
                where += (board_field,)
        for n in range(len(where), 0, -1):
            for key, line, column in self.where:
                if key == where[:n]:
                    return self.error(e.why, line, column)
        return self.error(e.why, self.first_line(), 1)


def _value(opt: Optional[Attr]) -> Any:
    return opt.value if opt is not None else None


def _example_id(name: str) -> str:
    word = re.sub(r"[^0-9A-Za-z]+", "-", name.split(",")[0].strip().split(" ")[-1].lower())
    return (word.strip("-") or "x") + "2"


def _choice_head(head: str, ids: Any) -> tuple[str, Optional[int]]:
    """"goblin.2" -> ("goblin", 2); an id that is itself on the board stays whole."""
    if head in ids:
        return head, None
    base, dot, line = head.rpartition(".")
    if dot and line.isdigit() and base:
        return base, int(line)
    return head, None
