"""The test driver's set-up for worked examples: ``set_state`` and ``patch`` (capeworks.engine.testing).

A rulebook example starts mid-game; the driver puts the table at that
position and every command after it still goes through the table. These
tests use the toy counter (tests/engine/toy.py).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from capeworks.engine import Role, Seat
from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.engine.toy import Toy, ToyState

GM = Seat(id="gm", name="Game master", role=Role.GM)
ANN = Seat(id="ann", name="Ann")
BOB = Seat(id="bob", name="Bob")


def driver() -> Driver:
    return Driver(Toy(), seats=[GM, ANN, BOB])


def test_patch__the_rules_play_on_from_the_set_up_position() -> None:
    d = driver()
    d.do("ann", "add", dice=[2], payload={"dice": 1})
    d.patch(total=97)
    assert d.state.total == 97 and d.view()["state"]["total"] == 97
    # 97 + 3 = 100 is allowed; 100 + 1 would pass the cap of 100
    d.do("ann", "add", dice=[3], payload={"dice": 1})
    assert d.state.total == 100
    d.refuse("ann", "add", rule="TOY-001", dice=[1], payload={"dice": 1})


def test_set_state__keeps_seats_config_seed_and_log_and_stamps_on() -> None:
    d = Driver(Toy(), seats=[GM, ANN, BOB], config={"cap": 50}, seed=11)
    d.do("gm", "note", text="the butler did it")
    log, fields = d.table.log, d.table.fold_fields()
    d.set_state(ToyState(total=5, tokens={"blue": "bob", "red": ""}))
    assert d.table.log == log  # the set-up adds nothing to the log
    after = d.table.fold_fields()
    for key in ("version", "config", "settings", "seats", "seed", "title", "next_command"):
        assert after[key] == fields[key], key
    assert after["state"]["total"] == 5 and after["state"]["notes"] == []
    events = d.do("ann", "add", dice=[4], payload={"dice": 1})
    # the next event follows the log: one more than its version, the next command's id
    assert (events[0].seq, events[0].command_id, events[0].seat) == (
        len(log) + 1,
        fields["next_command"],
        "ann",
    )
    assert d.state.total == 9  # 5 + 4


def test_set_state__authority_is_still_checked_on_every_command() -> None:
    d = driver()
    # the blue token now belongs to Bob: only Bob (or the GM) may rename it
    d.patch(tokens={"blue": "bob", "red": ""})
    d.refuse("ann", "rename", error=NotPermitted, character="blue", name="Sky")
    d.do("bob", "rename", character="blue", name="Sky")
    d.refuse("bob", "note", error=NotPermitted, text="x")  # a GM command stays the GM's
    d.do("gm", "ask", seat="bob")
    assert [p.seat for p in d.prompts("bob")] == ["bob"]


def test_set_state__a_state_that_does_not_fit_the_model_is_refused() -> None:
    d = driver()
    with pytest.raises(ValidationError):
        d.patch(total="a lot")
    with pytest.raises(AssertionError, match="no field score"):
        d.patch(score=3)
    assert d.state.total == 0


def test_set_state__undo_and_replay_would_lose_it_so_they_are_refused() -> None:
    d = driver()
    d.do("ann", "add", dice=[2], payload={"dice": 1})
    d.patch(total=40)
    d.do("ann", "add", dice=[3], payload={"dice": 1})
    with pytest.raises(AssertionError, match="does not hold the set-up"):
        d.undo("gm")
    with pytest.raises(AssertionError, match="does not hold the set-up"):
        d.do("gm", "undo")
    with pytest.raises(AssertionError, match="does not hold the set-up"):
        d.replayed()
    assert d.state.total == 43  # 40 + 3, nothing taken back
    # a player's undo at a GM's table only asks the GM: that folds nothing again
    d.undo("ann")
    assert [p.id for p in d.prompts("gm")] == ["undo-ann"] and d.state.total == 43


def test_without_set_up__undo_and_replay_work_as_before() -> None:
    d = driver()
    d.do("ann", "add", dice=[2], payload={"dice": 1})
    d.do("ann", "add", dice=[3], payload={"dice": 1})
    d.undo("gm")
    assert d.state.total == 2
    assert d.replayed().state == d.state
