"""Handlers for grapples and falls at the table: the grab, each round's opposed Brawn and what the
margin buys; falls and throws on the falling table.

Wires the gear engineer's pure :mod:`~capeworks.systems.weaverdice.grapple`
(WD-GRAPPLE-001..010) into play: a grab is an attack roll against the DS
without costume layers, which a named target may Dodge but not Block; on the
holder's turns each round is an opposed Brawn roll (Stamina dots +1 each,
morale caps both totals), the margin buys one option or is banked as Hold;
a winning defender breaks free of a lone grappler (of several only by beating
every hold, WD-GRAPPLE-010) and may reverse the hold (WD-GRAPPLE-004); a
throw lands on the falling table's Thrown column at once; a wound between the
two breaks the grapple; both sides' DS drops while it lasts.
"""

from __future__ import annotations

from collections.abc import Iterable

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.blind import emit_attack
from capeworks.systems.weaverdice.checks import CheckRoll, Lengthy
from capeworks.systems.weaverdice.combat import ActionKind
from capeworks.systems.weaverdice.config import GrappleMode, WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.data_equipment import FallOption, GrappleOption
from capeworks.systems.weaverdice.dropping import drop_held, wrest_held, wrested
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.equipment import check_hands
from capeworks.systems.weaverdice.flow import (
    Builder,
    Ctx,
    Done,
    offers_reaction,
    on_turn,
    pained_failure,
    person,
    roll_check,
)
from capeworks.systems.weaverdice.gear_damage import fall_breaks_fragile_slots
from capeworks.systems.weaverdice.grapple import (
    DefenderOption,
    GrappleRound,
    Purchase,
    ShieldHit,
    Winner,
    contest,
    grab_defense,
    grapple_ds,
    grapple_total,
    grappler_moves,
    kept_held,
    meatshield_hit,
    price,
    resolve_round,
    resolve_several,
    restrained_attack_modifier,
)
from capeworks.systems.weaverdice.morale import capped, spend_value
from capeworks.systems.weaverdice.movement import fall, fall_after_check
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.state import (
    Chance,
    Combatant,
    Fight,
    Grapple,
    PendingAttack,
    PendingEffect,
    WdState,
)
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Status, WoundTier
from capeworks.systems.weaverdice.wounding import land_hit, lengthy_turn, spend, start_effect, take_wound
from capeworks.systems.weaverdice.wounds import Standing

__all__ = [
    "begin",
    "brace",
    "defense_in_grapple",
    "fall_choice",
    "fall_cmd",
    "grab",
    "grapple_round",
    "held_by",
    "in_reach_of_grapple",
    "let_go",
    "reverse",
]


def _key(holder: str, target: str) -> str:
    return f"{holder}>{target}"


def held_by(state: WdState, ident: str) -> list[str]:
    """Who holds ``ident`` fast: grapplers still up whose hold it has not beaten. The one held must win
    them all to get free (WD-GRAPPLE-010, src 990); an unconscious or dying holder grips nothing."""
    return [
        g.holder
        for g in state.grapples.values()
        if g.target == ident
        and not g.beaten
        and g.holder in state.people
        and state.people[g.holder].track.standing is Standing.UP
    ]


def in_reach_of_grapple(state: WdState, ident: str) -> str | None:
    """The name of a foe at arm's length in a grapple with ``ident`` (one holding them fast, or one
    they hold who is still up), or None: Aim's "no foes within 15' or immediate interference" cannot
    hold for either (WD-SKILL-010, src 316)."""
    for holder in held_by(state, ident):
        return state.people[holder].name
    if ident in state.people and state.people[ident].track.standing is Standing.UP:
        for g in state.grapples.values():
            held = state.people.get(g.target)
            if g.holder == ident and held is not None and held.track.standing is Standing.UP:
                return held.name
    return None


def defense_in_grapple(
    state: WdState, ident: str, base: int, config: WeaverdiceConfig, *, angle: int = 0
) -> int:
    """DS of someone in a grapple: ``grappled_ds`` for both, a meat-shielding holder's own + 1 against
    an attack ``angle`` degrees off their front within the shield's arc (WD-GRAPPLE-006/008, src 600).
    A hold whose holder is out (unconscious, dying) grips nobody: both have their own DS again."""
    for g in state.grapples.values():
        holder_up = g.holder in state.people and state.people[g.holder].track.standing is Standing.UP
        if ident in (g.holder, g.target) and holder_up:
            holder = g.holder == ident
            return grapple_ds(
                base_ds=base,
                holder=holder,
                meatshield=g.meatshield,
                grappled_ds=config.grappled_ds,
                angle=angle,
            )
    return base


