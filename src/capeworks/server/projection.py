"""What one seat sees of a table: its projection and its log entries, JSON-ready.

Everything here goes through the engine's per-viewer filters
(``Table.log_view``, ``Ruleset.view``, ``Ruleset.panels``, ``Table.prompts``),
so GM-audience events and GM-only fields are gone before anything is
serialised. Entries carry words and the parts a UI draws, never the raw event
data. REST and WebSocket both answer from these functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from capeworks.engine import Panel, Prompt, Seat, Table, Viewer
from capeworks.engine.model import LogEntry, waiting_on
from capeworks.server.jsoncache import FrozenList, JsonCache, freeze

__all__ = ["Shared", "entries", "entry", "may_export", "projection", "viewer_of"]


#: viewers made so far, by seat id and GM-ness (a Viewer is frozen, so one is shared by every use)
_VIEWERS: dict[tuple[str, bool], Viewer] = {}


def viewer_of(seat: Seat) -> Viewer:
    """The engine viewer for a seat (a GM seat sees everything)."""
    key = (seat.id, seat.is_gm)
    viewer = _VIEWERS.get(key)
    if viewer is None:
        viewer = Viewer(seat=seat.id, is_gm=seat.is_gm)
        if len(_VIEWERS) >= 4096:
            _VIEWERS.clear()  # bounded: a process serving many tables makes them again now and then
        _VIEWERS[key] = viewer
    return viewer


def entry(item: LogEntry) -> dict[str, Any]:
    """One log entry in words, with what a UI draws beside them (:meth:`LogEntry.as_words`)."""
    return item.as_words()


@dataclass(frozen=True, slots=True)
class Shared:
    """What every seat's projection at one version has in common, worked out once per version.

    A change is sent to every watching seat: the open prompts and the parts
    every seat sees alike (seats, config, settings, the prompts' and shared
    answers' JSON, the log entries the engine shares between viewers with the
    same view key) are found and dumped once, and each seat's share is
    filtered from them.
    """

    version: int
    prompts: list[Prompt]
    waiting: list[str]
    seats: list[dict[str, Any]] = field(default_factory=list)
    config: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    #: JSON of each prompt, beside it
    dumped_prompts: list[tuple[Prompt, dict[str, Any]]] = field(default_factory=list)
    #: the JSON and texts of what several seats (and, in a feed, several versions) are sent alike
    json: JsonCache = field(default_factory=JsonCache)
    #: each panel list's JSON, by the list's identity (seats sharing a view key are given the same list)
    lists: dict[int, tuple[list[Panel], list[dict[str, Any]]]] = field(default_factory=dict)
    #: each log entry's JSON, by the entry's identity (seats sharing a view key are given the same entry)
    described: dict[int, tuple[LogEntry, dict[str, Any]]] = field(default_factory=dict)
    #: texts of this version's values several seats are sent (views, entries), by identity
    texts: dict[int, tuple[Any, str]] = field(default_factory=dict)

    @classmethod
    def of(cls, table: Table, *, json: JsonCache | None = None) -> Shared:
        """This version's common parts; ``json`` is a feed's cache kept across its versions."""
        cache = json if json is not None else JsonCache()
        prompts = table.prompts()
        return cls(
            version=table.version,
            prompts=prompts,
            waiting=FrozenList(waiting_on(prompts)),
            seats=cache.frozen_list([cache.dump(s) for s in table.seats]),
            config=cache.dump(table.config),
            settings=cache.dump(table.settings),
            dumped_prompts=[(p, cache.dump(p)) for p in prompts],
            json=cache,
        )

    def prompts_for(self, seat: Seat) -> list[Prompt]:
        """The prompts this seat answers, as ``Table.prompts(viewer)`` filters them (all, for the GM)."""
        return [p for p, _ in self._dumped_prompts_for(seat)]

    def _dumped_prompts_for(self, seat: Seat) -> list[tuple[Prompt, dict[str, Any]]]:
        if seat.is_gm:
            return list(self.dumped_prompts)
        return [(p, d) for p, d in self.dumped_prompts if p.seat is not None and p.seat == seat.id]

    def dump(self, model: BaseModel) -> dict[str, Any]:
        """``model``'s JSON, dumped once however many seats are sent it (frozen: it is shared)."""
        return self.json.dump(model)

    def dump_all(self, panels: list[Panel]) -> list[dict[str, Any]]:
        """A panel list's JSON, once per list; equal panels share their JSON across versions."""
        known = self.lists.get(id(panels))
        if known is not None and known[0] is panels:
            return known[1]
        out = self.json.frozen_list([self.json.dump_panel(p) for p in panels])
        self.lists[id(panels)] = (panels, out)
        return out

    def encoded(self, value: Any) -> str:
        """``value`` as JSON text, encoded once however many seats' messages carry the same object."""
        return self.json.text(value, once=self.texts)


def entries(
    table: Table, seat: Seat, *, since: int = 0, limit: int | None = None, shared: Shared | None = None
) -> list[dict[str, Any]]:
    """The entries after version ``since`` that ``seat`` may see, oldest first (``Table.log_view``)."""
    items = table.log_view(viewer_of(seat), since=since, limit=limit)
    if shared is None or shared.version != table.version:
        return [entry(item) for item in items]
    # the engine hands viewers sharing a view key the same entries: each is made JSON once
    out = []
    for item in items:
        known = shared.described.get(id(item))
        if known is None or known[0] is not item:
            known = shared.described[id(item)] = (item, freeze(entry(item)))
        out.append(known[1])
    return out


def may_export(table: Table, seat: Seat) -> bool:
    """May ``seat`` download the whole table (every event whole)? The GM may; any seat may where the rule
    set keeps nothing from anyone (``Ruleset.has_secrets`` False: Capes), since the export is then just
    what it sees; not a table seeded for a reproduction, whose dice seed (the GM's alone) tells every die
    to come. The export itself also checks that every event is one the seat may see."""
    return seat.is_gm or not (table.ruleset.has_secrets or table.seeded)


def projection(table_id: str, table: Table, seat: Seat, *, shared: Shared | None = None) -> dict[str, Any]:
    """Everything ``seat`` may see of the table now (see docs/web.md for the shape)."""
    viewer = viewer_of(seat)
    common = shared if shared is not None and shared.version == table.version else Shared.of(table)
    return {
        "id": table_id,
        "title": table.title,
        "ruleset": table.ruleset.name,
        # the system's own name, so a page's header says it from the first draw
        "ruleset_title": table.ruleset.title,
        # the version as this seat knows it: its newest visible event (an event kept from it moves nothing)
        "version": table.seen_version(viewer),
        "me": common.dump(seat) if shared is not None else seat.model_dump(mode="json"),
        "seats": common.seats,
        "config": common.config,
        "settings": common.settings,
        "view": table.seen_state(viewer),
        "panels": common.dump_all(table.seen_panels(viewer)),
        # the same list objects as last version while their items are (the feed skips them by identity)
        "prompts": common.json.frozen_list([d for _, d in common._dumped_prompts_for(seat)]),
        "legal": common.json.dump_list(table.legal_commands(seat.id)),
        "waiting": common.waiting,
        # may this seat download the whole table (the seats card's button)
        "may_export": may_export(table, seat),
    }
