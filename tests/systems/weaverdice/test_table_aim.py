"""Aim at the table (WD-SKILL-010, src 313-318): +1h6 "on long-range attacks"; a melee swing gets
nothing from the Aim tree. Whether a foe is within 15 ft stays the player's claim and the GM's call."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.helpers import add, sheet, table

AIM = {"name": "Aim", "stats": ["dexterity"], "tree": "aim"}


def sniper() -> Any:
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": [AIM]})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.turn.actor == "eye"
    return d


@pytest.mark.rules("WD-SKILL-010", "WD-SKILL-001")
def test_aim_adds_a_die_to_a_ranged_attack() -> None:
    d = sniper()
    d.do(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        dice=[1, 5, 1],
    )
    # Dexterity 4 (+1), the better of two dice: 5 + 1 = 6
    swing = "Eye attacks Thug (lesser bash) vs defense 3: [1 5] keep 5 +1 = 6;"
    assert any(w.startswith(swing) for w in d.words())
    assert len(d.state.people["thug"].track.wounds) == 1


@pytest.mark.rules("WD-SKILL-010")
def test_aim_is_refused_on_a_melee_attack() -> None:
    d = sniper()
    d.refuse(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        skills=["Aim"],
        dice=[1, 5],
        rule="WD-SKILL-010",
    )


# -- Align Sights (WD-SKILL-011, src 322-327) -------------------------------------------------------

ALIGN = {"name": "Align Sights", "stats": ["dexterity"], "tree": "aim"}


def aligner(*skills: dict[str, Any]) -> Any:
    """Eye (Dexterity 4: +1) knows ``skills``; a thug and a second thug; Eye's turn."""
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": list(skills)})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    add(d, "gm", sheet("mook", "Mook", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[6, 1, 1])
    assert d.state.fight.turn.actor == "eye"
    return d


def _next_round(d: Any) -> None:
    for who in d.state.fight.order.order[d.state.fight.order.index :]:
        d.do("ann" if who == "eye" else "gm", "end_turn", character=who)
    assert d.state.fight.turn.actor == "eye"


@pytest.mark.rules("WD-SKILL-011", "WD-SKILL-015", "WD-COMBAT-011")
def test_align_sights__a_round_not_firing_gives_the_next_shot_plus_1_per_aim_skill() -> None:
    d = aligner(AIM, ALIGN)
    # "take a round, not firing, while maintaining an uninterrupted view of the target. Your next
    # shot against the target gets a +1 to hit for every Aim skill you have" (src 325-327)
    d.do("ann", "align_sights", character="eye", target="thug")
    assert d.state.fight.turn.actions == 0  # the round: the whole turn
    assert d.words()[-1] == "Eye takes a full action: align sights on Thug."
    d.refuse("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=[1])
    _next_round(d)
    # 1 + 1 (Dexterity 4) + 2 (two Aim skills) = 4 against DS 3: a hit
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=[1, 1])
    assert any(w.startswith("Eye attacks Thug (lesser bash) vs defense 3: [1] +3 = 4;") for w in d.words())
    assert d.state.people["eye"].aligned_on is None  # the next shot only
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", melee=False, dice=[1])
    assert any(w.startswith("Eye attacks Thug (lesser bash) vs defense 3: [1] +1 = 2;") for w in d.words())


@pytest.mark.rules("WD-SKILL-011")
def test_aligned_sights_help_no_other_target_and_no_melee_swing() -> None:
    d = aligner(AIM, ALIGN)
    d.do("ann", "align_sights", character="eye", target="thug")
    _next_round(d)
    # "Usable only with shots where Aim applies": a swing is not a shot; the thug is still aligned on
    d.do("ann", "attack", character="eye", target="thug", stat="dexterity", dice=[1])
    assert any(w.startswith("Eye attacks Thug (lesser bash) vs defense 3: [1] +1 = 2;") for w in d.words())
    # a shot at another target fires: the round's aim is spent, and gives the mook nothing
    d.do("ann", "attack", character="eye", target="mook", stat="dexterity", melee=False, dice=[1])
    assert any(w.startswith("Eye attacks Mook (lesser bash) vs defense 3: [1] +1 = 2;") for w in d.words())
    assert d.state.people["eye"].aligned_on is None


@pytest.mark.rules("WD-SKILL-011")
def test_align_sights_needs_the_skill() -> None:
    d = aligner(AIM)
    d.refuse("ann", "align_sights", character="eye", target="thug", rule="WD-SKILL-011", match="Align Sights")
    d.refuse("ann", "align_sights", character="eye", target="eye", rule="WD-SKILL-011")
    assert d.state.fight.turn.actions == 2


# -- a blinded shooter (WD-STATUS-008 with WD-SKILL-010/012) ----------------------------------------

FOCUSED = {"name": "Focused Shot", "stats": ["dexterity"], "tree": "aim"}


def _blinded_sniper(*skills: dict[str, Any]) -> Any:
    """Eye (Dexterity 4) with ``skills`` is Blinded (as an earlier effect left it); Eye's turn."""
    d = table()
    add(d, "ann", {**sheet("eye", "Eye", dexterity=4), "skills": list(skills)})
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4))
    d.do("gm", "start_combat", dice=[6])
    people = dict(d.state.people)
    eye = people["eye"]
    people["eye"] = eye.model_copy(update={"conditions": (*eye.conditions, condition(Status.BLINDED, "eye"))})
    d.patch(people=people)
    return d


@pytest.mark.rules("WD-SKILL-010", "WD-STATUS-008")
def test_a_blinded_shooter_may_not_name_aim() -> None:
    # src 846: Blinded "Imposes an inability to [see/hear] past 10'"; src 316: Aim is "For long-range
    # attacks made with no foes within 15'": any foe Eye can see is within 10 ft, so Aim's die does not
    # apply. Refused, naming why, and nothing happens (the thug unhurt, Eye's actions kept).
    d = _blinded_sniper(AIM)
    d.refuse(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        dice=[1, 5],
        rule="WD-SKILL-010",
        match="blinded",
    )
    assert d.state.people["thug"].track.wounds == ()
    assert d.state.fight.turn.actions == 2


@pytest.mark.rules("WD-SKILL-012", "WD-STATUS-008")
def test_a_blinded_shooters_focused_shot_applies_aim_regardless() -> None:
    # src 334: Focused Shot applies Aim skills "regardless of foe's proximity or circumstance"; src 846:
    # -1 to hit those that can be seen. Dexterity 4 (+1), the better of [1 5], -1 blinded: 5 + 1 - 1 = 5.
    d = _blinded_sniper(AIM, FOCUSED)
    d.do(
        "ann",
        "attack",
        character="eye",
        target="thug",
        stat="dexterity",
        melee=False,
        skills=["Aim"],
        focused=True,
        dice=[1, 5, 1],
    )
    rolled = next(e for e in reversed(d.events) if e.type == "weaverdice.attack_rolled")
    assert rolled.payload.check.total == 5
