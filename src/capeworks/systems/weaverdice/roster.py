"""Handlers for the roster and the GM's hand: adding characters, morale moves, rulings, notes, sleep.

Implements, on the table, WD-NPC-001..005 (who tracks what: a sheet's tier),
WD-STAT-002/003 (sheets checked as they join), WD-MORALE-001/004/005
(starting at the baseline, moving by steps, charm defiance), WD-MORALE-006
with WD-EFFORT-011 (a night's sleep and the low-morale rolls), the variant WD-DN-011(b)
(morale as extra effort: the new day's dots at sleep), and
WD-CORE-011 (a GM ruling overrides any roll or outcome; undo takes it back), and WD-NPC-004 /
WD-WOUND-012 (whether a dropped generic died, when it matters).
"""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.engine import Audience, DiceService, Event
from capeworks.engine.model import RollRecord
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.blind import emit_stayed
from capeworks.systems.weaverdice.campaign.mini import close_lift_fight
from capeworks.systems.weaverdice.campaign.screen import Builder as Screened
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.effort import Effort
from capeworks.systems.weaverdice.equipment import check_belt, check_hands
from capeworks.systems.weaverdice.facts import patches
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, person, roll_check
from capeworks.systems.weaverdice.morale import defiance_cost, not_recovered, shift
from capeworks.systems.weaverdice.sheet import check_sheet, check_statline
from capeworks.systems.weaverdice.skills import check_prerequisites, check_starting_skills
from capeworks.systems.weaverdice.state import Combatant, WdState
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier
from capeworks.systems.weaverdice.wounding import fell_out
from capeworks.systems.weaverdice.wounds import Standing, Track

__all__ = ["add_character", "change_morale", "gm_note", "ruling", "sleep"]

#: the words for a sheet's progression fields (PROGRESSION_FIELDS), as a refusal names them
_GIVEN = {
    "milestones": "milestones",
    "fans": "Fans",
    "follower_bonus": "a raised follower cap",
    "underling_bonus": "a raised underling cap",
    "learning_boxes": "Learning a Skill boxes",
    "extra_belt_slots": "extra belt slots",
}


def create_character(state: WdState, context: Ctx, c: cmd.CreateCharacter, dice: DiceService) -> Done:
    """A character from a form of its fields: added as ``add_character`` adds a sheet."""
    return add_character(state, context, c.add(), dice)


def add_character(state: WdState, context: Ctx, c: cmd.AddCharacter, dice: DiceService) -> Done:
    """A player adds their own PC; the GM adds anyone, for any seat or for themselves."""
    sheet = c.character
    owner = c.owner
    if not context.is_gm:
        if sheet.tier is not Tier.PC or c.hidden:
            raise NotPermitted("Only the GM adds NPCs.")
        if owner not in (None, context.actor.id):
            raise NotPermitted("You can only add a character for yourself.")
        # src 485: morale's "set starting point" (the sheet's baseline, and where it starts today) comes
        # of living situation, the GM's to judge; src 416: rep is the GM's reward. A shipped sample's
        # baseline is the book's, not the player's.
        if c.morale is not None or c.reputation or (sheet.morale_baseline and c.sample is None):
            raise NotPermitted(
                "The GM sets starting morale and its baseline, and awards reputation: leave them to the GM."
            )
        if sheet.progression_given and c.sample is None:
            given = ", ".join(_GIVEN[f] for f in sheet.progression_given)
            raise NotPermitted(f"The GM gives what progression brings ({given}): leave it to the GM.")
        owner = context.actor.id
    elif owner is not None and owner not in {s.id for s in context.seats}:
        raise RuleViolation("WD-NPC-002", f"There is no seat called {owner} at this table.")
    if sheet.id in state.sheets:
        raise RuleViolation("WD-NPC-001", f"There is already a character called {sheet.id} at this table.")
    if c.hidden and owner is not None:
        raise RuleViolation("WD-NPC-003", "Only the GM's own characters can be hidden.")
    check_sheet(sheet, context.config)
    check_prerequisites(sheet)  # as it joins: a sheet already in a log replays as it was (WD-SKILL-002)
    check_hands(sheet.held)  # as it joins: a sheet already in a log replays as it was (WD-EQUIP-002)
    check_belt((*sheet.held, *sheet.belt, *sheet.dropped))  # large: two belt slots (WD-EQUIP-003)
    if c.new:  # a PC made now, by the starting rules (WD-STAT-003, WD-SKILL-004)
        if sheet.tier is not Tier.PC:
            raise RuleViolation("WD-STAT-003", "Only a player character is made by the starting rules.")
        check_statline(sheet, context.config)
        check_starting_skills(sheet)
    morale = sheet.morale_baseline if c.morale is None else c.morale
    combatant = Combatant(
        id=sheet.id,
        name=sheet.name,
        tier=sheet.tier,
        owner=owner,
        hidden=c.hidden,
        morale=max(context.config.morale_floor, morale),
        track=Track.of(sheet),
    )
    # rep cards are the one store: reputation=N deals N cards (campaign.reputation)
    added = ev.CharacterAdded(
        sheet=sheet,
        changed=patches(state, (combatant,)),
        reputation={sheet.id: c.reputation} if c.reputation else {},
        fans={sheet.id: sheet.fans} if sheet.fans else {},
    )
    if not c.hidden:
        return [Event.of(added)]
    return [
        Event.of(added, audience=Audience.gm_only()),
        Event.of(ev.NpcJoined(character=sheet.id, name=sheet.name, tier=sheet.tier)),
    ]


