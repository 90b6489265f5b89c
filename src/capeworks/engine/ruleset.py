"""The Ruleset contract (v3): how a game system plugs into the engine.

A ruleset is pure: a command's handler turns it into events and ``apply(state,
event) -> state`` folds one event in. It never prints, stores or rolls by
itself. What a new ruleset provides:

* ``commands``: command name -> :class:`CommandSpec` (payload model, handler,
  who may issue it, ``prompt_only``). The engine validates the payload, checks
  the authority (:class:`Authority`) and calls the handler with a
  :class:`Context` (``ctx.config`` is the table's rules config). A handler
  returns ``ctx.batch(state)`` after ``emit``-ting typed payloads (folded as it
  goes; the table commits that state) or a list of events.
* ``events``: event type -> :class:`~capeworks.engine.EventData` model (from
  :func:`declare_events`; the type names come from the ruleset's family base),
  ``words``: event type -> the words for it, ``command_words``: command -> its
  menu label. A missing part (an event or command without words, an event of
  another ruleset) fails when the ruleset class is created.
* ``apply(state, event)``: ``event.payload`` is the typed payload, never a raw
  dictionary; ``prompts(state)``; ``legal_commands(state, seat, offers)``.
* ``controller(state, entity)``: who plays a character (for ``OWNER`` commands).

Every system (ours and third parties') registers through the same entry-point
group, ``capeworks.rulesets`` (see :mod:`capeworks.engine.registry`); its CLI
group and its front-end touch come through entry points of their own
(``capeworks.cli``, ``capeworks.web``), so nothing here imports either.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic

from pydantic import BaseModel, ValidationError
from typing_extensions import TypeVar

from capeworks.engine.batch import Batch
from capeworks.engine.dice_service import DiceService
from capeworks.engine.direct_reads import read_directly
from capeworks.engine.event import Event, EventData
from capeworks.engine.model import Command, Description, LegalCommand, Panel, Prompt, Role, Seat, Viewer
from capeworks.engine.offers import MenuItem, Offer, OfferMenu, Offers, prompt_commands
from capeworks.engine.spec import Authority, CommandSpec, Context, Controller, Handler, Outcome
from capeworks.engine.table_events import ENGINE_EVENTS
from capeworks.engine.upcast import Upcaster, unreadable, upcast
from capeworks.errors import NotPermitted, UnreadableEvent

__all__ = [
    "Authority",
    "Batch",
    "CommandSpec",
    "Context",
    "Controller",
    "Handler",
    "MenuItem",
    "Offer",
    "OfferMenu",
    "Offers",
    "Outcome",
    "Ruleset",
    "SampleSession",
    "SampleStep",
    "Words",
    "declare_events",
    "prompt_commands",
]

S = TypeVar("S", bound=BaseModel, default=Any)
C = TypeVar("C", bound=BaseModel, default=Any)


#: puts one event into words for one viewer: (typed payload, event, viewer) -> Description
Words = Callable[[Any, Event, Viewer], Description]


def declare_events(*models: type[EventData]) -> dict[str, type[EventData]]:
    """``Ruleset.events`` from payload models: their ``TYPE`` -> the model."""
    out: dict[str, type[EventData]] = {}
    for model in models:
        if model.TYPE in out:
            raise ValueError(f"event type {model.TYPE!r} declared twice")
        out[model.TYPE] = model
    return out


@dataclass(frozen=True, slots=True)
class SampleStep:
    """One command of a scripted session, with physical dice if it rolls.

    ``rule`` says, on a step of :attr:`SampleSession.refused`, what must refuse
    it: the rule ID a :class:`~capeworks.errors.RuleViolation` names, or the
    code of any other refusal (``not_permitted``, ``invalid_command``,
    ``not_found``, ``dice_value``...).
    """

    command: Command
    dice: tuple[int, ...] | None = None
    rule: str = ""


@dataclass(frozen=True, slots=True)
class SampleSession:
    """A short scripted session: used by the demo and the conformance tests.

    ``refused`` are commands that must be refused once ``steps`` have run.
    ``secret_marker`` is a string that appears in the GM's view but must not
    appear in the listed player's view (visibility check); empty if none.
    """

    config: Mapping[str, Any]
    seats: tuple[Seat, ...]
    steps: tuple[SampleStep, ...]
    refused: tuple[SampleStep, ...] = ()
    secret_marker: str = ""
    secret_hidden_from: str = ""
    notes: tuple[str, ...] = field(default=())


def _declared(cls: type[Ruleset[Any, Any]]) -> None:
    """Refuse a ruleset whose commands, events and words do not match (at class creation)."""
    name = cls.name
    faults: list[str] = []
    for kind, model in cls.events.items():
        if not kind.startswith(name + "."):
            faults.append(f"event {kind!r} is not named {name}.<event>")
        if getattr(model, "TYPE", None) != kind:
            faults.append(f"event {kind!r} is declared with the payload of {getattr(model, 'TYPE', '?')!r}")
    faults += [f"event {k!r} has no words" for k in cls.events if k not in cls.words]
    faults += [f"words for {k!r}, which is no event of {name}" for k in cls.words if k not in cls.events]
    faults += [
        f"command {k!r} has no words (command_words)" for k in cls.commands if k not in cls.command_words
    ]
    faults += [
        f"command_words for {k!r}, which is no command" for k in cls.command_words if k not in cls.commands
    ]
    if faults:
        raise TypeError(f"ruleset {name!r} is not declared whole: " + "; ".join(faults) + ".")


class Ruleset(ABC, Generic[S, C]):
    """Base class for a game system.

    Subclasses set the class attributes and implement ``initial_state`` and
    ``apply``. ``view`` must remove anything the viewer may not see; the
    default shows the whole state, right for systems with no secrets.
    A subclass that sets ``name`` is checked whole when it is created: every
    event and every command has its words (see :func:`_declared`).
    """

    #: registry key, e.g. ``"rwyn"``; also the prefix of every event type
    name: ClassVar[str]
    #: human title, e.g. ``"Roll When You Need"``
    title: ClassVar[str]
    #: pydantic model of the [PARAM] values and optional rules
    config_model: ClassVar[type[BaseModel]]
    #: pydantic model of the game state
    state_model: ClassVar[type[BaseModel]]
    #: command name -> spec (payload model, handler, authority)
    commands: ClassVar[Mapping[str, CommandSpec[Any, Any, Any]]]
    #: event type -> payload model; every type is ``"<name>.<event>"``
    events: ClassVar[Mapping[str, type[EventData]]] = {}
    #: (event type, version) -> its data at that version turned into data at the next (see engine.upcast)
    upcasters: ClassVar[Mapping[tuple[str, int], Upcaster]] = {}
    #: event type -> words for it (the ruleset's renderer)
    words: ClassVar[Mapping[str, Words]] = {}
    #: command name -> a short label a person reads in menus and buttons (the renderer's words)
    command_words: ClassVar[Mapping[str, str]] = {}
    #: True when a GM seat runs the game
    has_gm: ClassVar[bool] = True
    #: True when some seat may not see all of a table (the GM's secrets, a seat's own): the export, every
    #: event whole, is then the GM's alone. False only where every seat sees everything (Capes): any seat
    #: may then download the table
    has_secrets: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            _declared(cls)
            # its models are all defined by now: their fields read without pydantic's hook
            read_directly()

    def parse_config(self, raw: Mapping[str, Any] | None) -> C:
        """Validate a raw config mapping (defaults for anything missing)."""
        model = self.config_model.model_validate(dict(raw or {}))
        return model  # type: ignore[return-value]

    @abstractmethod
    def initial_state(self, config: C) -> S:
        """The state of a new table with this config."""

    @abstractmethod
    def apply(self, state: S, event: Event) -> S:
        """Fold one event into the state; must not mutate ``state``.

        ``event.payload`` is the typed payload (the table parses an event read
        from JSON before folding it). Receives every event that changes the
        game, including the engine's ``table.seat_joined`` (a
        :class:`~capeworks.engine.table_events.SeatJoined`); ignore what you do
        not need. Must not read ``seq`` or ``command_id`` to decide anything
        (a batch folds its events as they are made, a replay from the log).
        """

    # -- deciding -------------------------------------------------------------------------------

    def run(
        self, state: S, context: Context[C], name: str, command: BaseModel, dice: DiceService
    ) -> Batch[S]:
        """Turn a validated command into a batch: its stamped events and the state they fold to.

        Checks the command's authority, calls its handler, folds the events of a
        handler that returned a list (once), then lets :meth:`settle` add what
        follows from the new state.
        """
        spec = self.commands[name]
        self.authorize(state, context, name, spec, command)
        out = spec.handler(state, context, command, dice)
        if isinstance(out, Batch):
            batch: Batch[S] = out
            if not batch.stamped_in_order():
                # events of several batches: stamp them in order and fold from the start
                batch = context.batch(state)
                for event in out.events:
                    batch.add(event)
        else:
            batch = context.batch(state)
            for event in out:
                batch.add(event)
        return self.settle(state, batch, context)

    def settle(self, before: S, batch: Batch[S], context: Context[C]) -> Batch[S]:
        """The batch to commit, given the one a command's handler made; the default is that one.

        A ruleset adds events that follow from where the command led (Capes: a new
        Page begun) with ``batch.emit``, or returns another batch made with
        ``context.batch(before)``. ``before`` is the state the command started from.
        """
        return batch

    def decide(
        self, state: S, context: Context[C], name: str, command: BaseModel, dice: DiceService
    ) -> list[Event]:
        """The events a validated command makes (see :meth:`run`)."""
        return self.run(state, context, name, command, dice).events

    def authorize(
        self, state: S, context: Context[C], name: str, spec: CommandSpec[Any, Any, Any], command: BaseModel
    ) -> None:
        """Refuse a seat the command's :class:`Authority` does not admit."""
        who = self.authority(context.config, name, spec)
        if who is Authority.ANY:
            return
        doing = spec.doing or f"use {name}"
        if who is Authority.GM:
            if not (self.has_gm and context.is_gm):
                raise NotPermitted(
                    f"Only the GM can {doing}." if self.has_gm else f"Nobody can {doing} here."
                )
            return
        entity = getattr(command, spec.owner_field, None)
        if not isinstance(entity, str) or context.is_gm:
            return
        controller = self.controller(state, entity)
        if controller.seat is None:
            raise NotPermitted(f"Only the GM acts for {controller.name}.")
        if controller.seat != context.actor.id:
            raise NotPermitted(
                f"You can only act for your own characters; {controller.name} is played by another seat."
            )

    def authority(self, config: C, name: str, spec: CommandSpec[Any, Any, Any]) -> Authority:
        """Who may issue ``name`` at a table with this rules config; override for optional rules.

        A function of the config alone, so a table works out its menu once.
        """
        return spec.who

    def controller(self, state: S, entity: str) -> Controller:
        """Who plays ``entity`` (a character id); raise NotFound when there is none.

        Needed by rulesets with ``OWNER`` commands.
        """
        raise NotImplementedError(f"{self.name} has OWNER commands but no controller()")

    # -- reading --------------------------------------------------------------------------------

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see of the state, as JSON-ready data."""
        return state.model_dump(mode="json")

    def view_key(self, state: S, viewer: Viewer) -> Hashable:
        """Viewers with equal keys get the same :meth:`view` and :meth:`panels` of ``state``, and
        the same words for every event both may see.

        A table sends every change to every seat; with a key, the view, panels
        and log lines are worked out once per key instead of once per seat. The
        default keeps every seat apart, which is always safe. A ruleset whose
        players see alike returns ``viewer.is_gm``. A key that merges viewers who
        see differently would show one seat what another may see: the
        conformance check ``check_view_key`` plays the sample session and
        compares every pair of viewers that share a key.
        """
        return (viewer.is_gm, viewer.seat)

    def prompts(self, state: S) -> list[Prompt]:
        """Decisions currently waiting for an answer, each carrying its answering command."""
        return []

    def legal_commands(self, state: S, seat: Seat, offers: Offers) -> list[LegalCommand]:
        """The commands ``seat`` may issue now, with their fixed fields.

        ``offers`` holds what every seat shares at this version, worked out once
        (the answers to the open prompts, the menu). The default offers the
        seat's answers, then each command whose ``offer`` (or, without one,
        whose authority) admits the seat. Rulesets with turn order narrow it.
        """
        return self.offered_commands(state, seat, offers.answers(seat), offers.menu)

    def offered_commands(
        self, state: S, seat: Seat, answers: list[LegalCommand], menu: OfferMenu
    ) -> list[LegalCommand]:
        """``answers`` (extended in place and returned), then what ``menu`` offers ``seat`` at ``state``."""
        out = answers
        fixed = menu.pool.fixed
        for plain, name, label, offer in menu.gm if seat.role is Role.GM else menu.players:
            if plain:
                out.extend(plain)
            if offer is not None and (offered := offer(state, seat)):
                out.extend(fixed(name, label, offered))
        return out

    def command_label(self, name: str) -> str:
        """The words for a command in a menu: the renderer's, else its payload model's first line."""
        return self.command_words.get(name) or self.commands[name].summary

    def panels(self, state: S, viewer: Viewer) -> list[Panel]:
        """The state drawn for ``viewer`` as tables of plain text (sheets, trackers, cards).

        Must show nothing the viewer may not see; the default draws nothing
        and edges fall back to the raw view.
        """
        return []

    def payload(self, event: Event) -> EventData:
        """The typed payload of one of this ruleset's events (or the engine's), parsed once.

        An event made in this process carries its payload; one read from JSON is
        upcast to its type's current version (:mod:`capeworks.engine.upcast`), parsed
        here the first time, and keeps the result. The one place a log's JSON becomes
        payloads: an event this release cannot read raises UnreadableEvent, naming it.
        """
        if event.parsed:
            return event.payload
        model = (
            ENGINE_EVENTS.get(event.type) if event.type.startswith("table.") else self.events.get(event.type)
        )
        if model is None:
            raise UnreadableEvent(
                seq=event.seq,
                type=event.type,
                version=event.version,
                problem=f"this release of {self.title} has no such event, perhaps one a newer release wrote",
            )
        current = upcast(self, event)
        try:
            return event.attach(model.model_validate(current.data))
        except ValidationError as e:
            raise unreadable(event, e) from None

    def for_words(self, state: S, event: Event) -> Event:
        """``event`` as its words read it at a table now in ``state``: itself, unless the ruleset fills in
        for a log an older release wrote (say, names its events did not yet carry). Words only: the
        fold and the stored event are untouched."""
        return event

    def describe(self, event: Event, viewer: Viewer) -> Description:
        """One of this ruleset's events in words, for ``viewer``."""
        words = self.words.get(event.type)
        if words is None:
            raise KeyError(f"{self.name} has no words for {event.type!r}")
        return words(self.payload(event), event, viewer)

    def sample_session(self) -> SampleSession | None:
        """A scripted session for the demo and the conformance tests."""
        return None
