"""Combat rules (WD-COMBAT): initiative, actions, attacks and cover, reactions, Wait, Leverage, rest."""

from __future__ import annotations

import pytest

from capeworks.engine.kit import TurnOrder
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.checks import check
from capeworks.systems.weaverdice.combat import (
    ActionKind,
    Cover,
    Entrant,
    LeverageOutcome,
    Turn,
    cover_bonus,
    dropped_one_place,
    dropped_together,
    initiative_order,
    initiative_score,
    interruption_tn,
    leverage_outcome,
    may_react,
    reaction_holds,
    rest_removals,
    surprise,
    waited,
)
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.vocab import Stat, Tier

CFG = WeaverdiceConfig()


@pytest.mark.rules("WD-COMBAT-004", "WD-STAT-007")
def test_initiative_scores__wx57() -> None:
    # WX-57: Athletics 4, Dex 3, one Athletics skill -> speed 8, + d6
    pc = Character(
        id="pc", name="Pat", stats={Stat.ATHLETICS: 4}, skills=(Skill(name="Run", stats=(Stat.ATHLETICS,)),)
    )
    assert initiative_score(pc, 2, config=CFG) == 10
    # generic Athletics 3, Dex 3 -> 6 + 3 = 9 flat, whatever is rolled
    thug = Character(id="t", name="Thug", tier=Tier.GENERIC)
    assert initiative_score(thug, None, config=CFG) == 9
    assert initiative_score(pc, 2, edge=3, config=CFG) == 13  # a Focus edge of 1d3
    with pytest.raises(ValueError):
        initiative_score(pc, None, config=CFG)


@pytest.mark.rules("WD-COMBAT-005", "WD-MORALE-009", "WD-NPC-005", "WD-NPC-007")
def test_initiative_ties__tier_then_morale_then_rep() -> None:
    order, still = initiative_order(
        [
            Entrant(id="pc", score=9, tier=Tier.PC),
            Entrant(id="boss", score=9, tier=Tier.NOTABLE),  # notable foe beats a PC on a tie (WX-57)
            Entrant(id="thug", score=9, tier=Tier.GENERIC),
            Entrant(id="crowd", score=20, tier=Tier.BYSTANDER),  # bystanders act last whatever the score
            Entrant(id="ann", score=9, tier=Tier.PC, morale=1),
            Entrant(id="bea", score=9, tier=Tier.PC, morale=1, reputation=2),
            Entrant(id="fast", score=11, tier=Tier.GENERIC),
        ]
    )
    assert order == ("fast", "boss", "bea", "ann", "pc", "thug", "crowd")
    assert still == []
    _, still = initiative_order(
        [Entrant(id="a", score=8, tier=Tier.PC), Entrant(id="b", score=8, tier=Tier.PC)]
    )
    assert still == [["a", "b"]]  # a roll-off must separate them
    order, still = initiative_order(
        [Entrant(id="a", score=8, tier=Tier.PC, rolloff=2), Entrant(id="b", score=8, tier=Tier.PC, rolloff=5)]
    )
    assert order == ("b", "a") and still == []


@pytest.mark.rules("WD-COMBAT-003")
def test_surprise_by_tactics_margin() -> None:
    assert surprise(9, 6, config=CFG) == "a"
    assert surprise(6, 9, config=CFG) == "b"
    assert surprise(8, 6, config=CFG) is None


@pytest.mark.rules("WD-COMBAT-008", "WD-COMBAT-009", "WD-COMBAT-010", "WD-COMBAT-007")
def test_two_standard_actions_or_one_full__wx05() -> None:
    turn = Turn.start("brigade", half=False, config=CFG)
    turn = turn.spend(ActionKind.STANDARD, config=CFG).spend(
        ActionKind.STANDARD, config=CFG
    )  # Move, Duplicate
    with pytest.raises(RuleViolation) as err:
        turn.spend(ActionKind.STANDARD, config=CFG)  # a third standard action
    assert err.value.rule_id == "WD-COMBAT-008"
    full = Turn.start("foe", half=False, config=CFG).spend(ActionKind.FULL, config=CFG)  # Full Attack
    assert full.actions == 0
    with pytest.raises(RuleViolation) as err:
        Turn.start("x", half=False, config=CFG).spend(ActionKind.STANDARD, config=CFG).spend(
            ActionKind.FULL, config=CFG
        )
    assert err.value.rule_id == "WD-COMBAT-010"


@pytest.mark.rules("WD-COMBAT-011", "WD-COMBAT-012")
def test_one_quick_action_a_turn__compound_ones_roll_dex() -> None:
    turn = Turn.start("a", half=False, config=CFG).spend(ActionKind.QUICK, config=CFG)
    assert turn.actions == 2  # quick actions cost no standard action
    with pytest.raises(RuleViolation) as err:
        turn.spend(ActionKind.QUICK, config=CFG)
    assert err.value.rule_id == "WD-COMBAT-011"
    # WX-08: two grabs -> Dex check at the GM's 3+ or 4+; a rolled 2 fails
    assert CFG.complex_quick_tn == 4 and WeaverdiceConfig(complex_quick_tn=3).complex_quick_tn == 3
    assert not check([2], modifier=0, tn=CFG.complex_quick_tn).success


@pytest.mark.rules("WD-COMBAT-013", "WD-COMBAT-014")
def test_lengthy_takes_the_turn_and_interruptions_need_knowledge() -> None:
    assert Turn.start("a", half=False, config=CFG).spend(ActionKind.LENGTHY, config=CFG).actions == 0
    assert interruption_tn() == 3
    assert [interruption_tn(severe=n) for n in (1, 2, 3, 9)] == [4, 5, 6, 6]


