"""The decisions a Bulletproof Blues table waits for, each carrying the command that answers it.

A hit first asks those who may step in front of it (BPB-TURN-004), then its
target (the player, or the GM for the GM's characters) to block, dodge, dive or
take it, with the odds of each; an extreme success asks the attacker for its
effect; a stagger asks the target whether to try to keep their powers on
(BPB-XS-008).
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import Prompt, PromptOption
from capeworks.engine.names import addressee
from capeworks.systems.bpb.allies import interposers, reach_ft
from capeworks.systems.bpb.attacks import (
    KEEP_DIFFICULTY,
    asked_task,
    defence_options,
    defence_task,
    hurried_now,
    similar_options,
)
from capeworks.systems.bpb.calls import called_task, racing
from capeworks.systems.bpb.grabs import grip
from capeworks.systems.bpb.lookups import power_of, rank_of
from capeworks.systems.bpb.model import Call, Effect, Pending, Stage
from capeworks.systems.bpb.odds import task_odds
from capeworks.systems.bpb.state import BpbState
from capeworks.systems.bpb.tasks import TAKEN, Take, Task

__all__ = ["call_prompted", "open_prompts"]


#: the attacks that are no power, as a player reads them after "hit by" (src 403: unarmed; src 333: a ram)
_NO_POWER = {"unarmed": "an unarmed attack", "ram": "a ram"}


def _hit_by(power: str) -> str:
    """What an attack hit with, in words: its power's name, or what an attack with none is."""
    return _NO_POWER.get(power, power)


def _to(state: BpbState, cid: str, **rest: Any) -> Prompt:
    return Prompt(**addressee(state.characters[cid].owner), **rest)


def _pct(task: Task) -> str:
    return f"{task_odds(task).p_success:.0%}"


def open_prompts(state: BpbState) -> list[Prompt]:
    """The hit in the air's decision, if any; an explosion's dives (one prompt per target); else whose
    turn it is. Outside a fight, the GM's open calls (a reaction's at any time)."""
    fight = state.fight
    if fight is not None and fight.blast is not None:
        return [_dive(state, cid) for cid in fight.blast.awaiting]
    if fight is None:
        return _called(state)
    return _fight_prompts(state) + _called(state)


def call_prompted(state: BpbState, call: Call) -> bool:
    """Whether ``call``'s rolls wait in prompts (then they are answers, not menu items): outside a fight
    every call's, in one a reaction's (BPB-ACT-008), never while an explosion's dives wait."""
    fight = state.fight
    return fight is None or (fight.blast is None and call.reaction)


def _called(state: BpbState) -> list[Prompt]:
    """A task the GM called waits on those who roll it (BPB-ROLL-006, src 151: the GM sets the task;
    BPB-ACT-008, src 141-143: a reaction, at any time), so the table's "Waiting for" names them. In a fight
    any other call is rolled as the actor's task action, and the turn prompt already waits on them."""
    out = []
    for call in state.calls.values():
        if not call_prompted(state, call):
            continue
        able = racing(state, call)  # one out cold rolls no more and holds nobody's round up (BPB-REC-004)
        rolled = [call.attempts.get(cid, 0) for cid in able]
        for cid, attempts in zip(able, rolled, strict=True):
            if len(call.sides) > 1 and not call.team and attempts > min(rolled):
                continue  # a competitor who rolled this round waits for the others (BPB-EXT-003)
            out.append(_call(state, call, cid))
    return out


def _call(state: BpbState, call: Call, cid: str) -> Prompt:
    who = state.characters[cid]
    attribute = call.attributes.get(cid, call.attribute)
    task = f" to {call.task}" if call.task else ""
    rolled = called_task(state, call, who)
    options = [
        PromptOption(
            value=take,
            label=_take_words(rolled, take),
            command="roll",
            payload={"call": call.id, "character": cid, "take": take},
        )
        for take in call.takes
    ]
    if rolled.impossible:
        # BPB-ROLL-005 (src 153): "just too difficult": no roll or take reaches it; only a plot point's
        # automatic success does (src 469), unless the GM forbade it (BPB-PP-006)
        options = [
            PromptOption(
                value="roll:plot_point",
                label="out of reach: spend a plot point (an automatic success)",
                command="roll",
                payload={"call": call.id, "character": cid, "take": "roll", "plot_point": True},
            )
        ]
        if call.no_automatic or state.plot_points(cid) < 1:
            options = []
    return _to(
        state,
        cid,
        id=f"call-{call.id}-{cid}",
        kind="task",
        rule="BPB-ACT-008" if call.reaction else "BPB-ROLL-006",
        question=f"The GM calls for {who.name}'s {attribute} at difficulty {call.difficulty}{task}.",
        options=options,
        context={"call": call.id, "character": cid},
    )


