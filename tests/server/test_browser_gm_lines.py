"""Whose line a log entry reads as, in the GM's and the players' tabs (web52).

The web log puts the acting seat's name before a line ("Ann: Jade Tiger attacks..."). A note the rules
make for the GM alone, brought up by a player's action, is no line of that player's. The harness is
test_browser.py's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, give_dice, prompt, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.mark.rules("WS-CORE-001")
def test_workshop_fumble__the_gms_narration_note_reads_as_the_gms_not_under_the_players_name(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    table.act("ann", "add_character", id="jade", sample="jade")
    gm, ann = sit(chromium, table.invites["gm"]), sit(chromium, table.invites["ann"])
    table.act("gm", "call_check", character="jade", traits=["Agility", "Athletics"], difficulty=60)
    # Ann rolls the called check from her prompt with her own dice: a double 10 that fails, a Fumble
    give_dice(ann, "10 10")
    call = prompt(ann, "Roll Jade Tiger's Agility+Athletics vs 60 (0.0%).")  # the odds, before the roll
    call.get_by_role("button", name="roll").click()
    said = "For the GM: Jade Tiger's"
    note = gm.locator(".log .entry[data-type='workshop.narration_due']")
    expect(note).to_contain_text(said)
    expect(note).to_contain_text("is a Fumble. The rules give it no effect: narrate what goes wrong.")
    expect(note.locator(".secret-badge")).to_have_text("GM only")
    # it read "Ann: For the GM: ... narrate what goes wrong." as though Ann had said it
    expect(note.locator(".actor")).to_have_count(0)
    # the roll itself is still Ann's line
    rolled = gm.locator(".log .entry[data-type='workshop.check_rolled']")
    expect(rolled.locator(".actor")).to_have_text("Ann:")
    prompt(gm, said)
    # Ann sees her roll and nothing of the GM's note, in the log or as a prompt
    expect(ann.locator(".log .entry[data-type='workshop.check_rolled']")).to_have_count(1)
    expect(ann.locator(".log .entry[data-type='workshop.narration_due']")).to_have_count(0)
    expect(ann.locator("body")).not_to_contain_text("For the GM")
    # the GM marks it narrated: the prompt closes and the line is the GM's own, in the GM's words
    prompt(gm, said).get_by_role("button", name="Narrated").click()
    expect(gm.locator(".prompt").filter(has_text=said)).to_have_count(0)
    done = gm.locator(".log .entry[data-type='workshop.narrated']")
    expect(done.locator(".text")).to_have_text("The GM has narrated it.")
    expect(done.locator(".actor")).to_have_count(0)
    expect(ann.locator(".log .entry[data-type='workshop.narrated']")).to_have_count(0)
    assert gm.js_errors == [] and ann.js_errors == []  # type: ignore[attr-defined]
