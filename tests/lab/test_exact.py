"""The exact chain: every die the rules roll enumerated through the table; the Monte Carlo agrees with it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from capeworks.errors import InvalidCommand
from capeworks.lab.exact import exact_outcomes
from capeworks.lab.policy import Move, Situation
from capeworks.lab.runner import fight_of, run_fights
from capeworks.lab.spec import FightSpec, load_side
from capeworks.lab.stats import chi_square_fit
from capeworks.lab.weaverdice import Sensible


def _spec(**more: object) -> FightSpec:
    return FightSpec.model_validate(
        {
            "sides": [load_side("sample:thug").model_dump(), load_side("sample:thug").model_dump()],
            "max_rounds": 2,
            **more,
        }
    )


@pytest.mark.slow
def test_the_monte_carlo_agrees_with_the_exact_chain_of_a_thug_duel() -> None:
    spec = _spec(n=1500, seed=11)
    dist, states = exact_outcomes(fight_of(spec))
    assert sum(dist.values()) == 1 and states > 10
    assert {w for w, _ in dist} == {0, 1, None}  # either may win; a draw when time runs out
    run = run_fights(spec, workers=2)
    observed = run.summary.to_dict()["outcomes"]
    p, df = chi_square_fit(observed, {f"{w}:{r}": float(q) for (w, r), q in dist.items()})
    assert df >= 2
    assert p > 0.01, (observed, dist)
    # and the exact chain tells apart what the sample only estimates: the first mover's edge
    first = sum((q for (w, r), q in dist.items() if r == 1), Fraction(0))
    assert 0 < first < 1


class _Coin(Sensible):
    name = "coin"

    def act(self, s: Situation) -> Move | None:
        return super().act(s) if s.rng.random() < 0.5 else None


def test_the_exact_chain_refuses_a_policy_that_draws_at_random_and_a_chain_too_big() -> None:
    fight = fight_of(_spec())
    coin = replace(fight, policies=(_Coin(), _Coin()))
    with pytest.raises(InvalidCommand, match="deterministic policies"):
        exact_outcomes(coin)
    with pytest.raises(InvalidCommand, match="passed 3 states"):
        exact_outcomes(fight, max_states=3)
