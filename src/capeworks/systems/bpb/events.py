"""The events of a Bulletproof Blues table (``bpb.*``): facts, never copies of the state.

Each records what happened (a roll with its odds, damage taken, a status set);
the fold (:mod:`~capeworks.systems.bpb.state`) works out the new state from it.
"""

from __future__ import annotations

from pydantic import Field

from capeworks.engine import EventData, declare_events
from capeworks.engine.upcast import Upcaster
from capeworks.systems.bpb.model import Boost, Call, Effect, Hazard, Pending, Roll, Stage, Status, Stunt
from capeworks.systems.bpb.movement import Mode
from capeworks.systems.bpb.sheet import Character

__all__ = ["EVENTS", "UPCASTERS"]


class BpbEvent(EventData, ruleset="bpb"):
    """Base of every Bulletproof Blues event: its type is ``bpb.<snake_case class name>``.

    ``names``: the display names of the characters the event mentions (for the log's words only;
    no applier reads them), filled in by the ruleset's ``settle``.
    """

    names: dict[str, str] = Field(default_factory=dict)


class CharacterAdded(BpbEvent):
    """A character joins the table (the sheet as made)."""

    character: Character
    #: BPB-PP-001: a player sitting down after the session began begins it with its plot points
    plot_points: int = Field(default=0, exclude_if=lambda v: not v)


class GmNoted(BpbEvent):
    """A private note of the GM's."""

    text: str


class SessionStarted(BpbEvent):
    """BPB-PP-001/004: each player's character starts with the session's plot points; old ones lapse."""

    session: int
    characters: tuple[str, ...]
    plot_points: int
    #: BPB-PP-004: those whose unspent points the GM let carry over, on top of the session's
    carried: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class PlotPointAwarded(BpbEvent):
    """BPB-PP-002: the GM awards a plot point, with the reason."""

    character: str
    reason: str


class PlotPointSpent(BpbEvent):
    """BPB-PP-005..012: a plot point spent, and on what."""

    character: str
    kind: str
    detail: str = ""
    boost: Boost | None = None
    stunt: Stunt | None = None


class CallMade(BpbEvent):
    """The GM calls for a task, an extended task or a competition."""

    call: Call


class TaskRolled(BpbEvent):
    """A task roll (or a taken average or max), its odds shown first."""

    character: str
    roll: Roll
    call: int | None = None
    counted: int = 0
    in_turn: bool = False


class CallClosed(BpbEvent):
    """A call is over: done, failed, won, or withdrawn."""

    call: int
    outcome: str
    winner: str | None = None
    #: BPB-EXT-003: the members of a winning team (the winner is then the team, "widow+ganyeka")
    members: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class FightStarted(BpbEvent):
    """BPB-INIT-001/002: combat begins, in this order of play."""

    order: tuple[str, ...]
    coins: tuple[str, ...] = ()
    unaware: tuple[str, ...] = ()
    #: BPB-TURN-004: character -> side, when the GM names the sides
    sides: dict[str, str] = Field(default_factory=dict)
    #: BPB-GRAB-011: those already in the air as it begins
    airborne: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class BecameAware(BpbEvent):
    """BPB-INIT-001: the GM rules that characters become aware of their opponents (those joining the fight
    listed in the order they join it, BPB-INIT-002)."""

    characters: tuple[str, ...]
    #: BPB-INIT-002: the dice that separated joiners level on every attribute, "id:face"
    coins: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class TurnBegan(BpbEvent):
    """A character's turn begins (lost when an earlier forced action or stagger took it)."""

    character: str
    round: int
    lost: bool = False
    resumes: str | None = None
    round_ended: bool = False
    #: BPB-TURN-002: a pre-empted turn picks up where it stopped (older logs began it afresh)
    resumed: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-DEF-003 (src 375): the character's guard lasts until they act this turn, not until it begins
    #: (older logs ended it as the turn began, even for one who then held their action)
    guard_waits: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-PP-008 (src 477): those out of the fight (no turn to end them at) whose boosts and stunts with
    #: rounds over end as the round begins (older logs kept them until a turn of theirs)
    lapsed: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class Delayed(BpbEvent):
    """BPB-TURN-001: a character holds their action."""

    character: str
    #: the move already made this turn (src 16: the task may come after the move): the held action is
    #: then the task action alone; absent in older logs, where nobody could delay after moving
    moved: Mode | None = Field(default=None, exclude_if=lambda v: v is None)


