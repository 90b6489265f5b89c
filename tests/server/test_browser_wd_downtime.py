"""A Weaverdice downtime phase at the web table: the board, the intel grid and its odds, in three browsers.

A player sees each character's slots and actions, the intel grid drawn as a
grid with the exact odds of each open cell for each character (worked out by
the rules on the server), and a surveil form's odds for the cell typed, all
before the roll; the action played from the player's tab shows in the GM's.
A locked cell's tidbit never reaches a player's page. The harness (uvicorn on
loopback, Debian's Chromium) is the one ``test_browser.py`` uses.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, give_dice, menu, shoot, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: the tidbit of a cell no one unlocks: no player's page may ever contain it
SECRET = "pays off the harbour police"
OPEN_TIDBIT = "moves at night"


def warm(base_url: str) -> None:
    """Make one table first with a patient client: the server's first table is slow to make (the
    rulesets load), and on a loaded machine that outlasts the harness's 5 s client timeout."""
    body = {"ruleset": "weaverdice", "seats": SEATS[:1]}
    assert httpx.post(f"{base_url}/api/tables", json=body, timeout=120).status_code == 201


def cell(page: Page, where: str) -> object:
    return page.locator(f".wd-intel[data-target='xb'] td.wd-cell[data-cell='{where}']")


def card(page: Page, ident: str) -> object:
    return page.locator(f".wd-board .wd-dt-char[data-character='{ident}']")