def _take_words(task: Task, take: str) -> str:
    """An answer to a call with what it comes to, worked out before it is chosen, as a block's or a
    dodge's is: a roll's chance (BPB-ROLL-001, its extreme success's with expertise, BPB-XS-001; out of
    reach past 12, BPB-ROLL-005), a taken 7 or 12's total (BPB-TAKE-001/002)."""
    sum_ = task.attribute + task.bonus
    if take == Take.ROLL:
        if task.impossible:
            return f"roll (2d6{sum_:+d} vs {task.difficulty}: out of reach)"
        odds = task_odds(task)
        extreme = f", extreme {odds.p_extreme:.0%}" if task.extreme_need is not None else ""
        return f"roll (2d6{sum_:+d} vs {task.difficulty}: {odds.p_success:.0%}{extreme})"
    taken = TAKEN[Take(take)]
    total = taken + sum_
    verdict = "succeeds" if total >= task.difficulty else "fails"
    name = "the average" if take == Take.AVERAGE else "the most"
    return f"take {taken} ({name}): {total} vs {task.difficulty}, {verdict}"


def _fight_prompts(state: BpbState) -> list[Prompt]:
    fight = state.fight
    assert fight is not None
    if fight.pending is None:
        return [_range(state), _turn(state)] if fight.turn.asked is not None else [_turn(state)]
    p = fight.pending
    if p.stage is Stage.DEFENCE:
        asked = interposers(state, p)
        return [_step_in(state, p, cid) for cid in asked] if asked else [_defence(state, p)]
    if p.stage is Stage.EXTREME:
        return [_extreme(state, p)]
    if p.stage is Stage.RESIST:
        return [_resist(state, p)]
    if p.stage is Stage.BREAKOUT:
        return [_breakout(state, p)]
    if p.stage is Stage.SIMILAR:
        return [_permit(state, p)]
    return [_keep(state, p)]


def _turn(state: BpbState) -> Prompt:
    """Whose turn it is (BPB-TIME-002, src 16: "In a round, each character gets a turn"), as the other
    rulesets say it: a prompt with no options that any of the seat's moves answers, so the table's "Waiting
    for" names them. None while a hit or a blast waits: their own prompts hold the table up then."""
    fight = state.fight
    assert fight is not None
    c = state.characters[fight.turn.actor]
    return _to(
        state,
        c.id,
        id=f"turn-{fight.order.round}-{c.id}",
        kind="turn",
        rule="BPB-TIME-002",
        question=f"Round {fight.order.round}: {c.name}'s turn.",
        context={"character": c.id},
    )


def _range(state: BpbState) -> Prompt:
    """BPB-RANGE-002 (src 111: "at the GM's discretion"): the GM declares whether the acting player's attack
    beyond its power's range is possible, with the odds it would be rolled at (+3 defence a band)."""
    fight = state.fight
    assert fight is not None and fight.turn.asked is not None
    asked, a = fight.turn.asked, state.characters[fight.turn.actor]
    t = state.characters.get(asked.target)
    target = t.name if t else asked.target
    task = asked_task(state, a.id)
    odds = f" ({task.attribute} vs {task.difficulty}, {_pct(task)})" if task is not None else ""
    band = "band" if asked.bands == 1 else "bands"
    return _gm_rules(
        id=f"range-{fight.order.round}-{a.id}",
        kind="rule_range",
        rule="BPB-RANGE-002",
        question=(
            f"{a.name} attacks {target} with {asked.power}, {asked.bands} range {band} beyond its range:"
            f" is the attack possible? ({target} +{3 * asked.bands} defence)"
        ),
        field="possible",
        payload={"character": a.id},
        yes=("possible", f"possible: roll it{odds}"),
        no=("impossible", f"not possible ({a.name} keeps the task action)"),
        context={"character": a.id, "target": asked.target, "power": asked.power},
    )


