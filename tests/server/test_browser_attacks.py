"""Issue 19's browser attacks and an old invite link, in Debian's Chromium against a real server.

- a page on another loopback port (the same *site*, so SameSite cookies go with it) tries a
  cookie-carrying no-cors fetch and an auto-submitted form: nothing changes;
- after sitting down (by the fragment link and by an old ``/join?token=`` link), Chromium's History
  database holds no token that opens the table, the session cookie ends with the browser, and
  *Leave this table* clears it;
- a mistyped, used or replaced invite link shows a page saying what happened and what to do;
- the dice box draws a sensible range of a wide distribution.
"""

from __future__ import annotations

import http.server
import re
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.test_browser import CHROMIUM, RWYN_SEATS, Seats, shoot, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


class _Attacker:
    """A page served from another port of the same host."""

    def __init__(self, html: str) -> None:
        body = html.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            timeout = 5  # a connection Chromium opens and never sends on must not hold a thread for ever

            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        # threaded (daemon threads), so shutdown() never waits on a handler still reading an idle socket
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def attacker() -> Iterator[list[_Attacker]]:
    made: list[_Attacker] = []
    yield made
    for a in made:
        a.close()


def _opens(base: str, table: Seats, token: str) -> bool:
    return httpx.get(f"{base}/api/tables/{table.id}", headers={"X-Seat-Token": token}).status_code == 200


def test_csrf__a_page_on_another_port_changes_nothing(
    web_table: str, chromium: Browser, attacker: list[_Attacker]
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    gm = sit(chromium, table.invites["gm"])
    version = httpx.get(
        f"{web_table}/api/tables/{table.id}", headers={"X-Seat-Token": table.token("gm")}
    ).json()["version"]
    api = f"{web_table}/api/tables/{table.id}"
    evil = _Attacker(
        f"""<!doctype html><title>win a prize</title>
<form id="f" method="POST" action="{api}/seats/ann/revoke"></form>
<script>
const opts = {{method: "POST", mode: "no-cors", credentials: "include"}};
Promise.allSettled([
  fetch("{api}/seats/bo/revoke", opts),
  fetch("{api}/commands", {{...opts, headers: {{"Content-Type": "text/plain"}},
        body: JSON.stringify({{type: "gm_note", payload: {{text: "pwned"}}}})}}),
]).then(() => {{ document.getElementById("f").submit(); }});
</script>"""
    )
    attacker.append(evil)
    page = gm.context.new_page()
    page.goto(evil.url)
    page.wait_for_url(f"{api}/seats/ann/revoke")  # the auto-submitted form, after both fetches
    expect(page.locator("body")).to_contain_text("not_permitted")
    # every seat's link still works, and the table did not move
    assert _opens(web_table, table, table.token("ann")) and _opens(web_table, table, table.token("bo"))
    after = httpx.get(f"{api}", headers={"X-Seat-Token": table.token("gm")}).json()["version"]
    assert after == version
    # the GM's own page still may change things (it sends the header and its own Origin)
    card = gm.locator(".seats-card")
    card.get_by_role("button", name="New link for Bo").click()
    expect(card.locator(".issued")).to_contain_text("New link for Bo")


def _history_urls(profile: Path) -> list[str]:
    copy = profile.parent / "History-copy"
    shutil.copy(profile / "Default" / "History", copy)
    with sqlite3.connect(copy) as db:
        return [row[0] for row in db.execute("SELECT url FROM urls")]


def _tokens_in(url: str) -> list[str]:
    parts = urlsplit(url)
    found = parse_qs(parts.query).get("token", [])
    found += parse_qs(parts.fragment).get("join", [])
    return [unquote(t) for t in found]


def test_history__keeps_no_token_that_opens_the_table_and_leaving_clears_the_cookie(
    web_table: str, chromium: Browser, tmp_path: Path, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    profile = tmp_path / "profile"
    context = chromium.browser_type.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), viewport={"width": 1366, "height": 860}
    )
    try:
        ann = context.new_page()
        ann.goto(table.invites["ann"])  # the fragment form
        expect(ann.locator(".status.live")).to_be_visible()
        assert "#" not in ann.url and "join" not in ann.url  # out of the address bar at once
        bo = context.new_page()
        bo.once("dialog", lambda dialog: dialog.accept())  # "already sits at this table as Ann ..."
        bo.goto(f"{web_table}/join/{table.id}?token={table.tokens['bo']}")  # an old link
        expect(bo.locator(".status.live")).to_be_visible()
        cookie = next(c for c in context.cookies() if c["name"] == f"cw_{table.id}")
        assert cookie["expires"] == -1 and cookie["httpOnly"]  # ends with the browser session
        held = cookie["value"]  # bo's (the last to sit down in this browser)
        assert _opens(web_table, table, held)
        # leave this table: the cookie goes, the page says what happened
        bo.once("dialog", lambda dialog: dialog.accept())  # "Leave this table? ..."
        bo.get_by_role("button", name="Leave this table").click()
        expect(bo.locator("h1")).to_have_text("You have left the table")
        shoot(bo, artifacts, "left-the-table")
        assert not [c for c in context.cookies() if c["name"] == f"cw_{table.id}"]
        ann.goto("about:blank")
    finally:
        context.close()
    urls = _history_urls(profile)
    mine = [u for u in urls if table.id in u]
    assert mine, urls
    assert not any(held in u for u in urls)
    spent = [t for u in mine for t in _tokens_in(u)]
    assert {table.tokens["ann"], table.tokens["bo"]} <= set(spent)  # what Chromium keeps...
    assert not any(_opens(web_table, table, t) for t in spent)  # ...opens nothing


def test_bad_invite_links__a_page_that_says_what_happened(
    web_table: str, chromium: Browser, artifacts: Path
) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    sit(chromium, table.invites["ann"])  # spends Ann's link
    context = chromium.new_context()
    links = {
        "mistyped": f"{web_table}/join/{table.id}?token={table.tokens['bo'][:-3]}",
        "used": table.invites["ann"],
        "no such table": f"{web_table}/t/nosuchtable0#join={table.tokens['gm']}",
        "old form, no such table": f"{web_table}/join/nosuchtable0?token=x",
    }
    for name, link in links.items():
        page = context.new_page()
        page.goto(link)
        expect(page.locator("h1")).to_have_text("This invitation link does not work")
        words = page.locator("[role=alert]")
        expect(words).to_contain_text("mistyped")
        expect(words).to_contain_text("Ask the person who runs the table")
        assert not page.locator("body").inner_text().lstrip().startswith("{"), name
        assert "#" not in page.url
    shoot(page, artifacts, "bad-invite-link")
    # the GM's link was never spent by those visits
    assert _opens(web_table, table, table.token("gm"))
    context.close()


def test_dice_box__a_wide_distribution_draws_its_likeliest_range(web_table: str, chromium: Browser) -> None:
    table = Seats(web_table, "rwyn", RWYN_SEATS)
    page: Page = sit(chromium, table.invites["gm"])
    box = page.locator(".dicebox")
    box.locator("#dice-expr").fill("300d100")
    expect(box.locator(".shown")).to_contain_text("29701 possible outcomes")
    count = box.locator(".bar").count()
    assert 0 < count <= 61
    assert re.search(r"from \d+ to \d+", box.locator(".shown").inner_text())
