"""A deadline for request headers: a client that sends half a request head is cut off.

uvicorn's keep-alive timeout covers an idle connection between requests, but
none covers one that has started a request and stops sending before its
headers end: each such connection is held open for as long as the client likes
(slowloris). This is uvicorn's httptools protocol with one more timer, armed
when a connection opens and when a request starts, disarmed when its headers
are complete; if it fires, the connection is closed with one log line.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["DEFAULT_HEADER_TIMEOUT", "header_timeout_protocol"]

log = logging.getLogger("capeworks.server")

#: seconds a client has to send a request's whole head (request line and headers)
DEFAULT_HEADER_TIMEOUT = 10.0


class _HeaderDeadline(HttpToolsProtocol):
    """HttpToolsProtocol plus the header deadline (``header_timeout`` set by the factory)."""

    header_timeout: float = DEFAULT_HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.header_timeout, self._head_expired)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_expired(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            who = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
            seconds = self.header_timeout
            log.warning("closed a connection from %s: no complete request head in %gs", who, seconds)
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def header_timeout_protocol(seconds: float = DEFAULT_HEADER_TIMEOUT) -> type[asyncio.Protocol]:
    """uvicorn's ``http=`` protocol class closing connections whose request head takes over ``seconds``."""
    if seconds <= 0:
        raise ValueError("The header timeout must be a positive number of seconds.")
    return type("HeaderDeadlineProtocol", (_HeaderDeadline,), {"header_timeout": float(seconds)})
