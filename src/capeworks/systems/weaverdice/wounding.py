"""Wounds landing on the table: placed, the stay-up check, a lengthy task interrupted, a grapple
broken, the wound's effect resolved (or waiting on a decision), and the bleeding that effort and full
actions cause.

Everything that can wound sits above this module (attacks and reactions in
:mod:`~.harm`, holds and falls in :mod:`~.holds`, turn ticks in :mod:`~.fight`,
pain in :mod:`~.rolls`), and an effect or a bleed can wound again, so the
chain recurses here and nowhere else. Implements WD-WOUND-002..007
(placing, staying up), WD-WFX-001/005 (every wound rolls its effect; the
effects engineer's :func:`~capeworks.systems.weaverdice.wfx.resolve` says what
it does and which decision it waits for), WD-COMBAT-014 (interruptions),
WD-GRAPPLE-010 (a wound between two in a grapple breaks it) and
WD-STATUS-001 (Bleeding).
"""

from __future__ import annotations

from typing import Any

from capeworks.engine.kit import Expiry, TurnPoint
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.blind import emit_effect, emit_stayed
from capeworks.systems.weaverdice.checks import CheckRoll
from capeworks.systems.weaverdice.combat import ActionKind, interruption_tn
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.dropping import drop_held, lodge
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.flow import Builder, on_turn, person, roll_check
from capeworks.systems.weaverdice.gear_damage import gear_facts, suffer_gear_hits
from capeworks.systems.weaverdice.grapple import wound_breaks
from capeworks.systems.weaverdice.opportunity import provoked, withdraw
from capeworks.systems.weaverdice.powers import Power
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.state import Chance, Combatant, PendingAttack, PendingEffect, WdState
from capeworks.systems.weaverdice.statuses import BleedTrigger, Reach, bleed
from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Pool, Stat, Status, Tier, WoundTier
from capeworks.systems.weaverdice.waits import follow_delay
from capeworks.systems.weaverdice.wfx import covered_outright, resolve, rolls_own_stat
from capeworks.systems.weaverdice.wfx_outcome import Chooser, EffectOutcome, Hit, StatLasting
from capeworks.systems.weaverdice.wounds import Standing, Wound

__all__ = [
    "broken_by_wound",
    "fell_out",
    "full_action",
    "halt_tasks",
    "hit_of",
    "land",
    "land_hit",
    "lengthy_turn",
    "power_statuses",
    "resolve_effect",
    "spend",
    "spend_turn",
    "start_effect",
    "stay_up",
    "take_wound",
]

_LASTING = {StatLasting.LONG_TERM, StatLasting.PERMANENT}
#: the members, once: iterating an Enum class runs a generator in its metaclass each time (hit_of is hot)
_POOLS, _PARTS = tuple(Pool), tuple(BodyPart)
#: gear with a feature to lose, costume pieces that can be lost, reinforcement, stat scores
_SheetFacts = tuple[tuple[str, ...], tuple[str, ...], dict[str, int], dict[Stat, int]]


# -- bleeding (WD-STATUS-001) ---------------------------------------------------------------------


def spend(
    b: Builder, ident: str, pool: Pool, use: EffortUse, dots: int = 1, *, veiled: bool = False, on: str = ""
) -> None:
    """Spend effort and, if the spender bleeds, take Bleeding's lesser wound (WD-STATUS-001).
    ``on`` names what it pays for (a power's name), for the words.
    ``veiled``: spent on a check the GM called in secret, so the line is the GM's and the spender's
    player's alone (the other seats would learn of the check); a wound it sets off shows, not why.
    A hidden NPC's spend is the GM's alone: its effort is a secret number (WD-NPC-003)."""
    c = b.person(ident)
    effort = c.effort.spend(b.sheet(ident), pool, dots, veiled=veiled)
    tier, conditions = _bleeds(b, c, BleedTrigger.EFFORT_SPENT)
    c = evolve(c, {"effort": effort, "conditions": conditions})
    b.emit(
        trusted(
            ev.EffortSpent,
            character=ident,
            name=c.name,
            pool=pool,
            dots=dots,
            use=use,
            on=on,
            bled=tier is not None,
            people=(c,),
        ),
        hidden=veiled or c.hidden,
        seats=(c.owner,) if veiled and c.owner is not None and not c.hidden else (),
    )
    if tier is not None:
        take_wound(b, ident, tier, None, cause="" if veiled else "bleeding")


