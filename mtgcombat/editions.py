"""The rules editions mtgcombat judges by, and every difference between them.

In the manner of python-chess's variants: each edition is a small class configured
by class data, the classes sit in a registry (:data:`EDITIONS`) and
:func:`edition` finds one by name. Every rule number that differs between the
editions is class data here and nowhere else (``tests/test_architecture.py``
fails on one written anywhere else in the package); the rules modules ask the
board's edition (``board.edition.goad``, ``edition.has_order`` ...).

A third edition is one more subclass here, registered in :data:`EDITIONS`, and its
tests.

* ``"current"`` -- the Comprehensive Rules of 2026-04-17 with the excerpts of
  2026-09-25 (rules 310 and 506-511): no damage assignment order (removed by the
  Foundations update of 8 November 2024), goad is 701.15, a battle's protector is
  310.9.
* ``"2024"`` -- the Comprehensive Rules of 2024-04-12 (in force to 2024-09-20):
  damage assignment order (509.2-509.3, old 510.1c-d), goad is 701.38, a battle's
  protector is 310.8.
"""

from __future__ import annotations

from typing import ClassVar, Mapping


class Edition:
    """One edition of the Comprehensive Rules: what differs, as class data."""

    #: The name boards use (``"rules"`` field).
    name: ClassVar[str] = ""
    #: The date of the text (or texts) the edition is read from.
    date: ClassVar[str] = ""

    # -- damage assignment (509.2-509.3, 510.1c-d) --------------------------------
    #: Whether blocked attackers and blockers have a damage assignment order.
    has_order: ClassVar[bool] = False
    #: The rule that divides an attacker's / a blocker's damage among creatures.
    attacker_division: ClassVar[str] = "510.1c"
    blocker_division: ClassVar[str] = "510.1d"
    #: Who announces an attacker's / a blocker's damage assignment order ("" none).
    attacker_order: ClassVar[str] = ""
    blocker_order: ClassVar[str] = ""
    #: Rules whose text in this edition differs from the current one: human answers
    #: cite them as "old 510.1c" (``mtgcombat.text.Writer.cite``, in each language; the
    #: JSON answers give the plain number).
    old_rules: ClassVar[frozenset[str]] = frozenset()

    # -- goad ------------------------------------------------------------------------
    #: Goad: the requirements it imposes (b-c) and "goaded twice by one player" (d).
    goad: ClassVar[str] = "701.15b"
    goad_other_player: ClassVar[str] = "701.15c"
    goad_twice: ClassVar[str] = "701.15d"

    # -- battles ---------------------------------------------------------------------
    #: A battle's protector can't attack it; others attack it (b); only its protector
    #: blocks creatures attacking it (c); "defending player" of an attacked battle (d).
    battle_attack: ClassVar[str] = "310.9b"
    battle_block: ClassVar[str] = "310.9c"
    battle_defender: ClassVar[str] = "310.9d"
    #: A Siege's intrinsic "exile it, then you may cast it transformed" trigger.
    siege_trigger: ClassVar[str] = "310.12b"
    #: Whether a battle at 0 defense with no pending trigger of its own goes to the
    #: graveyard by this rule in 310 as well as 704.5v ("" none).
    battle_dies: ClassVar[str] = ""

    # -- the combat phase ---------------------------------------------------------------
    #: "Had to attack" (506.7 current, 506.6 in 2024).
    had_to_attack: ClassVar[str] = "506.7"

    # -- keyword actions -------------------------------------------------------------------
    #: To sacrifice a permanent (701.21a current, 701.17a in 2024).
    sacrifice: ClassVar[str] = "701.21a"
    #: Destroy, exile, tap and untap, create, exert (701).
    destroy: ClassVar[str] = "701.8a"
    exile: ClassVar[str] = "701.13a"
    tap: ClassVar[str] = "701.26a"
    create: ClassVar[str] = "701.7a"
    exert: ClassVar[str] = "701.43a"
    discard: ClassVar[str] = "701.9a"
    exert_cost: ClassVar[str] = "701.43d"

    # -- triggered abilities of the declare blockers step --------------------------------
    #: Abilities that triggered on blockers being declared go on the stack (509.2a).
    block_triggers: ClassVar[str] = "509.2a"
    #: "Whenever [a creature] blocks" (a), "... blocks a creature" (b), "... becomes
    #: blocked" (c), "... becomes blocked by a creature" (d), "by N or more creatures"
    #: (e), "attacks and isn't blocked" (g).
    blocks_trigger: ClassVar[str] = "509.3a"
    blocks_each_trigger: ClassVar[str] = "509.3b"
    blocked_trigger: ClassVar[str] = "509.3c"
    blocked_each_trigger: ClassVar[str] = "509.3d"
    blocked_count_trigger: ClassVar[str] = "509.3e"
    unblocked_trigger: ClassVar[str] = "509.3g"

    @classmethod
    def division(cls, role: str) -> str:
        """The rule dividing the damage of an ``"attacker"`` or a ``"blocker"``."""
        return cls.attacker_division if role == "attacker" else cls.blocker_division

    @classmethod
    def order_rule(cls, role: str) -> str:
        """Who announces the damage assignment order of an attacker or a blocker."""
        return cls.attacker_order if role == "attacker" else cls.blocker_order

    @classmethod
    def specific_numbers(cls) -> frozenset[str]:
        """The rule numbers of this edition's class data (tests keep them here)."""
        out = set()
        for k in dir(cls):
            v = getattr(cls, k)
            if isinstance(v, str) and v[:1].isdigit() and "." in v and k not in ("date",):
                out.add(v)
        return frozenset(out)

    def __repr__(self) -> str:  # pragma: no cover - classes are used, not instances
        return f"<Edition {self.name}>"


