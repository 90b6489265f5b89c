"""Contract v3: typed events end to end, the one builder, config in the context, prompt-only commands.

What a handler emits is what ``apply`` folds (no JSON round trip); its JSON is
made once, when asked, and is the stored form of contract v2; the state a batch
folds as it goes is the state commit keeps, and it equals a replay of the log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import (
    Batch,
    Command,
    CommandSpec,
    Context,
    Description,
    DiceService,
    Event,
    EventData,
    Role,
    Ruleset,
    Seat,
    Table,
    declare_events,
    get_ruleset,
)
from capeworks.engine.kit import Frozen
from capeworks.engine.upcast import upcast
from capeworks.systems.rwyn.ruleset import RwynRuleset
from capeworks.systems.weaverdice.events import NpcUpdated
from tests.engine.fanout_sessions import rwyn_evening
from tests.golden.regenerate import _sessions, document

SEATS = (Seat(id="gm", name="GM", role=Role.GM), Seat(id="ann", name="Ann"))


class Cfg(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    step: int = Field(default=1, ge=1)


class Counter(Frozen):
    total: int = 0
    seen: tuple[int, ...] = ()


class Bump(Frozen):
    """Bump the counter twice; the second bump sees the first."""

    times: int = Field(default=2, ge=1, le=5)


class Hush(Frozen):
    """Answer only (never on a menu)."""


class CounterEvent(EventData, ruleset="counter"):
    """Every event of the counter ruleset."""


class Bumped(CounterEvent):
    by: int
    seen: int


class OldName(CounterEvent, name="hushed_v1"):
    pass


#: how often ``apply`` ran (to count folds)
FOLDS: list[int] = []


def _bump(state: Counter, ctx: Context[Cfg], c: Bump, dice: DiceService) -> Batch[Counter]:
    b = ctx.batch(state)
    for _ in range(c.times):
        b.emit(Bumped(by=ctx.config.step, seen=b.state.total))
    return b


def _hush(state: Counter, ctx: Context[Cfg], c: Hush, dice: DiceService) -> list[Event]:
    return [Event.of(OldName())]


def _words(payload: Any, event: Event, viewer: Any) -> Description:
    return Description(text=event.type)


class CounterRules(Ruleset[Counter, Cfg]):
    name = "counter"
    title = "Counter"
    config_model = Cfg
    state_model = Counter
    commands: ClassVar[dict[str, CommandSpec[Any, Any, Any]]] = {
        "bump": CommandSpec(Bump, _bump),
        "hush": CommandSpec(Hush, _hush, prompt_only=True),
    }
    events = declare_events(Bumped, OldName)
    words: ClassVar[dict[str, Any]] = {Bumped.TYPE: _words, OldName.TYPE: _words}
    command_words: ClassVar[dict[str, str]] = {"bump": "bump", "hush": "hush"}

    def initial_state(self, config: Cfg) -> Counter:
        return Counter()

    def apply(self, state: Counter, event: Event) -> Counter:
        payload = event.payload
        FOLDS.append(event.seq)
        if isinstance(payload, Bumped):
            return state.model_copy(
                update={"total": state.total + payload.by, "seen": (*state.seen, payload.seen)}
            )
        return state


def test_event_types__come_from_the_family_base_and_the_class_name() -> None:
    assert Bumped.TYPE == "counter.bumped"
    assert OldName.TYPE == "counter.hushed_v1"
    assert not hasattr(CounterEvent, "TYPE")


def test_handlers__get_the_config_and_see_their_own_earlier_events() -> None:
    table = Table.new(CounterRules(), config={"step": 3}, seats=SEATS, seed=1)
    table.execute(Command(type="bump", seat="ann", payload={"times": 3}))
    assert table.state.total == 9  # type: ignore[attr-defined]
    assert table.state.seen == (0, 3, 6)  # type: ignore[attr-defined]


def test_commit__keeps_the_state_the_batch_folded_and_it_equals_a_replay() -> None:
    table = Table.new(CounterRules(), seats=SEATS, seed=1)
    FOLDS.clear()
    events = table.prepare(Command(type="bump", seat="ann", payload={"times": 2}))
    assert [e.seq for e in events] == [table.version + 1, table.version + 2]
    assert all(e.command_id == events[0].command_id and e.seat == "ann" for e in events)
    folded = len(FOLDS)
    table.commit(events)
    assert len(FOLDS) == folded  # not folded again
    replayed = Table(CounterRules(), [Event.model_validate(e.model_dump()) for e in table.log])
    assert replayed.state == table.state


def test_commit__folds_from_scratch_events_that_were_not_the_ones_just_prepared() -> None:
    table = Table.new(CounterRules(), seats=SEATS, seed=1)
    events = table.prepare(Command(type="bump", seat="ann", payload={"times": 2}))
    copies = [Event.model_validate(e.model_dump()) for e in events]  # as read back from a store
    FOLDS.clear()
    table.commit(copies)
    assert [e.seq for e in copies] == FOLDS
    assert table.state.total == 2  # type: ignore[attr-defined]
    # prepared at another version: refused, as before
    stale = table.prepare(Command(type="bump", seat="ann", payload={}))
    table.execute(Command(type="bump", seat="ann", payload={}))
    with pytest.raises(Exception, match="another version"):
        table.commit(stale)


def test_events__are_stored_as_before_and_parsed_once_when_read() -> None:
    table = rwyn_evening(players=2, events=40).played()
    for event in table.log:
        dumped = event.model_dump()
        stored = ["type", "data", "audience", "rolls", "seat", "seq", "command_id"]
        # ``version`` is written only above 1 (rwyn.stress_taken is at 2)
        assert list(dumped) == stored + (["version"] if event.version > 1 else [])
        again = Event.model_validate(dumped)
        assert again == event and again.model_dump() == dumped
        assert not again.parsed
        payload = table.ruleset.payload(again)
        assert again.parsed and table.ruleset.payload(again) is payload
        assert payload.model_dump(mode="json") == event.data
    assert Table.replay([Event.model_validate(e.model_dump()) for e in table.log]).state == table.state


def test_prompt_only_commands__never_appear_in_legal_commands() -> None:
    table = Table.new(CounterRules(), seats=SEATS, seed=1)
    for seat in SEATS:
        assert [c.command for c in table.legal_commands(seat.id)] == ["bump"]
    rwyn = rwyn_evening(players=2, events=40).played()
    prompt_only = {n for n, s in RwynRuleset.commands.items() if s.prompt_only}
    assert prompt_only >= {"sacrifice", "reroll", "effects", "critical", "consequence"}
    for seat in rwyn.seats:
        answers = {c.command for c in rwyn.legal_commands(seat.id) if c.prompt is None}
        assert not answers & prompt_only


def test_a_prompt_only_command_with_an_offer__is_refused_when_declared() -> None:
    with pytest.raises(TypeError, match="prompt-only"):
        CommandSpec(Hush, _hush, offer=lambda s, seat: [], prompt_only=True)


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        ({"words": {Bumped.TYPE: _words}}, "'counter.hushed_v1' has no words"),
        ({"command_words": {"bump": "bump"}}, "command 'hush' has no words"),
        ({"name": "other"}, "'counter.bumped' is not named other.<event>"),
    ],
)
def test_a_ruleset_missing_a_part__fails_when_its_class_is_created(
    change: dict[str, Any], fault: str
) -> None:
    with pytest.raises(TypeError, match=fault):
        type("Broken", (CounterRules,), {"name": "counter", **change})


def _written_as_before(made: object, old: object, path: str = "") -> str | None:
    """Where ``made`` writes a value of ``old`` differently (fields added since may be there too)."""
    if isinstance(old, dict) and isinstance(made, dict):
        for key, value in old.items():
            if key not in made:
                return f"{path}.{key} is no longer written"
            found = _written_as_before(made[key], value, f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(old, list) and isinstance(made, list):
        if len(old) != len(made):
            return f"{path} has {len(made)} items, not {len(old)}"
        for n, (m, o) in enumerate(zip(made, old, strict=True)):
            found = _written_as_before(m, o, f"{path}[{n}]")
            if found:
                return found
        return None
    return None if made == old and type(made) is type(old) else f"{path}: {made!r} != {old!r}"


#: Weaverdice's initiative events with a hidden NPC: since issue 19 (item 8) the PCs' dice ride on the
#: public line and only the hidden NPC's on the GM's; the same rolls, moved between these events
_INITIATIVE = {"weaverdice.initiative_withheld", "weaverdice.combat_started", "weaverdice.combat_joined"}


def _initiative_rolls_pooled(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` with each command's initiative rolls gathered, in roll order, on its first initiative
    event (the deliberate move above; every other roll stays where it was written)."""
    out = [dict(e) for e in log]
    first: dict[Any, dict[str, Any]] = {}
    for e in out:
        if e["type"] not in _INITIATIVE:
            continue
        lead = first.setdefault(e["command_id"], e)
        if lead is not e:
            lead["rolls"] = sorted([*lead["rolls"], *e["rolls"]], key=lambda r: json.dumps(r, sort_keys=True))
            e["rolls"] = []
        else:
            e["rolls"] = sorted(e["rolls"], key=lambda r: json.dumps(r, sort_keys=True))
    return out


