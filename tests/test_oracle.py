"""The Oracle grammar: card text -> rule objects (mtgcombat.grammar.oracle).

Each test asserts the exact rule objects (CR numbers in the names of the
abilities' classes, see mtgcombat/rules/abilities.py) or that a sentence is
reported as not understood.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcombat.grammar.oracle import read_text, split_sentences
from mtgcombat.rules.abilities import (
    ANY,
    AndPred,
    AssignAsThoughUnblocked,
    AttachedRef,
    AttackCap,
    AttackCondition,
    AttackParity,
    AttackCost,
    AttackRequirement,
    BandsWithOther,
    BlockCap,
    BlockableDespiteLandwalk,
    BlockCapacity,
    BlockCost,
    BlockRequirement,
    CanBlockOnly,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExcept,
    CantBeBlockedIf,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    ColorPred,
    ControllerPred,
    DefenderAssignsDamage,
    DefenderControls,
    Grant,
    GrantWhileInCombat,
    Group,
    Keyword,
    KeywordPred,
    Landwalk,
    LureRequirement,
    MulticoloredPred,
    MustBeBlocked,
    NamePred,
    NotPred,
    OrPred,
    OthersAttack,
    Parsed,
    PlayerControls,
    Protection,
    SelfRef,
    StatPred,
    TappedPred,
    TargetRef,
    TextReading,
    TypePred,
    YouRef,
)


def abilities(text: str, name: str | None = "Test Creature") -> tuple:
    """The abilities of a text that must be understood completely."""
    reading = read_text(text, name)
    assert reading.not_understood == (), reading.not_understood
    return reading.abilities


def one(text: str, name: str | None = "Test Creature"):
    found = abilities(text, name)
    assert len(found) == 1, found
    return found[0]


# ---------------------------------------------------------------------------
# API and sentence handling
# ---------------------------------------------------------------------------


def test_read_text_returns_text_reading_with_parsed_sentences():
    reading = read_text("Flying\nTest Creature can't block.", "Test Creature")
    assert reading == TextReading(
        understood=(
            Parsed("Flying", (Keyword("flying"),)),
            Parsed("Test Creature can't block.", (CantBlock(SelfRef()),)),
        ),
        not_understood=(),
    )


def test_keyword_list_is_one_parsed_with_several_abilities():
    assert read_text("Flying, first strike", "X").abilities == (
        Keyword("flying"), Keyword("first strike"),
    )
    assert len(read_text("Flying, first strike", "X").understood) == 1


def test_keyword_list_with_reminder_text():
    text = ("Flying (This creature can't be blocked except by creatures with flying or "
            "reach.)\nTrample (This creature can deal excess combat damage to the player "
            "or planeswalker it's attacking.)")
    reading = read_text(text, "X")
    assert reading.abilities == (Keyword("flying"), Keyword("trample"))
    assert reading.not_understood == ()
    assert [p.sentence for p in reading.understood] == ["Flying", "Trample"]


def test_keyword_list_with_unknown_item_reports_only_that_item():
    reading = read_text("Flying, myriad", "X")
    assert reading.understood == (Parsed("Flying", (Keyword("flying"),)),)
    assert reading.not_understood == ("Myriad",)


def test_keyword_list_with_a_noncombat_keyword_is_understood_702_21a():
    """Ward (702.21a) never acts in a combat: the keyword table's noncombat family."""
    reading = read_text("Flying, ward {2}", "X")
    assert reading.understood == (Parsed("Flying, ward {2}", (Keyword("flying"),)),)
    assert reading.not_understood == ()


def test_unknown_sentence_goes_to_not_understood_verbatim():
    text = "When Test Creature enters the battlefield, scry 1."
    reading = read_text(text, "Test Creature")
    assert reading.understood == ()
    assert reading.not_understood == (text,)


def test_no_sentence_is_dropped_between_understood_ones():
    text = "Test Creature can't block. You scry 2. Test Creature can't be blocked."
    reading = read_text(text, "Test Creature")
    assert [p.sentence for p in reading.understood] == [
        "Test Creature can't block.", "Test Creature can't be blocked.",
    ]
    assert reading.not_understood == ("You scry 2.",)


def test_sentences_split_outside_quotes_and_braces():
    line = ('Enchanted creature has "Whenever this creature attacks, draw a card." '
            "Pay {2}. Done.")
    assert split_sentences(line) == [
        'Enchanted creature has "Whenever this creature attacks, draw a card."',
        "Pay {2}.",
        "Done.",
    ]


def test_card_name_with_period_is_not_a_sentence_end():
    assert split_sentences("Mr. Orfeo can't block. Draw.", ["Mr. Orfeo"]) == [
        "Mr. Orfeo can't block.", "Draw.",
    ]


@pytest.mark.parametrize("garbage", [
    "", "   ", "\n\n", ".", "{", "}", "(", "\"", "~~~", "can't", "Flying,,,",
    "Protection from", "No more than", "\u2022", "{2}{U}:", "a" * 5000,
    "Creatures can't attack you unless their controller pays",
    "\x00\x01", "Flying\r\nReach",
])
def test_never_raises_on_garbage(garbage):
    reading = read_text(garbage, "X")
    assert isinstance(reading, TextReading)
    reading = read_text(garbage, None)
    assert isinstance(reading, TextReading)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.one_of(st.none(), st.text(max_size=30)))
def test_never_raises_on_random_text(text, name):
    reading = read_text(text, name)
    assert isinstance(reading, TextReading)


def test_reminder_text_is_stripped_first():
    assert one("Trample over planeswalkers (This creature can deal excess combat damage "
               "to the controller of the planeswalker it's attacking.)", "X") == \
        Keyword("trample over planeswalkers")


# ---------------------------------------------------------------------------
# Self references
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Goblin Brigand can't block.",
    "This creature can't block.",
    "This permanent can't block.",
    "this creature can't block.",
    "~ can't block.",
    "CARDNAME can't block.",
])
def test_self_references_become_self_ref(text):
    assert one(text, "Goblin Brigand") == CantBlock(SelfRef())


def test_legendary_short_name_is_a_self_reference():
    assert one("Gideon can't be blocked.", "Gideon, Ally of Zendikar") == CantBeBlocked(SelfRef())


def test_name_without_comma_is_only_the_whole_name():
    assert one("Master of Cruelties can only attack alone.", "Master of Cruelties") == \
        CanOnlyAttackAlone(SelfRef())


def test_alchemy_rebalanced_name_refers_to_the_card():
    assert one("Goblin Brigand attacks each combat if able.", "A-Goblin Brigand") == \
        AttackRequirement(SelfRef())


def test_forge_hidden_keywords_with_cardname():
    assert one("CARDNAME can't block.", "X") == CantBlock(SelfRef())
    assert one("All creatures able to block CARDNAME do so.", "X") == LureRequirement(SelfRef())
    assert abilities("CARDNAME can't attack or block alone.", "X") == (
        CantAttackAlone(SelfRef()), CantBlockAlone(SelfRef()),
    )


# ---------------------------------------------------------------------------
# Keywords (702)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("word", [
    "flying", "reach", "menace", "trample", "trample over planeswalkers", "deathtouch",
    "first strike", "double strike", "vigilance", "haste", "defender", "lifelink",
    "indestructible", "shadow", "horsemanship", "fear", "intimidate", "skulk", "banding",
])
def test_simple_keywords(word):
    assert one(word.capitalize(), "X") == Keyword(word)


def test_keyword_case_does_not_matter():
    assert abilities("FLYING, First Strike", "X") == (Keyword("flying"), Keyword("first strike"))


def test_long_keyword_list_with_and():
    assert abilities("Flying, first strike, vigilance, trample, haste, and protection from "
                     "black and from red", "Akroma") == (
        Keyword("flying"), Keyword("first strike"), Keyword("vigilance"), Keyword("trample"),
        Keyword("haste"),
        Protection(pred=ColorPred("B"), label="protection from black"),
        Protection(pred=ColorPred("R"), label="protection from red"),
    )


@pytest.mark.parametrize("word,land", [
    ("swampwalk", "Swamp"), ("islandwalk", "Island"), ("forestwalk", "Forest"),
    ("mountainwalk", "Mountain"), ("plainswalk", "Plains"), ("desertwalk", "Desert"),
])
def test_landwalk_of_a_land_type(word, land):
    assert one(word.capitalize(), "X") == Landwalk(TypePred(land), word)


def test_nonbasic_landwalk():
    assert one("Nonbasic landwalk", "X") == Landwalk(
        AndPred((TypePred("Land"), NotPred(TypePred("Basic")))), "nonbasic landwalk")


def test_snow_landwalk_combines_supertype_and_type():
    assert one("Snow swampwalk", "X") == Landwalk(
        AndPred((TypePred("Snow"), TypePred("Swamp"))), "snow swampwalk")


def test_legendary_landwalk():
    assert one("Legendary landwalk", "X") == Landwalk(
        AndPred((TypePred("Land"), TypePred("Legendary"))), "legendary landwalk")


def test_protection_from_a_color():
    assert one("Protection from red", "X") == Protection(pred=ColorPred("R"),
                                                           label="protection from red")


def test_protection_from_two_colors_is_two_abilities():
    assert abilities("Protection from white and from blue", "X") == (
        Protection(pred=ColorPred("W"), label="protection from white"),
        Protection(pred=ColorPred("U"), label="protection from blue"),
    )


