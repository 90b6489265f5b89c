"""A database outage is not a revoked seat (issue 21, defect 4).

A WebSocket that connected while PostgreSQL was down got ``store_unavailable``
and then close code 4401, which the page reads as a revoked invitation: it
said "This seat's invitation no longer opens the table." and stopped
reconnecting until a reload. Here the server closes such a socket with 1013
("try again later"), and once the database is back the same seat's socket
resumes from its version; a wrong token still gets 4401.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from capeworks.server import create_app
from capeworks.server.ws import CLOSE_TRY_AGAIN, CLOSE_UNAUTHORIZED
from tests.server.conftest import RWYN_SEATS, create
from tests.store.conftest import PostgresServer, require_postgres_bin

pytestmark = pytest.mark.postgres


class PausablePostgres(PostgresServer):
    """A throwaway cluster that can be stopped and started again with its data."""

    def pause(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c fsync=off -c max_connections=100"
        self._run(
            str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip


@pytest.fixture
def pausable() -> Iterator[PausablePostgres]:
    server = PausablePostgres(require_postgres_bin())
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _closed(ws: object) -> tuple[list[dict[str, object]], int]:
    """Every message until the server closes the socket, and the close code."""
    got: list[dict[str, object]] = []
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(10):
            got.append(ws.receive_json())  # type: ignore[attr-defined]
    return got, closed.value.code


def test_socket_opened_during_an_outage__try_again_later_not_unauthorized(pausable: PausablePostgres) -> None:
    app = create_app(pausable.new_database(), front_end=False, poll_seconds=0.5)
    with TestClient(app) as client:
        table = create(client, "rwyn", RWYN_SEATS, title="Outage")
        path = f"/api/tables/{table.id}/ws?token={table.tokens['ann']}"
        pausable.pause()
        try:
            with client.websocket_connect(path) as ws:
                messages, code = _closed(ws)
            assert code == CLOSE_TRY_AGAIN
            assert [m["error"] for m in messages] == ["store_unavailable"]
            assert str(messages[0]["message"]).startswith("Cannot reach the database")
        finally:
            pausable.resume()
        # the database is back: the same seat's socket opens and streams
        with client.websocket_connect(path + "&since=0") as ws:
            first = ws.receive_json()
            assert first["type"] == "entries" and first["version"] >= 1
        # a token that opens nothing is still a refusal, not a "try again"
        with client.websocket_connect(f"/api/tables/{table.id}/ws?token=guess") as ws:
            messages, code = _closed(ws)
        assert code == CLOSE_UNAUTHORIZED and messages[0]["error"] == "unauthorized"
