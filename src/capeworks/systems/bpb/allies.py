"""Who may step in front of an attack meant for someone else (BPB-TURN-004), and who is asked.

The chapter lets a forced action "take a defensive action on someone else's behalf, such as
diving in front of an attack to protect an innocent bystander" (src 297). Anyone able to force
an action may do it; the table *asks* only those on the target's side (or, for a target on no
side, everyone not on the attacker's), and only when the GM named the sides at the start of
the fight: without sides every hit would ask every other character.
"""

from __future__ import annotations

from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.bpb.lookups import is_held, land_movers, rank_of, require_able
from capeworks.systems.bpb.model import Pending, Status
from capeworks.systems.bpb.movement import ground
from capeworks.systems.bpb.sheet import Character
from capeworks.systems.bpb.state import BpbState

__all__ = ["foes", "interposers", "reach_ft", "require_can_step_in"]


def reach_ft(state: BpbState, who: Character) -> int:
    """How far the character can go to get in the way or dive for cover: a base move, 10 x Agility "or
    movement power base" (BPB-DEF-009 PROPOSED; src 107: a movement power moves at the power's speed),
    whichever is further; boosts, drains and stunted movement powers count. A power that goes only through
    water (Super-swimming) does not count: the fight is on land (src 30, 57). Held, only a movement power
    goes (src 329: no "normal movement")."""
    legs = () if is_held(state, who.id) else ("Agility",)
    names = (*legs, *(p.name for p in land_movers(state, who)))
    return max((ground(rank_of(state, who, name)).walk for name in names), default=0)


def require_can_step_in(state: BpbState, p: Pending, who: Character, feet: int | None = None) -> None:
    """Refuse, with the rule, a character who cannot step in front of attack ``p`` now."""
    fight = state.fight
    assert fight is not None
    if p.meant_for is not None:
        someone = state.characters[p.target].name
        raise RuleViolation("BPB-TURN-004", f"{someone} has already stepped in front of attack {p.id}.")
    if who.id == p.attacker:
        raise InvalidCommand(f"{who.name} made attack {p.id}.")
    if who.id == p.target:
        raise InvalidCommand(f"Attack {p.id} is aimed at {who.name}: they answer it with defend.")
    if who.id not in fight.order.order:
        raise InvalidCommand(f"{who.name} is not in the fight.")
    c = require_able(state, who)
    if c.held_by is not None or Status.RESTRAINED in c.statuses:
        raise RuleViolation("BPB-GRAB-005", f"{who.name} is held and cannot move to get in the way.")
    if Status.PRONE in c.statuses:
        # src 127: standing up from prone is itself the movement action; the dive in front of the attack is a
        # move of its own (within a base move, src 395), which one lying on the ground cannot make at once
        raise RuleViolation(
            "BPB-ACT-004",
            f"{who.name} is prone: standing up is a movement action, so they cannot dive in front of the"
            " attack.",
        )
    if who.id in fight.unaware:
        raise RuleViolation("BPB-INIT-001", f"{who.name} is not aware of the fight yet.")
    if fight.forced.get(who.id) == fight.order.round:
        raise RuleViolation("BPB-TURN-006", f"{who.name} has already forced an action this round.")
    reach = reach_ft(state, who)
    if feet is not None and feet > reach:
        raise RuleViolation(
            "BPB-TURN-004", f"{who.name} cannot get there: {feet} ft is beyond a base move of {reach} ft."
        )


def interposers(state: BpbState, p: Pending) -> list[str]:
    """Those asked whether they step in front of ``p``, in the order of play (none without sides)."""
    fight = state.fight
    if fight is None or not fight.sides or p.meant_for is not None:
        return []
    sides = fight.sides
    theirs, attackers = sides.get(p.target), sides.get(p.attacker)
    out = []
    for cid in fight.order.order:
        side = sides.get(cid)
        if side is None or cid in p.declined or cid not in state.characters:
            continue
        if (side != theirs) if theirs is not None else (side == attackers):
            continue
        try:
            require_can_step_in(state, p, state.characters[cid])
        except (InvalidCommand, RuleViolation):
            continue
        out.append(cid)
    return out


def foes(state: BpbState, who: Character) -> list[str]:
    """Those on another side than ``who``'s, still standing, in the order of play: whom a menu offers an
    attack on first. None without sides, or for one on no side: the seed bars no target (src 133, 411), so
    an ally stays a target the player names, never the one offered."""
    fight = state.fight
    mine = fight.sides.get(who.id) if fight is not None else None
    if fight is None or mine is None:
        return []
    out = (cid for cid in fight.order.order if fight.sides.get(cid, mine) != mine and cid in state.characters)
    down = (Status.UNCONSCIOUS, Status.DEAD)
    return [cid for cid in out if not any(s in state.condition(cid).statuses for s in down)]
