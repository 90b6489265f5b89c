"""A twelfth outside referee's pass over the Workshop table: a scene of several characters and rounds with
the optional rules a GM switches on, and what each seat reads (names, numbers, the GM's secrets). Also four
points noticed earlier: the wall behind a target is the GM's fact (``place_wall``; a player's ``wall_at`` is
refused), the tracker's head count of a group of mooks, the words of a roll ("rolls for Shock"), and the
narrations due told from facts.

Situations written from the seed (``/work/shared/seeds/003_591d797dc594aa73.txt``, cited "src N", first
copy), skipping what earlier passes pin. Dice in order: a positive then a negative d10 (a face of 10 reads 0),
then any extra positive d10s. The hero ``h`` (Agility 5 + Guns 4 = 9) shoots at Defense 12: dice 9 and 1 make
9 + 9 - 1 = 17, a hit; PV = weapon Damage - Soak (the effect-values model). Dice 10 and 10 are a double 0:
9 vs 12, a miss and a Fumble.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, TOUGH, duel, gun, pool


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


def panel(d: Driver, seat: str, title: str) -> dict[str, Any]:
    """One tracker panel as ``seat`` sees it."""
    return next(p for p in d.view(seat)["panels"] if p["title"] == title)


def row(d: Driver, seat: str, name: str) -> dict[str, str]:
    """A combatant's row of the tracker, by column."""
    p = panel(d, seat, "Workshop fight")
    r = next(r for r in p["rows"] if r[1] == name)
    return dict(zip(p["columns"], r, strict=True))


# -- (a) the wall behind a target is the scene's: the GM's fact (src 107) ------------------------------------


@pytest.mark.rules("WS-KNOCK-002", "WS-KNOCK-003")
def test_w01__a_player_may_not_put_a_wall_behind_the_foe_the_gm_may() -> None:
    # src 107: "Knockback into a solid object causes Damage equal to the distance left to both you and the
    # object." Whether a wall stands 1 m behind Viper is the scene, which the GM disposes of: Ann typing
    # wall_at= would give her shots a crash wherever she likes. Refused in a sentence, nothing changed; so is
    # her placing a wall.
    d = duel({"knockback": True}, damage=17, name="Viper", mass=6)
    d.refuse(
        "ann", "attack", error=NotPermitted, match="Only the GM says where a wall stands",
        character="h", targets=["v"], wall_at=1, dice=HIT,
    )  # fmt: skip
    d.refuse("ann", "place_wall", character="v", metres=1, error=NotPermitted, match="Only the GM")
    # the GM, who knows the room, puts the wall 1 m behind Viper; Jade's own shot: 17 over Mass 6 is 11, 2 m
    # back; the wall at 1 m leaves 1 m: 1 Damage to Viper and to the wall
    at = mark(d)
    d.do("gm", "place_wall", character="v", metres=1)
    d.do("ann", "attack", character="h", targets=["v"], dice=HIT)
    assert who(d, "v").shock == 17 + 1
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "A wall stands 1 m behind Viper." in words, seat
        assert "Viper is knocked back 2 m and down, hitting something for 1." in words, seat


@pytest.mark.rules("WS-KNOCK-003", "WS-DMG-010")
def test_w01b__the_gm_may_clear_the_wall_and_a_fall_meets_the_wall_placed() -> None:
    # src 66: a fall is "the falling distance in meters in Damage", lessened by Stunt+Agility vs 0: Viper's
    # Stunt 3 + Agility 1 + 1 - 9 = -4 fails: 17 Damage. src 107: 17 over Mass 6 flings it 2 m, into the wall
    # the GM placed right behind it (0 m): 2 more. The GM clears it: Jade's 17 then crashes into nothing.
    d = duel({"knockback": True}, damage=17, name="Viper", mass=6)
    d.do("gm", "place_wall", character="v", metres=0)
    d.do("gm", "fall", character="v", metres=17, dice=[1, 9])
    assert who(d, "v").shock == 17 + 2
    at = mark(d)
    d.do("gm", "place_wall", character="v")
    assert "Open space behind Viper." in d.words("ann", since=at)
    d.do("ann", "attack", character="h", targets=["v"], dice=HIT)
    assert who(d, "v").shock == 19 + 17