class HeldActionSpent(BpbEvent):
    """BPB-TURN-004, BPB-XS-007: an action lost (to a forced action or a stagger) by one who holds a delayed
    action is that held action, their next available one (src 297, 242), not their next turn's."""

    character: str


class Winded(BpbEvent):
    """BPB-MOVE-009: a natural sprinter who made no sprint this round has stopped sprinting: base speed at
    most until ``until_round`` (10 x the rounds sprinted, src 105), as after a slower move."""

    character: str
    until_round: int


class PausedTaskLost(BpbEvent):
    """BPB-TURN-004, BPB-XS-007: an action lost by one whose turn a held action paused before their task
    action is that task action, still this round's (src 297, 242), not their next turn's."""

    character: str


class Preempted(BpbEvent):
    """BPB-TURN-002: a delaying character acts now, before ``before``."""

    character: str
    before: str
    #: the pre-empted turn is kept to resume where it stopped (older logs dropped it)
    keeps: bool = Field(default=False, exclude_if=lambda v: not v)


class Moved(BpbEvent):
    """BPB-ACT-004: a movement action."""

    character: str
    mode: Mode
    feet: int
    medium: str = "ground"
    round: int = 0
    stand_up: bool = False
    #: BPB-GRAB-011: flown (a movement power through the air): no feet on the ground until the next move
    #: that is not a flight; absent in older logs, whose moves leave the character on the ground
    airborne: bool = Field(default=False, exclude_if=lambda v: not v)


class PaceDeclared(BpbEvent):
    """BPB-MOVE-007: the run or sprint the character will make after the task action, declared first."""

    character: str
    mode: Mode


class ActionTaken(BpbEvent):
    """BPB-ACT-002/003/007: a free or roleplay action."""

    character: str
    kind: str
    text: str


class PowerSwitched(BpbEvent):
    """BPB-ACT-003: an activated power switched on or off (a free action); BPB-TURN-004: a defensive
    power switched on off-turn as a forced action (``forced``, in ``round``)."""

    character: str
    power: str
    on: bool
    forced: bool = False
    round: int = 0


class Guarded(BpbEvent):
    """BPB-DEF-002/007: a block or dodge begins, as the task action or as a forced action."""

    character: str
    kind: str
    forced: bool
    round: int
    #: BPB-MOVE-007 (src 103): the +3/+6 of the run or sprint of the turn whose task action this guard is;
    #: every block or dodge under it pays it. A log written before (0) replays as it was played
    hurried: int = Field(default=0, exclude_if=lambda v: not v)
    #: BPB-DEF-003 (src 375): the guard counts the attacks made on its owner (Guard.faced); a log written
    #: before (False) counted the block or dodge attempts, and replays so
    faced: bool = Field(default=False, exclude_if=lambda v: not v)


class AttackRolled(BpbEvent):
    """BPB-ATK-001: the roll to hit, with what a hit would do."""

    attack: int
    attacker: str
    target: str
    power: str
    rank: int
    dr: int
    stunning: bool = False
    penetrating: bool = False
    damages: str | None = "Endurance"
    roll: Roll
    stage: Stage | None = None
    cover_ft: int | None = None
    recoil: int = 0
    #: BPB-MOD-003: aimed at an object the target holds (the DR is the object's to suffer)
    held_item: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-DEF-008: a particularly large attack, avoided only by diving for cover
    large: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-MOD-001/002: the circumstance whose attack bonus the roll adds ("defender helpless"), for the
    #: words; an older log's roll reads its bonus bare, as it did
    bonus_why: str = Field(default="", exclude_if=lambda v: not v)


class DefenceRolled(BpbEvent):
    """BPB-DEF-002/003/006/007: a block or dodge against a hit."""

    attack: int
    character: str
    kind: str
    forced: bool
    round: int
    roll: Roll
    stage: Stage | None = None
    #: BPB-DEF-004/005: the power blocked or dodged with, when not Prowess or Agility (older logs: none)
    power: str | None = Field(default=None, exclude_if=lambda v: v is None)
    #: BPB-MOVE-007: a forced answer with no guard up, made in the character's own running or sprinting
    #: turn: its +3/+6, kept by the guard it raises (older logs: 0, replayed as played)
    hurried: int = Field(default=0, exclude_if=lambda v: not v)
    #: BPB-DEF-003 (src 375): a guard this answer raises counts the attacks made on its owner, this one the
    #: first (Guard.faced); older logs (False) counted the attempts, and replay so
    faced: bool = Field(default=False, exclude_if=lambda v: not v)


