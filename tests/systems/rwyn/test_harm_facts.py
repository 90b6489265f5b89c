"""Every RWYN event that changes a sheet records facts (version 2); version 1 logs still read.

Version 1 held the character's whole sheet after the change (``scene_ended``: every sheet), so
any change to ``Character`` was a change to these events. The fold now works the change out
itself (:mod:`capeworks.systems.rwyn.sheet_facts`: ``stress.add_stress``, ``wealth.lose_points``
...); the upcaster keeps the old sheet's id and name, and the sheet an old log folds to is the
sheet it embedded. The golden logs hold every type at version 1 (``rwyn/advancement`` was
written for this by the code before the change).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from capeworks.engine import Event, Table
from capeworks.engine.upcast import upcast
from capeworks.systems.rwyn import events as ev
from capeworks.systems.rwyn.ruleset import RwynRuleset
from capeworks.systems.rwyn.sheet import Track
from capeworks.systems.rwyn.state import RwynState
from tests.systems.rwyn.helpers import table

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "rwyn"
RULESET = RwynRuleset()


FACTS = (
    ev.StressTaken,
    ev.ConsequenceTaken,
    ev.AbilitySet,
    ev.QualityAdded,
    ev.TalentAdded,
    ev.XpAwarded,
    ev.PointsLost,
    ev.BoughtBack,
    ev.TakenOut,
    ev.OutDecided,
    ev.Recovered,
    ev.SceneEnded,
)


def _v1_events() -> list[str]:
    """Where the golden logs hold a version 1 event of these types ("log#seq")."""
    found = []
    for path in sorted(GOLDEN.glob("*.log.json")):
        for e in json.loads(path.read_text(encoding="utf-8"))["log"]:
            if e["type"] in {m.TYPE for m in FACTS} and e.get("version", 1) == 1:
                found.append(f"{path.name}#{e['seq']}")
    return found


def test_the_golden_logs__hold_version_1_events_of_every_type() -> None:
    found = _v1_events()
    assert len(found) >= 20
    logs = {
        n: json.loads((GOLDEN / n).read_text(encoding="utf-8"))["log"]
        for n in {w.split("#")[0] for w in found}
    }
    kinds = {e["type"] for n, log in logs.items() for e in log if f"{n}#{e['seq']}" in found}
    assert kinds == {m.TYPE for m in FACTS}


@pytest.mark.parametrize("model", FACTS, ids=lambda m: m.TYPE)
def test_the_event__embeds_no_sheet(model: type[ev.RwynEvent]) -> None:
    # scene_ended is at version 3: a character out for good heals nothing (test_referee12)
    expected = 3 if model is ev.SceneEnded else 2
    assert expected == model.VERSION
    assert "character" not in model.model_fields and "characters" not in model.model_fields
    assert not issubclass(model, ev.CharacterEvent)


def test_only_character_added__still_carries_a_sheet() -> None:
    sheets = {t for t, m in ev.EVENTS.items() if {"character", "characters"} & set(m.model_fields)}
    assert sheets == {ev.CharacterAdded.TYPE}


@pytest.mark.parametrize("where", _v1_events())
def test_a_version_1_event__folds_to_the_sheet_it_embedded(where: str) -> None:
    log_name, seq = where.split("#")
    log: list[dict[str, Any]] = json.loads((GOLDEN / log_name).read_text(encoding="utf-8"))["log"]
    old = next(e for e in log if e["seq"] == int(seq))
    data = upcast(RULESET, Event.model_validate(old)).data
    if old["type"] == ev.SceneEnded.TYPE:
        sheets = old["data"]["characters"]
        assert "characters" not in data and data["character_ids"] == [c["id"] for c in sheets]
    else:
        sheets = [old["data"]["character"]]
        assert "character" not in data
        assert (data["character_id"], data["name"]) == (sheets[0]["id"], sheets[0]["name"])
    state = Table.replay([Event.model_validate(e) for e in log if e["seq"] <= int(seq)]).state
    assert isinstance(state, RwynState)
    assert sheets and [state.characters[s["id"]].model_dump(mode="json") for s in sheets] == sheets


def test_stress_now__is_written_at_version_2_as_facts() -> None:  # consequences: test_stress.py
    d = table(characters={"ada": {"abilities": "Brawling:2, Endurance:3"}})
    d.do("gm", "stress", character="ada", track="physical", amount=1)
    made = next(e for e in d.events if e.type == ev.StressTaken.TYPE)
    assert made.version == 2
    assert made.data == {
        "character_id": "ada",
        "name": made.data["name"],
        "track": "physical",
        "amount": 1,
        "result": "absorbed",
        "check_id": None,
    }
    state = d.state
    assert isinstance(state, RwynState)
    assert state.characters["ada"].stress[Track.PHYSICAL] == 1
