"""A seventh outside referee's pass over the Workshop table: a group's unconscious advanced mooks, the
Shock roll after a hit and its knockback crash, and a Shaken speed-bump group.

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line (src N, first copy). The hero
``h`` (Agility 5 + Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; PV = Damage - Soak.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, end_turn, sheet, table, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, duel, gun

# -- a group's unconscious advanced mooks (src 170, 60) ------------------------------------------------------


def trio(config: dict[str, object] | None = None) -> Driver:
    """h (gun of Damage 12), k (slower: acts second) and g, three advanced mooks (Willpower 5 + Focus 5,
    the slowest); h's hit of 12 has put one of the three unconscious (src 170 "Damage10-15")."""
    cfg = {**QUIET, "mooks": "advanced", **(config or {})}
    heroes = {"h": sheet(weapons=[gun(12)]), "k": sheet(traits={"Agility": 3, "Wits": 3, "Luck": 3})}
    d = table(cfg, heroes=heroes, villains={"g": sheet(named=False, count=3, traits=SLOW)})
    attack(d, "h", ["g"], HIT)
    assert (who(d, "g").count, who(d, "g").standing) == (2, Standing.UP)
    return d


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-007")
def test_z01__a_groups_unconscious_mook_wakes_after_ten_minutes_and_counts_back_in() -> None:
    # src 170: "Mook is unconscious", not "permanently out of Action" (src 171); src 60: "or they wake up
    # in 10 minutes": the group is three again.
    d = trio()
    d.do("gm", "pass_time", minutes=9)
    assert who(d, "g").count == 2
    d.do("gm", "pass_time", minutes=1)
    assert who(d, "g").count == 3


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-007")
def test_z02__a_groups_unconscious_mook_rolls_to_wake_when_someone_else_acts() -> None:
    # src 60: "roll to wake up (Willpower+Focus Difficulty 15) every time someone else rolls an Action":
    # k's missed shot (10/10) is one; the sleeping mook rolls 5 + 5 + 9 - 1 = 18 vs 15 and is back: 3.
    d = trio({"wake_rolls": True})
    end_turn(d, "h")
    events = attack(d, "k", ["g"], [*MISS, 9, 1])
    rolled = all_of(events, "rolled")
    wake = [(r["who"], r["difficulty"], r["success"]) for r in rolled if r["what"] == "wake"]
    assert wake == [("g", 15, True)]
    assert who(d, "g").count == 3


@pytest.mark.rules("WS-MOOK-003", "WS-DMG-007", "WS-SNAP-001")
def test_z03__a_group_all_asleep_lies_down_and_stands_three_again_when_they_wake() -> None:
    # src 31: h (Agility 9 + Guns 4 = 13) splits one Action into three shots at the three mooks, each a hit
    # of 12 (13 + 9 - 1 - 6 = 15 vs 12): all three unconscious (src 170), so the group lies down, not out,
    # and after 10 minutes (src 60) stands again, all three.
    cfg = {**QUIET, "mooks": "advanced"}
    heroes = {"h": sheet(traits={"Agility": 9}, weapons=[gun(12)])}
    d = table(cfg, heroes=heroes, villains={"g": sheet(named=False, count=3, traits=SLOW)})
    attack(d, "h", ["g", "g", "g"], HIT * 3)
    assert (who(d, "g").standing, len(who(d, "g").sleepers)) == (Standing.DOWN, 2)
    d.do("gm", "pass_time", minutes=10)
    assert (who(d, "g").standing, who(d, "g").count, who(d, "g").sleepers) == (Standing.UP, 3, ())


# -- the Shock roll of a hit and its knockback crash (src 107, 120) ------------------------------------------


@pytest.mark.rules("WS-SHOCK-001", "WS-KNOCK-003")
def test_z04__a_hit_and_its_knockback_crash_make_one_shock_roll_on_the_wounds_of_both() -> None:
    # src 107: Damage 15 vs Mass 0 flings v 3 m into the wall right behind: 3 Damage more; v's Wound
    # Threshold 3 makes the hit 5 Wounds and the crash 1. src 120: "Difficulty equal to 5+5 times Wounds
    # inflicted in this Attack": one roll vs 5 + 5 x 6 = 35 (Willpower 5 + Focus 5 + 9 - 1 = 18 fails).
    d = duel({"knockback": True, "shock_roll": True}, damage=15, mass=0, wt=3)
    events = attack(d, "h", ["v"], [*HIT, 9, 1], wall_at=0)
    shock = [(r["difficulty"], r["success"]) for r in all_of(events, "rolled") if r["what"] == "shock"]
    assert shock == [(35, False)]
    assert (who(d, "v").wounds, who(d, "v").standing) == (6, Standing.DOWN)


# -- a speed-bump group and Shaken (src 81, 174-175) ---------------------------------------------------------


@pytest.mark.rules("WS-SHAKEN-001", "WS-MOOK-004")
def test_z05__a_speed_bump_group_hurt_by_a_hit_or_a_fall_is_never_shaken() -> None:
    # src 81: "When a target takes 1 or more Shock points it becomes Shaken"; src 174-175: a group that has
    # no name is "handled by Static PV ... For every [Mook Wound Threshold] PV a Mook goes down": it takes
    # no Shock points, so it is never Shaken and never rolls Willpower + Focus to steady (traits it lacks).
    # h's gun (Damage 7): 9 + 7 - (Skill 4 + Soak 0) = PV 12, 2 of the 3 down; a 3 m fall: PV 3, none.
    goons = {"named": False, "count": 3, "traits": {"Skill": 4, **SLOW}, "engaging": "h",
             "weapons": [{"name": "clubs", "damage": 10, "skill": "Skill"}]}  # fmt: skip
    d = table({**QUIET, "mooks": "speed_bump", "shaken": True}, heroes={"h": sheet(weapons=[gun(7)])},
              villains={"goons": goons})  # fmt: skip
    attack(d, "h", ["goons"], [])
    d.do("gm", "fall", character="goons", metres=3)
    assert (who(d, "goons").count, who(d, "goons").shock, who(d, "goons").statuses) == (1, 0, ())
