"""Debt, staking and splitting: the moves around an Action, and the Overdrawn roll.

Rule IDs: CAPES-DEBT-001/002/003 (Debt on Drives; Overdrawn when unstaked Debt
exceeds Strength; the start-of-Page roll keeps only lower results),
CAPES-STAKE-001/002/005 (stake on your allied side, one Drive per Conflict, at
most its Strength, at most 3 for an undifferentiated stack), CAPES-SPLIT-001..003
(even splits, total kept, dice capacity), CAPES-SPLIT-005 (splitting off a new
side, PROPOSED procedure), CAPES-CHAR-009.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from capeworks.engine import DiceService, Event
from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.actions import open_action, require_window
from capeworks.systems.capes.building import parse_list
from capeworks.systems.capes.commands import ObjectStake, OverdrawnRoll, Split, SplitOff, StakeDebt
from capeworks.systems.capes.common import (
    Ctx,
    event,
    find_character,
    find_conflict,
    find_side,
    need_page,
    takes,
    with_page,
)
from capeworks.systems.capes.flow import require_turn
from capeworks.systems.capes.queries import (
    UNDIFFERENTIATED_STAKE,
    allied_side,
    dice_on_table,
    overdrawn_queue,
    owned_dice,
    player_of,
    player_sides,
    side_capacity,
    stake_on,
)
from capeworks.systems.capes.sheet import STACK, slug
from capeworks.systems.capes.state import (
    Alliance,
    CapesState,
    Conflict,
    PagePhase,
    Said,
    Side,
    Stake,
    StakeCheck,
)

__all__ = [
    "APPLIERS",
    "can_split",
    "can_split_off",
    "can_stake",
    "check_split",
    "check_split_off",
    "check_stake",
    "even_split",
    "object_stake",
    "overdrawn_roll",
    "split_die",
    "split_off",
    "stake_debt",
]


#: what each Drive's stories revolve around, by Debt pool (CAPES-DEBT-007)
def even_split(value: int, parts: int) -> tuple[int, ...]:
    """Split ``value`` into ``parts`` dice as evenly as possible, larger first (CAPES-SPLIT-001).

    5 into 2 -> (3, 2); 5 into 3 -> (2, 2, 1). Each die must stay at least 1
    (CAPES-SPLIT-003).
    """
    if parts < 1 or parts > value:
        raise RuleViolation(
            "CAPES-SPLIT-003", f"A die showing {value} cannot be split into {parts} dice of at least 1."
        )
    q, r = divmod(value, parts)
    return (q + 1,) * r + (q,) * (parts - r)


def _stake_side(state: CapesState, conflict: Conflict, character: str, side_id: str) -> str:
    """The side ``character`` stakes on, or the refusal: the side it is allied with (CAPES-STAKE-001);
    under ``uninvolved_may_claim`` a character of a player uninvolved in the Conflict "may stake on or
    claim any side" (the designer's clarification, CAPES-PAGE-007 PROPOSED), the side they name, and
    once staked, that side again."""
    name = state.roster[character].sheet.name
    allied = allied_side(conflict, character)
    if allied is not None:
        if side_id and find_side(conflict, side_id).id != allied:
            raise RuleViolation(
                "CAPES-STAKE-001", f"{name} is allied with side {allied} of {conflict.card} and stakes there."
            )
        return allied
    player = player_of(state, character)
    before = next((s.id for s in conflict.sides for st in s.stakes if st.character == character), None)
    # a stake is a hand in the Conflict: once one of a player's characters has staked (or rolled), the
    # player is no longer uninvolved, and only that character's own stake takes more
    uninvolved = player is not None and not player_sides(state, conflict, player)
    if not (state.config.uninvolved_may_claim and (uninvolved or before is not None)):
        raise RuleViolation(
            "CAPES-STAKE-001",
            f"{name} stakes on the side they are allied with; roll to help a side of {conflict.card} first.",
        )
    if not side_id:
        if before is None:
            raise RuleViolation(
                "CAPES-STAKE-001", f"Say which side of {conflict.card} to stake on.", field="side"
            )
        return before
    side = find_side(conflict, side_id).id
    if before is not None and side != before:
        raise RuleViolation(
            "CAPES-STAKE-001",
            f"{name} already stakes on side {before} of {conflict.card}; stake there again.",
        )
    return side


def check_stake(
    state: CapesState, character: str, conflict_id: str, drive: str, amount: int, side_id: str = ""
) -> tuple[Conflict, str, str]:
    """The Conflict, side and pool of ``character``'s stake of ``amount``, or the refusal.

    The stake handler's checks of the fields a player fills in (CAPES-STAKE-001/002/005); the menu
    asks them too (:func:`can_stake`).
    """
    conflict = find_conflict(state, conflict_id)
    side = _stake_side(state, conflict, character, side_id)
    char = state.roster[character]
    name = char.sheet.name
    used, staked = stake_on(conflict, character)
    if char.sheet.drives:
        pool = slug(drive) if drive else (used or "")
        if pool not in char.sheet.pools():
            drives = ", ".join(char.sheet.pools())
            said = f"{name} has no Drive {drive.strip()!r}; s" if drive else "S"
            raise RuleViolation(
                "CAPES-STAKE-001",
                f"{said}ay which of {name}'s Drives to stake from: {drives}.",
                field="drive",
            )
        limit = char.sheet.strength(pool)
        rule = "CAPES-STAKE-002"
    else:
        if drive and slug(drive) != STACK:  # src 236-238: one stack, no Drives to name
            raise RuleViolation(
                "CAPES-STAKE-005",
                f"{name} has no Drives: it stakes from its one stack; drop drive= (or say stack).",
                field="drive",
            )
        pool, limit, rule = STACK, UNDIFFERENTIATED_STAKE, "CAPES-STAKE-005"
    if used is not None and used != pool:
        raise RuleViolation(
            "CAPES-STAKE-002", f"{name} already stakes {used} on {conflict.card}: one Drive per Conflict."
        )
    if staked + amount > limit:
        raise RuleViolation(
            rule,
            f"{name} may stake at most {limit} from {pool} on one Conflict; {staked} staked, {amount} "
            "more is too much.",
        )
    have = char.debt.get(pool, 0)
    if amount > have:
        held = f"only {have}" if have else "no"
        raise RuleViolation("CAPES-STAKE-002", f"{name} has {held} Debt on {pool} to stake.")
    return conflict, side, pool


def can_stake(state: CapesState, character: str) -> bool:
    """Would the table take some stake of 1 Debt by ``character`` now, on some Conflict, side (its own,
    or any under ``uninvolved_may_claim``) and Drive?"""
    pools = state.roster[character].sheet.pools()
    return any(
        takes(check_stake, state, character, c.id, pool, 1, side)
        for c in state.conflicts
        # an allied character's stake goes on its side unnamed; only an unallied one names a side
        for side in ("", *(s.id for s in c.sides if allied_side(c, character) is None))
        for pool in pools
    )


def stake_debt(state: CapesState, ctx: Ctx, cmd: StakeDebt, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    events, character = open_action(state, actor, cmd.character, doing="stake Debt")
    require_window(state, actor, doing="stake Debt")
    conflict, side, pool = check_stake(state, character, cmd.conflict, cmd.drive, cmd.amount, cmd.side)
    return [
        *events,
        event(
            "staked",
            player=actor,
            character=character,
            pool=pool,
            amount=cmd.amount,
            conflict=conflict.id,
            side=side,
            # CAPES-STAKE-003 / CAPES-DEBT-007: the table judges whether the Conflict is morally
            # charged for this Drive; the justification is recorded for it (the objection prompt
            # words the Drive's theme, table T1)
            why=cmd.why,
        ),
    ]


def object_stake(state: CapesState, ctx: Ctx, cmd: ObjectStake, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    conflict = find_conflict(state, cmd.conflict)
    checks = [c for c in state.objectable if c.conflict == conflict.id]
    if not checks:
        raise RuleViolation(
            "CAPES-STAKE-003", f"Objections come right after a stake on {conflict.card} is made, not later."
        )
    if all(c.player == actor for c in checks):
        raise RuleViolation("CAPES-STAKE-003", "You cannot object to your own stake.")
    checks = [c for c in checks if c.player != actor]
    out: list[Event] = []
    for side_id in dict.fromkeys(c.side for c in checks):
        on_side = [c for c in checks if c.side == side_id]
        side = find_side(conflict, side_id)
        without = side
        for c in on_side:
            without = _without(without, c.character, c.pool, c.amount)
        # the staker may have split at once on what the stake allowed (src 175, 177): without the stake
        # the side holds fewer dice, so the splits made since the (first) stake are undone (total kept,
        # src 179)
        fewer = side_capacity(ctx.config, without)
        undone = on_side[0].dice if len(side.dice) > fewer and on_side[0].dice else ()
        for i, check in enumerate(on_side):
            facts = check.model_dump(mode="json", exclude={"dice"})
            out.append(
                event("stake_objected", **facts, dice=undone if i == 0 else (), by=actor, reason=cmd.reason)
            )
    return out


def _without(side: Side, character: str, pool: str, amount: int) -> Side:
    """``side`` with ``amount`` of ``character``'s Debt from ``pool`` taken off its stakes."""
    stakes = tuple(
        s.model_copy(update={"amount": s.amount - amount})
        if s.character == character and s.pool == pool
        else s
        for s in side.stakes
    )
    return side.model_copy(update={"stakes": tuple(s for s in stakes if s.amount > 0)})