def test_protection_from_creatures_artifacts_and_subtypes():
    assert one("Protection from creatures", "X") == Protection(
        pred=TypePred("Creature"), label="protection from creatures")
    assert one("Protection from artifacts", "X") == Protection(
        pred=TypePred("Artifact"), label="protection from artifacts")
    assert one("Protection from Goblins", "X") == Protection(
        pred=TypePred("Goblin"), label="protection from Goblins")


def test_protection_from_everything_and_multicolored():
    assert one("Protection from everything", "X") == Protection(
        everything=True, label="protection from everything")
    assert one("Protection from multicolored", "X") == Protection(
        pred=MulticoloredPred(), label="protection from multicolored")


def test_protection_from_all_colors():
    assert one("Protection from all colors", "X") == Protection(
        pred=OrPred(tuple(ColorPred(c) for c in "WUBRG")), label="protection from all colors")


def test_protection_from_a_chosen_player_is_not_understood():
    reading = read_text("Protection from the player of your choice", "X")
    assert reading.understood == ()
    assert reading.not_understood == ("Protection from the player of your choice",)


def test_protection_from_the_color_of_your_choice_is_not_understood():
    text = "Target creature gains protection from the color of your choice until end of turn."
    assert read_text(text, None).not_understood == (text,)


def test_bands_with_other():
    assert one("Bands with other Dinosaurs", "X") == BandsWithOther(
        TypePred("Dinosaur"), "bands with other Dinosaurs")
    assert one("Banding", "X") == Keyword("banding")


# ---------------------------------------------------------------------------
# Attack requirements (508.1d)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Goblin Brigand attacks each combat if able.",
    "Goblin Brigand attacks each turn if able.",
])
def test_attacks_each_combat_if_able(text):
    assert one(text, "Goblin Brigand") == AttackRequirement(SelfRef())


def test_attacks_target_player_each_combat_if_able():
    assert one("X attacks target player each combat if able.", "X") == \
        AttackRequirement(SelfRef(), target=TargetRef(0, "player"))


def test_attacks_you_each_combat_if_able():
    assert one("X attacks you each combat if able.", "X") == \
        AttackRequirement(SelfRef(), target=YouRef())


def test_attacks_or_blocks_each_combat_if_able():
    assert abilities("X attacks or blocks each combat if able.", "X") == (
        AttackRequirement(SelfRef()), BlockRequirement(SelfRef()),
    )


def test_creatures_target_player_controls_attack_self_if_able():
    assert one("Creatures target player controls attack Gideon if able.",
               "Gideon, Champion of Justice") == AttackRequirement(
        Group(controller=TargetRef(0, "player")), target=SelfRef())


def test_creatures_target_player_controls_attack_this_turn_if_able():
    assert one("Creatures target player controls attack this turn if able.", None) == \
        AttackRequirement(Group(controller=TargetRef(0, "player")))


def test_target_creature_attacks_this_turn_if_able():
    assert one("Target creature attacks this turn if able.", None) == \
        AttackRequirement(TargetRef(0, "creature"))


def test_creatures_your_opponents_control_attack_each_combat():
    assert one("Creatures your opponents control attack each combat if able.", "X") == \
        AttackRequirement(Group(opponents_of=YouRef()))


def test_all_creatures_attack_each_combat():
    assert one("All creatures attack each combat if able.", "X") == AttackRequirement(Group())


# ---------------------------------------------------------------------------
# Block requirements (509.1c)
# ---------------------------------------------------------------------------


def test_blocks_each_combat_if_able():
    assert one("X blocks each combat if able.", "X") == BlockRequirement(SelfRef())


def test_blocks_target_creature_this_turn_if_able():
    assert one("X blocks target creature this turn if able.", "X") == \
        BlockRequirement(SelfRef(), attacker=TargetRef(0, "creature"))


def test_target_creature_blocks_self_this_turn_if_able():
    assert one("Target creature blocks X this turn if able.", "X") == \
        BlockRequirement(TargetRef(0, "creature"), attacker=SelfRef())


def test_all_creatures_able_to_block_do_so():
    assert one("All creatures able to block Lure Beast do so.", "Lure Beast") == \
        LureRequirement(SelfRef())


def test_all_creatures_able_to_block_target_creature_this_turn_do_so():
    assert one("All creatures able to block target creature this turn do so.", None) == \
        LureRequirement(TargetRef(0, "creature"))


def test_must_be_blocked_if_able():
    assert one("X must be blocked if able.", "X") == MustBeBlocked(SelfRef())


def test_must_be_blocked_by_two_or_more_creatures():
    assert one("X must be blocked by two or more creatures if able.", "X") == \
        MustBeBlocked(SelfRef(), min_blockers=2)


def test_must_be_blocked_by_exactly_one_creature():
    assert one("X must be blocked by exactly one creature if able.", "X") == \
        MustBeBlocked(SelfRef(), min_blockers=1, exactly=1)


def test_must_be_blocked_by_an_eldrazi():
    assert one("X must be blocked by an Eldrazi if able.", "X") == \
        MustBeBlocked(SelfRef(), by=TypePred("Eldrazi"))


def test_target_creature_must_be_blocked_this_turn():
    assert one("Target creature must be blocked this turn if able.", None) == \
        MustBeBlocked(TargetRef(0, "creature"))


# ---------------------------------------------------------------------------
# Attack restrictions (508.1c)
# ---------------------------------------------------------------------------


def test_cant_attack():
    assert one("X can't attack.", "X") == CantAttack(SelfRef())


def test_cant_attack_or_block():
    assert abilities("X can't attack or block.", "X") == (CantAttack(SelfRef()), CantBlock(SelfRef()))


def test_cant_attack_alone_and_block_alone():
    assert one("X can't attack alone.", "X") == CantAttackAlone(SelfRef())
    assert one("X can't block alone.", "X") == CantBlockAlone(SelfRef())
    assert abilities("X can't attack or block alone.", "X") == (
        CantAttackAlone(SelfRef()), CantBlockAlone(SelfRef()))


@pytest.mark.parametrize("text", ["X can attack only alone.", "X can only attack alone."])
def test_can_only_attack_alone(text):
    assert one(text, "X") == CanOnlyAttackAlone(SelfRef())


def test_cant_attack_you():
    assert one("X can't attack you.", "X") == CantAttack(SelfRef(), target=YouRef())


def test_cant_attack_you_or_planeswalkers_you_control():
    assert one("X can't attack you or planeswalkers you control.", "X") == \
        CantAttack(SelfRef(), target=YouRef(), include_permanents=True)


def test_cant_attack_planeswalkers():
    assert one("X can't attack planeswalkers.", "X") == \
        CantAttack(SelfRef(), target_kind="planeswalker")


def test_cant_attack_unless_defending_player_controls_an_island():
    assert one("Sea Monster can't attack unless defending player controls an Island.",
               "Sea Monster") == AttackCondition(SelfRef(), DefenderControls(TypePred("Island")))


def test_cant_attack_unless_at_least_two_other_creatures_attack():
    assert one("X can't attack unless at least two other creatures attack.", "X") == \
        AttackCondition(SelfRef(), OthersAttack(ANY, 2))


def test_cant_attack_unless_a_black_or_green_creature_also_attacks():
    assert one("X can't attack unless a black or green creature also attacks.", "X") == \
        AttackCondition(SelfRef(), OthersAttack(OrPred((ColorPred("B"), ColorPred("G")))))


def test_cant_attack_unless_a_creature_with_greater_power_also_attacks():
    assert one("X can't attack unless a creature with greater power also attacks.", "X") == \
        AttackCondition(SelfRef(), OthersAttack(StatPred("power", ">", "self")))


def test_cant_attack_if_defending_player_controls_an_untapped_land():
    assert one("X can't attack if defending player controls an untapped land.", "X") == \
        AttackCondition(
            SelfRef(), DefenderControls(AndPred((TappedPred(False), TypePred("Land")))),
            unless=False)


def test_cant_attack_unless_you_control_a_permanent():
    assert one("X can't attack unless you control an artifact.", "X") == \
        AttackCondition(SelfRef(), PlayerControls(YouRef(), TypePred("Artifact")))


def test_cant_attack_with_condition_outside_the_vocabulary_is_not_understood():
    # (poison is on the board since Extension 2, and the monarch since issue 11, so both
    # are read now: the initiative (726) is a condition the board still doesn't record)
    text = "X can't attack unless defending player has the initiative."
    assert read_text(text, "X").not_understood == (text,)


def test_no_more_than_n_creatures_can_attack_each_combat():
    assert one("No more than one creature can attack each combat.", "X") == AttackCap(1)
    assert one("No more than two creatures can attack each turn.", "X") == AttackCap(2)


def test_no_more_than_n_creatures_can_attack_you_each_combat():
    assert one("No more than two creatures can attack you each combat.", "X") == \
        AttackCap(2, defender=YouRef())


def test_you_cant_attack_with_an_odd_number_of_creatures():
    assert one("You can't attack with an odd number of creatures.", "Rule with an Even Hand") \
        == AttackParity(even=True)
    assert one("You can't attack with an even number of creatures.", "X") == AttackParity(even=False)


def test_no_more_than_n_creatures_can_block_each_combat():
    assert one("No more than one creature can block each combat.", "X") == BlockCap(1)


def test_moat_creatures_without_flying_cant_attack():
    assert one("Creatures without flying can't attack.", "Moat") == \
        CantAttack(Group(pred=NotPred(KeywordPred("flying"))))