class PowerAsked(BpbEvent):
    """BPB-DEF-005: the target asks to block or dodge a hit with a power of a similar theme or power source
    (src 377, 387: "With the GM's permission"); the hit waits for the GM's ruling."""

    attack: int
    character: str
    kind: str
    power: str
    forced: bool = False
    plot_point: bool = False


class PowerRuled(BpbEvent):
    """BPB-DEF-005: the GM rules whether the power asked for is of a similar theme or power source."""

    attack: int
    character: str
    power: str
    permitted: bool


class RangeAsked(BpbEvent):
    """BPB-RANGE-002 (src 111): a player's attack beyond its power's range waits for the GM to declare it
    possible; nothing is rolled and the task action is kept. ``attack``: the command, replayed when ruled."""

    character: str
    target: str
    power: str
    bands: int
    attack: dict[str, object]


class RangeRuled(BpbEvent):
    """BPB-RANGE-002: the GM declares the attack beyond range possible (it is rolled at once, the defender
    +3 a band, BPB-RANGE-003) or not (the attacker keeps the task action)."""

    character: str
    target: str
    power: str
    bands: int
    possible: bool


class HitTaken(BpbEvent):
    """The target lets the hit land (no block or dodge)."""

    attack: int
    character: str
    stage: Stage | None = None


class SteppedIn(BpbEvent):
    """BPB-TURN-004: a forced action on someone else's behalf: the character dives in front of an
    attack meant for another and the hit is theirs (the next action lost)."""

    attack: int
    character: str
    meant_for: str
    round: int
    feet: int | None = None
    stage: Stage | None = None


class StepInDeclined(BpbEvent):
    """A character offered to step in front of an attack lets it pass."""

    attack: int
    character: str


class DoveForCover(BpbEvent):
    """BPB-DEF-008/009: a forced dive; safe only if cover is within a base move."""

    attack: int
    character: str
    round: int
    safe: bool
    stage: Stage | None = None
    #: src 393: the diver "ends up on the ground prone": one who was in the air is on the ground (a log
    #: written before left a flier aloft, and replays so)
    grounded: bool = Field(default=False, exclude_if=lambda v: not v)


class ExtremeChosen(BpbEvent):
    """BPB-XS-003: the attacker's extreme-success effect.

    Version 2 records ``rank``: an overwhelming attack's power's rank for that attack, three more (BPB-XS-004,
    src 232: "the total rank of the power is increased by three, with the commensurate effect on the
    target"), the fact that tells what a power doing no damage now does. A version 1 event never said it, and
    reads as it did (:data:`UPCASTERS`)."""

    VERSION = 2

    attack: int
    effect: Effect
    stage: Stage | None = None
    rank: int | None = Field(default=None, exclude_if=lambda v: v is None)


class Damaged(BpbEvent):
    """BPB-DMG-008: damage after protection, taken from an attribute (stunning kept apart)."""

    character: str
    amount: int
    dr: int
    pv: int
    attribute: str = "Endurance"
    stunning: bool = False
    why: str = ""
    #: BPB-DMG-006: a penetrating attack's, which counted half the PV (rounded up); an older log's damage
    #: never says so, and reads as it did
    penetrating: bool = Field(default=False, exclude_if=lambda v: not v)


class StatusSet(BpbEvent):
    """Statuses added and removed (prone, restrained, staggered, unconscious, dead)."""

    character: str
    add: tuple[Status, ...] = ()
    remove: tuple[Status, ...] = ()
    held_by: str | None = None
    released: bool = False
    #: BPB-REC-004: knocked out, the character's block or dodge guard (BPB-DEF-003) and held action
    #: (BPB-TURN-001) end; set only when there is one to end (absent in older logs)
    knocked_out: bool = Field(default=False, exclude_if=lambda v: not v)
    #: activated powers that go off with it (BPB-REC-004, src 244: a Force Field is kept up by one awake);
    #: absent in older logs, which replay as they were played
    switched_off: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class SlamRolled(BpbEvent):
    """BPB-XS-005: the target's Brawn roll against a slam, and how far it flies."""

    character: str
    roll: Roll
    missed_by: int
    distance_ft: int
    #: src 238: slammed, one in the air comes down ("when they land"); older logs left a flier aloft
    grounded: bool = Field(default=False, exclude_if=lambda v: not v)


