"""The effect tables as a whole: transcription against the seed, partition of 1-6, rules every row shares.

WD-WFX-001 (one roll per wound), -004 (Recovery ignores lesser/moderate effects),
-005 (who chooses), -009 (the column-by-column reconstruction).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.dice import distribution
from capeworks.systems.weaverdice.data_wfx import EXEMPLARS, TABLES, Special, row_for, table_for
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wfx import Chooser, EffectOutcome, resolve
from tests.systems.weaverdice.wfx_support import C, L, M, hit, need, play_out, roll, settle

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "000_6595eaca0229e06e.txt"

#: the seed's rows, read off src 636-788 column by column: (damage, tier) -> [(low, high, line)]
EXPECTED = {
    (DamageType.CUT, L): [(1, 2, 642), (3, 3, 644), (4, 4, 646), (5, 5, 648), (6, 6, 650)],
    (DamageType.BASH, L): [(1, 1, 652), (2, 2, 654), (3, 4, 656), (5, 5, 658), (6, 6, 660)],
    (DamageType.PIERCE, L): [(1, 2, 662), (3, 4, 664), (5, 5, 666), (6, 6, 668)],
    (DamageType.CUT, M): [(1, 2, 676), (3, 3, 678), (4, 4, 680), (5, 5, 682), (6, 6, 684)],
    (DamageType.BASH, M): [(1, 3, 686), (4, 5, 688), (6, 6, 690)],
    (DamageType.PIERCE, M): [(1, 2, 692), (3, 4, 694), (5, 5, 696), (6, 6, 698)],
    (DamageType.CUT, C): [(1, 2, 706), (3, 4, 708), (5, 6, 712)],
    (DamageType.BASH, C): [(1, 6, 714)],
    (DamageType.PIERCE, C): [(1, 3, 718), (4, 6, 720)],
    (DamageType.REND, L): [(1, 2, 728), (3, 4, 730), (5, 6, 732)],
    (DamageType.BURN, L): [(1, 3, 738), (4, 6, 740)],
    (DamageType.SHOCK, L): [(1, 2, 742), (3, 4, 744), (5, 6, 746)],
    (DamageType.REND, M): [(1, 4, 754), (5, 6, 756)],
    (DamageType.BURN, M): [(1, 2, 760), (3, 4, 762), (5, 6, 764)],
    (DamageType.SHOCK, M): [(1, 2, 766), (3, 4, 768), (5, 6, 770)],
    (DamageType.REND, C): [(1, 6, 780)],
    (DamageType.BURN, C): [(1, 6, 782)],
    (DamageType.SHOCK, C): [(1, 6, 784)],
}

TIERS = (L, M, C)


@pytest.mark.rules(
    "WD-WFX-009", "WD-WFX-010", "WD-WFX-011", "WD-WFX-012", "WD-WFX-013", "WD-WFX-014", "WD-WFX-015"
)
def test_tables__rows_and_seed_lines_as_transcribed() -> None:
    assert set(TABLES) == {(d, t) for d in DamageType for t in TIERS}
    for key, rows in TABLES.items():
        assert [(r.low, r.high, r.src) for r in rows] == EXPECTED[key], key


@pytest.mark.rules("WD-WFX-009")
@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not beside this checkout")
def test_tables__every_rolled_row_line_in_the_seed_starts_with_its_range() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for rows in TABLES.values():
        if len(rows) == 1:
            continue  # the one-procedure criticals have no range printed
        for r in rows:
            text = lines[r.src - 1]
            match = re.match(r"\s*(\d)(?:-(\d))?\s*-", text)
            assert match, (r.src, text)
            assert (int(match[1]), int(match[2] or match[1])) == (r.low, r.high), (r.src, text)


@pytest.mark.rules("WD-WFX-009", "WD-WFX-001")
@given(damage=st.sampled_from(list(DamageType)), tier=st.sampled_from(TIERS), face=st.integers(1, 6))
def test_tables__every_face_lands_on_exactly_one_row(damage: DamageType, tier: WoundTier, face: int) -> None:
    rows = table_for(damage, tier)
    assert sum(r.covers(face) for r in rows) == 1
    assert row_for(damage, tier, face).covers(face)


@pytest.mark.rules("WD-WFX-001", "WD-WOUND-001")
def test_superficial_damage_has_no_effect() -> None:
    assert table_for(DamageType.CUT, WoundTier.SUPERFICIAL) == ()
    o = settle(hit(DamageType.CUT, WoundTier.SUPERFICIAL))
    assert o.complete and o.rows == ()


@pytest.mark.rules("WD-WFX-001")
@pytest.mark.parametrize("damage", list(DamageType))
@pytest.mark.parametrize("tier", TIERS)
def test_one_d6_effect_roll_per_wound_where_the_table_has_rows(damage: DamageType, tier: WoundTier) -> None:
    o = resolve(hit(damage, tier, stats=dict.fromkeys(Stat, 9)))
    if len(table_for(damage, tier)) > 1:
        r = roll(o)
        assert (r.key, r.dice, r.sides, r.notation) == ("effect", 1, 6, "1d6")
    else:
        assert not o.rolls or o.rolls[0].key != "effect"


def _harmful(damage: DamageType, tier: WoundTier, face: int) -> bool:
    row = row_for(damage, tier, face)
    plain = row.special in (None, Special.FADES_ON_REST)
    return not (
        plain
        and not (row.statuses or row.pain or row.pain_in or row.knockback_ft or row.delayed)
        and not (row.focus_loss or row.scarred)
    )


@pytest.mark.rules("WD-WFX-004", "WD-EFFORT-005")
@pytest.mark.parametrize("damage", list(DamageType))
@pytest.mark.parametrize("tier", [L, M])
@pytest.mark.parametrize("face", range(1, 7))
def test_a_recovery_dot_ignores_any_lesser_or_moderate_effect(
    damage: DamageType, tier: WoundTier, face: int
) -> None:
    h = hit(damage, tier, effort={Pool.RECOVERY: 1}, gear=("mask",), costume=("mask", "cape"))
    o = resolve(h, face)
    if not _harmful(damage, tier, face):
        assert not o.needs or o.needs[0].key != "negate"
        return
    assert need(o).key == "negate"
    o = settle(h, face, picks={"negate": "recovery"})
    assert o.complete and o.effort_spent == {Pool.RECOVERY: 1} and o.wound_tier is tier
    headshot = row_for(damage, tier, face).special is Special.HEADSHOT
    assert o.negated is not headshot
    if not headshot:
        assert not (o.conditions or o.wounds or o.stat_losses or o.gear or o.knockback_ft or o.effort_lost)
        assert not (o.delayed or o.dying or o.slain or o.wound_scarred)


@pytest.mark.rules("WD-WFX-004")
@pytest.mark.parametrize("damage", list(DamageType))
def test_no_recovery_dot_is_offered_against_a_critical_effect(damage: DamageType) -> None:
    rng = random.Random(7)
    o = play_out(hit(damage, C, effort={Pool.RECOVERY: 3}), rng.randint(1, 6), rng)
    assert not o.negated


@pytest.mark.rules("WD-WFX-005")
def test_only_the_rows_that_say_so_give_the_attacker_the_choice() -> None:
    attacker_keys = set()
    for damage in DamageType:
        for tier in TIERS:
            for face in range(1, 7):
                h = hit(
                    damage, tier, gear=("mask",), costume=("mask", "cape", "belt"), reinforced={"mask": 4}
                )
                picks: dict[str, tuple[str, ...]] = {}
                for _ in range(10):
                    o = settle(
                        h,
                        face,
                        picks=picks,
                        dice={"effect": 3, "escalated": 1, "guts.1": 6, "reinforce.mask": 6},
                    )
                    if not o.needs:
                        break
                    n = o.needs[0]
                    if n.chooser is Chooser.ATTACKER:
                        attacker_keys.add((damage, tier, n.key))
                    spread = [x for x in n.options for _ in range(n.limits.get(x, 1))]
                    picks[n.key] = tuple(spread[: n.counts[-1]])
    assert attacker_keys == {
        (DamageType.BASH, M, "limb"),  # src 690: "limb of attacker's choice"
        (DamageType.PIERCE, M, "limb"),  # src 696: PROPOSED attacker's choice of limb
        (DamageType.REND, M, "named"),  # src 756: "attacker names two"
    }


def _valid(o: EffectOutcome, held: dict[Pool, int]) -> None:
    assert o.complete
    for pool in Pool:
        assert o.effort_spent.get(pool, 0) + o.effort_lost.get(pool, 0) <= held.get(pool, 0)
    assert o.wound_tier >= o.tier
    assert all(x.points > 0 for x in o.stat_losses)
    assert all(c.target == "t" for c in o.conditions)
    EffectOutcome.model_validate(o.model_dump())


@pytest.mark.rules("WD-WFX-001", "WD-WFX-005", "WD-EFFORT-006")
@given(
    damage=st.sampled_from(list(DamageType)),
    tier=st.sampled_from(TIERS),
    face=st.integers(1, 6),
    effort=st.dictionaries(st.sampled_from(list(Pool)), st.integers(0, 3)),
    stats=st.dictionaries(st.sampled_from(list(Stat)), st.integers(1, 6)),
    coverage=st.booleans(),
    bare=st.booleans(),
    seed=st.integers(0, 1000),
)
def test_any_effect_settles_into_a_valid_outcome_and_replays_the_same(
    damage: DamageType,
    tier: WoundTier,
    face: int,
    effort: dict[Pool, int],
    stats: dict[Stat, int],
    coverage: bool,
    bare: bool,
    seed: int,
) -> None:
    h = hit(
        damage,
        tier,
        effort=effort,
        stats=stats,
        coverage=coverage,
        bare=bare,
        gear=("mask",),
        costume=("mask", "cape"),
    )
    o = play_out(h, face, random.Random(seed))
    _valid(o, effort)
    # the same hit with the same answers gives the same outcome
    assert play_out(h, face, random.Random(seed)) == o


@pytest.mark.rules("WD-WFX-002")
def test_six_types_each_with_exemplars_at_every_tier() -> None:
    assert [d.value for d in DamageType] == ["cut", "bash", "pierce", "rend", "burn", "shock"]
    assert set(EXEMPLARS) == set(TABLES) and all(EXEMPLARS.values())
    # spot checks against src 622-628
    assert "chainsaws" in EXEMPLARS[(DamageType.REND, M)]
    assert "gunshots" in EXEMPLARS[(DamageType.PIERCE, M)]
    assert "being directly hit with lightning" in EXEMPLARS[(DamageType.SHOCK, C)]


@pytest.mark.rules("WD-WFX-003")
def test_the_gm_can_deal_road_rash_as_burn_with_bleeding_in_place_of_ongoing_damage() -> None:
    o = settle(hit(DamageType.BURN, M, instead_of_ongoing=Status.BLEEDING), 5)
    assert [c.status for c in o.conditions] == [Status.BLEEDING]
    assert [c.status for c in settle(hit(DamageType.BURN, M), 5).conditions] == [Status.ONGOING_DAMAGE]


@pytest.mark.rules("WD-WFX-001")
@pytest.mark.parametrize("key", sorted(TABLES, key=str))
def test_row_chances_are_exact_and_match_the_dice_engine(key: tuple[DamageType, WoundTier]) -> None:
    # each row's chance is (high - low + 1) / 6; they sum to 1 and agree with 1d6 from the dice engine
    d6 = distribution("1d6")
    rows = TABLES[key]
    assert sum(r.chance for r in rows) == 1
    for r in rows:
        assert r.chance == sum(d6.probability(f) for f in range(r.low, r.high + 1))
