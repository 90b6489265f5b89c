"""Statuses: what each one does to its bearer and how each one ends (WD-STATUS-001..016).

A status on a character is a :class:`Condition`: a :class:`~capeworks.engine.kit.Timed`
(so those that end at a point in the turn order, Delayed and Half actions,
``expire`` with the kit) that also says every other way it ends
(:class:`Ending`: a rest, standing up, the end of the encounter, treatment...).
The functions here are the statuses' rules, pure and cheap: which rolls pain
touches and what a pained failure costs, when Bleeding and ongoing damage
wound, what a rest or the end of an encounter removes, how Delayed moves a
turn, how a stuck object comes out, how Death Sentence advances.

Rule IDs: WD-STATUS-001..014 and -016 (015, invented statuses, is served by
:class:`Condition` taking any name), WD-COMBAT-034/035 (what rests stop),
WD-WOUND-015 (Bleeding at the end of an encounter).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from enum import StrEnum
from typing import Any

from pydantic import Field, field_serializer

from capeworks.engine.kit import Expiry, Frozen, Timed, TurnOrder, TurnPoint
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.vocab import PHYSICAL_STATS, BodyPart, Stat, Status, WoundTier

__all__ = [
    "BLINDED_TO_HIT",
    "BURN_TREATMENT_DC",
    "DEATH_SENTENCE_HELP_DC",
    "DEFAULT_ENDINGS",
    "KNOCKED_DOWN_MOVE_FT",
    "PAINED_ROLL_TN",
    "PAIN_STATUSES",
    "PIN_BREAK_DC",
    "SENSE_RANGE_FT",
    "STUCK_CAREFUL_DC",
    "STUCK_GRAPPLE_BONUS",
    "ActionKind",
    "BleedTrigger",
    "Condition",
    "DeathTick",
    "Ending",
    "Extraction",
    "OngoingTick",
    "PainPenalty",
    "Reach",
    "RestOutcome",
    "add",
    "bleed",
    "break_pin",
    "can_act",
    "can_leave_grapple",
    "can_perceive",
    "can_self_recover",
    "condition",
    "death_sentence_tick",
    "delay",
    "end_encounter",
    "extract",
    "grapple_bonus",
    "half_actions",
    "halved",
    "is_pinned",
    "ongoing_ticks",
    "pain_failure_options",
    "pains_for",
    "provokes_melee",
    "rest",
    "stand_up",
    "stand_up_cost",
    "surprised",
]


class Ending(StrEnum):
    """Ways a condition ends besides a point in the turn order (WD-STATUS-016, PROPOSED)."""

    #: a Rest action's Guts success (or a Recovery dot while resting) may remove it (WD-COMBAT-032)
    REST_ROLL = "rest_roll"
    #: any Rest action stops it, no roll (Moderate Burn ongoing damage, WD-COMBAT-035)
    ANY_REST = "any_rest"
    #: a full rest removes it without a roll (Bleeding, WD-STATUS-001)
    FULL_REST = "full_rest"
    ENCOUNTER_END = "encounter_end"
    STAND_UP = "stand_up"
    #: picking the dropped item up again
    RETRIEVED = "retrieved"
    #: the stuck object is taken out (WD-STATUS-011)
    EXTRACTED = "extracted"
    #: end-of-day care or medical care, one instance at a time (WD-STATUS-007)
    TREATED = "treated"
    #: someone else's help: a lengthy Medical check (Death Sentence, Critical Burn)
    OUTSIDE_HELP = "outside_help"


class Reach(StrEnum):
    """Where a stuck object came from (WD-STATUS-012/013)."""

    MELEE = "melee"
    RANGED = "ranged"


#: the four pain statuses (WD-STATUS-002..006)
PAIN_STATUSES = frozenset(
    {Status.PAINED_PHYSICAL, Status.PAINED_MENTAL, Status.PAINED_EMOTIONAL, Status.PAINED_PART}
)

_SIMPLE = frozenset({Ending.REST_ROLL, Ending.ENCOUNTER_END})
_TREATED = frozenset({Ending.TREATED})

#: how each named status ends unless the effect says otherwise (WD-STATUS-016, PROPOSED)
DEFAULT_ENDINGS: dict[Status, frozenset[Ending]] = {
    Status.BLEEDING: frozenset({Ending.REST_ROLL, Ending.FULL_REST, Ending.ENCOUNTER_END}),
    Status.PAINED_PHYSICAL: _SIMPLE,
    Status.PAINED_MENTAL: _SIMPLE,
    Status.PAINED_EMOTIONAL: _SIMPLE,
    Status.PAINED_PART: _SIMPLE,
    Status.SCARRING: frozenset({Ending.TREATED}),
    Status.BLINDED: _SIMPLE,
    Status.DEAFENED: _SIMPLE,
    Status.KNOCKED_DOWN: frozenset({Ending.STAND_UP, Ending.REST_ROLL, Ending.ENCOUNTER_END}),
    Status.DELAYED: frozenset({Ending.ENCOUNTER_END}),
    Status.STUCK: frozenset({Ending.EXTRACTED}),
    Status.DEATH_SENTENCE: frozenset({Ending.OUTSIDE_HELP}),
    Status.DISARMED: frozenset({Ending.RETRIEVED, Ending.REST_ROLL, Ending.ENCOUNTER_END}),
    Status.DISABLED_LIMB: frozenset({Ending.TREATED}),
    Status.LOST_LIMB: frozenset(),
    Status.ONGOING_DAMAGE: frozenset({Ending.ANY_REST, Ending.ENCOUNTER_END}),
    Status.HALF_ACTIONS: frozenset({Ending.ENCOUNTER_END}),
    Status.SURPRISED: frozenset({Ending.ENCOUNTER_END}),
}


class Condition(Timed):
    """A status on a character: ``name`` is a :class:`Status` value or a GM's own word.

    ``ends`` (from the kit) is the turn-order point it ends at, if any;
    ``endings`` every other way it ends. ``scarring`` ties it to Scarring, so
    only treatment removes it (WD-STATUS-007).
    """

    endings: frozenset[Ending] = frozenset()
    part: BodyPart | None = None
    scarring: bool = False
    #: the wound it belongs to (stuck objects, scarred effects), by the wound track's id
    wound: str | None = None
    #: Stuck: where the object came from, and whether it pins the target in place
    reach: Reach | None = None
    pinned: bool = False
    #: Bleeding: a mid-combat rest spares the next instance (WD-STATUS-001)
    spared: bool = False
    #: Ongoing damage: True for Critical Burn's stat loss each round, False for a wound each turn
    consuming: bool = False
    #: who inflicted it (Critical Burn: the attacker picks the stat)
    source: str | None = None
    #: Bleeding: Brawn lost "until bleeding is stopped" (Moderate Cut 5, src 682), gone with it
    brawn_loss: int = Field(default=0, ge=0, exclude_if=lambda v: not v)
    #: Stuck: the source's melee weapon, by name: out of its owner's hands until extracted
    item: str | None = Field(default=None, exclude_if=lambda v: v is None)

    @field_serializer("endings", when_used="json")
    def _endings_in_order(self, endings: frozenset[Ending]) -> list[str]:
        """A set's order follows the string hashes; sorted, a snapshot and a replay dump alike."""
        return sorted(e.value for e in endings)

    @property
    def status(self) -> Status | None:
        """The named status, or None for a status invented for a power or item (WD-STATUS-015)."""
        return _NAMED.get(self.name)


