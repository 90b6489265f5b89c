"""Whose move it is, on every ruleset's sample at the web table.

A prompt with no options (a turn: "Round 1: Widow's turn.", "Ann: take an Action.") is answered by any
of the seat's moves: its seat's page draws it as a plain line with the hint to pick from the menu,
never an empty row of buttons or an empty form; the other pages say whom the table waits for, as the
projection's ``waiting`` does. Each sample is played over the API up to the moment it asks; the
harness is test_browser.py's.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from capeworks.engine import available
from tests.server.test_browser import CHROMIUM, Seats, sit

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: every installed ruleset with a sample (the five and the stunts example)
SAMPLES = sorted(name for name, r in available().items() if r.sample_session() is not None)
#: the samples that reach a prompt with no options
PLAIN = ["bpb", "capes", "weaverdice", "workshop"]


def projection(table: Seats, seat: str) -> dict[str, Any]:
    url = f"{table.base_url}/api/tables/{table.id}"
    response = httpx.get(url, headers={"X-Seat-Token": table.token(seat)})
    assert response.status_code == 200, response.text
    return dict(response.json())


def sample_table(web_table: str, name: str) -> tuple[Seats, Any, str]:
    session = available()[name].sample_session()
    assert session is not None
    seats = [{"id": s.id, "name": s.name, "role": s.role.value} for s in session.seats]
    table = Seats(web_table, name, seats, config=dict(session.config))
    # the GM sees every prompt; at a table without a GM, the first seat reads the waiting list
    viewer = next((s.id for s in session.seats if s.is_gm), session.seats[0].id)
    return table, session, viewer


def plain(prompt: dict[str, Any]) -> bool:
    return not prompt.get("options") and not prompt.get("free")


def seat_name(table_seats: list[dict[str, Any]], addressee: str) -> str:
    seat = next((s for s in table_seats if s["id"] == addressee), None)
    return str(seat["name"]) if seat else "the GM"


@pytest.mark.parametrize("name", PLAIN)
def test_a_prompt_with_no_options__is_a_plain_line_on_its_seats_page(
    web_table: str, chromium: Browser, name: str
) -> None:
    table, session, viewer = sample_table(web_table, name)
    asked = None
    for step in session.steps:
        table.act(step.command.seat, step.command.type, step.dice, **step.command.payload)
        asked = next((p for p in projection(table, viewer)["prompts"] if plain(p) and p.get("seat")), None)
        if asked:
            break
    assert asked is not None, f"the {name} sample never asks with a prompt without options"
    page = sit(chromium, table.invites[asked["seat"]])
    card = page.locator(".prompt").filter(has_text=asked["question"])
    expect(card).to_have_count(1)
    expect(card.locator(".options")).to_have_count(0)
    expect(card.locator("form")).to_have_count(0)
    expect(card.locator(".hint")).to_have_text("It is your move: pick from what you may do below.")
    assert page.js_errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", SAMPLES)
def test_waiting_for__every_other_page_names_whom_the_table_waits_for(
    web_table: str, chromium: Browser, name: str
) -> None:
    table, session, viewer = sample_table(web_table, name)
    seats = [{"id": s.id, "name": s.name, "role": s.role.value} for s in session.seats]
    for step in session.steps:
        table.act(step.command.seat, step.command.type, step.dice, **step.command.payload)
        waiting = projection(table, viewer)["waiting"]
        others = [s["id"] for s in seats if s["id"] not in waiting and s["role"] != "gm"]
        if waiting and others:
            break
    assert waiting and others, f"the {name} sample never waits on one seat while another looks on"
    page = sit(chromium, table.invites[others[0]])
    names = ", ".join(seat_name(seats, w) for w in waiting)
    expect(page.locator(".prompts .waiting-on")).to_have_text(f"Waiting on {names}.")
    assert page.js_errors == []  # type: ignore[attr-defined]
