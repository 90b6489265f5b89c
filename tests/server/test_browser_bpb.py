"""A short Bulletproof Blues fight at the web table: a GM and two players in three browser contexts.

Played through the pages (the menu's forms, given dice, prompt buttons with their odds) and
the BPB touch (the order of play with Endurance meters); each seat sees the others' public
actions live, and the GM's note never reaches a player's page. The harness is test_browser.py's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, give_dice, menu, prompt, shoot, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


SECRET = "Adler sold the plans to the Syndicate"


@pytest.mark.rules("BPB-ATK-001", "BPB-DEF-006", "BPB-TURN-004", "BPB-ROLL-001", "BPB-INIT-002")
def test_bpb_fight__attack_forced_dodge_and_grab_live_in_three_browsers(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "bpb", SEATS, title="Warehouse")
    table.act("gm", "add_character", id="widow", sample="widow", owner="ann")
    table.act("gm", "add_character", id="ganyeka", sample="ganyeka", owner="bo")
    table.act("gm", "add_character", id="adler", sample="agent-a")
    table.act("gm", "gm_note", text=SECRET)
    gm, ann, bo = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]
    expect(gm.locator("body")).to_contain_text(SECRET)

    # The GM starts the fight: Perception 4 (Widow), then 3 and Agility 3 (Ganyeka) over 2 (Adler).
    start = menu(gm, "start a fight")
    field(start, "characters").fill("widow, ganyeka, adler")
    start.locator("button[type=submit]").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Order of play: Widow, Ganyeka, Agent Adler.")
        expect(page.locator(".bpb-tracker .bpb-fighter")).to_have_count(3)
        expect(page.locator(".bpb-fighter.current")).to_have_attribute("data-name", "Widow")

    # Ann stings Adler: Accuracy 4 + [4 3] = 11 vs 8 + Agility 2 = 10, a hit.
    attack = menu(ann, "attack")
    field(attack, "target").fill("adler")
    field(attack, "power").fill("Venom Sting")
    give_dice(ann, "4 3")
    attack.locator("button[type=submit]").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text(
            "Widow attacks Agent Adler (Venom Sting): [4 3] + 4 = 11 vs 10"
        )

    # Only the GM is asked, with the odds of each answer: a forced dodge, Agility 2 vs 13, needs 11+: 8%.
    dodge = prompt(gm, "Agent Adler is hit by Venom Sting")
    expect(dodge.get_by_role("button", name=re.compile(r"^dodge \("))).to_contain_text("8%")
    expect(ann.locator(".prompt", has_text="is hit by")).to_have_count(0)
    shoot(gm, artifacts, "bpb-1-gm-dodge-odds")
    give_dice(gm, "6 6")
    dodge.get_by_role("button", name=re.compile(r"^dodge \(")).click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Agent Adler tries to dodge: [6 6] + 2 = 14 vs 13")
        expect(page.locator(".log")).to_contain_text("The attack is negated.")
        expect(page.locator(".bpb-fighter[data-name='Agent Adler'] .bpb-turn")).to_contain_text("forced")

    # Ann ends her turn; Bo's Ganyeka grabs and throws Adler (Prowess 4 + 7 = 11 vs 10; Adler's
    # break-out 2 + 4 = 6 vs 13): 50 feet, DR 4 less the vest's 2.
    menu(ann, "end the turn").get_by_role("button", name="end the turn").click()
    for page in pages:
        expect(page.locator(".bpb-fighter.current")).to_have_attribute("data-name", "Ganyeka")
    grab = menu(bo, "grab")
    field(grab, "target").fill("adler")
    field(grab, "manoeuvre").fill("throw")
    give_dice(bo, "4 3 2 2")
    grab.locator("button[type=submit]").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Ganyeka throws Agent Adler 50 ft (throw rank 4, DR 4)")
        expect(page.locator(".bpb-fighter[data-name='Agent Adler'] .bpb-endurance")).to_contain_text("2/4")
    shoot(ann, artifacts, "bpb-2-ann-tracker")

    for page in (ann, bo):
        assert SECRET not in page.content()
    for page in pages:
        assert page.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("BPB-RANGE-002", "BPB-RANGE-003")
def test_bpb_range__a_players_shot_beyond_range_waits_for_the_gms_ruling_in_the_browser(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    # src 111: beyond range the attack is possible "at the GM's discretion"; declared possible, +3 a band.
    # Widow's Venom Sting (rank 5) reaches band 5; Adler 10,000 ft away is one band beyond: the GM is asked,
    # with the odds: Accuracy 4 vs 8 + 2 + 3 = 13, needs 9+ on 2d6: 28%.
    table = Seats(web_table, "bpb", SEATS, title="Rooftops")
    table.act("gm", "add_character", id="widow", sample="widow", owner="ann")
    table.act("gm", "add_character", id="adler", sample="agent-a")
    table.act("gm", "start_fight", characters="widow, adler", aware_first="widow, adler")
    gm, ann = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann")]
    attack = menu(ann, "attack")
    field(attack, "target").fill("adler")
    field(attack, "power").fill("Venom Sting")
    field(attack, "distance_ft").fill("10000")
    attack.locator("button[type=submit]").click()
    asked = "Widow attacks Agent Adler with Venom Sting, 1 range band beyond its range"
    for page in pages:
        expect(page.locator(".log")).to_contain_text(
            f"{asked}: the GM decides whether the attack is possible."
        )
    ruling = prompt(gm, "is the attack possible?")
    expect(ruling.get_by_role("button", name=re.compile("^possible"))).to_contain_text("4 vs 13, 28%")
    expect(ann.locator(".prompt", has_text="is the attack possible?")).to_have_count(0)
    shoot(gm, artifacts, "bpb-3-gm-range-ruling")
    give_dice(gm, "5 4")
    ruling.get_by_role("button", name=re.compile("^possible")).click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("The GM declares Widow's attack on Agent Adler possible")
        expect(page.locator(".log")).to_contain_text(
            "Widow attacks Agent Adler (Venom Sting): [5 4] + 4 = 13"
            " vs 8 + Agility 2 + 3 (1 range band beyond) = 13"
        )
    for page in pages:
        assert page.js_errors == []  # type: ignore[attr-defined]
