"""Payload models of the Bulletproof Blues commands (the first docstring line is what each does)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from capeworks.engine import gm_field
from capeworks.engine.kit import TextList
from capeworks.systems.bpb.characters import SAMPLE_CHARACTERS
from capeworks.systems.bpb.model import Effect
from capeworks.systems.bpb.movement import Mode
from capeworks.systems.bpb.sheet import AttackKind, Character, Medium
from capeworks.systems.bpb.tasks import LADDER

__all__ = [
    "Act",
    "AddCharacter",
    "AddHazard",
    "Attack",
    "Award",
    "BreakFree",
    "BreakOut",
    "CallTask",
    "Contest",
    "Defend",
    "Delay",
    "EndFight",
    "EndTurn",
    "Explode",
    "Extreme",
    "GmNote",
    "Grab",
    "Guard",
    "Heal",
    "KeepPowers",
    "Move",
    "PermitPower",
    "Preempt",
    "Ram",
    "Resist",
    "Rest",
    "RollTask",
    "Spend",
    "StartFight",
    "StartSession",
    "Steer",
    "StepIn",
    "Switch",
    "TeamTask",
    "Withdraw",
]


Side = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")]


#: a distance in feet: never below zero (a slip of the keyboard is refused, not played)
Feet = Annotated[int, Field(ge=0)]


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _word(value: object) -> object:
    """A choice as typed: " Boost" is boost."""
    return value.strip().lower() if isinstance(value, str) else value


#: BPB-ACT-002/003/005: a free or roleplay action, or the movement action spent on an equivalent one
ActKind = Annotated[Literal["free", "roleplay", "movement"], BeforeValidator(_word)]
#: BPB-PP-007/009/011/012/013: what a plot point buys
SpendKind = Annotated[Literal["boost", "stunt", "rally", "retcon", "other"], BeforeValidator(_word)]


class AddCharacter(_P):
    """Add a sample character (or a sheet) to the table."""

    id: str | None = Field(default=None, min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    sample: str | None = Field(
        default=None,
        description="A shipped sample instead of a sheet: " + ", ".join(SAMPLE_CHARACTERS) + ".",
        examples=list(SAMPLE_CHARACTERS),
    )
    sheet: Character | None = None
    owner: str = gm_field(default="")
    name: str | None = Field(default=None, min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")


class GmNote(_P):
    """Write a private note only the GM sees."""

    text: str = Field(min_length=1, max_length=2000)


class StartSession(_P):
    """Start a session: each player gets its plot points once (first character); unspent ones lapse."""

    #: BPB-PP-004: characters whose unspent points the GM lets carry over (the exception, src 447)
    carry: TextList = Field(default_factory=list)


class Award(_P):
    """Award a plot point for trouble, inventive play or cooperation (BPB-PP-002)."""

    character: str
    reason: str = Field(min_length=1, max_length=300)


class CallTask(_P):
    """Call for a task roll: the difficulty from the ladder, a number, or 8 + an opponent's attribute."""

    character: str
    attribute: str
    skill: str = ""
    difficulty: int | None = Field(default=None, ge=0, le=60)
    #: a level of the difficulty ladder (BPB-ROLL-004), offered by name in a form
    level: str | None = Field(default=None, examples=list(LADDER))
    against: str | None = None
    against_attribute: str | None = None
    bonus: int = Field(default=0, ge=-12, le=24)
    pressure: bool = True
    penalty: bool = True
    time_limit: bool = True
    required: int | None = Field(default=None, ge=1, le=50)
    max_attempts: int | None = Field(default=None, ge=1, le=100)
    task: str = Field(default="", max_length=200)
    #: a reaction (BPB-ACT-008): rolled at any time, without a turn or a task action
    reaction: bool = False
    #: BPB-PP-006: the task is simply impossible: no plot point buys an automatic success
    no_automatic: bool = False

    @model_validator(mode="after")
    def _against_attribute_names_an_opponents(self) -> CallTask:
        """``against_attribute`` is the opponent's attribute of an opposed task (BPB-ROLL-007, src 169):
        without ``against`` it would be dropped and the difficulty set another way, unread."""
        if self.against_attribute is not None and self.against is None:
            raise ValueError(
                "against_attribute= is the opponent's attribute of an opposed task: name the opponent"
                " (against=), or drop against_attribute="
            )
        return self


