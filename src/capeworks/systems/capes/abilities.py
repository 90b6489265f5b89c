"""Abilities in play, Reactions and Inspirations.

Rule IDs: CAPES-ABIL-001 (super abilities earn 1 Debt per use; mundane ones
Block for the Scene), CAPES-ABIL-002 (raise an Inspiration by one, or re-roll
one die no higher than the rating; Inspirations stop at 6, PROPOSED),
CAPES-ABIL-003 (accept or turn back), CAPES-DEBT-004 (Debt on any Drive),
CAPES-CONF-004 (each roll declares the side it helps), CAPES-REACT-001..004
(Reactions by anyone with a high enough ability, actor first then clockwise,
once per player per Action, only after an accepted roll), CAPES-ACT-003
(Inspiration sets a die on your side to its value; only upwards, PROPOSED),
CAPES-EG-006 (a failed Goal cannot be pursued again this Scene).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import DiceService, Event, RollRecord
from capeworks.engine.kit import left_of, order_from
from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.actions import open_action, require_window
from capeworks.systems.capes.commands import Accept, Inspire, React, Revert, UseAbility
from capeworks.systems.capes.common import (
    Ctx,
    event,
    find_conflict,
    find_side,
    need_page,
    own_character,
    replace_conflict,
    takes,
    with_page,
)
from capeworks.systems.capes.conflicts import goal_key
from capeworks.systems.capes.flow import require_turn
from capeworks.systems.capes.queries import allied_side, and_then_finishers, dice_on_table
from capeworks.systems.capes.sheet import STACK, Ability, ConflictKind, slug
from capeworks.systems.capes.state import (
    Alliance,
    AndThen,
    CapesState,
    Conflict,
    Inspiration,
    PendingRoll,
    ReactionWindow,
    Said,
    Side,
)

__all__ = [
    "APPLIERS",
    "accept",
    "can_inspire",
    "can_react",
    "can_use",
    "check_inspire",
    "check_reaction",
    "check_use",
    "decide_reaction_pass",
    "inspire",
    "react",
    "require_reaction_window",
    "revert",
    "use_ability",
]


def _ability(state: CapesState, character: str, name: str) -> Ability:
    sheet = state.roster[character].sheet
    ability = sheet.ability(name)
    if ability is None:
        known = ", ".join(f"{a.name} {a.rating}" for a in sheet.abilities)
        raise NotFound(f"{sheet.name} has no ability {name!r} (abilities: {known}).")
    assert state.scene is not None
    if f"{character}/{ability.key}" in state.scene.blocked:
        raise RuleViolation(
            "CAPES-ABIL-001",
            f"{sheet.name}'s {ability.name} is mundane and Blocked for the rest of the Scene.",
        )
    return ability


def _debt_pool(state: CapesState, character: str, ability: Ability, drive: str) -> str:
    """The pool a use's Debt goes on ("" for a mundane ability), or the refusal: a super-powered use
    earns 1 Debt on a Drive of the player's choice (CAPES-DEBT-004, src 187), a mundane one none
    (CAPES-ABIL-001, src 186), and an undifferentiated character has only its stack (src 236). A
    ``drive=`` with nothing to take the Debt, or naming a Drive the character lacks, is refused rather
    than dropped unread."""
    sheet = state.roster[character].sheet
    if not ability.super:
        if drive:
            raise RuleViolation(
                "CAPES-ABIL-001",
                f"{ability.name} is mundane: it earns no Debt (it Blocks for the Scene instead); drop "
                "drive=.",
                field="drive",
            )
        return ""
    if not sheet.drives:
        if drive and slug(drive) != STACK:
            raise RuleViolation(
                "CAPES-DEBT-004",
                f"{sheet.name} has no Drives: the Debt goes on its one stack; drop drive= (or say stack).",
                field="drive",
            )
        return STACK
    pools = sheet.pools()
    if slug(drive) not in pools:
        raise RuleViolation(
            "CAPES-DEBT-004",
            f"{ability.name} is super-powered and earns 1 Debt: say which Drive takes it: "
            f"{', '.join(pools)}.",
            field="drive",
        )
    return slug(drive)


def _check_label(conflict: Conflict, help_side: str, label: str) -> None:
    """A roll's ``label=`` names the side it helps when that side has no words yet (CAPES-CONF-002
    PROPOSED, src 109); words for a side already named would be dropped, so they are refused."""
    side = find_side(conflict, help_side)
    if label and side.label and label.strip() != side.label:
        raise RuleViolation(
            "CAPES-CONF-002",
            f"Side {side.id} of {conflict.card} is already “{side.label}”; "
            "drop label= (or give those words).",
            field="label",
        )


def _check_help(state: CapesState, character: str, conflict: Conflict, help_side: str) -> str:
    side = find_side(conflict, help_side)
    assert state.scene is not None
    if (
        conflict.kind is ConflictKind.GOAL
        and conflict.aims(side.id)
        and goal_key(character, conflict.text) in state.scene.failed_goals
    ):
        raise RuleViolation(
            "CAPES-EG-006",
            f"{state.roster[character].sheet.name} failed the Goal “{conflict.text}” this Scene.",
        )
    return side.id


def _used_by(actor: str, character: str, ability: Ability, pool: str, *, reaction: bool) -> dict[str, Any]:
    """Who used which ability, what it costs, and whether as a Reaction: the common event fields."""
    return {
        "player": actor,
        "character": character,
        "ability": ability.name,
        "rating": ability.rating,
        "super": ability.super,
        "pool": pool,
        "reaction": reaction,
    }


def _rolled(
    base: dict[str, Any],
    roll: RollRecord,
    conflict: Conflict,
    side: str,
    die: int,
    old: int,
    help_side: str,
    label: str,
) -> Event:
    """The ``ability_used`` event of a die roll, by the actor or as a Reaction."""
    return event(
        "ability_used",
        rolls=(roll,),
        mode="die",
        conflict=conflict.id,
        side=side,
        die=die,
        old=old,
        new=roll.faces[0],
        help=help_side,
        label=label,
        **base,
    )


def check_use(
    state: CapesState, actor: str, character: str, cmd: UseAbility
) -> tuple[Ability, str, int, str]:
    """The ability, Debt pool, die's old value and helped side of a use, or the refusal.

    The use_ability handler's checks of the fields a player fills in (CAPES-ABIL-001/002,
    CAPES-DEBT-004, CAPES-RSRC-002, CAPES-CONF-004, CAPES-EG-006); the menu asks them too
    (:func:`can_use`). Raising an Inspiration has no die: its old value is 0 and no side is helped.
    """
    ability = _ability(state, character, cmd.ability)
    if cmd.inspiration:
        held = [i.value for i in state.inspirations.get(actor, ())]
        if cmd.inspiration not in held:
            raise RuleViolation(
                "CAPES-RSRC-002", f"You hold no Inspiration of {cmd.inspiration} (you hold {held})."
            )
        if cmd.inspiration >= 6:
            raise RuleViolation("CAPES-ABIL-002", "An Inspiration cannot rise above 6.")
        if ability.rating < cmd.inspiration:
            raise RuleViolation(
                "CAPES-ABIL-002",
                f"{ability.name} ({ability.rating}) cannot raise an Inspiration of {cmd.inspiration}; "
                "the rating must be at least its value.",
            )
        return ability, _debt_pool(state, character, ability, cmd.drive), 0, ""
    if not cmd.conflict:
        raise RuleViolation(
            "CAPES-ABIL-002", "Say which die to roll (conflict= side= die=) or which Inspiration to raise."
        )
    conflict = find_conflict(state, cmd.conflict)
    side = find_side(conflict, cmd.side)
    if cmd.die > len(side.dice):
        raise NotFound(
            f"Side {side.id} of {conflict.card} has {len(side.dice)} "
            f"{'die' if len(side.dice) == 1 else 'dice'}; there is no die {cmd.die}."
        )
    old = side.dice[cmd.die - 1]
    if ability.rating < old:
        raise RuleViolation(
            "CAPES-ABIL-002",
            f"{ability.name} ({ability.rating}) cannot roll a die showing {old}:"
            f" that needs an ability of {old} or more.",
        )
    pool = _debt_pool(state, character, ability, cmd.drive)
    help_side = _check_help(state, character, conflict, cmd.help or side.id)
    _check_label(conflict, help_side, cmd.label)
    return ability, pool, old, help_side


def _fill_drive(state: CapesState, character: str) -> str:
    """A Drive that may take a super-powered use's Debt (any will do), for the menu's trial fills."""
    return state.roster[character].sheet.pools()[0]


def can_use(state: CapesState, actor: str, character: str) -> bool:
    """Would the table take some ability use by ``character`` now: a die rolled, helping some side, or an
    Inspiration raised?"""
    # a super-powered use names the Drive its Debt goes on, a mundane one none (_debt_pool)
    uses = [
        (a.name, _fill_drive(state, character) if a.super else "")
        for a in state.roster[character].sheet.abilities
    ]
    fills = [
        UseAbility(ability=n, drive=drive, inspiration=i.value)
        for n, drive in uses
        for i in state.inspirations.get(actor, ())
        if i.value < 6
    ] + [
        UseAbility(ability=n, drive=drive, conflict=c.id, side=s.id, die=d, help=h.id)
        for c, s, d in dice_on_table(state)
        for h in c.sides
        for n, drive in uses
    ]
    return any(takes(check_use, state, actor, character, f) for f in fills)


def use_ability(state: CapesState, ctx: Ctx, cmd: UseAbility, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    events, character = open_action(state, actor, cmd.character, doing="use an ability")
    action = require_window(state, actor, doing="use an ability")
    if action is not None and action.core_done:
        raise RuleViolation("CAPES-ACT-001", "This Action has had its one ability use or Conflict already.")
    ability, pool, old, help_side = check_use(state, actor, character, cmd)
    base = _used_by(actor, character, ability, pool, reaction=False)
    if cmd.inspiration:
        return [*events, event("ability_used", mode="inspiration", value=cmd.inspiration, **base)]
    conflict = find_conflict(state, cmd.conflict)
    side = find_side(conflict, cmd.side)
    roll = dice.roll(1, 6, purpose=f"{ability.name} on {conflict.id} side {side.id}")
    return [*events, _rolled(base, roll, conflict, side.id, cmd.die, old, help_side, cmd.label)]


def require_reaction_window(state: CapesState, actor: str) -> ReactionWindow:
    """The Reaction window ``actor`` may react in now, or the refusal (CAPES-REACT-002/003/004).

    The react handler's first checks; the menu asks them before offering ``react``.
    """
    page = need_page(state)
    action = page.action
    if action is None or action.reactions is None or action.roll is not None:
        raise RuleViolation("CAPES-REACT-002", "There is no accepted roll to react to.")
    if actor in action.reacted:
        raise RuleViolation(
            "CAPES-REACT-004", "You have already reacted to this Action; nobody reacts twice."
        )
    require_turn(state, actor, doing="react")
    return action.reactions


def react(state: CapesState, ctx: Ctx, cmd: React, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    window = require_reaction_window(state, actor)
    character = own_character(state, actor, cmd.character)
    ability, pool, old, help_side = check_reaction(state, character, window, cmd)
    conflict = find_conflict(state, window.conflict)
    side = find_side(conflict, window.side)
    roll = dice.roll(1, 6, purpose=f"Reaction with {ability.name} on {conflict.id} side {side.id}")
    base = _used_by(actor, character, ability, pool, reaction=True)
    return [_rolled(base, roll, conflict, side.id, window.die, old, help_side, cmd.label)]


def check_reaction(
    state: CapesState, character: str, window: ReactionWindow, cmd: React
) -> tuple[Ability, str, int, str]:
    """The ability, Debt pool, die's old value and helped side of a Reaction, or the refusal.

    The react handler's checks of the fields a player fills in (CAPES-REACT-001, CAPES-ABIL-001,
    CAPES-DEBT-004, CAPES-CONF-004); the menu asks them too (:func:`can_react`).
    """
    ability = _ability(state, character, cmd.ability)
    conflict = find_conflict(state, window.conflict)
    side = find_side(conflict, window.side)
    old = side.dice[window.die - 1]
    if ability.rating < old:
        raise RuleViolation(
            "CAPES-REACT-001",
            f"A Reaction to a die showing {old} needs an ability of {old} or more; {ability.name} is "
            f"{ability.rating}.",
        )
    pool = _debt_pool(state, character, ability, cmd.drive)
    help_side = _check_help(state, character, conflict, cmd.help or side.id)
    _check_label(conflict, help_side, cmd.label)
    return ability, pool, old, help_side


def can_react(state: CapesState, character: str, window: ReactionWindow) -> bool:
    """Would the table take some Reaction by ``character`` to the die in ``window``, helping some side?"""
    conflict = find_conflict(state, window.conflict)
    drive = _fill_drive(state, character)
    return any(
        takes(
            check_reaction,
            state,
            character,
            window,
            React(ability=a.name, drive=drive if a.super else "", help=h.id),
        )
        for a in state.roster[character].sheet.abilities
        for h in conflict.sides
    )


def check_inspire(
    state: CapesState, actor: str, character: str, cmd: Inspire
) -> tuple[Conflict, Side, int, Inspiration]:
    """The Conflict, side, die's old value and Inspiration spent, or the refusal.

    The inspire handler's checks of the fields a player fills in (CAPES-ACT-003, CAPES-RSRC-002);
    the menu asks them too (:func:`can_inspire`).
    """
    conflict = find_conflict(state, cmd.conflict)
    side = find_side(conflict, cmd.side)
    if allied_side(conflict, character) != side.id:
        raise RuleViolation(
            "CAPES-ACT-003",
            f"An Inspiration raises a die on your character's side; {state.roster[character].sheet.name} "
            f"is not allied with {side.id}.",
        )
    held = next((i for i in state.inspirations.get(actor, ()) if i.value == cmd.value), None)
    if held is None:
        raise RuleViolation("CAPES-RSRC-002", f"You hold no Inspiration of {cmd.value}.")
    if cmd.die > len(side.dice):
        raise NotFound(f"Side {side.id} of {conflict.card} has no die {cmd.die}.")
    old = side.dice[cmd.die - 1]
    if cmd.value <= old:
        raise RuleViolation(
            "CAPES-ACT-003", f"An Inspiration of {cmd.value} would not raise a die showing {old}."
        )
    return conflict, side, old, held


def can_inspire(state: CapesState, actor: str, character: str) -> bool:
    """Would the table take some Inspiration ``actor`` holds, spent on some die of ``character``'s side?"""
    return any(
        takes(check_inspire, state, actor, character, Inspire(value=i.value, conflict=c.id, side=s.id, die=d))
        for i in state.inspirations.get(actor, ())
        for c, s, d in dice_on_table(state)
    )