def _bleeds(
    b: Builder, c: Combatant, trigger: BleedTrigger
) -> tuple[WoundTier | None, tuple[st.Condition, ...]]:
    """Bleeding's instance for this act: "Suffer a lesser wound when expending effort or taking a full
    action" (src 814) is one instance for one act that does both, or spends twice (a full-action power's
    cost, a pushed sprint, a Focused full attack): the first trigger of the command meets it."""
    if c.id in b.bled:
        return None, c.conditions
    tier, conditions = bleed(c.conditions, c.id, trigger)
    if tier is not None or conditions != c.conditions:
        b.bled.add(c.id)
    return tier, conditions


def full_action(b: Builder, ident: str) -> None:
    """A full action makes a bleeding character bleed (WD-STATUS-001)."""
    c = b.person(ident)
    tier, conditions = _bleeds(b, c, BleedTrigger.FULL_ACTION)
    if conditions != c.conditions:
        b.emit(ev.NpcUpdated(people=(evolve(c, {"conditions": conditions}),)))
    if tier is not None:
        take_wound(b, ident, tier, None, cause="bleeding")


def lengthy_turn(b: Builder, state: WdState, ident: str, action: str) -> None:
    """In a fight, a lengthy action takes the turn's actions (WD-COMBAT-013) and, being a full action,
    makes a bleeding character bleed (WD-STATUS-001). ``state`` is the state the command started from."""
    spend_turn(b, state, ident, action, ActionKind.LENGTHY)


def spend_turn(b: Builder, state: WdState, ident: str, action: str, kind: ActionKind) -> None:
    """Spend ``kind`` of ``ident``'s turn in the fight on ``action``, and say so (``ActionTaken``)."""
    fight = on_turn(state, ident)
    assert fight.turn is not None
    # a lengthy task or a pull on the ground is no offense: it provokes melee attacks (src 850)
    turn = provoked(fight.turn.spend(kind, config=b.config), state, ident, b.config)
    b.emit(
        ev.ActionTaken(
            character=ident,
            name=person(state, ident).name,
            action=action,
            kind=kind.value,
            fight=evolve(fight, {"turn": turn}),
        )
    )
    full_action(b, ident)


# -- wounds ---------------------------------------------------------------------------------------


def land(
    b: Builder,
    target: str,
    tier: WoundTier,
    damage: DamageType,
    *,
    attacker: str | None,
    conventional: bool,
    only: bool = False,
    melee: bool = True,
    pins: bool = False,
    weapon: str | None = None,
    mental: bool = False,
) -> None:
    """A hit that lands: its wound, then its effect (WD-COMBAT-024, WD-WFX-001); an improvised
    weapon's hit delivers the effect alone (WD-COMBAT-026). ``melee`` and ``pins`` say what an object
    stuck by its effect is: a weapon from melee, or a projectile that may pin (WD-STATUS-012/013);
    ``weapon`` names the melee weapon that would stay in the target."""
    if only:
        c = b.person(target)
        if c.tier is Tier.BYSTANDER and c.track.standing is Standing.UP:
            # no wound, but a bystander hit goes down all the same (WD-NPC-005, src 306)
            c = evolve(c, {"track": evolve(c.track, {"standing": Standing.DOWN})})
            b.emit(ev.BystanderDown(character=target, name=c.name, people=(c,)))
            fell_out(b, target)
            _interrupt(b, target)
        only_effect = PendingEffect(
            damage=damage,
            tier=tier,
            target=target,
            attacker=attacker,
            wound=f"e{c.wounds_made + 1}",
            ranged=not melee,
            pins=pins,
            weapon=weapon,
            mental=mental,
        )
        start_effect(b, _face_rolled(b, only_effect))
        return
    take_wound(
        b,
        target,
        tier,
        damage,
        attacker=attacker,
        conventional=conventional,
        cause="hit",
        melee=melee,
        pins=pins,
        weapon=weapon,
        mental=mental,
    )


