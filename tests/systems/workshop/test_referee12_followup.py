"""A short follow-up to the twelfth referee pass over the Workshop table: the words a reader meets at the
turn of a Sequence and after a roll that is not an Action.

1. The effects that end as a turn begins are named (an Active Defense, a Cover), not "Effects end".
2. The card stack's "Sequence N begins" line lists one unable to act as such, not with an Initiative.
3. A roll that is not an Action (Luck against a Cinematic Wound, Shock, waking, Dark Times, a fall,
   getting up) reads no Action's degree: missed by 5 or more it is not "a Total Failure: the action turns
   Hazardous" (the inventory's secondary evidence reads degrees off an Action Value); it fails with the
   effect the seed gives it.

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, end_turn, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, QUIET, SLOW, TOUGH, duel, gun, pool
from tests.systems.workshop.test_referee12 import scene


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


# -- 1. the effects that end as a turn begins, named ---------------------------------------------------------


@pytest.mark.rules("WS-CORE-003", "WS-SHOT-003")
def test_f01__an_active_defense_that_ends_as_its_defenders_turn_begins_is_named() -> None:
    # src 20: 1 Shot buys "an Active Defense at any time"; it lasts until the defender's next action (the
    # inventory's secondary evidence). Sequence 1: Rook 4, Jade 4, Viper 3. Rook and Jade pass; Viper shoots
    # Rook, who spends a Shot to defend. Sequence 2 begins with Rook up (he rolled nothing: the Shot comes
    # back, src 16): his Active Defense ends there, and every seat reads which effect ended, and whose.
    d = scene()
    end_turn(d, "rook")
    end_turn(d, "jade")
    attack(d, "viper", ["rook"], HIT, defend={"rook": True})
    at = mark(d)
    end_turn(d, "viper")
    assert state(d).turn.current == "rook" and state(d).effects == ()
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat, since=at)
        assert "Rook's Active Defense ends as Rook's turn begins." in words, seat
        assert not [w for w in words if w.startswith("Effects end")], seat


@pytest.mark.rules("WS-COVER-001", "WS-COVER-002")
def test_f02__covering_fire_that_ends_as_its_shooters_turn_comes_again_is_named_with_its_cover() -> None:
    # src 72: Ranged Weapons 9 + Perception 9 + 9 - 5 = 22 vs 10: PV 12, "1 point of Cover per 5 PV": Cover 2,
    # until the shooter's next Initiative (PROPOSED). It ends as h's turn comes again: the words say so.
    aim, gun_cf = {"Ranged Weapons": 9, "Perception": 9}, {**gun(6), "covering_fire": True}
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(name="Jade", traits=aim, weapons=[gun_cf])},
              villains={"v": sheet(name="Viper", traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    at = mark(d)
    end_turn(d, "v")
    assert state(d).turn.current == "h" and state(d).effects == ()
    assert "Jade's covering fire (Cover 2) ends as Jade's turn begins." in d.words("bo", since=at)


# -- 2. one unable to act, in the line that opens a Sequence ------------------------------------------------


@pytest.mark.rules("WS-ALT-001", "WS-DMG-004", "WS-SEQ-002")
def test_f03__under_card_initiative_a_sequence_opens_with_the_fallen_card_read_as_unable_to_act() -> None:
    # src 54: Shock equal to Health, "you fall down, unable to act": Jade's 6 on Viper (Health 6) puts it
    # down. src 379: its card stays in the stack and is passed over (referee r197); src 12: Initiative is
    # for those who act. Sequence 2 opens with Viper's card in its place, read as unable to act, not with
    # an Initiative (the line raised KeyError: no seat could read the log).
    d = table({**QUIET, "initiative": "cards", "padding": []},
              heroes={"h": sheet(name="Jade", traits=pool(9))},
              villains={"v": sheet(name="Viper", traits=pool(6), health=6, toughness=50),
                        "w": sheet(name="Wasp", traits=pool(3), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    at = mark(d)
    end_turn(d, "h")
    end_turn(d, "w")
    assert state(d).turn.sequence == 2 and "v" in state(d).turn.order.order
    for seat in ("gm", "ann", "bo"):
        begins = [w for w in d.words(seat, since=at) if w.startswith("Sequence 2 begins")]
        assert begins == ["Sequence 2 begins: Jade 9, Viper (unable to act), Wasp 3."], seat


# -- 3. a roll that is no Action fails as the seed says, however far it misses -------------------------------


def _gm_narrations(d: Driver) -> list[str]:
    """The GM's open narration prompts (what the rules name and never give)."""
    return [p.question for p in d.prompts("gm") if p.kind == "narrate"]


