"""A first evening at the web table: what a new player or GM tripped on, played through the pages.

Each test is one fault found by playing every ruleset's sample as a newcomer would (the dice box,
the dice typed in, bad input), kept so it stays fixed. The harness is test_browser.py's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: what the dice library says of "2d" (a die with no sides)
NO_SIDES = "Cannot read dice '2d'"


def test_dice_box__a_refused_roll_is_said_once_and_leaves_no_older_roll_beside_it(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    page = sit(chromium, table.invites["ann"])
    box = page.locator(".dicebox")
    box.locator("#dice-expr").fill("2d6")
    box.locator("#dice-expr").press("Enter")
    expect(box.locator(".rolled .die")).to_have_count(2)

    # Enter on notation the library refuses: its sentence once (the odds say it already), and the
    # 2d6 roll is no longer shown as if it were this one's (before: the sentence twice, 2d6 beside)
    box.locator("#dice-expr").fill("2d")
    box.locator("#dice-expr").press("Enter")
    expect(box.locator(".rolled")).to_have_count(0)
    expect(box.locator(".error")).to_have_count(1)
    expect(box.locator(".error")).to_contain_text(NO_SIDES)

    # other notation: the refusal of "2d" goes with it (before: it stayed under the new odds)
    box.locator("#dice-expr").fill("3d6")
    expect(box.locator(".bar")).to_have_count(16)
    expect(box.locator(".error")).to_have_count(0)
