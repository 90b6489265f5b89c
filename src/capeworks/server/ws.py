"""The table's WebSocket: a seat's entries and projection, live, with resume from a version.

Protocol (docs/web.md): after the handshake the server sends
``{"type": "entries", "version", "entries"}`` then ``{"type": "state", ...}``
for the backlog after ``?since=N`` and again after every change. The client
may send ``{"type": "command", "ref", "command": {type, payload, dice}}``
(answered by ``ack`` or ``error``) and ``{"type": "ping"}``.

The socket keeps a cursor, the last version it sent, and sends only entries
past it: no gaps, no duplicates (see :mod:`capeworks.server.feed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Awaitable
from typing import Any
from urllib.parse import urlsplit

from anyio import to_thread
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketState

from capeworks.engine import Seat, Table
from capeworks.errors import CapeworksError, InvalidCommand, StoreUnavailable
from capeworks.server.auth import seat_for, token_from
from capeworks.server.errors import TooLarge, error_body
from capeworks.server.feed import Subscription, Update, encode_update
from capeworks.server.limits import too_deep
from capeworks.server.projection import entries, projection, viewer_of
from capeworks.server.schemas import CommandIn
from capeworks.server.service import Tables
from capeworks.store.chain import ChainBroken

__all__ = ["KeepServerSend", "ws_router"]

log = logging.getLogger("capeworks.server")

CLOSE_UNAUTHORIZED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_BAD_REQUEST = 4400
CLOSE_TOO_BIG = 1009
#: "try again later" (RFC 6455's registry): the database is down or busy, not the seat refused;
#: the page keeps reconnecting (issue 21, defect 4)
CLOSE_TRY_AGAIN = 1013
#: the table's log cannot be read (damaged, or written by a newer release)
CLOSE_INTERNAL = 1011
#: seconds a send may wait for a client that reads nothing before its socket is dropped
SEND_TIMEOUT = 15.0


def _same_origin(ws: WebSocket) -> bool:
    """A browser's ``Origin`` must be this server (stops other sites riding a player's cookie)."""
    origin = ws.headers.get("origin")
    if not origin:
        return True
    return urlsplit(origin).netloc.lower() == ws.headers.get("host", "").lower()


#: a client-chosen request id, as REST's Idempotency-Key
_REQUEST_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
#: the scope key where :class:`KeepServerSend` leaves the server's own ``send``
_SERVER_SEND = "capeworks.server_send"


class KeepServerSend:
    """ASGI middleware (outermost): remembers a WebSocket's ``send`` as the server gave it.

    Starlette wraps ``send`` on the way in; the server's own (uvicorn's protocol) is
    the one way to reach the connection and cut it when the client reads nothing.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[_SERVER_SEND] = send
        await self.app(scope, receive, send)


def _close_code(error: CapeworksError) -> int:
    """1013 (try again later) for an outage; 1011 for a log that cannot be read (damaged, or newer)."""
    if isinstance(error, StoreUnavailable) and not isinstance(error, ChainBroken):
        return CLOSE_TRY_AGAIN
    return CLOSE_INTERNAL


def _abort(ws: WebSocket) -> None:
    """Cut the connection at once (uvicorn's transport), discarding what the client never read."""
    protocol = getattr(ws.scope.get(_SERVER_SEND), "__self__", None)
    transport = getattr(protocol, "transport", None)
    abort = getattr(transport, "abort", None)
    if callable(abort):
        abort()


