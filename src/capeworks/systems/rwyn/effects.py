"""Effects, complications, mixed and critical results: the words a check waits for.

Implements RWYN-EFFECT-001..003 (one effect per kept success, the first fixed;
one complication per disaster success, chosen by the GM), RWYN-MIX-002/003
(the GM's silver lining or taint), RWYN-CRIT-001 (the player picks a place,
person or circumstance) and RWYN-ABIL-008 (the GM's quantity limit). The
listed examples are offered as suggestions by the prompts
(:mod:`capeworks.systems.rwyn.prompts`); custom text is always allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.checks import Check, Stage
from capeworks.systems.rwyn.tables import ACCOMPLISH, CritTarget, plural

__all__ = [
    "choose_complications",
    "choose_critical",
    "choose_effects",
    "is_complete",
    "note_mixed",
    "set_quantity",
]


def _clean(texts: Sequence[str]) -> list[str]:
    return [t.strip() for t in texts if t.strip()]


def is_complete(check: Check) -> bool:
    """True when nothing more is asked of ``check``."""
    return (
        check.stage is Stage.ANSWERS
        and check.effects is not None
        and check.complications is not None
        and (not check.mixed or check.mixed_note is not None)
        and (check.crit is None or check.crit_target is not None)
        and (not check.needs_quantity or check.quantity is not None)
    )


def _require_answers(check: Check) -> None:
    if check.stage is Stage.SACRIFICE:
        raise RuleViolation(
            "RWYN-SAC-001", f"Check {check.id} waits for its sacrifice first: how many successes to give up."
        )
    if check.stage is not Stage.ANSWERS:
        raise RuleViolation("RWYN-SAC-001", f"Check {check.id} is not judged yet; finish rolling it first.")


def choose_effects(check: Check, picks: Sequence[str]) -> Check:
    """RWYN-EFFECT-001/002: the first effect is always 'I accomplish the task'; the rest are the player's."""
    _require_answers(check)
    if check.effects is not None:
        raise RuleViolation("RWYN-EFFECT-001", f"The effects of check {check.id} are already chosen.")
    chosen = _clean(picks)
    free = bool(chosen) and chosen[0].lower() == ACCOMPLISH.lower()  # always the first: given, not picked
    if free:
        chosen = chosen[1:]
    extra = check.effects_needed - 1
    if len(chosen) != extra:
        besides = f" besides '{ACCOMPLISH}', which is always the first" if free else ""
        raise RuleViolation(
            "RWYN-EFFECT-001",
            f"You kept {plural(check.kept, 'success')}: pick exactly {plural(extra, 'effect')} "
            f"after '{ACCOMPLISH}' (you gave {len(chosen)}{besides}).",
        )
    seen = {ACCOMPLISH.lower()}
    for pick in chosen:
        if pick.lower() in seen:
            raise RuleViolation(
                "RWYN-EFFECT-001", f"Each success buys a different effect: '{pick}' is already among them."
            )
        seen.add(pick.lower())
    return check.model_copy(update={"effects": (ACCOMPLISH, *chosen)})


def choose_complications(check: Check, texts: Sequence[str]) -> Check:
    """RWYN-EFFECT-003: one complication per disaster success, worded by the GM."""
    _require_answers(check)
    if check.complications is not None:
        raise RuleViolation("RWYN-EFFECT-003", f"Check {check.id} has no complications waiting.")
    chosen = _clean(texts)
    if len(chosen) != check.disaster_successes:
        raise RuleViolation(
            "RWYN-EFFECT-003",
            f"Check {check.id} had {plural(check.disaster_successes, 'disaster success')}: give exactly that "
            f"many complications (you gave {len(chosen)}).",
        )
    seen: set[str] = set()
    for text in chosen:  # src 11: each disaster success adds a problem; the same one twice adds one
        if text.lower() in seen:
            raise RuleViolation(
                "RWYN-EFFECT-003",
                f"Each disaster success adds a different complication: '{text}' is already among them.",
            )
        seen.add(text.lower())
    return check.model_copy(update={"complications": tuple(chosen)})


def note_mixed(check: Check, text: str) -> Check:
    """RWYN-MIX-002/003: the GM's silver lining (failure) or taint (success)."""
    _require_answers(check)
    if not check.mixed or check.mixed_note is not None:
        raise RuleViolation("RWYN-MIX-001", f"Check {check.id} has no mixed result waiting for words.")
    if not text.strip():
        raise RuleViolation("RWYN-MIX-001", "Describe the mixed result in a few words.")
    return check.model_copy(update={"mixed_note": text.strip()})


def choose_critical(check: Check, target: str, text: str) -> Check:
    """RWYN-CRIT-001: the player picks a place, person or circumstance to go well or badly."""
    _require_answers(check)
    if check.crit is None or check.crit_target is not None:
        raise RuleViolation("RWYN-CRIT-001", f"Check {check.id} has no critical result waiting.")
    try:
        chosen = CritTarget(target.strip().lower())
    except ValueError:
        raise RuleViolation(
            "RWYN-CRIT-001", "Choose a place, a person or a circumstance for the critical result."
        ) from None
    return check.model_copy(update={"crit_target": chosen.value, "crit_note": text.strip()})


def set_quantity(check: Check, limit: str) -> Check:
    """RWYN-ABIL-008: the GM's limit on a purchase one below Wealth."""
    _require_answers(check)
    if not check.needs_quantity or check.quantity is not None:
        raise RuleViolation("RWYN-ABIL-008", f"Check {check.id} has no quantity waiting for the GM.")
    if not limit.strip():
        raise RuleViolation("RWYN-ABIL-008", "Say how many may be bought.")
    return check.model_copy(update={"quantity": limit.strip()})