@pytest.mark.rules("WS-CINE-005", "WS-CORE-001")
def test_f04__a_luck_roll_missed_by_five_or_more_is_the_cinematic_wound_not_a_hazardous_action() -> None:
    # src 138: "Whenever the character takes one or more Wounds, roll Luck to see if the character gets a
    # Cinematic Wound. The Difficulty is 5 per Wound": Jade's 6 Damage is 1 Wound: Luck vs 5; Viper's Luck 0
    # + 1 - 9 = -8, short by 13. Failing gives the Cinematic Wound, whatever the margin; the roll is no
    # Action, so it is neither a Total Failure that turns "the action" Hazardous nor a Fumble (AV below 0),
    # and the GM is asked to narrate nothing.
    d = duel({"cinematic_wounds": "variable"}, name="Viper")
    at = mark(d)
    attack(d, "h", ["v"], [*HIT, 1, 9])
    assert len(who(d, "v").cinematic) == 1
    said = "Viper rolls Luck to avoid a Cinematic Wound (Luck 0, dice 1/9) = -8 vs 5: fails. Viper takes a"
    for seat in ("gm", "ann", "bo"):
        assert said + " Cinematic Wound." in d.words(seat, since=at), seat
    assert _gm_narrations(d) == []


@pytest.mark.rules("WS-DMG-007", "WS-CORE-001")
def test_f05__a_wake_roll_missed_by_five_or_more_leaves_the_sleeper_asleep_and_nothing_hazardous() -> None:
    # src 60: "Unconscious characters may roll to wake up (Willpower+Focus Difficulty 15) every time someone
    # else rolls an Action". Jade (Health 6) falls 6 m, Stunt 3 + Agility 5 + 1 - 9 = 0 < 5 saves nothing
    # (src 66): 6 Shock, down. Viper's rolled Action: Jade rolls 5 + 5 + 1 - 9 = 2 vs 15, short by 13: she
    # stays unconscious; the roll is no Action of hers: no Hazardous action, no narration for the GM.
    d = table({"shock_roll": False, "wound_penalty": "none"},
              heroes={"h": sheet(name="Jade", health=6), "k": sheet(name="Kit")},
              villains={"v": sheet(name="Viper", traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=6, dice=[1, 9])
    d.do("gm", "start_sequence")
    end_turn(d, "k")
    at = mark(d)
    attack(d, "v", ["k"], [*HIT, 1, 9])
    assert who(d, "h").standing is Standing.DOWN
    line = "Jade rolls to wake up (Willpower+Focus 10, dice 1/9) = 2 vs 15: fails."
    for seat in ("gm", "ann", "bo"):
        assert line in d.words(seat, since=at), seat
    assert not [q for q in _gm_narrations(d) if "Jade" in q]


@pytest.mark.rules("WS-SHAKEN-003", "WS-CORE-001")
def test_f06__a_steadying_roll_is_rolled_as_an_action_so_missed_by_five_it_is_a_total_failure() -> None:
    # src 81: "At the beginning of an Action, you roll Willpower+Focus Difficulty 10+10 as an Action": the
    # seed makes the steadying roll an Action, so an Action's degrees stand: Viper (Shaken by 3 Damage, src
    # 80) rolls Willpower 5 + Focus 5 + 1 - 9 = 2 vs 20, short by 18 and not below 0: a Total Failure, the
    # action Hazardous, for the GM to narrate.
    d = duel({"shaken": True}, damage=3, name="Viper", traits=pool(4))
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    at = mark(d)
    d.do("gm", "steady", character="v", dice=[1, 9])
    line = (
        "Viper rolls to shake off being Shaken (Willpower+Focus 10, dice 1/9) = 2 vs 20: fails (Total "
        "Failure: the action turns Hazardous)."
    )
    assert line in d.words("bo", since=at)
    assert [q for q in _gm_narrations(d) if "Total Failure" in q]
