"""The parts of a Bulletproof Blues table's state: conditions, calls, the fight and a pending attack.

Plain frozen models; the fold that changes them is :mod:`~capeworks.systems.bpb.state`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from capeworks.engine.kit import Frozen, TurnOrder
from capeworks.systems.bpb.movement import MODE_DIFFICULTY, Mode
from capeworks.systems.bpb.odds import TaskOdds
from capeworks.systems.bpb.sheet import AttackKind, Medium
from capeworks.systems.bpb.tasks import Task, Verdict

__all__ = [
    "KEEP_POWERS",
    "Asked",
    "Boost",
    "Call",
    "Condition",
    "Effect",
    "Fight",
    "Guard",
    "Hazard",
    "Pending",
    "Roll",
    "Stage",
    "Status",
    "Stunt",
    "Turn",
]


class Status(StrEnum):
    """Statuses the tracker shows (BPB-XS-007, BPB-GRAB-005/011, BPB-REC-004)."""

    PRONE = "prone"
    RESTRAINED = "restrained"
    STAGGERED = "staggered"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"
    INTERPOSING = "interposing"


class Effect(StrEnum):
    """BPB-XS-003: what an extreme success in combat adds."""

    OVERWHELMING = "overwhelming"
    SLAMMING = "slamming"
    STAGGERING = "staggering"


class Boost(Frozen):
    """BPB-PP-007: +1 rank to an attribute or power, or a power enhancement added to a power (then no
    rank), until the end of ``until_round``."""

    name: str
    until_round: int
    enhancement: str = ""
    #: the radius of an Explosive Damage enhancement (BPB-DMG-005: per item)
    radius_ft: int = 0


class Stunt(Frozen):
    """BPB-PP-009/010: a power used as another at the same rank; ``uses`` for a countable resource."""

    power: str
    used_as: str
    rank: int
    uses: int | None = None
    #: the last round it lasts (BPB-PP-008: one round by default); None: the scene, or until used up
    until_round: int | None = None
    #: a stunt made into an attack power (src 481: a Force Field as a force blade): how it attacks
    attack: AttackKind | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a stunt made into a movement power, moved with like one (BPB-MOVE-003)
    movement: bool = Field(default=False, exclude_if=lambda v: not v)
    #: where a movement stunt goes (a flight is through the air: no feet on the ground, BPB-GRAB-011)
    goes: Medium = Field(default=Medium.GROUND, exclude_if=lambda v: v is Medium.GROUND)
    #: a stunt made into a protection power (src 481: powers used "in new and creative ways", an Ice Blast
    #: as ice armour): the damage type it protects against at its rank, while it lasts (BPB-DMG-009/010)
    protects: str | None = Field(default=None, exclude_if=lambda v: v is None)


class Condition(Frozen):
    """What play has done to a character: damage kept apart by kind, statuses, plot points."""

    lost: int = 0  # normal Endurance damage
    recent: int = 0  # normal Endurance lost since the last rest or rally (BPB-REC-001)
    stunning: int = 0  # BPB-DMG-007
    drained: dict[str, int] = Field(default_factory=dict)  # other attribute damage (BPB-REC-003)
    statuses: tuple[Status, ...] = ()
    on: tuple[str, ...] = ()  # activated powers switched on
    plot_points: int = 0
    boosts: tuple[Boost, ...] = ()
    stunts: tuple[Stunt, ...] = ()
    lost_actions: int = 0  # BPB-TURN-004, BPB-XS-007
    held_by: str | None = None
    sprinted: int = 0  # rounds sprinted in a row (BPB-MOVE-009)
    slow_until: int = 0  # round until which no running or sprinting
    #: BPB-REC-002: days without care toward the next week's point (a part-week carries to the next heal)
    week_days: int = Field(default=0, exclude_if=lambda v: not v)
    #: BPB-GRAB-011: in the air since a flight (no feet on the ground to trip)
    airborne: bool = Field(default=False, exclude_if=lambda v: not v)


#: ``Roll.purpose`` of a staggered character's roll to keep activated powers on (BPB-XS-008)
KEEP_POWERS = "keep_powers"


class Roll(Frozen):
    """A judged task roll with the odds shown before it: the log's record of one roll."""

    what: str
    task: Task
    odds: TaskOdds
    take: str = "roll"
    faces: tuple[int, ...] = ()
    verdict: Verdict
    plot_point: bool = False
    #: what the roll was for, as a short key the words phrase by its outcome ("keep_powers": "Me fails to
    #: keep their powers on"); empty (most rolls, and every older log's) reads ``what`` as stored
    purpose: str = Field(default="", exclude_if=lambda v: not v)
    #: the difficulty's named parts when a modifier raised it ("8", "Prowess 4", "3 (interposed)"), which the
    #: words say as a refusal does (BPB-MOD-002); empty (a difficulty of no modifier, and every older log's
    #: roll) reads the difficulty alone
    parts: tuple[tuple[str, int], ...] = Field(default=(), exclude_if=lambda v: not v)


