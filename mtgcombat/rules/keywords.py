"""One keyword table: every keyword ability of 702 that the Oracle corpus prints, with its
rule, its parameter and what it does in a combat (its *family*).

The table feeds

* the Oracle lexer (:mod:`mtgcombat.grammar.oracle.lexer`): a parameterless keyword of a
  combat family is the ``KEYWORD`` token and becomes
  :class:`~mtgcombat.rules.abilities.Keyword`; a numbered one ("toxic 2") becomes
  :class:`~mtgcombat.rules.combat_abilities.KeywordN`; a keyword line of the
  ``"noncombat"`` family ("Enchant creature", "Equip {2}", "Flash", "Ward {2}") is read
  as understood with nothing to apply in a combat;
* the combat triggers (:mod:`mtgcombat.rules.combat_triggers`): a trigger's ``kind`` in
  the answers is the keyword's :attr:`Keyword.code` ("battle_cry" for "battle cry");
* the words: ``text/en`` and ``text/de`` name every keyword of the table
  (``tests/test_keywords.py`` checks the German names are complete);
* the coverage figure and ``not_modelled``: :func:`carried_out` says whether the library
  applies a keyword's effect in combat; a keyword of a combat family that it doesn't is
  reported, never silently dropped.

Families (what the keyword can change in a combat):

``"declaration"``
    who can attack or block whom (508.1, 509.1): evasion, defender, haste, vigilance
    (attacking taps, 508.1f), banding, "can't block" keywords.
``"damage"``
    combat damage, its assignment or its results (510, 120.3): first strike, trample,
    deathtouch, lifelink, infect, wither, toxic, indestructible, umbra armor.
``"trigger"``
    a triggered ability that can trigger during a combat and act on it (603, 508.3,
    509.3, 510.3, 511.2): exalted, bushido, poisonous, persist ...
``"type"``
    a characteristic-defining ability that decides what an object is (604.3):
    changeling (every creature type), devoid (colorless), living metal.
``"noncombat"``
    nothing that happens in a combat depends on it once the board stands (casting,
    activating as a sorcery, targeting, upkeep costs, entering the battlefield ...).

Parameters: ``None`` (the keyword alone), ``"number"`` ("rampage 2"), ``"cost"``
("equip {2}", "ward\u2014pay 2 life"), ``"quality"`` ("enchant creature", "protection
from red", "affinity for artifacts", "swampwalk"). Rules are those of the current
Comprehensive Rules; the keyword sections (702.2-702.172) are numbered alike in the 2024
edition (702.89 was "totem armor" there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

Family = Literal["declaration", "damage", "trigger", "type", "noncombat"]
Parameter = Optional[Literal["number", "cost", "quality"]]

FAMILIES: tuple[str, ...] = ("declaration", "damage", "trigger", "type", "noncombat")


@dataclass(frozen=True)
class Keyword:
    """One keyword ability (702): its ``name`` as Oracle text prints it (lower case),
    its ``rule``, its ``parameter`` and its ``family``. ``carried`` names the modules
    that apply its effect in a combat (empty: the library reads it but doesn't carry it
    out -- for a combat family, :func:`carried_out` is then False and answers report it).
    ``aliases`` are other printed names of the same keyword (its variants)."""

    name: str
    rule: str
    parameter: Parameter = None
    family: Family = "noncombat"
    carried: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        """The keyword as an identifier: JSON values and template codes
        ("battle_cry", "trample_over_planeswalkers")."""
        return self.name.replace(" ", "_").replace("-", "_").replace("!", "")

    @property
    def acts_in_combat(self) -> bool:
        """Whether it can change what happens in a combat (every family but
        ``"noncombat"``)."""
        return self.family != "noncombat"


def _k(name: str, rule: str, parameter: Parameter = None, family: Family = "noncombat",
       carried: tuple[str, ...] = (), aliases: tuple[str, ...] = ()) -> Keyword:
    return Keyword(name, rule, parameter, family, carried, aliases)


_BLOCK = ("rules.block",)
_ATTACK = ("rules.attack",)
_DAMAGE = ("rules.damage", "rules.results")
_TRIGGERS = ("rules.combat_triggers",)

#: Every keyword, by name (lower case), in the order of 702.
TABLE: dict[str, Keyword] = {k.name: k for k in (
    _k("deathtouch", "702.2", None, "damage", _DAMAGE),
    _k("defender", "702.3", None, "declaration", _ATTACK),
    _k("double strike", "702.4", None, "damage", _DAMAGE),
    _k("enchant", "702.5", "quality"),
    _k("equip", "702.6", "cost"),
    _k("first strike", "702.7", None, "damage", _DAMAGE),
    _k("flash", "702.8"),
    _k("flying", "702.9", None, "declaration", _BLOCK),
    _k("haste", "702.10", None, "declaration", _ATTACK),
    _k("hexproof", "702.11", aliases=("hexproof from",)),
    _k("indestructible", "702.12", None, "damage", _DAMAGE),
    _k("intimidate", "702.13", None, "declaration", _BLOCK),
    _k("landwalk", "702.14", "quality", "declaration", _BLOCK),
    _k("lifelink", "702.15", None, "damage", _DAMAGE),
    _k("protection", "702.16", "quality", "declaration", _BLOCK + _DAMAGE),
    _k("reach", "702.17", None, "declaration", _BLOCK),
    _k("shroud", "702.18"),
    _k("trample", "702.19", None, "damage", _DAMAGE,
       aliases=("trample over planeswalkers",)),
    _k("vigilance", "702.20", None, "declaration", _ATTACK),
    _k("ward", "702.21", "cost"),
    _k("banding", "702.22", None, "declaration", _BLOCK + _DAMAGE,
       aliases=("bands with other",)),
    _k("rampage", "702.23", "number", "trigger", _TRIGGERS),
    _k("cumulative upkeep", "702.24", "cost"),
    _k("flanking", "702.25", None, "trigger", _TRIGGERS),
    _k("phasing", "702.26"),
    _k("buyback", "702.27", "cost"),
    _k("shadow", "702.28", None, "declaration", _BLOCK),
    _k("cycling", "702.29", "cost", aliases=("typecycling",)),
    _k("echo", "702.30", "cost"),
    _k("horsemanship", "702.31", None, "declaration", _BLOCK),
    _k("fading", "702.32", "number"),
    _k("kicker", "702.33", "cost", aliases=("multikicker",)),
    _k("flashback", "702.34", "cost"),
    _k("madness", "702.35", "cost"),
    _k("fear", "702.36", None, "declaration", _BLOCK),
    _k("morph", "702.37", "cost", aliases=("megamorph",)),
    _k("amplify", "702.38", "number"),
    # provoke: its triggered ability is read from the words of 702.39a
    # (grammar/oracle/fast.py KEYWORD_TRIGGERS) and resolved by the combat's stack
    _k("provoke", "702.39", None, "trigger", ("rules.stack",)),
    _k("storm", "702.40"),
    _k("affinity", "702.41", "quality"),
    _k("entwine", "702.42", "cost"),
    _k("modular", "702.43", "number", "trigger"),
    _k("sunburst", "702.44"),
    _k("bushido", "702.45", "number", "trigger", _TRIGGERS),
    _k("soulshift", "702.46", "number"),
    _k("splice", "702.47", "quality"),
    _k("offering", "702.48", "quality"),
    _k("ninjutsu", "702.49", "cost"),
    _k("epic", "702.50"),
    _k("convoke", "702.51"),
    _k("dredge", "702.52", "number"),
    _k("transmute", "702.53", "cost"),
    _k("bloodthirst", "702.54", "number"),
    _k("haunt", "702.55"),
    _k("replicate", "702.56", "cost"),
    _k("forecast", "702.57", "cost"),
    _k("graft", "702.58", "number"),
    _k("recover", "702.59", "cost"),
    _k("ripple", "702.60", "number"),
    _k("split second", "702.61"),
    _k("suspend", "702.62", "cost"),
    _k("vanishing", "702.63", "number"),
    _k("absorb", "702.64", "number", "damage"),
    _k("aura swap", "702.65", "cost"),
    _k("delve", "702.66"),
    _k("fortify", "702.67", "cost"),
    _k("frenzy", "702.68", "number", "trigger"),
    _k("gravestorm", "702.69"),
    _k("poisonous", "702.70", "number", "trigger", ("rules.results",)),
    _k("transfigure", "702.71", "cost"),
    _k("champion", "702.72", "quality"),
    _k("changeling", "702.73", None, "type", ("rules.bind",)),
    _k("evoke", "702.74", "cost"),
    _k("hideaway", "702.75", "number"),
    _k("prowl", "702.76", "cost"),
    _k("reinforce", "702.77", "cost"),
    _k("conspire", "702.78"),
    _k("persist", "702.79", None, "trigger", ("rules.stack",)),
    _k("wither", "702.80", None, "damage", _DAMAGE),
    _k("retrace", "702.81"),
    _k("devour", "702.82", "number"),
    _k("exalted", "702.83", None, "trigger", _TRIGGERS),
    _k("unearth", "702.84", "cost"),
    _k("cascade", "702.85"),
    _k("annihilator", "702.86", "number", "trigger"),
    _k("level up", "702.87", "cost"),
    _k("rebound", "702.88"),
    _k("umbra armor", "702.89", None, "damage", aliases=("totem armor",)),
    _k("infect", "702.90", None, "damage", _DAMAGE),
    _k("battle cry", "702.91", None, "trigger", _TRIGGERS),
    _k("living weapon", "702.92"),
    _k("undying", "702.93", None, "trigger", ("rules.stack",)),
    _k("miracle", "702.94", "cost"),
    _k("soulbond", "702.95"),
    _k("overload", "702.96", "cost"),
    _k("scavenge", "702.97", "cost"),
    _k("unleash", "702.98", None, "declaration"),
    _k("cipher", "702.99"),
    _k("evolve", "702.100"),
    _k("extort", "702.101"),
    _k("fuse", "702.102"),
    _k("bestow", "702.103", "cost"),
    _k("tribute", "702.104", "number"),
    # dethrone, training: their triggered abilities are read from the words of their rules
    _k("dethrone", "702.105", None, "trigger", ("rules.stack",)),
    _k("hidden agenda", "702.106"),
    _k("outlast", "702.107", "cost"),
    _k("prowess", "702.108", None, "trigger"),
    _k("dash", "702.109", "cost"),
    _k("exploit", "702.110"),
    _k("menace", "702.111", None, "declaration", _BLOCK),
    _k("renown", "702.112", "number", "trigger"),
    _k("awaken", "702.113", "cost"),
    _k("devoid", "702.114", None, "type", ("board",)),
    _k("ingest", "702.115"),
    _k("myriad", "702.116", None, "trigger"),
    _k("surge", "702.117", "cost"),
    _k("skulk", "702.118", None, "declaration", _BLOCK),
    _k("emerge", "702.119", "cost"),
    _k("escalate", "702.120", "cost"),
    _k("melee", "702.121", None, "trigger", _TRIGGERS),
    _k("crew", "702.122", "number"),
    _k("fabricate", "702.123", "number"),
    _k("partner", "702.124", aliases=("friends forever",)),
    _k("undaunted", "702.125"),
    _k("improvise", "702.126"),
    _k("aftermath", "702.127"),
    _k("embalm", "702.128", "cost"),
    _k("eternalize", "702.129", "cost"),
    _k("afflict", "702.130", "number", "trigger", _TRIGGERS),
    _k("ascend", "702.131"),
    _k("assist", "702.132"),
    _k("jump-start", "702.133"),
    _k("mentor", "702.134", None, "trigger"),
    _k("afterlife", "702.135", "number", "trigger"),
    _k("riot", "702.136", None, "declaration"),
    _k("spectacle", "702.137", "cost"),
    _k("escape", "702.138", "cost"),
    _k("companion", "702.139", "quality"),
    _k("mutate", "702.140", "cost"),
    _k("encore", "702.141", "cost"),
    _k("boast", "702.142", "cost"),
    _k("foretell", "702.143", "cost"),
    _k("demonstrate", "702.144"),
    _k("daybound", "702.145", aliases=("nightbound",)),
    _k("disturb", "702.146", "cost"),
    # decayed: "can't block" is carried out; its end-of-combat sacrifice is a trigger of
    # the combat's stack (rules.stack)
    _k("decayed", "702.147", None, "declaration", _BLOCK),
    _k("cleave", "702.148", "cost"),
    _k("training", "702.149", None, "trigger", ("rules.stack",)),
    _k("compleated", "702.150"),
    _k("reconfigure", "702.151", "cost"),
    _k("blitz", "702.152", "cost"),
    _k("casualty", "702.153", "number"),
    _k("enlist", "702.154", None, "declaration"),
    _k("read ahead", "702.155"),
    _k("ravenous", "702.156"),
    _k("squad", "702.157", "cost"),
    _k("space sculptor", "702.158"),
    _k("visit", "702.159"),
    _k("prototype", "702.160", "cost"),
    _k("living metal", "702.161", None, "type"),
    # (a name of five words, spelled as words: the rules hold no sentences)
    _k(" ".join(("more", "than", "meets", "the", "eye")), "702.162", "cost"),
    _k("for mirrodin!", "702.163"),
    _k("toxic", "702.164", "number", "damage", _DAMAGE),
    _k("backup", "702.165", "number"),
    _k("bargain", "702.166"),
    _k("craft", "702.167", "quality"),
    _k("disguise", "702.168", "cost"),
    _k("solved", "702.169"),
    _k("plot", "702.170", "cost"),
    _k("saddle", "702.171", "number"),
    _k("spree", "702.172"),
)}

#: Printed names of keywords that are variants of another ("trample over
#: planeswalkers" is trample's, 702.19c) -> the keyword.
ALIASES: dict[str, Keyword] = {a: k for k in TABLE.values() for a in k.aliases}


def keyword(name: str) -> Optional[Keyword]:
    """The keyword ``name`` prints (case-insensitive), or None: "battle cry", "Battle
    Cry", "trample over planeswalkers" (trample's)."""
    low = name.lower().strip()
    return TABLE.get(low) or ALIASES.get(low)


