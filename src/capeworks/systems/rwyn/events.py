"""The events of a Roll When You Need table, as typed payloads (``rwyn.*``).

Events that change a character record facts (the character's id and name, what changed), and
the fold (:mod:`capeworks.systems.rwyn.state`) works the new sheet out from them; they are at
version 2, their version 1 held the whole sheet after the change (see :data:`UPCASTERS`). Only
``character_added`` carries a sheet: the new character is the fact. Checks and calls are still
carried whole and upserted. Renderers read these models, never raw dictionaries.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

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
    "SceneQualityNoted",
    "SheetFacts",
    "StressTaken",
    "TakenOut",
    "TalentAdded",
    "XpAwarded",
]


class RwynEvent(EventData, ruleset="rwyn"):
    """Base of every Roll When You Need event: its type is ``rwyn.<snake_case class name>``."""


class CharacterEvent(RwynEvent, abstract=True):
    """Base: an event carrying a character's whole sheet (only a new character's, now)."""

    character: Character


class CharacterAdded(CharacterEvent):
    """A character joins the table."""


class SheetFacts(RwynEvent, abstract=True):
    """Base: a change to one character's sheet, as facts the fold applies (version 2).

    At version 1 these events held the whole sheet after the change (``character``); their
    upcaster keeps its id and name (:func:`_sheet_to_id`), and the fold works the change out again
    from the facts, which every version 1 event also held.
    """

    VERSION = 2

    character_id: str
    name: str


class AbilitySet(SheetFacts):
    ability: str
    rating: int


class QualityAdded(SheetFacts):
    quality: Quality


class TalentAdded(SheetFacts):
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
    """Something bought (or a favour had); ``rating`` is the Wealth/Reputation the cost was weighed
    against, for the words only (None in logs written before it was carried)."""

    character_id: str
    name: str
    item: str
    cost: int
    band: str
    resource: str
    limit: int | None = None
    check_id: int | None = None
    rating: int | None = None


class PointsLost(SheetFacts):
    """Wealth or Reputation lost for good (RWYN-ABIL-007/010): ``points`` is what was actually lost;
    ``rating`` is the rating after it, for the words only (the fold works from ``points``; None in
    logs written before it was carried)."""

    resource: str
    points: int
    check_id: int
    rating: int | None = None


class BoughtBack(SheetFacts):
    """Lost points bought back (RWYN-ABIL-009) for ``xp`` XP; ``rating`` is the resource's rating after
    it, for the words only (the fold works from ``points``; None in logs written before it was
    carried: their words leave it out)."""

    resource: str
    points: int
    xp: int
    rating: int | None = None


class XpAwarded(SheetFacts):
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


class TakenOut(SheetFacts):
    """Taken out: by choice instead of a consequence (RWYN-STRESS-003), or by a fourth consequence
    the player accepted (RWYN-STRESS-004; in older logs the ``stress_taken`` just before it had
    already marked it)."""

    by_choice: bool
    how: str


class OutDecided(SheetFacts):
    """The GM says how a fourth consequence takes the character out (RWYN-STRESS-005)."""

    how: str


class Recovered(SheetFacts):
    """One consequence heals; ``text`` is its words, for the log only (empty when it had none of its
    own, and in logs written before it was carried)."""

    severity: str
    text: str = Field(default="", exclude_if=lambda v: not v)


class SceneEnded(RwynEvent):
    """A scene (or the session) ends: stress and the consequences due clear on every character.

    Version 3: a character taken out for good heals nothing (src 21: "usually death"). Version 2 (the
    ids of the characters it cleared) healed theirs like anyone's; its upcaster sets
    ``heals_out_for_good`` so those logs replay as written. Version 1 held each one's whole sheet.
    """

    VERSION = 3

    character_ids: tuple[str, ...]
    session: bool
    #: the names of the characters taken out by choice who are back in play as it ends (RWYN-STRESS-003:
    #: they left the conflict, not the game); logs from before named none
    back: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: logs written before version 3 only: the consequences of a character out for good healed too
    heals_out_for_good: bool = Field(default=False, exclude_if=lambda v: not v)


def _sheets_to_ids(data: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2 of ``scene_ended``: the sheets give way to their ids."""
    facts = {k: v for k, v in data.items() if k != "characters"}
    return facts | {"character_ids": [c["id"] for c in data["characters"]]}


def _out_for_good_healed(data: dict[str, Any]) -> dict[str, Any]:
    """v2 -> v3 of ``scene_ended``: it was written when the consequences of a character out for good
    healed as anyone's did, so it says so (the fold then heals them, as the log's words then told)."""
    return data | {"heals_out_for_good": True}


class SceneQualityNoted(RwynEvent):
    """A quality of a place, situation or person comes into play (or, with no quality, leaves it)."""

    subject: str
    quality: Quality | None = None


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
    SceneQualityNoted,
    GmNoted,
)

#: (event type, version) -> its data at the next version, for logs written before a payload changed
UPCASTERS: dict[tuple[str, int], Upcaster] = {
    (StressTaken.TYPE, 1): _sheet_to_id,
    (ConsequenceTaken.TYPE, 1): _sheet_to_id,
    **{
        (event.TYPE, 1): _sheet_to_id
        for event in (
            AbilitySet,
            QualityAdded,
            TalentAdded,
            PointsLost,
            BoughtBack,
            XpAwarded,
            TakenOut,
            OutDecided,
            Recovered,
        )
    },
    (SceneEnded.TYPE, 1): _sheets_to_ids,
    (SceneEnded.TYPE, 2): _out_for_good_healed,
}