def armed(c: cmd.Attack, me: Combatant, sheet: Character, everyone: Iterable[Combatant] = ()) -> cmd.Attack:
    """The attack as the held item named makes it: "Brawn or Dexterity, depending on weapon" (src 588),
    its damage type and tier (src 1013, 602), effect only for an improvised one (src 618), ranged or
    not. What the command states outright stands; refused if the item is not in hand (WD-EQUIP-002)
    or was dropped: Disarmed, "drops held item/weapon" (src 658, 768, 968; WD-STATUS-016), or is stuck
    in someone (``everyone``'s conditions): "caught inside the target" (src 858, 865). A shot with
    no weapon named aims, with Dexterity unless the command says (src 256: "aiming"; WD-COMBAT-017)."""
    if c.weapon is None:
        if not c.melee and "stat" not in c.model_fields_set:
            return c.model_copy(update={"stat": Stat.DEXTERITY})
        return c
    for other in everyone:
        if st.lodged(other.conditions, owner=c.character, item=c.weapon) is not None:
            raise RuleViolation(
                "WD-STATUS-012",
                f"{sheet.name}'s {c.weapon.strip()} is stuck in {other.name}: not to swing until it is out.",
            )
    if any(h.name.lower() == c.weapon.strip().lower() for h in sheet.dropped):
        raise RuleViolation(
            "WD-STATUS-016",
            f"{sheet.name}'s {c.weapon.strip()} lies on the ground: it must be picked up first.",
        )
    item = next((h for h in sheet.held if h.name.lower() == c.weapon.strip().lower()), None)
    if item is None:
        raise RuleViolation("WD-EQUIP-002", f"{sheet.name} has no {c.weapon} in hand.")
    check_hands((item,), hands=st.usable_hands(me.conditions, c.character))
    given = c.model_fields_set
    taken = {
        "stat": item.attack_stat,
        "damage": item.damage,
        "tier": item.tier,
        "melee": not item.ranged,
        "effect_only": item.effects_only,
    }
    update = {k: v for k, v in taken.items() if k not in given}
    if c.weapon != item.name:  # the item as the sheet spells it: what a Stuck effect records
        update["weapon"] = item.name
    return c.model_copy(update=update) if update else c


def weapon_modifier(state: WdState, me: Combatant, sheet: Character, weapon: str | None) -> int:
    """To hit with the held item named (none: bare hands): a restrained attacker has -2 with a
    one-handed non-fist weapon and cannot swing a two-handed one (WD-GRAPPLE-008), while a holder
    who is up keeps the restraint (one knocked out or dropped holds nobody)."""
    if weapon is None:
        return 0
    item = next((h for h in sheet.held if h.name.lower() == weapon.strip().lower()), None)
    if item is None:
        raise RuleViolation("WD-EQUIP-002", f"{sheet.name} has no {weapon} in hand.")
    if any(x.name == "restrained" for x in me.conditions) and held_by(state, me.id):
        return restrained_attack_modifier(item)
    return 0


def shield_struck(state: WdState, holder: str, total: int, holder_ds: int, *, angle: int = 0) -> str | None:
    """The one ``holder`` holds as a meat shield when an attack of ``total`` fails the holder's DS:
    "incoming attacks that don't pass DS hit them" (WD-GRAPPLE-008, src 986); else None. An attack
    from behind (``angle`` off the holder's front, outside the shield's arc, src 600) meets no shield."""
    shield = next((g.target for g in state.grapples.values() if g.holder == holder and g.meatshield), None)
    if shield is None:
        return None
    if meatshield_hit(attack_total=total, grappler_ds=holder_ds, angle=angle) is not ShieldHit.SHIELD:
        return None
    return shield


