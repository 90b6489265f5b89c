"""The events of a Weaverdice table, as typed payloads (``weaverdice.*``).

Every payload derives from :class:`WdEvent`, which names the ruleset once: an
event's type is ``weaverdice.`` and its class name in snake case
(``AttackRolled`` -> ``weaverdice.attack_rolled``), the names logs already hold.

Each carries the names its words need, what changed of each combatant it
changes (``changed``: the changed fields only, :mod:`~.facts`) and of the
fight, the pending attack, wound effects, holds, falls and lengthy checks
(``fight_changed``, ``attack_changed``...: :mod:`~.facts`; rules hand the
builder the whole new values, never stored), so the fold
(:mod:`~capeworks.systems.weaverdice.state`) lays patches over the state. A hidden
NPC's combatant never rides in a public event: it goes in a GM-only
:class:`NpcUpdated` beside it, a hidden GM roll's public half is
:class:`RolledInSecret`, which says only that a roll was made, and a reaction
to a hidden attack's public half is :class:`ReactedBlind`, without its total.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from capeworks.engine import EventData, declare_events
from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.checks import CheckRoll, Lengthy
from capeworks.systems.weaverdice.combat import Reaction
from capeworks.systems.weaverdice.data_equipment import FallOption
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.facts import (
    KEEP,
    AttackPatch,
    CombatantPatch,
    EffectPatch,
    FallPatch,
    FightPatch,
    GrapplePatch,
    LengthyPatch,
    SheetPatch,
)
from capeworks.systems.weaverdice.grapple import GrappleRound
from capeworks.systems.weaverdice.movement import Fall
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.state import (
    Call,
    Chance,
    Combatant,
    Fight,
    Grapple,
    PendingAttack,
    PendingEffect,
)
from capeworks.systems.weaverdice.statuses import PainPenalty
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, Tier, WoundTier
from capeworks.systems.weaverdice.wfx import EffectOutcome
from capeworks.systems.weaverdice.wounds import Placement, Standing, Wound

__all__ = ["EVENTS", "Changes", "InitiativeLine", "SheetChanges", "WdEvent"]


def _given(default: Any = KEEP) -> Any:
    """A state object a rule hands the builder whole (the fight, the pending attack, holds...): never
    stored, the builder records what it changed (``*_changed``, :func:`~.facts.state_facts`).
    ``KEEP`` (not given): unchanged; other defaults are what the fold did when a rule left it out."""
    return Field(default=default, exclude=True)


def _given_dict() -> Any:
    """:func:`_given`, an empty mapping when not given (the offers lapse)."""
    return Field(default_factory=dict, exclude=True)


def _fact() -> Any:
    """What a rule's whole state object changed (:mod:`~.facts`); None: not given, unchanged."""
    return Field(default=None, exclude_if=lambda v: v is None)


def _present(fact: FightPatch | AttackPatch | LengthyPatch | None) -> bool:
    """The value a "one" fact records is there after the event (not None)."""
    return fact is not None and not fact.gone


def _order(fact: FightPatch | None) -> tuple[str, ...]:
    return fact.order.order if fact is not None and not fact.gone and fact.order is not None else ()


class WdEvent(EventData, ruleset="weaverdice"):
    """Base of every Weaverdice event: each is named ``weaverdice.<snake_case class name>``."""


class Changes(WdEvent, abstract=True):
    """Base: an event that may change combatants.

    Version 3: it records what changed of each (``changed``, :class:`~.facts.CombatantPatch`: id,
    name and the changed fields), not a copy; ``people`` is the rule's new combatants as handed to
    the builder, which turns them into patches (:func:`~.facts.patches`) and never stores them.
    Version 2 held those copies (the upcaster makes each a patch of every field,
    :func:`~.facts.copies_to_patches`); version 1's copies also held a reputation number (rep cards
    are the one store now, :mod:`~capeworks.systems.weaverdice.campaign.reputation`).
    """

    VERSION: ClassVar[int] = 3

    changed: tuple[CombatantPatch, ...] = ()
    people: tuple[Combatant, ...] = Field(default=(), exclude=True)


class SheetChanges(Changes, abstract=True):
    """Base: an event that changes a character's sheet in play, as well as combatants.

    Version 4: it records what changed of the sheet (``sheet_changed``, :class:`~.facts.SheetPatch`),
    not the sheet after the change; ``sheet`` is the rule's new sheet as handed to the builder,
    never stored. Version 3 held that sheet whole (the upcaster makes it a patch of every field,
    :func:`~.facts.sheet_to_patch`)."""

    VERSION: ClassVar[int] = 4

    sheet_changed: SheetPatch | None = None
    sheet: Character | None = Field(default=None, exclude=True)


class CharacterAdded(Changes):
    """A character joins the table (its sheet; GM-only for a hidden NPC), and the rep cards it is
    dealt for the reputation it joins with (character -> how many). ``fans``: the sheet's Fans, seeded
    into the campaign ledger's followers so they are tapped like Fans won in play (WD-FOLLOW-010); an
    older log's event has none, and its sheet's Fans stay on the sheet, untappable, as played."""

    sheet: Character
    reputation: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)
    fans: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)


