"""The campaign layer's [PARAM] values and PROPOSED flags (inventory section 23), as one config block.

``WeaverdiceConfig.campaign`` holds it, so a table keeps one config. Every
default is the seed's value or the inventory's PROPOSED reading.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from capeworks.engine.fields import value_words
from capeworks.engine.kit import Frozen

__all__ = [
    "CLASSIFICATIONS",
    "DISPOSITIONS",
    "DISPOSITION_WORDS",
    "DOWNTIME_ACTIONS",
    "CampaignConfig",
    "CraftTier",
    "DowntimeAction",
    "FollowerType",
    "Provider",
    "RecruitModifier",
    "disposition",
    "followers_of",
    "intel_types",
]

#: the dispositions (WD-LORE-004): intel types and recruits' leanings; "city" for locations
DISPOSITIONS: tuple[str, ...] = (
    "hero",
    "villain",
    "mercenary",
    "sponsored",
    "believer",
    "violent",
    "f-lister",
    "city",
)
#: the seed's other words for a disposition (src 207 "the ultra-violent", src 1821 "violence intel",
#: src 1990 "Heroic"), each naming the same one
DISPOSITION_WORDS: dict[str, str] = {"ultra-violent": "violent", "violence": "violent", "heroic": "hero"}


def disposition(word: str) -> str:
    """The disposition ``word`` names (WD-LORE-004), lower-cased and with the seed's other words mapped
    to it; a word naming none comes back as it is, for the caller to refuse."""
    w = word.strip().lower()
    return DISPOSITION_WORDS.get(w, w)


def intel_types(added: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The intel types a table knows: the dispositions, then those the GM ``added`` (WD-INTEL-002
    PROPOSED: the seed's appendix of intel tables is missing, src 2018-2020, so the GM may add types)."""
    return (*DISPOSITIONS, *added)


#: a downtime action's id, one of the seed's menu (WD-DT-003, src 1378-1415)
DowntimeAction = Literal[
    "plan_mission",
    "cape_business",
    "train",
    "refine_skills",
    "craft",
    "go_shopping",
    "explore",
    "surveil",
    "hang_out",
    "recruit",
    "research",
    "utilize_intel",
    "rest_and_recuperate",
    "self_promote",
    "work_or_school",
    "power",
]
#: the downtime menu (WD-DT-003) as the seed names each action (src 1378-1415; Relax & Heal is the
#: Rest & Recuperate of src 1994)
DOWNTIME_ACTIONS: dict[str, str] = {
    "plan_mission": "Plan a Mission",
    "cape_business": "Cape Business",
    "train": "Train",
    "refine_skills": "Refine Skills",
    "craft": "Craft / Repair",
    "go_shopping": "Go Shopping",
    "explore": "Explore",
    "surveil": "Surveil a Target",
    "hang_out": "Hang Out",
    "recruit": "Recruit",
    "research": "Research",
    "utilize_intel": "Utilize Intel",
    "rest_and_recuperate": "Relax & Heal (Rest & Recuperate)",
    "self_promote": "Self-Promote",
    "work_or_school": "Focus on Work/School",
    "power": "Power-Specific Downtime Acts",
}


#: the power classifications (WD-LORE-005)
CLASSIFICATIONS: tuple[str, ...] = (
    "mover",
    "shaker",
    "brute",
    "breaker",
    "master",
    "tinker",
    "blaster",
    "thinker",
    "striker",
    "changer",
    "trump",
    "stranger",
)


class CraftTier(Frozen):
    """A crafting tier (WD-CRAFT-004): its lengthy DC and the share of the price paid in materials."""

    name: str
    dc: int = Field(ge=1, le=99)
    #: materials as a fraction of the price: numerator / denominator
    share: tuple[int, int]


class RecruitModifier(Frozen):
    """One row of the recruitment table (WD-RECRUIT-002)."""

    key: str
    label: str
    modifier: int
    capes_only: bool = False


class FollowerType(Frozen):
    """A follower type (WD-FOLLOW-002): criteria, passive and taps, as words; the rules key on the name."""

    name: str
    criteria: str
    passive: str
    taps: tuple[str, ...] = ()


def follower_title(kind: str) -> str:
    """A follower type as a sentence names it, capitalised like the seed's "a Journalist" or "a Fan"
    (src 1357-1372); the rules key on the lower-case name."""
    return kind.strip().title()


def a_follower(kind: str, start: bool = False) -> str:
    """A follower type with its article: "a Journalist", "an Informant" ("An ..." to ``start`` a sentence)."""
    title = follower_title(kind)
    article = "an" if title[:1] in "AEIOU" else "a"
    return f"{article.title() if start else article} {title}"