def test_creatures_without_flying_or_reach():
    assert one("Creatures without flying or reach can't block.", "X") == CantBlock(
        Group(pred=NotPred(OrPred((KeywordPred("flying"), KeywordPred("reach"))))))


def test_ensnaring_bridge_compares_power_with_the_hand_size_on_the_board():
    # Issue 11: the board now records "hand"; the sentence is read (tests/test_trust.py
    # checks the board without "hand" is bad input naming the player and the field).
    text = "Creatures with power greater than the number of cards in your hand can't attack."
    reading = read_text(text, "Ensnaring Bridge")
    assert reading.not_understood == ()
    (ab,) = reading.understood[0].abilities
    assert ab.subject.pred.value.player == YouRef()


# ---------------------------------------------------------------------------
# Block restrictions (509.1b)
# ---------------------------------------------------------------------------


def test_cant_block():
    assert one("X can't block.", "X") == CantBlock(SelfRef())


def test_cant_block_creatures_with_flying():
    assert one("X can't block creatures with flying.", "X") == \
        CantBlock(SelfRef(), attacker_pred=KeywordPred("flying"))


def test_cant_block_creatures_with_power_2_or_greater():
    assert one("X can't block creatures with power 2 or greater.", "X") == \
        CantBlock(SelfRef(), attacker_pred=StatPred("power", ">=", 2))


def test_can_block_only_creatures_with_flying():
    assert one("X can block only creatures with flying.", "X") == \
        CanBlockOnly(SelfRef(), KeywordPred("flying"))


def test_target_creature_cant_block_this_turn():
    assert one("Target creature can't block this turn.", None) == CantBlock(TargetRef(0, "creature"))


def test_creatures_target_player_controls_cant_block_this_turn():
    assert one("Creatures target player controls can't block this turn.", None) == \
        CantBlock(Group(controller=TargetRef(0, "player")))


def test_other_creatures_that_player_controls_cant_block_with_target_player():
    text = ("Target player can't block this turn with creatures they control. "
            "Other creatures that player controls can't block this turn.")
    reading = read_text(text, None)
    # The first sentence is outside the grammar, so "that player" has no antecedent.
    assert reading.not_understood == tuple(split_sentences(text))


def test_other_creatures_that_player_controls_means_other_than_the_target_creature():
    # Mark for Death: "other" means other than the target creature, not other than the
    # source; "Untap that creature." in between keeps "that player" known.
    from mtgcombat.rules.abilities import CantBlock, Group, NotPred, ObjectPred
    text = ("Target creature an opponent controls blocks this turn if able. "
            "Untap that creature. Other creatures that player controls can't block this turn.")
    reading = read_text(text, None)
    target = TargetRef(0, "creature")
    # (issue 26: "Untap that creature." is read as a one-shot effect, done as the spell
    # resolved)
    assert tuple(a for a in reading.abilities if type(a).__name__ != "Instructions") == (
        BlockRequirement(target),
        CantBlock(Group(pred=NotPred(ObjectPred(target)), controller=target)),
    )
    assert reading.not_understood == ()


def test_creatures_with_less_power_cant_block_it():
    assert one("Creatures with power less than X's power can't block it.", "X") == \
        CantBeBlockedBy(SelfRef(), StatPred("power", "<", "self"))


def test_cowards_cant_block_warriors():
    assert one("Cowards can't block Warriors.", "Boldwyr Intimidator") == \
        CantBlock(Group(pred=TypePred("Coward")), attacker_pred=TypePred("Warrior"))


def test_creatures_with_flying_cant_block_creatures_you_control():
    assert one("Creatures with flying can't block creatures you control.", "X") == CantBlock(
        Group(pred=KeywordPred("flying")), attacker_pred=ControllerPred(YouRef()))


# ---------------------------------------------------------------------------
# Being blocked (509.1b)
# ---------------------------------------------------------------------------


def test_cant_be_blocked():
    assert one("X can't be blocked.", "X") == CantBeBlocked(SelfRef())


def test_cant_be_blocked_except_by_creatures_with_flying():
    assert one("X can't be blocked except by creatures with flying.", "X") == \
        CantBeBlockedExcept(SelfRef(), by=KeywordPred("flying"))


def test_cant_be_blocked_except_by_creatures_with_flying_or_reach():
    assert one("X can't be blocked except by creatures with flying or reach.", "X") == \
        CantBeBlockedExcept(SelfRef(), by=OrPred((KeywordPred("flying"), KeywordPred("reach"))))


def test_cant_be_blocked_except_by_walls():
    assert one("X can't be blocked except by Walls.", "X") == \
        CantBeBlockedExcept(SelfRef(), by=TypePred("Wall"))


def test_cant_be_blocked_except_by_two_or_more():
    assert one("X can't be blocked except by two or more creatures.", "X") == \
        CantBeBlockedExcept(SelfRef(), min_blockers=2)


def test_cant_be_blocked_except_by_three_or_more_creatures():
    assert one("X can't be blocked except by three or more creatures.", "X") == \
        CantBeBlockedExcept(SelfRef(), min_blockers=3)


@pytest.mark.parametrize("blockers,pred", [
    ("creatures with power 2 or less", StatPred("power", "<=", 2)),
    ("Walls", TypePred("Wall")),
    ("black creatures", ColorPred("B")),
    ("artifact creatures", TypePred("Artifact")),
    ("creatures with flying", KeywordPred("flying")),
    ("Vampires or Zombies", OrPred((TypePred("Vampire"), TypePred("Zombie")))),
    ("nonblack creatures", NotPred(ColorPred("B"))),
    ("non-Wall creatures", NotPred(TypePred("Wall"))),
    ("white and/or blue creatures", OrPred((ColorPred("W"), ColorPred("U")))),
])
def test_cant_be_blocked_by(blockers, pred):
    assert one(f"X can't be blocked by {blockers}.", "X") == CantBeBlockedBy(SelfRef(), pred)


def test_cant_be_blocked_by_more_than_one_creature():
    assert one("X can't be blocked by more than one creature.", "X") == \
        CantBeBlockedByMoreThan(SelfRef(), 1)


def test_cant_be_blocked_unless_all_creatures_block_it():
    assert one("X can't be blocked unless all creatures defending player controls block it.",
               "X") == CantBeBlockedUnlessAllBlock(SelfRef())


def test_cant_block_and_cant_be_blocked():
    assert abilities("X can't block and can't be blocked.", "X") == (
        CantBlock(SelfRef()), CantBeBlocked(SelfRef()))


def test_cant_be_blocked_as_long_as_defending_player_controls_an_artifact():
    assert one("X can't be blocked as long as defending player controls an artifact.", "X") == \
        CantBeBlockedIf(SelfRef(), DefenderControls(TypePred("Artifact")))


def test_each_creature_you_control_cant_be_blocked_as_long_as_defender_controls_artifact_land():
    text = ("Each creature you control can't be blocked as long as defending player controls "
            "an artifact land.")
    assert one(text, "X") == CantBeBlockedIf(
        Group(controller=YouRef()),
        DefenderControls(AndPred((TypePred("Artifact"), TypePred("Land")))))


def test_cant_be_blocked_as_long_as_you_control_a_gate():
    assert one("Enchanted creature can't be blocked as long as you control a Gate.", "X") == \
        CantBeBlockedIf(AttachedRef(), PlayerControls(YouRef(), TypePred("Gate")))


def test_cant_be_blocked_as_long_as_its_attacking_alone():
    # 506.5: attacking alone = no other creature is attacking.
    assert one("X can't be blocked as long as it's attacking alone.", "X") == \
        CantBeBlockedIf(SelfRef(), OthersAttack(ANY, 1), unless=True)


@pytest.mark.parametrize("text", [
    "X can't be blocked as long as you have the initiative.",
    "X can't be blocked as long as it has a +1/+1 counter on it.",
])
def test_other_conditional_evasion_is_not_understood(text):
    assert read_text(text, "X").not_understood == (text,)


# ---------------------------------------------------------------------------
# Abilities while attacking or blocking (GrantWhileInCombat)
# ---------------------------------------------------------------------------


def test_has_first_strike_as_long_as_its_attacking():
    assert one("X has first strike as long as it's attacking.", "X") == \
        GrantWhileInCombat(SelfRef(), (Keyword("first strike"),), "attacking")


def test_enchanted_creature_has_flying_as_long_as_its_blocking():
    assert one("Enchanted creature has reach as long as it's blocking.", "X") == \
        GrantWhileInCombat(AttachedRef(), (Keyword("reach"),), "blocking")


def test_group_has_keyword_as_long_as_theyre_attacking_is_an_attacking_group():
    assert one("Creatures you control have flying as long as they're attacking.", "X") == \
        Grant(Group(controller=YouRef(), attacking=True), (Keyword("flying"),))


@pytest.mark.parametrize("text", [
    "X gets +1/+0 as long as it's attacking.",
    "X has first strike as long as it's blocking and you control a snow land.",
    "X has hexproof unless it's attacking or blocking.",
])
def test_other_combat_conditions_are_not_understood(text):
    assert read_text(text, "X").not_understood == (text,)


# ---------------------------------------------------------------------------
# Landwalk that no longer restricts blocks (BlockableDespiteLandwalk)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("walk", ["swampwalk", "islandwalk", "forestwalk", "plainswalk",
                                  "mountainwalk"])
def test_creatures_with_landwalk_can_be_blocked_as_though_they_didnt(walk):
    text = f"Creatures with {walk} can be blocked as though they didn't have {walk}."
    assert one(text, "Great Wall") == BlockableDespiteLandwalk(walk)


