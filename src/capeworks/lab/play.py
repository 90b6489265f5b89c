"""The lab's one play loop: a fresh seeded table, the arena's opening, then policies until it ends.

Every move goes through ``Table.execute``: the ruleset validates it, rolls its
dice from the table's seeded source and folds its events, exactly as at a live
table (no store, no text rendering). Open prompts are answered first, in the
order the ruleset lists them; then whoever's turn it is acts. A move the table
refuses is a :class:`PolicyError` naming the policy, the move and the refusal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from capeworks.engine import Table
from capeworks.engine.model import Prompt, Role, Seat
from capeworks.errors import CapeworksError, InvalidCommand
from capeworks.lab.policy import Arena, Move, Outcome, Policy, Side, Situation

__all__ = [
    "GM",
    "Fight",
    "PolicyError",
    "Result",
    "Roster",
    "decide",
    "duel_seed",
    "one_fight",
    "play",
    "seat_of_side",
    "seats",
    "side_seat",
    "sides_for",
    "table_for",
]

#: the GM's seat id at a lab table
GM = "gm"

#: a fight that takes more moves than this is stuck (a policy that never ends its turn)
MAX_MOVES = 5_000


class PolicyError(InvalidCommand):
    """A policy's move was refused by the rules, or a fight never ended."""


def seat_of_side(index: int) -> str:
    """The player seat named for side ``index``."""
    return f"side{index}"


def side_seat(arena: Arena, index: int, sides: int) -> str:
    """The seat that plays side ``index`` of ``sides``: the arena's ``seat`` if it has one (a ruleset
    whose rules tell the GM's side from the players', Weaverdice's "foes"), else side ``index``'s."""
    seat = getattr(arena, "seat", None)
    return str(seat(index, sides)) if seat is not None else seat_of_side(index)


def duel_seed(seed: int, index: int) -> str:
    """The table seed of duel ``index`` of a run seeded ``seed``: the same whatever the runner."""
    return f"lab:{seed}:{index}"


@dataclass(frozen=True, slots=True)
class Fight:
    """Everything one fight needs besides its seed: the arena, the sides, a policy per side, the rules."""

    arena: Arena
    ruleset: Any
    sides: tuple[Side, ...]
    policies: tuple[Policy, ...]
    config: Mapping[str, Any]
    max_rounds: int = 20


@dataclass(frozen=True, slots=True)
class Result:
    """One fight's end, and what it cost: moves issued and dice rolled."""

    outcome: Outcome
    moves: int
    dice: int


def seats(n: int) -> tuple[Seat, ...]:
    return (
        Seat(id=GM, name="GM", role=Role.GM),
        *(Seat(id=seat_of_side(i), name=f"Side {i}") for i in range(n)),
    )


class Roster:
    """Who is on which side, worked out once per fight."""

    def __init__(self, fight: Fight) -> None:
        self.side_of: dict[str, int] = {}
        self.play: dict[str, Mapping[str, Any]] = {}
        self.members: list[tuple[str, ...]] = []
        #: the seat each side plays from
        self.seats = tuple(side_seat(fight.arena, i, len(fight.sides)) for i in range(len(fight.sides)))
        for i, side in enumerate(fight.sides):
            names = tuple(fight.arena.ident(s) for s in side.sheets)
            self.members.append(names)
            for k, name in enumerate(names):
                self.side_of[name] = i
                self.play[name] = side.options(k)
        #: each side's foes: everyone on the other sides
        self.foes = [
            tuple(n for k, names in enumerate(self.members) if k != i for n in names)
            for i in range(len(self.members))
        ]

    def situation(self, table: Table, side: int, actor: str, rng: random.Random) -> Situation:
        seat = self.seats[side]
        return Situation(
            state=table.state,
            config=table.config,
            seat=seat,
            actor=actor,
            side=side,
            friends=self.members[side],
            foes=self.foes[side],
            rng=rng,
            legal=lambda: table.legal_commands(seat),
            play=self.play.get(actor, {}),
        )


def _about(prompt: Prompt) -> str | None:
    """The character a prompt is about: the ``character`` its options carry."""
    for option in prompt.options:
        who = option.payload.get("character")
        if isinstance(who, str):
            return who
    if prompt.free is not None:
        who = prompt.free.payload.get("character")
        if isinstance(who, str):
            return who
    return None


