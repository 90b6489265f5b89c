"""The Workshop's shots combat at the web table: a GM and two players, each in a browser context.

Found by playing it in Chromium: an attack's ``targets`` were a bare "one per line" box, and the
rules take combatant ids ("viper") that no page shows (the tracker and the log name "Madame
Viper"), so a player could not say whom to attack. A list field now offers its likely values to
tick by name (the Workshop's touch names the combatants), each sent by id. The harness is
test_browser.py's.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from capeworks.systems.workshop.samples import SHEETS
from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, give_dice, menu, prompt, shoot, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def test_workshop_attack__targets_are_ticked_by_name_and_sent_by_id(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop", config={"shaken": True, "stun": True})
    table.act("ann", "add_character", id="jade", sample="jade")
    table.act("bo", "add_character", id="rook", sample="rook")
    table.act("gm", "add_character", id="viper", sample="viper")
    table.act("gm", "add_character", id="thug", sample="thug")
    table.act("gm", "start_sequence")  # Jade 5, Viper 5 (ties by Shot Count, Agility, order), Rook 4, Thug 2
    gm, ann, bo = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]

    attack = menu(ann, "attack")
    picks = attack.locator(".picks .pick")
    # every other combatant, by name; never Jade herself
    expect(picks).to_have_text(["Rook", "Madame Viper", "Thug"])
    tick = {n: attack.locator(".picks label", has_text=n).locator("input") for n in ("Madame Viper", "Thug")}
    tick["Madame Viper"].check()
    tick["Thug"].check()
    expect(field(attack, "targets")).to_have_value("viper\nthug")
    tick["Thug"].uncheck()  # what is left ticked is exactly what the box holds
    expect(field(attack, "targets")).to_have_value("viper")
    weapons = attack.locator("datalist[id$='-weapon-options'] option")
    assert weapons.evaluate_all("os => os.map(o => o.value)") == ["staff"]  # Jade's sheet's one weapon
    shoot(ann, artifacts, "workshop-1-ann-targets")
    attack.locator("button[type=submit]").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Jade Tiger attacks Madame Viper.")

    # the GM answers the Active Defense prompt: 7 + 3 on a Shot's defense, as the sample plays it (a miss)
    give_dice(gm, "7 3")
    prompt(gm, "Jade Tiger attacks Madame Viper").get_by_role("button", name="Active Defense").click()
    for page in pages:
        expect(page.locator(".log")).to_contain_text("Madame Viper")
        expect(page.locator(".prompt", has_text="Spend 1 of")).to_have_count(0)
        # the roll the GM's answer set off is Ann's Jade attacking: never "Gail: Jade Tiger attacks"
        roll = page.locator(".log .entry[data-type='workshop.attack_rolled']")
        expect(roll.locator(".actor")).to_have_text("Ann:")

    # the GM calls for a roll: the combatants are offered by id with their names, then Jade's own traits
    call = menu(gm, "call for a roll")
    chars = call.locator("datalist[id$='-character-options'] option")
    assert chars.evaluate_all("os => os.map(o => [o.value, o.label])") == [
        ["jade", "Jade Tiger"],
        ["rook", "Rook"],
        ["viper", "Madame Viper"],
        ["thug", "Thug"],
    ]
    field(call, "character").fill("jade")
    expect(call.locator(".picks .pick").first).to_have_text("Agility")
    for trait in ("Agility", "Stunt"):
        call.locator(".picks label", has_text=trait).locator("input").check()
    expect(field(call, "traits")).to_have_value("Agility\nStunt")
    field(call, "difficulty").fill("15")
    call.locator("button[type=submit]").click()
    expect(ann.locator(".prompt", has_text="Agility")).to_be_visible()
    assert ann.js_errors == [] and gm.js_errors == [] and bo.js_errors == []  # type: ignore[attr-defined]


def test_workshop_add_combatant__samples_are_named_and_suggested(web_table: str, chromium: Browser) -> None:
    # found playing: "Sample" was a bare box; the names the rules take were nowhere on the page
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    gm = sit(chromium, table.invites["gm"])
    add = menu(gm, "add a combatant")
    samples = add.locator("datalist[id$='-sample-options'] option")
    assert samples.evaluate_all("os => os.map(o => o.value)") == ["jade", "rook", "viper", "thug", "goons"]
    expect(add.locator(".field", has=gm.locator("[id$='-sample']")).locator(".about")).to_have_text(
        "A shipped sample instead of a sheet: jade, rook, viper, thug, goons (viper, thug, goons: the GM's)."
    )
    field(add, "id").fill("viper")
    field(add, "sample").fill("viper")
    add.locator("button[type=submit]").click()
    expect(gm.locator(".log")).to_contain_text("Madame Viper joins the fight")


def test_workshop_add_combatant__a_sample_comes_as_its_sheet_says(web_table: str, chromium: Browser) -> None:
    # the form sent every field it drew at its default (named ticked, count 1, Health 10, Toughness 4,
    # Defense 10), and a sample takes only the fields not given: the goons (six unnamed mooks,
    # WS-MOOK-004/005, src 175) came as one named goon of Health 10, and Madame Viper had the form's
    # Health, Toughness and Defense. A field left as the form drew it is not sent now
    table = Seats(web_table, "workshop", SEATS, title="Warehouse")
    gm = sit(chromium, table.invites["gm"])
    for sample in ("goons", "viper"):
        add = menu(gm, "add a combatant")
        # the box drawn ticked says what leaving it so means
        expect(add.locator(".field", has=gm.locator("[id$='-named']")).locator(".about")).to_contain_text(
            "Left alone with a sample: the sample's own (the goons are unnamed)."
        )
        field(add, "id").fill(sample)
        field(add, "sample").fill(sample)
        add.locator("button[type=submit]").click()
        expect(gm.locator(".notice")).to_have_text("Done.")
    expect(gm.locator(".log")).to_contain_text("Goons join the fight (villains)")
    expect(gm.locator(".log")).to_contain_text("Madame Viper joins the fight (villains)")
    view = httpx.get(f"{web_table}/api/tables/{table.id}", headers={"X-Seat-Token": table.token("gm")}).json()
    characters = view["view"]["characters"]
    goons, viper = characters["goons"], characters["viper"]
    assert (goons["named"], goons["count"], goons["health"], goons["toughness"], goons["defense"]) == (
        False,
        SHEETS["goons"]["count"],
        SHEETS["goons"]["health"],
        SHEETS["goons"]["toughness"],
        SHEETS["goons"]["defense"],
    )
    assert (viper["named"], viper["health"], viper["toughness"], viper["defense"]) == (
        True,
        SHEETS["viper"]["health"],
        SHEETS["viper"]["toughness"],
        SHEETS["viper"]["defense"],
    )
    assert gm.js_errors == []  # type: ignore[attr-defined]


def test_workshop_tracker__a_groups_head_count_is_a_chip_of_its_own(
    web_table: str, chromium: Browser
) -> None:
    # the tracker split the Status cell at commas and the panel ends an unnamed group's cell with its
    # head count, so the goons' Active Defense read "loses_action x6": six lost Actions, to a new
    # player, where it is one lost Action of a group of six
    table = Seats(web_table, "workshop", SEATS, title="Warehouse")
    table.act("ann", "add_character", id="jade", sample="jade")
    table.act("gm", "add_character", id="goons", sample="goons")
    ann = sit(chromium, table.invites["ann"])
    goons = ann.locator(".workshop-tracker tr", has_text="Goons").locator(".chip")
    expect(goons).to_have_text(["6 in the group"])
    table.act("gm", "start_sequence")
    table.act("ann", "attack", character="jade", targets=["goons"])
    # the goons dodge (a Shot, and their next Action); dice 1 and 1: 12 + 0 = AV 12 vs Defense 13, a miss
    table.act("gm", "answer", (1, 1), prompt=_gm_prompt(web_table, table), option="yes")
    expect(ann.locator(".log")).to_contain_text("Goons spend a Shot on an Active Defense")
    expect(goons.filter(has_text="loses action")).to_have_count(1)
    expect(goons.filter(has_text="6 in the group")).to_have_count(1)
    expect(goons.filter(has_text="_")).to_have_count(0)
    expect(ann.locator(".log")).to_contain_text("vs Defense 13: miss")
    assert ann.js_errors == []  # type: ignore[attr-defined]


def _gm_prompt(web_table: str, table: Seats) -> str:
    """The id of the GM's one open prompt."""
    view = httpx.get(f"{web_table}/api/tables/{table.id}", headers={"X-Seat-Token": table.token("gm")}).json()
    (prompt,) = view["prompts"]
    return str(prompt["id"])