#: each named status by its name (an invented one is none of them: a look-up, not a failed Status())
_NAMED: dict[str, Status] = {s.value: s for s in Status}


def condition(
    status: Status,
    target: str,
    *,
    part: BodyPart | None = None,
    scarring: bool = False,
    wound: str | None = None,
    ends: Expiry | None = None,
    endings: Iterable[Ending] | None = None,
    **more: Any,
) -> Condition:
    """A condition with the status's usual endings unless ``endings`` says otherwise.

    Scarring leaves only treatment (WD-STATUS-007). ``more`` sets the other
    :class:`Condition` fields (reach, pinned, consuming, source). Every value comes from a rule, of
    its field's exact type, so the condition is made without pydantic's validation (``trusted``).
    """
    if endings is None:
        endings = _TREATED if scarring else DEFAULT_ENDINGS.get(status, frozenset())
    return trusted(
        Condition,
        name=status.value,
        target=target,
        ends=ends,
        endings=frozenset(endings),
        part=part,
        scarring=scarring,
        wound=wound,
        **more,
    )


def _key(c: Condition) -> tuple[str, str, BodyPart | None]:
    return (c.name, c.target, c.part)


def add(conditions: Iterable[Condition], new: Condition) -> tuple[Condition, ...]:
    """``conditions`` with ``new``: a status held twice on the same part is held once.

    Stuck objects, lost/disabled limbs and ongoing damage are instances and
    stack; the rest merge, keeping scarring if either had it.
    """
    out = list(conditions)
    stacks = new.status in (Status.STUCK, Status.ONGOING_DAMAGE, Status.SCARRING)
    if not stacks:
        for i, old in enumerate(out):
            if _key(old) == _key(new):
                if new.scarring and not old.scarring:
                    out[i] = old = evolve(old, {"scarring": True, "endings": new.endings})
                if new.brawn_loss:  # a second Moderate Cut 5 on a bleeding target weakens it again
                    out[i] = evolve(old, {"brawn_loss": old.brawn_loss + new.brawn_loss})
                return tuple(out)
    return (*out, new)