@pytest.mark.rules("WD-DT-002", "WD-DT-003", "WD-INTEL-011", "WD-INTEL-013", "WD-INTEL-014", "WD-INTEL-019")
def test_wd_downtime__board_grid_and_odds_before_the_roll_and_a_surveil_seen_by_the_gm(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    warm(web_table)
    table = Seats(web_table, "weaverdice", SEATS, title="Downtime on the docks")
    ada = {"id": "ada", "name": "Ada", "tier": "pc", "stats": {"wits": 4, "knowledge": 3}}
    bo = {"id": "bo", "name": "Bo", "tier": "pc", "stats": {"wits": 2, "knowledge": 5}}
    table.act("gm", "add_character", sheet=ada, owner="ann")
    table.act("gm", "add_character", sheet=bo, owner="bo")
    # the sample grid, 4x4; the cell below the corner (1,0) keeps its tidbit locked all test long
    tidbits = [OPEN_TIDBIT, "", "", "", SECRET]
    table.act(
        "gm",
        "add_target",
        target="xb",
        name="Crossbones",
        dispositions=["violent", "sponsored"],
        tidbits=tidbits,
    )
    table.act("gm", "start_downtime", slots=3)
    gm, ann, bo_page = pages = [sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo")]

    for page in pages:
        expect(card(page, "ada").locator(".wd-left")).to_have_text("3/3 slots left")
        expect(card(page, "ada").locator(".wd-slots .pip.on")).to_have_count(3)
        expect(cell(page, "0,0")).to_have_class("wd-cell open")
        expect(cell(page, "3,3")).to_have_class("wd-cell open")
        expect(cell(page, "1,1")).to_have_class("wd-cell locked")
    # The odds on each open cell, before any roll: the top-left is 5+; Ada's Wits 4 (+1) needs
    # a 4: 3/6; Bo's Wits 2 (-1) needs a 6: 1/6. The bottom-right, 5+ by Knowledge: Ada's 3
    # (+0) needs a 5: 2/6; Bo's 5 (+2) needs a 3: 4/6.
    corner = cell(ann, "0,0")
    expect(corner.locator("li[data-character='ada'] .wd-chance")).to_have_text("50%")
    expect(corner.locator("li[data-character='bo'] .wd-chance")).to_have_text("17%")
    other = cell(ann, "3,3")
    expect(other.locator("li[data-character='ada'][data-action='research'] .wd-chance")).to_have_text("33%")
    expect(other.locator("li[data-character='bo'][data-action='research'] .wd-chance")).to_have_text("67%")
    expect(ann.locator(".wd-intel .wd-strikes")).to_have_attribute("aria-label", "0 of 3 strikes; 0 alerts")
    shoot(ann, artifacts, "wd-dt-1-ann-board-and-grid")

    # Ann surveils the corner from the menu: the form shows the cell's odds before the roll.
    watch = menu(ann, "surveil a target")
    field(watch, "target").fill("xb")
    field(watch, "cell").fill("0,0")
    expect(watch.locator(".wd-preview .wd-chance")).to_have_text("50%")
    expect(watch.locator(".wd-preview")).to_contain_text("needs 5+")
    give_dice(ann, "4")
    watch.locator("button[type=submit]").click()

    # The GM's tab sees it: the log line, the cell unlocked, the action on Ada's card.
    expect(gm.locator(".log")).to_contain_text("Wits 5 against 5+ on Movements x Capabilities: unlocked")
    expect(cell(gm, "0,0")).to_have_class("wd-cell unlocked")
    expect(card(gm, "ada").locator(".wd-dt-action")).to_have_text(["surveil"])
    expect(card(gm, "ada").locator(".wd-dt-session")).to_contain_text("surveil on Crossbones")
    # the odds as a table reads names; the ids the page matches rows by are not among its columns
    plain = gm.locator(".wd-odds-table table")
    expect(plain.locator("thead th")).to_have_text(
        ["character", "action", "target", "cell", "where", "roll", "needs", "chance", "exact"]
    )
    expect(plain.locator("tbody tr").first.locator("td").first).to_have_text("Ada")
    shoot(gm, artifacts, "wd-dt-2-gm-sees-the-surveil")
    for page in (ann, bo_page):
        expect(cell(page, "0,0")).to_have_class("wd-cell unlocked")
        expect(cell(page, "0,0").locator(".wd-tidbit")).to_have_text(OPEN_TIDBIT)
        # its neighbours open to both methods (unlocks are shared, WD-INTEL-014), each 4+: Ada's
        # Wits +1 needs a 3 (4/6), her Knowledge +0 a 4 (3/6)
        for where in ("0,1", "1,0"):
            expect(cell(page, where)).to_have_class("wd-cell open")
            ada_here = cell(page, where).locator("li[data-character='ada']")
            expect(ada_here.locator(".wd-chance")).to_have_text(["67%", "50%"])
            expect(ada_here.nth(0)).to_have_attribute("data-action", "surveil")
            expect(ada_here.nth(1)).to_have_attribute("data-action", "research")
        expect(card(page, "ada").locator(".wd-left")).to_have_text("2/3 slots left")
    # the secret of the open, still locked, cell below the corner never reaches a player
    for seat, page in (("ann", ann), ("bo", bo_page)):
        assert SECRET not in page.content()
        view = httpx.get(
            f"{web_table}/api/tables/{table.id}", headers={"X-Seat-Token": table.token(seat)}
        ).text
        assert SECRET not in view and OPEN_TIDBIT in view
        assert page.js_errors == []  # type: ignore[attr-defined]
    assert gm.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("WD-NPC-003", "WD-INTEL-014")
def test_wd_downtime__a_hidden_npcs_intel_track_is_drawn_for_the_gm_alone(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    warm(web_table)
    table = Seats(web_table, "weaverdice", SEATS, title="Digging into Crossbones")
    ada = {"id": "ada", "name": "Ada", "tier": "pc", "stats": {"wits": 4, "knowledge": 3}}
    boss = {"id": "boss", "name": "Boss", "tier": "notable", "stats": {"wits": 3, "knowledge": 3}}
    table.act("gm", "add_character", sheet=ada, owner="ann")
    table.act("gm", "add_character", sheet=boss, hidden=True)
    table.act(
        "gm", "add_target", target="xb", name="Crossbones", dispositions=["violent", "sponsored"],
        tidbits=[OPEN_TIDBIT, "", "", "", SECRET],
    )  # fmt: skip
    table.act("gm", "start_downtime", characters=["ada", "boss"], slots=3)
    table.act("gm", "surveil", dice=(6,), character="boss", target="xb", cell="0,0")  # 6: unlocked
    gm, ann = (sit(chromium, table.invites[s]) for s in ("gm", "ann"))
    hidden = gm.locator("section", has_text="Intel: Crossbones (hidden NPCs)")
    expect(hidden.first).to_be_visible()
    expect(hidden.first).to_contain_text(f"unlocked: {OPEN_TIDBIT}")
    # the players' grid beside it is still drawn as a grid, with nothing unlocked on it
    expect(cell(gm, "0,0")).to_have_class("wd-cell open")
    shoot(gm, artifacts, "wd-dt-3-gm-hidden-npc-track")
    expect(cell(ann, "0,0")).to_have_class("wd-cell open")
    page = ann.content()
    for secret in ("hidden NPCs", OPEN_TIDBIT):  # Boss himself shows, veiled: a name and a tier
        at = page.find(secret)
        assert at < 0, f"{secret!r} reached Ann's page: {page[max(0, at - 300) : at + 100]!r}"
    assert gm.js_errors == [] and ann.js_errors == []  # type: ignore[attr-defined]
