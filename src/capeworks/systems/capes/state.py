"""The folded state of a Capes table: players, characters, resources, conflicts, scene and page.

Every model is frozen; the rules build new states with ``model_copy`` and
fresh dicts, never by mutation. Phases and turns are explicit fields so the
rules can say whose turn it is (CAPES-PRIN-003).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.sheet import CharacterSheet, ConflictKind

__all__ = [
    "ActionState",
    "Alliance",
    "AndThen",
    "CapesState",
    "CharacterState",
    "Claim",
    "Conflict",
    "Inspiration",
    "Page",
    "PagePhase",
    "PendingRoll",
    "ReactionWindow",
    "Round",
    "Scene",
    "Side",
    "Stake",
    "StakeCheck",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Inspiration(BaseModel):
    """A stored value that raises one die to it; remembers the Conflict it came from (CAPES-ACT-004)."""

    model_config = _FROZEN

    value: int = Field(ge=1, le=6)
    source: str = ""


class CharacterState(BaseModel):
    """A character in the roster: its sheet, who made it, and the Debt on its pools."""

    model_config = _FROZEN

    sheet: CharacterSheet
    creator: str = ""
    debt: dict[str, int] = Field(default_factory=dict)
    #: in how many Scenes each player has played it: who "mostly played" it (CAPES-CHAR-011, src 255);
    #: counted from the choices of this version on (older logs' were not)
    played: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)

    @property
    def mostly_played_by(self) -> str:
        """The player who has played it in the most Scenes; its maker while nobody has more than anyone
        else (never played, or a tie), since the table knows no better."""
        if not self.played:
            return self.creator
        top = max(self.played.values())
        leaders = [p for p, n in self.played.items() if n == top]
        return leaders[0] if len(leaders) == 1 else self.creator


class Stake(BaseModel):
    """Debt a character moved from one pool onto a side (CAPES-STAKE-001)."""

    model_config = _FROZEN

    character: str
    pool: str
    amount: int


class Side(BaseModel):
    """One outcome of a Conflict, with its dice and the Debt staked on it."""

    model_config = _FROZEN

    id: str
    label: str = ""
    dice: tuple[int, ...] = (1,)
    stakes: tuple[Stake, ...] = ()
    original: bool = True
    created_page: int = 0

    @property
    def total(self) -> int:
        """The side's value: the sum of its dice (CAPES-CONF-003)."""
        return sum(self.dice)

    @property
    def staked(self) -> int:
        """All Debt staked on this side."""
        return sum(s.amount for s in self.stakes)


class Alliance(BaseModel):
    """The side a character last rolled to help, and when (CAPES-CONF-004)."""

    model_config = _FROZEN

    side: str
    seq: int


class Conflict(BaseModel):
    """A Conflict card (CAPES-CONF-001)."""

    model_config = _FROZEN

    id: str
    kind: ConflictKind
    text: str
    creator: str
    creator_player: str
    created_page: int
    sides: tuple[Side, ...]
    aim_side: str = ""
    goal_for: tuple[str, ...] = ()
    both_want: bool = Field(default=False, exclude_if=lambda v: not v)
    alliances: dict[str, Alliance] = Field(default_factory=dict)
    paid_token: bool = False
    free_key: str = ""

    @property
    def card(self) -> str:
        """The card as a person reads it: the label a command names and what it is about, "c1 (The
        vault door holds)"."""
        return f"{self.id} ({self.text})"

    def side(self, side_id: str) -> Side | None:
        """The side with this id (case ignored), or None."""
        return next((s for s in self.sides if s.id == side_id.upper()), None)

    def aims(self, side_id: str) -> bool:
        """Whether this side winning a Goal is the Goal succeeding (CAPES-EG-004): its aim side, or
        either first side of a Goal both sides want, each its own way (CAPES-EG-005, src 126)."""
        if not self.aim_side:
            return False
        return side_id == self.aim_side or (self.both_want and side_id in ("A", "B"))