def strike_shield(b: Builder, strike: PendingAttack, roll: CheckRoll, shield: str) -> bool:
    """The attack that missed the holder, against the held one's DS (``grappled_ds``: it hits unless a
    table sets one); a named shield with Focus may Dodge (WD-GRAPPLE-006, WD-COMBAT-019). Any attack
    roll (a plain attack, a power's) comes here: ``strike`` is what it would have landed. True: it hit."""
    t, tsheet = b.person(shield), b.sheet(shield)
    ds = defense_in_grapple(b.state, shield, tsheet.defense(b.config), b.config)
    struck = evolve(roll, {"tn": ds})
    hit = struck.success
    pending = (
        evolve(strike, {"target": shield, "total": struck.total})
        if hit and offers_reaction(t, tsheet)
        else None
    )
    me = b.person(strike.attacker)
    waiting = b.state.attack
    emit_attack(
        b,
        ev.AttackRolled(
            attacker=strike.attacker,
            name=me.name,
            target=shield,
            target_name=t.name,
            check=struck,
            defense=ds,
            hit=hit,
            damage=strike.damage,
            tier=strike.tier,
            fight=b.fight,
            # a hit already waiting (a power's earlier target) is asked first; this one queues
            attack=waiting or pending,
            queued=(*b.state.queued, pending)
            if pending is not None and waiting is not None
            else b.state.queued,
        ),
        hidden=strike.hidden,
        veiled=me.hidden,
        target_veiled=t.hidden,
        waits=pending is not None,
    )
    if hit and pending is None:
        land_hit(b, strike, shield)
    return hit


def grab(state: WdState, context: Ctx, c: cmd.Grab, dice: DiceService) -> Done:
    """Grab: Brawn against the target's DS without costume layers; a named target may Dodge
    (not Block); a hit starts the grapple (WD-GRAPPLE-001). The grabber's melee weapon stuck in the
    target is contact already made: the grapple begins with no roll (WD-STATUS-012, src 865)."""
    fight = on_turn(state, c.character)
    assert fight.turn is not None
    me, target = person(state, c.character), person(state, c.target)
    if c.character == c.target:
        raise RuleViolation("WD-GRAPPLE-001", "Grab someone else.")
    if _key(c.character, c.target) in state.grapples:
        raise RuleViolation("WD-GRAPPLE-001", f"{me.name} already holds {target.name}.")
    if target.track.standing in (Standing.DEAD, Standing.DOWN):
        raise RuleViolation("WD-COMBAT-017", f"{target.name} is already out of the fight.")
    b = Builder(state, context, dice)
    turn = fight.turn.spend(ActionKind.STANDARD, config=context.config)
    # "allows the attacker to segue straight into a grapple" (src 865): the weapon in them is the contact
    lodged = st.grapple_bonus(target.conditions, grappler=c.character, target=c.target) > 0
    b.emit(
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            action="grab",
            kind=ActionKind.STANDARD.value,
            note="the weapon stuck in them" if lodged else "",
            fight=evolve(fight, {"turn": turn}),
        )
    )
    if lodged:
        begin(b, c.character, c.target)
        return b.batch
    tsheet = state.sheet(c.target)
    # one already in a grapple has lost the DS (src 932): a second grab meets what the grapple leaves
    # (WD-GRAPPLE-006); otherwise the DS without costume layers
    base = tsheet.defense(context.config)
    held = defense_in_grapple(state, c.target, base, context.config)
    ds = held if held < base else grab_defense(defense=held, equipment_bonus=tsheet.defense_bonus)
    # the grab is an attack roll (src 932): Blinded's -1 to hit touches it (WD-STATUS-008, src 846)
    blind = st.BLINDED_TO_HIT if any(x.name == Status.BLINDED for x in me.conditions) else 0
    roll, _ = roll_check(b, c.character, (Stat.BRAWN,), tn=ds, bonus=blind, purpose="grab")
    t = b.person(c.target)
    strike = PendingAttack(
        attacker=c.character,
        target=c.target,
        total=roll.total,
        damage=DamageType.BASH,
        tier=WoundTier.SUPERFICIAL,
        grab=True,
    )
    pending = strike if roll.success and offers_reaction(t, tsheet) else None
    # high morale may buy a missed grab up, as any missed attack (WD-MORALE-003, src 453); the grab's
    # roll is public, so a hidden NPC's morale is not put beside it
    chance = None
    if not roll.success and me.morale > 0 and not me.hidden:
        chance = Chance(who=c.character, kind="attack", roll=roll, attack=strike)
    emit_attack(
        b,
        ev.AttackRolled(
            attacker=c.character,
            name=me.name,
            target=c.target,
            target_name=target.name,
            check=roll,
            defense=ds,
            hit=roll.success,
            damage=DamageType.BASH,
            tier=WoundTier.SUPERFICIAL,
            fight=b.fight,
            attack=pending,
            chance=chance,
            grab=True,
        ),
        # a hidden NPC's dice and modifier (its Brawn) are the GM's: the players see its total
        hidden=False,
        veiled=me.hidden,
        target_veiled=target.hidden,
        waits=pending is not None,
    )
    if roll.success and pending is None:
        begin(b, c.character, c.target)
    # a missed grab is a failed attack roll: pain asks its price (WD-STATUS-002, src 822)
    pained_failure(b, c.character, Stat.BRAWN, failed=not roll.success)
    return b.batch


