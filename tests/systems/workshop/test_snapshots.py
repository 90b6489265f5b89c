"""Snapshots and the heroic multi-action table (WS-SNAP, worked example S7, table T2)."""

from __future__ import annotations

import pytest

from capeworks.systems.workshop.rules import heroic_modifier, snapshot_modifier
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import all_of, attack, sheet, state, table

QUIET = {"shock_roll": False, "wake_rolls": False}
SLOW = {"traits": {"Agility": 1, "Wits": 1, "Luck": 0}}  # no Shots: no Active Defense prompts


def _villains(n: int, **over: object) -> dict[str, dict[str, object]]:
    return {f"v{i}": sheet(**SLOW, **over) for i in range(1, n + 1)}  # type: ignore[arg-type]


def _modifiers(config: dict[str, object], n: int, *, named: bool = True) -> list[int]:
    d = table({**QUIET, **config}, heroes={"h": sheet()}, villains=_villains(n, named=named))
    events = attack(d, "h", [f"v{i}" for i in range(1, n + 1)], [10, 10] * n)  # every roll a miss
    return [r["modifier"] for r in all_of(events, "attack_rolled")]


@pytest.mark.rules("WS-SNAP-001")
@pytest.mark.parametrize(("n", "modifier"), [(1, 0), (2, -3), (3, -5)])
def test_s7__splitting_an_action_into_snapshots(n: int, modifier: int) -> None:
    # src 29-31: 2 Actions at -3 each, 3 at -5 each
    assert _modifiers({}, n) == [modifier] * n


@pytest.mark.rules("WS-SNAP-001")
def test_snapshots_may_repeat_a_target_and_never_exceed_three() -> None:
    d = table(QUIET, heroes={"h": sheet()}, villains=_villains(1))
    err = d.refuse("ann", "attack", rule="WS-SNAP-001", character="h", targets=["v1"] * 4)
    assert "at most 3" in err.message
    events = attack(d, "h", ["v1", "v1"], [10, 10, 10, 10])
    assert [r["target"] for r in all_of(events, "attack_rolled")] == ["v1", "v1"]


@pytest.mark.rules("WS-SNAP-002")
@pytest.mark.parametrize(("n", "modifier"), [(2, -3), (3, -5), (4, -8), (10, -47)])
def test_s7__heroic_multi_action_table(n: int, modifier: int) -> None:
    # src 33-47: with Heroic Initiative, up to 10 targets at -(2 + N(N-1)/2)
    assert _modifiers({"heroic_multi_action": True}, n) == [modifier] * n


@pytest.mark.rules("WS-SNAP-002")
def test_heroic_initiative_stops_at_ten_targets() -> None:
    d = table({**QUIET, "heroic_multi_action": True}, heroes={"h": sheet()}, villains=_villains(1))
    d.refuse("ann", "attack", rule="WS-SNAP-002", character="h", targets=["v1"] * 11)


@pytest.mark.rules("WS-SNAP-002")
def test_t2__every_row_fits_the_formula() -> None:
    table_t2 = [-2, -3, -5, -8, -12, -17, -23, -30, -38, -47]
    assert [heroic_modifier(n) for n in range(1, 11)] == table_t2
    assert [snapshot_modifier(n) for n in (2, 3)] == table_t2[1:3]


@pytest.mark.rules("WS-SNAP-003")
@pytest.mark.parametrize(("mode", "n", "named", "modifier"), [
    ("reversed_rows", 10, False, -2), ("reversed_rows", 2, False, -38), ("reversed_rows", 1, False, -47),
    ("reversed_rows", 4, True, -8), ("off", 4, False, -8),
])  # fmt: skip
def test_the_table_reversed_against_unnamed_characters(mode: str, n: int, named: bool, modifier: int) -> None:
    # src 49 (PROPOSED reversed_rows): a split against N mooks takes modifier(11 - N); named targets keep T2
    config = {"heroic_multi_action": True, "heroic_vs_mooks": mode}
    assert _modifiers(config, n, named=named) == [modifier] * n


def _mook_attack(mode: str, mooks: int, *, down: int = 0) -> list[int]:
    """Mook v1 attacks the hero ``h`` (after the hero's turn) with ``mooks`` mooks in its Faction, ``down``
    of them (the last ones) already out; returns the modifier of each attack roll."""
    config = {**QUIET, "heroic_vs_mooks": mode}
    d = table(config, heroes={"h": sheet()}, villains=_villains(mooks, named=False))
    chars = state(d).characters
    out = {f"v{i}" for i in range(mooks - down + 1, mooks + 1)}  # downed earlier (a given position)
    d.patch(characters={k: c.model_copy(update={"standing": Standing.OUT}) if k in out else c
                        for k, c in chars.items()})  # fmt: skip
    d.do("ann", "end_turn", character="h")
    events = attack(d, "v1", ["h"], [10, 10])
    return [r["modifier"] for r in all_of(events, "attack_rolled")]


@pytest.mark.rules("WS-SNAP-003", "WS-MOOK-006")
@pytest.mark.parametrize(("mode", "mooks", "down", "modifier"), [
    ("as_mook_defense_penalty", 1, 0, -2), ("as_mook_defense_penalty", 3, 0, -5),
    ("as_mook_defense_penalty", 4, 0, -8), ("as_mook_defense_penalty", 4, 2, -3),
    ("off", 3, 0, 0), ("reversed_rows", 3, 0, 0),
])  # fmt: skip
def test_the_table_as_a_penalty_on_mooks_attacking_a_hero(
    mode: str, mooks: int, down: int, modifier: int
) -> None:
    # src 49 (PROPOSED as_mook_defense_penalty): mooks acting against a hero take modifier(N) for the N
    # mooks standing in their group (T2: 1 -> -2, 2 -> -3, 3 -> -5, 4 -> -8); off, nothing
    assert _mook_attack(mode, mooks, down=down) == [modifier]


@pytest.mark.rules("WS-SNAP-003")
def test_the_mook_penalty_spares_attacks_on_mooks_and_by_heroes() -> None:
    config = {**QUIET, "heroic_vs_mooks": "as_mook_defense_penalty"}
    d = table(config, heroes={"h": sheet()}, villains=_villains(3, named=False))
    events = attack(d, "h", ["v1"], [10, 10])  # a hero's Action: no mook penalty
    assert [r["modifier"] for r in all_of(events, "attack_rolled")] == [0]
