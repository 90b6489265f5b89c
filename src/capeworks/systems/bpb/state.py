"""The state of a Bulletproof Blues table and its fold (pure: a new state per event)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import Event
from capeworks.engine.kit import TurnOrder
from capeworks.systems.bpb import events as ev
from capeworks.systems.bpb.config import BpbConfig
from capeworks.systems.bpb.model import (
    Asked,
    Blast,
    Call,
    Condition,
    Fight,
    Guard,
    Pending,
    RangeAsk,
    Stage,
    Status,
    Turn,
)
from capeworks.systems.bpb.movement import Mode, rest_after_sprint
from capeworks.systems.bpb.sheet import Character

__all__ = ["BpbState", "combat_begins", "fold"]


class BpbState(BaseModel):
    """Characters and their conditions, the GM's calls, the fight, the session and the GM's notes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    config: BpbConfig = Field(default_factory=BpbConfig)
    characters: dict[str, Character] = Field(default_factory=dict)
    conditions: dict[str, Condition] = Field(default_factory=dict)
    calls: dict[int, Call] = Field(default_factory=dict)
    next_call: int = 1
    fight: Fight | None = None
    session: int = 0
    awards: int = 0  # plot points awarded this session (BPB-PP-003)
    gm_notes: tuple[str, ...] = ()

    def condition(self, cid: str) -> Condition:
        """A character's condition (fresh when nothing has happened to them)."""
        return self.conditions.get(cid) or Condition()

    def plot_points(self, cid: str) -> int:
        """The plot points ``cid`` may spend: their player's (BPB-PP-001, src 443: "Each player begins each
        game session with one plot point"; src 469: "the player spends a plot point"), wherever they sit
        among that player's characters. A character without a player (the GM's) has its own."""
        ch = self.characters.get(cid)
        if ch is None or not ch.owner:
            return self.condition(cid).plot_points
        return sum(self.condition(k).plot_points for k, c in self.characters.items() if c.owner == ch.owner)

    @property
    def round(self) -> int:
        """The combat round (0 outside a fight)."""
        return self.fight.order.round if self.fight else 0


def _cond(state: BpbState, cid: str, **update: object) -> dict[str, Condition]:
    return {**state.conditions, cid: state.condition(cid).model_copy(update=update)}


def _fight(state: BpbState, **update: object) -> Fight | None:
    return state.fight.model_copy(update=update) if state.fight else None


def _turn(state: BpbState, cid: str, **update: object) -> Fight | None:
    fight = state.fight
    if fight is None or fight.turn.actor != cid:
        return fight
    return fight.model_copy(update={"turn": fight.turn.model_copy(update=update)})


def _paused_task_spent(turn: Turn, cid: str) -> Turn:
    """``turn`` with the task action of ``cid``'s paused turn (anywhere down the chain) spent."""
    if turn.actor == cid:
        return turn.model_copy(update={"task": True})
    if turn.paused is None:
        return turn
    return turn.model_copy(update={"paused": _paused_task_spent(turn.paused, cid)})


def _statuses(
    c: Condition, add: tuple[Status, ...] = (), remove: tuple[Status, ...] = ()
) -> tuple[Status, ...]:
    kept = [s for s in c.statuses if s not in remove]
    return tuple(kept + [s for s in add if s not in kept])


def _pending(state: BpbState, stage: Stage | None) -> Fight | None:
    fight = state.fight
    if fight is None or fight.pending is None:
        return fight
    pending = None if stage is None else fight.pending.model_copy(update={"stage": stage})
    return fight.model_copy(update={"pending": pending})


def _spend_point(state: BpbState, cid: str) -> dict[str, Condition]:
    """A plot point spent by ``cid``: their own if they hold one, else one their player's other character
    holds (the points are the player's, BPB-PP-001). A log written before only spent points the spender
    held, so it replays as it was played."""
    ch = state.characters.get(cid)
    holder = cid
    if state.condition(cid).plot_points < 1 and ch is not None and ch.owner:
        holder = next(
            (
                k
                for k, c in state.characters.items()
                if c.owner == ch.owner and state.condition(k).plot_points > 0
            ),
            cid,
        )
    return _cond(state, holder, plot_points=state.condition(holder).plot_points - 1)


def _lose_action(state: BpbState, cid: str) -> dict[str, Condition]:
    c = state.condition(cid)
    return _cond(state, cid, lost_actions=c.lost_actions + 1)