def inspire(state: CapesState, ctx: Ctx, cmd: Inspire, dice: DiceService) -> list[Event]:
    actor = ctx.actor.id
    events, character = open_action(state, actor, cmd.character, doing="spend an Inspiration")
    require_window(state, actor, doing="spend an Inspiration")
    conflict, side, old, held = check_inspire(state, actor, character, cmd)
    return [
        *events,
        event(
            "inspired",
            player=actor,
            character=character,
            value=cmd.value,
            conflict=conflict.id,
            side=side.id,
            die=cmd.die,
            old=old,
            source=held.source,
        ),
    ]


def _decide_roll(state: CapesState, actor: str, kind: str, text: str) -> list[Event]:
    page = need_page(state)
    roll = page.action.roll if page.action else None
    if roll is None:
        raise RuleViolation("CAPES-ABIL-003", "There is no roll waiting to be accepted or turned back.")
    require_turn(state, actor, doing="decide on the roll")
    # CAPES-ABIL-005 / CAPES-REACT-005: the roller's narration is recorded, accepted or not
    data: dict[str, Any] = {**roll.model_dump(mode="json"), "text": text}
    if kind == "roll_reverted" and roll.reaction:  # a play after which those who passed may react (src 201)
        data["reopens"] = True
    if text:  # CAPES-CONF-006: narrating your action "but don't control the conflict" (src 113)
        conflict = find_conflict(state, roll.conflict)
        if kind == "roll_accepted":
            conflict = _set_die(conflict, roll.side, roll.die, roll.new)
        data["finishers"] = and_then_finishers(state, conflict, roll.player)
    return [event(kind, **data)]