def _issue(table: Table, move: Move, seat: str, policy: Policy) -> None:
    try:
        table.execute(move.as_command(seat))
    except CapeworksError as e:
        raise PolicyError(
            f"The {policy.name} policy's move {move.command} {dict(move.payload)} was refused: {e.message}"
        ) from e


def table_for(fight: Fight, seed: str, *, settings: Mapping[str, Any] | None = None) -> Table:
    """A fresh lab table for ``fight``: a GM seat and one seat per side, seeded ``seed``."""
    return Table.new(
        fight.ruleset, config=fight.config, seats=seats(len(fight.sides)), seed=seed, settings=settings
    )


def one_fight(fight: Fight) -> Fight:
    """``fight`` with an arena of its own for one fight: the arena's optional ``for_fight()`` (one that
    keeps what the table does not, RWYN's turns), else the arena itself (it keeps nothing)."""
    fresh = getattr(fight.arena, "for_fight", None)
    return fight if fresh is None else replace(fight, arena=fresh())


def decide(
    fight: Fight, roster: Roster, table: Table, rng: random.Random
) -> Outcome | tuple[Move, str, Policy]:
    """What happens next at ``table``: the fight's outcome if it is over, else the move to issue, the
    seat issuing it and the policy that chose it (an open prompt first, then whoever's turn it is)."""
    state = table.state
    outcome = fight.arena.outcome(state, max_rounds=fight.max_rounds)
    if outcome is not None:
        return outcome
    waiting = [p for p in table.prompts() if p.options or p.free is not None]
    if waiting:
        prompt = waiting[0]
        about = _about(prompt)
        side = roster.side_of.get(about, 0) if about is not None else 0
        if prompt.seat is not None and prompt.seat.startswith("side"):
            side = int(prompt.seat[4:])
        policy = fight.policies[side]
        move = policy.answer(roster.situation(table, side, about or roster.members[side][0], rng), prompt)
        return move, prompt.seat or GM, policy
    # an arena that keeps turns itself passes a turn with no command (end_turn gives None): the
    # next one's turn is asked at once, at most once per character in the fight before giving up
    for _ in range(len(roster.side_of) + 1):
        actor = fight.arena.turn(state)
        if actor is None:
            raise PolicyError("The fight waits on nobody: no prompt is open and it is no one's turn.")
        side = roster.side_of[actor]
        policy = fight.policies[side]
        chosen = policy.act(roster.situation(table, side, actor, rng)) or fight.arena.end_turn(state, actor)
        if chosen is not None:
            return chosen, roster.seats[side], policy
    raise PolicyError("Every turn in the fight passed without a move.")


def play(fight: Fight, seed: int, index: int) -> Result:
    """Play duel ``index`` of the run seeded ``seed`` to its end."""
    fight = one_fight(fight)
    table = table_for(fight, duel_seed(seed, index))
    for command in fight.arena.open(fight.sides, fight.config):
        table.execute(command)
    roster = Roster(fight)
    rng = random.Random(f"{duel_seed(seed, index)}:policy")
    moves = 0
    while True:
        step = decide(fight, roster, table, rng)
        if not isinstance(step, tuple):  # an outcome (a ruleset's own class, shaped like Outcome)
            break
        moves += 1
        if moves > MAX_MOVES:
            raise PolicyError(
                f"A fight went past {MAX_MOVES} moves without ending; a policy never ends its turn."
            )
        move, seat, policy = step
        _issue(table, move, seat, policy)
    dice = sum(len(r.faces) for e in table.log for r in e.rolls)
    return Result(outcome=step, moves=moves, dice=dice)


def sides_for(arena: Arena, sides: Sequence[Side]) -> tuple[Side, ...]:
    """The sides with every repeated character id renamed (``thug``, ``thug2``, ...): one id, one person."""
    seen: dict[str, int] = {}
    out = []
    for side in sides:
        sheets = []
        for sheet in side.sheets:
            ident = arena.ident(sheet)
            seen[ident] = seen.get(ident, 0) + 1
            sheets.append(sheet if seen[ident] == 1 else arena.rename(sheet, f"{ident}{seen[ident]}"))
        out.append(Side(name=side.name, sheets=tuple(sheets), play=side.play))
    return tuple(out)
