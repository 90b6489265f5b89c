"""A thirteenth outside referee's pass over the Workshop table: a whole fight of several Sequences with
player characters, a named foe and a group of mooks; the Shots counted as they are spent and regained, and
the words each seat reads. First three points noticed at the last stop:

1. a mook group's verbs agree with its plural name wherever the words put a verb after it ("goons join the
   fight" for a group the GM named by its id; "Goons joins" in a log written before events marked groups);
2. a roll's line drops its empty parts (no "dice none", no "+0");
3. a check the GM calls off the character's turn is no Action: it has no failure degrees (no Total
   Failure that turns "the action" Hazardous, no Fumble), as every other roll that is no Action.

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s. The hero ``h`` (Agility 5 + Guns 4 = 9)
shoots at Defense 12: dice 9 and 1 make 9 + 9 - 1 = 17, a hit; PV = weapon Damage - Soak (the
effect-values model).
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, end_turn, last, sheet, state, table, who
from tests.systems.workshop.test_referee import GOONS, HIT, QUIET, SLOW, TOUGH, gun, pool


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


# -- the three points noticed at the last stop -----------------------------------------------------------


@pytest.mark.rules("WS-MOOK-004", "WS-MOOK-005")
def test_v01__a_group_the_gm_names_by_its_id_reads_with_plural_verbs() -> None:
    # src 154, 175: "Unnamed characters ... commonly known as Mooks", a group of them. The GM adds three thugs
    # with the id "thugs" as their name too: the words say "thugs join the fight", never "thugs joins".
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(**TOUGH)},
              villains={"thugs": {**GOONS, "name": "thugs"}})  # fmt: skip
    for seat in ("gm", "ann", "bo"):
        assert "thugs join the fight (villains), Shot Count 0." in d.words(seat), seat


@pytest.mark.rules("WS-COVER-004", "WS-SHOT-003")
def test_v02__a_static_attack_with_nothing_added_reads_as_its_av_alone() -> None:
    # src 76: aggressive covering fire "sets up a static Attack ... It has AV 10+1 point per Cover": Ranged
    # Weapons 9 + Perception 9 + 9 - 5 = 22 vs 10, PV 12, Cover 2: AV 12. V moves into it and spends a Shot on
    # an Active Defense (src 20): Defense 12 + 5 = 17; 12 vs 17 misses by 5. No dice were rolled and nothing
    # was added: the line reads "AV 12", not "12 + dice none +0 = AV 12".
    gun_cf = {**gun(6), "covering_fire": True}
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(traits={"Ranged Weapons": 9, "Perception": 9}, weapons=[gun_cf])},
              villains={"v": sheet(name="V", traits=pool(4), **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    at = mark(d)
    d.do("gm", "defend", character="v", use=True)
    for seat in ("gm", "ann", "bo"):
        assert "H attacks V with gun: AV 12 vs Defense 17: miss by 5." in d.words(seat, since=at), seat


@pytest.mark.rules("WS-DMG-007", "WS-MOOK-004")
def test_v03__a_roll_with_no_modifier_reads_without_a_plus_zero() -> None:
    # src 60: "Unconscious characters may roll to wake up (Willpower+Focus Difficulty 15) every time someone
    # else rolls an Action": s is down; h shoots v, s rolls Willpower 5 + Focus 5 + 9 - 1 = 18 vs 15, wakes.
    # Nothing modifies it: "(Willpower+Focus 10, dice 9/1)", no ", +0". src 175: h's shot at the speed-bump
    # goons, Guns 9 + Damage 7 = 16 vs Skill + Soak 4: the line has no "+0" either.
    d = table({**QUIET, "wake_rolls": True}, heroes={"h": sheet(), "s": sheet()},
              villains={"v": sheet(name="V", traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    chars = state(d).characters
    s = chars["s"].model_copy(update={"standing": Standing.DOWN, "shock": 12, "down_at": 0, "wake_at": 100})
    d.patch(characters={**chars, "s": s})
    d.do("gm", "start_sequence")
    at = mark(d)
    attack(d, "h", ["v"], [*HIT, 9, 1])
    woke = "S rolls to wake up (Willpower+Focus 10, dice 9/1) = 18 vs 15: succeeds."
    assert woke in d.words("bo", since=at)
    goons = {**GOONS, "name": "Goons", "count": 5}
    d2 = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(weapons=[gun(7)])},
               villains={"goons": goons})  # fmt: skip
    at = mark(d2)
    attack(d2, "h", ["goons"], [])
    shot = "H attacks Goons with gun: 9 + Damage 7 = 16 vs Skill + Soak 4: PV 12."
    assert d2.words("bo", since=at)[1] == shot


@pytest.mark.rules("WS-CORE-001")
def test_v04__a_check_called_off_turn_and_missed_by_five_has_no_total_failure() -> None:
    # src 12: an Action is taken when "your Initiative comes up"; the GM calls h's Perception + Wits while v
    # acts: no Action (stop 49's rule for rolls that are no Action: the wiki's degrees read off an Action
    # Value). Perception 4 + Wits 4 + 1 - 9 = 0 vs 10, short by 10: a failure, not "a Total Failure: the
    # action turns Hazardous", and the GM is asked to narrate nothing. On h's own turn the same miss is an
    # Action's: a Total Failure, as before.
    d = table(QUIET, heroes={"h": sheet(traits=pool(4))}, villains={"v": sheet(traits=pool(6), **TOUGH)})
    assert state(d).turn.current == "v"
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    at = mark(d)
    r = last(d.do("ann", "roll_check", call=1, dice=[1, 9]), "check_rolled")
    assert (r["total"], r["success"], r.get("degree", "")) == (0, False, "")
    for seat in ("gm", "ann", "bo"):
        assert d.words(seat, since=at) == ["H rolls 0 (dice 1/9) vs 10: failure."], seat
    assert [p for p in d.prompts("gm") if p.kind == "narrate"] == []
    end_turn(d, "v")
    assert state(d).turn.current == "h"
    d.do("gm", "call_check", character="h", traits=["Perception", "Wits"], difficulty=10)
    r = last(d.do("ann", "roll_check", call=2, dice=[1, 9]), "check_rolled")
    assert (r["total"], r["degree"]) == (0, "total_failure")
    assert who(d, "h").shots == 4
