"""Handlers for checks: the GM's calls, rolling them, spending high morale, Stamina rerolls.

Implements, on the table, WD-CORE-001..005 (a check with its breakdown),
WD-CORE-003 (the GM names the TN: players roll what the GM calls),
WD-CORE-009 (a Stamina reroll replaces the result, WD-EFFORT-003a),
WD-MORALE-002/003 (the cap and the spend, on checks, misses, stay-up checks,
reactions and rests), WD-SKILL-001/009/013 (skill,
learning-skill and background dice) and hidden GM rolls.
"""

from __future__ import annotations

from capeworks.engine import Audience, DiceService, Event
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.checks import Lengthy, modifier_of, super_check
from capeworks.systems.weaverdice.checks import reroll as reroll_check
from capeworks.systems.weaverdice.checks import spend_morale as set_by_morale
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.equipment import rummage_dc
from capeworks.systems.weaverdice.facts import patches, sheet_patch
from capeworks.systems.weaverdice.fight import next_turn, rest_bought_up
from capeworks.systems.weaverdice.flow import (
    Builder,
    Ctx,
    Done,
    out_of_fight,
    pain_spared,
    pained_failure,
    person,
    roll_check,
)
from capeworks.systems.weaverdice.harm import morale_second_chance, reaction_bought_up
from capeworks.systems.weaverdice.morale import shift
from capeworks.systems.weaverdice.skills import background_dice, handy_adds, skill_dice, training_total
from capeworks.systems.weaverdice.skills import train as train_skill
from capeworks.systems.weaverdice.state import Call, Combatant, WdState
from capeworks.systems.weaverdice.statuses import PainPenalty, pain_failure_options
from capeworks.systems.weaverdice.vocab import PHYSICAL_STATS, Pool, Stat, WoundTier
from capeworks.systems.weaverdice.wounding import halt_tasks, lengthy_turn, spend, take_wound
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["call_check", "check", "pain_choice", "reroll", "spend_morale", "train"]


def _stats(names: list[str]) -> tuple[Stat, ...]:
    out: list[Stat] = []
    for n in names:
        try:
            out.append(Stat(n.strip().lower()))
        except ValueError:
            known = ", ".join(s.value for s in Stat)
            raise RuleViolation(
                "WD-STAT-001", f"There is no stat called {n}; the stats are {known}."
            ) from None
    return tuple(out)


def call_check(state: WdState, context: Ctx, c: cmd.CallCheck, dice: DiceService) -> Done:
    """The GM calls for a check at a TN (default 4+, WD-CORE-003); not for one out of the fight."""
    who = person(state, c.character)
    _awake(who, "no check can be called for them")
    if c.effortless:  # refused now, not when the player rolls: a super stat with an effortless limit
        super_check(
            state.sheet(c.character), _stats(c.stat), superhuman=True, effortless=True, config=context.config
        )
    dc = _rummage_dc(state, c) if c.rummage else c.dc
    if c.group and Stat.SOCIAL not in _stats(c.stat):
        raise RuleViolation(
            "WD-EQUIP-017",
            "Only a Social roll is made with a group's bystanders: call Social or name no group.",
        )
    call = Call(
        id=state.next_call,
        character=c.character,
        stats=_stats(c.stat),
        tn=c.tn or context.config.default_tn,
        dice=c.dice,
        task=c.task or ("rummage in the bag" if c.rummage else ""),
        hidden=c.hidden,
        dc=dc,
        interrupts=c.interrupts,
        superhuman=c.superhuman,
        effortless=c.effortless,
        personal=c.personal,
        hurried=c.hurried,
        group=c.group,
    )
    audience = Audience.gm_only() if c.hidden else None
    return [Event.of(ev.CheckCalled(call=call, name=who.name), audience=audience)]


def _awake(who: Combatant, so: str) -> None:
    """Refuse a called check of one out of the fight: "the unconscious and dying do nothing except
    perhaps rolling to get back up" (src 563); a dropped generic "simply drops to the ground and stays
    there" (src 800), a bystander hit is ignored thereafter (src 306), the dead do nothing: each is
    told in its own words. The GM may still roll one of their own (a Guts 4+ to see whether a dropped
    generic died, src 800) or rule."""
    standing = who.track.standing
    if standing is Standing.UP:
        return
    out = out_of_fight(who)
    if out:
        raise RuleViolation("WD-COMBAT-002", f"{out}, so {so}.")
    raise RuleViolation(
        "WD-COMBAT-002",
        f"{who.name} is {standing.value}: the unconscious and dying do nothing but try to get back up,"
        f" so {so}.",
    )