def begin(b: Builder, holder: str, target: str) -> None:
    """The grab lands: a grapple in its first round."""
    grapples = {**b.state.grapples, _key(holder, target): Grapple(holder=holder, target=target)}
    b.emit(
        ev.Grappled(
            character=holder,
            name=b.person(holder).name,
            target=target,
            target_name=b.person(target).name,
            grapples=grapples,
        )
    )


def let_go(b: Builder, holder: str) -> None:
    """``holder`` lets go of everyone they hold, and both have their DS again (WD-GRAPPLE-006, src
    932): walking off, since moving with the held one "maintaining hold" is a Drag (WD-GRAPPLE-008,
    src 950), or pushed into the background (WD-COMBAT-030, src 1000)."""
    for key, g in list(b.state.grapples.items()):
        if g.holder != holder:
            continue
        b.emit(
            ev.Grappled(
                character=holder,
                name=b.person(holder).name,
                target=g.target,
                target_name=b.person(g.target).name,
                grapples={k: x for k, x in b.state.grapples.items() if k != key},
                let_go=True,
            )
        )


def _purchases(c: cmd.GrappleTurn) -> list[Purchase]:
    """What the holder means to buy with the margin: the option (a Hold buys nothing), and in the
    GM's shorthand the further actions at 2 points each (WD-GRAPPLE-007, src 934: "'buy'
    appropriate actions with 2 points of difference"); the option table sells one a turn besides
    Hold (WD-GRAPPLE-008, src 936: :func:`~.grapple.price` refuses a second)."""
    if c.option is GrappleOption.HOLD:
        return []
    return [Purchase(option=c.option, points=c.points, feet=c.feet), *(Purchase(option=o) for o in c.also)]


def _check_carried(me: Combatant, buys: Iterable[Purchase], mode: GrappleMode) -> None:
    """Refuse, before any roll, a Drag that would carry its dragger further than they may move: a
    Drag moves them "with them" (src 950), pinned they "cannot move from the spot" (WD-STATUS-013,
    src 871), knocked down no more than 5 ft (WD-STATUS-009, src 850)."""
    drag = next((p for p in buys if p.option is GrappleOption.DRAG), None)
    if drag is None:
        return
    carried = grappler_moves(drag, mode)
    if st.is_pinned(me.conditions, me.id):
        raise RuleViolation("WD-STATUS-013", f"{me.name} is pinned in place and can drag nobody.")
    down = any(x.name == Status.KNOCKED_DOWN and x.target == me.id for x in me.conditions)
    if down and carried > st.KNOCKED_DOWN_MOVE_FT:
        raise RuleViolation(
            "WD-STATUS-009",
            f"{me.name} is knocked down and moves no more than {st.KNOCKED_DOWN_MOVE_FT} ft, dragging too.",
        )


