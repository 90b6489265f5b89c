"""A short Workshop fight at the web table: a GM and two players in three browser contexts.

Played through the pages (menu forms, given dice, prompt buttons) and the Workshop touch: the
tracker (acting order, Shot pips, Shock and Wounds meters, status chips, the rules on) and the
Active Defense prompt's exact odds. Every page sees the others' public actions live; the GM's
note never reaches a player's page. The harness (uvicorn on loopback, Debian's Chromium) is the
one ``tests/server/test_browser.py`` uses.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server import browser_fixtures as bf
from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import (
    CHROMIUM,
    Seats,
    assert_whole_log,
    field,
    give_dice,
    menu,
    prompt,
    shoot,
    sit,
)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

# the harness's fixtures, taken in from the one module of browser set-up
web_table, chromium, artifacts = bf.web_table, bf.chromium, bf.artifacts

SECRET = "Viper's backup waits on the roof"


def row(page: Page, name: str) -> object:
    """A combatant's row in the tracker."""
    return page.locator(".workshop-tracker tbody tr").filter(has=page.locator("th", has_text=name))


@pytest.mark.rules("WS-SEQ-002", "WS-SHOT-003", "WS-CORE-001", "WS-CORE-003", "WS-DMG-001", "WS-SHAKEN-001")
def test_workshop_fight__shots_active_defense_and_damage_live_in_three_browsers(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Warehouse", config={"shaken": True})
    table.act("gm", "add_character", id="jade", sample="jade", owner="ann")
    table.act("gm", "add_character", id="rook", sample="rook", owner="bo")
    table.act("gm", "add_character", id="viper", sample="viper")
    table.act("gm", "gm_note", text=SECRET)
    gm, ann, bo = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]

    # The GM starts the fight: Initiative from the Shot pools, Jade first on the tie-break.
    menu(gm, "start the fight").get_by_role("button", name="start the fight").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text(
            "Sequence 1 begins: Jade Tiger 5, Madame Viper 5, Rook 4."
        )
        expect(row(page, "Jade Tiger")).to_have_class("acting")  # type: ignore[attr-defined]
        expect(row(page, "Madame Viper").locator(".tokens")).to_have_attribute(  # type: ignore[attr-defined]
            "aria-label", "5 of 5 Shots"
        )
        expect(page.locator(".workshop-tracker .note")).to_contain_text("shaken")

    # Ann attacks Viper; the GM is asked about an Active Defense, with the exact odds:
    # 12 + dice vs 12 is P(dice >= 0) = 55%; vs 17 it is P(dice >= 5) = 15%.
    attack = menu(ann, "attack")
    field(attack, "targets").fill("viper")
    attack.locator("button[type=submit]").click()
    defend = prompt(gm, "Spend 1 of 5 Shots on Active Defense?")
    expect(defend.locator(".odds")).to_contain_text("55.0%")
    expect(defend.locator(".odds")).to_contain_text("15.0%")
    expect(ann.locator(".prompt", has_text="Active Defense")).to_have_count(0)
    shoot(gm, artifacts, "ws-1-gm-active-defense")
    give_dice(gm, "7 3")
    defend.get_by_role("button", name="Active Defense (1 Shot)").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("AV 16 vs Defense 17: miss by 1.")
        expect(row(page, "Madame Viper").locator(".tokens")).to_have_attribute(  # type: ignore[attr-defined]
            "aria-label", "4 of 5 Shots"
        )
    menu(ann, "end the turn").get_by_role("button", name="end the turn").click()

    # Viper shoots Rook; Bo keeps his passive Defense: 11 + 7 = 18 vs 11, PV 10 - 3 = 7:
    # 7 Shock, 1 Wound, Shaken; the Shock roll (9 + 3 - 1 = 11 vs 10) holds.
    shot = menu(gm, "attack")
    field(shot, "targets").fill("rook")
    shot.locator("button[type=submit]").click()
    answer = prompt(bo, "Spend 1 of 4 Shots on Active Defense?")
    give_dice(bo, "9 2 5 2")
    answer.get_by_role("button", name="passive Defense").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Rook takes 7 Damage: 7 Shock, 1 Wound (Shaken).")
        rook = row(page, "Rook")
        expect(rook.locator(".meter").first).to_have_attribute("aria-label", "Shock 7 of 12")  # type: ignore[attr-defined]
        expect(rook.locator(".chip")).to_have_text(["shaken"])  # type: ignore[attr-defined]
    shoot(bo, artifacts, "ws-2-bo-hit")

    for page, seat in ((gm, "gm"), (ann, "ann"), (bo, "bo")):
        assert_whole_log(page, table, seat)
    expect(gm.locator("body")).to_contain_text(SECRET)
    for page in (ann, bo):
        assert SECRET not in page.content()
    for page in pages:
        assert page.js_errors == []  # type: ignore[attr-defined]