class _Connection:
    """One seat's socket: the sender follows the feed; the receiver runs commands."""

    def __init__(
        self,
        ws: WebSocket,
        tables: Tables,
        table_id: str,
        seat: Seat,
        cursor: int,
        *,
        send_timeout: float = SEND_TIMEOUT,
    ) -> None:
        self.ws = ws
        self.tables = tables
        self.table_id = table_id
        self.seat = seat
        self.cursor = cursor
        self.send_lock = asyncio.Lock()
        self.send_timeout = send_timeout
        #: the server's own send (uvicorn's protocol), and the event it waits on while the client's
        #: buffer is full: text frames go straight to it (see :meth:`_send_text`)
        self._raw: Send | None = ws.scope.get(_SERVER_SEND)
        writable = getattr(getattr(self._raw, "__self__", None), "writable", None)
        self._writable: asyncio.Event | None = writable if isinstance(writable, asyncio.Event) else None

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_texts(json.dumps(message, separators=(",", ":")))

    async def send_texts(self, *texts: str) -> None:
        """Send in order; a client that reads nothing for ``send_timeout`` seconds is dropped.

        Its send buffer cannot drain, so a close frame would wait forever: the connection
        is aborted instead (the page resumes with ``?since=``; issue 21, defect 5).
        """
        async with self.send_lock:
            for text in texts:
                await self._send_text(text)

    async def _send_text(self, text: str) -> None:
        """One text frame, straight to the server's send when the socket is open (the framework's
        wrappers around ``send`` do nothing for a text frame but cost a call each, twenty a command),
        and without a timer while the client's buffer has room (the send then cannot wait)."""
        raw = self._raw
        if raw is None or self.ws.application_state is not WebSocketState.CONNECTED:
            await self._bounded(self.ws.send_text(text))
            return
        message = {"type": "websocket.send", "text": text}
        if self._writable is not None and self._writable.is_set():
            try:
                await raw(message)
            except (RuntimeError, OSError) as e:
                raise WebSocketDisconnect(code=1006) from e
            return
        await self._bounded(raw(message))

    async def close(self, code: int) -> None:
        """Close with ``code``, or drop the connection if the client will not take the close frame."""
        async with self.send_lock:
            await self._bounded(self.ws.close(code=code))

    async def _bounded(self, sending: Awaitable[None]) -> None:
        """Await one send; a client gone (or closed) ends the socket as a disconnect, never a traceback."""
        try:
            async with asyncio.timeout(self.send_timeout):
                await sending
        except TimeoutError:
            log.warning(
                "dropped a socket at table %s: it read nothing for %g seconds",
                self.table_id,
                self.send_timeout,
            )
            _abort(self.ws)
            raise WebSocketDisconnect(code=CLOSE_TRY_AGAIN) from None
        except (RuntimeError, OSError) as e:
            # the client went away while an answer was on its way (issue 21, defect 6)
            raise WebSocketDisconnect(code=1006) from e

    async def catch_up(self, *, backlog: bool = False) -> None:
        """Send what the store holds past the cursor (the backlog, or after falling behind).

        Past the backlog, nothing is sent when the seat sees nothing new since the cursor (no entry,
        its version unchanged: Table.seen_version): a catch-up a GM-only event set off (a feed that
        started again, a socket behind) must not tell a player that the GM did something."""
        viewer = viewer_of(self.seat)

        def read(table: Table) -> tuple[int, list[dict[str, Any]], dict[str, Any] | None]:
            new = entries(table, self.seat, since=self.cursor)
            if (
                not backlog
                and not new
                and table.seen_version(viewer, at=self.cursor) == table.seen_version(viewer)
            ):
                return table.version, new, None
            return table.version, new, projection(self.table_id, table, self.seat)

        version, new, state = await to_thread.run_sync(lambda: self.tables.cache.read(self.table_id, read))
        if version < self.cursor:
            return
        fresh = [e for e in new if e["seq"] > self.cursor]
        self.cursor = version
        if state is None:
            return  # nothing this seat sees changed: it is sent nothing
        # the message says the version as the seat knows it (Table.seen_version); the cursor is the table's
        await self.send_texts(*encode_update(int(state["version"]), fresh, state))

    async def follow(self, sub: Subscription) -> None:
        """Forward the feed's updates; close the socket when the seat is revoked (None)."""
        try:
            while True:
                update = await sub.get()
                if update is None:
                    await self.close(CLOSE_UNAUTHORIZED)
                    return
                try:
                    await self.apply(update)
                except CapeworksError as e:
                    # catching up needs the database: say so and let the page resume later
                    log.warning("closed a socket at table %s: %s", self.table_id, e.message)
                    await self.send({"type": "error", "ref": None, **error_body(e)})
                    await self.close(_close_code(e))
                    return
        except (WebSocketDisconnect, RuntimeError, OSError):
            # the client went away while we were sending; the receiver ends the connection
            return

    async def apply(self, update: Update) -> None:
        if update.version <= self.cursor:
            return
        share = update.seats.get(self.seat.id)
        if share is not None and share.quiet:
            # nothing this seat sees changed: it is sent nothing, not even a catch-up (that would tell a
            # player when the GM did something hidden); a socket behind catches up on the next change
            # it sees
            if update.prev <= self.cursor:
                self.cursor = update.version
            return
        if share is None or update.prev != self.cursor or not share.texts or not share.texts[0]:
            # behind (or partly ahead, after a catch-up): the store has exactly what is missing
            await self.catch_up()
            return
        self.cursor = update.version
        await self.send_texts(*share.texts)

    async def receive(self, max_bytes: int) -> None:
        """Read the client's messages: commands, pings."""
        while True:
            message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(code=message.get("code", 1000))
            data = message.get("text")
            raw = data if data is not None else bytes(message.get("bytes") or b"").decode("utf-8", "replace")
            if len(raw.encode()) > max_bytes:
                await self.send({"type": "error", **error_body(TooLarge("That message is too large."))})
                await self.close(CLOSE_TOO_BIG)
                return
            if not await self.handle(raw):
                return

    async def handle(self, raw: str) -> bool:
        """Answer one message; False when it closed the socket (a message nested too deeply)."""
        ref: Any = None
        try:
            if too_deep(raw.encode()):
                # as the REST path answers a body nested past MAX_NESTING: a 4xx, one log line
                log.warning("closed a socket at table %s: a message nested too deeply", self.table_id)
                error = InvalidCommand("That message is nested too deeply to read.")
                await self.send({"type": "error", "ref": None, **error_body(error)})
                await self.close(CLOSE_BAD_REQUEST)
                return False
            try:
                message = json.loads(raw)
            except ValueError:
                raise InvalidCommand("That message is not valid JSON.") from None
            if not isinstance(message, dict):
                raise InvalidCommand("A message must be a JSON object with a type.")
            ref = message.get("ref")
            if not (ref is None or (isinstance(ref, str | int) and len(str(ref)) <= 64)):
                ref = None
                raise InvalidCommand("A message's ref must be a short string or number.")
            kind = message.get("type")
            if kind == "ping":
                await self.send({"type": "pong", "ref": ref})
                return True
            if kind != "command":
                raise InvalidCommand("Send a message of type command or ping.")
            try:
                body = CommandIn.model_validate(message.get("command"))
            except ValidationError as e:
                from capeworks.engine.table import describe_validation_error

                raise InvalidCommand(describe_validation_error("that command", e)) from None
            request_id = message.get("request_id")
            if request_id is not None and not (
                isinstance(request_id, str) and _REQUEST_ID.fullmatch(request_id) is not None
            ):
                raise InvalidCommand("A request_id is 1-64 letters, digits or '-_.:'.", field="request_id")
            result = await self.tables.write(
                lambda: self.tables.command(
                    self.table_id,
                    self.seat,
                    type=body.type,
                    payload=body.payload,
                    dice=body.dice,
                    full=False,
                    request_id=request_id,
                )
            )
            await self.send({"type": "ack", "ref": ref, **result})
        except CapeworksError as e:
            await self.send({"type": "error", "ref": ref, **error_body(e)})
        return True