def fold(state: BpbState, event: Event) -> BpbState:
    """Apply one event. Never mutates."""
    p = event.payload
    if not isinstance(p, ev.BpbEvent):
        return state
    up: dict[str, object] = {}
    if isinstance(p, ev.CharacterAdded):
        up["characters"] = {**state.characters, p.character.id: p.character}
        up["conditions"] = {**state.conditions, p.character.id: Condition(plot_points=p.plot_points)}
    elif isinstance(p, ev.GmNoted):
        up["gm_notes"] = (*state.gm_notes, p.text)
    elif isinstance(p, ev.SessionStarted):
        conditions = dict(state.conditions)
        for cid in state.characters:
            keep = (p.plot_points if cid in p.characters else 0) + (
                state.condition(cid).plot_points if cid in p.carried else 0
            )
            conditions[cid] = state.condition(cid).model_copy(update={"plot_points": keep})
        up["conditions"], up["session"], up["awards"] = conditions, p.session, 0
    elif isinstance(p, ev.PlotPointAwarded):
        up["conditions"] = _cond(state, p.character, plot_points=state.condition(p.character).plot_points + 1)
        up["awards"] = state.awards + 1
    elif isinstance(p, ev.PlotPointSpent):
        spent = state.model_copy(update={"conditions": _spend_point(state, p.character)})
        c = spent.condition(p.character)
        update: dict[str, object] = {}
        if p.boost is not None:
            update["boosts"] = (*c.boosts, p.boost)
        if p.stunt is not None:
            update["stunts"] = (*c.stunts, p.stunt)
        up["conditions"] = _cond(spent, p.character, **update)
    elif isinstance(p, ev.CallMade):
        up["calls"] = {**state.calls, p.call.id: p.call}
        up["next_call"] = max(state.next_call, p.call.id + 1)
    elif isinstance(p, ev.TaskRolled):
        if p.call is not None and p.call in state.calls:
            call = state.calls[p.call]
            call = call.model_copy(
                update={
                    "successes": {
                        **call.successes,
                        p.character: call.successes.get(p.character, 0) + p.counted,
                    },
                    "attempts": {**call.attempts, p.character: call.attempts.get(p.character, 0) + 1},
                }
            )
            up["calls"] = {**state.calls, call.id: call}
        if p.in_turn:
            up["fight"] = _turn(state, p.character, task=True)
        if p.roll.plot_point:
            up["conditions"] = _spend_point(state, p.character)
    elif isinstance(p, ev.CallClosed):
        up["calls"] = {k: v for k, v in state.calls.items() if k != p.call}
    elif isinstance(p, ev.FightStarted):
        first = p.order[0] if p.order else ""
        up["fight"] = Fight(
            order=TurnOrder(order=p.order), turn=Turn(actor=first), unaware=p.unaware, sides=p.sides
        )
        begun = {cid: combat_begins(c) for cid, c in state.conditions.items()}
        for cid in p.airborne:  # BPB-GRAB-011: already flying as it begins
            begun[cid] = begun.get(cid, state.condition(cid)).model_copy(update={"airborne": True})
        up["conditions"] = begun
    elif isinstance(p, ev.BecameAware):
        fight = state.fight
        if fight is not None:
            # BPB-INIT-001: one not yet in the fight joins it last (older logs named only those in it)
            joining = tuple(c for c in p.characters if c not in fight.order.order)
            up["fight"] = fight.model_copy(
                update={
                    "unaware": tuple(c for c in fight.unaware if c not in p.characters),
                    "order": fight.order.model_copy(update={"order": (*fight.order.order, *joining)}),
                }
            )
    elif isinstance(p, ev.TurnBegan):
        up.update(_turn_began(state, p))
    elif isinstance(p, ev.Delayed):
        fight = state.fight
        if fight is not None and (p.moved is not None or p.character in fight.delayed_moved):
            held = {k: v for k, v in fight.delayed_moved.items() if k != p.character}
            moved = {**held, p.character: p.moved} if p.moved is not None else held
            up["fight"] = _fight(state, delayed=(*fight.delayed, p.character), delayed_moved=moved)
        else:
            up["fight"] = _fight(state, delayed=(*fight.delayed, p.character) if fight else ())
    elif isinstance(p, ev.HeldActionSpent):  # the action just lost is the held one, not a later turn's
        fight = state.fight
        if fight is not None:
            up["fight"] = fight.model_copy(
                update={"delayed": tuple(d for d in fight.delayed if d != p.character)}
            )
        c = state.condition(p.character)
        up["conditions"] = _cond(state, p.character, lost_actions=max(0, c.lost_actions - 1))
    elif isinstance(p, ev.Winded):  # BPB-MOVE-009: a round without a sprint ends the sprint
        up["conditions"] = _cond(state, p.character, sprinted=0, slow_until=p.until_round)
    elif isinstance(p, ev.PausedTaskLost):  # the action just lost is the paused turn's task action
        fight = state.fight
        if fight is not None:
            up["fight"] = fight.model_copy(update={"turn": _paused_task_spent(fight.turn, p.character)})
        c = state.condition(p.character)
        up["conditions"] = _cond(state, p.character, lost_actions=max(0, c.lost_actions - 1))
    elif isinstance(p, ev.Preempted):
        fight = state.fight
        if fight is not None:
            up["fight"] = fight.model_copy(
                update={
                    "turn": Turn(
                        actor=p.character,
                        resumes=p.before,
                        paused=fight.turn if p.keeps else None,
                        moved=fight.delayed_moved.get(p.character),  # held after moving: the task alone
                    ),
                    "delayed": tuple(d for d in fight.delayed if d != p.character),
                    "delayed_moved": {k: v for k, v in fight.delayed_moved.items() if k != p.character},
                    "guards": {k: v for k, v in fight.guards.items() if k != p.character},
                }
            )
    elif isinstance(p, ev.PaceDeclared):
        up["fight"] = _turn(state, p.character, pace=p.mode)
    elif isinstance(p, ev.Moved):
        up.update(_moved(state, p))
    elif isinstance(p, ev.ActionTaken):
        fight = state.fight
        if fight is not None and fight.turn.actor == p.character:
            if p.kind == "movement":  # BPB-ACT-005: the movement action spent on an equivalent one
                up["fight"] = _turn(state, p.character, moved=Mode.WALK)
            else:
                key = "free" if p.kind == "free" else "roleplay"
                up["fight"] = _turn(state, p.character, **{key: getattr(fight.turn, key) + 1})
    elif isinstance(p, ev.PowerSwitched):
        c = state.condition(p.character)
        on = tuple(x for x in c.on if x != p.power) + ((p.power,) if p.on else ())
        conds = _cond(state, p.character, on=on)
        if p.forced and state.fight is not None:  # BPB-TURN-004: the next action goes on it
            fight = state.fight
            up["fight"] = fight.model_copy(update={"forced": {**fight.forced, p.character: p.round}})
            mine = conds[p.character]
            conds = {**conds, p.character: mine.model_copy(update={"lost_actions": mine.lost_actions + 1})}
        up["conditions"] = conds
        if state.fight and state.fight.turn.actor == p.character:
            up["fight"] = _turn(state, p.character, free=state.fight.turn.free + 1)
    elif isinstance(p, ev.Guarded):
        fight = state.fight
        if fight is not None:
            fight = fight.model_copy(
                update={
                    "guards": {
                        **fight.guards,
                        p.character: Guard(kind=p.kind, hurried=p.hurried, faced=0 if p.faced else None),
                    }
                }
            )
            if p.forced:
                fight = fight.model_copy(update={"forced": {**fight.forced, p.character: p.round}})
                up["conditions"] = _lose_action(state, p.character)
            elif fight.turn.actor == p.character:
                fight = fight.model_copy(update={"turn": fight.turn.model_copy(update={"task": True})})
            up["fight"] = fight
    elif isinstance(p, ev.AttackRolled):
        fight = _turn(state, p.attacker, task=True)
        if fight is not None:
            pending = None
            if p.stage is not None:
                pending = Pending(
                    id=p.attack,
                    attacker=p.attacker,
                    target=p.target,
                    power=p.power,
                    rank=p.rank,
                    dr=p.dr,
                    stunning=p.stunning,
                    penetrating=p.penetrating,
                    damages=p.damages,
                    extreme=p.roll.verdict.extreme,
                    stage=p.stage,
                    cover_ft=p.cover_ft,
                    large=p.large,
                    recoil=p.recoil,
                )
            fight = fight.model_copy(
                update={"pending": pending, "next_attack": p.attack + 1, "guards": _faced(fight.guards, p)}
            )
        up["fight"] = fight
        if p.roll.plot_point:
            up["conditions"] = _spend_point(state, p.attacker)
    elif isinstance(p, ev.DefenceRolled):
        fight = state.fight
        if fight is not None:
            guard = fight.guards.get(p.character) or Guard(
                kind=p.kind, hurried=p.hurried, faced=1 if p.faced else None
            )
            counted: dict[str, object] = {"attempts": guard.attempts + 1}
            if guard.faced is not None:  # the attack answered is at least the guard's first (BPB-DEF-003)
                counted["faced"] = max(guard.faced, 1)
            guards = {**fight.guards, p.character: guard.model_copy(update=counted)}
            fight = fight.model_copy(update={"guards": guards})
            if p.forced:
                fight = fight.model_copy(update={"forced": {**fight.forced, p.character: p.round}})
                up["conditions"] = _lose_action(state, p.character)
            if p.roll.plot_point:  # BPB-PP-005
                spent = state.model_copy(update={"conditions": up.get("conditions", state.conditions)})
                up["conditions"] = _spend_point(spent, p.character)
            up["fight"] = _pending(state.model_copy(update={"fight": fight}), p.stage)
    elif isinstance(p, ev.PowerAsked | ev.PowerRuled):
        up["fight"] = _similar(state, p)
    elif isinstance(p, ev.RangeAsked):
        asked = RangeAsk(target=p.target, power=p.power, bands=p.bands, attack=p.attack)
        up["fight"] = _turn(state, p.character, asked=asked)
    elif isinstance(p, ev.RangeRuled):
        up["fight"] = _turn(state, p.character, asked=None)
    elif isinstance(p, ev.HitTaken | ev.ExtremeChosen):
        fight = state.fight
        if isinstance(p, ev.ExtremeChosen) and fight is not None and fight.pending is not None:
            waits = {"effect": p.effect} if p.stage is Stage.RESIST else {}  # only newer logs have it
            fight = fight.model_copy(
                update={"pending": fight.pending.model_copy(update={"extreme": False, **waits})}
            )
            state = state.model_copy(update={"fight": fight})
        up["fight"] = _pending(state, p.stage)
    elif isinstance(p, ev.SteppedIn):
        up.update(_stepped_in(state, p))
    elif isinstance(p, ev.StepInDeclined):
        fight = state.fight
        if fight is not None and fight.pending is not None:
            pending = fight.pending.model_copy(update={"declined": (*fight.pending.declined, p.character)})
            up["fight"] = fight.model_copy(update={"pending": pending})
    elif isinstance(p, ev.DoveForCover):
        fight = state.fight
        if fight is not None:
            fight = fight.model_copy(update={"forced": {**fight.forced, p.character: p.round}})
            state = state.model_copy(update={"fight": fight, "conditions": _lose_action(state, p.character)})
            c = state.condition(p.character)
            landed = {"airborne": False} if p.grounded else {}
            up["conditions"] = _cond(state, p.character, statuses=_statuses(c, (Status.PRONE,)), **landed)
            up["fight"] = _pending(state, p.stage)
    elif isinstance(p, ev.Damaged):
        c = state.condition(p.character)
        if p.attribute != "Endurance":
            drained = {**c.drained, p.attribute: c.drained.get(p.attribute, 0) + p.amount}
            up["conditions"] = _cond(state, p.character, drained=drained)
        elif p.stunning:
            up["conditions"] = _cond(state, p.character, stunning=c.stunning + p.amount)
        else:
            up["conditions"] = _cond(state, p.character, lost=c.lost + p.amount, recent=c.recent + p.amount)
    elif isinstance(p, ev.StatusSet):
        c = state.condition(p.character)
        update = {"statuses": _statuses(c, p.add, p.remove)}
        if p.held_by is not None:
            update["held_by"] = p.held_by
        if p.released:
            update["held_by"] = None
        if p.switched_off:
            update["on"] = tuple(x for x in c.on if x not in p.switched_off)
        up["conditions"] = _cond(state, p.character, **update)
        if p.knocked_out and state.fight is not None:
            guards = {k: v for k, v in state.fight.guards.items() if k != p.character}
            delayed = tuple(d for d in state.fight.delayed if d != p.character)
            up["fight"] = state.fight.model_copy(update={"guards": guards, "delayed": delayed})
    elif isinstance(p, ev.SlamRolled) and p.grounded:  # src 238: slammed out of the air, she lands
        spent = (
            state.model_copy(update={"conditions": _spend_point(state, p.character)})
            if p.roll.plot_point
            else state
        )
        up["conditions"] = _cond(spent, p.character, airborne=False)
    elif isinstance(p, ev.Thrown) and p.grounded:  # src 347: the one thrown "lands a distance away"
        up["conditions"] = _cond(state, p.target, airborne=False)
    elif isinstance(p, ev.SlamRolled | ev.StaggerRolled) and p.roll.plot_point:  # BPB-PP-005 (Stage.RESIST)
        up["conditions"] = _spend_point(state, p.character)
    elif isinstance(p, ev.StaggerRolled):
        if not p.roll.verdict.success:
            c = state.condition(p.character)
            up["conditions"] = _cond(
                state,
                p.character,
                lost_actions=c.lost_actions + 1,
                statuses=_statuses(c, (Status.STAGGERED,)),
            )
    elif isinstance(p, ev.PowersChecked):
        if not p.kept:
            c = state.condition(p.character)
            up["conditions"] = _cond(state, p.character, on=tuple(x for x in c.on if x not in p.powers))
        if p.roll is not None and p.roll.plot_point:  # BPB-PP-005
            up["conditions"] = _spend_point(state, p.character)
    elif isinstance(p, ev.AttackSettled):
        up["fight"] = _fight(state, pending=None)
    elif isinstance(p, ev.Grabbed | ev.Exploded):
        actor = p.attacker
        turned = _turn(state, actor, task=True)
        if isinstance(p, ev.Grabbed) and p.waits is not None and turned is not None:  # BPB-PP-005
            turned = turned.model_copy(update={"pending": p.waits, "next_attack": p.waits.id + 1})
        up["fight"] = turned
        if p.roll is not None and p.roll.plot_point:  # BPB-PP-005
            up["conditions"] = _spend_point(state, actor)
        if isinstance(p, ev.Exploded) and p.cover and turned is not None:
            blast = Blast(
                attacker=p.attacker,
                power=p.power,
                penetrating=p.penetrating,
                hits={k: p.hits[k] for k in p.cover if k in p.hits},
                cover=dict(p.cover),
                awaiting=tuple(p.cover),
            )
            up["fight"] = turned.model_copy(update={"blast": blast})
    elif isinstance(p, ev.BlastAnswered):
        up.update(_blast_answered(state, p))
    elif isinstance(p, ev.BrokeOut):
        up["fight"] = _fight(state, pending=None)
        if p.roll.plot_point:  # BPB-PP-005
            up["conditions"] = _spend_point(state, p.character)
    elif isinstance(p, ev.BrokeFree):
        up["fight"] = _turn(state, p.character, task=True)
        if p.roll.plot_point:  # BPB-PP-005
            up["conditions"] = _spend_point(state, p.character)
    elif isinstance(p, ev.Rested):
        c = state.condition(p.character)
        lost = c.lost - p.recovered
        statuses = c.statuses
        sheet = state.characters.get(p.character)
        if sheet is not None and sheet.attribute("Endurance") - lost > 0:  # awake again (BPB-REC-004)
            statuses = tuple(x for x in statuses if x is not Status.UNCONSCIOUS)
        # a rally is a rest's recovery without the half hour: this round's boosts and stunts go on;
        # a real rest (half an hour) also outlasts any sprint's winded rounds (BPB-MOVE-009)
        ends = ("boosts", "stunts") if p.ends is None else p.ends  # None: an older log's rest
        rested = _rest_ends(ends)
        up["conditions"] = _cond(
            state, p.character, lost=lost, recent=0, stunning=0, drained={}, statuses=statuses, **rested
        )
    elif isinstance(p, ev.Healed):
        c = state.condition(p.character)
        healed: dict[str, object] = {"lost": c.lost - p.amount, "week_days": p.week_days}
        if p.rested:  # days of rest: stunning and drains back, awake above 0 (BPB-DMG-007, BPB-REC-003/004)
            sheet = state.characters.get(p.character)
            awake = sheet is not None and sheet.attribute("Endurance") - (c.lost - p.amount) > 0
            statuses = tuple(x for x in c.statuses if not (awake and x is Status.UNCONSCIOUS))
            healed.update(stunning=0, drained={}, statuses=statuses)
        healed.update(_rest_ends(p.ends))
        up["conditions"] = _cond(state, p.character, **healed)
    elif isinstance(p, ev.HazardAdded) and state.fight is not None:
        up["fight"] = state.fight.model_copy(update={"hazards": (*state.fight.hazards, p.hazard)})
    elif isinstance(p, ev.HazardSteered) and state.fight is not None:
        hazards = tuple(
            h.model_copy(update={"moved_round": p.round}) if h.id == p.hazard else h
            for h in state.fight.hazards
        )
        up["fight"] = state.fight.model_copy(update={"hazards": hazards})
        up["fight"] = _turn(
            state.model_copy(update={"fight": up["fight"]}), p.character, free=state.fight.turn.free + 1
        )
    elif isinstance(p, ev.EnvironmentActed) and state.fight is not None:
        kept = tuple(h for h in state.fight.hazards if h.id not in p.removed)
        up["fight"] = state.fight.model_copy(update={"hazards": kept})
        if p.fell:  # src 256: down on the ground
            up["conditions"] = {
                cid: c.model_copy(update={"airborne": False}) if cid in p.fell else c
                for cid, c in state.conditions.items()
            }
    elif isinstance(p, ev.SceneEnded):
        up["conditions"] = {
            cid: c.model_copy(update={"boosts": (), "stunts": ()}) for cid, c in state.conditions.items()
        }
    elif isinstance(p, ev.StuntUsed):
        c = state.condition(p.character)
        stunts = []
        for s in c.stunts:
            if s.used_as == p.stunt and s.uses is not None:
                if s.uses - p.count <= 0:
                    continue
                s = s.model_copy(update={"uses": s.uses - p.count})
            stunts.append(s)
        up["conditions"] = _cond(state, p.character, stunts=tuple(stunts))
    elif isinstance(p, ev.FightEnded):
        up["fight"] = None
        if p.settles:  # BPB-TURN-004, BPB-XS-007: a forced action or a stagger costs an action of this
            # fight, not the next; BPB-PP-008: boosts and stunts keep only the rounds they had left
            up["conditions"] = {cid: _after_fight(c, state.round) for cid, c in state.conditions.items()}
        if p.fell:  # src 256: down on the ground
            settled = state.model_copy(update={"conditions": up.get("conditions", state.conditions)})
            up["conditions"] = {
                cid: c.model_copy(update={"airborne": False}) if cid in p.fell else c
                for cid, c in settled.conditions.items()
            }
    return _acted_under_guard(state, state.model_copy(update=up) if up else state)