def check_split(
    state: CapesState, character: str, conflict_id: str, side_id: str, die: int, parts: int
) -> int:
    """The value of the die ``character`` splits into ``parts``, or the refusal.

    The split handler's checks of the fields a player fills in (CAPES-SPLIT-001..003); the menu asks
    them too (:func:`can_split`).
    """
    conflict = find_conflict(state, conflict_id)
    side = find_side(conflict, side_id)
    if allied_side(conflict, character) != side.id:
        raise RuleViolation(
            "CAPES-SPLIT-001", f"You may split only dice on your own side; you are not allied with {side.id}."
        )
    if die > len(side.dice):
        raise NotFound(f"Side {side.id} of {conflict.card} has no die {die}.")
    value = side.dice[die - 1]
    even_split(value, parts)
    capacity = side_capacity(state.config, side)
    if len(side.dice) - 1 + parts > capacity:
        raise RuleViolation(
            "CAPES-SPLIT-002",
            f"Side {side.id} may hold {capacity} {'die' if capacity == 1 else 'dice'} ({side.staked} Debt "
            f"staked); splitting into {parts} would make {len(side.dice) - 1 + parts}. "
            "Stake more Debt first.",
        )
    return value


def can_split(state: CapesState, character: str) -> bool:
    """Would the table take some split of a die in two by ``character`` now (the fewest parts)?"""
    return any(takes(check_split, state, character, c.id, s.id, die, 2) for c, s, die in dice_on_table(state))