def grapple_round(state: WdState, context: Ctx, c: cmd.GrappleTurn, dice: DiceService) -> Done:
    """One round of a grapple on the holder's turn: opposed Brawn, then the margin's purchase."""
    fight = on_turn(state, c.character)
    assert fight.turn is not None
    hold = state.grapples.get(_key(c.character, c.target))
    me, target = person(state, c.character), person(state, c.target)
    if hold is None:
        raise RuleViolation("WD-GRAPPLE-002", f"{me.name} is not holding {target.name}.")
    if c.target in fight.turn.grappled:
        raise RuleViolation(
            "WD-GRAPPLE-002",
            f"{me.name} has wrestled {target.name} this turn already: a grapple is checked once a round.",
        )
    buys = _purchases(c)
    _check_carried(me, buys, context.config.grapple_mode)
    if c.morale:
        _may_commit_morale(me)
    cost = price(buys, round=hold.round, mode=context.config.grapple_mode)  # refused before the roll
    b = Builder(state, context, dice)
    turn = fight.turn.spend(ActionKind.STANDARD, config=context.config)
    turn = evolve(turn, {"grappled": (*turn.grappled, c.target)})
    b.emit(
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            action="grapple",
            kind=ActionKind.STANDARD.value,
            fight=evolve(fight, {"turn": turn}),
        )
    )
    if c.stamina:
        spend(b, c.character, Pool.STAMINA, EffortUse.POWER, c.stamina)
    faces = b.dice.roll(2, 6, purpose="grapple").faces
    # the holder's melee weapon stuck in the target: +1 a round, and it may be wrested (WD-STATUS-012)
    stuck = st.grapple_bonus(target.conditions, grappler=c.character, target=c.target) > 0
    mine = grapple_total(
        die=faces[0], brawn=b.sheet(c.character).stat(Stat.BRAWN), stamina=c.stamina, stuck=stuck
    )
    # the defender's Stamina, committed beforehand with brace (WD-GRAPPLE-002: either side may spend)
    theirs = grapple_total(die=faces[1], brawn=b.sheet(c.target).stat(Stat.BRAWN), stamina=hold.braced)
    mine, theirs = capped(mine, b.person(c.character).morale), capped(theirs, b.person(c.target).morale)
    # high morale committed beforehand: a step counts a roll below 2 + k as 2 + k (WD-MORALE-003, src
    # 453), the holder's with the round, the held one's with a brace; never spent where it cannot help
    holder_step = c.morale and spend_value(b.person(c.character).morale) > mine
    if holder_step:
        mine = spend_value(b.person(c.character).morale)
    step = b.person(c.target).morale
    target_step = hold.braced_morale and step > 0 and spend_value(step) > theirs
    if target_step:
        theirs = spend_value(step)
    t = b.person(c.target)
    tsheet = b.sheet(c.target)
    # the roll stands whatever was meant: lost, tied or short of the price, what it cannot pay for is
    # not bought and its points are held (src 932, 936, 940), never refused for the holder to roll
    # again; the shorthand's several actions are bought in the order named while the margin lasts
    winner, _, available = contest(attacker_total=mine, defender_total=theirs, banked=hold.banked)
    unbought = ""
    if winner is not Winner.ATTACKER or cost > available:
        paid = 0
        if winner is Winner.ATTACKER:
            mode, now = context.config.grapple_mode, hold.round
            paid = max(n for n in range(len(buys)) if price(buys[:n], round=now, mode=mode) <= available)
        unbought, buys = " and ".join(p.option.value for p in buys[paid:]), buys[:paid]
    outcome = resolve_round(
        attacker_total=mine,
        defender_total=theirs,
        banked=hold.banked,
        round=hold.round,
        buys=buys,
        mode=context.config.grapple_mode,
        target_stamina=t.effort.available(tsheet, Pool.STAMINA),
        defender_focus=t.effort.available(tsheet, Pool.FOCUS),
        stuck_item=stuck,
    )
    grapples = dict(b.state.grapples)
    key = _key(c.character, c.target)
    outcome, free = _against_all(grapples, key, outcome)
    # the target cannot leave while the holder's melee weapon is stuck in them (WD-STATUS-012)
    by_weapon = free and not st.can_leave_grapple(t.conditions, target=c.target, grappler=c.character)
    if by_weapon:
        outcome, free = kept_held(outcome), False
    conditions = t.conditions
    effort, temporary = t.effort, dict(t.temporary_loss)
    wrest = False
    freed: list[str] = []
    restrained, meatshield = hold.restrained, hold.meatshield
    for bought in outcome.bought:
        restrained = restrained or bought.restrains
        meatshield = meatshield or bought.meatshield
        if bought.target_drops_item:
            conditions = st.add(conditions, st.condition(Status.DISARMED, c.target))
        if bought.stamina_lost:
            effort, _ = effort.drain(tsheet, Pool.STAMINA, bought.stamina_lost)
        if bought.athletics_damage:
            temporary[Stat.ATHLETICS] = temporary.get(Stat.ATHLETICS, 0) + bought.athletics_damage
        if bought.stuck_wound:  # the weapon comes out with the wrest: it is stuck no longer (src 865)
            before = conditions
            conditions = st.unstick(conditions, owner=c.character, target=c.target)
            freed = [x.item for x in before if x not in conditions and x.item is not None]
        wrest = wrest or bought.stuck_wound
    if restrained:
        conditions = st.add(conditions, st.Condition(name="restrained", target=c.target))
    reversals = None
    if free:  # the defender won against every hold on them: free of all, and may reverse this one
        grapples = {k: g for k, g in grapples.items() if g.target != c.target}
        conditions = tuple(x for x in conditions if not (x.name == "restrained" and x.target == c.target))
        banks = next((x.banks for x in outcome.defender_choices if x.option is DefenderOption.REVERSE), 0)
        offer = Grapple(holder=c.target, target=c.character, banked=banks)
        reversals = {**b.state.reversals, c.target: offer}
    elif outcome.broken:
        grapples.pop(key, None)
        conditions = tuple(x for x in conditions if not (x.name == "restrained" and x.target == c.target))
    else:
        grapples[key] = evolve(
            hold,
            {
                "round": hold.round + 1,
                "banked": outcome.banked,
                "restrained": restrained,
                "meatshield": meatshield,
                "beaten": outcome.winner is Winner.DEFENDER,
                "braced": 0,
                "braced_morale": False,
            },
        )
    t = evolve(t, {"conditions": conditions, "effort": effort, "temporary_loss": temporary})
    if target_step:
        t = evolve(t, {"morale": t.morale - 1})
    holder = b.person(c.character)
    people = (t, evolve(holder, {"morale": holder.morale - 1})) if holder_step else (t,)
    # the wrest owes the holder a free attack on the target this turn (WD-STATUS-012, src 865)
    owed = {"fight": _owing_free_attack(b, c.target)} if wrest else {}
    b.emit(
        ev.Grappled(
            character=c.character,
            name=me.name,
            target=c.target,
            target_name=target.name,
            holder_total=mine,
            target_total=theirs,
            outcome=outcome,
            grapples=grapples,
            reversals=reversals,
            still_held=outcome.winner is Winner.DEFENDER and not free,
            by_weapon=by_weapon,
            holder_morale=holder_step,
            target_morale=target_step,
            unbought=unbought,
            people=people,
            **owed,
        )
    )
    if any(x.target_drops_item for x in outcome.bought):
        drop_held(b, c.target)  # "drops what they're holding into an adjacent space" (src 968)
    thrown = sum(x.thrown_ft for x in outcome.bought)
    if thrown and c.target not in b.state.falls:  # a throw lands on the Thrown column (WD-MOVE-009)
        _fall(b, c.target, thrown, thrown=True, drains_stamina=None)
    for item in freed:
        wrested(b, c.character, item)
    if any(x.grappler_takes_item and not x.stuck_wound for x in outcome.bought):
        wrest_held(b, c.character, c.target)  # a wrest of what is in hand: "you keep it" (src 974)
    if wrest:  # wresting a stuck weapon free: a forcible extraction (WD-STATUS-011, WD-GRAPPLE-011)
        out = st.extract()
        take_wound(b, c.target, out.wound, None, cause="effect")
        t = b.person(c.target)
        bleeding = st.add(t.conditions, st.condition(Status.BLEEDING, c.target))
        b.emit(
            ev.StatusesApplied(
                character=c.target,
                name=t.name,
                source="The wrested weapon",
                statuses=(Status.BLEEDING.value,),
                people=(evolve(t, {"conditions": bleeding}),),
            )
        )
    # the round is the holder's action and its Brawn roll: not beating the defender is a failed roll,
    # and pain asks its price (WD-STATUS-002/003, src 822, 932)
    pained_failure(b, c.character, Stat.BRAWN, failed=outcome.winner is not Winner.ATTACKER)
    # the held one's opposed roll is exertion too (src 826, 932): beaten, it failed, and pain asks its
    # price as for a failed Dodge, with no turn of theirs to lose (src 822)
    pained_failure(b, c.target, Stat.BRAWN, failed=outcome.winner is Winner.ATTACKER)
    return b.batch


