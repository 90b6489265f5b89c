"""The REST routes (see docs/web.md): thin handlers over :class:`~capeworks.server.service.Tables`.

Reading handlers are plain ``def``: FastAPI runs them in its thread pool, where
the synchronous store belongs. Writing handlers hand their work to
:meth:`Tables.write` (threads of the writers' own, a bounded wait), so a
stalled database writer never holds up reads. The seat is always the token's (header or invite
cookie); the invite link's page sets that cookie (server/session_routes.py).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Header, Path, Query, Request
from pydantic import StringConstraints

from capeworks.engine import Seat
from capeworks.server.auth import TOKEN_HEADER, seat_for, token_from
from capeworks.server.schemas import (
    CommandIn,
    CommandOut,
    CreatedTableOut,
    CreateTableIn,
    ErrorOut,
    LogOut,
    Projection,
    RequestOut,
    RulesetOut,
    SeatIn,
    SeatTokenOut,
)
from capeworks.server.service import MAX_LOG_LIMIT, Tables

__all__ = ["AsSeat", "TableId", "current_seat", "rest_router"]

#: table ids as the store makes them (imported ones keep theirs when they fit)
TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
SeatId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")]
#: a client-chosen request id (REST ``Idempotency-Key``, WebSocket ``request_id``, CLI ``--request-id``)
RequestId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]

_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 429)
}


def current_seat(
    request: Request,
    table_id: TableId,
    x_seat_token: Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=256)] = None,
) -> Seat:
    """The seat the request's token (header, else invite cookie) opens at this table."""
    tables: Tables = request.app.state.tables
    token = x_seat_token or token_from(table_id, headers={}, cookies=request.cookies)
    return seat_for(tables.store, table_id, token)


AsSeat = Annotated[Seat, Depends(current_seat)]

#: the header carrying the operator's creation token (``capeworks serve --creation-token``)
CREATION_HEADER = "X-Creation-Token"


def may_create(
    request: Request,
    x_creation_token: Annotated[str | None, Header(alias=CREATION_HEADER, max_length=256)] = None,
) -> None:
    """The creation gate: the operator's token when the server requires one, and a rate per address."""
    client = request.client.host if request.client is not None else "?"
    request.app.state.creation_gate.check(client, x_creation_token)


MayCreate = Annotated[None, Depends(may_create)]


def rest_router(tables: Tables) -> APIRouter:
    """The API's REST routes over ``tables``."""
    api = APIRouter(responses=_ERRORS)

    @api.get("/api/rulesets", response_model=list[RulesetOut], tags=["tables"])
    def rulesets() -> list[dict[str, Any]]:
        """The installed rule sets and the JSON schema of each one's rules config."""
        return tables.rulesets()

    @api.post("/api/tables", response_model=CreatedTableOut, status_code=201, tags=["tables"])
    async def create_table(body: CreateTableIn, request: Request, _: MayCreate) -> dict[str, Any]:
        """Start a table; the answer carries each seat's token and invite link, this once."""
        return await tables.write(
            lambda: tables.create(
                ruleset=body.ruleset,
                title=body.title,
                config=body.config,
                seats=[Seat(id=s.id, name=s.name, role=s.role) for s in body.seats],
                settings=body.settings,
                base_url=str(request.base_url),
            )
        )

    @api.post("/api/tables/import", response_model=CreatedTableOut, status_code=201, tags=["tables"])
    async def import_table(
        request: Request, document: Annotated[dict[str, Any], Body()], _: MayCreate
    ) -> dict[str, Any]:
        """Import an exported table under a new id, with fresh seat tokens (shown this once)."""
        base_url = str(request.base_url)
        return await tables.write(lambda: tables.import_(document, base_url=base_url))

    @api.get("/api/tables/{table_id}", response_model=Projection, tags=["play"])
    def get_table(table_id: TableId, me: AsSeat) -> dict[str, Any]:
        """Everything this seat may see: state, panels, its prompts, what it may do now."""
        return tables.projection(table_id, me)

    @api.get("/api/tables/{table_id}/log", response_model=LogOut, tags=["play"])
    def get_log(
        table_id: TableId,
        me: AsSeat,
        since: Annotated[int, Query(ge=0, le=2**53)] = 0,
        limit: Annotated[int, Query(ge=1, le=MAX_LOG_LIMIT)] = 500,
    ) -> dict[str, Any]:
        """The log entries after version ``since`` this seat may see, in words."""
        return tables.log(table_id, me, since=since, limit=limit)

    @api.post("/api/tables/{table_id}/commands", response_model=CommandOut, tags=["play"])
    async def post_command(
        table_id: TableId,
        me: AsSeat,
        body: CommandIn,
        idempotency_key: Annotated[RequestId | None, Header(alias="Idempotency-Key")] = None,
    ) -> dict[str, Any]:
        """Act as this seat: a rule set's command, ``answer`` a prompt, or ``undo``.

        With an ``Idempotency-Key`` (1-64 letters, digits, ``-_.:``), a retry applies nothing
        and answers as the first did (``replayed``); ask ``GET .../requests/{key}`` if unsure.
        """
        return await tables.write(
            lambda: tables.command(
                table_id,
                me,
                type=body.type,
                payload=body.payload,
                dice=body.dice,
                request_id=idempotency_key,
            )
        )

    @api.get("/api/tables/{table_id}/requests/{request_id}", response_model=RequestOut, tags=["play"])
    def get_request(
        table_id: TableId, me: AsSeat, request_id: Annotated[str, Path(min_length=1, max_length=64)]
    ) -> dict[str, Any]:
        """Did this seat's command sent with this request id (``Idempotency-Key``) land?"""
        return tables.request(table_id, me, request_id)

    @api.get("/api/tables/{table_id}/commands/{command}/schema", tags=["play"])
    def command_schema(
        table_id: TableId,
        me: AsSeat,
        command: Annotated[str, Path(min_length=1, max_length=64)],
    ) -> dict[str, Any]:
        """The JSON schema of a command's payload: the fields a form asks for."""
        return tables.command_schema(table_id, me, command)

    @api.post("/api/tables/{table_id}/seats", response_model=SeatTokenOut, status_code=201, tags=["gm"])
    async def add_seat(table_id: TableId, me: AsSeat, body: SeatIn, request: Request) -> dict[str, Any]:
        """Seat someone new (the GM, at a GM's table); their token and invite link, this once."""
        new = Seat(id=body.id, name=body.name, role=body.role)
        base_url = str(request.base_url)
        return await tables.write(lambda: tables.join(table_id, me, new, base_url=base_url))

    @api.post("/api/tables/{table_id}/seats/{seat_id}/revoke", response_model=SeatTokenOut, tags=["gm"])
    async def revoke_seat(table_id: TableId, seat_id: SeatId, me: AsSeat, request: Request) -> dict[str, Any]:
        """A new link for a seat (the GM any, a seat its own); the old token stops working at once."""
        base_url = str(request.base_url)
        return await tables.write(lambda: tables.revoke(table_id, me, seat_id, base_url=base_url))

    @api.get("/api/tables/{table_id}/export", tags=["gm"])
    def export_table(table_id: TableId, me: AsSeat) -> dict[str, Any]:
        """The whole table as an export document: the GM's, secrets included; any seat's at a table whose
        rule set keeps nothing from anyone (Capes)."""
        return tables.export(table_id, me)

    return api