def test_creatures_with_landwalk_abilities_can_be_blocked_as_though_they_didnt():
    text = ("Creatures with landwalk abilities can be blocked as though they didn't have "
            "those abilities.")
    assert one(text, "Staff of the Ages") == BlockableDespiteLandwalk(None)


def test_mismatched_landwalk_sentence_is_not_understood():
    text = "Creatures with swampwalk can be blocked as though they didn't have islandwalk."
    assert read_text(text, "X").not_understood == (text,)


# ---------------------------------------------------------------------------
# Block capacity (509.1a)
# ---------------------------------------------------------------------------


def test_can_block_an_additional_creature_each_combat():
    assert one("X can block an additional creature each combat.", "X") == BlockCapacity(SelfRef(), 1)


def test_can_block_n_additional_creatures():
    assert one("X can block two additional creatures each combat.", "X") == BlockCapacity(SelfRef(), 2)
    assert one("X can block an additional seven creatures each combat.", "X") == \
        BlockCapacity(SelfRef(), 7)


def test_can_block_any_number_of_creatures():
    assert one("X can block any number of creatures.", "X") == BlockCapacity(SelfRef(), None)


def test_each_creature_you_control_can_block_an_additional_creature():
    assert one("Each creature you control can block an additional creature each combat.", "X") == \
        BlockCapacity(Group(controller=YouRef()), 1)


# ---------------------------------------------------------------------------
# Costs (508.1d, 509.1d)
# ---------------------------------------------------------------------------


def test_propaganda_attack_cost():
    assert one("Creatures can't attack you unless their controller pays {2} for each "
               "creature they control that's attacking you.", "Propaganda") == \
        AttackCost("{2}", Group(), defender=YouRef())


def test_ghostly_prison_attack_cost():
    assert one("Creatures can't attack you unless their controller pays {2} for each "
               "creature they control that's attacking you.", "Ghostly Prison") == \
        AttackCost("{2}", Group(), defender=YouRef())


def test_sphere_of_safety_reads_what_x_counts():
    # Issue 11: "where X is ..." is read (X counted on the board), never deleted.
    from mtgcombat.rules.abilities import CountOf, TypePred

    assert one("Creatures can't attack you or planeswalkers you control unless their "
               "controller pays {X} for each of those creatures, where X is the number of "
               "enchantments you control.", "Sphere of Safety") == \
        AttackCost("{X}", Group(), defender=YouRef(), include_permanents=True,
                   x=CountOf(TypePred("Enchantment"), YouRef()))


def test_an_x_the_board_cannot_count_leaves_the_sentence_not_understood():
    text = ("Creatures can't attack you unless their controller pays {X} for each creature "
            "they control that's attacking you, where X is the number of cards in your "
            "library.")
    assert read_text(text, "Collective Restraint").not_understood == (text,)


def test_norns_annex_phyrexian_cost_includes_planeswalkers():
    text = ("({W/P} can be paid with either {W} or 2 life.)\nCreatures can't attack you or "
            "planeswalkers you control unless their controller pays {W/P} for each of those "
            "creatures.")
    assert one(text, "Norn's Annex") == \
        AttackCost("{W/P}", Group(), defender=YouRef(), include_permanents=True)


def test_war_cadence_block_cost():
    assert one("This turn, creatures can't block unless their controller pays {X} for each "
               "blocking creature they control.", None) == BlockCost("{X}", Group())


def test_single_creature_block_cost():
    assert one("X can't block unless you pay {1}.", "X") == BlockCost("{1}", SelfRef())


def test_single_creature_attack_or_block_cost():
    assert abilities("X can't attack or block unless you pay {2}.", "X") == (
        AttackCost("{2}", SelfRef()), BlockCost("{2}", SelfRef()))


def test_attack_cost_for_a_group_with_a_color():
    assert one("Nonblack creatures can't attack you unless their controller pays {2} for each "
               "creature they control that's attacking you.", "X") == \
        AttackCost("{2}", Group(pred=NotPred(ColorPred("B"))), defender=YouRef())


# ---------------------------------------------------------------------------
# Damage (510.1)
# ---------------------------------------------------------------------------


def test_assign_combat_damage_as_though_unblocked():
    assert one("You may have Thorn Elemental assign its combat damage as though it weren't "
               "blocked.", "Thorn Elemental") == AssignAsThoughUnblocked(SelfRef())


def test_defensive_formation_both_sentences_understood():
    text = ("Rather than the attacking player, you assign the combat damage of each creature "
            "attacking you. You can divide that creature's combat damage as you choose among "
            "any of the creatures blocking it.")
    reading = read_text(text, "Defensive Formation")
    assert reading.not_understood == ()
    assert len(reading.understood) == 2
    assert reading.abilities == (DefenderAssignsDamage(),)


def test_damage_division_alone_is_not_understood():
    text = ("You can divide that creature's combat damage as you choose among any of the "
            "creatures blocking it.")
    assert read_text(text, "X").not_understood == (text,)


# ---------------------------------------------------------------------------
# Grants (613.1f)
# ---------------------------------------------------------------------------


def test_creatures_you_control_have_flying():
    assert one("Creatures you control have flying.", "X") == \
        Grant(Group(controller=YouRef()), (Keyword("flying"),))


def test_other_creatures_you_control_have_menace():
    assert one("Other creatures you control have menace.", "X") == \
        Grant(Group(controller=YouRef(), other=True), (Keyword("menace"),))


def test_target_creature_gains_menace_until_end_of_turn():
    assert one("Target creature gains menace until end of turn.", None) == \
        Grant(TargetRef(0, "creature"), (Keyword("menace"),))


def test_gets_plus_and_gains_trample():
    assert one("X gets +1/+1 and gains trample.", "X") == Grant(SelfRef(), (Keyword("trample"),))


def test_gains_several_keywords():
    assert one("Target creature gains flying and first strike until end of turn.", None) == \
        Grant(TargetRef(0, "creature"), (Keyword("flying"), Keyword("first strike")))


def test_attacking_creatures_you_control_have_double_strike():
    assert one("Attacking creatures you control have double strike.", "X") == \
        Grant(Group(controller=YouRef(), attacking=True), (Keyword("double strike"),))


def test_subtype_group_grant():
    assert one("Merfolk you control have islandwalk.", "Lord of Atlantis") == Grant(
        Group(pred=TypePred("Merfolk"), controller=YouRef()),
        (Landwalk(TypePred("Island"), "islandwalk"),))
    assert one("Other Goblin creatures you control have haste.", "X") == Grant(
        Group(pred=TypePred("Goblin"), controller=YouRef(), other=True), (Keyword("haste"),))


def test_power_toughness_change_with_a_duration_alone_is_a_one_shot_effect_done_613_4c():
    # Issue 26: "gets +1/+1 until end of turn" is what a spell or ability did as it
    # resolved (a one-shot effect, read as instructions): on the board without a step it
    # has happened, and the board's power and toughness show it. With a step (a trick) it
    # resolves in that step (tests/test_combat_triggers.py).
    reading = read_text("X gets +1/+1 until end of turn.", "X")
    assert reading.not_understood == ()
    assert type(reading.abilities[0]).__name__ == "Instructions"
    # A static change that holds only while attacking is not on the board before attacks.
    assert read_text("Attacking creatures you control get +1/+0.", "X").not_understood == (
        "Attacking creatures you control get +1/+0.",)


def test_static_power_toughness_change_is_on_the_board_already_613_4c():
    """The board's power and toughness are current values (layer 7c, 613.4c): a static
    change of permanents is understood with nothing to apply."""
    for text in ("X gets +1/+1.", "Enchanted creature gets +2/+2.",
                 "Other Elf creatures you control get +1/+1."):
        reading = read_text(text, "X")
        assert reading.not_understood == () and reading.abilities == (), text


def test_power_change_then_it_cant_be_blocked():
    text = "Target creature gets +2/+2 until end of turn. It can't be blocked this turn."
    reading = read_text(text, None)
    # issue 26: the P/T change of a spell is a one-shot effect, done as it resolved (the
    # board's power and toughness show it)
    assert reading.not_understood == ()
    assert reading.abilities[1:] == (CantBeBlocked(TargetRef(0, "creature")),)


# ---------------------------------------------------------------------------
# Attachments: "enchanted creature", "equipped creature" (AttachedRef; 303.4, 301.5)
# ---------------------------------------------------------------------------


def test_enchanted_creature_cant_attack_or_block():
    assert abilities("Enchanted creature can't attack or block.", "Pacifism") == (
        CantAttack(AttachedRef()), CantBlock(AttachedRef()))


def test_enchanted_creature_cant_attack():
    assert one("Enchanted creature can't attack.", "X") == CantAttack(AttachedRef())


def test_enchanted_creature_cant_block():
    assert one("Enchanted creature can't block.", "X") == CantBlock(AttachedRef())


def test_enchanted_creature_has_flying():
    assert one("Enchanted creature has flying.", "X") == Grant(AttachedRef(), (Keyword("flying"),))


def test_equipped_creature_gets_pt_and_has_menace():
    # The P/T change is already in the board's values: only the grant is a rule object.
    assert one("Equipped creature gets +2/+0 and has menace.", "X") == \
        Grant(AttachedRef(), (Keyword("menace"),))


def test_enchanted_permanent_is_the_attached_permanent():
    assert abilities("Enchanted permanent can't attack or block.", "X") == (
        CantAttack(AttachedRef()), CantBlock(AttachedRef()))


