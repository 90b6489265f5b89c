"""A fifteenth outside referee's pass over the Workshop table: the Shot clock's edges, ties, several actors on
one Shot, mooks, what each seat reads and the refusals. First the point left open at the last stop:

1. a glass-jaw group's 5-9 shook the whole entry (test_referee6 y23 pinned it) while its "10+ Out" puts the
   one mook hit out (y01) and its knockback flings that one (test_referee14 w01). The seed's lines are about
   each nameless character: src 158 "Characters that have no name go down on a single Wound", src 161 "5-9:
   Shaken", src 80 "When a target takes 1 or more Shock points it becomes Shaken", and for the advanced table
   src 166 "A Mook now follows the following rules: Damage 0-4: Shaken." The group entry is only how the
   table seats them: the one mook hit is Shaken, the group keeps its calm (its Active Defense, its attack
   with no steadying roll first); the last of a group is that mook, Shaken as the entry. y23, test_referee13
   v06, v07, v19 and test_referee14 w03, w10 now say so. The same holds for a group's card pushed past first
   place under card initiative (x13).
2. ties on one Shot: the whole tie-break (Shot Count, Agility, the order added) also settles a counter-bid,
   a raised Initiative and one woken mid-Sequence (x04, x05, x12).
3. the words: a counter-bid's options, a second interrupt's refusal, an Active Defense under card
   initiative (no Shot) and a glass-jaw dodge (its next Action) (x06-x09).

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s. Hana (Agility 5 + Guns 4 = 9) shoots:
dice 9 and 1 make 9 + 9 - 1 = 17; PV = weapon Damage - Soak (the effect-values model).
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.combat import may_defend
from capeworks.systems.workshop.samples import SEATS
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import RULESET, attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, QUIET, TOUGH, gun, pool
from tests.systems.workshop.test_referee14 import fight, mark, put


def shoot_goons(damage: int, config: dict[str, Any] | None = None, **goons: Any) -> tuple[Driver, int]:
    """The fight of test_referee14 with Hana's gun of ``damage``; Hana hits the goons (17 vs Defense 8)."""
    d = fight(config, goons or None)
    put(
        d, "h", weapons={"gun": state(d).characters["h"].weapons["gun"].model_copy(update={"damage": damage})}
    )
    at = mark(d)
    attack(d, "h", ["goons"], HIT)
    return d, at


# -- 1. a group's Shaken is the one mook's ---------------------------------------------------------------


@pytest.mark.rules("WS-MOOK-002", "WS-SHAKEN-002", "WS-SHOT-003")
def test_x01__a_glass_jaw_hit_of_seven_shakes_the_one_goon_and_the_group_may_still_dodge() -> None:
    # src 161 "5-9: Shaken", src 158 "Characters that have no name": the goon hit. The entry of six stands,
    # unshaken: it may still spend a Shot on an Active Defense (src 20; a Shaken one may not, src 81), and
    # every seat reads that one of them is Shaken (before: the whole entry was, and refused its dodge).
    d, at = shoot_goons(7)
    goons = who(d, "goons")
    assert (goons.count, goons.standing, goons.has("shaken")) == (6, Standing.UP, False)
    assert may_defend(state(d), state(d).config, goons)
    for seat in ("gm", "ann", "bo"):
        assert "Goons take 7 Damage (glass jaw: one of them shaken, 6 left)." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-MOOK-003", "WS-SHAKEN-003")
def test_x02__an_advanced_hit_of_three_shakes_the_one_goon_and_the_group_attacks_without_steadying() -> None:
    # src 166-168: "A Mook now follows the following rules: Damage 0-4: Shaken." The goons' turn comes and the
    # GM attacks Kit at once: no steadying roll first (src 81 binds the Shaken one, not its fellows).
    d, at = shoot_goons(3, {"mooks": "advanced"})
    assert not who(d, "goons").has("shaken")
    assert "Goons take 3 Damage (advanced mook: one of them shaken, 6 left)." in d.words("ann", since=at)
    for cid in ("h", "k", "v"):
        end_turn(d, cid)
    events = attack(d, "goons", ["k"], [1, 9])  # Agility 3 + Skill 4 + 1 - 9 = -1: a miss
    assert last(events, "attack_rolled")["hit"] is False


