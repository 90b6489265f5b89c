"""Weaverdice's campaign sheet in the browser: rep cards, negative rep, followers and progression
boxes drawn on each character's sheet, and what a player sees of them (and does not).

The pieces come from the server's "Campaign sheet" rows, worked out by the rules for what each seat
may know: a negative rep card nobody witnessed and a hidden NPC's whole sheet stay the GM's, in the
page, the REST view and every WebSocket frame. The harness is the one ``test_browser.py`` uses.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server import test_browser as tb
from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, LIVE, Seats, shoot
from tests.server.test_browser_wd_downtime import warm

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: the GM's alone: an unwitnessed negative card, and a hidden NPC's rep
UNSEEN = "an unseen theft"
MOLE_REP = "a favour the harbour owes"


def sit_listening(browser: Browser, invite: str) -> tuple[Page, list[str]]:
    """``test_browser.sit``, with every WebSocket frame the page receives kept from the first."""
    context = browser.new_context(viewport={"width": 1366, "height": 1400})
    page = context.new_page()
    frames: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(invite)
    expect(page.locator(".table-page")).to_be_visible()
    expect(page.locator(".status.live")).to_be_visible()
    tb.note_rotation(page, invite)  # the link's token is swapped for a fresh one on sitting down
    page.set_default_timeout(LIVE)
    setattr(page, "js_errors", errors)  # noqa: B010
    return page, frames


def open_sheet(page: Page, ident: str) -> object:
    sheet = page.locator(f".wd-sheets details.sheet[data-character='{ident}']")
    sheet.locator("summary").click()
    return sheet.locator(f".wd-sheet-campaign[data-character='{ident}']")


def played(base_url: str) -> Seats:
    """Ada (Social 4): two Fans, one tapped; rep of each kind, one marked, one spent; negative rep
    (one unwitnessed); two boxes checked. The Mole: a hidden NPC with rep of its own."""
    t = Seats(base_url, "weaverdice", SEATS, title="Sheets on the docks")
    t.act(
        "gm",
        "add_character",
        sheet={"id": "ada", "name": "Ada", "tier": "pc", "stats": {"social": 4}},
        owner="ann",
    )
    t.act("gm", "add_character", sheet={"id": "bo", "name": "Bo", "tier": "pc"}, owner="bo")
    mole = {"id": "mole", "name": "The Mole", "tier": "notable"}
    t.act("gm", "add_character", sheet=mole, hidden=True, reputation=2)
    t.act("gm", "award", character="mole", rep=MOLE_REP, money=900)
    t.act("gm", "give_negative", character="ada", source="shot at a cop")
    t.act("gm", "give_negative", character="ada", source=UNSEEN, witnessed=False)
    for _ in range(2):
        t.act("gm", "award", character="ada", eligible="fan")
        t.act("ann", "gain_follower", dice=(6,), character="ada", kind="fan")
    # the unseen card is numbered apart (1000): no gap in the players' numbers (WD-REP-010)
    t.act("ann", "tap_follower", character="ada", kind="fan", use="rep")  # card 2
    t.act("gm", "start_downtime", characters=["ada", "bo"])  # the untapped Fan's card 3
    t.act("gm", "award", character="ada", rep="the docks rescue")  # 4
    t.act("gm", "award", character="ada", rep="PRT thanks", exclusive="PRT")  # 5
    t.act("gm", "award", character="ada", rep="a quiet word")  # 6
    t.act("gm", "open_negotiation", negotiation="n", party="PRT")
    t.act("ann", "negotiate", dice=(5, 1, 4), character="ada", negotiation="n", cards=[5])  # kept, marked
    t.act("gm", "open_negotiation", negotiation="m", party="Mayor")  # one roll each in a negotiation
    t.act("ann", "negotiate", dice=(1, 1), character="ada", negotiation="m", cards=[4])  # general: spent
    t.act("gm", "award", character="ada", boxes=2)
    t.act("ann", "check_box", character="ada", box="room_to_recruit")
    t.act("ann", "check_box", character="ada", box="extra_effort", pool="stamina")
    return t


@pytest.mark.rules(
    "WD-REP-002", "WD-REP-005", "WD-REP-010", "WD-FOLLOW-003", "WD-FOLLOW-010", "WD-PROG-003", "WD-PROG-004"
)
def test_wd_sheet__rep_followers_and_boxes_on_the_sheet_and_the_gms_pieces_reach_no_player(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    warm(web_table)
    t = played(web_table)
    (gm, _), (ann, ann_frames), (bo, bo_frames) = (
        sit_listening(chromium, t.invites[s]) for s in ("gm", "ann", "bo")
    )

    ada = open_sheet(ann, "ada")
    # rep cards: 2 a Fan's (used up when played), 3 this downtime's, 5 exclusive, marked, 6; 4 spent
    cards = ada.locator(".wd-rep-card")
    expect(cards).to_have_count(5)
    # Social 4; of two Fans one is tapped, its passive (one cap per two Fans) out this phase: 4
    expect(ada.locator(".wd-rep-held")).to_have_text("4 of 4 at day's end")
    prt = ada.locator(".wd-rep-card[data-card='5']")
    expect(prt.locator(".wd-rep-to")).to_have_text("exclusive to PRT")
    expect(prt.locator(".wd-rep-state")).to_have_text("unspent, marked: kept again on 6+")
    expect(ada.locator(".wd-rep-card[data-card='3'] .wd-rep-state")).to_have_text("this downtime only")
    expect(ada.locator(".wd-rep-card[data-card='4']")).to_have_class("wd-rep-card spent")
    expect(ada.locator(".wd-rep-card[data-card='4'] .wd-rep-state")).to_have_text("spent today")
    # negative rep: the witnessed card only, cited against Ada, no escalation yet
    expect(ada.locator(".wd-neg-card")).to_have_count(1)
    expect(ada.locator(".wd-neg-card")).to_contain_text("shot at a cop")
    expect(ada.locator(".wd-neg-held")).to_have_text("1 card")
    # followers: two Fans, one tapped this phase; the benefit in words
    fans = ada.locator(".wd-follower[data-kind='fan']")
    expect(fans.locator(".wd-tapped")).to_have_text("1 active, 1 tapped")
    expect(fans.locator(".wd-benefit")).to_contain_text("+1 rep usable in downtime per Fan")
    # progression: 2 of the milestone's 4; Room to Recruit 1 of its 2, Extra Effort full
    expect(ada.locator(".wd-milestone-pips .dot")).to_have_count(4)
    expect(ada.locator(".wd-milestone-pips .dot.on")).to_have_count(2)
    room = ada.locator(".wd-box[data-box='room_to_recruit']")
    expect(room.locator(".dot")).to_have_count(2)
    expect(room.locator(".dot.on")).to_have_count(1)
    expect(ada.locator(".wd-box[data-box='extra_effort']")).to_have_class("wd-box full")
    expect(ada.locator(".wd-prog-note")).to_have_text(
        ["half dot: stamina: one more makes a whole dot (waiting)"]
    )
    shoot(ann, artifacts, "wd-sheet-1-ann-sees-adas-campaign-sheet")

    # Bo's seat sees Ada's sheet alike, and no hidden NPC's sheet at all
    expect(open_sheet(bo, "ada").locator(".wd-rep-card")).to_have_count(5)
    for page in (ann, bo):
        expect(page.locator(".wd-sheets details.sheet[data-character='mole']")).to_have_count(0)

    # the GM's sheet of Ada has the unwitnessed card, marked secret; the Mole's sheet is there
    gm_ada = open_sheet(gm, "ada")
    expect(gm_ada.locator(".wd-neg-card")).to_have_count(2)
    expect(gm_ada.locator(".wd-neg-card.secret")).to_contain_text(UNSEEN)
    expect(gm_ada.locator(".wd-neg-held")).to_have_text("2 cards")
    mole = open_sheet(gm, "mole")
    expect(mole.locator(".wd-rep-card")).to_have_count(3)
    expect(mole).to_contain_text(MOLE_REP)
    shoot(gm, artifacts, "wd-sheet-2-gm-sees-the-secret-card-and-the-mole")

    # a live change reaches the sheets: the GM cites the known card
    t.act("gm", "cite_negative", character="ada", card=1)
    expect(ada.locator(".wd-neg-card")).to_contain_text("cited 1 time")
    expect(ada.locator(".wd-penalty")).to_have_text("-1 on the next Social roll")

    for seat, page, frames in (("ann", ann, ann_frames), ("bo", bo, bo_frames)):
        assert frames, "the page received its table over the WebSocket"
        rest = httpx.get(f"{web_table}/api/tables/{t.id}", headers={"X-Seat-Token": t.token(seat)}).text
        log = httpx.get(f"{web_table}/api/tables/{t.id}/log", headers={"X-Seat-Token": t.token(seat)}).text
        for secret in (UNSEEN, MOLE_REP):
            assert secret not in page.content()
            assert secret not in rest and secret not in log
            assert not [f for f in frames if secret in f]
        assert page.js_errors == []  # type: ignore[attr-defined]
    assert gm.js_errors == []  # type: ignore[attr-defined]
