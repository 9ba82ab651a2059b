"""The independent reference (tests/reference_minimax.py) is right on hand-checked cases."""

from __future__ import annotations

from .reference_minimax import best_attacks, best_blocks, value_of_blocks


def C(cid, p, t, ctl, text="", **kw):
    d = {"id": cid, "name": cid.capitalize(), "controller": ctl, "power": p, "toughness": t}
    if text:
        d["text"] = text.replace("NAME", cid.capitalize())
    d.update(kw)
    return d


def B(perms, life=20, rules="current", attacks=None):
    d = {"rules": rules, "players": [{"name": "Alice"}, {"name": "Bob", "life": life}],
         "active_player": "Alice", "permanents": perms}
    if attacks is not None:
        d["attacks"] = attacks
    return d


def test_reference_chumps_only_when_otherwise_lethal():
    perms = [C("ogre", 3, 3, "Alice"), C("elf", 1, 1, "Bob")]
    assert best_blocks(B(perms, life=3, attacks={"ogre": "Bob"})) == ((0, -1, 0), [{"elf": ["ogre"]}])
    assert best_blocks(B(perms, life=10, attacks={"ogre": "Bob"})) == ((0, 0, -3), [{}])


def test_reference_double_block_kills_a_big_attacker():
    perms = [C("wurm", 5, 4, "Alice"), C("east", 3, 3, "Bob"), C("west", 3, 3, "Bob")]
    v, decls = best_blocks(B(perms, attacks={"wurm": "Bob"}))
    assert v == (0, 0, 0) and {"east": ["wurm"], "west": ["wurm"]} in decls


def test_reference_first_strike_makes_a_block_free():
    perms = [C("bears", 2, 2, "Alice"), C("knight", 2, 2, "Bob", "First strike")]
    assert best_blocks(B(perms, attacks={"bears": "Bob"})) == ((0, 1, 0), [{"knight": ["bears"]}])


def test_reference_a_lure_decides_the_block():
    perms = [C("ogre", 3, 3, "Alice"), C("lure", 1, 1, "Alice",
                                         "All creatures able to block NAME do so."),
             C("elf", 1, 1, "Bob")]
    v, decls = best_blocks(B(perms, life=3, attacks={"ogre": "Bob", "lure": "Bob"}))
    assert decls == [{"elf": ["lure"]}] and v == (-1, 0, -3)


def test_reference_trample_over_a_deathtouch_blocker():
    perms = [C("viper", 5, 2, "Alice", "Deathtouch, Trample"), C("wall", 0, 8, "Bob")]
    assert value_of_blocks(B(perms, attacks={"viper": "Bob"}), {"wall": ["viper"]}) == (0, -1, -4)


def test_reference_lifelink_is_simultaneous():
    perms = [C("wurm", 5, 5, "Alice", "Trample"), C("leech", 2, 1, "Bob", "Lifelink")]
    # Bob at 3: takes 4 over the leech and gains 2 at once: 1 life left, no loss.
    assert value_of_blocks(B(perms, life=3, attacks={"wurm": "Bob"}), {"leech": ["wurm"]}) == (
        0, -1, -2)


def test_reference_2024_order_is_chosen_once_for_both_steps():
    # A double striker 2/4 blocked by a 2/2 and a 1/3. Current rules: it may divide each
    # step's damage freely. 2024: it orders its blockers once (509.2) and must give the
    # first lethal damage before the second gets any (old 510.1c) in both steps -- with
    # the order its controller picks, the same two die here; the values agree.
    perms = [C("ace", 2, 4, "Alice", "Double strike"), C("giant", 2, 2, "Bob"),
             C("elf", 1, 3, "Bob")]
    blocks = {"giant": ["ace"], "elf": ["ace"]}
    cur = value_of_blocks(B(perms, attacks={"ace": "Bob"}), blocks)
    old = value_of_blocks(B(perms, rules="2024", attacks={"ace": "Bob"}), blocks)
    assert cur == (0, -1, 0)  # the giant dies in the first step; the elf survives 2
    assert old == cur


def test_reference_menace_and_lure_together():
    perms = [C("brute", 3, 3, "Alice", "Menace\nAll creatures able to block NAME do so."),
             C("elf", 1, 1, "Bob")]
    # One creature alone can't block a menace creature: no block is legal but none.
    assert best_blocks(B(perms, attacks={"brute": "Bob"}))[1] == [{}]


def test_reference_double_strike_kills_and_deals_again():
    perms = [C("ace", 2, 2, "Alice", "Double strike, Trample"), C("elf", 1, 1, "Bob")]
    # First step: 1 to the elf (lethal), 1 to Bob; regular step: no blocker left, all 2
    # to Bob (702.19e).
    assert value_of_blocks(B(perms, attacks={"ace": "Bob"}), {"elf": ["ace"]}) == (0, -1, -3)


def test_reference_best_attacks_keeps_back_what_would_die():
    perms = [C("bird", 2, 2, "Alice", "Flying"), C("ogre", 3, 3, "Alice"),
             C("rats", 1, 1, "Bob", "Deathtouch")]
    v, decls = best_attacks(B(perms))
    assert v == (0, 0, 2) and {"bird": "Bob"} in decls
