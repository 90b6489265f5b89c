"""Events: a typed payload in the process, JSON only at the store and the wire.

A ruleset's payloads subclass :class:`EventData`. A family base names the
ruleset once (``class RwynEvent(EventData, ruleset="rwyn")``) and every
event below it gets its type from its class name in snake case
(``CheckRolled`` -> ``"rwyn.check_rolled"``); ``name="gm_note"`` keeps an older
spelling, ``abstract=True`` marks a base that is not an event itself.

An :class:`Event` carries its payload object. The engine folds that object as
it is: nothing is dumped to JSON or validated back on the way from a handler
to ``apply``. ``event.data`` (the JSON form) is made the first time someone
asks, the store or a wire, and kept. An event read from JSON keeps the
dictionary as read (so it is stored and hashed byte for byte as before) and
its payload is parsed once, by its ruleset (:meth:`capeworks.engine.Ruleset.payload`),
the first time it is folded or put into words.

The stored form is unchanged from contract v2: ``{"type", "data",
"audience", "rolls", "seat", "seq", "command_id"}``, in that order, and then
``"version"``, the schema version ``data`` was written at, only when above 1
(so a log written before versions existed reads and hashes as it was written).
The payload's ``VERSION`` is its type's current version; an event read at an
older one is upcast when its payload is parsed (:mod:`capeworks.engine.upcast`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

from capeworks.engine.audience import Audience, RollRecord

__all__ = ["Event", "EventData", "EventRecord", "Later", "event_name"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def event_name(class_name: str) -> str:
    """``CheckRolled`` -> ``check_rolled``: an event's name from its payload class."""
    return _CAMEL.sub("_", class_name).lower()