def land_hit(b: Builder, a: PendingAttack, target: str | None = None) -> None:
    """An attack's hit landing on its target (or on ``target``, a meat shield struck instead); a
    power's statuses come with it (a dodged or blocked one brings none, src 590-592)."""
    struck = a.target if target is None else target
    land(
        b,
        struck,
        a.tier,
        a.damage,
        attacker=a.attacker,
        conventional=a.conventional,
        only=a.effect_only,
        melee=a.melee,
        pins=a.pins,
        weapon=a.weapon,
        mental=a.mental,
    )
    if a.power is not None:
        power = next((p for p in b.sheet(a.attacker).powers if p.name == a.power), None)
        if power is not None:
            power_statuses(b, power, struck)


def power_statuses(b: Builder, power: Power, target: str) -> None:
    """The statuses a power's hit applies, named or the power's own words (WD-STATUS-015)."""
    if not power.statuses:
        return
    t = b.person(target)
    conditions = t.conditions
    fight = b.fight
    moved: dict[str, object] = {}
    for applied in power.statuses:
        new: st.Condition | None
        if applied.status is Status.DELAYED and fight is not None:
            # the next turn only, moved behind the next enemy, as an effect's Delayed (src 852-854)
            if fight.order.current != target:
                enemies = [k for k, p in b.state.people.items() if _foes(p, t)]
                order, new = st.delay(fight.order, target, enemies=enemies)
                order = follow_delay(order, b.state.people, target)
                if order != fight.order:
                    fight = evolve(fight, {"order": order})
                    moved = {"fight": fight}
            else:
                new = st.condition(
                    Status.DELAYED, target, ends=Expiry(point=TurnPoint.TURN_END, holder=target)
                )
        elif applied.status is Status.HALF_ACTIONS:
            # "half the actions on their next turn" (src 766): until that turn ends; struck on its own
            # turn (a reaction power), the next turn is the one after, as an effect's (:func:`_apply`)
            own_turn = fight is not None and fight.turn is not None and fight.turn.actor == target
            after = fight.order.round + 1 if own_turn and fight is not None else None
            new = st.condition(
                Status.HALF_ACTIONS, target, ends=Expiry(point=TurnPoint.TURN_END, holder=target, round=after)
            )
        elif applied.status is not None:
            new = st.condition(applied.status, target)
        else:
            new = st.Condition(
                name=applied.custom, target=target, endings=frozenset({st.Ending.ENCOUNTER_END})
            )
        if new is not None:
            conditions = st.add(conditions, new)
    t = _view_broken(evolve(t, {"conditions": conditions}))
    b.emit(
        ev.StatusesApplied(
            character=target,
            name=t.name,
            source=power.name,
            statuses=tuple(a.status.value if a.status is not None else a.custom for a in power.statuses),
            people=(t,),
            **moved,
        )
    )
    if any(a.status is Status.DISARMED for a in power.statuses):
        drop_held(b, target)  # "drops held item/weapon" (src 658): out of hand, on the ground


def _view_broken(c: Combatant) -> Combatant:
    """Blinded, an aligner's view of the target is no longer uninterrupted: the alignment is lost
    (WD-SKILL-011 PROPOSED, src 325; Blinded sees nothing past 10 ft, src 846, and sights align only
    for shots where Aim applies, no foe within 15 ft, src 313-318)."""
    if c.aligned_on is None or not any(x.name == Status.BLINDED and x.target == c.id for x in c.conditions):
        return c
    return evolve(c, {"aligned_on": None})


def take_wound(
    b: Builder,
    target: str,
    tier: WoundTier,
    damage: DamageType | None,
    *,
    attacker: str | None = None,
    conventional: bool = True,
    cause: str = "",
    temporary: bool = False,
    roll_effect: bool = True,
    melee: bool = True,
    pins: bool = False,
    weapon: str | None = None,
    mental: bool = False,
) -> None:
    """Place a wound, check to stay up, then roll and resolve its effect (``melee``, ``pins``,
    ``weapon``: as :func:`land` says)."""
    c = b.person(target)
    if c.track.standing in (Standing.DEAD, Standing.DOWN):
        return
    wid = f"w{c.wounds_made + 1}"
    wound = trusted(Wound, tier=tier, damage=damage, id=wid, temporary=temporary)
    track, placed = c.track.place(wound, conventional=conventional)
    c = evolve(c, {"track": track, "wounds_made": c.wounds_made + 1, "focused_shots": 0})
    b.emit(
        trusted(
            ev.WoundTaken,
            character=target,
            name=c.name,
            wound=wound,
            placement=placed.placement,
            displaced=placed.displaced,
            standing=track.standing,
            cause=cause,
            people=(c,),
        )
    )
    broken_by_wound(b, attacker, target)
    if placed.stay_up:
        stay_up(b, target)
    fell_out(b, target)
    _interrupt(b, target)
    if b.person(target).track.standing is Standing.DOWN:
        # a generic or bystander this wound drops "simply drop[s] to the ground and stay[s] there"
        # (src 800; "we pretty much ignore them thereafter", src 306): no effect die, no effect
        return
    if roll_effect and damage is not None and placed.effect_roll:
        pending = trusted(
            PendingEffect,
            damage=damage,
            tier=tier,
            target=target,
            attacker=attacker,
            wound=wid,
            ranged=not melee,
            pins=pins,
            weapon=weapon,
            mental=mental,
        )
        start_effect(b, _face_rolled(b, pending))


