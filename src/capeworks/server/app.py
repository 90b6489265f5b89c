"""The web table's application factory: ``create_app(store_url=...)``.

Wires the store, the live feeds, PostgreSQL fan-out (when the database is
PostgreSQL), the limits, the one error mapping, the REST and WebSocket
routes and, when installed, the browser front end: the routers named by the
``capeworks.pages`` entry points (``capeworks.web``'s pages), found by name so
the server never imports the package that plugs into it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager

from anyio import to_thread
from fastapi import FastAPI

from capeworks.server.dice_routes import dice_router
from capeworks.server.errors import install_error_handlers
from capeworks.server.feed import Hub
from capeworks.server.fronts import page_routers
from capeworks.server.guard import BrowserGuard
from capeworks.server.limits import BodyLimit, CreationGate, RateLimiter
from capeworks.server.notify import PgNotifier, is_postgres
from capeworks.server.odds_pool import TIMEOUT as ODDS_TIMEOUT
from capeworks.server.odds_pool import OddsPool
from capeworks.server.rest import rest_router
from capeworks.server.service import Tables
from capeworks.server.session_routes import session_router
from capeworks.server.ws import SEND_TIMEOUT, KeepServerSend, ws_router
from capeworks.store import Store

__all__ = ["create_app"]

#: largest request body (and WebSocket message) accepted, in bytes
MAX_BODY_BYTES = 65_536


def create_app(
    store_url: str | None = None,
    *,
    store: Store | None = None,
    max_body_bytes: int = MAX_BODY_BYTES,
    commands_per_second: float = 10.0,
    command_burst: int = 20,
    dice_per_second: float = 20.0,
    poll_seconds: float = 2.0,
    listen: bool | None = None,
    front_end: bool = True,
    worker_threads: int = 6,
    creation_token: str | None = None,
    tables_per_minute: float = 20.0,
    api_docs: bool = False,
    send_timeout: float = SEND_TIMEOUT,
    listener_check_seconds: float = 15.0,
    odds_workers: int | None = None,
    odds_timeout: float = ODDS_TIMEOUT,
    on_stop: Sequence[Callable[[], None]] = (),
) -> FastAPI:
    """The web table on the store at ``store_url`` (or the given ``store``).

    ``listen`` turns PostgreSQL LISTEN/NOTIFY fan-out on or off (default: on
    for PostgreSQL). The store is closed when the application stops, unless
    it was passed in. ``creation_token`` (when set) must come with every new
    table; ``api_docs`` serves /docs and /redoc (they load scripts from a CDN);
    ``send_timeout`` is how long a WebSocket that reads nothing may hold up a send
    before it is dropped; ``listener_check_seconds`` is how often the PostgreSQL listener
    checks that it still hears notifications (it reconnects when it does not). Odds and previews
    run in ``odds_workers`` worker processes (default: half the cores), each job at most
    ``odds_timeout`` seconds. ``on_stop`` are called, in order, when the application has stopped
    (after its own clean-up): the serving process's own resources, such as ``capeworks serve``'s
    store and collector, closed here because a server stopped by SIGTERM runs the lifespan's
    shutdown and then ends the process with that signal, past any ``finally`` around it.
    """
    owned = store is None
    the_store = store if store is not None else Store(store_url)
    hub = Hub(the_store, poll_seconds=poll_seconds)
    use_pg = is_postgres(the_store) if listen is None else listen
    notifier = PgNotifier(the_store, hub, check_seconds=listener_check_seconds) if use_pg else None
    tables = Tables(the_store, hub, RateLimiter(rate=commands_per_second, burst=command_burst), notifier)
    odds = OddsPool(workers=odds_workers, timeout=odds_timeout)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        # few worker threads: the work is Python (one GIL), and many runnable threads only
        # make each command wait longer for its turn (requests queue on the event loop instead)
        to_thread.current_default_thread_limiter().total_tokens = worker_threads
        if notifier is not None:
            notifier.start()
        try:
            yield
        finally:
            if notifier is not None:
                await notifier.stop()
            await hub.close()
            tables.close()
            odds.close()
            if owned:
                the_store.close()
            for stop in on_stop:
                stop()

    app = FastAPI(
        title="capeworks web table",
        version="1",
        summary="Superhero tabletop RPG tables, live: seats, commands, prompts and logs.",
        lifespan=lifespan,
        docs_url="/docs" if api_docs else None,
        redoc_url="/redoc" if api_docs else None,
    )
    app.state.tables = tables
    app.state.odds_pool = odds
    app.state.creation_gate = CreationGate(token=creation_token, per_minute=tables_per_minute)
    install_error_handlers(app)
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(BrowserGuard, docs_paths=frozenset({"/docs", "/redoc"}))
    app.add_middleware(KeepServerSend)
    app.include_router(rest_router(tables))
    app.include_router(session_router(tables))
    app.include_router(dice_router(RateLimiter(rate=dice_per_second, burst=int(dice_per_second * 2)), odds))
    app.include_router(ws_router(tables, max_bytes=max_body_bytes, send_timeout=send_timeout))
    for router in page_routers() if front_end else ():
        app.include_router(router)
    return app
