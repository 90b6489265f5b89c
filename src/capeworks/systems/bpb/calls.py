"""The GM's calls for task rolls and the rolls that answer them (BPB-ROLL, BPB-EXT, BPB-TAKE).

The GM sets the difficulty (the ladder, any number, or 8 + an opponent's
attribute) and whether the player is under pressure, risks a penalty or has a
time limit; the player rolls for their character, or takes 7 or 12 where the
rules allow. Extended tasks count successes (an extreme success counts three);
competitions are won by the first side to the required successes.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, NotFound, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.attacks import hurried_now
from capeworks.systems.bpb.events import CallClosed, CallMade, TaskRolled
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    emit,
    make_roll,
    rank_of,
    require_able,
    require_turn,
    spend_check,
)
from capeworks.systems.bpb.model import Call, Status
from capeworks.systems.bpb.sheet import Character, attribute_name
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import LADDER, Take, Task, allowed_takes, opposed, pace_terms

__all__ = [
    "call_task",
    "called_task",
    "contest",
    "racing",
    "require_may_roll",
    "roll_task",
    "team_task",
    "withdraw",
]

#: BPB-EXT-002: an extreme success counts as three successes
EXTREME_COUNTS = 3


def _attr(name: str) -> str:
    try:
        return attribute_name(name)
    except ValueError as e:
        raise InvalidCommand(str(e)) from None


def _difficulty(state: BpbState, c: cmd.CallTask) -> int:
    given = [x for x in (c.difficulty, c.level, c.against) if x is not None]
    if len(given) != 1:
        raise InvalidCommand("Set the difficulty one way: a number, a level of the ladder, or an opponent.")
    if c.level is not None:
        key = c.level.strip().lower()
        if key not in LADDER:
            raise InvalidCommand(f"There is no difficulty level {c.level!r}; known: {', '.join(LADDER)}.")
        value = LADDER[key]
        if value is None:
            raise RuleViolation("BPB-ROLL-002", "An easy task needs no roll: any competence succeeds.")
        return value
    if c.against is not None:
        foe = character(state, c.against)
        return opposed(rank_of(state, foe, _attr(c.against_attribute or c.attribute)))
    assert c.difficulty is not None
    return c.difficulty


def call_task(state: BpbState, ctx: Ctx, c: cmd.CallTask, dice: DiceService) -> Done:
    """The GM calls for a task (BPB-ROLL-006/007, BPB-EXT-001, BPB-TAKE)."""
    who = character(state, c.character)
    if c.against is not None and character(state, c.against).id == who.id:
        # src 169: an opposed task is "actively competing against an opponent", the defender
        raise RuleViolation(
            "BPB-ROLL-007",
            f"{who.name} cannot oppose their own task: against names the opponent (8 + their attribute);"
            " or set difficulty or level instead.",
            field="against",
        )
    power = who.power(c.attribute)
    stunt = next(
        (s for s in state.condition(who.id).stunts if s.used_as.lower() == c.attribute.lower()), None
    )
    attribute = power.name if power else stunt.used_as if stunt else _attr(c.attribute)  # BPB-PP-009
    difficulty = _difficulty(state, c)
    task = Task(attribute=rank_of(state, who, attribute), bonus=c.bonus, difficulty=difficulty)
    if c.no_automatic:  # out of reach (BPB-ROLL-005), only a plot point answers it (src 469): forbidden
        task.require_possible()
    takes = allowed_takes(
        pressure=c.pressure, penalty=c.penalty, time_limit=c.time_limit, capped=c.max_attempts is not None
    )
    call = Call(
        id=state.next_call,
        sides=(who.id,),
        attribute=attribute,
        skill=c.skill or attribute,
        difficulty=difficulty,
        bonus=c.bonus,
        takes=tuple(t.value for t in takes),
        required=c.required,
        max_attempts=c.max_attempts,
        task=c.task,
        reaction=c.reaction,
        no_automatic=c.no_automatic,
    )
    b = ctx.batch(state)
    emit(b, dice, CallMade(call=call))
    return b


def contest(state: BpbState, ctx: Ctx, c: cmd.Contest, dice: DiceService) -> Done:
    """BPB-EXT-003: a competition between sides rolling the same extended task; a side may be a team
    ("the first person or team", src 206) whose members' successes count together."""
    sides = tuple(dict.fromkeys(c.sides))
    if len(sides) < 2:
        raise InvalidCommand("A competition needs at least two sides.")
    members: list[str] = []
    teams: dict[str, str] = {}
    for side in sides:
        team = tuple(dict.fromkeys(character(state, m.strip()).id for m in side.split("+")))
        for cid in team:
            if cid in members:
                raise InvalidCommand(f"{state.characters[cid].name} cannot compete on two sides.")
            members.append(cid)
            if len(team) > 1:
                teams[cid] = "+".join(team)
    call = Call(
        id=state.next_call,
        sides=tuple(members),
        teams=teams,
        attribute=_attr(c.attribute),
        skill=c.skill.strip(),
        difficulty=c.difficulty,
        required=c.required,
        task=c.task,
    )
    b = ctx.batch(state)
    emit(b, dice, CallMade(call=call))
    return b