def split_die(state: CapesState, ctx: Ctx, cmd: Split, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    events, character = open_action(state, actor, cmd.character, doing="split a die")
    require_window(state, actor, doing="split a die")
    value = check_split(state, character, cmd.conflict, cmd.side, cmd.die, cmd.parts)
    conflict = find_conflict(state, cmd.conflict)
    return [
        *events,
        event(
            "split",
            player=actor,
            conflict=conflict.id,
            side=find_side(conflict, cmd.side).id,
            die=cmd.die,
            value=value,
            parts=list(even_split(value, cmd.parts)),
        ),
    ]


def check_split_off(
    state: CapesState, character: str, conflict_id: str, side_id: str, dice: str
) -> list[int]:
    """The dice ``character`` moves to a new side of their own, or the refusal.

    The split_off handler's checks of the fields a player fills in (CAPES-SPLIT-005); the menu asks
    them too (:func:`can_split_off`).
    """
    conflict = find_conflict(state, conflict_id)
    side = find_side(conflict, side_id)
    if allied_side(conflict, character) != side.id:
        raise RuleViolation(
            "CAPES-SPLIT-005",
            f"You split off only from a side you support; you are not allied with {side.id}.",
        )
    mine = [s for s in side.stakes if s.character == character]
    k = sum(s.amount for s in mine)
    if k < 1:
        raise RuleViolation(
            "CAPES-SPLIT-005", "Stake at least one Debt on this side before splitting off from it."
        )
    try:
        values = [int(v) for v in parse_list(dice)]
    except ValueError:
        raise RuleViolation(
            "CAPES-SPLIT-005", f"Give the dice to move as numbers, like dice=2,1 (got {dice!r})."
        ) from None
    if not 1 <= len(values) <= k:
        raise RuleViolation("CAPES-SPLIT-005", f"Move between 1 and {k} dice (one per Debt you staked here).")
    if Counter(values) - Counter(side.dice):
        raise RuleViolation(
            "CAPES-SPLIT-005", f"Side {side.id} has dice {list(side.dice)}; it cannot give {values}."
        )
    left = list(side.dice)
    for v in values:
        left.remove(v)
    if not left:
        raise RuleViolation("CAPES-SPLIT-005", f"Side {side.id} must keep at least one die.")
    remaining = side.model_copy(
        update={"dice": tuple(left), "stakes": tuple(s for s in side.stakes if s.character != character)}
    )
    if len(left) > side_capacity(state.config, remaining):
        raise RuleViolation(
            "CAPES-SPLIT-002", f"Side {side.id} would keep more dice than its remaining Debt allows."
        )
    return values


def can_split_off(state: CapesState, character: str) -> bool:
    """Would the table take some split-off by ``character`` now?

    Moving more dice only frees room on the side left behind, so the most ``character`` may move
    (one per Debt staked there, leaving one) is the fill to ask about.
    """
    for c in state.conflicts:
        for s in c.sides:
            k = sum(st.amount for st in s.stakes if st.character == character)
            moved = ",".join(str(d) for d in s.dice[: max(1, min(k, len(s.dice) - 1))])
            if takes(check_split_off, state, character, c.id, s.id, moved):
                return True
    return False


def split_off(state: CapesState, ctx: Ctx, cmd: SplitOff, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    events, character = open_action(state, actor, cmd.character, doing="split off a side")
    require_window(state, actor, doing="split off a side")
    page = need_page(state)
    values = check_split_off(state, character, cmd.conflict, cmd.side, cmd.dice)
    conflict = find_conflict(state, cmd.conflict)
    side = find_side(conflict, cmd.side)
    new_id = chr(ord("A") + len(conflict.sides))
    return [
        *events,
        event(
            "split_off",
            player=actor,
            character=character,
            conflict=conflict.id,
            from_side=side.id,
            new_side=new_id,
            label=cmd.label,
            dice=values,
            page=page.number,
        ),
    ]


def overdrawn_roll(state: CapesState, ctx: Ctx, cmd: OverdrawnRoll, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    page = need_page(state)
    if page.phase is not PagePhase.OVERDRAWN:
        raise RuleViolation("CAPES-DEBT-003", "Overdrawn rolls happen at the start of a Page, before claims.")
    require_turn(state, actor, doing="roll for an Overdrawn Drive")
    player, character, pool = overdrawn_queue(state)[0]
    if cmd.character and find_character(state, cmd.character) != character:
        raise RuleViolation(
            "CAPES-DEBT-003", f"{state.roster[character].sheet.name}'s {pool} is next to roll."
        )
    owned = owned_dice(state, character)
    top = max(v for *_, v in owned)
    highest = [d for d in owned if d[3] == top]
    chosen = highest[0]
    if cmd.conflict:
        pick = (cmd.conflict.lower(), cmd.side.upper(), cmd.die or 1)
        chosen = next((d for d in highest if d[:3] == pick), None)  # type: ignore[assignment]
        if chosen is None:
            raise RuleViolation(
                "CAPES-DEBT-003", f"Roll one of the highest dice the character owns (showing {top})."
            )
    roll = dice.roll(1, 6, purpose=f"Overdrawn {pool}")
    new = roll.faces[0]
    return [
        event(
            "overdrawn_rolled",
            rolls=(roll,),
            player=player,
            character=character,
            pool=pool,
            conflict=chosen[0],
            side=chosen[1],
            die=chosen[2],
            old=top,
            new=new,
            kept=new < top,
        )
    ]


def _map_side(state: CapesState, conflict_id: str, side_id: str, fn: Any) -> CapesState:
    conflict = state.conflict(conflict_id)
    assert conflict is not None
    conflict = conflict.model_copy(
        update={"sides": tuple(fn(s) if s.id == side_id else s for s in conflict.sides)}
    )
    return state.model_copy(
        update={"conflicts": tuple(conflict if c.id == conflict.id else c for c in state.conflicts)}
    )


def _staked(state: CapesState, data: ev.Staked) -> CapesState:
    character, pool, amount = str(data.character), str(data.pool), int(data.amount)
    char = state.roster[character]
    char = char.model_copy(update={"debt": {**char.debt, pool: char.debt.get(pool, 0) - amount}})
    narration = state.narration
    if data.why:  # CAPES-STAKE-003: the recorded justification
        said = Said(player=str(data.player), about="stake", text=str(data.why), conflict=str(data.conflict))
        narration = (*narration, said)
    staked_on = state.conflict(str(data.conflict))
    side = staked_on.side(str(data.side)) if staked_on is not None else None
    check = StakeCheck(
        player=str(data.player),
        character=character,
        pool=pool,
        amount=amount,
        conflict=str(data.conflict),
        side=str(data.side),
        dice=side.dice if side is not None else (),
    )
    # more Debt from the same Drive on the same Conflict while its window is open is one stake to object
    # to: the amounts add up, the dice to put back are those from before the first of them
    same = ("player", "character", "pool", "conflict", "side")
    key = check.model_dump(include=set(same))
    before = next((c for c in state.objectable if c.model_dump(include=set(same)) == key), None)
    if before is not None:
        check = before.model_copy(update={"amount": before.amount + amount})
    checks = (*(c for c in state.objectable if c is not before), check)
    state = state.model_copy(
        update={"roster": {**state.roster, character: char}, "narration": narration, "objectable": checks}
    )

    def add(side: Side) -> Side:
        stakes = list(side.stakes)
        for i, st in enumerate(stakes):
            if st.character == character and st.pool == pool:
                stakes[i] = st.model_copy(update={"amount": st.amount + amount})
                break
        else:
            stakes.append(Stake(character=character, pool=pool, amount=amount))
        return side.model_copy(update={"stakes": tuple(stakes)})

    return _map_side(state, str(data.conflict), str(data.side), add)


def _stake_objected(state: CapesState, data: ev.StakeObjected) -> CapesState:
    character, pool, amount = str(data.character), str(data.pool), int(data.amount)
    char = state.roster[character]
    char = char.model_copy(update={"debt": {**char.debt, pool: char.debt.get(pool, 0) + amount}})
    said = Said(player=str(data.by), about="objection", text=str(data.reason), conflict=str(data.conflict))
    state = state.model_copy(
        update={
            "roster": {**state.roster, character: char},
            "narration": (*state.narration, said),
            # the other stakes still open stay open: an objection is an answer, not a move (CAPES-STAKE-003)
            "objectable": tuple(
                c
                for c in state.objectable
                if (c.character, c.pool, c.conflict, c.side)
                != (character, pool, str(data.conflict), str(data.side))
            ),
        }
    )

    def take_back(side: Side) -> Side:
        side = _without(side, character, pool, amount)
        return side.model_copy(update={"dice": tuple(data.dice)}) if data.dice else side

    return _map_side(state, str(data.conflict), str(data.side), take_back)


def _split_applied(state: CapesState, data: ev.Split) -> CapesState:
    i = int(data.die) - 1

    def split(side: Side) -> Side:
        return side.model_copy(update={"dice": (*side.dice[:i], *data.parts, *side.dice[i + 1 :])})

    return _map_side(state, str(data.conflict), str(data.side), split)


def _split_off_applied(state: CapesState, data: ev.SplitOff) -> CapesState:
    conflict = state.conflict(str(data.conflict))
    assert conflict is not None
    character = str(data.character)
    source = conflict.side(str(data.from_side))
    assert source is not None
    left = list(source.dice)
    for v in data.dice:
        left.remove(v)
    moved = tuple(s for s in source.stakes if s.character == character)
    source = source.model_copy(
        update={"dice": tuple(left), "stakes": tuple(s for s in source.stakes if s.character != character)}
    )
    new = Side(
        id=str(data.new_side),
        label=str(data.label),
        dice=tuple(data.dice),
        stakes=moved,
        original=False,
        created_page=int(data.page),
    )
    seq = state.alliance_seq + 1
    conflict = conflict.model_copy(
        update={
            "sides": (*(source if s.id == source.id else s for s in conflict.sides), new),
            "alliances": {**conflict.alliances, character: Alliance(side=new.id, seq=seq)},
        }
    )
    return state.model_copy(
        update={
            "alliance_seq": seq,
            "conflicts": tuple(conflict if c.id == conflict.id else c for c in state.conflicts),
        }
    )


def _overdrawn_applied(state: CapesState, data: ev.OverdrawnRolled) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    state = with_page(
        state, overdrawn_done=(*state.scene.page.overdrawn_done, f"{data.character}/{data.pool}")
    )
    if not data.kept:
        return state
    i = int(data.die) - 1

    def lower(side: Side) -> Side:
        dice = list(side.dice)
        dice[i] = int(data.new)
        return side.model_copy(update={"dice": tuple(dice)})

    return _map_side(state, str(data.conflict), str(data.side), lower)


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "staked": _staked,
    "stake_objected": _stake_objected,
    "split": _split_applied,
    "split_off": _split_off_applied,
    "overdrawn_rolled": _overdrawn_applied,
}
