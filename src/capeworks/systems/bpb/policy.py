"""Bulletproof Blues in the lab: a fight arena and simple policies, played through the ruleset's commands.

Conforms to the lab's contract (:mod:`capeworks.engine.policy`: a module exporting ``ARENA``
and ``POLICIES``, the first policy the default), built from the contract's own ``Move``,
``Tally`` and ``Outcome``; the contract lives in the engine, so this module never imports the
lab, which sits above the rulesets.

* ``sensible``: attacks the foe still standing who is most hurt, with the attack of the
  highest expected damage (exact odds of the roll the table would make, its own run or
  sprint's +3/+6 and every other modifier the state shows, times DR less the foe's
  protection); when no attack can hit, keeps a dodge or block up. Answers a hit with the
  block or dodge of the better odds when it holds at least ``react_at`` of the time (a
  forced one only when it is the guard already up, or the hit would put it out), else
  takes it; picks overwhelming on an extreme success, and always tries to keep its powers
  on. Steps in front of a hit on an ally (BPB-TURN-004) when the hit would put the ally
  out and would leave it standing.
* ``no_reactions``: the same, but takes every hit.
* ``plot``: as ``sensible``, and spends its player's plot point (BPB-PP-005/011, src 469-471, 487): an
  automatic success on the block or dodge of a hit that would put it out (a forced one only when
  no other is offered), else an automatic success on an attack whose hit would put the foe out
  when the roll could miss, else a power boost (BPB-PP-007, src 475-477: one rank more of the attack's
  power, or Brawn bare-handed, for the round) when that rank is what puts the foe out and the attack
  more likely hits than not, else a rally (half the Endurance lost since the last rest back) once it
  is down to a third of its Endurance, else a power stunt (BPB-PP-009, src 481: a protection power
  made "a force blade" at its rank for the round) when that blade more than doubles the expected
  damage of its best attack. It never retcons (BPB-PP-012, src 489-493): a retcon changes the story,
  which the table records and the GM rules, and nothing in an arena fight plays it. ``sensible`` and
  ``no_reactions`` hold theirs: the contrast.

The arena starts a session before the fight, as the table does (BPB-PP-001, src 443): each side's
player holds ``session_plot_points`` (1 by default) on the side's first character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from capeworks.engine.model import Command, Prompt, PromptOption
from capeworks.engine.policy import Move, Outcome, SheetsById, Situation, Tally
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb.attacks import attack_task, defence_task, rating_now
from capeworks.systems.bpb.characters import SAMPLE_CHARACTERS
from capeworks.systems.bpb.lookups import (
    MAX_BOOSTED,
    endurance_left,
    enhanced,
    protection_now,
    rank_of,
    stunt_powers,
)
from capeworks.systems.bpb.model import Boost, Pending, Status, Stunt
from capeworks.systems.bpb.odds import task_odds
from capeworks.systems.bpb.roster import session_holders
from capeworks.systems.bpb.sheet import AttackKind, Character, Power
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import Task

__all__ = [
    "ARENA",
    "POLICIES",
    "BpbArena",
    "Move",
    "NoReactions",
    "Outcome",
    "PlotPoints",
    "Sensible",
    "Tally",
    "choose_attack",
]

GM = "gm"


def _standing(state: BpbState, cid: str) -> bool:
    statuses = state.condition(cid).statuses
    return Status.UNCONSCIOUS not in statuses and Status.DEAD not in statuses


def _side(owner: str) -> int:
    return int(owner[4:]) if owner.startswith("side") and owner[4:].isdigit() else -1


class BpbArena(SheetsById):
    """Seats the sides (the GM adds each sheet, owned by its side's seat) and reads the fight."""

    ruleset = "bpb"
    samples: Mapping[str, Mapping[str, Any]] = {
        key: c.model_dump(mode="json") for key, c in SAMPLE_CHARACTERS.items()
    }

    #: what each tallied number counts (the lab sums it over a side's characters, per fight)
    glossary: Mapping[str, str] = {
        "endurance_lost": "Endurance lost, held at the end",
        "stunning": "stunning damage held at the end",
        "plot_points": "plot points the side's player holds at the end (session_plot_points each at the "
        "session's start, BPB-PP-001; sensible and no_reactions spend none)",
        "plot_points_spent": "plot points spent: automatic successes, rallies, boosts and stunts "
        "(BPB-PP-005/007/009/011; only the plot policy spends)",
    }
    #: the tally a sweep compares and a plot shows as each side's harm (BPB has no wounds)
    harm = "endurance_lost"

    def open(self, sides: Sequence[Any], config: Mapping[str, Any]) -> list[Command]:
        out = [
            Command(type="add_character", seat=GM, payload={"sheet": dict(sheet), "owner": f"side{i}"})
            for i, side in enumerate(sides)
            for sheet in side.sheets
        ]
        # BPB-PP-001 (src 443): "Each player begins each game session with one plot point"
        out.append(Command(type="start_session", seat=GM, payload={}))
        ids = [str(sheet["id"]) for side in sides for sheet in side.sheets]
        sides_of = {str(sheet["id"]): f"side{i}" for i, side in enumerate(sides) for sheet in side.sheets}
        out.append(Command(type="start_fight", seat=GM, payload={"characters": ids, "sides": sides_of}))
        return out

    def turn(self, state: Any) -> str | None:
        assert isinstance(state, BpbState)
        f = state.fight
        if f is None or f.pending is not None:
            return None
        return f.turn.actor

    def end_turn(self, state: Any, actor: str) -> Move:
        return Move("end_turn", {"character": actor})

    def outcome(self, state: Any, *, max_rounds: int) -> Outcome | None:
        assert isinstance(state, BpbState)
        sides = sorted({_side(c.owner) for c in state.characters.values() if _side(c.owner) >= 0})
        up = {
            s
            for s in sides
            if any(_standing(state, c.id) for c in state.characters.values() if _side(c.owner) == s)
        }
        rounds = state.round
        timed_out = rounds > max_rounds
        if len(up) > 1 and not timed_out:
            return None
        winner = next(iter(up)) if len(up) == 1 and not timed_out else None
        holders = set(session_holders(state))
        given = state.config.session_plot_points
        tallies = {
            c.id: Tally(
                side=_side(c.owner),
                standing="up" if _standing(state, c.id) else "out",
                out=not _standing(state, c.id),
                dead=Status.DEAD in state.condition(c.id).statuses,
                numbers={
                    "endurance_lost": state.condition(c.id).lost,
                    "stunning": state.condition(c.id).stunning,
                    # the points sit on the player's first character: counted there, once a side
                    "plot_points": state.condition(c.id).plot_points,
                    "plot_points_spent": (given if c.id in holders else 0)
                    - state.condition(c.id).plot_points,
                },
            )
            for c in state.characters.values()
        }
        return Outcome(winner=winner, rounds=min(rounds, max_rounds), timed_out=timed_out, tallies=tallies)


def _attacks(state: BpbState, me: Character) -> list[Power | None]:
    """What ``me`` may attack with: bare hands (None), the sheet's attacks and a stunt's for its time
    (BPB-PP-009), with a boost's enhancement (BPB-PP-007); no exploding attack."""
    mine = (enhanced(state, me, p) for p in (*me.powers, *stunt_powers(state, me)) if p.attack is not None)
    return [None, *(p for p in mine if not p.exploding_ft)]


def _hit(state: BpbState, me: Character, foe: Character, power: Power | None) -> tuple[Task, int]:
    """The roll the table would make for ``me`` attacking ``foe`` with ``power``, with what the state shows
    (its own run or sprint, made or declared, +3/+6, BPB-MOVE-007, src 103; a sprinting foe, one held or out
    cold, a living shield), and the damage a hit does through the foe's protection."""
    task = attack_task(state, me, foe, power, [])
    rating = rating_now(state, me, power)
    damages = power.damages if power is not None else "Endurance"
    pv = protection_now(state, foe, damages or "Endurance")
    return task, dmg.after_protection(rating.dr, pv, penetrating=bool(power and power.penetrating))


def choose_attack(state: BpbState, me: Character, foe: Character) -> tuple[float, str] | None:
    """The attack on ``foe`` with the highest expected damage: (expected damage, power), or None."""
    best: tuple[float, str] | None = None
    for power in _attacks(state, me):
        name = power.name if power is not None else "unarmed"
        task, hurt = _hit(state, me, foe, power)
        if task.impossible:
            continue
        damages = power.damages if power is not None else "Endurance"
        expected = task_odds(task).p_success * max(hurt, 0.1 if damages is None else 0.0)
        if expected > 0 and (best is None or expected > best[0]):
            best = (expected, name)
    return best


def _hurt(state: BpbState, p: Pending, cid: str) -> int:
    """What hit ``p`` would take off ``cid`` through the protection they have now, a stunt's counted, as the
    table's own damage does (:func:`~capeworks.systems.bpb.lookups.protection_now`)."""
    pv = protection_now(state, state.characters[cid], p.damages or "Endurance")
    return dmg.after_protection(p.dr, pv, penetrating=p.penetrating)


class Sensible:
    """See the module docstring."""

    name = "sensible"

    def __init__(self, react_at: float = 0.25) -> None:
        self.react_at = react_at

    def act(self, s: Situation) -> Move | None:
        state: BpbState = s.state
        f = state.fight
        if f is None or f.turn.actor != s.actor or f.turn.task:
            return None
        me = state.characters[s.actor]
        foes = [state.characters[x] for x in s.foes if x in state.characters and _standing(state, x)]
        picks = []
        for foe in foes:
            found = choose_attack(state, me, foe)
            if found is not None:
                picks.append((state.condition(foe.id).lost + state.condition(foe.id).stunning, found, foe.id))
        if picks:
            _, (_, power), target = max(picks, key=lambda p: (p[0], p[1][0]))
            return Move("attack", {"attacker": s.actor, "target": target, "power": power})
        if s.actor in f.guards and not f.turn.guard_waits:  # one kept from before lasts only until she acts
            return None
        kind = "dodge" if rank_of(state, me, "Agility") >= rank_of(state, me, "Prowess") else "block"
        return Move("guard", {"character": s.actor, "kind": kind})

    def answer(self, s: Situation, prompt: Prompt) -> Move:
        if prompt.kind == "defend":
            return self._defend(s.state, prompt)
        if prompt.kind == "extreme":
            chosen = prompt.option("overwhelming")
            return Move.of(chosen if chosen is not None else prompt.options[0])
        if prompt.kind == "step_in":
            return self._step_in(s.state, prompt)
        if prompt.kind == "keep_powers":
            chosen = prompt.option("keep")
            return Move.of(chosen if chosen is not None else prompt.options[0])
        return Move.of(prompt.options[0])

    def _step_in(self, state: BpbState, prompt: Prompt) -> Move:
        f = state.fight
        p = f.pending if f is not None else None
        let_pass = prompt.option("pass")
        if p is None or let_pass is None:
            return Move.of(let_pass or prompt.options[0])
        me = str(prompt.context.get("character", ""))
        falls = _hurt(state, p, p.target) >= endurance_left(state, p.target)
        saves = falls and _hurt(state, p, me) < endurance_left(state, me)
        chosen = prompt.option("step") if saves and self.react_at < 1 else None
        return Move.of(chosen or let_pass)

    def _defend(self, state: BpbState, prompt: Prompt) -> Move:
        take = prompt.option("take")
        f = state.fight
        pending = f.pending if f is not None else None
        if pending is None:
            return Move.of(take or prompt.options[0])
        me = state.characters[pending.target]
        deadly = _hurt(state, pending, me.id) >= endurance_left(state, me.id)
        best: tuple[float, PromptOption] | None = None
        for option in prompt.options:
            if option.value not in ("block", "dodge"):
                continue
            if option.payload.get("forced") and not deadly and self.react_at < 1:
                # a forced action costs the next turn: only worth it when the hit would put us out
                continue
            p = task_odds(defence_task(state, me, pending, option.value)).p_success
            if best is None or p > best[0]:
                best = (p, option)
        if best is not None and best[0] >= self.react_at:
            return Move.of(best[1])
        return Move.of(take or prompt.options[0])


class NoReactions(Sensible):
    """As :class:`Sensible`, but takes every hit."""

    name = "no_reactions"

    def __init__(self) -> None:
        super().__init__(react_at=2.0)


def _with(state: BpbState, cid: str, **update: Any) -> BpbState:
    """``state`` as it would be with ``cid``'s condition so updated (a boost or stunt weighed, not spent)."""
    conditions = {**state.conditions, cid: state.condition(cid).model_copy(update=update)}
    return state.model_copy(update={"conditions": conditions})


def _falls(state: BpbState, hurt: int, cid: str) -> bool:
    """Would ``hurt`` more Endurance put ``cid`` out (BPB-REC-004 PROPOSED: out at 0)?"""
    return hurt >= endurance_left(state, cid)


class PlotPoints(Sensible):
    """As :class:`Sensible`, spending its plot point where a fight turns on it (see the module docstring)."""

    name = "plot"

    def act(self, s: Situation) -> Move | None:
        state: BpbState = s.state
        move = super().act(s)
        if state.plot_points(s.actor) < 1:
            return move
        if move is not None and move.command == "attack":
            target = str(move.payload["target"])
            power = str(move.payload["power"])
            if self._decides(state, s.actor, target, power):
                return Move("attack", {**move.payload, "plot_point": True})
            boost = self._boost(state, s.actor, target, power)
            if boost is not None:
                return boost
        me = state.condition(s.actor)
        full = rank_of(state, state.characters[s.actor], "Endurance")
        if me.recent >= 2 and 3 * endurance_left(state, s.actor) <= full:
            # BPB-PP-011 (src 487): a rally, as after half an hour's rest
            return Move("spend", {"character": s.actor, "kind": "rally"})
        f = state.fight
        if f is not None and f.turn.actor == s.actor and not f.turn.task:
            foes = [x for x in s.foes if x in state.characters and _standing(state, x)]
            return next((m for x in foes if (m := self._stunt(state, s.actor, x)) is not None), move)
        return move

    def _boost(self, state: BpbState, me: str, target: str, power: str) -> Move | None:
        """BPB-PP-007 (src 475-477): one rank more of the attack's damage (the power, or Brawn bare-handed)
        for the round, when that rank is what puts the foe out and the attack more likely hits than not."""
        attacker, foe = state.characters[me], state.characters[target]
        ways = {p.name if p is not None else "unarmed": p for p in _attacks(state, attacker)}
        if power not in ways:
            return None
        used = ways[power]
        if used is not None and (used.damages != "Endurance" or not attacker.power(power)):
            return None  # not an Endurance attack of the sheet's own (a stunt's rank is the stunted power's)
        name = used.name if used is not None else "Brawn"
        task, hurt = _hit(state, attacker, foe, used)
        if _falls(state, hurt, target) or task_odds(task).p_success < 0.5:
            return None
        if rank_of(state, attacker, name) >= MAX_BOOSTED:
            return None
        boost = Boost(name=name, until_round=state.round)
        boosted = _with(state, me, boosts=(*state.condition(me).boosts, boost))
        if not _falls(state, _hit(boosted, attacker, foe, used)[1], target):
            return None
        return Move("spend", {"character": me, "kind": "boost", "power": name})

    def _stunt(self, state: BpbState, me: str, target: str) -> Move | None:
        """BPB-PP-009 (src 481): a protection power made a melee attack at its rank for the round (the seed's
        rank 8 Force Field made "a rank 8 force blade"), when that blade would more than double the expected
        damage of the best attack it has."""
        attacker, foe = state.characters[me], state.characters[target]
        best = choose_attack(state, attacker, foe)
        now = best[0] if best is not None else 0.0
        for power in attacker.powers:
            if power.protects is None or power.attack is not None:
                continue
            rank = rank_of(state, attacker, power.name)
            used_as = "force blade"
            blade = Stunt(
                power=power.name, used_as=used_as, rank=rank, until_round=state.round, attack=AttackKind.MELEE
            )
            stunted = _with(state, me, stunts=(*state.condition(me).stunts, blade))
            found = choose_attack(stunted, stunted.characters[me], foe)
            if found is not None and found[1] == blade.used_as and found[0] > 2 * now:
                payload = {"character": me, "kind": "stunt", "power": power.name, "used_as": blade.used_as}
                return Move("spend", {**payload, "attack": AttackKind.MELEE.value})
        return None

    def _decides(self, state: BpbState, me: str, target: str, power: str) -> bool:
        """Would a hit with ``power`` put ``target`` out, and might the roll miss (src 469: a plot point makes
        "an attempt to hit in combat" succeed)?"""
        attacker, foe = state.characters[me], state.characters[target]
        ways = {p.name if p is not None else "unarmed": p for p in _attacks(state, attacker)}
        if power not in ways:
            return False
        used = ways[power]
        if used is not None and used.damages != "Endurance":
            return False
        task, hurt = _hit(state, attacker, foe, used)
        return task_odds(task).p_success < 1 and _falls(state, hurt, target)

    def _defend(self, state: BpbState, prompt: Prompt) -> Move:
        f = state.fight
        pending = f.pending if f is not None else None
        if pending is not None and _falls(state, _hurt(state, pending, pending.target), pending.target):
            # BPB-PP-005 (src 469-471): the block or dodge is a task roll the plot point makes succeed
            spends = [o for o in prompt.options if o.payload.get("plot_point")]
            spends.sort(key=lambda o: bool(o.payload.get("forced")))
            if spends:
                return Move.of(spends[0])
        return super()._defend(state, prompt)


ARENA = BpbArena()
POLICIES: dict[str, Sensible] = {"sensible": Sensible(), "no_reactions": NoReactions(), "plot": PlotPoints()}