class Current(Edition):
    """CR 2026-04-17 with the 2026-09-25 excerpts (310, 506-511)."""

    name = "current"
    date = "2026-09-25"
    battle_dies = "310.8"


class Edition2024(Edition):
    """CR 2024-04-12 (in force to 2024-09-20): damage assignment order."""

    name = "2024"
    date = "2024-04-12"
    has_order = True
    attacker_order = "509.2"
    blocker_order = "509.3"
    old_rules = frozenset({"509.2", "509.3", "510.1c", "510.1d"})
    goad = "701.38b"
    goad_other_player = "701.38c"
    goad_twice = "701.38d"
    battle_attack = "310.8b"
    battle_block = "310.8c"
    battle_defender = "310.8d"
    siege_trigger = "310.11b"
    had_to_attack = "506.6"
    sacrifice = "701.17a"
    destroy = "701.7a"
    exile = "701.11a"
    tap = "701.21a"
    create = "701.6a"
    exert = "701.39a"
    discard = "701.8a"
    exert_cost = "701.39d"
    block_triggers = "509.4a"
    blocks_trigger = "509.5a"
    blocks_each_trigger = "509.5b"
    blocked_trigger = "509.5c"
    blocked_each_trigger = "509.5d"
    blocked_count_trigger = "509.5e"
    unblocked_trigger = "509.5g"


#: Every edition by name, the default first.
EDITIONS: Mapping[str, type[Edition]] = {"current": Current, "2024": Edition2024}
#: Their names (the values of a board's ``"rules"`` field).
EDITION_NAMES: tuple[str, ...] = tuple(EDITIONS)
DEFAULT = "current"


def edition(name: str) -> type[Edition]:
    """The edition called ``name``. Raises ``ValueError`` naming the known ones.

    >>> edition("2024").has_order, edition("current").has_order
    (True, False)
    >>> edition("2024").date
    '2024-04-12'
    >>> edition("1999")
    Traceback (most recent call last):
        ...
    ValueError: rules must be "current" or "2024", not '1999'
    """
    try:
        return EDITIONS[name]
    except (KeyError, TypeError):
        known = " or ".join(f'"{n}"' for n in EDITION_NAMES)
        raise ValueError(f"rules must be {known}, not {name!r}") from None