def change_morale(state: WdState, context: Ctx, c: cmd.ChangeMorale, dice: DiceService) -> Done:
    """Move morale by steps; defying a charm costs the table's defiance price (WD-MORALE-004)."""
    me = person(state, c.character)
    steps = c.steps
    defied = me.defiances
    if c.defied_charm:
        steps = -defiance_cost(me.defiances, config=context.config)
        defied += 1
    step = shift(me.morale, steps, config=context.config)
    me = evolve(me, {"morale": step, "defiances": defied})
    b = Builder(state, context, dice)
    b.emit(
        ev.MoraleChanged(
            character=c.character, name=me.name, step=step, delta=steps, reason=c.reason, people=(me,)
        )
    )
    return b.batch


def sleep(state: WdState, context: Ctx, c: cmd.Sleep, dice: DiceService) -> Done:
    """A full night's sleep clears exhaustion; at low morale each exhausted dot rolls to stay
    (WD-EFFORT-011, WD-MORALE-006)."""
    me = person(state, c.character)
    if state.fight is not None:
        raise RuleViolation("WD-EFFORT-011", "Nobody sleeps in the middle of a fight.")
    kept: dict[Pool, int] = {}
    rolls: list[RollRecord] = []
    faces: list[int] = []
    # an exhausted dot picked for secret spending alone rolls after the others, for the GM and the
    # owner's eyes: the other seats never saw it exhausted (src 376)
    secret: dict[Pool, int] = {}
    secret_rolls: list[RollRecord] = []
    secret_faces: list[int] = []
    night = me.morale if me.night_morale is None else me.night_morale  # the day's end's (src 487-491)
    if night < 0:
        for hidden in (False, True):
            for pool in Pool:
                veiled = me.effort.veiled_exhausted.get(pool, 0)
                for _ in range(veiled if hidden else me.effort.exhausted.get(pool, 0) - veiled):
                    record = dice.roll(1, 6, purpose="sleep")
                    (secret_rolls if hidden else rolls).append(record)
                    (secret_faces if hidden else faces).append(record.faces[0])
                    if not_recovered(night, record.faces[0]):
                        counts = secret if hidden else kept
                        counts[pool] = counts.get(pool, 0) + 1
    day = _morale_dots(state, context, me, c.morale_dots)
    both = {p: n for p in Pool if (n := kept.get(p, 0) + secret.get(p, 0))}
    effort = me.effort.sleep(kept=both, day={p: day.count(p) for p in Pool}, veiled=secret)
    # WD-PROG-006: a lone half dot is a bonus dot for the first encounter after the rest
    for pool, halves in sorted(state.campaign.ledger(c.character).half_dots.items()):
        if halves:
            effort = effort.with_bonus(pool, halves)
    # the night ends whatever situation a learning skill was opened for (WD-SKILL-009, src 342)
    me = evolve(me, {"effort": effort, "opened": (), "night_morale": None})
    b = Screened(state, context, dice)  # a morale lift's ledger goes out without the GM's secret cards
    if secret_rolls:
        b.emit(
            ev.SecretDotsKept(character=c.character, name=me.name, kept=secret, faces=tuple(secret_faces)),
            rolls=tuple(secret_rolls),
            keep=tuple(rolls),
            hidden=True,
            seats=(me.owner,) if me.owner is not None else (),
        )
    if c.character in state.exhaust_owed:
        # the exhausted dot would last only until this sleep: the choice left open lapses with it
        # (WD-EFFORT-009/011), and cannot later hand back effort spent after the night
        owed = tuple(i for i in state.exhaust_owed if i != c.character)
        # the sleep's dice are the Slept line's, after it (they waited for it and tripped its check)
        b.emit(
            ev.Exhausted(character=c.character, name=me.name, pool=None, exhaust_owed=owed), keep=tuple(rolls)
        )
    b.emit(
        ev.Slept(
            character=c.character,
            name=me.name,
            kept=kept,
            faces=tuple(faces),
            morale_dots=day,
            people=(me,),
        ),
        rolls=tuple(rolls),
    )
    close_lift_fight(b, c.character)  # the night ends the fight a lift counted (WD-DN-017)
    return b.batch


