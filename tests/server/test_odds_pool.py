"""Odds run in worker processes (issue 19): a stuck or hammered odds job never holds up a command,
each client address has a bound on jobs at once and on worker CPU, and a job past its time or a
worker that dies mid-job is answered in one sentence, its worker replaced.

The workers are held still with SIGSTOP, so what is measured is the order of events (the command
is answered while the odds job is still unanswered), never how fast anything is.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from fastapi.testclient import TestClient

from capeworks.server.odds_pool import OddsPool
from tests.server.conftest import RWYN_SEATS, create, ok

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="holds workers with SIGSTOP")


def _pool(client: TestClient) -> OddsPool:
    pool = client.app.state.odds_pool  # type: ignore[attr-defined]
    assert isinstance(pool, OddsPool)
    return pool


def _wait(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.01)


@contextmanager
def _asking(client: TestClient, url: str) -> Iterator[list[Any]]:
    """``url`` asked in a thread; the list holds its answer once there is one."""
    answer: list[Any] = []
    thread = threading.Thread(target=lambda: answer.append(client.get(url)))
    thread.start()
    try:
        yield answer
    finally:
        thread.join(30)


def _held(client: TestClient) -> list[int]:
    """The pool started (one small job answered), then its workers stopped: the next job sticks."""
    assert client.get("/api/dice/odds", params={"expr": "3d6"}).status_code == 200
    pids = _pool(client).worker_pids()
    assert pids
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    return pids


def _resume(pids: list[int]) -> None:
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)


def _in_work(client: TestClient, n: int = 1) -> None:
    _wait(lambda: sum(h for _, h in _pool(client)._clients.values()) >= n, "the odds job to be taken")


@pytest.fixture
def patient(make_client: Any) -> TestClient:
    """An app whose odds jobs may take minutes (a held worker is released, not timed out)."""
    return make_client(commands_per_second=1000.0, command_burst=1000, odds_timeout=300.0)


def test_a_command_is_answered_while_an_odds_job_is_stuck_in_a_worker(patient: TestClient) -> None:
    client = patient
    rwyn = create(client, "rwyn", RWYN_SEATS, title="Night shift")
    pids = _held(client)
    try:
        with _asking(client, "/api/dice/odds?expr=200d200") as odds:
            _in_work(client)
            # another connection's command goes through the event loop and the store meanwhile
            ok(client, rwyn, "gm", "add_character", id="ada", sample="ada", owner="ann")
            log = client.get(f"/api/tables/{rwyn.id}/log", headers=rwyn.auth("ann")).json()["entries"]
            assert any(e["type"] == "rwyn.character_added" for e in log)
            assert odds == []  # the odds are still unanswered: the command did not wait for them
            _resume(pids)
        assert odds[0].status_code == 200 and odds[0].json()["min"] == 200
    finally:
        _resume(pids)


def test_a_job_past_its_time_gets_a_sentence_and_a_new_worker(make_client: Any) -> None:
    client = make_client(odds_timeout=0.5)
    pids = _held(client)
    try:
        late = client.get("/api/dice/odds", params={"expr": "2d6"})
    finally:
        _resume(pids)
    assert late.status_code == 503
    assert late.json()["error"] == "busy" and "longer than 0.5 s" in late.json()["message"]
    assert _pool(client).recycled == 1
    # the next question is answered by a new worker
    assert client.get("/api/dice/odds", params={"expr": "2d6"}).json()["distribution"]["7"] == "1/6"
    assert set(_pool(client).worker_pids()).isdisjoint(pids)


def test_a_worker_killed_mid_job_gets_a_sentence_not_a_500(client: TestClient) -> None:
    pids = _held(client)
    with _asking(client, "/api/dice/odds?expr=10d10") as odds:
        _in_work(client)
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
    assert odds[0].status_code == 503
    assert odds[0].json() == {
        "error": "busy",
        "message": "The worker doing those odds stopped before it finished; try again.",
    }
    assert client.get("/api/dice/odds", params={"expr": "2d6"}).status_code == 200


def test_too_many_at_once_from_one_address_is_429(patient: TestClient) -> None:
    client = patient
    pool = _pool(client)
    pool.per_client_running, pool.per_client_waiting = 1, 0
    pids = _held(client)
    try:
        with _asking(client, "/api/dice/odds?expr=3d6") as first:
            _in_work(client)
            again = client.get("/api/dice/odds", params={"expr": "2d6"})
            assert again.status_code == 429 and again.json()["error"] == "rate_limited"
            assert "at once" in again.json()["message"]
            assert client.get("/api/rulesets").status_code == 200  # the rest of the server answers
            _resume(pids)
        assert first[0].status_code == 200
    finally:
        _resume(pids)


def test_an_address_past_its_worker_cpu_budget_is_429_with_a_retry_after(client: TestClient) -> None:
    pool = _pool(client)
    # a budget any real job overdraws, refilled slower than the test runs
    pool.cpu_burst, pool.cpu_per_second = 1e-9, 1e-6
    first = client.get("/api/dice/odds", params={"expr": "150d100"})
    assert first.status_code == 200
    refused = client.get("/api/dice/odds", params={"expr": "2d6"})
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    assert "time for odds" in refused.json()["message"] and int(refused.headers["Retry-After"]) >= 1


def test_previews_run_in_the_workers_under_the_same_bounds(db_path: str) -> None:
    from capeworks.server import create_app

    body = {"kind": "pool", "config": {}, "rating": 3, "difficulty": 5}
    with TestClient(create_app(db_path)) as front:
        assert front.post("/rulesets/rwyn/preview", json=body).status_code == 200
        pool = _pool(front)
        assert pool.worker_pids()  # worked out in a worker process
        bad = front.post("/rulesets/rwyn/preview", json={"kind": "nope", "config": {}})
        assert bad.status_code == 400 and "has no preview 'nope'" in bad.json()["message"]
        pool.cpu_burst, pool.cpu_per_second = 1e-9, 1e-6
        front.post("/rulesets/rwyn/preview", json=body)
        refused = front.post("/rulesets/rwyn/preview", json=body)
        assert refused.status_code == 429 and "time for odds" in refused.json()["message"]
    assert pool.worker_pids() == []  # stopped with the application


def test_a_refusal_is_held_before_it_is_sent(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client asking again at once after a 429 waits for it (up to a second), so one spinning on
    refusals costs the event loop a request a second per connection."""
    import asyncio
    from types import SimpleNamespace

    import capeworks.server.dice_routes as routes

    held: list[float] = []

    async def sleep(seconds: float) -> None:
        held.append(seconds)
        await asyncio.sleep(0)

    monkeypatch.setattr(routes, "asyncio", SimpleNamespace(sleep=sleep))
    _pool(client).cpu_burst, _pool(client).cpu_per_second = 1e-9, 1e-6
    assert client.get("/api/dice/odds", params={"expr": "150d100"}).status_code == 200
    assert held == []  # answered: nothing held
    refused = client.get("/api/dice/odds", params={"expr": "2d6"})
    assert refused.status_code == 429
    assert held == [routes.REFUSAL_DELAY]  # its Retry-After is far longer: held the whole second