class NpcJoined(WdEvent):
    """The public half of a hidden NPC joining: a name and a tier, no sheet."""

    character: str
    name: str
    tier: Tier


class NpcUpdated(Changes):
    """GM-only: the new values of hidden NPCs changed by the event beside it."""


class RolledInSecret(WdEvent):
    """The public half of a hidden GM roll: that a roll was made, nothing more."""


class GmNoted(WdEvent):
    text: str


class Ruled(Changes):
    """The GM overrides a roll or an outcome (WD-CORE-011); undo takes it back."""

    character: str
    name: str
    text: str
    fight: Fight | None = _given(None)
    lengthy_key: str | None = None
    lengthy: Lengthy | None = _given(None)
    #: the standing the ruling moved them to, for the words ("Vic is now dying"); words only (the
    #: fold reads the people), absent in older logs and where the standing stayed
    standing: Standing | None = Field(default=None, exclude_if=lambda v: v is None)
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()
    lengthy_changed: LengthyPatch | None = _fact()


class Interrupted(Changes):
    """Someone hurt in the middle of a lengthy action keeps at it, or stops (WD-COMBAT-014)."""

    character: str
    name: str
    task: str
    #: the Knowledge roll to stay on task (None: the GM halted it by a ruling)
    check: CheckRoll | None
    held: bool
    lengthy_key: str
    lengthy: Lengthy | None = _given()
    #: "wound" (the wound's own roll), "check" (a GM-called interruption failed) or "ruling"
    cause: str = Field(default="wound", exclude_if=lambda v: v == "wound")
    VERSION: ClassVar[int] = 4
    lengthy_changed: LengthyPatch | None = _fact()


class CheckCalled(WdEvent):
    call: Call
    name: str


class CheckWithdrawn(WdEvent):
    """A check the GM called for someone who has since fallen out of the fight (out cold, dying, dead,
    or a dropped generic) is withdrawn by the table: the unconscious and dying do nothing but try to
    get back up (src 563, WD-COMBAT-002), so the call is closed, saying why."""

    character: str
    name: str
    closed_call: int
    stats: tuple[Stat, ...]
    tn: int
    task: str = ""
    #: the standing that ended it
    withdrawn: Standing


class CheckRolled(Changes):
    """A check (WD-CORE-001..005): the dice, the kept die, modifiers, the morale cap, the TN."""

    character: str
    name: str
    stats: tuple[Stat, ...]
    task: str = ""
    check: CheckRoll
    #: a player character's check the GM called in secret: the players' view leaves it out
    blind: bool = Field(default=False, exclude_if=lambda v: not v)
    closed_call: int | None = None
    #: a lengthy check's running total and what is left of it (None once done)
    lengthy_key: str | None = None
    lengthy: Lengthy | None = _given(None)
    running: int | None = None
    dc: int | None = None
    #: a Social check that took the -1s of negative rep cited against it (WD-REP-009): the fold clears
    #: them from the ledger; 0 in logs written before a check took them, which fold as they were played
    cited: int = Field(default=0, exclude_if=lambda v: not v)
    VERSION: ClassVar[int] = 4
    lengthy_changed: LengthyPatch | None = _fact()

    @property
    def going(self) -> bool:
        """The lengthy check goes on (not done)."""
        return _present(self.lengthy_changed)


class MoraleSpent(Changes):
    """A high morale step sets the last roll's result (WD-MORALE-003)."""

    character: str
    name: str
    check: CheckRoll
    morale: int
    #: what the roll was ("check", "attack", "stay_up"); a chance it used up
    what: str = "check"
    chance_spent: str | None = None
    #: a roll tied to a hidden attack: GM-only, and the players' view leaves it out (issue 9)
    blind: bool = False
    #: a sprint's roll bought up: the feet further it carries, on the turn's movement (WD-MOVE-005)
    feet: int = Field(default=0, exclude_if=lambda v: not v)
    fight: Fight | None = _given()
    fight_changed: FightPatch | None = _fact()


class SuperPassed(WdEvent):
    """A super stat passes a human-tier check, or a feat within its effortless limit, without a roll
    (WD-DN-002): the call is closed."""

    character: str
    name: str
    stat: Stat
    task: str = ""
    closed_call: int | None = None
    #: a feat within the power's effortless limit, not a human-tier check (src 37)
    effortless: bool = Field(default=False, exclude_if=lambda v: not v)


class Rerolled(Changes):
    """A Stamina reroll of a physical non-combat check (WD-CORE-009, WD-EFFORT-003)."""

    character: str
    name: str
    check: CheckRoll
    #: the reroll of a check the GM called in secret: the players' view leaves it out
    blind: bool = Field(default=False, exclude_if=lambda v: not v)


class MoraleChanged(Changes):
    character: str
    name: str
    step: int
    delta: int
    reason: str = ""