def _face_rolled(b: Builder, pending: PendingEffect) -> PendingEffect:
    """``pending`` with its effect d6 rolled (WD-WFX-001), unless no row of its table can apply: a
    Lesser Burn on a costume with coverage has no effect (WD-WFX-014, src 736), so no die is asked
    for (a player rolling physical dice rolls none) and the effect resolves as covered."""
    if pending.damage is DamageType.BURN and covered_outright(hit_of(b.state, pending)):
        return pending
    return evolve(pending, {"face": b.dice.roll(1, 6, purpose="effect").faces[0]})


def start_effect(b: Builder, pending: PendingEffect) -> None:
    """Resolve an effect now, or queue it behind one that waits on a decision."""
    if b.state.effects:
        # say who is waited for: the first effect's chooser (a queued decision is not silent)
        first = b.state.effects[0]
        chooser = b.state.people.get(first.chooser or first.target)
        b.emit(
            ev.EffectAsked(
                character=pending.target,
                name=b.person(pending.target).name,
                damage=pending.damage,
                tier=pending.tier,
                face=pending.face,
                effects=(*b.state.effects, pending),
                behind=chooser.name if chooser is not None else "the GM",
                behind_on=b.person(first.target).name,
            )
        )
    else:
        resolve_effect(b, pending)


def _interrupt(b: Builder, target: str) -> None:
    """A wound in the middle of a lengthy action: Knowledge 4+ to stay on it, else it stops until the
    GM rules the interruption dealt with; the running total is kept by default (WD-COMBAT-014)."""
    for key, task in b.state.lengthy.items():
        if task.done or target in task.halted or all(who != target for who, _ in task.rolls):
            continue
        if b.person(target).track.standing is not Standing.UP:
            continue
        roll, _ = roll_check(
            b, target, (Stat.KNOWLEDGE,), tn=interruption_tn(severe=1), purpose="interruption"
        )
        after = task.interrupted(target, held=roll.success, config=b.config)
        b.emit(
            ev.Interrupted(
                character=target,
                name=b.person(target).name,
                task=key,
                check=roll,
                held=roll.success,
                lengthy_key=key,
                lengthy=after,
            )
        )


def halt_tasks(b: Builder, ident: str, check: CheckRoll | None, *, secret: bool = False) -> None:
    """``ident`` stops every lengthy task it is working on until the GM rules the interruption dealt
    with: a failed GM-called interruption check, or the GM's own ruling (WD-COMBAT-014). ``secret``:
    the check was called in secret, so the halt tells everyone of the stop and nobody of the roll."""
    for key, task in b.state.lengthy.items():
        if task.done or ident in task.halted or all(who != ident for who, _ in task.rolls):
            continue
        after = task.interrupted(ident, held=False, config=b.config)
        b.emit(
            ev.Interrupted(
                character=ident,
                name=b.person(ident).name,
                task=key,
                check=None if secret else check,
                held=False,
                lengthy_key=key,
                lengthy=after,
                cause="ruling" if check is None else "check",
            )
        )


