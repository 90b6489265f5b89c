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
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer

from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.effort import Effort
from capeworks.systems.weaverdice.equipment import Costume, HeldItem
from capeworks.systems.weaverdice.powers import Power
from capeworks.systems.weaverdice.sheet import Character, Skill
from capeworks.systems.weaverdice.state import Combatant, WdState, made
from capeworks.systems.weaverdice.statuses import Condition
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier
from capeworks.systems.weaverdice.wfx_outcome import StatLoss
from capeworks.systems.weaverdice.wounds import Track

__all__ = ["CombatantPatch", "SheetPatch", "copies_to_patches", "patches", "sheet_patch", "sheet_to_patch"]


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
    initiative: int | None = None
    wounds_made: int | None = None
    defiances: int | None = None


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
    powers: tuple[Power, ...] | None = None


P = TypeVar("P", bound=_Patch)
_new = object.__new__
_set = object.__setattr__
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
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(given))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


def _changed(old: BaseModel, new: BaseModel) -> dict[str, Any]:
    """``new``'s id, name and the fields whose values differ from ``old``'s."""
    was, now = old.__dict__, new.__dict__
    given = {k: v for k, v in now.items() if v is not was[k] and v != was[k]}
    given["id"], given["name"] = now["id"], now["name"]
    return given


def sheet_patch(state: WdState, sheet: Character) -> SheetPatch:
    """What ``sheet`` (a character's sheet after a change) changed of the one ``state`` holds."""
    old = state.sheets.get(sheet.id)
    return _patch(SheetPatch, dict(sheet.__dict__) if old is None else _changed(old, sheet))


def patches(state: WdState, people: Iterable[Combatant]) -> tuple[CombatantPatch, ...]:
    """What ``people`` (new values of combatants) changed against ``state``: one patch each, the
    last value given for an id winning, as the copies' upsert did."""
    last: dict[str, Combatant] = {}
    for c in people:
        last.pop(c.id, None)
        last[c.id] = c
    known = state.people
    out = []
    for ident, c in last.items():
        old = known.get(ident)
        patch = _patch(CombatantPatch, dict(c.__dict__) if old is None else _changed(old, c))
        made(patch, old, c)
        out.append(patch)
    return tuple(out)


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
