"""A combatant: the sheet (traits, Health, Toughness, Defense, weapons) and where they stand in the fight.

Traits hold attributes and skills alike (Agility, Wits, Luck, Willpower, Focus, Perception,
Stunt, Physician, Guns...); a roll names two of them (WS-CORE-001). A missing trait counts 0.
Unnamed characters (mooks) have ``named=False``; a speed-bump group has ``count`` mooks.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.systems.workshop.rules import shot_count

__all__ = ["MAX_WEAPONS", "Combatant", "Standing", "TraitName", "Weapon"]

#: a trait's name, as a sheet or a weapon names it: a sheet a new player types carries no nameless or
#: page-long trait
TraitName = Annotated[str, Field(min_length=1, max_length=40)]
#: the most weapons one sheet carries
MAX_WEAPONS = 20


class Standing(StrEnum):
    """Whether a combatant can act."""

    UP = "up"
    #: fallen down, unable to act: unconscious (WS-DMG-004/007, WS-SHOCK-001)
    DOWN = "down"
    #: Wounds reached Toughness, or Dark Times (WS-DMG-005, WS-DARK-001)
    DYING = "dying"
    DEAD = "dead"
    #: a mook out of the fight
    OUT = "out"


class Weapon(Frozen):
    """A weapon: which traits attack with it, its Damage (offensive EV), and if it lays covering fire."""

    name: str = Field(min_length=1, max_length=40)
    attribute: str = "Agility"
    skill: str = "Guns"
    damage: int = Field(default=0, ge=0, le=60)
    covering_fire: bool = False


class Combatant(Frozen):
    """One character or mook group: sheet and fight status (changed only by events carrying it whole)."""

    id: str
    name: str
    owner: str = ""
    faction: str = "heroes"
    named: bool = True
    traits: dict[str, int] = Field(default_factory=dict)
    health: int = 10
    toughness: int = 4
    defense: int = 10
    soak: int = 0
    mass: int = 5
    wt: int | None = None
    weapons: dict[str, Weapon] = Field(default_factory=dict)
    #: mooks in a speed-bump group
    count: int = 1
    #: a group's unconscious advanced mooks, each by the clock it wakes at (src 170, 60): out of ``count``
    #: until they wake and count back in; a log from before has none
    sleepers: tuple[int, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: a speed-bump group's PC: its free attacks go to them (WS-MOOK-005)
    engaging: str = ""
    # -- the fight
    shots: int = 0
    shock: int = 0
    wounds: int = 0
    bandaged: int = 0
    worst_wound: int = 0  # the worst untreated wound (WS-WPEN-003); treatment clears it
    standing: Standing = Standing.UP
    stabilised: bool = False
    down_at: int = 0
    wake_at: int | None = None
    revive_difficulty: int | None = None
    dying_at: int | None = None
    #: the clock of the last stabilising attempt on this patient (WS-DARK-003: one per 10 minutes)
    stabilise_tried: int | None = Field(default=None, exclude_if=lambda v: v is None)
    statuses: tuple[str, ...] = ()
    cinematic: tuple[str, ...] = ()
    last_hit_pv: int = 0
    #: this Sequence: rolled anything (or took an Action that requires a roll, src 16: an attack on
    #: speed-bump mooks, resolved by static PV), rested, did anything but rest
    rolled: bool = False
    rested: bool = False
    busy: bool = False
    #: this Sequence: spent a Shot on an Active Defense, which is more than resting (src 20, 58)
    defended: bool = Field(default=False, exclude_if=lambda v: not v)
    #: its Wound penalty impairs its Defense too (src 111, 181); every combatant added now has it, one
    #: from an older log has not, so that log replays as it was played
    wounds_impair_defense: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the metres to the wall or other solid object behind the combatant, as the GM placed it (WS-KNOCK-003):
    #: the scene's fact, the GM's to say; None is open space (and every log from before)
    wall_behind: int | None = Field(default=None, exclude_if=lambda v: v is None)

    def trait(self, name: str) -> int:
        """A trait's rating (0 when the sheet lacks it)."""
        return self.traits.get(name, 0)

    @property
    def shot_count(self) -> int:
        """WS-SHOT-001: the Shot pool's maximum."""
        return shot_count(self.trait("Agility"), self.trait("Wits"), self.trait("Luck"))

    @property
    def group(self) -> bool:
        """A mook group: more than one in it, asleep ones too (its name takes plural verbs); a group
        down to its last reads as one."""
        return self.count + len(self.sleepers) > 1

    @property
    def can_act(self) -> bool:
        """Standing and not out."""
        return self.standing is Standing.UP

    @property
    def extra_d10s(self) -> int:
        """Extra positive d10s on its next roll: Inspired (that roll, or every Action while its Faction's
        Ace stands: ``inspired_all``, src 88) and each Free d10 gained for it (WS-CARD-003, WS-MOOK-003)."""
        return int(self.has("inspired") or self.has("inspired_all")) + self.statuses.count("free_d10")

    def has(self, status: str) -> bool:
        """Does the combatant carry ``status``?"""
        return status in self.statuses

    def with_status(self, status: str) -> Combatant:
        """The combatant with ``status`` added (once)."""
        return (
            self
            if status in self.statuses
            else self.model_copy(update={"statuses": (*self.statuses, status)})
        )

    def without(self, *statuses: str) -> Combatant:
        """The combatant with ``statuses`` removed."""
        kept = tuple(s for s in self.statuses if s not in statuses)
        return self if kept == self.statuses else self.model_copy(update={"statuses": kept})

    def bandaged_now(self) -> Combatant:
        """Every current Wound bandaged (WS-WPEN-004, WS-CARD-004): none is untreated, so none is the worst
        wound that impairs (WS-WPEN-003); later wounds are weighed on their own."""
        return self.model_copy(update={"bandaged": self.wounds, "worst_wound": 0})