def _owing_free_attack(b: Builder, target: str) -> Fight | None:
    """The fight with the turn in play owing its actor a free attack on ``target``: "The attacker
    can wrest it free as well, in which case they get a free attack on the target" (src 865)."""
    fight = b.fight
    if fight is None or fight.turn is None:
        return fight
    turn = fight.turn
    return evolve(fight, {"turn": evolve(turn, {"free_attacks": (*turn.free_attacks, target)})})


def _against_all(grapples: dict[str, Grapple], key: str, outcome: GrappleRound) -> tuple[GrappleRound, bool]:
    """This round against the latest of every other hold on the same target: each resolved alone,
    free only when the defender has beaten them all (WD-GRAPPLE-010, the gear engineer's
    :func:`~capeworks.systems.weaverdice.grapple.resolve_several`). Returns this round as it
    stands and whether the defender is free."""
    if outcome.winner is not Winner.DEFENDER:
        return outcome, False
    target = grapples[key].target
    rounds = {
        k: GrappleRound(
            round=g.round,
            winner=Winner.DEFENDER if g.beaten else Winner.ATTACKER,
            margin=1 if g.beaten else 0,
            available=0,
            broken=g.beaten,
        )
        for k, g in grapples.items()
        if g.target == target and k != key
    }
    several = resolve_several({**rounds, key: outcome})
    return several.rounds[key], several.free