def team_task(state: BpbState, ctx: Ctx, c: cmd.TeamTask, dice: DiceService) -> Done:
    """BPB-EXT-004: members given as ``character:attribute`` (or ``character:attribute:skill``, the skill
    whose expertise they bring, src 206, 208) pool their successes toward one total."""
    attributes: dict[str, str] = {}
    skills: dict[str, str] = {}
    for member in c.members:
        cid, _, rest = member.partition(":")
        name, _, skill = rest.partition(":")
        who = character(state, cid.strip())
        if not name.strip():
            raise InvalidCommand(f"Say which attribute or skill {who.name} rolls ({who.id}:Agility).")
        if who.id in attributes:
            raise InvalidCommand(f"{who.name} ({who.id}) is named twice: say which one thing they roll.")
        power = who.power(name)
        attributes[who.id] = power.name if power else _attr(name)
        if skill.strip():
            skills[who.id] = skill.strip()
    if not attributes:
        raise InvalidCommand("Name the members and what each rolls.")
    call = Call(
        id=state.next_call,
        sides=tuple(attributes),
        attribute=next(iter(attributes.values())),
        difficulty=c.difficulty,
        required=c.required,
        max_attempts=c.max_attempts,
        task=c.task,
        team=True,
        attributes=attributes,
        skills=skills,
    )
    b = ctx.batch(state)
    emit(b, dice, CallMade(call=call))
    return b


def withdraw(state: BpbState, ctx: Ctx, c: cmd.Withdraw, dice: DiceService) -> Done:
    if c.call not in state.calls:
        raise NotFound(f"There is no open call {c.call}.")
    b = ctx.batch(state)
    emit(b, dice, CallClosed(call=c.call, outcome="withdrawn"))
    return b


def roll_task(state: BpbState, ctx: Ctx, c: cmd.RollTask, dice: DiceService) -> Done:
    """A player rolls a call for their character (in a fight, as the task action)."""
    call = state.calls.get(c.call)
    if call is None:
        raise NotFound(f"There is no open call {c.call}.")
    who = character(state, c.character)
    if c.character not in call.sides:
        raise InvalidCommand(f"Call {call.id} is not for {who.name} to roll.")
    try:
        take = Take(c.take)
    except ValueError:
        raise InvalidCommand("Take is roll, average or max.") from None
    if take.value not in call.takes:
        raise RuleViolation(
            "BPB-TAKE-001" if take is Take.AVERAGE else "BPB-TAKE-002",
            f"The GM's conditions for this task do not allow taking the {take.value}.",
        )
    if c.plot_point:
        if call.no_automatic:
            raise RuleViolation(
                "BPB-PP-006", "The GM has ruled this task simply impossible: no plot point makes it succeed."
            )
        spend_check(state, who)
    in_turn = require_may_roll(state, call, who)
    task = called_task(state, call, who)
    roll = make_roll(
        dice,
        f"{who.name}: {call.task or call.attribute}",
        task,
        state.config,
        take=take,
        plot_point=c.plot_point,
        parts=[("", call.difficulty), *pace_terms(task.difficulty - call.difficulty)],
    )
    v = roll.verdict
    counted = (EXTREME_COUNTS if v.extreme else 1) if v.success else 0
    b = ctx.batch(state)
    emit(b, dice, TaskRolled(character=who.id, roll=roll, call=call.id, counted=counted, in_turn=in_turn))
    _settle(b, b.state.calls[call.id])
    return b


