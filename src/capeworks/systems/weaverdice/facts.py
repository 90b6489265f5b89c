"""What a Weaverdice event records of a combatant it changed: the fields that changed, not a copy.

Until version 3 an event carried each changed :class:`~.state.Combatant` whole, so replaying a log
wrote back every field of that copy, and a release that renamed, split or dropped a field could no
longer read an old log without rewriting every copy in it. Now a rule still hands the builder the new
combatant (``people``, never stored), and what is stored is a :class:`CombatantPatch` per combatant:
its id and name (the words name it) and only the fields whose values changed, each the new value the
rule chose. The fold lays a patch over the combatant it names, or makes a new combatant of it when
it names no one yet (a character joining).

Why patches rather than a delta per rule: a Weaverdice rule's result is often a whole new wound
track or condition list worked out by rules that may themselves change between releases, so the
value the rule chose is the fact to keep (replaying never re-runs a rule), and the combatant's
other fields, which the event never touched, are no longer in it. A field added to
:class:`~.state.Combatant` with a default is then simply absent from old patches; a renamed or
dropped field needs an upcaster that renames or drops one key in each patch.

A sheet changed in play (gear damaged, a training roll saved, a new tier) is recorded the same way,
as a :class:`SheetPatch` (``sheet_changed``), not the whole sheet after the change; the sheet a
character joins with stays whole, as the fact of joining.

An old copy (version 2) is a patch of every field, so the upcaster from version 2
(:func:`copies_to_patches`) only moves ``people`` to ``changed`` and writes out the two fields a
copy left out when at their defaults (``drained``, ``initiative``), which a patch must not read as
"unchanged".

The fight's other state objects (version 4; ``effect_asked`` version 2): a rule still hands the
builder the whole new value (``fight``, ``attack``, ``queued``, ``effects``, ``grapples``,
``reversals``, ``falls``, a lengthy check's ``lengthy``; never stored, :func:`state_facts`), and the
event stores what it changed (``<part>_changed``), in the shape that part of the state has:

- the fight, the pending attack and one lengthy check (``lengthy_key``) are single values: a field
  patch (:class:`FightPatch`, :class:`AttackPatch`, :class:`LengthyPatch`) as for a combatant, laid
  over the value there, every field when there was none, ``gone`` when it is None (the fight over,
  the hit settled, the check done). The turn, the order, a hit's total are values rules chose, so
  they are the facts kept, and a field a later release adds is absent from old patches;
- holds, reversals on offer and falls are keyed by who they concern (``holder>target``, the
  defender, the faller): the new mapping's keys, each with its entry's changed fields (empty when
  unchanged, every field when new); a key left out is gone. Keys are ids, which no release renames;
- queued hits and wound effects are queues: each entry of the new queue is a patch laid over the
  old entry ``at`` a place (the same entry, else the one where it stood) or, without ``at``, a new
  entry of every field. A position in the queue the fold already holds is a fact that needs no
  model to read.

A fact is recorded whenever the rule gave the part, even unchanged (an empty patch), so the words
read from the event alone whether a hit still waits or a lengthy check goes on. The fold refuses a
payload that still carries a whole copy. The upcaster (:func:`whole_to_facts`) reads each copy of
version 3 as the facts that give the same state whatever the state was: a patch of every field (the
fields a copy left out at their default written out), ``gone`` for None, a listing of every entry,
each new.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from capeworks.engine.kit import Frozen, TurnOrder
from capeworks.systems.weaverdice.checks import CheckRoll, Lengthy
from capeworks.systems.weaverdice.combat import Reaction, Sidelined, Turn
from capeworks.systems.weaverdice.copies import evolve, set_dict, set_extra, set_fields_set, set_private
from capeworks.systems.weaverdice.data_equipment import FallOption
from capeworks.systems.weaverdice.effort import Effort
from capeworks.systems.weaverdice.equipment import Costume, HeldItem
from capeworks.systems.weaverdice.movement import Fall, FallCheck
from capeworks.systems.weaverdice.powers import Power
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.state import (
    COPIES,
    FACT_PARTS,
    Combatant,
    Fight,
    Grapple,
    PendingAttack,
    PendingEffect,
    WdState,
    made,
    remember,
)
from capeworks.systems.weaverdice.statuses import Condition
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Tier, WoundTier
from capeworks.systems.weaverdice.wfx_outcome import Answers, Need, StatLoss
from capeworks.systems.weaverdice.wounds import Track

__all__ = [
    "KEEP",
    "PATCHED",
    "WHOLE_COPY_TYPES",
    "AttackPatch",
    "CombatantPatch",
    "EffectPatch",
    "FallPatch",
    "FightPatch",
    "GrapplePatch",
    "LengthyPatch",
    "SheetPatch",
    "copies_to_patches",
    "new_parts",
    "patches",
    "sheet_patch",
    "sheet_to_patch",
    "state_facts",
    "whole_to_facts",
]


class _Keep:
    """The value of a whole-copy field a rule did not give, or whose value became facts: "unchanged"."""

    _one: _Keep | None = None

    def __new__(cls) -> _Keep:
        if cls._one is None:
            cls._one = super().__new__(cls)
        return cls._one

    def __repr__(self) -> str:
        return "KEEP"

    def __reduce__(self) -> str:
        return "KEEP"

    def __copy__(self) -> _Keep:
        return self

    def __deepcopy__(self, memo: object) -> _Keep:
        return self


#: see :class:`_Keep`; typed Any so that it may stand as the default of a field of any type
KEEP: Any = _Keep()


class _Patch(Frozen):
    """Base: a model's id and name and the fields given; only those are stored and applied."""

    @model_serializer(mode="wrap")
    def _only_given(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Only the fields given: an unset field means "unchanged", never "None"."""
        given = self.__pydantic_fields_set__
        out: dict[str, Any] = handler(self)
        return {k: v for k, v in out.items() if k in given}

    def changes(self) -> dict[str, Any]:
        """The fields this patch sets, with their new values."""
        values = self.__dict__
        return {k: values[k] for k in self.__pydantic_fields_set__}


class CombatantPatch(_Patch):
    """One combatant's changed fields (every field of :class:`~.state.Combatant` but ``id`` and
    ``name`` is optional here, and only those given are stored and applied)."""

    id: str
    name: str
    tier: Tier | None = None
    owner: str | None = None
    hidden: bool | None = None
    effort: Effort | None = None
    morale: int | None = None
    night_morale: int | None = None
    track: Track | None = None
    conditions: tuple[Condition, ...] | None = None
    temporary_loss: dict[Stat, int] | None = None
    lasting_loss: dict[Stat, int] | None = None
    drained: tuple[StatLoss, ...] | None = None
    opened: tuple[str, ...] | None = None
    practised: tuple[str, ...] | None = None
    may_train: tuple[str, ...] | None = None
    focused_shots: int | None = None
    aligned_on: str | None = None
    in_fight: bool | None = None
    sidelined: Sidelined | None = None
    initiative: int | None = None
    wounds_made: int | None = None
    defiances: int | None = None
    carrying: tuple[str, ...] | None = None


class SheetPatch(_Patch):
    """One sheet's changed fields (every field of :class:`~.sheet.Character` but ``id`` and ``name``
    is optional here); the values were checked when the rule made the sheet."""

    id: str
    name: str
    tier: Tier | None = None
    stats: dict[Stat, int] | None = None
    skills: tuple[Skill, ...] | None = None
    backgrounds: tuple[str, ...] | None = None
    armor: int | None = None
    defense_bonus: int | None = None
    effort_bonus: dict[Pool, int] | None = None
    morale_baseline: int | None = None
    milestones: int | None = None
    fans: int | None = None
    extra_belt_slots: int | None = None
    learning_boxes: int | None = None
    follower_bonus: int | None = None
    underling_bonus: int | None = None
    temporary_loss: dict[Stat, int] | None = None
    lasting_loss: dict[Stat, int] | None = None
    super_stats: tuple[Stat, ...] | None = None
    special: str | None = None
    costume: Costume | None = None
    held: tuple[HeldItem, ...] | None = None
    belt: tuple[HeldItem, ...] | None = None
    dropped: tuple[HeldItem, ...] | None = None
    powers: tuple[Power, ...] | None = None


P = TypeVar("P", bound=_Patch)
M = TypeVar("M", bound=BaseModel)
_new = object.__new__
#: each patch class's fields at their "not given" value, laid under the given ones
_BLANKS: dict[type[_Patch], dict[str, Any]] = {}


def _patch(cls: type[P], given: dict[str, Any]) -> P:
    """A patch of already valid values, made without validating them again (as :func:`.copies.evolve`)."""
    blank = _BLANKS.get(cls)
    if blank is None:
        blank = _BLANKS[cls] = dict.fromkeys(cls.model_fields)
    new = _new(cls)
    fields = blank.copy()
    fields.update(given)
    set_dict(new, fields)
    set_fields_set(new, set(given))
    set_extra(new, None)
    set_private(new, None)
    return new


def _differs(a: Any, b: Any) -> bool:
    """``a != b`` for two values of a field that are not the same object; two models of one class
    compare their fields' dicts, as pydantic's ``__eq__`` does for these models (no private or extra
    values), without its Python steps (a turn, a track or an effort differs at most events)."""
    differs: bool = a.__dict__ != b.__dict__ if type(a) is type(b) and isinstance(a, BaseModel) else a != b
    return differs


def _changed(old: BaseModel, new: BaseModel) -> dict[str, Any]:
    """``new``'s id, name and the fields whose values differ from ``old``'s."""
    was, now = old.__dict__, new.__dict__
    given = {k: v for k, v in now.items() if v is not was[k] and _differs(v, was[k])}
    given["id"], given["name"] = now["id"], now["name"]
    return given


def sheet_patch(state: WdState, sheet: Character) -> SheetPatch:
    """What ``sheet`` (a character's sheet after a change) changed of the one ``state`` holds."""
    old = state.sheets.get(sheet.id)
    return _patch(SheetPatch, dict(sheet.__dict__) if old is None else _changed(old, sheet))


def _last_of(people: Iterable[Combatant]) -> dict[str, Combatant]:
    """The last value given for each id, in the order the last values came."""
    last: dict[str, Combatant] = {}
    for c in people:
        last.pop(c.id, None)
        last[c.id] = c
    return last


def patches(
    state: WdState, people: Iterable[Combatant], parts: dict[str, Any] | None = None
) -> tuple[CombatantPatch, ...]:
    """What ``people`` (new values of combatants) changed against ``state``: one patch each, the
    last value given for an id winning, as the copies' upsert did.

    ``parts``, when given, receives ``people``: the state's combatants with these laid over them,
    what the patches fold to (:func:`~.state.fold_payload` takes it instead of laying them)."""
    last = _last_of(people)
    known = state.people
    out = []
    for ident, c in last.items():
        old = known.get(ident)
        patch = _patch(CombatantPatch, _joining(c) if old is None else _changed(old, c))
        if parts is None:
            made(patch, old, c)
        out.append(patch)
    if parts is not None and last:
        parts["people"] = {**known, **last}
    return tuple(out)


#: Combatant fields added since joining patches wrote every field: left out of a new combatant's patch
#: at their default (the fold gives it), so a character joining records what it always did
_QUIET_WHEN_DEFAULT: dict[str, Any] = {"carrying": (), "sidelined": None, "night_morale": None}


def _joining(c: Combatant) -> dict[str, Any]:
    """A new combatant's patch: every field, but those of :data:`_QUIET_WHEN_DEFAULT` left at default."""
    values = dict(c.__dict__)
    for k, default in _QUIET_WHEN_DEFAULT.items():
        if values[k] == default:
            del values[k]
    return values


#: the fields a version 2 copy left out when at their default (``exclude_if`` on Combatant then)
_OMITTED_AT_V2: Mapping[str, Any] = {"drained": [], "initiative": None}


def copies_to_patches(data: dict[str, Any]) -> dict[str, Any]:
    """Upcaster, version 2 -> 3 of an event that carried combatant copies (``people``): each copy
    becomes a patch of every field it held (``changed``), the fields it omitted at their default
    written out."""
    people = data.get("people")
    out = {k: v for k, v in data.items() if k != "people"}
    if people:
        out["changed"] = [{**_OMITTED_AT_V2, **p} for p in people]
    return out


def sheet_to_patch(data: dict[str, Any]) -> dict[str, Any]:
    """Upcaster, version 3 -> 4 of an event that carried the whole sheet after a change (``sheet``):
    it becomes a patch of every field (``sheet_changed``; a sheet then wrote every field)."""
    out = {k: v for k, v in data.items() if k != "sheet"}
    if data.get("sheet") is not None:
        out["sheet_changed"] = data["sheet"]
    return out


# -- the fight's state objects (version 4 of the events that carried them whole) -------------------


class _Entry(_Patch):
    """Base: one state object's changed fields, and where they go (stored only when given).

    ``gone``: the value is gone (no fight any more, the attack settled, a lengthy task done);
    ``at``: in a sequence, the position in the old sequence this entry is laid over (not given: a
    new entry, every field given)."""

    gone: bool | None = None
    at: int | None = None

    def changes(self) -> dict[str, Any]:
        values = self.__dict__
        return {k: values[k] for k in self.__pydantic_fields_set__ if k not in _META}


_META = frozenset({"gone", "at"})


class FightPatch(_Entry):
    """The fight's changed fields (:class:`~.state.Fight`)."""

    order: TurnOrder | None = None
    turn: Turn | None = None
    groups: tuple[tuple[str, ...], ...] | None = None
    dropped: tuple[str, ...] | None = None
    paused: tuple[Turn, ...] | None = None
    lowered: tuple[str, ...] | None = None


class AttackPatch(_Entry):
    """A pending hit's changed fields (:class:`~.state.PendingAttack`)."""

    attacker: str | None = None
    target: str | None = None
    total: int | None = None
    damage: DamageType | None = None
    tier: WoundTier | None = None
    melee: bool | None = None
    conventional: bool | None = None
    hidden: bool | None = None
    effect_only: bool | None = None
    pins: bool | None = None
    weapon: str | None = None
    grab: bool | None = None
    #: left out when None, so patches written before the field read as they did
    power: str | None = Field(default=None, exclude_if=lambda v: v is None)
    mental: bool | None = Field(default=None, exclude_if=lambda v: not v)
    reaction: Reaction | None = None
    reaction_roll: CheckRoll | None = None


class EffectPatch(_Entry):
    """A pending wound effect's changed fields (:class:`~.state.PendingEffect`)."""

    damage: DamageType | None = None
    tier: WoundTier | None = None
    target: str | None = None
    attacker: str | None = None
    wound: str | None = None
    face: int | None = None
    answers: Answers | None = None
    key: str | None = None
    chooser: str | None = None
    need: Need | None = None
    uncovered: bool | None = None
    ranged: bool | None = None
    pins: bool | None = None
    weapon: str | None = None
    #: left out when None or False, so patches written before the field read as they did
    mental: bool | None = Field(default=None, exclude_if=lambda v: not v)


class GrapplePatch(_Entry):
    """A hold's changed fields (:class:`~.state.Grapple`)."""

    holder: str | None = None
    target: str | None = None
    round: int | None = None
    banked: int | None = None
    restrained: bool | None = None
    meatshield: bool | None = None
    beaten: bool | None = None
    braced: int | None = None
    #: left out when None, so patches written before the field read as they did
    braced_morale: bool | None = Field(default=None, exclude_if=lambda v: v is None)


class FallPatch(_Entry):
    """A waiting fall's changed fields (:class:`~.movement.Fall`)."""

    feet: int | None = None
    thrown: bool | None = None
    row: int | None = None
    options: tuple[FallOption, ...] | None = None
    check: FallCheck | None = None
    stamina_lost: int | None = None


class LengthyPatch(_Entry):
    """A lengthy check's changed fields (:class:`~.checks.Lengthy`)."""

    dc: int | None = None
    total: int | None = None
    rolls: tuple[tuple[str, int], ...] | None = None
    max_rolls: int | None = None
    halted: tuple[str, ...] | None = None


#: each patch class and the model it patches
PATCHED: Mapping[type[_Entry], type[BaseModel]] = {
    FightPatch: Fight,
    AttackPatch: PendingAttack,
    EffectPatch: PendingEffect,
    GrapplePatch: Grapple,
    FallPatch: Fall,
    LengthyPatch: Lengthy,
}


def _diff(old: BaseModel, new: BaseModel) -> dict[str, Any]:
    was = old.__dict__
    return {k: v for k, v in new.__dict__.items() if v is not was[k] and _differs(v, was[k])}


def _one(cls: type[P], old: BaseModel | None, new: BaseModel | None) -> P:
    """What ``new`` changed of ``old`` (no fields: nothing; ``gone``: it is None now)."""
    if new is None:
        return _patch(cls, {"gone": True})
    if old is None:
        quiet = _QUIET_NEW.get(cls, ())
        return _patch(cls, {k: v for k, v in new.__dict__.items() if k not in quiet or v})
    return _patch(cls, {} if new is old else _diff(old, new))


#: fields added to a model since its new values were recorded whole: left out of a new value's patch
#: when empty (the fold gives the default), so a fight starting records what it always did
_QUIET_NEW: Mapping[type, tuple[str, ...]] = {FightPatch: ("paused", "lowered")}


def _keyed(cls: type[P], old: Mapping[str, BaseModel], new: Mapping[str, BaseModel]) -> dict[str, P]:
    """The new mapping's keys, each with what its entry changed of the old one under that key."""
    out = {}
    for k, v in new.items():
        was = old.get(k)
        out[k] = _patch(cls, dict(v.__dict__) if was is None else _diff(was, v))
    return out


def _sequence(cls: type[P], old: tuple[BaseModel, ...], new: tuple[BaseModel, ...]) -> tuple[P, ...]:
    """The new sequence, each entry laid over an old one (the same, else the one at its place) or new."""
    used: set[int] = set()
    out = []
    for n, v in enumerate(new):
        at = next((i for i, w in enumerate(old) if i not in used and (w is v or w == v)), None)
        if at is None and n < len(old) and n not in used:
            at = n
        if at is None:
            out.append(_patch(cls, dict(v.__dict__)))
            continue
        used.add(at)
        out.append(_patch(cls, {**_diff(old[at], v), "at": at}))
    return tuple(out)


#: field given by a rule (never stored) -> (the field stored, how it is recorded, the patch class):
#: the state's table of stored facts read the other way, each model's patch class in its place
_PATCH_OF = {model: patch for patch, model in PATCHED.items()}
_FACTS: dict[str, tuple[str, str, type[_Entry]]] = {
    field: (stored, how, _PATCH_OF[model]) for stored, (field, how, model) in FACT_PARTS.items()
}
#: payload class -> the copy fields it has, each with how it is recorded, and their names (worked out once)
_HAS: dict[type[BaseModel], tuple[tuple[tuple[str, str, str, type[_Entry]], ...], frozenset[str]]] = {}


def _has(cls: type[BaseModel]) -> tuple[tuple[tuple[str, str, str, type[_Entry]], ...], frozenset[str]]:
    fields = tuple(k for k in COPIES if k in cls.model_fields)
    has = _HAS[cls] = (tuple((k, *_FACTS[k]) for k in fields), frozenset(fields))
    return has


def new_parts(state: WdState, payload: BaseModel, people: Iterable[Combatant]) -> dict[str, Any]:
    """The new value of each part of ``state`` that ``payload``, as its rule made it (whole values,
    not facts), changes: what :func:`state_facts`, :func:`patches` and :func:`sheet_patch` would
    record as facts folds to, without working out the facts (``people``: the combatants it records).

    The builder folds these at once and leaves the facts until the event is read
    (:meth:`~capeworks.engine.Batch.emit_later`)."""
    parts: dict[str, Any] = {}
    last = _last_of(people)
    if last:
        parts["people"] = {**state.people, **last}
    values = payload.__dict__
    sheet = values.get("sheet") if "sheet_changed" in values else None
    if sheet is not None:
        parts["sheets"] = {**state.sheets, sheet.id: sheet}
    has = (_HAS.get(type(payload)) or _has(type(payload)))[0]
    for field, _, how, _ in has:
        new = values[field]
        if new is KEEP:
            continue
        if field == "lengthy":
            key = values["lengthy_key"]
            if key is None:
                continue
            rest = {k: v for k, v in state.lengthy.items() if k != key}
            parts["lengthy"] = rest if new is None else {**rest, key: new}
        elif how != "one" and new is None:  # reversals: None is "unchanged"
            continue
        else:
            parts[field] = new
    return parts


def state_facts(
    state: WdState, payload: M, parts: dict[str, Any] | None = None, facts: Mapping[str, Any] | None = None
) -> M:
    """``payload`` with the state objects its rule gave whole (the fight, the pending attack and
    queued hits, wound effects, holds and reversals, falls, a lengthy check) recorded as what they
    changed of ``state``'s, and the whole values dropped (a payload without them or ``facts`` is
    returned as is).

    ``parts``, when given, receives each part's new value (what its facts fold to over ``state``);
    ``facts``, other fields' new values (the combatants' and the sheet's facts in place of their
    copies), laid over the payload in the same copy."""
    cls = type(payload)
    has, names = _HAS.get(cls) or _has(cls)
    if not has:
        return evolve(payload, facts) if facts else payload
    values = payload.__dict__
    fields = dict(values)
    if facts:
        fields.update(facts)
    recorded = set(payload.__pydantic_fields_set__ - names)
    for field, stored, how, patch_cls in has:
        new = values[field]
        if new is KEEP:  # not given: unchanged
            continue
        fields[field] = KEEP
        fact: Any
        if field == "lengthy":
            key = values["lengthy_key"]
            if key is None:
                fields[stored] = None
                continue
            old = state.lengthy.get(key)
            fact = _one(patch_cls, old, new)
        elif how == "one":
            old = getattr(state, field)
            fact = _one(patch_cls, old, new)
        elif new is None:  # reversals: None is "unchanged"
            fields[stored] = None
            continue
        elif how == "keyed":
            old = getattr(state, field)
            fact = _keyed(patch_cls, old, new)
        else:
            old = getattr(state, field)
            fact = _sequence(patch_cls, old, new)
        fields[stored] = fact
        recorded.add(stored)
        if parts is None:
            remember(fact, old, new)
        elif field == "lengthy":
            key = values["lengthy_key"]
            rest = {k: v for k, v in state.lengthy.items() if k != key}
            parts["lengthy"] = rest if new is None else {**rest, key: new}
        else:
            parts[field] = new
    out = _new(cls)
    set_dict(out, fields)
    set_fields_set(out, recorded)
    set_extra(out, None)
    set_private(out, None)
    return out


#: version 3's whole copies, per event type: each field and its default when the data left it out
#: (``_REQUIRED``: it never did)
_REQUIRED = object()
_AT_V3: Mapping[str, Mapping[str, Any]] = {
    "ruled": {"fight": None, "lengthy": None},
    "interrupted": {"lengthy": _REQUIRED},
    "check_rolled": {"lengthy": None},
    "combat_started": {"fight": _REQUIRED},
    "combat_joined": {"fight": _REQUIRED},
    "turn_started": {"fight": _REQUIRED, "reversals": {}},
    "action_taken": {"fight": _REQUIRED},
    "attack_rolled": {"fight": _REQUIRED, "attack": _REQUIRED, "reversals": None, "queued": []},
    "reacted": {"fight": _REQUIRED, "attack": _REQUIRED, "queued": []},
    "grappled": {"grapples": _REQUIRED, "reversals": None},
    "grapple_braced": {"grapples": _REQUIRED},
    "fell": {"falls": _REQUIRED},
    "effect_asked": {"effects": _REQUIRED},
    "effect_resolved": {"effects": _REQUIRED, "fight": _REQUIRED},
    "medical_rolled": {"lengthy": _REQUIRED},
    "waited": {"fight": _REQUIRED},
    "rested": {"fight": _REQUIRED},
    "combat_ended": {
        "fight": _REQUIRED,
        "attack": _REQUIRED,
        "queued": [],
        "reversals": {},
        "effects": _REQUIRED,
        "grapples": {},
    },
}
#: the event types whose whole copies became facts at version 4 (``effect_asked``: at version 2)
WHOLE_COPY_TYPES = tuple(f"weaverdice.{k}" for k in _AT_V3)
#: the fields a copy left out when at their default (``exclude_if`` then), which a patch laid over an
#: old value must write out, or it would read them as "unchanged"
_OMITTED: Mapping[str, Mapping[str, Any]] = {
    "fight": {"dropped": [], "paused": [], "lowered": []},
    "grapples": {"braced": 0},
}


def whole_to_facts(kind: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The upcaster of ``weaverdice.<kind>`` from the version that carried whole copies (3; 1 for
    ``effect_asked``): each copy becomes the facts that give the same state, whatever the state was
    (a patch of every field, the gone mark for None, a listing of every entry, each new)."""
    fields = _AT_V3[kind]

    def upcast(data: dict[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in data.items() if k not in fields}
        for field, default in fields.items():
            if field in data:
                value = data[field]
            elif default is _REQUIRED:
                raise KeyError(field)
            else:
                value = default
            stored, how, _ = _FACTS[field]
            omitted = _OMITTED.get("grapples" if field == "reversals" else field, {})
            if field == "lengthy" and data.get("lengthy_key") is None:
                continue
            if how == "one":
                out[stored] = {"gone": True} if value is None else {**omitted, **value}
            elif how == "keyed":
                if value is not None:
                    out[stored] = {k: {**omitted, **v} for k, v in value.items()}
            else:
                out[stored] = list(value)
        return out

    return upcast