class EventData(BaseModel):
    """Base of a ruleset's typed event payloads; ``TYPE`` is the event's name, ``"<ruleset>.<event>"``.

    Declare a family base once per ruleset, ``class MyEvent(EventData, ruleset="mine")``;
    each subclass is then the event ``"mine.<snake_case class name>"`` unless it says
    ``name="..."`` (an older spelling) or ``abstract=True`` (a base of other events).
    Setting ``TYPE`` by hand still works (contract v2) for rulesets not yet moved.

    Each payload class builds its validator when first used (``defer_build``), not at import: a
    process builds only the events it reads or writes (``capeworks table do`` a handful of a
    ruleset's 30-45). Payloads are never part of a snapshot's fingerprint (that is the state's and
    config's schemas, which stay built at import), so the order in which they are built is moot.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    TYPE: ClassVar[str]
    #: the schema version: bump it when the fields change, with an upcaster from the old one
    VERSION: ClassVar[int] = 1
    #: the ruleset this payload belongs to (set by the family base)
    RULESET: ClassVar[str] = ""

    def __init_subclass__(
        cls, *, ruleset: str | None = None, name: str | None = None, abstract: bool = False, **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        if ruleset is not None:
            # the family base: names the ruleset, is no event itself
            cls.RULESET = ruleset
            return
        if "TYPE" in cls.__dict__ or abstract or not cls.RULESET:
            # a v2 payload (TYPE by hand, or a base of such): its ruleset's declaration checks it
            return
        cls.TYPE = f"{cls.RULESET}.{name or event_name(cls.__name__)}"


class EventRecord(BaseModel):
    """An event as stored and sent: what :meth:`Event.model_validate` checks JSON against."""

    model_config = _FROZEN

    type: str
    data: dict[str, Any] = Field(default_factory=dict)
    audience: Audience = Field(default_factory=Audience)
    rolls: tuple[RollRecord, ...] = ()
    seat: str | None = None
    seq: int = 0
    command_id: int = 0
    version: int = Field(default=1, ge=1)


_EVERYONE = Audience()


class Later:
    """A payload worked out the first time it is read, once for every copy of its event.

    A ruleset whose events record facts (what changed) rather than the new values its rule made
    may fold the new values at once and leave the facts until the event is stored, sent or put
    into words: a lab run that keeps none of them never works them out (:meth:`Batch.emit_later`).
    ``make`` must be a function of values that never change (the state before the event, the rule's
    new values), so the payload is the same whenever it is made.
    """

    __slots__ = ("_made", "_make")

    def __init__(self, make: Callable[[], EventData]) -> None:
        self._make: Callable[[], EventData] | None = make
        self._made: EventData | None = None

    def made(self) -> EventData:
        made = self._made
        if made is None:
            assert self._make is not None
            made, self._make = self._make(), None  # the values it closed over are let go
            self._made = made
        return made


class Event:
    """Something that happened; the only thing state is folded from.

    ``payload`` is the typed :class:`EventData` (made by a handler, when first read
    if the handler left it :class:`Later`, or parsed once from ``data`` by the
    ruleset); ``data`` its JSON form, made once when first asked for. ``seq``,
    ``command_id`` and ``seat`` are stamped by the table.
    Events are values: never change one (attributes are not guarded, for speed);
    :meth:`stamped` and :meth:`model_copy` make changed copies. ``data`` is shared:
    do not change the dictionary either.
    """

    __slots__ = ("_data", "_payload", "audience", "command_id", "rolls", "seat", "seq", "type", "version")

    type: str
    _payload: EventData | Later | None
    audience: Audience
    rolls: tuple[RollRecord, ...]
    seat: str | None
    seq: int
    command_id: int
    #: the schema version ``data`` was written at (the payload's VERSION for an event made here)
    version: int

    def __init__(
        self,
        type: str,
        data: Mapping[str, Any] | None = None,
        *,
        payload: EventData | None = None,
        audience: Audience | None = None,
        rolls: tuple[RollRecord, ...] = (),
        seat: str | None = None,
        seq: int = 0,
        command_id: int = 0,
        version: int | None = None,
    ) -> None:
        self.type = type
        self._payload = payload
        self._data: dict[str, Any] | None = (
            dict(data) if data is not None else ({} if payload is None else None)
        )
        self.audience = audience if audience is not None else _EVERYONE
        self.rolls = tuple(rolls)
        self.seat = seat
        self.seq = seq
        self.command_id = command_id
        self.version = version if version is not None else (payload.VERSION if payload is not None else 1)

    @classmethod
    def of(
        cls,
        payload: EventData,
        *,
        audience: Audience | None = None,
        rolls: tuple[RollRecord, ...] = (),
    ) -> Event:
        """A log event carrying a typed payload (its JSON is made only when asked for)."""
        return cls(payload.TYPE, payload=payload, audience=audience, rolls=rolls)

    # -- the payload and its JSON ---------------------------------------------------------------

    @property
    def data(self) -> dict[str, Any]:
        """The payload as JSON-ready data: as read, or dumped once from the typed payload."""
        data = self._data
        if data is None:
            data = self._data = self.payload.model_dump(mode="json")
        return data

    @property
    def payload(self) -> EventData:
        """The typed payload. An event read from JSON has one once its ruleset has read it
        (the table does so before folding; :meth:`capeworks.engine.Ruleset.payload` does it on demand)."""
        payload = self._payload
        if isinstance(payload, Later):
            payload = self._payload = payload.made()
        elif payload is None:
            raise LookupError(
                f"event {self.seq} ({self.type}) was read from JSON and not yet parsed: "
                "ask its ruleset (Ruleset.payload)"
            )
        return payload

    @property
    def parsed(self) -> bool:
        """True when the typed payload is at hand."""
        return self._payload is not None

    def attach(self, payload: EventData) -> EventData:
        """Keep the payload parsed from ``data`` (by the ruleset, once); returns it.

        Parsing is a function of ``data``, so keeping its result changes nothing seen.
        """
        self._payload = payload
        return payload

    # -- copies ----------------------------------------------------------------------------------

    def stamped(self, seq: int, command_id: int, seat: str | None) -> Event:
        """This event logged at ``seq`` for command ``command_id`` by ``seat`` (payload, JSON shared)."""
        out = Event.__new__(Event)
        out.type = self.type
        out._payload = self._payload
        out._data = self._data
        out.audience = self.audience
        out.rolls = self.rolls
        out.seat = seat
        out.seq = seq
        out.command_id = command_id
        out.version = self.version
        return out

    def model_copy(self, *, update: Mapping[str, Any] | None = None) -> Event:
        """A copy with some fields changed; a new ``data`` (or ``type``) drops the typed payload."""
        out = self.stamped(self.seq, self.command_id, self.seat)
        for key, value in (update or {}).items():
            if key == "data":
                out._data, out._payload = dict(value), None
            elif key == "payload":
                out._payload, out._data = value, None
            elif key in ("type", "audience", "rolls", "seat", "seq", "command_id", "version"):
                setattr(out, key, tuple(value) if key == "rolls" else value)
                if key == "type":
                    out._payload = None
            else:
                raise KeyError(f"an event has no field {key!r}")
        return out

    # -- JSON ------------------------------------------------------------------------------------

    def model_dump(self, *, mode: str = "json") -> dict[str, Any]:
        """The event as stored and sent (JSON-ready in either mode; ``data`` is shared, not copied).

        ``version`` only above 1: a version 1 event is stored as before versions existed.
        """
        out = {
            "type": self.type,
            "data": self.data,
            "audience": {"everyone": self.audience.everyone, "seats": list(self.audience.seats)},
            "rolls": [
                {"purpose": r.purpose, "sides": r.sides, "faces": list(r.faces), "given": r.given}
                for r in self.rolls
            ],
            "seat": self.seat,
            "seq": self.seq,
            "command_id": self.command_id,
        }
        if self.version != 1:
            out["version"] = self.version
        return out

    def model_dump_json(self) -> str:
        """The stored form as compact JSON text."""
        return json.dumps(self.model_dump(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def model_validate(cls, obj: Any) -> Event:
        """An event from its stored form (pydantic's ValidationError when it is not one)."""
        if isinstance(obj, Event):
            return obj
        return cls.from_record(EventRecord.model_validate(obj))

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Event:
        """An event from stored JSON text."""
        return cls.from_record(EventRecord.model_validate_json(text))

    @classmethod
    def from_record(cls, record: EventRecord) -> Event:
        """The event a validated record describes (its payload parsed later, by its ruleset)."""
        out = Event.__new__(Event)
        out.type = record.type
        out._payload = None
        out._data = record.data
        out.audience = record.audience
        out.rolls = record.rolls
        out.seat = record.seat
        out.seq = record.seq
        out.command_id = record.command_id
        out.version = record.version
        return out

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """As a field of a pydantic model: read like a record, written in the stored form."""
        from_record = core_schema.no_info_after_validator_function(cls.from_record, handler(EventRecord))
        return core_schema.json_or_python_schema(
            json_schema=from_record,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_record]),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda e: e.model_dump()),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(EventRecord.__pydantic_core_schema__)

    # -- values ----------------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self.type,
            self.data,
            self.audience,
            self.rolls,
            self.seat,
            self.seq,
            self.command_id,
            self.version,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self is other or self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Event(type={self.type!r}, seq={self.seq}, command_id={self.command_id}, "
            f"seat={self.seat!r}, data={self.data!r})"
        )

    def __getstate__(self) -> tuple[Any, ...]:
        # the stored fields are what an event is: equality and pickling read the same tuple
        return self._key()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (
            self.type,
            self._data,
            self.audience,
            self.rolls,
            self.seat,
            self.seq,
            self.command_id,
            self.version,
        ) = state
        self._payload = None
