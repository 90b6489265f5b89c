"""A ruleset's commands: who may issue them, what a handler knows, what it gives back.

A :class:`CommandSpec` ties a command's payload model to its handler and its
:class:`Authority`; it is generic over the state ``S``, the payload ``P`` and
the rules config ``C``, so a handler's signature is checked against its model.
A handler gets ``(state, ctx, command, dice)``: ``ctx`` is a :class:`Context`
holding the acting seat, the seats and the table's config (``ctx.config``). It
returns the batch it built with ``ctx.batch(state)`` (the events already folded)
or a list of events (the table folds them once, in prepare).

A ruleset writes its table of commands as a ``dict[str, CommandOf[S, C]]`` and
passes it through :func:`command_table`: written there, each entry's handler is
checked against that entry's own payload model (written in a
``dict[str, CommandSpec[S, Any, C]]``, every handler would be checked against ``Any``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic

from pydantic import BaseModel
from typing_extensions import TypeVar

from capeworks.engine.batch import Batch
from capeworks.engine.dice_service import DiceService
from capeworks.engine.event import Event
from capeworks.engine.model import Role, Seat
from capeworks.errors import NotPermitted

__all__ = [
    "Authority",
    "CommandOf",
    "CommandSpec",
    "Context",
    "Controller",
    "Handler",
    "Outcome",
    "command_table",
]

S = TypeVar("S", default=Any)
P = TypeVar("P", bound=BaseModel, default=Any)
C = TypeVar("C", default=Any)


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


def _no_fold(state: Any, event: Event) -> Any:
    raise RuntimeError("this context belongs to no table: it cannot fold (make it with Context.at)")


@dataclass(frozen=True, slots=True)
class Context(Generic[C]):
    """What a handler knows beyond the game state: who acts, the seats, the table's rules config.

    ``batch(state)`` starts the command's :class:`Batch`, its events stamped for
    this table (``first_seq``, ``command_id``) and folded by the ruleset's ``apply``.
    """

    actor: Seat
    seats: tuple[Seat, ...]
    config: C = None  # type: ignore[assignment]
    fold: Callable[[Any, Event], Any] = _no_fold
    first_seq: int = 1
    command_id: int = 0

    @classmethod
    def at(
        cls,
        actor: Seat,
        seats: tuple[Seat, ...],
        config: C,
        fold: Callable[[Any, Event], Any],
        first_seq: int,
        command_id: int,
    ) -> Context[C]:
        """A table's context for one command: what ``Context(...)`` makes, its slots set straight
        (a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and a
        table makes one context per command)."""
        context = _new(cls)
        _SET_ACTOR(context, actor)
        _SET_SEATS(context, seats)
        _SET_CONFIG(context, config)
        _SET_FOLD(context, fold)
        _SET_FIRST_SEQ(context, first_seq)
        _SET_COMMAND_ID(context, command_id)
        return context

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

    def batch(self, state: S) -> Batch[S]:
        """This command's events, folded as they are made, starting from ``state``."""
        return Batch(
            state, self.fold, first_seq=self.first_seq, command_id=self.command_id, seat=self.actor.id
        )


_new = object.__new__
_SET_ACTOR = Context.__dict__["actor"].__set__
_SET_SEATS = Context.__dict__["seats"].__set__
_SET_CONFIG = Context.__dict__["config"].__set__
_SET_FOLD = Context.__dict__["fold"].__set__
_SET_FIRST_SEQ = Context.__dict__["first_seq"].__set__
_SET_COMMAND_ID = Context.__dict__["command_id"].__set__


#: what a handler gives back: its batch (events folded) or the events (folded by the table)
Outcome = Batch[S] | Sequence[Event]

#: a command's handler: (state, context, validated payload, dice) -> its outcome
Handler = Callable[[S, Context[C], P, DiceService], Outcome[S]]


class CommandOf(Generic[S, C]):
    """A :class:`CommandSpec` seen without its payload type: what :func:`command_table` takes.

    It names no payload type on purpose: a spec written where a ``CommandOf[S, C]``
    is expected has its payload type inferred from its own model, so its handler
    is checked against that model, where ``CommandSpec[S, Any, C]`` would admit any.
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class CommandSpec(CommandOf[S, C], Generic[S, P, C]):
    """One command of a ruleset: its payload model, handler and who may issue it.

    ``doing`` finishes the sentence "Only the GM can ..." in refusals
    (default: "use <name>"). ``owner_field`` names the payload field that
    holds the entity an ``OWNER`` command acts for. ``offer`` lists the
    fixed fields for each way ``seat`` may issue the command now (an empty
    list: not now); without it the command is offered to every seat its
    authority admits, with nothing fixed. ``prompt_only``: issued only as the
    answer to a prompt (which offers it), never on a menu of its own.
    """

    model: type[P]
    handler: Callable[[S, Context[C], P, DiceService], Outcome[S]]
    who: Authority = Authority.ANY
    doing: str = ""
    owner_field: str = "character"
    offer: Callable[[S, Seat], list[dict[str, Any]]] | None = None
    prompt_only: bool = False

    def __post_init__(self) -> None:
        if self.prompt_only and self.offer is not None:
            raise TypeError(f"{self.model.__name__}: a prompt-only command has no offer of its own")

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


def command_table(specs: Mapping[str, CommandOf[S, C]]) -> dict[str, CommandSpec[S, Any, C]]:
    """A ruleset's commands as the engine reads them, from a table whose entries the type checker checked.

    ``SPECS: dict[str, CommandOf[MyState, MyConfig]] = {"roll": CommandSpec(Roll, roll, ...)}``
    then ``COMMANDS = command_table(SPECS)``: ``roll`` must take a ``Roll``.
    """
    table: dict[str, CommandSpec[S, Any, C]] = {}
    for name, spec in specs.items():
        if not isinstance(spec, CommandSpec):
            raise TypeError(f"command {name!r}: {spec!r} is not a CommandSpec")
        table[name] = spec
    return table
