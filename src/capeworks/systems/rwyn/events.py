"""The events of a Roll When You Need table, as typed payloads (``rwyn.*``).

Most events that change a character or a check carry its whole new value, so the
fold (:mod:`capeworks.systems.rwyn.state`) is a plain upsert; ``stress_taken``
and ``consequence_taken`` record facts instead (version 2, see :data:`UPCASTERS`). Renderers read these
models, never raw dictionaries.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import EventData, declare_events
from capeworks.engine.upcast import Upcaster
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.checks import Check
from capeworks.systems.rwyn.sheet import Character, Quality, Talent

__all__ = [
    "EVENTS",
    "UPCASTERS",
    "AbilitySet",
    "BoughtBack",
    "CallWithdrawn",
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
    "RwynEvent",
    "Sacrificed",
    "SceneEnded",
    "StressTaken",
    "TakenOut",
    "TalentAdded",
    "XpAwarded",
]


class RwynEvent(EventData, ruleset="rwyn"):
    """Base of every Roll When You Need event: its type is ``rwyn.<snake_case class name>``."""


class CharacterEvent(RwynEvent, abstract=True):
    """Base: an event carrying a character's whole new sheet."""

    character: Character


class CharacterAdded(CharacterEvent):
    """A character joins the table."""


class AbilitySet(CharacterEvent):
    ability: str
    rating: int


class QualityAdded(CharacterEvent):
    quality: Quality


class TalentAdded(CharacterEvent):
    talent: Talent


class CheckCalled(RwynEvent):
    """The GM calls for a check or declares an enemy move against a character (RWYN-GEN-001/003)."""

    call: Call
    name: str


class CheckAsked(RwynEvent):
    """A player asks to roll; the GM sets the difficulty (RWYN-GEN-001)."""

    call: Call
    name: str


class CallWithdrawn(RwynEvent):
    """An open call lapses: the GM withdrew it, or the scene it was made in ended (RWYN-GEN-001)."""

    call: Call
    name: str
    why: str = ""


class CheckEvent(RwynEvent, abstract=True):
    """Base: an event carrying a check's whole new value and its character's name."""

    check: Check
    name: str


class CheckRolled(CheckEvent):
    #: the GM's call this roll answers (it closes)
    from_call: int | None = None


class Sacrificed(CheckEvent):
    count: int


class DisasterRolled(CheckEvent):
    """The disaster die is rolled (RWYN-POOL-004)."""


class RerollOffered(CheckEvent):
    """A reroll of the disaster die is on offer."""


class DisasterRerolled(CheckEvent):
    """The disaster die is rolled again."""


class CheckResolved(CheckEvent):
    """The check is resolved: success, mixed or failure."""


class EffectsChosen(CheckEvent):
    """The player picks the effects of a success."""


class ComplicationsChosen(CheckEvent):
    """The GM names the complications."""


class MixedNoted(CheckEvent):
    """The GM describes a mixed result."""


class CriticalChosen(CheckEvent):
    """The critical effect is chosen."""


class QuantitySet(CheckEvent):
    """The GM limits a quantity bought."""


class CheckClosed(RwynEvent):
    check_id: int
    name: str


class Purchased(RwynEvent):
    character_id: str
    name: str
    item: str
    cost: int
    band: str
    resource: str
    limit: int | None = None
    check_id: int | None = None


class PointsLost(CharacterEvent):
    resource: str
    points: int
    check_id: int


class BoughtBack(CharacterEvent):
    resource: str
    points: int
    xp: int


class XpAwarded(CharacterEvent):
    amount: int


class StressTaken(RwynEvent):
    """Stress marked on a track (RWYN-STRESS-001/002): the facts; the fold marks it on the sheet.

    Version 2. Version 1 held the character's whole sheet after the stress (``character``);
    its upcaster keeps the sheet's id and name.
    """

    VERSION = 2

    character_id: str
    name: str
    track: str
    amount: int
    result: str
    check_id: int | None = None


def _sheet_to_id(data: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2 of an event that held the whole sheet after it: the sheet gives way to its id and name."""
    sheet = data["character"]
    facts = {k: v for k, v in data.items() if k != "character"}
    return facts | {"character_id": sheet["id"], "name": sheet["name"]}


class ConsequenceTaken(RwynEvent):
    """The next consequence taken on an overflow (RWYN-STRESS-002): the facts; the fold takes it.

    Version 2. Version 1 held the character's whole sheet after it (``character``).
    """

    VERSION = 2

    character_id: str
    name: str
    severity: str
    text: str


class TakenOut(CharacterEvent):
    by_choice: bool
    how: str


class OutDecided(CharacterEvent):
    how: str


class Recovered(CharacterEvent):
    severity: str


class SceneEnded(RwynEvent):
    characters: tuple[Character, ...]
    session: bool


class GmNoted(RwynEvent, name="gm_note"):
    text: str


EVENTS = declare_events(
    CharacterAdded,
    AbilitySet,
    QualityAdded,
    TalentAdded,
    CheckCalled,
    CheckAsked,
    CallWithdrawn,
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

#: (event type, version) -> its data at the next version, for logs written before a payload changed
UPCASTERS: dict[tuple[str, int], Upcaster] = {
    (StressTaken.TYPE, 1): _sheet_to_id,
    (ConsequenceTaken.TYPE, 1): _sheet_to_id,
}
