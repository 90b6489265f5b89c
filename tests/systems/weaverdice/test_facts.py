"""Weaverdice events record what changed of a combatant, not a copy (issue 17: logs that survive upgrades).

The golden logs ``weaverdice/long`` and ``weaverdice/brawl`` (written before this change, at the
version that held copies) replay to the same state in tests/golden; here: what a new event stores,
the upcaster from a copy, and the one sentence an unreadable old log fails with.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from capeworks.engine import Event, Table
from capeworks.engine.golden import replay_document
from capeworks.engine.testing import Driver
from capeworks.errors import UnreadableEvent
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.facts import CombatantPatch, copies_to_patches
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.state import Combatant
from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.helpers import RS, add, sheet, table

GOLDEN = Path(__file__).parents[2] / "golden" / "weaverdice"


def _long() -> dict[str, Any]:
    return json.loads((GOLDEN / "long.log.json").read_text())


def test_a_patch_has_every_field_of_a_combatant() -> None:
    """A field added to Combatant must be added to its patch, or new events could not record it."""
    assert list(CombatantPatch.model_fields) == list(Combatant.model_fields)


def test_a_morale_change__stores_the_id_the_name_and_the_new_morale_only() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=3))
    d.do("gm", "change_morale", character="vic", steps=2, reason="a rousing speech")
    event = d.table.log[-1]
    assert event.type == ev.MoraleChanged.TYPE and event.version == 3
    assert event.data["changed"] == [{"id": "vic", "name": "Vic", "morale": 2}]
    assert "people" not in event.data


def test_joining__stores_the_whole_new_combatant_as_a_patch_of_every_field() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=3))
    (patch,) = d.table.log[-1].data["changed"]
    # every field but ``carrying`` (WD-EQUIP-007), ``sidelined`` (WD-COMBAT-031) and ``night_morale``
    # (WD-MORALE-006), added later and left out at their defaults so a character joins with the same
    # record as before
    assert set(patch) == set(Combatant.model_fields) - {"carrying", "sidelined", "night_morale"}
    vic = d.state.people["vic"]
    assert vic.owner == "ann" and vic.carrying == () and vic.night_morale is None


def test_a_value_set_back_to_none__is_stored_as_null_not_left_out() -> None:
    patch = CombatantPatch(id="vic", name="Vic", aligned_on=None)
    assert patch.model_dump(mode="json") == {"id": "vic", "name": "Vic", "aligned_on": None}
    assert CombatantPatch.model_validate(patch.model_dump(mode="json")).changes() == patch.changes()


def test_a_hidden_npc__changes_go_in_the_gm_only_note_and_the_players_never_see_them() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=3))
    add(d, "gm", sheet("shade", "Shade", "notable", brawn=2), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="shade", skills=[], dice=[6])
    gm_only = [e for e in d.table.log if e.type == ev.NpcUpdated.TYPE]
    assert gm_only and all(not e.audience.everyone for e in gm_only)
    public = [e for e in d.table.log if e.audience.everyone and "changed" in e.data]
    assert all(p["id"] != "shade" for e in public for p in e.data["changed"])
    note = "The GM's notes on Shade are updated."
    assert note in d.words() and note not in d.words("ann")


def test_the_upcaster__makes_a_copy_a_patch_of_every_field_and_writes_out_what_it_left_out() -> None:
    old = {"character": "vic", "people": [{"id": "vic", "name": "Vic", "morale": 1}]}
    assert copies_to_patches(old) == {
        "character": "vic",
        "changed": [{"id": "vic", "name": "Vic", "morale": 1, "drained": [], "initiative": None}],
    }
    assert copies_to_patches({"round": 2, "people": []}) == {"round": 2}


def test_an_old_copy_that_left_drained_out__clears_it_on_replay_as_the_old_code_did() -> None:
    """A version 2 copy omitted ``drained`` when empty; read as a patch it must still empty it."""
    doc = _long()
    log = doc["log"]
    added = next(n for n, e in enumerate(log) if e["type"] == "weaverdice.character_added")
    mark = {"stat": "brawn", "points": 1, "lasting": "temporary"}
    for e in log[added : added + 1]:
        e["data"]["people"][0]["drained"] = [mark]
    # the next event that copies the same combatant leaves ``drained`` out: it is empty again
    who = log[added]["data"]["people"][0]["id"]
    later = next(
        e for e in log[added + 1 :] if any(p["id"] == who for p in e.get("data", {}).get("people", ()))
    )
    assert all("drained" not in p for p in later["data"]["people"])
    table_ = replay_document(doc)
    assert table_.state.people[who].drained == ()


def test_an_old_copy_with_a_field_no_release_knows__fails_with_one_sentence_naming_the_event() -> None:
    doc = _long()
    bad = next(e for e in doc["log"] if e["type"] == "weaverdice.morale_changed")
    bad["data"]["people"][0]["mood"] = "grim"
    with pytest.raises(UnreadableEvent) as caught:
        replay_document(copy.deepcopy(doc))
    message = str(caught.value)
    assert f"Event {bad['seq']}" in message and "weaverdice.morale_changed, version 2" in message
    assert "mood" in message and "\n" not in message


# -- sheets changed in play (version 4) ------------------------------------------------------------


def _replayed_with_sheet_copies(d: Driver, *types: str) -> Table:
    """``d``'s log with each event of ``types`` written as version 3 wrote it (the whole sheet after
    the change, ``sheet``), replayed."""
    log, after = [], Table(RS, [])
    for e in d.table.log:
        raw = e.model_dump()
        after = Table(RS, [*after.log, e])
        if e.type in types and raw["data"].get("sheet_changed"):
            data = {k: v for k, v in raw["data"].items() if k != "sheet_changed"}
            ident = raw["data"]["sheet_changed"]["id"]
            data["sheet"] = after.state.sheets[ident].model_dump(mode="json")
            raw = {**raw, "data": data, "version": 3}
        log.append(Event.model_validate(raw))
    return Table(RS, log)


def test_a_training_roll__stores_the_skills_it_saved_to_not_the_sheet() -> None:
    d = table()
    learner = {
        **sheet("vic", "Vic", brawn=3),
        "skills": [
            {"name": "Brawl", "stats": ["brawn"]},
            {"name": "Wrestle", "stats": ["brawn"], "learning": True, "training": [5]},
        ],
    }
    add(d, "ann", learner)
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "attack", character="vic", target="thug", skills="Brawl", dice=[6, 1, 1])
    d.do("gm", "end_combat")
    d.do("ann", "train", character="vic", skill="wrestle", dice=[4])
    event = d.table.log[-1]
    assert event.type == ev.Trained.TYPE and event.version == 4
    assert set(event.data["sheet_changed"]) == {"id", "name", "skills"} and "sheet" not in event.data
    again = _replayed_with_sheet_copies(d, ev.Trained.TYPE)
    assert again.state == d.state


def test_a_tier_change_written_with_the_whole_sheet__replays_to_the_same_table() -> None:
    d = table()
    add(d, "gm", sheet("dot", "Dot", "bystander"))
    d.do("gm", "change_tier", character="dot", tier="generic", reason="she has seen enough")
    event = d.table.log[-1]
    assert event.version == 4 and set(event.data["sheet_changed"]) == {"id", "name", "tier"}
    again = _replayed_with_sheet_copies(d, event.type)
    assert again.state == d.state and again.state.sheets["dot"].tier.value == "generic"


def test_a_fall_breaking_a_belt_slot_written_with_the_whole_sheet__replays_to_the_same_table() -> None:
    d = table()
    add(d, "ann", {**sheet("max", "Max"), "costume": {"pieces": [{"key": "belt", "cell": [2, 0]}]}})
    before = d.state.sheets["max"]
    d.do("gm", "fall", character="max", feet=12, dice=[6])  # the fragile last slot breaks on 4+
    (event,) = [e for e in d.table.log if e.type == ev.GearChanged.TYPE]
    assert event.version == 4 and set(event.data["sheet_changed"]) == {"id", "name", "costume"}
    assert d.state.sheets["max"] != before
    again = _replayed_with_sheet_copies(d, ev.GearChanged.TYPE)
    assert again.state == d.state


def test_campaign_boxes_and_a_milestone_written_with_the_whole_sheet__replay_to_the_same_table() -> None:
    d = table()
    pc(d, "ann", "ada", "Ada", costume={"pieces": []})
    for box, more in (
        ("extra_effort", {"pool": "focus"}),
        ("equipment_slot", {}),
        ("learning_a_skill", {"skill": "Lockpicking", "stat": "dexterity"}),
    ):
        d.do("gm", "award", character="ada", mission=True)
        d.do("ann", "check_box", character="ada", box=box, **more)
    d.do("gm", "award", character="ada", goal_cleared=True)
    d.do("gm", "award", character="ada", mission=True)
    d.do("ann", "check_box", character="ada", box="eager_follower")
    d.do("gm", "offer_follower", character="ada", kinds=["fan"])
    d.do("ann", "take_milestone", character="ada", option="expand_power", dice=[3])
    written = [e for e in d.table.log if e.type in {"weaverdice.box_checked", "weaverdice.milestone_taken"}]
    assert {e.version for e in written} == {4}
    patched = [e.data["sheet_changed"] for e in written if e.data.get("sheet_changed")]
    assert len(patched) >= 3 and all(set(p) < set(Character.model_fields) for p in patched)
    again = _replayed_with_sheet_copies(d, "weaverdice.box_checked", "weaverdice.milestone_taken")
    assert again.state == d.state


def test_a_changed_field_is_found_as_pydantic_equality_finds_it() -> None:
    """The patches compare two models of a field by their fields' dicts: the same answer as ``!=``."""
    from capeworks.systems.weaverdice.effort import Effort
    from capeworks.systems.weaverdice.facts import _differs
    from capeworks.systems.weaverdice.vocab import Pool

    spent = Effort(spent={Pool.FOCUS: 1})
    pairs: list[tuple[Any, Any]] = [
        (Effort(), Effort()),
        (Effort(), spent),
        (spent, Effort(spent={Pool.FOCUS: 1})),
        (spent, Effort(spent={Pool.FOCUS: 2})),
        (Effort(), None),
        ({Pool.FOCUS: 1}, {Pool.FOCUS: 1}),
        ((Effort(),), (spent,)),
    ]
    for a, b in pairs:
        assert _differs(a, b) == (a != b) == _differs(b, a)