class EffortSpent(Changes):
    character: str
    name: str
    pool: Pool
    dots: int
    use: EffortUse
    #: a Bleeding wound this spend set off (WD-STATUS-001)
    bled: bool = False
    #: what it paid for, by name (a power's), for the words; an older log's event names nothing
    on: str = Field(default="", exclude_if=lambda v: not v)


class InitiativeLine(Frozen):
    """One line of the initiative roll (not an event of its own)."""

    character: str
    name: str
    #: None for a hidden NPC in the players' copy
    score: int | None
    face: int | None = None
    edge: int = 0
    #: the group whose slot this NPC shares (its first member's id), if any (WD-NPC-005)
    group: str | None = None
    #: the roll-off die that broke a full tie (WD-COMBAT-005); None where the reader may not see it
    rolloff: int | None = Field(default=None, exclude_if=lambda v: v is None)


class CombatStarted(Changes):
    """Initiative (WD-COMBAT-004/005): the scores and the order."""

    entrants: tuple[InitiativeLine, ...]
    fight: Fight | None = _given()
    tied: tuple[tuple[str, ...], ...] = ()
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()

    @property
    def order(self) -> tuple[str, ...]:
        """The acting order the fight began with (for the words)."""
        return _order(self.fight_changed)


class CombatJoined(Changes):
    """Reinforcements join a fight under way: their initiative and the new order (WD-COMBAT-004)."""

    entrants: tuple[InitiativeLine, ...]
    fight: Fight | None = _given()
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()

    @property
    def order(self) -> tuple[str, ...]:
        """The acting order with the reinforcements in it (for the words)."""
        return _order(self.fight_changed)


class InitiativeWithheld(WdEvent):
    """The GM's half of initiative with hidden NPCs: their scores and dice, which the players' copy
    of :class:`CombatStarted` leaves out (WD-NPC-003)."""

    entrants: tuple[InitiativeLine, ...]


class TacticsEdgeWithheld(WdEvent):
    """The GM's half of a hidden NPC's Focus edge on Tactics: its d3, which the players do not see
    (WD-EFFORT-012, WD-NPC-003), as its speed edge rides on :class:`InitiativeWithheld`."""

    character: str
    name: str
    edge: int


class TurnStarted(Changes):
    character: str
    name: str
    round: int
    fight: Fight | None = _given()
    #: conditions that ended at this point of the order
    ended: tuple[str, ...] = ()
    chances_over: bool = True
    #: an unanswered offer to reverse a hold lapses when the next turn starts
    reversals: dict[str, Grapple] | None = _given_dict()
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()
    reversals_changed: dict[str, GrapplePatch] | None = _fact()


class ActionTaken(Changes):
    """A standard, quick, full or lengthy action other than an attack (WD-COMBAT-008..013)."""

    character: str
    name: str
    action: str
    kind: str
    feet: int = 0
    note: str = ""
    fight: Fight | None = _given()
    #: the roll pain made this rollless action need; a failure halves it (WD-STATUS-002)
    pained: CheckRoll | None = None
    #: a compound quick action's Dexterity check: a failure means part of it goes wrong (WD-COMBAT-012)
    check: CheckRoll | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a sprint's roll that carried less than asked, which high morale may still buy up (WD-MORALE-003)
    chance: Chance | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a sprint's Athletics roll and a Stamina push's d3, for the words (absent from older logs)
    sprint: CheckRoll | None = Field(default=None, exclude_if=lambda v: v is None)
    push: int | None = Field(default=None, exclude_if=lambda v: v is None)
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()


class AttackRolled(Changes):
    """An attack roll against the target's defense score (WD-COMBAT-017/018/022)."""

    attacker: str
    name: str
    target: str
    target_name: str
    check: CheckRoll
    defense: int
    hit: bool
    damage: DamageType
    tier: WoundTier
    fight: Fight | None = _given()
    attack: PendingAttack | None = _given()
    #: a miss its attacker may still buy up with high morale
    chance: Chance | None = None
    #: the reversals left on offer (an attack of opportunity instead of a reversal, WD-GRAPPLE-004)
    reversals: dict[str, Grapple] | None = _given(None)
    #: other hits of the same power still waiting for their targets' reactions (WD-COMBAT-019)
    queued: tuple[PendingAttack, ...] = _given(())
    #: a grab's roll to make contact (WD-GRAPPLE-001), for the words: no wound, and it "cannot be
    #: blocked" (src 932); absent from older events, whose words read it as a superficial bash
    grab: bool = Field(default=False, exclude_if=lambda v: not v)
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()
    attack_changed: AttackPatch | None = _fact()
    reversals_changed: dict[str, GrapplePatch] | None = _fact()
    queued_changed: tuple[AttackPatch, ...] | None = _fact()

    @property
    def waits(self) -> bool:
        """A hit is left waiting for a reaction (for the words)."""
        return _present(self.attack_changed)


