"""A simple fight policy for the lab, and the arena that seats sides and reads a fight's end.

It conforms to the lab's contract (:mod:`capeworks.engine.policy`: a ``Policy`` with ``act`` and
``answer`` returning moves, an ``Arena`` with ``open``, ``turn``, ``end_turn`` and ``outcome``,
exported as ``POLICIES`` and ``ARENA``), built from the contract's own ``Move``, ``Tally`` and
``Outcome``; the contract lives in the engine, so the rules package stands without the lab.

What a sensible combatant does on its turn: steady itself when Shaken, get up when knocked
down, otherwise attack the most hurt foe still standing (one target: snapshots are for the
desperate) and end the turn. Asked about an Active Defense, it spends a Shot when the chance of
being hit (the prompt carries the exact odds) is at least 25% and it keeps a Shot in hand, unless
it is a Glass Jaw mook (a dodge loses its group's next Action: defending every time, it never attacks);
it never counter-bids an interrupt, and rolls every called check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from capeworks.engine import Command, Prompt
from capeworks.engine.policy import Move, Outcome, SheetsById, Situation, Tally
from capeworks.systems.workshop.config import MookModel
from capeworks.systems.workshop.samples import SHEETS
from capeworks.systems.workshop.sheet import Combatant, Standing
from capeworks.systems.workshop.state import WorkshopState

__all__ = ["ARENA", "POLICIES", "Move", "NoDefense", "Sensible", "WorkshopArena", "winner"]

GM = "gm"


def seat_of_side(index: int) -> str:
    """The lab's player seat for side ``index``."""
    return f"side{index}"


def _hurt(c: Combatant) -> float:
    """How near the end a foe is: Shock and Wounds against their limits; a Shaken mook is half out."""
    if not c.named:
        return 0.5 if c.has("shaken") else 0.0
    return c.shock / max(1, c.health) + c.wounds / max(1, c.toughness)


def _option(prompt: Prompt, value: str) -> Move:
    found = next((o for o in prompt.options if o.value == value), prompt.options[0])
    return Move.of(found)


def _dodge_costs_the_attack(state: WorkshopState | None, prompt: Prompt) -> bool:
    """A Glass Jaw mook's Active Dodge loses its next Action (WS-MOOK-001, src 156): its group's one
    attack of a Sequence, which a group defending at every attack would never make."""
    who = next((o.payload.get("character") for o in prompt.options), None)
    if state is None or not isinstance(who, str) or who not in state.characters:
        return False
    return not state.characters[who].named and state.config.mooks is MookModel.GLASS_JAW


class Sensible:
    """Steady, get up, hit the most hurt foe; Active Defense when the odds say so."""

    name = "sensible"
    defend_at = 0.25

    def act(self, s: Situation) -> Move | None:
        state: WorkshopState = s.state
        me = state.characters[s.actor]
        turn = state.turn
        spent = turn.action_used if turn.extra != me.id else False
        if spent or (me.has("loses_action") and turn.extra != me.id):
            return None
        if me.has("shaken"):
            return Move("steady", {"character": me.id})
        if me.has("knocked_down") and not turn.move_used:
            return Move("get_up", {"character": me.id})
        foes = [state.characters[f] for f in s.foes if f in state.characters]
        standing = [f for f in foes if f.standing is Standing.UP]
        if not standing:
            return None
        target = max(standing, key=lambda f: (_hurt(f), -f.defense))
        return Move("attack", {"character": me.id, "targets": [target.id]})

    def answer(self, s: Situation, prompt: Prompt) -> Move:
        if prompt.kind == "active_defense":
            shots = int(prompt.context.get("shots", 0))
            p = float(str(prompt.context.get("hit_if_passive", "0%")).rstrip("%")) / 100
            worth = p >= self.defend_at and shots >= 2 and not _dodge_costs_the_attack(s.state, prompt)
            return _option(prompt, "yes" if worth else "no")
        if prompt.kind == "interrupt":
            return _option(prompt, "0")
        return Move.of(prompt.options[0])


class NoDefense(Sensible):
    """As sensible, but never spends a Shot on an Active Defense (keeps them for Initiative)."""

    name = "no_defense"
    defend_at = 2.0


def winner(state: WorkshopState, sides: int) -> tuple[bool, int | None]:
    """(over, winning side): over when at most one side ``side<i>`` has anyone standing."""
    up = {
        i
        for i in range(sides)
        for c in state.characters.values()
        if c.faction == seat_of_side(i) and c.can_act
    }
    if len(up) > 1:
        return False, None
    return True, (next(iter(up)) if up else None)


class WorkshopArena(SheetsById):
    """Seats each side's sheets (the GM adds them, owned by the side's seat, one Faction per side),
    starts the first Sequence, and reads whose move it is and how the fight ended."""

    ruleset = "workshop"
    samples: Mapping[str, Mapping[str, Any]] = {k: {"id": k, **v} for k, v in SHEETS.items()}
    #: what each tallied number counts (the lab sums it over a side's characters, per fight)
    glossary: Mapping[str, str] = {
        "shock": "Shock held at the end",
        "wounds": "Wounds held at the end",
        "shots": "Shots left at the end (spent on Active Defense and Initiative)",
        # a mook takes no Shock nor Wounds: a hit that counts takes one out of its group (WS-MOOK)
        "mooks": "mooks of a group still standing at the end (a named character counts none)",
    }

    def open(self, sides: Sequence[Any], config: Mapping[str, Any]) -> list[Command]:
        out = [
            Command(
                type="add_character",
                seat=GM,
                payload={**dict(sheet), "owner": seat_of_side(i), "faction": seat_of_side(i)},
            )
            for i, side in enumerate(sides)
            for sheet in side.sheets
        ]
        out.append(Command(type="start_sequence", seat=GM))
        return out

    def turn(self, state: Any) -> str | None:
        assert isinstance(state, WorkshopState)
        if state.pending is not None or state.bid is not None or state.calls:
            return None
        who = state.turn.extra or state.turn.current
        return who if who and state.characters[who].can_act else None

    def end_turn(self, state: Any, actor: str) -> Move:
        return Move("end_turn", {"character": actor})

    def outcome(self, state: Any, *, max_rounds: int) -> Outcome | None:
        """The lab's ``Outcome`` once one side stands alone (or after ``max_rounds`` Sequences)."""
        assert isinstance(state, WorkshopState)
        sides = len({c.faction for c in state.characters.values()})
        over, won = winner(state, sides)
        timed_out = not over and state.turn.sequence > max_rounds
        if not (over or timed_out):
            return None
        tallies = {
            c.id: Tally(
                side=int(c.faction.removeprefix("side") or 0),
                standing=c.standing.value,
                out=not c.can_act,
                dead=c.standing is Standing.DEAD,
                numbers={
                    "shock": c.shock,
                    "wounds": c.wounds,
                    "shots": c.shots,
                    "mooks": 0 if c.named or not c.can_act else c.count,
                },
            )
            for c in state.characters.values()
        }
        # a time-out ends in the last round played, as in every arena (a draw "in round max + 1" read wrong)
        rounds = min(state.turn.sequence, max_rounds)
        return Outcome(winner=won, rounds=rounds, timed_out=timed_out, tallies=tallies)


ARENA = WorkshopArena()
POLICIES: dict[str, Sensible] = {"sensible": Sensible(), "no_defense": NoDefense()}
