"""What new players stumbled on at the web table (issue 19), each as what a player sees in Chromium.

One test (or a few) per item of the issue's "new players" list: the undo
request named by the log's own numbers and lapsing in words, form fields
explained, Capes claims on the prompt, prompts with their context, wide odds
charts, a phone-sized page, the words, and reconnecting at once. The harness
(uvicorn on loopback, Debian's Chromium) is ``test_browser.py``'s; screenshots
go to the same place (``$CAPEWORKS_ARTIFACTS`` or pytest's temporary folder).
"""

from __future__ import annotations

import re
import threading
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server import test_browser as tb
from tests.server.test_browser import CHROMIUM, RWYN_SEATS, Seats, field, menu, prompt, shoot, sit, suggested

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.mark.rules("TABLE-UNDO")
def test_undo_request__named_by_the_logs_number_lapses_in_words_and_is_never_gm_only_to_its_asker(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])
    ask = menu(ann, "ask the GM to let your character try something")
    field(ask, "ability").fill("Charm")
    field(ask, "task").fill("talk past the guard")
    ask.locator("button[type=submit]").click()
    asked = ann.locator(".log .entry", has_text="talk past the guard")
    expect(asked).to_be_visible()
    where = asked.get_attribute("data-seq")

    # Ann's own request is between her and the GM: never badged "GM only" on her page
    ann.get_by_role("button", name="Ask the GM to undo my latest action").click()
    request = ann.locator(".log .entry", has_text="Asks the GM to take back")
    expect(request).to_be_visible()
    expect(request.locator(".badge")).to_have_text("only you and the GM")
    expect(gm.locator(".log .entry", has_text="Asks the GM to take back").locator(".badge")).to_have_text(
        "you and Ann"
    )
    # the GM's prompt names the action by the number the log shows beside it, not a command id
    prompt(gm, f"Ann asks to take back the action logged at #{where}.")

    # Bo acts before the GM answers: the request lapses in words, and no button promises what fails
    table.act("bo", "add_character", id="rook", sample="rook")
    lapsed = prompt(gm, "the request has lapsed")
    expect(lapsed).to_contain_text(f"the action logged at #{where}")
    expect(lapsed.get_by_role("button", name="take it back")).to_have_count(0)
    expect(lapsed.get_by_role("button", name="it stands")).to_be_visible()
    shoot(gm, artifacts, "v2-undo-lapsed-gm")

    # the GM takes back the later action first: Ann's request may be allowed again, and is
    latest = gm.locator(".log .entry", has_text="Rook").last
    latest.get_by_role("button", name="undo").click()
    prompt(gm, f"Ann asks to take back the action logged at #{where}.").get_by_role(
        "button", name="take it back"
    ).click()
    for page in (ann, gm):
        expect(page.locator(".log .entry.undone", has_text="talk past the guard")).to_be_visible()
    expect(gm.locator(".prompt")).to_have_count(0)
    expect(gm.locator(".notice.error")).to_have_count(0)
    shoot(ann, artifacts, "v2-undo-allowed-ann")
    assert ann.js_errors == [] and gm.js_errors == []  # type: ignore[attr-defined]


CAPES_SEATS = [{"id": s, "name": s.title(), "role": "player"} for s in ("ann", "bea", "cal")]


def capes_until(web_table: str, steps: int, **config: object) -> Seats:
    """A Capes table with the sample session's first ``steps`` steps played over the API."""
    from capeworks.systems.capes.samples import sample_session

    session = sample_session()
    table = Seats(web_table, "capes", CAPES_SEATS, config={**session.config, **config})
    for step in session.steps[:steps]:
        table.act(step.command.seat, step.command.type, step.dice, **step.command.payload)
    return table