# -- (b) the tracker's head count of a group (render.py) -----------------------------------------------------


@pytest.mark.rules("WS-MOOK-006", "WS-STATUS-001")
def test_w02__a_groups_head_count_reads_as_the_group_not_as_a_status_times_six() -> None:
    # src 154-162: the goons are six unnamed men acting as one entry. Bruised (src 181) is one status of the
    # group; the tracker read "bruised x6", six Bruises, where it means a group of six that is Bruised.
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet(name="Jade")},
              villains={"g": {"sample": "goons"}})  # fmt: skip
    d.do("gm", "set_status", character="g", status="bruised")
    for seat in ("gm", "ann", "bo"):
        assert row(d, seat, "Goons")["statuses"] == "bruised, 6 in the group", seat
    assert row(d, "ann", "Jade")["statuses"] == ""


@pytest.mark.rules("WS-CARD-001", "WS-CARD-003")
def test_w02b__an_inspired_group_reads_inspired_and_its_head_count_not_inspired_six_times() -> None:
    # src 89: "Face Cards: Faction is Inspired": the villains draw the Jack of spades (the heroes 7H first,
    # dice 20 then 11); the goons are Inspired once, as a group of six: the tracker read "inspired x6".
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet(name="Jade")},
              villains={"g": {"sample": "goons"}}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[20, 11])
    assert state(d).turn.cards == {"heroes": "7H", "villains": "JS"}
    assert row(d, "bo", "Goons")["statuses"] == "inspired, 6 in the group"


# -- (c) the words of a roll, as a person says them ----------------------------------------------------------


@pytest.mark.rules("WS-SHOCK-001", "WS-SHAKEN-003")
def test_w03__a_shock_roll_reads_rolls_for_shock_and_steadying_says_what_it_is_for() -> None:
    # src 120: "roll for Shock: ... Willpower+Focus with a Difficulty equal to 5+5 times Wounds": Jade's 6
    # Damage is 1 Wound: vs 10; Willpower 5 + Focus 5 + 3 - 1 = 12: made. The log read "Viper rolls shock".
    # src 81: Shaken, Viper rolls "Willpower+Focus Difficulty 10+10" at the beginning of its Action.
    d = table(
        {"shock_roll": True, "shaken": True, "wake_rolls": False, "wound_penalty": "none"},
        heroes={"h": sheet(name="Jade")},
        villains={"v": sheet(name="Viper", traits=pool(4), **TOUGH)},
    )
    at = mark(d)
    attack(d, "h", ["v"], [*HIT, 3, 1])
    end_turn(d, "h")
    d.do("gm", "steady", character="v", dice=[9, 1])  # 10 + 9 - 1 = 18 vs 20: still Shaken
    words = d.words("bo", since=at)
    assert "Viper rolls for Shock (Willpower+Focus 10, dice 3/1) = 12 vs 10: succeeds." in words
    steady = "Viper rolls to shake off being Shaken (Willpower+Focus 10, dice 9/1) = 18 vs 20: fails."
    assert steady in words
    assert not [w for w in words if "rolls shock" in w or "rolls steady" in w]


# -- (d) a narration due is facts; the words say them (rules are pure) ---------------------------------------


@pytest.mark.rules("WS-CORE-001")
def test_w04__a_fumble_for_the_gm_to_narrate_is_kept_as_facts_and_told_with_names() -> None:
    # The wiki's degrees (inventory, secondary evidence): a double 0 that fails is a Fumble; the rules give it
    # no effect, so the GM is asked to narrate it. The event keeps who fumbled on whom (ids), not a sentence:
    # the GM's words and prompt name Jade and Viper; no player reads it.
    d = table(QUIET, heroes={"h": sheet(name="Jade")},
              villains={"v": sheet(name="Viper", traits=pool(0), **TOUGH)})  # fmt: skip
    at = mark(d)
    events = attack(d, "h", ["v"], MISS)
    due = last(events, "narration_due")
    assert "text" not in due and due["due"]["who"] == "h" and due["due"]["target"] == "v"
    said = (
        "For the GM: Jade's attack on Viper is a Fumble. The rules give it no effect: narrate what goes"
        " wrong."
    )
    assert said in d.words("gm", since=at)
    assert [p.question for p in d.prompts("gm") if p.kind == "narrate"] == [said]
    for seat in ("ann", "bo"):
        assert not [w for w in d.words(seat) if "For the GM" in w or "narrate" in w], seat
        assert d.view(seat)["state"].get("narrate", []) == [], seat


