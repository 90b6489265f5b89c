"""The fields a ruleset marks GM-only (``gm_field``) are left out of a player's form in the browser.

Weaverdice's attack form showed a player "Hidden: A GM roll the players do not see" and a bonus, both
refused once used ("Only the GM can roll in secret."); a player's form now has neither, the GM's has
both, labelled "(GM only)". The harness is test_browser.py's.
"""

from __future__ import annotations

import re
from typing import Any

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


@pytest.mark.rules("BPB-PP-013", "BPB-ACT-005")
def test_bpb_spend_form__a_players_choices_lack_another_use_the_gms_mark_it(
    web_table: str, chromium: Browser
) -> None:
    # a plot point's other use is the GM's to permit (src 465), so is the movement action spent on an
    # equivalent one (src 127): a player's select offered them, and the table refused them once picked
    table = Seats(web_table, "bpb", SEATS, title="Warehouse")
    table.act("gm", "add_character", id="widow", sample="widow", owner="ann")
    table.act("gm", "add_character", id="adler", sample="agent-a")  # the GM's menu offers its own NPC's
    table.act("gm", "start_session")
    table.act("gm", "award", character="adler", reason="a villain's break")
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])

    def offered(page: Any, label: str) -> list[str]:
        kind = field(menu(page, label), "kind")
        expect(kind).to_be_visible()
        return [o.strip() for o in kind.locator("option:not([disabled])").all_inner_texts()]

    assert offered(ann, "spend a plot point") == ["boost", "stunt", "rally", "retcon"]
    assert offered(gm, "spend a plot point") == ["boost", "stunt", "rally", "retcon", "other (GM only)"]
    assert offered(ann, "free or roleplay action") == ["free", "roleplay"]
    assert offered(gm, "free or roleplay action") == ["free", "roleplay", "movement (GM only)"]
    for page in (ann, gm):
        assert page.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("BPB-DEF-008", "BPB-DEF-009")
def test_bpb_defend_prompt__the_gm_answers_a_players_hit_with_a_dive_for_cover(
    web_table: str, chromium: Browser
) -> None:
    # where cover is is the GM's to say (src 393-395), and a player's attack names none: the GM's prompt for
    # Adler offers his dive with cover within his base move (10 x Agility 2 = 20 ft), a button (before: only
    # block, dodge or take; the dive only through the CLI's cover_ft=). Ann's Venom Sting 4 + [4 3] = 11 vs 10
    table = Seats(web_table, "bpb", SEATS, title="Warehouse")
    table.act("gm", "add_character", id="widow", sample="widow", owner="ann")
    table.act("gm", "add_character", id="adler", sample="agent-a")
    table.act("gm", "start_fight", characters="widow, adler", aware_first="widow, adler")
    table.act("ann", "attack", attacker="widow", target="adler", power="Venom Sting", dice=(4, 3))
    pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann")]
    card = pages[0].locator(".prompt").filter(has_text="Agent Adler is hit by Venom Sting").first
    dive = card.get_by_role("button", name=re.compile("dive for cover within a base move"))
    expect(dive).to_contain_text("20 ft")
    dive.click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Agent Adler dives for cover and is safe.")
        assert page.js_errors == []  # type: ignore[attr-defined]
