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


#: a pistol in hand: a ranged weapon on Dexterity, a tier-2 piercing wound (src 588, 602, 622-628)
PISTOL = {
    "name": "Pistol",
    "damage": "pierce",
    "tier": 2,
    "attack_stat": "dexterity",
    "ranged": True,
    "keywords": ["gun"],
}


@pytest.mark.rules("WD-COMBAT-017", "WD-EQUIP-002")
def test_wd_attack_form__a_weapon_named_fights_as_its_sheet_says(web_table: str, chromium: Browser) -> None:
    # the attack form sent every field it drew at its default (stat Brawn, damage bash, tier lesser,
    # melee ticked), and what an attack states outright beats its weapon's own (src 588: "Brawn or
    # Dexterity, depending on weapon"): Ramjet's pistol was swung in melee on Brawn for a lesser bash.
    # A field left as the form drew it is not sent now, so the pistol's own stat, damage and range hold
    table = Seats(web_table, "weaverdice", SEATS, title="Dockside shots")
    table.act("gm", "add_character", sheet={**SAMPLES["ramjet"], "held": [PISTOL]}, owner="ann")
    table.act("gm", "add_character", sheet=SAMPLES["thug"])
    table.act("gm", "start_combat", dice=(1,))  # Ramjet 8 + 1 = 9 ties the thug's 6 + 3; the PC goes first
    ann = sit(chromium, table.invites["ann"])
    attack = menu(ann, "attack")
    field(attack, "target").fill("thug")
    field(attack, "weapon").fill("Pistol")
    give_dice(ann, "6 6")
    attack.locator("button[type=submit]").click()
    expect(ann.locator(".notice")).to_have_text("Done.")
    thug = ann.locator(".wd-tracker .wd-fighter[data-character='thug']")
    expect(thug.locator(".wd-slot.wound.d-pierce")).to_have_count(1)
    expect(thug.locator(".wd-slot.wound.d-bash")).to_have_count(0)
    assert ann.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("WD-GRAPPLE-002")
def test_wd_brace__a_held_pc_braces_from_the_menu_with_nothing_to_type(
    web_table: str, chromium: Browser
) -> None:
    # src 932: either side may spend Stamina on a grapple roll. The brute grabs Ramjet: Ann's menu has
    # the brace against the brute's hold, the holder named already, and one press of its button braces
    table = Seats(web_table, "weaverdice", SEATS, title="Dockside brawl")
    table.act("gm", "add_character", sheet=SAMPLES["ramjet"], owner="ann")
    brute = {"id": "brute", "name": "Brute", "tier": "notable", "stats": {"brawn": 3, "athletics": 2}}
    table.act("gm", "add_character", sheet=brute)
    table.act("gm", "start_combat", dice=(1, 6))  # the brute first
    table.act("gm", "grab", dice=(6,), character="brute", target="ramjet")
    ann = sit(chromium, table.invites["ann"])
    ann.locator(".prompt").get_by_role("button", name="take", exact=True).click()
    brace = menu(ann, "brace against a hold")
    expect(brace.locator("summary")).to_contain_text("Ramjet, Brute")
    expect(brace.locator("[id$='-holder']")).to_have_count(0)
    brace.locator("button[type=submit]").click()
    expect(ann.locator(".log")).to_contain_text("Ramjet braces against Brute's hold: 1 Stamina")
    assert ann.js_errors == []  # type: ignore[attr-defined]