class Contest(_P):
    """Call a competition: the first side to the required successes wins (BPB-EXT-003)."""

    #: each side a character, or a team of characters joined by "+" ("widow+ganyeka") pooling successes
    sides: TextList
    attribute: str
    #: the skill the race is in: its expertise makes an extreme success count three (BPB-EXT-002)
    skill: str = ""
    difficulty: int = Field(ge=0, le=60)
    required: int = Field(ge=1, le=50)
    task: str = Field(default="", max_length=200)


class TeamTask(_P):
    """Call a multidisciplinary extended task: each member rolls the attribute or skill the GM allows."""

    members: TextList
    difficulty: int = Field(ge=0, le=60)
    required: int = Field(ge=1, le=50)
    max_attempts: int | None = Field(default=None, ge=1, le=100)
    task: str = Field(default="", max_length=200)


class Withdraw(_P):
    """Withdraw an open call."""

    call: int


class RollTask(_P):
    """Roll a called task (or take the average or the maximum when the GM allows it)."""

    call: int
    character: str
    take: str = "roll"
    plot_point: bool = False

    @model_validator(mode="after")
    def _one_way_to_succeed(self) -> RollTask:
        """A plot point is an automatic success (BPB-PP-005, src 469), taking the average or the maximum
        a routine roll (BPB-TAKE, src 214, 220): one or the other, the take not dropped unread."""
        if self.plot_point and self.take != "roll":
            raise ValueError(
                f"take={self.take} or plot_point=true, not both: a plot point is an automatic success;"
                " drop one"
            )
        return self


class StartFight(_P):
    """Start combat time: order of play by awareness, then Perception, Agility, Willpower and a coin."""

    characters: TextList
    #: BPB-INIT-001: those aware first, in the order they became aware (the rest follow by attributes)
    aware_first: TextList = Field(default_factory=list)
    #: BPB-INIT-001: those not yet aware of any opponent: they act last and cannot attack until aware
    unaware: TextList = Field(default_factory=list)
    #: BPB-TURN-004: character -> the side they fight on; with sides named, those on a target's side
    #: are asked whether they step in front of an attack on it
    sides: dict[str, Side] = Field(default_factory=dict)
    #: BPB-GRAB-011: those already flying as the fight begins (each with a flight power)
    airborne: TextList = Field(default_factory=list)


class Aware(_P):
    """Rule that characters become aware of their opponents: they may attack from now on; one not in the
    fight joins its order last (BPB-INIT-001)."""

    characters: TextList


class EndTurn(_P):
    """End the acting character's turn."""

    character: str


class Delay(_P):
    """Hold the action to use it later (BPB-TURN-001)."""

    character: str


class Preempt(_P):
    """Act now with a held action, before the one whose turn it is (BPB-TURN-002)."""

    character: str


class Move(_P):
    """A movement action: walk, run or sprint (on the ground, swimming, or with a movement power)."""

    character: str
    mode: Mode = Mode.WALK
    feet: int | None = Field(default=None, ge=0)
    medium: str = "ground"
    power: str | None = None
    stand_up: bool = False

    @model_validator(mode="after")
    def _standing_up_goes_nowhere(self) -> Move:
        """Standing up is the whole movement action (BPB-ACT-004, src 127): a pace, a distance, a medium or
        a power given with it would be dropped unread."""
        if not self.stand_up:
            return self
        going = [
            f"{name}="
            for name, given in (
                ("mode", self.mode is not Mode.WALK),
                ("feet", self.feet is not None),
                ("medium", self.medium != "ground"),
                ("power", self.power is not None),
            )
            if given
        ]
        if going:
            raise ValueError(
                f"standing up is the whole movement action: drop {', '.join(going)}, or move without"
                " stand_up="
            )
        return self


