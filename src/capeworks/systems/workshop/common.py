"""What every handler shares: finding combatants, whose action it is, rolling two traits with the
table's dice model and impairments, the waking rolls, and a Favored Action's pool point.
"""

from __future__ import annotations

from dataclasses import dataclass

from capeworks.engine import Batch, Context, DiceService, RollRecord
from capeworks.engine.kit import lookup
from capeworks.errors import RuleViolation
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import Favored, effect_of
from capeworks.systems.workshop.config import (
    HeroicVsMooks,
    InitiativeSystem,
    MookModel,
    WorkshopConfig,
    WoundPenalty,
)
from capeworks.systems.workshop.dice_models import double_zero, model_for
from capeworks.systems.workshop.rules import (
    degree_of,
    mook_gang_modifier,
    percentile_penalty,
    seriousness_penalty,
)
from capeworks.systems.workshop.sheet import Combatant, Standing
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Effect, Turn

__all__ = [
    "PUSHED_OUT",
    "RollResult",
    "able",
    "acting",
    "action_left",
    "char",
    "check_is_action",
    "defense_of",
    "favored",
    "firing",
    "first_card",
    "free_move",
    "gang_modifier",
    "group_skill",
    "guard_spent",
    "held_down",
    "impairment",
    "in_cover_line",
    "initiative_keys",
    "may_defend",
    "rejoined",
    "roll_traits",
    "sleeper_woken",
    "sleepers_due",
    "speed_bump",
    "spend_bruise",
    "spend_shots",
    "tie_keys",
    "use_action",
    "wake_rolls",
]

Ctx = Context[WorkshopConfig]

#: put out of action by the card stack, the GM yet to say whether a Wound comes with it (WS-ALT-002)
PUSHED_OUT = "pushed_out"
#: what befalls one mook of a group, not the group: the entry carries it only while it is the last one up
_MOOK_OWN = ("shaken", "knocked_down")


def char(state: WorkshopState, cid: str) -> Combatant:
    """The combatant ``cid``, or a sentence naming the known ones."""
    return lookup(state.characters, cid, "combatant")


def wound_penalty(config: WorkshopConfig, c: Combatant) -> int:
    """WS-WPEN: the impairment of a combatant's Wounds under the table's model."""
    if config.wound_penalty is WoundPenalty.PER_WOUND:
        return -max(0, c.wounds - c.bandaged)
    if config.wound_penalty is WoundPenalty.PERCENTILE:
        return percentile_penalty(max(0, c.wounds - c.bandaged), c.toughness)
    if config.wound_penalty is WoundPenalty.SERIOUSNESS:
        return seriousness_penalty(c.worst_wound) if c.wounds > c.bandaged else 0
    return 0


def impairment(config: WorkshopConfig, c: Combatant) -> int:
    """Wound penalty plus Bruised (WS-STATUS-001: 5 points on the next Action or Defense)."""
    return wound_penalty(config, c) - (5 if c.has("bruised") else 0)


def able(c: Combatant) -> Combatant:
    """``c``, or a refusal when it cannot act (WS-DMG-004, src 54: down, dying, dead or out "unable to act"):
    for what is done outside the Sequences, before the fight, where :func:`acting` asks no turn."""
    if not c.can_act:
        raise RuleViolation("WS-DMG-004", f"{c.name} is {c.standing.value} and cannot act.")
    return c


