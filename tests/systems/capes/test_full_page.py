"""A full scripted game with three players through the engine's Table (the Driver): replay, undo, refusals.

Rule IDs: CAPES-PRIN-001/003, CAPES-PAGE-003/012, CAPES-RES-001 (the whole loop).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from capeworks.engine import Table, Viewer
from capeworks.engine.render import describe
from capeworks.engine.ruleset import SampleStep
from capeworks.engine.testing import Driver
from capeworks.errors import CapeworksError
from capeworks.systems.capes.samples import SEATS, full_page_steps, sample_session
from tests.systems.capes.helpers import RULESET


def _driver(steps: Sequence[SampleStep]) -> Driver:
    d = Driver(RULESET, seats=SEATS, seed=3)
    for step in steps:
        d.do(step.command.seat, step.command.type, dice=step.dice, payload=step.command.payload)
    return d


def _play(steps: Sequence[SampleStep]) -> Table:
    return _driver(steps).table


@pytest.mark.rules("CAPES-PAGE-003", "CAPES-PAGE-012", "CAPES-PRIN-003", "CAPES-PRIN-001")
def test_full_page__three_players_through_the_table() -> None:
    table = _play(full_page_steps())
    state = table.state
    # Page 1 is over: every character acted once; no claims, so Page 2 begins with Bea claiming
    assert state.scene.page.number == 2 and state.scene.page.starter == "bea"  # type: ignore[attr-defined]
    assert state.scene.page.phase == "claims"  # type: ignore[attr-defined]
    c1 = state.conflict("c1")  # type: ignore[attr-defined]
    assert [s.dice for s in c1.sides] == [(1,), (6,)]
    prompts = table.prompts(table.viewer_for("bea"))
    assert prompts and prompts[0].kind == "claim"


@pytest.mark.rules("CAPES-RES-001", "CAPES-RES-003", "CAPES-RES-006", "CAPES-DEBT-003")
def test_sample_session__replays_from_its_log_to_the_same_state() -> None:
    session = sample_session()
    table = _play(session.steps)
    again = Table.replay(table.log)
    assert again.state.model_dump_json() == table.state.model_dump_json()
    assert json.dumps(again.view(Viewer(seat="ann")), sort_keys=True) == json.dumps(
        table.view(Viewer(seat="ann")), sort_keys=True
    )
    state = table.state
    # Bea resolved c1: 6-3 -> Bea +3; leftover 2 -> Ann +2; Skitter's 2 staked Truth back doubled
    assert [i.value for i in state.inspirations["bea"]] == [3]  # type: ignore[attr-defined]
    assert [i.value for i in state.inspirations["ann"]] == [2]  # type: ignore[attr-defined]
    assert state.roster["skitter"].debt["truth"] == 4  # type: ignore[attr-defined]


def test_sample_session__refusals_change_nothing() -> None:
    session = sample_session()
    d = _driver(session.steps)
    for step in session.refused:
        # refused with a sentence, and the table (state, view, version) exactly as it was
        d.refuse(step.command.seat, step.command.type, dice=step.dice, payload=step.command.payload)


def test_undo__the_last_actor_takes_back_their_own_command() -> None:
    d = _driver(full_page_steps())
    before = d.state.model_dump_json()
    d.do("bea", "claim", conflict="c1", side="B")
    with pytest.raises(CapeworksError):
        d.undo("cal")
    d.undo("bea")
    assert d.state.model_dump_json() == before
    assert d.replayed().state == d.state


def test_describe__names_seats_and_characters_by_their_display_names() -> None:
    session = sample_session()
    table = _play(session.steps)
    lines = [describe(table.ruleset, e).text for e in table.log]
    assert "Ann plays Skitter." in lines
    assert "Bea ends Aunt Sylvie's Action." in lines
    assert (
        "Bea resolves c1 (Rob the gala) for side B; debt back doubled: Skitter +4 truth; "
        'Inspirations: Bea 3, Ann 2; failed Goal for Skitter — "Sylvie\'s scream brings the guards running."'
        in lines
    )


HOSTILE = [
    ("ann", "stake", {"conflict": "c9", "amount": 1}),  # no such Conflict
    ("ann", "stake", {"conflict": "c1", "amount": -2}),
    ("ann", "stake", {"conflict": "c1", "amount": 10**30}),
    ("ann", "split", {"conflict": "c1", "side": "Z", "parts": 2}),  # no such side
    ("ann", "split", {"conflict": "c1", "side": "A", "parts": 2}),  # no Debt staked
    ("ann", "use_ability", {"ability": "Worried", "conflict": "c1", "side": "A"}),  # Bea's character
    ("ann", "use_ability", {"ability": "Sarcastic", "character": "rampart", "conflict": "c1", "side": "A"}),
    ("bea", "use_ability", {"ability": "Worried", "conflict": "c1", "side": "A"}),  # out of turn
    ("ann", "react", {"ability": "Sarcastic"}),  # nothing to react to
    ("ann", "claim", {"conflict": "c1", "side": "B"}),  # wrong phase, not allied
    ("ann", "inspire", {"value": 6, "conflict": "c1", "side": "A"}),  # holds none
    ("ann", "resolve", {"conflict": "c1", "pairs": "9-9"}),
    ("ann", "gloat", {"conflict": "c1", "count": -1}),
    ("ann", "no_such_command", {}),
]


@pytest.mark.parametrize(("seat", "kind", "payload"), HOSTILE)
def test_hostile_commands__refused_with_a_sentence_and_nothing_changes(
    seat: str, kind: str, payload: dict[str, object]
) -> None:
    steps = full_page_steps()
    # Ann's Action is open: she has just created c1 (a Goal for Skitter)
    d = _driver(steps[: steps.index(next(s for s in steps if s.command.type == "create_conflict")) + 1])
    # refuse: a sentence (capital first, full stop last) and nothing changed
    message = d.refuse(seat, kind, payload=payload).message
    # a readable sentence, not a traceback or a repr
    assert message and message == message.strip()
    assert "Traceback" not in message and "Error(" not in message
    if kind == "use_ability" and seat == "bea":
        assert "Ann's turn" in message, message
