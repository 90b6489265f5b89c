"""HTTP errors: the one place the CapeworksError tree becomes status codes and JSON.

Every refusal is ``{"error": code, "message": sentence, "field": optional}``
with a 4xx status that fits; the mapping lives here once and serves REST and
WebSocket alike. Bad input never becomes a 5xx.
"""

from __future__ import annotations

import re
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from capeworks.errors import (
    CapeworksError,
    ConcurrencyConflict,
    DiceError,
    InvalidCommand,
    LimitExceeded,
    NotFound,
    NotPermitted,
    RuleViolation,
    StoreUnavailable,
    UnreadableEvent,
)

__all__ = [
    "ECHO_KEPT",
    "BadRequest",
    "Busy",
    "InvalidRequest",
    "RateLimited",
    "TooLarge",
    "Unauthorized",
    "error_body",
    "install_error_handlers",
    "status_of",
]


class Unauthorized(NotPermitted):
    """No seat token, or one that does not open this table (or no such table: the same words)."""

    code = "unauthorized"


class BadRequest(InvalidCommand):
    """A request body that is not JSON at all."""

    code = "bad_request"


class InvalidRequest(InvalidCommand):
    """A body or query that does not fit the endpoint's model."""

    code = "invalid_request"


class TooLarge(LimitExceeded):
    """A request body or WebSocket message past the size limit."""

    code = "too_large"


class RateLimited(LimitExceeded):
    """More commands per second than a seat may send."""

    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Busy(CapeworksError):
    """A worker the request needs is busy, stopped, or ran past its time: nothing changed; try again."""

    code = "busy"


#: most specific first: the first class an error is an instance of decides
_STATUS: tuple[tuple[type[CapeworksError], int], ...] = (
    (Unauthorized, 401),
    (BadRequest, 400),
    (TooLarge, 413),
    (RateLimited, 429),
    (NotPermitted, 403),
    (NotFound, 404),
    (RuleViolation, 409),
    (ConcurrencyConflict, 409),
    (DiceError, 422),
    (LimitExceeded, 422),
    (InvalidCommand, 422),
    (StoreUnavailable, 503),
    (Busy, 503),
    # the log is as written, but this server's release cannot read it: not the client's doing
    (UnreadableEvent, 500),
)


def status_of(error: CapeworksError) -> int:
    """The HTTP status for one of our errors."""
    return next((status for cls, status in _STATUS if isinstance(error, cls)), 400)


#: a quoted piece of a refusal this long is what was sent (an id, a name, notation), never the
#: rules' own words: "There is no character 'xxxx…'" with 5,000 pasted characters filled a page
_ECHO: Final = re.compile(r"'([^'\n]{81,})'|\"([^\"\n]{81,})\"")
#: how much of such a piece the refusal keeps
ECHO_KEPT: Final = 60


def _short_echo(found: re.Match[str]) -> str:
    quote = "'" if found.group(1) is not None else '"'
    sent = found.group(1) if found.group(1) is not None else found.group(2)
    return f"{quote}{sent[:ECHO_KEPT]}…{quote} ({len(sent):,} characters)"


def error_body(error: CapeworksError) -> dict[str, Any]:
    """The JSON body for one of our errors, with what was sent quoted short (:data:`ECHO_KEPT`)."""
    body = error.to_dict()
    message = body.get("message")
    if isinstance(message, str):
        body["message"] = _ECHO.sub(_short_echo, message)
    return body


def _response(error: CapeworksError) -> JSONResponse:
    headers = {}
    if isinstance(error, RateLimited):
        headers["Retry-After"] = str(max(1, round(error.retry_after + 0.5)))
    return JSONResponse(error_body(error), status_code=status_of(error), headers=headers)


def _validation_error(exc: RequestValidationError) -> CapeworksError:
    """FastAPI's report on a body or query that does not fit, as one readable sentence."""
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        return BadRequest("That request body is not valid JSON.")
    parts = []
    field = None
    for item in errors[:3]:
        loc = [str(p) for p in item.get("loc", ()) if p not in ("body", "query", "path", "header")]
        where = ".".join(loc) or "the request"
        field = field or (loc[0] if loc else None)
        parts.append(f"{where}: {item.get('msg', 'is not valid')}")
    more = "" if len(errors) <= 3 else f" (and {len(errors) - 3} more)"
    return InvalidRequest("Cannot read that request: " + "; ".join(parts) + more + ".", field=field)


def _unreadable_body(exc: StarletteHTTPException) -> BadRequest | None:
    """What was wrong with a body FastAPI could not parse (it says only "error parsing the body")."""
    cause = exc.__cause__
    if exc.status_code != 400 or cause is None:
        return None
    if isinstance(cause, UnicodeDecodeError):
        return BadRequest("That request body is not valid UTF-8 text.")
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return BadRequest("That request body holds a number too long to read (over 4,300 digits).")
    return BadRequest(f"That request body cannot be read as JSON ({type(cause).__name__}).")


_HTTP_WORDS = {
    404: ("not_found", "There is nothing at that address."),
    405: ("method_not_allowed", "That address does not take that kind of request."),
}


def install_error_handlers(app: FastAPI) -> None:
    """Map our error tree, FastAPI's validation errors and plain HTTP errors to JSON, once."""

    @app.exception_handler(CapeworksError)
    async def _ours(request: Request, exc: CapeworksError) -> JSONResponse:
        return _response(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _response(_validation_error(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        unreadable = _unreadable_body(exc)
        if unreadable is not None:
            return _response(unreadable)
        code, words = _HTTP_WORDS.get(exc.status_code, ("http_error", "That request cannot be served."))
        return JSONResponse(
            {"error": code, "message": words}, status_code=exc.status_code, headers=exc.headers
        )