class Pace(_P):
    """Declare this turn's run or sprint before the task action, to move so after it (BPB-MOVE-007)."""

    character: str
    mode: Mode = Mode.RUN


class Act(_P):
    """A free or roleplay action (a word, a dropped weapon, crouching behind cover)."""

    character: str
    #: spending the movement action on something else needs the GM's permission (BPB-ACT-005, src 127)
    kind: ActKind = gm_field(default="roleplay", gm_values=["movement"])
    text: str = Field(min_length=1, max_length=300)


class Switch(_P):
    """Switch an activated power on or off (a free action), or on off-turn as a forced action."""

    character: str
    power: str
    on: bool = True
    #: BPB-TURN-004: off-turn, activate a defensive power as the round's forced action (costs the next)
    forced: bool = False


class Guard(_P):
    """Block or dodge until the next action: the task action, or forced off-turn (costs the next action)."""

    character: str
    kind: str = "block"
    forced: bool = False


class Attack(_P):
    """Attack a target with a power, a weapon or bare hands."""

    attacker: str
    target: str
    power: str = "unarmed"
    circumstances: TextList = Field(default_factory=list)
    held_item: bool = False
    distance_ft: int | None = Field(default=None, ge=0)
    #: BPB-DEF-008/009 (src 393-395): how far the target's nearest cover is, the scene's: the GM's to say
    cover_ft: int | None = gm_field(default=None, ge=0)
    #: BPB-DEF-008 (src 393): a particularly large attack (a thrown car or bus), avoided only by diving; the
    #: GM rules an attack that large (a player's mark would strip the target of block and dodge)
    large: bool = gm_field(default=False)
    plot_point: bool = False


class Defend(_P):
    """Answer a hit: block, dodge, dive for cover, or take it."""

    attack: int
    character: str
    choice: str
    forced: bool = False
    #: BPB-PP-005: a plot point for an automatic success on the block or dodge (a task roll, src 373, 381)
    plot_point: bool = False
    #: BPB-DEF-004/005: block or dodge with this power: the attack's own needs no permission; another, of a
    #: similar theme or power source, the GM permits (src 377, 387)
    power: str | None = Field(default=None, max_length=60)
    #: BPB-DEF-008/009 (src 393-395): the GM says how far the nearest cover is, for a dive from an attack that
    #: named none (a player's: where cover is is the scene's)
    cover_ft: int | None = gm_field(default=None, ge=0, le=100000)

    @model_validator(mode="after")
    def _a_power_blocks_or_dodges(self) -> Defend:
        """``power`` is what a block or a dodge is made with (BPB-DEF-004/005, src 377, 387): with a dive
        or taking the hit nothing is rolled, so it would be dropped unread."""
        if self.power is not None and self.choice.strip().lower() not in ("block", "dodge"):
            raise ValueError(
                f"power= is what a block or a dodge is made with; choice={self.choice.strip()} rolls"
                " nothing: drop power=, or block or dodge"
            )
        if self.cover_ft is not None and self.choice.strip().lower() != "dive":
            raise ValueError("cover_ft= is how far a dive for cover goes: drop cover_ft=, or dive")
        return self


class PermitPower(_P):
    """Rule whether the power a target asked to block or dodge with has a similar theme or power source."""

    attack: int
    permit: bool


class RuleRange(_P):
    """Rule whether a player's attack beyond its power's range is possible (BPB-RANGE-002)."""

    character: str
    possible: bool


class StepIn(_P):
    """Step in front of an attack meant for someone else and take it (a forced action), or let it pass."""

    attack: int
    character: str
    step: bool = True
    #: how far the character goes to get in the way (no further than a base move): the GM's to say
    feet: int | None = Field(default=None, ge=0, le=100000)

    @model_validator(mode="after")
    def _only_a_step_goes(self) -> StepIn:
        """``feet`` is how far one dives to get in the way (BPB-TURN-004, src 297): letting the attack
        pass goes nowhere, so it would be dropped unread."""
        if self.feet is not None and not self.step:
            raise ValueError(
                "feet= is how far a step in goes; step=false lets it pass: drop feet=, or step in"
            )
        return self


