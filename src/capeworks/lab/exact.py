"""Exact fight outcomes for small fights: the Markov chain over table states, built by the rules themselves.

No rule is restated here. A fight with deterministic policies is a Markov
chain whose states are the folded game states: from each, the policies pick
one move (:func:`~capeworks.lab.play.decide`, as in a simulated fight), and the
only chance is the dice that move rolls. So each move is prepared through the
table with *given* dice, every face sequence it can ask for enumerated one die
at a time (the table says when it needs another die, and of how many sides);
each complete sequence has probability ``1/s1 * 1/s2 * ...`` and leads to the
state its events fold to. States are merged by their JSON, so the work is the
number of distinct states, not of paths, and the result is an exact
distribution of (winner, rounds to end) as fractions.

An arena that keeps a fight's memory beside the table (``for_fight()``, RWYN's
turns) is part of the state: each branch plays on its own copy of that fight's
arena, and two states merge only when their arenas' ``memo_key()`` agree too.

It refuses what it cannot model: a policy that draws from its random
generator (the chain would not be Markov in the state), an arena that keeps a
fight's memory without a ``memo_key()`` to tell two memories apart, and a
fight whose chain passes ``max_states`` states or ``max_branches`` dice
branches (say so and use Monte Carlo). Both are counted as the chain grows (a
state when it is first entered, a branch when it is prepared), so a fight too
big is refused once the budget is spent, not after the chain is finished:
a branch costs a table prepare (a millisecond or two), so ``max_branches``
bounds the wait.
"""

from __future__ import annotations

import copy
import random
import re
import sys
from collections import Counter
from collections.abc import Hashable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import reduce
from typing import Any

from capeworks.engine import Table
from capeworks.engine.model import Command, Event
from capeworks.errors import CapeworksError, DiceValueError, InvalidCommand
from capeworks.lab.play import Fight, PolicyError, Roster, decide, one_fight, table_for
from capeworks.lab.policy import Arena

__all__ = ["Exact", "Record", "as_rows", "exact_outcomes", "exact_records", "signature"]

#: the table's words when given dice run out: "This roll needs 2 d6 but only 1 given die was left."
_NEEDS = re.compile(r"needs \d+ d(\d+)")

#: given dice: every seat may type them in
_GIVEN = {"physical_dice": "everyone"}


class _NoChance(random.Random):
    """A policy's random generator for an exact chain: drawing from it is refused."""

    def random(self) -> float:
        raise InvalidCommand("The exact chain needs deterministic policies; this one draws at random.")

    def getrandbits(self, k: int) -> int:
        raise InvalidCommand("The exact chain needs deterministic policies; this one draws at random.")


#: one way a fight can end: (outcome signature, moves from here, dice from here)
Record = tuple[tuple[Any, ...], int, int]

#: a state of the chain: the table's state (its JSON) and what the fight's arena keeps beside it
_Key = tuple[str, Hashable]


def signature(outcome: Any) -> tuple[Any, ...]:
    """A hashable form of an outcome: winner, rounds, time-out and every tally."""
    tallies = tuple(
        (name, t.side, t.standing, t.out, t.dead, tuple(sorted(t.numbers.items())))
        for name, t in sorted(outcome.tallies.items())
    )
    return (outcome.winner, outcome.rounds, outcome.timed_out, tallies)


