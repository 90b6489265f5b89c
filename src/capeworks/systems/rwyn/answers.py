"""Answers a judged check waits for: effects, complications, mixed and critical words, quantities.

Handlers for RWYN-EFFECT-001..003, RWYN-MIX-002/003, RWYN-CRIT-001 and
RWYN-ABIL-008; the rules are pure functions in
:mod:`capeworks.systems.rwyn.effects`. A check closes once nothing more is asked of it.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn import effects
from capeworks.systems.rwyn.checks import Check
from capeworks.systems.rwyn.events import (
    CheckClosed,
    CheckEvent,
    ComplicationsChosen,
    CriticalChosen,
    EffectsChosen,
    MixedNoted,
    QuantitySet,
)
from capeworks.systems.rwyn.lookups import Built, Ctx, Done, answerable, open_check
from capeworks.systems.rwyn.state import RwynState

__all__ = ["complications", "critical", "effects_command", "maybe_close", "mixed", "quantity"]


def maybe_close(b: Built, check_id: int) -> None:
    """Close the check when nothing more is asked of it."""
    check = b.state.checks[check_id]
    if effects.is_complete(check):
        b.emit(CheckClosed(check_id=check_id, name=b.state.characters[check.character].name))


def _answer(state: RwynState, context: Ctx, event: type[CheckEvent], check: Check) -> Done:
    b = context.batch(state)
    b.emit(event(check=check, name=state.characters[check.character].name))
    maybe_close(b, check.id)
    return b


def effects_command(state: RwynState, context: Ctx, c: cmd.Effects, dice: DiceService) -> Done:
    """The player picks the effects of a success (RWYN-EFFECT-001/002)."""
    check = open_check(state, c.check)
    answerable(state, context, check)
    return _answer(state, context, EffectsChosen, effects.choose_effects(check, c.picks))


def complications(state: RwynState, context: Ctx, c: cmd.Complications, dice: DiceService) -> Done:
    """GM: one complication per disaster success (RWYN-EFFECT-003)."""
    check = open_check(state, c.check)
    return _answer(state, context, ComplicationsChosen, effects.choose_complications(check, c.texts))


def mixed(state: RwynState, context: Ctx, c: cmd.Mixed, dice: DiceService) -> Done:
    """GM: the silver lining or the taint (RWYN-MIX-002/003)."""
    check = open_check(state, c.check)
    return _answer(state, context, MixedNoted, effects.note_mixed(check, c.text))


def critical(state: RwynState, context: Ctx, c: cmd.Critical, dice: DiceService) -> Done:
    """The player picks what a critical result turns (RWYN-CRIT-001)."""
    check = open_check(state, c.check)
    answerable(state, context, check)
    return _answer(state, context, CriticalChosen, effects.choose_critical(check, c.target, c.text))


def quantity(state: RwynState, context: Ctx, c: cmd.Quantity, dice: DiceService) -> Done:
    """GM: how many may be bought one below Wealth (RWYN-ABIL-008)."""
    check = open_check(state, c.check)
    return _answer(state, context, QuantitySet, effects.set_quantity(check, c.limit))