def _gm_rules(
    *,
    field: str,
    payload: dict[str, Any],
    yes: tuple[str, str],
    no: tuple[str, str],
    **prompt: Any,
) -> Prompt:
    """A ruling the GM makes yes or no: the prompt's ``kind`` is the command, ``field`` its answer; ``yes``
    and ``no`` are (value, label)."""
    options = tuple(
        PromptOption(value=value, label=label, command=prompt["kind"], payload={**payload, field: answer})
        for (value, label), answer in ((yes, True), (no, False))
    )
    return Prompt(**addressee(""), options=options, **prompt)


def _defence(state: BpbState, p: Pending) -> Prompt:
    t = state.characters[p.target]
    options = []
    spare = state.plot_points(t.id) > 0
    offered = defence_options(state, p) or [("take", False)]
    for choice, forced in offered:
        payload = {"attack": p.id, "character": t.id, "choice": choice, "forced": forced}
        cost = " — forced: costs the next action" if forced else ""
        if choice in ("block", "dodge"):
            task = defence_task(state, t, p, choice)
            if not task.impossible:  # else only a plot point reaches it (BPB-ROLL-005)
                label = f"{choice} ({task.attribute} vs {task.difficulty}, {_pct(task)}){cost}"
                options.append(PromptOption(value=choice, label=label, command="defend", payload=payload))
            if spare:  # BPB-PP-005: the block or dodge is a task roll a plot point makes succeed
                options.append(
                    PromptOption(
                        value=f"{choice}:plot_point",
                        label=f"{choice} with a plot point (automatic success){cost}",
                        command="defend",
                        payload={**payload, "plot_point": True},
                    )
                )
            continue
        if choice == "take":
            options += _with_powers(state, p) + _gm_dive(state, p, offered)
        label = (
            "dive for cover (forced: ends prone, costs the next action)"
            if choice == "dive"
            else "take the hit"
        )
        options.append(PromptOption(value=choice, label=label, command="defend", payload=payload))
    return _to(
        state,
        t.id,
        id=f"defend-{p.id}",
        kind="defend",
        rule="BPB-DEF-006",
        question=f"{t.name} is hit by {_hit_by(p.power)} (rank {p.rank}): block, dodge or take it?",
        options=tuple(options),
        context={"attack": p.id, "character": t.id},
    )


def _gm_dive(state: BpbState, p: Pending, offered: list[tuple[str, bool]]) -> list[PromptOption]:
    """BPB-DEF-008/009 (src 393-395): where the nearest cover is is the GM's to say, so a hit on one of the
    GM's characters that named none (a player's attack) offers the GM the dive with cover within a base move
    (the only distance that tells, src 395: beyond it a dive is no benefit). A player's target waits for the
    GM to name it (the command's cover_ft)."""
    t = state.characters[p.target]
    if t.owner or p.cover_ft is not None or ("dive", True) in offered:
        return []
    reach = reach_ft(state, t)
    if ("dive", True) not in defence_options(state, p.model_copy(update={"cover_ft": reach})):
        return []  # held fast, unaware, or the forced action already spent this round
    return [
        PromptOption(
            value="dive",
            label=f"dive for cover within a base move ({reach} ft; forced: ends prone, costs the next"
            " action)",
            command="defend",
            payload={"attack": p.id, "character": t.id, "choice": "dive", "forced": True, "cover_ft": reach},
        )
    ]


