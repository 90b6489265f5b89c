"""Shared look-ups and checks for the handlers: characters, effective ranks, turns, rolling a task."""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.engine import Batch, Context, DiceService, EventData
from capeworks.engine.names import names_of
from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.bpb import damage as dmg
from capeworks.systems.bpb.config import BpbConfig
from capeworks.systems.bpb.events import HeldActionSpent, PausedTaskLost, StatusSet, StuntUsed
from capeworks.systems.bpb.model import Condition, Fight, Roll, Status, Stunt
from capeworks.systems.bpb.odds import task_odds
from capeworks.systems.bpb.sheet import Character, Medium, Power, attribute_name
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import TAKEN, Take, Task, Verdict, judge

__all__ = [
    "MAX_BOOSTED",
    "Ctx",
    "Done",
    "character",
    "emit",
    "endurance_left",
    "fight_of",
    "is_extra_attacks",
    "knock_out",
    "make_roll",
    "power_of",
    "protection_now",
    "rank_of",
    "require_able",
    "require_action_left",
    "require_attack",
    "require_turn",
    "stunt_powers",
    "use_extra_attack",
]

Ctx = Context[BpbConfig]
Done = Batch[BpbState]

#: BPB-PP-007: a power boost cannot go past rank 14
MAX_BOOSTED = 14


def character(state: BpbState, cid: str) -> Character:
    """The character with that id, or a sentence naming who is at the table."""
    found = state.characters.get(cid)
    if found is None:
        known = ", ".join(state.characters) or "nobody yet"
        raise NotFound(f"There is no character {cid!r} at this table; known: {known}.")
    return found


def rank_of(state: BpbState, who: Character, name: str) -> int:
    """The rank a roll uses: an attribute or power, plus boosts, less drains; a stunt's rank."""
    c = state.condition(who.id)
    key = name.strip().lower()
    for stunt in c.stunts:
        if stunt.used_as.lower() == key:
            return stunt.rank
    power = who.power(name)
    if power is not None:
        base = power.rank
        label = power.name
    else:
        label = attribute_name(name)
        base = who.attribute(label)
    boosted = base + sum(1 for b in c.boosts if b.name.lower() == label.lower() and not b.enhancement)
    return max(0, boosted - c.drained.get(label, 0))


def power_of(state: BpbState, who: Character, name: str) -> Power | None:
    """A power on the sheet, or the attack or movement power a stunt makes for its time (BPB-PP-009,
    src 481: a rank 8 Force Field as a rank 8 force blade)."""
    found = who.power(name)
    if found is not None:
        return found
    key = name.strip().lower()
    return next((p for p in stunt_powers(state, who) if p.name.lower() == key), None)


def stunt_powers(state: BpbState, who: Character) -> tuple[Power, ...]:
    """The attack, movement and protection powers ``who``'s stunts make for their time (BPB-PP-009)."""
    return tuple(
        Power(
            name=s.used_as,
            rank=s.rank,
            attack=s.attack,
            movement=s.movement,
            protects=s.protects,
            goes=s.goes,
        )
        for s in state.condition(who.id).stunts
        if s.attack is not None or s.movement or s.protects is not None
    )


def protection_now(state: BpbState, who: Character, damages: str) -> int:
    """The PV ``who`` has against ``damages`` now (BPB-DMG-009/010): the best of the sheet's protections,
    boosted or drained (BPB-PP-007, BPB-REC-003), activated ones only while on, and a stunt's protection at
    its rank for its time (BPB-PP-009), never stacked."""
    ranks = {p.name: rank_of(state, who, p.name) for p in who.powers if p.protects}
    on = state.condition(who.id).on
    return dmg.protection(who, damages, on=on, ranks=ranks, stunted=stunt_powers(state, who))


def endurance_left(state: BpbState, cid: str) -> int:
    """Endurance now: its rank (a boost counts, BPB-PP-007) less normal and stunning damage."""
    c = state.condition(cid)
    return rank_of(state, state.characters[cid], "Endurance") - c.lost - c.stunning


