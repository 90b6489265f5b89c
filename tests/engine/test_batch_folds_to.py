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
