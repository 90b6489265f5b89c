"""Weaverdice's "start a fight" form, as found playing it in Chromium: who rolls initiative (and who
spends Focus on speed or Tactics) were bare "one per line" boxes wanting ids. The Weaverdice touch
now offers the people at the table to tick by name, each sent by id. The harness is test_browser.py's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from capeworks.systems.weaverdice.samples import SAMPLES
from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, give_dice, menu, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.mark.rules("WD-COMBAT-004")
def test_wd_start_fight__who_fights_is_ticked_by_name(web_table: str, chromium: Browser) -> None:
    table = Seats(web_table, "weaverdice", SEATS, title="Dockside brawl")
    table.act("gm", "add_character", sheet=SAMPLES["ramjet"], owner="ann")
    table.act("gm", "add_character", sheet=SAMPLES["stave"], owner="bo")
    table.act("gm", "add_character", sheet=SAMPLES["thug"])
    gm, ann = sit(chromium, table.invites["gm"]), sit(chromium, table.invites["ann"])
    start = menu(gm, "start a fight")
    who = start.locator(".field.list").filter(has=gm.locator("[id$='-characters']"))
    expect(who.locator(".pick")).to_have_text(["Ramjet", "Stave", "Thug"])
    for name in ("Ramjet", "Stave"):
        who.locator(".pick", has_text=name).locator("input").check()
    expect(field(start, "characters")).to_have_value("ramjet\nstave")
    # only those two roll (WD-COMBAT-004, "everyone named"): Ramjet 8 + 1 = 9, Stave 8 + 5 = 13
    give_dice(gm, "1 5")
    start.locator("button[type=submit]").click()
    for page in (gm, ann):
        expect(page.locator(".log")).to_contain_text("Order: Stave, Ramjet.")
    assert gm.js_errors == [] and ann.js_errors == []  # type: ignore[attr-defined]
