"""The table operations behind REST and WebSocket alike: one code path, one set of checks.

Each method runs in a worker thread (the store is synchronous), checks who
may do it, and writes through the store's one command path on this process's
fold of the table (:mod:`capeworks.server.cache`). The path wakes the sockets
watching the table: this process's through the store's listener (the hub),
other processes through PostgreSQL NOTIFY, sent in the command's own
transaction.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
from anyio import CapacityLimiter
from pydantic import BaseModel

from capeworks.engine import Command, Role, Seat, Table, form_schema, get_ruleset
from capeworks.engine.registry import names
from capeworks.errors import NotPermitted
from capeworks.server.cache import TableCache
from capeworks.server.errors import InvalidRequest
from capeworks.server.feed import Hub
from capeworks.server.limits import RateLimiter
from capeworks.server.notify import PgNotifier
from capeworks.server.projection import entries, may_export, projection, viewer_of
from capeworks.store import CreatedTable, Played, Store

__all__ = ["Tables", "invite_link"]

log = logging.getLogger("capeworks.server")

#: most entries one log request returns
MAX_LOG_LIMIT = 1000
#: writes (commands, seats, links, new tables) worked on at once in this process, in threads of their own
WRITE_THREADS = 4

T = TypeVar("T")


def invite_link(base_url: str, table_id: str, token: str) -> str:
    """The link that seats a person: the table page, the token in the fragment (never sent to a
    server; the page exchanges it once for a session cookie, see server/session_routes.py)."""
    return f"{base_url.rstrip('/')}/t/{quote(table_id, safe='')}#join={quote(token, safe='')}"


class Tables:
    """The web table's operations on one store."""

    def __init__(
        self, store: Store, hub: Hub, limiter: RateLimiter, notifier: PgNotifier | None = None
    ) -> None:
        self.store = store
        self.hub = hub
        self.limiter = limiter
        self.notifier = notifier
        #: the process's folded tables, shared with the live feeds
        self.cache: TableCache = hub.cache
        self._gate: CapacityLimiter | None = None
        self._pool: ThreadPoolExecutor | None = None

    async def write(self, fn: Callable[[], T]) -> T:
        """Run a write in a worker thread of the writers' own, within the lock timeout end to end.

        Writers queue here, on the event loop, not in the threads reads and pages use, so
        a stalled database writer never starves them (issue 21, defect 3); the wait for a
        turn, for this process's queue and for the database lock together stay within the
        store's lock timeout, then the command is refused in one sentence, nothing written.
        A free turn is taken without a timer, and the thread is the writers' own pool's (the
        event loop's hand-off, without anyio's per-call limiter and cancel scopes: ~0.1 ms a command).
        """
        if self._gate is None:
            self._gate = CapacityLimiter(WRITE_THREADS)
        gate = self._gate
        deadline = time.monotonic() + self.store.lock_timeout
        try:
            gate.acquire_nowait()
        except anyio.WouldBlock:
            with anyio.move_on_after(self.store.lock_timeout) as waited:
                await gate.acquire()
            if waited.cancelled_caught:
                raise self.store.busy() from None

        def work() -> T:
            with self.store.deadline(deadline):
                return fn()

        try:
            # at most WRITE_THREADS threads: a write cancelled while its thread runs (the server
            # stopping) gives its turn back, and a next one waits in the pool within its deadline
            return await asyncio.get_running_loop().run_in_executor(self._writers(), work)
        finally:
            gate.release()

    def _writers(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(WRITE_THREADS, thread_name_prefix="capeworks-write")
        return self._pool

    def close(self) -> None:
        """Let the writers' threads go (the server stopped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None

    # -- anyone ----------------------------------------------------------------------------------

    def rulesets(self) -> list[dict[str, Any]]:
        """The installed rule sets with their config schemas."""
        out = []
        for name in names():
            rs = get_ruleset(name)
            out.append(
                {
                    "name": rs.name,
                    "title": rs.title,
                    "has_gm": rs.has_gm,
                    "config_schema": rs.config_model.model_json_schema(),
                }
            )
        return out

    def create(
        self,
        *,
        ruleset: str,
        title: str,
        config: Mapping[str, Any],
        seats: Sequence[Seat],
        settings: Mapping[str, Any],
        base_url: str,
    ) -> dict[str, Any]:
        """A new table; each seat's token and invite link, this once.

        Over HTTP a table with no seat is refused: no token would ever open it (the CLI, which
        owns its file, may seat people later). So is a table of a rule set run by a GM
        (``Ruleset.has_gm``) with no GM seat: its GM's commands and the prompts addressed to the GM
        (a Roll When You Need complication, the Workshop's first Sequence) would wait for someone
        who is not there. Capes (no GM) takes players alone.
        """
        rules = get_ruleset(ruleset)
        if not seats:
            raise InvalidRequest(
                f"A table of {rules.title} needs at least one seat: with none, nobody could ever open it.",
                field="seats",
            )
        if rules.has_gm and not any(s.role is Role.GM for s in seats):
            raise InvalidRequest(
                f"A table of {rules.title} needs a GM seat: the GM runs the game, and what only the GM "
                "decides would wait for nobody. Give one seat the role GM.",
                field="seats",
            )
        created = self.store.create_table(rules, title=title, config=config, seats=seats, settings=settings)
        return self._created(created, seats, base_url)

    def import_(self, document: Mapping[str, Any], *, base_url: str) -> dict[str, Any]:
        """Store an exported table under a new id; fresh tokens, this once.

        A table of a rule set run by a GM with no GM seat (made by the CLI without one) is refused,
        as :meth:`create` refuses one: over HTTP nobody could seat its GM later, since no seat at
        the table may make anyone GM (Table.prepare_join); its owner seats one with the CLI first.
        """

        def check(table: Table) -> None:
            if table.ruleset.has_gm and table.gm_seat() is None:
                raise InvalidRequest(
                    f"This table of {table.ruleset.title} has no GM seat, and nobody at it may make "
                    "anyone GM: the GM runs the game. Seat its GM where the table was kept "
                    "(capeworks table join TABLE --seat id:name:gm), export it again and import that.",
                    field="seats",
                )

        created = self.store.import_(document, check=check)
        return self._created(created, self.store.load(created.id).seats, base_url)

    def _created(self, created: CreatedTable, seats: Sequence[Seat], base_url: str) -> dict[str, Any]:
        return {
            "id": created.id,
            "version": created.version,
            "seats": [
                s.model_dump(mode="json")
                | {
                    "token": created.tokens[s.id],
                    "invite": invite_link(base_url, created.id, created.tokens[s.id]),
                }
                for s in seats
            ],
        }

    # -- a seat ----------------------------------------------------------------------------------

    def projection(self, table_id: str, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees of the table now."""
        return self.cache.read(table_id, lambda table: projection(table_id, table, seat))

    def log(self, table_id: str, seat: Seat, *, since: int, limit: int) -> dict[str, Any]:
        """The seat's entries after version ``since``."""
        return self.cache.read(
            table_id,
            lambda table: {
                "version": table.seen_version(viewer_of(seat)),
                "entries": entries(table, seat, since=since, limit=limit),
            },
        )

    def command(
        self,
        table_id: str,
        seat: Seat,
        *,
        type: str,
        payload: Mapping[str, Any],
        dice: Sequence[int] | None,
        full: bool = True,
        request_id: str | None = None,
    ) -> dict[str, Any]:
        """Run a command as ``seat``: the version it reached and (``full``) its entries for that seat
        and what the seat faces next.

        With a ``request_id`` already landed for this seat, nothing is applied: the answer is
        the first one's (its version and entries), marked ``replayed``.
        """
        self.limiter.take((table_id, seat.id))

        def answer(played: Played) -> dict[str, Any]:
            table, landed = played.table, played.landed
            viewer = viewer_of(seat)
            # the version as the seat knows it, as its projection and socket say it (Table.seen_version)
            version = table.seen_version(viewer, at=landed.version if landed is not None else None)
            out: dict[str, Any] = {"version": version}
            if full:
                if played.replayed and landed is not None:
                    shown = entries(table, seat, since=landed.before)
                    out["entries"] = [e for e in shown if e["seq"] <= landed.version]
                else:
                    events = played.events
                    out["entries"] = entries(table, seat, since=events[0].seq - 1) if events else []
                out["prompts"] = [p.model_dump(mode="json") for p in table.prompts(viewer)]
                out["legal"] = [c.model_dump(mode="json") for c in table.legal_commands(seat.id)]
            if request_id is not None:
                out["request_id"] = request_id
                out["replayed"] = played.replayed
            return out

        command = Command(type=type, seat=seat.id, payload=dict(payload))
        return self.cache.execute(table_id, command, dice=dice, then=answer, request_id=request_id)

    def request(self, table_id: str, seat: Seat, request_id: str) -> dict[str, Any]:
        """Whether this seat's command sent with ``request_id`` landed, and the version it reached."""
        landed = self.store.landed(table_id, seat.id, request_id)
        version = None
        if landed is not None:
            at = landed.version
            version = self.cache.read(table_id, lambda table: table.seen_version(viewer_of(seat), at=at))
        return {"request_id": request_id, "landed": landed is not None, "version": version}

    def command_schema(self, table_id: str, seat: Seat, command: str) -> dict[str, Any]:
        """The JSON schema of a command's payload at this table, as this seat's form asks for it.

        A player's lacks the fields the ruleset marks GM-only (``gm_field``); the GM's has them all.
        """
        from capeworks.errors import NotFound
        from capeworks.server.schemas import AnswerPayload, RefuseUndoPayload, UndoPayload

        engine: dict[str, type[BaseModel]] = {
            "answer": AnswerPayload,
            "undo": UndoPayload,
            "refuse_undo": RefuseUndoPayload,
        }
        ruleset = get_ruleset(self.store.record(table_id).ruleset)
        spec = ruleset.commands.get(command)
        model: type[BaseModel] | None = spec.model if spec is not None else engine.get(command)
        if model is None:
            raise NotFound(f"{ruleset.title} has no command {command!r}.")
        return form_schema(model, gm=seat.is_gm)

    # -- the GM ----------------------------------------------------------------------------------

    def join(self, table_id: str, gm: Seat, seat: Seat, *, base_url: str) -> dict[str, Any]:
        """Seat someone new (GM only at a GM's table; anyone seated otherwise, as the engine says)."""
        joined = self.cache.join(table_id, seat, by=gm.id)
        return {"id": seat.id, "token": joined.token, "invite": invite_link(base_url, table_id, joined.token)}

    def revoke(self, table_id: str, by: Seat, seat_id: str, *, base_url: str) -> dict[str, Any]:
        """A new token for a seat; the old one stops working and its sockets close.

        The GM may revoke any seat; every seat may replace its own link; at a table without
        a GM its first seat (the lobby seats the person making the table first) may revoke any.
        """
        if not (by.is_gm or by.id == seat_id):
            seats = self.cache.read(table_id, lambda table: table.seats)
            if any(s.is_gm for s in seats) or not seats or seats[0].id != by.id:
                raise NotPermitted(
                    "Only the GM (at a table without a GM, its first seat) can replace another seat's link."
                )
        token = self.store.reissue_token(table_id, seat_id)
        self.hub.call("kick", table_id, seat_id)
        self._notify(table_id, revoke=seat_id)
        return {"id": seat_id, "token": token, "invite": invite_link(base_url, table_id, token)}

    def export(self, table_id: str, seat: Seat) -> dict[str, Any]:
        """The whole table, every event whole: the GM's copy, secrets included; or, where the rule set
        keeps nothing from anyone (Capes), any seat's, once every event is checked to be one it may see
        (a secret is never handed out on the rule set's word alone)."""
        if not seat.is_gm:
            viewer = viewer_of(seat)

            def open_to_seat(table: Table) -> bool:
                return may_export(table, seat) and all(e.audience.admits(viewer) for e in table.log)

            if not self.cache.read(table_id, open_to_seat):
                raise NotPermitted("Only the GM can export the table: it holds what other seats may not see.")
        return self.store.export(table_id)

    # -- fan-out ---------------------------------------------------------------------------------

    def _notify(self, table_id: str, *, revoke: str | None = None) -> None:
        """Tell the other processes; the write stands even if this fails (their poll catches up)."""
        if self.notifier is None:
            return
        try:
            self.notifier.send(table_id, revoke=revoke)
        except Exception:
            log.exception("could not notify the other server processes about table %s", table_id)
