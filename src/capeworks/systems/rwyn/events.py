"""The events of a Roll When You Need table, as typed payloads (``rwyn.*``).

Events that change a character or a check carry its whole new value, so the
fold (:mod:`capeworks.systems.rwyn.state`) is a plain upsert; renderers read
these models, never raw dictionaries.
"""

from __future__ import annotations

from typing import ClassVar

from capeworks.engine import EventData, declare_events
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.checks import Check
from capeworks.systems.rwyn.sheet import Character, Quality, Talent

__all__ = [
    "EVENTS",
    "AbilitySet",
    "BoughtBack",
    "CharacterAdded",
    "CheckAsked",
    "CheckCalled",
    "CheckClosed",
    "CheckEvent",
    "CheckResolved",
    "CheckRolled",
    "ComplicationsChosen",
    "ConsequenceTaken",
    "CriticalChosen",
    "DisasterRerolled",
    "DisasterRolled",
    "EffectsChosen",
    "GmNoted",
    "MixedNoted",
    "OutDecided",
    "PointsLost",
    "Purchased",
    "QualityAdded",
    "QuantitySet",
    "Recovered",
    "RerollOffered",
    "Sacrificed",
    "SceneEnded",
    "StressTaken",
    "TakenOut",
    "TalentAdded",
    "XpAwarded",
]


class CharacterEvent(EventData):
    """Base: an event carrying a character's whole new sheet."""

    character: Character


class CharacterAdded(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.character_added"


class AbilitySet(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.ability_set"
    ability: str
    rating: int


class QualityAdded(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.quality_added"
    quality: Quality


class TalentAdded(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.talent_added"
    talent: Talent


class CheckCalled(EventData):
    """The GM calls for a check or declares an enemy move against a character (RWYN-GEN-001/003)."""

    TYPE: ClassVar[str] = "rwyn.check_called"
    call: Call
    name: str


class CheckAsked(EventData):
    """A player asks to roll; the GM sets the difficulty (RWYN-GEN-001)."""

    TYPE: ClassVar[str] = "rwyn.check_asked"
    call: Call
    name: str


class CheckEvent(EventData):
    """Base: an event carrying a check's whole new value and its character's name."""

    check: Check
    name: str


class CheckRolled(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.check_rolled"
    #: the GM's call this roll answers (it closes)
    from_call: int | None = None


class Sacrificed(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.sacrificed"
    count: int


class DisasterRolled(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.disaster_rolled"


class RerollOffered(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.reroll_offered"


class DisasterRerolled(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.disaster_rerolled"


class CheckResolved(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.check_resolved"


class EffectsChosen(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.effects_chosen"


class ComplicationsChosen(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.complications_chosen"


class MixedNoted(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.mixed_noted"


class CriticalChosen(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.critical_chosen"


class QuantitySet(CheckEvent):
    TYPE: ClassVar[str] = "rwyn.quantity_set"


class CheckClosed(EventData):
    TYPE: ClassVar[str] = "rwyn.check_closed"
    check_id: int
    name: str


class Purchased(EventData):
    TYPE: ClassVar[str] = "rwyn.purchased"
    character_id: str
    name: str
    item: str
    cost: int
    band: str
    resource: str
    limit: int | None = None
    check_id: int | None = None


class PointsLost(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.points_lost"
    resource: str
    points: int
    check_id: int


class BoughtBack(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.bought_back"
    resource: str
    points: int
    xp: int


class XpAwarded(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.xp_awarded"
    amount: int


class StressTaken(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.stress_taken"
    track: str
    amount: int
    result: str
    check_id: int | None = None


class ConsequenceTaken(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.consequence_taken"
    severity: str
    text: str


class TakenOut(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.taken_out"
    by_choice: bool
    how: str


class OutDecided(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.out_decided"
    how: str


class Recovered(CharacterEvent):
    TYPE: ClassVar[str] = "rwyn.recovered"
    severity: str


class SceneEnded(EventData):
    TYPE: ClassVar[str] = "rwyn.scene_ended"
    characters: tuple[Character, ...]
    session: bool


class GmNoted(EventData):
    TYPE: ClassVar[str] = "rwyn.gm_note"
    text: str


EVENTS = declare_events(
    CharacterAdded,
    AbilitySet,
    QualityAdded,
    TalentAdded,
    CheckCalled,
    CheckAsked,
    CheckRolled,
    Sacrificed,
    DisasterRolled,
    RerollOffered,
    DisasterRerolled,
    CheckResolved,
    EffectsChosen,
    ComplicationsChosen,
    MixedNoted,
    CriticalChosen,
    QuantitySet,
    CheckClosed,
    Purchased,
    PointsLost,
    BoughtBack,
    XpAwarded,
    StressTaken,
    ConsequenceTaken,
    TakenOut,
    OutDecided,
    Recovered,
    SceneEnded,
    GmNoted,
)