_SEEN = "weaverdice.reaction_seen"


def _ranged_stuck_fixed(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` as today's code writes an object stuck by a ranged attack: the v2 code wrote it Stuck
    from melee (``wounding.hit_of`` never set the hit's reach, a bug fixed on branch ``wire``:
    WD-STATUS-012/013, src 862-871). Stuck conditions whose source shot their target from range
    (an ``attack_rolled`` with ``melee`` false) read ``ranged``."""
    shots = {
        (a["attacker"], a["target"])
        for e in log
        if e["type"] == "weaverdice.attack_rolled"
        for a in [e["data"].get("attack") or e["data"].get("attack_changed")]
        if isinstance(a, dict) and a.get("melee") is False
    }

    def fixed(o: Any) -> Any:
        if isinstance(o, list):
            return [fixed(x) for x in o]
        if not isinstance(o, dict):
            return o
        o = {k: fixed(v) for k, v in o.items()}
        if (
            o.get("name") == "stuck"
            and o.get("reach") == "melee"
            and (o.get("source"), o.get("target")) in shots
        ):
            o["reach"] = "ranged"
        return o

    return [fixed(e) for e in log]


def _exhausted_spent_fixed(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` as today's code writes the exhausted dot: one of the pools the character spent (src
    409, fixed on branch ``refwd3``: WD-EFFORT-009). The v2 fight session exhausted Stamina for
    Ramjet, who had spent only Focus; today's session chooses (and may only choose) Focus. An
    ``exhausted`` event whose pool the character had not spent names the first pool spent instead,
    in its pool and its ``effort.exhausted``."""
    order = ("stamina", "focus", "recovery")
    spent: dict[str, set[str]] = {}
    out = []
    for e in log:
        data = e["data"]
        pools = spent.get(data.get("character", ""), set())
        for c in data.get("changed") or data.get("people") or ():
            if isinstance(c, dict) and isinstance(c.get("effort"), dict) and c.get("id"):
                spent[c["id"]] = {p for p, n in (c["effort"].get("spent") or {}).items() if n}
        if e["type"] != "weaverdice.exhausted" or not pools or data["pool"] in pools:
            out.append(e)
            continue
        was, now = data["pool"], next(p for p in order if p in pools)
        changed = []
        for c in data.get("changed") or ():
            if isinstance(c, dict) and c.get("id") == data["character"] and isinstance(c.get("effort"), dict):
                tired = dict(c["effort"].get("exhausted") or {})
                tired[now] = tired.get(now, 0) + tired.pop(was, 0)
                c = {**c, "effort": {**c["effort"], "exhausted": tired}}
            changed.append(c)
        out.append(
            {**e, "data": {**data, "pool": now, **({"changed": changed} if "changed" in data else {})}}
        )
    return out


def _lull_gives_back(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` as today's code writes a lull's effort (src 409, fixed on branch ``wdfix15``:
    WD-EFFORT-009/010): the v2 lull left every settled dot spent until the exhaust pick; today it
    gives them back at once but the one dot an owed pick keeps, in the pool spent most, whose
    situation's pools it records as ``held``."""
    out = []
    for e in log:
        data = e["data"]
        owed = set(data.get("exhaust_owed") or ()) if e["type"] == "weaverdice.combat_ended" else set()
        if not (owed and data.get("lull")):
            out.append(e)
            continue
        changed = []
        for c in data.get("changed") or ():
            effort = c.get("effort") if isinstance(c, dict) and c.get("id") in owed else None
            if isinstance(effort, dict) and any((effort.get("spent") or {}).values()):
                spent = {p: n for p, n in effort["spent"].items() if n}
                most = max(spent, key=lambda p: spent[p])
                c = {**c, "effort": {**effort, "spent": {most: 1}, "used": False, "held": [list(spent)]}}
            changed.append(c)
        out.append({**e, "data": {**data, "changed": changed}})
    return out