def _morale_dots(state: WdState, context: Ctx, me: Combatant, named: Sequence[str]) -> tuple[Pool, ...]:
    """Variant WD-DN-011(b): a dot of Stamina, Focus or Recovery per morale step above neutral, for the
    day to come ("you start the day with one adrenaline, focus, or recovery", seed src 127). Named
    pools first, the rest in turn; naming pools without the variant, or more than the steps, is refused."""
    steps = max(0, me.morale) if context.config.morale_as_effort and state.sheet(me.id).tracks_effort else 0
    try:
        pools = [Pool(n.strip().lower()) for n in named]
    except ValueError:
        raise RuleViolation("WD-DN-011", "Name each morale dot's pool: stamina, focus or recovery.") from None
    if len(pools) > steps:
        why = (
            "morale is not extra effort at this table"
            if not context.config.morale_as_effort
            else f"{me.name} has {steps} morale step(s) above neutral"
        )
        raise RuleViolation("WD-DN-011", f"No more than {steps} morale dot(s): {why}.", field="morale_dots")
    order = tuple(Pool)
    return (*pools, *(order[i % len(order)] for i in range(steps - len(pools))))


def fate(state: WdState, context: Ctx, c: cmd.Fate, dice: DiceService) -> Done:
    """A dropped generic is out of the fight, not dying; if it matters whether one died, the GM has
    it roll Guts at ``generic_death_tn`` (4+): made, it lives, still down; missed, it is dead
    (WD-NPC-004, WD-WOUND-012)."""
    me = person(state, c.character)
    if me.tier is not Tier.GENERIC:
        raise RuleViolation("WD-NPC-004", f"{me.name} is no generic: whether they die is the wound track's.")
    if me.track.standing is not Standing.DOWN:
        raise RuleViolation("WD-NPC-004", f"{me.name} has not dropped: there is no fate to roll.")
    b = Builder(state, context, dice)
    tn = context.config.generic_death_tn
    roll, record = roll_check(b, c.character, (Stat.GUTS,), tn=tn, purpose="fate")
    track = me.track if roll.success else evolve(me.track, {"standing": Standing.DEAD, "dying_since": None})
    me = evolve(me, {"track": track})
    emit_stayed(
        b,
        ev.StayedUp(
            character=c.character, name=me.name, check=roll, standing=track.standing, why="fate", people=(me,)
        ),
        rolls=(record,),
    )
    return b.batch


def ruling(state: WdState, context: Ctx, c: cmd.Ruling, dice: DiceService) -> Done:
    """The GM overrides an outcome: morale, standing, a wound, effort, conditions, whom one carries
    (WD-CORE-011, WD-EQUIP-007)."""
    me = person(state, c.character)
    update: dict[str, object] = {}
    track = me.track
    before = track.standing
    if c.morale is not None:
        update["morale"] = max(context.config.morale_floor, c.morale)
    if c.clear_wound is not None:
        if c.clear_wound > len(track.wounds):
            raise RuleViolation("WD-CORE-011", f"{me.name} has only {len(track.wounds)} wounds.")
        track = track.clear(c.clear_wound - 1)
    fell = c.standing in (Standing.UNCONSCIOUS, Standing.DYING) and track.standing is not c.standing
    if fell and state.fight is not None:
        # the GM's "Vic is out cold" or "dying" counts as a fall would: tries to get up from the next
        # round (src 610), and the dying's three-round clock (src 796)
        round_ = state.fight.order.round
        track = (
            track.start_dying(round_)
            if c.standing is Standing.DYING
            else evolve(track, {"standing": c.standing, "dying_since": None, "fell_round": round_})
        )
    elif c.standing is not None:
        track = evolve(
            track,
            {
                "standing": c.standing,
                "dying_since": track.dying_since if c.standing is Standing.DYING else None,
            },
        )
    update["track"] = track
    effort = me.effort.refreshed() if c.restore_effort else me.effort
    if c.effort:
        effort = _set_effort(state, me, c.effort, base=effort)
    if effort is not me.effort:
        update["effort"] = effort
    if c.drop_conditions:
        gone = {n.strip().lower() for n in c.drop_conditions}
        update["conditions"] = tuple(x for x in me.conditions if x.name.lower() not in gone)
    if c.carrying is not None:
        # lifting someone is the GM's to narrate and price; the table carries the weight (WD-EQUIP-007)
        carried = tuple(dict.fromkeys(person(state, x).id for x in c.carrying))
        if c.character in carried:
            raise RuleViolation("WD-EQUIP-007", f"{me.name} cannot carry themselves.")
        update["carrying"] = carried
    me = evolve(me, update)
    key, task = None, None
    if c.resume is not None:  # the interruption is dealt with (WD-COMBAT-014)
        key = c.resume if c.resume in state.lengthy else f"call:{c.resume}"
        if key not in state.lengthy:
            raise RuleViolation("WD-COMBAT-014", "There is no lengthy task by that name under way.")
        task = state.lengthy[key].resumed(c.character)
    if c.halt is not None:
        halt = c.halt if c.halt in state.lengthy else f"call:{c.halt}"
        task_now = state.lengthy.get(halt)
        if task_now is None or all(who != c.character for who, _ in task_now.rolls):
            raise RuleViolation("WD-COMBAT-014", f"{me.name} is not working on a lengthy task by that name.")
    b = Builder(state, context, dice)
    b.emit(
        ev.Ruled(
            character=c.character,
            name=me.name,
            text=c.text,
            people=(me,),
            fight=state.fight,
            standing=c.standing if c.standing is not None and c.standing is not before else None,
            lengthy_key=key,
            lengthy=task,
        )
    )
    fell_out(b, c.character)  # ruled out cold, dying or dead: as a fall would (WD-COMBAT-002)
    if c.halt is not None:
        halt = c.halt if c.halt in state.lengthy else f"call:{c.halt}"
        after = b.state.lengthy[halt].interrupted(c.character, held=False, config=context.config)
        b.emit(
            ev.Interrupted(
                character=c.character,
                name=me.name,
                task=halt,
                check=None,
                held=False,
                lengthy_key=halt,
                lengthy=after,
                cause="ruling",
            )
        )
    return b.batch