@pytest.mark.rules("CAPES-PAGE-004", "CAPES-PAGE-007")
def test_capes_claims__are_buttons_on_the_claim_prompt_in_words_not_collapsed_menu_entries(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = capes_until(web_table, 22)  # Rob the gala is on the table; Bea's turn to claim
    bea = sit(chromium, table.invites["bea"])
    claim = prompt(bea, "claim a side")
    choices = claim.locator(".moves button")
    # Aunt Sylvie helped side B alone: side A, which the table would refuse her (CAPES-PAGE-007), is no button
    expect(choices).to_have_text(["claim side B of “Rob the gala”: Skitter is caught"])
    expect(claim.get_by_role("button", name="claim nothing (more)")).to_be_visible()
    # the claims are not also hidden away in the menu
    expect(bea.locator("#actions .menu summary", has_text="claim")).to_have_count(0)
    shoot(bea, artifacts, "v2-capes-claim-prompt")
    choices.nth(0).click()
    expect(bea.locator(".log")).to_contain_text("claims")
    card = bea.locator(".conflict", has_text="Rob the gala").locator(".side", has_text="Skitter is caught")
    expect(card).to_contain_text("Claimed by: Bea")
    assert bea.js_errors == []  # type: ignore[attr-defined]


def about(section: Any, name: str) -> Any:
    """The explanation a menu form shows under payload field ``name``."""
    return section.locator(f"[id$='-{name}-about']").first


def test_form_fields__say_what_each_field_means_with_its_default_and_offer_real_choices(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    # "call for a check" is on the GM's menu while someone in the conflict can be called (refrwyn9)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    gm = sit(chromium, table.invites["gm"])
    call = menu(gm, "call for a check")
    expect(about(call, "ask")).to_contain_text("The number of a player's ask this answers")
    expect(about(call, "time")).to_contain_text("Automatic successes for taking the time")
    # left empty by default: an empty time keeps the player's ask's, 0 calls it with none (rwyn11)
    expect(field(call, "time")).to_have_value("")
    expect(about(call, "time")).to_contain_text("0: none")
    expect(field(call, "time")).to_have_attribute("aria-describedby", re.compile(r"-time-about$"))
    shoot(gm, artifacts, "v2-form-descriptions-rwyn")

    # Bea holds Inspirations of 2 and 4: the Inspiration box offers those, never the seats' names
    capes = capes_until(web_table, 14, start_inspirations=[2, 4])
    bea = sit(chromium, capes.invites["bea"])
    use = menu(bea, "use ability")
    for name, words in (
        ("side", "The side of that Conflict the die sits on"),
        ("die", "Which of that side's dice is rolled"),
        ("help", "The side the roll helps"),
        ("label", "Words for the side it helps"),
        ("drive", "the Drive that takes it"),
    ):
        expect(about(use, name)).to_contain_text(words)
    expect(field(use, "die")).to_have_value("1")
    assert suggested(use, "inspiration") == ["2", "4"]
    labels = use.locator("datalist[id$='-inspiration-options'] option").evaluate_all(
        "os => os.map(o => o.label)"
    )
    assert labels == ["an Inspiration of 2 (from start)", "an Inspiration of 4 (from start)"]
    shoot(bea, artifacts, "v2-form-descriptions-capes")
    assert gm.js_errors == [] and bea.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.rules("RWYN-CRIT-001")
def test_prompt_context__a_critical_result_takes_its_words_and_rule_ids_show_on_demand(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=1, task="read the map")
    table.act("ann", "check", (6, 6, 5), call=1)
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])

    crit = prompt(ann, "Critical success")
    # the rule id is there on demand, not in the way
    expect(crit.get_by_text("RWYN-CRIT-001")).to_be_hidden()
    crit.locator(".rule summary").click()
    expect(crit.get_by_text("RWYN-CRIT-001")).to_be_visible()
    # which place, person or circumstance: a box for it beside the three answers
    words = crit.get_by_label("Which one, in a few words")
    words.fill("the old tram depot")
    shoot(ann, artifacts, "v2-critical-words")
    crit.get_by_role("button", name="place").click()
    for page in (ann, gm):
        expect(page.locator(".log")).to_contain_text("goes well — the old tram depot")
    expect(ann.locator(".prompt", has_text="Critical success")).to_have_count(0)
    assert ann.js_errors == [] and gm.js_errors == []  # type: ignore[attr-defined]


#: the boxes of the labels a chart shows (hidden ones aside), left to right
LABEL_BOXES = """bars => [...bars.querySelectorAll('.key')]
  .filter(k => getComputedStyle(k).visibility !== 'hidden')
  .map(k => { const r = k.getBoundingClientRect(); return [r.left, r.right]; })"""


