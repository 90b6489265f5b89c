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
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import GOONS, HIT, QUIET, TOUGH, gun


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
    # Mass 0 is 1 m: the one mook hit lands knocked down, not the group of six.
    d = goons_table(6, mass=0, config={"mooks": "advanced"})
    attack(d, "h", ["goons"], HIT)
    goons = who(d, "goons")
    assert (goons.count, goons.has("shaken"), goons.has("knocked_down")) == (6, True, False)
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
