"""The undo policy (TABLE-UNDO) and its words: who may take back what, and the GM's prompt to allow it.

At a table with a GM only the GM undoes; a player's ``undo`` becomes a request
the GM allows or refuses (``refuse_undo``), so dice once seen stand unless the
GM says otherwise. Without a GM a player may undo only their own latest
command, and only if it rolled no dice. These functions decide from what a
table tells them; they build no state of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from capeworks.engine.audience import Audience
from capeworks.engine.event import Event
from capeworks.engine.model import Prompt, PromptOption, Role, Seat
from capeworks.engine.table_events import Reverted, UndoRefused, UndoRequested
from capeworks.errors import CapeworksError, NotFound, NotPermitted, RuleViolation

__all__ = [
    "ASK_UNDO",
    "UNDO",
    "Refusal",
    "refusal_event",
    "request_event",
    "requested",
    "revert_event",
    "undo_prompts",
    "undo_target",
]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an undo is refused (TABLE-UNDO), made into an error only when it is raised."""

    message: str
    #: the seat may not (NotPermitted) rather than the rules forbid it now (RuleViolation)
    not_permitted: bool = False

    def error(self) -> CapeworksError:
        """The error to raise, with the same sentence."""
        return NotPermitted(self.message) if self.not_permitted else RuleViolation("TABLE-UNDO", self.message)


#: the undo command's words: at a GM's table a player asks; otherwise the undo takes back
ASK_UNDO = "ask the GM to take back your latest action"
UNDO = "take back the latest action"
_NOTHING_TO_UNDO = Refusal("There is nothing to undo.")
_NOT_YOURS = Refusal(
    "You can only undo your own action while it is the latest at the table, and the latest is someone "
    "else's: they may take theirs back first.",
    not_permitted=True,
)
_NO_ACTION = Refusal("You have no action to take back.")
_ASKED = Refusal("You have already asked the GM to undo that action.")
_ROLLED = Refusal("Dice once seen stand: that action rolled dice, so it cannot be undone.")


def _no_such(command_id: int) -> Refusal:
    """The refusal of an undo naming a command id the table never gave."""
    shown = str(command_id) if -(10**12) < command_id < 10**12 else "that large"
    return Refusal(f"There is no action with command id {shown} at this table to take back.")


def requested(own: int | None, asked: int | None) -> int | Refusal:
    """The command a player's undo request names (``own``: their latest in effect), or why there is none."""
    if own is None:
        return _NO_ACTION
    if asked == own:
        return _ASKED
    return own


def undo_target(
    actor: Seat,
    command_id: int | None,
    *,
    gm_seated: bool,
    request: Callable[[], int | Refusal],
    latest: tuple[int, str] | None,
    rolled: Callable[[int], bool],
    issued: int | None = None,
) -> int | Refusal | None:
    """The command ``actor``'s undo takes back now, None when it asks the GM to, or why it is refused.

    ``latest`` is the latest command in effect and its seat; ``request`` what a
    player's request would name; ``rolled`` whether a command rolled dice;
    ``issued`` how many commands the table has numbered (ids run from 1), so an
    id it never gave is refused as no such action. Builds no events and no
    error, so every seat can be asked whether it may undo.
    """
    if actor.role is not Role.GM and gm_seated:
        own = request()
        return own if isinstance(own, Refusal) else None
    if command_id is not None and issued is not None and not 1 <= command_id <= issued:
        return _no_such(command_id)
    if actor.role is Role.GM:
        if latest is None:
            return _NOTHING_TO_UNDO
        if command_id is not None and command_id != latest[0]:
            return Refusal("That action is no longer the latest; undo the later ones first.")
        return latest[0]
    # no GM: a player takes back only their own latest action, and only if no dice were seen
    if latest is None:
        return _NOTHING_TO_UNDO
    if latest[1] != actor.id:
        return _NOT_YOURS
    if command_id is not None and command_id != latest[0]:
        return Refusal("That action is no longer the latest.")
    if rolled(latest[0]):
        return _ROLLED
    return latest[0]


def revert_event(command_id: int, events: Sequence[Event]) -> Event:
    """The ``table.reverted`` taking back ``events`` (one command's): seen by those who saw them."""
    audience = Audience.gm_only()
    for event in events:
        audience = audience.union(event.audience)
    first_seq = min(e.seq for e in events)
    return Event.of(Reverted(command_id=command_id, first_seq=first_seq), audience=audience)


def request_event(command_id: int, seat_id: str) -> Event:
    """A player's request to the GM to take back ``command_id`` (seen by the GM and the player)."""
    return Event.of(UndoRequested(command_id=command_id), audience=Audience.only(seat_id))


def refusal_event(actor: Seat, seat_id: str, requests: Mapping[str, int]) -> Event:
    """The GM lets ``seat_id``'s action stand (only the GM may; only when asked)."""
    if actor.role is not Role.GM:
        raise NotPermitted("Only the GM can refuse an undo.")
    command_id = requests.get(seat_id)
    if command_id is None:
        raise NotFound(f"{seat_id!r} has not asked to undo anything.")
    return Event.of(UndoRefused(seat=seat_id, command_id=command_id), audience=Audience.only(seat_id))


def undo_prompts(
    requests: Mapping[str, int],
    undone: AbstractSet[int],
    seats: Mapping[str, Seat],
    *,
    latest: int | None = None,
    logged_at: Callable[[int], int | None] = lambda command_id: None,
) -> list[Prompt]:
    """The GM's prompts to allow or refuse each open request (a reverted command's request is closed).

    Actions are named by where the log shows them (``logged_at``: a command's
    first log entry), never by command id. A request whose action is no longer
    the ``latest`` in effect has lapsed: it can only stand, unless the GM undoes
    the later actions first (then it may be allowed again).
    """
    out = []
    for seat_id, command_id in requests.items():
        # a request names a command in effect, and its revert (later still) clears it
        if command_id in undone:
            continue
        name = seats[seat_id].name if seat_id in seats else seat_id
        where = logged_at(command_id)
        action = f"the action logged at #{where}" if where is not None else "their latest action"
        stands = PromptOption(
            value="refuse", label="it stands", command="refuse_undo", payload={"seat": seat_id}
        )
        if latest is not None and command_id != latest:
            question = (
                f"{name} asked to take back {action}, but later actions followed: the request has lapsed. "
                "Undo the later actions first to take it back, or let it stand."
            )
            options: tuple[PromptOption, ...] = (stands,)
        else:
            question = f"{name} asks to take back {action}."
            allow = PromptOption(
                value="allow", label="take it back", command="undo", payload={"command_id": command_id}
            )
            options = (allow, stands)
        out.append(
            Prompt(
                id=f"undo-{seat_id}",
                role=Role.GM,
                kind="undo_request",
                rule="TABLE-UNDO",
                question=question,
                options=options,
                context={"seat": seat_id, "command_id": command_id, "logged_at": where},
            )
        )
    return out
