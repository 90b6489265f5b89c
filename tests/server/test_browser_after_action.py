"""After a person acts at the web table, the buttons of the state before it are not left to click.

The REST answer to a command carries its entries, not the seat's new projection: that comes over the
socket. On a busy server (or a slow link) the socket's update lags, and the page showed the prompt
just answered with its buttons enabled again; a second click was refused ("no such prompt"). Here the
socket's messages are held back by Playwright, as a lagging update would be. The harness is
test_browser.py's.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, LIVE, Seats, give_dice, menu, note_rotation, prompt, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


class HeldSocket:
    """The page's socket to the server, whose messages to the page can be held back and let go."""

    def __init__(self) -> None:
        self.holding = False
        self.held: list[Any] = []
        self.page_side: WebSocketRoute | None = None

    def route(self, socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        self.page_side = socket

        def to_page(message: Any) -> None:
            if self.holding:
                self.held.append(message)
            else:
                socket.send(message)

        server.on_message(to_page)

    def let_go(self) -> None:
        self.holding = False
        assert self.page_side is not None
        for message in self.held:
            self.page_side.send(message)
        self.held.clear()


def sit_held(browser: Browser, invite: str, socket: HeldSocket) -> Page:
    context = browser.new_context(viewport={"width": 1366, "height": 860})
    page = context.new_page()
    page.route_web_socket("**/ws*", socket.route)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(invite)
    expect(page.locator(".table-page")).to_be_visible()
    expect(page.locator(".status.live")).to_be_visible()
    note_rotation(page, invite)
    page.set_default_timeout(LIVE)
    setattr(page, "js_errors", errors)  # noqa: B010  (read back at the end)
    return page


def test_answered_prompt__its_buttons_are_not_clickable_while_the_update_lags(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=5, task="crack the vault")
    socket = HeldSocket()
    ann = sit_held(chromium, table.invites["ann"], socket)
    call = prompt(ann, "crack the vault")
    roll = call.get_by_role("button", name="roll Science")
    expect(roll).to_be_enabled()

    socket.holding = True  # the socket's update lags from here on
    give_dice(ann, "6 5 2")  # 6 and 5 succeed at Science 3 vs 5: then a sacrifice is asked
    roll.click()
    expect(ann.locator(".notice")).to_have_text("Done.")
    # the answered call is never offered again: its button disabled, or the card gone
    expect(ann.locator(".prompt button:enabled", has_text="roll Science")).to_have_count(0)
    # and the page reads the new state itself when the socket is slow: the sacrifice is asked
    expect(prompt(ann, "Sacrifice how many")).to_be_visible()
    expect(ann.locator(".prompt", has_text="crack the vault")).to_have_count(0)

    socket.let_go()  # the lagging update, once it comes, changes nothing and takes nothing back
    expect(prompt(ann, "Sacrifice how many").locator("button").first).to_be_enabled()
    expect(ann.locator(".prompt", has_text="crack the vault")).to_have_count(0)
    assert ann.js_errors == []  # type: ignore[attr-defined]


def test_a_refusal__is_cleared_when_another_menu_entry_is_opened(web_table: str, chromium: Browser) -> None:
    # found probing every menu entry: the refusal of one form stayed on the page (an alert) while the
    # person filled in another, whose own empty fields the browser held back, so it read as that
    # form's refusal
    table = Seats(web_table, "bpb", SEATS)
    gm = sit(chromium, table.invites["gm"])
    add = menu(gm, "add a character")
    add.locator("button[type=submit]").click()  # neither a sample nor a sheet: refused
    expect(gm.locator(".notice.error")).to_contain_text("from a sample or from a sheet")
    menu(gm, "write a private note")
    expect(gm.locator(".notice.error")).to_have_count(0)
    assert gm.js_errors == []  # type: ignore[attr-defined]