def _rest_ends(ends: tuple[str, ...]) -> dict[str, object]:
    """What a rest of ``ends`` clears from a condition: boosts, stunts, a sprint's winded rounds."""
    cleared: dict[str, object] = {part: () for part in ("boosts", "stunts") if part in ends}
    if "winded" in ends:
        cleared.update(sprinted=0, slow_until=0)
    return cleared


def _faced(guards: dict[str, Guard], p: ev.AttackRolled) -> dict[str, Guard]:
    """BPB-DEF-003 (src 375: "for every attack after the first ... each time they are attacked"): an attack
    on one with a guard up counts toward its +1s, hit or miss (not one aimed at an object they hold, src 175:
    that is the object's); a guard of an older log (no ``faced``) counts attempts instead."""
    guard = guards.get(p.target)
    if guard is None or guard.faced is None or p.held_item:
        return guards
    return {**guards, p.target: guard.model_copy(update={"faced": guard.faced + 1})}


def _acted_under_guard(before: BpbState, after: BpbState) -> BpbState:
    """BPB-DEF-003 (src 375): a guard kept into its owner's turn ends at their next action: the turn's
    task action or a move (a guard raised as that task is a new one and stays)."""
    was, now = before.fight, after.fight
    if was is None or now is None or not was.turn.guard_waits or not now.turn.guard_waits:
        return after
    turn, old = now.turn, was.turn
    if turn.actor != old.actor or (turn.task, turn.moved, turn.pace) == (old.task, old.moved, old.pace):
        return after
    guards = dict(now.guards)
    if guards.get(turn.actor) is was.guards.get(turn.actor):
        guards.pop(turn.actor, None)
    fight = now.model_copy(update={"guards": guards, "turn": turn.model_copy(update={"guard_waits": False})})
    return after.model_copy(update={"fight": fight})


