"""A check in progress: rolled ability dice, the sacrifice, disaster dice, then the outcome.

Implements the order of resolution of RWYN-SAC-001 (ability pool first, then
the optional sacrifice, then the remaining disaster dice), RWYN-SAC-002..004,
RWYN-POOL-005/006, the outcome side of RWYN-MIX-001 and RWYN-CRIT-001, and
the talent hooks of RWYN-TRAIT-004. Each step is a pure function returning a
new :class:`Check`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from capeworks.errors import RuleViolation
from capeworks.systems.rwyn.config import ResolutionMode, RwynConfig
from capeworks.systems.rwyn.pool import (
    CritKind,
    PoolPlan,
    count_ones,
    count_successes,
    critical,
    disaster_pool,
    effect_count,
    is_mixed,
    max_sacrifice,
    succeeded,
)
from capeworks.systems.rwyn.sheet import Ability, Character, TalentHook, Track
from capeworks.systems.rwyn.tables import ACCOMPLISH, plural

__all__ = [
    "ATTACK_ABILITIES",
    "Check",
    "CheckKind",
    "Stage",
    "apply_sacrifice",
    "finish",
    "rules_for",
    "start",
    "wants_reroll",
    "with_disaster",
]

#: abilities whose success counts as "striking an enemy" for the strike-and-move talent
ATTACK_ABILITIES: frozenset[str] = frozenset({Ability.BRAWLING, Ability.MELEE, Ability.GUNS})


class CheckKind(StrEnum):
    """What a check is for."""

    TASK = "task"
    #: defending against an enemy move (RWYN-GEN-003): failure and disaster successes deal stress
    DEFENCE = "defence"
    #: a Wealth purchase (RWYN-ABIL-004..007)
    PURCHASE = "purchase"
    #: a Reputation favour (RWYN-ABIL-010)
    FAVOUR = "favour"


class Stage(StrEnum):
    """Where a check stands."""

    #: ability dice rolled; the player may sacrifice successes before the disaster dice
    SACRIFICE = "sacrifice"
    #: ready to roll the disaster dice (never left waiting)
    DISASTER = "disaster"
    #: disaster dice of an above-Wealth purchase rolled; a talent may re-roll them
    REROLL = "reroll"
    #: rolled and judged; waiting only for the words (effects, complications ...)
    ANSWERS = "answers"


class Check(BaseModel):
    """One roll and everything decided about it so far."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    character: str
    owner: str
    kind: CheckKind
    ability: str
    task: str = ""
    plan: PoolPlan
    stage: Stage
    rolled: bool = True
    ability_faces: tuple[int, ...] = ()
    rolled_successes: int = 0
    successes: int = 0
    ability_ones: int = 0
    max_sacrifice: int = 0
    sacrificed: int = 0
    disaster_faces: tuple[int, ...] | None = None
    disaster_auto: int = 0
    disaster_successes: int = 0
    disaster_ones: int = 0
    reroll_used: bool = False
    # enemy move (RWYN-GEN-003)
    harm: int = 0
    track: Track | None = None
    # purchase / favour
    cost: int = 0
    item: str = ""
    # the outcome
    success: bool | None = None
    kept: int = 0
    effects_needed: int = 0
    mixed: bool = False
    crit: CritKind | None = None
    talent_notes: tuple[str, ...] = ()
    #: the names of the talents behind ``talent_notes``, in the same order, so words name what the sheet
    #: shows (logs from before carried none: their words give the rule)
    talent_names: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    # the answers
    effects: tuple[str, ...] | None = None
    complications: tuple[str, ...] | None = None
    mixed_note: str | None = None
    crit_target: str | None = None
    crit_note: str | None = None
    needs_quantity: bool = False
    quantity: str | None = None

    @property
    def disaster_left(self) -> int:
        """Disaster dice (nominal) after the sacrifice."""
        return self.plan.disaster_nominal - self.sacrificed


def rules_for(kind: CheckKind, config: RwynConfig) -> RwynConfig:
    """The config a check of ``kind`` is judged by: purchases and favours always use core resolution.

    The Wealth bands (RWYN-ABIL-004..007) are defined in core terms, so even a
    ``success_threshold`` table resolves them with "one kept success suffices".
    """
    if kind in (CheckKind.PURCHASE, CheckKind.FAVOUR):
        return config.model_copy(update={"resolution_mode": ResolutionMode.CORE})
    return config


