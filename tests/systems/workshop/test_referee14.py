"""A fourteenth outside referee's pass over the Workshop table: whole Sequences with two heroes, a named foe
and a group of mooks; the Shot counter, Actions across Sequences, Active Defenses, Damage and Wounds, the
words each seat reads and the refusals. First two points noticed at the last stop:

1. a knockback on a glass-jaw (or advanced) group flings and knocks down the one mook hit, not the group
   (src 107: "you are flung ... You receive a Knockdown"; src 158: each nameless character "go[es] down on a
   single Wound"; the group is only how the table seats them): the group keeps its feet, and one the hit put
   out of the fight is not flung at all;
2. an attack on speed-bump mooks, whose static PV stands in for the dice (src 175), is still an Action that
   requires a roll: the table lets it be split, which only such Actions may (src 31), and src 16 reads the
   same words: its Sequence regains no Shot (the seed is ambiguous, the inventory proposes nothing: the
   reading a GM expects, else a hero mowing down mooks gains a Shot every Sequence, as one reloading does).

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s. The hero ``h`` (Agility 5 + Guns 4 = 9)
shoots at Defense 12: dice 9 and 1 make 9 + 9 - 1 = 17, a hit; PV = weapon Damage - Soak (the
effect-values model).
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.samples import SEATS
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import RULESET, all_of, attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import GOONS, HIT, QUIET, TOUGH, gun, pool


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


def put(d: Driver, cid: str, **update: Any) -> None:
    """Set-up: a combatant as the situation finds it (Shots spent earlier, Wounds taken...)."""
    chars = state(d).characters
    d.patch(characters={**chars, cid: chars[cid].model_copy(update=update)})


def goons_table(damage: int, *, mass: int = 5, config: dict[str, Any] | None = None) -> Driver:
    """h (a gun of ``damage``) against the Goons sample: six glass-jaw mooks of Defense 8, Mass ``mass``."""
    d = table({**QUIET, "knockback": True, **(config or {})}, heroes={"h": sheet(weapons=[gun(damage)])},
              start=False)  # fmt: skip
    d.do("gm", "add_character", id="goons", sample="goons", mass=mass)
    d.do("gm", "start_sequence")
    return d


# -- 1. a group's knockdown is the one mook's ------------------------------------------------------------


@pytest.mark.rules("WS-KNOCK-002", "WS-MOOK-002", "WS-MOOK-001")
def test_w01__a_glass_jaw_group_hit_for_seven_has_one_mook_flung_not_the_group() -> None:
    # src 161: 7 is "5-9: Shaken"; src 107: 7 over Mass 2 is 5 over: 1 m back, "a Knockdown when you land":
    # the one goon hit. The other five stand: the entry is not knocked down, and on its turn it moves
    # without getting up first (the one flung gets up on its own Move). 9 + 9 - 1 = 17 vs Defense 8: a hit.
    d = goons_table(7, mass=2)
    at = mark(d)
    attack(d, "h", ["goons"], HIT)
    goons = who(d, "goons")
    assert (goons.count, goons.standing, goons.has("knocked_down")) == (6, Standing.UP, False)
    for seat in ("gm", "ann", "bo"):
        assert "One of Goons is knocked back 1 m and down." in d.words(seat, since=at), seat
    end_turn(d, "h")
    d.do("gm", "move", character="goons")  # before: refused, "Goons are knocked down: get up first."


@pytest.mark.rules("WS-KNOCK-003", "WS-MOOK-002")
def test_w02__a_goon_put_out_by_the_hit_is_not_flung_into_the_wall_again() -> None:
    # src 162: 25 is "10+ Out": that goon leaves the fight (5 left). Mass 0: 25 over is 5 m back, the GM's
    # wall right behind (src 107: "Damage equal to the distance left"): the crash is that goon's, already
    # out; the five others take nothing (before: the 5 crash Damage shook the whole entry, src 161).
    d = goons_table(25, mass=0)
    events = attack(d, "h", ["goons"], HIT, wall_at=0)
    assert not all_of(events, "knocked_back")
    assert [e["damage"] for e in all_of(events, "damaged")] == [25]
    goons = who(d, "goons")
    assert (goons.count, goons.has("shaken"), goons.has("knocked_down")) == (5, False, False)


@pytest.mark.rules("WS-KNOCK-002", "WS-MOOK-003")
def test_w03__an_advanced_group_hit_for_six_has_one_mook_flung() -> None:
    # src 168-169: 6 is "5-9: Attacker gains Free d10 next Action" (and Shaken, PROPOSED WS-MOOK-003); 6 over
    # Mass 0 is 1 m: the one mook hit lands knocked down, not the group of six; and it is the one Shaken, not
    # the group (stop 52, src 166 "A Mook now follows the following rules").
    d = goons_table(6, mass=0, config={"mooks": "advanced"})
    attack(d, "h", ["goons"], HIT)
    goons = who(d, "goons")
    assert (goons.count, goons.has("shaken"), goons.has("knocked_down")) == (6, False, False)
    assert who(d, "h").has("free_d10")


@pytest.mark.rules("WS-KNOCK-002", "WS-MOOK-002")
def test_w04__the_last_goon_standing_is_knocked_down_as_any_one_is() -> None:
    # src 107: a group down to its last mook is that mook: hit for 7 over Mass 2, it is flung 1 m and the
    # entry is knocked down, its Move to get up (src 106).
    d = goons_table(7, mass=2)
    put(d, "goons", count=1)
    attack(d, "h", ["goons"], HIT)
    assert who(d, "goons").has("knocked_down")
    end_turn(d, "h")
    d.refuse("gm", "move", rule="WS-KNOCK-001", character="goons")


# -- 2. an attack on speed-bump mooks requires a roll ------------------------------------------------------


@pytest.mark.rules("WS-SHOT-002", "WS-MOOK-004")
def test_w05__an_attack_on_speed_bump_mooks_regains_no_shot() -> None:
    # src 16: "By only using Actions that don't require a roll ... like reloading or talking, you may raise
    # your Shot pool by 1"; src 175: the attack is "handled by Static PV ... No roll": Guns 9 + Damage 6 = 15
    # vs Skill 4 + Soak 0: PV 11, 2 goons down. An attack is no reload or talk (and src 31 lets it be split,
    # as only Actions that "require a roll" may): h's Shots stay 3 (before: 3 -> 4, "no roll this
    # Sequence"). Next Sequence h reloads: 3 -> 4.
    goons = {**GOONS, "engaging": "", "count": 6}
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons},
              start=False)  # fmt: skip
    put(d, "h", shots=3)
    d.do("gm", "start_sequence")
    events = d.do("ann", "attack", character="h", targets=["goons"])
    assert last(events, "mooks_downed")["downed"] == 2
    end_turn(d, "h")
    at = mark(d)
    end_turn(d, "goons")
    assert who(d, "h").shots == 3
    assert state(d).turn.initiative["h"] == 3
    for seat in ("gm", "ann"):
        assert "Sequence 1 ends." in d.words(seat, since=at), seat
    d.do("ann", "rollless", character="h", what="reloads")
    end_turn(d, "h")
    end_turn(d, "goons")
    assert who(d, "h").shots == 4


@pytest.mark.rules("WS-SHOT-002", "WS-MOOK-004", "WS-SNAP-001")
def test_w06__a_split_at_speed_bump_mooks_takes_minus_three_and_regains_no_shot() -> None:
    # src 31: "split your Action into two ... if they require a roll ... -3 on both": each snapshot at the
    # goons is 9 - 3 + 6 = 12 vs 4: PV 8, 1 down each (mook WT 5); src 16: the same words, no Shot back.
    goons = {**GOONS, "engaging": "", "count": 6}
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)}, villains={"goons": goons},
              start=False)  # fmt: skip
    put(d, "h", shots=3)
    d.do("gm", "start_sequence")
    events = d.do("ann", "attack", character="h", targets=["goons", "goons"])
    assert [e["downed"] for e in all_of(events, "mooks_downed")] == [1, 1]
    end_turn(d, "h")
    end_turn(d, "goons")
    assert who(d, "h").shots == 3


# -- the referee's pass: a fight of two heroes, a named foe and six goons ------------------------------------


def fight(config: dict[str, Any] | None = None, goons: dict[str, Any] | None = None, **viper: Any) -> Driver:
    """Hana (Ann's; Shot Count 5, Guns 4, a gun of Damage 6), Kit (Bo's; Agility/Wits/Luck 4: Shot Count 4,
    Agility 4 + Guns 4), Viper (the GM's; Shot Count 3, Agility 3 + Guns 4, a gun of Damage 8, Health 15) and
    the Goons sample (six glass-jaw mooks: Shot Count 2, Agility 3 + Skill 4, clubs of Damage 10, Defense 8);
    ``goons`` adds to the sample (``engaging``...), ``viper`` to Viper's sheet; the first Sequence started:
    Hana 5, Kit 4, Viper 3, Goons 2 (src 12, 16)."""
    d = Driver(RULESET, config={**QUIET, **(config or {})}, seats=SEATS, seed=1)
    d.do("gm", "add_character", payload={"id": "h", "name": "Hana", "owner": "ann", **sheet()})
    d.do("gm", "add_character", payload={"id": "k", "name": "Kit", "owner": "bo", **sheet(traits=pool(4))})
    v = {"id": "v", "name": "Viper", "faction": "villains",
         **sheet(traits=pool(3), weapons=[gun(8)], health=15)}  # fmt: skip
    d.do("gm", "add_character", payload={**v, **viper})
    d.do("gm", "add_character", id="goons", sample="goons", **(goons or {}))
    d.do("gm", "start_sequence")
    return d


@pytest.mark.rules("WS-SHOT-004", "WS-SHOT-003", "WS-SEQ-002", "WS-SHOT-006")
def test_w07__shots_spent_in_one_sequence_set_the_next_ones_order_ties_to_the_quicker() -> None:
    # src 12: Initiative is "set to the number of Shots in your Shot pool" as each Sequence begins.
    # Sequence 1: Kit spends a Shot on an Active Defense against Viper (src 20: 4 -> 3); Hana, her turn past,
    # buys an Action out of Sequence in the goons' turn (src 25: 3 Shots, 5 -> 2). Both rolled: no Shot back
    # (src 16).
    # Sequence 2: Kit 3, Viper 3 (Kit first: Shot Count 4 over 3, PROPOSED WS-SEQ-002 tie-break), Hana 2,
    # Goons 2 (Hana first: Shot Count 5 over 2).
    d = fight()
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    attack(d, "k", ["v"], HIT)
    end_turn(d, "k")
    attack(d, "v", ["k"], [5, 1], defend={"k": True})  # 7 + 5 - 1 = 11 vs 12 + 5 = 17: a miss
    end_turn(d, "v")
    at = mark(d)
    d.do("ann", "extra_action", character="h")
    assert who(d, "h").shots == 2
    attack(d, "h", ["goons"], HIT)  # 17 vs 8, PV 6: "5-9: Shaken" (src 161)
    end_turn(d, "goons")
    assert (who(d, "h").shots, who(d, "k").shots) == (2, 3)
    assert state(d).turn.order.order == ("k", "v", "h", "goons")
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "Hana spends 3 Shots to act out of Sequence." in words, seat
        assert "Sequence 2 begins: Kit 3, Viper 3, Hana 2, Goons 2." in words, seat


@pytest.mark.rules("WS-CORE-003", "WS-SHOT-003")
def test_w08__an_active_defense_bought_against_viper_also_meets_the_goons_in_the_same_sequence() -> None:
    # Secondary evidence (WS-CORE-003): an Active Defense is "an applicable skill + 5 until the defender's
    # next action"; src 20: 1 Shot "at any time". Kit, her turn past, pays 1 Shot against Viper (4 -> 3);
    # the goons swing next in the same Sequence: Agility 3 + Skill 4 + 9 - 1 = 15 vs 17 still: a miss, with
    # no Shot more (Kit declines to pay again).
    d = fight()
    end_turn(d, "h")
    end_turn(d, "k")
    attack(d, "v", ["k"], [5, 1], defend={"k": True})
    end_turn(d, "v")
    at = mark(d)
    events = attack(d, "goons", ["k"], HIT, defend={"k": False})
    r = last(events, "attack_rolled")
    assert (r["av"], r["defense"], r["hit"]) == (15, 17, False)
    assert who(d, "k").shots == 3
    for seat in ("gm", "ann", "bo"):
        assert any("Goons attack Kit with clubs: 7 + dice 9/1 = AV 15 vs Defense 17: miss by 2" in w
                   for w in d.words(seat, since=at)), seat  # fmt: skip


@pytest.mark.rules("WS-DMG-001", "WS-DMG-002", "WS-DMG-004", "WS-SEQ-002")
def test_w09__viper_shot_down_by_three_hits_falls_and_her_turn_passes_her_by() -> None:
    # src 54: each hit's PV is Shock, "1 Wound at [WT] PV": Hana 6 (1 Wound), Kit 6 (1 Wound): Shock 12 of
    # Health 15; Hana's Action out of Sequence (src 25) 6 more: 18 >= 15, "you fall down, unable to act".
    # Her Initiative (3) would come next: it passes to the goons; the GM's attack for her is refused.
    d = fight()
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    attack(d, "k", ["v"], HIT)
    d.do("ann", "extra_action", character="h")  # in Kit's turn: Hana's Initiative has come up already
    at = mark(d)
    attack(d, "h", ["v"], HIT)
    v = who(d, "v")
    assert (v.shock, v.wounds, v.standing) == (18, 3, Standing.DOWN)
    end_turn(d, "k")
    assert state(d).turn.current == "goons"
    d.refuse("gm", "attack", character="v", targets=["k"], dice=HIT)
    for seat in ("gm", "ann", "bo"):
        assert "Viper takes 6 Damage: 6 Shock, 1 Wound." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-SNAP-001", "WS-SHOT-003", "WS-MOOK-002")
def test_w10__a_split_at_viper_and_the_goons_meets_each_defense_apart() -> None:
    # src 31: two Actions "of the same type", "-3 on both": 9 + 9 - 1 - 3 = 14 each. Viper pays a Shot for an
    # Active Defense (src 20: 3 -> 2): 14 vs 12 + 5 = 17, a miss; the goons keep their passive 8: a hit,
    # PV 6, "5-9: Shaken" (src 161): the one goon hit, not the group (stop 52). Hana's own Shots are untouched
    # (a split costs none).
    d = fight()
    at = mark(d)
    d.do("ann", "attack", character="h", targets=["v", "goons"])
    d.do("gm", "defend", character="v", use=True)
    events = d.do("gm", "defend", character="goons", use=False, dice=HIT * 2)
    rolls = all_of(events, "attack_rolled")
    assert [(r["target"], r["av"], r["defense"], r["hit"]) for r in rolls] == [
        ("v", 14, 17, False), ("goons", 14, 8, True)]  # fmt: skip
    assert (who(d, "h").shots, who(d, "v").shots, who(d, "goons").has("shaken")) == (5, 2, False)
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "Hana attacks Viper with gun: 9 + dice 9/1 -3 = AV 14 vs Defense 17: miss by 3." in words, seat


@pytest.mark.rules("WS-SHOT-004", "WS-SHOT-003", "WS-SEQ-003")
def test_w11__players_are_refused_what_is_not_theirs_to_do_in_a_sentence() -> None:
    # src 12, 25: each acts for their own character when its Initiative comes up; Bo may not raise Hana's
    # Initiative or end her turn, Ann may not buy Viper an Action or answer for the goons' Active Defense
    # (the GM's); Kit may not spend 5 Shots of her 4 (src 21: "any amount of Shots" she has); Hana, her turn
    # past, has no Initiative left to raise this Sequence (src 21: "for the current Sequence").
    d = fight()
    d.refuse("bo", "raise_initiative", character="h", shots=1, error=NotPermitted,
             match="Hana is played by another seat")  # fmt: skip
    d.refuse("bo", "end_turn", character="h", error=NotPermitted, match="Hana is played by another seat")
    d.refuse("ann", "extra_action", character="v", error=NotPermitted, match="Only the GM acts for Viper")
    d.refuse("bo", "raise_initiative", character="k", shots=5,
             match="Kit has 4 Shots; raising Initiative by 25 costs 5.")  # fmt: skip
    d.do("ann", "attack", character="h", targets=["goons"])
    d.refuse("ann", "defend", character="goons", use=True, error=NotPermitted,
             match="Only the GM acts for Goons")  # fmt: skip
    d.do("gm", "defend", character="goons", use=False, dice=HIT)
    end_turn(d, "h")
    d.refuse("ann", "raise_initiative", character="h", shots=1, match="no Initiative still to come")


@pytest.mark.rules("WS-SHOT-004", "WS-CORE-003", "WS-DMG-002", "WS-SEQ-002")
def test_w12__kits_action_out_of_sequence_ends_her_active_defense_and_spends_her_last_shots() -> None:
    # src 20: Kit pays 1 Shot against Viper (4 -> 3; 11 vs 17, a miss); src 25: then 3 Shots for an Action
    # out of Sequence (3 -> 0), her next action, which ends the Active Defense (secondary evidence: "until the
    # defender's next action"): she shoots Viper, 8 + 9 - 1 = 16 vs 12, PV 6. The goons swing: no Shot left,
    # nothing to ask; 15 vs 12 hits, PV 10: 10 Shock, 2 Wounds (src 54). Sequence 2: Kit's pool is empty,
    # Initiative 0, last behind the goons (src 12).
    d = fight()
    end_turn(d, "h")
    end_turn(d, "k")
    attack(d, "v", ["k"], [5, 1], defend={"k": True})
    d.do("bo", "extra_action", character="k")
    assert who(d, "k").shots == 0
    attack(d, "k", ["v"], HIT)
    end_turn(d, "v")
    events = d.do("gm", "attack", character="goons", targets=["k"], dice=HIT)
    assert [p for p in d.prompts("bo") if p.kind == "defend"] == []
    r = last(events, "attack_rolled")
    assert (r["av"], r["defense"], r["pv"]) == (15, 12, 10)
    k = who(d, "k")
    assert (k.shock, k.wounds) == (10, 2)
    end_turn(d, "goons")
    assert state(d).turn.order.order == ("h", "v", "goons", "k")
    assert "Sequence 2 begins: Hana 5, Viper 3, Goons 2, Kit 0." in d.words("bo")


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOT-003", "WS-SHOT-006")
def test_w13__stun_after_an_active_defense_takes_kits_shots_into_the_next_sequence() -> None:
    # src 20: Kit pays 1 Shot (4 -> 3); Viper (Agility 3 + Guns 8, a gun of Damage 10) still hits: 11 + 9 - 1
    # = 19 vs 17, PV 10: 2 Wounds; src 124: "For every Wound you lose in a single attack, you lose 1 Shot":
    # 3 -> 1. Kit passed her turn and her Active Defense rolled nothing (src 16: the Sequence regains a Shot,
    # 1 -> 2); Sequence 2: Kit 2 ties the goons and goes first on her Shot Count 4 (src 12, PROPOSED
    # WS-SEQ-002).
    d = fight({"stun": True}, traits={**pool(3), "Guns": 8}, weapons=[gun(10)])
    end_turn(d, "h")
    end_turn(d, "k")
    at = mark(d)
    attack(d, "v", ["k"], HIT, defend={"k": True})
    assert who(d, "k").shots == 1
    for seat in ("gm", "ann", "bo"):
        assert "Kit takes 10 Damage: 10 Shock, 2 Wounds (Stunned: 2 Shots lost)." in d.words(seat, since=at)
    end_turn(d, "v")
    end_turn(d, "goons")
    words = d.words("bo", since=at)
    assert "Sequence 1 ends: Kit's Shots go from 1 to 2 (no roll this Sequence)." in words
    assert "Sequence 2 begins: Hana 5, Viper 3, Kit 2, Goons 2." in words


@pytest.mark.rules("WS-MOOK-005", "WS-SHOT-003")
def test_w14__ignored_speed_bump_goons_wait_on_the_gm_alone_then_strike_kit() -> None:
    # src 175: "Every Action taken where the Mooks are ignored, allow the Mooks to make an Attack": the goons
    # engage Kit; Kit shoots Viper instead. Only the GM is asked (the players' prompts hold no such question);
    # play waits: Bo may not end Kit's turn ("The GM decides first whether Goons strike at Kit"). The GM
    # strikes: Skill 4 + Damage 10 = 14 vs Defense 12 + Soak 0 (PROPOSED static): Kit is asked first and pays
    # 1 Shot (src 20): 14 vs 17, no PV, no harm.
    d = fight({"mooks": "speed_bump"}, goons={"engaging": "k"})
    end_turn(d, "h")
    attack(d, "k", ["v"], HIT)
    assert [p.kind for p in d.prompts("gm") if p.kind == "mook_strike"] == ["mook_strike"]
    assert not [p for seat in ("ann", "bo") for p in d.prompts(seat) if p.kind == "mook_strike"]
    d.refuse("bo", "end_turn", character="k", match="The GM decides first whether Goons strike at Kit.")
    d.do("gm", "mook_strike", group="goons", strike=True)
    events = d.do("bo", "defend", character="k", use=True)
    r = last(events, "attack_rolled")
    assert (r["av"], r["defense"], r["pv"]) == (14, 17, 0)
    assert (who(d, "k").shock, who(d, "k").shots) == (0, 3)


@pytest.mark.rules("WS-MOOK-002", "WS-MOOK-001")
def test_w15__a_goon_put_out_reads_by_its_table_not_as_zero_wounds() -> None:
    # src 158: nameless characters "go down on a single Wound"; src 162: "10+ Out": Hana's gun of Damage 10
    # hits the goons (17 vs 8): one of six is out. The words say the table's result and the five left, not
    # "0 Shock, 0 Wounds" (a hit of 10 is two Wounds' worth: "0 Wounds" beside "out" says what is not so).
    d = fight()
    put(d, "h", weapons={"gun": who(d, "h").weapons["gun"].model_copy(update={"damage": 10})})
    at = mark(d)
    attack(d, "h", ["goons"], HIT)
    for seat in ("gm", "ann", "bo"):
        assert "Goons take 10 Damage (glass jaw: out, 5 left)." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-MOOK-004", "WS-SEQ-002")
def test_w16__speed_bump_goons_all_downed_leave_the_sequence_order() -> None:
    # src 175: Guns 9 + Damage 30 = 39 vs Skill 4 + Soak 0: PV 35, seven mooks' worth at WT 5: all six go
    # down. The goons' turn never comes ("Mooks also take an Action, last in the Sequence": none is left):
    # Viper's turn ends the Sequence, and Sequence 2 counts them out.
    d = fight({"mooks": "speed_bump"})
    put(d, "h", weapons={"gun": who(d, "h").weapons["gun"].model_copy(update={"damage": 30})})
    at = mark(d)
    events = d.do("ann", "attack", character="h", targets=["goons"])
    assert last(events, "mooks_downed")["downed"] == 6
    assert who(d, "goons").standing is Standing.OUT
    end_turn(d, "h")
    end_turn(d, "k")
    end_turn(d, "v")
    assert state(d).turn.sequence == 2
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "Viper ends the turn; the Sequence is over." in words, seat
        assert "Sequence 2 begins: Hana 5, Kit 4, Viper 3." in words, seat


@pytest.mark.rules("WS-DMG-004", "WS-SEQ-002")
def test_w17__hana_shot_down_has_no_place_in_the_next_sequence_and_is_refused_in_a_sentence() -> None:
    # src 54: Viper (Agility 3 + Guns 8, a gun of Damage 12): 11 + 9 - 1 = 19 vs 12, PV 12: Shock 12 =
    # Health 12, 2 Wounds: "you fall down, unable to act". Sequence 2 begins without her; Ann's attack and
    # raised Initiative for her are refused and nothing changes; Ann is asked nothing.
    d = fight({}, traits={**pool(3), "Guns": 8}, weapons=[gun(12)])
    end_turn(d, "h")
    end_turn(d, "k")
    at = mark(d)
    attack(d, "v", ["h"], HIT, defend={"h": False})
    end_turn(d, "v")
    end_turn(d, "goons")
    assert state(d).turn.order.order == ("k", "v", "goons")
    words = d.words("ann", since=at)
    assert "Hana takes 12 Damage: 12 Shock, 2 Wounds." in words
    assert "Hana is down: Shock points reached Health." in words
    assert "Sequence 2 begins: Kit 4, Viper 3, Goons 2." in words
    d.refuse("ann", "attack", character="h", targets=["v"], dice=HIT, match="Hana is down and cannot act.")
    d.refuse("ann", "raise_initiative", character="h", shots=1, match="Hana is down and cannot act.")
    assert d.prompts("ann") == []


@pytest.mark.rules("WS-WPEN-001", "WS-DMG-006", "WS-DMG-002")
def test_w18__vipers_untreated_wounds_weigh_on_her_shot_a_sequence_later_though_she_rested() -> None:
    # src 54: Hana's and Kit's hits of 6 are a Wound each (Shock 12 of 15); src 58: Viper does nothing but
    # rest: Shock 12 -> 11, the Wounds stay; src 111: "For each untreated Wound ... 1 point of impairment":
    # in Sequence 2 her shot at Kit is 7 + 9 - 1 - 2 = 13 vs 12: a hit by 1, PV 8: 8 Shock, 1 Wound.
    d = fight({"wound_penalty": "per_wound"})
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    attack(d, "k", ["v"], HIT)
    end_turn(d, "k")
    at = mark(d)
    d.do("gm", "rest", character="v")
    end_turn(d, "v")
    end_turn(d, "goons")
    assert (who(d, "v").shock, who(d, "v").wounds) == (11, 2)
    end_turn(d, "h")
    end_turn(d, "k")
    attack(d, "v", ["k"], HIT, defend={"k": False})
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "Sequence 1 ends: Viper's Shock goes from 12 to 11 (a Sequence of rest)." in words, seat
        assert (
            "Viper attacks Kit with gun: 7 + dice 9/1 -2 = AV 13 vs Defense 12: hit, Outcome 1, PV 8."
            in words
        )
        assert "Kit takes 8 Damage: 8 Shock, 1 Wound." in words, seat


@pytest.mark.rules("WS-DMG-007", "WS-DMG-004", "WS-SEQ-002")
def test_w19__hana_wakes_on_kits_shot_but_her_initiative_has_passed_this_sequence() -> None:
    # src 54: Viper's PV 12 drops Hana (Shock 12 = Health). src 60: she rolls "every time someone else rolls
    # an Action": Kit's shot at Viper in Sequence 2 -> Willpower 5 + Focus 5 + 9 - 1 = 18 vs 15: she wakes,
    # Shock Health - 1 = 11 (PROPOSED WS-DMG-004). Her Initiative (her pool, 5) came before Kit's 4 while she
    # lay down: she does not act again this Sequence; Viper is up after Kit (src 12).
    d = fight({"wake_rolls": True}, traits={**pool(3), "Guns": 8}, weapons=[gun(12)])
    end_turn(d, "h")
    end_turn(d, "k")
    attack(d, "v", ["h"], HIT, defend={"h": False})
    end_turn(d, "v")
    end_turn(d, "goons")
    at = mark(d)
    attack(d, "k", ["v"], HIT * 2, defend={"v": False})
    h = who(d, "h")
    assert (h.standing, h.shock, h.wounds) == (Standing.UP, 11, 2)
    end_turn(d, "k")
    assert state(d).turn.current == "v"
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "Hana rolls to wake up (Willpower+Focus 10, dice 9/1) = 18 vs 15: succeeds." in words, seat
        assert "Kit ends the turn; Viper is up." in words, seat


@pytest.mark.rules("WS-DMG-006", "WS-SHOT-002")
def test_w20__kit_hurt_and_spent_rests_a_sequence_and_regains_a_shock_point_and_a_shot() -> None:
    # src 20, 25: Kit spends 1 Shot on an Active Defense and 3 on an Action out of Sequence (4 -> 0); the
    # goons' clubs (PV 10) hurt her: Shock 10. Sequence 2 (Initiative 0, last): she does nothing but rest:
    # src 58, Shock 10 -> 9; src 16, no roll: Shots 0 -> 1. Each seat reads both.
    d = fight()
    end_turn(d, "h")
    end_turn(d, "k")
    attack(d, "v", ["k"], [5, 1], defend={"k": True})
    d.do("bo", "extra_action", character="k")
    attack(d, "k", ["v"], HIT)
    end_turn(d, "v")
    d.do("gm", "attack", character="goons", targets=["k"], dice=HIT)
    end_turn(d, "goons")
    end_turn(d, "h")
    end_turn(d, "v")
    end_turn(d, "goons")
    at = mark(d)
    d.do("bo", "rest", character="k")
    end_turn(d, "k")
    assert state(d).turn.sequence == 3
    assert (who(d, "k").shock, who(d, "k").shots) == (9, 1)
    for seat in ("gm", "ann", "bo"):
        assert (
            "Sequence 2 ends: Kit's Shock goes from 10 to 9 (a Sequence of rest); Kit's Shots go from 0 to 1"
            " (no roll this Sequence)." in d.words(seat, since=at)
        ), seat


@pytest.mark.rules("WS-KNOCK-002", "WS-MOOK-002", "WS-SNAP-001")
def test_w21__a_split_at_the_goons_flings_two_of_them_and_the_group_keeps_its_feet() -> None:
    # src 31: two snapshots at the goons, 9 + 9 - 1 - 3 = 14 vs 8 each, PV 7: "5-9: Shaken" (src 161) and
    # 7 over Mass 2, 1 m back and down (src 107), each time a goon of its own: two are flung, the group of
    # six stands and acts (its Move is its own).
    d = goons_table(7, mass=2)
    at = mark(d)
    events = attack(d, "h", ["goons", "goons"], HIT * 2)
    assert [e["member"] for e in all_of(events, "knocked_back")] == [True, True]
    goons = who(d, "goons")
    assert (goons.count, goons.has("knocked_down")) == (6, False)
    assert d.words("ann", since=at).count("One of Goons is knocked back 1 m and down.") == 2


@pytest.mark.rules("WS-KNOCK-002", "WS-MOOK-003")
def test_w22__an_advanced_goon_knocked_unconscious_is_not_flung_and_the_rest_stand() -> None:
    # src 170: 12 is "10-15: Mook is unconscious": that goon sleeps in the group (5 stand); 12 over Mass 0
    # would fling it 2 m, but it is out of the group's fight: no knockdown on the five.
    d = goons_table(12, mass=0, config={"mooks": "advanced"})
    events = attack(d, "h", ["goons"], HIT)
    assert not all_of(events, "knocked_back")
    goons = who(d, "goons")
    assert (goons.count, len(goons.sleepers), goons.has("knocked_down")) == (5, 1, False)