def _dropped_rest(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` as today's code writes a generic dropped by a wound: since stop 52 (branch ``refwd22``,
    WD-NPC-004, src 800: "Generic NPCs simply drop to the ground and stay there") no effect is rolled
    for that wound, so the v2 ``effect_resolved`` after it (and its effect die) is left out, later
    events renumbered."""
    out: list[dict[str, Any]] = []
    dropped: tuple[Any, Any] | None = None
    for e in log:
        data = e["data"]
        whose = (e.get("command_id"), data.get("character"))
        if e["type"] == "weaverdice.wound_taken":
            dropped = whose if data.get("standing") == "down" else None
        elif e["type"] == "weaverdice.effect_resolved" and dropped == whose:
            dropped = None
            continue
        out.append({**e, "seq": len(out) + 1} if "seq" in e else e)
    return out


def _reactions_seen_dropped(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` as the v2 code wrote a hidden NPC's Dodge or Block: since issue 19 its ``reacted`` is
    GM-only and the players get a ``rolled_in_secret`` and a ``reaction_seen`` after it (a deliberate
    change); those two are left out (later events renumbered) and the ``reacted`` is public again."""
    out: list[dict[str, Any]] = []
    for n, e in enumerate(log):
        after = [x["type"] for x in log[n + 1 : n + 3]]
        if e["type"] == "weaverdice.reacted" and after == ["weaverdice.rolled_in_secret", _SEEN]:
            e = {**e, "audience": {"everyone": True, "seats": []}}
        elif e["type"] == _SEEN or (e["type"] == "weaverdice.rolled_in_secret" and after[:1] == [_SEEN]):
            continue
        out.append({**e, "seq": len(out) + 1} if "seq" in e else e)
    return out


def _hidden_efforts_public(log: list[dict[str, Any]], hidden: set[str]) -> list[dict[str, Any]]:
    """``log`` as the v2 code wrote a hidden NPC's effort spend: since stop 44 (branch ``refwd13``,
    WD-NPC-003) the ``effort_spent`` is GM-only and carries the NPC's new values itself (a deliberate
    change); the v2 code wrote it public and moved those values to a GM-only ``npc_updated`` after it.
    ``hidden``: the hidden NPCs' ids."""
    out: list[dict[str, Any]] = []

    def add(e: dict[str, Any]) -> None:
        out.append({**e, "seq": len(out) + 1} if "seq" in e else e)

    for e in log:
        data = e["data"]
        if e["type"] != "weaverdice.effort_spent" or data.get("character") not in hidden:
            add(e)
            continue
        for made in _public_with_npc_update(e, {**data, "changed": []}, data.get("changed")):
            add(made)
    return out


