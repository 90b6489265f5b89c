"""A batch takes the state an emitter says an event folds to (``folds_to``) instead of folding it,
and with ``Batch.check_folds`` on (the suite's conftest turns it on) folds it as well and refuses a
state that differs: what keeps Weaverdice's builder, which hands over the state it made, honest."""

from __future__ import annotations

import pytest

from capeworks.engine import Batch, Context, Seat
from tests.engine.toy import Added, Toy, ToyConfig, ToyState

RS = Toy()


def _batch(state: ToyState) -> Batch[ToyState]:
    context = Context(actor=Seat(id="ann", name="Ann"), seats=(), config=ToyConfig(), fold=RS.apply)
    return context.batch(state)


def test_the_suite_checks_every_state_given() -> None:
    assert Batch.check_folds


def test_a_state_given_that_the_event_folds_to__is_taken_as_it_is() -> None:
    start = RS.initial_state(ToyConfig())
    batch = _batch(start)
    after = start.model_copy(update={"total": 4})
    event = batch.emit(Added(amount=4), folds_to=after)
    assert batch.state is after
    assert RS.apply(start, event) == after


def test_a_state_given_that_the_event_does_not_fold_to__is_refused_when_checked() -> None:
    start = RS.initial_state(ToyConfig())
    batch = _batch(start)
    with pytest.raises(AssertionError, match=r"toy\.added: the state given with the event"):
        batch.emit(Added(amount=4), folds_to=start.model_copy(update={"total": 5}))


def test_without_the_check__the_state_given_is_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Batch, "check_folds", False)
    start = RS.initial_state(ToyConfig())
    batch = _batch(start)
    given = start.model_copy(update={"total": 5})  # wrong on purpose: nothing folds it
    batch.emit(Added(amount=4), folds_to=given)
    assert batch.state is given


# -- a payload made later (Batch.emit_later): folded from the state given, made when first read ---


def test_a_payload_made_later__is_made_only_when_read_and_once_for_every_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Batch, "check_folds", False)
    start = RS.initial_state(ToyConfig())
    batch = _batch(start)
    made: list[int] = []

    def make() -> Added:
        made.append(1)
        return Added(amount=4)

    after = start.model_copy(update={"total": 4})
    event = batch.emit_later(Added, make, folds_to=after)
    assert (event.type, event.version, batch.state, made) == ("toy.added", Added.VERSION, after, [])
    copy = event.stamped(9, 3, "bo")
    assert copy.data == {"amount": 4}  # stored or sent: made now
    assert event.payload == Added(amount=4) and copy.payload is event.payload
    assert made == [1]
    assert RS.apply(start, event) == after


def test_a_payload_made_later__is_made_and_folded_at_once_when_checked() -> None:
    start = RS.initial_state(ToyConfig())
    batch = _batch(start)
    with pytest.raises(AssertionError, match=r"toy\.added: the state given with the event"):
        batch.emit_later(Added, lambda: Added(amount=4), folds_to=start.model_copy(update={"total": 5}))


def test_a_payload_made_later_of_another_class__is_refused_when_checked() -> None:
    start = RS.initial_state(ToyConfig())
    batch = _batch(start)
    with pytest.raises(AssertionError, match="the payload made later is a"):
        batch.emit_later(Added, lambda: Seat(id="x", name="X"), folds_to=start)  # type: ignore[arg-type,return-value]
