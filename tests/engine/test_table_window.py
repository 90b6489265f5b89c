"""A table resumed from a snapshot and a tail answers exactly as the table replayed from its whole log.

The window (``Table.resume_tail``) holds fold fields saved at some version and
the events after it; undo, log views, legal commands and prompts read older
events through a History only when they need them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.engine import Command, Event, Role, Seat, Table, Viewer
from capeworks.engine.table import REVERTED
from capeworks.errors import CapeworksError
from tests.engine.toy import Toy

SEATS = [Seat(id="gm", name="GM", role=Role.GM), Seat(id="ann", name="Ann"), Seat(id="bob", name="Bob")]
VIEWERS = [Viewer.gm(), Viewer(seat="ann"), Viewer(seat="bob")]


class SavedHistory:
    """A log with fold fields saved every ``every`` events, as a store keeps them; counts what is read."""

    def __init__(self, log: Sequence[Event], every: int) -> None:
        self.log = list(log)
        self.saved = {
            v: Table(Toy(), self.log[:v]).fold_fields() for v in range(every, len(self.log) + 1, every)
        }
        self.read = 0

    def base(self, before: int) -> tuple[int, Mapping[str, Any] | None]:
        below = [v for v in self.saved if v < before]
        return (max(below), self.saved[max(below)]) if below else (0, None)

    def events(self, after: int, upto: int) -> Sequence[Event]:
        self.read += upto - after
        return self.log[after:upto]

    def resume(self) -> Table:
        """The table from the latest saved fields and the events after them."""
        version, fields = self.base(len(self.log) + 1)
        if fields is None:
            return Table(Toy(), self.log)
        return Table.resume_tail(Toy(), fields, self.log[version:], history=self)


def note(text: str) -> Command:
    return Command(type="note", seat="gm", payload={"text": text})


def _outcome(table: Table, seat: str) -> object:
    """The events an undo by ``seat`` writes, or the sentence refusing it."""
    try:
        return table.undo(seat)
    except CapeworksError as e:
        return f"{type(e).__name__}: {e.message}"


def _same(window: Table, full: Table) -> None:
    assert window.version == full.version
    assert window.fold_fields() == full.fold_fields()
    for viewer in VIEWERS:
        assert window.view(viewer) == full.view(viewer)
        assert window.prompts(viewer) == full.prompts(viewer)
        for since in (0, full.version // 2, max(full.version - 3, 0), full.version):
            assert window.log_view(viewer, since=since, limit=5) == full.log_view(
                viewer, since=since, limit=5
            )
    for seat in SEATS:
        assert window.legal_commands(seat.id) == full.legal_commands(seat.id)
    probe = Command(type="add", seat="ann", payload={"dice": 1})
    assert window.prepare(probe) == full.prepare(probe)


def test_resume_tail__reads_no_history_for_a_plain_command() -> None:
    table = Table.new(Toy(), seats=SEATS, seed=3)
    for i in range(40):
        table.execute(note(f"n{i}"))
    history = SavedHistory(table.log, every=10)
    window = history.resume()
    window.execute(Command(type="add", seat="ann", payload={"dice": 2}))
    window.legal_commands("ann")
    window.log_view(Viewer.gm(), since=window.version - 1)
    # 47 events, the last snapshot at 40: the window is events 41 to 48 and nothing older was read
    assert history.read == 0
    assert window.log == Table(Toy(), [*table.log, window.log[-1]]).log
    # the whole log was read once, only when asked for
    assert history.read == 40


def test_undo__reaching_behind_the_snapshot_moves_the_base_back() -> None:
    table = Table.new(Toy(), seats=SEATS, seed=5)
    for i in range(30):
        table.execute(note(f"n{i}"))
    # 5 set-up events + 30 notes = 35 events; saved at 10, 20, 30
    for _ in range(12):
        history = SavedHistory(table.log, every=10)
        window = history.resume()
        events = window.undo("gm")
        assert events == table.undo("gm")
        assert window.fold_fields() == Table(Toy(), table.log).fold_fields()
    # 12 undos took back notes n29..n18, whose events are 35..24: the base moved back to 20, no further
    assert history.read <= 20
    assert table.state.notes == tuple(f"n{i}" for i in range(18))  # type: ignore[attr-defined]


def test_resume_tail__a_revert_in_the_tail_of_a_command_before_the_snapshot() -> None:
    table = Table.new(Toy(), seats=SEATS, seed=9)
    for i in range(9):
        table.execute(note(f"n{i}"))
    table.execute(Command(type="add", seat="ann", payload={"dice": 1}))
    # 5 + 10 = 15 events; saved at 15, then two undos take back events 15 and 14 (add, then note n8)
    saved = table.log
    table.undo("gm")
    table.undo("gm")
    reverted = [e for e in table.log if e.type == REVERTED]
    assert [e.data["first_seq"] for e in reverted] == [15, 14]
    history = SavedHistory(saved, every=15)
    history.log = list(table.log)
    window = Table.resume_tail(Toy(), history.saved[15], table.log[15:], history=history)
    full = Table(Toy(), table.log)
    assert window.fold_fields() == full.fold_fields()
    assert window.state.notes == tuple(f"n{i}" for i in range(8))  # type: ignore[attr-defined]
    _same(window, full)


actions = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(["ann", "bob", "gm"]), st.integers(1, 3)),
    st.tuples(st.just("note"), st.just("gm"), st.text(max_size=4)),
    st.tuples(st.just("undo"), st.sampled_from(["ann", "bob", "gm", "gm", "gm"]), st.none()),
    st.tuples(st.just("refuse"), st.just("gm"), st.sampled_from(["ann", "bob"])),
    st.tuples(st.just("ask"), st.just("gm"), st.sampled_from(["ann", "bob"])),
)


def _play(table: Table, kind: str, seat: str, arg: Any) -> None:
    if kind == "add":
        table.execute(Command(type="add", seat=seat, payload={"dice": arg}))
    elif kind == "note":
        table.execute(note(arg))
    elif kind == "undo":
        table.undo(seat)
    elif kind == "refuse":
        table.execute(Command(type="refuse_undo", seat=seat, payload={"seat": arg}))
    else:
        table.execute(Command(type="ask", seat=seat, payload={"seat": arg}))


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    every=st.sampled_from([1, 2, 3, 7]),
    script=st.lists(actions, max_size=30),
)
def test_window__always_answers_as_the_full_replay(seed: int, every: int, script: list[Any]) -> None:
    table = Table.new(Toy(), seats=SEATS, seed=seed)
    for kind, seat, arg in script:
        try:
            _play(table, kind, seat, arg)
        except CapeworksError:
            continue
        full = Table(Toy(), table.log)
        window = SavedHistory(table.log, every).resume()
        _same(window, full)
        # the next undo decides and folds the same way on both (and then both equal a replay)
        for seat_id in ("gm", "ann"):
            w, f = SavedHistory(table.log, every).resume(), Table(Toy(), table.log)
            assert _outcome(w, seat_id) == _outcome(f, seat_id)
            assert w.fold_fields() == f.fold_fields() == Table(Toy(), f.log).fold_fields()


@pytest.mark.parametrize(("version", "tail_from"), [(0, 0), (99, 1), (2, 1)])
def test_resume_tail__a_tail_that_does_not_follow_the_fields_is_refused(version: int, tail_from: int) -> None:
    table = Table.new(Toy(), seats=SEATS, seed=1)
    fields = table.fold_fields() | {"version": version}
    with pytest.raises(ValueError, match="must start at"):
        Table.resume_tail(Toy(), fields, table.log[tail_from:], history=SavedHistory(table.log, 1))
