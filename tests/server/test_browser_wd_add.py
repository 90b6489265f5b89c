"""The GM adds every kind of Weaverdice character in the browser (issue 18, found by new users): a
sample, a sheet pasted as YAML (hidden from the players) and one filled in a form of its fields."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.server.test_browser import CHROMIUM, Seats, field, menu, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


SEATS = [{"id": "gm", "name": "Gail", "role": "gm"}, {"id": "ann", "name": "Ann", "role": "player"}]
#: on the hidden NPC's pasted sheet: never on a player's page
SECRET = "keeps the vault code in his glove"


@pytest.mark.rules("WD-NPC-001", "WD-NPC-002", "WD-NPC-003")
def test_gm_adds_a_sample_a_pasted_hidden_sheet_and_a_form_character(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "weaverdice", SEATS, title="Roster")
    gm, ann = (sit(chromium, table.invites[s]) for s in ("gm", "ann"))

    add = menu(gm, "add a character")
    field(add, "sample").fill("thug")
    add.locator("button[type=submit]").click()
    expect(gm.locator(".wd-sheets summary", has_text="Thug")).to_be_visible()

    add = menu(gm, "add a character")
    pasted = f"id: boss\nname: Boss\ntier: notable\nstats:\n  brawn: 5\nspecial: {SECRET}\n"
    field(add, "sheet").fill(pasted)
    field(add, "hidden").check()
    add.locator("button[type=submit]").click()
    expect(gm.locator(".wd-sheets")).to_contain_text(SECRET)

    form = menu(gm, "create a character from a form")
    field(form, "id").fill("vic")
    field(form, "name").fill("Vic")
    field(form, "brawn").fill("4")
    field(form, "skills").fill("Brawl: brawn")
    field(form, "owner").fill("ann")
    form.locator("button[type=submit]").click()
    expect(ann.locator(".wd-sheets summary", has_text="Vic")).to_be_visible()
    expect(ann.locator(".log")).to_contain_text("Boss")  # a name joins; the sheet stays the GM's
    assert SECRET not in ann.content()
    for page in (gm, ann):
        assert page.js_errors == []  # type: ignore[attr-defined]
