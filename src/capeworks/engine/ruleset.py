"""The Ruleset protocol: how a game system plugs into the engine.

A ruleset is pure: ``decide(state, context, command, dice) -> events`` and
``apply(state, event) -> state``. It never prints, stores or rolls by itself.
Every system (ours and third parties') registers through the same entry-point
group, ``capeworks.rulesets`` (see :mod:`capeworks.engine.registry`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import Command, Event, Prompt, Seat, Viewer
from capeworks.errors import NotPermitted

__all__ = ["Context", "Ruleset", "SampleSession", "SampleStep"]

S = TypeVar("S", bound=BaseModel)
C = TypeVar("C", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Context:
    """What ``decide`` knows beyond the game state: the seats and who is acting."""

    actor: Seat
    seats: tuple[Seat, ...]

    @property
    def is_gm(self) -> bool:
        """True when the acting seat is a GM seat."""
        return self.actor.role == "gm"

    @property
    def player_seats(self) -> tuple[Seat, ...]:
        """The non-GM seats in the order they joined (the table's clockwise order)."""
        return tuple(s for s in self.seats if s.role != "gm")

    def require_gm(self, what: str) -> None:
        """Refuse unless the actor is a GM."""
        if not self.is_gm:
            raise NotPermitted(f"Only the GM can {what}.")


@dataclass(frozen=True, slots=True)
class SampleStep:
    """One command of a scripted session, with physical dice if it rolls."""

    command: Command
    dice: tuple[int, ...] | None = None


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

    Subclasses set the class attributes and implement ``initial_state``,
    ``decide`` and ``apply``. ``view`` must remove anything the viewer may not
    see; the default shows the whole state, right for systems with no secrets.
    """

    #: registry key, e.g. ``"rwyn"``
    name: ClassVar[str]
    #: human title, e.g. ``"Roll When You Need"``
    title: ClassVar[str]
    #: pydantic model of the [PARAM] values and optional rules
    config_model: ClassVar[type[BaseModel]]
    #: pydantic model of the game state
    state_model: ClassVar[type[BaseModel]]
    #: command type -> pydantic payload model
    commands: ClassVar[Mapping[str, type[BaseModel]]]
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
    def decide(self, state: S, context: Context, command: BaseModel, dice: DiceService) -> list[Event]:
        """Turn a validated command into events, or raise a CapeworksError."""

    @abstractmethod
    def apply(self, state: S, event: Event) -> S:
        """Fold one event into the state; must not mutate ``state``.

        Receives every event, including the engine's own ``table.*`` events
        (seats joining); ignore those you do not need.
        """

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see of the state, as JSON-ready data."""
        return state.model_dump(mode="json")

    def prompts(self, state: S) -> list[Prompt]:
        """Decisions currently waiting for an answer."""
        return []

    def describe(self, event: Event) -> str:
        """One line of words for an event, for logs and the CLI."""
        return event.type

    def sample_session(self) -> SampleSession | None:
        """A scripted session for the demo and the conformance tests."""
        return None
