"""Effects, complications, mixed and critical results: the words a check waits for, as prompts.

Implements RWYN-EFFECT-001..003 (one effect per kept success, the first fixed;
one complication per disaster success, chosen by the GM), RWYN-MIX-002/003
(the GM's silver lining or taint), RWYN-CRIT-001 (the player picks a place,
person or circumstance) and RWYN-ABIL-008 (the GM's quantity limit), plus the
sacrifice and re-roll questions of RWYN-SAC-004 and RWYN-TRAIT-004. The
listed examples are offered as suggestions; custom text is always allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capeworks.engine import Prompt, PromptOption
from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.checks import Check, Stage
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.pool import CritKind, succeeded
from capeworks.systems.rwyn.tables import (
    ACCOMPLISH,
    COMPLICATION_SUGGESTIONS,
    EFFECT_SUGGESTIONS,
    SILVER_LINING_SUGGESTIONS,
    TAINT_SUGGESTIONS,
    CritTarget,
)

__all__ = [
    "GM",
    "PromptKind",
    "check_prompts",
    "choose_complications",
    "choose_critical",
    "choose_effects",
    "is_complete",
    "note_mixed",
    "set_quantity",
]

#: the prompt seat meaning "the table's GM"
GM = "gm"


class PromptKind:
    """The prompt kinds a check can open (string constants shared with the renderers)."""

    SACRIFICE = "sacrifice"
    REROLL = "reroll"
    EFFECTS = "effects"
    COMPLICATIONS = "complications"
    MIXED = "mixed"
    CRITICAL = "critical"
    QUANTITY = "quantity"


def _options(values: Sequence[str]) -> tuple[PromptOption, ...]:
    return tuple(PromptOption(value=v, label=v) for v in values)


def _clean(texts: Sequence[str]) -> list[str]:
    return [t.strip() for t in texts if t.strip()]


def _prompt(check: Check, kind: str, *, seat: str, rule: str, question: str, **extra: Any) -> Prompt:
    """One question of ``check``: its id, seat and context are the check's."""
    return Prompt(
        id=f"check-{check.id}:{kind}",
        seat=seat,
        kind=kind,
        rule=rule,
        question=question,
        context={"check": check.id, "character": check.character},
        **extra,
    )


def _sacrifice_options(check: Check, config: RwynConfig) -> tuple[PromptOption, ...]:
    """0..max; an option after which the task would fail says so (RWYN-SAC-004 PROPOSED)."""
    out = []
    for n in range(check.max_sacrifice + 1):
        fails = not succeeded(check.successes - n, check.plan.difficulty, config)
        out.append(PromptOption(value=str(n), label=f"{n} (the task then fails)" if fails else str(n)))
    return tuple(out)


def check_prompts(check: Check, config: RwynConfig) -> list[Prompt]:
    """Every open question of ``check``, in the order the rules ask them.

    ``config`` is the one the check is judged by (:func:`~capeworks.systems.rwyn.checks.rules_for`).
    """
    if check.stage is Stage.SACRIFICE:
        return [
            _prompt(
                check,
                PromptKind.SACRIFICE,
                seat=check.owner,
                rule="RWYN-SAC-004",
                question=(
                    f"You rolled {check.successes} success(es) against "
                    f"{check.plan.disaster_nominal} disaster "
                    f"dice. Sacrifice how many successes to remove disaster dice (0-{check.max_sacrifice})?"
                ),
                options=_sacrifice_options(check, config),
                default="0",
            )
        ]
    if check.stage is Stage.REROLL:
        return [
            _prompt(
                check,
                PromptKind.REROLL,
                seat=check.owner,
                rule="RWYN-TRAIT-004",
                question=(
                    f"{check.disaster_successes} disaster success(es) would cost {check.disaster_successes} "
                    "Wealth. Leverage your debt to re-roll the disaster dice once?"
                ),
                options=_options(["yes", "no"]),
                default="no",
            )
        ]
    if check.stage is not Stage.ANSWERS:
        return []
    return _answer_prompts(check)


