"""``capes.conflict_created`` records facts (version 2), and logs written at version 1 still read.

Version 1 embedded the whole ``Conflict`` card, so a change to that state model would have
been a change to the log format. The fold now builds the card from the facts; the upcaster
reads the facts off an old card, so the card an old log folds to is the card it embedded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from capeworks.engine import Command, Event, Table
from capeworks.engine.upcast import upcast
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.ruleset import CapesRuleset
from capeworks.systems.capes.state import CapesState

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "capes"
RULESET = CapesRuleset()


def _v1_events() -> list[tuple[str, dict[str, Any]]]:
    """The golden logs' version 1 conflict_created events ("log#seq", event); logs written since
    (harvested, or scripted later) hold version 2."""
    found = []
    for path in sorted(GOLDEN.glob("*.log.json")):
        for e in json.loads(path.read_text(encoding="utf-8"))["log"]:
            if e["type"] == ev.ConflictCreated.TYPE and e.get("version", 1) == 1:
                found.append((f"{path.name}#{e['seq']}", e))
    return found


def test_the_golden_logs__hold_version_1_conflict_created_events() -> None:
    events = _v1_events()
    assert len(events) >= 3
    assert all("conflict" in e["data"] for _, e in events)


def test_conflict_created__embeds_no_state_model() -> None:
    assert ev.ConflictCreated.VERSION == 2
    for name, field in ev.ConflictCreated.model_fields.items():
        annotation = field.annotation
        assert not (isinstance(annotation, type) and issubclass(annotation, BaseModel)), name


@pytest.mark.parametrize("where", [w for w, _ in _v1_events()])
def test_a_version_1_event__folds_to_the_card_it_embedded(where: str) -> None:
    """Replayed up to it, the old log's Conflict is the card its version 1 event held, field for field."""
    log_name, seq = where.split("#")
    log = json.loads((GOLDEN / log_name).read_text(encoding="utf-8"))["log"]
    old = next(e for e in log if e["seq"] == int(seq))
    upcast_data = upcast(RULESET, Event.model_validate(old)).data
    assert "conflict" not in upcast_data and upcast_data["id"] == old["data"]["conflict"]["id"]
    table = Table.replay([Event.model_validate(e) for e in log if e["seq"] <= int(seq)])
    state = table.state
    assert isinstance(state, CapesState)
    card = state.conflict(old["data"]["conflict"]["id"])
    assert card is not None
    assert card.model_dump(mode="json") == old["data"]["conflict"]


def test_a_new_conflict_created__is_written_at_version_2_with_its_facts() -> None:
    """The same command at the same point of the old log now writes the facts, at version 2."""
    log = json.loads((GOLDEN / "sample.log.json").read_text(encoding="utf-8"))["log"]
    old = next(e for e in log if e["type"] == ev.ConflictCreated.TYPE)
    table = Table.replay([Event.model_validate(e) for e in log if e["command_id"] < old["command_id"]])
    card = old["data"]["conflict"]
    payload = {"character": card["creator"], "kind": card["kind"], "text": card["text"]}
    made = next(
        e
        for e in table.prepare(Command(type="create_conflict", seat=old["seat"], payload=payload))
        if e.type == ev.ConflictCreated.TYPE
    )
    assert made.version == 2
    assert "conflict" not in made.data
    assert (made.data["id"], made.data["kind"], made.data["text"]) == ("c1", "goal", "Rob the gala")