def stay_up(b: Builder, target: str) -> None:
    """Guts 3+ at the growing penalty to keep fighting (WD-WOUND-005..007)."""
    c = b.person(target)
    roll, record = roll_check(
        b, target, (Stat.GUTS,), tn=b.config.stay_up_tn, bonus=c.track.penalty, purpose="stay_up"
    )
    round_ = b.fight.order.round if b.fight is not None else 1
    track = c.track.stay_up(success=roll.success, round_=round_)
    c = evolve(c, {"track": track})
    chance = Chance(who=target, kind="stay_up", roll=roll) if not roll.success and c.morale > 0 else None
    emit_stayed(
        b,
        trusted(
            ev.StayedUp,
            character=target,
            name=c.name,
            check=roll,
            standing=track.standing,
            people=(c,),
            chance=chance,
        ),
        rolls=(record,),
    )


#: id(sheet) -> (the sheet, what :func:`_sheet_facts` made of it); cleared when it grows
_SHEET_FACTS: dict[int, tuple[Character, _SheetFacts]] = {}


def _sheet_facts(sheet: Character) -> _SheetFacts:
    """What an effect reads of a sheet alone (its gear, pieces, reinforcement and scores), worked
    out once per sheet value: a sheet is frozen, and most hits of a fight land on an unchanged one.
    The dicts are shared, so :func:`~.wfx.resolve` copies them before changing them (it does)."""
    kept = _SHEET_FACTS.get(id(sheet))
    if kept is not None and kept[0] is sheet:
        return kept[1]
    if len(_SHEET_FACTS) > 256:
        _SHEET_FACTS.clear()
    facts = (*gear_facts(sheet), sheet.scores())
    _SHEET_FACTS[id(sheet)] = (sheet, facts)
    return facts


#: the last :func:`hit_of` worked out: (what it read of the effect, the combatant, the sheet, the
#: config, the hit). An effect that waits for a decision is worked out when it is asked and again
#: when it is answered, most often over the very same combatant and sheet (frozen values)
_LAST_HIT: list[Any] = [None]


def hit_of(state: WdState, e: PendingEffect) -> Hit:
    """The facts the effect tables read about the target, from the state (WD-WFX-008, WD-EQUIP-018)."""
    target, damage, tier, wid, attacker = e.target, e.damage, e.tier, e.wound, e.attacker
    c, sheet, config = person(state, target), state.sheet(target), state.config
    read = (target, damage, tier, wid, attacker, e.uncovered, e.ranged, e.pins, e.weapon, e.mental)
    last = _LAST_HIT[0]
    if last is not None and last[1] is c and last[2] is sheet and last[3] is config and last[0] == read:
        return last[4]  # type: ignore[no-any-return]
    hit = _hit(e, c, sheet, config)
    _LAST_HIT[0] = (read, c, sheet, config, hit)
    return hit


def _hit(e: PendingEffect, c: Combatant, sheet: Character, config: WeaverdiceConfig) -> Hit:
    target, damage, tier, wid, attacker = e.target, e.damage, e.tier, e.wound, e.attacker
    costume = sheet.costume
    lost = {x.part for x in c.conditions if x.name == Status.LOST_LIMB and x.part is not None}
    gear, pieces, reinforced, scores = _sheet_facts(sheet)
    left = c.effort.left(sheet)
    return Hit(
        damage=damage,
        tier=tier,
        target=target,
        attacker=attacker,
        wound=wid,
        effort={p: left[p] for p in _POOLS},
        stats=scores,
        coverage=bool(costume and costume.coverage) and not e.uncovered,
        helmet=bool(costume and costume.helmet),
        bare=costume is None or costume.bare,
        holding=bool(sheet.held),
        reach=Reach.RANGED if e.ranged else Reach.MELEE,
        pinnable=e.pins,
        weapon=e.weapon,
        pain=Status.PAINED_MENTAL if e.mental else Status.PAINED_PHYSICAL,
        knocked_down=any(x.name == Status.KNOCKED_DOWN for x in c.conditions),
        dying=c.track.standing is Standing.DYING,
        awake=c.track.standing is Standing.UP,
        parts=tuple(p for p in _PARTS if p not in lost) if lost else _PARTS,
        morale=c.morale,
        parity_natural=config.parity_uses_natural_die,
        gear=gear,
        costume=pieces,
        reinforced=reinforced,
    )


def _same(a: PendingEffect, b: PendingEffect) -> bool:
    return (a.target, a.wound) == (b.target, b.wound)


