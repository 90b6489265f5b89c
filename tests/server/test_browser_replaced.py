"""A seat's link replaced while its page is open, heard of by a call before the socket: the page
says so as it does when the socket closes with 4401 (test_browser.py's seats test), whatever call
was answered 401, never an error notice beside its stale buttons.

Each page here sits down with its socket held by Playwright (opened, never closed by the server),
so the 401 of an ordinary call is the first the page hears of the new link, as when the server's
close has not reached it yet. The harness is test_browser.py's.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, LIVE, Seats, menu, note_rotation

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def _held(socket: WebSocketRoute) -> None:
    """Keep the page's socket open and silent: the server never gets to close it."""


def sit_unhearing(browser: Browser, invite: str) -> Page:
    """A browser sitting down whose socket never hears from the server."""
    context = browser.new_context(viewport={"width": 1366, "height": 860})
    page = context.new_page()
    page.route_web_socket("**/ws*", _held)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(invite)
    expect(page.locator(".table-page")).to_be_visible()
    note_rotation(page, invite)
    page.set_default_timeout(LIVE)
    setattr(page, "js_errors", errors)  # noqa: B010  (read back at the end)
    return page


def replace_link(table: Seats, seat: str, by: str) -> None:
    """Give ``seat`` a new link, as ``by`` (over the API): the old one stops working at once."""
    response = httpx.post(
        f"{table.base_url}/api/tables/{table.id}/seats/{seat}/revoke",
        headers={"X-Seat-Token": table.token(by)},
    )
    assert response.status_code == 200, response.text
    table.tokens[seat] = response.json()["token"]


def assert_replaced_page(page: Page) -> None:
    expect(page.locator(".fatal h1")).to_have_text("This seat's link was replaced")
    expect(page.locator(".fatal [role=alert]")).to_contain_text("open the new link")
    expect(page.locator(".table-page")).to_have_count(0)
    expect(page.locator(".notice.error, .error")).to_have_count(0)
    expect(page.locator("button, input, select, textarea, summary")).to_have_count(0)
    assert page.js_errors == []  # type: ignore[attr-defined]


def test_replaced_link__the_seats_card_answered_401_shows_the_replaced_page(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    gm = sit_unhearing(chromium, table.invites["gm"])
    replace_link(table, "gm", by="gm")  # the GM's link opened elsewhere, say
    gm.locator(".seats-card").get_by_role("button", name="New link for Bo").click()
    assert_replaced_page(gm)


def test_replaced_link__a_forms_schema_answered_401_shows_the_replaced_page(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    ann = sit_unhearing(chromium, table.invites["ann"])
    replace_link(table, "ann", by="gm")
    entry = ann.locator("summary", has_text="create a character")
    # opening it fetches the form's schema, answered 401
    ann.locator("#actions .menu > li").filter(has=entry).locator("summary").click()
    assert_replaced_page(ann)


def test_replaced_link__a_command_answered_401_still_shows_the_replaced_page(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    ann = sit_unhearing(chromium, table.invites["ann"])
    add = menu(ann, "create a character")  # its schema fetched while the link still works
    replace_link(table, "ann", by="gm")
    add.locator("[id$='-id']").first.fill("ada")
    add.locator("[id$='-sample']").first.fill("ada")
    add.locator("button[type=submit]").click()
    assert_replaced_page(ann)


def test_replaced_link__download_the_whole_table_saves_nothing_and_shows_the_replaced_page(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    gm = sit_unhearing(chromium, table.invites["gm"])
    saved: list[str] = []
    gm.on("download", lambda d: saved.append(d.suggested_filename))
    replace_link(table, "gm", by="gm")
    # the export is answered 401: the page says the link was replaced, and no file is saved
    # (before: the link saved the server's 401 answer as table-<id>.json)
    gm.locator(".seats-card").get_by_text("Download the whole table").click()
    assert_replaced_page(gm)
    assert saved == []