def accept(state: CapesState, ctx: Ctx, cmd: Accept, dice: DiceService) -> list[Event]:
    """Keep the new face of the die just rolled (CAPES-ABIL-003)."""
    actor = ctx.actor.id
    return _decide_roll(state, actor, "roll_accepted", cmd.text)


def revert(state: CapesState, ctx: Ctx, cmd: Revert, dice: DiceService) -> list[Event]:
    """Turn the die just rolled back (CAPES-ABIL-003)."""
    actor = ctx.actor.id
    return _decide_roll(state, actor, "roll_reverted", cmd.text)


def decide_reaction_pass(state: CapesState, actor: str) -> list[Event]:
    """Declining to react now (you may still react later in this window)."""
    require_turn(state, actor, doing="pass")
    return [event("reaction_passed", player=actor)]


def _set_die(conflict: Conflict, side_id: str, die: int, value: int) -> Conflict:
    sides = []
    for s in conflict.sides:
        if s.id == side_id:
            dice = list(s.dice)
            dice[die - 1] = value
            s = s.model_copy(update={"dice": tuple(dice)})
        sides.append(s)
    return conflict.model_copy(update={"sides": tuple(sides)})


def _used(state: CapesState, data: ev.AbilityUsed) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    character, player = str(data.character), str(data.player)
    if data.super:
        char = state.roster[character]
        pool = str(data.pool)
        char = char.model_copy(update={"debt": {**char.debt, pool: char.debt.get(pool, 0) + 1}})
        state = state.model_copy(update={"roster": {**state.roster, character: char}})
    else:
        assert state.scene is not None
        blocked = (*state.scene.blocked, f"{character}/{slug(str(data.ability))}")
        state = state.model_copy(update={"scene": state.scene.model_copy(update={"blocked": blocked})})
    assert state.scene is not None and state.scene.page is not None
    action = state.scene.page.action
    assert action is not None
    if data.mode == "inspiration":
        held = list(state.inspirations.get(player, ()))
        i = next(i for i, h in enumerate(held) if h.value == data.value)
        held[i] = Inspiration(value=int(data.value) + 1, source=held[i].source)
        state = state.model_copy(update={"inspirations": {**state.inspirations, player: tuple(held)}})
        return with_page(state, action=action.model_copy(update={"core_done": True}))
    conflict = state.conflict(str(data.conflict))
    assert conflict is not None
    seq = state.alliance_seq + 1
    sides = tuple(
        s.model_copy(update={"label": data.label}) if s.id == data.help and data.label and not s.label else s
        for s in conflict.sides
    )
    conflict = conflict.model_copy(
        update={
            "alliances": {**conflict.alliances, character: Alliance(side=data.help, seq=seq)},
            "sides": sides,
        }
    )
    state = replace_conflict(state, conflict).model_copy(update={"alliance_seq": seq})
    roll = PendingRoll(
        player=player,
        character=character,
        ability=str(data.ability),
        conflict=conflict.id,
        side=str(data.side),
        die=int(data.die),
        old=int(data.old),
        new=int(data.new),
        help=str(data.help),
        reaction=bool(data.reaction),
    )
    update: dict[str, Any] = {"roll": roll}
    if data.reaction:
        update["reacted"] = (*action.reacted, player)
    else:
        update["core_done"] = True
    return with_page(state, action=action.model_copy(update=update))