class AttackSeen(WdEvent):
    """The players' half of a hidden NPC's attack: whom it strikes, its total and whether it hits,
    never its dice or modifier (WD-NPC-003); the GM-only :class:`AttackRolled` carries the rest."""

    attacker: str
    name: str
    target: str
    target_name: str
    total: int
    #: the target's defense; None when the target is a hidden NPC too
    defense: int | None
    hit: bool
    damage: DamageType
    tier: WoundTier
    #: the target may still dodge or block
    waits: bool = False
    #: a grab's roll to make contact, as :class:`AttackRolled` says it
    grab: bool = Field(default=False, exclude_if=lambda v: not v)


class Reacted(Changes):
    """A Dodge or Block for 1 Focus (WD-COMBAT-019..021), or taking the hit."""

    character: str
    name: str
    reaction: Reaction | None
    check: CheckRoll | None = None
    held: bool = False
    #: a Dodge by one pinned or held fast: no 5 ft step after it (WD-COMBAT-020, WD-STATUS-013,
    #: WD-GRAPPLE-010); absent from older events, whose words offered the step
    rooted: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the melee attacker a held Block delays a place in the turn order (WD-COMBAT-021), by name, for
    #: the words; absent from older events, whose words did not say it
    delays: str = Field(default="", exclude_if=lambda v: not v)
    fight: Fight | None = _given()
    attack: PendingAttack | None = _given()
    #: the hits still waiting for their own targets' reactions
    queued: tuple[PendingAttack, ...] = _given(())
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()
    attack_changed: AttackPatch | None = _fact()
    queued_changed: tuple[AttackPatch, ...] | None = _fact()


class SeenRoll(Frozen):
    """A roll as its roller saw it against a hidden attack: the dice and the result, no TN."""

    faces: tuple[int, ...]
    kept: int
    modifier: int
    cap: int | None = None
    morale_set: int | None = None
    total: int

    @classmethod
    def of(cls, roll: CheckRoll) -> SeenRoll:
        return cls(
            faces=roll.faces,
            kept=roll.kept,
            modifier=roll.modifier,
            cap=roll.cap if roll.capped else None,
            morale_set=roll.morale_set,
            total=roll.total,
        )


class ReactedBlind(WdEvent):
    """The players' half of a reaction to a hidden attack: the defender's own roll and whether it
    held, never the attack's total; the GM-only :class:`Reacted` beside it carries the rest."""

    character: str
    name: str
    reaction: Reaction | None
    roll: SeenRoll | None = None
    held: bool = False
    #: a Dodge by one pinned or held fast: no 5 ft step after it (WD-COMBAT-020, WD-STATUS-013,
    #: WD-GRAPPLE-010); absent from older events, whose words offered the step
    rooted: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a failed roll that a high morale step may still make hold (WD-MORALE-003)
    waits: bool = False


class ReactionSeen(WdEvent):
    """The players' half of a hidden NPC's Dodge or Block: its total and whether it held, never its
    dice or modifier (WD-NPC-003, issue 19); the GM-only :class:`Reacted` beside it carries the rest."""

    character: str
    name: str
    reaction: Reaction
    total: int
    held: bool = False
    #: a Dodge by one pinned or held fast: no 5 ft step after it (WD-COMBAT-020, WD-STATUS-013,
    #: WD-GRAPPLE-010); absent from older events, whose words offered the step
    rooted: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a failed roll that a high morale step may still make hold (WD-MORALE-003)
    waits: bool = False
    #: the melee attacker the held Block delays a place (WD-COMBAT-021), as :class:`Reacted` says it
    delays: str = Field(default="", exclude_if=lambda v: not v)


class WoundTaken(Changes):
    """A wound placed on the track (WD-WOUND-002..004, -011, -012)."""

    character: str
    name: str
    wound: Wound
    placement: Placement
    displaced: Wound | None = None
    standing: Standing
    cause: str = ""


class BystanderDown(Changes):
    """A bystander hit by something that deals no wound (a chair's effect alone) goes down all the
    same: "if they're hit, they go down" (WD-NPC-005, src 306)."""

    character: str
    name: str


class OpportunityPassed(Changes):
    """A foe offered an attack of opportunity on someone rising or acting from the ground lets it
    pass, or the GM clears the offer, or the table withdraws it once that someone is out of the
    fight (WD-STATUS-009, WD-COMBAT-002): off the turn's ``exposed`` list."""

    character: str
    name: str
    target: str
    target_name: str
    #: withdrawn by the table: the target's standing once out of the fight (None: let pass or cleared)
    withdrawn: Standing | None = Field(default=None, exclude_if=lambda v: v is None)
    fight: Fight | None = _given()
    fight_changed: FightPatch | None = _fact()