def _public_with_npc_update(e: dict[str, Any], data: dict[str, Any], changed: Any) -> list[dict[str, Any]]:
    """A GM-only event ``e`` as the v2 code wrote it: public with ``data``, and the hidden NPC's new
    values (``changed``, if any) in a GM-only ``npc_updated`` after it (``e``'s own audience)."""
    public = {**e, "audience": {"everyone": True, "seats": []}, "data": data}
    if not changed:
        return [public]
    update = {**e, "type": NpcUpdated.TYPE, "version": NpcUpdated.VERSION, "data": {"changed": changed}}
    return [public, {**update, "rolls": []}]


_EFFECT_STEPS = ("weaverdice.effect_asked", "weaverdice.effect_resolved")
_EFFECT_SEEN = "weaverdice.effect_seen"


def _effects_seen_dropped(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` as the v2 code wrote a wound effect on a hidden NPC: since stop 38 each step is GM-only
    and the players get an ``effect_seen`` after it (and a ``rolled_in_secret`` between when the
    step rolled: a deliberate change, WD-NPC-003); those are left out (later events renumbered), the
    step is public again, and the NPC's new values move back to the GM-only ``npc_updated`` after it
    that a public step needed."""
    out: list[dict[str, Any]] = []

    def add(e: dict[str, Any]) -> None:
        out.append({**e, "seq": len(out) + 1} if "seq" in e else e)

    for n, e in enumerate(log):
        after = [x["type"] for x in log[n + 1 : n + 3]]
        veiled = after[:1] == [_EFFECT_SEEN] or after == ["weaverdice.rolled_in_secret", _EFFECT_SEEN]
        if e["type"] in _EFFECT_STEPS and veiled:
            data = dict(e["data"])
            changed = data.pop("changed", None)
            for made in _public_with_npc_update(e, data, changed):
                add(made)
        elif e["type"] != _EFFECT_SEEN and not (
            e["type"] == "weaverdice.rolled_in_secret" and after[:1] == [_EFFECT_SEEN]
        ):
            add(e)
    return out


#: what the upcaster writes out for the fields a copy left out at their default (or had not yet)
_FILLED: dict[str, object] = {"drained": [], "initiative": None}


def _patches_narrowed(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``theirs`` with each Weaverdice combatant patch cut to the fields the one made now writes.

    Since issue 17 (facts) a Weaverdice event stores what changed of a combatant, not a copy: an
    old copy upcasts to a patch of every field, and today's code writes only the fields that
    changed (a deliberate change). What it does write must still be the old copy's value."""
    out = []
    for n, e in enumerate(theirs):
        data = e.get("data")
        now = mine[n].get("data") if n < len(mine) else None
        old_patches = data.get("changed") if isinstance(data, dict) else None
        new_patches = now.get("changed") if isinstance(now, dict) else None
        if (
            isinstance(old_patches, list)
            and isinstance(new_patches, list)
            and len(old_patches) == len(new_patches)
        ):
            cut = [
                {k: v for k, v in o.items() if k in m and not (k in _FILLED and _FILLED[k] == v)}
                for o, m in zip(old_patches, new_patches, strict=True)
            ]
            e = {**e, "data": {**data, "changed": cut}}
        if isinstance(data, dict) and isinstance(now, dict):
            e = {**e, "data": {**e["data"], **_facts_narrowed(e["data"], now)}}
        out.append(e)
    return out


#: Weaverdice's facts of the fight's state objects (issue 17: version 4): how each is recorded
_FACT_SHAPES = {
    "fight_changed": "one",
    "attack_changed": "one",
    "lengthy_changed": "one",
    "grapples_changed": "keyed",
    "reversals_changed": "keyed",
    "falls_changed": "keyed",
    "queued_changed": "sequence",
    "effects_changed": "sequence",
}


def _facts_narrowed(old: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """Each fact of ``old`` (a whole copy upcast: every field) cut to the fields the one made now
    writes (only what changed), as for combatant patches above; what it writes must still be the
    copy's value."""

    def cut(o: Any, m: Any) -> Any:
        return {k: v for k, v in o.items() if k in m} if isinstance(o, dict) and isinstance(m, dict) else o

    out: dict[str, Any] = {}
    for key, shape in _FACT_SHAPES.items():
        o, m = old.get(key), now.get(key)
        if o is None or m is None:
            continue
        if shape == "one":
            out[key] = cut(o, m)
        elif shape == "keyed" and isinstance(o, dict) and isinstance(m, dict) and set(o) == set(m):
            out[key] = {k: cut(o[k], m[k]) for k in o}
        elif shape == "sequence" and isinstance(o, list) and isinstance(m, list) and len(o) == len(m):
            out[key] = [cut(a, b) for a, b in zip(o, m, strict=True)]
    return out


# RWYN's sessions are not here since its calls and checks share one counter (issue 22): today's
# code numbers some calls and checks differently from the v2 logs, by design. Those logs still
# replay to their expectations (tests/golden), which is what a saved table needs.
@pytest.mark.parametrize("key", ["capes/sample", "capes/page", "weaverdice/sample", "weaverdice/fight"])
def test_events_made_now__write_every_field_of_the_golden_logs_of_contract_v2_as_before(key: str) -> None:
    """Typed events made in process write every value the v2 code wrote, the same way.

    Models grow: a field added since v2 (with its default) may be written beside
    them, and then the hash chain differs; with no field added the bytes and the
    chain are the same. An event type whose version was bumped since (its payload
    changed on purpose, with an upcaster) is compared with its old data upcast: the
    values the new version writes, as the old log reads today.
    """
    ruleset, name = key.split("/")
    golden = json.loads((Path(__file__).parents[1] / "golden" / ruleset / f"{name}.log.json").read_text())
    table = _sessions()[ruleset, name]().played()
    made = document(table, table_id=golden["table"]["id"])
    rules, upcast_any = get_ruleset(ruleset), False
    for n, old in enumerate(golden["log"]):
        now = upcast(rules, Event.model_validate(old))
        if now.version != old.get("version", 1):
            golden["log"][n] = {**old, "data": now.data, "version": now.version}
            upcast_any = True
    hidden = {i for i, c in getattr(table.state, "people", {}).items() if getattr(c, "hidden", False)}
    mine = _initiative_rolls_pooled(
        _effects_seen_dropped(_reactions_seen_dropped(_hidden_efforts_public(made["log"], hidden)))
    )
    theirs = _patches_narrowed(
        mine,
        _initiative_rolls_pooled(
            _lull_gives_back(_exhausted_spent_fixed(_ranged_stuck_fixed(_dropped_rest(golden["log"]))))
        ),
    )
    assert _written_as_before(mine, theirs) is None, _written_as_before(mine, theirs)
    if made["log"] == golden["log"] and not upcast_any:
        assert made["chain"] == golden["chain"]