def followers_of(kind: str, count: int) -> str:
    """How many followers of a type, as a person counts them: "1 Fan", "2 Fans", "3 Craftsmen"."""
    title = follower_title(kind)
    if count == 1:
        return f"1 {title}"
    if title.endswith("man"):
        plural = title[:-3] + "men"
    elif title.endswith("y") and title[-2:-1] not in "aeiou":
        plural = title[:-1] + "ies"
    else:
        plural = title + ("es" if title.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{count} {plural}"


class Provider(Frozen):
    """Paid care (WD-REST-004): fees, the roll (1d6 + modifier), the first halving TN and its step."""

    name: str
    fee: int
    fee_with_reference: int
    modifier: int = 0
    tn: int = 4
    tn_step: int = 1


DEFAULT_TIERS = (
    CraftTier(name="low", dc=10, share=(1, 4)),
    CraftTier(name="standard", dc=15, share=(1, 3)),
    CraftTier(name="high", dc=20, share=(1, 2)),
)

DEFAULT_RECRUIT = (
    RecruitModifier(key="tinkers", label="Looking for Tinkers", modifier=-3, capes_only=True),
    RecruitModifier(key="blasters", label="Looking for Blasters", modifier=-2, capes_only=True),
    RecruitModifier(key="frontline", label="Looking for Frontline capes", modifier=-2, capes_only=True),
    RecruitModifier(key="villainous", label="Looking for villainous types", modifier=-1),
    RecruitModifier(key="brawn", label="Looking for someone with Brawn", modifier=-1),
    RecruitModifier(key="thief", label="Looking for a thief's skillset", modifier=-1),
    RecruitModifier(key="low_bar", label="Setting a low bar", modifier=1),
    RecruitModifier(key="dish_out_hurt", label="Someone who can dish out hurt", modifier=-1),
    RecruitModifier(key="one_mission", label="One mission only", modifier=2),
    RecruitModifier(key="big_payday", label="A big payday", modifier=2),
)

DEFAULT_FOLLOWERS = (
    FollowerType(
        name="journalist",
        criteria="Very high-profile actions.",
        passive="+1 per Journalist to keep rep or gain from rep; keep a spent rep card when self-promoting.",
        taps=("intel", "unrep"),
    ),
    FollowerType(
        name="fan",
        criteria="Excess rep expiring at day's end, or saving bystanders' lives.",
        passive="+1 rep usable in downtime per Fan; every two Fans raise the rep cap by 1.",
        taps=("rep", "candidate", "bystanders"),
    ),
    FollowerType(
        name="craftsman",
        criteria="GM's call.",
        passive="Crafts his own things.",
        taps=("four",),
    ),
    FollowerType(name="supplier", criteria="GM's call.", passive="GM's call."),
    FollowerType(name="trainer", criteria="GM's call.", passive="GM's call."),
    FollowerType(name="informant", criteria="GM's call.", passive="GM's call."),
)

MASKDOC = Provider(name="maskdoc", fee=2000, fee_with_reference=500, modifier=-1, tn=4, tn_step=1)


class CampaignConfig(Frozen):
    """The campaign layer's rules: downtime, crafting, recruiting, intel, followers, progression."""

    downtime_slots: int = Field(
        default=3,
        ge=0,
        le=9,
        title="Downtime slots a phase",
        description="The slots each character fills in a downtime phase (WD-DT-002).",
    )
    craft_tiers: tuple[CraftTier, ...] = Field(
        default=DEFAULT_TIERS,
        title="Crafting tiers",
        description="Each tier's lengthy DC and the share of the price paid in materials (WD-CRAFT-004).",
    )
    repair_dc: int = Field(
        default=12,
        ge=1,
        le=99,
        title="Repair DC",
        description="The lengthy DC to repair any gear (WD-CRAFT-013).",
    )
    repair_cost_per_roll: int = Field(
        default=20,
        ge=0,
        title="Armor repair cost a roll",
        description="The dollars each roll of an armor repair costs (WD-CRAFT-013).",
    )
    recruit_table: tuple[RecruitModifier, ...] = Field(
        default=DEFAULT_RECRUIT,
        title="Recruitment table",
        description="What a recruiter may look for, and the modifier each gives the roll (WD-RECRUIT-002).",
    )
    recruit_off_target: int = Field(
        default=20,
        ge=0,
        le=100,
        title="Off-target applicants (percent)",
        description="The chance, per applicant, that they are not what was looked for (WD-RECRUIT-003).",
    )
    rep_per_extra_recruit_die: int = Field(
        default=1,
        ge=1,
        le=6,
        title="Rep for each extra recruiting die",
        description="The rep spent for each extra die of a recruitment roll (WD-RECRUIT-007).",
    )
    recruit_skill_bonus: dict[str, int] = Field(
        default_factory=dict,
        title="Skills that help recruiting",
        description="A skill's name and the bonus it gives every recruiting die (WD-RECRUIT-009).",
    )
    recruit_serendipity: dict[str, int] = Field(
        default_factory=dict,
        title="Unsought recruits",
        description=(
            "A type a cape search may still turn up, and its 1-in-N chance per applicant (WD-RECRUIT-010)."
        ),
    )
    intel_strike_limit: int = Field(
        default=3,
        ge=1,
        le=9,
        title="Strikes before a target is alerted",
        description="Repeated surveillance numbers that alert a target (WD-INTEL-023).",
    )
    row_col_bonus: int = Field(
        default=1,
        ge=0,
        le=3,
        title="Bonus of a completed line",
        description="The bonus a completed Movements or History line gives intel rolls (WD-INTEL-017).",
    )
    no_intel: bool = Field(
        default=False,
        title="Play without intel",
        description="The no-intel appendix: information and named details in place of intel (WD-INTEL-040).",
    )
    surveillance_runaway: bool = Field(
        default=False,
        title="Surveillance runaways",
        description=(
            "A successful surveillance roll may roll on, at -1 for each success in the run (WD-INTEL-041)."
        ),
    )
    followers: tuple[FollowerType, ...] = Field(
        default=DEFAULT_FOLLOWERS,
        title="Follower types",
        description="Each follower type's criteria, passive and uses (WD-FOLLOW-002).",
    )
    follower_passive_max: int = Field(
        default=6,
        ge=1,
        le=20,
        title="Most followers of a type that help",
        description="The followers of one type whose passive counts (WD-FOLLOW-005).",
    )
    boxes_per_mission: int = Field(
        default=1,
        ge=0,
        le=8,
        title="Progression boxes a mission",
        description="The progression boxes a character checks for a mission (WD-PROG-002).",
    )
    boxes_for_milestone: int = Field(
        default=4,
        ge=1,
        le=8,
        title="Boxes for a milestone",
        description="The progression boxes checked that earn a milestone (WD-PROG-004).",
    )
    bud_chance_per_roll: int = Field(
        default=5,
        ge=0,
        le=100,
        title="Bud chance a roll (percent)",
        description="The percent each Power Perk roll adds to the chance of a bud trigger (WD-PROG-023).",
    )
    #: the design notes' list of 16 small picks instead of the eight boxes (WD-DN-017, campaign.mini)
    progression: Literal["boxes", "mini"] = Field(
        default="boxes",
        exclude_if=lambda v: v == "boxes",
        title="Progression",
        description="How characters progress (WD-DN-017).",
        json_schema_extra=value_words(
            {
                "boxes": "Progression boxes and milestones",
                "mini": "The design notes' list of small picks",
            }
        ),
    )
    mini_make_or_break: int = Field(
        default=10,
        ge=1,
        le=16,
        exclude_if=lambda v: v == 10,
        title="Small picks before the list refills",
        description="The small picks taken before the mini-progression list refills (WD-DN-017).",
    )
    mini_money: int = Field(
        default=500,
        ge=0,
        exclude_if=lambda v: v == 500,
        title="Money of the first money pick",
        description="The dollars the first money pick of the mini-progression list gives (WD-DN-017).",
    )
    #: GM-supplied perk tables (WD-PROG-024): option -> entries; empty rolls a d6 the GM reads
    perk_tables: dict[str, tuple[str, ...]] = Field(
        default_factory=dict,
        title="Perk tables",
        description=(
            "A milestone option and its perks, read by a d6 (WD-PROG-024); none: the GM reads the die."
        ),
    )
    providers: tuple[Provider, ...] = Field(
        default=(MASKDOC,),
        title="Paid care providers",
        description="Who treats for a fee: the fees, the roll's modifier and its halving TN (WD-REST-004).",
    )
    rr_scar_tn: int = Field(
        default=4,
        ge=2,
        le=7,
        title="Guts TN to heal a scar in a rest",
        description=(
            "The Guts TN a rest's roll needs to heal a scarred wound or mend a mangled stat (WD-REST-002)."
        ),
    )
    negative_rep_retire_after: int = Field(
        default=4,
        ge=3,
        le=6,
        title="Citations before negative rep retires",
        description="The times a negative rep card is cited before it is retired (WD-REP-012).",
    )
    negative_rep_per_tier: int = Field(
        default=3,
        ge=1,
        le=9,
        title="Negative rep a tier",
        description="The negative rep cards that make a tier of it (WD-REP-013).",
    )
    social_tn: int = Field(
        default=4,
        ge=2,
        le=9,
        title="Negotiation TN",
        description="The Social TN of a negotiation (WD-SOCIAL-002).",
    )

    def follower(self, name: str) -> FollowerType | None:
        return next((f for f in self.followers if f.name == name.lower()), None)

    def tier(self, name: str) -> CraftTier | None:
        return next((t for t in self.craft_tiers if t.name == name.lower()), None)

    def provider(self, name: str) -> Provider | None:
        return next((p for p in self.providers if p.name == name.lower()), None)