def test_lure_on_enchanted_creature():
    assert one("All creatures able to block enchanted creature do so.", "Lure") == \
        LureRequirement(AttachedRef())


def test_enchanted_creature_attacks_each_combat_if_able():
    assert one("Enchanted creature attacks each combat if able.", "X") == \
        AttackRequirement(AttachedRef())


def test_enchanted_creature_gets_pt_and_blocks_each_combat_if_able():
    assert one("Enchanted creature gets +4/+1 and blocks each combat if able.", "X") == \
        BlockRequirement(AttachedRef())


def test_equipped_creature_must_be_blocked_if_able():
    assert one("Equipped creature must be blocked if able.", "X") == MustBeBlocked(AttachedRef())


def test_slayers_cleaver_must_be_blocked_by_an_eldrazi():
    assert one("Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able.",
               "Slayer's Cleaver") == MustBeBlocked(AttachedRef(), by=TypePred("Eldrazi"))


def test_enchanted_creature_cant_be_blocked_except_by():
    assert one("Enchanted creature can't be blocked except by creatures with flying or reach.",
               "X") == CantBeBlockedExcept(
        AttachedRef(), by=OrPred((KeywordPred("flying"), KeywordPred("reach"))))
    assert one("Equipped creature can't be blocked except by Walls.", "X") == \
        CantBeBlockedExcept(AttachedRef(), by=TypePred("Wall"))


def test_wolfriders_saddle_cant_be_blocked_by_more_than_one_creature():
    assert one("Equipped creature can't be blocked by more than one creature.",
               "Wolfrider's Saddle") == CantBeBlockedByMoreThan(AttachedRef(), 1)


def test_enchanted_creature_cant_be_blocked_by_a_color():
    assert one("Enchanted creature can't be blocked by black creatures.", "X") == \
        CantBeBlockedBy(AttachedRef(), ColorPred("B"))


def test_enchanted_creature_can_block_an_additional_creature():
    assert one("Enchanted creature can block an additional creature each combat.", "X") == \
        BlockCapacity(AttachedRef(), 1)
    assert one("Enchanted creature can block any number of creatures.", "X") == \
        BlockCapacity(AttachedRef(), None)


def test_enchanted_creature_can_block_only_creatures_with_flying():
    assert one("Enchanted creature can block only creatures with flying.", "X") == \
        CanBlockOnly(AttachedRef(), KeywordPred("flying"))


def test_enchanted_creature_grant_and_cant_attack_you():
    text = ("Enchanted creature gets +2/+2, has flying, and can't attack you or "
            "planeswalkers you control.")
    assert abilities(text, "X") == (
        Grant(AttachedRef(), (Keyword("flying"),)),
        CantAttack(AttachedRef(), target=YouRef(), include_permanents=True),
    )


def test_enchanted_creature_attack_cost():
    assert one("Enchanted creature can't attack unless its controller pays {3}.", "X") == \
        AttackCost("{3}", AttachedRef())


def test_enchanted_creature_cant_block_creatures_you_control():
    assert one("Enchanted creature can't block creatures you control.", "X") == \
        CantBlock(AttachedRef(), attacker_pred=ControllerPred(YouRef()))


@pytest.mark.parametrize("text", [
    "Enchanted player can't attack.",
    # ("Enchanted land has flying." is read since issue 26: 303.4, the land the Aura is
    # attached to; tests/test_readings.py, Hostile Realm)
    # (Curse of the Nightly Hunt's "Creatures enchanted player controls attack each combat
    # if able." is read since issue 11: tests/test_trust.py)
    "Creatures attacking enchanted player have trample.",
    # (triggers of the attached creature and activated abilities are read since issue 26:
    # test_combat_triggers.py)
    # ("As long as enchanted creature is green, it gets +1/+1 and all creatures able to block
    # it do so." is read since issue 26: Gift of the Deity, tests/test_readings.py)
    "Enchanted creature has first strike as long as it's blocking and you control a snow land.",
])
def test_other_attachment_texts_are_not_understood(text):
    assert read_text(text, "X").not_understood == tuple(split_sentences(text))


def test_it_after_enchanted_creature_is_the_attached_creature():
    text = "Enchanted creature gets +1/+1. It can't block."
    reading = read_text(text, "X")
    assert reading.not_understood == ()  # on the board already (613.4c)
    assert reading.abilities == (CantBlock(AttachedRef()),)


def test_activated_abilities_clause_is_split_off_and_reported():
    text = "Enchanted creature can't attack or block, and its activated abilities can't be activated."
    reading = read_text(text, "Arrest")
    assert reading.understood == (
        Parsed("Enchanted creature can't attack or block",
               (CantAttack(AttachedRef()), CantBlock(AttachedRef()))),
    )
    assert reading.not_understood == ("and its activated abilities can't be activated.",)


def test_activated_abilities_clause_of_a_group_and_mana_ability_exception():
    text = ("Creatures with flying can't attack or block, and their activated abilities "
            "with {T} in their costs can't be activated.")
    reading = read_text(text, "X")
    flying = Group(pred=KeywordPred("flying"))
    assert reading.abilities == (CantAttack(flying), CantBlock(flying))
    assert reading.not_understood == (
        "and their activated abilities with {T} in their costs can't be activated.",)
    text = ("Enchanted permanent can't attack or block, and its activated abilities can't be "
            "activated unless they\u2019re mana abilities.")
    reading = read_text(text, "X")
    assert reading.abilities == (CantAttack(AttachedRef()), CantBlock(AttachedRef()))
    assert len(reading.not_understood) == 1


def test_activated_abilities_clause_after_a_trigger_is_not_understood():
    text = ("Whenever X attacks, draw a card. Until end of turn, target creature can't block, "
            "and its activated abilities can't be activated.")
    reading = read_text(text, "X")
    assert reading.understood == ()
    assert reading.not_understood == tuple(split_sentences(text))


def test_target_numbering_after_an_effect_of_an_unread_ability():
    text = ("Whenever X attacks, draw a card. Target creature can't block this turn.\n"
            "Target creature can't attack.")
    reading = read_text(text, "X")
    assert reading.not_understood == ()
    # 603.3d: a triggered ability's targets are chosen as it is put on the stack -- its
    # own, not the effect's: the static sentence after it names the effect's first target.
    assert reading.abilities[-1] == CantAttack(TargetRef(0, "creature"))
    text = ("Whenever X attacks, scry 1. Target creature can't block this turn.\n"
            "Target creature can't attack.")
    reading = read_text(text, "X")
    assert reading.abilities == (CantAttack(TargetRef(1, "creature")),)


# ---------------------------------------------------------------------------
# Targets and abilities that are not static
# ---------------------------------------------------------------------------


def test_targets_are_numbered_in_order_of_appearance():
    assert one("Target creature blocks target creature this turn if able.", None) == \
        BlockRequirement(TargetRef(0, "creature"), attacker=TargetRef(1, "creature"))


def test_targets_count_across_sentences_of_an_effect():
    text = "Target creature can't block this turn. Target creature can't attack this turn."
    assert abilities(text, None) == (CantBlock(TargetRef(0, "creature")),
                                     CantAttack(TargetRef(1, "creature")))


def test_activated_ability_is_read_as_an_ability_to_activate_602_1():
    # issue 26: it acts when a player activates it (an effect of the board with a step)
    text = "{2}{U}: X can't be blocked this turn."
    reading = read_text(text, "X")
    assert reading.not_understood == ()
    assert type(reading.abilities[0]).__name__ == "Activated"
    text = "{2}{U}, Exert X: X can't be blocked this turn."
    assert read_text(text, "X").not_understood == (text,)


def test_triggered_ability_is_read_as_one_ability_603_1():
    # Issue 26: a triggered ability is read (its effect carried out by the combat's stack,
    # rules/stack.py); one it can't read is still reported whole.
    text = "Whenever X attacks, target creature can't block this turn."
    reading = read_text(text, "X")
    assert reading.not_understood == ()
    (ability,) = reading.abilities
    assert type(ability).__name__ == "Triggered"
    text = "Whenever X attacks, scry 1."
    assert read_text(text, "X").not_understood == (text,)


def test_effect_after_unknown_trigger_sentence_is_not_understood():
    text = "Whenever X attacks, you may pay {E}{E}. X can't be blocked this turn."
    reading = read_text(text, "X")
    assert reading.understood == ()
    assert len(reading.not_understood) == 2


def test_that_creature_names_the_target_of_an_unread_effect_sentence():
    text = "Target creature fights Blindblast. That creature can't block this turn."
    reading = read_text(text, "Blindblast")
    assert reading.not_understood == ("Target creature fights Blindblast.",)
    assert reading.abilities == (CantBlock(TargetRef(0, "creature")),)


def test_it_after_an_unread_sentence_naming_one_target_is_that_target_115_1():
    text = "Goad target creature. It can't block this turn."
    reading = read_text(text, None)
    assert reading.not_understood == ("Goad target creature.",)
    assert reading.abilities == (CantBlock(TargetRef(0, "creature")),)


def test_it_after_an_unread_sentence_naming_the_source_too_is_not_understood():
    text = "X deals 1 damage to target creature unless X was kicked. It can't block this turn."
    assert read_text(text, "X").not_understood == tuple(split_sentences(text))