def usable_hands(conditions: Iterable[Condition], target: str) -> int:
    """Hands left to hold with: two, less each arm lost or disabled (src 696, 706, 714; WD-WFX-018/022)."""
    gone = {
        c.part
        for c in conditions
        if c.target == target
        and c.name in (Status.LOST_LIMB, Status.DISABLED_LIMB)
        and c.part is not None
        and c.part.is_arm
    }
    return 2 - len(gone)


def _of(conditions: Iterable[Condition], target: str, status: Status) -> list[Condition]:
    name = status.value  # read once: an enum member's value is a property call
    return [c for c in conditions if c.target == target and c.name == name]


# -- pain (WD-STATUS-002..006) ---------------------------------------------------------------------

#: TN of a roll pain adds to an action that needed none (WD-STATUS-002, PROPOSED 4+)
PAINED_ROLL_TN = 4


class PainPenalty(StrEnum):
    """What a pained character picks after failing a roll (WD-STATUS-002)."""

    MORALE = "morale"
    LESSER_WOUND = "lesser_wound"
    END_TURN = "end_turn"


def pains_for(
    conditions: Iterable[Condition],
    target: str,
    *,
    stat: Stat | None,
    personal_social: bool = False,
    parts: Collection[BodyPart] = (),
) -> list[Condition]:
    """The pains that touch a roll (or rollless action) of ``target``.

    Physical pain: Brawn, Athletics, Dexterity, Guts (WD-STATUS-003). Mental:
    Wits, Knowledge, and personal or defensive Social (-004). Emotional: only
    personal or defensive Social (-005). Pain in a part: any action using it (-006).
    """
    hits: list[Condition] = []
    for c in conditions:
        if c.target != target:
            continue
        if c.name == Status.PAINED_PHYSICAL:
            applies = stat in PHYSICAL_STATS
        elif c.name == Status.PAINED_MENTAL:
            applies = stat in (Stat.WITS, Stat.KNOWLEDGE) or (stat is Stat.SOCIAL and personal_social)
        elif c.name == Status.PAINED_EMOTIONAL:
            applies = stat is Stat.SOCIAL and personal_social
        elif c.name == Status.PAINED_PART:
            applies = c.part is not None and c.part in parts
        else:
            applies = False
        if applies:
            hits.append(c)
    return hits


def pain_failure_options(*, turn_left: bool, morale_left: bool = True) -> tuple[PainPenalty, ...]:
    """The choices after a pained failure: a morale step only while morale can sink (not at the
    floor, WD-MORALE-001), ending the turn only while turn remains to lose (src 822)."""
    return (
        *((PainPenalty.MORALE,) if morale_left else ()),
        PainPenalty.LESSER_WOUND,
        *((PainPenalty.END_TURN,) if turn_left else ()),
    )


