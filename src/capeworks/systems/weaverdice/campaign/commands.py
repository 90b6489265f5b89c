"""The campaign layer's commands, as pydantic payload models (the first docstring line is what it does)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from capeworks.engine import gm_field
from capeworks.engine.kit import Frozen, TextList
from capeworks.systems.weaverdice.vocab import Pool, Stat

__all__ = [
    "AddIntelType",
    "AddTarget",
    "Ask",
    "Award",
    "CapeBusiness",
    "CheckBox",
    "CiteNegative",
    "Craft",
    "DeclareMission",
    "DiscardRep",
    "DowntimeAction",
    "EndDowntime",
    "FormGroup",
    "GainFollower",
    "GiveNegative",
    "HelpCraft",
    "Hire",
    "KeepDetail",
    "KeepPerk",
    "LaunchMission",
    "Negotiate",
    "OfferFollower",
    "OpenNegotiation",
    "PaidCare",
    "PickFollower",
    "PickMini",
    "PlanMission",
    "PresentCandidate",
    "Recruit",
    "RelocateTarget",
    "RepAfter",
    "Research",
    "RestRecuperate",
    "RollBud",
    "SetMissionDetails",
    "SpendIntel",
    "StartCraft",
    "StartDowntime",
    "StrikeChoice",
    "Surveil",
    "TakeMilestone",
    "TapFollower",
    "UtilizeIntel",
    "VetCandidates",
]

Ident = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9_-]*$")]
Word = Annotated[str, Field(min_length=1, max_length=80)]


class StartDowntime(Frozen):
    """Open a downtime phase: each character's slots (WD-DT-002), with the high-morale bonus roll."""

    slots: int | None = Field(default=None, ge=0, le=9, description="Slots each; default the config's.")
    characters: TextList = Field(default_factory=list, description="Who takes part; default every PC.")


class EndDowntime(Frozen):
    """Close the downtime phase: morale resets, rep over the cap is discarded, then costume rep comes in."""


class DowntimeAction(Frozen):
    """Spend a slot on an action with no dice of its own (Refine Skills, Hang Out, Explore...)."""

    character: Ident
    action: Literal[
        "train",
        "refine_skills",
        "go_shopping",
        "explore",
        "hang_out",
        "self_promote",
        "work_or_school",
        "power",
    ]
    note: str = Field(default="", max_length=200)
    project: str = Field(default="", max_length=40, description="Hang Out at this workshop: +1 roll.")
    card: int | None = Field(default=None, description="Self-Promote: a rep card spent today to try to keep.")
    skill: str = Field(
        default="",
        max_length=60,
        description="Train: a learning skill to roll for, or a new one to start; Refine: one to roll for.",
    )
    stat: Stat | None = Field(default=None, description="Train: a new skill's stat, to start learning it.")
    piece: str = Field(
        default="", max_length=40, description="Go Shopping: a costume piece to buy at list price."
    )
    cell: str = Field(
        default="", max_length=8, description="Go Shopping: the grid cell it goes in, e.g. 0,1."
    )
    group: str = Field(default="", max_length=60, description="Go Shopping: an affiliation's group.")
    tool: Literal["", "machining"] = Field(
        default="", description="Go Shopping: workshop tools: machining equipment, $1000 (WD-CRAFT-012)."
    )
    morale_buy: bool = Field(
        default=False,
        description="Train, Refine: if the training roll's total is under 2 + morale, a step of high"
        " morale counts it as 2 + morale (WD-MORALE-003).",
    )


class DiscardRep(Frozen):
    """Discard rep cards over the cap at day's end (WD-REP-007): you choose which."""

    character: Ident
    cards: list[int] = Field(min_length=1, max_length=40)