class Call(Frozen):
    """A task the GM calls for (BPB-ROLL-006), extended (BPB-EXT-001) or a competition (BPB-EXT-003)."""

    id: int
    sides: tuple[str, ...]  # one character, or the competitors
    attribute: str
    skill: str = ""
    difficulty: int
    bonus: int = 0
    takes: tuple[str, ...] = ("roll",)
    required: int | None = None
    max_attempts: int | None = None
    successes: dict[str, int] = Field(default_factory=dict)
    attempts: dict[str, int] = Field(default_factory=dict)
    task: str = ""
    #: BPB-EXT-004: the sides work together, each with the attribute the GM allows
    team: bool = False
    attributes: dict[str, str] = Field(default_factory=dict)
    #: BPB-EXT-004: the skill each member brings to a team task (its expertise counts, BPB-EXT-002)
    skills: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    #: BPB-ACT-008: a reaction the GM asks for, rolled at any time (no turn, no task action)
    reaction: bool = False
    #: BPB-EXT-003: in a competition between teams, member -> the team (its members joined by "+")
    teams: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    #: BPB-PP-006: the GM forbids a plot point's automatic success (the task is simply impossible)
    no_automatic: bool = False

    def side_of(self, cid: str) -> str:
        """The side a competitor rolls for: their team, or themselves."""
        return self.teams.get(cid, cid)


class RangeAsk(Frozen):
    """BPB-RANGE-002 (src 111: "at the GM's discretion"): a player's attack beyond its power's range, waiting
    for the GM to declare it possible. ``attack``: the attack command as the player gave it."""

    target: str
    power: str
    bands: int
    attack: dict[str, object]


class Turn(Frozen):
    """What the acting character has used of this turn (BPB-ACT-001/002)."""

    actor: str
    task: bool = False
    moved: Mode | None = None
    moved_ft: int = 0
    #: BPB-MOVE-007: the run or sprint declared before the task action, for a move after it
    pace: Mode | None = Field(default=None, exclude_if=lambda v: v is None)
    free: int = 0
    roleplay: int = 0
    lost: bool = False
    #: the one whose turn resumes when a pre-empting character is done (BPB-TURN-002)
    resumes: str | None = None
    #: BPB-TURN-002: the pre-empted turn as it stood, to resume where it stopped
    paused: Turn | None = Field(default=None, exclude_if=lambda v: v is None)
    #: BPB-DEF-003 (src 375): the actor's guard, kept "until their next action", waits for this turn's first
    #: task or move, or its end held (BPB-TURN-001); absent in older logs, where a turn's start ended it
    guard_waits: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-RANGE-002: the actor's attack beyond range waiting for the GM's ruling (a new turn drops it)
    asked: RangeAsk | None = Field(default=None, exclude_if=lambda v: v is None)

    @property
    def mode(self) -> Mode | None:
        """How fast the character moves this turn, for the task's +3/+6 (BPB-MOVE-007): the move made,
        or the one declared before the task action (either way round, src 103, 133)."""
        made = [m for m in (self.moved, self.pace) if m is not None]
        return max(made, key=MODE_DIFFICULTY.__getitem__) if made else None


class Guard(Frozen):
    """A block or dodge kept up until the character's next action (BPB-DEF-003/007)."""

    kind: str  # block | dodge
    attempts: int = 0
    #: BPB-DEF-003 (src 375: "increases by 1 for every attack after the first ... each time they are
    #: attacked"): the attacks made on its owner since it went up, the one answered now included, hit or
    #: miss, blocked or taken. None in a guard of an older log, which counted the attempts (replayed so)
    faced: int | None = Field(default=None, exclude_if=lambda v: v is None)

    @property
    def nth(self) -> int:
        """Which attack under this guard the one answered now is (1: the first, at no +1)."""
        return max(self.faced, 1) if self.faced is not None else self.attempts + 1

    #: BPB-MOVE-007: the +3/+6 of the run or sprint of the turn it was raised in, on each attempt
    hurried: int = Field(default=0, exclude_if=lambda v: not v)


class Stage(StrEnum):
    """What a hit waits for."""

    DEFENCE = "defence"
    EXTREME = "extreme"
    KEEP_POWERS = "keep_powers"
    #: BPB-ACT-008, BPB-PP-005: the target's Brawn roll against a slam or Willpower roll against a stagger,
    #: asked of a target who holds a plot point to spend on it
    RESIST = "resist"
    #: BPB-GRAB-003, BPB-PP-005: a grab that hit waits for its target's break-out roll, asked of a target
    #: who holds a plot point to spend on it
    BREAKOUT = "breakout"
    #: BPB-DEF-005: the target asked to block or dodge with a power of a similar theme or power source, and
    #: the GM rules whether it is one (src 377: "With the GM's permission")
    SIMILAR = "similar"