def combat_begins(c: Condition) -> Condition:
    """A condition as combat time begins (BPB-PP-008): a boost or stunt bought outside a fight for its
    round ("round 0") is over (older logs stored round 1 for it, and keep it as they were played)."""
    boosts = tuple(b for b in c.boosts if b.until_round >= 1)
    stunts = tuple(s for s in c.stunts if s.until_round is None or s.until_round >= 1)
    if len(boosts) == len(c.boosts) and len(stunts) == len(c.stunts):
        return c
    return c.model_copy(update={"boosts": boosts, "stunts": stunts})


def _after_fight(c: Condition, last: int) -> Condition:
    """A condition once the fight ends in round ``last``: no actions owed (so no longer staggered,
    src 242), round counts rebased."""
    staggered = Status.STAGGERED in c.statuses
    if not (
        c.lost_actions
        or staggered
        or c.boosts
        or c.slow_until
        or any(s.until_round is not None for s in c.stunts)
    ):
        return c
    boosts = tuple(
        b.model_copy(update={"until_round": b.until_round - last}) for b in c.boosts if b.until_round > last
    )
    stunts = tuple(
        s if s.until_round is None else s.model_copy(update={"until_round": s.until_round - last})
        for s in c.stunts
        if s.until_round is None or s.until_round > last
    )
    slow = max(0, c.slow_until - last)  # BPB-MOVE-009: the winded rounds still owed
    statuses = tuple(x for x in c.statuses if x is not Status.STAGGERED)
    kept = {"boosts": boosts, "stunts": stunts, "slow_until": slow, "statuses": statuses}
    return c.model_copy(update={"lost_actions": 0, **kept})


