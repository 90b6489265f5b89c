"""Sitting down and leaving: an invitation is exchanged once for a session cookie.

An invite link is ``/t/{table_id}#join=<token>``: the fragment never reaches a
server, a proxy log or a ``Referer``, and the page reads it, takes it out of the
address bar and posts it here once. The exchange *spends* it: the seat gets a
fresh token, kept only in an HttpOnly session cookie, so the copy Chromium's
History keeps of the link (it keeps the fragment too) opens nothing. Old
``/join/{table_id}?token=`` links still work: they redirect to the fragment form
(History keeps that address as well; that token is spent the same way).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from capeworks.server.auth import cookie_name, seat_for
from capeworks.server.errors import Unauthorized
from capeworks.server.schemas import ErrorOut
from capeworks.server.service import Tables

__all__ = ["SeatedOut", "SessionIn", "session_router"]

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


class SessionIn(BaseModel):
    """The token from an invite link's fragment."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=256)


class SessionOut(BaseModel):
    """The seat the link opened (the new token stays in the cookie, out of the page's reach)."""

    id: str
    name: str
    role: str


class SeatedOut(BaseModel):
    """Whether this browser sits at the table (its session cookie opens a seat there), and as whom."""

    seated: bool
    seat: SessionOut | None = None


def session_router(tables: Tables) -> APIRouter:
    """``/join/{id}`` (old links), ``GET`` and ``POST /api/tables/{id}/session`` and
    ``POST /api/tables/{id}/leave``."""
    api = APIRouter(tags=["tables"], responses={c: {"model": ErrorOut} for c in (401, 403, 413, 422, 429)})

    @api.get("/join/{table_id}", status_code=303)
    def join_link(
        table_id: Annotated[str, Path(min_length=1, max_length=200)],
        token: Annotated[str | None, Query(max_length=4096)] = None,
    ) -> RedirectResponse:
        """An old invite link: on to the table page, the token moved into the fragment."""
        target = f"/t/{quote(table_id, safe='')}"
        if token:
            target += f"#join={quote(token, safe='')}"
        return RedirectResponse(target, status_code=303, headers={"Cache-Control": "no-store"})

    @api.post("/api/tables/{table_id}/session", response_model=SessionOut)
    def start_session(table_id: TableId, body: SessionIn, request: Request) -> Response:
        """Exchange an invite link's token, once, for this browser's session cookie."""
        seat = seat_for(tables.store, table_id, body.token)
        fresh = tables.revoke(table_id, seat, seat.id, base_url=str(request.base_url))["token"]
        out: dict[str, Any] = {"id": seat.id, "name": seat.name, "role": seat.role.value}
        response = JSONResponse(out, headers={"Cache-Control": "no-store"})
        response.set_cookie(
            cookie_name(table_id),
            fresh,
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
            path="/",
        )
        return response

    @api.get("/api/tables/{table_id}/session", response_model=SeatedOut)
    def seated(table_id: TableId, request: Request) -> Response:
        """Whether this browser's session cookie holds a seat at the table: a page opening an invite
        link asks before it spends the link. Not seated is an answer (200), not an error: a newcomer's
        console stays clean. A missing cookie, one that opens nothing and a table that does not exist
        all read ``{"seated": false}``, so the answer never tells a stranger that a table exists."""
        out: dict[str, Any] = {"seated": False, "seat": None}
        try:
            seat = seat_for(tables.store, table_id, request.cookies.get(cookie_name(table_id)))
        except Unauthorized:
            pass
        else:
            out = {"seated": True, "seat": {"id": seat.id, "name": seat.name, "role": seat.role.value}}
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    @api.post("/api/tables/{table_id}/leave", status_code=204)
    def leave(table_id: TableId, request: Request) -> Response:
        """Forget this browser's seat at the table (the cookie); the seat itself stays."""
        response = Response(status_code=204)
        secure = request.url.scheme == "https"
        response.delete_cookie(
            cookie_name(table_id), path="/", httponly=True, samesite="strict", secure=secure
        )
        return response

    return api
