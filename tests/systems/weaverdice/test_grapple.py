"""Grappling: opposed Brawn, the option table row by row, Hold banking, ties, several grapplers, shorthand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.config import GrappleMode
from capeworks.systems.weaverdice.data_equipment import GRAPPLE_OPTIONS, GrappleOption
from capeworks.systems.weaverdice.equipment import sample_item
from capeworks.systems.weaverdice.grapple import (
    DefenderOption,
    Purchase,
    ShieldHit,
    Winner,
    check_grab_reaction,
    contest,
    grab_defense,
    grapple_ds,
    grapple_total,
    margin_distribution,
    meatshield_hit,
    p_afford,
    resolve_round,
    resolve_several,
    restrained_attack_modifier,
    wound_breaks,
)
from capeworks.systems.weaverdice.vocab import Pool

G = GrappleOption


def _buy(option: GrappleOption, **kw: int) -> Purchase:
    return Purchase(option=option, **kw)


# -- the grab and the roll -----------------------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-001")
def test_grab__cannot_be_blocked_but_may_be_dodged() -> None:
    check_grab_reaction(block=False)
    with pytest.raises(RuleViolation, match="cannot be blocked") as err:
        check_grab_reaction(block=True)
    assert err.value.rule_id == "WD-GRAPPLE-001"


@pytest.mark.rules("WD-GRAPPLE-001")
def test_grab__costume_layers_do_not_count() -> None:
    # a notable with DS 4 + 1 from costume: the grab needs only 4
    assert grab_defense(defense=5, equipment_bonus=1) == 4
    assert grab_defense(defense=3) == 3


@pytest.mark.rules("WD-GRAPPLE-002", "WD-GRAPPLE-011")
@pytest.mark.parametrize(
    ("die", "brawn", "stamina", "stuck", "total"),
    [
        (4, 3, 0, False, 4),  # 4 + 0
        (4, 4, 1, False, 6),  # 4 + 1 + 1 Stamina
        (2, 2, 2, False, 3),  # 2 - 1 + 2
        (3, 3, 0, True, 4),  # a stuck melee weapon: +1 this round
    ],
)
def test_grapple_total__brawn_plus_stamina(
    die: int, brawn: int, stamina: int, stuck: bool, total: int
) -> None:
    assert grapple_total(die=die, brawn=brawn, stamina=stamina, stuck=stuck) == total


@pytest.mark.rules("WD-GRAPPLE-002")
def test_grapple_total__refuses_impossible_dice() -> None:
    with pytest.raises(RuleViolation, match="1 to 6"):
        grapple_total(die=7, brawn=3)
    with pytest.raises(RuleViolation, match="negative"):
        grapple_total(die=3, brawn=3, stamina=-1)


# -- the option table, row by row ----------------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-008")
@pytest.mark.parametrize(
    ("option", "points", "expect"),
    [
        (G.RESTRAIN, 1, {"restrains": True}),
        (G.DRAG, 1, {"target_moves_ft": 5, "grappler_moves_ft": 5}),
        (G.DRAG, 2, {"target_moves_ft": 10, "grappler_moves_ft": 10}),
        (G.PUSH, 2, {"target_moves_ft": 5, "breaks": True}),
        (G.PUSH, 3, {"target_moves_ft": 5, "breaks": True}),  # 2 points per 5 ft: the third buys nothing more
        (G.PUSH, 4, {"target_moves_ft": 10, "breaks": True}),
        (G.THROW, 1, {"thrown_ft": 5, "breaks": True}),
        (G.THROW, 2, {"thrown_ft": 10, "breaks": True}),
        (G.THROW, 3, {"thrown_ft": 15, "breaks": True}),
        (G.DISARM, 2, {"target_drops_item": True}),
        (G.WREST, 3, {"grappler_takes_item": True}),
        (G.CHOKE, 2, {"stamina_lost": 1}),
        (G.MEATSHIELD, 2, {"meatshield": True}),
    ],
)
def test_option_table__each_row(option: GrappleOption, points: int, expect: dict[str, object]) -> None:
    # margin exactly the cost, round 2 so Drag and Throw are open
    out = resolve_round(
        attacker_total=2 + points,
        defender_total=2,
        round=2,
        buys=[_buy(option, points=points)],
        target_stamina=2,
    )
    (b,) = out.bought
    assert b.option == option and b.cost == points == out.spent
    for field, value in expect.items():
        assert getattr(b, field) == value
    assert out.broken is bool(expect.get("breaks"))
    assert out.banked == 0


@pytest.mark.rules("WD-GRAPPLE-008")
@pytest.mark.parametrize(
    ("option", "lo", "hi"),
    [
        (G.RESTRAIN, 1, 1),
        (G.DRAG, 1, 2),
        (G.PUSH, 2, 4),
        (G.THROW, 1, 3),
        (G.DISARM, 2, 2),
        (G.WREST, 3, 3),
        (G.CHOKE, 2, 2),
        (G.MEATSHIELD, 2, 2),
    ],
)
def test_option_table__cost_ranges_as_the_seed(option: GrappleOption, lo: int, hi: int) -> None:
    spec = GRAPPLE_OPTIONS[option]
    assert (spec.min_cost, spec.max_cost) == (lo, hi)
    price = f"costs {lo} points" if lo == hi else f"costs {lo} to {hi} points"
    with pytest.raises(RuleViolation, match=price):
        resolve_round(attacker_total=9, defender_total=1, round=2, buys=[_buy(option, points=hi + 1)])


@pytest.mark.rules("WD-GRAPPLE-008")
@pytest.mark.parametrize(
    ("option", "feet", "cost"), [(G.DRAG, 10, 2), (G.PUSH, 5, 2), (G.PUSH, 10, 4), (G.THROW, 15, 3)]
)
def test_option__buy_by_distance(option: GrappleOption, feet: int, cost: int) -> None:
    out = resolve_round(attacker_total=8, defender_total=2, round=2, buys=[_buy(option, feet=feet)])
    assert out.spent == cost
    assert out.bought[0].target_moves_ft + out.bought[0].thrown_ft == feet
    with pytest.raises(RuleViolation, match="steps of 5"):
        resolve_round(attacker_total=8, defender_total=2, round=2, buys=[_buy(option, feet=feet + 3)])
    with pytest.raises(RuleViolation, match="steps of 5"):
        resolve_round(
            attacker_total=9,
            defender_total=1,
            round=2,
            buys=[_buy(option, feet=GRAPPLE_OPTIONS[option].max_ft + 5)],
        )


@pytest.mark.rules("WD-GRAPPLE-008")
@pytest.mark.parametrize("option", [G.DRAG, G.THROW])
def test_drag_and_throw__only_from_round_two(option: GrappleOption) -> None:
    with pytest.raises(RuleViolation, match="second round"):
        resolve_round(attacker_total=6, defender_total=2, round=1, buys=[_buy(option)])
    assert resolve_round(attacker_total=6, defender_total=2, round=2, buys=[_buy(option)]).spent == 1


@pytest.mark.rules("WD-GRAPPLE-003", "WD-GRAPPLE-008")
def test_table_mode__one_option_a_turn_and_no_overspending() -> None:
    with pytest.raises(RuleViolation, match="one option a turn"):
        resolve_round(attacker_total=9, defender_total=1, buys=[_buy(G.DISARM), _buy(G.CHOKE)])
    with pytest.raises(RuleViolation, match="costs 3 points and the grapple gives you 2") as err:
        resolve_round(attacker_total=4, defender_total=2, buys=[_buy(G.WREST)])
    assert err.value.rule_id == "WD-GRAPPLE-008"
    with pytest.raises(RuleViolation, match="moves nobody"):
        resolve_round(attacker_total=4, defender_total=2, buys=[_buy(G.DISARM, feet=5)])


@pytest.mark.rules("WD-GRAPPLE-008")
def test_choke__without_stamina_hurts_athletics() -> None:
    out = resolve_round(attacker_total=5, defender_total=3, buys=[_buy(G.CHOKE)], target_stamina=0)
    assert (out.bought[0].stamina_lost, out.bought[0].athletics_damage) == (0, 1)


@pytest.mark.rules("WD-GRAPPLE-011", "WD-GRAPPLE-008")
def test_wrest__a_stuck_weapon_wounds_the_target() -> None:
    out = resolve_round(attacker_total=6, defender_total=3, buys=[_buy(G.WREST)], stuck_item=True)
    assert out.bought[0].stuck_wound and out.bought[0].grappler_takes_item
    plain = resolve_round(attacker_total=6, defender_total=3, buys=[_buy(G.WREST)])
    assert not plain.bought[0].stuck_wound


# -- Hold, banking, ties (WX-55) -----------------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-003", "WD-GRAPPLE-008", "WD-GRAPPLE-009")
def test_wx55__table_mode_disarm_and_bank_two() -> None:
    # opposed Brawn 6 vs 2: margin 4; Disarm (2) and Hold the other 2 for next round
    out = resolve_round(attacker_total=6, defender_total=2, buys=[_buy(G.DISARM), _buy(G.HOLD)])
    assert (out.winner, out.margin, out.spent, out.banked) == (Winner.ATTACKER, 4, 2, 2)
    # next round 3 vs 2: margin 1 + bank 2 = 3, enough to Wrest
    nxt = resolve_round(attacker_total=3, defender_total=2, banked=out.banked, round=2, buys=[_buy(G.WREST)])
    assert (nxt.available, nxt.spent, nxt.banked) == (3, 3, 0)


@pytest.mark.rules("WD-GRAPPLE-007")
def test_wx55__shorthand_two_actions_at_two_points_each() -> None:
    out = resolve_round(
        attacker_total=6,
        defender_total=2,
        buys=[_buy(G.DISARM), _buy(G.CHOKE)],
        mode=GrappleMode.SHORTHAND,
        target_stamina=1,
    )
    assert [b.cost for b in out.bought] == [2, 2]
    assert (out.spent, out.banked) == (4, 0)
    # a third would cost 6 of 4
    with pytest.raises(RuleViolation, match="costs 6 points and the grapple gives you 4"):
        resolve_round(
            attacker_total=6,
            defender_total=2,
            buys=[_buy(G.DISARM), _buy(G.CHOKE), _buy(G.RESTRAIN)],
            mode=GrappleMode.SHORTHAND,
        )
    # Wrest costs 3 on the table but 2 in shorthand; a drag goes its full 10 ft
    short = resolve_round(
        attacker_total=6,
        defender_total=2,
        round=2,
        buys=[_buy(G.WREST), _buy(G.DRAG)],
        mode=GrappleMode.SHORTHAND,
    )
    assert short.spent == 4 and short.bought[1].target_moves_ft == 10


@pytest.mark.rules("WD-GRAPPLE-008", "WD-GRAPPLE-009")
def test_hold__nothing_to_bank_after_a_push_or_throw() -> None:
    out = resolve_round(
        attacker_total=7, defender_total=2, round=2, buys=[_buy(G.THROW, points=1), _buy(G.HOLD)]
    )
    assert out.broken and out.banked == 0  # 5 margin - 1 spent, but the target is gone
    kept = resolve_round(attacker_total=7, defender_total=2, round=2, buys=[_buy(G.DRAG, points=1)])
    assert not kept.broken and kept.banked == 4


@pytest.mark.rules("WD-GRAPPLE-005", "WD-GRAPPLE-009")
def test_tie__stalemate_keeps_the_old_bank_and_buys_nothing() -> None:
    out = resolve_round(attacker_total=4, defender_total=4, banked=2)
    assert (out.winner, out.available, out.banked, out.broken) == (Winner.TIE, 0, 2, False)
    with pytest.raises(RuleViolation, match="Only a grappler who wins") as err:
        resolve_round(attacker_total=4, defender_total=4, buys=[_buy(G.RESTRAIN)])
    assert err.value.rule_id == "WD-GRAPPLE-003"


@pytest.mark.rules("WD-GRAPPLE-004", "WD-GRAPPLE-009")
def test_defender_wins__breaks_free_bank_lost_and_chooses() -> None:
    # 2 vs 5: the defender wins by 3; the holder's bank of 2 is lost
    out = resolve_round(attacker_total=2, defender_total=5, banked=2, defender_focus=1)
    assert (out.winner, out.margin, out.banked, out.broken) == (Winner.DEFENDER, 3, 0, True)
    choices = {c.option: c for c in out.defender_choices}
    assert choices[DefenderOption.AOO].cost == {Pool.FOCUS: 1}
    assert choices[DefenderOption.REVERSE].banks == 3
    no_focus = resolve_round(attacker_total=2, defender_total=5)
    assert [c.option for c in no_focus.defender_choices] == [DefenderOption.REVERSE]


@pytest.mark.rules("WD-GRAPPLE-003", "WD-GRAPPLE-009")
@given(
    a=st.integers(min_value=-2, max_value=12),
    d=st.integers(min_value=-2, max_value=12),
    bank=st.integers(min_value=0, max_value=6),
)
def test_property__margin_plus_bank_is_spent_or_banked(a: int, d: int, bank: int) -> None:
    winner, margin, available = contest(attacker_total=a, defender_total=d, banked=bank)
    out = resolve_round(attacker_total=a, defender_total=d, banked=bank)
    assert margin == abs(a - d)
    if winner == Winner.ATTACKER:
        assert available == margin + bank == out.banked + out.spent
    elif winner == Winner.TIE:
        assert out.banked == bank and not out.bought
    else:
        assert out.banked == 0 and out.broken


# -- several grapplers (WD-GRAPPLE-010) ----------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-010")
def test_several__free_only_by_winning_every_grapple() -> None:
    beat_a = resolve_round(attacker_total=2, defender_total=5, banked=1, defender_focus=1)
    lost_to_b = resolve_round(attacker_total=5, defender_total=3, buys=[_buy(G.RESTRAIN)])
    held = resolve_several({"a": beat_a, "b": lost_to_b})
    assert held.free is False
    assert held.rounds["a"].broken is False  # still held by b: a's grapple stands
    assert [c.option for c in held.rounds["a"].defender_choices] == [DefenderOption.AOO]
    assert held.rounds["b"].bought[0].restrains
    beat_b = resolve_round(attacker_total=1, defender_total=4)
    assert resolve_several({"a": beat_a, "b": beat_b}).free is True
    tied_b = resolve_round(attacker_total=4, defender_total=4)
    assert resolve_several({"a": beat_a, "b": tied_b}).free is False


@pytest.mark.rules("WD-GRAPPLE-010")
def test_wounding__breaks_a_grapple_between_its_participants() -> None:
    assert wound_breaks(wounder="ann", wounded="thug", participants=["ann", "thug"]) is True
    assert wound_breaks(wounder="bo", wounded="thug", participants=["ann", "thug"]) is False


# -- defense and restraint -----------------------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-006", "WD-GRAPPLE-008")
def test_ds__grapplers_lose_it_until_a_meatshield() -> None:
    assert grapple_ds(base_ds=4, holder=True) == 0
    assert grapple_ds(base_ds=4, holder=False) == 0
    assert grapple_ds(base_ds=4, holder=True, meatshield=True) == 5  # DS back + half cover 1
    assert grapple_ds(base_ds=4, holder=False, meatshield=True) == 0
    assert grapple_ds(base_ds=4, holder=True, grappled_ds=2) == 2


@pytest.mark.rules("WD-GRAPPLE-008")
@pytest.mark.parametrize(
    ("total", "who"), [(4, ShieldHit.SHIELD), (5, ShieldHit.GRAPPLER), (6, ShieldHit.GRAPPLER)]
)
def test_meatshield__misses_on_the_holder_hit_the_shield(total: int, who: ShieldHit) -> None:
    assert meatshield_hit(attack_total=total, grappler_ds=5) == who


@pytest.mark.rules("WD-GRAPPLE-008")
def test_restrain__no_two_handers_and_minus_two_with_one_handers() -> None:
    assert restrained_attack_modifier(sample_item("fist")) == 0
    assert restrained_attack_modifier(sample_item("knife")) == -2
    with pytest.raises(RuleViolation, match="two-handed"):
        restrained_attack_modifier(sample_item("baseball_bat"))


# -- exact odds ----------------------------------------------------------------------------------


@pytest.mark.rules("WD-GRAPPLE-002", "WD-GRAPPLE-003", "WD-GRAPPLE-009")
@pytest.mark.parametrize(
    ("brawn_a", "brawn_d", "stamina", "cost", "bank"),
    [(3, 3, 0, 2, 0), (4, 2, 1, 3, 0), (2, 4, 0, 1, 2), (3, 3, 2, 4, 1)],
)
def test_odds__margin_and_affording_match_brute_force(
    brawn_a: int, brawn_d: int, stamina: int, cost: int, bank: int
) -> None:
    faces = range(1, 7)
    brute: dict[int, Fraction] = {}
    afford = Fraction(0)
    for da in faces:
        for dd in faces:
            a = grapple_total(die=da, brawn=brawn_a, stamina=stamina)
            d = grapple_total(die=dd, brawn=brawn_d)
            brute[a - d] = brute.get(a - d, Fraction(0)) + Fraction(1, 36)
            r = resolve_round(attacker_total=a, defender_total=d, banked=bank)
            if r.winner == Winner.ATTACKER and r.available >= cost:
                afford += Fraction(1, 36)
    dist = margin_distribution(attacker_mod=brawn_a - 3 + stamina, defender_mod=brawn_d - 3)
    assert dist.probabilities == dict(sorted(brute.items()))
    assert p_afford(cost, attacker_mod=brawn_a - 3 + stamina, defender_mod=brawn_d - 3, banked=bank) == afford


@pytest.mark.rules("WD-GRAPPLE-003")
def test_odds__even_brawn_affords_a_disarm_five_times_in_eighteen() -> None:
    # equal Brawn: margins 2..5 on 4 + 3 + 2 + 1 = 10 of 36 face pairs -> 5/18
    assert p_afford(2, attacker_mod=0, defender_mod=0) == Fraction(10, 36)