class Grappled(Changes):
    """A grapple begins, or one of its rounds is rolled and resolved (WD-GRAPPLE-001..010)."""

    character: str
    name: str
    target: str
    target_name: str
    holder_total: int | None = None
    target_total: int | None = None
    outcome: GrappleRound | None = None
    grapples: dict[str, Grapple] = _given()
    #: the reversals on offer after this (None: unchanged)
    reversals: dict[str, Grapple] | None = _given(None)
    #: a round the defender won while another grappler still holds them (WD-GRAPPLE-010)
    still_held: bool = False
    #: still held because the holder's melee weapon is stuck in them (WD-STATUS-012)
    by_weapon: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the defender took the hold over (WD-GRAPPLE-004)
    reversed: bool = False
    #: the option the holder meant to buy when the roll did not afford it: the round stands as a Hold
    unbought: str = Field(default="", exclude_if=lambda v: not v)
    #: the holder let go: walking off (moving with the held one is a Drag, src 950), or pushed back
    let_go: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a blow knocked one of the two back and out of the hold (src 652-654, 686)
    knocked_apart: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a reversal on offer withdrawn by the table: the standing of the one of the two who fell out of
    #: the fight (``fallen``: their id), leaving nothing to reverse (WD-GRAPPLE-004, WD-COMBAT-002)
    withdrawn: Standing | None = Field(default=None, exclude_if=lambda v: v is None)
    fallen: str = Field(default="", exclude_if=lambda v: not v)
    #: a high morale step set the holder's or the held one's roll to 2 + k (WD-MORALE-003)
    holder_morale: bool = Field(default=False, exclude_if=lambda v: not v)
    target_morale: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the holder's turn after a wrest that owes them a free attack (WD-STATUS-012); not given: unchanged
    fight: Fight | None = _given()
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()
    grapples_changed: dict[str, GrapplePatch] | None = _fact()
    reversals_changed: dict[str, GrapplePatch] | None = _fact()

    @property
    def offers_changed(self) -> bool:
        """The reversals on offer were given (a reversal taken or let go, or offered)."""
        return self.reversals_changed is not None

    def holds(self, holder: str, target: str) -> bool:
        """``holder`` holds ``target`` after this."""
        return f"{holder}>{target}" in (self.grapples_changed or {})

    def banked(self, holder: str) -> int:
        """The Hold banked on the first hold by ``holder`` this names with its banked points."""
        for key, g in (self.grapples_changed or {}).items():
            if (g.holder or key.split(">")[0]) == holder and g.banked is not None:
                return g.banked
        return 0


class GearChanged(SheetChanges):
    """An effect or a fall damaged held gear or costume pieces: what changed of the sheet
    (WD-WFX-007/019, WD-EQUIP-013/014)."""

    character: str
    name: str
    what: tuple[str, ...]


class ItemDrawn(SheetChanges):
    """An item drawn from the belt into hand (WD-EQUIP-003): ``quick`` from its slots (a standard
    action in a fight), else from past them (a full action); ``kind`` None out of a fight."""

    character: str
    name: str
    item: str
    quick: bool
    kind: str | None = None
    #: drawn from past the slots: the belt slots it fills, and how many of the belt's ``capacity`` the
    #: items before it left free (src 177, 1017); None in a log written before these were stored
    slots: int | None = None
    free: int | None = None
    capacity: int | None = None


class Extracted(Changes):
    """A stuck object taken out of ``character`` (WD-STATUS-011): forcibly or with the careful check
    done; ``tier`` is the wound it leaves (its Bleeding follows)."""

    character: str
    name: str
    item: str | None = None
    careful: bool
    tier: WoundTier


class ItemsDropped(SheetChanges):
    """Items out of hand: Disarmed, they fall to the ground (WD-STATUS-016, src 658, 968); or a melee
    weapon stays in the one it struck, named in ``stuck_in`` (WD-STATUS-012, src 865)."""

    character: str
    name: str
    items: tuple[str, ...]
    stuck_in: str | None = None


class ItemPickedUp(SheetChanges):
    """A dropped item picked up into hand (``kind``: the action it took in a fight); with nothing
    left on the ground, Disarmed ends."""

    character: str
    name: str
    item: str
    kind: str | None = None
    #: wrested free of the one it was stuck in, in a grapple (src 865), not picked up
    wrested: bool = False


class GrappleBraced(Changes):
    """The held one spends Stamina for +1 a dot on the hold's next round (WD-GRAPPLE-002)."""

    character: str
    name: str
    holder_name: str
    dots: int
    #: high morale committed too (WD-MORALE-003)
    morale: bool = Field(default=False, exclude_if=lambda v: not v)
    grapples: dict[str, Grapple] = _given()
    VERSION: ClassVar[int] = 4
    grapples_changed: dict[str, GrapplePatch] | None = _fact()


class Fell(Changes):
    """A fall or throw looked up on the falling table; its Athletics roll; the harm chosen (WD-MOVE-009)."""

    character: str
    name: str
    feet: int
    thrown: bool
    check: CheckRoll | None = None
    chosen: FallOption | None = None
    falls: dict[str, Fall] = _given()
    #: Stamina dots the fall drained (WD-MOVE-010), for the words; an older log's event says none
    drained: int = Field(default=0, exclude_if=lambda v: not v)
    VERSION: ClassVar[int] = 4
    falls_changed: dict[str, FallPatch] | None = _fact()


class Consumed(Changes):
    """A consuming burn's round: a physical stat point to lose, picked by its source (WD-WFX-026)."""

    character: str
    name: str
    stat: Stat | None = None
    burns: dict[str, str]