def _decided(state: CapesState, data: ev.RollDecided, *, accepted: bool) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    action = state.scene.page.action
    assert action is not None
    if accepted:
        conflict = state.conflict(str(data.conflict))
        assert conflict is not None
        state = replace_conflict(state, _set_die(conflict, str(data.side), int(data.die), int(data.new)))
    if data.text:  # added to, never replacing, earlier narration (CAPES-REACT-005)
        said = Said(player=str(data.player), about="roll", text=str(data.text), conflict=str(data.conflict))
        state = state.model_copy(update={"narration": (*state.narration, said)})
    if data.finishers:  # And Then: the controlling side finishes it (CAPES-CONF-006)
        and_then = AndThen(
            conflict=data.conflict, by=data.player, finishers=tuple(data.finishers), lapses=True
        )
        state = state.model_copy(update={"and_then": and_then})
    window = action.reactions
    if not data.reaction:
        if accepted:
            order = order_from(state.players, action.player)
            window = ReactionWindow(
                conflict=data.conflict,
                side=data.side,
                die=data.die,
                order=order,
                asker=action.player,
            )
    elif window is not None:
        # a Reaction, kept or turned back (``reopens``), re-opens the window to those who passed (src 201)
        reopens = accepted or (isinstance(data, ev.RollReverted) and data.reopens)
        nxt = left_of(state.players, str(data.player))
        window = window.model_copy(update={"asker": nxt, "passed": () if reopens else window.passed})
    return with_page(state, action=action.model_copy(update={"roll": None, "reactions": window}))


def _reaction_passed(state: CapesState, data: ev.ReactionPassed) -> CapesState:
    assert state.scene is not None and state.scene.page is not None
    action = state.scene.page.action
    assert action is not None and action.reactions is not None
    window = action.reactions
    window = window.model_copy(
        update={
            "passed": (*window.passed, data.player),
            "asker": left_of(state.players, str(data.player)),
        }
    )
    return with_page(state, action=action.model_copy(update={"reactions": window}))


def _inspired(state: CapesState, data: ev.Inspired) -> CapesState:
    player = str(data.player)
    held = list(state.inspirations.get(player, ()))
    i = next(i for i, h in enumerate(held) if h.value == data.value)
    del held[i]
    conflict = state.conflict(str(data.conflict))
    assert conflict is not None
    state = replace_conflict(state, _set_die(conflict, str(data.side), int(data.die), int(data.value)))
    return state.model_copy(update={"inspirations": {**state.inspirations, player: tuple(held)}})


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "ability_used": _used,
    "roll_accepted": lambda s, d: _decided(s, d, accepted=True),
    "roll_reverted": lambda s, d: _decided(s, d, accepted=False),
    "reaction_passed": _reaction_passed,
    "inspired": _inspired,
}