@pytest.mark.rules("WS-CORE-001", "WS-SHAKEN-003")
def test_w05__a_fumbled_steadying_roll_is_told_as_the_roll_it_was() -> None:
    # src 81: the Shaken roll; a double 0 failing it is a Fumble: "Viper's roll to shake off being Shaken is a
    # Fumble" (the words once read "Viper's steady is a Fumble").
    d = table({**QUIET, "shaken": True}, heroes={"h": sheet(name="Jade")},
              villains={"v": sheet(name="Viper", traits=pool(4), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    at = mark(d)
    d.do("gm", "steady", character="v", dice=[10, 10])
    assert (
        "For the GM: Viper's roll to shake off being Shaken is a Fumble. The rules give it no effect: narrate"
        " what goes wrong." in d.words("gm", since=at)
    )


# -- a scene of three: Jade (Ann), Rook (Bo) and Viper (the GM) ----------------------------------------------


def scene(config: dict[str, Any] | None = None, **viper: Any) -> Driver:
    """Jade (Ann: Agility 4, Wits 5, Luck 3: Shot Count 4), Rook (Bo: Agility 5, Wits 5, Luck 4: 4) and
    Viper (the GM's: Shot Count 3), the first Sequence started."""
    d = table({**QUIET, **(config or {})}, start=False)
    jade = sheet(name="Jade", traits={"Agility": 4, "Wits": 5, "Luck": 3}, **TOUGH)
    rook = sheet(name="Rook", traits={"Agility": 5, "Wits": 5, "Luck": 4}, **TOUGH)
    d.do("ann", "add_character", payload={"id": "jade", **jade})
    d.do("bo", "add_character", payload={"id": "rook", **rook})
    d.do(
        "gm",
        "add_character",
        payload={"id": "viper", **sheet(name="Viper", traits=pool(3), **{**TOUGH, **viper})},
    )
    d.do("gm", "start_sequence")
    return d


@pytest.mark.rules("WS-SHOT-001", "WS-SEQ-002")
def test_w06__shot_counts_set_the_first_order_and_a_tie_goes_to_the_quicker() -> None:
    # src 16: "[ Agility+Wits+Luck ] divided by 3, rounded down": Jade 12 / 3 = 4, Rook 14 / 3 = 4 (not 4.67),
    # Viper 9 / 3 = 3. src 12: Initiative = the Shots in the pool. Jade and Rook tie at 4: the higher Shot
    # Count ties too, then the higher Agility (PROPOSED WS-SEQ-002): Rook 5 before Jade 4.
    d = scene()
    assert (who(d, "jade").shot_count, who(d, "rook").shot_count, who(d, "viper").shot_count) == (4, 4, 3)
    for seat in ("gm", "ann", "bo"):
        assert "Sequence 1 begins: Rook 4, Jade 4, Viper 3." in d.words(seat), seat
    assert state(d).turn.current == "rook"


@pytest.mark.rules("WS-SEQ-003", "WS-SEQ-002")
def test_w07__out_of_turn_for_another_and_the_gms_commands_are_refused_in_a_sentence() -> None:
    # src 12: "Each time your Initiative comes up, you may take an Action": Rook is up, so Jade may not shoot;
    # Ann may not act for Bo's Rook; a player may not set a status, pass time or start the fight (the GM's).
    d = scene({"status_effects": True})
    d.refuse("ann", "attack", character="jade", targets=["viper"], dice=HIT, match="not Jade's Initiative")
    d.refuse("ann", "attack", character="rook", targets=["viper"], dice=HIT, error=NotPermitted,
             match="Rook is played by another seat")  # fmt: skip
    d.refuse("bo", "set_status", character="viper", status="bruised", error=NotPermitted, match="Only the GM")
    d.refuse("bo", "pass_time", minutes=10, error=NotPermitted, match="Only the GM")
    d.refuse("ann", "rouse", character="jade", error=NotPermitted, match="Only the GM")


@pytest.mark.rules("WS-SHAKEN-001", "WS-SHAKEN-002", "WS-SHOT-003")
def test_w08__a_shaken_viper_keeps_its_shots_but_may_not_defend_actively() -> None:
    # src 80: "When a target takes 1 or more Shock points it becomes Shaken"; src 81: "You may not perform
    # Active Defenses". Rook's hit (6 Shock) shakes Viper; Jade shoots next: Viper has 3 Shots, yet no
    # Active Defense is asked; Jade's shot meets the passive Defense 12 at once: 9 + 9 - 1 = 17, a hit.
    d = scene({"shaken": True})
    attack(d, "rook", ["viper"], HIT)
    assert who(d, "viper").has("shaken")
    end_turn(d, "rook")
    at = mark(d)
    events = d.do("ann", "attack", character="jade", targets=["viper"], dice=HIT)
    assert [p for p in d.prompts("gm") if p.kind == "defend"] == []
    r = last(events, "attack_rolled")
    assert (r["defense"], r["hit"]) == (12, True)
    assert who(d, "viper").shots == 3
    assert "Jade attacks Viper with gun: 8 + dice 9/1 = AV 16 vs Defense 12: hit" in " ".join(
        d.words("bo", since=at)
    )


@pytest.mark.rules("WS-SHAKEN-002", "WS-KNOCK-001")
def test_w09__shaken_and_knocked_down_the_free_try_to_get_up_is_refused() -> None:
    # src 106: getting up takes "a Move or a Stunt+Agility Diff 15"; the roll is a free try (PROPOSED), a Free
    # Action, which src 81 denies the Shaken. Viper, Shaken and down, may not roll; nothing changes.
    d = scene({"shaken": True, "knockback": True})
    attack(d, "rook", ["viper"], HIT)
    d.do("gm", "set_status", character="viper", status="knocked_down")
    end_turn(d, "rook")
    attack(d, "jade", ["viper"], MISS)
    end_turn(d, "jade")
    d.refuse("gm", "get_up", character="viper", roll=True, dice=[9, 1], match="Shaken")


@pytest.mark.rules("WS-SHOCK-004", "WS-CINE-001", "WS-WPEN-003", "WS-DMG-002")
def test_w10__a_massive_hit_is_a_deadly_wound_and_a_cinematic_one_and_only_the_worst_impairs() -> None:
    # src 54: 20 Damage at WT 5 is 4 Wounds; src 128/133: Damage 4 x WT = 20 is Massive Damage, a Cinematic
    # Wound (fixed); src 146: 4 Wounds at once are a Deadly wound, -8. Rook's 6 afterwards (1 Wound, Light,
    # -1) does not add: "Only the worst wound causes Impairment": Viper's penalty stays -8.
    cfg = {"cinematic_wounds": "fixed", "wound_penalty": "seriousness"}
    d = table({**QUIET, **cfg}, start=False)
    d.do("ann", "add_character", payload={"id": "jade", **sheet(name="Jade", weapons=[gun(20)], **TOUGH)})
    d.do("bo", "add_character", payload={"id": "rook", **sheet(name="Rook", traits=pool(4), **TOUGH)})
    d.do("gm", "add_character", payload={"id": "viper", **sheet(name="Viper", traits=pool(0), **TOUGH)})
    d.do("gm", "start_sequence")
    at = mark(d)
    attack(d, "jade", ["viper"], HIT)
    v = who(d, "viper")
    assert (v.shock, v.wounds, len(v.cinematic)) == (20, 4, 1)
    said = " ".join(d.words("bo", since=at))
    assert "Viper takes 20 Damage: 20 Shock, 4 Wounds" in said
    assert "Massive Damage" in said and "a Cinematic Wound" in said
    assert row(d, "ann", "Viper")["penalty"] == "-8"
    end_turn(d, "jade")
    attack(d, "rook", ["viper"], HIT)
    assert who(d, "viper").wounds == 5
    assert row(d, "gm", "Viper")["penalty"] == "-8"


@pytest.mark.rules("WS-WPEN-003", "WS-DMG-005")
def test_w11__more_than_four_wounds_in_one_attack_kill_outright() -> None:
    # src 146: "More than 4 wounds in one attack makes the character fall down, dead": 25 Damage = 5 Wounds,
    # though Toughness 50 is far off. Every seat reads it.
    d = duel({"wound_penalty": "seriousness"}, damage=25, name="Viper")
    at = mark(d)
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DEAD
    for seat in ("gm", "ann", "bo"):
        assert any("Viper" in w and "dead" in w for w in d.words(seat, since=at)), seat


@pytest.mark.rules("WS-CINE-002", "WS-CINE-003", "WS-CINE-004")
def test_w12__a_cinematic_wound_changes_no_number_and_heals_for_an_xp_when_the_gm_says() -> None:
    # src 132: Cinematic Wounds "don't have a mechanism per se"; they heal "at the end of session, or when
    # appropriate (Optional: Cinematic Wounds provide 1xp to the party when healed)". Viper takes one
    # (fixed: a 20-Damage hit); its own shot afterwards is Agility 1 + Guns 4 + 9 - 1 = 13: no penalty
    # (wound penalties off). Bo may not heal it; the GM heals it: 1 XP; the session's end has none left.
    d = duel({"cinematic_wounds": "fixed", "cine_wound_xp": 1}, damage=20, name="Viper")
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    assert last(attack(d, "v", ["h"], HIT), "attack_rolled")["av"] == 13
    d.refuse("bo", "heal_cinematic", character="v", error=NotPermitted, match="Only the GM")
    at = mark(d)
    d.do("gm", "heal_cinematic", character="v")
    assert (who(d, "v").cinematic, state(d).party_xp) == ((), 1)
    assert "One of Viper's Cinematic Wounds heals, 1 XP to the party." in d.words("ann", since=at)
    d.do("gm", "end_session")
    assert state(d).party_xp == 1
    assert "The session ends: 0 Cinematic Wounds heal." in d.words("ann")


@pytest.mark.rules("WS-MOOK-001", "WS-SHOT-003")
def test_w13__a_glass_jaw_thug_that_dodges_loses_its_next_action_but_keeps_its_move() -> None:
    # src 158: "If they perform an Active Dodge they also lose their next Action." The thug (Shot Count 2,
    # Defense 9) dodges Jade's shot for a Shot: 9 + 5 - 5 = 9 vs 14, a miss. On its turn its attack is
    # refused, naming the rule; its Move it keeps (src 12: "an Action ..., and a Move").
    d = table(QUIET, heroes={"h": sheet(name="Jade")}, villains={"t": {"sample": "thug"}})
    attack(d, "h", ["t"], [5, 5], defend={"t": True})
    assert who(d, "t").shots == 1
    end_turn(d, "h")
    d.refuse(
        "gm", "attack", character="t", targets=["h"], dice=HIT, rule="WS-MOOK-001", match="loses this Action"
    )
    d.do("gm", "move", character="t")
    assert "Thug moves." in d.words("ann")


@pytest.mark.rules("WS-STATUS-002", "WS-SEQ-003")
def test_w14__battered_jade_has_no_free_move_her_move_is_her_action() -> None:
    # src 185: "No Free Moves. Full Move now provides a single Move." Battered, Jade's turn gives no Move
    # beside the Action: moving spends the Action (a single Move), so she may not shoot after it.
    d = table({**QUIET, "status_effects": True}, heroes={"h": sheet(name="Jade")},
              villains={"v": sheet(name="Viper", traits=pool(0), **TOUGH)})  # fmt: skip
    d.do("gm", "set_status", character="h", status="battered")
    d.do("ann", "move", character="h")
    assert state(d).turn.action_used
    d.refuse("ann", "attack", character="h", targets=["v"], dice=HIT)
    d.refuse("ann", "move", character="h")


@pytest.mark.rules("WS-SNAP-003", "WS-SNAP-002")
def test_w15__reversed_rows_against_three_thugs_cost_the_eight_row() -> None:
    # src 49: the Heroic table "is also used, reversed, as multi-action penalties versus unnamed characters";
    # PROPOSED reversed_rows: N mooks take modifier(11 - N): three thugs -> the row of 8, -30 on each shot.
    # 9 + 9 - 1 - 30 = -13 on each: three misses (AV below 0: Fumbles).
    cfg = {"heroic_multi_action": True, "heroic_vs_mooks": "reversed_rows"}
    d = table({**QUIET, **cfg}, heroes={"h": sheet(name="Jade")},
              villains={f"t{i}": {"sample": "thug"} for i in (1, 2, 3)})  # fmt: skip
    events = attack(d, "h", ["t1", "t2", "t3"], [*HIT, *HIT, *HIT])
    rolled = all_of(events, "attack_rolled")
    assert [(r["modifier"], r["av"], r["hit"]) for r in rolled] == [(-30, -13, False)] * 3


@pytest.mark.rules("WS-WPEN-002", "WS-WPEN-004")
def test_w16__two_wounds_of_toughness_eight_are_a_quarter_minus_two_on_the_tracker_and_the_roll() -> None:
    # src 115-116: 2 / 8 = 25 % -> -2. Viper's 10 Damage gives Jade 2 Wounds (src 54); her shot then is
    # 9 + 9 - 1 - 2 = 15; the tracker's penalty column reads -2 for every seat.
    d = table({**QUIET, "wound_penalty": "percentile"},
              heroes={"h": sheet(name="Jade", health=100, toughness=8)},
              villains={"v": sheet(name="Viper", traits=pool(6), weapons=[gun(10)], **TOUGH)})  # fmt: skip
    attack(d, "v", ["h"], HIT)  # Viper (6) is up first: 6 + 4 + 9 - 1 = 18 vs 12, Damage 10
    assert who(d, "h").wounds == 2
    for seat in ("gm", "ann", "bo"):
        assert row(d, seat, "Jade")["penalty"] == "-2", seat
    end_turn(d, "v")
    assert last(attack(d, "h", ["v"], HIT), "attack_rolled")["av"] == 15


@pytest.mark.rules("WS-ALT-004", "WS-ALT-001", "WS-SNAP-001")
def test_w17__a_snapshot_under_card_initiative_goes_last_then_one_place_up_and_says_one_place() -> None:
    # src 379: "When a character acts, she is placed at the rear of the stack ... Snapshots move you a number
    # of cards upwards equal to penalty/3 taken on roll, after being placed last": Jade's two-way split (-3)
    # puts her last, then 3 / 3 = 1 card up: Viper, Jade, Cobra (no padding cards at this table).
    d = table({**QUIET, "initiative": "cards", "padding": []}, heroes={"h": sheet(name="Jade")},
              villains={"v": sheet(name="Viper", traits=pool(0), **TOUGH),
                        "c": sheet(name="Cobra", traits=pool(0), **TOUGH)})  # fmt: skip
    assert state(d).turn.order.order == ("h", "v", "c")
    attack(d, "h", ["v", "c"], [*MISS, *MISS])
    end_turn(d, "h")
    assert state(d).turn.order.order == ("v", "h", "c")


@pytest.mark.rules("WS-ALT-002")
def test_w17b__damage_that_moves_a_card_one_place_says_one_place() -> None:
    # src 379: "Damage equal to Health/5 moves a card forwards in the initiative order": Viper's Health 10
    # makes a step of 2; Jade's gun of Damage 3 moves Viper's card 3 // 2 = 1 place: "1 place", not
    # "1 places".
    # Jade's card went to the rear as she acted ("When a character acts, she is placed at the rear"), so
    # Viper's is first: moved forward from first place, "she is out of action".
    d = table({**QUIET, "initiative": "cards", "padding": []},
              heroes={"h": sheet(name="Jade", weapons=[gun(3)])},
              villains={"v": sheet(name="Viper", traits=pool(0), health=10, toughness=50),
                        "c": sheet(name="Cobra", traits=pool(0), **TOUGH)})  # fmt: skip
    attack(d, "h", ["c"], MISS)
    end_turn(d, "h")
    assert state(d).turn.current == "v"
    d.do("gm", "end_turn", character="v")
    end_turn(d, "c")
    assert state(d).turn.order.order == ("h", "v", "c")
    at = mark(d)
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DOWN  # out of action
    for seat in ("gm", "ann", "bo"):
        assert "Viper's card moves 1 place forward: out of action." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-DMG-008", "WS-MOOK-006")
def test_w18__a_table_set_up_with_nothing_plays_the_normal_optional_rules() -> None:
    # src 62: "Normal optional rules are Wound Penalty and Shock, and Unnamed Characters": a table whose GM
    # switched nothing runs the per-Wound penalty, the Shock roll and glass-jaw mooks, and says so.
    d = table({}, heroes={"h": sheet(name="Jade")}, villains={"v": sheet(name="Viper")})
    note = panel(d, "ann", "Workshop fight")["note"]
    assert "wound penalty per Wound" in note and "mooks glass jaw" in note and "shock roll" in note


@pytest.mark.rules("WS-COVER-003", "WS-COVER-001")
def test_w19__a_pistol_that_cannot_lay_covering_fire_is_refused_by_name() -> None:
    # src 72: "A weapon capable of Covering Fire may be used to provide Covering Fire": Jade's pistol is not.
    # Refused, naming the weapon; nothing rolled, her Action still hers.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": sheet(name="Jade", weapons=[gun(6)])},
              villains={"v": sheet(name="Viper", traits=pool(0), **TOUGH)})  # fmt: skip
    d.refuse(
        "ann", "cover", character="h", dice=HIT, rule="WS-COVER-003", match="weapons can lay covering fire"
    )
    assert not state(d).turn.action_used


@pytest.mark.rules("WS-CORE-001", "WS-CARD-003")
def test_w20__a_player_answering_the_gms_narration_is_refused_without_its_words() -> None:
    # The Fumble's narration (w04) is the GM's: Bo may not close it, and the refusal tells him nothing of it
    # (whose roll, on whom); the GM's note likewise never reaches a player's words or view.
    d = table(QUIET, heroes={"h": sheet(name="Jade")},
              villains={"v": sheet(name="Viper", traits=pool(0), **TOUGH)})  # fmt: skip
    d.do("gm", "gm_note", text="Viper's brother waits on the roof.")
    attack(d, "h", ["v"], MISS)
    err = d.refuse("bo", "narrated", id=1, error=NotPermitted)
    assert "Fumble" not in err.message and "Jade" not in err.message and "Viper" not in err.message
    for seat in ("ann", "bo"):
        assert not [w for w in d.words(seat) if "roof" in w or "For the GM" in w], seat
        assert "roof" not in str(d.view(seat)), seat
    d.do("gm", "narrated", id=1)
    assert [p for p in d.prompts("gm") if p.kind == "narrate"] == []


@pytest.mark.rules("WS-SHOCK-003", "WS-SHOT-006", "WS-SEQ-002", "WS-SHAKEN-003", "WS-SHAKEN-001")
def test_w21__stunned_and_shaken_rook_acts_last_next_sequence_and_must_steady_first() -> None:
    # Sequence 1: Rook 4, Jade 4, Viper 3 (w06). Rook and Jade shoot and miss (rolls: no Shot back, src 16).
    # Viper shoots Rook with a gun of Damage 10: Agility 3 + Guns 4 + 9 - 1 = 15 vs 12, a hit: 10 Shock, 2
    # Wounds (src 54); Stun takes a Shot per Wound (src 124): 4 -> 2; the Shock point shakes him (src 80).
    # Sequence 2 (src 12, Initiative = the pool): Jade 4, Viper 3, Rook 2. On his turn Rook must first roll
    # to steady (src 81, "at the beginning of an Action"): 10 + 9 - 1 = 18 vs 20, fails: his Action is spent.
    d = scene({"stun": True, "shaken": True}, weapons=[gun(10)])
    attack(d, "rook", ["viper"], MISS)
    end_turn(d, "rook")
    attack(d, "jade", ["viper"], MISS)
    end_turn(d, "jade")
    at = mark(d)
    attack(d, "viper", ["rook"], HIT)
    r = who(d, "rook")
    assert (r.shock, r.wounds, r.shots, r.has("shaken")) == (10, 2, 2, True)
    assert any("Rook takes 10 Damage: 10 Shock, 2 Wounds" in w and "Stunned: 2 Shots lost" in w
               for w in d.words("bo", since=at))  # fmt: skip
    end_turn(d, "viper")
    assert "Sequence 2 begins: Jade 4, Viper 3, Rook 2." in d.words("bo", since=at)
    attack(d, "jade", ["viper"], MISS)
    end_turn(d, "jade")
    attack(d, "viper", ["jade"], MISS)
    end_turn(d, "viper")
    d.refuse("bo", "attack", character="rook", targets=["viper"], dice=HIT, match="Shaken")
    d.do("bo", "steady", character="rook", dice=[9, 1])
    assert who(d, "rook").has("shaken")
    d.refuse("bo", "attack", character="rook", targets=["viper"], dice=HIT)


@pytest.mark.rules("WS-CINE-005")
def test_w22__a_failed_cinematic_luck_roll_says_the_wound_is_taken() -> None:
    # src 138: "Whenever the character takes one or more Wounds, roll Luck to see if the character gets a
    # Cinematic Wound. The Difficulty is 5 per Wound": Jade's 6 Damage is 1 Wound: Luck vs 5; Viper's Luck 0
    # + 5 - 4 = 1 fails: a Cinematic Wound, which the words say (they said only "fails").
    d = duel({"cinematic_wounds": "variable"}, name="Viper")
    at = mark(d)
    attack(d, "h", ["v"], [*HIT, 5, 4])
    assert len(who(d, "v").cinematic) == 1
    said = "Viper rolls Luck to avoid a Cinematic Wound (Luck 0, dice 5/4) = 1 vs 5: fails. Viper takes a"
    for seat in ("gm", "ann", "bo"):
        assert said + " Cinematic Wound." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-COVER-004", "WS-KNOCK-003")
def test_w23__aggressive_fire_flings_the_mover_into_the_wall_the_gm_placed() -> None:
    # src 76: aggressive covering fire is "a static Attack on all moving in the line of fire", AV 10 + Cover;
    # src 72: Viper's Ranged Weapons 8 + Perception 4 + 9 - 1 = 20 vs 10, PV 10: Cover 2, AV 12 vs Jade's
    # Defense 12: a hit of the smg's 17. src 107: 17 over Mass 5 is 12: 2 m back, into the wall the GM put
    # right behind her (0 m): 2 more. 17 + 2 = 19 Shock.
    smg = {"name": "smg", "attribute": "Agility", "skill": "Guns", "damage": 17, "covering_fire": True}
    d = table({**QUIET, "covering_fire": True, "knockback": True}, heroes={"h": sheet(name="Jade", **TOUGH)},
              villains={"v": sheet(name="Viper", traits={**pool(6), "Ranged Weapons": 8}, weapons=[smg],
                                   **TOUGH)})  # fmt: skip
    d.do("gm", "cover", character="v", aggressive=True, line=["h"], dice=[9, 1])
    end_turn(d, "v")
    d.do("gm", "place_wall", character="h", metres=0)
    d.do("ann", "move", character="h")
    d.do("ann", "defend", character="h", use=False)
    assert who(d, "h").shock == 17 + 2
    assert "Jade is knocked back 2 m and down, hitting something for 2." in d.words("bo")