def acting(state: WorkshopState, cid: str, *, action: bool = True) -> Combatant:
    """Refuse unless ``cid`` may take an Action (or a Move) now: their Initiative, or an extra Action."""
    c = char(state, cid)
    turn = state.turn
    if not turn.sequence:
        raise RuleViolation("WS-SEQ-002", "The fight has not begun: the GM starts the first Sequence.")
    if state.pending is not None:
        raise RuleViolation("WS-SHOT-003", "An attack is waiting for its defenders' answers.")
    if state.bid is not None:
        raise RuleViolation("WS-SHOT-005", "An interrupt is waiting for its answer.")
    if state.offers:
        raise RuleViolation("WS-MOOK-005", "The GM decides first whether the ignored mooks strike.")
    if not c.can_act:
        raise RuleViolation("WS-DMG-004", f"{c.name} is {c.standing.value} and cannot act.")
    if turn.extra == cid:
        return c
    if turn.extra:  # WS-SHOT-004: the Action out of Sequence happens now; the one whose turn it is waits
        raise RuleViolation("WS-SHOT-004", f"{char(state, turn.extra).name} is acting out of Sequence now.")
    if turn.current != cid:
        raise RuleViolation(
            "WS-SEQ-003",
            f"It is not {c.name}'s Initiative: an Action out of Sequence costs 3 Shots, after your own turn.",
        )
    if action and turn.action_used:
        raise RuleViolation("WS-SEQ-003", f"{c.name} has taken this turn's Action already.")
    if action and c.has("loses_action"):
        # a group's verbs are plural; the refusal's plural reads only the first verb after the name
        loses = "lose" if c.group else "loses"
        raise RuleViolation("WS-MOOK-001", f"{c.name} made an Active Dodge and {loses} this Action.")
    return c


def check_is_action(state: WorkshopState, cid: str) -> bool:
    """Is a called check rolled now by ``cid`` their Action? On their own turn with its Action unspent, in
    their Action out of Sequence, or before the fight; otherwise it is no Action (src 12: an Action is
    taken when "your Initiative comes up"), so no Inspired or Free d10 and no Bruise goes on it."""
    t = state.turn
    return not t.sequence or t.extra == cid or (t.current == cid and not t.action_used and not t.extra)


def require_steady(config: WorkshopConfig, c: Combatant) -> None:
    """WS-SHAKEN-003: a Shaken combatant must steady themselves before any other Action."""
    if c.has("shaken"):
        raise RuleViolation("WS-SHAKEN-003", f"{c.name} is Shaken: roll to steady yourself first.")


def gang_modifier(state: WorkshopState, config: WorkshopConfig, c: Combatant) -> int:
    """WS-SNAP-003 (PROPOSED ``as_mook_defense_penalty``): "mooks acting against a hero suffer
    modifier(N)" for the N mooks standing in the group (its Faction's unnamed; a speed-bump group counts
    its mooks), on a rolled attack or a speed-bump group's static strike alike. 0 for a named attacker."""
    if config.heroic_vs_mooks is not HeroicVsMooks.AS_MOOK_DEFENSE_PENALTY or c.named:
        return 0
    group = [m for m in state.characters.values() if not m.named and m.faction == c.faction and m.can_act]
    return mook_gang_modifier(sum(max(m.count, 1) for m in group))


def group_skill(g: Combatant) -> int:
    """A speed-bump group's Skill in the static comparison (WS-MOOK-004), 5 less while Bruised: "5 point
    Impairment on next Action or Defense" (WS-STATUS-001, src 181) falls on its static strike or Defense."""
    return g.trait("Skill") - (5 if g.has("bruised") else 0)


def speed_bump(config: WorkshopConfig, c: Combatant) -> bool:
    """A speed-bump mook group (WS-MOOK-004)."""
    return not c.named and config.mooks is MookModel.SPEED_BUMP


def initiative_keys(c: Combatant, initiative: int) -> tuple[int, int, int]:
    """WS-SEQ-002 (PROPOSED ties): Initiative, then Shot Count, then Agility (then the order added)."""
    return (initiative, c.shot_count, c.trait("Agility"))


def tie_keys(state: WorkshopState, c: Combatant, initiative: int) -> tuple[int, ...]:
    """WS-SEQ-002's whole tie-break for ``c`` at ``initiative`` (higher acts first): the keys, then the one
    added earlier, as the Sequence's first order ranks them (an interrupt and its counter-bid too)."""
    return (*initiative_keys(c, initiative), -list(state.characters).index(c.id))


