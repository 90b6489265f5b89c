"""Issue 23's downtime phase at the web table, in three browsers: a GM and two players.

Each player is offered their character's slots, chooses actions from the menu and gives their own
dice (the table's given-dice path, so the run is deterministic). Ann's Ada watches Crossbones from
the grid's top-left corner while Bo's Bo digs from the bottom-right (WD-INTEL-013); each available
cell shows the exact odds of each character's roll there, before it is made. Ada then recruits: the
GM presents a candidate whose details are hidden, Ann asks about one, the GM rolls Ada's Knowledge
behind the screen, and a detail never revealed stays out of both players' pages, REST answers, log
and WebSocket frames, as does a locked cell's tidbit. Screenshots are kept as artifacts.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CHROMIUM, Seats, field, give_dice, menu, shoot
from tests.server.test_browser_wd_downtime import card, cell, warm
from tests.server.test_browser_wd_sheet import sit_listening

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: never revealed to a player: a candidate's detail Ada's Knowledge misses, and a locked cell's tidbit
HIDDEN_DETAIL = "owes the Teeth a life"
LOCKED_TIDBIT = "pays off the harbour police"


def prompt(page: Page) -> object:
    return page.locator("article.card.prompt[data-kind='downtime']")


def odds_in(page: Page, where: str) -> object:
    return cell(page, where).locator(".wd-cell-odds li")


def submit(page: Page, section: object, dice: str) -> None:
    give_dice(page, dice)
    section.locator("button[type=submit]").click()  # type: ignore[attr-defined]


@pytest.mark.rules(
    "WD-DT-002",
    "WD-DT-003",
    "WD-INTEL-011",
    "WD-INTEL-013",
    "WD-INTEL-014",
    "WD-INTEL-019",
    "WD-INTEL-025",
    "WD-RECRUIT-001",
    "WD-RECRUIT-011",
    "WD-RECRUIT-013",
)
def test_wd_scenario__a_gm_and_two_players_run_a_downtime_phase_with_a_grid_from_both_corners_and_a_recruit(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    warm(web_table)
    t = Seats(web_table, "weaverdice", SEATS, title="A downtime in Brockton Bay")
    ada = {"id": "ada", "name": "Ada", "tier": "pc", "stats": {"wits": 4, "knowledge": 3}}
    bo = {"id": "bo", "name": "Bo", "tier": "pc", "stats": {"wits": 2, "knowledge": 5}}
    t.act("gm", "add_character", sheet=ada, owner="ann")
    t.act("gm", "add_character", sheet=bo, owner="bo")
    tidbits = ["moves at night", "", "", "", LOCKED_TIDBIT]  # 1,0 stays locked all test long
    t.act(
        "gm",
        "add_target",
        target="xb",
        name="Crossbones",
        dispositions=["violent", "sponsored"],
        tidbits=tidbits,
    )
    (gm, gm_frames), (ann, ann_frames), (bo_page, bo_frames) = (
        sit_listening(chromium, t.invites[s]) for s in ("gm", "ann", "bo")
    )

    # The GM opens the phase from the GM's page: two slots each, offered to each player as a prompt.
    menu(gm, "open a downtime phase")
    opening = gm.locator("#actions .menu > li").filter(
        has=gm.locator("summary", has_text="open a downtime phase")
    )
    field(opening, "slots").fill("2")
    opening.locator("button[type=submit]").click()
    expect(prompt(ann)).to_contain_text("Ada: 2 of 2 slots left. Choose an action.")
    expect(prompt(bo_page)).to_contain_text("Bo: 2 of 2 slots left. Choose an action.")
    expect(prompt(ann)).to_have_count(1)  # Bo's choice is Bo's
    for page in (gm, ann, bo_page):
        expect(card(page, "ada").locator(".wd-left")).to_have_text("2/2 slots left")
        expect(card(page, "bo").locator(".wd-left")).to_have_text("2/2 slots left")
    # The two entry corners are the open cells; each shows each character's chance there (5+):
    # surveillance at the top-left (Ada Wits +1: 3/6, Bo Wits -1: 1/6), research at the bottom-right
    # (Ada Knowledge +0: 2/6, Bo Knowledge +2: 4/6).
    for page in (ann, bo_page):
        expect(page.locator(".wd-intel[data-target='xb'] td.wd-cell.open")).to_have_count(2)
        expect(odds_in(page, "0,0")).to_have_count(2)
        expect(odds_in(page, "0,0").locator(".wd-chance")).to_have_text(["50%", "17%"])
        expect(odds_in(page, "0,0").first).to_have_attribute("data-action", "surveil")
        expect(odds_in(page, "3,3").locator(".wd-chance")).to_have_text(["33%", "67%"])
        expect(odds_in(page, "3,3").first).to_have_attribute("data-action", "research")
    shoot(ann, artifacts, "wd-scenario-1-ann-slots-offered-and-the-corners-odds")

    # Ann watches the top-left with her own die (4 + 1 meets 5+); Bo digs at the bottom-right (3 + 2).
    watch = menu(ann, "surveil a target")
    field(watch, "target").fill("xb")
    field(watch, "cell").fill("0,0")
    expect(watch.locator(".wd-preview .wd-chance")).to_have_text("50%")
    submit(ann, watch, "4")
    expect(cell(bo_page, "0,0")).to_have_class("wd-cell unlocked")
    dig = menu(bo_page, "research a target")
    field(dig, "target").fill("xb")
    field(dig, "cell").fill("3,3")
    expect(dig.locator(".wd-preview .wd-chance")).to_have_text("67%")
    submit(bo_page, dig, "3")
    expect(gm.locator(".log")).to_contain_text("Wits 5 against 5+ on Movements x Capabilities: unlocked")
    expect(gm.locator(".log")).to_contain_text("Knowledge 5 against 5+ on History x Data: unlocked")

    # Four cells open now, two from each corner (WD-INTEL-014), each 4+: every one shows all four
    # rolls: Ada watching 4/6, Ada digging 3/6, Bo watching 2/6, Bo digging 5/6.
    for page in (gm, ann, bo_page):
        expect(cell(page, "3,3")).to_have_class("wd-cell unlocked")
        expect(page.locator(".wd-intel[data-target='xb'] td.wd-cell.open")).to_have_count(4)
        for where in ("0,1", "1,0", "2,3", "3,2"):
            expect(cell(page, where)).to_have_class("wd-cell open")
            expect(odds_in(page, where).locator(".wd-chance")).to_have_text(["67%", "50%", "33%", "83%"])
        expect(cell(page, "1,1")).to_have_class("wd-cell locked")
        expect(cell(page, "1,1").locator(".wd-cell-odds")).to_have_count(0)
        expect(card(page, "ada").locator(".wd-dt-action")).to_have_text(["surveil"])
        expect(card(page, "bo").locator(".wd-dt-action")).to_have_text(["research"])
    shoot(bo_page, artifacts, "wd-scenario-2-bo-the-grid-worked-from-both-corners")

    # Ada's second slot: she recruits (Social 3: three dice, two 6s at 4+: two openings).
    hire = menu(ann, "recruit")
    field(hire, "recruitment").fill("r1")
    submit(ann, hire, "6 6 2")
    expect(gm.locator(".log")).to_contain_text("Ada")
    expect(card(gm, "ada").locator(".wd-dt-action")).to_have_text(["surveil", "recruit"])
    expect(prompt(ann)).to_have_count(0)  # no slot left: nothing more offered to Ann
    # with no roll left, Ada's odds leave the grid; Bo's stay (four more research rolls in his slot)
    expect(odds_in(bo_page, "0,1").locator(".wd-chance")).to_have_text(["33%", "83%"])

    # The GM presents a candidate, details hidden; Ann asks about the temper; the GM rolls Ada's
    # Knowledge behind the screen, one die a detail in order (power 5: seen; debt 2: not; the asked
    # temper 2 + 2 = 4: seen).
    details = {"power": "shaker", "debt": HIDDEN_DETAIL, "temper": "volatile"}
    t.act("gm", "present_candidate", recruitment="r1", candidate="disarray", name="Disarray", details=details)
    expect(ann.locator("section", has_text="Candidates")).to_contain_text("Disarray")
    ask = menu(ann, "ask about a candidate")
    field(ask, "candidate").fill("disarray")
    field(ask, "detail").fill("temper")
    ask.locator("button[type=submit]").click()
    expect(gm.locator(".log")).to_contain_text("temper")
    t.act("gm", "vet_candidates", dice=(5, 2, 2), recruitment="r1")
    for page in (ann, bo_page):
        candidates = page.locator("section", has_text="Candidates").last
        expect(candidates).to_contain_text("power: shaker")
        expect(candidates).to_contain_text("temper: volatile")
    expect(gm.locator("section", has_text="Candidates").last).to_contain_text(HIDDEN_DETAIL)
    shoot(ann, artifacts, "wd-scenario-3-ann-sees-what-adas-knowledge-found")
    shoot(gm, artifacts, "wd-scenario-4-gm-sees-every-detail")

    for seat, page, frames in (("ann", ann, ann_frames), ("bo", bo_page, bo_frames)):
        assert frames, "the page was sent its table over the WebSocket"
        headers = {"X-Seat-Token": t.token(seat)}
        rest = httpx.get(f"{web_table}/api/tables/{t.id}", headers=headers).text
        log = httpx.get(f"{web_table}/api/tables/{t.id}/log?since=0&limit=1000", headers=headers).text
        assert "volatile" in rest  # what Ada learned is the table's to see
        for secret in (HIDDEN_DETAIL, LOCKED_TIDBIT):
            assert secret not in page.content()
            assert secret not in rest and secret not in log
            assert not [f for f in frames if secret in f]
        assert page.js_errors == []  # type: ignore[attr-defined]
    assert any(HIDDEN_DETAIL in f for f in gm_frames)  # the GM's page was sent it
    assert gm.js_errors == []  # type: ignore[attr-defined]
