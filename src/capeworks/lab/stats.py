"""The statistics the lab reports: confidence intervals, two-sample tests and Holm's correction.

Proportions get Wilson score intervals (good near 0 and 1 and for small n);
means get Student-t intervals from their sums and sums of squares (exact
integer sums, so merging tasks in any order gives the same numbers). Comparisons:
a two-proportion z-test (pooled) for rates, Welch's t-test for means (normal
tail once the degrees of freedom pass 30, where it differs from t by < 0.5%),
and a chi-square test of homogeneity for whole distributions (rounds to end);
every family of comparisons is corrected with Holm's step-down method. The
size of a difference (second sample minus first) gets an interval too:
Newcombe's hybrid score interval for a difference of rates (built from the two
Wilson intervals, so it too stays sound near 0 and 1), Welch's for a
difference of means.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

__all__ = [
    "Interval",
    "chi_square_fit",
    "chi_square_homogeneity",
    "count_mean",
    "holm",
    "mean_difference",
    "mean_interval",
    "rate_difference",
    "t_quantile",
    "two_proportion_z",
    "welch_t",
    "wilson",
]

_NORMAL = NormalDist()

#: two-sided 97.5% Student-t quantiles for 1..30 degrees of freedom
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95% confidence interval and how it was made."""

    value: float
    low: float
    high: float
    method: str

    def to_dict(self) -> dict[str, float | str]:
        """JSON-ready."""
        return {"value": self.value, "low": self.low, "high": self.high, "method": self.method}


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> Interval:
    """The Wilson score interval of ``successes`` out of ``n`` (a 0..1 interval even for 0 or n)."""
    if n <= 0:
        return Interval(math.nan, 0.0, 1.0, "wilson")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # at 0 or n the bound is exactly 0 or 1 (rounding left 1.7e-18 in a report's "never")
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high, "wilson")


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (normal beyond 30)."""
    if df < 1:
        return math.inf
    return _T975[df - 1] if df <= len(_T975) else _NORMAL.inv_cdf(0.975) * (1 + 1 / (4 * df))


def mean_interval(total: float, squares: float, n: int, *, floor: float | None = None) -> Interval:
    """The mean of ``n`` values given their sum and sum of squares, with a Student-t 95% interval;
    ``floor``: the least any value can be (0 for a count), where the interval stops (a mean Debt of
    0.67 over six scenes read [-0.42, 1.75])."""
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan, "t")
    mean = total / n
    low, high = -math.inf, math.inf
    if n > 1:
        var = max(0.0, (squares - total * total / n) / (n - 1))
        half = t_quantile(n - 1) * math.sqrt(var / n)
        low, high = mean - half, mean + half
    return Interval(mean, low if floor is None else max(floor, low), high, "t")


def count_mean(values: Sequence[float]) -> Interval:
    """:func:`mean_interval` of counts (Debt, rolls, applicants...), whose interval stops at 0."""
    return mean_interval(sum(values), sum(v * v for v in values), len(values), floor=0)


def two_proportion_z(a: int, n_a: int, b: int, n_b: int) -> float:
    """Two-sided p-value that two rates are equal (pooled two-proportion z-test)."""
    if n_a == 0 or n_b == 0:
        return 1.0
    pooled = (a + b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return 1.0 if a / n_a == b / n_b else 0.0
    z = (a / n_a - b / n_b) / se
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def rate_difference(a: int, n_a: int, b: int, n_b: int) -> Interval:
    """The difference of two rates, ``b/n_b - a/n_a``, with Newcombe's hybrid score 95% interval
    (his method 10: the two Wilson intervals combined; Newcombe 1998, Stat Med 17:873)."""
    if n_a <= 0 or n_b <= 0:
        return Interval(math.nan, -1.0, 1.0, "newcombe")
    wa, wb = wilson(a, n_a), wilson(b, n_b)
    d = wb.value - wa.value
    low = d - math.sqrt((wb.value - wb.low) ** 2 + (wa.high - wa.value) ** 2)
    high = d + math.sqrt((wb.high - wb.value) ** 2 + (wa.value - wa.low) ** 2)
    return Interval(d, max(-1.0, low), min(1.0, high), "newcombe")


def mean_difference(sum_a: float, sq_a: float, n_a: int, sum_b: float, sq_b: float, n_b: int) -> Interval:
    """The difference of two means, ``mean b - mean a``, from their sums and sums of squares, with
    Welch's 95% interval (Welch-Satterthwaite degrees of freedom, rounded down: the wider quantile)."""
    if n_a <= 0 or n_b <= 0:
        return Interval(math.nan, math.nan, math.nan, "welch")
    d = sum_b / n_b - sum_a / n_a
    if n_a < 2 or n_b < 2:
        return Interval(d, -math.inf, math.inf, "welch")
    va = max(0.0, (sq_a - sum_a * sum_a / n_a) / (n_a - 1)) / n_a
    vb = max(0.0, (sq_b - sum_b * sum_b / n_b) / (n_b - 1)) / n_b
    if va + vb == 0:
        return Interval(d, d, d, "welch")
    df = (va + vb) ** 2 / ((va * va / (n_a - 1) if va else 0.0) + (vb * vb / (n_b - 1) if vb else 0.0))
    half = t_quantile(max(1, math.floor(df))) * math.sqrt(va + vb)
    return Interval(d, d - half, d + half, "welch")


