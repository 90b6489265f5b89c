"""Fan-out between server processes through PostgreSQL LISTEN/NOTIFY (no broker of our own).

Every command's transaction sends ``NOTIFY capeworks_events`` with
``{"table": id}`` (the store does, so the CLI's writes wake the servers too);
a revoked seat is sent as ``{"table": id, "revoke": seat}``. Every
process LISTENs on a psycopg async connection and wakes its feed for that
table, or closes that seat's sockets. After (re)connecting, the listener
wakes every feed, so a notification lost while disconnected delays an update
but loses nothing (the feeds read from the log, not from the notification).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

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
    return store.engine.dialect.name == "postgresql"


class PgNotifier:
    """Sends this process's changes to the others and listens for theirs."""

    def __init__(self, store: Store, hub: Hub, *, retry_seconds: float = 1.0) -> None:
        self.store = store
        self.hub = hub
        self.retry_seconds = retry_seconds
        url = store.engine.url.set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()

    def send(self, table_id: str, *, revoke: str | None = None) -> None:
        """NOTIFY the other processes (call from a worker thread, after the write committed)."""
        payload: dict[str, str] = {"table": table_id}
        if revoke is not None:
            payload["revoke"] = revoke
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
            table_id = str(message["table"])
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
                    async for note in conn.notifies():
                        self._dispatch(note.payload)
            except (psycopg.Error, OSError) as e:
                log.warning("PostgreSQL listener lost its connection (%s); retrying", e)
            self.connected.clear()
            await asyncio.sleep(self.retry_seconds)
