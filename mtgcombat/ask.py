"""The questions mtgcombat answers, one registry below every door.

Each question is one :class:`Question`: its name, the options it takes (names in
:data:`mtgcombat.options.OPTIONS`), how it is asked of a board, its JSON answer (the
spec's ``--json`` shape) and its words. The command line (:mod:`mtgcombat.cli`),
``batch`` (:mod:`mtgcombat.batch`) and the web lab (:mod:`mtgcombat.web`) all parse
options with :func:`mtgcombat.options.parse` and call :func:`answer`; none of them
imports another. A new question is a module in :mod:`mtgcombat.questions`, its words
in :mod:`mtgcombat.text`, and one entry in :data:`QUESTIONS`.

>>> from mtgcombat.options import Door
>>> board = board_from_request({"players": [{"name": "Alice"}, {"name": "Bob"}],
...     "active_player": "Alice", "permanents": [{"name": "Grizzly Bears",
...     "controller": "Alice", "power": 2, "toughness": 2}]})
>>> reply = answer(board, parse("attacks", ["--limit", "1"], Door.REQUEST))
>>> reply.json()["status"], reply.json()["declarations"][0]["declaration"]
('truncated', {})
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, Union

from .errors import BadInput, BoardError
from . import options as _options
# What every request needs, imported once here (an import inside a function costs a few
# microseconds at each call: a tenth of what a door adds to a small question, issue 22).
from .board import Board
from .boardjson import MAX_DEPTH, depth
from .editions import edition
from .text import Writer
from .options import COMMON, Door, OptionError, Options
from .rules.reasons import Reason, english, reason

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .rules.values import DeclarationKind
    from .text import Writer
    from .text.report import Line, Table

    Report = list[Union[Line, Table]]

__all__ = ["Question", "QUESTIONS", "Context", "Reply", "answer", "prepare", "parse",
           "board_from_request", "BadInput", "names"]

@dataclass
class Context:
    """What a door gives a question besides the board and the options: the end of its
    time (``--time-limit`` bounds the whole command, from when the door started it) and
    the hooks that show progress."""

    deadline: Optional[float] = None
    #: Called with each declaration a listing finds (progress lines, a live table).
    on_found: Optional[Callable[[Any], None]] = None
    #: Called with the requirements maximum as soon as a listing knows it.
    on_max: Optional[Callable[[Optional[int]], None]] = None
    #: Warnings for a person (standard error on the command line); never the answer.
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def starting_now(cls, time_limit: Optional[float], started: Optional[float] = None,
                     **kw: Any) -> "Context":
        """A context whose time runs from ``started`` (a :func:`time.monotonic` time:
        the process's start for a command) or from now."""
        start = time.monotonic() if started is None else started
        end = None if time_limit is None else start + time_limit
        return cls(deadline=end, **kw)

    def expired(self) -> bool:
        """Whether the time limit has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def remaining(self) -> Optional[float]:
        """What is left of the time limit (None: no limit)."""
        if self.deadline is None:
            return None
        return max(0.0005, self.deadline - time.monotonic())


Ask = Callable[["Board", Options, Context], Any]
ToJson = Callable[[Any, "Writer", Options, "Board"], dict]
Words = Callable[[Any, "Writer", Options, "Board"], Union["Report", str]]


@dataclass(frozen=True)
class Question:
    """One question: its name, its options, how it is asked, its answer's JSON and words."""

    name: str
    #: One line for ``--help`` listings.
    summary: str
    description: str
    examples: tuple[str, ...]
    #: The names of the options it takes, besides the common ones.
    own: tuple[str, ...]
    ask: Ask
    to_json: ToJson
    words: Words
    #: Options that may be given more than once (one value each time).
    repeated: tuple[str, ...] = ()
    #: Whether ``not_understood`` is added to its JSON answer (``show`` has its own).
    carries_not_understood: bool = True

    @property
    def options(self) -> tuple[str, ...]:
        return COMMON + self.own


def parse(name: str, args: Any, door: Any = None) -> Options:
    """The options of question ``name`` given as ``args`` at ``door`` (default: the
    command line, the board's path first), by the one option grammar."""
    q = QUESTIONS.get(name)
    if q is None:
        raise OptionError(reason("error.unknown_question", value=_options.quoted(str(name)),
                                 known=tuple(QUESTIONS)))
    return _options.parse(name, q.options, args, door or Door.COMMAND_LINE, q.repeated)


def names() -> list[str]:
    """The questions, in the order the help lists them."""
    return list(QUESTIONS)


# -- boards -------------------------------------------------------------------------------


def board_from_request(data: Any, cards: Any = None) -> "Board":
    """A request's board: a JSON board (an object) or a board's text (JSON or the
    scenario language)."""
    if isinstance(data, dict):
        return Board.from_data(data, cards=cards)
    if isinstance(data, str):
        return Board.parse(data, "<request>", cards=cards)
    raise BoardError(reason("error.request_board"))


def prepare(board: "Board", opts: Options, ctx: Context) -> "Board":
    """The board as every question takes it: ``--rules`` instead of the board's edition,
    ``--strict`` refusing a sentence not understood, its texts bound (what can't be bound
    is bad input in every question alike)."""
    rules = opts.rules
    if rules and rules != board.rules:
        origin = board.__dict__.get("origin")
        if board.damage_order is not None and not edition(rules).has_order:
            # The 2024 damage assignment order means nothing under the current rules
            # (510.1c-d): said, then dropped.
            ctx.warnings.append(writer(board, opts).t("human.order_ignored", rules=rules))
            board = board.evolve(rules=rules, damage_order=None)
        else:
            board = board.evolve(rules=rules)
        if origin is not None:
            board.__dict__["origin"] = origin
    if opts.choose:
        # spec Extension 3: --choose adds choices to the board's own
        from .grammar.scenario import parse_choice

        origin = board.__dict__.get("origin")
        extra = tuple(parse_choice(text, board) for text in opts.choose)
        flags = board.__dict__.get("flag_choices", ())
        board = board.evolve(choices=tuple(board.choices) + extra)
        board.__dict__["flag_choices"] = flags + extra  # an error of theirs is the flag's
        if origin is not None:
            board.__dict__["origin"] = origin
    if opts.strict:
        board.require_understood()
    try:
        board.bound
    except Exception as e:
        # a spell's choice missing as the board is read (how it was cast, 601.2b): the
        # decisions search the deciding side's (_best_over_choices), the rest say so
        from .rules.stack import ChoiceNeeded

        if not (isinstance(e, ChoiceNeeded) and opts.question in _AFTER_REPLY):
            raise
    return board


def writer(board: "Board", opts: Options) -> "Writer":
    return Writer.for_board(board, opts.lang or "en")


# -- replies ------------------------------------------------------------------------------


@dataclass
class Reply:
    """A question answered: the typed answer and how to say it."""

    question: Question
    options: Options
    board: "Board"
    answer: Any
    writer: "Writer"
    warnings: list[str] = field(default_factory=list)

    def json(self) -> dict:
        """The ``--json`` answer (with ``not_understood``, spec Extension 2)."""
        out = self.question.to_json(self.answer, self.writer, self.options, self.board)
        if self.question.carries_not_understood:
            out = dict(out)
            out.update(not_understood_json(self.board))
        return out

    def words(self) -> Union["Report", str]:
        """The answer for a person: a report (lines and tables) or finished text."""
        return self.question.words(self.answer, self.writer, self.options, self.board)

    def text(self) -> str:
        """The answer for a person as plain text (never empty)."""
        from .text.report import plain

        w = self.words()
        return w if isinstance(w, str) else plain(w)

    def not_understood_lines(self) -> list[str]:
        """One warning line per sentence not understood (a human answer prints them first
        on standard error)."""
        from .text.render import not_understood_lines

        return not_understood_lines(self.board, self.writer)

    @property
    def verdict(self) -> Optional[bool]:
        """``check``: True (legal), False (illegal), None (unknown); else None."""
        return getattr(self.answer, "legal", None) if self.question.name == "check" else None


def not_understood_json(board: Any) -> dict:
    """What every --json answer carries about the board's text (spec, Extension 2)."""
    return {"not_understood": [n["sentence"] for n in board.not_understood],
            "not_understood_sources": list(board.not_understood)}


def answer(board: "Board", opts: Options, ctx: Optional[Context] = None) -> Reply:
    """Ask ``opts.question`` of ``board``. Bad input raises :class:`BadInput`: a fault of
    a declaration or assignment given as an option is the option's (``--blocks:
    declaration: unknown creature 'hil' (did you mean 'hill'?)``), any other board error
    is located in the board's text where it can be."""
    q = QUESTIONS[opts.question]
    ctx = ctx or Context.starting_now(opts.time_limit)
    try:
        board = prepare(board, opts, ctx)
        result = q.ask(board, opts, ctx)
    except BoardError as e:
        flag = option_at_fault(e, opts)
        if flag is not None:
            raise OptionError(reason("error.option_value", src=flag, problem=str(e)),
                              command=opts.question) from None
        raise located(board, e, opts.question) from None
    return Reply(q, opts, board, result, writer(board, opts), ctx.warnings)


#: The reasons that say a declaration (``error.decl_*``, with its ``kind``) or an
#: assignment (``error.assignment_*``) is malformed or names what the board lacks.
_ASSIGNMENT_FAULTS = ("error.assignment_not_object", "error.assignment_source",
                      "error.assignment_division", "error.assignment_recipient",
                      "error.assignment_amount")


def option_at_fault(e: BoardError, opts: Options) -> Optional[str]:
    """The option (``--attacks``, ``--blocks``, ``--damage``) whose declaration or
    assignment a board error is about, when it was given as one; else None (the board's
    own declarations are faults of the board)."""
    code = e.why.code
    if code.startswith("error.decl_"):
        kind = e.why.get("kind")
        if kind in ("attacks", "blocks") and opts.declaration(kind) is not None:
            return f"--{kind}"
    elif code in _ASSIGNMENT_FAULTS and opts.damage:
        return "--damage"
    return None


def located(board: Any, e: BoardError, command: str = "") -> Union[BoardError, OptionError]:
    """A board error with where it is in the board's text (FILE:LINE:COLUMN); an error of
    a choice given with ``--choose`` (not one of ``board``'s own, spec Extension 3) is
    the flag's: one line naming it, not a place in the board's text."""
    flagged = _choose_at_fault(board, e, command)
    if flagged is not None:
        return flagged
    try:
        return board.locate(e)
    except Exception:  # locating is a courtesy: never a second error
        return e


def _choose_at_fault(board: Any, e: BoardError, command: str) -> Optional[OptionError]:
    """The ``--choose`` error ``e`` is, if it is one: the flag's text unreadable or naming
    what the board lacks, or a choice it gave that the board can't take (an ability's
    line it hasn't, a value not among the ability's options -- named with them)."""
    from .grammar.scenario.errors import ScenarioError

    if isinstance(e, ScenarioError) and e.source == "--choose":
        text = e.source_line.strip().removeprefix("choose ").strip()
        return OptionError(reason("error.option_value", src=f"--choose {text!r}",
                                  problem=e.message), command=command)
    own = tuple(getattr(board, "choices", ()) or ())
    own = own[:len(own) - len(board.__dict__.get("flag_choices", ()))]
    where = e.why.get("where") if e.why.code != "literal" else None
    from_flag = (isinstance(where, tuple) and len(where) == 2 and where[0] == "choice"
                 and isinstance(where[1], int) and where[1] >= len(own))
    choice = getattr(e, "choice", None)
    if not from_flag and (choice is None or choice in own):
        return None
    why = Reason(e.why.code, e.why.rule, e.why.objects,
                 tuple((k, v) for k, v in e.why.params if k != "where"))
    return OptionError(reason("error.option_value", src="--choose", problem=english(why)),
                       command=command)


# -- the questions ------------------------------------------------------------------------


def _one_declaration(opts: Options, at_most: bool = False) -> Optional[str]:
    chosen = opts.declared()
    if len(chosen) > 1 or (not chosen and not at_most):
        raise OptionError(reason("error.declarations_given", at_most=at_most),
                          command=opts.question)
    return chosen[0] if chosen else None


def _kind(opts: Options) -> "DeclarationKind":
    return "attacks" if opts.question == "attacks" else "blocks"


def _ask_listing(board: "Board", opts: Options, ctx: Context) -> Any:
    from .questions.declarations import count_declarations

    kind = _kind(opts)
    if opts.count:
        return count_declarations(board, kind, opts.backend, ctx.remaining())
    return board.list_declarations(kind, opts.limit, opts.backend, ctx.remaining(),
                                   on_max=ctx.on_max, on_found=ctx.on_found)


def _listing_words(a: Any, w: "Writer", opts: Options, board: Any) -> "Report":
    from .text import render
    from .text.report import Line

    if opts.count:
        return [Line(w.t("human.count", kind=_kind(opts), n=a.count, status=a.status,
                         most=a.max_requirements))]
    return render.listing(a, w, opts.limit)


def stream_declarations(board: "Board", opts: Options, ctx: Context) -> Iterator[dict]:
    """``--jsonl``: each legal declaration's JSON line as it is found, then a status line
    (``{"status": ..., "count": n}``)."""
    from .questions.declarations import iter_declarations, listed_json
    from .solver.base import Deadline, SolverTimeout

    w = writer(board, opts)
    n = 0
    try:
        for listed in iter_declarations(board, _kind(opts), opts.backend,
                                        Deadline(ctx.remaining())):
            if n >= opts.limit:
                yield {"status": "truncated", "count": n}
                return
            yield listed_json(listed, w)
            n += 1
    except SolverTimeout:
        yield {"status": "unknown", "count": n}
        return
    yield {"status": "complete", "count": n}


def _ask_check(board: "Board", opts: Options, ctx: Context) -> Any:
    kind = _one_declaration(opts)
    assert kind is not None
    decl = opts.declaration(kind)
    if kind == "damage":
        return board.check_damage(decl, time_limit=ctx.remaining())
    return board.check_declaration("attacks" if kind == "attacks" else "blocks", decl,
                                   opts.backend, ctx.remaining())


def _check_words(v: Any, w: "Writer", opts: Options, board: Any) -> "Report":
    from .text import render

    if opts.damage:
        return render.damage_verdict(v, w)
    kind = "attacks" if opts.attacks is not None else "blocks"
    return render.declaration_verdict(v, w, len(board.problem(kind).requirements))


def _ask_damage(board: "Board", opts: Options, ctx: Context) -> Any:
    return board.damage(limit=opts.limit, time_limit=ctx.remaining())


def _damage_words(a: Any, w: "Writer", opts: Options, board: Any) -> "Report":
    from .text import render
    from .text.report import Line
    from .text.results import stack_step

    out = render.damage(a, w, opts.limit)
    before: "Report" = []
    for log in a.before:  # what resolved before the step (spec Extension 3)
        before += stack_step(log, w)
    if a.choices:
        before.append(Line(w.t("human.combat_choices",
                               choices=tuple(c.reason() for c in a.choices))))
    return out[:1] + before + out[1:]


def _show_json(shown: Any, w: "Writer", opts: Options, board: Any) -> dict:
    data = board.to_data(full=True)
    if "damage_step" not in data:
        data["damage_step"] = board.step
    data.update(not_understood_json(board))
    return data


def _show_words(shown: Any, w: "Writer", opts: Options, board: Any) -> str:
    out = board.scenario()
    if board.not_understood:
        out += "# " + w.t("human.not_understood_head") + "\n"
        for n in board.not_understood:
            out += f"#   {n['source']}: {n['sentence']}\n"
    return out


def _ask_draw(board: "Board", opts: Options, ctx: Context) -> str:
    from .draw import draw, draw_result
    from .questions.declarations import validate

    for kind in ("attacks", "blocks"):  # an unknown id is the option's fault
        if opts.declaration(kind) is not None:
            validate(board, kind, opts.declaration(kind))
    if opts.result:
        return draw_result(_ask_combat(board, opts, ctx), lang=opts.lang or "en",
                           size=opts.size)
    return draw(board, attacks=opts.attacks, blocks=opts.blocks,
                damage=opts.damage[0] if opts.damage else None, lang=opts.lang or "en",
                size=opts.size)


def _ask_combat(board: "Board", opts: Options, ctx: Context) -> Any:
    return board.combat(opts.attacks, opts.blocks, list(opts.damage),
                        time_limit=ctx.remaining(), backend=opts.backend)


def _ask_turn(board: "Board", opts: Options, ctx: Context) -> Any:
    from .questions.turn import turn

    return turn(board, time_limit=ctx.remaining(), backend=opts.backend)


def _ask_upkeep(board: "Board", opts: Options, ctx: Context) -> Any:
    from .questions.upkeep import upkeep

    return upkeep(board, limit=opts.limit, time_limit=ctx.remaining())


def _ask_best(board: "Board", opts: Options, ctx: Context) -> Any:
    from .questions.best import best_attacks, best_blocks

    ask = best_blocks if opts.question == "best-blocks" else best_attacks
    if opts.question == "best-blocks" and opts.attacks is not None:
        from .questions.given import best_blocks_against

        board, illegal = best_blocks_against(board, opts.attacks, opts.objective,
                                             opts.backend, ctx.remaining())
        if illegal is not None:
            return illegal
    return _best_over_choices(board, opts, ctx, ask, _deciders(board, opts.question), ())


#: The steps whose abilities resolve after the opponents' reply to the decision (the
#: blocks for best-attacks; the attacker's damage assignment for best-blocks, 510.1).
_AFTER_REPLY = {"best-attacks": ("declare blockers", "first-strike combat damage",
                                 "combat damage", "end of combat"),
                "best-blocks": ("first-strike combat damage", "combat damage",
                                "end of combat")}
#: The most choices the search makes for the deciding side (each multiplies the work).
MOST_SEARCHED_CHOICES = 6


def _deciders(board: "Board", question: str) -> set[str]:
    """The players whose choices a decision searches over (spec Extension 3): the active
    player (and teammates, 810) for best-attacks, the others for best-blocks."""
    active = board.active_player
    teams = {p.team for p in board.players if p.name == active and p.team is not None}
    attackers = {p.name for p in board.players if p.name == active or p.team in teams}
    return attackers if question == "best-attacks" else set(board.player_names) - attackers


def _best_over_choices(board: "Board", opts: Options, ctx: Context, ask: Any,
                       deciders: set[str], made: tuple) -> Any:
    """``ask`` (best-blocks or best-attacks) of ``board``; a choice an ability leaves to
    the deciding side (its targets, "you may", a mode ...) is searched over: every legal
    option is tried and the best answer kept (spec Extension 3). A choice made before the
    opponents' reply is exact (both maxima are the decider's); one made after it is fixed
    for every reply, a lower bound: the answer is then "feasible" with its bound. A choice
    of another player is bad input naming its options, as in every question."""
    from .rules.stack import ChoiceIllegal, ChoiceNeeded

    try:
        answer = ask(board, opts.objective, time_limit=ctx.remaining(), backend=opts.backend)
    except ChoiceNeeded as e:
        req = e.request
        if req.player not in deciders or len(made) >= MOST_SEARCHED_CHOICES:
            raise
        best, unusable = None, None
        for option in req.options:
            if req.what == "targets" and isinstance(option, str):  # one target ("": none)
                option = (option,) if option else ()
            choice = req.choice(option)
            try:
                tried = _best_over_choices(_with_choice(board, choice), opts, ctx, ask,
                                           deciders, made + ((choice, req.step),))
            except ChoiceIllegal as illegal:
                # The option is legal where the search met the ability but not after
                # another of the decider's declarations (its target died with the
                # source ...): it can't be held for every declaration, so it is not
                # tried, and what is found is only a lower bound.
                unusable = unusable or illegal
                continue
            if best is None or _better(tried, best):
                best = tried
            if ctx.expired():
                break
        held = (req.source, req.ability, req.instance)
        if best is None:
            if unusable is None:
                raise e
            # Every option is illegal after some declaration: nothing the search can
            # hold for all of them is settled -- unknown, with the objective's bound
            # (targets are chosen as the ability is put on the stack, 603.3d).
            best = _unsettled(board, opts, held)
        elif unusable is not None:
            _only_a_bound(best, board, opts, held)
        return best
    answer.__dict__["searched_choices"] = _used(made, answer)
    after = [c for c, step in made if step in _AFTER_REPLY[opts.question]]
    if after:
        _only_a_bound(answer, board, opts, (after[0].source or None, after[0].ability or 0,
                                            after[0].instance or 1))
    return answer


def _used(made: tuple, answer: Any) -> list:
    """The searched choices the answer's expected combat used: a choice for an ability
    that does not trigger in that line (its source did not die, was not blocked ...) is
    not the answer's (spec Extension 3: every answer lists the choices it used)."""
    outcome = getattr(answer, "outcome", None)
    if outcome is None:
        return [c for c, _ in made]
    used = {(u.source, u.ability, u.instance) for u in outcome.choices}
    spells = {u.effect + 1 for u in outcome.choices if getattr(u, "effect", None) is not None}
    return [c for c, _ in made if (c.source, c.ability, c.instance or 1) in used
            or (c.effect is not None and c.effect in spells)]


def _only_a_bound(answer: Any, board: "Board", opts: Options, held: tuple) -> None:
    """An ``optimal`` answer found with a choice (``held``: its ability) held fixed across
    the search becomes ``feasible`` with the objective's bound: a better line may exist."""
    if answer.status != "optimal":
        return
    answer.status = "feasible"
    answer.held = held
    answer.bound = _bound(board, opts, answer.kind)


def _unsettled(board: "Board", opts: Options, held: tuple) -> Any:
    """The answer when no option of a searched choice can be held for every declaration:
    ``unknown``, with the objective's bound."""
    from .questions.best import BestAnswer

    kind = "attacks" if opts.question == "best-attacks" else "blocks"
    out = BestAnswer(board, kind, opts.objective, "unknown", held=held)
    out.bound = _bound(board, opts, kind)
    out.__dict__["searched_choices"] = []
    return out


def _bound(board: "Board", opts: Options, kind: str) -> Any:
    from .questions.best import Sides, upper_bound

    mine = frozenset(board.attacking_players if kind == "attacks" else board.defenders)
    return upper_bound(opts.objective, board, Sides(
        mine, frozenset(p for p in board.player_names if p not in mine)))


def _with_choice(board: "Board", choice: Any) -> "Board":
    origin = board.__dict__.get("origin")
    out = board.evolve(choices=tuple(board.choices) + (choice,))
    if origin is not None:
        out.__dict__["origin"] = origin
    return out


def _better(a: Any, b: Any) -> bool:
    """Whether decision answer ``a`` is better for the decider than ``b``: a settled
    value first, then the larger value."""
    if (a.value is None) != (b.value is None):
        return a.value is not None
    return a.value is not None and tuple(a.value) > tuple(b.value)


def _best_json(a: Any, w: "Writer", opts: Options, board: Any) -> dict:
    """best-*'s answer, with the choices the search made for the deciding side."""
    out = a.to_json(w)
    made = a.__dict__.get("searched_choices") or []
    if made:
        from .boardjson import choice_to_data

        out["choices"] = [dict(choice_to_data(c), searched=True) for c in made]
    return out


def _best_words(a: Any, w: "Writer", opts: Options, board: Any) -> "Report":
    from .text import results
    from .text.report import Line

    out = results.best(a, w)
    made = a.__dict__.get("searched_choices") or []
    if made:
        # (only here: the scenario printer loads the parser, which a cold answer without
        # searched choices doesn't need)
        from .grammar.scenario import format_choice

        out.append(Line(w.t("human.best_choices", choices=tuple(format_choice(c)
                                                                for c in made))))
    return out


@dataclass
class Story:
    """``explain --about``: a question answered, then told step by step."""

    about: str
    answer: Any
    report: Any


def _ask_explain(board: "Board", opts: Options, ctx: Context) -> Any:
    kind = _one_declaration(opts, at_most=True)
    decl = opts.declaration(kind) if kind else None
    if opts.about:
        return _story(board, opts, ctx, kind, decl)
    return board.explain(kind, decl, backend=opts.backend, time_limit=ctx.remaining())


def _story(board: "Board", opts: Options, ctx: Context, kind: Optional[str], decl: Any
           ) -> Story:
    from .text import results

    about = opts.about
    assert about is not None
    if kind is not None and not (about == "combat" and kind in ("attacks", "blocks")):
        raise OptionError(reason("error.about_takes_no", about=about, kind=kind),
                          command="explain")
    w = writer(board, opts)
    t = ctx.remaining()
    if about == "combat":
        a = board.combat(decl if kind == "attacks" else None,
                         decl if kind == "blocks" else None, time_limit=t,
                         backend=opts.backend)
        return Story(about, a, results.combat_story(a, w))
    if about == "upkeep":
        from .questions.upkeep import upkeep

        a = upkeep(board, time_limit=t)
        return Story(about, a, results.upkeep_story(a, w))
    from .questions.best import best_attacks, best_blocks

    ask = best_blocks if about == "best-blocks" else best_attacks
    a = ask(board, opts.objective, time_limit=t, backend=opts.backend)
    return Story(about, a, results.best_story(a, w))


def _explain_json(a: Any, w: "Writer", opts: Options, board: Any) -> dict:
    if isinstance(a, Story):
        from .text.report import plain

        return {"question": a.about, "narrative": plain(a.report).split("\n"),
                "answer": a.answer.to_json(w)}
    return a.to_json(w)


def _explain_words(a: Any, w: "Writer", opts: Options, board: Any) -> "Report":
    from .text.report import Line

    if isinstance(a, Story):
        return a.report
    return [Line(line) for line in a.text(w).rstrip("\n").split("\n")]


def _json(a: Any, w: "Writer", opts: Options, board: Any) -> dict:
    return a.to_json(w)


def _results(name: str) -> Words:
    def words(a: Any, w: "Writer", opts: Options, board: Any) -> "Report":
        from .text import results

        return getattr(results, name)(a, w)

    return words


def _same(board: "Board", opts: Options, ctx: Context) -> Any:
    return board


_DECL = ("attacks", "blocks", "damage", "choose")

#: Every question, by name (the order of ``--help``).
QUESTIONS: dict[str, Question] = {q.name: q for q in (
    Question(
        "attacks", "the legal attack declarations (508.1)",
        "The legal attack declarations (508.1a-d): every restriction obeyed and the most "
        "requirements obeyable.",
        ("mtgcombat attacks board.mtg", "mtgcombat attacks board.json --json --limit 10",
         "mtgcombat attacks board.mtg --jsonl | head", "mtgcombat attacks board.mtg --count"),
        ("limit", "jsonl", "count", "choose"), _ask_listing, _json, _listing_words),
    Question(
        "blocks", "the legal block declarations (509.1)",
        "The legal block declarations (509.1a-c); the board declares attacks.",
        ("mtgcombat blocks corpus/boards/two-headed-giant.mtg", "mtgcombat blocks board.mtg --json"),
        ("limit", "jsonl", "count", "choose"), _ask_listing, _json, _listing_words),
    Question(
        "check", "is one declaration or damage assignment legal, and why not",
        "Whether one declaration or damage assignment is legal, and exactly why not. DECL "
        "and ASSIGNMENT are JSON, the one-line notation, @FILE, or @- (standard input).",
        ("mtgcombat check board.json --attacks '{\"brigand\": \"Bob\"}'",
         "mtgcombat check board.json --attacks 'brigand -> Bob'",
         "mtgcombat check board.mtg --blocks 'wall -> raider'",
         "mtgcombat check board.mtg --damage 'raider -> wall 2, Bob 1'",
         "echo 'brigand -> Bob' | mtgcombat check board.json --attacks @-",
         "mtgcombat check board.json --attacks 'brigand -> Bob' --exit-code"),
        (*_DECL, "exit_code"), _ask_check, _json, _check_words),
    Question(
        "damage", "legal and best combat damage assignments (510.1)",
        "The legal combat damage assignments of the step and the best one for each player "
        "(510.1).",
        ("mtgcombat damage corpus/boards/walker-and-battle.mtg", "mtgcombat damage board.mtg --json"),
        ("limit",), _ask_damage, _json, _damage_words),
    Question(
        "combat", "what happens in the combat: damage, results, deaths, who loses (506-511)",
        "Resolve the combat from the declared attacks and blocks (flags win over the "
        "board's; both are judged alike) through every combat damage step that exists "
        "(510.4) to the end of combat: damage dealt and prevented, its results (120.3), "
        "state-based actions (704.5), players who lose. Each --damage is the assignment of "
        "the next step; a step without one uses each player's best.",
        ("mtgcombat combat examples/first-strike.mtg",
         "mtgcombat combat board.mtg --attacks 'bears -> Bob' --blocks 'wall -> bears'",
         "mtgcombat combat fs.mtg --damage 'knight -> wall 2' --damage 'knight -> Bob 2'",
         "mtgcombat combat board.json --json --lang de",
         "mtgcombat combat examples/first-strike.mtg --picture after.svg"),
        (*_DECL, "picture"), _ask_combat, _json, _results("combat"), repeated=("damage", "choose")),
    Question(
        "turn", "the turn's phases and steps, whether each happens and what happens (500-514)",
        "The active player's turn step by step (500-514): untap, upkeep (with its "
        "triggers), draw, main, the combat steps (each with whether it happens on this "
        "board and why not: 508.8, 510.4), end, cleanup.",
        ("mtgcombat turn examples/first-strike.mtg", "mtgcombat turn board.mtg --lang de",
         "mtgcombat turn board.json --json"),
        ("choose",), _ask_turn, _json, _results("turn")),
    Question(
        "upkeep", "cumulative upkeep: every whole payment and which can be paid (702.24)",
        "Cumulative upkeep of the active player's permanents as their upkeep begins "
        "(702.24; 702.21 in the older German seed): for every instance, the age counters "
        "after the trigger adds one, the cost, every distinct whole payment (one choice per "
        "age counter, order irrelevant, the same object never twice) and whether the board "
        "can pay it (untapped mana sources, mana pool, life, permanents).",
        ("mtgcombat upkeep examples/cumulative-upkeep.mtg",
         "mtgcombat upkeep board.mtg --json --limit 20", "mtgcombat upkeep board.mtg --lang de"),
        ("limit",), _ask_upkeep, _json, _results("upkeep")),
    Question(
        "best-blocks", "the best legal block declaration, proved by minimax over the combat",
        "The defending players' best legal block declaration against the board's attacks "
        "(or those given with --attacks, taken as combat takes them), "
        "the attacking player answering with the damage assignments worst for them: every "
        "later choice (damage assignment orders and assignments in both damage steps) made "
        "by minimax on the same objective. 'optimal' is proved; a time limit gives the best "
        "found ('feasible') and a bound. Objectives: standard (loss, then creatures "
        "destroyed theirs minus yours, then life lost theirs minus yours), survive (not "
        "losing, then the least life lost), race (loss, then life, then creatures). See "
        "docs/decisions.md.",
        ("mtgcombat best-blocks examples/first-strike.mtg",
         "mtgcombat best-blocks board.mtg --objective survive",
         "mtgcombat best-blocks board.json --json --time-limit 10",
         "mtgcombat best-blocks examples/first-strike.mtg --attacks 'wurm -> Bob'"),
        ("objective", "choose", "attacks"), _ask_best, _best_json, _best_words),
    Question(
        "best-attacks", "the best legal attack declaration, proved by minimax over the combat",
        "The active player's best legal attack declaration, the defending players answering "
        "with their best legal blocks: every later choice (blocks, damage assignment orders "
        "and assignments in both damage steps) made by minimax on the same objective. "
        "'optimal' is proved; a time limit gives the best found ('feasible') and a bound. "
        "Objectives: standard, survive, race (docs/decisions.md).",
        ("mtgcombat best-attacks examples/first-strike.mtg",
         "mtgcombat best-attacks board.mtg --objective race",
         "mtgcombat best-attacks board.json --json --time-limit 10"),
        ("objective", "choose"), _ask_best, _best_json, _best_words),
    Question(
        "explain", "a narrative explanation citing rules",
        "Explain, citing the Comprehensive Rules, what the board allows: the attacks (no "
        "attacks declared), the blocks (attacks but no blocks) or the combat damage (blocks "
        "declared); or why one declaration or assignment is legal or not. With --about: the "
        "whole combat step by step, a cumulative upkeep, or why a block or attack "
        "declaration is the best. On the command line BOARD may also be a corpus .case file.",
        ("mtgcombat explain corpus/boards/brigand.json",
         "mtgcombat explain corpus/cases/cr-508.1d-1.case --attacks 'bears -> Bob'",
         "mtgcombat explain board.mtg --lang de",
         "mtgcombat explain examples/first-strike.mtg --about combat",
         "mtgcombat explain examples/cumulative-upkeep.mtg --about upkeep --lang de"),
        (*_DECL, "about", "objective"), _ask_explain, _explain_json, _explain_words),
    Question(
        "show", "the board as understood (scenario language; --json: normalised)",
        "The board as understood, in the scenario language; with --json the normalised "
        "board and every sentence not understood.",
        ("mtgcombat show board.json", "mtgcombat show board.mtg --json"),
        (), _same, _show_json, _show_words, carries_not_understood=False),
    Question(
        "draw", "the board and its combat as an SVG picture",
        "An SVG picture of the board and the combat: each player's creatures, planeswalkers "
        "and battles, who attacks what, who blocks whom, damage; with --result, the combat "
        "resolved (who died, life and poison before and after; --damage once per step). "
        "Standard output without -o.",
        ("mtgcombat draw corpus/boards/walker-and-battle.mtg -o combat.svg",
         "mtgcombat draw board.mtg --attacks 'bears -> Bob' --lang de > kampf.svg",
         "mtgcombat draw examples/first-strike.mtg --result -o after.svg"),
        (*_DECL, "result", "output", "size"), _ask_draw,
        lambda svg, w, opts, board: {"svg": svg}, lambda svg, w, opts, board: svg,
        repeated=("damage",)),
)}


# -- requests (batch lines, the web lab's bodies) ----------------------------------------


def parse_request(text: Union[str, bytes]) -> Any:
    """A request's JSON: malformed JSON, nesting too deep, an integer beyond the
    interpreter's digit limit or a lone surrogate (``\\ud800``, not a character) are bad
    input (:class:`OptionError`), one line each."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise OptionError(reason("error.not_utf8", path="the request",
                                     byte=e.start + 1)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise OptionError(reason("error.request_json", line=e.lineno, column=e.colno,
                                 problem=e.msg)) from None
    except RecursionError:
        raise OptionError(reason("error.request_deep")) from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise OptionError(reason("error.request_value", problem=str(e)[:150])) from None
    # Both checks walk every value: a request's text tells first when they can't fail
    # (issue 22: the walks were most of a small request's parsing). JSON can't nest
    # deeper than it has brackets, and a string of the parsed request can hold a lone
    # surrogate only if the text has one or a \ud800-\udfff escape.
    if text.count("{") + text.count("[") > MAX_DEPTH + 1 \
            and depth(data) > MAX_DEPTH + 1:  # whatever the interpreter's recursion limit is
        raise OptionError(reason("error.request_deep"))
    if _SURROGATE_ESCAPE.search(text) or not _encodes(text):
        where = lone_surrogate(data)
        if where is not None:
            raise OptionError(reason("error.request_surrogate", where=where))
    return data


#: A JSON escape of a surrogate code point (or text that merely looks like one, after an
#: escaped backslash: then the values are checked one by one).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _encodes(text: str) -> bool:
    """Whether ``text`` is UTF-8 text (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def lone_surrogate(data: Any, path: str = "the request") -> Optional[str]:
    """Where ``data`` (parsed JSON) holds a string with a lone surrogate, or None."""
    stack = [(data, path)]
    while stack:
        x, where = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                return where
        elif isinstance(x, dict):
            for k, v in x.items():
                stack.append((k, where))
                stack.append((v, f"{where}.{k}" if isinstance(k, str) and len(k) < 40
                              else where))
        elif isinstance(x, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(x))
    return None


#: The fields of a request (``ask`` only in ``batch``: over HTTP the question is the path).
REQUEST_FIELDS = ("ask", "board", "args")


def request_parts(body: Any, question: Optional[str] = None) -> tuple[str, Any, list[str]]:
    """A request's question, board and args, checked (bad input: :class:`OptionError`)."""
    fields_ = ("board", "args") if question is not None else REQUEST_FIELDS
    if not isinstance(body, dict):
        raise OptionError(reason("error.request_not_object", fields=fields_))
    extra = sorted(str(k) for k in set(body) - set(fields_))
    if extra:
        raise OptionError(reason("error.request_field", field=extra[0][:40]))
    if question is None:
        question = body.get("ask")
        if not isinstance(question, str) or question not in QUESTIONS:
            raise OptionError(reason("error.request_ask", known=tuple(QUESTIONS),
                                     value=repr(question)[:40]))
    if "board" not in body:
        raise OptionError(reason("error.request_no_board"))
    board = body["board"]
    if not isinstance(board, (dict, str)):
        raise OptionError(reason("error.request_board"))
    args = body.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise OptionError(reason("error.request_args"))
    return question, board, args


def ask_request(body: Any, question: Optional[str] = None, cards: Any = None,
                max_seconds: Optional[float] = None) -> Reply:
    """Answer one request (``batch``'s line or the web lab's body, parsed): its options
    from the allow-list of its question (:data:`mtgcombat.options.Door.REQUEST`), its
    board from its data, the card database the door's own (``cards``). ``max_seconds``
    caps its time limit (the web lab's)."""
    name, data, args = request_parts(body, question)
    opts = parse(name, args, Door.REQUEST)
    limit = opts.time_limit
    if max_seconds is not None and (limit is None or limit > max_seconds):
        limit = max_seconds  # the context's, not a copy of the options (a tenth of a door)
    ctx = Context.starting_now(limit)
    board = board_from_request(data, cards)
    return answer(board, opts, ctx)


def error_json(e: BaseException) -> dict:
    """A bad request's answer: ``{"error": one line}`` (line and column for text)."""
    text = " ".join(line.strip() for line in str(e).splitlines() if line.strip())
    out: dict[str, Any] = {"error": text}
    for k in ("line", "column"):
        if getattr(e, k, None) is not None:
            out[k] = getattr(e, k)
    return out


def dumps(obj: Any) -> str:
    """An answer as one JSON line (UTF-8 text; never a lone surrogate)."""
    global _ENCODE
    if _ENCODE is None:  # one encoder (json.dumps with an option builds one a call)
        import json

        _ENCODE = json.JSONEncoder(ensure_ascii=False).encode
    text = _ENCODE(obj)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        import json

        text = json.dumps(obj)
    return text


_ENCODE: Optional[Callable[[Any], str]] = None
