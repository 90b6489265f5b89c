"""Core checks (WD-CORE): d6 + (stat - 3) vs N+, +Xh6 pools, order of operations, lengthy, opposed."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.checks import (
    Lengthy,
    attacker_wins,
    auto_passes,
    check,
    meets,
    modifier_of,
    parity_number,
    pool_size,
    reroll,
    spend_morale,
)
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import Stat

CFG = WeaverdiceConfig()
faces = st.integers(min_value=1, max_value=6)


@pytest.mark.rules("WD-CORE-001", "WD-CORE-002", "WD-STAT-001")
def test_ramjet_leap__athletics_4_needs_3_plus_on_the_die() -> None:
    # WX-01: Athletics 4 -> +1; he "gets a 5": d=4, 4 + 1 = 5 >= 4
    ramjet = Character(id="ramjet", name="Ramjet", stats={Stat.ATHLETICS: 4})
    mod = ramjet.modifier(Stat.ATHLETICS)
    assert mod == 1
    leap = check([4], modifier=mod, tn=4)
    assert (leap.total, leap.success) == (5, True)
    # any d >= 3 succeeds: 3 + 1 = 4; 2 + 1 = 3 fails
    assert [check([d], modifier=mod, tn=4).success for d in range(1, 7)] == [
        False,
        False,
        True,
        True,
        True,
        True,
    ]


@pytest.mark.rules("WD-CORE-002")
@pytest.mark.parametrize(("score", "mod"), [(1, -2), (2, -1), (3, 0), (4, 1), (5, 2)])
def test_modifier_is_stat_minus_three(score: int, mod: int) -> None:
    assert Character(id="x", name="X", stats={Stat.WITS: score}).modifier(Stat.WITS) == mod


@pytest.mark.rules("WD-CORE-003")
def test_default_tn_is_4_and_tns_above_6_need_modifiers() -> None:
    assert CFG.default_tn == 4
    assert WeaverdiceConfig(default_tn=5).default_tn == 5
    # no auto-success on a natural 6: 6 + 0 = 6 < 7
    assert not check([6], modifier=0, tn=7).success
    # reachable with a modifier: 6 + 1 = 7 >= 7
    assert check([6], modifier=1, tn=7).success
    # no auto-fail on a natural 1: 1 + 2 = 3 >= 3
    assert check([1], modifier=2, tn=3).success


@pytest.mark.rules("WD-CORE-004")
def test_extra_dice_keep_one_and_add_modifier_once() -> None:
    # 3h6 with +1: faces 2, 5, 3 -> keep 5 -> 6, never 2 + 5 + 3
    roll = check([2, 5, 3], modifier=1, tn=4)
    assert (roll.kept, roll.total) == (5, 6)
    # sources add into one pool: skill +1, background +1, rep +2 -> 5 dice
    assert pool_size(1, 1, 2) == 5
    assert pool_size() == 1
    # the roller may keep a chosen die (Aim: "take the roll of your choice")
    assert check([2, 5], modifier=0, tn=4, keep=2).total == 2
    with pytest.raises(RuleViolation) as err:
        check([2, 5], modifier=0, tn=4, keep=6)
    assert err.value.rule_id == "WD-CORE-004"


@pytest.mark.rules("WD-CORE-004")
@given(st.lists(faces, min_size=1, max_size=6), st.integers(-3, 3))
def test_keep_highest__total_is_max_plus_modifier(rolled: list[int], mod: int) -> None:
    assert check(rolled, modifier=mod, tn=4).total == max(rolled) + mod


@pytest.mark.rules("WD-CORE-005", "WD-MORALE-002", "WD-MORALE-003")
def test_order__keep_add_cap_compare_then_morale_may_replace() -> None:
    # d=6 with Athletics 4 (+1) = 7, at morale -2 capped at 5: fails a 6+ (WX-15)
    roll = check([6, 1], modifier=1, tn=6, morale=-2)
    assert (roll.raw, roll.total, roll.capped, roll.success) == (7, 5, True, False)
    # the cap applies after modifiers: d=4 +1 = 5 at -2 is not lowered
    assert check([4], modifier=1, tn=4, morale=-2).capped is False
    # a high spend replaces the final result: +2 -> counts as 4, morale +1 (WX-14)
    failed = check([2], modifier=0, tn=4, morale=2)
    assert not failed.success
    spent, left = spend_morale(failed, 2)
    assert (spent.total, spent.success, left) == (4, True, 1)
    with pytest.raises(RuleViolation):
        spend_morale(spent, left)


@pytest.mark.rules("WD-CORE-006")
def test_lengthy__totals_add_across_rolls_and_people() -> None:
    # WX-19: Medical 4 + 3 + 5 = 12 reaches the dying DC 12
    med = Lengthy(dc=12)
    med = med.add("ann", 4).add("bea", 3)
    assert (med.total, med.done, med.remaining) == (7, False, 5)
    med = med.add("ann", 5)
    assert med.done and med.rolls == (("ann", 4), ("bea", 3), ("ann", 5))
    with pytest.raises(RuleViolation):
        med.add("ann", 1)
    # a capped procedure (crafting: Knowledge-many rolls)
    craft = Lengthy(dc=15, max_rolls=3).add("c", 5).add("c", 3).add("c", 2)
    assert craft.total == 10 and not craft.done
    with pytest.raises(RuleViolation):
        craft.add("c", 6)


@pytest.mark.rules("WD-CORE-007")
@pytest.mark.parametrize(("total", "tn", "ok"), [(2, 2, True), (1, 2, False), (4, 4, True), (5, 4, True)])
def test_beat_means_meet_or_exceed(total: int, tn: int, ok: bool) -> None:
    assert meets(total, tn) is ok


@pytest.mark.rules("WD-CORE-008")
@given(faces, faces)
def test_opposed__ties_go_to_the_defender(a: int, d: int) -> None:
    assert attacker_wins(a, d) is (a > d)


@pytest.mark.rules("WD-CORE-009")
def test_reroll_replaces_the_first_result_even_if_worse() -> None:
    first = check([5], modifier=0, tn=4)
    again = reroll(first, [2])
    assert (again.total, again.success, again.rerolls) == (2, False, 1)


@pytest.mark.rules("WD-CORE-010")
def test_parity_reads_the_natural_die_by_default() -> None:
    roll = check([4], modifier=1, tn=4)  # natural 4 (even), total 5 (odd)
    assert parity_number(roll, config=CFG) == 4
    assert parity_number(roll, config=WeaverdiceConfig(parity_uses_natural_die=False)) == 5


@pytest.mark.rules("WD-WOUND-010")
def test_medical_adds_dexterity_and_knowledge_modifiers() -> None:
    doc = Character(id="doc", name="Doc", stats={Stat.DEXTERITY: 4, Stat.KNOWLEDGE: 5})
    assert modifier_of(doc, Stat.DEXTERITY, Stat.KNOWLEDGE) == 3  # +1 + +2


@pytest.mark.rules("WD-COMBAT-014")
def test_interrupted_lengthy_halts_and_keeps_progress() -> None:
    hack = Lengthy(dc=12).add("net", 5)
    held = hack.interrupted("net", held=True, config=CFG)
    assert held == hack
    halted = hack.interrupted("net", held=False, config=CFG)
    assert halted.total == 5 and halted.halted == ("net",)
    with pytest.raises(RuleViolation) as err:
        halted.add("net", 4)
    assert err.value.rule_id == "WD-COMBAT-014"
    assert halted.add("ally", 4).total == 9  # others may still help
    assert halted.resumed("net").add("net", 4).total == 9
    lost = hack.interrupted(
        "net", held=False, config=WeaverdiceConfig(lengthy_keep_progress_on_interrupt=False)
    )
    assert lost.total == 0


def test_superstats_auto_pass_only_under_the_variant() -> None:
    glory = Character(id="g", name="G", stats={Stat.BRAWN: 7}, super_stats=frozenset({Stat.BRAWN}))
    assert not auto_passes(glory, Stat.BRAWN, human_tier=True, config=CFG)
    sup = WeaverdiceConfig(superstats=True)
    assert auto_passes(glory, Stat.BRAWN, human_tier=True, config=sup)
    assert not auto_passes(glory, Stat.BRAWN, human_tier=False, config=sup)
    assert not auto_passes(glory, Stat.WITS, human_tier=True, config=sup)


@pytest.mark.rules("WD-CORE-004", "WD-CORE-005")
def test_brute_force__every_pool_of_three_matches_the_rule() -> None:
    for rolled in itertools.product(range(1, 7), repeat=3):
        r = check(rolled, modifier=-1, tn=4, morale=-3)
        assert r.total == min(max(rolled) - 1, 4)