def _turn_began(state: BpbState, p: ev.TurnBegan) -> dict[str, object]:
    fight = state.fight
    if fight is None:
        return {}
    order = fight.order
    index = order.order.index(p.character) if p.character in order.order else order.index
    paused = fight.turn.paused
    if p.resumed and paused is not None and paused.actor == p.character:  # BPB-TURN-002: as it stood
        return {
            "fight": fight.model_copy(
                update={"order": order.model_copy(update={"index": index}), "turn": paused}
            )
        }
    moves = {} if p.round_ended else dict(fight.moves)
    guards = dict(fight.guards)
    if fight.turn.guard_waits and fight.turn.actor not in fight.delayed:
        guards.pop(fight.turn.actor, None)  # the turn ended without acting or holding: it was the action
    conditions = dict(state.conditions)
    c = state.condition(p.character)
    update: dict[str, object] = {}
    if p.lost:
        update["lost_actions"] = max(0, c.lost_actions - 1)
    elif not p.guard_waits:  # BPB-DEF-003: a guard lasts until the next action (older logs: the turn's start)
        guards.pop(p.character, None)
        update["statuses"] = tuple(s for s in c.statuses if s is not Status.STAGGERED)
    # BPB-PP-008: boosts end when their rounds are over
    update["boosts"] = tuple(b for b in c.boosts if b.until_round >= p.round)
    update["stunts"] = tuple(s for s in c.stunts if s.until_round is None or s.until_round >= p.round)
    conditions[p.character] = c.model_copy(update=update)
    for cid in p.lapsed:  # BPB-PP-008: out of the fight, their boosts' rounds end all the same
        out = conditions[cid]
        conditions[cid] = out.model_copy(
            update={
                "boosts": tuple(b for b in out.boosts if b.until_round >= p.round),
                "stunts": tuple(s for s in out.stunts if s.until_round is None or s.until_round >= p.round),
            }
        )
    delayed = tuple(d for d in fight.delayed if d != p.character)  # BPB-TURN-001 (PROPOSED): one held action
    fight = fight.model_copy(
        update={
            "order": order.model_copy(update={"index": index, "round": p.round}),
            "turn": Turn(
                actor=p.character, lost=p.lost, task=p.lost, resumes=p.resumes, guard_waits=p.guard_waits
            ),
            "moves": moves,
            "guards": guards,
            "delayed": delayed,
            "delayed_moved": {k: v for k, v in fight.delayed_moved.items() if k in delayed},
        }
    )
    return {"fight": fight, "conditions": conditions}


