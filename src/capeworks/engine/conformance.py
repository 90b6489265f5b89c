"""Conformance checks every ruleset must pass, ours and third parties' alike.

Each check takes a ruleset with a :meth:`~capeworks.engine.Ruleset.sample_session`
and raises AssertionError with a reason when the ruleset breaks an engine
promise: replay reproduces state byte for byte, ``apply`` never mutates, bad
commands are refused without change, secrets stay hidden, undo restores the
state, config round-trips, a seed reproduces the dice, every event is declared
with a ``<ruleset>.`` prefix and has words of its own for every viewer (and no
two event types read alike), every prompt option is a command that will be
accepted, every answered prompt closes or changes, a prompt-only command is
never offered outside its prompt, no seat is offered a command its authority
refuses, no GM-only field is required or offered a player fixed, no menu names to a player what its
view hides from them, every legal command exists, every refusal
names the rule (or the kind of refusal) the sample expects, every event version
has its upcasters, and the golden logs it ships replay.

``capeworks check RULESET`` and the pytest plug-in (:mod:`capeworks.pytest_plugin`)
run them on any installed ruleset; :func:`run_checks` gives one result per check.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from capeworks.engine import golden
from capeworks.engine.fields import gm_only_fields, gm_only_values
from capeworks.engine.hostile import hostile_dice, hostile_payload, known_strings
from capeworks.engine.model import Command, Event, Prompt, Role, Viewer
from capeworks.engine.render import describe
from capeworks.engine.ruleset import Ruleset, SampleSession
from capeworks.engine.spec import Context
from capeworks.engine.table import ENGINE_COMMANDS, Table
from capeworks.engine.upcast import problems as upcast_problems
from capeworks.errors import CapeworksError, RuleViolation

__all__ = ["CHECKS", "CheckResult", "menu_secrets", "play_sample", "run_all", "run_check", "run_checks"]


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
    """Every refused command raises a CapeworksError naming the rule the sample expects, and changes nothing.

    Each refused step's ``rule`` is the rule ID its RuleViolation must name, or
    the code of any other refusal (``not_permitted``, ``invalid_command``...):
    a command refused for another reason than the one meant would pass unseen.
    """
    session = _session(ruleset)
    table = play_sample(ruleset)
    for step in session.refused:
        what = f"{step.command.type} by {step.command.seat}"
        assert step.rule, f"the refused step {what} does not say which rule refuses it (SampleStep.rule)"
        version, before = table.version, _dump(table, Viewer.gm())
        try:
            table.execute(step.command, dice=step.dice)
        except CapeworksError as e:
            assert e.message and e.message[0].isupper(), f"unreadable message: {e.message!r}"
            named = e.rule_id if isinstance(e, RuleViolation) else e.code
            assert named, f"{what} was refused by a rule with no ID: {e.message}"
            assert named == step.rule, f"{what} was refused by {named!r}, not {step.rule!r}: {e.message}"
        else:
            raise AssertionError(f"{what} was not refused")
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


def check_words_differ(ruleset: Ruleset[Any, Any]) -> None:
    """No two event types of the sample read alike: each type's words say what is its own.

    Words copied from one event to the next (or one function for every type)
    would leave a log where a reader cannot tell what happened.
    """
    table = play_sample(ruleset)
    types_by_text: dict[str, set[str]] = {}
    for event in table.log:
        if event.type in ruleset.events:
            types_by_text.setdefault(describe(ruleset, event, Viewer.gm()).text, set()).add(event.type)
    shared = {text: types for text, types in types_by_text.items() if len(types) > 1}
    assert not shared, "different event types read alike: " + "; ".join(
        f"{', '.join(sorted(types))} all read {text!r}" for text, types in sorted(shared.items())
    )


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


def _options(prompt: Prompt) -> list[tuple[str, str, dict[str, Any]]]:
    """Each way of answering ``prompt`` from its options: (value, command, payload)."""
    return [(o.value, o.command, dict(o.payload)) for o in prompt.options]


def _fold(ruleset: Ruleset[Any, Any], state: Any, events: list[Event]) -> Any:
    for event in events:
        state = ruleset.apply(state, event)
    return state


def check_answered_prompts_move_on(ruleset: Ruleset[Any, Any]) -> None:
    """At every step of the sample, answering an open prompt closes it or changes it.

    A prompt that stays open, unchanged, after its answer is taken would ask
    the same question forever. Each option is tried on the side (decided and
    folded, never committed); options the table refuses are the business of
    :func:`check_prompts_answerable`.
    """
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    for step in (*session.steps, None):
        for prompt in ruleset.prompts(table.state):
            before = prompt.model_dump(mode="json")
            answerer = _answerer(table, prompt)
            for value, command, payload in _options(prompt):
                try:
                    events = table.prepare(Command(type=command, seat=answerer, payload=payload))
                except CapeworksError:
                    continue
                after = _fold(ruleset, table.state, events)
                same = [p for p in ruleset.prompts(after) if p.id == prompt.id]
                assert not same or same[0].model_dump(mode="json") != before, (
                    f"prompt {prompt.id} stays open, unchanged, after it is answered {value!r}"
                )
        if step is not None:
            table.execute(step.command, dice=step.dice)


def check_prompt_only_not_offered(ruleset: Ruleset[Any, Any]) -> None:
    """A command marked prompt-only is offered only as the answer of an open prompt, never in a menu.

    A legal command that names a prompt no longer (or never) open counts as a menu entry.
    """
    prompt_only = {name for name, spec in ruleset.commands.items() if spec.prompt_only}
    if not prompt_only:
        return
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    for step in (*session.steps, None):
        open_ids = {p.id for p in table.prompts()}
        for seat in table.seats:
            for legal in table.legal_commands(seat.id):
                if legal.command not in prompt_only:
                    continue
                assert legal.prompt is not None, (
                    f"the prompt-only command {legal.command!r} is offered to {seat.id} outside a prompt"
                )
                assert legal.prompt in open_ids, (
                    f"the prompt-only command {legal.command!r} is offered to {seat.id} as the answer "
                    f"to {legal.prompt!r}, which is not an open prompt"
                )
        if step is not None:
            table.execute(step.command, dice=step.dice)


def check_offers_within_authority(ruleset: Ruleset[Any, Any]) -> None:
    """No seat is offered a command its authority refuses (a GM's command, another seat's character).

    At every step of the sample, each of every seat's legal commands (prompts' answers included)
    is put to :meth:`Ruleset.authorize` with its fixed fields, as the seat would issue it.
    """
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    for step in (*session.steps, None):
        for seat in table.seats:
            context: Context[Any] = Context(actor=seat, seats=tuple(table.seats), config=table.config)
            for legal in table.legal_commands(seat.id):
                spec = ruleset.commands.get(legal.command)
                if spec is None:  # the engine's own (undo): the table decides who may
                    continue
                command = spec.model.model_construct(**legal.fixed)
                try:
                    ruleset.authorize(table.state, context, legal.command, spec, command)
                except CapeworksError as e:
                    raise AssertionError(
                        f"{seat.id} is offered {legal.command} {dict(legal.fixed)}, which its authority "
                        f"refuses: {e.message}"
                    ) from None
        if step is not None:
            table.execute(step.command, dice=step.dice)


def check_gm_fields(ruleset: Ruleset[Any, Any]) -> None:
    """A GM-only payload field (``gm_field``) is never required, and no player is offered it fixed,
    nor a value only the GM may choose (``gm_values``).

    A player's form leaves such fields and values out, so a player's command must be whole without
    them; and a legal command whose fixed fields set one would send a player what the form hides
    (and the rules refuse), at any step of the sample.
    """
    schemas = {name: spec.model.model_json_schema() for name, spec in ruleset.commands.items()}
    marked = {name: gm_only_fields(schema) for name, schema in schemas.items()}
    gm_values = {name: gm_only_values(schema) for name, schema in schemas.items()}
    for name, spec in ruleset.commands.items():
        required = marked[name] & set(spec.model.model_json_schema().get("required", ()))
        assert not required, f"{name}: the GM-only fields {sorted(required)} are required"
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    for step in (*session.steps, None):
        for seat in table.seats:
            if seat.is_gm:
                continue
            for legal in table.legal_commands(seat.id):
                fixed = marked.get(legal.command, frozenset()) & set(legal.fixed)
                assert not fixed, f"{seat.id} is offered {legal.command} with GM-only {sorted(fixed)} fixed"
                for field, values in gm_values.get(legal.command, {}).items():
                    given = getattr(legal.fixed.get(field), "value", legal.fixed.get(field))
                    assert given not in values, f"{seat.id} is offered {legal.command} with {field}={given!r}"
        if step is not None:
            table.execute(step.command, dice=step.dice)


def _strings(value: Any, into: set[str], *, keys: bool = True) -> set[str]:
    """Every string anywhere in ``value`` (its keys too, unless ``keys`` is False), gathered into ``into``."""
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, dict):
        for k, item in value.items():
            if keys:
                into.add(str(k))
            _strings(item, into, keys=keys)
    elif isinstance(value, list | tuple):
        for item in value:
            _strings(item, into, keys=keys)
    return into


def _known(table: Table, viewer: Viewer) -> set[str]:
    """The strings ``viewer`` has been shown: its view of the table and the events it may read."""
    seen = _strings(table.view(viewer), set())
    return _strings([e.model_dump(mode="json") for e in table.visible_log(viewer)], seen)


def menu_secrets(table: Table) -> list[str]:
    """Each string a player's menu names that the GM knows and that player's view hides:
    "seat command {fixed}: 'string'" (a hidden character's id, a secret's words).

    A string the GM's view and log do not hold either (a choice's value, a number's words) tells
    nothing, and is not counted.
    """
    gm: set[str] | None = None
    out: list[str] = []
    for seat in table.seats:
        if seat.is_gm:
            continue
        named = [
            (legal, _strings(json.loads(json.dumps(legal.fixed, default=str)), set(), keys=False))
            for legal in table.legal_commands(seat.id)
        ]
        if not any(strings for _, strings in named):
            continue
        if gm is None:
            gm = _known(table, Viewer.gm())
        mine = _known(table, table.viewer_for(seat.id))
        for legal, strings in named:
            what = f"{seat.id} {legal.command} {dict(legal.fixed)}"
            out += [f"{what}: {s!r}" for s in sorted(strings & gm - mine)]
    return out


def check_menus_keep_secrets(ruleset: Ruleset[Any, Any]) -> None:
    """No player's menu names what that player's view hides (a hidden character's id), at any step.

    A menu is drawn for its seat alone, but what a fixed field names the player reads: every string in
    a player's legal commands that the GM knows must be one the player's view or log already holds.
    """
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    for n, step in enumerate((*session.steps, None)):
        found = menu_secrets(table)
        assert not found, (
            f"{ruleset.name}, after step {n}: a menu names what its player may not see: "
            + "; ".join(found[:5])
        )
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


def check_no_secrets(ruleset: Ruleset[Any, Any]) -> None:
    """A ruleset that says it has no secrets (``has_secrets`` False) shows every seat all of it.

    The web table then lets any seat download the whole log (docs/web.md), so at every step of the
    sample every event is for everyone and every seat sees the state as the GM would. A ruleset with
    secrets passes at once.
    """
    if ruleset.has_secrets:
        return
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    viewers = [table.viewer_for(s.id) for s in table.seats if not s.is_gm]
    since = 0
    for step in (*session.steps, None):
        # the dice seed this check plays with is the engine's, kept from players at any table (a seeded
        # table's export stays the GM's); everything the ruleset records must be for everyone
        for event in table.log[since:]:
            assert event.audience.everyone or event.type == "table.seeded", (
                f"{ruleset.name} says it has no secrets, but event {event.seq} ({event.type}) is not for "
                "everyone"
            )

        def seen(viewer: Viewer) -> str:
            panels = [p.model_dump(mode="json") for p in ruleset.panels(table.state, viewer)]
            return json.dumps((ruleset.view(table.state, viewer), panels), sort_keys=True)

        whole = seen(Viewer.gm())
        for viewer in viewers:
            assert seen(viewer) == whole, (
                f"{ruleset.name} says it has no secrets, but {viewer.seat} sees less of the state than the GM"
            )
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


def check_no_traceback(ruleset: Ruleset[Any, Any], *, attempts: int = 150, seed: int = 0) -> None:
    """Every command, sent careless or hostile payloads at any step of the sample, is refused cleanly or done.

    Payloads come from each command's JSON schema (see :mod:`capeworks.engine.hostile`):
    numbers past their bounds, empty and over-long lists, duplicates, unknown
    ids, wrong types, hostile text, odd given dice. Each attempt, on a table
    that has played the sample up to a random step, by a random seat, must
    either be accepted or raise a CapeworksError with a message for a person,
    leaving the table unchanged; any other exception is a broken promise.
    """
    session = _session(ruleset)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    logs = [list(table.log)]
    for step in session.steps:
        table.execute(step.command, dice=step.dice)
        logs.append(list(table.log))
    rng = random.Random(f"{ruleset.name}:{seed}")
    names = sorted(ruleset.commands)
    schemas = {name: ruleset.commands[name].model.model_json_schema() for name in names}
    gm = Viewer.gm()
    for _ in range(attempts):
        at = rng.randrange(len(logs))
        here = Table(ruleset, logs[at])
        command, dice = hostile_command(here, rng, schemas)
        name, seat, payload = command.type, command.seat, command.payload
        before = here.version, _dump(here, gm)
        what = f"{name} by {seat} after step {at} with {payload!r}" + (f" and dice {dice}" if dice else "")
        try:
            here.execute(command, dice=dice)
        except CapeworksError as e:
            assert e.message.strip() and "Traceback" not in e.message, (
                f"{what}: an unreadable refusal {e.message!r}"
            )
            assert (here.version, _dump(here, gm)) == before, f"{what}: a refusal changed the table"
        except Exception as e:
            raise AssertionError(f"{what}: {type(e).__name__}: {e}") from e


def hostile_command(
    table: Table, rng: random.Random, schemas: dict[str, dict[str, Any]]
) -> tuple[Command, list[int] | None]:
    """A careless or hostile command for ``table``: often one of a seat's offers with a field spoiled."""
    seat = rng.choice(table.seats).id
    offers = [c for c in table.legal_commands(seat) if c.command in schemas]
    offer = rng.choice(offers) if offers and rng.random() < 0.6 else None
    name = offer.command if offer else rng.choice(sorted(schemas))
    ids = [*known_strings(table.view(Viewer.gm())), seat]
    payload = hostile_payload(schemas[name], rng, ids, fixed=offer.fixed if offer else None)
    return Command(type=name, seat=seat, payload=payload), hostile_dice(rng)


def _shipped(ruleset: Ruleset[Any, Any]) -> Path:
    """The ``golden`` folder beside the package that defines ``ruleset``."""
    module = sys.modules[type(ruleset).__module__]
    return Path(module.__file__ or ".").parent / "golden"


def _answerer(table: Table, prompt: Any) -> str:
    if prompt.seat is not None:
        return str(prompt.seat)
    seat = next(s for s in table.seats if s.role == prompt.role)
    return seat.id


Check = Callable[[Ruleset[Any, Any]], None]

CHECKS: tuple[Check, ...] = (
    check_replay,
    check_apply_is_pure,
    check_refusals,
    check_visibility,
    check_undo,
    check_config_round_trip,
    check_seed_reproduces,
    check_describe,
    check_words_differ,
    check_events_declared,
    check_prompts_answerable,
    check_answered_prompts_move_on,
    check_prompt_only_not_offered,
    check_offers_within_authority,
    check_gm_fields,
    check_menus_keep_secrets,
    check_menus_and_panels,
    check_view_key,
    check_no_secrets,
    check_upcasters,
    check_golden_logs,
    check_no_traceback,
)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One check run on one ruleset: its name, the promise it checks, and why it failed ("" if it passed)."""

    name: str
    promise: str
    reason: str = ""

    @property
    def passed(self) -> bool:
        """True when the ruleset kept the promise."""
        return not self.reason


def _promise(check: Check) -> str:
    """The first line of the check's docstring, as plain words."""
    doc = (check.__doc__ or "").strip()
    return doc.splitlines()[0].replace("``", "") if doc else check.__name__


def run_check(check: Check, ruleset: Ruleset[Any, Any]) -> CheckResult:
    """Run one check; a broken promise or a ruleset that breaks while checked is a failed result.

    Any exception counts: a ruleset whose sample crashes has failed the check,
    and the reason names the exception, never a traceback.
    """
    try:
        check(ruleset)
    except AssertionError as e:
        return CheckResult(check.__name__, _promise(check), str(e) or "a check failed with no reason")
    except Exception as e:
        return CheckResult(check.__name__, _promise(check), f"{type(e).__name__}: {e}")
    return CheckResult(check.__name__, _promise(check))


def run_checks(ruleset: Ruleset[Any, Any]) -> list[CheckResult]:
    """Every conformance check on ``ruleset``, each to its result (a failure does not stop the rest)."""
    return [run_check(check, ruleset) for check in CHECKS]


def run_all(ruleset: Ruleset[Any, Any]) -> None:
    """Run every conformance check; the first broken promise raises AssertionError."""
    for check in CHECKS:
        check(ruleset)
