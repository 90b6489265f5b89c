"""The decisions a Weaverdice table waits for, each carrying the command that answers it.

Who answers what: the target's player (or the GM, for NPCs) decides Dodge,
Block or taking a hit (WD-COMBAT-019..021); a wound effect's chooser (target
or attacker, WD-WFX-005) makes its decision; the player rolls what the GM
calls (WD-CORE-003); after a lull each player picks the exhausted pool
(WD-EFFORT-009); and whose turn it is. A hidden attack's prompts say that it hits,
never its total or odds worked out from it (issue 9). Questions come from
:mod:`~capeworks.systems.weaverdice.render`; the odds from :mod:`.odds`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from capeworks.engine import FreeAnswer, Prompt, PromptOption, Role
from capeworks.systems.weaverdice.checks import modifier_of
from capeworks.systems.weaverdice.copies import trusted
from capeworks.systems.weaverdice.effect_words import effect_words
from capeworks.systems.weaverdice.morale import spend_value
from capeworks.systems.weaverdice.odds import p_reach
from capeworks.systems.weaverdice.opportunity import fallen, offered
from capeworks.systems.weaverdice.render import (
    fall_option_words,
    option_words,
    pain_words,
    percent,
    points_held,
    question,
)
from capeworks.systems.weaverdice.state import PendingAttack, WdState
from capeworks.systems.weaverdice.statuses import pain_failure_options
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier
from capeworks.systems.weaverdice.wfx import resolve
from capeworks.systems.weaverdice.wounding import hit_of
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["open_prompts"]


@lru_cache(maxsize=4096)
def _chance(dice: int, modifier: int, tn: int, morale: int) -> str:
    """The chance to reach ``tn`` as a prompt shows it ("58%"); a pure function of its numbers, so
    kept (the open prompts are worked out again at every version)."""
    return percent(p_reach(dice, modifier, tn, morale))


def _to(state: WdState, ident: str | None) -> dict[str, Any]:
    """Address a prompt to whoever plays ``ident``: their seat, or the GM."""
    owner = state.people[ident].owner if ident is not None and ident in state.people else None
    return {"seat": owner} if owner is not None else {"role": Role.GM}


#: the longest prompt id :class:`Prompt` accepts (its ``id`` field's ``max_length``)
_MAX_ID = 128


def _checked_prompt(**fields: Any) -> Prompt:
    """A :class:`Prompt` of a rule's own values (each of its field's exact type) made without pydantic's
    validation, which costs a third of the effect prompt. The two checks that validation makes which
    such values could still fail are made here: one addressee (``_one_addressee``) and the id's
    length; a prompt failing either goes through the model, which refuses it as before."""
    if (fields.get("seat") is None) == (fields.get("role") is None) or not 0 < len(fields["id"]) <= _MAX_ID:
        return Prompt(**fields)
    return trusted(Prompt, **fields)


def _their_turn(state: WdState, ident: str) -> bool:
    f = state.fight
    return (
        f is not None
        and f.turn is not None
        and f.turn.actor == ident
        and state.attack is None
        and not state.effects
    )


def open_prompts(state: WdState) -> list[Prompt]:
    """Every open decision, in the order the rules ask them."""
    out: list[Prompt] = []
    for attack in (state.attack, *state.queued):  # each hit target answers its own (WD-COMBAT-019)
        if attack is None:
            continue
        if attack.reaction_roll is not None:
            out.append(_reaction_morale_prompt(state, attack))
            continue
        t = state.people[attack.target]
        sheet = state.sheet(attack.target)
        out.append(
            _reaction_prompt(
                attack.target,
                t.name,
                state.people[attack.attacker].name,
                attack.total,
                attack.hidden,
                attack.grab,
                attack.damage.value,
                attack.tier.word,
                _chance(1, sheet.modifier(Stat.ATHLETICS), attack.total, t.morale),
                _chance(1, sheet.modifier(Stat.BRAWN), attack.total, t.morale),
                t.owner,
            )
        )
    if state.effects and state.effects[0].key:
        out.append(_effect_prompt(state))
    for call in state.calls.values():
        c = state.people.get(call.character)
        if c is None or c.track.standing is not Standing.UP:
            continue  # the fallen do nothing but try to get back up (src 563): a lengthy call waits
        sheet = state.sheet(call.character)
        mod = modifier_of(sheet, *call.stats)
        if call.dc is not None:
            if state.fight is not None and not _their_turn(state, call.character):
                continue  # a lengthy action is taken on one's turn (WD-COMBAT-013)
            task = state.lengthy.get(f"call:{call.id}")
            if task is not None and call.character in task.halted:
                continue
            done = task.total if task is not None else 0
        stats = " and ".join(s.value for s in call.stats)
        out.append(
            Prompt(
                id=f"call-{call.id}",
                kind="check",
                rule="WD-CORE-001",
                # a call made in secret is the GM's: its player rolls the stat and reads no TN, task,
                # odds or running total (src 1797: "a sometimes unknown target number")
                question=question("check_secret", name=c.name, stats=stats)
                if call.hidden
                else question(
                    "lengthy",
                    name=c.name,
                    stats=stats,
                    dc=call.dc,
                    done=done,
                    task=f" to {call.task}" if call.task else "",
                )
                if call.dc is not None
                else question(
                    "check",
                    name=c.name,
                    stats=stats,
                    tn=call.tn,
                    task=f" to {call.task}" if call.task else "",
                    odds=_chance(1 + call.dice, mod, call.tn, c.morale),
                ),
                options=(
                    PromptOption(
                        value="roll",
                        label="roll",
                        command="check",
                        payload={"character": call.character, "call": call.id},
                    ),
                ),
                context={} if call.hidden else {"tn": call.tn},
                **_to(state, call.character),
            )
        )
    # two owed picks are asked one at a time; one owed for secret spending alone only of its owner
    # (a loop, not a generator: most reads find no one, and a generator costs a frame even then)
    hushed: list[str] = []
    for k, p in state.people.items():
        if p.effort.hushed:
            hushed.append(k)
    for ident in dict.fromkeys((*state.exhaust_owed, *hushed)) if hushed or state.exhaust_owed else ():
        c = state.people[ident]
        sheet = state.sheet(ident)
        pools = c.effort.exhaustible(sheet)
        out.append(
            Prompt(
                id=f"exhaust-{ident}",
                kind="exhaust",
                rule="WD-EFFORT-009",
                question=question("exhaust", name=c.name),
                options=tuple(
                    PromptOption(
                        value=p.value,
                        label=p.value,
                        command="exhaust",
                        payload={"character": ident, "pool": p.value},
                    )
                    for p in pools
                ),
                **_to(state, ident),
            )
        )
    for ident, picker in state.burns.items():
        out.append(
            Prompt(
                id=f"burn-{ident}",
                kind="burn",
                rule="WD-WFX-026",
                question=question("burn", name=state.people[ident].name),
                options=tuple(
                    PromptOption(
                        value=s.value,
                        label=s.value,
                        command="burn_choice",
                        payload={"character": picker, "target": ident, "stat": s.value},
                    )
                    for s in (Stat.BRAWN, Stat.ATHLETICS, Stat.DEXTERITY, Stat.GUTS)
                ),
                **_to(state, picker),
            )
        )
    for ident, turn_left in state.pain_owed.items():
        c = state.people[ident]
        morale_left = c.morale > state.config.morale_floor  # at the floor, no step is left to lose
        out.append(
            Prompt(
                id=f"pain-{ident}",
                kind="pain",
                rule="WD-STATUS-002",
                question=question("pain", name=c.name, choices=pain_words(turn_left, morale_left)),
                options=tuple(
                    PromptOption(
                        value=o.value,
                        label=option_words(o.value),
                        command="pain_choice",
                        payload={"character": ident, "choice": o.value},
                    )
                    for o in pain_failure_options(turn_left=turn_left, morale_left=morale_left)
                ),
                **_to(state, ident),
            )
        )
    for ident, result in state.falls.items():
        c = state.people[ident]
        out.append(
            Prompt(
                id=f"fall-{ident}",
                kind="fall",
                rule="WD-MOVE-009",
                question=question(
                    "fall", name=c.name, how="is thrown" if result.thrown else "falls", feet=result.feet
                ),
                options=tuple(
                    PromptOption(
                        value=str(i),
                        label=fall_option_words(o),
                        command="fall_choice",
                        payload={"character": ident, "option": i},
                    )
                    for i, o in enumerate(result.options, start=1)
                ),
                **_to(state, ident),
            )
        )
    for ident, offer in state.reversals.items():
        out.append(
            Prompt(
                id=f"reverse-{ident}",
                kind="reversal",
                rule="WD-GRAPPLE-004",
                question=question(
                    "reversal",
                    name=state.people[ident].name,
                    other=state.people[offer.target].name,
                    held=points_held(offer.banked),
                ),
                options=(
                    PromptOption(
                        value="reverse",
                        label="reverse the hold",
                        command="reverse",
                        payload={"character": ident},
                    ),
                    PromptOption(
                        value="let_go",
                        label="let go",
                        command="reverse",
                        payload={"character": ident, "decline": True},
                    ),
                ),
                default="let_go",
                **_to(state, ident),
            )
        )
    fight = state.fight
    if fight is not None and fight.turn is not None:
        for ident in offered(state):  # mostly none
            out.append(_opportunity_prompt(state, ident, fight.turn.actor))
    if (
        fight is not None
        and fight.turn is not None
        and state.attack is None
        and not state.effects
        and fight.turn.actor not in state.pain_owed
    ):
        c = state.people[fight.turn.actor]
        out.append(
            _turn_prompt(fight.order.round, c.id, c.name, fight.turn.actions, c.owner, c.track.standing.value)
        )
    return out


def _opportunity_prompt(state: WdState, ident: str, riser: str) -> Prompt:
    """A foe offered an attack of opportunity on someone rising, or acting from the ground
    (WD-STATUS-009, src 850): strike, as any attack of opportunity is struck (one plain attack, out of
    turn, Focus for the named), or let it pass; the GM, who rules who is in melee reach, may clear it
    for them."""
    me = state.people[ident]
    named = me.tier in (Tier.PC, Tier.NOTABLE)
    return Prompt(
        id=f"opportunity-{ident}",
        kind="opportunity",
        rule="WD-STATUS-009",
        question=question(
            "opportunity_ground" if fallen(state, riser) else "opportunity",
            name=me.name,
            other=state.people[riser].name,
            cost=", 1 Focus" if named else "",
        ),
        options=(
            PromptOption(
                value="strike",
                label="strike",
                command="attack",
                payload={"character": ident, "target": riser, "opportunity": True},
            ),
            PromptOption(
                value="let_pass", label="let it pass", command="let_pass", payload={"character": ident}
            ),
        ),
        default="let_pass",
        **_to(state, ident),
    )


@lru_cache(maxsize=4096)
def _reaction_prompt(
    target: str,
    name: str,
    attacker: str,
    total: int,
    hidden: bool,
    grab: bool,
    damage: str,
    tier: str,
    dodge: str,
    block: str,
    owner: str | None,
) -> Prompt:
    """A hit target's Dodge, Block or take (WD-COMBAT-019): a function of these values alone, so
    kept (the open prompts are worked out again at every version; a prompt is never changed)."""
    facts = {"attacker": attacker, "name": name}
    return Prompt(
        id=f"react-{target}",
        kind="reaction",
        rule="WD-COMBAT-019",
        # a hidden attack: that it hits, never its total or odds worked out from it
        question=question("reaction_grab_hidden" if grab else "reaction_hidden", **facts)
        if hidden
        else question(
            "reaction_grab" if grab else "reaction", **facts, total=total, dodge=dodge, block=block
        ),
        options=tuple(
            PromptOption(
                value=v,
                label=option_words(v),
                command="react",
                payload={"character": target, **({"reaction": v} if v != "take" else {})},
            )
            for v in (("dodge", "take") if grab else ("dodge", "block", "take"))
        ),
        default="take",
        context={**({} if hidden else {"attack_total": total}), "damage": damage, "tier": tier},
        **({"seat": owner} if owner is not None else {"role": Role.GM}),
    )


@lru_cache(maxsize=4096)
def _turn_prompt(
    round_: int, actor: str, name: str, actions: int, owner: str | None, standing: str
) -> Prompt:
    """Whose turn it is (WD-COMBAT-001), kept as :func:`_reaction_prompt` is; an actor who fell out
    of the fight mid-turn has no actions left to take, only ending the turn (WD-COMBAT-002, src 563)."""
    return Prompt(
        id=f"turn-{round_}-{actor}",
        kind="turn",
        rule="WD-COMBAT-001",
        question=question(
            "turn", round=round_, name=name, actions=f"{actions} action{'' if actions == 1 else 's'}"
        )
        if standing == "up"
        else question("turn_out", round=round_, name=name, standing=standing),
        **({"seat": owner} if owner is not None else {"role": Role.GM}),
    )


def _reaction_morale_prompt(state: WdState, attack: PendingAttack) -> Prompt:
    """A failed Dodge or Block that a high morale step would make hold (WD-MORALE-003)."""
    t = state.people[attack.target]
    roll = attack.reaction_roll
    assert roll is not None and attack.reaction is not None
    return Prompt(
        id=f"react-morale-{attack.target}",
        kind="reaction_morale",
        rule="WD-MORALE-003",
        question=question(
            "reaction_morale",
            name=t.name,
            reaction=attack.reaction.value,
            got=roll.total,
            total="the hidden total" if attack.hidden else attack.total,
            value=spend_value(t.morale),
        ),
        options=(
            PromptOption(
                value="spend_morale",
                label=option_words("spend_morale"),
                command="spend_morale",
                payload={"character": attack.target},
            ),
            PromptOption(
                value="take",
                label=option_words("take"),
                command="react",
                payload={"character": attack.target},
            ),
        ),
        default="take",
        context={
            **({} if attack.hidden else {"attack_total": attack.total}),
            "reaction_total": roll.total,
        },
        **_to(state, attack.target),
    )


def _effect_prompt(state: WdState) -> Prompt:
    pending = state.effects[0]
    need = pending.need
    if need is None:  # asked before needs were kept with the effect: work it out again
        outcome = resolve(hit_of(state, pending), pending.face, answers=pending.answers)
        need = next(n for n in outcome.needs if n.key == pending.key)
    target = state.people[pending.target]
    chooser = pending.chooser or pending.target
    chooser_name = state.people[chooser].name if chooser in state.people else "the GM"
    payload = {"character": chooser, "key": need.key}
    # what is decided and what each answer does, in words (the rule id is the prompt's, on demand)
    spent = sum(1 for picks in pending.answers.picks.values() for p in picks if p == Pool.RECOVERY.value)
    left = target.effort.available(state.sheet(pending.target), Pool.RECOVERY) - spent
    words = effect_words(need, recovery_left=left)
    base = {
        "id": f"effect-{pending.target}-{pending.wound}-{need.key}",
        "kind": "effect",
        "rule": need.rule,
        "question": question(
            "effect",
            name=target.name,
            tier=pending.tier.word,
            damage=pending.damage.value,
            chooser=chooser_name,
            says=words.says,
        ),
        "context": {
            "options": list(need.options),
            "counts": list(need.counts),
            "face": pending.face,
            # the effects queued behind this decision: whose turn to decide comes next
            **(
                {"queued": [state.people[e.target].name for e in state.effects[1:]]}
                if state.effects[1:]
                else {}
            ),
        },
        **_to(state, chooser),
    }
    if max(need.counts) <= 1:
        options = [
            trusted(
                PromptOption,
                value=o,
                label=words.labels[o],
                command="effect_choice",
                payload={**payload, "picks": [o]},
            )
            for o in need.options
        ]
        if 0 in need.counts:
            options.append(
                trusted(
                    PromptOption,
                    value="none",
                    label=words.labels["none"],
                    command="effect_choice",
                    payload={**payload, "picks": []},
                )
            )
        return _checked_prompt(options=tuple(options), **base)
    return _checked_prompt(
        free=trusted(
            FreeAnswer,
            command="effect_choice",
            field="picks",
            payload=payload,
            many=True,
            suggestions=need.options,
            hint=words.hint,
        ),
        min_choices=min(need.counts),
        max_choices=max(need.counts),
        **base,
    )
