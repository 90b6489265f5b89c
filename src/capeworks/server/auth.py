"""Who is asking: the seat a token opens, from a header, the invite cookie or (WebSocket) the URL.

Tokens are the store's (256 random bits, kept hashed). A missing token, a
token that does not open this table and a table that does not exist all read
the same, so a refusal never tells a stranger that a table exists.
"""

from __future__ import annotations

from collections.abc import Mapping

from capeworks.engine import Seat
from capeworks.errors import NotFound, NotPermitted
from capeworks.server.errors import Unauthorized
from capeworks.store import Store

__all__ = ["TOKEN_HEADER", "cookie_name", "seat_for", "token_from"]

#: the header carrying a seat token
TOKEN_HEADER = "X-Seat-Token"

_NO_TOKEN = "This table needs your seat's token: open your invite link again."
_BAD_TOKEN = "That link or seat token does not open a table here; ask your GM for a new invite."


def cookie_name(table_id: str) -> str:
    """The cookie the invite link sets for one table (one cookie per table, so seats at several work)."""
    return f"cw_{table_id}"


def token_from(
    table_id: str,
    *,
    headers: Mapping[str, str],
    cookies: Mapping[str, str],
    query: Mapping[str, str] | None = None,
) -> str | None:
    """The token a request carries: the header first, then the cookie, then (WebSocket) the query."""
    for token in (
        headers.get(TOKEN_HEADER.lower()) or headers.get(TOKEN_HEADER),
        cookies.get(cookie_name(table_id)),
        (query or {}).get("token"),
    ):
        if token:
            return token
    return None


def seat_for(store: Store, table_id: str, token: str | None) -> Seat:
    """The seat ``token`` opens at ``table_id``, or Unauthorized (the same words whatever went wrong)."""
    if not token:
        raise Unauthorized(_NO_TOKEN)
    if len(token) > 256:
        raise Unauthorized(_BAD_TOKEN)
    try:
        return store.authenticate(table_id, token)
    except (NotFound, NotPermitted):
        raise Unauthorized(_BAD_TOKEN) from None