@pytest.mark.rules("WS-MOOK-002", "WS-SHAKEN-003")
def test_x03__the_last_goon_standing_hit_for_seven_is_the_entry_and_is_shaken() -> None:
    # src 161: a group down to its last mook is that mook: Shaken, and on its turn it must steady first.
    d, at = shoot_goons(7, count=1)
    assert who(d, "goons").has("shaken")
    assert "Goons takes 7 Damage (glass jaw: shaken)." in d.words("bo", since=at)
    for cid in ("h", "k", "v"):
        end_turn(d, cid)
    d.refuse("gm", "attack", character="goons", targets=["k"], match="Shaken: roll to steady")


# -- 2. ties on one Shot ---------------------------------------------------------------------------------


def twins(kit_shots: int, viper: int = 3) -> Driver:
    """Kit (Bo's, added first) and Hana (Ann's), both Agility/Wits/Luck 6 (Shot Count 6); Kit's pool
    ``kit_shots``, Hana's 6; Viper (the GM's, pool(``viper``)); the first Sequence started."""
    d = Driver(RULESET, config=dict(QUIET), seats=SEATS, seed=1)
    d.do("gm", "add_character", payload={"id": "k", "name": "Kit", "owner": "bo", **sheet(traits=pool(6))})
    d.do("gm", "add_character", payload={"id": "h", "name": "Hana", "owner": "ann", **sheet(traits=pool(6))})
    v = {"id": "v", "name": "Viper", "faction": "villains", **sheet(traits=pool(viper), weapons=[gun(8)])}
    d.do("gm", "add_character", payload=v)
    put(d, "k", shots=kit_shots)
    d.do("gm", "start_sequence")
    return d


@pytest.mark.rules("WS-SHOT-005", "WS-SEQ-002")
def test_x04__an_interrupt_that_ties_in_full_goes_to_the_tie_break_not_to_the_one_acting() -> None:
    # src 27: "they may spend more Shots to act quicker (in essence they are raising their own Initiative)";
    # PROPOSED WS-SHOT-005 "ties -> WS-SEQ-002 tie-break" (the table's: Shot Count, Agility, then the order
    # added). Hana 6 is up; Kit (1 Shot) bids it: 1 + 5 = 6; Hana counters with none: 6. Both Shot Count 6,
    # Agility 6: Kit, added first, acts first (before: the one acting kept every full tie).
    d = twins(1)
    assert state(d).turn.order.order == ("h", "v", "k")
    at = mark(d)
    d.do("bo", "interrupt", character="k", shots=1)
    d.do("ann", "counter", character="h", shots=0)
    assert state(d).turn.current == "k" and state(d).turn.order.order == ("k", "h", "v")
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert words == [
            "Kit bids 1 Shot to interrupt Hana (Initiative 6).",
            "The interrupt is settled: Kit acts first.",
        ], seat
    attack(d, "k", ["v"], HIT)
    end_turn(d, "k")
    assert state(d).turn.current == "h"  # Hana's turn resumes, her Action unspent


@pytest.mark.rules("WS-SHOT-003", "WS-SEQ-002")
def test_x05__initiative_raised_to_a_tie_is_ranked_by_the_tie_break_not_by_the_old_place() -> None:
    # src 21: "Raise your Initiative for the current Sequence by 5"; PROPOSED WS-SEQ-002 ties: Shot Count,
    # Agility (then the order added). Viper 7 acts first, then Hana 6, Kit 1. In Viper's turn Kit spends a
    # Shot: 6, tied in full with Hana: Kit, added first, now goes before her (before: behind, where her 1 had
    # put her).
    d = twins(1, viper=7)
    assert state(d).turn.order.order == ("v", "h", "k")
    at = mark(d)
    d.do("bo", "raise_initiative", character="k", shots=1)
    assert state(d).turn.order.order == ("v", "k", "h")
    assert (state(d).turn.initiative["k"], who(d, "k").shots) == (6, 0)
    for seat in ("gm", "ann", "bo"):
        assert d.words(seat, since=at) == ["Kit spends 1 Shot: Initiative 6."], seat