class Award(Frozen):
    """Give a character rewards (the GM): money, a money tier, rep, intel, boxes, a cleared goal; or
    rule a follower gone."""

    character: Ident
    money: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    money_tier: Literal["", "bit", "cash", "bounty"] = ""
    rep: str = Field(default="", max_length=120, description="A rep card's source.")
    exclusive: str = Field(default="", max_length=80)
    owners: TextList = Field(default_factory=list)
    intel: str = Field(default="", max_length=40, description="Intel as type:tier, e.g. violent:1.")
    intel_count: int = Field(default=1, ge=1, le=20)
    boxes: int = Field(default=0, ge=0, le=8)
    mission: bool = Field(default=False, description="A mission finished: the config's boxes.")
    goal_cleared: bool = False
    eligible: str = Field(default="", max_length=40, description="A follower type whose criteria are met.")
    lose: str = Field(
        default="",
        max_length=40,
        description="A follower type one of whom leaves: hurt helping, ill, moved away (WD-FOLLOW-007).",
    )
    lose_with: int | None = Field(
        default=None,
        description="With lose: the negative rep card that drove the follower off, spent as it departs"
        " (WD-FOLLOW-007).",
    )
    condition: str = Field(default="", max_length=80, description="A long-term condition.")
    days: int = Field(default=0, ge=0, le=999)
    scar: bool = False
    dc: int = Field(default=0, ge=0, le=99)
    two_sixes: bool = False


class GiveNegative(Frozen):
    """Give a character negative rep (the GM); a gun fired at someone is one (WD-REP-010)."""

    character: Ident
    source: str = Field(min_length=1, max_length=120)
    witnessed: bool = True


class CiteNegative(Frozen):
    """Cite a negative rep card against a roll (the GM): -1 on the next Social roll (WD-REP-009)."""

    character: Ident
    card: int
    surfaces: bool = Field(
        default=False,
        description="A secret card comes to light (an investigation found it): the players learn of it.",
    )


class StartCraft(Frozen):
    """Start a crafting or repair project: the item, its tier and price; materials paid now."""

    character: Ident
    project: Ident
    item: Word
    tier: str = Field(default="", max_length=20, description="Default: a listed piece's own, else standard.")
    price: int = Field(default=0, ge=0, le=1_000_000)
    repair: bool = False
    dc_bonus: int = Field(default=0, ge=0, le=30, description="Mechanical +5, specialised +5..10.")
    machined: bool = Field(default=False, description="Machining equipment: +1 roll (WD-CRAFT-012).")
    contrived: bool = Field(default=False, description="Repairing a Contrive-built item: +5.")
    contrive_with: str = Field(default="", max_length=20, description="Contrive: the merged piece's tier.")
    contrive_value: int = Field(default=0, ge=0, le=1_000_000, description="The merged piece's price.")
    mechanical: bool = Field(default=False, description="Mechanical: DC +5 (WD-CRAFT-008).")
    expertise: int = Field(default=0, ge=0, le=10, description="Beyond an afternoon's learning: DC +5..10.")
    iterable: bool = Field(default=False, description="Drudge work: twice the roll cap, DC +5.")
    equipment: bool = Field(default=True, description="Gear; otherwise a program, base, meal (WD-CRAFT-007).")
    field: str = Field(default="", max_length=40, description="The Specialist field it belongs to.")
    cell: str = Field(
        default="", max_length=8, description="A listed costume piece: the grid cell it goes in, e.g. 0,1."
    )
    group: str = Field(default="", max_length=60, description="A crafted affiliation's group.")


class Craft(Frozen):
    """Spend craft actions of a slot rolling toward a project (Dexterity actions a slot)."""

    character: Ident
    project: Ident
    rolls: int = Field(default=1, ge=0, le=12, description="0 only to finish without rolling.")
    take_four: bool = Field(default=False, description="Master Craft: one roll counts as 4, once a day.")
    finish: bool = Field(default=False, description="Finish now if the total meets the DC.")
    cell: str = Field(
        default="", max_length=8, description="A costume piece: the grid cell it goes in once made, e.g. 0,1."
    )
    morale_buy: bool = Field(
        default=False,
        description="A step of high morale counts the lowest of these rolls as 2 + morale, when that"
        " is more (WD-MORALE-003): one step a command.",
    )


