"""Fan-out between server processes through PostgreSQL LISTEN/NOTIFY (no broker of our own).

Every command's transaction sends ``NOTIFY capeworks_events`` with
``{"table": id, "from": origin}`` (the store does, so the CLI's writes wake the servers too);
a revoked seat is sent as ``{"table": id, "revoke": seat}``. Every
process LISTENs on a psycopg async connection and wakes its feed for that
table, or closes that seat's sockets. A notification from this process's own
store (its ``origin``) is passed over: the store's listener woke the feed when
the command was folded, and reading it back would cost a catch-up read and a
thread hand-off a command. After (re)connecting, the listener
wakes every feed, so a notification lost while disconnected delays an update
but loses nothing (the feeds read from the log, not from the notification).

A LISTEN connection can freeze without an error (a stalled backend, a
half-open TCP connection): the feeds then hear of other processes' writes
only from their poll. So every ``check_seconds`` the listener sends itself a
``{"check": token}`` notification through the store; if it has not heard it
back ``check_seconds`` later it says so in the log and reconnects (issue 21,
defect 9).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from sqlalchemy import text

from capeworks.server.feed import Hub
from capeworks.store import Store
from capeworks.store.repository import NOTIFY_CHANNEL

__all__ = ["CHANNEL", "PgNotifier", "is_postgres"]

log = logging.getLogger("capeworks.server")

#: the LISTEN/NOTIFY channel every capeworks server process shares
CHANNEL = NOTIFY_CHANNEL


def is_postgres(store: Store) -> bool:
    """True when the store's database is PostgreSQL."""
    return store.dialect == "postgresql"


class PgNotifier:
    """Sends this process's changes to the others and listens for theirs."""

    def __init__(
        self, store: Store, hub: Hub, *, retry_seconds: float = 1.0, check_seconds: float = 15.0
    ) -> None:
        self.store = store
        self.hub = hub
        self.retry_seconds = retry_seconds
        self.check_seconds = check_seconds
        #: this process's checks: the token it waits to hear back, and the event set when it does
        self._me = secrets.token_hex(6)
        self._expected: str | None = None
        self._heard = asyncio.Event()
        url = store.engine.url.set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()

    def send(self, table_id: str, *, revoke: str | None = None) -> None:
        """NOTIFY the other processes (call from a worker thread, after the write committed)."""
        payload: dict[str, str] = {"table": table_id}
        if revoke is not None:
            payload["revoke"] = revoke
        self._notify(payload)

    def _notify(self, payload: dict[str, str]) -> None:
        with self.store.engine.connect() as conn:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": json.dumps(payload)},
            )
            conn.commit()

    def start(self) -> None:
        """Start listening (on the running event loop)."""
        self._task = asyncio.get_running_loop().create_task(self._listen(), name="pg listener")

    async def stop(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _dispatch(self, payload: str) -> None:
        try:
            message = json.loads(payload)
            if isinstance(message, dict) and "check" in message:
                if message["check"] == self._expected:
                    self._heard.set()
                return  # another process's check, or an old one of ours
            table_id = str(message["table"])
            if message.get("from") == self.store.origin:
                return  # our own write: the feed was woken when it was folded (Hub.written)
        except (ValueError, KeyError, TypeError):
            log.warning("ignoring a notification that is not ours: %r", payload[:80])
            return
        revoke = message.get("revoke")
        if revoke is not None:
            self.hub.kick(table_id, str(revoke))
        self.hub.poke(table_id)

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    self.hub.poke_all()
                    reader = asyncio.create_task(self._read(conn), name="pg listener reader")
                    try:
                        await self._check_until_deaf(reader)
                    finally:
                        reader.cancel()
                        with contextlib.suppress(asyncio.CancelledError, psycopg.Error, OSError):
                            await reader
            except (psycopg.Error, OSError) as e:
                log.warning("PostgreSQL listener lost its connection (%s); retrying", e)
            self.connected.clear()
            await asyncio.sleep(self.retry_seconds)

    async def _read(self, conn: Any) -> None:
        async for note in conn.notifies():
            self._dispatch(note.payload)

    async def _check_until_deaf(self, reader: asyncio.Task[None]) -> None:
        """Every ``check_seconds``, notify ourselves; return when a check goes unheard (or reading failed)."""
        from anyio import to_thread

        count = 0
        while not reader.done():
            await asyncio.wait({reader}, timeout=self.check_seconds)
            if reader.done():
                break
            count += 1
            self._expected = f"{self._me}:{count}"
            self._heard.clear()
            try:
                await to_thread.run_sync(self._notify, {"check": self._expected})
            except Exception as e:  # the database is away: the reader will fail too, or the next check
                log.warning("PostgreSQL listener could not send its check (%s)", e)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._heard.wait(), timeout=self.check_seconds)
            if not self._heard.is_set():
                log.warning(
                    "PostgreSQL listener heard nothing for %g seconds (its own check did not come back): "
                    "other processes' changes arrive only by the poll (every %g s) until it reconnects; "
                    "reconnecting",
                    self.check_seconds,
                    self.hub.poll_seconds,
                )
                return
        reader.result()  # a failed read raises here, and is logged as a lost connection