class PainDue(Changes):
    """A pained character failed a roll pain touches: a price is owed (WD-STATUS-002..006)."""

    character: str
    name: str
    pains: tuple[str, ...]
    pain_owed: dict[str, bool]
    #: the prices owed for checks the GM called in secret, when this one is among them (else None)
    pain_veiled: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class PainPaid(Changes):
    """The price of a pained failure, as chosen (WD-STATUS-002)."""

    character: str
    name: str
    choice: PainPenalty
    pain_owed: dict[str, bool]
    #: the veiled prices left, when this one was veiled (else None)
    pain_veiled: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class PainSpared(WdEvent):
    """A pained failure turned into a success after all (a Stamina reroll, a high morale step): the
    price was for the failure, so none is owed (WD-STATUS-002, src 822)."""

    character: str
    name: str
    pain_owed: dict[str, bool]
    #: the veiled prices left, when this one was veiled (else None)
    pain_veiled: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class StatusesApplied(Changes):
    """Statuses a power's hit puts on its target (WD-STATUS-015: a power's own words allowed)."""

    character: str
    name: str
    source: str
    statuses: tuple[str, ...]
    #: a Delayed moves the target's next turn (WD-STATUS-010); none before, so old logs fold as before
    fight: Fight | None = _given()
    fight_changed: FightPatch | None = _fact()


class EffectAsked(WdEvent):
    """A wound effect waits for someone's decision (WD-WFX-005)."""

    character: str
    name: str
    damage: DamageType
    tier: WoundTier
    face: int | None
    effects: tuple[PendingEffect, ...] = _given()
    #: queued behind another effect's decision: whose decision, and on whose effect
    behind: str | None = Field(default=None, exclude_if=lambda v: v is None)
    behind_on: str | None = Field(default=None, exclude_if=lambda v: v is None)
    #: the attacker's decision, with no attacker (a fall, a hazard): the target makes it. The patch
    #: leaves out a chooser the last decision already had, so the words cannot tell this from it
    no_attacker: bool = Field(default=False, exclude_if=lambda v: not v)
    VERSION: ClassVar[int] = 2
    effects_changed: tuple[EffectPatch, ...] | None = _fact()


class EffectResolved(Changes):
    """A wound effect resolved in full (WD-WFX-001), its outcome applied."""

    character: str
    name: str
    outcome: EffectOutcome
    effects: tuple[PendingEffect, ...] = _given()
    fight: Fight | None = _given()
    VERSION: ClassVar[int] = 4
    effects_changed: tuple[EffectPatch, ...] | None = _fact()
    fight_changed: FightPatch | None = _fact()


class StayedUp(Changes):
    """A stay-up, rouse or dying Guts roll (WD-WOUND-005..009)."""

    character: str
    name: str
    check: CheckRoll
    standing: Standing
    why: str = "stay_up"
    chance: Chance | None = None
    #: the Medical check on them that ends because they got up by themselves (WD-WOUND-008)
    lengthy_key: str | None = Field(default=None, exclude_if=lambda v: v is None)
    lengthy: Lengthy | None = _given(None)
    lengthy_changed: LengthyPatch | None = _fact()


class StandingSeen(WdEvent):
    """The players' half of a hidden NPC's stay-up or get-up roll, or of the morale that bought it up:
    how it stands now, never the roll or the Guts behind it (WD-NPC-003, issue 19); the GM-only
    :class:`StayedUp` or :class:`MoraleSpent` beside it carries the rest."""

    character: str
    name: str
    why: str = "stay_up"
    standing: Standing
    #: a failed roll that a high morale step may still buy up (WD-MORALE-003)
    waits: bool = False


class EffectSeen(WdEvent):
    """The players' half of a wound effect on a hidden NPC: that the effect waits or took hold, never
    a Guts die, what it drained or a Recovery dot asked about or spent; the GM-only
    :class:`EffectAsked` or :class:`EffectResolved` beside it carries the rest (WD-NPC-003)."""

    character: str
    name: str
    damage: DamageType
    tier: WoundTier
    face: int | None
    #: waiting for the GM's decision (an :class:`EffectAsked`), not yet resolved
    waits: bool = False
    #: the GM rolled the NPC's own stat for it; False when only a decision was the GM's (a Recovery
    #: dot's), so the words claim no roll (left out of the dump when True: older logs read as before)
    rolled: bool = Field(default=True, exclude_if=lambda v: v)
    #: the effect was ignored (a Recovery dot, WD-WFX-004): the players see it not take hold, never
    #: what ignored it (left out of the dump when False: older logs read as before)
    ignored: bool = Field(default=False, exclude_if=lambda v: not v)


class RestSeen(WdEvent):
    """The players' half of a hidden NPC's rest: that it rests and what it sheds (its statuses and
    wounds are in plain sight), never its Guts roll or the effort it restores (WD-NPC-003); the
    GM-only :class:`Rested` beside it carries the rest."""

    character: str
    name: str
    full: bool
    removed: tuple[str, ...] = ()
    reduced: WoundTier | None = None
    eased: tuple[WoundTier, ...] = ()
    #: wounds that faded at this rest (src 656), as :attr:`Rested.faded`
    faded: tuple[WoundTier, ...] = Field(default=(), exclude_if=lambda v: not v)


