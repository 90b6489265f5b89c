"""Combat time (BPB-TIME, BPB-INIT, BPB-TURN, BPB-ACT, BPB-MOVE): the order of play and each turn.

Order: those the GM lists as aware first, then Perception, Agility and
Willpower (higher first), with a die for each character still tied, rolled again while level (the
chapter's coin). A turn holds one movement action and one task action, free
actions on one's own turn and roleplay at any time; a delayed action may
pre-empt; a forced defensive action off-turn costs the next action.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.engine.kit import rank, tied
from capeworks.errors import InvalidCommand, RuleViolation
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.environment import environment_acts, fallers, land, still_flies
from capeworks.systems.bpb.events import (
    ActionTaken,
    BecameAware,
    Delayed,
    FightEnded,
    FightStarted,
    Guarded,
    Moved,
    PaceDeclared,
    PowerSwitched,
    Preempted,
    TurnBegan,
    Winded,
)
from capeworks.systems.bpb.lookups import (
    Ctx,
    Done,
    character,
    emit,
    endurance_left,
    fight_of,
    knock_out,
    out_of_the_grapple,
    power_of,
    rank_of,
    require_able,
    require_action_left,
    require_no_blast,
    require_turn,
    stunt_powers,
)
from capeworks.systems.bpb.model import Fight, Status
from capeworks.systems.bpb.movement import (
    MODE_DIFFICULTY,
    SPRINT_LIMIT_ROUNDS,
    Mode,
    ground,
    jump_ft,
    rest_after_sprint,
    speed,
    water,
)
from capeworks.systems.bpb.sheet import Character, Medium, Power
from capeworks.systems.bpb.state import BpbState, combat_begins

__all__ = [
    "act",
    "advance",
    "delay",
    "end_fight",
    "end_turn",
    "guard",
    "move",
    "move_distance",
    "movement_medium",
    "order_keys",
    "pace",
    "preempt",
    "require_delay",
    "require_guard",
    "require_movement_action",
    "require_on_the_move",
    "require_pace",
    "require_preempt",
    "require_switchable",
    "require_switched_on",
    "sprint_stopped",
    "start_fight",
    "switch",
]


def order_keys(state: BpbState, who: Character) -> tuple[int, int, int]:
    """BPB-INIT-002: Perception, then Agility, then Willpower."""
    return (
        rank_of(state, who, "Perception"),
        rank_of(state, who, "Agility"),
        rank_of(state, who, "Willpower"),
    )


def _by_attributes(state: BpbState, ids: list[str], dice: DiceService, coins: list[str]) -> list[str]:
    """BPB-INIT-002 (src 254): those aware at the same moment, by Perception, Agility and Willpower, and a
    die for each still level, rolled again while level (the chapter's coin never lands level); each face
    is added to ``coins`` as "id:face"."""
    scores = [(cid, order_keys(state, state.characters[cid])) for cid in ids]
    extra: dict[str, tuple[int, ...]] = {}
    while still := tied([(cid, (*keys, *extra.get(cid, ()))) for cid, keys in scores]):
        for group in still:
            for cid in group:
                face = dice.roll(1, 6, purpose=f"order of play: {state.characters[cid].name}").faces[0]
                extra[cid] = (*extra.get(cid, ()), face)
                coins.append(f"{cid}:{face}")
    return list(rank([(cid, (*keys, *extra.get(cid, ()))) for cid, keys in scores]))


def start_fight(state: BpbState, ctx: Ctx, c: cmd.StartFight, dice: DiceService) -> Done:
    """BPB-INIT-001/002: the GM starts combat with who is in it and who was aware first."""
    if state.fight is not None:
        raise InvalidCommand("A fight is already going on.")
    ids = list(dict.fromkeys(c.characters))
    if not ids:
        raise InvalidCommand("Name the characters in the fight.")
    for cid in ids:
        character(state, cid)
    first = [cid for cid in dict.fromkeys(c.aware_first)]
    stray = [cid for cid in first if cid not in ids]
    if stray:
        raise InvalidCommand(f"Only those in the fight can be aware first: {', '.join(stray)} is not in it.")
    unaware = list(dict.fromkeys(c.unaware))
    stray = [cid for cid in unaware if cid not in ids or cid in first]
    if stray:
        raise InvalidCommand(
            f"Only those in the fight and not named aware first can be unaware: {', '.join(stray)}."
        )
    stray = [cid for cid in c.sides if cid not in ids]
    if stray:
        raise InvalidCommand(f"Only those in the fight have a side: {', '.join(stray)} is not in it.")
    airborne = list(dict.fromkeys(c.airborne))
    stray = [cid for cid in airborne if cid not in ids or not still_flies(state, cid)]
    if stray:
        raise InvalidCommand(
            "Only those in the fight with a flight power (switched on, if it must be) can begin it in the"
            f" air: {', '.join(stray)}."
        )
    coins: list[str] = []
    ranked: list[str] = []
    # the ranks as combat time begins: a boost bought before it for its round is over (BPB-PP-008)
    begun = state.model_copy(
        update={"conditions": {cid: combat_begins(c) for cid, c in state.conditions.items()}}
    )
    # BPB-INIT-001: the unaware act after everyone aware; within each group, BPB-INIT-002
    for group_ids in ([cid for cid in ids if cid not in first and cid not in unaware], unaware):
        ranked += _by_attributes(begun, group_ids, dice, coins)
    order = (*first, *ranked)
    b = ctx.batch(state)
    emit(
        b,
        dice,
        FightStarted(
            order=order,
            coins=tuple(coins),
            unaware=tuple(unaware),
            sides=dict(c.sides),
            airborne=tuple(airborne),
        ),
    )
    emit(b, dice, TurnBegan(character=order[0], round=1, lost=state.condition(order[0]).lost_actions > 0))
    return b


def aware(state: BpbState, ctx: Ctx, c: cmd.Aware, dice: DiceService) -> Done:
    """BPB-INIT-001 (GM): characters become aware of their opponents and may attack from now on.

    Their place in the order stays (after everyone aware from the start): moving them mid-round could
    give someone a second turn in the round or take one away. One not yet in the fight joins it last
    (src 252: those who become aware later act after those aware before); several joining at once take
    their places among themselves by Perception, Agility and Willpower (src 254)."""
    fight = fight_of(state)
    ids = list(dict.fromkeys(c.characters))
    if not ids:
        raise InvalidCommand("Name the characters who become aware.")
    for cid in ids:
        who = character(state, cid)
        if cid in fight.order.order and cid not in fight.unaware:
            raise InvalidCommand(f"{who.name} is already aware of their opponents.")
    # src 254: those joining at the same moment take their places among themselves by the attributes
    coins: list[str] = []
    joining = _by_attributes(state, [cid for cid in ids if cid not in fight.order.order], dice, coins)
    b = ctx.batch(state)
    emit(
        b,
        dice,
        BecameAware(
            characters=(*(cid for cid in ids if cid in fight.order.order), *joining), coins=tuple(coins)
        ),
    )
    return b


def _can_act(state: BpbState, cid: str) -> bool:
    c = state.condition(cid)
    return Status.UNCONSCIOUS not in c.statuses and Status.DEAD not in c.statuses


def _lapsed(state: BpbState, round_: int) -> tuple[str, ...]:
    """BPB-PP-008 (src 477: a boost lasts "one round"): those out cold or dead, whose turns the order skips,
    with a boost or stunt whose rounds end before ``round_``: it ends as the round begins."""
    fight = fight_of(state)
    return tuple(
        cid
        for cid in fight.order.order
        if not _can_act(state, cid)
        and (
            any(x.until_round < round_ for x in state.condition(cid).boosts)
            or any(x.until_round is not None and x.until_round < round_ for x in state.condition(cid).stunts)
        )
    )


def advance(b: Done) -> None:
    """Begin the next turn (the one resumed after a pre-emption, else the next able character; one knocked
    out by the pre-empting action resumes nothing, BPB-REC-004)."""
    state = b.state
    fight = fight_of(state)
    if fight.turn.resumes and _can_act(state, fight.turn.resumes):
        b.emit(TurnBegan(character=fight.turn.resumes, round=fight.order.round, resumed=True))
        return
    order, _ = fight.order.advance(can_act=lambda cid: _can_act(state, cid))
    nxt = order.current or fight.turn.actor
    wrapped = order.round != fight.order.round
    if wrapped:
        _stopped_sprinting(b)
    if wrapped and (fight.hazards or fallers(state)):
        environment_acts(b)
    lost = state.condition(nxt).lost_actions > 0
    b.emit(
        TurnBegan(
            character=nxt,
            round=order.round,
            lost=lost,
            round_ended=wrapped,
            guard_waits=not lost and nxt in fight.guards,  # src 375: "until their next action"
            lapsed=_lapsed(state, order.round) if wrapped else (),
        )
    )
    # BPB-PP-007: a boost ends as its owner's turn comes; one that was all that kept them up (Endurance)
    # leaves them out of the fight (BPB-REC-004), and the turn passes on
    now = b.state.condition(nxt).statuses
    if endurance_left(b.state, nxt) <= 0 and Status.UNCONSCIOUS not in now and Status.DEAD not in now:
        knock_out(b, nxt)
        if any(_can_act(b.state, cid) for cid in fight.order.order):
            advance(b)


def _rested_from(first: int, sprinted: int) -> int:
    """BPB-MOVE-009: the last round at base speed when the rest after ``sprinted`` rounds all-out begins in
    round ``first`` (that round counts: three rounds sprinted, rounds 4 to 33)."""
    return first + rest_after_sprint(sprinted) - 1


def sprint_stopped(state: BpbState, who: Character, mode: Mode, medium: str) -> Winded | None:
    """BPB-MOVE-009 (src 105: three rounds sprinted, "may not run or sprint for thirty rounds"): a slower
    move, or a move by a movement power (no natural movement), ends a natural sprint, and its round is the
    first of the rest. Emitted before the move's Moved, so that fold (which counted the rest from the round
    after, as older logs were played) finds the sprint already over."""
    sprinted = state.condition(who.id).sprinted
    if sprinted and (medium == "power" or mode is not Mode.SPRINT):
        return Winded(character=who.id, until_round=_rested_from(state.round, sprinted))
    return None


def _stood_still(fight: Fight, cid: str) -> bool:
    """BPB-MOVE-009 (src 105): whether ``cid``'s turn this round is over (ended or held) with no sprint in
    it: the round is then the first of their rest, as a round they end without a sprint is
    (:func:`_stopped_sprinting`); one whose turn had not come or is under way, or who sprinted, rests from
    the next."""
    if fight.moves.get(cid) is Mode.SPRINT or cid not in fight.order.order:
        return False
    return fight.order.order.index(cid) < fight.order.index  # a turn held this round has passed too


def _stopped_sprinting(b: Done) -> None:
    """BPB-MOVE-009 (src 105): one who has been sprinting on natural movement and made no sprint this round
    (no move at all, or a movement power's) has stopped: the rest at base speed starts as after a walk."""
    fight = fight_of(b.state)
    for cid in fight.order.order:
        c = b.state.condition(cid)
        if c.sprinted and fight.moves.get(cid) is not Mode.SPRINT:
            b.emit(Winded(character=cid, until_round=_rested_from(fight.order.round, c.sprinted)))


def end_turn(state: BpbState, ctx: Ctx, c: cmd.EndTurn, dice: DiceService) -> Done:
    """The acting character is done; the environment acts last in the round (BPB-INIT-003)."""
    fight = fight_of(state)
    if fight.pending is not None:
        raise RuleViolation("BPB-TURN-007", f"Attack {fight.pending.id} must be settled first.")
    who = character(state, c.character)
    if fight.turn.actor != who.id:
        raise RuleViolation("BPB-TIME-002", f"It is not {who.name}'s turn.")
    b = ctx.batch(state)
    advance(b)
    return b


def require_delay(state: BpbState, who: Character) -> Fight:
    """BPB-TURN-001 (src 287): the action held is one not yet used: in the fight, on one's own turn, with
    the task action unspent, and not a turn already resumed after a pre-emption. Returns the fight."""
    fight = fight_of(state)
    if who.id not in fight.order.order:  # no turn in this fight, so no action to hold (BPB-TIME-002)
        raise RuleViolation(
            "BPB-TIME-002", f"{who.name} is not in this fight and has no action in it to hold."
        )
    require_turn(state, who, task=True)
    if fight.turn.resumes:
        raise RuleViolation("BPB-TURN-001", f"{who.name} has already begun acting this turn.")
    return fight


def delay(state: BpbState, ctx: Ctx, c: cmd.Delay, dice: DiceService) -> Done:
    """BPB-TURN-001: hold the action for later this round or a later one."""
    who = character(state, c.character)
    fight = require_delay(state, who)
    b = ctx.batch(state)
    # src 16, 287: a move already made stays made; the task action not yet used is the one held
    emit(b, dice, Delayed(character=who.id, moved=fight.turn.moved))
    advance(b)
    return b


def require_preempt(state: BpbState, who: Character, *, gm: bool) -> Character:
    """BPB-TURN-001/002 (src 287): a held action, used before the one acting unless they are quicker (a tie
    is the GM's to settle: ``gm``), once any attack is settled (BPB-TURN-007). Returns the one pre-empted."""
    require_able(state, who)
    fight = fight_of(state)
    if who.id not in fight.delayed:
        raise RuleViolation("BPB-TURN-001", f"{who.name} holds no delayed action.")
    if fight.pending is not None:
        raise RuleViolation("BPB-TURN-007", f"Attack {fight.pending.id} must be settled first.")
    current = state.characters[fight.turn.actor]
    untouched = not fight.turn.task and fight.turn.moved is None
    if untouched:
        mine, theirs = order_keys(state, who), order_keys(state, current)
        if theirs > mine:
            raise RuleViolation(
                "BPB-TURN-002",
                f"{current.name} is quicker (Perception, Agility, Willpower) and cannot be pre-empted.",
            )
        if theirs == mine and not gm:
            raise RuleViolation(
                "BPB-TURN-002", f"{who.name} and {current.name} tie: the GM decides who goes first."
            )
    return current


def preempt(state: BpbState, ctx: Ctx, c: cmd.Preempt, dice: DiceService) -> Done:
    """BPB-TURN-002: a held action goes first, unless the one pre-empted is quicker."""
    who = character(state, c.character)
    current = require_preempt(state, who, gm=ctx.is_gm)
    b = ctx.batch(state)
    emit(b, dice, Preempted(character=who.id, before=current.id, keeps=True))
    return b


def movement_medium(who: Character, medium: str, power: str | None) -> str:
    """The medium a move goes by: a named power is "power", also when the medium was left at its default
    (src 107: the power's speed, not Agility's, and src 105: no sprint fatigue); a named power with another
    medium is refused rather than one of the two ignored."""
    if power is None or medium == "power":
        return medium
    if medium == "ground":
        return "power"
    raise InvalidCommand(f"{who.name} moves with {power} or by {medium}, not both: name one.")


def _base(state: BpbState, who: Character, medium: str, power: str | None) -> int:
    """The base move of ``medium``. A movement power's: 10 x its rank, ours (BPB-MOVE-003: the seed's speeds
    are in a Benchmarks table it lacks, src 24, 30; docs/systems/bpb.md says why this is a placeholder)."""
    if medium == "power":
        found = power_of(state, who, power or "")
        if found is None or not found.movement:
            raise RuleViolation("BPB-MOVE-003", f"{who.name} has no movement power {power!r}.")
        return ground(rank_of(state, who, found.name)).walk  # a boost counts (src 475: Flight 7 to 8)
    agility = rank_of(state, who, "Agility")
    if medium == "water":
        return water(agility).walk
    if medium in ("ground", "jump"):
        return ground(agility).walk
    raise InvalidCommand("Move on the ground, in the water, by jumping, or with a movement power.")


def _how(mode: Mode, medium: str, power: str | None) -> str:
    """How the refused move goes, for its refusal: a swim or a jump is not a walk (src 57)."""
    if medium == "power":
        return f"{mode.value} with {power}"
    verb = {"water": "swim", "jump": "jump"}.get(medium)
    if verb is None:
        return mode.value
    return verb if mode is Mode.WALK else f"{verb} ({mode.value} pace)"


def move_distance(
    state: BpbState,
    who: Character,
    mode: Mode,
    medium: str,
    power: str | None,
    feet: int | None,
    *,
    in_fight: bool,
) -> int:
    """How far a movement action of ``mode`` goes (the most, when ``feet`` is None), or the refusal."""
    cond = state.condition(who.id)
    base = _base(state, who, medium, power)
    if medium != "power" and in_fight:  # BPB-MOVE-009, BPB-MOVE-010 (powers are exempt)
        if mode is Mode.SPRINT and cond.sprinted >= SPRINT_LIMIT_ROUNDS:
            raise RuleViolation("BPB-MOVE-009", f"{who.name} has sprinted a full minute and must slow down.")
        if mode is not Mode.WALK and state.round <= cond.slow_until:
            raise RuleViolation(
                "BPB-MOVE-009", f"{who.name} is winded: base speed at most until round {cond.slow_until}."
            )
        if mode is Mode.RUN and cond.sprinted:
            raise RuleViolation(
                "BPB-MOVE-009", f"{who.name} has just stopped sprinting and must walk to rest."
            )
    most = speed(base, mode)
    if medium == "jump":  # BPB-MOVE-005/006: 3 x Brawn, plus the run-up on the ground
        most = jump_ft(rank_of(state, who, "Brawn"), speed(base, mode))
    if feet is None:
        return most
    if feet > most:
        raise RuleViolation(
            "BPB-MOVE-001", f"{who.name} can {_how(mode, medium, power)} at most {most} feet a round."
        )
    return feet


def require_movement_action(state: BpbState, who: Character) -> bool:
    """BPB-ACT-001 (src 117): one movement action a turn, on one's own turn. Returns whether a fight is on."""
    in_fight = require_turn(state, who)
    fight = state.fight
    if in_fight and fight is not None and fight.turn.moved is not None:
        raise RuleViolation("BPB-ACT-001", f"{who.name} has already moved this turn.")
    return in_fight


def require_unheld(state: BpbState, who: Character, medium: str) -> None:
    """BPB-GRAB-005 (src 329): one held has no "normal movement" (the natural kind, src 30, 33) until they
    break free; a movement power still goes."""
    if state.condition(who.id).held_by is not None and medium != "power":
        raise RuleViolation("BPB-GRAB-005", f"{who.name} is held and cannot move until they break free.")


def require_on_the_move(state: BpbState, who: Character) -> None:
    """Some movement action would be taken now (the move's menu, :func:`move`'s checks): the turn's
    movement action unspent (BPB-ACT-001); one prone may stand up with it (BPB-ACT-004, src 127), one held
    moves only by a movement power (BPB-GRAB-005); a walk is never too fast after the task (BPB-MOVE-007)."""
    require_movement_action(state, who)
    if Status.PRONE in state.condition(who.id).statuses:
        return
    movers = [p for p in (*who.powers, *stunt_powers(state, who)) if p.movement]
    require_unheld(state, who, "power" if movers else "ground")


def move(state: BpbState, ctx: Ctx, c: cmd.Move, dice: DiceService) -> Done:
    """BPB-ACT-004, BPB-MOVE: one movement action a turn; sprinting tires natural movement."""
    who = character(state, c.character)
    in_fight = require_movement_action(state, who)
    fight = state.fight
    cond = state.condition(who.id)
    if c.stand_up:
        if Status.PRONE not in cond.statuses:
            raise InvalidCommand(f"{who.name} is not prone.")
        b = ctx.batch(state)
        emit(b, dice, Moved(character=who.id, mode=Mode.WALK, feet=0, stand_up=True, round=state.round))
        return b
    medium = movement_medium(who, c.medium, c.power)
    require_unheld(state, who, medium)
    if Status.PRONE in cond.statuses:
        raise RuleViolation("BPB-ACT-004", f"{who.name} is prone: standing up is the movement action.")
    if in_fight and fight is not None and fight.turn.task:
        pace = fight.turn.pace or Mode.WALK
        if MODE_DIFFICULTY[c.mode] > MODE_DIFFICULTY[pace]:
            raise RuleViolation(
                "BPB-MOVE-007",
                f"{who.name}'s task action this turn was at a {pace.value}'s pace: to {c.mode.value} after "
                f"it, declare the {c.mode.value} (pace) before the task, which then takes its "
                f"+{MODE_DIFFICULTY[c.mode]}.",
            )
    feet = move_distance(state, who, c.mode, medium, c.power, c.feet, in_fight=in_fight)
    power = power_of(state, who, c.power) if medium == "power" and c.power else None
    require_switched_on(state, who, power)
    b = ctx.batch(state)
    stopped = sprint_stopped(state, who, c.mode, medium)
    if stopped is not None:
        emit(b, dice, stopped)
    airborne = power is not None and power.goes is Medium.AIR  # BPB-GRAB-011: a flight leaves the ground
    emit(
        b,
        dice,
        Moved(character=who.id, mode=c.mode, feet=feet, medium=medium, round=state.round, airborne=airborne),
    )
    if cond.held_by is not None:  # gone by a movement power, no longer in the holder's grip (ours)
        out_of_the_grapple(b, who.id)
    return b


def require_switched_on(state: BpbState, who: Character, power: Power | None) -> None:
    """BPB-ACT-003 (src 123): a power that must be activated is switched on (a free action) before it is
    used: a movement power off moves no one."""
    if power is not None and power.activated and power.name not in state.condition(who.id).on:
        raise RuleViolation(
            "BPB-ACT-003", f"{who.name}'s {power.name} is off: switch it on first (a free action)."
        )


def require_pace(state: BpbState, who: Character) -> None:
    """BPB-MOVE-007: a pace is declared on one's turn before the task action and before moving (src 16:
    a task before or after the move, not during it), while there is a pace still to declare."""
    require_turn(state, who, task=True)
    if fight_of(state).turn.moved is not None:
        raise RuleViolation("BPB-MOVE-007", f"{who.name} has moved this turn already: its pace is known.")


def pace(state: BpbState, ctx: Ctx, c: cmd.Pace, dice: DiceService) -> Done:
    """BPB-MOVE-007: a run or sprint after the task action is declared before it, so the task takes the
    +3/+6 a running or sprinting character "incurs ... on any attacks or task rolls" (src 103). Whether
    the move may be that fast (sprint fatigue, a movement power) is the move's to check, when made."""
    who = character(state, c.character)
    require_pace(state, who)
    if c.mode is Mode.WALK:
        raise InvalidCommand("A walk needs no declaring: declare a run or a sprint.")
    b = ctx.batch(state)
    emit(b, dice, PaceDeclared(character=who.id, mode=c.mode))
    return b


def act(state: BpbState, ctx: Ctx, c: cmd.Act, dice: DiceService) -> Done:
    """BPB-ACT-002/003/007: free actions on one's own turn; roleplay at any time; a reasonable number.

    BPB-ACT-005: ``kind=movement`` spends the movement action on an equivalent action (opening a vault),
    with the GM's permission: the GM's seat issues it.
    """
    who = character(state, c.character)
    kind = c.kind
    require_able(state, who)  # out cold, not even a word (BPB-REC-004)
    fight = state.fight
    if kind == "movement":
        if not ctx.is_gm:
            raise RuleViolation(
                "BPB-ACT-005",
                "Spending the movement action on something else needs the GM's permission: the GM issues it.",
            )
        if require_turn(state, who) and fight is not None and fight.turn.moved is not None:
            raise RuleViolation("BPB-ACT-001", f"{who.name} has already used the movement action this turn.")
        b = ctx.batch(state)
        emit(b, dice, ActionTaken(character=who.id, kind=kind, text=c.text))
        return b
    if fight is not None and who.id in fight.order.order:
        if kind == "free":
            require_turn(state, who)
        require_action_left(state, who, kind, gm=ctx.is_gm)
    b = ctx.batch(state)
    emit(b, dice, ActionTaken(character=who.id, kind=kind, text=c.text))
    return b


def switch(state: BpbState, ctx: Ctx, c: cmd.Switch, dice: DiceService) -> Done:
    """BPB-ACT-003: switching a power on or off is a free action on one's own turn."""
    who = character(state, c.character)
    power = who.power(c.power)
    if power is None:
        raise InvalidCommand(f"{who.name} has no power {c.power!r}.")
    if not power.activated:  # src 244: only some powers "must be activated"
        raise InvalidCommand(
            f"{power.name} is not a power {who.name} switches on or off: it is always ready."
        )
    if c.forced:
        if not c.on or power.protects is None:
            raise RuleViolation(
                "BPB-TURN-004", "A forced action may activate a defensive power, not switch others."
            )
        check_forced(state, who)
    else:
        require_turn(state, who)
        require_action_left(state, who, "free", gm=ctx.is_gm)  # src 123: switching is a free action
    require_switchable(state, who, power, on=c.on)
    b = ctx.batch(state)
    rnd = state.fight.order.round if c.forced and state.fight else 0
    emit(b, dice, PowerSwitched(character=who.id, power=power.name, on=c.on, forced=c.forced, round=rnd))
    return b


def require_switchable(state: BpbState, who: Character, power: Power, *, on: bool) -> None:
    """BPB-ACT-003: ``power`` may be switched ``on`` (or off) now: it is not so already, and a staggered
    character's powers stay off until their next action (BPB-XS-008, src 244)."""
    if (power.name in state.condition(who.id).on) == on:
        raise InvalidCommand(f"{power.name} is already {'on' if on else 'off'}.")
    if on and state.fight is not None and Status.STAGGERED in state.condition(who.id).statuses:
        raise RuleViolation(  # src 244: powers stay off until the staggered character's next action
            "BPB-XS-008", f"{who.name} is staggered: {power.name} stays off until their next action."
        )


def check_forced(state: BpbState, who: Character) -> None:
    """BPB-TURN-004/006: off-turn, once a round; on one's own turn the task action serves instead."""
    fight = fight_of(state)
    require_able(state, who)
    if fight.turn.actor == who.id and not fight.turn.task:
        raise RuleViolation(
            "BPB-TURN-004", f"It is {who.name}'s turn: use the task action, not a forced one."
        )
    if fight.forced.get(who.id) == fight.order.round:
        raise RuleViolation("BPB-TURN-006", f"{who.name} has already forced an action this round.")
    if who.id in fight.unaware:  # src 252: no "opportunity to act" before they become aware
        raise RuleViolation(
            "BPB-INIT-001",
            f"{who.name} is not aware of an opponent yet: there is nothing to force an action for.",
        )


def guard(state: BpbState, ctx: Ctx, c: cmd.Guard, dice: DiceService) -> Done:
    """BPB-DEF-002/007: begin blocking or dodging until the next action."""
    who = character(state, c.character)
    kind = c.kind.strip().lower()
    if kind not in ("block", "dodge"):
        raise InvalidCommand("Guard by block or dodge.")
    fight = require_guard(state, who, forced=c.forced)
    b = ctx.batch(state)
    # src 103: a running or sprinting character "incurs a +3 difficulty modifier on any attacks or task
    # rolls": a guard raised as the task action of a turn at a run or sprint is that turn's task
    mode = fight.turn.mode if not c.forced and fight.turn.actor == who.id else None
    hurried = MODE_DIFFICULTY[mode] if mode is not None else 0
    emit(
        b,
        dice,
        Guarded(
            character=who.id, kind=kind, forced=c.forced, round=fight.order.round, hurried=hurried, faced=True
        ),
    )
    return b


def require_guard(state: BpbState, who: Character, *, forced: bool) -> Fight:
    """BPB-DEF-002/007: a block or dodge in a fight, by one aware of it: the task action of their own turn,
    or ``forced`` off-turn (BPB-TURN-004). Returns the fight."""
    fight = fight_of(state)
    if who.id in fight.unaware:
        # src 252: one not yet aware of their opponent has no "opportunity to act" in the fight, on their own
        # turn or forced: a block or dodge is against an attack (src 373, 379) they do not know is coming
        raise RuleViolation(
            "BPB-INIT-001",
            f"{who.name} is not aware of an opponent yet: there is no attack to block or dodge.",
        )
    if forced:
        check_forced(state, who)
    elif who.id in fight.order.order and fight.turn.actor != who.id:
        # src 373: "During their round, or as a forced action": off-turn the refusal says the way that is
        # open (BPB-TURN-004), unless this round's forced action is spent already (BPB-TURN-006)
        require_able(state, who)
        actor = state.characters.get(fight.turn.actor)
        whose = actor.name if actor else fight.turn.actor
        if fight.forced.get(who.id) == fight.order.round:
            open_way = f"{who.name} has already forced an action this round."
        else:
            open_way = f"{who.name} may block or dodge now only as a forced action, costing the next action."
        raise RuleViolation("BPB-TIME-002", f"It is {whose}'s turn, not {who.name}'s: {open_way}")
    elif not require_turn(state, who, task=True):
        # src 373: "During their round, or as a forced action": one not in the fight has no round here
        raise RuleViolation(
            "BPB-TIME-002",
            f"{who.name} is not in this fight and has no turn to block or dodge in (a forced action may).",
        )
    return fight


def require_settled(state: BpbState) -> Fight:
    """The fight, while nothing rolled in it waits: a hit waiting for its answer, an explosion for its
    dives (BPB-ATK-001), or a player's attack beyond range for the GM's ruling (BPB-RANGE-002), is settled
    before the fight ends, not dropped without a word."""
    fight = fight_of(state)
    p = fight.pending
    if p is not None:
        a, t = state.characters.get(p.attacker), state.characters.get(p.target)
        who = f" ({a.name if a else p.attacker} on {t.name if t else p.target})"
        raise RuleViolation(
            "BPB-ATK-001", f"Attack {p.id}{who} is not settled yet: it is answered before the fight ends."
        )
    require_no_blast(state, fight)
    asked = fight.turn.asked
    if asked is not None:  # BPB-RANGE-002: the player's attack beyond range waits on the GM's own ruling
        a, t = state.characters[fight.turn.actor], state.characters.get(asked.target)
        raise RuleViolation(
            "BPB-RANGE-002",
            f"{a.name}'s attack on {t.name if t else asked.target} beyond range waits for the GM's ruling:"
            " rule on it before the fight ends.",
        )
    return fight


def end_fight(state: BpbState, ctx: Ctx, c: cmd.EndFight, dice: DiceService) -> Done:
    fight = require_settled(state)
    b = ctx.batch(state)
    # BPB-MOVE-009: the fight's end ends a sprint; the rest it owes carries into the next fight
    for cid in fight.order.order:
        sprinted = state.condition(cid).sprinted
        if sprinted:
            first = fight.order.round + (0 if _stood_still(fight, cid) else 1)
            emit(b, dice, Winded(character=cid, until_round=_rested_from(first, sprinted)))
    for cid in fight.order.order:  # BPB-GRAB-005: a hold is a manoeuvre of combat time (src 327)
        if b.state.condition(cid).held_by is not None:
            out_of_the_grapple(b, cid)
    # BPB-PP-007: a boost that kept someone up ends with the fight (seen on a trial of its end)
    after = ctx.batch(b.state)
    after.emit(FightEnded(settles=True))
    out = [
        cid
        for cid in fight.order.order
        if endurance_left(after.state, cid) <= 0
        and not {Status.UNCONSCIOUS, Status.DEAD} & set(after.state.condition(cid).statuses)
    ]
    # src 256: a flier out cold falls; the fight's end comes before the round's environment would
    fell = (*fallers(b.state), *(cid for cid in out if b.state.condition(cid).airborne))
    emit(b, dice, FightEnded(settles=True, fell=fell))
    land(b, fell)
    for cid in out:
        knock_out(b, cid)
    return b