def rejoined(state: WorkshopState, config: WorkshopConfig, c: Combatant) -> Turn | None:
    """The Sequence's turn with ``c``, up again mid-Sequence: in its place, or, its Initiative past, among
    those who have had theirs (None when nothing changes).

    WS-SEQ-002 (src 12): "At the beginning of each Sequence, your Initiative is set to the number of
    Shots in your Shot pool ... Each time your Initiative comes up, you may take an Action": the one
    who was down when the Sequence began has an Initiative too, and acts if it has not come up yet
    (behind everyone if speed-bump mooks are acting: they act last, WS-MOOK-005). If it has, it waits
    for the next Sequence, its normal Initiative past: so it may buy an Action out of Sequence (src 25).
    """
    turn = state.turn
    current = turn.current
    if not current or config.initiative is InitiativeSystem.CARDS:
        return None
    if c.id in turn.order.order or c.id in turn.acted:
        return None
    now = state.characters[current]
    mine = tie_keys(state, c, c.shots)  # ties in full by the order added, as the Sequence's first order
    passed = turn.model_copy(update={"acted": (*turn.acted, c.id)})
    if speed_bump(config, now) and not speed_bump(config, c):
        return passed
    if not speed_bump(config, now) and mine > tie_keys(state, now, turn.initiative.get(current, now.shots)):
        return passed
    order = turn.order.order
    at = len(order)
    for i in range(turn.order.index + 1, len(order)):
        other = state.characters[order[i]]
        later = speed_bump(config, other) and not speed_bump(config, c)
        if later or tie_keys(state, other, turn.initiative.get(other.id, other.shots)) < mine:
            at = i
            break
    new_order = turn.order.model_copy(update={"order": (*order[:at], c.id, *order[at:])})
    return turn.model_copy(update={"order": new_order, "initiative": {**turn.initiative, c.id: c.shots}})


def may_defend(state: WorkshopState, config: WorkshopConfig, c: Combatant) -> bool:
    """Can ``c`` spend a Shot on an Active Defense now? (WS-SHOT-003, WS-SHAKEN-002)."""
    if config.initiative is InitiativeSystem.CARDS:  # WS-ALT-003: only when not in first place
        # a speed-bump group's losses ignore Defense (WS-MOOK-004): no Active Defense, as under Sequences
        return c.can_act and first_card(state) != c.id and not c.has("shaken") and not speed_bump(config, c)
    return (
        c.can_act
        and c.shots >= 1
        and not c.has("shaken")
        and not speed_bump(config, c)
        and not confused(state, c)
        and not any(e.name == "active_defense" and e.target == c.id for e in state.effects)
    )


def first_card(state: WorkshopState) -> str:
    """WS-ALT-001/003: who holds first place in the card stack ("" for nobody). "When a character acts, she
    is placed at the rear of the stack" (src 379): the acting card, kept in front while it acts, is on its
    way to the rear (as Damage counts it, :func:`.alt.pushed`), so first place is the card behind it."""
    order = state.turn.order.order
    current = state.turn.current
    if current and order[:1] == (current,):
        order = order[1:]
    return order[0] if order else ""


def firing(state: WorkshopState, cover: Effect) -> bool:
    """WS-COVER-002/004: covering fire lasts while its shooter can still shoot: one who falls "unable to
    act" (src 54), dying, dead or out provides no Cover and threatens nobody."""
    shooter = state.characters.get(cover.target)
    return shooter is not None and shooter.can_act


def in_cover_line(cover: Effect, c: Combatant) -> bool:
    """WS-COVER-002: is ``c`` an ally in this Cover's line of fire (every ally when no line is named)?"""
    return cover.faction == c.faction and cover.target != c.id and (not cover.line or c.id in cover.line)