@pytest.mark.rules("WS-SHOT-005")
def test_x06__the_counter_bid_is_asked_of_the_one_interrupted_with_who_goes_first_at_each_bid() -> None:
    # src 27: "If two persons want to interrupt eachother, they may spend more Shots to act quicker": Kit bids
    # 1 Shot against Hana (6 against 6). Ann (and the GM) are asked, Bo is not; each option says its Shots in
    # words ("1 Shot", not "1 Shots") and who goes first at it (at none Kit does, by the tie-break, x04), so a
    # new player sees what the bid buys. Bo may not answer for Hana; Hana may not spend 9 Shots of her 6.
    d = twins(1)
    d.do("bo", "interrupt", character="k", shots=1)
    assert not d.prompts("bo")
    (p,) = d.prompts("ann")
    assert p.question == "Kit interrupts at Initiative 6: spend Shots to go first?"
    assert [o.label for o in p.options][:3] == [
        "0 Shots: Initiative 6, Kit first",
        "1 Shot: Initiative 11, Hana first",
        "2 Shots: Initiative 16, Hana first",
    ]
    d.refuse("bo", "counter", error=NotPermitted, match="Hana is played by another seat", character="h")
    d.refuse("ann", "counter", character="h", shots=9, match="Hana has 6 Shots; that counter-bid costs 9.")
    d.do("ann", "counter", character="h", shots=1)
    assert (state(d).turn.current, who(d, "h").shots, who(d, "k").shots) == ("h", 5, 0)


@pytest.mark.rules("WS-SHOT-005")
def test_x07__a_second_interrupt_while_one_waits_is_refused_in_words_that_say_why() -> None:
    # src 27: "If two persons want to interrupt eachother": Kit bids against Hana; before Ann answers, the GM
    # bids Viper too. Refused, nothing spent, in words that say why (before: "Interrupt before the acting
    # combatant has done anything this turn.", though Hana had done nothing). Once it is settled, Viper may.
    d = fight()
    d.do("bo", "interrupt", character="k", shots=1)
    d.refuse("gm", "interrupt", character="v", shots=1, match="Kit's interrupt is waiting for its answer.")
    assert who(d, "v").shots == 3
    d.do("ann", "counter", character="h", shots=1)  # Hana 10 over Kit 9: she keeps the turn
    d.do("gm", "interrupt", character="v", shots=2)  # Viper 3 + 10 = 13 over Hana's 10
    assert state(d).bid is not None and who(d, "v").shots == 1


# -- 3. what an Active Defense costs, in the words each seat reads ---------------------------------------


@pytest.mark.rules("WS-ALT-003", "WS-SHOT-003")
def test_x08__under_card_initiative_an_active_defense_spends_no_shot_and_the_words_say_none() -> None:
    # src 379: under the alternate system "An active Defense is only available if the character is not in
    # first place. She is moved one step backwards": the card pays, not a Shot (src 20 is the Shot system's).
    # Viper keeps her 3 Shots; the question and the log said she spent one ("Spend 1 of 3 Shots", "Viper
    # spends a Shot on an Active Defense").
    d = fight({"initiative": "cards"})
    d.do("ann", "attack", character="h", targets=["v"])
    (p,) = d.prompts("gm")
    assert p.question == "Hana attacks Viper. Make an Active Defense?"
    assert p.options[0].label.startswith("Active Defense (card one place back): hit ")
    at = mark(d)
    d.do("gm", "defend", character="v", use=True, dice=HIT)
    assert who(d, "v").shots == 3
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert words[:2] == ["Viper's card moves one place back (Active Defense).",
                             "Viper makes an Active Defense (+5)."], seat  # fmt: skip