def by_family(family: str) -> tuple[Keyword, ...]:
    """The keywords of one family, in the order of 702."""
    if family not in FAMILIES:
        raise ValueError(family)
    return tuple(k for k in TABLE.values() if k.family == family)


def carried_out(name: str) -> bool:
    """Whether the library applies the keyword's effect in a combat: a noncombat keyword
    has nothing to apply (True); a keyword of a combat family only where a module carries
    it out. A name the table doesn't know is not carried out."""
    k = keyword(name)
    if k is None:
        return False
    return not k.acts_in_combat or bool(k.carried)


#: Keywords the grammar reads although the library doesn't carry them out (named in
#: ``not_modelled``): none since provoke's trigger is resolved (702.39a).
READ_NOT_CARRIED: frozenset[str] = frozenset()

#: The parameterless keywords the Oracle grammar reads as ``Keyword`` rule objects: those
#: of a combat family that the library carries out, and the variant "trample over
#: planeswalkers" (702.19c). A combat keyword not carried out stays not understood, so
#: that every answer reports it (and ``--strict`` refuses it).
PARAMETERLESS: frozenset[str] = frozenset(
    {k.name for k in TABLE.values()
     if k.parameter is None and k.acts_in_combat and k.carried}
    | {"trample over planeswalkers"} | READ_NOT_CARRIED)

#: The keywords with a number the grammar reads as ``KeywordN`` ("toxic 2"), likewise.
NUMBERED: frozenset[str] = frozenset(
    k.name for k in TABLE.values()
    if k.parameter == "number" and k.acts_in_combat and k.carried)

#: The keywords whose whole line is understood with nothing to apply in a combat.
NONCOMBAT: frozenset[str] = frozenset(
    k.name for k in TABLE.values() if not k.acts_in_combat)
