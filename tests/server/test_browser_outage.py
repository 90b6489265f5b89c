"""A browser rides out a PostgreSQL outage (issue 21, defect 4), in Chromium.

The page's socket drops while PostgreSQL is stopped; every reconnect meets
the outage. The page must say it is reconnecting (never "closed" with the
revoked-invitation sentence), keep trying with backoff, and once PostgreSQL
is back resume from its version with every entry once.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.server.conftest import serving
from tests.server.test_browser import (  # noqa: F401  (chromium: a shared fixture)
    CHROMIUM,
    LIVE,
    RWYN_SEATS,
    Seats,
    _free_port,
    assert_whole_log,
    chromium,
    note_rotation,
)
from tests.server.test_outage import PausablePostgres, pausable  # noqa: F401

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
    pytest.mark.postgres,
]


@pytest.fixture
def pg_web_table(pausable: PausablePostgres) -> Iterator[str]:  # noqa: F811
    """The web table served by uvicorn on loopback, on the pausable PostgreSQL."""
    from capeworks.server import create_app

    yield from serving(create_app(pausable.new_database(), poll_seconds=0.5, tables_per_minute=1e4))


def test_postgres_outage__the_page_keeps_reconnecting_and_resumes(
    pg_web_table: str,
    chromium: Browser,  # noqa: F811
    pausable: PausablePostgres,  # noqa: F811
) -> None:
    table = Seats(pg_web_table, "rwyn", RWYN_SEATS, title="Outage")
    context = chromium.new_context(viewport={"width": 1200, "height": 800})
    page = context.new_page()
    page.set_default_timeout(LIVE)
    routes: list[Any] = []
    codes: list[int] = []

    def through(ws: Any) -> None:
        server = ws.connect_to_server()

        def closed(code: int | None, reason: str | None) -> None:
            # a close handler stops Playwright forwarding the close: pass it on as the server sent it
            codes.append(code or 1005)
            ws.close(code=code, reason=reason)

        server.on_close(closed)
        routes.append(ws)

    page.route_web_socket(re.compile(r"/api/tables/.*/ws"), through)
    page.goto(table.invites["ann"])
    expect(page.locator(".status.live")).to_be_visible()
    note_rotation(page, table.invites["ann"])
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    expect(page.locator(".log")).to_contain_text("Ada")

    pausable.pause()
    try:
        opened = len(routes)
        routes[-1].close()
        # at least two reconnects meet the outage: the server says "try again later", the page does
        deadline = time.monotonic() + LIVE / 1000
        while len([c for c in codes if c == 1013]) < 2 and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert len([c for c in codes if c == 1013]) >= 2, codes
        assert len(routes) > opened + 1
        expect(page.locator(".status.offline")).to_be_visible()
        assert page.locator(".status.refused").count() == 0
        assert "invitation no longer opens" not in page.content()
    finally:
        pausable.resume()
    # back: the page reconnects by itself and shows what happened meanwhile, once
    expect(page.locator(".status.live")).to_be_visible()
    table.act("gm", "add_character", id="rook", sample="rook", owner="bo")
    expect(page.locator(".log")).to_contain_text("Rook joins the game")
    assert_whole_log(page, table, "ann")
    context.close()