def require_may_roll(state: BpbState, call: Call, who: Character) -> bool:
    """``who`` may roll ``call`` now: attempts left (BPB-EXT-001), their turn in a competition's round
    (BPB-EXT-003), and in a fight the turn's task action unless the call is a reaction (BPB-ACT-008: any
    time, as often as the GM asks). Returns whether the roll is the acting character's task action."""
    used = sum(call.attempts.values()) if call.team else call.attempts.get(who.id, 0)
    if call.max_attempts is not None and used >= call.max_attempts:
        raise RuleViolation("BPB-EXT-001", f"{who.name} has used all {call.max_attempts} attempts.")
    if len(call.sides) > 1 and not call.team:
        mine = call.attempts.get(who.id, 0)
        if any(call.attempts.get(o, 0) < mine for o in racing(state, call) if o != who.id):
            raise RuleViolation("BPB-EXT-003", f"{who.name} waits for the other side to roll this round.")
    if call.reaction:
        require_able(state, who)
        return False
    return require_turn(state, who, task=True)


def called_task(state: BpbState, call: Call, who: Character) -> Task:
    """The task ``who`` rolls for ``call`` now: their attribute (or power) for it, the call's bonus and
    difficulty, and the run or sprint of their own turn under way (BPB-ROLL-006). The roll and the odds
    its prompt shows before it are worked out from this one task."""
    attribute = call.attributes.get(who.id, call.attribute)
    return Task(
        attribute=rank_of(state, who, attribute),
        bonus=call.bonus,
        # BPB-MOVE-007 (src 103: "any attacks or task rolls"): the run or sprint of the roller's own turn
        # under way, a reaction asked in the middle of it too (src 143)
        difficulty=call.difficulty + hurried_now(state, who),
        expertise=who.has_expertise(call.skills.get(who.id, call.skill) or attribute),
    )


def racing(state: BpbState, call: Call) -> list[str]:
    """The competitors who can still roll: one out cold (BPB-REC-004) holds nobody's round up."""
    out = (Status.UNCONSCIOUS, Status.DEAD)
    return [cid for cid in call.sides if not any(s in state.condition(cid).statuses for s in out)]


def _settle(b: Done, call: Call) -> None:
    """Close a call that is over: a single roll, an extended task done or failed, a competition won."""
    if call.required is None:
        b.emit(CallClosed(call=call.id, outcome="done"))
        return
    if call.team:
        if sum(call.successes.values()) >= call.required:
            b.emit(CallClosed(call=call.id, outcome="succeeded"))
        elif call.max_attempts is not None and sum(call.attempts.values()) >= call.max_attempts:
            b.emit(CallClosed(call=call.id, outcome="failed"))
        return
    if len(call.sides) == 1:
        cid = call.sides[0]
        if call.successes.get(cid, 0) >= call.required:
            b.emit(CallClosed(call=call.id, outcome="succeeded", winner=cid))
        elif call.max_attempts is not None and call.attempts.get(cid, 0) >= call.max_attempts:
            b.emit(CallClosed(call=call.id, outcome="failed"))
        return
    rounds = {call.attempts.get(s, 0) for s in racing(b.state, call)}
    if len(rounds) != 1:
        return  # the round of the competition is not over
    totals: dict[str, int] = {}
    for cid in call.sides:  # a team's members count together (BPB-EXT-003)
        totals[call.side_of(cid)] = totals.get(call.side_of(cid), 0) + call.successes.get(cid, 0)
    reached = [s for s, n in totals.items() if n >= call.required]
    if not reached:
        return
    best = max(totals[s] for s in reached)
    leaders = [s for s in reached if totals[s] == best]
    if len(leaders) == 1:  # BPB-EXT-003 (PROPOSED): more successes wins a tie; still tied, another round
        members = tuple(cid for cid in call.sides if call.teams.get(cid) == leaders[0])
        b.emit(CallClosed(call=call.id, outcome="won", winner=leaders[0], members=members))