class StaggerRolled(BpbEvent):
    """BPB-XS-007: the target's Willpower roll against a stagger; a failure loses the next action."""

    character: str
    roll: Roll


class PowersChecked(BpbEvent):
    """BPB-XS-008: a staggered character's activated powers stay on only with Willpower vs 12."""

    character: str
    powers: tuple[str, ...]
    kept: bool
    roll: Roll | None = None


class AttackSettled(BpbEvent):
    """The attack is done with."""

    attack: int


class Grabbed(BpbEvent):
    """BPB-GRAB-002/003/004: a grab, the target's break-out roll, and whether it holds.

    ``roll`` None: the attacker already held the target and turns the hold into the manoeuvre. Version 2
    records ``bonus_why``, the circumstance whose attack bonus the grab took (BPB-MOD-001/002), as an attack's
    words name it; a version 1 grab never said, and reads as it did (:data:`UPCASTERS`).
    """

    VERSION = 2

    attacker: str
    target: str
    manoeuvre: str
    roll: Roll | None = None
    breakout: Roll | None = None
    held: bool = False
    bonus_why: str = Field(default="", exclude_if=lambda v: not v)
    #: BPB-PP-005: the grab hit and waits for the target's break-out roll (asked: a plot point to spend)
    waits: Pending | None = Field(default=None, exclude_if=lambda v: v is None)


class BrokeOut(BpbEvent):
    """BPB-GRAB-003/004: the break-out roll of a grab that waited for it, and whether the grab holds."""

    attack: int
    character: str
    roll: Roll
    held: bool


class Thrown(BpbEvent):
    """BPB-GRAB-008/009: a throw's rank, distance and landing DR (and what it hit)."""

    attacker: str
    target: str
    rank: int
    distance_ft: int
    dr: int
    into: str = ""
    #: None: the object's protection was not said (a player's throw): what it suffers is the GM's to rule
    into_pv: int | None = 0
    object_damage: int = 0
    #: ``into`` is a character, who takes the impact against their own protection (a Damaged event)
    at_character: bool = Field(default=False, exclude_if=lambda v: not v)
    #: src 347: the one thrown "lands a distance away": one taken from the air is on the ground (older
    #: logs left a flier aloft)
    grounded: bool = Field(default=False, exclude_if=lambda v: not v)


class BrokeFree(BpbEvent):
    """BPB-GRAB-005 (PROPOSED): a held character's break-out roll on their turn."""

    character: str
    roll: Roll


class Exploded(BpbEvent):
    """BPB-DMG-003/004: an explosion placed (difficulty 9, never extreme) and its DR at each target."""

    attacker: str
    power: str
    roll: Roll
    hits: dict[str, int]
    #: BPB-DEF-008: those hit who may dive for cover first (their damage waits), with the distance to it
    cover: dict[str, int] = Field(default_factory=dict)
    penetrating: bool = False


class BlastAnswered(BpbEvent):
    """BPB-DEF-008/009: a target of an explosion dives for cover (safe within a base move) or takes it."""

    character: str
    dive: bool
    safe: bool = False
    round: int = 0
    #: src 393: a diver in the air lands on the ground (older logs left a flier aloft, and replay so)
    grounded: bool = Field(default=False, exclude_if=lambda v: not v)


class Rested(BpbEvent):
    """BPB-REC-001/003, BPB-PP-011: half the recent Endurance back; stunning and drains all back.

    ``ends`` names what else the rest ends ("boosts", "stunts", "winded"): a half hour's rest all
    three, a rally none (BPB-PP-008, BPB-MOVE-009). A log written before it was recorded (None)
    replays as it was played then: every rest, rally or not, ended boosts and stunts.
    """

    character: str
    recovered: int
    rally: bool = False
    ends: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: the stunning damage and the drained attributes it gives back, so the words say only what changed; a
    #: log written before they were recorded (None) reads as it did ("stunning gone")
    stunning: int | None = Field(default=None, exclude_if=lambda v: v is None)
    drained: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)