def test_that_creature_after_a_trigger_or_activation_is_not_understood():
    for text in (
        "{1}{R}: X fights target creature. That creature can't block this combat.",
        "Whenever X attacks, defending player chooses an untapped creature they control. "
        "That creature blocks X this turn if able.",
    ):
        reading = read_text(text, "X")
        assert reading.understood == (), text


def test_plural_targets_with_an_exact_number_are_not_understood():
    text = "Two target creatures can't block this turn."
    assert read_text(text, None).not_understood == (text,)


def test_modal_spell_modes_are_alternatives():
    # Issue 11 (700.2): the modes of a modal spell are alternatives; applying every one
    # (and numbering their targets as if all were chosen) was a misread. The whole text
    # says nothing the board can apply; the chosen mode, given alone, is read.
    text = ("Choose one \u2014\n\u2022 Creatures target player controls attack this turn if "
            "able.\n\u2022 Creatures you control gain first strike until end of turn.")
    reading = read_text(text, "Incite War")
    assert reading.abilities == ()
    assert len(reading.not_understood) == 3
    mode = read_text("Creatures target player controls attack this turn if able.", "Incite War")
    assert mode.abilities == (AttackRequirement(Group(controller=TargetRef(0, "player"))),)


# ---------------------------------------------------------------------------
# Descriptions: names, "power or toughness", articles in alternatives
# ---------------------------------------------------------------------------


def test_creatures_named_x_cant_attack_or_block():
    group = Group(pred=NamePred("Rock Lobster"))
    assert abilities("Creatures named Rock Lobster can't attack or block.", "Paper Tiger") == (
        CantAttack(group), CantBlock(group))


def test_creatures_named_x_cant_attack_you_or_planeswalkers():
    assert one("Creatures named Lightning Rager can't attack you or planeswalkers you control.",
               "Rite of the Raging Storm") == CantAttack(
        Group(pred=NamePred("Lightning Rager")), target=YouRef(), include_permanents=True)


def test_cant_block_or_be_blocked_by():
    pred = StatPred("power", ">=", 2)
    assert abilities("Sneaky Homunculus can't block or be blocked by creatures with power 2 or "
                     "greater.", "Sneaky Homunculus") == (
        CantBlock(SelfRef(), attacker_pred=pred), CantBeBlockedBy(SelfRef(), pred))


def test_creatures_with_power_or_toughness_1_or_less_cant_be_blocked():
    assert one("Creatures you control with power or toughness 1 or less can't be blocked.",
               "Tetsuko Umezawa, Fugitive") == CantBeBlocked(Group(
        pred=OrPred((StatPred("power", "<=", 1), StatPred("toughness", "<=", 1))),
        controller=YouRef()))


def test_cant_attack_unless_you_control_a_knight_or_a_soldier():
    assert one("War Falcon can't attack unless you control a Knight or a Soldier.",
               "War Falcon") == AttackCondition(
        SelfRef(), PlayerControls(YouRef(), OrPred((TypePred("Knight"), TypePred("Soldier")))))


def test_cant_be_blocked_except_by_walls_or_a_creature_with_flying():
    assert one("X can't be blocked except by Walls or a creature with flying.", "X") == \
        CantBeBlockedExcept(SelfRef(), by=OrPred((TypePred("Wall"), KeywordPred("flying"))))


def test_card_name_with_accents_in_the_text():
    assert one("Dand\u00e2n can't attack unless defending player controls an Island.",
               "Dandan") == AttackCondition(SelfRef(), DefenderControls(TypePred("Island")))


def test_cant_block_unless_you_control_another_creature_type():
    from mtgcombat.rules.abilities import BlockCondition, NotSelfPred
    assert one("Ironclaw Orcs can't block unless you control another Zombie.", "Ironclaw Orcs") \
        == BlockCondition(SelfRef(), PlayerControls(
            YouRef(), AndPred((NotSelfPred(), TypePred("Zombie")))))


def test_cant_block_unless_other_creatures_also_block():
    from mtgcombat.rules.abilities import BlockCondition, OthersBlock, AnyPred
    assert one("Test Creature can't block unless at least two other creatures block.") == \
        BlockCondition(SelfRef(), OthersBlock(AnyPred(), 2))
    assert one("Test Creature can't block unless a creature with greater power also blocks.") \
        == BlockCondition(SelfRef(), OthersBlock(StatPred("power", ">", "self"), 1))


def test_cant_block_if_you_control_an_untapped_land():
    from mtgcombat.rules.abilities import BlockCondition
    assert one("Test Creature can't block if you control an untapped land.") == \
        BlockCondition(SelfRef(), PlayerControls(
            YouRef(), AndPred((TappedPred(False), TypePred("Land")))), unless=False)


def test_cant_attack_or_block_unless_you_control_gives_both_conditions():
    from mtgcombat.rules.abilities import AttackCondition, BlockCondition
    cond = PlayerControls(YouRef(), TypePred("Land"), 7)
    assert abilities("Test Creature can't attack or block unless you control seven or more "
                     "lands.") == (AttackCondition(SelfRef(), cond), BlockCondition(SelfRef(), cond))


# ---------------------------------------------------------------------------
# Declaration sentences: groups of targets, "as though", conditions (611.3a)
# ---------------------------------------------------------------------------

from mtgcombat.rules.abilities import (  # noqa: E402
    AttachedPred,
    AttackAsThough,
    BlockAsThough,
    BlockEachAttacker,
    Conditional,
    InCombatPred,
    LandwalkPred,
    LureBy,
    NotSelfPred,
    ObjectIs,
    TargetGroup,
)


@pytest.mark.parametrize("text, most", [
    ("Up to two target creatures can't block this turn.", 2),
    ("Up to three target creatures can't block this turn.", 3),
    ("Up to one target creature can't block this turn.", 1),
    ("Any number of target creatures can't block this turn.", None),
    ("X target creatures can't block this turn.", None),
])
def test_up_to_n_and_any_number_of_target_creatures_are_a_group_of_targets(text, most):
    assert one(text, None) == CantBlock(TargetGroup(0, most))


def test_up_to_two_target_creatures_cant_be_blocked():
    assert one("Up to two target creatures can't be blocked this turn.", None) == \
        CantBeBlocked(TargetGroup(0, 2))


def test_group_of_targets_counts_targets_named_before_it():
    reading = read_text("Target creature can't attack this turn. Up to two target creatures "
                        "can't block this turn.", None)
    assert reading.abilities == (CantAttack(TargetRef(0, "creature")),
                                 CantBlock(TargetGroup(1, 2)))


def test_those_creatures_are_the_targets_of_an_unread_sentence():
    text = ("Wrap in Flames deals 1 damage to each of up to three target creatures. "
            "Those creatures can't block this turn.")
    reading = read_text(text, "Wrap in Flames")
    assert reading.not_understood == (
        "Wrap in Flames deals 1 damage to each of up to three target creatures.",)
    assert reading.abilities == (CantBlock(TargetGroup(0, 3)),)


def test_they_after_a_group_of_targets_is_that_group():
    assert abilities("Up to two target creatures can't block this turn. They must be blocked "
                     "this turn if able.", None) == (
        CantBlock(TargetGroup(0, 2)), MustBeBlocked(TargetGroup(0, 2)))


def test_those_creatures_without_a_group_before_is_not_understood():
    for text in ("Those creatures can't block this turn.", "They block this turn if able."):
        assert read_text(text, None).not_understood == (text,)


def test_target_after_a_variable_number_of_targets_is_not_understood():
    # 601.2c: how many targets the group took varies, so the later target can't be
    # numbered -- and the group can't be told apart from it either.
    text = "Up to two target creatures can't block this turn. Target creature can't attack."
    reading = read_text(text, None)
    assert reading.understood == ()
    assert set(reading.not_understood) == set(split_sentences(text))
    text = ("Up to two target creatures can't block this turn. Target player draws a card.")
    assert read_text(text, None).understood == ()


def test_target_after_an_unread_group_of_targets_is_not_understood():
    text = "Tap up to two target creatures. Target creature can't block this turn."
    assert read_text(text, None).understood == ()


def test_target_numbering_counts_two_target_creatures_as_two():
    reading = read_text("Tap two target creatures. Target creature can't block this turn.", None)
    assert reading.abilities == (CantBlock(TargetRef(2, "creature")),)


def test_creatures_without_flying_or_islandwalk_cant_attack():
    assert one("Creatures without flying or islandwalk can't attack.", "Stormtide Leviathan") \
        == CantAttack(Group(NotPred(OrPred((KeywordPred("flying"), LandwalkPred("islandwalk"))))))


def test_two_color_groups_joined_by_and_are_one_group():
    assert one("Green creatures and white creatures can't block this turn.", None) == \
        CantBlock(Group(OrPred((ColorPred("G"), ColorPred("W")))))
    assert one("White creatures and blue creatures can't block.", "Magistrate's Veto") == \
        CantBlock(Group(OrPred((ColorPred("W"), ColorPred("U")))))


def test_groups_with_different_controllers_joined_by_and_are_not_understood():
    text = "Creatures you control and creatures target player controls can't block."
    assert read_text(text, None).not_understood == (text,)


def test_can_block_creatures_with_shadow_as_though_it_had_shadow():
    assert one("Heartwood Dryad can block creatures with shadow as though Heartwood Dryad had "
               "shadow.", "Heartwood Dryad") == \
        BlockAsThough(SelfRef(), KeywordPred("shadow"), had="shadow")


