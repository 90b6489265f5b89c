"""The wound track: slots, displacement, armor, stay-up checks, unconscious, dying and dead.

Implements WD-WOUND-001 (tiers), -002 (Guts + armor slots), -003 (a moderate
displaces a lesser, whose effects stay; PROPOSED: a lesser on a full track adds
nothing, a critical replaces the lowest wound), -004 (armor slots fill first
and absorb conventional effects), -005..007 (stay-up Guts 3+ with a growing
penalty; unconscious if a lesser is on the track, else dying), -008/-009
(rousing and the three-round dying clock), -011 (criticals count as scarring
moderates; all-critical is death), -012 (generics drop at Guts wounds,
bystanders at any hit), -013/-014 (temporary and fades-on-rest wounds), -015
(after combat), -016 (armor repair) and WD-COMBAT-025/033 (superficial hits;
rest reduces the most minor wound). Pure: a :class:`Track` in, a new one out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from enum import StrEnum

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.checks import Lengthy
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import DamageType, Stat, Tier, WoundTier

__all__ = [
    "ARMOR_REPAIR_COST",
    "ARMOR_REPAIR_MINUTES",
    "Placed",
    "Placement",
    "Standing",
    "Track",
    "Wound",
]

ARMOR_REPAIR_COST = 20
ARMOR_REPAIR_MINUTES = 20


class Standing(StrEnum):
    """Where a character stands (WD-WOUND-005..011, WD-NPC-004/005)."""

    UP = "up"
    UNCONSCIOUS = "unconscious"
    DYING = "dying"
    DEAD = "dead"
    #: a generic or bystander out of the fight (no stay-up checks, no dying clock)
    DOWN = "down"


class Wound(Frozen):
    """One wound on the track. ``armor`` marks one held in an armor slot (WD-WOUND-004)."""

    tier: WoundTier
    damage: DamageType | None = None
    #: the track's name for it, so conditions can point at it ("w3")
    id: str = ""
    armor: bool = False
    temporary: bool = False
    fades_on_rest: bool = False
    scarring: bool = False
    #: an ongoing condition is tied to this wound (rest cannot reduce it, WD-COMBAT-033)
    ongoing: bool = False


class Placement(StrEnum):
    """What happened to a new wound (WD-WOUND-002..004, WD-COMBAT-025)."""

    SUPERFICIAL = "superficial"
    ARMOR = "armor"
    SLOT = "slot"
    DISPLACED = "displaced"
    NOTHING = "nothing"


class Placed(Frozen):
    """The outcome of placing a wound: where it went, what it displaced, what must follow."""

    placement: Placement
    displaced: Wound | None = None
    #: roll the effect table (not for superficial hits, nor conventional hits armor absorbed)
    effect_roll: bool = False
    #: the track is (now) full: roll Guts to stay up, at ``penalty``
    stay_up: bool = False
    penalty: int = 0
    #: a generic/bystander drops; an all-critical track kills
    standing: Standing | None = None


class Track(Frozen):
    """A character's wound track (WD-WOUND-002): ``slots`` body slots plus ``armor`` armor slots.

    ``checks`` counts stay-up checks made since a slot was last cleared: the
    next check takes -``checks`` (WD-WOUND-005).
    """

    tier: Tier = Tier.PC
    slots: int = Field(ge=0)
    armor: int = Field(default=0, ge=0)
    wounds: tuple[Wound, ...] = ()
    checks: int = 0
    standing: Standing = Standing.UP
    dying_since: int | None = Field(default=None, description="Round the dying clock started.")
    fell_round: int | None = Field(
        default=None, description="Round of the last fall or failed try to get up."
    )

    @classmethod
    def of(cls, character: Character) -> Track:
        """An empty track sized from the sheet: Guts body slots and armor slots (WD-STAT-005)."""
        if character.tier is Tier.BYSTANDER:
            return cls(tier=character.tier, slots=1)
        return cls(tier=character.tier, slots=character.lasting(Stat.GUTS), armor=character.armor_points)

    def resized(self, character: Character) -> Track:
        """The same wounds on the slots ``character``'s sheet now gives: long-term or permanent Guts
        loss takes body slots away (WD-STAT-005, WD-STAT-021 PROPOSED: such loss changes every
        derived value). Body wounds past the new size stay; the track is simply full. An armor slot
        lost with its piece (destroyed or stripped, src 1032: armor "acts as an additional wound
        slot, taking one hit") takes the hit it held with it: that was the armor's damage."""
        size = Track.of(character)
        if (size.slots, size.armor) == (self.slots, self.armor):
            return self
        wounds = self.wounds
        gone = self.armor_used - size.armor
        if gone > 0:
            armored = [i for i, w in enumerate(wounds) if w.armor][-gone:]
            wounds = tuple(w for i, w in enumerate(wounds) if i not in armored)
        return evolve(self, {"slots": size.slots, "armor": size.armor, "wounds": wounds})

    @property
    def body(self) -> tuple[Wound, ...]:
        """Wounds in body slots."""
        return tuple([w for w in self.wounds if not w.armor])  # a list first: no generator

    @property
    def armor_used(self) -> int:
        return sum(1 for w in self.wounds if w.armor)

    @property
    def full(self) -> bool:
        """No empty slot: body and armor alike."""
        return len(self.wounds) >= self.slots + self.armor

    @property
    def penalty(self) -> int:
        """The next stay-up (or rousing) check's penalty: -1 per check made (WD-WOUND-005)."""
        return -self.checks

    def count(self, tier: WoundTier) -> int:
        """Wounds of ``tier`` on the track."""
        return sum(1 for w in self.wounds if w.tier is tier)

    def place(self, wound: Wound, *, conventional: bool = True) -> tuple[Track, Placed]:
        """Put a hit's wound on the track (WD-WOUND-002..004, -011, -012).

        Armor slots fill first; a conventional hit absorbed by armor rolls no
        effect. A full track: a moderate displaces a lesser; a critical
        displaces the lowest wound; a lesser adds nothing. Named characters
        then roll to stay up; generics drop at Guts wounds; bystanders at once.
        """
        if wound.tier is WoundTier.SUPERFICIAL:
            return self, Placed(placement=Placement.SUPERFICIAL)
        if self.tier is Tier.BYSTANDER:
            track = evolve(self, {"wounds": (*self.wounds, wound), "standing": Standing.DOWN})
            return track, Placed(placement=Placement.SLOT, effect_roll=True, standing=Standing.DOWN)
        displaced: Wound | None = None
        if self.armor_used < self.armor:
            new = evolve(wound, {"armor": True})
            wounds = (*self.wounds, new)
            placement = Placement.ARMOR
        elif len(self.body) < self.slots:
            wounds = (*self.wounds, wound)
            placement = Placement.SLOT
        else:
            target = self._displaceable(wound.tier)
            if target is None:
                wounds, placement = self.wounds, Placement.NOTHING
            else:
                displaced = self.wounds[target]
                wounds = (*self.wounds[:target], wound, *self.wounds[target + 1 :])
                placement = Placement.DISPLACED
        track = evolve(self, {"wounds": wounds})
        effect = not (placement is Placement.ARMOR and conventional)
        if self.tier is Tier.GENERIC:
            down = len(track.wounds) >= track.slots + track.armor
            cond = Standing.DOWN if down else None
            if down:
                track = evolve(track, {"standing": Standing.DOWN})
            return track, Placed(placement=placement, displaced=displaced, effect_roll=effect, standing=cond)
        if track.full and track.wounds and all(w.tier is WoundTier.CRITICAL for w in track.wounds):
            track = evolve(track, {"standing": Standing.DEAD})
            return track, Placed(
                placement=placement, displaced=displaced, effect_roll=effect, standing=Standing.DEAD
            )
        # "any time they take a wound thereafter they'll need to check again" (src 794): the
        # unconscious too, so a moderate that leaves every slot moderate can start them dying (src 610)
        stay_up = track.full and track.standing in (Standing.UP, Standing.UNCONSCIOUS)
        # every hit on a named character ends here: the values are this method's own, so unvalidated
        return track, trusted(
            Placed,
            placement=placement,
            displaced=displaced,
            effect_roll=effect,
            stay_up=stay_up,
            penalty=track.penalty,
        )

    def _displaceable(self, tier: WoundTier) -> int | None:
        """Index of the wound a new one replaces on a full track, if any (WD-WOUND-003)."""
        if tier is WoundTier.LESSER:
            return None
        body = [i for i, w in enumerate(self.wounds) if not w.armor]
        if tier is WoundTier.MODERATE:
            lessers = [i for i in body if self.wounds[i].tier is WoundTier.LESSER]
            return lessers[0] if lessers else None
        lower = [i for i in body if self.wounds[i].tier < WoundTier.CRITICAL]
        return min(lower, key=lambda i: self.wounds[i].tier) if lower else None

    def stay_up(self, *, success: bool, round_: int) -> Track:
        """After a stay-up check: count it; on failure fall unconscious (a lesser on the track)
        or start dying (WD-WOUND-005..007). One already unconscious stays so on a success (only
        Recovery or Medical rouses, src 794), and on a failure with a lesser left keeps the round
        they fell, when their tries to get up began."""
        checks = self.checks + 1
        if success:
            return evolve(self, {"checks": checks})
        if any(w.tier is WoundTier.LESSER for w in self.wounds):
            if self.standing is Standing.UNCONSCIOUS:
                return evolve(self, {"checks": checks})
            return evolve(self, {"checks": checks, "standing": Standing.UNCONSCIOUS, "fell_round": round_})
        return evolve(self, {"checks": checks}).start_dying(round_)

    def start_dying(self, round_: int) -> Track:
        """Dying from ``round_``: the three-round clock starts, and the tries to get up with it
        (WD-WOUND-007/009, src 796)."""
        return evolve(self, {"standing": Standing.DYING, "dying_since": round_, "fell_round": round_})

    def may_get_up(self, round_: int) -> bool:
        """Tries to get up start the round after the fall, one a round (WD-WOUND-008/009)."""
        return self.standing in (Standing.UNCONSCIOUS, Standing.DYING) and (
            self.fell_round is None or round_ > self.fell_round
        )

    def failed_get_up(self, round_: int) -> Track:
        """A failed try: still down, next try next round."""
        return evolve(self, {"fell_round": round_})

    def rouse(self) -> Track:
        """Back on their feet (a Guts roll with Recovery, or allies' Medical): the stay-up
        penalty stays (WD-WOUND-008/009)."""
        if self.standing not in (Standing.UNCONSCIOUS, Standing.DYING):
            raise RuleViolation("WD-WOUND-008", "Only someone unconscious or dying can be roused.")
        return evolve(self, {"standing": Standing.UP, "dying_since": None, "fell_round": None})

    def medical_dc(self, config: WeaverdiceConfig) -> int:
        """The lengthy Medical total that gets them up: 8 unconscious, 12 dying (WD-WOUND-008/009)."""
        if self.standing is Standing.UNCONSCIOUS:
            return config.rouse_medical_dc
        if self.standing is Standing.DYING:
            return config.dying_medical_dc
        raise RuleViolation("WD-WOUND-010", "Only someone unconscious or dying needs Medical care to get up.")

    def medical(self, config: WeaverdiceConfig) -> Lengthy:
        """A fresh lengthy Medical check for this character (WD-WOUND-010)."""
        return Lengthy(dc=self.medical_dc(config))

    def at_round_end(self, round_: int, *, config: WeaverdiceConfig) -> Track:
        """The dying clock: dead at the end of the third round counted from the round dying began
        (WD-WOUND-009 PROPOSED)."""
        since = self.dying_since
        if (
            self.standing is Standing.DYING
            and since is not None
            and round_ >= since + config.dying_rounds - 1
        ):
            return evolve(self, {"standing": Standing.DEAD})
        return self

    def clear(self, index: int) -> Track:
        """Remove one wound; clearing a slot resets the stay-up penalty (WD-WOUND-005)."""
        wounds = self.wounds[:index] + self.wounds[index + 1 :]
        return evolve(self, {"wounds": wounds, "checks": 0})

    def reduce_most_minor(self, *, attached: Collection[str] = ()) -> tuple[Track, Wound]:
        """Rest instead of a condition: with two or more wounds, the most minor wound with no
        ongoing condition (``attached``: wound ids conditions point at) drops a step, moderate
        to lesser or lesser to healed (WD-COMBAT-033). A scarring wound does not heal this way:
        it waits for downtime or medical care (src 740, 842; WD-STATUS-007); nor does a hit the
        armor took, which is gear to repair (src 1032, WD-WOUND-016)."""
        if len(self.wounds) < 2:
            raise RuleViolation("WD-COMBAT-033", "Resting reduces a wound only with at least two wounds.")
        free = [
            i
            for i, w in enumerate(self.wounds)
            if not w.ongoing
            and not w.scarring
            and not w.armor
            and not (w.id and w.id in attached)
            and w.tier < WoundTier.CRITICAL
        ]
        if not free:
            raise RuleViolation(
                "WD-COMBAT-033", "Every wound is scarred or still has an ongoing condition attached."
            )
        i = min(free, key=lambda j: self.wounds[j].tier)
        wound = self.wounds[i]
        if wound.tier is WoundTier.LESSER:
            return self.clear(i), wound
        lower = evolve(wound, {"tier": WoundTier.LESSER})
        return evolve(self, {"wounds": (*self.wounds[:i], lower, *self.wounds[i + 1 :])}), wound

    def rested(self) -> Track:
        """A rest of any kind: wounds that fade on the next rest go (WD-WOUND-014)."""
        return self._without(lambda w: w.fades_on_rest)

    def after_encounter(self) -> Track:
        """Encounter end: temporary wounds go (WD-WOUND-013/015)."""
        return self._without(lambda w: w.temporary)

    def _without(self, gone: Callable[[Wound], bool]) -> Track:
        kept = tuple(w for w in self.wounds if not gone(w))
        if len(kept) == len(self.wounds):
            return self
        return evolve(self, {"wounds": kept, "checks": 0})