def halved(value: int, *, step: int = 1) -> int:
    """Half effect after a failed pained roll: half the dice or distance, down to ``step`` (5 ft)."""
    return (value // 2) // step * step


# -- bleeding (WD-STATUS-001) ----------------------------------------------------------------------


class BleedTrigger(StrEnum):
    """What makes a bleeding character take a wound."""

    EFFORT_SPENT = "effort_spent"
    FULL_ACTION = "full_action"


def bleed(
    conditions: Iterable[Condition], target: str, trigger: BleedTrigger
) -> tuple[WoundTier | None, tuple[Condition, ...]]:
    """A lesser wound if ``target`` bleeds, unless a rest spared this instance (which it uses up).

    ``trigger`` is recorded by the caller's event; every trigger costs the same.
    """
    conds = tuple(conditions)
    bleeding = _of(conds, target, Status.BLEEDING)
    if not bleeding:
        return None, conds
    spared = [c for c in bleeding if c.spared]
    if spared:
        used = spared[0]
        return None, tuple(evolve(c, {"spared": False}) if c is used else c for c in conds)
    return WoundTier.LESSER, conds


# -- rests and the end of an encounter (WD-STATUS-001, WD-COMBAT-032..035, WD-WOUND-015) ----------


class RestOutcome(Frozen):
    """What a rest does to statuses by itself; a Guts success picks its removal from ``removable``."""

    conditions: tuple[Condition, ...]
    stopped: tuple[Condition, ...] = ()
    #: what a Guts success (or a Recovery dot) may remove, one each
    removable: tuple[Condition, ...] = ()


def rest(conditions: Iterable[Condition], target: str, *, full: bool) -> RestOutcome:
    """A Rest action (``full``: a whole turn of rest).

    Any rest stops ongoing burn damage and spares the next Bleeding instance;
    a full rest removes Bleeding outright. Scarred conditions never go at a rest.
    """
    kept: list[Condition] = []
    stopped: list[Condition] = []
    for c in conditions:
        if c.target == target and (Ending.ANY_REST in c.endings or (full and Ending.FULL_REST in c.endings)):
            stopped.append(c)
        elif c.target == target and c.name == Status.BLEEDING:
            kept.append(evolve(c, {"spared": True}))
        else:
            kept.append(c)
    removable = tuple(c for c in kept if c.target == target and Ending.REST_ROLL in c.endings)
    return RestOutcome(conditions=tuple(kept), stopped=tuple(stopped), removable=removable)


def end_encounter(
    conditions: Iterable[Condition],
) -> tuple[tuple[Condition, ...], tuple[Condition, ...], tuple[str, ...]]:
    """Statuses that outlast the fight, those that end, and who takes a lesser wound for Bleeding."""
    kept: list[Condition] = []
    ended: list[Condition] = []
    wounded: list[str] = []
    for c in conditions:
        if Ending.ENCOUNTER_END in c.endings:
            ended.append(c)
            if c.name == Status.BLEEDING:
                wounded.append(c.target)
        else:
            kept.append(c)
    return tuple(kept), tuple(ended), tuple(wounded)


# -- ongoing damage (WD-WFX-020, WD-WFX-026) -------------------------------------------------------


class OngoingTick(Frozen):
    """One tick of ongoing damage: a lesser wound, or a physical stat point the source picks."""

    target: str
    wound: WoundTier | None = None
    #: Critical Burn: one physical stat point lost for good; ``chooser`` picks which
    stat_point: bool = False
    chooser: str | None = None


def ongoing_ticks(
    conditions: Iterable[Condition], point: TurnPoint, *, holder: str | None
) -> tuple[OngoingTick, ...]:
    """Ticks at ``point``: a burn wounds at the end of each victim turn, a consuming burn each round end."""
    ticks: list[OngoingTick] = []
    for c in conditions:
        if c.name != Status.ONGOING_DAMAGE:
            continue
        if c.consuming and point is TurnPoint.ROUND_END:
            ticks.append(OngoingTick(target=c.target, stat_point=True, chooser=c.source))
        elif not c.consuming and point is TurnPoint.TURN_END and holder == c.target:
            ticks.append(OngoingTick(target=c.target, wound=WoundTier.LESSER))
    return tuple(ticks)


# -- senses (WD-STATUS-008) ------------------------------------------------------------------------

#: how far a blinded (or deafened) character still senses; doubled for large or obvious targets
SENSE_RANGE_FT = 10
#: to-hit modifier against what a blinded character can see
BLINDED_TO_HIT = -1


def can_perceive(distance_ft: int, *, large: bool = False) -> bool:
    """Can a blinded character see (a deafened one hear) something at this distance?"""
    return distance_ft <= SENSE_RANGE_FT * (2 if large else 1)


# -- knocked down (WD-STATUS-009) ------------------------------------------------------------------

#: a knocked-down character crawls at most this far
KNOCKED_DOWN_MOVE_FT = 5


class ActionKind(StrEnum):
    """What a knocked-down character does, for whether it provokes melee attacks."""

    STAND_UP = "stand_up"
    OFFENSE_OR_DEFENSE_VS_MELEE = "offense_or_defense_vs_melee"
    OTHER_COMBAT = "other_combat"


def stand_up_cost(movement_ft: int) -> int:
    """Standing up takes half of a move action's movement, in whole 5 ft steps (the move handler's)."""
    return halved(movement_ft, step=5)


def provokes_melee(action: ActionKind) -> bool:
    """Rising, or any combat action but fighting the melee attackers, provokes their attacks."""
    return action is not ActionKind.OFFENSE_OR_DEFENSE_VS_MELEE


def stand_up(conditions: Iterable[Condition], target: str) -> tuple[Condition, ...]:
    """Knocked Down ends when its bearer rises."""
    return tuple(c for c in conditions if not (c.target == target and c.name == Status.KNOCKED_DOWN))


# -- turn order: Delayed and Half actions (WD-STATUS-010, WD-WFX-021) -----------------------------


def delay(order: TurnOrder, target: str, *, enemies: Collection[str]) -> tuple[TurnOrder, Condition | None]:
    """Move ``target``'s next turn to just after the next enemy (or run of enemies) due after it.

    The enemies are the target's foes. The target's slot moves for good, as
    with Wait. The Delayed condition returned keeps the target from acting
    until that enemy's turn ends (``can_act``), which covers a delay that
    reaches into the next round; expire it at that TURN_END before advancing.
    Returns the order unchanged and no condition when no enemy is in the order.
    Call it while someone else acts (a hit lands on another's turn); a Delayed
    that lands on the one acting is applied when their turn ends.
    """
    ids = order.order
    if order.current == target:
        raise ValueError("delay the acting character once their turn has ended")
    if target not in ids or not any(e in ids for e in enemies if e != target):
        return order, None
    n, cur = len(ids), order.index
    # the turns still to come from now, three rounds deep: (id, round)
    upcoming = [(ids[i], order.round) for i in range(cur + 1, n)]
    upcoming += [(ids[i], order.round + k) for k in (1, 2) for i in range(n)]
    p = next(i for i, (who, _) in enumerate(upcoming) if who == target)
    q = next(i for i in range(p + 1, len(upcoming)) if upcoming[i][0] in enemies and upcoming[i][0] != target)
    # the run is of enemies next to each other in the list: it ends with the round (src 854: the last
    # slot's enemy and the next round's first are not one group, and the delay costs no whole round)
    r = q
    while (
        r + 1 < len(upcoming)
        and upcoming[r + 1][0] in enemies
        and upcoming[r + 1][0] != target
        and upcoming[r + 1][1] == upcoming[q][1]
    ):
        r += 1
    last, last_round = upcoming[r]
    rest_ids = [i for i in ids if i != target]
    at = rest_ids.index(last) + 1
    new_ids = (*rest_ids[:at], target, *rest_ids[at:])
    current = order.current
    moved = evolve(order, {"order": new_ids, "index": new_ids.index(current) if current else 0})
    held = condition(
        Status.DELAYED, target, ends=Expiry(point=TurnPoint.TURN_END, holder=last, round=last_round)
    )
    return moved, held


def can_act(conditions: Iterable[Condition], target: str) -> bool:
    """False while ``target`` is Delayed or Surprised (the ``can_act`` for ``TurnOrder.advance``)."""
    return not (_of(conditions, target, Status.DELAYED) or _of(conditions, target, Status.SURPRISED))


def surprised(target: str) -> Condition:
    """Caught by the other side's surprise round: no turn until the first round ends (WD-COMBAT-003,
    src 543: "surprise rounds where enemies don't get to act")."""
    return condition(Status.SURPRISED, target, ends=Expiry(point=TurnPoint.ROUND_END, round=1))


def half_actions(conditions: Iterable[Condition], target: str) -> bool:
    """Half actions this turn: one standard action, no full one (WD-WFX-021, the table's turn start)."""
    return bool(_of(conditions, target, Status.HALF_ACTIONS))


# -- stuck (WD-STATUS-011..013) --------------------------------------------------------------------

#: a lengthy Dexterity check to this total makes a forced extraction only a lesser wound
STUCK_CAREFUL_DC = 12
#: a lengthy Brawn check to this total frees a pinned target, the object still in them
PIN_BREAK_DC = 6
#: the melee attacker's grapple bonus each round while their weapon is stuck in the target
STUCK_GRAPPLE_BONUS = 1


class Extraction(Frozen):
    """What pulling a stuck object out costs: a wound, and Bleeding."""

    wound: WoundTier
    bleeding: bool = True


def extract(*, careful_total: int | None = None) -> Extraction:
    """Forcible removal: a moderate wound and Bleeding; a lengthy Dexterity total of 12 makes it lesser.

    The Bleeding stays either way: the check lessens the wound, not the bleed.
    """
    careful = careful_total is not None and careful_total >= STUCK_CAREFUL_DC
    return Extraction(wound=WoundTier.LESSER if careful else WoundTier.MODERATE)


def lodged(conditions: Iterable[Condition], *, owner: str, item: str) -> Condition | None:
    """The Stuck condition holding ``owner``'s melee weapon ``item`` in someone, if it is stuck
    (WD-STATUS-012: "the weapon ... is caught inside the target"), else None."""
    wanted = item.strip().lower()
    return next(
        (
            c
            for c in conditions
            if c.name == Status.STUCK and c.source == owner and (c.item or "").lower() == wanted
        ),
        None,
    )


def unstick(conditions: Iterable[Condition], *, owner: str, target: str) -> tuple[Condition, ...]:
    """``conditions`` without one melee weapon of ``owner``'s stuck in ``target``: wrested free."""
    conds = list(conditions)
    held = _stuck_from(conds, owner, target)
    if held:
        conds.remove(held[0])
    return tuple(conds)


def grapple_bonus(conditions: Iterable[Condition], *, grappler: str, target: str) -> int:
    """+1 a round to a grappler whose melee weapon is stuck in the target (WD-STATUS-012)."""
    return STUCK_GRAPPLE_BONUS if _stuck_from(conditions, grappler, target) else 0


def can_leave_grapple(conditions: Iterable[Condition], *, target: str, grappler: str) -> bool:
    """The target cannot leave the grappler's hold while the grappler's weapon is stuck in them."""
    return not _stuck_from(conditions, grappler, target)


def _stuck_from(conditions: Iterable[Condition], source: str, target: str) -> list[Condition]:
    return [c for c in _of(conditions, target, Status.STUCK) if c.reach is Reach.MELEE and c.source == source]


def is_pinned(conditions: Iterable[Condition], target: str) -> bool:
    """Pinned in place by a ranged object: no moving from the spot (WD-STATUS-013)."""
    return any(c.pinned for c in _of(conditions, target, Status.STUCK))


def break_pin(conditions: Iterable[Condition], target: str, *, brawn_total: int) -> tuple[Condition, ...]:
    """A lengthy Brawn check to 6 frees a pinned target; the objects stay in them (WD-STATUS-013)."""
    conds = tuple(conditions)
    if brawn_total < PIN_BREAK_DC:
        return conds
    return tuple(evolve(c, {"pinned": False}) if c.target == target and c.pinned else c for c in conds)


# -- death sentence (WD-STATUS-014) ----------------------------------------------------------------

#: an ally stops the bleeding-out with a lengthy Medical check to this (hemorrhaging, src 580)
DEATH_SENTENCE_HELP_DC = 10
#: the lengthy Medical total of the outside treatment that puts a consuming burn out (WD-WFX-026,
#: src 782: "until outside treatment is given (Long DC 12)")
BURN_TREATMENT_DC = 12


class DeathTick(Frozen):
    """One round of Death Sentence: a new lesser wound, or the lesser in ``upgrade`` becomes moderate."""

    add: WoundTier | None = None
    upgrade: int | None = None


def death_sentence_tick(slots: Sequence[WoundTier | None]) -> DeathTick:
    """At the end of each round: a lesser wound while a slot is empty, then lessers turn moderate one by one.

    ``slots`` is the wound track (None for an empty slot). With every slot
    moderate or worse there is nothing left to worsen; the stay-up checks of
    the track (WD-WOUND-005) still run on every wound the caller adds.
    """
    if any(s is None for s in slots):
        return DeathTick(add=WoundTier.LESSER)
    for i, s in enumerate(slots):
        if s is WoundTier.LESSER:
            return DeathTick(upgrade=i)
    return DeathTick()


def can_self_recover(conditions: Iterable[Condition], target: str) -> bool:
    """No Recovery rouse from dying while under Death Sentence: only outside help."""
    return not _of(conditions, target, Status.DEATH_SENTENCE)
