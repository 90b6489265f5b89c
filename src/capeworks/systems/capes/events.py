"""The events of a Capes table, as typed payloads (``capes.*``).

Every payload may carry ``names``: display names for the seat and character
ids it mentions (and the words of the Conflict card, under :data:`CARD`),
added when the event is made so the log reads the same
whenever it is replayed. The fold (the ``APPLIERS`` of each topic module)
reads the data; renderers read these models.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from capeworks.engine import EventData, declare_events
from capeworks.engine.kit import Frozen
from capeworks.engine.upcast import Upcaster
from capeworks.systems.capes.sheet import CharacterSheet, ConflictKind

__all__ = ["CARD", "EVENTS", "PREFIX", "UPCASTERS", "CapesEvent", "Granted", "Returned"]

PREFIX = "capes."

#: the prefix of the ``names`` key that carries a Conflict card's words ("conflict:c1" -> "The vault
#: door holds"), apart from the seat and character ids; older logs' events carry none
CARD = "conflict:"


class Returned(Frozen):
    """Staked Debt going back to a Drive (doubled on a win, CAPES-RES-003)."""

    character: str
    pool: str
    amount: int


class Granted(Frozen):
    """An Inspiration handed to a player on resolution (CAPES-RES-006/007)."""

    player: str
    value: int


class CapesEvent(EventData, ruleset="capes"):
    """Base: who did it, and the display names of the ids mentioned."""

    player: str = ""
    names: dict[str, str] = Field(default_factory=dict)


class CharacterAdded(CapesEvent):
    """A character joins the roster (or is remade). ``start_debt_if_super``: the table's start_debt goes
    only to a super-powered character, Debt being what using powers earns (src 44, 148-149); older
    logs' characters all took it, mundane ones too, and fold as they did."""

    sheet: CharacterSheet
    creator: str
    start_debt_if_super: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a remake's Debt from pools the new sheet lacks, by the pool that takes it (CAPES-CHAR-002); older
    #: logs' remakes dropped that Debt, and fold as they did
    moved_debt: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)


class SceneDeclared(CapesEvent):
    """A Scene declared. ``ends_itself``: it ends at a Page that leaves no Conflict if nobody wants one
    (CAPES-SCENE PROPOSED); older logs' Scenes ended only by a vote and fold as they did.
    ``deadlocks_in_turn``: its Deadlocks are declared in the Resolving go-around (CAPES-RES-009, src
    130-142); older logs' Scenes took one from anybody at any time and fold as they did."""

    text: str
    number: int
    ends_itself: bool = Field(default=False, exclude_if=lambda v: not v)
    deadlocks_in_turn: bool = Field(default=False, exclude_if=lambda v: not v)


class ScenePassed(CapesEvent):
    to: str


class CharacterChosen(CapesEvent):
    """A character chosen for the Scene. ``counts``: the choice is counted in the character's record
    of who played it (CAPES-CHAR-011, "mostly played by", src 255); older logs' choices were not."""

    character: str
    paid: int
    counts: bool = Field(default=False, exclude_if=lambda v: not v)


class CastingPassed(CapesEvent):
    """Casting passed."""


class SceneEndVoted(CapesEvent):
    """Scene end voted."""


class SceneClosePassed(CapesEvent):
    """Asked at a Page's end with no Conflict left, a player wants none (CAPES-SCENE PROPOSED)."""


class SceneContinued(CapesEvent):
    """Asked at a Page's end with no Conflict left, a player wants to add one: the next Page begins."""


class SceneEnded(CapesEvent):
    number: int
    returned: tuple[Returned, ...] = ()
    discarded: tuple[str, ...] = ()


class Claimed(CapesEvent):
    """A side claimed for this Page (CAPES-PAGE-004..008).

    ``adds_after``: the claimer may still add Conflicts before anyone else acts, "before or after
    Claiming" (src 85). Older logs' claims ended the claimer's say at once and fold as they did.
    """

    conflict: str
    side: str
    paid: int
    adds_after: bool = Field(default=False, exclude_if=lambda v: not v)


class ClaimsPassed(CapesEvent):
    """Claims passed."""


class Narrated(CapesEvent):
    """Narration. ``lapses``: its And Then hand-off ends when the Conflict leaves play; older logs'
    hand-offs stayed, and fold as they did."""

    text: str
    conflict: str = ""
    finishers: tuple[str, ...] = ()
    lapses: bool = Field(default=False, exclude_if=lambda v: not v)


class ActionsBegun(CapesEvent):
    """Actions begun."""


class ActionStarted(CapesEvent):
    character: str
    bought: bool
    paid: int


class ActionEnded(CapesEvent):
    character: str


class ActionsPassed(CapesEvent):
    """Actions passed."""


class ConflictCreated(CapesEvent):
    """A Conflict card made (CAPES-CONF-001): the facts it is made of; the fold builds the card.

    Version 2. Version 1 held the whole ``Conflict`` as it stood when made, so any change
    to that state model would have been a change to this event (see the upcaster below).
    """

    VERSION = 2

    id: str
    kind: ConflictKind
    text: str
    creator: str
    side_a: str = ""
    side_b: str = ""
    goal_for: tuple[str, ...] = ()
    both_want: bool = False
    free_key: str = ""
    paid: int
    as_action: bool