def _may_commit_morale(me: Combatant) -> None:
    """High morale committed to a grapple roll: good or better, and not a hidden NPC's, whose morale
    would show beside the round's public totals (WD-MORALE-003, WD-NPC-003)."""
    if me.hidden:
        raise RuleViolation(
            "WD-MORALE-003", f"{me.name}'s morale is the GM's: it is not spent beside a grapple's open roll."
        )
    spend_value(me.morale)  # refused below good morale


def brace(state: WdState, context: Ctx, c: cmd.Brace, dice: DiceService) -> Done:
    """The held one spends Stamina now for +1 a dot on the next round of this hold, the holder's roll
    being on the holder's turn (WD-GRAPPLE-002: "Stamina can be spent for a +1 on grapple rolls"); or
    commits high morale to that round's roll, spent only should it come out below 2 + k
    (WD-MORALE-003: the roll is the holder's to make, so the step is pledged beforehand)."""
    me, holder = person(state, c.character), person(state, c.holder)
    key = _key(c.holder, c.character)
    hold = state.grapples.get(key)
    if hold is None:
        raise RuleViolation("WD-GRAPPLE-002", f"{holder.name} is not holding {me.name}.")
    if c.morale:
        _may_commit_morale(me)
        if hold.braced_morale:
            raise RuleViolation("WD-MORALE-003", f"{me.name} has committed morale to this round already.")
    b = Builder(state, context, dice)
    if c.stamina:
        spend(b, c.character, Pool.STAMINA, EffortUse.POWER, c.stamina)
    grapples = dict(b.state.grapples)
    if key in grapples:  # a bleeding spender's wound may have broken the hold
        change: dict[str, object] = {"braced": grapples[key].braced + c.stamina}
        if c.morale:
            change["braced_morale"] = True
        grapples[key] = evolve(grapples[key], change)
    b.emit(
        ev.GrappleBraced(
            character=c.character,
            name=me.name,
            holder_name=holder.name,
            dots=c.stamina,
            morale=c.morale,
            grapples=grapples,
        ),
        hidden=me.hidden,  # a hidden NPC's effort is the GM's
    )
    return b.batch


def break_pin(state: WdState, context: Ctx, c: cmd.BreakPin, dice: DiceService) -> Done:
    """One roll of the lengthy Brawn check to 6 that frees a pinned target, the object still in them
    (WD-STATUS-013, :func:`~.statuses.break_pin`); in a fight it is a lengthy action (WD-COMBAT-013)."""
    me = person(state, c.character)
    if not st.is_pinned(me.conditions, c.character):
        raise RuleViolation("WD-STATUS-013", f"{me.name} is not pinned.")
    b = Builder(state, context, dice)
    if state.fight is not None:
        lengthy_turn(b, state, c.character, "strain against the pin")
    key = f"pin:{c.character}"
    running = state.lengthy.get(key) or Lengthy(dc=st.PIN_BREAK_DC)
    # each roll's total counts toward the DC; its TN is the table's default, as for a called lengthy check
    tn = context.config.default_tn
    roll, record = roll_check(b, c.character, (Stat.BRAWN,), tn=tn, purpose="break the pin")
    running = running.add(c.character, roll.total)
    now = b.person(c.character)
    freed = st.break_pin(now.conditions, c.character, brawn_total=running.total)
    b.emit(
        ev.CheckRolled(
            character=c.character,
            name=me.name,
            stats=(Stat.BRAWN,),
            task="strain against the pin",
            check=roll,
            lengthy_key=key,
            lengthy=None if running.done else running,
            running=running.total,
            dc=running.dc,
            people=(evolve(now, {"conditions": freed}),) if running.done else (),
        ),
        rolls=(record,),
        hidden=me.hidden,
    )
    # a failed roll under physical pain owes its price, as any Brawn exertion (WD-STATUS-002/003)
    pained_failure(b, c.character, Stat.BRAWN, failed=not roll.success)
    return b.batch


def reverse(state: WdState, context: Ctx, c: cmd.Reverse, dice: DiceService) -> Done:
    """A defender who broke free goes straight to a hold on the one it beat, the margin banked as
    Hold (WD-GRAPPLE-004 PROPOSED), or lets the offer go."""
    me = person(state, c.character)
    offer = state.reversals.get(c.character)
    if offer is None:
        raise RuleViolation("WD-GRAPPLE-004", f"{me.name} has no hold to reverse.")
    other = person(state, offer.target)
    reversals = {k: v for k, v in state.reversals.items() if k != c.character}
    grapples = dict(state.grapples)
    if not c.decline:
        grapples[_key(c.character, offer.target)] = offer
    b = Builder(state, context, dice)
    b.emit(
        ev.Grappled(
            character=c.character,
            name=me.name,
            target=offer.target,
            target_name=other.name,
            grapples=grapples,
            reversals=reversals,
            reversed=not c.decline,
        )
    )
    return b.batch


