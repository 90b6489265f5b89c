"""Edge guards for browsers: state changes only from our own pages, and safe headers on every answer.

**Requests that change something** (any method but GET, HEAD, OPTIONS) are refused
with 403 when a browser says they come from elsewhere: a ``Sec-Fetch-Site`` other
than ``same-origin``/``none``, or an ``Origin`` that is not this host. A request
carrying a seat cookie (an /api/ request) must also carry a header no other site can make a browser
send without our permission (``X-Capeworks``, or the seat token itself in
``X-Seat-Token``): a page on another port of the same host is the same *site*, so
``SameSite`` cookies reach us from it, but a custom header needs a CORS
pre-flight this server never grants. Clients that send no cookie (scripts, the
CLI) carry their token in a header and are unaffected.

**Every answer** says ``nosniff`` and forbids framing; HTML gets a
Content-Security-Policy when it has none of its own.
"""

from __future__ import annotations

import json
from typing import Final
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from capeworks.server.errors import error_body

__all__ = ["CSRF_HEADER", "DOCS_CSP", "PAGE_CSP", "BrowserGuard"]

#: the header the front end sends with every request; other sites cannot make a browser send it
CSRF_HEADER: Final = "X-Capeworks"

_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
_OUR_SITE: Final = frozenset({"same-origin", "none"})

#: for HTML that sets no policy of its own (error pages): nothing but our own files
PAGE_CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: /docs and /redoc, when the operator turns them on: FastAPI's pages load from jsDelivr and
#: start with an inline script; no frames, no forms elsewhere, no other hosts
DOCS_CSP: Final = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; worker-src blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

_REFUSAL: Final = "That request did not come from this table's own page; reload the page and try again."


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _has_seat_cookie(scope: Scope) -> bool:
    cookies = _header(scope, b"cookie") or ""
    return any(part.strip().startswith("cw_") for part in cookies.split(";"))


def cross_site(scope: Scope) -> bool:
    """Whether a state-changing request must be refused as coming from another page."""
    if scope.get("method", "GET") in _SAFE_METHODS:
        return False
    site = _header(scope, b"sec-fetch-site")
    if site is not None and site not in _OUR_SITE:
        return True
    origin = _header(scope, b"origin")
    host = (_header(scope, b"host") or "").lower()
    if origin is not None and (origin == "null" or urlsplit(origin).netloc.lower() != host):
        return True
    # the seat cookie authenticates only the API; other POSTs (a ruleset's previews) read no cookie
    if str(scope.get("path", "")).startswith("/api/") and _has_seat_cookie(scope):
        return not (_header(scope, CSRF_HEADER.lower().encode()) or _header(scope, b"x-seat-token"))
    return False


class BrowserGuard:
    """ASGI middleware: the cross-site check above, and the headers every HTTP answer carries."""

    def __init__(self, app: ASGIApp, *, docs_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.docs_paths = docs_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if cross_site(scope):
            from capeworks.errors import NotPermitted

            body = json.dumps(error_body(NotPermitted(_REFUSAL))).encode()
            length = str(len(body)).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": self._headers(
                        [(b"content-type", b"application/json"), (b"content-length", length)],
                        scope,
                    ),
                }
            )
            await send({"type": "http.response.body", "body": body})
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": self._headers(list(message.get("headers", [])), scope)}
            await send(message)

        await self.app(scope, receive, guarded)

    def _headers(self, headers: list[tuple[bytes, bytes]], scope: Scope) -> list[tuple[bytes, bytes]]:
        present = {bytes(k).lower() for k, _ in headers}
        extra: list[tuple[bytes, bytes]] = []
        if b"x-content-type-options" not in present:
            extra.append((b"x-content-type-options", b"nosniff"))
        if b"x-frame-options" not in present:
            extra.append((b"x-frame-options", b"DENY"))
        if b"referrer-policy" not in present:
            extra.append((b"referrer-policy", b"no-referrer"))
        kind = next((bytes(v) for k, v in headers if bytes(k).lower() == b"content-type"), b"")
        if kind.startswith(b"text/html") and b"content-security-policy" not in present:
            policy = DOCS_CSP if scope.get("path") in self.docs_paths else PAGE_CSP
            extra.append((b"content-security-policy", policy.encode()))
        return headers + extra
