"""What a browser play pass found in the web table's words and forms, each as a player sees it.

The header named the rule set by its id ("workshop") until the list of systems loaded; the harness
is test_browser.py's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Route, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def test_header__names_the_system_by_its_title_before_the_list_of_systems_loads(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    context = chromium.new_context()
    held: list[Route] = []
    # the list of systems never answers: the header must not wait for it
    context.route("**/api/rulesets", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(table.invites["ann"])
        expect(page.locator(".table-page .system")).to_have_text("The Workshop")
    finally:
        context.close()