def _rummage_dc(state: WdState, c: cmd.CallCheck) -> int:
    """A bag's "use in combat takes time and is interruptible; long DC equal to # of items in the
    bag, to rummage" (src 1096, WD-EQUIP-014): the lengthy check's total to reach, from the bag."""
    who = person(state, c.character)
    if c.dc is not None:
        raise RuleViolation(
            "WD-EQUIP-014", "A rummage's total to reach is the items in the bag: leave the DC out."
        )
    if state.fight is None or not who.in_fight:
        raise RuleViolation(
            "WD-EQUIP-014",
            "Rummaging a bag takes a check only in a fight: out of one, it is searched at leisure.",
        )
    costume = state.sheet(c.character).costume
    items = None if costume is None else costume.bag_items
    if items is None:
        raise RuleViolation("WD-EQUIP-014", f"{who.name} carries no inventory bag to rummage in.")
    if items == 0:
        raise RuleViolation("WD-EQUIP-014", f"{who.name}'s bag is empty: there is nothing to rummage for.")
    return rummage_dc(items)


def check(state: WdState, context: Ctx, c: cmd.Check, dice: DiceService) -> Done:
    """Roll a check: a called one, or (the GM) any at a TN; with skill, background and situation dice."""
    me = person(state, c.character)
    call = None
    if c.call is not None:
        call = state.calls.get(c.call)
        # several may add to a lengthy check where the fiction allows (WD-CORE-006)
        if call is None or (call.character != c.character and call.dc is None):
            raise RuleViolation("WD-CORE-003", f"The GM has not called that check for {me.name}.")
        stats, tn, extra, hidden = call.stats, call.tn, call.dice, call.hidden
        _awake(me, "they roll no called check")
    else:
        if not context.is_gm:
            raise NotPermitted("Only the GM can set a TN; roll a check the GM has called.")
        if not c.stat:
            raise RuleViolation("WD-CORE-001", "Name the stat the check uses.")
        stats, tn, extra, hidden = _stats(c.stat), c.tn or context.config.default_tn, 0, c.hidden or me.hidden
    if (c.bonus or c.personal or c.effortless or (c.hidden and call is None)) and not context.is_gm:
        raise NotPermitted(
            "Only the GM can give a bonus, call a roll personal or effortless, or roll in secret."
        )
    sheet = state.sheet(c.character)
    extra += skill_dice(sheet, c.skills, opened=me.opened, stats=stats)
    if c.background:
        if c.unhurried and state.fight is not None and me.in_fight:
            # the table knows better than the claim: nothing in a fight is unhurried (WD-SKILL-013)
            raise RuleViolation(
                "WD-SKILL-013",
                f"{me.name} is in a fight: a background gives its die only when unhurried and safe.",
                field="unhurried",
            )
        if c.unhurried and call is not None and call.hurried:
            # whether a moment is unhurried and safe is the GM's to say, the call says it (src 348)
            raise RuleViolation(
                "WD-SKILL-013",
                "The GM called this check in a hurried or risky moment: a background gives its die only"
                " when unhurried and safe.",
                field="unhurried",
            )
        extra += background_dice(sheet, c.background, unhurried=c.unhurried)
    b = Builder(state, context, dice)
    # a super stat (WD-DN-002): a human-tier check passes unrolled, a superhuman feat rolls its score
    # (a lengthy check's running total is rolled as ever)
    superhuman = call.superhuman if call is not None else c.superhuman
    effortless = call.effortless if call is not None else c.effortless
    lengthy = call is not None and call.dc is not None
    sup = (
        None
        if lengthy
        else super_check(sheet, stats, superhuman=superhuman, effortless=effortless, config=context.config)
    )
    if sup is not None:
        for pool, dots in sup.cost.items():
            spend(b, c.character, pool, EffortUse.POWER, dots)
        if sup.auto_pass:
            b.emit(
                ev.SuperPassed(
                    character=c.character,
                    name=me.name,
                    stat=sup.stat,
                    task=c.task or (call.task if call else ""),
                    closed_call=call.id if call else None,
                    effortless=effortless,
                ),
                hidden=hidden,
            )
            return b.batch
    super_bonus = 0
    if sup is not None and sup.modifier is not None:
        super_bonus = sup.modifier - modifier_of(sheet, *stats)  # the super score stands for the stat
    key = running = None
    if call is not None and call.dc is not None:
        key = f"call:{call.id}"
        running = state.lengthy.get(key) or Lengthy(dc=call.dc)
        if c.character in running.halted:
            raise RuleViolation(
                "WD-COMBAT-014",
                "An interrupted lengthy action resumes only once the interruption is dealt with.",
            )
        if state.fight is not None:  # a lengthy action takes the turn's actions (WD-COMBAT-013)
            lengthy_turn(b, state, c.character, call.task or "a lengthy task")
    # negative rep the GM cited "at an inconvenient time" comes off the Social roll at hand (src 440)
    cited = state.campaign.ledger(c.character).penalty if Stat.SOCIAL in stats else 0
    # a High-Tier Affiliation's +1 on a Social roll with its group's bystanders (src 1141)
    affiliated = (
        sheet.costume.affiliated_bonus(call.group)
        if call is not None and call.group and sheet.costume is not None and Stat.SOCIAL in stats
        else 0
    )
    roll, record = roll_check(
        b,
        c.character,
        stats,
        tn=tn,
        extra=extra,
        bonus=c.bonus + super_bonus - cited + affiliated,
        keep=c.keep,
        purpose="check",
    )
    if running is not None and handy_adds(sheet, c.skills, c.background):
        # WD-CRAFT-015: Handy sums the dice of a hands-on lengthy check; the rest shows as modifier
        roll = evolve(roll, {"modifier": roll.modifier + sum(roll.faces) - roll.kept})
    practised = (*me.practised, *(s for s in c.skills if s not in me.practised))
    done = True
    if running is not None:
        running = running.add(c.character, roll.total)
        done = running.done
    b.emit(
        ev.CheckRolled(
            character=c.character,
            name=me.name,
            stats=stats,
            task=c.task or (call.task if call else ""),
            check=roll,
            blind=hidden and not me.hidden,  # a hidden NPC's last check is unseen already
            closed_call=call.id if call and done else None,
            lengthy_key=key,
            lengthy=None if running is None or done else running,
            running=None if running is None else running.total,
            dc=None if running is None else running.dc,
            cited=cited,
            people=(evolve(b.person(c.character), {"practised": practised}),) if c.skills else (),
        ),
        rolls=(record,),
        hidden=hidden,
    )
    if call is not None and call.interrupts and not roll.success:
        halt_tasks(b, c.character, roll, secret=hidden)
    personal = call.personal if call is not None else c.personal
    pained_failure(
        b,
        c.character,
        stats[0],
        failed=not roll.success,
        personal_social=personal,
        secret=hidden,
        also=stats[1] if len(stats) > 1 else None,
    )
    return b.batch