def knock_out(b: Done, cid: str) -> None:
    """BPB-REC-004 (PROPOSED): out of the fight at 0 Endurance; a holder out cold holds no one and shields
    behind no one (BPB-GRAB-005/007, ours); activated powers go off (src 244: they "normally turn off"
    when a character is merely staggered, and one out cold cannot try to keep them on)."""
    fight = b.state.fight  # out cold, they block nothing and hold no action
    ready = fight is not None and (cid in fight.guards or cid in fight.delayed)
    who = b.state.characters[cid]
    off = tuple(n for n in b.state.condition(cid).on if (p := who.power(n)) is not None and p.activated)
    shielding = Status.INTERPOSING in b.state.condition(cid).statuses  # the words name only what ends
    b.emit(
        StatusSet(
            character=cid,
            add=(Status.UNCONSCIOUS,),
            remove=(Status.INTERPOSING,) if shielding else (),
            knocked_out=ready,
            switched_off=off,
        )
    )
    _free_those_held_by(b, cid)


def out_of_the_grapple(b: Done, cid: str) -> None:
    """BPB-GRAB-005 (ours): one carried bodily away (slammed, src 236) leaves the grapple, as a thrown
    character does (BPB-GRAB-008): held, they are free; holding, they let go and shield behind no one."""
    holder = b.state.condition(cid).held_by
    if holder is not None:
        b.emit(StatusSet(character=cid, remove=(Status.RESTRAINED,), released=True))
        stop_shielding(b, holder)
    stop_shielding(b, cid)
    _free_those_held_by(b, cid)


def stop_shielding(b: Done, cid: str) -> None:
    """BPB-GRAB-007: ``cid`` shields behind the one they held no more, said only of one who did (the words
    read "no longer interposing")."""
    if Status.INTERPOSING in b.state.condition(cid).statuses:
        b.emit(StatusSet(character=cid, remove=(Status.INTERPOSING,)))


def _free_those_held_by(b: Done, cid: str) -> None:
    for other, held in b.state.conditions.items():
        if held.held_by == cid:
            b.emit(StatusSet(character=other, remove=(Status.RESTRAINED,), released=True))


def is_held(state: BpbState, cid: str) -> bool:
    """BPB-GRAB-005: held in a grapple (or restrained), until they break it."""
    c = state.condition(cid)
    return c.held_by is not None or Status.RESTRAINED in c.statuses


def land_movers(state: BpbState, who: Character) -> tuple[Power, ...]:
    """``who``'s movement powers that go where a fight is, on land (src 30, 57: not Super-swimming's
    water only), stunted ones included (BPB-PP-009)."""
    return tuple(
        p for p in (*who.powers, *stunt_powers(state, who)) if p.movement and p.goes is not Medium.WATER
    )


def held_fast(state: BpbState, cid: str) -> bool:
    """BPB-GRAB-005: a restrained character "can't use normal movement until they break the grapple"
    (src 329), so cannot dive for cover either (BPB-DEF-008, src 393: the dive is a move); a movement
    power is no normal movement (src 30), so one who has one still moves, and dives, by it."""
    return is_held(state, cid) and not land_movers(state, state.characters[cid])


def fight_of(state: BpbState) -> Fight:
    """The fight, or a refusal: this happens only in combat time (BPB-TIME-002)."""
    if state.fight is None:
        raise RuleViolation("BPB-TIME-002", "There is no fight going on; the GM starts one first.")
    return state.fight


def require_able(state: BpbState, who: Character) -> Condition:
    """A character out of the fight (unconscious or dead) acts no more (BPB-REC-004)."""
    c = state.condition(who.id)
    if Status.UNCONSCIOUS in c.statuses or Status.DEAD in c.statuses:
        raise RuleViolation("BPB-REC-004", f"{who.name} is out of the fight and cannot act.")
    return c


def require_turn(state: BpbState, who: Character, *, task: bool = False) -> bool:
    """In a fight, only the acting character acts, with one task action a turn (BPB-TIME-002, BPB-ACT-001).

    Returns whether a fight is on (outside one, tasks take the time they take).
    """
    require_able(state, who)
    fight = state.fight
    if fight is None or who.id not in fight.order.order:
        return False
    if fight.turn.actor != who.id:
        actor = state.characters.get(fight.turn.actor)
        raise RuleViolation(
            "BPB-TIME-002", f"It is {actor.name if actor else fight.turn.actor}'s turn, not {who.name}'s."
        )
    if task and fight.turn.task:
        why = "lost" if fight.turn.lost else "already used"
        raise RuleViolation("BPB-ACT-001", f"{who.name} has {why} their task action this turn.")
    asked = fight.turn.asked
    if task and asked is not None:
        target = state.characters.get(asked.target)
        raise RuleViolation(
            "BPB-RANGE-002",
            f"{who.name}'s attack on {target.name if target else asked.target} waits for the GM's ruling on"
            " its range.",
        )
    return True


