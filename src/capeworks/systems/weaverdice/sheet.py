"""The Weaverdice character: seven stats, a tier, skills and backgrounds, and every derived value.

Implements WD-STAT-001..021 (stats, their range, statlines and every value
derived from them), WD-NPC-001..005 (what each tier tracks) and the counting
parts of WD-SKILL-005/015 (skill cap, skills that feed speed and tactics).
Derived values are computed, never stored, so a sheet cannot disagree with
itself. Stat damage follows WD-STAT-021 PROPOSED: temporary damage changes
rolls and the movement/speed/tactics/gear values but not effort maxima or
wound slots; lasting (long-term or permanent) damage changes everything.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from pydantic import Field, field_validator

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.equipment import Costume, HeldItem, belt_capacity
from capeworks.systems.weaverdice.powers import Power
from capeworks.systems.weaverdice.vocab import Pool, Stat, Tier

__all__ = [
    "POOL_STAT",
    "PROGRESSION_FIELDS",
    "Character",
    "Skill",
    "check_sheet",
    "check_statline",
]

#: the stat each effort pool's maximum comes from (WD-STAT-004)
POOL_STAT: dict[Pool, Stat] = {Pool.STAMINA: Stat.ATHLETICS, Pool.FOCUS: Stat.WITS, Pool.RECOVERY: Stat.GUTS}

#: the tiers that track effort (WD-EFFORT-001, WD-NPC-002..004)
EFFORT_TIERS = frozenset({Tier.PC, Tier.NOTABLE})
#: id(sheet) -> (the sheet, its effort maxima by pool) (:meth:`Character.effort_maxima`); cleared at 257
_MAXIMA: dict[int, tuple[Character, dict[Pool, int]]] = {}


class Skill(Frozen):
    """A skill on a sheet (WD-SKILL-001..003): the stats it belongs to and the dice it adds.

    ``tree`` names the skill tree (``aim``, ``craft``) for counts such as
    Align Sights' +1 per Aim skill. A ``learning`` skill is still being
    trained (WD-SKILL-006..009): its saved rolls are ``training``.
    """

    name: str = Field(min_length=1, max_length=60)
    stats: tuple[Stat, ...] = Field(min_length=1)
    tree: str = ""
    dice: int = Field(default=1, ge=0, le=4, description="Extra dice it adds (+Xh6).")
    learning: bool = False
    training: tuple[int, ...] = ()


def _stat_map(value: object) -> object:
    """Accept ``{"brawn": 4}`` from files; stats left out default to 3 later."""
    if isinstance(value, Mapping):
        return {Stat(str(k).lower()): v for k, v in value.items()}
    return value


#: the stats over-encumbrance lowers (WD-EQUIP-006)
_ENCUMBERED_STATS = frozenset({Stat.ATHLETICS, Stat.DEXTERITY})
#: the members, once (iterating an Enum class runs a generator in its metaclass each time)
_ALL_STATS = tuple(Stat)

#: the fields progression fills in: milestones taken at the table (src 1181, 1306), Fans won (src
#: 1366-1368), boxes' gains checked (src 1187-1229); the GM's to give, so a player's own sheet starts
#: with none of them
PROGRESSION_FIELDS = (
    "milestones",
    "fans",
    "follower_bonus",
    "underling_bonus",
    "learning_boxes",
    "extra_belt_slots",
)


class Character(Frozen):
    """One combatant or NPC. Stats default to 3 (WD-STAT-002); tier decides what is tracked."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = Field(min_length=1, max_length=80)
    tier: Tier = Tier.PC
    stats: dict[Stat, int] = Field(default_factory=dict)
    skills: tuple[Skill, ...] = ()
    backgrounds: tuple[str, ...] = ()
    armor: int = Field(default=0, ge=0, le=9, description="Armor points: each adds a wound slot.")
    defense_bonus: int = Field(default=0, ge=-4, le=6, description="Costume/power layers on the DS.")
    effort_bonus: dict[Pool, int] = Field(
        default_factory=dict, description="Per-pool max changes (WD-EFFORT-002)."
    )
    morale_baseline: int = Field(default=0, ge=-3, le=3, description="Day-start morale (WD-MORALE-005).")
    milestones: int = Field(default=0, ge=0)
    fans: int = Field(default=0, ge=0)
    extra_belt_slots: int = Field(default=0, ge=0, le=9)
    learning_boxes: int = Field(default=0, ge=0, le=9)
    follower_bonus: int = Field(default=0, ge=0, le=20)
    underling_bonus: int = Field(default=0, ge=0, le=20)
    temporary_loss: dict[Stat, int] = Field(default_factory=dict)
    lasting_loss: dict[Stat, int] = Field(default_factory=dict)
    #: the load of the people carried, 2 each plus their own (WD-EQUIP-007): set in play from the
    #: combatant's ``carrying``, never written in a sheet file
    carried: int = Field(default=0, ge=0, exclude_if=lambda v: not v)
    #: stats made super (WD-DN-002): a tuple in the stats' own order, so the sheet's JSON never
    #: depends on a set's hash order
    super_stats: tuple[Stat, ...] = ()
    special: str = Field(default="", max_length=400, description="A generic type's shared special rule.")
    costume: Costume | None = None
    held: tuple[HeldItem, ...] = ()
    #: items kept in easy reach, in order: past the belt's slots they are slow to draw (WD-EQUIP-003)
    belt: tuple[HeldItem, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: items let go of (Disarmed), lying on the ground until picked up: out of hand, not carried
    dropped: tuple[HeldItem, ...] = Field(default=(), exclude_if=lambda v: not v)
    powers: tuple[Power, ...] = ()

    @field_validator("super_stats", mode="after")
    @classmethod
    def _in_stat_order(cls, value: tuple[Stat, ...]) -> tuple[Stat, ...]:
        return tuple(s for s in Stat if s in value)

    @field_validator("stats", "temporary_loss", "lasting_loss", mode="before")
    @classmethod
    def _stat_keys(cls, value: object) -> object:
        return _stat_map(value)

    @field_validator("stats")
    @classmethod
    def _range(cls, value: dict[Stat, int]) -> dict[Stat, int]:
        for stat, score in value.items():
            if not 0 <= score <= 12:
                raise ValueError(f"{stat.value} must be between 0 and 12")
        return value

    # -- stats -------------------------------------------------------------------------------

    def base(self, stat: Stat) -> int:
        """The written score, before any damage (3 when left out)."""
        return self.stats.get(stat, 3)

    def lasting(self, stat: Stat) -> int:
        """The score after long-term and permanent damage (may reach 0, WD-STAT-021)."""
        return max(0, self.stats.get(stat, 3) - self.lasting_loss.get(stat, 0))

    def stat(self, stat: Stat) -> int:
        """The score used for rolls: temporary damage cannot take it below 1 (WD-STAT-021);
        over-encumbrance takes 1 from Athletics and Dexterity (WD-EQUIP-006)."""
        lasting = self.lasting(stat)
        temporary = min(self.temporary_loss.get(stat, 0), max(0, lasting - 1))
        score = lasting - temporary
        if stat in _ENCUMBERED_STATS and self.loaded and self.over_encumbered:
            score = max(0, score - 1)
        return score

    def scores(self) -> dict[Stat, int]:
        """Every stat's :meth:`stat`, in ``Stat`` order, worked out in one pass (a wound effect reads
        all seven at every hit)."""
        stats, lasting_loss, temporary_loss = self.stats, self.lasting_loss, self.temporary_loss
        out: dict[Stat, int] = {}
        for s in _ALL_STATS:
            lasting = max(0, stats.get(s, 3) - lasting_loss.get(s, 0))
            out[s] = lasting - min(temporary_loss.get(s, 0), max(0, lasting - 1))
        if self.loaded and self.over_encumbered:
            for s in _ENCUMBERED_STATS:
                out[s] = max(0, out[s] - 1)
        return out

    @property
    def encumbrance(self) -> int:
        """What is carried: the costume's weight (its inventory included), held items (WD-EQUIP-006)
        and people carried (WD-EQUIP-007)."""
        worn = self.costume.encumbrance if self.costume is not None else 0
        return worn + sum(h.encumbrance for h in self.held) + self.carried

    @property
    def loaded(self) -> bool:
        """Carrying anything at all: a bare sheet skips the encumbrance sum."""
        return self.costume is not None or bool(self.held) or self.carried > 0

    @property
    def over_encumbered(self) -> bool:
        """Carrying more than Brawn: -1 Athletics, -1 Dexterity and 5 ft less movement (WD-EQUIP-006)."""
        return self.encumbrance > self.encumbrance_capacity

    def modifier(self, stat: Stat) -> int:
        """``stat - 3`` (WD-CORE-002): 4 gives +1, 2 gives -1."""
        return self.stat(stat) - 3

    # -- skills ------------------------------------------------------------------------------

    @property
    def known_skills(self) -> tuple[Skill, ...]:
        """Skills learned (learning ones do not count toward speed or tactics, WD-STAT-007)."""
        return tuple([s for s in self.skills if not s.learning])  # a list first: no generator

    def skills_of(self, stats: Iterable[Stat]) -> int:
        """Known skills linked to any of ``stats``, each counted once (WD-STAT-006/007)."""
        wanted = set(stats)
        return sum(1 for s in self.known_skills if wanted.intersection(s.stats))

    def tree_count(self, tree: str) -> int:
        """Known skills in a tree (Align Sights, Focused Shot: WD-SKILL-011/012)."""
        return sum(1 for s in self.known_skills if s.tree == tree)

    @property
    def skill_cap(self) -> int:
        """Most skills, known plus learning: 2 x Knowledge + Learning boxes (WD-STAT-011, WD-SKILL-005)."""
        return 2 * self.lasting(Stat.KNOWLEDGE) + self.learning_boxes

    @property
    def progression_given(self) -> tuple[str, ...]:
        """The :data:`PROGRESSION_FIELDS` this sheet has above 0, in that order."""
        return tuple(field for field in PROGRESSION_FIELDS if getattr(self, field))

    # -- derived values (WD-STAT-004..020) ---------------------------------------------------

    @property
    def tracks_effort(self) -> bool:
        """Only PCs and notables have effort (WD-EFFORT-001, WD-NPC-004/005)."""
        return self.tier in EFFORT_TIERS

    def effort_max(self, pool: Pool) -> int:
        """Pool maximum = linked stat + modifiers (WD-STAT-004, WD-EFFORT-002); 0 for generics."""
        return self.effort_maxima()[pool]

    def effort_maxima(self) -> Mapping[Pool, int]:
        """:meth:`effort_max` of every pool, worked out once per sheet value (a sheet is frozen; every
        attack and wound effect reads them). Shared: never change the mapping."""
        kept = _MAXIMA.get(id(self))
        if kept is not None and kept[0] is self:
            return kept[1]
        if len(_MAXIMA) > 256:
            _MAXIMA.clear()
        maxima = dict.fromkeys(POOL_STAT, 0)
        if self.tier in EFFORT_TIERS:
            for pool, stat in POOL_STAT.items():
                extra = self.effort_bonus.get(pool, 0)
                for p in self.powers:
                    extra += p.effort_max.get(pool, 0)
                maxima[pool] = max(0, self.lasting(stat) + extra)
        _MAXIMA[id(self)] = (self, maxima)
        return maxima

    @property
    def wound_slots(self) -> int:
        """Guts + armor (WD-STAT-005); a bystander goes down at the first hit (WD-NPC-005)."""
        if self.tier is Tier.BYSTANDER:
            return 1
        return self.lasting(Stat.GUTS) + self.armor_points

    @property
    def armor_points(self) -> int:
        """Armor from the sheet and the costume's armor pieces (WD-STAT-005, WD-WOUND-004)."""
        return self.armor + (self.costume.armor if self.costume is not None else 0)

    def defense(self, config: WeaverdiceConfig) -> int:
        """Defense score: the tier's default plus costume/power layers (WD-COMBAT-018)."""
        return config.defense(self.tier) + self.defense_bonus + sum(p.defense_bonus for p in self.powers)

    @property
    def speed(self) -> int:
        """Athletics + Dexterity + 1 per Athletics or Dexterity skill (WD-STAT-007)."""
        return (
            self.stat(Stat.ATHLETICS)
            + self.stat(Stat.DEXTERITY)
            + self.skills_of((Stat.ATHLETICS, Stat.DEXTERITY))
        )

    @property
    def tactics(self) -> int:
        """Social + Knowledge + 1 per Social or Knowledge skill (WD-STAT-006)."""
        return (
            self.stat(Stat.SOCIAL) + self.stat(Stat.KNOWLEDGE) + self.skills_of((Stat.SOCIAL, Stat.KNOWLEDGE))
        )

    @property
    def movement(self) -> int:
        """Feet per move action: 30 + 5 x (Athletics - 3) (WD-STAT-008), 5 ft less again when
        over-encumbered (WD-EQUIP-006, whose -1 Athletics the stat already carries)."""
        heavy = 5 if self.loaded and self.over_encumbered else 0
        return max(0, 30 + 5 * (self.stat(Stat.ATHLETICS) - 3) - heavy)

    @property
    def movement_cap(self) -> int:
        """Most feet in one turn without powers: 2.5 x movement rounded up to 5 ft (WD-MOVE-007)."""
        return 5 * math.ceil(self.movement * 5 / 2 / 5)

    @property
    def belt_slots(self) -> int:
        """Dexterity + the costume's belt pieces (less a broken fragile slot) and Equipment Slot
        boxes (WD-STAT-009, WD-EQUIP-014); Handy's background tools ride free: one more (WD-CRAFT-015)."""
        handy = any(s.name.lower() == "handy" and not s.learning for s in self.skills)
        return belt_capacity(
            dexterity=self.stat(Stat.DEXTERITY),
            costume=self.costume,
            extra_slots=self.extra_belt_slots + (1 if handy else 0),
        )

    @property
    def encumbrance_capacity(self) -> int:
        """Weight carried without penalty = Brawn (WD-STAT-010)."""
        return self.stat(Stat.BRAWN)

    @property
    def reputation_cap(self) -> int:
        """Social + milestones + 1 per two Fans, checked at day's end (WD-STAT-012)."""
        return self.stat(Stat.SOCIAL) + self.milestones + self.fans // 2

    @property
    def follower_cap(self) -> int:
        """2 x Social + 3 x milestones + follower boxes and perks (WD-STAT-013)."""
        return 2 * self.stat(Stat.SOCIAL) + 3 * self.milestones + self.follower_bonus

    def underling_cap(self, config: WeaverdiceConfig) -> int:
        """Base (Social unless the table sets one) + Room to Recruit and Life Perk (WD-STAT-014)."""
        base = self.stat(Stat.SOCIAL) if config.base_underling_cap is None else config.base_underling_cap
        return base + self.underling_bonus

    def leverage_targets(self, *, spent: bool) -> int:
        """Lesser foes a cited rep card pushes around: Social, doubled if spent (WD-STAT-016)."""
        return self.stat(Stat.SOCIAL) * (2 if spent else 1)

    def count(self, stat: Stat) -> int:
        """A stat used as a count (WD-STAT-015/017..020): recruitment dice = Social, craft
        actions = Dexterity, rolls per item and plan details = Knowledge, surveillance rolls =
        Wits, full-rest healing and R&R rolls = Guts; never below 0."""
        return max(0, self.stat(stat))

    @property
    def drops_at(self) -> int:
        """Wounds at which a generic drops: its Guts (WD-NPC-004, WD-STAT-020)."""
        return self.lasting(Stat.GUTS)


def check_sheet(character: Character, config: WeaverdiceConfig) -> None:
    """Refuse a sheet the rules do not allow: unpowered base stats outside 1-5 (WD-STAT-002),
    more skills than the cap (WD-SKILL-005); super stats only under the superstats variant."""
    for stat in Stat:
        score = character.base(stat)
        if stat in character.super_stats:
            if not config.superstats:
                raise RuleViolation("WD-DN-002", "This table does not use superstats.", field="super_stats")
            continue
        if not config.stat_min <= score <= config.stat_max:
            raise RuleViolation(
                "WD-STAT-002",
                f"{character.name}'s {stat.value} of {score} is outside the human range "
                f"{config.stat_min} to {config.stat_max}.",
                field="stats",
            )
    if len(character.skills) > character.skill_cap:
        raise RuleViolation(
            "WD-SKILL-005",
            f"{character.name} knows or is learning {len(character.skills)} skills, "
            f"but may have at most {character.skill_cap} (twice Knowledge).",
            field="skills",
        )


def check_statline(character: Character, config: WeaverdiceConfig) -> None:
    """A new PC's statline: the table's count of 4s and 2s with the rest at 3, or one of the
    GM's fixed statlines (WD-STAT-003, WD-DN-013)."""
    plus = {s for s in Stat if character.base(s) == 4}
    minus = {s for s in Stat if character.base(s) == 2}
    others = [s for s in Stat if character.base(s) not in (2, 3, 4)]
    if config.fixed_statlines:
        if not others and any(
            set(line.plus) == plus and set(line.minus) == minus for line in config.fixed_statlines
        ):
            return
        raise RuleViolation("WD-STAT-003", "That statline is not one the GM offered.", field="stats")
    if others or len(plus) != config.statline_plus or len(minus) != config.statline_minus:
        raise RuleViolation(
            "WD-STAT-003",
            f"A new character starts with {config.statline_plus} stats at 4, "
            f"{config.statline_minus} at 2 and the rest at 3.",
            field="stats",
        )
