"""`capeworks serve`: run the live web table (see docs/web.md).

SQLite file by default (the same database as ``capeworks table``), PostgreSQL
by URL; several processes may share one PostgreSQL. ``--demo`` first makes a
ready table per installed system and prints each seat's invite link (what
``make run`` does).
"""

from __future__ import annotations

import sys

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded, safe
from capeworks.errors import InvalidCommand

__all__ = ["serve", "serve_app"]

serve_app = typer.Typer(help="Run the live web table.", add_completion=False)

#: printed above the demo links: what a link is, and who should get which
DEMO_INTRO = (
    "Demo tables, one per system. Each link seats whoever opens it in that seat: open the GM link "
    "yourself and send each player only their own (anyone holding a link can play that seat)."
)


def _no_demo_on_any_port() -> None:
    raise InvalidCommand("--demo prints links that name the port: give --port a number, not 0.")


@serve_app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (loopback by default)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    database_url: str | None = typer.Option(
        None,
        "--database-url",
        "--db",
        help="SQLAlchemy URL of the store (default: $CAPEWORKS_DATABASE_URL, else a SQLite file).",
    ),
    demo: bool = typer.Option(
        False, "--demo", help="First make a ready demo table per system and print its links."
    ),
    poll_seconds: float = typer.Option(
        2.0,
        "--poll-seconds",
        min=0.05,
        help="How often open tables are re-read besides notifications (catches writes by other programs).",
    ),
    creation_token: str | None = typer.Option(
        None,
        "--creation-token",
        envvar="CAPEWORKS_CREATION_TOKEN",
        help="Require this operator token to start a table (set one on a public host).",
    ),
    tables_per_minute: float = typer.Option(
        20.0, "--tables-per-minute", min=0.001, help="Tables each client address may start a minute."
    ),
    header_timeout: float = typer.Option(
        10.0, "--header-timeout", min=0.1, help="Seconds a client has to send a request's headers."
    ),
    api_docs: bool = typer.Option(
        False, "--api-docs", help="Serve Swagger UI at /docs and ReDoc at /redoc (scripts from a CDN)."
    ),
    json_out: bool = JSON_OPTION,
) -> None:
    """Serve the web table: REST + WebSocket API and the browser front end."""
    import uvicorn

    from capeworks.server import create_app
    from capeworks.server.app import MAX_BODY_BYTES
    from capeworks.server.collector import Collector
    from capeworks.server.demo import make_demo_tables
    from capeworks.server.http_timeouts import header_timeout_protocol
    from capeworks.store import Store

    if demo and port == 0:
        # the port is only known once uvicorn has bound it, after the links are printed
        run_guarded(_no_demo_on_any_port, as_json=json_out)
    store = run_guarded(lambda: Store(database_url), as_json=json_out)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    if demo:
        tables = run_guarded(lambda: make_demo_tables(store, base_url=base), as_json=json_out)
        if json_out:
            emit_json({"url": base, "database": store.url, "tables": [t.to_dict() for t in tables]})
        else:
            console.print(DEMO_INTRO, highlight=False)
            for table in tables:
                console.print(f"[bold]{safe(table.title)}[/] (table {safe(table.id)})", highlight=False)
                for seat, role, link in table.links:
                    who = "GM" if role == "gm" else "player"
                    console.print(f"  {who:<6} {safe(seat):<6} {link}", highlight=False, soft_wrap=True)
    elif json_out:
        emit_json({"url": base, "database": store.url, "tables": []})
    sys.stdout.flush()
    if not json_out:
        console.print(f"Serving the web table at {base} (database {safe(store.url)}); Ctrl-C stops.")
    closed = False

    def close() -> None:
        """Stop the collector and close the store, once: when the app stops (SIGTERM too) or after."""
        nonlocal closed
        if closed:
            return
        closed = True
        collector.stop()
        store.close()
        print("capeworks serve stopped; the database is closed.", file=sys.stderr, flush=True)

    app = create_app(
        store=store,
        poll_seconds=poll_seconds,
        creation_token=creation_token,
        tables_per_minute=tables_per_minute,
        api_docs=api_docs,
        on_stop=(close,),
    )
    collector = Collector().start()  # short collections on a schedule (see capeworks.server.collector)
    try:
        uvicorn.run(
            app,
            host=host,
            port=port,
            ws_max_size=MAX_BODY_BYTES,
            log_level="warning",
            proxy_headers=False,
            ws_per_message_deflate=False,
            http=header_timeout_protocol(header_timeout),
        )
    finally:
        # uvicorn re-raises SIGTERM once the app has stopped, so this runs only on Ctrl-C or an error
        close()
