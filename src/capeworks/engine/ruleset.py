"""The Ruleset contract: how a game system plugs into the engine.

A ruleset is pure: ``decide(state, context, name, command, dice) -> events``
and ``apply(state, event) -> state``. It never prints, stores or rolls by
itself. What a new ruleset provides:

* ``commands``: command name -> :class:`CommandSpec` (payload model, handler,
  who may issue it). The engine validates the payload, checks the authority
  (:class:`Authority`) and calls the handler: one dispatch style for all.
* ``events``: event type -> :class:`~capeworks.engine.EventData` model, every
  type named ``"<ruleset>.<event>"``; ``words``: event type -> a function
  that puts the event into words for one viewer (a :class:`Description`).
* ``prompts(state)``: the decisions waiting, each carrying its answering
  command; ``legal_commands(state, seat)``: what a seat may do now.
* ``controller(state, entity)``: who plays a character (for ``OWNER`` commands).

Every system (ours and third parties') registers through the same entry-point
group, ``capeworks.rulesets`` (see :mod:`capeworks.engine.registry`); its CLI
group and its front-end touch come through entry points of their own
(``capeworks.cli``, ``capeworks.web``), so nothing here imports either.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import (
    Command,
    Description,
    Event,
    EventData,
    LegalCommand,
    LegalPool,
    Panel,
    Prompt,
    Role,
    Seat,
    Viewer,
)
from capeworks.errors import NotPermitted

__all__ = [
    "Authority",
    "CommandSpec",
    "Context",
    "Controller",
    "MenuItem",
    "OfferMenu",
    "Ruleset",
    "SampleSession",
    "SampleStep",
    "Words",
    "declare_events",
    "prompt_commands",
]

S = TypeVar("S", bound=BaseModel)
C = TypeVar("C", bound=BaseModel)


class Authority(StrEnum):
    """Who may issue a command: part of the rules, checked by the engine.

    * ``GM``: only the game master (difficulties, enemies, rulings).
    * ``OWNER``: the seat that plays the entity named by the spec's
      ``owner_field`` (see :meth:`Ruleset.controller`), or the GM.
    * ``ANY``: any seat; the handler may narrow it (turn order, prompts).

    In a GM-less system (``has_gm = False``) ``GM`` commands are refused to all.
    """

    GM = "gm"
    OWNER = "owner"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class Context:
    """What ``decide`` knows beyond the game state: the seats and who is acting."""

    actor: Seat
    seats: tuple[Seat, ...]

    @property
    def is_gm(self) -> bool:
        """True when the acting seat is a GM seat."""
        return self.actor.role == Role.GM

    @property
    def player_seats(self) -> tuple[Seat, ...]:
        """The non-GM seats in the order they joined (the table's clockwise order)."""
        return tuple(s for s in self.seats if s.role != Role.GM)

    def require_gm(self, what: str) -> None:
        """Refuse unless the actor is a GM."""
        if not self.is_gm:
            raise NotPermitted(f"Only the GM can {what}.")


Handler = Callable[[Any, Context, Any, DiceService], list[Event]]
#: puts one event into words for one viewer: (typed payload, event, viewer) -> Description
Words = Callable[[Any, Event, Viewer], Description]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command of a ruleset: its payload model, handler and who may issue it.

    ``doing`` finishes the sentence "Only the GM can ..." in refusals
    (default: "use <name>"). ``owner_field`` names the payload field that
    holds the entity an ``OWNER`` command acts for. ``offer`` lists the
    fixed fields for each way ``seat`` may issue the command now (an empty
    list: not now); without it the command is offered to every seat its
    authority admits, with nothing fixed.
    """

    model: type[BaseModel]
    handler: Handler
    who: Authority = Authority.ANY
    doing: str = ""
    owner_field: str = "character"
    offer: Callable[[Any, Seat], list[dict[str, Any]]] | None = None

    @property
    def summary(self) -> str:
        """The first line of the payload model's docstring: what the command does."""
        doc = (self.model.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""


@dataclass(frozen=True, slots=True)
class Controller:
    """Who plays an entity: a seat id, or None when the GM does; and its name."""

    seat: str | None
    name: str


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


class Ruleset(ABC, Generic[S, C]):
    """Base class for a game system.

    Subclasses set the class attributes and implement ``initial_state`` and
    ``apply``. ``view`` must remove anything the viewer may not see; the
    default shows the whole state, right for systems with no secrets.
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
    commands: ClassVar[Mapping[str, CommandSpec]]
    #: event type -> payload model; every type is ``"<name>.<event>"``
    events: ClassVar[Mapping[str, type[EventData]]] = {}
    #: event type -> words for it (the ruleset's renderer)
    words: ClassVar[Mapping[str, Words]] = {}
    #: command name -> a short label a person reads in menus and buttons (the renderer's words)
    command_words: ClassVar[Mapping[str, str]] = {}
    #: True when a GM seat runs the game
    has_gm: ClassVar[bool] = True

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

        Receives every event, including the engine's own ``table.*`` events
        (seats joining); ignore those you do not need.
        """

    # -- deciding -------------------------------------------------------------------------------

    def decide(
        self, state: S, context: Context, name: str, command: BaseModel, dice: DiceService
    ) -> list[Event]:
        """Turn a validated command into events, or raise a CapeworksError.

        Checks the command's authority, then calls its handler.
        """
        spec = self.commands[name]
        self.authorize(state, context, name, spec, command)
        return spec.handler(state, context, command, dice)

    def authorize(self, state: S, context: Context, name: str, spec: CommandSpec, command: BaseModel) -> None:
        """Refuse a seat the command's :class:`Authority` does not admit."""
        who = self.authority(state, name, spec)
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

    def authority(self, state: S, name: str, spec: CommandSpec) -> Authority:
        """Who may issue ``name`` at this table now; override for config-dependent authority."""
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

    def legal_commands(self, state: S, seat: Seat) -> list[LegalCommand]:
        """The commands ``seat`` may issue now, with their fixed fields.

        The default offers every answer of the seat's open prompts, then each
        command whose ``offer`` (or, without one, whose authority) admits the
        seat. Rulesets with turn order narrow it.
        """
        answers = [c for p in self.prompts(state) if p.addressed_to(seat) for c in prompt_commands(p)]
        return self.offered_commands(state, seat, answers)

    def offered_commands(
        self, state: S, seat: Seat, answers: Sequence[LegalCommand], *, menu: OfferMenu | None = None
    ) -> list[LegalCommand]:
        """The default :meth:`legal_commands` given the seat's answers to its open prompts.

        A table fanning out to every seat finds the prompts and their answers
        once per version, not once per seat, and likewise ``menu``: this
        state's :class:`OfferMenu` (labels, authority, the commands offered
        alike to every seat of a role). Without it one is worked out here.
        """
        menu = menu if menu is not None else OfferMenu.of(self, state)
        out: list[LegalCommand] = list(answers)
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
        """The typed payload of one of this ruleset's events."""
        return self.events[event.type].model_validate(event.data)

    def describe(self, event: Event, viewer: Viewer) -> Description:
        """One of this ruleset's events in words, for ``viewer``."""
        words = self.words.get(event.type)
        if words is None:
            raise KeyError(f"{self.name} has no words for {event.type!r}")
        return words(self.payload(event), event, viewer)

    def sample_session(self) -> SampleSession | None:
        """A scripted session for the demo and the conformance tests."""
        return None


#: a command's offer: (state, seat) -> the fixed fields of each way the seat may issue it now
Offer = Callable[[Any, Seat], list[dict[str, Any]]]

#: a run of an :class:`OfferMenu`: commands offered as they are, then one whose offer is asked (or None)
MenuItem = tuple[tuple[LegalCommand, ...], str, str, Offer | None]


@dataclass(frozen=True, slots=True)
class OfferMenu:
    """What :meth:`Ruleset.offered_commands` works out alike for every seat at one state.

    For each role, in the order of ``Ruleset.commands``: each command offered by
    its authority alone, as the legal command itself (one object for every seat);
    each command with an ``offer``, as its name, label and offer, asked per seat.
    ``pool`` builds the legal commands (a table keeps one between versions).
    """

    gm: tuple[MenuItem, ...]
    players: tuple[MenuItem, ...]
    pool: LegalPool

    @classmethod
    def of(cls, ruleset: Ruleset[Any, Any], state: Any, *, pool: LegalPool | None = None) -> OfferMenu:
        """The menu of ``ruleset`` at ``state``."""
        pool = pool if pool is not None else LegalPool()
        gm: list[MenuItem] = []
        players: list[MenuItem] = []
        gm_run: list[LegalCommand] = []
        players_run: list[LegalCommand] = []
        for name, spec in ruleset.commands.items():
            label = ruleset.command_label(name)
            if spec.offer is not None:
                gm.append((tuple(gm_run), name, label, spec.offer))
                players.append((tuple(players_run), name, label, spec.offer))
                gm_run, players_run = [], []
                continue
            plain = pool.get(name, label)
            if ruleset.authority(state, name, spec) is not Authority.GM:
                players_run.append(plain)
                gm_run.append(plain)
            elif ruleset.has_gm:
                gm_run.append(plain)
        gm.append((tuple(gm_run), "", "", None))
        players.append((tuple(players_run), "", "", None))
        return cls(gm=tuple(gm), players=tuple(players), pool=pool)


def prompt_commands(prompt: Prompt, *, pool: LegalPool | None = None) -> list[LegalCommand]:
    """The commands that answer ``prompt``: one per option, and the free answer's.

    ``pool``: where a table keeps the legal commands it built at its last version.
    """
    return (pool if pool is not None else LegalPool()).answers(prompt)
