"""Bulk rolls for the lab: shape, range, and agreement with exact odds."""

from __future__ import annotations

import numpy as np
import pytest

from capeworks.dice import distribution, roll_many
from capeworks.errors import LimitExceeded


@pytest.mark.parametrize(
    "text", ["3d6", "4d6kh3", "4d6kl1", "10d6t5f1", "2d6+4>=12", "max(1d20, 1d20)-2", "-1d4*2", "7", "4d6kh0"]
)
def test_roll_many__totals_are_in_support_and_mean_is_close(text: str) -> None:
    totals = roll_many(text, 20_000, rng=np.random.default_rng(3))
    exact = distribution(text)
    assert totals.shape == (20_000,)
    assert set(totals.tolist()) <= set(exact.support)
    # mean of 20 000 rolls is within 5 standard errors of the exact mean
    assert abs(totals.mean() - float(exact.mean)) <= 5 * exact.stdev / np.sqrt(20_000) + 1e-9


def test_roll_many__same_generator_seed_same_totals() -> None:
    a = roll_many("4d6kh3", 100, rng=np.random.default_rng(1))
    b = roll_many("4d6kh3", 100, rng=np.random.default_rng(1))
    assert (a == b).all()


def test_roll_many__chunks_large_requests() -> None:
    totals = roll_many("1000d6", 5000, rng=np.random.default_rng(0))
    assert totals.shape == (5000,) and totals.min() >= 1000 and totals.max() <= 6000


@pytest.mark.parametrize(
    "text",
    [
        "1d6*4000000000*4000000000",  # up to 6 * 1.6e19 = 9.6e19 > 2**63 - 1 ≈ 9.22e18
        "9" * 30,  # a constant past int64 on its own
        "2d6 - 1d6*4000000000*4000000000",  # the negative end: -9.6e19
        "max(1d6*4000000000*4000000000, 0) >= 1",  # wide inside, 0 or 1 outside
    ],
)
def test_roll_many__refuses_what_int64_cannot_hold(text: str) -> None:
    with pytest.raises(LimitExceeded):
        roll_many(text, 10, rng=np.random.default_rng(0))


def test_roll_many__wide_but_fitting_totals_are_exact() -> None:
    # 6 * 4e9 * 3e8 = 7.2e18 < 9.22e18 fits, so no total wraps to a negative number
    totals = roll_many("1d6*4000000000*300000000", 1000, rng=np.random.default_rng(0))
    assert set(totals.tolist()) <= {f * 4_000_000_000 * 300_000_000 for f in range(1, 7)}