def welch_t(sum_a: float, sq_a: float, n_a: int, sum_b: float, sq_b: float, n_b: int) -> float:
    """Two-sided p-value that two means are equal (Welch's t; normal tail past 30 degrees of freedom)."""
    if n_a < 2 or n_b < 2:
        return 1.0
    ma, mb = sum_a / n_a, sum_b / n_b
    va = max(0.0, (sq_a - sum_a * sum_a / n_a) / (n_a - 1)) / n_a
    vb = max(0.0, (sq_b - sum_b * sum_b / n_b) / (n_b - 1)) / n_b
    if va + vb == 0:
        return 1.0 if ma == mb else 0.0
    t = (ma - mb) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / ((va * va / (n_a - 1) if va else 0.0) + (vb * vb / (n_b - 1) if vb else 0.0))
    if df > 30:
        return 2 * (1 - _NORMAL.cdf(abs(t)))
    return _t_two_sided(abs(t), df)


def _t_two_sided(t: float, df: float) -> float:
    """P(|T| >= t) for Student's t, by the regularised incomplete beta function (continued fraction)."""
    x = df / (df + t * t)
    return _betainc(df / 2, 0.5, x)


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    )
    if x > (a + 1) / (a + b + 2):
        return 1 - _betainc(b, a, 1 - x)
    # Lentz's continued fraction
    f, c, d = 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            num = 1.0
        elif i % 2 == 0:
            num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1 + num * d
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = 1 + num / (c if abs(c) > 1e-300 else 1e-300)
        f *= c * d
        if abs(1 - c * d) < 1e-12:
            break
    return front * (f - 1) / a


def chi_square_homogeneity(a: Mapping[int, int], b: Mapping[int, int]) -> float:
    """p-value that two histograms come from one distribution (chi-square test of homogeneity;
    categories with fewer than 5 expected are pooled into their neighbour)."""
    keys = sorted(set(a) | set(b))
    na, nb = sum(a.values()), sum(b.values())
    if na == 0 or nb == 0 or len(keys) < 2:
        return 1.0
    rows: list[list[int]] = []
    for k in keys:
        cell = [a.get(k, 0), b.get(k, 0)]
        if rows and min((rows[-1][0] + rows[-1][1]) * na, (rows[-1][0] + rows[-1][1]) * nb) < 5 * (na + nb):
            rows[-1] = [rows[-1][0] + cell[0], rows[-1][1] + cell[1]]
        else:
            rows.append(cell)
    while len(rows) > 1 and min((rows[-1][0] + rows[-1][1]) * na, (rows[-1][0] + rows[-1][1]) * nb) < 5 * (
        na + nb
    ):
        last = rows.pop()
        rows[-1] = [rows[-1][0] + last[0], rows[-1][1] + last[1]]
    if len(rows) < 2:
        return 1.0
    total = na + nb
    stat = 0.0
    for ra, rb in rows:
        row = ra + rb
        for observed, col in ((ra, na), (rb, nb)):
            expected = row * col / total
            stat += (observed - expected) ** 2 / expected
    return _chi2_sf(stat, len(rows) - 1)


def _chi2_sf(x: float, k: int) -> float:
    """P(X >= x) for chi-square with ``k`` degrees of freedom (regularised upper incomplete gamma)."""
    if x <= 0:
        return 1.0
    a, half = k / 2, x / 2
    if half < a + 1:  # series for the lower part
        term = total = 1 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= half / n
            total += term
            if term < total * 1e-14:
                break
        return max(0.0, 1 - total * math.exp(-half + a * math.log(half) - math.lgamma(a)))
    # continued fraction for the upper part
    b = half + 1 - a
    c, d = 1e300, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = b + an / c
        c = c if abs(c) > 1e-300 else 1e-300
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-14:
            break
    return min(1.0, math.exp(-half + a * math.log(half) - math.lgamma(a)) * h)


def chi_square_fit(observed: Mapping[Any, int], expected: Mapping[Any, float]) -> tuple[float, int]:
    """p-value (and degrees of freedom) that counts ``observed`` follow the probabilities ``expected``
    (chi-square goodness of fit; categories, in ``expected``'s order, pooled until each expects >= 5)."""
    n = sum(observed.values())
    if n == 0:
        return 1.0, 0
    cells: list[list[float]] = []
    for key, p in expected.items():
        if cells and cells[-1][1] < 5:
            cells[-1][0] += observed.get(key, 0)
            cells[-1][1] += p * n
        else:
            cells.append([float(observed.get(key, 0)), p * n])
    extra = n - sum(observed.get(k, 0) for k in expected)  # outcomes the expectation calls impossible
    if extra:
        return 0.0, len(cells) - 1
    while len(cells) > 1 and cells[-1][1] < 5:
        o, e = cells.pop()
        cells[-1][0] += o
        cells[-1][1] += e
    if len(cells) < 2:
        return 1.0, 0
    stat = sum((o - e) ** 2 / e for o, e in cells)
    return _chi2_sf(stat, len(cells) - 1), len(cells) - 1


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[tuple[float, bool]]:
    """Holm's step-down correction: each p-value adjusted (monotone, capped at 1) and whether it rejects."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return [(adjusted[i], adjusted[i] <= alpha) for i in range(m)]