class HelpCraft(Frozen):
    """Devote a slot to helping another's project: your die joins every roll this phase."""

    character: Ident
    project: Ident


class Recruit(Frozen):
    """Recruit: name what you seek, roll Social dice, each 4+ an applicant (WD-RECRUIT-001)."""

    character: Ident
    recruitment: Ident
    capes: bool = False
    seek: TextList = Field(default_factory=list, description="Keys of the recruitment table.")
    strict: TextList = Field(
        default_factory=list, description="Sought keys at double penalty: never off target."
    )
    team_capes: int = Field(default=0, ge=0, le=20, description="Capes on the team, yourself included.")
    rep_dice: int = Field(default=0, ge=0, le=6)
    rep_bonus: int = Field(default=0, ge=0, le=6, description="Rep toward the bonus to every die.")
    milestone_dice: int = Field(default=0, ge=0, le=20)
    milestone_bonus: int = Field(default=0, ge=0, le=6, description="Milestones toward that bonus.")
    morale_keep: bool = Field(
        default=False,
        description="If a tapped rep card's keep roll fails, a step of high morale keeps it (WD-MORALE-003).",
    )


class PresentCandidate(Frozen):
    """Present a candidate for a recruitment (the GM): details hidden until the recruiter learns them."""

    recruitment: Ident
    candidate: Ident
    name: Word
    details: dict[str, str] = Field(default_factory=dict, max_length=12)
    milestones: int = Field(default=0, ge=0, le=30)
    skills: int = Field(default=0, ge=0, le=40)
    reputation: int = Field(default=0, ge=0, le=99)
    classification: str = Field(default="", max_length=20, description="Mover, Shaker, ... (WD-LORE-005).")
    disposition: str = Field(default="", max_length=20, description="Hero, villain, ... (WD-LORE-004).")
    follower: str = Field(
        default="",
        max_length=40,
        description="A follower type: hired, they join as a follower (WD-RECRUIT-001).",
    )


class Ask(Frozen):
    """Ask about a candidate's detail (Social questions per recruitment, WD-RECRUIT-013)."""

    character: Ident
    candidate: Ident
    detail: Word


class VetCandidates(Frozen):
    """Roll the recruiter's Knowledge behind the scenes for every detail (the GM, WD-RECRUIT-011)."""

    recruitment: Ident


class Hire(Frozen):
    """Take a candidate on."""

    character: Ident
    candidate: Ident


class AddTarget(Frozen):
    """Add an intel target (the GM): its grid, dispositions, tidbits and hidden DCs."""

    target: Ident
    name: Word
    size: int = Field(default=4, ge=2, le=4)
    dispositions: TextList = Field(min_length=1)
    tns: list[int] = Field(default_factory=list, description="Row by row; default the sample grid.")
    tags: list[str] = Field(default_factory=list, description="Row by row; default spread.")
    tidbits: list[str] = Field(default_factory=list)
    find_dc: int = Field(default=0, ge=0, le=500, description="0: already found.")
    thread_dc: int = Field(default=0, ge=0, le=500, description="0: thread already found.")
    strike_limit: int = Field(
        default=0, ge=0, le=9, description="Guards lower it (WD-INTEL-024); 0: default."
    )
    quartet: list[str] = Field(default_factory=list, max_length=4, description="Four cells (WD-INTEL-038).")
    rows: list[Annotated[str, Field(min_length=1, max_length=24)]] = Field(
        default_factory=list, max_length=4, description="Row headings, top to bottom; default the sample."
    )
    cols: list[Annotated[str, Field(min_length=1, max_length=24)]] = Field(
        default_factory=list, max_length=4, description="Column headings, left to right; default the sample."
    )


class AddIntelType(Frozen):
    """Add intel types beside the dispositions (the GM, WD-INTEL-002), e.g. pirate for a pirate crew."""

    types: TextList = Field(min_length=1, max_length=8, description="New type names, one word each.")


