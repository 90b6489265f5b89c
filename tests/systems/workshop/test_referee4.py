"""A fourth outside referee's pass over the Workshop table: aggressive covering fire's two open questions
(src 72-76), then situations written from the seed alone on the lines the earlier passes cite least.

Each case: the situation, the dice in order (a positive then a negative d10, a face of 10 reads 0, then
any extra positive d10s), the outcome the seed demands and the seed line (src N, first copy). Where the
seed is silent the inventory's PROPOSED decision is followed and named; where neither speaks, the
reading taken is the table's and is said so (docs/systems/workshop.md). The hero ``h`` (Agility 5 +
Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit; the default effect-values model makes
PV = weapon Damage - Soak.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.systems.workshop.helpers import all_of, end_turn, sheet, state, table, types, who
from tests.systems.workshop.test_referee import QUIET, SLOW, TOUGH, gun, pool

GUN_CF = {**gun(6), "covering_fire": True}
AIM = {"Ranged Weapons": 9, "Perception": 9}


def shooter(n: int) -> dict[str, Any]:
    """A shooter with a Shot Count of ``n``, Ranged Weapons 9 + Perception 9 and a gun that lays fire."""
    return sheet(traits={**pool(n), **AIM}, weapons=[GUN_CF])


# -- aggressive covering fire: one mover, one fire (src 72-76) ----------------------------------------------


@pytest.mark.rules("WS-COVER-004", "WS-SEQ-003")
def test_y01__a_mover_who_moves_twice_in_one_fire_is_shot_at_once() -> None:
    # src 76: the fire "sets up a static Attack on all moving in the line of fire": one Attack, whose
    # targets are those who move; src 12: a turn is an Action (which may be a Move) and a Move. v takes its
    # Move (AV 12 vs Defense 12: a hit, 6 Shock), then its Action as a second Move: it is still one of
    # "all moving", already attacked; the fire has no second Attack to make. (Neither the seed nor the
    # inventory settles it: the table's reading.)
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])  # 18 + 4 = 22: Cover 2, AV 12
    end_turn(d, "h")
    first = d.do("gm", "move", character="v")
    assert [(r["av"], r["defense"], r["hit"]) for r in all_of(first, "attack_rolled")] == [(12, 12, True)]
    second = d.do("gm", "move", character="v")
    assert "attack_rolled" not in types(second)
    assert (state(d).turn.action_used, who(d, "v").shock) == (True, 6)


@pytest.mark.rules("WS-COVER-004", "WS-COVER-002")
def test_y02__fire_laid_anew_attacks_the_same_mover_again() -> None:
    # src 76 with WS-COVER-002 (PROPOSED: the fire lasts until the shooter's next Initiative): in Sequence 2
    # h lays its fire again, a new static Attack, so v moving again is attacked again: 6 + 6 = 12 Shock.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(5)},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    end_turn(d, "v")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    events = d.do("gm", "move", character="v")
    assert [r["attacker"] for r in all_of(events, "attack_rolled")] == ["h"]
    assert who(d, "v").shock == 12


@pytest.mark.rules("WS-COVER-004", "WS-SEQ-002")
def test_y03__two_aggressive_fires_each_shoot_in_initiative_order() -> None:
    # src 76: each shooter's fire sets up its own static Attack, so each gets a shot; src 12: "Your
    # Initiative regulates the acting order during combat", so the higher Initiative fires first, whoever
    # laid the fire first. k (Initiative 3) lays its fire in Sequence 1; in Sequence 2 h (Initiative 6)
    # lays its own, then v (Initiative 4, before k's turn ends k's fire) moves: h shoots, then k.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(6), "k": shooter(3)},
              villains={"v": sheet(traits=pool(4), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])  # Cover 2, AV 12
    end_turn(d, "k")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 10])  # 18 + 9 - 0 = 27: Cover 3, AV 13
    end_turn(d, "h")
    assert [e.target for e in state(d).effects] == ["k", "h"]
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)
    rolls = all_of(events, "attack_rolled")
    assert [(r["attacker"], r["av"], r["hit"]) for r in rolls] == [("h", 13, True), ("k", 12, True)]
    assert who(d, "v").shock == 12


@pytest.mark.rules("WS-COVER-004", "WS-DMG-004")
def test_y04__the_first_fire_that_drops_the_mover_leaves_the_second_nothing_to_shoot() -> None:
    # src 12 (Initiative orders the acting) and src 54 (Shock equal to Health: "you fall down, unable to
    # act"): h (Initiative 6) fires first, 6 Shock on v's Health 6: v falls and moves no more, so k's fire
    # (laid first, Initiative 3) makes no Attack.
    d = table({**QUIET, "covering_fire": True}, heroes={"h": shooter(6), "k": shooter(3)},
              villains={"v": sheet(traits=pool(4), health=6, toughness=50)})  # fmt: skip
    end_turn(d, "h")
    end_turn(d, "v")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])
    end_turn(d, "k")
    d.do("ann", "cover", character="h", aggressive=True, dice=[9, 5])
    end_turn(d, "h")
    d.do("gm", "move", character="v")
    events = d.do("gm", "defend", character="v", use=False)
    assert [r["attacker"] for r in all_of(events, "attack_rolled")] == ["h"]
    assert who(d, "v").shock == 6 and not who(d, "v").can_act


@pytest.mark.rules("WS-COVER-004", "WS-COVER-002", "WS-SHOT-003")
def test_y05__the_fire_still_up_next_sequence_does_not_shoot_its_mover_again() -> None:
    # src 76: one static Attack per fire, on each mover; WS-COVER-002 (PROPOSED): it lasts until k's next
    # Initiative. k (Initiative 3) lays it and v (2) moves into it: shot at (AV 12 vs 12, 6 Shock). In
    # Sequence 2 v buys +5 Initiative (src 21) while g is up and moves before k's turn: the fire is still
    # up but has made its Attack on v already.
    d = table({**QUIET, "covering_fire": True}, heroes={"g": sheet(traits=pool(6)), "k": shooter(3)},
              villains={"v": sheet(traits=pool(2), **TOUGH)})  # fmt: skip
    end_turn(d, "g")
    d.do("ann", "cover", character="k", aggressive=True, dice=[9, 5])
    end_turn(d, "k")
    d.do("gm", "move", character="v")
    d.do("gm", "defend", character="v", use=False)
    end_turn(d, "v")
    d.do("gm", "raise_initiative", character="v", shots=1)
    end_turn(d, "g")
    assert state(d).turn.current == "v" and [e.target for e in state(d).effects] == ["k"]
    events = d.do("gm", "move", character="v")
    assert "attack_rolled" not in types(events) and state(d).pending is None
    assert who(d, "v").shock == 6