def spend_morale(state: WdState, context: Ctx, c: cmd.SpendMorale, dice: DiceService) -> Done:
    """Lower morale a step to set the last roll's result to 2 + k (WD-MORALE-003)."""
    me = person(state, c.character)
    failed = next(
        (
            p
            for p in (state.attack, *state.queued)
            if p is not None and p.target == c.character and p.reaction_roll is not None
        ),
        None,
    )
    if failed is not None:  # a failed Dodge or Block still waiting on this choice
        b = Builder(state, context, dice)
        reaction_bought_up(b, failed)
        return b.batch
    chance = state.chances.get(c.character)
    if chance is not None and chance.kind == "rest":
        b = Builder(state, context, dice)
        rest_bought_up(b, chance)
        return b.batch
    if chance is not None:
        if state.attack is not None or state.effects:
            raise RuleViolation(
                "WD-COMBAT-019", "An attack or a wound effect is still waiting for a decision."
            )
        b = Builder(state, context, dice)
        morale_second_chance(b, chance)
        return b.batch
    last = state.last_check.get(c.character)
    if last is None:
        raise RuleViolation("WD-MORALE-003", f"{me.name} has no roll to spend morale on.")
    roll, morale = set_by_morale(last, me.morale)
    me = evolve(me, {"morale": morale})
    blind = c.character in state.blind_checks and not me.hidden  # a secret check's: its result too
    b = Builder(state, context, dice)
    b.batch.emit(
        ev.MoraleSpent(
            character=c.character,
            name=me.name,
            check=roll,
            morale=morale,
            blind=blind,
            changed=patches(state, (me,)),
        ),
        # a hidden NPC's morale and the roll it sets are the GM's (WD-NPC-003)
        audience=Audience.gm_only() if me.hidden or blind else None,
    )
    if roll.success and not last.success:
        pain_spared(b, c.character)
    return b.batch


