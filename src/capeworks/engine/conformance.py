"""Conformance checks every ruleset must pass, ours and third parties' alike.

Each check takes a ruleset with a :meth:`~capeworks.engine.Ruleset.sample_session`
and raises AssertionError with a reason when the ruleset breaks an engine
promise: replay reproduces state byte for byte, ``apply`` never mutates, bad
commands are refused without change, secrets stay hidden, undo restores the
state, config round-trips, and a seed reproduces the dice.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from capeworks.engine.model import Viewer
from capeworks.engine.ruleset import Ruleset, SampleSession
from capeworks.engine.table import Table
from capeworks.errors import CapeworksError

__all__ = ["CHECKS", "play_sample", "run_all"]


def _session(ruleset: Ruleset[Any, Any]) -> SampleSession:
    session = ruleset.sample_session()
    if session is None:
        raise AssertionError(f"{ruleset.name} has no sample session to check")
    return session


def play_sample(ruleset: Ruleset[Any, Any], *, seed: int = 7) -> Table:
    """A table that has played the ruleset's sample session."""
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=seed)
    for step in session.steps:
        table.execute(step.command, dice=step.dice)
    return table


def _dump(table: Table, viewer: Viewer) -> str:
    return json.dumps(table.view(viewer), sort_keys=True)


def check_replay(ruleset: Ruleset[Any, Any]) -> None:
    """Replaying the log gives the same state, byte for byte."""
    table = play_sample(ruleset)
    again = Table(ruleset, table.log)
    assert _dump(again, Viewer.gm()) == _dump(table, Viewer.gm()), "replay changed the state"
    assert again.state.model_dump_json() == table.state.model_dump_json()


def check_apply_is_pure(ruleset: Ruleset[Any, Any]) -> None:
    """``apply`` returns a new state and leaves its input alone."""
    table = play_sample(ruleset)
    state = ruleset.initial_state(table.config)
    for event in table.log:
        if event.type in ("table.created", "table.seeded", "table.reverted"):
            continue
        before = copy.deepcopy(state.model_dump(mode="json"))
        new_state = ruleset.apply(state, event)
        assert state.model_dump(mode="json") == before, f"apply mutated its input on {event.type}"
        state = new_state


def check_refusals(ruleset: Ruleset[Any, Any]) -> None:
    """Every refused command raises a CapeworksError and changes nothing."""
    session = _session(ruleset)
    table = play_sample(ruleset)
    for step in session.refused:
        version, before = table.version, _dump(table, Viewer.gm())
        try:
            table.execute(step.command, dice=step.dice)
        except CapeworksError as e:
            assert e.message and e.message[0].isupper(), f"unreadable message: {e.message!r}"
        else:
            raise AssertionError(f"{step.command.type} by {step.command.seat} was not refused")
        assert table.version == version and _dump(table, Viewer.gm()) == before, "a refusal changed the table"


def check_visibility(ruleset: Ruleset[Any, Any]) -> None:
    """The sample's secret is in the GM's view and nowhere in the named seat's."""
    session = _session(ruleset)
    if not session.secret_marker:
        return
    table = play_sample(ruleset)
    viewer = table.viewer_for(session.secret_hidden_from)
    gm_sees = _dump(table, Viewer.gm()) + json.dumps([e.model_dump(mode="json") for e in table.log])
    seat_sees = _dump(table, viewer) + json.dumps(
        [e.model_dump(mode="json") for e in table.visible_log(viewer)]
    )
    assert session.secret_marker in gm_sees, "the secret never reached the GM"
    assert session.secret_marker not in seat_sees, "a secret leaked to a player"


def check_undo(ruleset: Ruleset[Any, Any]) -> None:
    """Undoing the last command restores the state before it; the log only grows."""
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    snapshots = []
    for step in session.steps:
        snapshots.append(_dump_state(table))
        table.execute(step.command, dice=step.dice)
    gm = next((s for s in session.seats if s.role == "gm"), None)
    last_actor = session.steps[-1].command.seat
    length = table.version
    table.undo(gm.id if gm else last_actor)
    assert table.version == length + 1, "undo must append, not delete"
    assert _dump_state(table) == snapshots[-1], "undo did not restore the previous state"
    assert _dump_state(Table(ruleset, table.log)) == snapshots[-1], "replay of an undo differs"


def _dump_state(table: Table) -> str:
    return table.state.model_dump_json()


def check_config_round_trip(ruleset: Ruleset[Any, Any]) -> None:
    """The config dumps to JSON and reads back equal, with a JSON schema."""
    config = ruleset.parse_config(_session(ruleset).config)
    again = ruleset.parse_config(json.loads(config.model_dump_json()))
    assert again == config, "config did not survive a JSON round trip"
    assert ruleset.config_model.model_json_schema()["type"] == "object"


def check_seed_reproduces(ruleset: Ruleset[Any, Any]) -> None:
    """The same seed plays the same session to the same log."""
    a, b = play_sample(ruleset, seed=99), play_sample(ruleset, seed=99)
    dump = [e.model_dump_json() for e in a.log]
    assert dump == [e.model_dump_json() for e in b.log], "same seed, different log"


def check_describe(ruleset: Ruleset[Any, Any]) -> None:
    """Every event of the sample session can be put into words."""
    for event in play_sample(ruleset).log:
        text = ruleset.describe(event)
        assert isinstance(text, str) and text, f"no words for {event.type}"


CHECKS = (
    check_replay,
    check_apply_is_pure,
    check_refusals,
    check_visibility,
    check_undo,
    check_config_round_trip,
    check_seed_reproduces,
    check_describe,
)


def run_all(ruleset: Ruleset[Any, Any]) -> None:
    """Run every conformance check."""
    for check in CHECKS:
        check(ruleset)