def _with_powers(state: BpbState, p: Pending) -> list[PromptOption]:
    """BPB-DEF-005: a block or dodge with each power that might share the attack's theme or source; for a
    player's character the GM then rules (the GM's own characters have the permission in asking)."""
    t = state.characters[p.target]
    ruling = " — the GM rules whether it is of a similar theme or source" if t.owner else ""
    out = []
    for kind, forced, power in similar_options(state, p):
        task = defence_task(state, t, p, kind, power=power)
        if task.impossible:
            continue  # only a plot point reaches it: the command takes one (plot_point=true)
        cost = " — forced: costs the next action" if forced else ""
        payload = {"attack": p.id, "character": t.id, "choice": kind, "forced": forced, "power": power.name}
        odds = f"({task.attribute} vs {task.difficulty}, {_pct(task)})"
        label = f"{kind} with {power.name} {odds}{ruling}{cost}"
        value = (
            f"{kind}:{'-'.join(power.name.lower().split())}"  # one word to type (answer P block:mind-shield)
        )
        out.append(PromptOption(value=value, label=label, command="defend", payload=payload))
    return out


def _permit(state: BpbState, p: Pending) -> Prompt:
    """BPB-DEF-005 (src 377, 387): the GM rules whether the power the target asked for is of a similar theme
    or power source to the attack's."""
    t = state.characters[p.target]
    asked = p.asked
    assert asked is not None
    power = power_of(state, t, asked.power)
    odds = ""
    if power is not None:
        task = defence_task(state, t, p, asked.kind, power=power)
        odds = f" ({task.attribute} vs {task.difficulty}, {_pct(task)})"
    return _gm_rules(
        id=f"permit-{p.id}",
        kind="permit_power",
        rule="BPB-DEF-005",
        question=(
            f"{t.name} asks to {asked.kind} {p.power} with {asked.power}: is it of a similar theme or power"
            " source?"
        ),
        field="permit",
        payload={"attack": p.id},
        yes=("permit", f"permit: {asked.kind} with {asked.power}{odds}"),
        no=("refuse", f"refuse: not similar ({t.name} answers the hit again)"),
        context={"attack": p.id, "character": t.id, "power": asked.power},
    )


def _step_in(state: BpbState, p: Pending, cid: str) -> Prompt:
    """BPB-TURN-004: asked before the target answers (the forced action comes before the hit lands)."""
    who, target = state.characters[cid], state.characters[p.target]
    payload = {"attack": p.id, "character": cid}
    return _to(
        state,
        cid,
        id=f"step-in-{p.id}-{cid}",
        kind="step_in",
        rule="BPB-TURN-004",
        question=(
            f"{target.name} is hit by {_hit_by(p.power)} (DR {p.dr}): does {who.name} dive in front of it"
            f" (within a base move, {reach_ft(state, who)} ft)?"
        ),
        options=(
            PromptOption(
                value="step",
                label="step in and take the hit (forced: costs the next action)",
                command="step_in",
                payload={**payload, "step": True},
            ),
            PromptOption(
                value="pass", label="let it pass", command="step_in", payload={**payload, "step": False}
            ),
        ),
        context={"attack": p.id, "character": cid, "meant_for": p.target},
    )


def _dive(state: BpbState, cid: str) -> Prompt:
    fight = state.fight
    assert fight is not None and fight.blast is not None
    blast = fight.blast
    t = state.characters[cid]
    # BPB-DEF-009: as the dive itself reckons it (blasts.dive): a base move by legs or a movement power
    walk = reach_ft(state, t)
    cover = blast.cover[cid]
    reach = f"cover {cover} ft away, a base move of {walk} ft: " + (
        "safe" if cover <= walk else "too far to help"
    )
    return _to(
        state,
        cid,
        id=f"dive-{cid}",
        kind="dive",
        rule="BPB-DEF-008",
        question=f"{t.name} is caught in the blast of {blast.power} (DR {blast.hits[cid]}): dive for cover?",
        options=(
            PromptOption(
                value="dive",
                label=f"dive for cover (forced: ends prone, costs the next action; {reach})",
                command="dive",
                payload={"character": cid, "dive": True},
            ),
            PromptOption(
                value="take", label="take it", command="dive", payload={"character": cid, "dive": False}
            ),
        ),
        context={"character": cid},
    )


