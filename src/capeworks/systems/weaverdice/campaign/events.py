"""The campaign layer's events (``weaverdice.*``), and their fold.

Each event carries the new values of the campaign records it changes
(``ledgers``, ``projects``, ``missions`` ...) or, where a record holds a
secret (an intel target, a candidate, negative rep), only the facts a seat may
see: the GM-only half (:class:`TargetAdded`, :class:`CandidatePresented`,
:class:`NegativeRepGiven` when secret) carries the secret, the public half says
what happened. :func:`fold_campaign` is the one fold for all of them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from capeworks.engine import declare_events
from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.campaign.model import (
    SECRET_CARD_IDS,
    Campaign,
    Candidate,
    CraftProject,
    Group,
    Ledger,
    Mission,
    Negotiation,
    Phase,
    Recruitment,
    RepCard,
    Target,
    Track,
)
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.events import WdEvent
from capeworks.systems.weaverdice.facts import CombatantPatch, SheetPatch
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.state import Combatant, WdState, patched

__all__ = [
    "CAMPAIGN_EVENTS",
    "CampaignEvent",
    "CampaignFact",
    "Informed",
    "IntelStep",
    "IntelUse",
    "KeepRoll",
    "Planned",
    "Rested",
    "Searched",
    "SheetCampaignEvent",
    "Talked",
    "TargetPatch",
    "Treated",
    "fold_campaign",
    "moved_v1",
]


class TargetPatch(Frozen):
    """What a seat may see change on an intel target: progress, cells unlocked, strikes, lines."""

    id: str
    find_progress: int | None = None
    find_rolls: int | None = None
    #: each searcher's finding rolls (WD-INTEL-006): written since the alternation is the roller's own
    find_rolls_by: dict[str, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    found: bool | None = None
    thread_progress: int | None = None
    thread_found: bool | None = None
    strikes: int | None = None
    alerts: int | None = None
    unlock: tuple[int, ...] = ()
    lines: tuple[str, ...] | None = None
    seen_faces: tuple[int, ...] | None = None
    seen_phase: int | None = None
    #: who rolled each seen face (WD-INTEL-022): written since a repeat is the roller's own
    seen_by: tuple[str, ...] | None = Field(default=None, exclude_if=lambda v: v is None)
    run: int | None = None
    node: str | None = None
    #: the cells unlocked are a hidden NPC's: their tidbits stay the GM's (WD-NPC-003); what logs
    #: written before ``gm`` carry (their hidden NPCs' work folded into the players' track)
    secret: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a hidden NPC's work: it folds into the target's GM-only :class:`~.model.Track`, not the players'
    #: fields, and rides only on GM-only events (WD-NPC-003)
    gm: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the DCs as a hidden NPC's spent intel cut them (WD-INTEL-003): with ``gm`` only
    find_dc: int | None = Field(default=None, exclude_if=lambda v: v is None)
    thread_dc: int | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a unique detail named about the target, used up for it (WD-INTEL-040)
    detail: str = Field(default="", exclude_if=lambda v: not v)
    #: a cell's lowered TN as (index, TN): a named detail's cut (WD-INTEL-040)
    lowered: tuple[int, int] | None = Field(default=None, exclude_if=lambda v: v is None)


class CampaignFact(WdEvent, abstract=True):
    """Base of the campaign events that carry facts only (secrets' halves, notes): folded by their kind."""


class TargetMoved(CampaignFact):
    """GM-only: a target moves base (WD-INTEL-034): downtimes left and its DCs meanwhile.

    Version 2: the hidden NPCs' own DCs, as their spent intel cut them, move too (``gm_dcs``, with
    ``gm_unmoved``, where they began); version 1 left them alone (read as ``gm_dcs`` None)."""

    VERSION: ClassVar[int] = 2

    target: str
    moving: int
    find_dc: int
    thread_dc: int
    #: the target's name for the log ("" in logs before it: the id is read)
    name: str = Field(default="", exclude_if=lambda v: not v)
    #: the DCs the move began from (with the move's start; logs before it: None)
    unmoved: tuple[int, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: the hidden NPCs' own finding and thread DCs meanwhile (WD-NPC-003), None for one they have not
    #: cut (it follows ``find_dc``/``thread_dc``); None: theirs are left as they are
    gm_dcs: tuple[int | None, int | None] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: the DCs the hidden NPCs worked from when the move began (with its start, when they had cut one)
    gm_unmoved: tuple[int, int] | None = Field(default=None, exclude_if=lambda v: v is None)


def moved_v1(data: dict[str, Any]) -> dict[str, Any]:
    """``weaverdice.target_moved`` 1 -> 2: a version 1 move left the hidden NPCs' own DCs as they were,
    which a version 2 event without ``gm_dcs`` says."""
    return {k: v for k, v in data.items() if k not in ("gm_dcs", "gm_unmoved")}


class CampaignEvent(WdEvent, abstract=True):
    """Base of the campaign layer's events: the records they change, upserted by :func:`fold_campaign`.

    Version 3: what changed of each combatant is stored as a patch (``changed``), never a copy;
    ``people`` is the rule's new combatants, turned into patches by the builder (see ``Changes`` and
    :mod:`~capeworks.systems.weaverdice.facts`). Version 2: combatant copies hold no reputation
    number (:mod:`~capeworks.systems.weaverdice.campaign.reputation`)."""

    VERSION: ClassVar[int] = 3

    ledgers: dict[str, Ledger] = Field(default_factory=dict)
    changed: tuple[CombatantPatch, ...] = ()
    people: tuple[Combatant, ...] = Field(default=(), exclude=True)
    #: written at version 1, when reputation was a number: its ledgers lack the joining cards
    legacy: bool = Field(default=False, exclude_if=lambda v: not v)


class DowntimeStarted(CampaignEvent):
    """A downtime phase opens: each character's slots, with any high-morale bonus slot (WD-DT-002/006)."""

    phase: Phase
    bonus_faces: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    #: the characters' names for the log, by id ({} in logs before them: the ids are read)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)


class SlotUsed(CampaignEvent):
    """A character spends a downtime slot on an action (WD-DT-003)."""

    character: str
    name: str
    action: str
    note: str = ""
    phase: Phase


class DowntimeEnded(CampaignEvent):
    """The phase closes: morale back to baseline, rep over the cap to discard, costume rep (WD-MORALE-008,
    WD-REP-007/008)."""

    phases: int
    phase: Phase | None = None
    discards: dict[str, int] = Field(default_factory=dict)
    gained: dict[str, int] = Field(default_factory=dict)
    projects: tuple[CraftProject, ...] = ()
    #: the characters' names for the log, by id ({} in logs before them: the ids are read)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    #: words only: whose morale the day's end moves, by id, from what step to its baseline ({} in logs
    #: before it: the words read where each one lands from ``changed``)
    moved: dict[str, tuple[int, int]] = Field(default_factory=dict, exclude_if=lambda v: not v)


class RepSpent(CampaignEvent):
    """A rep card spent outside a Social roll (Leverage Reputation, WD-COMBAT-030): the ledger after."""

    character: str
    name: str
    card: str


class RepDiscarded(CampaignEvent):
    character: str
    name: str
    cards: tuple[str, ...]
    discards: dict[str, int]


class LedgersKept(CampaignEvent):
    """GM-only, after a public campaign event: the ledgers it carried with their secrets (a secret
    negative card, a hidden NPC's whole ledger), which the public one left out (:mod:`~.screen`)."""

    #: the characters' names for the GM's log, by id ({} in logs before them: the ids are read)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)


class DowntimeKept(CampaignEvent):
    """GM-only, after a public campaign event: its hidden NPCs' part, which the public one left out
    (:mod:`~.screen`): the phase with their slots, the rep they must discard, their pending strike
    choices (each whole, as the fold sets them), their bonus-slot dice and costume rep (words), and
    the projects, recruitments and missions that are theirs, and groups naming them."""

    phase: Phase | None = None
    discards: dict[str, int] | None = None
    strike_choice: dict[str, str] | None = None
    bonus_faces: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    gained: dict[str, int] = Field(default_factory=dict)
    #: words only: the hidden NPCs' morale moved back to its baseline at the day's end (from, to)
    moved: dict[str, tuple[int, int]] = Field(default_factory=dict, exclude_if=lambda v: not v)
    #: the hidden NPCs' own records (their crafting, recruiting, missions), upserted by the fold
    projects: tuple[CraftProject, ...] = ()
    recruitments: tuple[Recruitment, ...] = ()
    missions: tuple[Mission, ...] = ()
    #: groups with hidden NPCs among their members, whole (the public event left those out)
    groups: tuple[Group, ...] = ()
    #: the names of the characters it keys, for the GM's log ({} in logs before them: the ids are read)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)


class Awarded(CampaignEvent):
    """The GM hands out rewards: money, rep cards, intel, progression boxes, a cleared goal, eligibility.

    ``shared``: the words of a rep card dealt to several players at once (WD-REP-002, src 426-427),
    received by all of ``sharers`` (names); ``what`` is then the rest, ``name``'s alone. Logs written
    before ``shared`` read as they were played."""

    character: str
    name: str
    what: str
    faces: tuple[int, ...] = ()
    shared: str = Field(default="", exclude_if=lambda v: not v)
    sharers: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class NegativeRepGiven(CampaignFact):
    """Negative rep for a character (WD-REP-009/010): GM-only when nobody saw it. ``gun``: earned by a
    gun fired at someone, counted against Expand Power's avoided-guns roll (WD-PROG-020); logs written
    before it fold as they were played."""

    character: str
    name: str
    card: RepCard
    gun: bool = Field(default=False, exclude_if=lambda v: not v)


class NegativeRepCited(CampaignFact):
    """The GM cites a negative card: -1 on the roll at hand; retired after enough citations (WD-REP-012).

    A secret card is cited only as it comes to light (WD-REP-010): ``surfaced`` carries its source, and
    the fold makes it known. Logs written before ``surfaced`` fold as they were played."""

    character: str
    name: str
    card: int
    retired: bool
    surfaced: str = Field(default="", exclude_if=lambda v: not v)


class CraftStarted(CampaignEvent):
    projects: tuple[CraftProject, ...]
    character: str
    name: str
    #: the crafters' and helpers' names for the log, by id ({} in logs before them: the ids are read)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)


class Crafted(CampaignEvent):
    """Craft rolls toward a project (WD-CRAFT-002/003), and its result once decided."""

    projects: tuple[CraftProject, ...]
    character: str
    name: str
    faces: tuple[tuple[int, ...], ...] = ()
    phase: Phase | None = None


class RecruitRolled(CampaignEvent):
    """A Recruit action: its dice, the net modifier and the openings (WD-RECRUIT-001..008)."""

    recruitments: tuple[Recruitment, ...]
    character: str
    name: str
    modifier: int
    openings: int
    lost_rep: int = 0
    #: the cards lost, by their source (WD-RECRUIT-007); empty in logs from before, which say how many
    lost_cards: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    phase: Phase | None = None


class CandidatePresented(CampaignFact):
    """GM-only: a candidate with every detail (WD-RECRUIT-011)."""

    candidate: Candidate
    recruitment: Recruitment


class CandidateListed(CampaignFact):
    """The public half: a candidate's name and which details there are to learn."""

    candidate: str
    name: str
    details: tuple[str, ...]


class QuestionAsked(CampaignFact):
    """The recruiter asks about a detail (+2 on its reveal roll, WD-RECRUIT-013)."""

    character: str
    candidate: str
    detail: str
    recruitment: Recruitment
    #: the recruiter's and the candidate's names for the log ("" in logs before them: the ids are read)
    name: str = Field(default="", exclude_if=lambda v: not v)
    candidate_name: str = Field(default="", exclude_if=lambda v: not v)


class DetailsRevealed(CampaignFact):
    """Details the recruiter's Knowledge rolls revealed (WD-RECRUIT-011); only these values are public."""

    candidate: str
    name: str
    revealed: dict[str, str]
    recruitment: str
    #: the recruiter's name, for the words ("" in logs before it: "the recruiter")
    recruiter: str = Field(default="", exclude_if=lambda v: not v)


class CandidatesVetted(CampaignFact):
    """GM-only: the recruiter's Knowledge rolls behind the scenes, detail by detail."""

    recruitment: str
    lines: tuple[str, ...]


class Hired(CampaignEvent):
    #: a group whose Fan brought the candidate, less that Fan (WD-FOLLOW-008/010)
    groups: tuple[Group, ...] = Field(default=(), exclude_if=lambda v: not v)
    character: str
    name: str
    candidate: str
    recruit: str
    #: the follower type they join as; empty for an underling (WD-RECRUIT-001)
    follower: str = Field(default="", exclude_if=lambda v: not v)
    #: whose Fan, having brought this candidate, is lost with the hire (WD-FOLLOW-010, src 1372): the
    #: recruiter's or a group's name; empty when no Fan went (as every log from before reads)
    fan_lost: str = Field(default="", exclude_if=lambda v: not v)


class TargetAdded(CampaignFact):
    """GM-only: a target with its grid, tidbits and DCs (WD-INTEL-005..011)."""

    target: Target


class TargetListed(CampaignFact):
    """The public half: a target's name, grid size, labels, tags and TNs."""

    target: str
    name: str
    size: int


class Searched(Frozen):
    """A roll on an intel target, or the answer to a missed one, as facts (WD-INTEL-006/007/019..026/038):
    ``on`` the finding or thread DC (the ``progress`` after it), the deeper node, a grid ``cell`` (its
    row and column labels), the research ``table`` (``total`` its d6), a ``strike`` taken or intel
    ``spent`` on a cell in its place. The ``stat`` rolled and its ``total`` (``raw`` before a low-morale
    cap, WD-MORALE-002) against ``tn``; ``done``: found, cleared or unlocked; the intel gained (or spent)
    as ``tier`` and ``kind``; a number rolled ``again`` this phase (a strike) and the target
    ``alerted``."""

    on: Literal["find", "thread", "node", "cell", "table", "strike", "spend"]
    stat: str = Field(default="", exclude_if=lambda v: not v)
    total: int = 0
    raw: int | None = Field(default=None, exclude_if=lambda v: v is None)
    tn: int = Field(default=0, exclude_if=lambda v: not v)
    progress: int = Field(default=0, exclude_if=lambda v: not v)
    done: bool = Field(default=False, exclude_if=lambda v: not v)
    cell: tuple[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)
    tier: int = Field(default=0, exclude_if=lambda v: not v)
    kind: str = Field(default="", exclude_if=lambda v: not v)
    again: int = Field(default=0, exclude_if=lambda v: not v)
    alerted: bool = Field(default=False, exclude_if=lambda v: not v)


class IntelRolled(CampaignEvent):
    """A finding, thread or grid roll (WD-INTEL-006/007/019/025), and what it changed.

    Version 4: the roll is facts (``searched``, with the target's name for the log, ``target_name``);
    ``text`` is only an old log's line the upcaster could not read back
    (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    character: str
    name: str
    target: str
    action: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    searched: Searched | None = Field(default=None, exclude_if=lambda v: v is None)
    target_name: str = Field(default="", exclude_if=lambda v: not v)
    patch: TargetPatch
    phase: Phase | None = None
    strike_choice: dict[str, str] | None = None


class TargetSecret(CampaignFact):
    """GM-only: a target's hidden numbers changed (intel spent on a finding DC)."""

    target: str
    find_dc: int
    thread_dc: int
    #: the target's name for the GM's log ("" in logs before it: "the target" is read)
    name: str = Field(default="", exclude_if=lambda v: not v)


class IntelStep(Frozen):
    """One step of a Utilize Intel slot, as facts (WD-INTEL-028..035): an upgrade, downgrade or shuffle
    of ``tier`` intel of ``kind`` (a shuffle's new type ``into``), a base moved over ``downtimes``, a
    rebrand, or ``unlocks`` written up on ``target`` or presented, for ``readers`` (ids)."""

    verb: Literal["upgrade", "downgrade", "shuffle", "relocate", "rebrand", "write_up", "present"]
    tier: int = Field(default=0, exclude_if=lambda v: not v)
    kind: str = Field(default="", exclude_if=lambda v: not v)
    into: str = Field(default="", exclude_if=lambda v: not v)
    downtimes: int = Field(default=0, exclude_if=lambda v: not v)
    unlocks: int = Field(default=0, exclude_if=lambda v: not v)
    target: str = Field(default="", exclude_if=lambda v: not v)
    readers: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class IntelUse(Frozen):
    """Intel spent without a slot (WD-INTEL-003/015/038), as facts: ``tier`` intel of ``kind`` on the
    finding or thread DC, the deeper node or a cell; ``cell`` the row and column labels of the cell it
    unlocked (the cell spent on, or tier four's entry cell, src 1813)."""

    tier: int
    kind: str
    on: Literal["find", "thread", "node", "cell"]
    cell: tuple[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)


class IntelSpent(CampaignEvent):
    """Intel spent: on a DC or to unlock a cell (WD-INTEL-003/015), or a Utilize Intel slot
    (WD-INTEL-028..035).

    Version 5: a DC spend or an unlock records what was spent on what (``spent``); ``text`` is only an
    old log's line the upcaster could not read back into facts
    (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`). Version 4: a Utilize Intel slot records
    its ``steps`` as facts and ``names`` (the targets' and characters' names for the log, by id).
    Version 3 held the slot's line as ``text``; the upcaster reads it back into steps
    (:mod:`~capeworks.systems.weaverdice.campaign.intel_steps`)."""

    VERSION: ClassVar[int] = 5

    character: str
    name: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    steps: tuple[IntelStep, ...] = Field(default=(), exclude_if=lambda v: not v)
    spent: IntelUse | None = Field(default=None, exclude_if=lambda v: v is None)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    patch: TargetPatch | None = None
    phase: Phase | None = None


class Informed(Frozen):
    """Information the GM gave, as facts (WD-INTEL-004/040): its ``tier``, the unique ``detail`` named (as
    the GM wrote it), ``on`` the finding or thread DC (``done``: found) or a cell; the ``cell``'s row and
    column labels (a DC's tier four opens its entry cell, src 1813) and a cell's lowered ``tn`` (0: the
    cell unlocked)."""

    tier: int
    detail: str = Field(default="", exclude_if=lambda v: not v)
    on: Literal["find", "thread", "cell"]
    done: bool = Field(default=False, exclude_if=lambda v: not v)
    cell: tuple[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)
    tn: int = Field(default=0, exclude_if=lambda v: not v)


class TargetFound(CampaignEvent):
    """The finding or thread rolls made so far reach a DC that came down without a roll (a target moving
    base, WD-INTEL-034): the target or its thread is found (``patch``). Public, but for the hidden
    NPCs' track (``patch.gm``, the GM's); why the DC came down is the GM's (:class:`TargetMoved`)."""

    target: str
    #: the target's name for the log
    name: str
    patch: TargetPatch


class InformationGiven(CampaignEvent):
    """Information rated as an intel tier, or a unique detail named (WD-INTEL-004/040): a cut DC, a
    lowered TN or an unlocked cell.

    Version 4: what was given is facts (``informed``, with the target's name, ``target_name``); ``text``
    is only an old log's line the upcaster could not read back
    (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    character: str
    name: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    informed: Informed | None = Field(default=None, exclude_if=lambda v: v is None)
    target_name: str = Field(default="", exclude_if=lambda v: not v)
    patch: TargetPatch


class IntelTypesAdded(CampaignEvent):
    """Intel types the GM added beside the dispositions (WD-INTEL-002): those added now, and the table's
    added types after."""

    added: tuple[str, ...]
    intel_types: tuple[str, ...]


class GroupFormed(CampaignEvent):
    """A group that shares followers (WD-FOLLOW-008)."""

    groups: tuple[Group, ...]
    #: the members' names for the log, by id ({} in logs before them: the ids are read)
    names: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)


class FollowerGained(CampaignEvent):
    groups: tuple[Group, ...] = ()
    character: str
    name: str
    kind: str
    roll: int
    needed: int
    gained: bool


class FollowerTapped(CampaignEvent):
    """A follower tapped for its active use (WD-FOLLOW-003, -009..011).

    Version 4: the words come from the facts: the Journalist's Social ``total`` (the card gone when
    ``lost_negative`` names it), the Craftsman's ``turned`` roll (on ``projects``' item), and whether the
    follower ``moved_on`` over the cap; ``text`` is only an old log's line the upcaster could not read
    back (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    groups: tuple[Group, ...] = ()
    character: str
    name: str
    kind: str
    use: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    projects: tuple[CraftProject, ...] = ()
    recruitments: tuple[Recruitment, ...] = ()
    lost_negative: int | None = None
    total: int | None = Field(default=None, exclude_if=lambda v: v is None)
    turned: int = Field(default=0, exclude_if=lambda v: not v)
    moved_on: bool = Field(default=False, exclude_if=lambda v: not v)


class SheetCampaignEvent(CampaignEvent, abstract=True):
    """Base: a campaign event that may change a character's sheet.

    Version 4: it records what changed of the sheet (``sheet_changed``, a
    :class:`~capeworks.systems.weaverdice.facts.SheetPatch`), not the sheet after the change;
    ``sheet`` is the rule's new sheet, turned into the patch by the builder and never stored.
    Version 3 held it whole (the upcaster makes it a patch of every field)."""

    VERSION: ClassVar[int] = 4

    sheet_changed: SheetPatch | None = None
    sheet: Character | None = Field(default=None, exclude=True)


class BoxChecked(SheetCampaignEvent):
    character: str
    name: str
    box: str


class MiniPicked(SheetCampaignEvent):
    """A mini-progression pick (WD-DN-017): the option, what it gave in words, what changed of the sheet."""

    character: str
    name: str
    option: int
    what: str


class BaselineLiftWorn(CampaignEvent):
    """An encounter is over: a mini-progression morale lift (WD-DN-017 option 12) has one fewer to run."""

    character: str
    name: str
    left: int


class LiftFightClosed(CampaignEvent):
    """The fight a running morale lift counted without its lull is over for good (a night's sleep, a
    new fight, or that lull itself): a later lull closes a new situation (WD-DN-017, src 409)."""

    character: str
    name: str


class LearningStarted(SheetCampaignEvent):
    """A downtime slot of Train starts learning a new skill (WD-SKILL-006, src 342); its sheet change."""

    character: str
    name: str
    skill: str


class PieceBought(SheetCampaignEvent):
    """Go Shopping buys a costume piece at its list price (WD-DT-007 PROPOSED); its sheet change."""

    character: str
    name: str
    piece: str
    price: int


class BoxFollower(CampaignEvent):
    """An Eager or Trusted Follower box's follower (WD-PROG-009/010): the two the GM offers for the
    player to pick from (``joined`` empty), or the one who joins, ready at once or tapped."""

    character: str
    name: str
    kinds: tuple[str, ...]
    joined: str = ""
    tapped: bool = False


class MilestoneTaken(SheetCampaignEvent):
    character: str
    name: str
    option: str
    faces: tuple[int, ...]


class PerkKept(CampaignEvent):
    character: str
    name: str
    perk: str


class BudRolled(CampaignFact):
    character: str
    name: str
    face: int
    chance: int
    triggered: bool


class Treated(Frozen):
    """One roll of a rest or of paid care on what needs it (WD-REST-002..005), as facts: ``what`` (a
    scarred wound's id, a scarring effect's or a condition's name, a mangled stat), its ``kind`` (wound,
    effect, stat, scar, check, days; halve for care), the roll's ``total`` (None: a stat already whole,
    no roll), whether it ``done`` its work (healed, gone, a point back, past the check, halved), and
    whether high morale ``bought`` it up (WD-MORALE-003); a check's ``progress`` of ``dc``, the days
    ``left``, care's ``tn``."""

    what: str
    kind: Literal["wound", "effect", "stat", "scar", "check", "days", "halve"]
    total: int | None = None
    done: bool = False
    bought: bool = Field(default=False, exclude_if=lambda v: not v)
    progress: int = Field(default=0, exclude_if=lambda v: not v)
    dc: int = Field(default=0, exclude_if=lambda v: not v)
    left: int = Field(default=0, exclude_if=lambda v: not v)
    tn: int = Field(default=0, exclude_if=lambda v: not v)


class Rested(Frozen):
    """What a Rest & Recuperate slot did (WD-REST-001..003): wounds ``mended``, the low-morale dice that
    kept wounds (``stays``), morale ``raised`` (from, to), the simple conditions ``cleared`` (status
    names) and the Guts rolls, in order."""

    mended: int = 0
    stays: tuple[int, ...] = Field(default=(), exclude_if=lambda v: not v)
    raised: tuple[int, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    cleared: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    rolls: tuple[Treated, ...] = Field(default=(), exclude_if=lambda v: not v)


class Recuperated(CampaignEvent):
    """A Rest & Recuperate slot (WD-REST-001..003).

    Version 4: what the rest did is facts (``rested``); ``text`` is only an old log's line the upcaster
    could not read back (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    character: str
    name: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    phase: Phase | None = None
    rested: Rested | None = Field(default=None, exclude_if=lambda v: v is None)


class CareBought(CampaignEvent):
    """Paid care (WD-REST-004/005).

    Version 4: the ``fee`` paid and the provider's roll (``treated``) are facts; ``text`` is only an old
    log's line the upcaster could not read back (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    character: str
    name: str
    provider: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    fee: int = Field(default=0, exclude_if=lambda v: not v)
    treated: Treated | None = Field(default=None, exclude_if=lambda v: v is None)


class Planned(Frozen):
    """A step of mission planning, as facts (WD-PLAN-001..006): the mission ``declared`` (its ``kind``
    and ``date``; ``by_gm``: set up by the GM for a player's character), the GM's ``details`` (each
    one's values, best first), a Plan action's ``advance`` roll (the stat and its ``total``) and the
    values the GM ``rolled`` for the details named, or a value ``locked`` (the detail and the value
    kept)."""

    step: Literal["declare", "details", "refine", "lock"]
    kind: str = Field(default="", exclude_if=lambda v: not v)
    date: str = Field(default="", exclude_if=lambda v: not v)
    details: dict[str, tuple[str, ...]] = Field(default_factory=dict, exclude_if=lambda v: not v)
    advance: str = Field(default="", exclude_if=lambda v: not v)
    total: int = Field(default=0, exclude_if=lambda v: not v)
    rolled: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    locked: tuple[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a declaration the GM made for a player's character: a mission set up for them, no slot taken
    #: (src 1432; False in logs before it, which read "declares")
    by_gm: bool = Field(default=False, exclude_if=lambda v: not v)


class MissionPlanned(CampaignEvent):
    """A mission declared or planned (WD-PLAN-001..006).

    Version 4: the step is facts (``planned``); ``text`` is only an old log's line the upcaster could
    not read back (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    missions: tuple[Mission, ...]
    character: str
    name: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    planned: Planned | None = Field(default=None, exclude_if=lambda v: v is None)
    phase: Phase | None = None


class MissionLaunched(CampaignEvent):
    """Mission day (WD-PLAN-004): the details never refined, each rolled twice and the worse kept.

    Version 4: the values those rolls kept are facts (``rolled``, detail to value; empty: everything was
    planned); ``text`` is only an old log's line the upcaster could not read back
    (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    missions: tuple[Mission, ...]
    name: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    rolled: dict[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)


class NegotiationOpened(CampaignEvent):
    negotiations: tuple[Negotiation, ...]
    party: str


class KeepRoll(Frozen):
    """An exclusive or costume card's keep roll after a negotiation (WD-REP-005, WD-EQUIP-016/017): its
    ``source``, the roll's ``total`` against ``need``, ``kept``, or the result a step of high morale
    ``bought`` it (WD-MORALE-003)."""

    source: str
    total: int
    need: int
    kept: bool
    bought: int = Field(default=0, exclude_if=lambda v: not v)


class Talked(Frozen):
    """A negotiation's Social roll (WD-SOCIAL-002..005) as facts: rep played ``after`` a failed roll
    (WD-REP-004) or not, the ``total`` (``raw`` before a low-morale cap, WD-MORALE-002) against ``tn``,
    ``agreed``, a ``catastrophic`` roll, and the cards' keep rolls."""

    after: bool = Field(default=False, exclude_if=lambda v: not v)
    total: int
    raw: int | None = Field(default=None, exclude_if=lambda v: v is None)
    tn: int
    agreed: bool
    catastrophic: bool = Field(default=False, exclude_if=lambda v: not v)
    keeps: tuple[KeepRoll, ...] = Field(default=(), exclude_if=lambda v: not v)


class Negotiated(CampaignEvent):
    """A Social roll in a negotiation (WD-SOCIAL-002..005, WD-REP-003..005).

    Version 4: the roll is facts (``talked``); ``text`` is only an old log's line the upcaster could not
    read back (:mod:`~capeworks.systems.weaverdice.campaign.old_lines`)."""

    VERSION: ClassVar[int] = 4

    negotiations: tuple[Negotiation, ...]
    character: str
    name: str
    text: str = Field(default="", exclude_if=lambda v: not v)
    talked: Talked | None = Field(default=None, exclude_if=lambda v: v is None)


class BusinessDone(CampaignEvent):
    """A Cape Business slot (WD-BIZ-002/004); the GM's hidden checks ride in a GM-only note."""

    character: str
    name: str
    checkins: tuple[str, ...]
    phase: Phase | None = None
    intel: str = ""
    #: the group whose Journalist was tapped for the trade (WD-FOLLOW-008)
    groups: tuple[Group, ...] = Field(default=(), exclude_if=lambda v: not v)


class BusinessChecked(CampaignFact):
    """GM-only: the hidden checks of a Cape Business check-in."""

    character: str
    text: str
    #: the checker's name for the GM's log ("" in logs before it: the id is read)
    name: str = Field(default="", exclude_if=lambda v: not v)


CAMPAIGN_EVENTS = declare_events(
    DowntimeStarted,
    SlotUsed,
    DowntimeEnded,
    RepDiscarded,
    RepSpent,
    MiniPicked,
    BaselineLiftWorn,
    LiftFightClosed,
    LearningStarted,
    PieceBought,
    Awarded,
    LedgersKept,
    DowntimeKept,
    NegativeRepGiven,
    NegativeRepCited,
    CraftStarted,
    Crafted,
    RecruitRolled,
    CandidatePresented,
    CandidateListed,
    QuestionAsked,
    DetailsRevealed,
    CandidatesVetted,
    Hired,
    TargetAdded,
    TargetListed,
    IntelRolled,
    TargetSecret,
    TargetMoved,
    TargetFound,
    IntelSpent,
    InformationGiven,
    IntelTypesAdded,
    GroupFormed,
    FollowerGained,
    FollowerTapped,
    BoxChecked,
    BoxFollower,
    MilestoneTaken,
    PerkKept,
    BudRolled,
    Recuperated,
    CareBought,
    MissionPlanned,
    MissionLaunched,
    NegotiationOpened,
    Negotiated,
    BusinessDone,
    BusinessChecked,
)

_KEYED = ("projects", "recruitments", "missions", "negotiations", "groups")


def _patch(target: Target, p: TargetPatch) -> Target:
    values: dict[str, Any] = {
        k: v
        for k, v in p.__dict__.items()
        if k not in ("id", "unlock", "secret", "gm", "detail", "lowered") and v is not None
    }
    if p.gm:  # a hidden NPC's work: its own track, the GM's (WD-NPC-003)
        track = target.gm_track or Track()
        if p.unlock:
            values["unlocked"] = tuple(sorted({*track.unlocked, *p.unlock}))
        return evolve(target, {"gm_track": evolve(track, values)})
    if p.detail:  # the players' named details and lowered TNs (WD-INTEL-040)
        values["details"] = (*target.details, p.detail)
    if p.lowered is not None:
        index, tn = p.lowered
        cells = list(target.cells)
        cells[index] = evolve(cells[index], {"tn": tn})
        values["cells"] = tuple(cells)
    if p.unlock:
        cells = list(values.get("cells", target.cells))
        for i in p.unlock:
            cells[i] = evolve(cells[i], {"unlocked": True, "secret": p.secret})
        values["cells"] = tuple(cells)
    return evolve(target, values)


def _negative(camp: Campaign, p: NegativeRepGiven | NegativeRepCited) -> Campaign:
    ledger = camp.ledger(p.character)
    if isinstance(p, NegativeRepGiven):
        new = evolve(
            ledger,
            {
                "rep": (*ledger.rep, p.card),
                # a secret card is numbered apart and moves no public numbering (WD-REP-010)
                "next_card": ledger.next_card
                if p.card.id >= SECRET_CARD_IDS
                else max(ledger.next_card, p.card.id + 1),
                **({"guns_fired": ledger.guns_fired + 1} if p.gun else {}),
            },
        )
    else:
        cards = tuple(
            evolve(c, {"cited": c.cited + 1} | ({"secret": False} if p.surfaced and c.id == p.card else {}))
            for c in ledger.rep
            if not (c.id == p.card and p.retired)
        )
        new = evolve(ledger, {"rep": cards, "penalty": ledger.penalty + 1})
    return evolve(camp, {"ledgers": {**camp.ledgers, p.character: new}})


def _facts(camp: Campaign, p: BaseModel) -> Campaign:
    """The fact-carrying events: targets, candidates, negative rep, recruiters' questions."""
    if isinstance(p, TargetAdded):
        return evolve(camp, {"targets": {**camp.targets, p.target.id: p.target}})
    if isinstance(p, TargetMoved):
        moved: dict[str, Any] = {"moving": p.moving, "find_dc": p.find_dc, "thread_dc": p.thread_dc}
        if p.unmoved is not None or not p.moving:  # the move starts from these DCs, or is done
            moved["unmoved"] = p.unmoved
        t = evolve(camp.targets[p.target], moved)
        if p.gm_dcs is not None or (t.gm_track is not None and (p.gm_unmoved is not None or not p.moving)):
            track = t.gm_track or Track()
            own = dict(zip(("find_dc", "thread_dc"), p.gm_dcs or (None, None), strict=True))
            values: dict[str, Any] = {k: v for k, v in own.items() if v is not None}
            if p.gm_unmoved is not None or not p.moving:
                values["unmoved"] = p.gm_unmoved
            t = evolve(t, {"gm_track": evolve(track, values)})
        return evolve(camp, {"targets": {**camp.targets, t.id: t}})
    if isinstance(p, TargetSecret):
        t = camp.targets[p.target]
        t = evolve(t, {"find_dc": p.find_dc, "thread_dc": p.thread_dc})
        return evolve(camp, {"targets": {**camp.targets, t.id: t}})
    if isinstance(p, CandidatePresented):
        return evolve(
            camp,
            {
                "candidates": {**camp.candidates, p.candidate.id: p.candidate},
                "recruitments": {**camp.recruitments, p.recruitment.id: p.recruitment},
            },
        )
    if isinstance(p, QuestionAsked):
        c = camp.candidates[p.candidate]
        c = evolve(c, {"asked": (*c.asked, p.detail)})
        return evolve(
            camp,
            {
                "candidates": {**camp.candidates, c.id: c},
                "recruitments": {**camp.recruitments, p.recruitment.id: p.recruitment},
            },
        )
    if isinstance(p, DetailsRevealed):
        c = camp.candidates[p.candidate]
        c = evolve(c, {"revealed": tuple(sorted({*c.revealed, *p.revealed}))})
        r = evolve(camp.recruitments[p.recruitment], {"vetted": True})
        return evolve(
            camp,
            {"candidates": {**camp.candidates, c.id: c}, "recruitments": {**camp.recruitments, r.id: r}},
        )
    if isinstance(p, Hired):
        c = evolve(camp.candidates[p.candidate], {"hired": True})
        return evolve(camp, {"candidates": {**camp.candidates, c.id: c}})
    if isinstance(p, (NegativeRepGiven, NegativeRepCited)):
        return _negative(camp, p)
    if isinstance(p, BusinessChecked):
        return evolve(camp, {"checks": (*camp.checks, p.text)})
    return camp


def fold_campaign(state: WdState, p: CampaignEvent | WdEvent) -> WdState:
    """Fold one campaign event: upsert the records it carries, then its facts. Never re-runs a rule."""
    camp = _facts(state.campaign, p)
    values = p.__dict__
    update: dict[str, Any] = {}
    if values.get("ledgers"):
        update["ledgers"] = {**camp.ledgers, **values["ledgers"]}
    for key in _KEYED:
        records = values.get(key)
        if records:
            update[key] = {**getattr(camp, key), **{r.id: r for r in records}}
    if "phase" in values and not isinstance(p, (CraftStarted,)):
        phase = values["phase"]
        if phase is not None or isinstance(p, DowntimeEnded):
            update["phase"] = phase
    if isinstance(p, DowntimeEnded):
        update["phases"] = p.phases
        update["discards"] = p.discards
    if isinstance(p, RepDiscarded):
        update["discards"] = p.discards
    if isinstance(p, IntelTypesAdded):
        update["intel_types"] = p.intel_types
    if isinstance(p, DowntimeKept) and p.discards is not None:
        update["discards"] = p.discards
    patch = values.get("patch")
    if isinstance(patch, TargetPatch):
        update["targets"] = {**camp.targets, patch.id: _patch(camp.targets[patch.id], patch)}
    choice = values.get("strike_choice")
    if choice is not None:
        update["strike_choice"] = choice
    if update:
        camp = evolve(camp, update)
    more: dict[str, Any] = {"campaign": camp}
    if isinstance(p, SheetCampaignEvent):
        if values["sheet"] is not None:
            raise TypeError(f"{type(p).__name__} was folded with a sheet copy, not facts")
        patch = values["sheet_changed"]
        if patch is not None:
            more["sheets"] = {**state.sheets, patch.id: evolve(state.sheets[patch.id], patch.changes())}
    else:
        sheet = values.get("sheet")
        if isinstance(sheet, Character):
            more["sheets"] = {**state.sheets, sheet.id: sheet}
    if values.get("people"):
        raise TypeError(f"{type(p).__name__} was folded with combatant copies, not facts")
    changed = values.get("changed")
    if changed:
        more["people"] = patched(state.people, changed)
    return evolve(state, more)