def test_can_block_creatures_with_shadow_as_though_they_didnt_have_shadow():
    assert one("Aetherflame Wall can block creatures with shadow as though they didn't have "
               "shadow.", "Aetherflame Wall") == \
        BlockAsThough(SelfRef(), KeywordPred("shadow"), lacked="shadow")


def test_enchanted_creature_has_reach_and_can_block_shadow():
    assert abilities("Enchanted creature gets +1/+1, has reach, and can block creatures with "
                     "shadow as though they didn't have shadow.", "Aether Web") == (
        Grant(AttachedRef(), (Keyword("reach"),)),
        BlockAsThough(AttachedRef(), KeywordPred("shadow"), lacked="shadow"))


def test_can_block_dragons_as_though_it_had_reach():
    assert one("Dragon Hunter can block Dragons as though it had reach.", "Dragon Hunter") == \
        BlockAsThough(SelfRef(), TypePred("Dragon"), had="reach")


def test_can_block_creatures_with_landwalk_as_though_they_didnt_have_it():
    assert one("Enchanted creature can block creatures with landwalk abilities as though they "
               "didn't have those abilities.", "X") == \
        BlockAsThough(AttachedRef(), ANY, lacked="landwalk")


@pytest.mark.parametrize("text", [
    "X can block creatures with flying as though they didn't have shadow.",
    "X can block creatures with shadow as though Y had shadow.",
    "X can block creatures with shadow as though it had defender.",
    "Enchanted creature can block creatures with shadow as though X had shadow.",
])
def test_mismatched_as_though_sentences_are_not_understood(text):
    assert read_text(text, "X").not_understood == (text,)


def test_enchanted_wall_can_attack_as_though_it_didnt_have_defender():
    assert one("Enchanted Wall can attack as though it didn't have defender.", "Animate Wall") \
        == AttackAsThough(AttachedRef(), lacked="defender")
    text = "Enchanted Forest can't attack."
    assert read_text(text, "X").not_understood == (text,)


def test_creatures_you_control_can_attack_as_though_they_didnt_have_defender():
    assert one("Wall creatures you control can attack as though they didn't have defender.",
               "X") == AttackAsThough(Group(TypePred("Wall"), controller=YouRef()),
                                      lacked="defender")


def test_enchanted_creature_can_attack_as_though_it_had_haste():
    assert one("Enchanted creature can attack as though it had haste.", "X") == \
        AttackAsThough(AttachedRef(), had="haste")


def test_as_long_as_you_control_a_creature_can_attack_despite_defender():
    assert one("As long as you control a creature with power 4 or greater, X can attack as "
               "though it didn't have defender.", "X") == Conditional(
        PlayerControls(YouRef(), AndPred((TypePred("Creature"), StatPred("power", ">=", 4)))),
        (AttackAsThough(SelfRef(), lacked="defender"),))


def test_trailing_as_long_as_you_control_a_gate():
    assert one("X can attack as though it didn't have defender as long as you control a Gate.",
               "X") == Conditional(PlayerControls(YouRef(), TypePred("Gate")),
                                   (AttackAsThough(SelfRef(), lacked="defender"),))


def test_as_long_as_it_is_enchanted_or_equipped():
    assert one("As long as X is enchanted or equipped, it can attack as though it didn't have "
               "defender.", "X") == Conditional(
        ObjectIs(SelfRef(), OrPred((AttachedPred("Aura"), AttachedPred("Equipment")))),
        (AttackAsThough(SelfRef(), lacked="defender"),))


def test_as_long_as_equipped_creature_has_defender():
    assert one("As long as equipped creature has defender, it can attack as though it didn't "
               "have defender.", "X") == Conditional(
        ObjectIs(AttachedRef(), KeywordPred("defender")),
        (AttackAsThough(AttachedRef(), lacked="defender"),))


def test_as_long_as_you_control_a_planeswalker_gets_pt_and_cant_be_blocked():
    # The P/T change is on the board already; the restriction depends on the condition.
    assert one("As long as you control a Jace planeswalker, X gets +1/+0 and can't be blocked.",
               "X") == Conditional(
        PlayerControls(YouRef(), AndPred((TypePred("Jace"), TypePred("Planeswalker")))),
        (CantBeBlocked(SelfRef()),))


def test_as_long_as_enchanted_permanent_is_a_creature_it_cant_block():
    assert one("As long as enchanted permanent is a creature, it gets -1/-1 and can't block.",
               "X") == Conditional(ObjectIs(AttachedRef(), TypePred("Creature")),
                                   (CantBlock(AttachedRef()),))


def test_as_long_as_it_is_untapped_attack_cost():
    assert one("As long as X is untapped, creatures can't attack you or planeswalkers you "
               "control unless their controller pays {1} for each of those creatures.", "X") \
        == Conditional(ObjectIs(SelfRef(), TappedPred(False)), (
            AttackCost("{1}", Group(), defender=YouRef(), include_permanents=True),))


def test_as_long_as_it_is_tapped_attack_cap():
    assert one("As long as X is tapped, no more than one creature can attack you each combat.",
               "X") == Conditional(ObjectIs(SelfRef(), TappedPred(True)),
                                   (AttackCap(1, defender=YouRef()),))


def test_as_long_as_it_is_attacking_block_cost():
    assert one("As long as X is attacking, creatures can't block unless their controller pays "
               "{1} for each of those creatures.", "X") == Conditional(
        ObjectIs(SelfRef(), InCombatPred("attacking")), (BlockCost("{1}", Group()),))


def test_as_long_as_enchanted_creature_is_attacking_alone_it_cant_be_blocked():
    assert one("As long as enchanted creature is attacking alone, it can't be blocked.", "X") \
        == Conditional(OthersAttack(ANY, 1), (CantBeBlocked(AttachedRef()),), unless=True)


def test_cant_be_blocked_by_as_long_as_defending_player_controls_a_snow_land():
    assert one("X can't be blocked by creatures with power 2 or greater as long as defending "
               "player controls a snow land.", "X") == Conditional(
        DefenderControls(AndPred((TypePred("Snow"), TypePred("Land")))),
        (CantBeBlockedBy(SelfRef(), StatPred("power", ">=", 2)),))


def test_cant_be_blocked_as_long_as_you_control_no_other_creatures():
    assert one("X can't be blocked as long as you control no other creatures.", "X") == \
        CantBeBlockedIf(SelfRef(), PlayerControls(
            YouRef(), AndPred((NotSelfPred(), TypePred("Creature")))), unless=True)


def test_cant_be_blocked_as_long_as_its_enchanted():
    assert one("X can't be blocked as long as it's enchanted.", "X") == Conditional(
        ObjectIs(SelfRef(), AttachedPred("Aura")), (CantBeBlocked(SelfRef()),))


def test_equipped_creature_cant_be_blocked_as_long_as_its_power_is_3_or_less():
    assert one("Equipped creature can't be blocked as long as its power is 3 or less.", "X") \
        == Conditional(ObjectIs(AttachedRef(), StatPred("power", "<=", 3)),
                       (CantBeBlocked(AttachedRef()),))


def test_has_flying_as_long_as_you_control_an_island():
    assert one("X has flying as long as you control an Island.", "X") == Conditional(
        PlayerControls(YouRef(), TypePred("Island")), (Grant(SelfRef(), (Keyword("flying"),)),))


@pytest.mark.parametrize("text", [
    # conditions the board doesn't record: the initiative, a dungeon completed (counters
    # and hands are on the board since Extension 2, graveyards, spells cast, the monarch
    # and the city's blessing since issue 11: read, tests/test_trust.py and
    # tests/test_player_facts.py; monstrosity since issue 26: a permanent's facts,
    # tests/test_readings.py)
    "As long as you have the initiative, X gets +2/+2 and can't block.",
    "As long as you've completed a dungeon, X can attack as though it didn't have defender.",
    # combat conditions around abilities used while declaring attackers
    "As long as X is attacking, creatures you control attack each combat if able.",
    "X can't attack as long as defending player controls an Island.",
    "As long as enchanted creature is attacking alone, X can't be blocked.",
    # a P/T change alone
    "As long as you control a Gate, X gets +1/+1.",
])
def test_conditions_the_board_cant_judge_are_not_understood(text):
    assert read_text(text, "X").not_understood == (text,)


def test_blocks_each_attacking_creature_this_turn_if_able():
    reading = read_text("Target creature defending player controls can block any number of "
                        "creatures this turn. It blocks each attacking creature this turn if "
                        "able.", "Blaze of Glory")
    assert reading.not_understood == ()
    assert reading.abilities == (BlockCapacity(TargetRef(0, "creature"), None),
                                 BlockEachAttacker(TargetRef(0, "creature")))


def test_all_walls_able_to_block_it_do_so():
    assert one("All Walls able to block Tarpan do so.", "Tarpan") == \
        LureBy(SelfRef(), TypePred("Wall"))
    assert one("All creatures with flying able to block X do so.", "X") == \
        LureBy(SelfRef(), KeywordPred("flying"))


def test_each_walls_able_to_block_is_not_a_lure():
    text = "Each Wall able to block X does so."
    assert read_text(text, "X").not_understood == (text,)


# -- comparisons and the whole battlefield; clauses with no bearing on combat ------------

from mtgcombat.rules.abilities import BlockCondition, MoreThan, OnBattlefield  # noqa: E402


def test_cant_attack_unless_you_control_more_creatures_than_defending_player():
    assert one("X can't attack unless you control more creatures than defending player.",
               "X") == AttackCondition(SelfRef(), MoreThan(TypePred("Creature"), "defending"))