class Extreme(_P):
    """Choose an extreme success's effect: overwhelming, slamming or staggering."""

    attack: int
    effect: Effect


class Resist(_P):
    """Slammed or staggered: roll to shrug it off (Brawn or Willpower vs 8 + rank), or spend a plot point."""

    attack: int
    character: str
    #: BPB-PP-005: the reaction is a task roll a plot point makes succeed (src 469)
    plot_point: bool = False


class KeepPowers(_P):
    """Staggered: try to keep activated powers on (Willpower vs 12), or let them go."""

    attack: int
    character: str
    keep: bool
    #: BPB-PP-005: the Willpower roll is a task roll a plot point makes succeed (src 469)
    plot_point: bool = False


class Grab(_P):
    """Grab an opponent to hold, squeeze, interpose, throw or trip them."""

    attacker: str
    target: str
    manoeuvre: str = "hold"
    circumstances: TextList = Field(default_factory=list)
    into: str = Field(default="", max_length=120)
    #: BPB-GRAB-009 (src 353: "The wall, being brick, has rank 5 Invulnerability"): what the throw lands in
    #: is made of is the scene's, the GM's to say; None: not said, what the object suffers is the GM's to rule
    into_pv: int | None = gm_field(default=None, ge=0, le=30)
    #: BPB-GRAB-010: a soft landing only spares the one thrown, so the thrower may choose it
    soft: bool = False
    #: BPB-PP-005: a plot point for an automatic success on the grab ("an attempt to hit in combat")
    plot_point: bool = False

    @model_validator(mode="after")
    def _landing_is_a_throws(self) -> Grab:
        """``into``, ``into_pv`` and ``soft`` say where a throw lands (BPB-GRAB-009/010, src 351-355):
        with another manoeuvre, or an object's protection with no object, they would be dropped unread."""
        landing = [f"{f}=" for f in ("into", "into_pv", "soft") if getattr(self, f)]
        manoeuvre = self.manoeuvre.strip().lower()
        if landing and manoeuvre != "throw":
            raise ValueError(
                f"{', '.join(landing)} say where a throw lands; manoeuvre={manoeuvre} throws nobody:"
                f" drop {', '.join(landing)}, or throw"
            )
        if self.into_pv and not self.into:
            raise ValueError("into_pv= is the protection of what the throw lands in: name it (into=)")
        return self


class BreakOut(_P):
    """Just grabbed: roll to break out (the better of Brawn and Agility), or spend a plot point."""

    attack: int
    character: str
    #: BPB-PP-005: the reaction is a task roll a plot point makes succeed (src 469)
    plot_point: bool = False


class Ram(_P):
    """Ram a target: a move (the declared pace, else a run) ending in a melee hit; the rammer takes half."""

    attacker: str
    target: str
    #: None: the pace declared this turn (BPB-MOVE-007), else a run
    mode: Mode | None = None
    medium: str = "ground"
    power: str | None = None
    feet: int | None = Field(default=None, ge=0)
    circumstances: TextList = Field(default_factory=list)
    plot_point: bool = False


class BreakFree(_P):
    """Held: spend the task action to break out of the hold."""

    character: str
    #: BPB-PP-005: the break-out is a task roll a plot point makes succeed (src 469)
    plot_point: bool = False


class Explode(_P):
    """Throw or fire an exploding attack at a point: difficulty 9, everyone within the radius."""

    attacker: str
    power: str
    #: who the blast catches and how far each is from its centre: the scene's, so the GM's seat issues an
    #: explosion (BPB-DMG-003, src 411)
    distances: dict[str, Feet]
    #: the thrower's own circumstances (T6's "attacker_..." rows, e.g. attacker_blind): no target's
    circumstances: TextList = Field(default_factory=list)
    #: BPB-DEF-008: for targets who may dive for cover, the distance (ft) to the nearest safe ground
    cover_ft: dict[str, Feet] = Field(default_factory=dict)
    plot_point: bool = False