def _conflict_created_v1(data: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: the facts read off the embedded card (made with sides A and B, labelled)."""
    card = data["conflict"]
    sides = {side["id"]: side.get("label", "") for side in card.get("sides", ())}
    facts = {k: v for k, v in data.items() if k != "conflict"}
    return facts | {
        "id": card["id"],
        "kind": card["kind"],
        "text": card["text"],
        "creator": card["creator"],
        "side_a": sides.get("A", ""),
        "side_b": sides.get("B", ""),
        "goal_for": card.get("goal_for", ()),
        "free_key": card.get("free_key", ""),
    }


class ConflictVetoed(CapesEvent):
    conflict: str
    reason: str = ""


class AbilityUsed(CapesEvent):
    """An ability rolls a die (``mode="die"``) or raises an Inspiration (``mode="inspiration"``)."""

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


class RollDecided(CapesEvent, abstract=True):
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
    #: the players on the controlling side who must finish this narration (And Then, src 113); older
    #: logs' decisions asked nobody and fold as they did
    finishers: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class RollAccepted(RollDecided):
    """Roll accepted."""


class RollReverted(RollDecided):
    """Roll reverted. ``reopens``: a turned-back Reaction is a play all the same, after which those who
    passed may still react (src 201); older logs' kept their passes and fold as they did."""

    reopens: bool = Field(default=False, exclude_if=lambda v: not v)


class ReactionPassed(CapesEvent):
    """Reaction passed."""


class Inspired(CapesEvent):
    character: str
    value: int
    conflict: str
    side: str
    die: int
    old: int
    source: str = ""


class Staked(CapesEvent):
    """Debt staked on a side (CAPES-STAKE-001).

    Version 2. Version 1 also wrote the Drive's theme, display words the renderer now reads
    from ``pool`` (see the upcaster below).
    """

    VERSION = 2

    character: str
    pool: str
    amount: int
    conflict: str
    side: str
    why: str = ""


def _staked_v1(data: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: the Drive's theme, written as words beside the facts, is dropped (never read)."""
    return {k: v for k, v in data.items() if k != "theme"}


class StakeObjected(CapesEvent):
    """An objection to the stake just made (CAPES-STAKE-003): its Debt goes back to the Drive.

    ``dice``: the side's dice put back as they were when the Debt was staked, because the staker's
    splits since then no longer fit the side without it (CAPES-SPLIT-002); empty when the dice stay as
    they are (and in older logs, whose objections never followed a split).
    """

    character: str
    pool: str
    amount: int
    conflict: str
    side: str
    by: str
    reason: str = ""
    dice: tuple[int, ...] = Field(default=(), exclude_if=lambda v: not v)


class Split(CapesEvent):
    conflict: str
    side: str
    die: int
    value: int
    parts: tuple[int, ...]


class SplitOff(CapesEvent):
    character: str
    conflict: str
    from_side: str
    new_side: str
    label: str = ""
    dice: tuple[int, ...]
    page: int


class OverdrawnRolled(CapesEvent):
    character: str
    pool: str
    conflict: str
    side: str
    die: int
    old: int
    new: int
    kept: bool


class Resolved(CapesEvent):
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
    """A Gloat (CAPES-GLOAT-002). ``in_turn``: resolving goes on from the gloater in turn order, those
    before them having looked already (src 131); older logs' Gloats let an earlier claimant whose side
    the Gloat made control resolve after all, and fold as they did."""

    conflict: str
    side: str
    turned: tuple[int, ...]
    #: the faces of the turned dice, for the words; older logs' Gloats gave only their places
    values: tuple[int, ...] = Field(default=(), exclude_if=lambda v: not v)
    tokens: int
    text: str = ""
    in_turn: bool = Field(default=False, exclude_if=lambda v: not v)
    #: who must finish the gloating narration when the Gloat handed control to another side (And
    #: Then, src 113); older logs' Gloats asked nobody and fold as they did
    finishers: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: the Gloat uses up the claim on the gloated side only: the gloater's claim on another side of
    #: the card stays (src 131); older logs' Gloats dropped all their claims on it, and fold so
    one_claim: bool = Field(default=False, exclude_if=lambda v: not v)


class Deadlocked(CapesEvent):
    """A Deadlock (CAPES-RES-009). ``failed``: a Goal's characters, whose side did not resolve it (src
    123); older logs' Deadlocks recorded no failure and fold as they did."""

    conflict: str
    title: str
    text: str = ""
    returned: tuple[Returned, ...] = ()
    inspirations: tuple[Granted, ...] = ()
    failed: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class PageBegun(CapesEvent):
    """A marker the rules add when a command turns the Page: the fold has already moved on."""

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
    SceneClosePassed,
    SceneContinued,
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

#: (event type, version) -> its data at the next version, for logs written before a payload changed
UPCASTERS: dict[tuple[str, int], Upcaster] = {
    (ConflictCreated.TYPE, 1): _conflict_created_v1,
    (Staked.TYPE, 1): _staked_v1,
}