class MoveSeen(WdEvent):
    """The players' half of a hidden NPC's move that rolled (a sprint, a move through pain, a
    Stamina push): how far it went, as the GM would show it on the map, never the dice or the
    Athletics behind them (WD-NPC-003); the GM-only :class:`ActionTaken` beside it carries the rest."""

    character: str
    name: str
    action: str
    feet: int
    note: str = ""


class FallSeen(WdEvent):
    """The players' half of a hidden NPC's fall: that it falls (or is thrown) and how it takes it,
    as the GM would announce it, never its Athletics roll or the Stamina it drains (WD-NPC-003); the
    GM-only :class:`Fell` beside it carries the rest."""

    character: str
    name: str
    feet: int
    thrown: bool
    chosen: FallOption | None = None


class MedicalRolled(Changes):
    """One roll of a lengthy Medical check on a downed ally (WD-WOUND-008..010)."""

    character: str
    name: str
    patient: str
    patient_name: str
    check: CheckRoll
    lengthy_key: str
    lengthy: Lengthy | None = _given()
    total: int
    dc: int
    done: bool
    VERSION: ClassVar[int] = 4
    lengthy_changed: LengthyPatch | None = _fact()
    #: the care works on a Death Sentence (to 10, src 580, 875), not on rousing (WD-STATUS-014)
    sentence: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the care puts out a consuming burn (to 12, src 782), not rousing (WD-WFX-026)
    burn: bool = Field(default=False, exclude_if=lambda v: not v)


class CareEnded(Changes):
    """Medical care on someone ends, their rousing done without it: the fight's end woke them
    (WD-WOUND-008, WD-WOUND-013); a later fall starts the lengthy check afresh (WD-CORE-006)."""

    character: str
    name: str
    lengthy_key: str
    lengthy: Lengthy | None = _given(None)
    #: a type born with facts (no older version to lift)
    VERSION: ClassVar[int] = 1
    lengthy_changed: LengthyPatch | None = _fact()


class Waited(Changes):
    character: str
    name: str
    trigger: str
    trigger_name: str
    #: a Wait for an event, not a person: the event in words (``trigger`` is then the waiter's own id)
    event: str = Field(default="", exclude_if=lambda v: not v)
    #: the intended response the waiter declared (src 994)
    response: str = Field(default="", exclude_if=lambda v: not v)
    fight: Fight | None = _given()
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()


class WaitFired(WdEvent):
    """The GM says the event a Wait expects happens: the waiter acts now, before the turn it breaks
    into (``before``), which goes on after (WD-COMBAT-027/028)."""

    character: str
    name: str
    before: str
    before_name: str