class Exact:
    """The exact distribution of how one fight ends (outcome, moves, dice), and the states it took."""

    def __init__(self, fight: Fight, *, max_states: int = 20_000, max_branches: int | None = None) -> None:
        #: an arena that keeps a fight's memory (``for_fight()``) is copied at each branch
        self.keeps = getattr(fight.arena, "for_fight", None) is not None
        if self.keeps and getattr(fight.arena, "memo_key", None) is None:
            raise InvalidCommand(
                f"The {fight.arena.ruleset} arena keeps each fight's memory beside the table but gives "
                "no memo_key() to tell two memories apart: play this fight as a Monte Carlo fight."
            )
        self.fight = one_fight(fight)
        self.max_states = max_states
        self.max_branches = max_branches
        self.roster = Roster(fight)
        self.rng = _NoChance()
        self.memo: dict[_Key, Counter[Record]] = {}
        self.outcomes: dict[tuple[Any, ...], Any] = {}
        #: the budget's counts: states entered (finished or not) and dice branches prepared
        self.entered = 0
        self.prepared = 0

    def key(self, state: Any, arena: Arena) -> _Key:
        """A state of the chain: the table's state and the memory of the fight's arena, if it keeps one."""
        return state.model_dump_json(), arena.memo_key() if self.keeps else None  # type: ignore[attr-defined]

    def fork(self, arena: Arena) -> Arena:
        """A branch's own arena: a copy of one that keeps a fight's memory (the branches part here)."""
        return copy.deepcopy(arena) if self.keeps else arena

    def branches(self, table: Table, command: Command) -> Iterator[tuple[Fraction, list[Event]]]:
        """Every way ``command``'s dice can fall at ``table``: (probability, events)."""
        stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
        while stack:
            faces, p = stack.pop()
            self.prepared += 1
            if self.max_branches is not None and self.prepared > self.max_branches:
                raise self.too_big(f"{self.max_branches:,} dice branches", "--max-branches")
            try:
                # every roll's faces, the GM's secret ones in a player's move too
                events = table.prepare(command, dice=list(faces), every_roll=True)
            except DiceValueError as e:
                found = _NEEDS.search(e.message)
                if found is None:
                    raise
                sides = int(found.group(1))
                stack.extend(((*faces, f), p / sides) for f in range(sides, 0, -1))
                continue
            except CapeworksError as e:
                raise PolicyError(
                    f"The move {command.type} {command.payload} was refused: {e.message}"
                ) from e
            yield p, events

    def too_big(self, passed: str, option: str) -> InvalidCommand:
        """The refusal once the chain spends its budget (``passed``: how much; ``option`` raises it)."""
        rounds = self.fight.max_rounds
        # one round cannot be lowered: "in 1 rounds (..., lower --max-rounds, ...)" asked for the impossible
        lower = ", lower --max-rounds" if rounds > 1 else ""
        return InvalidCommand(
            f"The exact chain passed {passed}; this fight is too big to enumerate "
            f"in {rounds} round{'s' if rounds > 1 else ''} (raise {option}{lower}, or play it "
            "as a Monte Carlo fight)."
        )

    def distribution(self, table: Table, arena: Arena) -> Counter[Record]:
        """The outcome distribution from ``table``'s state with the fight's ``arena`` (memoised by the
        state's JSON and the arena's memory; the arena is this branch's own, which deciding may move)."""
        key = self.key(table.state, arena)
        found = self.memo.get(key)
        if found is not None:
            return found
        if self.entered >= self.max_states:
            raise self.too_big(f"{self.max_states:,} states", "--max-states")
        self.entered += 1
        fight = self.fight if arena is self.fight.arena else replace(self.fight, arena=arena)
        step = decide(fight, self.roster, table, self.rng)
        out: Counter[Record] = Counter()
        if not isinstance(step, tuple):
            sig = signature(step)
            self.outcomes.setdefault(sig, step)
            out[(sig, 0, 0)] = Fraction(1)  # type: ignore[assignment]
        else:
            move, seat, _ = step
            out = self.after(table, arena, move.as_command(seat))
        self.memo[key] = out
        return out

    def after(self, table: Table, arena: Arena, command: Command, *, move: int = 1) -> Counter[Record]:
        """The distribution after issuing ``command`` at ``table`` with the fight's ``arena``, over its
        dice (``move``: 1 for a policy's move, 0 for the opening's seating and initiative, which a fight
        does not count)."""
        out: Counter[Record] = Counter()
        apply = self.fight.ruleset.apply
        for p, events in self.branches(table, command):
            state = reduce(apply, events, table.state)
            known = self.memo.get(self.key(state, arena))
            if known is None:
                known = self.distribution(Table(self.fight.ruleset, [*table.log, *events]), self.fork(arena))
            rolled = sum(len(r.faces) for e in events for r in e.rolls)
            for (sig, moves, dice), q in known.items():
                out[(sig, moves + move, dice + rolled)] += p * q  # type: ignore[assignment]
        return out


def exact_records(
    fight: Fight, *, max_states: int = 20_000, max_branches: int | None = None
) -> tuple[dict[Record, Fraction], Exact]:
    """Every way ``fight`` can end from its opening (initiative included) with its exact probability,
    and the chain (its outcomes by signature, its states); refuses what it cannot enumerate."""
    chain = Exact(fight, max_states=max_states, max_branches=max_branches)
    table = table_for(fight, "lab:exact", settings=_GIVEN)
    opening = fight.arena.open(fight.sides, fight.config)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        result = _open(chain, table, opening)
    finally:
        sys.setrecursionlimit(limit)
    exact: dict[Record, Fraction] = {k: Fraction(v) for k, v in result.items()}
    total = sum(exact.values(), Fraction(0))
    if total != 1:
        raise AssertionError(f"the exact chain's probabilities sum to {total}, not 1")
    return exact, chain


def exact_outcomes(
    fight: Fight, *, max_states: int = 20_000, max_branches: int | None = None
) -> tuple[dict[tuple[int | None, int], Fraction], int]:
    """The exact distribution of (winner, rounds) of ``fight``, and the number of distinct states."""
    records, chain = exact_records(fight, max_states=max_states, max_branches=max_branches)
    joint: dict[tuple[int | None, int], Fraction] = {}
    for (sig, _, _), p in records.items():
        key = (sig[0], sig[1])
        joint[key] = joint.get(key, Fraction(0)) + p
    order = sorted(joint, key=lambda k: (k[0] is None, k[0] or 0, k[1]))
    return {k: joint[k] for k in order}, len(chain.memo)


def _open(chain: Exact, table: Table, opening: list[Command]) -> Counter[Record]:
    """The opening commands (seating, initiative) enumerated like moves, then the fight."""
    if not opening:
        return chain.distribution(table, chain.fork(chain.fight.arena))
    out: Counter[Record] = Counter()
    for p, events in chain.branches(table, opening[0]):
        rest = _open(chain, Table(chain.fight.ruleset, [*table.log, *events]), opening[1:])
        rolled = sum(len(r.faces) for e in events for r in e.rolls)
        for (sig, moves, dice), q in rest.items():
            out[(sig, moves, dice + rolled)] += p * q  # type: ignore[assignment]
    return out


def as_rows(dist: dict[tuple[int | None, int], Fraction], sides: int = 0) -> list[dict[str, Any]]:
    """The distribution as JSON-ready rows. With ``sides``, each of the ``sides`` sides and the draw
    that never comes about gets a row of its own at 0 (``"rounds": None``): left out, a side that can
    never win showed only as a row missing."""
    rows: list[dict[str, Any]] = []
    for who in [*range(sides), None] if sides else []:
        if not any(w == who for w, _ in dist):
            rows.append({"winner": who, "rounds": None, "p": 0.0, "fraction": "0"})
    rows += [{"winner": w, "rounds": r, "p": float(p), "fraction": str(p)} for (w, r), p in dist.items()]
    key = {who: i for i, who in enumerate([*range(sides), None])}
    return sorted(rows, key=lambda row: key.get(row["winner"], -1)) if sides else rows
