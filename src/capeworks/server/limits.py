"""Limits at the edge: request body size and nesting, commands per second per seat, and starting tables.

The body limit is an ASGI middleware that reads at most ``max_bytes`` of a
request before the application sees it, so an oversized body is refused with
413 whether or not it announces its length, and a body nested deeper than
``MAX_NESTING`` with 400 before any JSON parser recurses into it (Python's
parser would otherwise fail or not depending on the process's recursion limit). The command limit is a token
bucket per (table, seat), shared by REST and WebSocket, so no seat can flood a
table's log or the other seats' sockets.
"""

from __future__ import annotations

import hmac
import json
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from capeworks.server.errors import BadRequest, RateLimited, TooLarge, error_body, status_of

__all__ = ["MAX_NESTING", "BodyLimit", "CreationGate", "RateLimiter", "too_deep"]

MAX_NESTING = 256
"""The deepest JSON nesting a request or message may have; real commands nest under twenty."""

_QUOTE, _BACKSLASH = 0x22, 0x5C
_OPENERS, _CLOSERS = frozenset(b"[{"), frozenset(b"]}")


def too_deep(text: bytes, limit: int = MAX_NESTING) -> bool:
    """Whether JSON ``text`` opens more than ``limit`` arrays/objects inside each other.

    Brackets inside strings do not count. Linear in the text, and a count of the brackets
    answers most texts without scanning."""
    if text.count(b"[") + text.count(b"{") <= limit:
        return False
    depth = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == _BACKSLASH:
                escaped = True
            elif byte == _QUOTE:
                in_string = False
        elif byte == _QUOTE:
            in_string = True
        elif byte in _OPENERS:
            depth += 1
            if depth > limit:
                return True
        elif byte in _CLOSERS:
            depth -= 1
    return False


class RateLimiter:
    """A token bucket per key: ``rate`` actions a second on average, ``burst`` at once.

    Thread-safe: REST handlers run in a thread pool, WebSockets on the event loop.
    """

    def __init__(self, *, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: Hashable, cost: float = 1.0) -> None:
        """Spend ``cost`` actions (at most ``burst``) for ``key``, or raise RateLimited (spending nothing)."""
        now = self._clock()
        cost = min(cost, float(self.burst))
        with self._lock:
            tokens, last = self._buckets.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            if tokens < cost:
                self._buckets[key] = (tokens, now)
                wait = (cost - tokens) / self.rate
                raise RateLimited(
                    f"Slow down: a seat may send {self.rate:g} actions a second; try again in a moment.",
                    retry_after=wait,
                )
            self._buckets[key] = (tokens - cost, now)
            if len(self._buckets) > 100_000:
                self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        """Drop buckets that have refilled completely (they equal a fresh one)."""
        full = [k for k, (t, last) in self._buckets.items() if t + (now - last) * self.rate >= self.burst]
        for key in full:
            del self._buckets[key]


def _too_large(max_bytes: int) -> TooLarge:
    return TooLarge(f"That request is too large; the limit is {max_bytes} bytes.")


class BodyLimit:
    """ASGI middleware: refuse HTTP request bodies longer than ``max_bytes`` with 413 JSON, and
    bodies nested deeper than ``MAX_NESTING`` with 400 JSON."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _refuse(send, _too_large(self.max_bytes))
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_bytes:
                await _refuse(send, _too_large(self.max_bytes))
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        if too_deep(whole):
            await _refuse(send, BadRequest("That request body is nested too deeply to read."))
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, error: TooLarge | BadRequest) -> None:
    body = json.dumps(error_body(error)).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status_of(error), "headers": headers})
    await send({"type": "http.response.body", "body": body})


class CreationGate:
    """Who may start (or import) a table: an operator's token when the server sets one, and a
    per-client-address rate, so one client cannot fill the store with tables."""

    def __init__(self, *, token: str | None, per_minute: float, clock: Callable[[], float] = time.monotonic):
        self.token = token or None
        self.limiter = RateLimiter(rate=per_minute / 60.0, burst=max(1, int(per_minute)), clock=clock)
        self.per_minute = per_minute

    def check(self, client: str, presented: str | None) -> None:
        """Raise Unauthorized without the operator's token (when one is set), RateLimited past the rate."""
        from capeworks.server.errors import Unauthorized

        if self.token is not None and not (
            presented is not None and hmac.compare_digest(presented.encode(), self.token.encode())
        ):
            raise Unauthorized("Starting a table on this server needs the operator's creation token.")
        try:
            self.limiter.take(("create", client))
        except RateLimited as e:
            raise RateLimited(
                f"Slow down: this server starts at most {self.per_minute:g} tables a minute per address.",
                retry_after=e.retry_after,
            ) from None
