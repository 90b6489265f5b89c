"""A twelfth outside referee's pass over the Workshop table: a scene of several characters and rounds with
the optional rules a GM switches on, and what each seat reads (names, numbers, the GM's secrets). Also four
points noticed earlier: the wall behind a target is the GM's fact, the tracker's head count of a group of
mooks, the words of a roll ("rolls for Shock"), and the narrations due told from facts.

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
from tests.systems.workshop.helpers import attack, end_turn, last, sheet, table, who
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, TOUGH, duel, pool


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
    # wall_at= would give her shots a crash wherever she likes. Refused in a sentence, nothing changed.
    d = duel({"knockback": True}, damage=17, name="Viper", mass=6)
    d.refuse(
        "ann", "attack", error=NotPermitted, match="Only the GM says where a wall stands",
        character="h", targets=["v"], wall_at=1, dice=HIT,
    )  # fmt: skip
    # the GM, who knows the room, makes Jade's shot with the wall: 17 over Mass 6 is 11, 2 m back; the wall
    # at 1 m leaves 1 m: 1 Damage to Viper and to the wall
    at = mark(d)
    attack(d, "h", ["v"], HIT, wall_at=1)
    assert who(d, "v").shock == 17 + 1
    assert "Viper is knocked back 2 m and down, hitting something for 1." in d.words("ann", since=at)


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
    assert "Viper rolls for Shock (Willpower+Focus 10, dice 3/1, +0) = 12 vs 10: succeeds." in words
    steady = "Viper rolls to shake off being Shaken (Willpower+Focus 10, dice 9/1, +0) = 18 vs 20: fails."
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