class RelocateTarget(Frozen):
    """A target moves base (the GM): its finding DCs are halved while it moves (WD-INTEL-034)."""

    target: Ident
    downtimes: int = Field(default=2, ge=1, le=12)


class Surveil(Frozen):
    """Surveil a target: a finding roll, or a Wits roll at an available cell (WD-INTEL-006/019)."""

    character: Ident
    target: Ident
    cell: str = Field(default="", max_length=8, description="row,col e.g. 0,0")
    runaway: bool = Field(default=False, description="Roll on after a success at -1 each (WD-INTEL-041).")
    morale_buy: bool = Field(
        default=False,
        description="If the roll fails, a step of high morale counts it as 2 + morale when that reaches"
        " the TN; a finding or thread roll (no TN) when 2 + morale is more (WD-MORALE-003).",
    )


class Research(Frozen):
    """Research a target: a thread roll, a Knowledge roll at a cell, or the research table."""

    character: Ident
    target: Ident
    cell: str = Field(default="", max_length=8)
    table: bool = False
    morale_buy: bool = Field(
        default=False,
        description="If the roll fails, a step of high morale counts it as 2 + morale when that reaches"
        " the TN; a finding or thread roll (no TN) when 2 + morale is more (WD-MORALE-003).",
    )


class StrikeChoice(Frozen):
    """After a failed surveillance roll: take a strike for T1 intel, or spend intel to unlock an
    available cell instead, named here and spent with the answer (WD-INTEL-021)."""

    character: Ident
    strike: bool
    intel: str = Field(default="", max_length=40, description="type:tier, spent in place of the strike")
    on: str = Field(default="", max_length=8, description="the cell row,col the intel unlocks")


class SpendIntel(Frozen):
    """Spend intel on a target: its finding/thread DC, or to unlock an available cell (no slot)."""

    character: Ident
    target: Ident
    intel: str = Field(min_length=3, max_length=40, description="type:tier")
    on: str = Field(default="", max_length=8, description="find, thread, or a cell row,col")


class GiveInformation(Frozen):
    """Information in place of intel, or a unique detail a player names, rated as an intel tier (the GM):
    it cuts a finding or thread DC, or, on a table without intel, lowers a cell's TN or unlocks it."""

    character: Ident
    target: Ident
    tier: int = Field(
        ge=1, le=4, description="1 minor details, 2 relevant, 3 deeper, 4 write-ups (src 2024)."
    )
    on: str = Field(min_length=1, max_length=8, description="find, thread, or a cell row,col")
    detail: str = Field(
        default="",
        max_length=120,
        description="The unique detail the player named: once a target (src 2027).",
    )


class UtilizeIntel(Frozen):
    """Utilize Intel: upgrade, downgrade or shuffle intel, as often as wanted in one slot."""

    character: Ident
    ops: list[str] = Field(
        min_length=1,
        max_length=20,
        description="e.g. 'upgrade violent:1', 'spell pearl for bo', 'present to bo'",
    )


class FormGroup(Frozen):
    """Form a group whose members share followers (the GM, WD-FOLLOW-008)."""

    group: Ident
    name: Word
    members: TextList = Field(min_length=1, max_length=20)
    extra: int = Field(default=0, ge=0, le=40, description="Notable NPC members and expansions.")


class GainFollower(Frozen):
    """Try to gain a follower of a type whose criteria you meet: Social above those held."""

    character: Ident
    kind: Word
    group: str = Field(default="", max_length=40, description="For your group's shared followers.")
    morale_buy: bool = Field(
        default=False,
        description="If the Social roll fails, a step of high morale counts it as 2 + morale, when that"
        " is above the followers held (WD-MORALE-003).",
    )


class TapFollower(Frozen):
    """Tap a follower for its active use; it loses its passive this phase and the next."""

    character: Ident
    kind: Word
    use: str = Field(max_length=20)
    group: str = Field(default="", max_length=40, description="Tap one of your group's followers.")
    project: str = Field(default="", max_length=40)
    recruitment: str = Field(default="", max_length=40)
    target: str = Field(default="", max_length=40)
    intel: str = Field(default="", max_length=40)
    card: int | None = None