def test_cant_block_unless_you_control_more_lands_than_attacking_player():
    assert one("X can't block unless you control more lands than attacking player.", "X") == \
        BlockCondition(SelfRef(), MoreThan(TypePred("Land"), "attacking"))


@pytest.mark.parametrize("text, cond, unless", [
    ("X can't attack unless there is a Mountain on the battlefield.",
     OnBattlefield(TypePred("Mountain")), True),
    ("X can't attack unless there are five or more Islands on the battlefield.",
     OnBattlefield(TypePred("Island"), 5), True),
    ("X can't attack if there's another creature on the battlefield.",
     OnBattlefield(AndPred((NotSelfPred(), TypePred("Creature")))), False),
])
def test_cant_attack_unless_or_if_something_is_on_the_battlefield(text, cond, unless):
    assert one(text, "X") == AttackCondition(SelfRef(), cond, unless=unless)


def test_cant_attack_or_block_if_an_enchantment_is_on_the_battlefield():
    cond = OnBattlefield(TypePred("Enchantment"))
    assert abilities("X can't attack or block if an enchantment is on the battlefield.", "X") \
        == (AttackCondition(SelfRef(), cond, unless=False),
            BlockCondition(SelfRef(), cond, unless=False))


def test_cant_attack_or_block_unless_you_control_at_least_three_other_creatures():
    cond = PlayerControls(YouRef(), AndPred((NotSelfPred(), TypePred("Creature"))), 3)
    assert abilities("X can't attack or block unless you control at least three other "
                     "creatures.", "X") == (AttackCondition(SelfRef(), cond),
                                            BlockCondition(SelfRef(), cond))


def test_enchanted_creature_cant_block_if_its_black():
    assert one("Enchanted creature can't block if it's black.", "X") == Conditional(
        ObjectIs(AttachedRef(), ColorPred("B")), (CantBlock(AttachedRef()),))


def test_list_with_a_non_combat_verb_keeps_the_combat_part_and_reports_the_rest():
    reading = read_text("Enchanted creature can't attack, block, or transform.", "X")
    assert reading.abilities == (CantAttack(AttachedRef()), CantBlock(AttachedRef()))
    assert reading.not_understood == ("can't transform",)
    reading = read_text("Enchanted permanent can't attack, block, or crew Vehicles, and its "
                        "activated abilities can't be activated unless they're mana "
                        "abilities.", "X")
    assert reading.abilities == (CantAttack(AttachedRef()), CantBlock(AttachedRef()))
    assert reading.not_understood == (
        "can't crew Vehicles",
        "and its activated abilities can't be activated unless they're mana abilities.")


def test_equipment_cant_attack_you_and_cant_be_sacrificed():
    reading = read_text("Equipped creature gets +2/+2, has haste, can't attack you or "
                        "planeswalkers you control, and can't be sacrificed.", "X")
    assert reading.abilities == (
        Grant(AttachedRef(), (Keyword("haste"),)),
        CantAttack(AttachedRef(), target=YouRef(), include_permanents=True))
    assert reading.not_understood == ("can't be sacrificed",)


@pytest.mark.parametrize("text, ability, part", [
    ("Enchanted creature has hexproof and can't be blocked by more than one creature.",
     CantBeBlockedByMoreThan(AttachedRef(), 1), "has hexproof"),
    ("Enchanted creature can't be blocked and has shroud.", CantBeBlocked(AttachedRef()),
     "has shroud"),
    ("Target creature gains shroud until end of turn and can't be blocked this turn.",
     CantBeBlocked(TargetRef(0, "creature")), "gains shroud until end of turn"),
    ("Enchanted creature has phasing and can't be blocked except by Walls.",
     CantBeBlockedExcept(AttachedRef(), by=TypePred("Wall")), "has phasing"),
])
def test_hexproof_shroud_phasing_clauses_are_reported_and_the_rest_read(text, ability, part):
    reading = read_text(text, "X")
    assert reading.abilities == (ability,)
    assert reading.not_understood == (part,)


def test_non_combat_clause_alone_is_not_understood():
    for text in ("X has hexproof.", "Enchanted creature has hexproof and gets +1/+1."):
        assert read_text(text, "X").not_understood == (text,)


def test_enchanted_creature_is_goaded():
    from mtgcombat.rules.abilities import Goaded
    assert one("Enchanted creature gets +2/+2 and is goaded.", "Shiny Impetus") == \
        Goaded(AttachedRef())
    assert abilities("Enchanted creature gets +3/+3, must be blocked if able, and is goaded.",
                     "Predatory Impetus") == (MustBeBlocked(AttachedRef()), Goaded(AttachedRef()))


def test_statement_and_all_creatures_able_to_block_it_do_so():
    assert abilities("Enchanted creature gets +4/+4 and has first strike, and all creatures "
                     "able to block it do so.", "Indrik Umbra") == (
        Grant(AttachedRef(), (Keyword("first strike"),)), LureRequirement(AttachedRef()))
    assert abilities("Until end of turn, target creature gets +6/+6 and gains trample, and all "
                     "creatures able to block it this turn do so.", "Revenge of the Hunted") == (
        Grant(TargetRef(0, "creature"), (Keyword("trample"),)),
        LureRequirement(TargetRef(0, "creature")))


def test_conditional_statement_and_lure_reads_the_lure_under_the_condition():
    # The condition covers both parts; reading the lure alone would apply it always.
    text = ("As long as enchanted creature is green, it gets +1/+1 and all creatures able to "
            "block it do so.")
    (parsed,) = read_text(text, "Gift of the Deity").understood
    (cond,) = parsed.abilities
    assert isinstance(cond, Conditional) and cond.abilities == (LureRequirement(AttachedRef()),)


def test_cant_attack_or_block_unless_its_equipped():
    assert abilities("X can't attack or block unless it's equipped.", "X") == (Conditional(
        ObjectIs(SelfRef(), AttachedPred("Equipment")), (CantAttack(SelfRef()), CantBlock(SelfRef())),
        unless=True),)


def test_creatures_that_are_enchanted_and_enchanted_creatures_as_a_quality():
    group = Group(AttachedPred("Aura"))
    assert abilities("Creatures that are enchanted can't attack or block.", "X") == (
        CantAttack(group), CantBlock(group))
    assert one("X can't be blocked by enchanted creatures or enchantment creatures.", "X") == \
        CantBeBlockedBy(SelfRef(), OrPred((AttachedPred("Aura"), TypePred("Enchantment"))))
    assert one("Creatures you control that are enchanted get +1/+1 and can't be blocked except "
               "by creatures with defender.", "X") == CantBeBlockedExcept(
        Group(AttachedPred("Aura"), controller=YouRef()), by=KeywordPred("defender"))


def test_enchanted_and_a_subtype_other_than_wall_is_not_understood():
    text = "Enchanted Goblins can't block."
    assert read_text(text, "X").not_understood == (text,)


def test_attacks_each_combat_if_able_unless_you_control_another_ally():
    assert one("Test Creature attacks each combat if able unless you control another Ally.") \
        == Conditional(PlayerControls(YouRef(), AndPred((NotSelfPred(), TypePred("Ally")))),
                       (AttackRequirement(SelfRef()),), unless=True)


def test_pt_change_with_x_defined_after_it():
    assert abilities("Each Skeleton you control has trample, attacks each combat if able, and "
                     "gets +X/+0, where X is the number of other Skeletons you control.",
                     "Skeletal Swarming") == (
        Grant(Group(TypePred("Skeleton"), controller=YouRef()), (Keyword("trample"),)),
        AttackRequirement(Group(TypePred("Skeleton"), controller=YouRef())))


# -- modes of triggered abilities; "it" that can't be the subject ------------------------


@pytest.mark.parametrize("text", [
    "When X enters the battlefield, choose one \u2014\n\u2022 Destroy target artifact.\n"
    "\u2022 X gains haste until end of turn.",
    "Landfall \u2014 Whenever a land enters the battlefield under your control, choose one "
    "\u2014\n\u2022 Target creature gets +2/+0 until end of turn.\n\u2022 Target creature can't "
    "block this turn.",
    "{T}: Choose one \u2014\n\u2022 Target creature can't block this turn.\n\u2022 Target "
    "creature gains flying until end of turn.",
])
def test_modes_of_a_triggered_or_activated_ability_are_not_static_abilities(text):
    # 700.2: the bullets belong to the ability; the board doesn't show it resolving.
    reading = read_text(text, "X")
    assert reading.understood == ()
    assert len(reading.not_understood) == 3


def test_static_ability_after_the_modes_of_a_trigger_is_read():
    reading = read_text("Whenever X attacks, choose one \u2014\n\u2022 Draw a card.\n"
                        "\u2022 X gains flying until end of turn.\nX can't block.", "X")
    assert reading.abilities == (CantBlock(SelfRef()),)


def test_another_target_creature_blocks_it_means_the_first_target():
    # Feral Contest: a creature never blocks itself; "it" is the first target.
    reading = read_text("Put a +1/+1 counter on target creature you control. Another target "
                        "creature blocks it this turn if able.", "Feral Contest")
    assert reading.not_understood == ()  # issue 26: the counter is a one-shot effect
    assert reading.abilities[1:] == (
        BlockRequirement(TargetRef(1, "creature"), attacker=TargetRef(0, "creature")),)


def test_target_creature_blocks_it_with_nothing_before_is_not_understood():
    text = "Target creature blocks it this turn if able."
    assert read_text(text, "X").not_understood == (text,)