class Rested(Changes):
    """A Rest or full rest (WD-COMBAT-032..035)."""

    character: str
    name: str
    full: bool
    check: CheckRoll | None
    removed: tuple[str, ...] = ()
    reduced: WoundTier | None = None
    #: a full rest's further wound reductions after ``reduced`` (WD-COMBAT-034)
    eased: tuple[WoundTier, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: the wounds that went by themselves at this rest, whatever its roll: "the wound fades on the
    #: next rest" (Lesser Bash 3-4, src 656; WD-WOUND-014); words only (the fold reads the people)
    faded: tuple[WoundTier, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: the dots that came back, but those spent on a check the GM called in secret (a
    #: :class:`SecretEffortBack` beside it); in older logs the dots asked for (words only: the fold
    #: reads the people)
    restored: dict[Pool, int] = Field(default_factory=dict)
    fight: Fight | None = _given()
    #: a failed rest roll high morale may still buy up (WD-MORALE-003)
    chance: Chance | None = None
    #: a rest roll bought up with morale: only what it sheds, nothing restored again
    bought_up: bool = False
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()


class SecretEffortBack(WdEvent):
    """Dots a rest gave back that were spent on checks the GM called in secret: the GM's and the
    owner's line (src 376), beside the :class:`Rested` every seat reads, which leaves them out."""

    character: str
    name: str
    restored: dict[Pool, int]


class Leveraged(WdEvent):
    """Leverage Reputation (WD-COMBAT-030/031): how many lesser foes are pushed around.

    Version 2: a spent card leaves the ledger by the ``rep_spent`` beside it; an old log's spend
    (version 1, when reputation was a number) is marked ``spends_joined`` by the upcaster, and the
    fold takes one of the character's joining cards for it."""

    VERSION: ClassVar[int] = 2

    character: str
    name: str
    spent: bool
    targets: int
    card: str = ""
    spends_joined: bool = Field(default=False, exclude_if=lambda v: not v)


class PushedBack(Changes):
    """Leverage Reputation pushed lesser figures into the background (WD-COMBAT-030/031): who, and
    what the lesser foes do now (``outcome``: a :class:`~.combat.LeverageOutcome` value)."""

    character: str
    name: str
    names: tuple[str, ...]
    outcome: str
    #: a type born with its people as facts (no older version to lift)
    VERSION: ClassVar[int] = 1


class CameForward(Changes):
    """A lesser foe pushed into the background comes out to fight again (WD-COMBAT-031)."""

    character: str
    name: str
    VERSION: ClassVar[int] = 1


class RoundEnded(Changes):
    round: int
    died: tuple[str, ...] = ()


class CombatEnded(Changes):
    """The encounter ends (WD-EFFORT-009, WD-WOUND-013/015)."""

    lull: bool
    fight: Fight | None = _given()
    attack: PendingAttack | None = _given()
    queued: tuple[PendingAttack, ...] = _given(())
    reversals: dict[str, Grapple] | None = _given_dict()
    effects: tuple[PendingEffect, ...] = _given()
    exhaust_owed: tuple[str, ...]
    bled: tuple[str, ...] = ()
    chances_over: bool = True
    grapples: dict[str, Grapple] = _given_dict()
    VERSION: ClassVar[int] = 4
    fight_changed: FightPatch | None = _fact()
    attack_changed: AttackPatch | None = _fact()
    queued_changed: tuple[AttackPatch, ...] | None = _fact()
    reversals_changed: dict[str, GrapplePatch] | None = _fact()
    effects_changed: tuple[EffectPatch, ...] | None = _fact()
    grapples_changed: dict[str, GrapplePatch] | None = _fact()


class QuietAfter(Changes):
    """Five quiet minutes after a situation outside a fight: who spent effort chooses the dot that
    becomes exhausted, and the rest comes back (WD-EFFORT-009, src 409)."""

    names: tuple[str, ...]
    exhaust_owed: tuple[str, ...]


class Exhausted(Changes):
    """A dot becomes exhausted after a lull (WD-EFFORT-009/010)."""

    character: str
    name: str
    pool: Pool | None
    exhaust_owed: tuple[str, ...]


class SecretDotsKept(WdEvent):
    """At a low-morale night's sleep, the rolls for exhausted dots picked for secret spending alone
    and those they keep (WD-MORALE-006): the GM's and the owner's line (src 376), before the
    :class:`Slept` every seat reads, which counts only the others."""

    character: str
    name: str
    kept: dict[Pool, int] = Field(default_factory=dict)
    faces: tuple[int, ...] = ()


class Trained(SheetChanges):
    """A training roll saved toward a learning skill (WD-SKILL-006..008); the sheet's skills as saved."""

    character: str
    name: str
    skill: str
    total: int
    saved: int
    learned: bool
    #: the roll before low morale capped it (WD-MORALE-002), when the cap took something off; 0: it
    #: did not (or an older log, which never said)
    uncapped: int = Field(default=0, exclude_if=lambda v: not v)


class StatsRegained(Changes):
    """Shocked-away points come back at the end of the victim's turn: 1, or 3 resting (WD-WFX-021)."""

    character: str
    name: str
    regained: dict[Stat, int]
    resting: bool = False


class Slept(Changes):
    """A night's sleep clears exhaustion, less what low morale keeps (WD-EFFORT-011, WD-MORALE-006)."""

    character: str
    name: str
    kept: dict[Pool, int] = Field(default_factory=dict)
    faces: tuple[int, ...] = ()
    #: the new day's morale dots under WD-DN-011(b), one pool a dot (absent from older logs)
    morale_dots: tuple[Pool, ...] = Field(default=(), exclude_if=lambda v: not v)


EVENTS = declare_events(
    CharacterAdded,
    NpcJoined,
    NpcUpdated,
    RolledInSecret,
    GmNoted,
    Ruled,
    CheckCalled,
    CheckWithdrawn,
    CheckRolled,
    MoraleSpent,
    Rerolled,
    MoraleChanged,
    EffortSpent,
    CombatStarted,
    CombatJoined,
    InitiativeWithheld,
    TacticsEdgeWithheld,
    TurnStarted,
    ActionTaken,
    AttackRolled,
    AttackSeen,
    Reacted,
    ReactedBlind,
    ReactionSeen,
    StandingSeen,
    WoundTaken,
    BystanderDown,
    Grappled,
    OpportunityPassed,
    GrappleBraced,
    GearChanged,
    Fell,
    Consumed,
    PainDue,
    PainPaid,
    PainSpared,
    StatusesApplied,
    Interrupted,
    EffectAsked,
    EffectResolved,
    StayedUp,
    MedicalRolled,
    CareEnded,
    Waited,
    WaitFired,
    Rested,
    SecretEffortBack,
    StatsRegained,
    Leveraged,
    PushedBack,
    CameForward,
    RoundEnded,
    CombatEnded,
    QuietAfter,
    Exhausted,
    Trained,
    Slept,
    SecretDotsKept,
    SuperPassed,
    ItemDrawn,
    Extracted,
    ItemsDropped,
    ItemPickedUp,
    EffectSeen,
    RestSeen,
    MoveSeen,
    FallSeen,
)