class Claim(BaseModel):
    """A player's claim on one side of a Conflict for this Page (CAPES-PAGE-004)."""

    model_config = _FROZEN

    player: str
    conflict: str
    side: str


class PendingRoll(BaseModel):
    """An ability roll waiting for its roller to accept it or turn the die back (CAPES-ABIL-003)."""

    model_config = _FROZEN

    player: str
    character: str
    ability: str
    conflict: str
    side: str
    die: int
    old: int
    new: int
    help: str
    reaction: bool = False


class ReactionWindow(BaseModel):
    """Who may still react to an accepted roll, and whose turn it is to say (CAPES-REACT-003)."""

    model_config = _FROZEN

    conflict: str
    side: str
    die: int
    order: tuple[str, ...]
    passed: tuple[str, ...] = ()
    asker: str = ""


class ActionState(BaseModel):
    """The Action in progress (CAPES-ACT-001/002)."""

    model_config = _FROZEN

    player: str
    character: str
    bought: bool = False
    core_done: bool = False
    created: str = ""
    roll: PendingRoll | None = None
    reactions: ReactionWindow | None = None
    reacted: tuple[str, ...] = ()


class AndThen(BaseModel):
    """Narration about a Conflict that someone on its controlling side must finish (CAPES-CONF-006)."""

    model_config = _FROZEN

    conflict: str
    by: str
    finishers: tuple[str, ...]
    #: the hand-off lapses when its Conflict leaves play (resolved, Deadlocked, vetoed, discarded);
    #: older logs' hand-offs stayed, and fold as they did
    lapses: bool = Field(default=False, exclude_if=lambda v: not v)


class Round(StrEnum):
    """The free go-around, then the go-arounds bought with Story Tokens."""

    FREE = "free"
    BOUGHT = "bought"


class PagePhase(StrEnum):
    """The phases of a Page (CAPES-PAGE-003), Overdrawn rolls first (PROPOSED)."""

    OVERDRAWN = "overdrawn"
    CLAIMS = "claims"
    NARRATION = "narration"
    ACTIONS = "actions"
    RESOLVING = "resolving"


class Page(BaseModel):
    """The Page in progress."""

    model_config = _FROZEN

    number: int
    starter: str
    phase: PagePhase = PagePhase.OVERDRAWN
    turn: str = ""
    round: Round = Round.FREE
    bought_this_pass: bool = False
    claims: tuple[Claim, ...] = ()
    free_actions_used: tuple[str, ...] = ()
    action: ActionState | None = None
    overdrawn_done: tuple[str, ...] = ()
    resolved: tuple[str, ...] = ()
    #: who just claimed and may still add Conflicts until anyone else acts (src 85, CAPES-PAGE-009)
    after_claim: str = Field(default="", exclude_if=lambda v: not v)
    #: resolving goes once round in turn order (src 131): after a Gloat, it goes on from the gloater, so
    #: those before them, whose turn has gone by, do not look at their claims again
    resolving_from: str = Field(default="", exclude_if=lambda v: not v)


class Scene(BaseModel):
    """The Scene in progress: its cast, casting turn, blocks and failed Goals."""

    model_config = _FROZEN

    number: int
    declarer: str
    text: str = ""
    cast: dict[str, str] = Field(default_factory=dict)
    casting: bool = True
    turn: str = ""
    round: Round = Round.FREE
    bought_this_pass: bool = False
    blocked: tuple[str, ...] = ()
    failed_goals: tuple[str, ...] = ()
    free_used: tuple[str, ...] = ()
    end_votes: tuple[str, ...] = ()
    page: Page | None = None
    #: the Scene ends by itself at a Page that leaves no Conflict, if nobody wants one (CAPES-SCENE
    #: PROPOSED); older logs' Scenes went on until voted to an end, and fold as they did
    ends_itself: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a Deadlock is declared at the Resolving, on the declarer's turn in its go-around (CAPES-RES-009,
    #: src 130-142); older logs' Scenes took one from anybody at any time, and fold as they did
    deadlocks_in_turn: bool = Field(default=False, exclude_if=lambda v: not v)
    #: that Page has ended: each player in turn (``turn``) passes or keeps the Scene going
    closing: bool = Field(default=False, exclude_if=lambda v: not v)


