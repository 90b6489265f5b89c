"""A sixth outside referee's pass over the Workshop table: glass-jaw mooks in a group, Wound Seriousness on a
fall, a speed-bump group's get-up and healing rolls, and the Wound card initiative leaves to the GM.

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

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import attack, last, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, QUIET, SLOW, TOUGH, gun


def put(d: Driver, cid: str, **update: Any) -> None:
    """Set-up: a combatant as the situation finds it (Wounds taken, statuses...)."""
    chars = state(d).characters
    d.patch(characters={**chars, cid: chars[cid].model_copy(update=update)})


# -- glass-jaw mooks in a group (src 156-162, 175) -----------------------------------------------------------


@pytest.mark.rules("WS-MOOK-002", "WS-MOOK-001")
def test_y01__a_glass_jaw_hit_on_a_group_of_six_puts_one_mook_out() -> None:
    # src 158: "Characters that have no name go down on a single Wound"; src 162: "10+ Out": the one hit,
    # not the five beside it. Only Speed Bump mooks are handled as "a group" whose mooks go down by PV
    # (src 175). h's gun (Damage 10) hits the goons sample (6 of them, Defense 8): 9 + 9 - 1 = 17, PV 10.
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(10)])}, start=False)
    d.do("gm", "add_character", id="goons", sample="goons")
    d.do("gm", "start_sequence")
    events = attack(d, "h", ["goons"], HIT)
    assert last(events, "damaged")["damage"] == 10
    assert (who(d, "goons").count, who(d, "goons").standing) == (5, Standing.UP)


@pytest.mark.rules("WS-MOOK-002", "WS-SNAP-001")
def test_y02__a_split_at_a_glass_jaw_pair_puts_one_out_per_hit_then_the_group() -> None:
    # src 31: a split makes two Actions, each a hit of its own (9 + 9 - 1 - 3 = 14 vs 8, PV 10); src 162:
    # "10+ Out" for each mook hit: the first leaves one standing, the second puts that last one, and so the
    # group, out.
    d = table(QUIET, heroes={"h": sheet(weapons=[gun(10)])}, start=False)
    d.do("gm", "add_character", id="goons", sample="goons", count=2)
    d.do("gm", "start_sequence")
    events = attack(d, "h", ["goons", "goons"], HIT * 2)
    outs = [(e.data["character"]["count"], e.data["character"]["standing"]) for e in events
            if e.type == "workshop.damaged"]  # fmt: skip
    assert outs == [(1, "up"), (1, "out")]


# -- Wound Seriousness on a fall (src 66, 124, 146) ----------------------------------------------------------


@pytest.mark.rules("WS-WPEN-003", "WS-DMG-010")
def test_y03__a_fall_of_five_wounds_is_a_deadly_wound_not_death() -> None:
    # src 146: "More than 4 wounds in one attack makes the character fall down, dead"; src 66: a fall is
    # "the falling distance in meters in Damage", no attack (as Stun, src 124, reads it). 25 m, Stunt 3 +
    # Agility 5 + 1 - 9 = 0 vs 0: nothing off; 25 Damage, 5 simultaneous Wounds: the worst row, Deadly, -8.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(**TOUGH)}, start=False)
    d.do("gm", "fall", character="h", metres=25, dice=[1, 9])
    h = who(d, "h")
    assert (h.standing, h.wounds, h.worst_wound) == (Standing.UP, 5, 5)


@pytest.mark.rules("WS-WPEN-003")
def test_y04__a_hit_of_five_wounds_still_kills() -> None:
    # src 146: the same 5 Wounds from one attack: dead. h's gun of Damage 25 hits v (Defense 12): PV 25.
    d = table({**QUIET, "wound_penalty": "seriousness"}, heroes={"h": sheet(weapons=[gun(25)])},
              villains={"v": sheet(traits=SLOW, **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").standing is Standing.DEAD