def defense_of(state: WorkshopState, c: Combatant) -> int:
    """Defense + Active Defense bonus + allied Cover (WS-COVER-002) + the Wound penalty (WS-WPEN) - 5 if
    Bruised (WS-STATUS-001): what every attack on ``c`` meets, rolled or static (aggressive covering
    fire, a speed-bump mooks' strike). Each untreated Wound is "1 point of impairment" (src 111), and
    impairment falls on an "Action or Defense" (src 181); a combatant from an older log keeps the
    unimpaired Defense it was played with. Cover guards "allies moving in the same line of fire" (src
    72): those who have moved in its line since it was laid (an older log's Cover: all in its line)."""
    bonus = sum(e.amount for e in state.effects if e.name == "active_defense" and e.target == c.id)
    cover = sum(
        e.amount
        for e in state.effects
        if e.name == "cover"
        and in_cover_line(e, c)
        and (e.movers is None or c.id in e.movers)
        and firing(state, e)
    )
    wounded = wound_penalty(state.config, c) if c.wounds_impair_defense else 0
    return c.defense + bonus + cover + wounded - (5 if c.has("bruised") else 0)


def spend_bruise(batch: Batch[WorkshopState], cid: str) -> None:
    """WS-STATUS-001: Bruised impairs the "next Action or Defense": an attack met is that Defense."""
    c = batch.state.characters[cid]
    if c.has("bruised"):
        batch.emit(ev.StatusSet(character=c.without("bruised"), status="bruised", on=False))


def free_move(state: WorkshopState, c: Combatant) -> bool:
    """Has ``c`` its turn's Move still? (None in an Action out of Sequence; none Battered, WS-STATUS-002.)"""
    turn = state.turn
    return not turn.move_used and turn.extra != c.id and not c.has("battered")


def action_left(state: WorkshopState, c: Combatant) -> bool:
    """Has ``c`` an Action still (to spend as a Move)? A glass-jaw mook that dodged has lost its next
    Action, and so the Move it may be (src 158, src 12): refused, naming that rule."""
    turn = state.turn
    if turn.extra == c.id:
        return True
    if turn.action_used:
        return False
    if c.has("loses_action"):
        # a group's verbs are plural; the refusal's plural reads only the first verb after the name
        loses = "lose" if c.group else "loses"
        raise RuleViolation("WS-MOOK-001", f"{c.name} made an Active Dodge and {loses} this Action.")
    return True


def guard_spent(batch: Batch[WorkshopState], cid: str) -> None:
    """WS-CORE-003: an Active Defense lasts "until the defender's next action" (the inventory's secondary
    evidence). One made on the defender's own turn before its Action (on its Move into aggressive fire,
    src 20 "at any time") ends as that Action is taken; one made before the turn ended at its start."""
    state = batch.state
    kept = tuple(e for e in state.effects if not (e.name == "active_defense" and e.target == cid))
    if kept != state.effects:
        batch.emit(ev.ActiveDefenseEnded(who=cid, effects=kept, acted=True))


def use_action(state: WorkshopState, cid: str) -> Turn:
    """The turn after ``cid`` spends an Action (an out-of-sequence one is then over)."""
    turn = state.turn
    if turn.extra == cid:
        return turn.model_copy(update={"extra": ""})
    return turn.model_copy(update={"action_used": True})


def confused(state: WorkshopState, c: Combatant) -> bool:
    """WS-CARD-001: a Faction that drew a 3 may use no pool points this Sequence."""
    card = state.turn.cards.get(c.faction)
    return card is not None and effect_of(card).confused


def spend_shots(state: WorkshopState, c: Combatant, shots: int, rule: str, what: str) -> Combatant:
    """``c`` with ``shots`` fewer Shots, or a refusal when they lack them (nothing changed)."""
    if confused(state, c):
        raise RuleViolation(
            "WS-CARD-003", f"The {c.faction} drew a 3 (Confused): no Shots may be spent this Sequence."
        )
    if shots > c.shots:
        held = f"{c.shots} Shot" + ("" if c.shots == 1 else "s")
        raise RuleViolation(rule, f"{c.name} has {held}; {what} costs {shots}.")
    return c.model_copy(update={"shots": c.shots - shots})


