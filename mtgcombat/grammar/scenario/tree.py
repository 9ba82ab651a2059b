"""The scenario language's syntax tree, made close to the model: statements,
references, declarations of players and permanents, and the transformer that
builds them from the parse tree."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from lark import Token, Transformer, v_args

from ...rules.reasons import reason
from .errors import Located
from .lexer import COLOR_LETTER, PLAYER_OPT_WORDS, number_of, unquote


# -- the syntax tree, made close to the model ----------------------------------------

@dataclass
class Ref:
    value: str
    line: int
    column: int


@dataclass
class Attr:
    kind: str
    value: Any
    line: int
    column: int


@dataclass
class PlayerDecl:
    ref: Ref
    life: Optional[Attr] = None
    team: Optional[Attr] = None
    poison: Optional[Attr] = None
    hand: Optional[Attr] = None
    pool: Optional[Attr] = None
    graveyard: Optional[Attr] = None
    graveyard_types: Optional[Attr] = None
    spells: Optional[Attr] = None
    damage_taken: Optional[Attr] = None
    drawn: Optional[Attr] = None
    died: Optional[Attr] = None
    blessing: Optional[Attr] = None


@dataclass
class PermDecl:
    line: int
    column: int
    id: Optional[Ref]
    name: Ref
    attrs: list[Attr]
    lines: list[str]


@dataclass
class Stmt:
    kind: str
    line: int
    column: int
    args: tuple = ()


@dataclass
class ChoiceDecl:
    head: Optional["Ref"]
    instance: Optional[Attr]
    fields: list
    line: int
    column: int
    #: "effect N": the choice of the board's effect N (a spell), not of a source
    effect: Optional[Attr] = None


def _yes_no(word: Token) -> bool:
    w = str(word).lower()
    if w in ("yes", "true"):
        return True
    if w in ("no", "false"):
        return False
    raise Located(reason("error.scenario_yes_no", word=str(word)), *position_of(word))


@dataclass
class _TextLines:
    lines: list[str] = field(default_factory=list)


def position_of(tok: Token) -> tuple[int, int]:
    return tok.line, tok.column


@v_args(inline=True, meta=True)
class ToAst(Transformer):
    """Parse tree -> statements with positions (compiled by :class:`Compiler`)."""

    def start(self, meta, *stmts):
        return list(stmts)

    # references and names
    def quoted_ref(self, meta, tok):
        return Ref(unquote(tok), *position_of(tok))

    def bare_ref(self, meta, *toks):
        return Ref(" ".join(toks), *position_of(toks[0]))

    quoted_name = quoted_ref
    bare_name = bare_ref

    def quoted_id(self, meta, tok):
        return ("id", Ref(unquote(tok), *position_of(tok)))

    # the game
    def rules_stmt(self, meta, word):
        return Stmt("rules", meta.line, meta.column, (word,))

    def step_stmt(self, meta, word):
        return Stmt("step", meta.line, meta.column, (word,))

    def players_stmt(self, meta, *players):
        return Stmt("players", meta.line, meta.column, players)

    def player(self, meta, ref, *opts):
        decl = PlayerDecl(ref)
        for opt in opts:
            if getattr(decl, opt.kind) is not None:
                word = PLAYER_OPT_WORDS.get(opt.kind, opt.kind)
                raise Located(reason("error.scenario_option_twice", word=word, player=ref.value),
                              opt.line, opt.column)
            setattr(decl, opt.kind, opt)
        return decl

    def life(self, meta, tok):
        return Attr("life", number_of(tok), meta.line, meta.column)

    def team(self, meta, ref):
        return Attr("team", ref.value, meta.line, meta.column)

    def poison(self, meta, tok):
        return Attr("poison", number_of(tok), meta.line, meta.column)

    def hand(self, meta, tok):
        return Attr("hand", number_of(tok), meta.line, meta.column)

    def pool(self, meta, tok):
        return Attr("pool", str(tok), meta.line, meta.column)

    def graveyard(self, meta, tok):
        return Attr("graveyard", number_of(tok), meta.line, meta.column)

    def graveyard_types(self, meta, *words):
        return Attr("graveyard_types", tuple(str(w) for w in words), meta.line, meta.column)

    def spells(self, meta, *toks):
        return Attr("spells", tuple(unquote(t) for t in toks), meta.line, meta.column)

    def damage_taken(self, meta, tok):
        return Attr("damage_taken", number_of(tok), meta.line, meta.column)

    def drawn(self, meta, tok):
        return Attr("drawn", number_of(tok), meta.line, meta.column)

    def died(self, meta, tok):
        return Attr("died", number_of(tok), meta.line, meta.column)

    def blessing(self, meta, tok):
        return Attr("blessing", True, *position_of(tok))

    def counter(self, meta, name, tok):
        key = unquote(name) if name.type == "STRING" else str(name)
        return Attr("counter", (key, number_of(tok)), meta.line, meta.column)

    def chosen(self, meta, key, ref):
        return Attr("chosen", (str(key), ref.value), meta.line, meta.column)

    def fact(self, meta, tok):
        """"fact monstrous": a fact the board records of the permanent (its ``facts``)."""
        return Attr("fact", str(tok), meta.line, meta.column)

    def band_stmt(self, meta, *refs):
        return Stmt("band", meta.line, meta.column, (refs,))

    def active_stmt(self, meta, ref):
        return Stmt("active", meta.line, meta.column, (ref,))

    def monarch_stmt(self, meta, ref):
        return Stmt("monarch", meta.line, meta.column, (ref,))

    def defending_stmt(self, meta, *refs):
        return Stmt("defending", meta.line, meta.column, refs)

    # permanents
    def section(self, meta, ref, *perms):
        return Stmt("section", meta.line, meta.column, (ref, perms))

    def permanent(self, meta, *items):
        ident: Optional[Ref] = None
        items_l = list(items)
        first = items_l[0]
        if isinstance(first, Token) and first.type == "IDDEF":
            ident = Ref(first.value[:-1], *position_of(first))
            items_l.pop(0)
        elif isinstance(first, tuple):
            ident = first[1]
            items_l.pop(0)
        name = items_l.pop(0)
        lines: list[str] = []
        attrs: list[Attr] = []
        for it in items_l:
            if isinstance(it, _TextLines):
                lines.extend(it.lines)
            elif it.kind == "text":
                lines.append(it.value)
            else:
                attrs.append(it)
        return PermDecl(meta.line, meta.column, ident, name, attrs, lines)

    def text_block(self, meta, *toks):
        return _TextLines([unquote(t) for t in toks])

    def pt(self, meta, tok):
        p, t = tok.value.split("/")
        return Attr("pt", (number_of(p, tok), number_of(t, tok)), *position_of(tok))

    def type_line(self, meta, tok):
        return Attr("type", tok.value[1:-1].strip(" \t"), *position_of(tok))

    def quoted_type_line(self, meta, tok):
        return Attr("type", unquote(tok), meta.line, meta.column)

    def color(self, meta, tok):
        return Attr("color", COLOR_LETTER[tok.value], *position_of(tok))

    def tapped(self, meta, tok):
        return Attr("tapped", True, *position_of(tok))

    def sick(self, meta, tok):
        return Attr("sick", True, *position_of(tok))

    def _int_attr(kind: str) -> Any:  # type: ignore[misc]  # noqa: N805
        def method(self, meta, tok):
            return Attr(kind, number_of(tok), meta.line, meta.column)
        return method

    damage = _int_attr("damage")
    loyalty = _int_attr("loyalty")
    defense = _int_attr("defense")
    power = _int_attr("power")
    toughness = _int_attr("toughness")

    def protector(self, meta, ref):
        return Attr("protector", ref, meta.line, meta.column)

    def goaded(self, meta, *refs):
        return Attr("goaded", refs, meta.line, meta.column)

    def attached(self, meta, _tok, ref):
        return Attr("attached", ref, meta.line, meta.column)

    def text(self, meta, tok):
        return Attr("text", unquote(tok), *position_of(tok))

    # effects and declarations
    def effect_stmt(self, meta, ctrl, *rest):
        source = None
        targets: tuple = ()
        modes = None
        gone: tuple = ()
        lines: list[str] = []
        step = None
        for r in rest:
            if isinstance(r, tuple) and r[0] == "from":
                source = r[1]
            elif isinstance(r, tuple) and r[0] == "gone":
                gone = r[1]
            elif isinstance(r, tuple) and r[0] == "modes":
                modes = r[1]
            elif isinstance(r, tuple) and r[0] == "in":
                step = r[1]
            elif isinstance(r, tuple) and r[0] == "->":
                targets = r[1]
            else:
                lines = r
        return Stmt("effect", meta.line, meta.column,
                     (ctrl, source, targets, lines, modes, gone, step))

    def effect_step(self, meta, tok):
        """"in declare blockers": the combat step a trick resolves in (spec Extension 3)."""
        value = unquote(tok) if tok.type == "STRING" else str(tok)
        return ("in", Ref(value, *position_of(tok)))

    def stack_stmt(self, meta):
        """"stack": the effects of one step are on the stack together (spec Extension 3)."""
        return Stmt("stack", meta.line, meta.column)

    def extra_turn_stmt(self, meta, word):
        """"extra turn yes": this turn is an extra turn (500.7)."""
        return Stmt("extra_turn", meta.line, meta.column, (Attr("extra_turn", _yes_no(word),
                                                                  *position_of(word)),))

    def choose_stmt(self, meta, choice):
        return Stmt("choose", meta.line, meta.column, (choice,))

    def choice(self, meta, head, *rest):
        """"goblin.2 instance 1: targets wall; may yes" (spec Extension 3, choices)."""
        instance = None
        fields: list = []
        for r in rest:
            if isinstance(r, tuple) and r[0] == "instance":
                instance = r[1]
            else:
                fields.append(r)
        return ChoiceDecl(head, instance, fields, meta.line, meta.column)

    def choice_effect(self, meta, n, *fields):
        """"effect 1: may yes": a choice of the spell that is the board's first effect
        (how it was cast: kicked, 601.2b; mana spent, 601.2h)."""
        return ChoiceDecl(None, None, list(fields), meta.line, meta.column,
                          Attr("effect", int(n), *position_of(n)))

    def choice_instance(self, meta, n):
        return ("instance", Attr("instance", int(n), *position_of(n)))

    def cf_targets(self, meta, *refs):
        return Attr("targets", refs, meta.line, meta.column)

    def cf_no_targets(self, meta):
        return Attr("targets", (), meta.line, meta.column)

    def cf_may(self, meta, word):
        return Attr("may", _yes_no(word), meta.line, meta.column)

    def cf_exert(self, meta, word):
        return Attr("exert", _yes_no(word), meta.line, meta.column)

    def cf_mode(self, meta, *ints):
        return Attr("mode", tuple(int(i) for i in ints), meta.line, meta.column)

    def cf_attacking(self, meta, ref):
        return Attr("attacking", ref, meta.line, meta.column)

    def cf_chosen(self, meta, ref):
        """"chosen bears": the permanent a player chose as a spell resolved (608.2d)."""
        return Attr("chosen", ref, meta.line, meta.column)

    def cf_amounts(self, meta, *amounts):
        return Attr("amounts", amounts, meta.line, meta.column)

    def amount(self, meta, n, ref):
        return (ref, int(n))

    def effect_source(self, meta, ref):
        return ("from", ref)

    def effect_modes(self, meta, *ints):
        """"modes 2" / "modes 1, 3": the modes chosen for a modal spell (700.2a)."""
        return ("modes", tuple(number_of(i) for i in ints))

    def effect_targets(self, meta, *refs):
        return ("->", refs)

    def effect_gone(self, meta, *refs):
        """"gone bear": targets or the source that have left the battlefield (400.7)."""
        return ("gone", refs)

    def effect_text(self, meta, *items):
        out: list[str] = []
        for it in items:
            out.extend(it.lines if isinstance(it, _TextLines) else [unquote(it)])
        return out

    def attack_stmt(self, meta, attacker, target):
        return Stmt("attack", meta.line, meta.column, (attacker, target))

    def block_stmt(self, meta, blocker, *attackers):
        return Stmt("block", meta.line, meta.column, (blocker, attackers))

    def order_stmt(self, meta, creature, *order):
        return Stmt("order", meta.line, meta.column, (creature, order))

    def blocked_stmt(self, meta, *refs):
        return Stmt("blocked", meta.line, meta.column, (refs,))

    def first_strikers_stmt(self, meta, *refs):
        return Stmt("first_strikers", meta.line, meta.column, (refs,))

    def target_left_stmt(self, meta, *refs):
        return Stmt("target_left", meta.line, meta.column, (refs,))

    def none_stmt(self, meta, word):
        return Stmt("none", meta.line, meta.column, (word,))

    del _int_attr