class PickMini(Frozen):
    """Pick one of the 16 mini-progression options with an awarded box (WD-DN-017, the variant)."""

    character: Ident
    option: int = Field(ge=1, le=16, description="1-16 on the list (WD-DN-017).")
    skill: str = Field(default="", max_length=60, description="Options 1-2: the skill to start learning.")
    stat: Stat | None = Field(default=None, description="Options 1-2: the skill's stat.")
    kind: str = Field(default="", max_length=40, description="Options 3-4: the follower type.")
    pool: Pool | None = Field(default=None, description="Option 16: the pool of the half dot.")
    condition: str = Field(default="", max_length=60, description="Option 13: the long-term issue halved.")
    secure: bool = gm_field(
        default=False,
        description="The GM's ruling: secret identity and civilian relationships intact (WD-DN-012).",
    )


class CheckBox(Frozen):
    """Check a progression box with an awarded box (WD-PROG-003)."""

    character: Ident
    box: Literal[
        "extra_effort",
        "equipment_slot",
        "room_to_recruit",
        "eager_follower",
        "trusted_follower",
        "learning_a_skill",
    ]
    pool: Pool | None = None
    choice: Literal["", "pick", "start"] = Field(
        default="",
        description="Eager/Trusted Follower, when allowed: pick between two followers, or start at once.",
    )
    skill: str = Field(
        default="", max_length=60, description="Learning a Skill: the skill to start learning."
    )
    stat: Stat | None = Field(default=None, description="Learning a Skill: the skill's stat.")


class OfferFollower(Frozen):
    """Name the follower a checked Eager or Trusted Follower box brings (two, for a pick between two).

    WD-PROG-009/010: 'at GM discretion' (src 1211); ``standing`` is the GM's ruling on a Trusted
    box's condition, which the table keeps no record of."""

    character: Ident
    kinds: TextList = Field(min_length=1, max_length=2, description="The follower type, or two to pick from.")
    standing: bool = Field(
        default=False,
        description="Trusted: the GM finds good civilian standing and a secure secret identity.",
    )


class PickFollower(Frozen):
    """Pick one of the two followers the GM offered for an Eager or Trusted Follower box."""

    character: Ident
    kind: str = Field(min_length=1, max_length=40)


class TakeMilestone(Frozen):
    """Take a milestone: goal cleared, four boxes: roll on Expand Power, Life Perk or Power Perk."""

    character: Ident
    option: Literal["expand_power", "life_perk", "power_perk"]
    bonuses: int = Field(default=0, ge=0, le=2, description="Power Perk: +1 roll conditions met.")
    avoided_guns: bool = Field(
        default=False, description="Expand Power: +1 roll: guns and other shortcuts around power use avoided."
    )
    creative_use: str = Field(
        default="",
        max_length=120,
        description="Expand Power: +1 roll: a creative power use not cited before.",
    )
    secure_identity: bool = gm_field(
        default=False,
        description="Life Perk, the GM's ruling: a secure secret identity: +1 roll, +1 underling cap.",
    )
    friends: bool = gm_field(
        default=False,
        description="Life Perk, the GM's ruling: non-cape friends or family: +1 roll, +1 follower cap.",
    )


class KeepPerk(Frozen):
    """Keep one of the milestone's rolls."""

    character: Ident
    face: int = Field(ge=1, le=100)


class RollBud(Frozen):
    """Roll the bud or second-trigger chance (the GM, WD-PROG-023)."""

    character: Ident