def _set_effort(state: WdState, me: Combatant, dots: dict[Pool, int], *, base: Effort) -> Effort:
    """The GM sets how many dots are left in each named pool, within today's maximum (WD-CORE-011)."""
    sheet = state.sheet(me.id)
    if not sheet.tracks_effort:
        raise RuleViolation("WD-EFFORT-001", f"{me.name} has no effort to set.", field="effort")
    spent = dict(base.spent)
    for pool, left in dots.items():
        # a dot kept back for an exhaust pick still owed is spent until the pick, not one of the dots
        # left: the GM's number is the dots she can spend, as the table shows it (WD-EFFORT-009)
        held = base.held_in(pool)
        top = base.maximum(sheet, pool) + base.bonus.get(pool, 0) + base.day.get(pool, 0)
        if held and top - held < left <= top:
            raise RuleViolation(
                "WD-EFFORT-009",
                f"{me.name}'s {pool.value} holds 0 to {top - held} dots until the exhausted dot is"
                f" chosen: {held} kept back for it.",
                field="effort",
            )
        if not 0 <= left <= top:
            raise RuleViolation(
                "WD-EFFORT-007", f"{me.name}'s {pool.value} holds 0 to {top} dots today.", field="effort"
            )
        spent[pool] = top - left
    # a dot held for an exhaust pick still owed is no new spending (WD-EFFORT-009)
    taken = any(n > base.held_in(p) for p, n in spent.items())
    change: dict[str, object] = {"spent": spent, "used": base.used or taken}
    if base.veiled:
        # the GM sets the named pools' dots in the open: their spending is no secret any more, but for
        # a dot held back for a pick owed in secret, which stays the owner's and the GM's (src 409); a
        # pool she does not name keeps its veil, as she said nothing of it (src 376)
        kept = base.hushed_veil
        veiled = {
            p: n if p not in dots else min(kept.get(p, 0), spent.get(p, 0)) for p, n in base.veiled.items()
        }
        change["veiled"] = {p: n for p, n in veiled.items() if n}
        if any(veiled[p] < base.veiled[p] for p in base.veiled) or any(
            spent[p] != base.spent.get(p, 0) for p in dots
        ):
            change["quiet"] = False  # nor is the lull that settles them, once any of it is in the open
    if base.settled is not None and any(n > base.spent.get(p, 0) for p, n in spent.items()):
        change["fresh"] = True  # dots lost after a lull are the next situation's (WD-EFFORT-009)
    return evolve(base, change)


def gm_note(state: WdState, context: Ctx, c: cmd.GmNote, dice: DiceService) -> Done:
    """A note only the GM reads."""
    if not context.is_gm:
        raise NotPermitted("Only the GM can write private notes.")
    return [Event.of(ev.GmNoted(text=c.text), audience=Audience.gm_only())]