def _moved(state: BpbState, p: ev.Moved) -> dict[str, object]:
    fight = state.fight
    c = state.condition(p.character)
    update: dict[str, object] = {}
    if p.airborne or c.airborne:  # BPB-GRAB-011: up with a flight, down with any other move
        update["airborne"] = p.airborne
    if p.stand_up:
        update["statuses"] = tuple(s for s in c.statuses if s is not Status.PRONE)
    elif p.medium != "power":
        if p.mode is Mode.SPRINT:
            update["sprinted"] = c.sprinted + 1
        elif c.sprinted:
            update["sprinted"] = 0
            update["slow_until"] = p.round + rest_after_sprint(c.sprinted)  # BPB-MOVE-009
    out: dict[str, object] = {"conditions": _cond(state, p.character, **update)}
    if fight is not None:
        turn = (
            fight.turn.model_copy(update={"moved": p.mode, "moved_ft": p.feet})
            if fight.turn.actor == p.character
            else fight.turn
        )
        out["fight"] = fight.model_copy(update={"turn": turn, "moves": {**fight.moves, p.character: p.mode}})
    return out


def _similar(state: BpbState, p: ev.PowerAsked | ev.PowerRuled) -> Fight | None:
    """BPB-DEF-005: the hit waits for the GM's ruling on the power asked for; a power ruled out is not offered
    again for it, and the target answers anew."""
    fight = state.fight
    if fight is None or fight.pending is None:
        return fight
    pending = fight.pending
    if isinstance(p, ev.PowerAsked):
        asked = Asked(kind=p.kind, power=p.power, forced=p.forced, plot_point=p.plot_point)
        pending = pending.model_copy(update={"asked": asked, "stage": Stage.SIMILAR})
    elif p.permitted:
        pending = pending.model_copy(update={"asked": None})
    else:
        ruled_out = (*pending.ruled_out, p.power)
        pending = pending.model_copy(update={"asked": None, "ruled_out": ruled_out, "stage": Stage.DEFENCE})
    return fight.model_copy(update={"pending": pending})