class Said(BaseModel):
    """Something a player said at the table, as facts: who, about which Conflict, with what move
    (``about``), and their own words; the words around them come from the log's renderer, never the fold."""

    model_config = _FROZEN

    player: str
    about: Literal["narration", "roll", "stake", "objection", "resolution", "gloat"]
    text: str = ""
    conflict: str = ""


class StakeCheck(BaseModel):
    """A stake just made, open to objection by another player until the next event but the staker's own
    end of Action, stakes or splits, or an objection to another stake; never past the Actions of its
    Page (CAPES-STAKE-003)."""

    model_config = _FROZEN

    player: str
    character: str
    pool: str
    amount: int
    conflict: str
    side: str
    #: the side's dice when the Debt was staked: an objection puts them back if the splits made since
    #: no longer fit the side without this stake (CAPES-SPLIT-002)
    dice: tuple[int, ...] = ()


class CapesState(BaseModel):
    """Everything at a Capes table."""

    model_config = _FROZEN

    config: CapesConfig = Field(default_factory=CapesConfig)
    players: tuple[str, ...] = ()
    names: dict[str, str] = Field(default_factory=dict)
    roster: dict[str, CharacterState] = Field(default_factory=dict)
    tokens: dict[str, int] = Field(default_factory=dict)
    inspirations: dict[str, tuple[Inspiration, ...]] = Field(default_factory=dict)
    conflicts: tuple[Conflict, ...] = ()
    next_conflict: int = 1
    alliance_seq: int = 0
    scene: Scene | None = None
    scenes_played: int = 0
    next_declarer: str = ""
    declarer_passes: tuple[str, ...] = ()
    vetoable: str = ""
    and_then: AndThen | None = None
    #: the stakes open to objection, one a character, Drive and Conflict: a staker's several stakes in
    #: one Action each stay open until their own window closes (CAPES-STAKE-003)
    objectable: tuple[StakeCheck, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: what the players said, in order (CAPES-ABIL-005, CAPES-STAKE-003, CAPES-RES-002, CAPES-GLOAT-003)
    narration: tuple[Said, ...] = ()
    #: the Conflict just Deadlocked: until the next event but a narration, anybody narrates its
    #: resolution, "collaboratively" (src 143), out of turn (CAPES-PRIN-003)
    collaborating: str = Field(default="", exclude_if=lambda v: not v)

    def conflict(self, conflict_id: str) -> Conflict | None:
        """The Conflict with this id (case ignored), or None."""
        key = conflict_id.strip().lower()
        return next((c for c in self.conflicts if c.id == key), None)

    def name(self, player: str) -> str:
        """A player's display name."""
        return self.names.get(player, player)

    def card(self, conflict_id: str) -> str:
        """A Conflict as a person reads it: its card label and what it is about ("c1 (The vault door
        holds)"), the label being what a command names; the label alone once the card is gone."""
        conflict = self.conflict(conflict_id)
        return conflict.card if conflict is not None else conflict_id

    def players_named(self, players: Iterable[str], empty: str = "nobody") -> str:
        """Players as a sentence lists them: "Bea, Cal" (their names, never their seat ids)."""
        return ", ".join(self.name(p) for p in players) or empty

    def characters_named(self, keys: Iterable[str]) -> str:
        """Characters as a sentence lists them: "Rampart, Inspector Vale" (names, not roster keys)."""
        return ", ".join(self.roster[k].sheet.name if k in self.roster else k for k in keys)

    def seat_named(self, said: str) -> str:
        """The seat a player means by ``said``: its id, or its name in any case ("Bea" -> "bea")."""
        if said in self.names:
            return said
        wanted = said.strip().casefold()
        return next((p for p, n in self.names.items() if n.casefold() == wanted), said)
