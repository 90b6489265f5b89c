"""The decisions a Roll When You Need table waits for, each carrying the command that answers it.

Who answers what (RWYN-SAC-004 the sacrifice, RWYN-TRAIT-004 the re-roll,
RWYN-EFFECT-001..003, RWYN-MIX-002/003, RWYN-CRIT-001, RWYN-ABIL-008,
RWYN-STRESS-002/005, and the GM's calls of RWYN-GEN-001/003): the player of
the character, or the GM's role. Options offer only answers the rules accept;
the source's examples are suggestions for a written answer. Words come from
:mod:`capeworks.systems.rwyn.render`.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import FreeAnswer, Prompt, PromptOption, Role
from capeworks.systems.rwyn import checks as ck
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.kept import Kept
from capeworks.systems.rwyn.pool import CritKind, succeeded
from capeworks.systems.rwyn.render import call_text, consequence_label, failing_sacrifice, prompt_words
from capeworks.systems.rwyn.sheet import Character, Standing
from capeworks.systems.rwyn.state import RwynState
from capeworks.systems.rwyn.tables import (
    ACCOMPLISH,
    COMPLICATION_SUGGESTIONS,
    EFFECT_SUGGESTIONS,
    SILVER_LINING_SUGGESTIONS,
    TAINT_SUGGESTIONS,
    CritTarget,
    difficulty_label,
    ladder_top,
)

__all__ = ["open_prompts"]


def open_prompts(state: RwynState) -> list[Prompt]:
    """Every open decision, in the order the rules ask them.

    Each call's, check's and character's prompts are made again only when the objects they are
    made from were replaced (:mod:`.kept`): a version re-makes the one or two a command changed.
    """
    out: list[Prompt] = []
    config, characters = state.config, state.characters
    for call in state.calls.values():
        out.extend(_CALLS.get((call, characters.get(call.character), config), _call_prompts, call, state))
    for check in state.checks.values():
        who = characters.get(check.character)
        out.extend(_CHECKS.get((check, config, who), _judged_prompts, check, config, who))
    for character in characters.values():
        out.extend(_CHARACTERS.get((character,), _character_prompts, character))
    return out


_CALLS: Kept[list[Prompt]] = Kept()
_CHECKS: Kept[list[Prompt]] = Kept()
_CHARACTERS: Kept[list[Prompt]] = Kept()


def _prompt(
    prompt_id: str,
    kind: str,
    *,
    seat: str | None = None,
    gm: bool = False,
    rule: str,
    context: dict[str, Any],
    about: str = "",
    **rest: Any,
) -> Prompt:
    """A prompt; ``about``: the name of the character whose check it asks about, for its words only
    (the context, which clients read, keeps the character's id)."""
    words = {**context, "name": about} if about else context
    return Prompt(
        id=prompt_id,
        seat=None if gm else seat,
        role=Role.GM if gm else None,
        kind=kind,
        rule=rule,
        question=prompt_words(kind, **words),
        context=context,
        **rest,
    )


def _can_act(character: Character) -> bool:
    return character.standing is Standing.IN and character.overflow is None


def _call_prompts(call: Call, state: RwynState) -> list[Prompt]:
    who = state.characters.get(call.character)
    if who is None:
        return []
    if call.asked:
        top = state.config.difficulty_max
        options = tuple(
            PromptOption(
                value=str(d),
                label=f"{d} ({difficulty_label(d, ladder_top(top))})",
                command="call_check",
                payload={"ask": call.id, "difficulty": d},
            )
            for d in range(1, top + 1)
        )
        return [
            _prompt(
                f"call-{call.id}:difficulty",
                "difficulty",
                gm=True,
                rule="RWYN-GEN-001",
                context={
                    "call": call.id,
                    "character": who.id,
                    "ability": call.ability,
                    "text": call_text(call, who.name),
                },
                options=options,
                free=FreeAnswer(
                    command="call_check",
                    field="difficulty",
                    payload={"ask": call.id},
                    hint="an Impossible one",
                ),
            )
        ]
    if not _can_act(who):
        return []
    command = "defend" if call.kind is ck.CheckKind.DEFENCE else "check"
    return [
        _prompt(
            f"call-{call.id}:roll",
            "roll",
            seat=call.owner,
            rule="RWYN-GEN-003" if command == "defend" else "RWYN-GEN-001",
            context={
                "call": call.id,
                "character": who.id,
                "ability": call.ability,
                "difficulty": call.difficulty,
                "harm": call.harm,
                # what the pool adds to the rating and the difficulty, for the odds shown before the roll
                "bonus": call.bonus_dice,
                "drawback": call.drawback_dice,
                "time": call.time,
                "text": call_text(call, who.name),
            },
            options=(
                PromptOption(
                    value="roll", label=f"roll {call.ability}", command=command, payload={"call": call.id}
                ),
            ),
            default="roll",
        )
    ]


def _judged_prompts(check: ck.Check, config: RwynConfig, who: Character | None) -> list[Prompt]:
    """A check's prompts, judged by the rules for its kind; ``who`` rolled it (its name is asked about)."""
    return _check_prompts(check, ck.rules_for(check.kind, config), who.name if who else check.character)


def _check_prompts(check: ck.Check, config: RwynConfig, name: str) -> list[Prompt]:
    base = {"check": check.id, "character": check.character}
    pid = f"check-{check.id}"
    if check.stage is ck.Stage.SACRIFICE:
        options = []
        for n in range(check.max_sacrifice + 1):
            fails = not succeeded(check.successes - n, check.plan.difficulty, config)
            options.append(
                PromptOption(
                    value=str(n),
                    label=f"{n} ({failing_sacrifice(check)})" if fails else str(n),
                    command="sacrifice",
                    payload={"check": check.id, "count": n},
                )
            )
        context = {
            **base,
            "successes": check.successes,
            "disaster": check.plan.disaster_nominal,
            "most": check.max_sacrifice,
        }
        return [
            _prompt(
                f"{pid}:sacrifice",
                "sacrifice",
                seat=check.owner,
                rule="RWYN-SAC-004",
                context=context,
                about=name,
                options=tuple(options),
                default="0",
            )
        ]
    if check.stage is ck.Stage.REROLL:
        answers = tuple(
            PromptOption(value=v, label=v, command="reroll", payload={"check": check.id, "use": v == "yes"})
            for v in ("yes", "no")
        )
        return [
            _prompt(
                f"{pid}:reroll",
                "reroll",
                seat=check.owner,
                rule="RWYN-TRAIT-004",
                context={**base, "disaster": check.disaster_successes},
                about=name,
                options=answers,
                default="no",
            )
        ]
    if check.stage is not ck.Stage.ANSWERS:
        return []
    return _answer_prompts(check, base, pid, name)


def _pick(
    command: str, field: str, check_id: int, suggestions: tuple[str, ...], count: int, *, many: bool = True
) -> dict[str, Any]:
    """Options for a one-pick question, or a free many-pick answer with suggestions."""
    payload = {"check": check_id}
    free = FreeAnswer(
        command=command, field=field, payload=payload, many=many, suggestions=tuple(suggestions)
    )
    if count != 1:
        return {"free": free, "min_choices": count, "max_choices": count}
    options = tuple(
        PromptOption(value=s, label=s, command=command, payload={**payload, field: [s] if many else s})
        for s in suggestions
    )
    return {"options": options, "free": free}


def _answer_prompts(check: ck.Check, base: dict[str, Any], pid: str, name: str) -> list[Prompt]:
    out: list[Prompt] = []
    if check.effects is None:
        extra = check.effects_needed - 1
        out.append(
            _prompt(
                f"{pid}:effects",
                "effects",
                seat=check.owner,
                rule="RWYN-EFFECT-001",
                context={**base, "kept": check.kept, "extra": extra, "accomplish": ACCOMPLISH},
                about=name,
                **_pick("effects", "picks", check.id, EFFECT_SUGGESTIONS, extra),
            )
        )
    if check.complications is None:
        n = check.disaster_successes
        out.append(
            _prompt(
                f"{pid}:complications",
                "complications",
                gm=True,
                rule="RWYN-EFFECT-003",
                context={**base, "disaster": n},
                about=name,
                **_pick("complications", "texts", check.id, COMPLICATION_SUGGESTIONS, n),
            )
        )
    if check.mixed and check.mixed_note is None:
        failure = not check.success
        suggestions = SILVER_LINING_SUGGESTIONS if failure else TAINT_SUGGESTIONS
        out.append(
            _prompt(
                f"{pid}:mixed",
                "mixed",
                gm=True,
                rule="RWYN-MIX-002" if failure else "RWYN-MIX-003",
                context={**base, "failure": failure},
                about=name,
                **_pick("mixed", "text", check.id, suggestions, 1, many=False),
            )
        )
    if check.crit is not None and check.crit_target is None:
        good = check.crit is CritKind.SUCCESS
        options = tuple(
            PromptOption(
                value=t.value,
                label=t.value,
                command="critical",
                payload={"check": check.id, "target": t.value},
            )
            for t in CritTarget
        )
        out.append(
            _prompt(
                f"{pid}:critical",
                "critical",
                seat=check.owner,
                rule="RWYN-CRIT-001",
                context={**base, "good": good},
                about=name,
                options=options,
            )
        )
    if check.needs_quantity and check.quantity is None:
        out.append(
            _prompt(
                f"{pid}:quantity",
                "quantity",
                gm=True,
                rule="RWYN-ABIL-008",
                context={**base, "item": check.item, "resource": check.ability},
                about=name,
                free=FreeAnswer(command="quantity", field="limit", payload={"check": check.id}),
            )
        )
    return out


def _character_prompts(character: Character) -> list[Prompt]:
    out: list[Prompt] = []
    if character.overflow is not None:
        rung = character.next_consequence()
        # all three rungs taken: the fourth takes the character out for good, unless the player
        # chooses to be taken out instead, as at any overflow (RWYN-STRESS-003/004)
        severity = "fourth" if rung is None else rung.value
        payload = {"character": character.id}
        out.append(
            _prompt(
                f"char-{character.id}:consequence",
                "consequence",
                seat=character.owner,
                rule="RWYN-STRESS-002",
                context={
                    "character": character.id,
                    "name": character.name,
                    "track": character.overflow.value,
                    "severity": severity,
                },
                options=(
                    PromptOption(
                        value="consequence",
                        label=consequence_label(severity),
                        command="consequence",
                        payload={**payload, "choice": "consequence"},
                    ),
                    PromptOption(
                        value="taken_out",
                        label="be taken out of the conflict instead",
                        command="consequence",
                        payload={**payload, "choice": "taken_out"},
                    ),
                ),
                free=FreeAnswer(
                    command="consequence",
                    field="text",
                    payload={**payload, "choice": "consequence"},
                    hint="name the consequence (or choose taken_out and say how you leave the scene)",
                ),
                default="consequence",
            )
        )
    if character.standing is Standing.OUT_FOR_GOOD and not character.out_how:
        out.append(
            _prompt(
                f"char-{character.id}:outcome",
                "outcome",
                gm=True,
                rule="RWYN-STRESS-005",
                context={"character": character.id, "name": character.name},
                free=FreeAnswer(command="outcome", field="text", payload={"character": character.id}),
            )
        )
    return out