@pytest.mark.rules("WS-MOOK-001", "WS-SHOT-003")
def test_x09__a_glass_jaw_groups_dodge_says_it_costs_the_next_action_and_the_refusal_reads_plural() -> None:
    # src 158: "If they perform an Active Dodge they also lose their next Action." The GM is told so when
    # asked and every seat when the goons dodge (before: only a refusal on their turn told it, and that in
    # singular words, "Goons made an Active Dodge and loses this Action"). Their Move stays theirs.
    d = fight()
    d.do("ann", "attack", character="h", targets=["goons"])
    (p,) = d.prompts("gm")
    assert p.options[0].label.startswith("Active Defense (1 Shot, and the next Action): hit ")
    at = mark(d)
    d.do("gm", "defend", character="goons", use=True, dice=[5, 1])  # 9 + 5 - 1 = 13 vs 8 + 5: a hit, PV 6
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert (
            words[0]
            == "Goons spend a Shot on an Active Defense (+5): a glass-jaw dodge costs the next Action."
        )
    for cid in ("h", "k", "v"):
        end_turn(d, cid)
    d.refuse(
        "gm", "attack", character="goons", targets=["k"], match="Goons made an Active Dodge and lose this"
    )
    d.do("gm", "move", character="goons")


@pytest.mark.rules("WS-SEQ-002")
def test_x10__four_on_the_same_shot_go_by_shot_count_then_agility_then_the_order_added() -> None:
    # src 12: "your Initiative is set to the number of Shots in your Shot pool"; PROPOSED WS-SEQ-002 ties:
    # higher Shot Count, then higher Agility (then, the table's, the order added). All four hold 4 Shots:
    # Rex (Shot Count 6) first; Hana and Kit (Shot Count 5): Hana's Agility 5 over Kit's 4; Viper, Kit's twin,
    # added after him. Every seat reads the order as the Sequence begins.
    d = Driver(RULESET, config=dict(QUIET), seats=SEATS, seed=1)
    twin = {"Agility": 4, "Wits": 6, "Luck": 5}  # Shot Count 5, Agility 4
    d.do("gm", "add_character", payload={"id": "k", "name": "Kit", "owner": "bo", **sheet(traits=twin)})
    d.do(
        "gm",
        "add_character",
        payload={"id": "v", "name": "Viper", "faction": "villains", **sheet(traits=twin)},
    )
    d.do("gm", "add_character", payload={"id": "h", "name": "Hana", "owner": "ann", **sheet()})
    d.do(
        "gm",
        "add_character",
        payload={"id": "r", "name": "Rex", "faction": "villains", **sheet(traits=pool(6))},
    )
    for cid in ("k", "v", "h", "r"):
        put(d, cid, shots=4)
    at = mark(d)
    d.do("gm", "start_sequence")
    assert state(d).turn.order.order == ("r", "h", "k", "v")
    for seat in ("gm", "ann", "bo"):
        assert "Sequence 1 begins: Rex 4, Hana 4, Kit 4, Viper 4." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-SHOT-003", "WS-SHOT-002", "WS-SEQ-002")
def test_x11__kit_with_no_shot_left_is_not_asked_to_defend_buys_nothing_and_regains_one_by_reloading() -> (
    None
):
    # src 18-21: each Shot buys an Active Defense or +5 Initiative; with none left Kit buys neither: Viper's
    # shot meets his passive Defense at once (nobody is asked), raising his Initiative is refused in a
    # sentence, nothing changed. src 16: he only reloads this Sequence: 0 -> 1; src 12: his next Initiative 1.
    d = fight()
    put(d, "k", shots=0)
    d.refuse(
        "bo", "raise_initiative", character="k", shots=1, match="Kit has 0 Shots; raising Initiative by 5"
    )
    end_turn(d, "h")
    d.do("bo", "rollless", character="k", what="reloads")
    end_turn(d, "k")
    events = d.do("gm", "attack", character="v", targets=["k"], dice=[1, 9])  # 7 + 1 - 9 = -1: a miss
    assert not d.prompts("bo") and last(events, "attack_rolled")["defense"] == 12
    end_turn(d, "v")
    end_turn(d, "goons")
    assert (who(d, "k").shots, state(d).turn.initiative["k"]) == (1, 1)