@dataclass(frozen=True, slots=True)
class RollResult:
    """A roll of two traits: its parts, total, margin and the combatant after it (inspiration used)."""

    base: int
    read: tuple[int, ...]
    modifier: int
    total: int
    difficulty: int
    record: RollRecord
    after: Combatant
    #: the wiki's double-0 (both base dice read 0): a failure with it is a Fumble
    double_zero: bool = False
    #: rolled as an Action (``roll_traits``): only an Action's failure has the wiki's degrees
    action: bool = True

    @property
    def success(self) -> bool:
        return self.total >= self.difficulty

    @property
    def margin(self) -> int:
        return self.total - self.difficulty

    @property
    def degree(self) -> str:
        """The wiki's degree below success (a Fumble, a Total Failure that turns the action Hazardous),
        read off an Action Value (the inventory's secondary evidence): "" for a success and for a roll
        that is no Action, whose failure does only what the seed gives it."""
        return degree_of(self.total, self.difficulty, double_zero=self.double_zero) if self.action else ""


def roll_traits(
    config: WorkshopConfig,
    dice: DiceService,
    c: Combatant,
    traits: tuple[str, ...],
    difficulty: int,
    *,
    purpose: str,
    modifier: int = 0,
    action: bool = True,
) -> RollResult:
    """WS-CORE-001: traits + dice + modifiers vs a difficulty. An Action's roll uses the combatant's
    extra positive d10s (Inspired, Free d10) and Bruised, and counts as a roll this Sequence."""
    extra = 0
    after = c
    mod = modifier + wound_penalty(config, c)
    if action:
        extra = c.extra_d10s
        if c.has("bruised"):
            mod -= 5
        after = c.without("inspired", "free_d10", "bruised").model_copy(update={"rolled": True, "busy": True})
    model = model_for(config.dice)
    throw = model.roll(dice, extra=extra, purpose=purpose)
    base = sum(c.trait(t) for t in traits)
    zero = double_zero(model, throw.read)
    total = base + throw.value + mod
    return RollResult(base, throw.read, mod, total, difficulty, throw.record, after, zero, action)


def rolled_event(
    who: Combatant, what: str, traits: tuple[str, ...], r: RollResult, **more: object
) -> ev.Rolled:
    """The :class:`~.events.Rolled` event of a roll.

    The wiki's degrees below success (a Fumble, a Total Failure that turns the action Hazardous) are read
    off an Action Value (the inventory's secondary evidence): a roll that is no Action (Luck against a
    Cinematic Wound, Shock, waking, Dark Times, a fall, getting up) has none, and its failure does what
    the seed gives it, however far it misses (src 60, 66, 106, 120, 138, 150)."""
    return ev.Rolled(
        degree=r.degree,
        who=who.id,
        what=what,
        traits=traits,
        base=r.base,
        dice=r.read,
        modifier=r.modifier,
        total=r.total,
        difficulty=r.difficulty,
        success=r.success,
        **more,
    )


def favored(state: WorkshopState, c: Combatant, kind: Favored) -> bool:
    """WS-CARD-001/002: is an Action of ``kind`` Favored for ``c``'s Faction this Sequence?"""
    card = state.turn.cards.get(c.faction)
    if not card:
        return False
    effect = effect_of(card)
    return effect.all_favored or effect.favored is kind


def pool_point(c: Combatant) -> Combatant:
    """WS-CARD-002 (PROPOSED): a pool point of choice is a Shot, never above the Shot Count."""
    return c.model_copy(update={"shots": min(c.shot_count, c.shots + 1)})


def favored_point(batch: Batch[WorkshopState], cid: str, kind: Favored, success: bool) -> None:
    """WS-CARD-002: a successful Action of a Favored kind gives its actor a pool point."""
    c = batch.state.characters[cid]
    if success and favored(batch.state, c, kind):
        batch.emit(ev.StatusSet(character=pool_point(c), status="pool point", on=True))


