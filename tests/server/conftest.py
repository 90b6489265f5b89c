"""Server test set-up: an app on a fresh SQLite file, a TestClient, and an RWYN table with three seats;
for the browser tests, the whole web table on loopback and Debian's Chromium.

PostgreSQL tests reuse the store tests' throwaway server (tests/store/conftest.py).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from fastapi.testclient import TestClient

from capeworks.server import create_app
from capeworks.store import Store
from tests.store.conftest import postgres_server  # noqa: F401  (a fixture shared with the store tests)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

#: Debian's Chromium, which the browser tests drive (they are skipped without it)
CHROMIUM = Path("/usr/bin/chromium")

#: the RWYN sample's GM note, which no player may ever see
SECRET = "the foreman is secretly the Mole"


@dataclass(frozen=True)
class Seated:
    """A table made through the API: its id and each seat's token."""

    id: str
    tokens: dict[str, str]
    invites: dict[str, str]

    def auth(self, seat: str) -> dict[str, str]:
        return {"X-Seat-Token": self.tokens[seat]}


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def make_client(db_path: str) -> Iterator[Callable[..., TestClient]]:
    """Build a TestClient over a fresh app (options go to create_app); all are closed at the end."""
    opened: list[TestClient] = []

    def make(**options: Any) -> TestClient:
        options.setdefault("poll_seconds", 0.5)
        client = TestClient(create_app(db_path, front_end=False, **options))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client(commands_per_second=1000.0, command_burst=1000)


@pytest.fixture
def store(db_path: str, client: TestClient) -> Iterator[Store]:
    """A second handle on the app's database, to check what was (not) written."""
    with Store(db_path) as s:
        yield s


def create(client: TestClient, ruleset: str, seats: list[dict[str, str]], **extra: Any) -> Seated:
    response = client.post("/api/tables", json={"ruleset": ruleset, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    body = response.json()
    return Seated(
        id=body["id"],
        tokens={s["id"]: s["token"] for s in body["seats"]},
        invites={s["id"]: s["invite"] for s in body["seats"]},
    )


RWYN_SEATS = [
    {"id": "gm", "name": "Gail", "role": "gm"},
    {"id": "ann", "name": "Ann", "role": "player"},
    {"id": "bo", "name": "Bo", "role": "player"},
]
CAPES_SEATS = [{"id": s, "name": s.title()} for s in ("ann", "bea", "cal")]


@pytest.fixture
def rwyn(client: TestClient) -> Seated:
    return create(client, "rwyn", RWYN_SEATS, title="Night shift")


def act(
    client: TestClient, table: Seated, seat: str, type: str, dice: list[int] | None = None, **payload: Any
) -> Any:
    """Send a command as ``seat``; returns the response."""
    body: dict[str, Any] = {"type": type, "payload": payload}
    if dice is not None:
        body["dice"] = dice
    return client.post(f"/api/tables/{table.id}/commands", json=body, headers=table.auth(seat))


def ok(
    client: TestClient, table: Seated, seat: str, type: str, dice: list[int] | None = None, **payload: Any
) -> Any:
    response = act(client, table, seat, type, dice, **payload)
    assert response.status_code == 200, response.text
    return response.json()


def play_rwyn_opening(client: TestClient, table: Seated) -> None:
    """The RWYN sample's first steps: characters, the GM's secret note, a called check, a sacrifice."""
    ok(client, table, "gm", "add_character", id="ada", sample="ada", owner="ann")
    ok(client, table, "bo", "add_character", id="rook", sample="rook")
    ok(client, table, "gm", "gm_note", text=SECRET)
    ok(
        client,
        table,
        "gm",
        "call_check",
        character="ada",
        ability="Science",
        difficulty=5,
        task="crack the vault",
    )
    ok(client, table, "ann", "check", [6, 5, 2], call=1)
    ok(client, table, "ann", "sacrifice", [5], check=1, count=1)


# -- the browser tests' harness: one server and one browser per test module ----------------------


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def web_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole web table (REST, WebSocket, front end) served by uvicorn on loopback, on a fresh
    SQLite file; its base URL."""

    db = tmp_path_factory.mktemp("browser-db") / "web.sqlite3"
    app = create_app(
        f"sqlite:///{db}",
        poll_seconds=0.5,
        commands_per_second=100.0,
        command_burst=100,
        tables_per_minute=1e4,
    )
    yield from serving(app)


def serving(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free loopback port in a thread; yield its base URL, then stop it."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web table did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright (the test is skipped where it is not installed)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM))
        yield b
        b.close()


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$CAPEWORKS_ARTIFACTS``, or pytest's temporary folder."""
    chosen = os.environ.get("CAPEWORKS_ARTIFACTS")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