def woken_twins(hana: int) -> Driver:
    """Kit (added first, Shot Count 6, 6 Shots) knocked out before the fight; Hana (Shot Count and Shots
    ``hana``), Viper (Shot Count 6, 6 Shots, added last); wake rolls on; the first Sequence started."""
    d = Driver(RULESET, config={**QUIET, "wake_rolls": True}, seats=SEATS, seed=1)
    d.do("gm", "add_character", payload={"id": "k", "name": "Kit", "owner": "bo", **sheet(traits=pool(6))})
    d.do(
        "gm", "add_character", payload={"id": "h", "name": "Hana", "owner": "ann", **sheet(traits=pool(hana))}
    )
    v = {"id": "v", "name": "Viper", "faction": "villains", **sheet(traits=pool(6), health=50, toughness=20)}
    d.do("gm", "add_character", payload=v)
    put(d, "k", standing=Standing.DOWN, wake_at=100)
    d.do("gm", "start_sequence")
    return d


@pytest.mark.rules("WS-DMG-007", "WS-SEQ-002")
@pytest.mark.parametrize(("hana", "order", "acted"), [(7, ("h", "k", "v"), ()), (6, ("h", "v"), ("k",))])
def test_x12__one_woken_mid_sequence_on_the_same_shot_takes_the_place_the_tie_break_gives(
    hana: int, order: tuple[str, ...], acted: tuple[str, ...]
) -> None:
    # src 60: Kit, unconscious, rolls to wake "every time someone else rolls an Action": Hana's shot at Viper
    # (9 + 9 - 1 = 17, a hit), then Kit's Willpower 5 + Focus 5 + 9 - 1 = 18 vs 15: awake. src 12: his
    # Initiative is his 6 Shots, tied in full with Viper's (Shot Count 6, Agility 6): Kit, added first, comes
    # before her (before: after). Tied in full with Hana, who is acting, his Initiative would have come first:
    # it has passed, he waits for the next Sequence (before: he was put behind her to act now).
    d = woken_twins(hana)
    attack(d, "h", ["v"], HIT + HIT)
    assert who(d, "k").standing is Standing.UP
    assert (state(d).turn.order.order, state(d).turn.acted) == (order, acted)


@pytest.mark.rules("WS-ALT-002", "WS-MOOK-002")
def test_x13__under_card_initiative_a_group_pushed_past_first_place_loses_the_one_mook_hit() -> None:
    # src 379: "Damage equal to Health/5 moves a card forwards ... if the character is moved one place forward
    # from first place, she is out of action"; src 158: a nameless character goes down alone. h's gun
    # (Damage 5) moves the goons' card (Health 10: a place per 2 Damage) 2 places from third: past first, the
    # goon hit is out of action; the other five stay in the fight, their card in first place (before: all six
    # went out).
    heroes = {"h": sheet(traits={"Agility": 9, "Wits": 9, "Luck": 9}, weapons=[gun(5)])}
    villains = {"x": sheet(traits={"Agility": 8, "Wits": 8, "Luck": 8}, **TOUGH),
                "m": sheet(name="Goons", named=False, count=6, traits=pool(7), health=10)}  # fmt: skip
    d = table({**QUIET, "initiative": "cards", "padding": []}, heroes=heroes, villains=villains)
    at = mark(d)
    attack(d, "h", ["m"], HIT)
    goons = who(d, "m")
    assert (goons.count, goons.standing) == (5, Standing.UP)
    assert state(d).turn.order.order == ("h", "m", "x")
    for seat in ("gm", "ann", "bo"):
        assert "Goons' card moves 2 places forward: one of them out of action (5 left)." in d.words(
            seat, since=at
        )