def resolve_effect(
    b: Builder, pending: PendingEffect, *, tried: tuple[Hit, EffectOutcome] | None = None
) -> None:
    """Resolve an effect as far as it goes: roll what it asks, stop at a decision, apply when done.

    ``tried``: the hit and outcome already worked out from this state and these answers (an answer
    is tried before anything is emitted), so they are not worked out twice."""
    answers = pending.answers
    if tried is None:
        hit = hit_of(b.state, pending)
        outcome = resolve(hit, pending.face, answers=answers)
    else:
        hit, outcome = tried
    while not outcome.needs and outcome.rolls:
        dice = dict(answers.dice)
        for wanted in outcome.rolls:
            dice[wanted.key] = b.dice.roll(wanted.dice, wanted.sides, purpose=wanted.key).faces
        answers = evolve(answers, {"dice": dice})
        outcome = resolve(hit, pending.face, answers=answers)
    target = pending.target
    c = b.person(target)
    # every step of an effect on a hidden NPC is the GM's (WD-NPC-003): its Guts die, and whether
    # it is asked to spend a Recovery dot at all (players never see a hidden NPC's effort)
    veiled, rolled = c.hidden, rolls_own_stat(answers)
    if outcome.needs:
        need = outcome.needs[0]
        attacker = pending.attacker
        chooser = attacker if need.chooser is Chooser.ATTACKER and attacker is not None else target
        waiting = evolve(pending, {"answers": answers, "key": need.key, "chooser": chooser, "need": need})
        rest = tuple(e for e in b.state.effects if not _same(e, pending))
        asked = trusted(
            ev.EffectAsked,
            character=target,
            name=c.name,
            damage=pending.damage,
            tier=pending.tier,
            face=pending.face,
            effects=(waiting, *rest),
            no_attacker=need.chooser is Chooser.ATTACKER and attacker is None,
        )
        emit_effect(b, asked, veiled=veiled, rolled=rolled)
        return
    rest = tuple(e for e in b.state.effects if not _same(e, pending))
    _apply(b, hit, outcome, rest, veiled=veiled, rolled=rolled)