WAKE = ("Willpower", "Focus")


def wake_rolls(
    batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, roller: str, before: WorkshopState
) -> None:
    """WS-DMG-007: each time someone else rolls an Action, the unconscious roll Willpower + Focus vs 15.

    Only those already unconscious when the Action was rolled (``before``) roll.
    """
    if not ctx.config.wake_rolls:
        return
    for c in list(batch.state.characters.values()):
        was = before.characters.get(c.id)
        if was is None or was.standing is not Standing.DOWN:
            continue
        if c.id == roller or c.standing is not Standing.DOWN or held_down(c):
            continue
        _wake_roll(batch, ctx, dice, c, None)
    for cid, was in before.characters.items():
        for at in was.sleepers:  # a group's unconscious mooks: its own Action is someone else's to them
            c = batch.state.characters[cid]
            if at in c.sleepers:
                _wake_roll(batch, ctx, dice, c, c.sleepers.index(at))


def _wake_roll(
    batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, c: Combatant, sleeper: int | None
) -> None:
    """One unconscious roll to wake: ``c`` itself, or its group's ``sleeper``-th unconscious mook."""
    r = roll_traits(ctx.config, dice, c, WAKE, ctx.config.wake_difficulty, purpose="wake", action=False)
    after = c
    if r.success:
        after = woken(c) if sleeper is None else sleeper_woken(c, sleeper, ctx.config.wake_after_sequences)
    turn = rejoined(batch.state, ctx.config, after) if after.standing is not c.standing else None
    member = sleeper is not None
    batch.emit(rolled_event(c, "wake", WAKE, r, character=after, turn=turn, member=member), rolls=(r.record,))


def sleeper_woken(c: Combatant, i: int, wake_after: int) -> Combatant:
    """A group's ``i``-th unconscious mook awake (src 60) and back in its count (src 170); were the group's
    standing ones all down too, it stands again as the one awake, the one it lay as asleep among the rest."""
    rest = c.sleepers[:i] + c.sleepers[i + 1 :]
    # src 158, 161, 166: Shaken and knocked down are the one mook's, not the group's: the one who wakes
    # is neither, and a group of more than one keeps its calm and its feet as the entry (WS-MOOK-002/003)
    fresh = c.without(*_MOOK_OWN)
    if c.standing is Standing.DOWN:
        own = c.wake_at if c.wake_at is not None else c.down_at + wake_after
        return woken(fresh).model_copy(update={"sleepers": (*rest, own)})
    return fresh.model_copy(update={"count": c.count + 1, "sleepers": rest})


def sleepers_due(c: Combatant, clock: int, wake_after: int) -> Combatant:
    """The group with every unconscious mook whose 10 minutes are up by ``clock`` awake (src 60)."""
    while True:
        due = [i for i, at in enumerate(c.sleepers) if at <= clock]
        if not due:
            return c
        c = sleeper_woken(c, due[0], wake_after)


def held_down(c: Combatant) -> bool:
    """Down with no end the rules give, so no wake roll, clock, Joker or revive gets them up; only the
    GM's ``rouse`` does: incapacitated by a Broken hit (WS-STATUS-003: src 189 "Next Hit Incapacitates"
    gives no length and the inventory proposes none), or stabilised with Wounds still at Toughness (src
    54 "If you have Wounds equal to your Toughness, you're dying": stabilising, src 150, spares the death)."""
    return c.standing is Standing.DOWN and (c.has("broken_out") or (c.stabilised and c.wounds >= c.toughness))


def woken(c: Combatant) -> Combatant:
    """Up again, Shock just below Health (PROPOSED ``wake_shock = Health - 1``); a Wound the card stack's
    push "possibly" gave (WS-ALT-002) is no longer the GM's to give."""
    return c.without(PUSHED_OUT).model_copy(
        update={
            "standing": Standing.UP,
            "shock": min(c.shock, c.health - 1),
            "wake_at": None,
            "revive_difficulty": None,
        }
    )
