"""Weaverdice events record what changed of the fight, the pending attack and queued hits, wound
effects, holds and reversals, falls and lengthy checks, not whole copies (issue 17: logs that survive
upgrades).

The golden logs ``weaverdice/referee`` and ``weaverdice/dogpile`` (written before this change, at
the versions that held those copies) replay to the same expectations in tests/golden; here: what a
new event stores, that each upcaster gives the state its old event gave, that a model change still
replays old logs, and the one sentence an unreadable event fails with.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, create_model

from capeworks.engine import Event, Table, Viewer
from capeworks.engine.fold import Fold
from capeworks.engine.golden import replay_document
from capeworks.errors import UnreadableEvent
from capeworks.systems.weaverdice import state as wd_state
from capeworks.systems.weaverdice.facts import PATCHED, WHOLE_COPY_TYPES
from capeworks.systems.weaverdice.state import Fight, WdState
from tests.golden.regenerate import document
from tests.golden.weaverdice_more import dogpile_session, referee_session
from tests.systems.weaverdice.helpers import RS, add, sheet, table

GOLDEN = Path(__file__).parents[2] / "golden" / "weaverdice"
#: a copy's field -> the part of the state it copied (version 3)
_PARTS = ("fight", "attack", "queued", "effects", "grapples", "reversals", "falls", "lengthy")


def _golden(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{name}.log.json").read_text())


def _fresh(log: list[Event]) -> list[Event]:
    """The events as a store would read them back: JSON, not yet parsed."""
    return [Event.model_validate(e.model_dump(mode="json")) for e in log]


def _states(log: list[Event]) -> Iterator[WdState]:
    fold = Fold(RS)
    for e in log:
        fold.fold(e)
        assert isinstance(fold.state, WdState)
        yield fold.state


@pytest.mark.parametrize(("patch", "model"), list(PATCHED.items()))
def test_a_patch_has_every_field_of_its_model(patch: type[BaseModel], model: type[BaseModel]) -> None:
    """A field added to the model must be added to its patch, or new events could not record it."""
    assert [k for k in patch.model_fields if k not in ("gone", "at")] == list(model.model_fields)


def test_an_action__stores_what_it_left_of_the_turn_not_the_fight() -> None:
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    started = next(e for e in d.table.log if e.type == "weaverdice.combat_started")
    assert started.version == 4 and "fight" not in started.data
    # a new fight: every field, but those added since left out at their default (the fold gives it)
    assert set(started.data["fight_changed"]) == set(Fight.model_fields) - {"paused", "lowered"}
    d.do("ann", "act", character="vic", action="shout a warning", kind="quick")
    event = d.table.log[-1]
    assert event.type == "weaverdice.action_taken" and event.version == 4
    assert event.data["fight_changed"] == {"turn": d.state.fight.turn.model_dump(mode="json")}
    d.do("gm", "end_combat")
    ended = d.table.log[-1].data
    assert ended["fight_changed"] == {"gone": True} and ended["attack_changed"] == {"gone": True}
    assert Table(RS, _fresh(d.table.log)).state == d.state


def test_a_power_with_three_targets__queues_its_hits_as_places_in_the_queue() -> None:
    played = dogpile_session().played()
    rolled = [e for e in played.log if e.type == "weaverdice.attack_rolled" and e.data.get("queued_changed")]
    assert rolled[-1].data["queued_changed"] == [{"at": 0}]  # the earlier hit, unchanged
    reacted = [e.data for e in played.log if e.type == "weaverdice.reacted"]
    assert {"attack_changed": {"target": "ray"}}.items() <= reacted[-2].items()  # the next hit: its target


#: parts an event type came to record after version 3 (only ever as facts): a wrest's free attack
#: on the holder's turn (WD-STATUS-012)
_AFTER_V3 = {"weaverdice.grappled": ("fight",)}


def _as_version_3(log: list[Event]) -> list[Event]:
    """``log`` (written by today's code) with each event that now records facts written as the
    version before did: whole copies of the parts of the state after it."""
    out: list[Event] = []
    for event, after in zip(log, _states(_fresh(log)), strict=True):
        raw = event.model_dump(mode="json")
        if event.type in WHOLE_COPY_TYPES:
            newer = _AFTER_V3.get(event.type, ())
            data = {
                k: v
                for k, v in raw["data"].items()
                if not (k.endswith("_changed") and k != "changed" and k.removesuffix("_changed") not in newer)
            }
            for part in _PARTS:
                if f"{part}_changed" not in RS.events[event.type].model_fields or part in newer:
                    continue
                if part == "lengthy":
                    key = data.get("lengthy_key")
                    task = None if key is None else after.lengthy.get(key)
                    data["lengthy"] = None if task is None else task.model_dump(mode="json")
                elif part == "reversals" and f"{part}_changed" not in raw["data"]:
                    data["reversals"] = None  # not given: unchanged
                else:
                    data[part] = after.model_dump(mode="json", include={part})[part]
            version = 1 if event.type == "weaverdice.effect_asked" else 3
            raw = {**raw, "data": data, "version": version}
        out.append(Event.model_validate(raw))
    return out


@pytest.mark.parametrize("session", ["dogpile", "referee"])
def test_each_upcaster__gives_the_state_and_the_words_the_old_event_gave(session: str) -> None:
    """Every event of the 18 types, written as version 3 wrote it (whole copies), replays to the same
    state after every event, the same words for every viewer and the same players' view."""
    # seed 64: the walk that plays all 18 types since a hidden NPC's grab shows the players its total
    # alone (a secret roll beside it: other dice follow); seed 60 before, since a player's pins,
    # effect_only and swings are the weapon's and the GM's (the walk's player attacks that set them
    # are refused: other dice follow);
    # seed 18 before, since grabs, holds and pain's price changed (a grab
    # meets the DS a grapple leaves, a holder who moves lets go, a beaten held one owes pain: other
    # events, so later dice differ; seed 22 did before, since a hidden NPC's rest and rolled move say
    # less to the players and a Wait needs an action left; seed 19 before that, seed 5 before wounds
    # on the unconscious asked the stay-up check)
    played = dogpile_session().played() if session == "dogpile" else referee_session(64, "referee").played()
    if session == "referee":  # every type; dogpile: reversals and queued hits
        assert {e.type for e in played.log} >= set(WHOLE_COPY_TYPES)
    old = _as_version_3(played.log)
    assert any(e.version == 3 and "fight" in e.data for e in old)
    for n, (new_state, old_state) in enumerate(zip(_states(_fresh(played.log)), _states(old), strict=True)):
        assert new_state == old_state, f"after event {n}"
    again = Table(RS, old)
    for viewer in (Viewer.gm(), played.viewer_for("ann"), played.viewer_for("bob")):
        assert [x.description.text for x in again.log_view(viewer)] == [
            x.description.text for x in played.log_view(viewer)
        ]
        assert again.view(viewer) == played.view(viewer)


def _within(patch: dict[str, Any], whole: dict[str, Any] | None) -> bool:
    """Every field a patch gives is the copy's value of it."""
    given = {k: v for k, v in patch.items() if k not in ("gone", "at")}
    whole = None if whole is None else {**_LEFT_OUT, **whole}
    return whole is not None and all(whole.get(k) == v for k, v in given.items())


#: the fields a copy leaves out at their default (exclude_if): an attack's, an effect's, a fight's, a hold's
_LEFT_OUT = {
    "uncovered": False,
    "ranged": False,
    "pins": False,
    "dropped": [],
    "braced": 0,
    "braced_morale": False,
}


def test_what_players_receive__is_a_part_of_what_the_copies_held_in_the_same_event() -> None:
    """Players see nothing new: in every event they receive (a hidden NPC's fight among them), each
    fact gives only values the whole copy of version 3 held there (the copy's default-valued fields
    written out)."""
    # seed 22: a walk long enough for 300 comparisons (319) since a dropped generic rolls no effect
    # (src 800; seed 9's walk fell to 289), as seed 9 was taken when the fallen were no longer asked
    # about Recovery or called checks (src 563; seed 5's walk fell to 223, as seed 3's had fallen to
    # 274 once a Wait put off only what is left of the turn, WD-COMBAT-027)
    played = referee_session(22, "referee").played()
    assert any(c.hidden for c in played.state.people.values())
    old = _as_version_3(played.log)
    compared = 0
    for new, was in zip(played.log, old, strict=True):
        if not new.audience.everyone or new.type not in WHOLE_COPY_TYPES:
            continue
        assert was.audience == new.audience
        upcast = RS.payload(Event.model_validate(was.model_dump(mode="json"))).model_dump(mode="json")
        for part in _PARTS:
            fact, whole = new.data.get(f"{part}_changed"), upcast.get(f"{part}_changed")
            if fact is None:
                assert whole is None or part in ("lengthy", "reversals")
                continue
            if part in ("fight", "attack", "lengthy"):
                assert fact.get("gone") == whole.get("gone")
                assert _within(fact, whole)
            elif isinstance(fact, dict):
                assert set(fact) == set(whole) and all(_within(p, whole[k]) for k, p in fact.items())
            else:
                assert len(fact) == len(whole)
                assert all(_within(p, w) for p, w in zip(fact, whole, strict=True))
            compared += 1
    assert compared > 300


def test_a_new_field_with_a_default_on_fight__still_replays_old_and_new_logs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later release adds ``surprise`` to Fight (and its patch): the golden log written with whole
    copies and a log written with facts both replay, to the same states, every fight with the default."""
    later = create_model("Fight", __base__=Fight, surprise=(bool, False))
    parts = {**wd_state.FACT_PARTS, "fight_changed": ("fight", "one", later)}
    before_old = list(_states([Event.model_validate(e) for e in _golden("referee")["log"]]))
    new_log = referee_session(4, "referee").played().log
    before_new = list(_states(_fresh(new_log)))
    monkeypatch.setattr(wd_state, "FACT_PARTS", parts)
    monkeypatch.setattr(wd_state, "_PLANS", {})
    for log, before in ((_golden("referee")["log"], before_old), (new_log, before_new)):
        events = [Event.model_validate(e) for e in log] if isinstance(log[0], dict) else _fresh(log)
        fights = 0
        for got, was in zip(_states(events), before, strict=True):
            if got.fight is not None:
                fights += 1
                assert isinstance(got.fight, later) and got.fight.surprise is False  # type: ignore[attr-defined]
                assert got.fight.model_dump(exclude={"surprise"}) == was.fight.model_dump()  # type: ignore[union-attr]
            else:
                assert was.fight is None
        assert fights > 100


def test_a_new_event_still_carrying_a_whole_fight__fails_with_one_sentence() -> None:
    played = dogpile_session().played()
    doc = document(played, table_id="copies")
    bad = next(e for e in doc["log"] if e["type"] == "weaverdice.action_taken")
    bad["data"]["fight"] = {"order": {"order": ["vic"]}}
    with pytest.raises(UnreadableEvent) as caught:
        replay_document(copy.deepcopy(doc))
    message = str(caught.value)
    assert f"Event {bad['seq']}" in message and "weaverdice.action_taken, version 4" in message
    assert "whole copies of fight" in message and "\n" not in message


def test_an_old_event_missing_its_fight__fails_with_one_sentence() -> None:
    doc = _golden("referee")
    bad = next(e for e in doc["log"] if e["type"] == "weaverdice.waited")
    del bad["data"]["fight"]
    with pytest.raises(UnreadableEvent) as caught:
        replay_document(copy.deepcopy(doc))
    message = str(caught.value)
    assert f"Event {bad['seq']}" in message and "weaverdice.waited, version 3" in message
    assert "'fight'" in message and "\n" not in message


def test_an_old_effect_asked__is_upcast_from_version_1() -> None:
    doc = _golden("referee")
    asked = [e for e in doc["log"] if e["type"] == "weaverdice.effect_asked"]
    assert asked and all(e.get("version", 1) == 1 and "effects" in e["data"] for e in asked)
    table_ = replay_document(doc)
    assert table_.state.effects == ()
