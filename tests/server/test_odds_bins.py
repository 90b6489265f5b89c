"""The odds report's runs (``bins``): the middle 98% of a wide distribution in a chart's width."""

from __future__ import annotations

from itertools import pairwise

import pytest
from fastapi.testclient import TestClient

from capeworks.dice import distribution, parse
from capeworks.odds_report import odds_report


def test_bins__cover_the_1st_to_99th_percentile_in_equal_runs_whose_chances_add_up() -> None:
    report = odds_report("30d10", distribution(parse("30d10")), outcomes=21, bins=20)
    bins = report["bins"]
    assert bins[0][0] == report["quantiles"]["1"] and bins[-1][1] == report["quantiles"]["99"]
    assert all(a[1] + 1 == b[0] for a, b in pairwise(bins))
    assert len({b[1] - b[0] for b in bins[:-1]}) == 1
    assert 0.97 < sum(b[2] for b in bins) < 1.0


def test_bins__only_when_asked_and_when_not_every_outcome_is_listed() -> None:
    dist = distribution(parse("2d6"))
    assert "bins" not in odds_report("2d6", dist, outcomes=61, bins=40)
    assert "bins" not in odds_report("30d10", distribution(parse("30d10")), outcomes=21)


@pytest.mark.parametrize(("bins", "status"), [(40, 200), (0, 200), (201, 422), (-1, 422)])
def test_odds_endpoint__bins_within_limits(client: TestClient, bins: int, status: int) -> None:
    response = client.get("/api/dice/odds", params={"expr": "300d100", "outcomes": 61, "bins": bins})
    assert response.status_code == status, response.text
    if status == 200:
        assert len(response.json().get("bins", [])) == bins
