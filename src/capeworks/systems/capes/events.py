"""The events of a Capes table, as typed payloads (``capes.*``).

Every payload may carry ``names``: display names for the seat and character
ids it mentions, added when the event is made so the log reads the same
whenever it is replayed. The fold (the ``APPLIERS`` of each topic module)
reads the data; renderers read these models.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from capeworks.engine import EventData, declare_events
from capeworks.engine.kit import Frozen
from capeworks.systems.capes.sheet import CharacterSheet
from capeworks.systems.capes.state import Conflict

__all__ = ["EVENTS", "PREFIX", "CapesEvent", "Granted", "Returned"]

PREFIX = "capes."


class Returned(Frozen):
    """Staked Debt going back to a Drive (doubled on a win, CAPES-RES-003)."""

    character: str
    pool: str
    amount: int


class Granted(Frozen):
    """An Inspiration handed to a player on resolution (CAPES-RES-006/007)."""

    player: str
    value: int


class CapesEvent(EventData):
    """Base: who did it, and the display names of the ids mentioned."""

    player: str = ""
    names: dict[str, str] = Field(default_factory=dict)


class CharacterAdded(CapesEvent):
    TYPE: ClassVar[str] = "capes.character_added"
    sheet: CharacterSheet
    creator: str


class SceneDeclared(CapesEvent):
    TYPE: ClassVar[str] = "capes.scene_declared"
    text: str
    number: int


class ScenePassed(CapesEvent):
    TYPE: ClassVar[str] = "capes.scene_passed"
    to: str


class CharacterChosen(CapesEvent):
    TYPE: ClassVar[str] = "capes.character_chosen"
    character: str
    paid: int


class CastingPassed(CapesEvent):
    TYPE: ClassVar[str] = "capes.casting_passed"


class SceneEndVoted(CapesEvent):
    TYPE: ClassVar[str] = "capes.scene_end_voted"


class SceneEnded(CapesEvent):
    TYPE: ClassVar[str] = "capes.scene_ended"
    number: int
    returned: tuple[Returned, ...] = ()
    discarded: tuple[str, ...] = ()


class Claimed(CapesEvent):
    TYPE: ClassVar[str] = "capes.claimed"
    conflict: str
    side: str
    paid: int


class ClaimsPassed(CapesEvent):
    TYPE: ClassVar[str] = "capes.claims_passed"


class Narrated(CapesEvent):
    TYPE: ClassVar[str] = "capes.narrated"
    text: str
    conflict: str = ""
    finishers: tuple[str, ...] = ()


class ActionsBegun(CapesEvent):
    TYPE: ClassVar[str] = "capes.actions_begun"


class ActionStarted(CapesEvent):
    TYPE: ClassVar[str] = "capes.action_started"
    character: str
    bought: bool
    paid: int


class ActionEnded(CapesEvent):
    TYPE: ClassVar[str] = "capes.action_ended"
    character: str


class ActionsPassed(CapesEvent):
    TYPE: ClassVar[str] = "capes.actions_passed"


class ConflictCreated(CapesEvent):
    TYPE: ClassVar[str] = "capes.conflict_created"
    conflict: Conflict
    paid: int
    as_action: bool


class ConflictVetoed(CapesEvent):
    TYPE: ClassVar[str] = "capes.conflict_vetoed"
    conflict: str
    reason: str = ""


class AbilityUsed(CapesEvent):
    """An ability rolls a die (``mode="die"``) or raises an Inspiration (``mode="inspiration"``)."""

    TYPE: ClassVar[str] = "capes.ability_used"
    mode: str
    character: str
    ability: str
    rating: int
    super: bool
    pool: str
    reaction: bool
    conflict: str = ""
    side: str = ""
    die: int = 0
    old: int = 0
    new: int = 0
    help: str = ""
    label: str = ""
    value: int = 0


class RollDecided(CapesEvent):
    """Base: the roller keeps the new face or turns the die back (CAPES-ABIL-003)."""

    character: str
    ability: str
    conflict: str
    side: str
    die: int
    old: int
    new: int
    help: str
    reaction: bool = False
    text: str = ""


class RollAccepted(RollDecided):
    TYPE: ClassVar[str] = "capes.roll_accepted"


class RollReverted(RollDecided):
    TYPE: ClassVar[str] = "capes.roll_reverted"


class ReactionPassed(CapesEvent):
    TYPE: ClassVar[str] = "capes.reaction_passed"


class Inspired(CapesEvent):
    TYPE: ClassVar[str] = "capes.inspired"
    character: str
    value: int
    conflict: str
    side: str
    die: int
    old: int
    source: str = ""


class Staked(CapesEvent):
    TYPE: ClassVar[str] = "capes.staked"
    character: str
    pool: str
    amount: int
    conflict: str
    side: str
    why: str = ""
    theme: str = ""


class StakeObjected(CapesEvent):
    TYPE: ClassVar[str] = "capes.stake_objected"
    character: str
    pool: str
    amount: int
    conflict: str
    side: str
    by: str
    reason: str = ""


class Split(CapesEvent):
    TYPE: ClassVar[str] = "capes.split"
    conflict: str
    side: str
    die: int
    value: int
    parts: tuple[int, ...]


class SplitOff(CapesEvent):
    TYPE: ClassVar[str] = "capes.split_off"
    character: str
    conflict: str
    from_side: str
    new_side: str
    label: str = ""
    dice: tuple[int, ...]
    page: int


class OverdrawnRolled(CapesEvent):
    TYPE: ClassVar[str] = "capes.overdrawn_rolled"
    character: str
    pool: str
    conflict: str
    side: str
    die: int
    old: int
    new: int
    kept: bool


class Resolved(CapesEvent):
    TYPE: ClassVar[str] = "capes.resolved"
    conflict: str
    title: str
    winner: str
    text: str = ""
    returned: tuple[Returned, ...] = ()
    tokens: tuple[str, ...] = ()
    vanished: int = 0
    pairs: tuple[tuple[int, ...], ...] = ()
    inspirations: tuple[Granted, ...] = ()
    failed: tuple[str, ...] = ()


class Gloated(CapesEvent):
    TYPE: ClassVar[str] = "capes.gloated"
    conflict: str
    side: str
    turned: tuple[int, ...]
    tokens: int
    text: str = ""


class Deadlocked(CapesEvent):
    TYPE: ClassVar[str] = "capes.deadlocked"
    conflict: str
    title: str
    text: str = ""
    returned: tuple[Returned, ...] = ()
    inspirations: tuple[Granted, ...] = ()


class PageBegun(CapesEvent):
    """A marker the rules add when a command turns the Page: the fold has already moved on."""

    TYPE: ClassVar[str] = "capes.page_begun"
    scene: int
    number: int
    starter: str


EVENTS = declare_events(
    PageBegun,
    CharacterAdded,
    SceneDeclared,
    ScenePassed,
    CharacterChosen,
    CastingPassed,
    SceneEndVoted,
    SceneEnded,
    Claimed,
    ClaimsPassed,
    Narrated,
    ActionsBegun,
    ActionStarted,
    ActionEnded,
    ActionsPassed,
    ConflictCreated,
    ConflictVetoed,
    AbilityUsed,
    RollAccepted,
    RollReverted,
    ReactionPassed,
    Inspired,
    Staked,
    StakeObjected,
    Split,
    SplitOff,
    OverdrawnRolled,
    Resolved,
    Gloated,
    Deadlocked,
)
