"""Adding a character from a shipped sample at the web table, as found playing in Chromium: the
"Sample" field was a bare box, and the names the rules take were nowhere on the page. Each
system's field now says them (its description) and the form suggests them (its schema's examples,
an unset nullable field's too). The Workshop's is in test_browser_workshop.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.server.browser_fixtures import SEATS
from tests.server.test_browser import CAPES_SEATS, CHROMIUM, Seats, field, menu, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.mark.parametrize(
    ("ruleset", "label", "samples", "joins"),
    [
        ("rwyn", "create a character", ["ada", "rook", "vesper"], "Ada Lark joins the game"),
        ("bpb", "add a character", ["ganyeka", "widow", "agent-a", "agent-b"], "Widow joins"),
    ],
)
def test_add_character__the_samples_are_named_and_suggested(
    web_table: str, chromium: Browser, ruleset: str, label: str, samples: list[str], joins: str
) -> None:
    table = Seats(web_table, ruleset, SEATS)
    gm = sit(chromium, table.invites["gm"])
    add = menu(gm, label)
    options = add.locator("datalist[id$='-sample-options'] option")
    assert options.evaluate_all("os => os.map(o => o.value)") == samples
    expect(add.locator(".field", has=gm.locator("[id$='-sample']")).locator(".about")).to_contain_text(
        ", ".join(samples)
    )
    one = "widow" if ruleset == "bpb" else samples[0]
    field(add, "id").fill(one)
    field(add, "sample").fill(one)
    field(add, "owner").fill("ann")
    add.locator("button[type=submit]").click()
    expect(gm.locator(".log")).to_contain_text(joins)
    assert gm.js_errors == []  # type: ignore[attr-defined]


def test_capes_add_sample__the_samples_are_named_and_suggested(web_table: str, chromium: Browser) -> None:
    # Capes' "add sample" asked for a Name and suggested the players' ids (the form took Capes'
    # ``names``, each player's name by id, for a collection): which samples there are was said only
    # once one was refused ("There is no sample character called ... Known: ...")
    table = Seats(web_table, "capes", CAPES_SEATS)
    bea = sit(chromium, table.invites["bea"])
    add = menu(bea, "add sample")
    names = ["Skitter", "Aunt Sylvie", "Rampart", "Inspector Vale", "The Charity Gala"]
    options = add.locator("datalist[id$='-name-options'] option")
    assert options.evaluate_all("os => os.map(o => o.value)") == names
    expect(add.locator(".field", has=bea.locator("[id$='-name']")).locator(".about")).to_have_text(
        "A sample character: " + ", ".join(names) + "."
    )
    field(add, "name").fill("Rampart")
    add.locator("button[type=submit]").click()
    expect(bea.locator(".log")).to_contain_text("Rampart")
    assert bea.js_errors == []  # type: ignore[attr-defined]