def reroll(state: WdState, context: Ctx, c: cmd.Reroll, dice: DiceService) -> Done:
    """Spend a Stamina dot to reroll the last physical check; the new result stands (WD-CORE-009)."""
    me = person(state, c.character)
    if me.track.standing is not Standing.UP:
        # the unconscious and dying do nothing but try to get back up (src 563)
        raise RuleViolation("WD-COMBAT-002", f"{me.name} is in no state to push for a reroll.")
    last = state.last_check.get(c.character)
    if last is None or last.morale_set is not None:
        raise RuleViolation("WD-CORE-009", f"{me.name} has no roll to reroll.")
    stats = state.last_stats.get(c.character, ())
    if not stats or not set(stats) <= PHYSICAL_STATS:
        raise RuleViolation(
            "WD-EFFORT-003", "Stamina rerolls only physical actions (not attacks or defense)."
        )
    if last.rerolls:
        # "a reroll for a physical action" (src 376): several dots go on one roll only where a rule
        # says so ("any effort ... any number of times", "+1 per Stamina": WD-EFFORT-015)
        raise RuleViolation(
            "WD-EFFORT-015",
            f"{me.name} has already rerolled this roll with Stamina: a dot buys one reroll of a roll.",
        )
    # a hidden NPC's roll is the GM's, its reroll too: the players see that a roll was made; so is a
    # secret check's, and the Stamina spent on it is the GM's and its player's (src 376)
    blind = c.character in state.blind_checks and not me.hidden
    b = Builder(state, context, dice)
    spend(b, c.character, Pool.STAMINA, EffortUse.REROLL, veiled=blind)
    record = dice.roll(len(last.faces), 6, purpose="reroll")
    roll = reroll_check(last, record.faces)
    b.emit(
        ev.Rerolled(character=c.character, name=me.name, check=roll, blind=blind),
        rolls=(record,),
        hidden=me.hidden or blind,
    )
    if roll.success and not last.success:
        pain_spared(b, c.character)
    return b.batch


def train(state: WdState, context: Ctx, c: cmd.Train, dice: DiceService) -> Done:
    """After a fight that used a skill's field, one training roll for one learning skill: d6 +
    Knowledge + the skill's stat, saved toward 12 (WD-SKILL-006..008)."""
    me = person(state, c.character)
    if state.fight is not None:
        raise RuleViolation("WD-SKILL-007", "Training rolls come after the fight.")
    sheet = state.sheets[c.character]
    skill = next((s for s in sheet.skills if s.name.lower() == c.skill.strip().lower()), None)
    if skill is None or not skill.learning:
        raise RuleViolation("WD-SKILL-006", f"{me.name} is not learning a skill called {c.skill}.")
    used = [s for s in sheet.skills if s.name in me.may_train]
    if not any(set(s.stats) & set(skill.stats) for s in used):
        raise RuleViolation(
            "WD-SKILL-007",
            f"{me.name} did not use {skill.name}'s field in the last fight, or already trained.",
        )
    record = dice.roll(1, 6, purpose="training")
    new_sheet, total, learned = train_skill(sheet, skill.name, record.faces[0], morale=me.morale)
    saved = sum(next(s for s in new_sheet.skills if s.name == skill.name).training)
    raw = training_total(sheet, skill, record.faces[0])
    me = evolve(me, {"may_train": ()})
    return [
        Event.of(
            ev.Trained(
                character=c.character,
                name=me.name,
                skill=skill.name,
                total=total,
                saved=saved,
                learned=learned,
                uncapped=raw if raw > total else 0,
                sheet_changed=sheet_patch(state, new_sheet),
                changed=patches(state, (me,)),
            ),
            rolls=(record,),
        )
    ]


def pain_choice(state: WdState, context: Ctx, c: cmd.PainChoice, dice: DiceService) -> Done:
    """Pay for a pained failure: a morale step, a lesser wound, or the rest of the turn (WD-STATUS-002)."""
    me = person(state, c.character)
    if c.character not in state.pain_owed:
        raise RuleViolation("WD-STATUS-002", f"{me.name} owes nothing for pain.")
    turn_left = state.pain_owed[c.character]
    if c.choice is PainPenalty.MORALE and me.morale <= context.config.morale_floor:
        raise RuleViolation(
            "WD-STATUS-002",
            f"{me.name}'s morale is as low as it goes: pay with a lesser wound"
            + (" or the rest of the turn." if turn_left else "."),
        )
    if c.choice not in pain_failure_options(turn_left=turn_left):
        raise RuleViolation(
            "WD-STATUS-002", "Ending the turn early is a price only while turn is left to lose."
        )
    owed = {k: v for k, v in state.pain_owed.items() if k != c.character}
    veiled = c.character in state.pain_veiled
    b = Builder(state, context, dice)
    if c.choice is PainPenalty.MORALE:
        me = evolve(me, {"morale": shift(me.morale, -1, config=context.config)})
    b.emit(
        ev.PainPaid(
            character=c.character,
            name=me.name,
            choice=c.choice,
            pain_owed=owed,
            pain_veiled=tuple(x for x in state.pain_veiled if x != c.character) if veiled else None,
            people=(me,),
        ),
        # the price tells of a failed roll and a hidden NPC's morale: the GM's (WD-NPC-003); a
        # secret check's, the GM's and its player's
        hidden=me.hidden or veiled,
        seats=(me.owner,) if veiled and me.owner is not None else (),
    )
    if c.choice is PainPenalty.LESSER_WOUND:
        # the wound shows on the track; a veiled price's cause would tell the others of the failure
        take_wound(b, c.character, WoundTier.LESSER, None, cause="" if veiled else "pain")
    elif c.choice is PainPenalty.END_TURN and b.fight is not None:
        next_turn(b, b.fight)
    return b.batch
