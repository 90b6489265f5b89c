"""Conformance checks every ruleset must pass, ours and third parties' alike.

Each check takes a ruleset with a :meth:`~capeworks.engine.Ruleset.sample_session`
and raises AssertionError with a reason when the ruleset breaks an engine
promise: replay reproduces state byte for byte, ``apply`` never mutates, bad
commands are refused without change, secrets stay hidden, undo restores the
state, config round-trips, a seed reproduces the dice, every event is declared
with a ``<ruleset>.`` prefix and has words of its own for every viewer, every
prompt option is a command that will be accepted, every legal command exists,
every event version has its upcasters, and the golden logs it ships replay.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

from capeworks.engine import golden
from capeworks.engine.model import Command, Role, Viewer
from capeworks.engine.render import describe
from capeworks.engine.ruleset import Ruleset, SampleSession
from capeworks.engine.table import ENGINE_COMMANDS, Table
from capeworks.engine.upcast import problems as upcast_problems
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
    """Undoing a command restores the state before it; the log only grows.

    With a GM, the GM undoes the last command. Without one, the last actor
    undoes their latest command that rolled no dice (dice once seen stand).
    """
    session = _session(ruleset)
    gm = next((s for s in session.seats if s.role == Role.GM), None)
    steps = list(session.steps)
    if gm is None:
        while steps and steps[-1].dice is not None:
            steps.pop()
        if not steps:
            return
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    snapshots = []
    events = []
    for step in steps:
        snapshots.append(_dump_state(table))
        events = table.execute(step.command, dice=step.dice)
    if gm is None and any(e.rolls for e in events):
        return
    length = table.version
    table.undo(gm.id if gm else steps[-1].command.seat)
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
    """Every declared event has words; every event of the sample reads as words, for every seat."""
    missing = sorted(set(ruleset.events) - set(ruleset.words))
    assert not missing, f"declared events with no words: {missing}"
    table = play_sample(ruleset)
    viewers = [Viewer.gm(), *(table.viewer_for(s.id) for s in table.seats)]
    for event in table.log:
        for viewer in viewers:
            if not event.audience.admits(viewer):
                continue
            words = describe(ruleset, event, viewer)
            assert words.text and words.text != event.type, f"no words of its own for {event.type}"


def check_events_declared(ruleset: Ruleset[Any, Any]) -> None:
    """Every event is named ``<ruleset>.<event>``, declared, and its data fits its payload model."""
    for name in ruleset.events:
        assert name.startswith(f"{ruleset.name}."), f"event type {name!r} lacks the {ruleset.name}. prefix"
    clash = sorted(set(ruleset.commands) & set(ENGINE_COMMANDS))
    assert not clash, f"commands named like the engine's own: {clash}"
    for event in play_sample(ruleset).log:
        if event.type.startswith("table."):
            continue
        assert event.type in ruleset.events, f"event {event.type!r} is emitted but not declared"
        ruleset.payload(event)


def check_prompts_answerable(ruleset: Ruleset[Any, Any]) -> None:
    """At every step of the sample, every prompt option and legal command is one the table accepts."""
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    known = {*ruleset.commands, *ENGINE_COMMANDS}
    for step in (*session.steps, None):
        for prompt in table.prompts():
            assert prompt.seat is None or prompt.seat in {s.id for s in table.seats}, (
                f"prompt {prompt.id} is addressed to {prompt.seat!r}, who does not sit here"
            )
            answerer = _answerer(table, prompt)
            for option in prompt.options:
                assert option.command in known, (
                    f"prompt {prompt.id} offers unknown command {option.command!r}"
                )
                command = Command(type=option.command, seat=answerer, payload=dict(option.payload))
                try:
                    table.prepare(command)
                except CapeworksError as e:
                    raise AssertionError(
                        f"prompt {prompt.id} offers {option.value!r}, which is refused: {e.message}"
                    ) from None
            if prompt.free is not None:
                assert prompt.free.command in known, (
                    f"prompt {prompt.id}: unknown command {prompt.free.command!r}"
                )
        for seat in table.seats:
            for legal in table.legal_commands(seat.id):
                assert legal.command in known, f"legal command {legal.command!r} for {seat.id} is unknown"
        if step is not None:
            table.execute(step.command, dice=step.dice)


def check_menus_and_panels(ruleset: Ruleset[Any, Any]) -> None:
    """Every command has menu words of its own; panels draw for every seat at every step of the sample."""
    missing = sorted(set(ruleset.commands) - set(ruleset.command_words))
    assert not missing, f"{ruleset.name} has no menu words for: {', '.join(missing)}"
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    viewers = [Viewer.gm(), *(table.viewer_for(s.id) for s in table.seats)]
    for step in (*session.steps, None):
        for viewer in viewers:
            for panel in ruleset.panels(table.state, viewer):
                assert panel.title, f"{ruleset.name} draws a panel without a title"
        if step is not None:
            table.execute(step.command, dice=step.dice)


def check_view_key(ruleset: Ruleset[Any, Any]) -> None:
    """Viewers sharing a view key see the same view, panels and words, at every step of the sample.

    The table works these out once per key and sends them to every seat with
    that key, so a key that merged seats who see differently would leak.
    """
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    viewers = [Viewer.gm(), Viewer(), *(table.viewer_for(s.id) for s in table.seats)]
    since = 0
    for step in (*session.steps, None):
        seen: dict[Any, tuple[Viewer, str]] = {}
        worded: dict[tuple[Any, int], tuple[Viewer, str]] = {}
        for viewer in viewers:
            key = ruleset.view_key(table.state, viewer)
            hash(key)
            for event in table.log[since:]:
                if event.audience.admits(viewer):
                    words = describe(ruleset, event, viewer).model_dump_json()
                    said = worded.setdefault((key, event.seq), (viewer, words))
                    assert said[1] == words, (
                        f"{ruleset.name}: {said[0]} and {viewer} share the view key {key!r} "
                        f"but read event {event.seq} differently"
                    )
            fresh = (
                ruleset.view(table.state, viewer),
                [p.model_dump(mode="json") for p in ruleset.panels(table.state, viewer)],
            )
            drawn = json.dumps(fresh, sort_keys=True)
            first = seen.setdefault(key, (viewer, drawn))
            assert first[1] == drawn, (
                f"{ruleset.name}: {first[0]} and {viewer} share the view key {key!r} but see differently"
            )
            memo = table.seen_state(viewer), [p.model_dump(mode="json") for p in table.seen_panels(viewer)]
            assert json.dumps(memo, sort_keys=True) == drawn, f"{viewer} got a stale view"
        since = table.version
        if step is not None:
            table.execute(step.command, dice=step.dice)


def check_upcasters(ruleset: Ruleset[Any, Any]) -> None:
    """Every event type above version 1 has an upcaster from each older version, and none is stray."""
    found = upcast_problems(ruleset)
    assert not found, f"{ruleset.name}: " + "; ".join(found)


def check_golden_logs(ruleset: Ruleset[Any, Any], root: Path | None = None) -> None:
    """The golden logs the ruleset ships, if any, replay to their expectations.

    They are found under ``root`` (default: the ``golden`` folder beside the ruleset's
    package) as ``<root>/<ruleset name>/<name>.log.json``, each with its
    ``<name>.expected.json`` (see :mod:`capeworks.engine.golden`).
    """
    for log in golden.find(root if root is not None else _shipped(ruleset), ruleset.name):
        table = golden.replay_document(log.document(), ruleset)
        found = golden.differences(log.expected(), golden.expectations(table))
        assert not found, f"golden log {log.label} replays differently: " + "; ".join(found[:5])


def _shipped(ruleset: Ruleset[Any, Any]) -> Path:
    """The ``golden`` folder beside the package that defines ``ruleset``."""
    module = sys.modules[type(ruleset).__module__]
    return Path(module.__file__ or ".").parent / "golden"


def _answerer(table: Table, prompt: Any) -> str:
    if prompt.seat is not None:
        return str(prompt.seat)
    seat = next(s for s in table.seats if s.role == prompt.role)
    return seat.id


CHECKS = (
    check_replay,
    check_apply_is_pure,
    check_refusals,
    check_visibility,
    check_undo,
    check_config_round_trip,
    check_seed_reproduces,
    check_describe,
    check_events_declared,
    check_prompts_answerable,
    check_menus_and_panels,
    check_view_key,
    check_upcasters,
    check_golden_logs,
)


def run_all(ruleset: Ruleset[Any, Any]) -> None:
    """Run every conformance check."""
    for check in CHECKS:
        check(ruleset)