def start(
    *,
    check_id: int,
    character: Character,
    kind: CheckKind,
    ability: str,
    plan: PoolPlan,
    faces: tuple[int, ...],
    config: RwynConfig,
    task: str = "",
    harm: int = 0,
    track: Track | None = None,
    cost: int = 0,
    item: str = "",
) -> Check:
    """The check right after its ability dice are rolled (RWYN-SAC-001, first step)."""
    rolled = count_successes(faces, config)
    successes = rolled + plan.auto_successes
    most = max_sacrifice(successes, plan.disaster_nominal)
    return Check(
        id=check_id,
        character=character.id,
        owner=character.owner,
        kind=kind,
        ability=ability,
        task=task,
        plan=plan,
        stage=Stage.SACRIFICE if most > 0 else Stage.DISASTER,
        ability_faces=faces,
        rolled_successes=rolled,
        successes=successes,
        ability_ones=count_ones(faces),
        max_sacrifice=most,
        harm=harm,
        track=track,
        cost=cost,
        item=item,
    )


def apply_sacrifice(check: Check, count: int) -> Check:
    """RWYN-SAC-002..004: spend ``count`` successes, each removing one disaster die; never the last."""
    if check.stage is Stage.DISASTER and check.max_sacrifice == 0:
        raise RuleViolation(
            "RWYN-SAC-004",
            f"Nothing can be sacrificed: {plural(check.successes, 'success')} against "
            f"{check.plan.disaster_nominal} disaster dice, and the last disaster die always stays.",
        )
    if check.stage is not Stage.SACRIFICE:
        raise RuleViolation(
            "RWYN-SAC-001", "Successes can only be sacrificed before the disaster dice are rolled."
        )
    if count < 0:
        raise RuleViolation("RWYN-SAC-002", "You cannot sacrifice a negative number of successes.")
    if count > check.successes:
        raise RuleViolation(
            "RWYN-SAC-002", f"You have {plural(check.successes, 'success')}; you cannot sacrifice {count}."
        )
    if count >= check.plan.disaster_nominal:
        raise RuleViolation(
            "RWYN-SAC-003",
            f"You cannot eliminate the last disaster die: with {check.plan.disaster_nominal} disaster "
            f"dice you may sacrifice at most {check.plan.disaster_nominal - 1}.",
        )
    return check.model_copy(update={"sacrificed": count, "stage": Stage.DISASTER})


def with_disaster(check: Check, faces: tuple[int, ...], config: RwynConfig, *, reroll: bool = False) -> Check:
    """Record the disaster dice rolled after the sacrifice (RWYN-POOL-004/005, RWYN-SAC-001)."""
    left = disaster_pool(check.plan, check.sacrificed, config)
    if len(faces) != left.dice:
        raise ValueError(f"expected {left.dice} disaster dice, got {len(faces)}")
    return check.model_copy(
        update={
            "disaster_faces": faces,
            "disaster_auto": left.auto,
            "disaster_successes": count_successes(faces, config) + left.auto,
            "disaster_ones": count_ones(faces),
            "reroll_used": check.reroll_used or reroll,
        }
    )


def wants_reroll(check: Check, character: Character) -> bool:
    """RWYN-TRAIT-004 (PROPOSED): leverage-debt may re-roll a losing purchase's disaster dice once."""
    return (
        check.kind is CheckKind.PURCHASE
        and check.disaster_successes > 0
        and not check.reroll_used
        and len(check.disaster_faces or ()) > 0
        and character.has_talent(TalentHook.LEVERAGE_DEBT)
    )


def finish(check: Check, character: Character, config: RwynConfig) -> Check:
    """Judge the check (RWYN-POOL-006, EFFECT-001, MIX-001, CRIT-001); fill what needs no answer."""
    kept = check.successes - check.sacrificed
    ok = succeeded(kept, check.plan.difficulty, config)
    needed = effect_count(kept, check.plan.difficulty, config)
    notes: list[TalentHook] = []
    if ok and check.ability == Ability.DEVICES and character.has_talent(TalentHook.QUICK_DEVICES):
        notes.append(TalentHook.QUICK_DEVICES)
    if ok and check.ability in ATTACK_ABILITIES and character.has_talent(TalentHook.STRIKE_AND_MOVE):
        notes.append(TalentHook.STRIKE_AND_MOVE)
    # disaster successes of purchases, favours and enemy moves are paid in points or stress, not words
    words_for_disaster = check.kind is CheckKind.TASK and check.disaster_successes > 0
    return check.model_copy(
        update={
            "stage": Stage.ANSWERS,
            "success": ok,
            "kept": kept,
            "effects_needed": needed,
            "mixed": is_mixed(
                ability_ones=check.ability_ones,
                disaster_ones=check.disaster_ones,
                successes=check.successes,
                kept=kept,
                config=config,
            ),
            "crit": critical(
                ability_dice=check.plan.ability_dice,
                ability_ones=check.ability_ones,
                rolled_successes=check.rolled_successes,
                kept=kept,
                disaster_successes=check.disaster_successes,
                success=ok,
                config=config,
            ),
            "talent_notes": tuple(hook.value for hook in notes),
            "talent_names": tuple(
                next(t.name for t in character.talents if t.hook == hook) for hook in notes
            ),
            "effects": (ACCOMPLISH,) if needed == 1 else (() if needed == 0 else None),
            "complications": None if words_for_disaster else (),
        }
    )