def test_odds_chart__a_wide_distribution_fits_its_card_with_labels_that_never_overlap(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    page = sit(chromium, table.invites["ann"])
    box = page.locator(".dicebox")
    box.locator("#dice-expr").fill("300d100")
    expect(box.locator(".stats.shown")).to_contain_text("29701 possible outcomes")
    # the middle 98% of the distribution in 40 runs: its whole shape, not 29,701 bars or a flat slice
    expect(box.locator(".stats.shown")).to_contain_text("drawn in runs")
    bars = box.locator(".bars")
    expect(box.locator(".bar")).to_have_count(40)
    heights = box.locator(".bar .fill").evaluate_all("fs => fs.map(f => f.getBoundingClientRect().height)")
    assert heights[0] < max(heights) / 4 and heights[-1] < max(heights) / 4  # tails low, middle high
    # the whole chart is in view: nothing to scroll sideways, from either end
    width = bars.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert width[0] <= width[1] + 1, width
    labels = bars.evaluate(LABEL_BOXES)
    assert 4 <= len(labels) <= 12
    assert all(a[1] <= b[0] for a, b in pairwise(labels)), labels
    # every bar still says its outcome and chance
    assert re.match(r"^\d+–\d+: [\d.<]+%$", box.locator(".bar").first.get_attribute("aria-label") or "")
    shoot(page, artifacts, "v2-odds-wide")
    box.screenshot(path=str(artifacts / "v2-odds-wide-box.png"))
    # a narrow distribution keeps a label and a percentage per bar
    box.locator("#dice-expr").fill("2d6")
    expect(box.locator(".bar")).to_have_count(11)
    assert len(bars.evaluate(LABEL_BOXES)) == 11
    expect(box.locator(".bar .pct")).to_have_count(11)
    assert page.js_errors == []  # type: ignore[attr-defined]


def sit_phone(browser: Browser, invite: str) -> Page:
    """A phone-sized browser (390 x 844, touch) opening one seat's invite link."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(invite)
    expect(page.locator(".status.live")).to_be_visible()
    tb.note_rotation(page, invite)
    setattr(page, "js_errors", errors)  # noqa: B010
    return page


def top_of(page: Page, selector: str) -> float:
    return float(page.locator(selector).first.evaluate("e => e.getBoundingClientRect().top + window.scrollY"))


def test_phone__the_log_comes_right_after_what_waits_on_me_and_nothing_scrolls_sideways(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=2, task="read the map")
    ann = sit_phone(chromium, table.invites["ann"])
    prompt(ann, "read the map")
    prompts, log, actions, panels = (top_of(ann, s) for s in (".prompts", ".log", "#actions", ".col.state"))
    # one column: the prompt, then the log, then the menu and the state; the log is on the first screens
    assert prompts < log < actions < panels, (prompts, log, actions, panels)
    assert log < 2 * 844
    expect(ann.locator(".log .entries > li").last).to_contain_text("read the map")
    wide = ann.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391)"
        ".map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"
    )
    assert ann.evaluate("document.scrollingElement.scrollWidth") <= 390, wide[:8]
    shoot(ann, artifacts, "v2-phone")
    # a new entry arrives live and is in view in the log's own box
    table.act("gm", "gm_note", text="public? no: a private note")
    table.act("bo", "add_character", id="rook", sample="rook")
    expect(ann.locator(".log .entries > li").last).to_contain_text("Rook joins the game")
    assert ann.js_errors == []  # type: ignore[attr-defined]


def test_reconnect__at_once_after_a_drop_then_backing_off_to_two_seconds(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    context = chromium.new_context(viewport={"width": 1366, "height": 860})
    page = context.new_page()
    attempts: list[str] = []
    routes: list[Any] = []
    blocked = threading.Event()

    def through(ws: Any) -> None:
        # every socket the page opens goes through here: refused while "offline"
        attempts.append(ws.url)
        if blocked.is_set():
            ws.close()
            return
        ws.connect_to_server()
        routes.append(ws)

    def made(count: int) -> None:
        """Wait (in real time) for the page's ``count``-th attempt, and for it to be refused or open."""
        deadline = time.monotonic() + 20
        while len(attempts) < count and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert len(attempts) == count, (len(attempts), count)

    page.route_web_socket(re.compile(r"/api/tables/.*/ws"), through)
    page.goto(table.invites["ann"])
    expect(page.locator(".status.live")).to_be_visible()
    tb.note_rotation(page, table.invites["ann"])
    # the page's timers now run only when the test moves its clock: the schedule, not a stopwatch
    page.clock.install()
    page.clock.pause_at(int(page.evaluate("Date.now()")) + 100)
    blocked.set()
    routes[-1].close()
    expect(page.locator(".status.offline")).to_be_visible()
    page.clock.run_for(1)
    made(2)  # at once: the first retry waits for nothing
    expect(page.locator(".status.offline")).to_be_visible()
    # then 0.25, 0.5, 1 and 2 seconds, never longer
    for wait, count in ((250, 3), (500, 4), (1000, 5), (2000, 6), (2000, 7)):
        page.clock.run_for(wait - 10)
        page.wait_for_timeout(100)
        assert len(attempts) == count - 1, f"too early: attempt {count} before {wait} ms"
        page.clock.run_for(10)
        made(count)
        expect(page.locator(".status.offline")).to_be_visible()
    # the server is back: the next attempt sits down again, resuming where the page was
    blocked.clear()
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    page.clock.run_for(2000)
    made(8)
    expect(page.locator(".status.live")).to_be_visible()
    expect(page.locator(".log")).to_contain_text("Ada Lark joins the game")
    shoot(page, artifacts, "v2-reconnected")
    context.close()


#: a right-to-left override: without isolation it reverses the rest of any line holding the name
RLO = "\u202e"
LONG = "Bartholomew-Featherstonehaugh-Cholmondeley-Marjoribanks-Worcestershire"


def test_words__names_isolated_and_wrapped_ids_named_counts_agree_and_the_lobby_regex_is_valid(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    # the lobby's seat-id pattern is a regular expression Chromium accepts (it checks ids again)
    context = chromium.new_context(viewport={"width": 1366, "height": 860})
    lobby = context.new_page()
    console: list[str] = []
    lobby.on("console", lambda m: console.append(m.text))
    lobby.goto(web_table)
    seat_id = lobby.get_by_label("Seat 1 id")
    seat_id.fill("bad id!")
    assert seat_id.evaluate("e => e.validity.patternMismatch")
    seat_id.fill("p-1.x")
    assert not seat_id.evaluate("e => e.validity.patternMismatch")
    assert not [m for m in console if "regular expression" in m], console
    context.close()

    seats = [
        {"id": "gm", "name": "Game master", "role": "gm"},
        {"id": "ann", "name": f"Ann{RLO}detsurt", "role": "player"},
        {"id": "bo", "name": LONG, "role": "player"},
    ]
    table = Seats(web_table, "rwyn", seats)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=4, task="read the map")
    table.act("ann", "check", (6, 5, 2, 3), call=1)
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])
    for page in (ann, gm):
        call = page.locator(".log .entry", has_text="The GM calls for")
        # "The GM calls ...", not "Game master The GM calls ..."
        expect(call.locator(".actor")).to_have_count(0)
        # the count and the noun agree
        rolled = page.locator(".log .entry", has_text="rolls Science")
        expect(rolled).to_contain_text("2 successes; 1 disaster die")
        expect(rolled).not_to_contain_text("1 disaster dice")
        # a name with an override is drawn isolated, the override gone: nothing reads backwards
        chip = page.locator(".top .seat").nth(1)
        expect(chip.locator("bdi")).to_have_text("Anndetsurt")
        assert RLO not in page.locator("body").inner_text()
    # a menu names its character, not its id
    expect(ann.locator("#actions summary", has_text="ask the GM to let your character")).to_contain_text(
        "(Ada Lark)"
    )
    # the long name wraps inside the GM's seats card; a slashed header may break at its slashes
    card = gm.locator(".seats-card")
    expect(card).to_contain_text(LONG)
    assert card.evaluate("c => c.scrollWidth <= c.clientWidth + 1")
    header = gm.locator(".panel th", has_text="Wealth/Rep/XP").first
    assert "<wbr>" in header.inner_html()
    shoot(gm, artifacts, "v2-words-gm")
    assert ann.js_errors == [] and gm.js_errors == []  # type: ignore[attr-defined]