def _apply(
    b: Builder, hit: Hit, o: EffectOutcome, rest: tuple[PendingEffect, ...], *, veiled: bool, rolled: bool
) -> None:
    """Apply a complete effect outcome to the target (WD-WFX-001)."""
    target = hit.target
    c, sheet = b.person(target), b.sheet(target)
    track = c.track
    wounds = list(track.wounds)
    wid = next((i for i, w in enumerate(wounds) if hit.wound and w.id == hit.wound), None)
    if wid is not None:
        w = wounds[wid]
        wounds[wid] = evolve(
            w,
            {
                "tier": max(w.tier, o.wound_tier),
                "scarring": w.scarring or o.wound_scarred,
                "fades_on_rest": w.fades_on_rest or o.wound_fades_on_rest,
            },
        )
        track = evolve(track, {"wounds": tuple(wounds)})
    conditions = c.conditions
    # effort spent on the effect (a Recovery dot, the dots of a save) makes a bleeder bleed (src 814)
    bled = None
    if any(o.effort_spent.values()):
        bled, conditions = bleed(conditions, target, BleedTrigger.EFFORT_SPENT)
    # Moderate Cut 5's Brawn rides on its Bleeding and ends with it (src 682)
    weakens = sum(x.points for x in o.stat_losses if x.lasting is StatLasting.WHILE_BLEEDING)
    fight = b.fight
    own_turn = fight is not None and fight.turn is not None and fight.turn.actor == target
    for cond in o.conditions:
        if weakens and cond.status is Status.BLEEDING:
            cond = evolve(cond, {"brawn_loss": weakens})
        if own_turn and cond.status is Status.HALF_ACTIONS and cond.ends is not None and fight is not None:
            # struck on its own turn (an attack of opportunity): "next turn" is the one after (src 766)
            cond = evolve(cond, {"ends": evolve(cond.ends, {"round": fight.order.round + 1})})
        conditions = st.add(conditions, cond)
    effort = c.effort
    for pool, n in o.effort_spent.items():
        if n:
            effort = effort.spend(sheet, pool, n)
    for pool, n in o.effort_lost.items():
        if n:
            effort, _ = effort.drain(sheet, pool, n)
    temporary, lasting = dict(c.temporary_loss), dict(c.lasting_loss)
    drained = list(c.drained)
    for loss in o.stat_losses:
        if loss.lasting is StatLasting.WHILE_BLEEDING and weakens:
            continue  # held on the Bleeding above
        bucket = lasting if loss.lasting in _LASTING else temporary
        bucket[loss.stat] = bucket.get(loss.stat, 0) + loss.points
        if loss.lasting is StatLasting.DRAINED:
            drained.append(loss)  # comes back a point a turn (WD-WFX-021)
    if lasting != c.lasting_loss:
        # long-term damage to Guts takes wound slots with it (WD-STAT-021, WD-STAT-005)
        track = track.resized(evolve(b.state.sheets[target], {"lasting_loss": lasting}))
    if o.slain:
        track = evolve(track, {"standing": Standing.DEAD})
    elif o.dying and track.standing is not Standing.DEAD and c.tier in (Tier.GENERIC, Tier.BYSTANDER):
        # a generic "simply drop[s] to the ground": no dying clock, a fate roll where it matters
        # (WD-NPC-004, WD-WOUND-012, src 800)
        track = evolve(track, {"standing": Standing.DOWN})
    elif o.dying and track.standing is not Standing.DEAD:
        round_ = b.fight.order.round if b.fight is not None else 1
        track = track.start_dying(round_)
    c = evolve(
        c,
        {
            "track": track,
            "conditions": conditions,
            "effort": effort,
            "temporary_loss": temporary,
            "lasting_loss": lasting,
            "drained": tuple(drained),
        },
    )
    c = _view_broken(c)
    fight = b.fight
    if o.delayed and fight is not None and fight.order.current != target:
        enemies = [k for k, p in b.state.people.items() if _foes(p, c)]
        order, held = st.delay(fight.order, target, enemies=enemies)
        fight = evolve(fight, {"order": follow_delay(order, b.state.people, target)})
        if held is not None:
            c = evolve(c, {"conditions": st.add(c.conditions, held)})
    elif o.delayed and fight is not None:
        # struck on its own turn (an attack of opportunity): the delay is owed to the next turn and
        # moves it as this one ends (WD-STATUS-010, src 854; :func:`~.fight.next_turn`)
        owed = st.condition(Status.DELAYED, target, ends=Expiry(point=TurnPoint.TURN_END, holder=target))
        c = evolve(c, {"conditions": st.add(c.conditions, owed)})
    resolved = trusted(
        ev.EffectResolved, character=target, name=c.name, outcome=o, effects=rest, fight=fight, people=(c,)
    )
    emit_effect(b, resolved, veiled=veiled, rolled=rolled)
    fell_out(b, target)
    if o.knockback_ft:
        knocked_apart(b, target)
    if any(x.name == Status.DISARMED for x in o.conditions):
        drop_held(b, target)  # "drops held item/weapon" (src 658, 768): out of hand, on the ground
    for x in o.conditions:
        if x.name == Status.STUCK and x.item is not None and x.source is not None:
            lodge(b, x.source, x.item, target)  # the weapon stays in the target (src 865)
    if o.gear:
        suffer_gear_hits(b, target, o.gear)
    for grant in o.wounds:
        take_wound(
            b,
            target,
            grant.tier,
            o.damage if grant.rolls_effect else None,
            cause="effect",
            temporary=grant.temporary,
            roll_effect=grant.rolls_effect,
        )
    if bled is not None:
        take_wound(b, target, bled, None, cause="bleeding")
    if rest and not b.state.effects[0].key:
        nxt = b.state.effects[0]
        resolve_effect(b, nxt)


def _foes(p: Combatant, c: Combatant) -> bool:
    """Foes: the GM's side against the players' side."""
    return (p.owner is None) != (c.owner is None)


def fell_out(b: Builder, ident: str) -> None:
    """What a fall out of the fight (unconscious, dying, dead, a dropped generic or bystander) undoes,
    if ``ident`` fell: the holds they kept, the open offers to strike at them
    (:func:`~.opportunity.withdraw`), and the checks called for them (:func:`_no_call`)."""
    let_go_when_down(b, ident)
    _no_reversal(b, ident)
    withdraw(b, ident)
    _no_call(b, ident)


