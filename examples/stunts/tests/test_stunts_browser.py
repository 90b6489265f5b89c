"""Stunts in a real browser: its touch loaded from this package, two seats playing live.

The web table runs as a user runs it (``capeworks serve`` in its own process,
on a throwaway SQLite file); Playwright drives Debian's Chromium. Nothing in
capeworks names Stunts: the page finds the touch through the package's
``capeworks.web`` entry point.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
expect.set_options(timeout=20_000)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def web_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``capeworks serve`` on loopback, in a process of its own."""
    db = tmp_path_factory.mktemp("stunts-web") / "web.sqlite3"
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "capeworks", "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{url}/rulesets/touches.json").status_code == 200:
                break
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise RuntimeError("the web table did not start")
        time.sleep(0.1)
    yield url
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM))
        yield browser
        browser.close()


def sit(browser: Browser, invite: str) -> Page:
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(invite)
    expect(page.locator(".status.live")).to_be_visible()
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def hero(page: Page, name: str) -> Locator:
    return page.locator(f".stunts-hero[data-hero='{name}']")


def test_two_seats_play_stunts_live_with_its_own_touch(web_table: str, chromium: Browser) -> None:
    assert httpx.get(f"{web_table}/rulesets/touches.json").json()["stunts"] == "/rulesets/stunts/touch.js"
    body = {
        "ruleset": "stunts",
        "seats": [
            {"id": "ann", "name": "Ann", "role": "player"},
            {"id": "bo", "name": "Bo", "role": "player"},
        ],
        "config": {"goal": 8},
        "settings": {"physical_dice": "everyone"},
    }
    made = httpx.post(f"{web_table}/api/tables", json=body)
    assert made.status_code == 201, made.text
    invites = {s["id"]: s["invite"] for s in made.json()["seats"]}
    ann, bo = sit(chromium, invites["ann"]), sit(chromium, invites["bo"])

    # the touch draws the scoreboard as a race to the goal, on both pages
    for page in (ann, bo):
        expect(hero(page, "Ann")).to_contain_text("0 / 8")
        # the tracker names the heroes as they sat down, never by seat id ("ann is up")
        expect(page.locator(".stunts .note")).to_have_text("Goal 8; Ann is up.")
        expect(page.locator(".stunts-name")).to_have_text(["Ann", "Bo"])

    # Ann pulls a stunt with a die she rolled: 5 heat, and the rules ask her to bank or push
    ann.locator("#own-dice").fill("5")
    item = (
        ann.locator("#actions .menu > li").filter(has=ann.locator("summary", has_text="pull a stunt")).first
    )
    item.locator("summary").click()
    item.locator("[id$='-stunt']").first.fill("leaps the <b>canyon</b>")
    item.get_by_role("button", name="pull a stunt").click()
    question = ann.locator(".prompt").filter(has_text="You hold 5 heat").first
    expect(question).to_be_visible()
    # her words are shown as she typed them, never read as markup
    expect(bo.locator(".log")).to_contain_text("ann leaps the <b>canyon</b>: 5, 5 heat.")
    expect(hero(bo, "Ann")).to_contain_text("holding 5 heat")

    # she pushes (a 4: 9 heat) and banks: past the goal, the show is hers
    ann.locator("#own-dice").fill("4")
    question.get_by_role("button", name="roll again").click()
    ann.locator(".prompt").filter(has_text="You hold 9 heat").first.get_by_role(
        "button", name="bank 9"
    ).click()
    for page in (ann, bo):
        expect(page.locator(".log")).to_contain_text("ann wins the show with 9!")
        expect(hero(page, "Ann")).to_contain_text("9 / 8")
        expect(page.locator(".stunts .note")).to_have_text("Ann won.")
    assert ann.js_errors == [] and bo.js_errors == []  # type: ignore[attr-defined]