def _answer_prompts(check: Check) -> list[Prompt]:
    """The words a judged check still waits for."""
    prompts: list[Prompt] = []
    if check.effects is None:
        extra = check.effects_needed - 1
        prompts.append(
            _prompt(
                check,
                PromptKind.EFFECTS,
                seat=check.owner,
                rule="RWYN-EFFECT-001",
                question=f"{check.kept} successes kept: '{ACCOMPLISH}' plus {extra} more effect(s).",
                options=_options(EFFECT_SUGGESTIONS),
                free_text=True,
                min_choices=extra,
                max_choices=extra,
            )
        )
    if check.complications is None:
        prompts.append(
            _prompt(
                check,
                PromptKind.COMPLICATIONS,
                seat=GM,
                rule="RWYN-EFFECT-003",
                question=f"{check.disaster_successes} disaster success(es): name that many complications.",
                options=_options(COMPLICATION_SUGGESTIONS),
                free_text=True,
                min_choices=check.disaster_successes,
                max_choices=check.disaster_successes,
            )
        )
    if check.mixed and check.mixed_note is None:
        failure = not check.success
        prompts.append(
            _prompt(
                check,
                PromptKind.MIXED,
                seat=GM,
                rule="RWYN-MIX-002" if failure else "RWYN-MIX-003",
                question=(
                    "Mixed failure: what is the silver lining?"
                    if failure
                    else "Mixed success: how is the success tainted (less than a disaster)?"
                ),
                options=_options(SILVER_LINING_SUGGESTIONS if failure else TAINT_SUGGESTIONS),
                free_text=True,
            )
        )
    if check.crit is not None and check.crit_target is None:
        good = check.crit is CritKind.SUCCESS
        prompts.append(
            _prompt(
                check,
                PromptKind.CRITICAL,
                seat=check.owner,
                rule="RWYN-CRIT-001",
                question=(
                    f"Critical {'success' if good else 'failure'}: choose a place, person or circumstance "
                    f"that goes {'well' if good else 'badly'}."
                ),
                options=_options([t.value for t in CritTarget]),
                free_text=True,
            )
        )
    if check.needs_quantity and check.quantity is None:
        prompts.append(
            _prompt(
                check,
                PromptKind.QUANTITY,
                seat=GM,
                rule="RWYN-ABIL-008",
                question=f"'{check.item or 'The purchase'}' costs one below Wealth: how many may be bought?",
                free_text=True,
            )
        )
    return prompts


def is_complete(check: Check) -> bool:
    """True when nothing more is asked of ``check``."""
    return check.stage is Stage.ANSWERS and not _answer_prompts(check)


def _require_answers(check: Check) -> None:
    if check.stage is not Stage.ANSWERS:
        raise RuleViolation("RWYN-SAC-001", f"Check {check.id} is not judged yet; finish rolling it first.")


def choose_effects(check: Check, picks: Sequence[str]) -> Check:
    """RWYN-EFFECT-001/002: the first effect is always 'I accomplish the task'; the rest are the player's."""
    _require_answers(check)
    if check.effects is not None:
        raise RuleViolation("RWYN-EFFECT-001", f"The effects of check {check.id} are already chosen.")
    chosen = _clean(picks)
    if chosen and chosen[0].lower() == ACCOMPLISH.lower():
        chosen = chosen[1:]
    extra = check.effects_needed - 1
    if len(chosen) != extra:
        raise RuleViolation(
            "RWYN-EFFECT-001",
            f"You kept {check.kept} successes: pick exactly {extra} effect(s) after '{ACCOMPLISH}' "
            f"(you gave {len(chosen)}).",
        )
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
            f"{check.disaster_successes} disaster success(es) need exactly that many complications "
            f"(you gave {len(chosen)}).",
        )
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
