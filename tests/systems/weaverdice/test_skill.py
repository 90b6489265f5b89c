"""Skills and backgrounds (WD-SKILL): extra dice, prerequisites, starting picks, training, Aim tree."""

from __future__ import annotations

import pytest

from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.weaverdice.checks import check, pool_size
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.skills import (
    aim_applies,
    align_sights_bonus,
    background_dice,
    check_prerequisites,
    check_starting_skills,
    skill_dice,
    train,
)
from capeworks.systems.weaverdice.vocab import Stat

AIM = Skill(name="Aim", stats=(Stat.DEXTERITY,), tree="aim")
ALIGN = Skill(name="Align Sights", stats=(Stat.DEXTERITY,), tree="aim")
BRAWL = Skill(name="Brawl", stats=(Stat.BRAWN,))
MASTER = Skill(name="Master Craft", stats=(Stat.KNOWLEDGE,), tree="craft", dice=2)
LEARN = Skill(name="Parkour", stats=(Stat.ATHLETICS,), learning=True, training=(4, 3))


def sheet(*skills: Skill, **stats: int) -> Character:
    return Character(
        id="s",
        name="Sam",
        stats={Stat(k): v for k, v in stats.items()},
        skills=skills,
        backgrounds=("Data Entry",),
    )


@pytest.mark.rules("WD-SKILL-001", "WD-CORE-004")
def test_a_skill_adds_a_die_keep_best() -> None:
    sam = sheet(BRAWL, MASTER)
    assert skill_dice(sam, ["brawl"]) == 1
    assert skill_dice(sam, ["Master Craft"]) == 2  # capstone +2h6
    dice = pool_size(skill_dice(sam, ["Brawl"]))
    assert dice == 2
    assert check([1, 5], modifier=0, tn=4).success  # keep the 5
    with pytest.raises(NotFound):
        skill_dice(sam, ["Juggling"])


@pytest.mark.rules("WD-SKILL-002", "WD-SKILL-003")
def test_prerequisites() -> None:
    check_prerequisites(sheet(AIM, ALIGN))
    with pytest.raises(RuleViolation) as err:
        check_prerequisites(sheet(ALIGN))
    assert err.value.rule_id == "WD-SKILL-002"


@pytest.mark.rules("WD-SKILL-004")
def test_starting_skills() -> None:
    # +1 Brawn and +1 Dex: a Brawn skill, a Dex skill, one free skill, one learning skill with 2 rolls
    free = Skill(name="First Aid", stats=(Stat.KNOWLEDGE,))
    check_starting_skills(sheet(BRAWL, AIM, free, LEARN, brawn=4, dexterity=4, wits=2))
    with pytest.raises(RuleViolation) as err:
        check_starting_skills(sheet(BRAWL, free, LEARN, brawn=4, dexterity=4, wits=2))
    assert err.value.rule_id == "WD-SKILL-004"
    with pytest.raises(RuleViolation):
        check_starting_skills(sheet(BRAWL, AIM, free, brawn=4, dexterity=4, wits=2))  # no learning skill


@pytest.mark.rules("WD-SKILL-006", "WD-SKILL-008")
def test_training_to_12__wx59() -> None:
    # WX-59: Knowledge 4 (+1), skill stat 3 (+0): d=5, 3, 2 -> 6 + 4 + 3 = 13 >= 12 after the third
    sam = sheet(Skill(name="Parkour", stats=(Stat.ATHLETICS,), learning=True), knowledge=4)
    sam, total, learned = train(sam, "Parkour", 5)
    assert (total, learned) == (6, False)
    sam, total, learned = train(sam, "Parkour", 3)
    assert (total, learned) == (4, False)
    sam, total, learned = train(sam, "Parkour", 2)
    assert (total, learned) == (3, True)
    assert sam.skills[0].training == (6, 4, 3) and not sam.skills[0].learning
    with pytest.raises(RuleViolation):
        train(sam, "Parkour", 4)


@pytest.mark.rules("WD-SKILL-009")
def test_learning_skill_needs_focus_for_the_encounter() -> None:
    sam = sheet(LEARN)
    with pytest.raises(RuleViolation) as err:
        skill_dice(sam, ["Parkour"])
    assert err.value.rule_id == "WD-SKILL-009"
    assert skill_dice(sam, ["Parkour"], opened=["parkour"]) == 1
    assert sam.speed == 6  # learning skills do not count toward speed


@pytest.mark.rules("WD-SKILL-010")
@pytest.mark.parametrize(
    ("ranged", "near", "interfered", "dice"),
    [(True, False, False, 1), (True, True, False, 0), (True, False, True, 0), (False, False, False, 0)],
)
def test_aim(ranged: bool, near: bool, interfered: bool, dice: int) -> None:
    assert aim_applies(sheet(AIM), ranged=ranged, foe_within_15ft=near, interfered=interfered) == dice
    assert aim_applies(sheet(), ranged=True, foe_within_15ft=False, interfered=False) == 0


@pytest.mark.rules("WD-SKILL-011", "WD-SKILL-012")
def test_align_sights_and_focused_shot() -> None:
    # +1 per Aim-tree skill: Aim + Align Sights = +2; two Focused Shots this fight: +4
    assert align_sights_bonus(sheet(AIM, ALIGN)) == 2
    assert align_sights_bonus(sheet(AIM, ALIGN), focused_shots=2) == 4


@pytest.mark.rules("WD-SKILL-013")
def test_background_die_only_when_unhurried() -> None:
    sam = sheet()
    assert background_dice(sam, "data entry", unhurried=True) == 1
    assert background_dice(sam, "Data Entry", unhurried=False) == 0
    with pytest.raises(RuleViolation):
        background_dice(sam, "French", unhurried=True)