def require_action_left(state: BpbState, who: Character, kind: str, *, gm: bool) -> None:
    """BPB-ACT-002 (src 123, 137): on their own turn a character takes "as many free [roleplay] actions as
    the GM deems reasonable (perhaps as many as a half dozen)": every free action counts (a word or a
    dropped weapon, a power switched on or off, a vehicle steered), and past the configured number only the
    GM's seat allows one more. ``kind``: "free" or "roleplay"."""
    fight = state.fight
    if fight is None or fight.turn.actor != who.id:
        return
    used = fight.turn.free if kind == "free" else fight.turn.roleplay
    most = state.config.max_free_actions if kind == "free" else state.config.max_roleplay_actions
    if used >= most and not gm:
        raise RuleViolation(
            "BPB-ACT-002", f"{who.name} has taken {most} {kind} actions this turn; the GM may allow more."
        )


def is_extra_attacks(name: str) -> bool:
    """Whether a stunt's name is Extra Attacks (src 483), the stunt whose countable resource is attacks
    beyond the turn's one task action ("Extra Attack" too, in any case)."""
    return " ".join(name.lower().split()) in ("extra attacks", "extra attack")


def require_attack(state: BpbState, who: Character) -> Stunt | None:
    """:func:`require_turn` for an attack: the turn's task action, or once that is used, one of the attacks
    of an Extra Attacks stunt (src 483: rank 6 Extra Attacks "should last until the end of the scene or
    until the six Extra Attacks are used"; nothing refreshes them). Returns the stunt an attack draws on."""
    fight = state.fight
    if fight is not None and fight.turn.actor == who.id and fight.turn.task and not fight.turn.lost:
        for stunt in state.condition(who.id).stunts:
            if stunt.uses and is_extra_attacks(stunt.used_as):
                require_turn(state, who)
                return stunt
    require_turn(state, who, task=True)
    return None


def use_extra_attack(b: Done, who: Character, stunt: Stunt | None) -> None:
    """One of the stunt's extra attacks is this one (BPB-PP-010: the stunt ends when the last is used)."""
    if stunt is not None:
        b.emit(StuntUsed(character=who.id, stunt=stunt.used_as, count=1))


#: BPB-PP-007: enhancements a boost may add that the rules here act on (the rest are recorded)
ENHANCEMENTS = ("explosive", "penetrating")


def enhanced(state: BpbState, who: Character, power: Power) -> Power:
    """``power`` with the enhancements a plot point's boost added to it (BPB-PP-007)."""
    up: dict[str, object] = {}
    for b in state.condition(who.id).boosts:
        if b.name.lower() != power.name.lower():
            continue
        if b.enhancement == "explosive" and not power.exploding_ft:
            up["exploding_ft"] = b.radius_ft
        elif b.enhancement == "penetrating":
            up["penetrating"] = True
    return power.model_copy(update=up) if up else power


def require_no_blast(state: BpbState, fight: Fight) -> None:
    """An explosion waiting for dives (BPB-DEF-008) is settled before the next attack (BPB-ATK-001); the
    refusal names those it waits for by name."""
    if fight.blast is not None:
        who = ", ".join(names_of(state.characters, fight.blast.awaiting))
        raise RuleViolation("BPB-ATK-001", f"The explosion of {fight.blast.power} waits for {who}.")


def require_aware(state: BpbState, who: Character) -> None:
    """BPB-INIT-001: a character not yet aware of their opponents has no opportunity to act against them;
    one not in the fight has no turn in it to act in (BPB-TIME-002)."""
    fight = state.fight
    if fight is not None and who.id not in fight.order.order:
        raise RuleViolation(
            "BPB-TIME-002",
            f"{who.name} is not in this fight: the GM rules them aware of their opponents (aware) and they"
            " join the order of play.",
        )
    if fight is not None and who.id in fight.unaware:
        raise RuleViolation(
            "BPB-INIT-001",
            f"{who.name} is not aware of an opponent yet and cannot act against one (the GM decides"
            " when they become aware).",
        )


