"""Property tests: whatever sequence of commands, undos and refusals, replay equals the live table."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from capeworks.engine import Command, Role, Seat, Table, Viewer
from capeworks.errors import CapeworksError
from tests.engine.toy import Toy

SEATS = [Seat(id="gm", name="GM", role=Role.GM), Seat(id="ann", name="Ann"), Seat(id="bob", name="Bob")]

actions = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(["ann", "bob", "gm"]), st.integers(0, 11)),
    st.tuples(st.just("note"), st.sampled_from(["ann", "gm"]), st.text(max_size=5)),
    st.tuples(st.just("undo"), st.sampled_from(["ann", "bob", "gm"]), st.none()),
    st.tuples(st.just("given"), st.sampled_from(["ann", "bob"]), st.lists(st.integers(0, 8), max_size=4)),
)


@given(seed=st.integers(0, 2**32), script=st.lists(actions, max_size=25))
def test_table__replay_always_matches_and_refusals_change_nothing(seed: int, script: list) -> None:  # type: ignore[type-arg]
    table = Table.new(Toy(), seats=SEATS, seed=seed)
    undo_stack: list[str] = []  # the state before each command still in effect
    for kind, seat, arg in script:
        before_version, before = table.version, table.view(Viewer.gm())
        try:
            if kind == "add":
                table.execute(Command(type="add", seat=seat, payload={"dice": arg}))
            elif kind == "note":
                table.execute(Command(type="note", seat=seat, payload={"text": arg}))
            elif kind == "undo":
                table.undo(seat)
                if seat != "gm":
                    # a player's undo is a request to the GM: nothing changes yet
                    assert (
                        table.state.model_dump_json()
                        == Table(Toy(), table.log[:before_version]).state.model_dump_json()
                    )
                    continue
            else:
                table.execute(Command(type="add", seat=seat, payload={"dice": max(len(arg), 1)}), dice=arg)
        except CapeworksError:
            assert table.version == before_version and table.view(Viewer.gm()) == before
            continue
        assert table.version > before_version
        if kind == "undo":  # the GM's
            # undo restores exactly the state before the command it took back
            assert table.state.model_dump_json() == undo_stack.pop()
        else:
            undo_stack.append(Table(Toy(), table.log[:before_version]).state.model_dump_json())
        replayed = Table(Toy(), table.log)
        assert replayed.view(Viewer.gm()) == table.view(Viewer.gm())
    # the counter only ever holds what the effective (not undone) rolls added
    assert 0 <= table.state.total <= 100  # type: ignore[attr-defined]
