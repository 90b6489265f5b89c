"""A first evening at the web table: what a new player or GM tripped on, played through the pages.

Each test is one fault found by playing every ruleset's sample as a newcomer would (the dice box,
the dice typed in, bad input), kept so it stays fixed. The harness is test_browser.py's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Dialog, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CAPES_SEATS, CHROMIUM, Seats, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: the GM's private note: no player's page may contain it
GM_NOTE = "the night watchman is in on it"
#: what the dice library says of "2d" (a die with no sides)
NO_SIDES = "Cannot read dice '2d'"


def test_dice_box__a_refused_roll_is_said_once_and_leaves_no_older_roll_beside_it(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    page = sit(chromium, table.invites["ann"])
    box = page.locator(".dicebox")
    box.locator("#dice-expr").fill("2d6")
    box.locator("#dice-expr").press("Enter")
    expect(box.locator(".rolled .die")).to_have_count(2)

    # Enter on notation the library refuses: its sentence once (the odds say it already), and the
    # 2d6 roll is no longer shown as if it were this one's (before: the sentence twice, 2d6 beside)
    box.locator("#dice-expr").fill("2d")
    box.locator("#dice-expr").press("Enter")
    expect(box.locator(".rolled")).to_have_count(0)
    expect(box.locator(".error")).to_have_count(1)
    expect(box.locator(".error")).to_contain_text(NO_SIDES)

    # other notation: the refusal of "2d" goes with it (before: it stayed under the new odds)
    box.locator("#dice-expr").fill("3d6")
    expect(box.locator(".bar")).to_have_count(16)
    expect(box.locator(".error")).to_have_count(0)


def test_dice_typed_in__a_zero_or_a_word_is_named_as_what_no_die_shows(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=2, task="read the map")
    page = sit(chromium, table.invites["ann"])
    before = table.log_seqs("ann")
    roll = page.locator(".prompt").get_by_role("button", name="roll Science")
    # a 0 is a whole number, so "type whole numbers" (the old words) did not say what was wrong
    for typed, named in (("6 0 2", '"0"'), ("6 five 2", '"five"')):
        page.locator("#own-dice").fill(typed)
        roll.click()
        expect(page.locator(".notice.error")).to_contain_text(f"{named} is not what a die shows")
        expect(page.locator(".notice.error")).to_contain_text("1 or more")
    assert table.log_seqs("ann") == before
    # the dice as they fell are taken
    page.locator("#own-dice").fill("6, 1 1")
    roll.click()
    expect(page.locator(".log")).to_contain_text("Ada Lark rolls Science 3 vs difficulty 2")


def test_capes_seats_card__the_first_seat_replaces_links_and_every_seat_invites(
    web_table: str, chromium: Browser, tmp_path: Path
) -> None:
    # Capes has no GM: the server lets its first seat replace any link and any seat invite
    # (docs/web.md), but the page drew the seats card for a GM only, so nobody at a Capes table
    # could replace a lost link or seat a late friend from the page
    table = Seats(web_table, "capes", CAPES_SEATS)
    ann, bea, cal = (sit(chromium, table.invites[s]) for s in ("ann", "bea", "cal"))

    card = ann.locator(".seats-card")
    card.get_by_role("button", name="New link for Cal").click()
    expect(card.locator(".issued")).to_contain_text("New link for Cal")
    expect(cal.locator(".fatal h1")).to_have_text("This seat's link was replaced")
    cal_again = sit(chromium, card.locator(".issued a").get_attribute("href") or "")
    expect(cal_again.locator(".log")).to_contain_text("Ann sits down")

    # Bea may invite, not replace others' links
    other = bea.locator(".seats-card")
    expect(other.get_by_role("button", name=re.compile("^New link for"))).to_have_count(0)
    expect(other).to_contain_text("replaced by Ann")
    other.locator("summary", has_text="Invite another seat").click()
    other.get_by_label("Id (short, no spaces)").fill("dee")
    other.get_by_label("Name").fill("Dee")
    other.get_by_role("button", name="Invite").click()
    dee = sit(chromium, other.locator(".issued a").get_attribute("href") or "")
    for page in (ann, bea, dee):
        expect(page.locator(".log")).to_contain_text("Dee sits down")
    # Capes keeps nothing from anyone: every seat may download the whole table (the export was the
    # GM's alone, so nobody at a Capes table could), and nothing says secrets are in it
    for page in (ann, bea):
        expect(page.get_by_role("button", name="Download the whole table", exact=True)).to_have_count(1)
    with bea.expect_download() as download:
        other.get_by_role("button", name="Download the whole table").click()
    saved = tmp_path / "capes.json"
    download.value.save_as(saved)
    assert "Dee" in saved.read_text(encoding="utf-8")


def test_leave_this_table__asks_first_and_a_no_keeps_the_seat(web_table: str, chromium: Browser) -> None:
    # one click on the header's button made the browser forget its seat for good (a new link
    # needed from the GM), with no question asked
    table = Seats(web_table, "rwyn", SEATS)
    page = sit(chromium, table.invites["ann"])
    asked: list[str] = []

    def answer_no(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", answer_no)
    page.get_by_role("button", name="Leave this table").click()
    expect(page.locator(".status.live")).to_be_visible()
    assert len(asked) == 1 and "needs a new link" in asked[0]
    page.reload()  # still seated: the cookie was kept
    expect(page.locator(".status.live")).to_be_visible()

    # the same browser's other page of the table says it left too (it said the link was replaced)
    other = page.context.new_page()
    other.goto(page.url)
    expect(other.locator(".status.live")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Leave this table").click()
    for left in (page, other):
        expect(left.locator("h1")).to_have_text("You have left the table")


def test_two_links_in_one_browser__asked_first_and_the_other_tab_says_it_moved(
    web_table: str, chromium: Browser
) -> None:
    # a GM trying their new table opened a player's link in a second tab: the browser's one seat
    # at the table moved to the player, the GM's tab said "You are Gail (GM)" while its calls were
    # refused as the player's ("Only the GM can ..."), and the GM's seat was lost to this browser
    table = Seats(web_table, "rwyn", SEATS)
    context = chromium.new_context()
    try:
        gm = context.new_page()
        gm.goto(table.invites["gm"])
        expect(gm.locator(".status.live")).to_be_visible()

        asked: list[str] = []

        def answer_no(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        second = context.new_page()
        second.once("dialog", answer_no)
        second.goto(table.invites["ann"])
        expect(second.locator(".who .me")).to_have_text("You are Gail (GM)")
        assert len(asked) == 1 and "already sits at this table as Gail (GM)" in asked[0]
        expect(gm.locator(".status.live")).to_be_visible()
        # "no" left Ann's link unspent: it still seats Ann in another browser
        ann = sit(chromium, table.invites["ann"])
        expect(ann.locator(".who .me")).to_have_text("You are Ann")

        # "yes": this browser is Bo's now, and the GM's tab says so instead of acting as Bo
        third = context.new_page()
        third.once("dialog", lambda dialog: dialog.accept())
        third.goto(table.invites["bo"])
        expect(third.locator(".who .me")).to_have_text("You are Bo")
        for stale in (gm, second):
            expect(stale.locator(".fatal h1")).to_have_text("This browser now sits here as another seat")
            expect(stale.locator(".fatal [role=alert]")).to_contain_text("as Bo")
            expect(stale.locator("button, input, select, textarea, summary")).to_have_count(0)
    finally:
        context.close()


def test_lobby__a_seat_added_after_one_removed_gets_an_id_of_its_own(
    web_table: str, chromium: Browser
) -> None:
    # Capes starts with seats p1, p2, p3: removing p1 and adding a seat named the new one p3 again
    # (the count of seats plus one), and starting the table was refused: "Seat 'p3' is already taken."
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(web_table + "/")
        page.locator("#system").select_option(label="Capes")
        expect(page.get_by_label("Seat 3 id")).to_have_value("p3")
        page.get_by_role("button", name="Remove seat 1").click()
        page.get_by_role("button", name="Add a seat").click()
        expect(page.get_by_label("Seat 3 id")).to_have_value("p1")
        page.get_by_label("Seat 3 name").fill("Dee")
        page.get_by_role("button", name="Start the table").click()
        expect(page.locator(".invites a")).to_have_count(3)
        expect(page.locator(".error")).to_have_count(0)
    finally:
        context.close()


def test_refusal_of_a_form_far_down_the_page__is_said_where_it_can_be_read(
    web_table: str, chromium: Browser
) -> None:
    # the GM's menu is long: a refusal of an entry near its foot was said at the top of the page,
    # scrolled out of sight, so its button seemed to do nothing
    table = Seats(web_table, "rwyn", SEATS)
    # "mark stress" is on the GM's menu while someone can take stress (refrwyn9): one character
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    context = chromium.new_context(viewport={"width": 1366, "height": 520})
    try:
        page = context.new_page()
        page.goto(table.invites["gm"])
        expect(page.locator(".status.live")).to_be_visible()
        item = page.locator("#actions .menu > li").filter(has=page.locator("summary", has_text="mark stress"))
        item.locator("summary").click()
        item.locator("[id$='-character']").first.fill("nobody")
        item.locator("[id$='-amount']").first.fill("1")
        # a required choice with no default shows that none is made yet (it showed "physical" as
        # picked while the form held none, and answered "Fill in Track.")
        track = item.locator("select[id$='-track']")
        expect(track.locator("option:checked")).to_have_text("pick one")
        item.locator("button[type=submit]").click()
        expect(item.locator(".error")).to_have_text("Fill in Track.")
        track.select_option("physical")
        item.locator("button[type=submit]").click()
        assert page.evaluate("window.scrollY") > 0  # the form is below the first screen
        notice = page.locator(".notice.error")
        expect(notice).to_contain_text("nobody")
        expect(notice).to_be_in_viewport()
    finally:
        context.close()


def test_player_seats_card__who_sits_where_whom_to_ask_and_a_new_link_of_ones_own(
    web_table: str, chromium: Browser
) -> None:
    # a player at a GM's table had no seats card: nothing said whom to ask for a lost link or a
    # friend's seat, and the new link of its own the server grants every seat (docs/web.md) was
    # nowhere on the page, so a player could not move to another browser without the GM
    table = Seats(web_table, "rwyn", SEATS)
    table.act("gm", "gm_note", text=GM_NOTE)
    ann = sit(chromium, table.invites["ann"])
    card = ann.locator(".seats-card")
    expect(card.locator(".seat-list li")).to_have_text(["Gail (GM)", "Ann (you)", "Bo"])
    expect(card).to_contain_text("A lost link, or a seat for someone new: ask Gail, the GM.")
    # nothing of the GM's: no invitation, no other seat's link, no download
    expect(card.locator("summary", has_text="Invite another seat")).to_have_count(0)
    expect(card.get_by_role("button", name=re.compile("^New link for|Download"))).to_have_count(0)
    assert GM_NOTE not in ann.content()

    # a new link of her own, asked first; "no" changes nothing
    card.locator("summary", has_text="Sit down in another browser").click()
    ann.once("dialog", lambda dialog: dialog.dismiss())
    card.get_by_role("button", name="A new link for me").click()
    expect(ann.locator(".status.live")).to_be_visible()
    asked: list[str] = []

    def answer_yes(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    ann.once("dialog", answer_yes)
    card.get_by_role("button", name="A new link for me").click()
    expect(ann.locator(".fatal h1")).to_have_text("Your seat has a new link")
    assert "stops acting for you" in asked[0]
    link = ann.locator(".fatal .issued a")
    expect(link).to_have_count(1)
    expect(ann.locator("button, input, select, textarea, summary")).to_have_count(0)
    # the link seats another browser as Ann, with the table as it stands
    moved = sit(chromium, link.get_attribute("href") or "")
    expect(moved.locator(".me")).to_contain_text("You are Ann")
    expect(moved.locator(".log")).to_contain_text("Ann sits down")
    assert moved.js_errors == [] and ann.js_errors == []  # type: ignore[attr-defined]


def test_invite_link__a_newcomer_sits_down_with_a_clean_console_and_no_refused_request(
    web_table: str, chromium: Browser
) -> None:
    # the page asks whether this browser already sits at the table before it spends the link: it
    # asked GET /api/tables/{id}, whose 401 logged "Failed to load resource: ... 401" in every
    # newcomer's console; the probe's "not seated" is an answer now, not an error
    table = Seats(web_table, "rwyn", SEATS)
    context = chromium.new_context()
    try:
        page = context.new_page()
        console: list[str] = []
        refused: list[str] = []
        page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: console.append(str(e)))
        page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.goto(table.invites["ann"])
        expect(page.locator(".status.live")).to_be_visible()
        expect(page.locator(".who .me")).to_have_text("You are Ann")
        assert console == [] and refused == []
    finally:
        context.close()