def ws_router(tables: Tables, *, max_bytes: int, send_timeout: float = SEND_TIMEOUT) -> APIRouter:
    """The ``/api/tables/{id}/ws`` route."""
    api = APIRouter()

    @api.websocket("/api/tables/{table_id}/ws")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()

        async def refuse(error: CapeworksError, code: int) -> None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # the client left already
                await ws.send_text(json.dumps({"type": "error", **error_body(error)}))
                await ws.close(code=code)

        if not _same_origin(ws):
            from capeworks.errors import NotPermitted

            await refuse(NotPermitted("This table cannot be opened from another site."), CLOSE_FORBIDDEN)
            return
        token = token_from(
            table_id, headers=dict(ws.headers), cookies=ws.cookies, query=dict(ws.query_params)
        )
        try:
            seat = await to_thread.run_sync(lambda: seat_for(tables.store, table_id[:64], token))
            version = await to_thread.run_sync(lambda: tables.store.record(table_id).version)
        except StoreUnavailable as e:
            await refuse(e, CLOSE_TRY_AGAIN)
            return
        except CapeworksError as e:
            await refuse(e, CLOSE_UNAUTHORIZED)
            return
        since_text = ws.query_params.get("since", "0")
        since = int(since_text) if since_text.isdigit() and len(since_text) < 16 else -1
        if not seat.is_gm:
            # a player's version is that of what it sees (Table.seen_version), behind the table's after a
            # GM-only event: a later one has nothing newer it may see, so it resumes from the table's
            # version; refusing it (or naming the table's version) would tell how many events it missed
            since = min(since, version)
        if not 0 <= since <= version:
            bound = f"between 0 and {version}" if seat.is_gm else "it was sent"
            await refuse(InvalidCommand(f"Resume from a version {bound}.", field="since"), CLOSE_BAD_REQUEST)
            return
        conn = _Connection(ws, tables, table_id, seat, since, send_timeout=send_timeout)
        # ?delta=1: after the backlog, one ``update`` message of changes a version (server/delta.py)
        sub = tables.hub.subscribe(table_id, seat, delta=ws.query_params.get("delta") == "1")
        follower: asyncio.Task[None] | None = None
        try:
            await conn.catch_up(backlog=True)
            follower = asyncio.create_task(conn.follow(sub))
            await conn.receive(max_bytes)
        except WebSocketDisconnect:
            pass
        except CapeworksError as e:
            # the database went away (or the table's log is damaged) while reading the backlog:
            # one sentence and a close, never an exception out of the socket (issue 21, defect 6)
            log.warning("closed a socket at table %s: %s", table_id, e.message)
            with contextlib.suppress(WebSocketDisconnect):
                await conn.send({"type": "error", "ref": None, **error_body(e)})
                await conn.close(_close_code(e))
        finally:
            if follower is not None:
                follower.cancel()
            tables.hub.unsubscribe(sub)

    return api
