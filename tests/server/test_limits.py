"""Limits at the edge: body size, commands per second per seat, and the token bucket itself."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from capeworks.server.errors import RateLimited
from capeworks.server.limits import RateLimiter
from capeworks.store import Store
from tests.server.conftest import RWYN_SEATS, act, create


def test_bucket__burst_then_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2.0, burst=3, clock=lambda: now[0])
    for _ in range(3):
        limiter.take("ann")
    with pytest.raises(RateLimited) as refused:
        limiter.take("ann")
    # empty bucket at 2 a second: the next token is 0.5 s away
    assert refused.value.retry_after == pytest.approx(0.5)
    limiter.take("bo")  # another key has its own bucket
    now[0] = 0.5
    limiter.take("ann")
    with pytest.raises(RateLimited):
        limiter.take("ann")


def test_bucket__refuses_nonsense_settings() -> None:
    with pytest.raises(ValueError):
        RateLimiter(rate=0, burst=1)


@pytest.fixture
def slow(make_client: Callable[..., TestClient]) -> Iterator[TestClient]:
    yield make_client(commands_per_second=0.01, command_burst=2)


def test_rate_limit__429_with_retry_after_and_nothing_written(slow: TestClient, db_path: str) -> None:
    table = create(slow, "rwyn", RWYN_SEATS)
    assert act(slow, table, "gm", "add_character", id="ada", sample="ada", owner="ann").status_code == 200
    assert act(slow, table, "gm", "add_character", id="bea", sample="ada", owner="bo").status_code == 200
    with Store(db_path) as store:
        version = store.record(table.id).version
        third = act(slow, table, "gm", "add_character", id="cid", sample="ada", owner="bo")
        assert third.status_code == 429 and third.json()["error"] == "rate_limited"
        assert int(third.headers["retry-after"]) >= 1
        assert store.record(table.id).version == version
    # the limit is per seat: Bo still may act
    assert act(slow, table, "bo", "add_character", id="rook", sample="rook").status_code == 200


def test_body_limit__413_with_or_without_a_declared_length(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_body_bytes=1000)
    big = b'{"ruleset": "rwyn", "title": "' + b"x" * 2000 + b'"}'
    declared = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert declared.status_code == 413
    assert declared.json() == {
        "error": "too_large",
        "message": "That request is too large; the limit is 1000 bytes.",
    }

    def chunks() -> Iterator[bytes]:
        yield big[:600]
        yield big[600:]

    streamed = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    seats = [{"id": "gm", "name": "G", "role": "gm"}]
    small = client.post("/api/tables", json={"ruleset": "rwyn", "seats": seats})
    assert small.status_code == 201


def test_malformed_json__400(client: TestClient) -> None:
    response = client.post(
        "/api/tables", content=b'{"ruleset": ', headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json() == {"error": "bad_request", "message": "That request body is not valid JSON."}


def test_unknown_route_and_method__json_not_html(client: TestClient) -> None:
    missing = client.get("/api/nothing-here")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    wrong = client.delete("/api/rulesets")
    assert wrong.status_code == 405 and wrong.json()["error"] == "method_not_allowed"