def require_in_fight(state: BpbState, target: Character) -> None:
    """BPB-INIT-001 (src 252, 254): a fight is between its combatants, those in its order of play; one not
    in it (not at the scene, or not yet come to it) is no one's to attack until the GM brings them in."""
    fight = state.fight
    if fight is not None and target.id not in fight.order.order:
        raise RuleViolation(
            "BPB-INIT-001",
            f"{target.name} is not in this fight: the GM brings them into it (aware) before anyone can attack"
            " them.",
        )


def make_roll(
    dice: DiceService,
    what: str,
    task: Task,
    config: BpbConfig,
    *,
    take: Take = Take.ROLL,
    plot_point: bool = False,
    reaction: bool = False,
    purpose: str = "",
    parts: Sequence[tuple[str, int]] = (),
) -> Roll:
    """Roll a task (or take 7 or 12, or spend a plot point), with its exact odds worked out first.

    ``reaction``: a roll the rules force on the character (resisting a slam or stagger) is
    rolled even when it cannot succeed; a task the character chooses is refused (BPB-ROLL-005).
    ``purpose``: what the roll is for, as the roll's key for the words (``Roll.purpose``).
    ``parts``: the difficulty's named parts, which a refusal says (:meth:`Task.require_possible`); kept on the
    roll (``Roll.parts``) for the words when a modifier ("3 (interposed)") is among them.
    """
    roll = _rolled(dice, what, task, config, take=take, plot_point=plot_point, reaction=reaction, parts=parts)
    update: dict[str, object] = {"purpose": purpose} if purpose else {}
    if any(name and not name[0].isupper() for name, _ in parts):
        update["parts"] = tuple(parts)
    return roll.model_copy(update=update) if update else roll


def _rolled(
    dice: DiceService,
    what: str,
    task: Task,
    config: BpbConfig,
    *,
    take: Take,
    plot_point: bool,
    reaction: bool,
    parts: Sequence[tuple[str, int]],
) -> Roll:
    """make_roll's roll, before its purpose is set."""
    odds = task_odds(task)
    if plot_point:
        # BPB-PP-005: an automatic success; with expertise the dice still decide an extreme success
        if task.extreme_need is None:
            verdict = Verdict(dice=0, total=task.difficulty, success=True, extreme=False)
            return Roll(what=what, task=task, odds=odds, verdict=verdict, plot_point=True)
        faces = dice.roll(2, 6, purpose=what).faces
        rolled = judge(task, sum(faces))
        verdict = Verdict(dice=rolled.dice, total=rolled.total, success=True, extreme=rolled.extreme)
        return Roll(what=what, task=task, odds=odds, faces=faces, verdict=verdict, plot_point=True)
    if not reaction:
        task.require_possible(what, parts)
    if take is not Take.ROLL:
        verdict = judge(task, TAKEN[take])
        if not config.take_allows_extreme and verdict.extreme:
            verdict = verdict.model_copy(update={"extreme": False})
        return Roll(what=what, task=task, odds=odds, take=take.value, verdict=verdict)
    faces = dice.roll(2, 6, purpose=what).faces
    return Roll(what=what, task=task, odds=odds, faces=faces, verdict=judge(task, sum(faces)))


def spend_check(state: BpbState, who: Character) -> None:
    """BPB-PP-005: a plot point to spend."""
    if state.plot_points(who.id) < 1:
        raise RuleViolation("BPB-PP-005", f"{who.name} has no plot point to spend.")


def emit(b: Done, dice: DiceService, payload: EventData) -> None:
    """Emit ``payload`` carrying every roll of this command not yet in one of its events."""
    seen = sum(len(e.rolls) for e in b.events)
    before = b.state
    b.emit(payload, rolls=dice.records[seen:])
    _spend_held(before, b)


def _spend_held(before: BpbState, b: Done) -> None:
    """BPB-TURN-004, BPB-XS-007: an action lost (a forced action, a stagger) by one who has not yet taken
    this round's is that one: their "next available action" (src 297), "on this round if they have not yet
    taken one" (src 242): a held (delayed) action, or the task action of their turn a held action paused."""
    fight = b.state.fight
    if fight is None:
        return
    paused = []
    turn = fight.turn.paused
    while turn is not None:
        if not turn.task:
            paused.append(turn.actor)
        turn = turn.paused
    for cid in (*fight.delayed, *paused):
        if b.state.condition(cid).lost_actions > before.condition(cid).lost_actions:
            b.emit(HeldActionSpent(character=cid) if cid in fight.delayed else PausedTaskLost(character=cid))