@pytest.mark.rules("WD-COMBAT-016")
def test_half_actions_one_standard_no_full() -> None:
    turn = Turn.start("a", half=True, config=CFG)
    assert turn.actions == 1
    with pytest.raises(RuleViolation) as err:
        turn.spend(ActionKind.FULL, config=CFG)
    assert err.value.rule_id == "WD-COMBAT-016"


@pytest.mark.rules("WD-COMBAT-017", "WD-COMBAT-018")
def test_attack_hits_on_meeting_the_defense_score() -> None:
    brute = Character(id="b", name="Brute", stats={Stat.BRAWN: 4})
    pc = Character(id="pc", name="Pat")
    ds = pc.defense(CFG)  # 4 for anyone named
    assert check([3], modifier=brute.modifier(Stat.BRAWN), tn=ds).success  # 3 + 1 = 4 >= 4
    assert not check([2], modifier=brute.modifier(Stat.BRAWN), tn=ds).success
    civilian = Character(id="c", name="Civ", tier=Tier.BYSTANDER)
    assert check([2], modifier=0, tn=civilian.defense(CFG)).success  # DS 2


@pytest.mark.rules("WD-COMBAT-022")
@pytest.mark.parametrize(
    ("cover", "angle", "bonus"),
    [
        (Cover.REGULAR, 0, 1),
        (Cover.REGULAR, 90, 1),
        (Cover.REGULAR, 135, 0),
        (Cover.NARROW, 45, 1),
        (Cover.NARROW, 60, 0),
        (Cover.FULL, 80, 2),
        (Cover.FULL, 180, 0),
        (Cover.NONE, 0, 0),
    ],
)
def test_cover_by_arc(cover: Cover, angle: int, bonus: int) -> None:
    assert cover_bonus(cover, angle=angle) == bonus


@pytest.mark.rules("WD-COMBAT-019")
def test_reactions_named_targets_after_a_hit_once() -> None:
    pc = Character(id="pc", name="Pat")
    may_react(pc, hit=True, reacted=False)
    for who, hit, reacted in [
        (Character(id="t", name="Thug", tier=Tier.GENERIC), True, False),
        (pc, False, False),  # a block against an attack that missed
        (pc, True, True),
    ]:
        with pytest.raises(RuleViolation) as err:
            may_react(who, hit=hit, reacted=reacted)
        assert err.value.rule_id == "WD-COMBAT-019"


@pytest.mark.rules("WD-COMBAT-020", "WD-COMBAT-021", "WD-CORE-008")
def test_dodge_and_block_win_ties() -> None:
    assert reaction_holds(5, 5) and reaction_holds(6, 5) and not reaction_holds(4, 5)


@pytest.mark.rules("WD-COMBAT-021")
def test_block_drops_a_melee_attacker_one_place() -> None:
    order = TurnOrder(order=("a", "b", "c", "d"), index=0)
    assert dropped_one_place(order, "b").order == ("a", "c", "b", "d")
    assert dropped_one_place(order, "c").order == ("a", "b", "d", "c")
    assert dropped_one_place(order, "d").order == ("a", "b", "c", "d")  # last already


@pytest.mark.rules("WD-COMBAT-021")
@pytest.mark.parametrize("drops", ["bdc", "dcb", "cbd", "cdb"])
def test_drops_one_after_another_fall_as_they_would_together(drops: str) -> None:
    # b, c and d blocked before their turns, in any order: each ends one place lower than it was,
    # none undoing another's (a run of them goes below e): a, e, b, c, d
    order = TurnOrder(order=("a", "b", "c", "d", "e"), index=0)
    now, lowered = order, ""
    for x in drops:
        now = dropped_one_place(now, x, lowered=lowered)
        lowered += x
    assert now.order == dropped_together(order, "bcd").order == ("a", "e", "b", "c", "d")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_wait_moves_the_waiter_just_before_the_trigger() -> None:
    order = TurnOrder(order=("a", "b", "c", "d"), index=0)
    moved = waited(order, "a", trigger="d")
    assert moved.order == ("b", "c", "a", "d")
    with pytest.raises(RuleViolation):
        waited(order, "a", trigger="zed")


@pytest.mark.rules("WD-COMBAT-030", "WD-COMBAT-031", "WD-STAT-016")
def test_leverage_reputation__wx27() -> None:
    # WX-27: Social 3 -> cite affects 3 lesser foes; spend affects 6
    pc = Character(id="pc", name="Pat")
    assert (pc.leverage_targets(spent=False), pc.leverage_targets(spent=True)) == (3, 6)
    # six thugs, three knocked out, three pushed back -> the rest flee
    assert leverage_outcome(lesser=6, out=3, pushed=3) is LeverageOutcome.FLEE
    # all pushed back, none out, nobody else to fight -> they come one at a time
    assert leverage_outcome(lesser=3, out=0, pushed=3) is LeverageOutcome.ONE_AT_A_TIME
    assert leverage_outcome(lesser=3, out=0, pushed=3, others=True) is LeverageOutcome.BACKGROUND
    assert leverage_outcome(lesser=6, out=1, pushed=3) is LeverageOutcome.FIGHTING


@pytest.mark.rules("WD-COMBAT-032", "WD-COMBAT-034")
def test_rest_removals() -> None:
    assert CFG.rest_guts_tn == 4
    assert rest_removals(full=False, success=True, guts=4) == 1
    assert rest_removals(full=True, success=True, guts=4) == 4
    assert rest_removals(full=True, success=False, guts=4) == 0