def _stepped_in(state: BpbState, p: ev.SteppedIn) -> dict[str, object]:
    """BPB-TURN-004: the hit is the one who stepped in; it is their forced action (the next one lost)."""
    fight = state.fight
    if fight is None or fight.pending is None:
        return {}
    pending = fight.pending.model_copy(update={"target": p.character, "meant_for": p.meant_for})
    fight = fight.model_copy(update={"pending": pending, "forced": {**fight.forced, p.character: p.round}})
    moved = state.model_copy(update={"fight": fight, "conditions": _lose_action(state, p.character)})
    return {"fight": _pending(moved, p.stage), "conditions": moved.conditions}


def _blast_answered(state: BpbState, p: ev.BlastAnswered) -> dict[str, object]:
    """BPB-DEF-008: the answer is struck off; a dive is a forced action (the next action lost, prone)."""
    fight = state.fight
    if fight is None or fight.blast is None:
        return {}
    blast = fight.blast
    awaiting = tuple(c for c in blast.awaiting if c != p.character)
    safe = (*blast.safe, p.character) if p.safe else blast.safe
    after = blast.model_copy(update={"awaiting": awaiting, "safe": safe}) if awaiting else None
    update: dict[str, object] = {"fight": fight.model_copy(update={"blast": after})}
    if p.dive:
        forced = {**fight.forced, p.character: p.round}
        update["fight"] = fight.model_copy(update={"blast": after, "forced": forced})
        lost = _lose_action(state, p.character)
        c = lost[p.character]
        landed = {"airborne": False} if p.grounded else {}
        update["conditions"] = {
            **lost,
            p.character: c.model_copy(update={"statuses": _statuses(c, (Status.PRONE,)), **landed}),
        }
    return update


def dumped(state: BpbState) -> dict[str, Any]:
    """The state as JSON, without the fields added since the golden logs while they hold their
    defaults (awareness, a forbidden automatic success, a boost's enhancement): an old campaign
    reads exactly as it did."""
    data = state.model_dump(mode="json")
    fight = data.get("fight")
    if isinstance(fight, dict) and not fight.get("unaware"):
        fight.pop("unaware", None)
    if isinstance(fight, dict) and fight.get("blast") is None:
        fight.pop("blast", None)
    if isinstance(fight, dict) and not fight.get("sides"):
        fight.pop("sides", None)
    pending = fight.get("pending") if isinstance(fight, dict) else None
    if isinstance(pending, dict):
        if pending.get("meant_for") is None:
            pending.pop("meant_for", None)
        if not pending.get("declined"):
            pending.pop("declined", None)
    for call in data.get("calls", {}).values():
        if not call.get("no_automatic"):
            call.pop("no_automatic", None)
    for cond in data.get("conditions", {}).values():
        for boost in cond.get("boosts", ()):
            if not boost.get("enhancement"):
                boost.pop("enhancement", None)
                boost.pop("radius_ft", None)
    return data