class Dive(_P):
    """Answer an explosion: dive for cover (a forced action, ends prone) or take it (BPB-DEF-008)."""

    character: str
    dive: bool


class Rest(_P):
    """Half an hour's rest: half the recent Endurance back, stunning and other drains all back."""

    characters: TextList = Field(default_factory=list)


class Heal(_P):
    """Days of rest: a point of Endurance a day with care, a week without."""

    character: str
    days: int = Field(ge=1, le=3650)
    care: bool = True


#: the fields each use of a plot point reads besides the character (BPB-PP-007/009/011/012/013)
_SPEND_READS: dict[str, frozenset[str]] = {
    "boost": frozenset({"power", "enhancement", "radius_ft", "rounds"}),
    "stunt": frozenset({"power", "used_as", "attack", "movement", "goes", "protects", "uses", "rounds"}),
    "rally": frozenset(),
    "retcon": frozenset({"text"}),
    "other": frozenset({"text"}),
}


class Spend(_P):
    """Spend a plot point: a boost (rank or enhancement), a stunt, a rally, a retcon, or (GM) another use."""

    character: str
    #: another use of about the same impact is the GM's to permit (BPB-PP-013, src 465)
    kind: SpendKind = gm_field(gm_values=["other"])
    power: str = ""
    #: BPB-PP-007: a power enhancement to add instead of a rank ("explosive", "penetrating", or any
    #: other, which the table records for the GM to rule on)
    enhancement: str = Field(default="", max_length=60)
    #: BPB-DMG-005: the radius of an explosive enhancement, the GM's to set per item (src 411-413)
    radius_ft: int | None = gm_field(default=None, ge=1, le=100000)
    used_as: str = ""
    #: a stunt used as an attack power attacks so (src 481: a force blade is hand-to-hand)
    attack: AttackKind | None = None
    #: a stunt used as a movement power
    movement: bool = False
    #: where a movement stunt goes: over land, through water, or through the air (src 481: a force field
    #: made a flying bubble); a stunt that goes by water or air is a movement power without saying so
    goes: Medium = Medium.GROUND
    #: a stunt used as a protection power: the attribute whose damage it protects against ("Endurance")
    protects: str | None = Field(default=None, max_length=40)
    uses: int | None = Field(default=None, ge=1, le=100)
    rounds: int | None = Field(default=None, ge=1, le=100)
    text: str = Field(default="", max_length=300)

    @model_validator(mode="after")
    def _fields_of_its_use(self) -> Spend:
        """Each use of a plot point reads its own fields (BPB-PP-007..013, src 465, 473-493): a field another
        use reads, or an explosion's radius with no explosion, would be dropped unread."""
        kind = self.kind
        reads = _SPEND_READS[kind]
        unread = [
            f"{name}="
            for name, field in type(self).model_fields.items()
            if name not in reads
            and name not in ("character", "kind")
            and getattr(self, name) != field.default
        ]
        if unread:
            raise ValueError(f"a plot point spent as a {kind} takes no {', '.join(unread)}: drop them")
        if self.radius_ft is not None and self.enhancement.strip().lower() != "explosive":
            raise ValueError("radius_ft= is an explosion's: add enhancement=explosive, or drop radius_ft=")
        return self


class EndFight(_P):
    """End combat time."""


class EndScene(_P):
    """End the scene (boosts and stunts that lasted the scene end)."""


class UseStunt(_P):
    """Use up a stunt's countable resource (extra attacks, charges)."""

    character: str
    stunt: str
    count: int = Field(default=1, ge=1, le=100)


class AddHazard(_P):
    """Add a falling object or a vehicle: the environment moves it last in the round."""

    text: str = Field(min_length=1, max_length=200)
    controller: str | None = None
    once: bool = True


class Steer(_P):
    """Move your vehicle now, on your turn, instead of at the end of the round."""

    character: str
    hazard: int
    text: str = Field(default="", max_length=200)