class Asked(Frozen):
    """BPB-DEF-005: a block or dodge with another power than the attack's, waiting for the GM's permission."""

    kind: str  # block | dodge
    power: str
    forced: bool = False
    plot_point: bool = False


class Pending(Frozen):
    """An attack that hit and waits for a decision (block or dodge, the extreme effect, powers kept on)."""

    id: int
    attacker: str
    target: str
    power: str
    rank: int
    dr: int
    stunning: bool = False
    penetrating: bool = False
    damages: str | None = "Endurance"
    extreme: bool = False
    stage: Stage = Stage.DEFENCE
    cover_ft: int | None = None
    #: BPB-DEF-008 (src 393): too large to block or dodge (a thrown car or bus): dive for cover or take it
    large: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-GRAB-013 (PROPOSED): what a ram does to the rammer when it lands
    recoil: int = 0
    #: BPB-TURN-004: whom the attack was meant for, once someone stepped in front of it
    meant_for: str | None = None
    #: those offered to step in front of it who let it pass
    declined: tuple[str, ...] = ()
    #: the slam or stagger waiting for the target's roll (Stage.RESIST)
    effect: Effect | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a grab waiting for the break-out (Stage.BREAKOUT): the manoeuvre and, for a throw, where to
    manoeuvre: str | None = Field(default=None, exclude_if=lambda v: v is None)
    into: str = Field(default="", exclude_if=lambda v: not v)
    #: None: what the throw lands in has no protection said (BPB-GRAB-009: the GM rules what it suffers)
    into_pv: int | None = Field(default=0, exclude_if=lambda v: v == 0)
    soft: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-MOD-003: aimed at an object the target holds (nothing of theirs to block or dodge). Set on the hit
    #: as it is rolled, for what it first waits for (attacks.first_stage); such a hit never waits for its
    #: target's answer, so the fold does not keep it (a log from before replays to the same state)
    held_item: bool = Field(default=False, exclude_if=lambda v: not v)
    #: BPB-DEF-005: the block or dodge with a power of similar theme waiting for the GM (Stage.SIMILAR)
    asked: Asked | None = Field(default=None, exclude_if=lambda v: v is None)
    #: BPB-DEF-005: the target's powers the GM ruled not of a similar theme or source to this attack's
    ruled_out: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class Hazard(Frozen):
    """Something the environment moves at the end of the round (BPB-INIT-003/004).

    A falling object or a free-rolling vehicle; ``controller`` names the character
    driving a vehicle, who may move it on their own turn instead (``moved_round``).
    """

    id: int
    text: str = Field(min_length=1, max_length=200)
    controller: str | None = None
    moved_round: int = 0
    #: a falling object acts once and is gone; a vehicle goes on
    once: bool = True


class Blast(Frozen):
    """An explosion waiting for those it hit who may dive for cover (BPB-DEF-008, BPB-DMG-003).

    ``hits``: DR at each target still to be damaged; ``cover``: the distance to safety each may dive
    for; ``awaiting``: who has not answered yet; ``safe``: who dove within a base move.
    """

    attacker: str
    power: str
    penetrating: bool = False
    hits: dict[str, int]
    cover: dict[str, int]
    awaiting: tuple[str, ...]
    safe: tuple[str, ...] = ()


class Fight(Frozen):
    """Combat time: the order of play, the turn, guards, forced actions and the attack in the air."""

    order: TurnOrder
    turn: Turn
    guards: dict[str, Guard] = Field(default_factory=dict)
    forced: dict[str, int] = Field(default_factory=dict)  # character -> round of their forced action
    delayed: tuple[str, ...] = ()
    #: BPB-TURN-001: those who held their action after moving, and how they moved (no second move)
    delayed_moved: dict[str, Mode] = Field(default_factory=dict, exclude_if=lambda v: not v)
    moves: dict[str, Mode] = Field(default_factory=dict)  # how each moved this round
    pending: Pending | None = None
    next_attack: int = 1
    hazards: tuple[Hazard, ...] = ()
    #: BPB-INIT-001: those not yet aware of their opponents (no attack until the GM says they are)
    unaware: tuple[str, ...] = ()
    #: BPB-DEF-008: an explosion waiting for its targets' dives
    blast: Blast | None = None
    #: BPB-TURN-004: the side each character fights on, when the GM names them (who is offered to
    #: step in front of an attack on whom)
    sides: dict[str, str] = Field(default_factory=dict)

    def turn_of(self, cid: str) -> Turn | None:
        """``cid``'s turn, the one acting or one a pre-emption paused (BPB-TURN-002), if either is theirs."""
        turn: Turn | None = self.turn
        while turn is not None and turn.actor != cid:
            turn = turn.paused
        return turn