def _extreme(state: BpbState, p: Pending) -> Prompt:
    a = state.characters[p.attacker]
    effects = [Effect.OVERWHELMING] + (
        [Effect.SLAMMING, Effect.STAGGERING] if p.damages == "Endurance" else []
    )
    words = {
        Effect.OVERWHELMING: "overwhelming (+3 ranks)",
        Effect.SLAMMING: "slamming (knock them flying)",
        Effect.STAGGERING: "staggering (they lose their next action)",
    }
    return _to(
        state,
        a.id,
        id=f"extreme-{p.id}",
        kind="extreme",
        rule="BPB-XS-003",
        question=f"Extreme success for {a.name}: which effect?",
        options=tuple(
            PromptOption(
                value=e.value, label=words[e], command="extreme", payload={"attack": p.id, "effect": e.value}
            )
            for e in effects
        ),
        context={"attack": p.id},
    )


def _roll_or_point(
    state: BpbState, p: Pending, *, kind: str, rule: str, question: str, rolled: str, spent: str, task: Task
) -> Prompt:
    """The target's own roll inside another's attack, or a plot point for it (BPB-PP-005): asked as
    ``<kind>-<attack>`` and answered with the ``kind`` command."""
    t = state.characters[p.target]
    payload = {"attack": p.id, "character": t.id}
    return _to(
        state,
        t.id,
        id=f"{kind.replace('_', '-')}-{p.id}",
        kind=kind,
        rule=rule,
        question=question,
        options=(
            PromptOption(
                value="roll",
                label=f"roll {rolled} vs {task.difficulty} ({_pct(task)})",
                command=kind,
                payload=payload,
            ),
            # a plot point spent elsewhere while this waited (another of the player's characters) is gone
            *(
                (
                    PromptOption(
                        value="roll:plot_point",
                        label=f"{spent}: spend a plot point (an automatic success)",
                        command=kind,
                        payload={**payload, "plot_point": True},
                    ),
                )
                if state.plot_points(t.id) > 0
                else ()
            ),
        ),
        context=payload,
    )


def _breakout(state: BpbState, p: Pending) -> Prompt:
    """BPB-GRAB-003, BPB-PP-005: the grabbed target's break-out roll, or a plot point for it."""
    t = state.characters[p.target]
    return _roll_or_point(
        state,
        p,
        kind="break_out",
        rule="BPB-GRAB-003",
        question=f"{t.name} is grabbed ({p.manoeuvre}): roll to break out?",
        rolled="Brawn or Agility",
        spent="break out",
        task=Task(attribute=grip(state, t), difficulty=8 + p.rank + hurried_now(state, t)),
    )


def _resist(state: BpbState, p: Pending) -> Prompt:
    """BPB-XS-005/007, BPB-PP-005: the target's roll against a slam or stagger, or a plot point for it."""
    t = state.characters[p.target]
    slam = p.effect is Effect.SLAMMING
    attribute = "Brawn" if slam else "Willpower"
    return _roll_or_point(
        state,
        p,
        kind="resist",
        rule="BPB-XS-005" if slam else "BPB-XS-007",
        question=f"{t.name} is {'slammed' if slam else 'staggered'}: roll to shrug it off?",
        rolled=attribute,
        spent="shrug it off",
        task=Task(attribute=rank_of(state, t, attribute), difficulty=8 + p.rank + hurried_now(state, t)),
    )


def _keep(state: BpbState, p: Pending) -> Prompt:
    t = state.characters[p.target]
    task = Task(attribute=rank_of(state, t, "Willpower"), difficulty=KEEP_DIFFICULTY + hurried_now(state, t))
    return _to(
        state,
        t.id,
        id=f"keep-{p.id}",
        kind="keep_powers",
        rule="BPB-XS-008",
        question=f"{t.name} is staggered: try to keep activated powers on?",
        options=(
            PromptOption(
                value="keep",
                label=f"roll Willpower vs {task.difficulty} ({_pct(task)})",
                command="keep_powers",
                payload={"attack": p.id, "character": t.id, "keep": True},
            ),
            *(
                (
                    PromptOption(
                        value="keep:plot_point",
                        label="keep them on: spend a plot point (an automatic success)",
                        command="keep_powers",
                        payload={"attack": p.id, "character": t.id, "keep": True, "plot_point": True},
                    ),
                )
                if state.plot_points(t.id) > 0
                else ()
            ),
            PromptOption(
                value="drop",
                label="let them switch off",
                command="keep_powers",
                payload={"attack": p.id, "character": t.id, "keep": False},
            ),
        ),
        context={"attack": p.id, "character": t.id},
    )