class RestRecuperate(Frozen):
    """Rest & Recuperate: mend, then Guts rolls on scars, get-past checks or long conditions."""

    character: Ident
    uses: list[str] = Field(
        default_factory=list,
        max_length=10,
        description="One per roll: a long-term condition, a mangled stat, a scarred wound's id (w2) or a"
        " scarring effect's name (pained_part).",
    )
    project: str = Field(default="", max_length=40, description="Resting at this workshop: +1 roll.")
    morale_buy: bool = Field(
        default=False,
        description="The first Guts roll 2 + morale would better (a scar or stat short of the TN, days or"
        " progress under it) counts as that for a step of high morale (WD-MORALE-003).",
    )


class PaidCare(Frozen):
    """Pay a professional to treat a long-term condition (WD-REST-004/005)."""

    character: Ident
    provider: Word
    condition: Word
    reference: bool = False


class DeclareMission(Frozen):
    """Declare a mission (the first Plan a Mission); the GM gives its details' possible values, best first."""

    character: Ident
    mission: Ident
    kind: Word
    date: str = Field(default="", max_length=40)
    details: dict[str, list[str]] = gm_field(default_factory=dict, max_length=10)
    current: dict[str, str] = gm_field(
        default_factory=dict, max_length=10, description="Values as things stand."
    )


class SetMissionDetails(Frozen):
    """GM: a mission's details, each with its possible values best first, and how they stand (WD-PLAN-002)."""

    mission: Ident
    details: dict[str, list[str]] = Field(min_length=1, max_length=10)
    current: dict[str, str] = Field(
        default_factory=dict, max_length=10, description="Values as things stand."
    )


class PlanMission(Frozen):
    """Plan a Mission: refine up to Knowledge details, or bank one advance roll for a detail."""

    character: Ident
    mission: Ident
    details: TextList = Field(default_factory=list)
    advance: str = Field(default="", max_length=40, description="A stat for an advance roll instead.")


class KeepDetail(Frozen):
    """Keep the newly rolled value of a mission detail, or the one locked before."""

    character: Ident
    mission: Ident
    detail: Word
    take: bool


class LaunchMission(Frozen):
    """The mission day (the GM): unplanned details are rolled twice, the worse kept (WD-PLAN-004)."""

    mission: Ident


class OpenNegotiation(Frozen):
    """Open a negotiation (the GM): the party, the TN and its relationship and offer modifiers."""

    negotiation: Ident
    party: Word
    tn: int = Field(default=0, ge=0, le=12)
    relationship: int = Field(default=0, ge=-3, le=3)
    offer: int = Field(default=0, ge=-4, le=4)


class Negotiate(Frozen):
    """Roll Social in a negotiation, with rep cards for extra dice (WD-SOCIAL-002, WD-REP-003)."""

    character: Ident
    negotiation: Ident
    cards: list[int] = Field(default_factory=list, max_length=6)
    morale_keep: bool = Field(
        default=False,
        description="If a rep card's keep roll fails, a step of high morale keeps it (WD-MORALE-003).",
    )
    morale_buy: bool = Field(
        default=False,
        description="If the Social roll fails, a step of high morale counts it as 2 + morale, when that"
        " reaches the TN (WD-MORALE-003).",
    )


class RepAfter(Frozen):
    """After a failed Social roll, play rep for extra dice kept with the first (WD-REP-004)."""

    character: Ident
    negotiation: Ident
    cards: list[int] = Field(min_length=1, max_length=6)
    morale_keep: bool = Field(
        default=False,
        description="If a rep card's keep roll fails, a step of high morale keeps it (WD-MORALE-003).",
    )
    morale_buy: bool = Field(
        default=False,
        description="If the roll still fails, a step of high morale counts it as 2 + morale, when that"
        " reaches the TN (WD-MORALE-003).",
    )


class CapeBusiness(Frozen):
    """Cape Business: check in on up to 3 people or things; the GM's checks are hidden."""

    character: Ident
    checkins: TextList = Field(default_factory=list)
    journalist_rep: list[int] = Field(default_factory=list, max_length=6)
    target: str = Field(default="", max_length=40, description="The named target the intel is about.")
    group: str = Field(
        default="", max_length=40, description="Tap your group's Journalist, for the group's own rep."
    )
