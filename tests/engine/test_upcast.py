"""Event schema versions and upcasters: a log written at version 1 replays under a ruleset at version 2.

The toy ruleset's ``toy.added`` carried ``amount``; ``ToyV2`` renames it ``delta`` (a release that
changed the event) and declares the upcaster from version 1. Logs written by ``Toy`` are the old
release's logs.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from capeworks.engine import (
    Command,
    CommandSpec,
    Context,
    Description,
    DiceService,
    Event,
    EventData,
    Table,
    Viewer,
    declare_events,
)
from capeworks.engine.golden import expectations, find
from capeworks.engine.upcast import problems, upcast
from capeworks.errors import UnreadableEvent
from capeworks.store import chain
from tests.engine.toy import Add, Answered, Asked, Noted, Renamed, Toy, ToyState
from tests.golden.regenerate import ROOT as GOLDEN_ROOT


class AddedV2(EventData):
    """toy.added at version 2: the change to the counter, named as a delta."""

    TYPE: ClassVar[str] = "toy.added"
    VERSION: ClassVar[int] = 2
    delta: int


def _amount_to_delta(data: dict[str, Any]) -> dict[str, Any]:
    return {"delta": data.pop("amount"), **data}


def _add_v2(state: ToyState, context: Context, c: Add, dice: DiceService) -> list[Event]:
    roll = dice.roll(c.dice, 6, purpose="add")
    return [Event.of(AddedV2(delta=sum(roll.faces)), rolls=(roll,))]


class ToyV2(Toy):
    commands: ClassVar[dict[str, CommandSpec]] = {**Toy.commands, "add": CommandSpec(Add, _add_v2)}
    events = declare_events(AddedV2, Noted, Asked, Answered, Renamed)
    upcasters: ClassVar[dict[tuple[str, int], Any]] = {("toy.added", 1): _amount_to_delta}
    words: ClassVar[dict[str, Any]] = {
        **Toy.words,
        "toy.added": lambda p, e, v: Description(text=f"The counter moves by {p.delta}."),
    }

    def apply(self, state: ToyState, event: Event) -> ToyState:
        if event.type == "toy.added":
            return state.model_copy(update={"total": state.total + event.data["delta"]})
        return super().apply(state, event)


def _v1_log() -> list[dict[str, Any]]:
    """The toy sample played by the old release, as stored JSON."""
    toy = Toy()
    session = toy.sample_session()
    table = Table.new(toy, config=session.config, seats=session.seats, seed=3)
    for step in session.steps:
        table.execute(step.command, dice=step.dice)
    return [e.model_dump(mode="json") for e in table.log]


def test_upcast__a_version_1_log_replays_under_version_2_to_the_same_state() -> None:
    stored = _v1_log()
    old = Table(Toy(), [Event.model_validate(e) for e in stored])
    new = Table(ToyV2(), [Event.model_validate(e) for e in stored])
    assert new.state == old.state and new.state.total > 0  # type: ignore[attr-defined]
    words = [e.description.text for e in new.log_view(Viewer.gm()) if e.type == "toy.added"]
    assert words and all(w.startswith("The counter moves by ") for w in words)
    # the stored events are never rewritten: same JSON, same hash chain
    assert [e.model_dump(mode="json") for e in new.log] == stored
    assert list(chain.links(e.model_dump(mode="json") for e in new.log)) == list(chain.links(stored))


def test_upcast__new_events_record_their_version_and_old_ones_stay_without_one() -> None:
    stored = _v1_log()
    table = Table(ToyV2(), [Event.model_validate(e) for e in stored])
    before = table.state.total  # type: ignore[attr-defined]
    [added] = table.execute(Command(type="add", seat="ann", payload={"dice": 1}), dice=[4])
    dumped = added.model_dump(mode="json")
    assert dumped["version"] == 2 and dumped["data"] == {"delta": 4}
    assert all("version" not in e for e in stored)  # version 1 is the default and is not written
    mixed = [e.model_dump(mode="json") for e in table.log]
    again = Table(ToyV2(), [Event.model_validate(json.loads(json.dumps(e))) for e in mixed])
    assert again.state.total == before + 4  # type: ignore[attr-defined]


def test_upcast__chained_from_version_1_through_each_step() -> None:
    class AddedV3(EventData):
        TYPE: ClassVar[str] = "toy.added"
        VERSION: ClassVar[int] = 3
        delta: int
        why: str

    class ToyV3(ToyV2):
        events = declare_events(AddedV3, Noted, Asked, Answered, Renamed)
        upcasters: ClassVar[dict[tuple[str, int], Any]] = {
            **ToyV2.upcasters,
            ("toy.added", 2): lambda data: {**data, "why": "dice"},
        }

    event = Event(type="toy.added", data={"amount": 5}, seq=9)
    got = upcast(ToyV3(), event)
    assert (got.version, got.data) == (3, {"delta": 5, "why": "dice"})
    assert event.data == {"amount": 5}  # the event read from the log is left as it was
    assert ToyV3().payload(event) == AddedV3(delta=5, why="dice")
    assert problems(ToyV3()) == []


def test_upcast__an_event_from_a_newer_release_says_so_in_one_sentence() -> None:
    stored = _v1_log()
    table = Table(ToyV2(), [Event.model_validate(e) for e in stored])
    table.execute(Command(type="add", seat="ann", payload={"dice": 1}), dice=[2])
    newer = [Event.model_validate(e.model_dump(mode="json")) for e in table.log]
    with pytest.raises(UnreadableEvent) as raised:
        Table(Toy(), newer)
    assert raised.value.message == (
        f"Event {table.version} (toy.added, version 2) cannot be read: it was written by a newer release "
        "of capeworks (this one reads toy.added up to version 1); upgrade capeworks to read it."
    )


def test_upcast__a_missing_or_failing_upcaster_and_a_payload_that_does_not_fit_are_named() -> None:
    class NoUpcaster(ToyV2):
        upcasters: ClassVar[dict[tuple[str, int], Any]] = {}

    class Failing(ToyV2):
        upcasters: ClassVar[dict[tuple[str, int], Any]] = {("toy.added", 1): lambda data: data["gone"]}

    log = [Event.model_validate(e) for e in _v1_log()]
    seq = next(e.seq for e in log if e.type == "toy.added")
    with pytest.raises(UnreadableEvent) as raised:
        Table(NoUpcaster(), log)
    assert raised.value.message == (
        f"Event {seq} (toy.added, version 1) cannot be read: toy declares no upcaster from version 1 to 2."
    )
    assert problems(NoUpcaster()) == ["'toy.added' is at version 2 but has no upcaster from version 1"]
    with pytest.raises(UnreadableEvent) as raised:
        Table(Failing(), log)
    assert raised.value.message == (
        f"Event {seq} (toy.added, version 1) cannot be read: "
        "its upcaster from version 1 failed (no field 'gone')."
    )
    # one field more than the model knows (what a newer release without a version bump writes)
    extra = [e.model_copy(update={"data": {**e.data, "mood": "x"}}) if e.seq == seq else e for e in log]
    with pytest.raises(UnreadableEvent) as raised:
        Table(Toy(), extra)
    assert raised.value.message == (
        f"Event {seq} (toy.added, version 1) cannot be read: its data does not fit "
        "(mood: extra inputs are not permitted)."
    )


def test_upcast__problems_name_upcasters_for_unknown_events_and_versions_past_the_current() -> None:
    class Confused(ToyV2):
        upcasters: ClassVar[dict[tuple[str, int], Any]] = {
            **ToyV2.upcasters,
            ("toy.gone", 1): lambda data: data,
            ("toy.added", 2): lambda data: data,
        }

    assert problems(Confused()) == [
        "an upcaster is declared for 'toy.gone', which is not one of toy's events",
        "the upcaster for 'toy.added' from version 2 is not below its version 2",
    ]


def test_upcast__every_golden_log_replays_through_a_chain_of_upcasters_on_every_event() -> None:
    """Real data: each ruleset with every event type two versions on, its data taken through the
    ruleset's own upcasters to its current version ``v``, then two more steps (``v -> v+1`` moves
    every field under ``old_``, ``v+1 -> v+2`` moves it back), replays each golden log to its
    expectations."""
    from capeworks.engine import get_ruleset

    for golden in find(GOLDEN_ROOT):
        ruleset = get_ruleset(golden.ruleset)
        base = type(ruleset)
        bumped = {
            t: type(m.__name__, (m,), {"TYPE": m.TYPE, "VERSION": m.VERSION + 2, "__module__": __name__})
            for t, m in base.events.items()
        }
        steps: dict[tuple[str, int], Any] = dict(base.upcasters)
        for t, m in base.events.items():
            steps[t, m.VERSION] = lambda d: {f"old_{k}": v for k, v in d.items()}
            steps[t, m.VERSION + 1] = lambda d: {k.removeprefix("old_"): v for k, v in d.items()}
        upgraded = type(f"Upgraded{base.__name__}", (base,), {"events": bumped, "upcasters": steps})()
        assert problems(upgraded) == []
        log = [Event.model_validate(e) for e in golden.document()["log"]]
        assert any(e.type in bumped for e in log)
        assert expectations(Table(upgraded, log)) == golden.expected(), golden.label


def test_upcast__an_event_type_this_release_does_not_know_is_named() -> None:
    log = [Event.model_validate(e) for e in _v1_log()]
    later = log[-1].seq + 1
    unknown = Event(type="toy.teleported", data={"to": "moon"}, seq=later, command_id=log[-1].command_id + 1)
    with pytest.raises(UnreadableEvent) as raised:
        Table(Toy(), [*log, unknown])
    assert raised.value.message == (
        f"Event {later} (toy.teleported, version 1) cannot be read: "
        "this release of Toy counter has no such event, perhaps one a newer release wrote."
    )
