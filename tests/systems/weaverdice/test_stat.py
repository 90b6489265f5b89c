"""Stats and derived values (WD-STAT) and the character tiers' sheets (WD-NPC)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.config import Statline, WeaverdiceConfig
from capeworks.systems.weaverdice.sheet import Character, Skill, check_sheet, check_statline
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier

CFG = WeaverdiceConfig()


def pc(**stats: int) -> Character:
    return Character(id="pc", name="Pat", stats={Stat(k): v for k, v in stats.items()})


@pytest.mark.rules("WD-STAT-001", "WD-STAT-002")
def test_seven_stats_default_to_three() -> None:
    blank = Character(id="b", name="B")
    assert [blank.stat(s) for s in Stat] == [3] * 7
    assert len(Stat) == 7


@pytest.mark.rules("WD-STAT-002")
def test_unpowered_stats_must_be_1_to_5() -> None:
    check_sheet(pc(brawn=5, wits=1), CFG)
    with pytest.raises(RuleViolation) as err:
        check_sheet(pc(brawn=6), CFG)
    assert err.value.rule_id == "WD-STAT-002" and "brawn of 6" in str(err.value)
    with pytest.raises(RuleViolation):
        check_sheet(pc(wits=0), CFG)
    # super stats may exceed the range under the superstats variant only (WD-DN-002)
    strong = Character(id="s", name="S", stats={Stat.BRAWN: 8}, super_stats=frozenset({Stat.BRAWN}))
    check_sheet(strong, WeaverdiceConfig(superstats=True))
    with pytest.raises(RuleViolation):
        check_sheet(strong, CFG)


@pytest.mark.rules("WD-STAT-003")
def test_statline__two_fours_one_two_by_default() -> None:
    check_statline(pc(brawn=4, wits=4, social=2), CFG)
    with pytest.raises(RuleViolation) as err:
        check_statline(pc(brawn=4, social=2), CFG)  # only one +1
    assert err.value.rule_id == "WD-STAT-003"
    with pytest.raises(RuleViolation):
        check_statline(pc(brawn=5, wits=4, social=2), CFG)
    young = WeaverdiceConfig(statline_plus=1, statline_minus=1)
    check_statline(pc(brawn=4, social=2), young)
    # Mile End: only the GM's offered lines
    mile = WeaverdiceConfig(
        fixed_statlines=(Statline(plus=(Stat.BRAWN, Stat.KNOWLEDGE), minus=(Stat.DEXTERITY,)),)
    )
    check_statline(pc(brawn=4, knowledge=4, dexterity=2), mile)
    with pytest.raises(RuleViolation):
        check_statline(pc(brawn=4, wits=4, social=2), mile)


@pytest.mark.rules("WD-STAT-004", "WD-EFFORT-001", "WD-EFFORT-002")
def test_effort_maxima__wx09() -> None:
    # WX-09: Athletics 3 -> 3 Stamina; Guts 4 -> 4 Recovery; Wits 2 -> 2 Focus
    c = pc(guts=4, wits=2)
    assert [c.effort_max(p) for p in Pool] == [3, 2, 4]
    # powers/perks change maxima
    boosted = c.model_copy(update={"effort_bonus": {Pool.FOCUS: 1}})
    assert boosted.effort_max(Pool.FOCUS) == 3
    # generics and bystanders track no effort
    thug = c.model_copy(update={"tier": Tier.GENERIC})
    assert thug.effort_max(Pool.RECOVERY) == 0 and not thug.tracks_effort


@pytest.mark.rules("WD-STAT-005", "WD-WOUND-002")
def test_wound_slots__wx17() -> None:
    # WX-17: Guts 4 -> 4 slots, 5 with one armor
    assert pc(guts=4).wound_slots == 4
    assert pc(guts=4).model_copy(update={"armor": 1}).wound_slots == 5


@pytest.mark.rules("WD-STAT-006", "WD-SKILL-015")
def test_tactics__wx58() -> None:
    # WX-58: Social 4 + Knowledge 3 + one Social skill + one Knowledge skill = 9
    c = pc(social=4).model_copy(
        update={
            "skills": (
                Skill(name="Intimidate", stats=(Stat.SOCIAL,)),
                Skill(name="Research", stats=(Stat.KNOWLEDGE,)),
                Skill(name="Brawl", stats=(Stat.BRAWN,)),
            )
        }
    )
    assert c.tactics == 9


@pytest.mark.rules("WD-STAT-007", "WD-SKILL-015")
def test_speed__skills_count_once_learning_ones_not_at_all() -> None:
    # WX-57: Athletics 4, Dex 3, one Athletics skill -> 4 + 3 + 1 = 8
    c = pc(athletics=4).model_copy(update={"skills": (Skill(name="Parkour", stats=(Stat.ATHLETICS,)),)})
    assert c.speed == 8
    both = c.model_copy(
        update={
            "skills": (
                Skill(name="Acrobatics", stats=(Stat.ATHLETICS, Stat.DEXTERITY)),
                Skill(name="Sleight", stats=(Stat.DEXTERITY,), learning=True),
            )
        }
    )
    assert both.speed == 8  # linked to both stats counts once; learning skill ignored


@pytest.mark.rules("WD-STAT-008", "WD-MOVE-007")
@pytest.mark.parametrize(("ath", "move", "cap"), [(3, 30, 75), (4, 35, 90), (2, 25, 65), (5, 40, 100)])
def test_movement_and_its_cap(ath: int, move: int, cap: int) -> None:
    # 30 + 5 x (Ath - 3); cap 2.5x rounded up to 5 ft: 35 x 2.5 = 87.5 -> 90
    c = pc(athletics=ath)
    assert (c.movement, c.movement_cap) == (move, cap)


@pytest.mark.rules("WD-STAT-009", "WD-STAT-010")
def test_belt_slots_and_encumbrance() -> None:
    c = pc(dexterity=4, brawn=2)
    assert (c.belt_slots, c.encumbrance_capacity) == (4, 2)
    assert c.model_copy(update={"extra_belt_slots": 1}).belt_slots == 5


@pytest.mark.rules("WD-STAT-011", "WD-SKILL-005")
def test_skill_cap_is_twice_knowledge_plus_learning_boxes() -> None:
    c = pc(knowledge=2)
    assert c.skill_cap == 4
    assert c.model_copy(update={"learning_boxes": 1}).skill_cap == 5
    five = tuple(Skill(name=f"s{i}", stats=(Stat.BRAWN,), learning=i == 4) for i in range(5))
    with pytest.raises(RuleViolation) as err:
        check_sheet(c.model_copy(update={"skills": five}), CFG)  # learning skills count too
    assert err.value.rule_id == "WD-SKILL-005"


@pytest.mark.rules("WD-STAT-012", "WD-STAT-013", "WD-STAT-014")
def test_caps_from_social() -> None:
    c = pc(social=3)
    # rep cap: Social + milestones + 1 per two fans = 3 + 1 + 1
    assert c.model_copy(update={"milestones": 1, "fans": 3}).reputation_cap == 5
    # follower cap: 2 x 3 + 3 x 0 = 6 (WX-32); + one milestone = 9
    assert c.follower_cap == 6
    assert c.model_copy(update={"milestones": 1}).follower_cap == 9
    # underling cap: Social by default, a table may fix it; boxes add
    assert c.underling_cap(CFG) == 3
    assert (
        c.model_copy(update={"underling_bonus": 1}).underling_cap(WeaverdiceConfig(base_underling_cap=2)) == 3
    )


@pytest.mark.rules("WD-STAT-015", "WD-STAT-016", "WD-STAT-017", "WD-STAT-018", "WD-STAT-019", "WD-STAT-020")
def test_stats_used_as_counts() -> None:
    c = pc(social=4, dexterity=2, knowledge=5, wits=3, guts=4)
    assert c.count(Stat.SOCIAL) == 4  # recruitment dice and questions
    assert (c.leverage_targets(spent=False), c.leverage_targets(spent=True)) == (4, 8)
    assert (c.count(Stat.DEXTERITY), c.count(Stat.KNOWLEDGE)) == (2, 5)  # craft actions, rolls per item
    assert c.count(Stat.WITS) == 3  # surveillance rolls
    assert c.count(Stat.GUTS) == 4  # full-rest healing count, R&R rolls
    thug = c.model_copy(update={"tier": Tier.GENERIC})
    assert thug.drops_at == 4


@pytest.mark.rules("WD-STAT-021")
def test_stat_damage__temporary_spares_effort_and_slots() -> None:
    c = pc(athletics=4, guts=4)
    hurt = c.model_copy(update={"temporary_loss": {Stat.ATHLETICS: 2, Stat.GUTS: 1}})
    assert hurt.stat(Stat.ATHLETICS) == 2 and hurt.movement == 25 and hurt.speed == 5
    assert hurt.effort_max(Pool.STAMINA) == 4 and hurt.wound_slots == 4
    # temporary damage floors at 1
    assert c.model_copy(update={"temporary_loss": {Stat.GUTS: 9}}).stat(Stat.GUTS) == 1
    # lasting damage changes everything and may reach 0
    maimed = c.model_copy(update={"lasting_loss": {Stat.GUTS: 1}})
    assert maimed.wound_slots == 3 and maimed.effort_max(Pool.RECOVERY) == 3
    assert c.model_copy(update={"lasting_loss": {Stat.GUTS: 5}}).stat(Stat.GUTS) == 0


@pytest.mark.rules("WD-STAT-021")
@pytest.mark.parametrize("lasting", [0, 1, 2, 5])
@pytest.mark.parametrize("temporary", [0, 1, 3, 9])
def test_scores_are_each_stat_worked_out_alone(lasting: int, temporary: int) -> None:
    # scores() works out all seven in one pass (a wound effect reads them at every hit): the same as stat()
    c = pc(athletics=4, guts=2, brawn=5, wits=1).model_copy(
        update={
            "lasting_loss": {Stat.GUTS: lasting, Stat.BRAWN: lasting},
            "temporary_loss": {Stat.GUTS: temporary, Stat.ATHLETICS: temporary, Stat.WITS: temporary},
        }
    )
    assert c.scores() == {s: c.stat(s) for s in Stat}
    assert list(c.scores()) == list(Stat)


@pytest.mark.rules("WD-NPC-001", "WD-NPC-002", "WD-NPC-003", "WD-NPC-004", "WD-NPC-005", "WD-COMBAT-018")
@pytest.mark.parametrize(
    ("tier", "ds", "effort"),
    [(Tier.PC, 4, 3), (Tier.NOTABLE, 4, 3), (Tier.GENERIC, 3, 0), (Tier.BYSTANDER, 2, 0)],
)
def test_tiers__defense_and_effort(tier: Tier, ds: int, effort: int) -> None:
    c = Character(id="c", name="C", tier=tier)
    assert c.defense(CFG) == ds and c.effort_max(Pool.FOCUS) == effort
    assert c.model_copy(update={"defense_bonus": 1}).defense(CFG) == ds + 1


@pytest.mark.rules("WD-NPC-005")
def test_bystander_goes_down_at_the_first_hit() -> None:
    assert Character(id="b", name="B", tier=Tier.BYSTANDER, stats={Stat.GUTS: 4}).wound_slots == 1


def test_sheet_files_use_lower_case_words() -> None:
    c = Character.model_validate({"id": "a", "name": "A", "stats": {"Brawn": 4}})
    assert c.stat(Stat.BRAWN) == 4
    with pytest.raises(ValidationError):
        Character.model_validate({"id": "a", "name": "A", "stats": {"luck": 4}})