def _no_call(b: Builder, ident: str) -> None:
    """A check the GM called for ``ident`` (WD-CORE-003) and not yet rolled, once they are out of the
    fight: "the unconscious and dying do nothing except perhaps rolling to get back up" (src 563), so
    the call is withdrawn, saying why (to the GM alone for a call made in secret). A lengthy check's
    call stays, with its running total, for others who may add to it (WD-CORE-006); the fallen are
    not asked to roll it (:mod:`~.prompts`) and may not (:func:`~.rolls.check`)."""
    me = b.person(ident)
    if me.track.standing is Standing.UP:
        return
    for call in list(b.state.calls.values()):
        if call.character != ident or call.dc is not None:
            continue
        b.emit(
            ev.CheckWithdrawn(
                character=ident,
                name=me.name,
                closed_call=call.id,
                stats=call.stats,
                tn=call.tn,
                task=call.task,
                withdrawn=me.track.standing,
            ),
            hidden=call.hidden,
        )


def _no_reversal(b: Builder, ident: str, *, knocked: bool = False) -> None:
    """A reversal on offer (WD-GRAPPLE-004) to or at ``ident`` once they are out of the fight, or
    ``knocked`` apart by a blow: the fallen take no hold ("the unconscious and dying do nothing",
    src 563), the one who beat a fallen holder is simply free, and a blow that knocks either back
    leaves no hold to go straight to (src 652-654, 956); the offer is withdrawn, saying why."""
    me = b.person(ident)
    if me.track.standing is Standing.UP and not knocked:
        return
    for key, offer in list(b.state.reversals.items()):
        if ident not in (key, offer.target):
            continue
        b.emit(
            ev.Grappled(
                character=key,
                name=b.person(key).name,
                target=offer.target,
                target_name=b.person(offer.target).name,
                grapples=b.state.grapples,
                reversals={k: x for k, x in b.state.reversals.items() if k != key},
                knocked_apart=knocked,
                withdrawn=None if knocked else me.track.standing,
                fallen="" if knocked else ident,
            )
        )


def let_go_when_down(b: Builder, ident: str) -> None:
    """A holder the wound puts out of the fight (unconscious, dying, dead, dropped) lets go: the
    unconscious and dying do nothing (src 563), and getting back up later does not restore the hold
    (WD-GRAPPLE-010)."""
    me = b.person(ident)
    if me.track.standing is Standing.UP:
        return
    for key, g in list(b.state.grapples.items()):
        if g.holder != ident:
            continue
        b.emit(
            ev.Grappled(
                character=ident,
                name=me.name,
                target=g.target,
                target_name=b.person(g.target).name,
                grapples={k: x for k, x in b.state.grapples.items() if k != key},
            )
        )


def knocked_apart(b: Builder, ident: str) -> None:
    """A blow that knocks ``ident`` back 5 or 10 ft (src 652-654, 686) carries them out of every
    grapple they are in, as a grapple's own Push of that much "Breaks the grapple" (src 956;
    WD-GRAPPLE-010), except a held one the holder's melee weapon is stuck in, who "can't exit the
    grapple without forcefully removing the object" (WD-STATUS-012, src 865)."""
    for key, g in list(b.state.grapples.items()):
        if ident not in (g.holder, g.target):
            continue
        held = b.person(g.target)
        if not st.can_leave_grapple(held.conditions, target=g.target, grappler=g.holder):
            continue
        b.emit(
            ev.Grappled(
                character=g.holder,
                name=b.person(g.holder).name,
                target=g.target,
                target_name=b.person(g.target).name,
                grapples={k: x for k, x in b.state.grapples.items() if k != key},
                knocked_apart=True,
            )
        )
    _no_reversal(b, ident, knocked=True)


def broken_by_wound(b: Builder, wounder: str | None, wounded: str) -> None:
    """A wound between two in a grapple breaks it (WD-GRAPPLE-010)."""
    if wounder is None:
        return
    gone = [
        k
        for k, g in b.state.grapples.items()
        if wound_breaks(wounder=wounder, wounded=wounded, participants=(g.holder, g.target))
    ]
    if not gone:
        return
    grapples = {k: g for k, g in b.state.grapples.items() if k not in gone}
    b.emit(
        ev.Grappled(
            character=wounder,
            name=b.person(wounder).name,
            target=wounded,
            target_name=b.person(wounded).name,
            grapples=grapples,
        )
    )
