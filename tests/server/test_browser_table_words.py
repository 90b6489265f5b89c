"""What a browser play pass found in the web table's words and forms, each as a player sees it.

The header named the rule set by its id ("workshop") until the list of systems loaded; a player's
log numbers skipped where a hidden entry sat; a list of objects (the Workshop's weapons) and a map
of words (a BPB fight's sides) could not be typed in the generic form. The harness is
test_browser.py's.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, menu, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


def test_header__names_the_system_by_its_title_before_the_list_of_systems_loads(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    context = chromium.new_context()
    held: list[Route] = []
    # the list of systems never answers: the header must not wait for it
    context.route("**/api/rulesets", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(table.invites["ann"])
        expect(page.locator(".table-page .system")).to_have_text("The Workshop")
    finally:
        context.close()


def _numbers(page: Page) -> list[str]:
    return list(page.locator(".log .entries > li .seq").all_inner_texts())


@pytest.mark.rules("TABLE-UNDO")
def test_log__a_players_numbers_skip_no_hidden_entry_and_the_gm_keeps_the_tables(
    web_table: str, chromium: Browser
) -> None:
    # found playing: a player's log went #6, #8 where the GM's secret note was #7
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    table.act("gm", "add_character", id="jade", sample="jade", owner="ann")
    table.act("gm", "gm_note", text="the thug is Viper's brother")
    table.act("gm", "add_character", id="viper", sample="viper")
    table.act("gm", "undo")  # Viper's joining is taken back
    table.act("gm", "undo")  # then the note, which Ann never saw
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])

    seqs = table.log_seqs("ann")
    assert seqs != list(range(seqs[0], seqs[0] + len(seqs)))  # the note's seq is missing from Ann's log
    expect(ann.locator(".log .entries > li")).to_have_count(len(seqs))
    assert _numbers(ann) == [f"#{n}" for n in range(1, len(seqs) + 1)]
    # the GM's log is numbered as the table is (the number an undo request names)
    gm_seqs = table.log_seqs("gm")
    expect(gm.locator(".log .entries > li")).to_have_count(len(gm_seqs))
    assert _numbers(gm) == [f"#{s}" for s in gm_seqs]

    # the undo names Viper's joining by the number each page shows beside it
    for page in (ann, gm):
        joined = page.locator(".log .entry", has_text="Madame Viper joins the fight")
        number = joined.locator(".seq").inner_text()
        expect(page.locator(".log .entry[data-type='table.reverted']").first).to_have_text(
            re.compile(rf"Undo: the action logged at {number} is taken back\.")
        )
    # the note's undo is no more Ann's to see than the note
    expect(ann.locator(".log .entry[data-type='table.reverted']")).to_have_count(1)
    note = gm.locator(".log .entry", has_text="Viper's brother").locator(".seq").inner_text()
    expect(gm.locator(".log .entry[data-type='table.reverted']").last).to_contain_text(
        f"Undo: the action logged at {note} is taken back."
    )
    assert ann.js_errors == [] and gm.js_errors == []  # type: ignore[attr-defined]
    for page in (ann, gm):
        page.context.close()


def test_workshop_add_combatant__weapons_are_typed_one_a_line_and_wall_at_is_explained(
    web_table: str, chromium: Browser
) -> None:
    # found playing: a combatant's weapons (a list of objects) could not be typed; "Wall At" was unexplained
    table = Seats(web_table, "workshop", SEATS, title="Rooftop")
    gm = sit(chromium, table.invites["gm"])
    add = menu(gm, "add a combatant")
    about = add.locator(".field", has=gm.locator("[id$='-weapons']")).locator(".about")
    expect(about).to_contain_text("the attribute and skill it attacks with and its Damage")
    expect(about).to_contain_text("One a line, as “name: …, attribute: Agility, skill: Guns, damage: 0")
    field(add, "id").fill("kit")
    field(add, "name").fill("Kit Carver")
    weapons = field(add, "weapons")
    # a line that is not field: value pairs is refused in words, and nothing is sent
    weapons.fill("claws 8")
    add.locator("button[type=submit]").click()
    expect(add.locator(".error")).to_contain_text("Write each Weapons line as field: value pairs")
    weapons.fill(
        'name: claws, attribute: Agility, skill: Martial Arts, damage: 8\n{"name": "rifle", "damage": 12}'
    )
    add.locator("button[type=submit]").click()
    expect(gm.locator(".log")).to_contain_text("Kit Carver joins the fight")
    view = httpx.get(
        f"{web_table}/api/tables/{table.id}", headers={"X-Seat-Token": table.token("gm")}
    ).json()["view"]
    kit = (view.get("state") or view)["characters"]["kit"]
    assert kit["weapons"] == {
        "claws": {
            "name": "claws",
            "attribute": "Agility",
            "skill": "Martial Arts",
            "damage": 8,
            "covering_fire": False,
        },
        "rifle": {
            "name": "rifle",
            "attribute": "Agility",
            "skill": "Guns",
            "damage": 12,
            "covering_fire": False,
        },
    }

    # the attack's Wall At says what it is
    table.act("gm", "add_character", id="thug", sample="thug")
    table.act("gm", "start_sequence")
    attack = menu(gm, "attack")
    wall = attack.locator(".field", has=gm.locator("[id$='-wall_at']")).locator(".about")
    expect(wall).to_contain_text("metres behind each target")
    assert gm.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("BPB-TURN-004")
def test_bpb_start_fight__sides_are_typed_as_names_not_numbers(web_table: str, chromium: Browser) -> None:
    # found reading the generic form: every map was "a name, a colon and a number", so a fight's
    # sides (character: side) could not be sent from the page at all
    table = Seats(web_table, "bpb", SEATS, title="Warehouse")
    table.act("gm", "add_character", id="widow", sample="widow", owner="ann")
    table.act("gm", "add_character", id="adler", sample="agent-a")
    gm = sit(chromium, table.invites["gm"])
    start = menu(gm, "start a fight")
    field(start, "characters").fill("widow\nadler")
    sides = field(start, "sides")
    expect(sides).to_have_attribute("placeholder", "name: value, one per line")
    sides.fill("widow: heroes\nadler: agents")
    start.locator("button[type=submit]").click()
    expect(gm.locator(".waiting-on")).to_contain_text("Round 1")  # the fight started: Widow's turn
    expect(gm.locator(".notice.error")).to_have_count(0)
    seen = httpx.get(f"{web_table}/api/tables/{table.id}", headers={"X-Seat-Token": table.token("gm")})
    view = seen.json()["view"]
    fight = (view.get("state") or view)["fight"]
    assert fight["sides"] == {"widow": "heroes", "adler": "agents"}
    assert gm.js_errors == []  # type: ignore[attr-defined]