# -- falls and throws (WD-MOVE-008..010) ---------------------------------------------------------


def fall_cmd(state: WdState, context: Ctx, c: cmd.FallCmd, dice: DiceService) -> Done:
    """The GM rules a fall or throw: the table's row, its Athletics roll past 20 ft, a Stamina drain;
    one way to take it is applied at once, several wait for the faller's choice (WD-MOVE-009/010)."""
    me = person(state, c.character)
    if c.character in state.falls:
        raise RuleViolation("WD-MOVE-009", f"{me.name} has a fall still waiting for a choice.")
    b = Builder(state, context, dice)
    _fall(b, c.character, c.feet, thrown=c.thrown, drains_stamina=c.drains_stamina)
    return b.batch


def _fall(b: Builder, who: str, feet: int, *, thrown: bool, drains_stamina: bool | None) -> None:
    """A fall or throw on the falling table: its row, its Athletics roll, the Stamina drain, and the
    harm at once or a choice for the faller (WD-MOVE-009/010)."""
    result = fall(feet, thrown=thrown, drains_stamina=drains_stamina)
    roll = None
    if result.check is not None:
        roll, _ = roll_check(b, who, (Stat.ATHLETICS,), tn=result.check.tn, purpose="fall")
        result = fall_after_check(result, athletics_total=roll.total)
    t = b.person(who)
    drained = 0
    if result.stamina_lost and t.effort.available(b.sheet(who), Pool.STAMINA):
        effort, drained = t.effort.drain(b.sheet(who), Pool.STAMINA, result.stamina_lost)
        t = evolve(t, {"effort": effort})
    waiting = {**b.state.falls, who: result} if len(result.options) > 1 else dict(b.state.falls)
    chosen = result.options[0] if len(result.options) == 1 else None
    fell = ev.Fell(
        character=who,
        name=t.name,
        feet=feet,
        thrown=thrown,
        check=roll,
        chosen=chosen,
        falls=waiting,
        drained=drained,
        people=(t,),
    )
    if t.hidden:  # a hidden NPC's roll and effort are the GM's; the players see the fall (WD-NPC-003)
        b.emit(fell, hidden=True)
        b.emit(ev.FallSeen(character=who, name=t.name, feet=feet, thrown=thrown, chosen=chosen))
    else:
        b.emit(fell)
    fall_breaks_fragile_slots(b, who)  # a standard belt's last slot rolls on a fall (WD-EQUIP-014)
    if chosen is not None:
        _take_fall(b, who, chosen)
    # the fall's Athletics roll is an exertion: failed under pain, it asks its price (WD-STATUS-002/003)
    pained_failure(b, who, Stat.ATHLETICS, failed=roll is not None and not roll.success)


def fall_choice(state: WdState, context: Ctx, c: cmd.FallChoice, dice: DiceService) -> Done:
    """The faller picks how to take the fall (WD-MOVE-009 PROPOSED: the faller chooses)."""
    me = person(state, c.character)
    result = state.falls.get(c.character)
    if result is None:
        raise RuleViolation("WD-MOVE-009", f"{me.name} has no fall to choose for.")
    if c.option > len(result.options):
        raise RuleViolation("WD-MOVE-009", f"That fall offers {len(result.options)} ways to take it.")
    chosen = result.options[c.option - 1]
    b = Builder(state, context, dice)
    b.emit(
        ev.Fell(
            character=c.character,
            name=me.name,
            feet=result.feet,
            thrown=result.thrown,
            chosen=chosen,
            falls={k: v for k, v in state.falls.items() if k != c.character},
        )
    )
    _take_fall(b, c.character, chosen)
    return b.batch


def _take_fall(b: Builder, who: str, option: FallOption) -> None:
    """A fall's wound (Bash) and/or its roll on a Bash effect table of the given tier."""
    wound_id = None
    if option.wound is not None:
        take_wound(b, who, option.wound, DamageType.BASH, cause="fall", roll_effect=False)
        wound_id = f"w{b.person(who).wounds_made}"
    if option.bash_effect is not None:
        face = b.dice.roll(1, 6, purpose="effect").faces[0]
        ident = wound_id or f"e{b.person(who).wounds_made + 1}"
        start_effect(
            b,
            PendingEffect(
                damage=DamageType.BASH, tier=option.bash_effect, target=who, wound=ident, face=face
            ),
        )
