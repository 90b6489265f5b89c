"""The fields a ruleset marks GM-only (``gm_field``) are left out of a player's form in the browser.

Weaverdice's attack form showed a player "Hidden: A GM roll the players do not see" and a bonus, both
refused once used ("Only the GM can roll in secret."); a player's form now has neither, the GM's has
both, labelled "(GM only)". The harness is test_browser.py's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from capeworks.systems.weaverdice.samples import SAMPLES
from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, menu, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def test_wd_attack_form__a_player_sees_no_hidden_box_the_gm_does(web_table: str, chromium: Browser) -> None:
    table = Seats(web_table, "weaverdice", SEATS, title="Dockside brawl")
    table.act("gm", "add_character", sheet=SAMPLES["ramjet"], owner="ann")
    table.act("gm", "add_character", sheet=SAMPLES["thug"])
    table.act("gm", "start_combat", dice=(1,))  # Ramjet 8 + 1 = 9 ties the thug's 6 + 3; the PC goes first
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])
    attack = menu(ann, "attack")
    expect(field(attack, "target")).to_be_visible()
    expect(field(attack, "weapon")).to_be_visible()
    expect(attack.get_by_text("A GM roll the players do not see")).to_have_count(0)
    for gms in ("hidden", "bonus"):
        expect(attack.locator(f"[id$='-{gms}']")).to_have_count(0)
    table.act("ann", "end_turn", character="ramjet")  # the thug's turn: the GM attacks for it
    theirs = menu(gm, "attack")
    expect(field(theirs, "hidden")).to_be_visible()
    expect(field(theirs, "bonus")).to_be_visible()
    expect(theirs.get_by_text("A GM roll the players do not see")).to_be_visible()
    expect(theirs.locator("label[for$='-hidden']")).to_have_text("Hidden (GM only)")
    expect(theirs.locator("label[for$='-weapon']")).to_have_text("Weapon")
    for page in (ann, gm):
        assert page.js_errors == []  # type: ignore[attr-defined]
