"""The web table in a real browser: three people in three browser contexts, live.

A uvicorn server runs the whole app (REST, WebSocket, front end) on a
throwaway SQLite file; Playwright drives Debian's Chromium. Each scene is
played through the pages themselves (menus drawn from legal commands, forms
from schemas, prompt buttons), and every page must show the others' public
actions without a reload, never the GM's secrets, and after a reload the
same log with nothing lost or doubled. Screenshots are saved under the
pytest temporary directory (or ``$CAPEWORKS_ARTIFACTS``) for a person to look at.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server import conftest as harness
from tests.server.conftest import CHROMIUM, free_port

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: the GM's private note: no player's page may ever contain it
SECRET = "the foreman is secretly the Mole"
#: ms a page may take to show another seat's action: generous, as the machine is shared (not a speed test)
LIVE = 20_000
expect.set_options(timeout=LIVE)


# the harness lives in conftest.py (one server and browser per module); these names stay for
# modules that import them from here
_free_port = free_port
web_table = harness.web_table
chromium = harness.chromium
artifacts = harness.artifacts


#: a browser that sits down spends its invite's token for a fresh one (docs/web.md): old -> new
ROTATED: dict[str, str] = {}


def link_token(invite: str) -> str:
    """The token an invite link carries (in its ``#join=`` fragment)."""
    return httpx.URL(invite).fragment.removeprefix("join=")


def note_rotation(page: Page, invite: str) -> None:
    """Remember the token a page's session cookie holds now that it has spent ``invite``."""
    table_id = httpx.URL(invite).path.rsplit("/", 1)[-1]
    cookie = next(c for c in page.context.cookies() if c.get("name") == f"cw_{table_id}")
    ROTATED[link_token(invite)] = cookie["value"]


class Seats:
    """A table made over the API, and each seat's token and invite link."""

    def __init__(self, base_url: str, ruleset: str, seats: list[dict[str, str]], **extra: Any) -> None:
        self.base_url = base_url
        body = {"ruleset": ruleset, "seats": seats, "settings": {"physical_dice": "everyone"}, **extra}
        response = httpx.post(f"{base_url}/api/tables", json=body)
        assert response.status_code == 201, response.text
        made = response.json()
        self.id: str = made["id"]
        self.tokens = {s["id"]: s["token"] for s in made["seats"]}
        self.invites = {s["id"]: s["invite"] for s in made["seats"]}

    def token(self, seat: str) -> str:
        """The seat's token now (after any browser sat down with its link)."""
        token = self.tokens[seat]
        while token in ROTATED:
            token = ROTATED[token]
        return token

    def act(self, seat: str, type: str, dice: tuple[int, ...] | None = None, **payload: Any) -> None:
        body: dict[str, Any] = {"type": type, "payload": payload}
        if dice is not None:
            body["dice"] = list(dice)
        response = httpx.post(
            f"{self.base_url}/api/tables/{self.id}/commands",
            json=body,
            headers={"X-Seat-Token": self.token(seat)},
        )
        assert response.status_code == 200, response.text

    def log_seqs(self, seat: str) -> list[int]:
        response = httpx.get(
            f"{self.base_url}/api/tables/{self.id}/log?since=0&limit=1000",
            headers={"X-Seat-Token": self.token(seat)},
        )
        assert response.status_code == 200, response.text
        return [e["seq"] for e in response.json()["entries"]]


def sit(browser: Browser, invite: str) -> Page:
    """A fresh browser context opening one seat's invite link (the cookie is set, then the table)."""
    context = browser.new_context(viewport={"width": 1366, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(invite)
    expect(page.locator(".table-page")).to_be_visible()
    expect(page.locator(".status.live")).to_be_visible()
    note_rotation(page, invite)
    page.set_default_timeout(LIVE)
    setattr(page, "js_errors", errors)  # noqa: B010  (read back at the end of each test)
    return page


def menu(page: Page, label: str, variant: str | None = None) -> Any:
    """Open the menu entry called ``label`` (and pick ``variant`` of it); returns its section."""
    item = page.locator("#actions .menu > li").filter(has=page.locator("summary", has_text=label)).first
    item.locator("summary").click()
    if variant is not None:
        item.locator(".variant select").select_option(label=variant)
    expect(item.locator("form, button").first).to_be_visible()
    return item


def field(section: Any, name: str) -> Any:
    """The input of payload field ``name`` inside a menu form."""
    return section.locator(f"[id$='-{name}']").first


def suggested(section: Any, name: str) -> list[str]:
    """The words a menu form suggests for payload field ``name``."""
    options = section.locator(f"datalist[id$='-{name}-options'] option")
    return list(options.evaluate_all("os => os.map(o => o.value)"))


def prompt(page: Page, question: str) -> Any:
    card = page.locator(".prompt").filter(has_text=question).first
    expect(card).to_be_visible()
    return card


def give_dice(page: Page, faces: str) -> None:
    page.locator("#own-dice").fill(faces)


def shown_seqs(page: Page) -> list[int]:
    return [
        int(s) for s in page.locator(".log .entries > li").evaluate_all("els => els.map(e => e.dataset.seq)")
    ]


def assert_whole_log(page: Page, table: Seats, seat: str) -> None:
    """The page shows exactly the seat's log: every entry once, in order."""
    expected = table.log_seqs(seat)
    expect(page.locator(".log .entries > li")).to_have_count(len(expected))
    assert shown_seqs(page) == expected


def shoot(page: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


RWYN_SEATS = [
    {"id": "gm", "name": "Gail", "role": "gm"},
    {"id": "ann", "name": "Ann", "role": "player"},
    {"id": "bo", "name": "Bo", "role": "player"},
]


@pytest.mark.rules("RWYN-GEN-001", "RWYN-POOL-003", "RWYN-SAC-004", "RWYN-ABIL-004")
def test_rwyn_scene__gm_calls_a_check_a_sacrifice_and_a_purchase_live_in_three_browsers(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS, title="Night shift")
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "add_character", id="rook", sample="rook", owner="bo")
    gm, ann, bo = (sit(chromium, table.invites[s]) for s in ("gm", "ann", "bo"))

    # The GM writes a secret note from the menu: the GM's log shows it, marked GM only.
    note = menu(gm, "write a private note")
    field(note, "text").fill(SECRET)
    note.locator("button[type=submit]").click()
    expect(gm.locator(".log .entry.secret")).to_contain_text(SECRET)

    # The GM calls for Ada's Science against difficulty 5 through the form drawn from the schema.
    call = menu(gm, "call for a check")
    field(call, "character").fill("ada")
    field(call, "ability").fill("Science")
    field(call, "difficulty").fill("5")
    field(call, "task").fill("crack the vault")
    # the form previews the pool before the call is made: 3 Science dice and 5 - 3 = 2 disaster dice
    expect(call.locator(".pool .die.blank:not(.disaster)")).to_have_count(3)
    expect(call.locator(".pool .die.blank.disaster")).to_have_count(2)
    call.locator("button[type=submit]").click()
    for page in (gm, ann, bo):
        expect(page.locator(".log")).to_contain_text("The GM calls for Ada Lark's Science vs difficulty 5")

    # Ann's prompt shows the pool: Science 3 vs 5 -> 3 dice and 5 - 3 = 2 disaster dice;
    # P(at least one 5-6 in 3d6) = 1 - (4/6)^3 = 19/27 = 70%.
    roll = prompt(ann, "The GM calls for Ada Lark's Science")
    expect(roll.locator(".pool .die.blank:not(.disaster)")).to_have_count(3)
    expect(roll.locator(".pool .die.blank.disaster")).to_have_count(2)
    expect(roll.locator(".pool")).to_contain_text("Chance of success: 70%")
    expect(bo.locator(".prompt")).to_have_count(0)
    shoot(ann, artifacts, "rwyn-1-ann-pool-builder")

    # Ann rolls her own dice 6 5 2: two successes, drawn as dice marked given, seen by all.
    give_dice(ann, "6 5 2")
    roll.get_by_role("button", name="roll Science").click()
    for page in (gm, ann, bo):
        rolled = page.locator(".log .entry", has_text="rolls Science 3")
        expect(rolled).to_be_visible()
        expect(rolled.locator(".die.given")).to_have_count(3)
        expect(rolled.locator(".die.hit")).to_have_count(2)

    # The sacrifice, with its odds: keeping 2 disaster dice, no complication is (4/6)^2 = 16/36 = 44%;
    # sacrificing 1 success leaves 1 die: 4/6 = 67%.
    sacrifice = prompt(ann, "Sacrifice how many successes")
    rows = sacrifice.locator("table.sacrifice tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("44%")
    expect(rows.nth(1)).to_contain_text("67%")
    shoot(ann, artifacts, "rwyn-2-ann-sacrifice-odds")
    give_dice(ann, "3")
    sacrifice.get_by_role("button", name="1", exact=True).click()
    for page in (gm, ann, bo):
        expect(page.locator(".log")).to_contain_text("Ada Lark sacrifices 1 success")
        expect(page.locator(".log")).to_contain_text("Ada Lark: success")

    # Bo reloads mid-game: the same log comes back, nothing lost or doubled, and live again.
    bo.reload()
    expect(bo.locator(".status.live")).to_be_visible()
    assert_whole_log(bo, table, "bo")

    # A purchase: Ada buys with Wealth 4 against cost 5 (1 disaster die); dice 6 5 2 2 and 3.
    buy = menu(ann, "buy something with Wealth")
    field(buy, "cost").fill("5")
    field(buy, "item").fill("a private airship")
    give_dice(ann, "6 5 2 2 3")
    buy.locator("button[type=submit]").click()
    for page in (gm, ann, bo):
        expect(page.locator(".log")).to_contain_text("Ada Lark buys a private airship")
    effects = prompt(ann, "I accomplish the task")
    effects.get_by_role("button", name="quickly").click()
    expect(ann.locator(".prompt")).to_have_count(0)
    for page in (gm, bo):
        expect(page.locator(".log")).to_contain_text("quickly")

    # Only the latest action may be undone, so the GM's log offers undo on exactly one line.
    expect(gm.locator(".log .entry button", has_text="undo")).to_have_count(1)
    expect(gm.locator(".log .entry", has_text="check 2 is settled").locator("button")).to_have_count(1)
    # The GM takes the last action back; every page marks it undone, live.
    gm.locator(".actions").get_by_role("button", name="Undo the latest action").click()
    for page in (gm, ann, bo):
        expect(page.locator(".log .entry.undone").first).to_be_visible()

    # Nobody but the GM ever saw the secret; every page holds its whole log once.
    for page, seat in ((gm, "gm"), (ann, "ann"), (bo, "bo")):
        assert_whole_log(page, table, seat)
    assert SECRET in gm.content()
    for page in (ann, bo):
        assert SECRET not in page.content()
    shoot(gm, artifacts, "rwyn-3-gm")
    shoot(bo, artifacts, "rwyn-3-bo")
    for page in (gm, ann, bo):
        assert page.js_errors == []  # type: ignore[attr-defined]


CAPES_SEATS = [{"id": s, "name": s.title(), "role": "player"} for s in ("ann", "bea", "cal")]


@pytest.mark.rules("CAPES-CONF-008", "CAPES-STAKE-001", "CAPES-CONF-004")
def test_capes_page__three_players_build_a_conflict_card_live(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "capes", CAPES_SEATS, title="Gala night")
    ann, bea, cal = pages = [sit(chromium, table.invites[s]) for s in ("ann", "bea", "cal")]

    for page, sample in ((ann, "Skitter"), (bea, "Aunt Sylvie"), (cal, "Rampart")):
        add = menu(page, "add sample")
        field(add, "name").fill(sample)
        add.locator("button[type=submit]").click()
        for other in pages:
            expect(other.locator(".log")).to_contain_text(f"{sample}")

    scene = menu(ann, "declare the next Scene")
    field(scene, "text").fill("A ritzy charity gala")
    scene.locator("button[type=submit]").click()

    # Each player picks a character from their prompt's buttons, in turn; the Now card says whose turn.
    for page, name in ((ann, "play Skitter"), (bea, "play Aunt Sylvie"), (cal, "play Rampart")):
        prompt(page, "choose a character").get_by_role("button", name=name).click()
    expect(ann.locator(".now .turn")).to_contain_text("Ann")
    for page in (ann, bea, cal):
        prompt(page, "claim a side").get_by_role("button", name="claim nothing (more)").click()
    prompt(ann, "begin the Action phase").get_by_role("button", name="begin the Actions").click()

    # Ann's Action: a goal Conflict for Skitter; the card appears on every page.
    conflict = menu(ann, "create conflict")
    field(conflict, "text").fill("Rob the gala")
    field(conflict, "kind").select_option("goal")
    field(conflict, "character").fill("skitter")
    conflict.locator("button[type=submit]").click()
    for page in pages:
        # the card reads as the log reads it, "c1 (Rob the gala)", its kind beside it (refcapes16)
        header = page.locator(".conflict header", has_text="Rob the gala")
        expect(header).to_have_text("c1 (Rob the gala) goal")
    prompt(ann, "take an Action").get_by_role("button", name="end the Action").click()

    # Bea uses Worried on side B with her own die, a 4: every page's card shows that die and her alliance.
    use = menu(bea, "use ability")
    # the form suggests Aunt Sylvie's own abilities (not Skitter's) and the Conflicts on the table
    abilities, conflicts = (suggested(use, name) for name in ("ability", "conflict"))
    assert "Worried" in abilities and "Bug Control" not in abilities
    assert conflicts == ["c1"]
    options = use.locator("datalist[id$='-conflict-options'] option")
    assert options.evaluate_all("os => os.map(o => o.label)") == ["c1 (Rob the gala)"]
    sheet = bea.locator(".sheets details", has_text="Aunt Sylvie")
    sheet.locator("summary").click()
    expect(sheet).to_contain_text("Worried 1")
    field(use, "ability").fill("Worried")
    field(use, "conflict").fill("c1")
    field(use, "side").fill("B")
    field(use, "help").fill("B")
    field(use, "label").fill("Skitter is caught")
    give_dice(bea, "4")
    use.locator("button[type=submit]").click()
    prompt(bea, "accept the roll").get_by_role("button", name="keep the 4").click()
    for page in pages:
        side = page.locator(".conflict", has_text="Rob the gala").locator(
            ".side", has_text="Skitter is caught"
        )
        expect(side.locator(".die")).to_have_count(1)
        expect(side.locator(".die")).to_have_attribute("aria-label", "d6 showing 4")
        # the roll allied Aunt Sylvie with B: every card says so (CAPES-CONF-004, src 83)
        expect(side).to_contain_text("Allied: Aunt Sylvie (Bea)")

    # Cal reloads: the whole log once, and the card is still drawn.
    cal.reload()
    expect(cal.locator(".status.live")).to_be_visible()
    assert_whole_log(cal, table, "cal")
    expect(cal.locator(".conflict", has_text="Rob the gala")).to_be_visible()
    # The rest of the sample's Page up to Ann's stake is played over the API (the pages follow it live);
    # then Ann stakes 2 truth Debt on her side from the menu, and every card shows it.
    from capeworks.systems.capes.samples import sample_session

    for step in sample_session().steps[16:39]:
        table.act(step.command.seat, step.command.type, step.dice, **step.command.payload)
    # Skitter earned a truth Debt for each of the two uses of truth (Silk Lines, Swarm Sense): 2 of 3
    expect(ann.locator(".drives tr", has_text="Skitter")).to_contain_text("truth 2/3")
    stake = menu(ann, "stake")
    field(stake, "conflict").fill("c1")
    field(stake, "amount").fill("2")
    field(stake, "drive").fill("truth")
    stake.locator("button[type=submit]").click()
    for page in pages:
        card = page.locator(".conflict", has_text="Rob the gala")
        expect(card.locator(".side").first).to_contain_text(
            "Debt staked: Skitter 2 truth"
        )  # the sheet's name (refcapes, src 48)
        # staking moves the Debt off the Drive onto the card: 2 - 2 = 0 left on truth
        expect(page.locator(".drives tr", has_text="Skitter")).to_contain_text("truth 0/3")
    for page, seat in zip(pages, ("ann", "bea", "cal"), strict=True):
        assert_whole_log(page, table, seat)
        shoot(page, artifacts, f"capes-{seat}")
        assert page.js_errors == []  # type: ignore[attr-defined]


def flaky_page(chromium: Browser) -> tuple[Any, Any, list[str], list[Any], threading.Event]:
    """A page whose table sockets all pass through a switch: while ``blocked`` is set, each socket it
    opens is refused (offline); ``urls`` records every socket asked for, ``routes`` the live ones."""
    context = chromium.new_context(viewport={"width": 1366, "height": 860})
    page = context.new_page()
    page.set_default_timeout(LIVE)
    urls: list[str] = []
    routes: list[Any] = []
    blocked = threading.Event()

    def through(ws: Any) -> None:
        urls.append(ws.url)
        if blocked.is_set():
            ws.close()
            return
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket(re.compile(r"/api/tables/.*/ws"), through)
    return context, page, urls, routes, blocked


def test_dropped_socket__resumes_from_its_last_version_with_nothing_lost_or_doubled(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS, title="Flaky wifi")
    context, page, urls, routes, blocked = flaky_page(chromium)
    page.goto(table.invites["ann"])
    expect(page.locator(".status.live")).to_be_visible()
    note_rotation(page, table.invites["ann"])
    before = table.log_seqs("ann")
    assert shown_seqs(page) == before

    # the connection drops; while it is down, the GM adds two characters and writes a secret
    blocked.set()
    routes[-1].close()
    expect(page.locator(".status.offline")).to_be_visible()
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "gm_note", text=SECRET)
    table.act("gm", "add_character", id="rook", sample="rook", owner="bo")
    blocked.clear()

    # back online: the page asked to resume from the version it had, and shows every entry once
    expect(page.locator(".status.live")).to_be_visible()
    expect(page.locator(".log")).to_contain_text("Rook joins the game")
    assert urls[-1].endswith(f"since={before[-1]}")
    assert_whole_log(page, table, "ann")
    assert SECRET not in page.content()
    shoot(page, artifacts, "resume-ann")
    context.close()


def seen_version(table: Seats, seat: str) -> int:
    """The table's version as ``seat`` knows it (its REST view's)."""
    response = httpx.get(
        f"{table.base_url}/api/tables/{table.id}", headers={"X-Seat-Token": table.token(seat)}
    )
    assert response.status_code == 200, response.text
    return int(response.json()["version"])


def test_gm_only_events__move_no_players_page_and_the_next_visible_one_arrives_live_and_on_resume(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS, title="Quiet notes")
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    context, page, urls, routes, blocked = flaky_page(chromium)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(table.invites["ann"])
    expect(page.locator(".status.live")).to_be_visible()
    note_rotation(page, table.invites["ann"])
    status = page.locator(".status")
    ann_at = seen_version(table, "ann")
    expect(status).to_have_text(f"live · version {ann_at}")

    # live: the GM's secret note moves nothing Ann knows of, and the next thing she sees arrives
    table.act("gm", "gm_note", text=SECRET)
    assert seen_version(table, "gm") > ann_at == seen_version(table, "ann")
    table.act("gm", "add_character", id="rook", sample="rook", owner="bo")
    expect(page.locator(".log")).to_contain_text("Rook joins the game")
    ann_at = seen_version(table, "ann")
    expect(status).to_have_text(f"live · version {ann_at}")
    assert_whole_log(page, table, "ann")

    # a note is the table's last event when the socket drops, and another comes while it is down:
    # the page resumes from the version it knows (behind the table's), is sent nothing it may not see,
    # and the next visible event still arrives
    table.act("gm", "gm_note", text=SECRET)
    blocked.set()
    routes[-1].close()
    expect(page.locator(".status.offline")).to_be_visible()
    table.act("gm", "gm_note", text=SECRET)
    blocked.clear()
    expect(page.locator(".status.live")).to_be_visible()
    assert urls[-1].endswith(f"since={ann_at}") and seen_version(table, "gm") > ann_at
    expect(status).to_have_text(f"live · version {ann_at}")
    table.act("bo", "ask_check", character="rook", ability="Brawling", task="lift the tram")
    expect(page.locator(".log .entries > li")).to_have_count(len(table.log_seqs("ann")))
    assert_whole_log(page, table, "ann")
    expect(status).to_have_text(f"live · version {seen_version(table, 'ann')}")
    assert SECRET not in page.content()
    assert not errors
    context.close()


def test_lobby__starts_a_table_and_user_text_is_shown_as_text(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    hostile = '<img src=x onerror="window.pwned=1">'
    context = chromium.new_context(viewport={"width": 1366, "height": 860})
    page = context.new_page()
    page.set_default_timeout(LIVE)
    page.goto(web_table + "/")
    page.locator("#system").select_option(label="Roll When You Need")
    page.locator("#table-title").fill(f"Heist {hostile}")
    page.get_by_label("Seat 2 name").fill(f"Ann {hostile}")
    # a rules option from the form drawn from RWYN's config schema: successes on 4-6
    page.locator("summary", has_text="Rules options").click()
    page.get_by_label("Lowest success face").fill("4")
    page.get_by_label("How a check succeeds").select_option("success_threshold")
    page.get_by_role("button", name="Start the table").click()
    links = page.locator(".invites a")
    expect(links).to_have_count(3)
    shoot(page, artifacts, "lobby-created")

    # the table was made with those options (asked as the GM, whose key is in the first link)
    gm_link = httpx.URL(links.nth(0).get_attribute("href") or "")
    table_id, token = gm_link.path.rsplit("/", 1)[-1], link_token(str(gm_link))
    made = httpx.get(f"{web_table}/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
    assert made["config"]["success_min"] == 4
    assert made["config"]["resolution_mode"] == "success_threshold"
    assert made["config"]["pool_cap"] == 10  # untouched fields keep the book's value

    # Ann's link opens her seat: the hostile words are plain text everywhere they are shown
    page.goto(links.nth(1).get_attribute("href") or "")
    expect(page.locator(".top h1")).to_have_text(f"Heist {hostile}")
    expect(page.locator(".top .me")).to_contain_text(f"Ann {hostile}")
    expect(page.locator(".log")).to_contain_text(f"Ann {hostile} sits down")
    assert page.locator("img").count() == 0
    assert page.evaluate("window.pwned === undefined")
    context.close()


def test_dice_box__exact_odds_as_you_type_and_a_roll_drawn_as_dice(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "capes", CAPES_SEATS)
    page = sit(chromium, table.invites["ann"])
    box = page.locator(".dicebox")
    box.locator("#dice-expr").press_sequentially("2d6")
    # 2d6: eleven totals 2..12; 7 comes up 6 ways in 36 = 1/6 = 17%
    bars = box.locator(".bar")
    expect(bars).to_have_count(11)
    seven = box.locator(".bar", has=page.locator(".key", has_text=re.compile(r"^7$")))
    expect(seven).to_have_attribute("aria-label", "7: 17% (exactly 1/6)")
    box.locator("#dice-expr").press("Enter")
    expect(box.locator(".rolled .die")).to_have_count(2)
    shoot(page, artifacts, "dice-box")
    # notation the library refuses gets its sentence, and no chart
    box.locator("#dice-expr").fill("2d")
    expect(box.locator(".error")).to_be_visible()
    expect(bars).to_have_count(0)


@pytest.mark.rules("RWYN-GEN-001")
def test_keyboard_only__a_player_answers_the_gms_call_and_opens_a_form(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=2, task="read the map")
    page = sit(chromium, table.invites["ann"])

    def tab_to(name: str, limit: int = 60) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent.trim()") == name:
                return
        raise AssertionError(f"{name!r} cannot be reached with the Tab key")

    # the first Tab reaches the skip link, which jumps to the menu
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to what I may do"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "actions"

    # a menu entry opens from the keyboard and its first field takes typing
    tab_to("buy something with Wealth (Ada Lark)")
    page.keyboard.press("Enter")
    expect(page.locator("[id$='-cost']")).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    expect(page.locator("[id$='-cost']")).to_have_value("3")

    # and the prompt's answer is a button like any other: Enter rolls Science 3 vs 2
    page.locator("#own-dice").fill("6 1 1")
    page.evaluate("document.activeElement.blur()")
    tab_to("roll Science")
    page.keyboard.press("Enter")
    expect(page.locator(".log")).to_contain_text("Ada Lark rolls Science 3 vs difficulty 2")


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """The engine tests' toy ruleset, installed in this process (the server runs in it too)."""
    from capeworks.engine.registry import register, unregister
    from tests.engine.toy import Toy

    register(Toy())
    yield
    unregister("toy")


def test_a_ruleset_with_no_front_end_code__is_played_from_its_prompts_commands_and_schemas(
    web_table: str, chromium: Browser, artifacts: Path, toy_registered: None
) -> None:
    seats = [{"id": "gm", "name": "Gail", "role": "gm"}, {"id": "ann", "name": "Ann"}]
    table = Seats(web_table, "toy", seats)
    gm, ann = (sit(chromium, table.invites[s]) for s in ("gm", "ann"))

    # the GM asks Ann a question through the form drawn from the command's schema
    ask = menu(gm, "ask a seat a question")
    field(ask, "seat").fill("ann")
    ask.locator("button[type=submit]").click()

    # Ann's prompt arrives live with its options; her answer reaches the GM live
    prompt(ann, "Yes or no?").get_by_role("button", name="yes").click()
    expect(gm.locator(".log")).to_contain_text("Answered yes.")

    # Ann adds to the counter with her own two dice: 3 + 4 = 7, drawn as given dice for both
    add = menu(ann, "add to the counter")
    field(add, "dice").fill("2")
    give_dice(ann, "3 4")
    add.locator("button[type=submit]").click()
    for page in (gm, ann):
        entry = page.locator(".log .entry", has_text="The counter goes up by 7.")
        expect(entry.locator(".die.given")).to_have_count(2)
        # no panels: the seat's view is drawn field by field, live
        expect(page.locator(".panel tr", has_text="total").locator("td")).to_have_text("7")

    # a refusal comes back as the engine's sentence, and nothing is written
    before = table.log_seqs("ann")
    add = menu(ann, "add to the counter")
    field(add, "dice").fill("2")
    give_dice(ann, "9 9")
    add.locator("button[type=submit]").click()
    expect(ann.locator(".notice.error")).to_be_visible()
    assert table.log_seqs("ann") == before
    shoot(ann, artifacts, "toy-ann")


def test_gm_seats__invite_a_seat_give_a_new_link_and_download_the_table(
    web_table: str, chromium: Browser, tmp_path: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "gm_note", text=SECRET)
    gm, bo = sit(chromium, table.invites["gm"]), sit(chromium, table.invites["bo"])
    card = gm.locator(".seats-card")

    # the GM invites Cy: the link is shown once, and opens Cy's seat, which everyone sees sit down
    card.locator("summary", has_text="Invite another seat").click()
    card.get_by_label("Id (short, no spaces)").fill("cy")
    card.get_by_label("Name").fill("Cy")
    card.get_by_role("button", name="Invite").click()
    cy = sit(chromium, card.locator(".issued a").get_attribute("href") or "")
    for page in (gm, bo, cy):
        expect(page.locator(".log")).to_contain_text("Cy sits down")

    # a new link for Bo: the page open on the old one says plainly that its link was replaced and
    # keeps no button that would act at the table; its reload is refused
    card.get_by_role("button", name="New link for Bo").click()
    expect(card.locator(".issued")).to_contain_text("New link for Bo")
    expect(bo.locator(".fatal h1")).to_have_text("This seat's link was replaced")
    expect(bo.locator(".fatal [role=alert]")).to_contain_text("open the new link")
    expect(bo.locator(".table-page")).to_have_count(0)
    expect(bo.locator("button, input, select, textarea, summary")).to_have_count(0)
    bo.reload()
    expect(bo.locator(".fatal [role=alert]")).to_contain_text("invitation")
    # the new link seats Bo again, with the whole log and still no secret
    new_link = card.locator(".issued a").get_attribute("href") or ""
    bo_again = sit(chromium, new_link)
    table.tokens["bo"] = link_token(new_link)
    assert_whole_log(bo_again, table, "bo")
    for page in (bo, bo_again, cy):
        assert SECRET not in page.content()

    # the GM downloads the whole table: the export, secrets included
    with gm.expect_download() as download:
        card.get_by_role("button", name="Download the whole table").click()
    saved = tmp_path / "export.json"
    download.value.save_as(saved)
    assert SECRET in saved.read_text(encoding="utf-8")
    # a player's seats card holds no link but its own to take, and no download
    expect(bo_again.locator(".seats-card a")).to_have_count(0)
    expect(bo_again.get_by_role("button", name=re.compile("Download|Invite|^New link for"))).to_have_count(0)

    # and brings it back from the lobby as a new table, whose GM link shows the same story
    gm.goto(web_table + "/")
    gm.locator("#import-file").set_input_files(str(saved))
    links = gm.locator(".created .invites a")
    expect(links).to_have_count(4)
    gm.goto(links.nth(0).get_attribute("href") or "")
    expect(gm.locator(".log .entry.secret")).to_contain_text(SECRET)
    expect(gm.locator(".log")).to_contain_text("Cy sits down")


@pytest.mark.rules("RWYN-EFFECT-001")
def test_rwyn_effect_picks__several_effects_are_ticked_from_the_suggestions_or_written(
    web_table: str, chromium: Browser
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    table.act("gm", "call_check", character="ada", ability="Science", difficulty=1, task="read the map")
    table.act("ann", "check", (6, 6, 5), call=1)
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])

    # [6 6 5] keeps 3 successes: 'I accomplish the task' plus 3 - 1 = 2 more effects, picked together
    effects = prompt(ann, "plus 2 more effects")
    expect(effects.locator("legend")).to_have_text("Pick 2")
    effects.get_by_label("quickly").check()
    effects.locator("textarea").fill("with a flourish")
    effects.get_by_role("button", name="Answer").click()
    for page in (ann, gm):
        expect(page.locator(".log")).to_contain_text("quickly")
        expect(page.locator(".log")).to_contain_text("with a flourish")
    expect(ann.locator(".prompt", has_text="more effect")).to_have_count(0)


def test_player_undo__is_a_request_the_gm_allows_from_a_prompt(web_table: str, chromium: Browser) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    table.act("gm", "add_character", id="ada", sample="ada", owner="ann")
    ann, gm = sit(chromium, table.invites["ann"]), sit(chromium, table.invites["gm"])
    ask = menu(ann, "ask the GM to let your character try something")
    field(ask, "ability").fill("Charm")
    field(ask, "task").fill("talk past the guard")
    ask.locator("button[type=submit]").click()
    expect(gm.locator(".log")).to_contain_text("talk past the guard")

    # Ann's undo is a request: the GM's prompt takes it back, and both logs strike it through
    ann.get_by_role("button", name="Ask the GM to undo my latest action").click()
    prompt(gm, "Ann asks to take back the action").get_by_role("button", name="take it back").click()
    for page in (ann, gm):
        expect(page.locator(".log .entry.undone", has_text="talk past the guard")).to_be_visible()
    expect(gm.locator(".prompt")).to_have_count(0)