class Healed(BpbEvent):
    """BPB-REC-002: Endurance back over days of rest (a point a day with care, a week without)."""

    character: str
    amount: int
    days: int
    care: bool
    #: days without care toward the next week after this heal (BPB-REC-002: a part-week carries)
    week_days: int = Field(default=0, exclude_if=lambda v: not v)
    #: days of rest are "a chance to rest and recuperate" (src 421, 435): stunning damage and drains come
    #: back and one above 0 Endurance wakes (BPB-DMG-007, BPB-REC-003/004). A log written before (False)
    #: replays as it was played then, when days of rest gave back Endurance alone
    rested: bool = Field(default=False, exclude_if=lambda v: not v)
    #: days outlast the half hour's rest: they end what it ends (boosts, stunts, a sprint's winded rounds,
    #: as ``Rested.ends``; BPB-PP-008/010, BPB-MOVE-009). A log written before (none) replays as played
    ends: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: the stunning damage and the drained attributes the days gave back (as ``Rested``'s), so the words say
    #: them; a log written before they were recorded (none) reads as it did, with the Endurance alone
    stunning: int = Field(default=0, exclude_if=lambda v: not v)
    drained: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class HazardAdded(BpbEvent):
    """The GM adds a falling object or a vehicle to the environment (BPB-INIT-003/004)."""

    hazard: Hazard


class HazardSteered(BpbEvent):
    """A controller moves their vehicle on their own turn instead of at the end of the round."""

    hazard: int
    character: str
    round: int
    text: str = ""
    #: the vehicle's own words ("the getaway car"), for the log to name what is steered; logs written
    #: before it read "steers it now"
    vehicle: str = Field(default="", exclude_if=lambda v: not v)


class EnvironmentActed(BpbEvent):
    """BPB-INIT-003: after every character, the environment moves what nobody moved this round."""

    round: int
    moved: tuple[str, ...]
    removed: tuple[int, ...] = ()
    #: src 256: characters in the air who can fly no more (knocked out) fall with the environment
    fell: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class SceneEnded(BpbEvent):
    """BPB-TIME-001: the GM ends the scene; boosts and stunts that lasted a scene end with it."""


class StuntUsed(BpbEvent):
    """BPB-PP-010: a stunt's countable resource is used (it ends when the last is gone)."""

    character: str
    stunt: str
    count: int = 1


class FightEnded(BpbEvent):
    """Combat time ends; ``settles``: with it the actions owed and the round counts of boosts, stunts
    and winded rounds (BPB-TURN-004, BPB-XS-007, BPB-PP-008, BPB-MOVE-009). A log written before
    (False) replays as it was played then, when the fight's end left them as they were."""

    settles: bool = Field(default=False, exclude_if=lambda v: not v)
    #: src 256: those in the air who can fly no more (out cold as the fight ends) fall with it: the
    #: round's environment never comes (a log written before has none)
    fell: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


EVENTS = declare_events(
    CharacterAdded,
    GmNoted,
    SessionStarted,
    PlotPointAwarded,
    PlotPointSpent,
    CallMade,
    TaskRolled,
    CallClosed,
    FightStarted,
    BecameAware,
    BlastAnswered,
    TurnBegan,
    Delayed,
    HeldActionSpent,
    PausedTaskLost,
    Winded,
    Preempted,
    Moved,
    PaceDeclared,
    ActionTaken,
    PowerSwitched,
    Guarded,
    AttackRolled,
    DefenceRolled,
    PowerAsked,
    PowerRuled,
    RangeAsked,
    RangeRuled,
    HitTaken,
    SteppedIn,
    StepInDeclined,
    DoveForCover,
    ExtremeChosen,
    Damaged,
    StatusSet,
    SlamRolled,
    StaggerRolled,
    PowersChecked,
    AttackSettled,
    Grabbed,
    Thrown,
    BrokeFree,
    BrokeOut,
    Exploded,
    Rested,
    Healed,
    HazardAdded,
    HazardSteered,
    EnvironmentActed,
    SceneEnded,
    StuntUsed,
    FightEnded,
)

#: (event type, version) -> its data at the next version, for logs written before a payload changed: an
#: extreme effect chosen before version 2 named no rank (the overwhelmed rank is unknown, and left unsaid)
#: a grab before version 2 named no circumstance for its attack bonus (its words read as they did)
UPCASTERS: dict[tuple[str, int], Upcaster] = {
    (ExtremeChosen.TYPE, 1): lambda data: {**data, "rank": None},
    (Grabbed.TYPE, 1): lambda data: {**data, "bonus_why": ""},
}
