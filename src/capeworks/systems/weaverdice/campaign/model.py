"""What the campaign layer keeps between sessions: ledgers, the downtime phase, projects, recruits,
intel targets, missions and negotiations.

Plain data, no rules (those are in the section modules). A hidden value (an
intel cell's tidbit, a finding DC, a candidate's undisclosed details, a secret
negative rep card, a cape-business check) lives here but reaches a player only
through :func:`~.view.campaign_view`, which strips it, and only GM-only events
carry it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.vocab import Pool

__all__ = [
    "Campaign",
    "Candidate",
    "Cell",
    "CraftProject",
    "FollowerDue",
    "Ledger",
    "LongTerm",
    "Mission",
    "Negotiation",
    "Phase",
    "Recruitment",
    "RepCard",
    "Session",
    "Slots",
    "Target",
    "Track",
    "intel_key",
]


def intel_key(kind: str, tier: int) -> str:
    """How intel is counted: ``violent:2`` (type and tier, WD-INTEL-002)."""
    return f"{kind}:{tier}"


class RepCard(Frozen):
    """A rep card (WD-REP-002): its source, who it works with, whose it is, and whether it is marked."""

    id: int
    source: str
    exclusive: str = ""
    owners: tuple[str, ...] = ()
    marked: bool = False
    #: always consumed when used (a Fan's tap, WD-FOLLOW-010)
    consumable: bool = False
    #: a Fan's passive rep: usable this downtime phase only (WD-FOLLOW-010)
    downtime_only: bool = False
    #: a costume piece's card, kept after use on a d6 of this or more (High-Tier Icon and Affiliation
    #: 4+, High-Tier Affiliation 2+: WD-EQUIP-016/017); 0: as any card
    kept_on: int = Field(default=0, ge=0, le=7, exclude_if=lambda v: not v)
    #: negative rep (WD-REP-009..013): cited by the GM, held against the character
    negative: bool = False
    #: a negative card nobody witnessed: only the GM knows of it (WD-REP-010)
    secret: bool = False
    #: earned by a gun fired at someone (WD-REP-010): a secret one is kept out of the players' count of
    #: guns fired as well as their cards
    gun: bool = Field(default=False, exclude_if=lambda v: not v)
    cited: int = 0
    #: a card for several players (WD-REP-002, src 426-427): each named owner at the table holds a
    #: copy under this key ("holder:id"); spending or marking one does the same to every copy
    shared: str = Field(default="", exclude_if=lambda v: not v)

    def playable_by(self, ident: str, name: str) -> bool:
        """Whether the character ``ident`` (called ``name``) may play it: not negative, and one of its
        owners when it names any ('For players Astronaught and Bomber only', WD-REP-002)."""
        if self.negative:
            return False
        return not self.owners or bool({name.lower(), ident} & {o.lower() for o in self.owners})


class LongTerm(Frozen):
    """A long-term condition (WD-REST-002..005): days left, a scar, or a lengthy 'get past it' check."""

    name: str
    days: int = 0
    scar: bool = False
    #: a lengthy check to get past it (withdrawal, brainwashing): its DC and progress
    dc: int = 0
    progress: int = 0
    sixes: int = 0
    #: two natural sixes also finish it (brainwashing, WD-REST-003)
    two_sixes: bool = False
    #: halvings by a professional so far (each raises the next TN, WD-REST-004)
    halvings: int = 0


class FollowerDue(Frozen):
    """An Eager or Trusted Follower box checked, its follower not yet joined (WD-PROG-009/010): the
    player's choice ("pick" between two, "start" at once, or none), whether Good morale allowed one
    (an Eager box, read when checked), and the two the GM offered once a pick is owed."""

    box: str
    choice: str = ""
    good_morale: bool = False
    offered: tuple[str, ...] = ()


#: where the numbers of cards only the GM knows of start (WD-REP-010): apart from the players' own
#: numbering, so no gap in it tells the table a card was dealt behind the screen
SECRET_CARD_IDS = 1000


class Ledger(Frozen):
    """One character's campaign sheet: money, rep, followers, progression, intel, long-term conditions."""

    money: int = 0
    rep: tuple[RepCard, ...] = ()
    next_card: int = 1
    #: -1 per negative card cited, taken by the next Social roll (WD-REP-009)
    penalty: int = 0
    #: general rep cards spent this day, which a Journalist may help keep when self-promoting (WD-FOLLOW-009)
    spent: tuple[RepCard, ...] = ()
    followers: dict[str, int] = Field(default_factory=dict)
    #: follower type -> for each tapped one, the phase through which its passive is lost (WD-FOLLOW-003)
    tapped: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    #: follower types the GM has found the criteria met for (WD-FOLLOW-002)
    eligible: tuple[str, ...] = ()
    #: progression boxes checked on the current list, by box (WD-PROG-003)
    boxes: dict[str, int] = Field(default_factory=dict)
    #: boxes awarded and not yet checked (WD-PROG-002)
    box_credit: int = 0
    #: Equipment Slot boxes over the character's lifetime (WD-PROG-007)
    equipment_gains: int = 0
    #: costume slots gained with no costume on the sheet yet
    costume_slots: int = 0
    #: half dots by pool (WD-PROG-006)
    half_dots: dict[Pool, int] = Field(default_factory=dict)
    goal_cleared: bool = False
    #: milestone options taken, in order (WD-PROG-019)
    options: tuple[str, ...] = ()
    #: perk rolls waiting for a pick: the option and the faces (WD-PROG-020..022)
    perk_faces: tuple[int, ...] = ()
    #: workshop tools bought (``machining``: WD-CRAFT-012's machining equipment)
    tools: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: guns fired at someone since the last milestone (WD-REP-010), against Expand Power's avoided-guns
    #: roll (WD-PROG-020); the creative power uses cited for Expand Power so far
    guns_fired: int = Field(default=0, exclude_if=lambda v: not v)
    cited_uses: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: an Eager or Trusted Follower box whose follower the GM (or a pick) has still to name
    follower_due: FollowerDue | None = Field(default=None, exclude_if=lambda v: v is None)
    perks: tuple[str, ...] = ()
    power_perk_rolls: int = 0
    #: intel held, by ``type:tier`` (WD-INTEL-002)
    intel: dict[str, int] = Field(default_factory=dict)
    conditions: tuple[LongTerm, ...] = ()
    underlings: tuple[str, ...] = ()
    #: a Master Craft "take 4" used this day (WD-CRAFT-022)
    took_four: bool = False
    #: crafting slots toward the next Multitasker free action (WD-CRAFT-017)
    craft_slots: int = 0
    free_actions: int = 0
    #: downtimes left of moving base (WD-INTEL-034): those tracking the character find them at half DC
    relocating: int = 0
    #: the mini-progression variant (WD-DN-017): options taken off the list, picks toward the
    #: make-or-break point, the money series' last amount (WX-54), rep picks left after option 7,
    #: free downtime slots to come (options 14/15)
    mini_taken: tuple[int, ...] = Field(default=(), exclude_if=lambda v: not v)
    mini_picks: int = Field(default=0, exclude_if=lambda v: not v)
    mini_money: int = Field(default=0, exclude_if=lambda v: not v)
    #: the other money option's series when both 9 and 10 are running (each halves on its own)
    mini_money_second: int = Field(default=0, exclude_if=lambda v: not v)
    mini_rep: int = Field(default=0, exclude_if=lambda v: not v)
    free_slots: int = Field(default=0, exclude_if=lambda v: not v)
    #: option 12's raised morale baseline: encounters left at +1 (WD-DN-017 PROPOSED, "for the next
    #: Social-score encounters")
    morale_lift: int = Field(default=0, exclude_if=lambda v: not v)
    #: the effort dots still spent when a fight ended with no lull while a lift ran: a lull with no more
    #: spent since closes that same fight, not a new encounter (WD-DN-017, src 409)
    lift_settles: int = Field(default=0, exclude_if=lambda v: not v)
    #: professionals this character has done business with: their reference rate since (WD-REST-004/005)
    clients_of: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: intel-grid unlocks this character holds as write-ups or heard at a meeting, by target (WD-INTEL-035)
    writeups: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    #: the sheet's Fans joined this ledger's ``followers`` (tapped and lost like any): counted here alone
    #: from then on; a sheet from an older log keeps its Fans on the sheet (:func:`~.followers.sheet_fans`)
    fans_joined: bool = Field(default=False, exclude_if=lambda v: not v)

    def active(self, kind: str, phase: int, most: int = 6) -> int:
        """Followers of a type whose passive counts now (tapped ones do not; at most ``most``)."""
        held = self.followers.get(kind, 0)
        tapped = sum(1 for until in self.tapped.get(kind, ()) if until >= phase)
        return max(0, min(most, held - tapped))

    def intel_count(self, kind: str, tier: int) -> int:
        return self.intel.get(intel_key(kind, tier), 0)

    def card_id(self, *, secret: bool = False) -> int:
        """The number of a card dealt now: the next of the players' numbering, or for a secret card
        the next from :data:`SECRET_CARD_IDS` (which leaves ``next_card`` as it was)."""
        if not secret:
            return self.next_card
        return max((c.id for c in self.rep if c.id >= SECRET_CARD_IDS), default=SECRET_CARD_IDS - 1) + 1

    @property
    def guns_seen(self) -> int:
        """Guns fired as the players know it: a secret card's gunshot is the GM's alone (WD-REP-010)."""
        return self.guns_fired - sum(1 for c in self.rep if c.secret and c.gun)


class Session(Frozen):
    """What one downtime slot is doing: its action, the actions/rolls left in it and its target."""

    action: str
    left: int = 0
    target: str = ""
    #: natural faces rolled in this phase's surveillance of the target (WD-INTEL-022)
    faces: tuple[int, ...] = ()
    #: a Multitasker's craft slot with its free action unspent: the project the slot opened for,
    #: which the free action may not go to ("for an unrelated item", WD-CRAFT-017, src 1565)
    free_not_for: str = Field(default="", exclude_if=lambda v: not v)


class Slots(Frozen):
    """A character's downtime slots this phase (WD-DT-002, WD-DT-006)."""

    total: int
    used: int = 0
    bonus: bool = False
    session: Session | None = None
    #: the actions taken, in order (the downtime board)
    actions: tuple[str, ...] = ()

    @property
    def left(self) -> int:
        return self.total - self.used


class Phase(Frozen):
    """One downtime phase: its number and each character's slots."""

    number: int
    slots: dict[str, Slots] = Field(default_factory=dict)


class CraftProject(Frozen):
    """A lengthy crafting or repair attempt (WD-CRAFT-002..006, -013)."""

    id: str
    crafter: str
    item: str
    tier: str
    dc: int
    price: int = 0
    paid: int = 0
    repair: bool = False
    #: gear, or a program, base or meal (WD-CRAFT-007)
    equipment: bool = True
    #: the roll cap (Knowledge, +1 machined, WD-CRAFT-003/012)
    cap: int
    rolls: tuple[int, ...] = ()
    #: extra rolls that do not count toward the cap (a helper hanging out, WD-CRAFT-010)
    extra: int = 0
    bonus: int = 0
    #: collaborators devoting a slot this phase: each adds a die to every roll (WD-CRAFT-010)
    helpers: tuple[str, ...] = ()
    result: str = ""
    #: a listed costume piece: the grid cell ("row,col") and affiliation group it goes in once made
    cell: str = Field(default="", exclude_if=lambda v: not v)
    group: str = Field(default="", exclude_if=lambda v: not v)
    #: made with Contrive: the piece it makes repairs at DC +5 (WD-CRAFT-020)
    contrived: bool = Field(default=False, exclude_if=lambda v: not v)

    @property
    def total(self) -> int:
        return sum(self.rolls) + self.bonus

    @property
    def done(self) -> bool:
        return bool(self.result)


class Candidate(Frozen):
    """A prospective recruit (WD-RECRUIT-011): details the recruiter sees only once revealed."""

    id: str
    name: str
    recruitment: str
    details: dict[str, str] = Field(default_factory=dict)
    revealed: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()
    #: lacks the sought qualifier (WD-RECRUIT-003): GM-only
    off_target: bool = False
    milestones: int = 0
    skills: int = 0
    reputation: int = 0
    hired: bool = False
    #: the follower type a follower candidate joins as, not an underling (WD-RECRUIT-001)
    follower: str = Field(default="", exclude_if=lambda v: not v)


class Recruitment(Frozen):
    """One Recruit action's result: who recruits, the openings it yielded and the questions left."""

    id: str
    recruiter: str
    capes: bool = False
    openings: int = 0
    questions: int = 0
    #: applicants may lack what was sought (20%), unless every sought penalty was doubled
    loose: bool = False
    #: unsought types the search turned up anyway (WD-RECRUIT-010)
    surprises: tuple[str, ...] = ()
    vetted: bool = False
    candidates: tuple[str, ...] = ()
    #: openings a Fan's tap added (WD-FOLLOW-010): the candidates presented into them are the Fans'
    fans: int = Field(default=0, exclude_if=lambda v: not v)
    #: whose Fan each of those openings was, in order: a group's id, or "" for the recruiter's own
    #: (WD-FOLLOW-008); empty when all were the recruiter's, as before groups could be tapped
    fan_groups: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)

    def fan_source(self, candidate: str) -> str | None:
        """Whose Fan brought ``candidate``: a group's id, "" for the recruiter's own, None for no Fan."""
        extra = self.candidates.index(candidate) - (self.openings - self.fans)
        if not self.fans or extra < 0:
            return None
        return self.fan_groups[extra] if extra < len(self.fan_groups) else ""


class Cell(Frozen):
    """One intel-grid cell (WD-INTEL-010): its tag and TN; its tidbit stays GM-only until unlocked."""

    tag: str
    tn: int
    tidbit: str = ""
    unlocked: bool = False
    blocked: bool = False
    #: unlocked by a hidden NPC: its tidbit stays the GM's (WD-NPC-003)
    secret: bool = Field(default=False, exclude_if=lambda v: not v)


class Track(Frozen):
    """The hidden NPCs' own work on an intel target, the GM's alone (WD-NPC-003): what the players'
    fields of :class:`Target` hold for them, kept apart so a player's view and rolls never move with it
    (their duplicates, strikes, alerts, unlocks, lines and run are not the players'). ``found`` and
    ``thread_found`` also hold when the DC is 0; ``find_dc``/``thread_dc``, when set, are the DCs as
    the hidden NPCs' spent intel cut them (WD-INTEL-003)."""

    find_dc: int | None = None
    thread_dc: int | None = None
    find_progress: int = 0
    find_rolls: int = 0
    find_rolls_by: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)
    found: bool = False
    thread_progress: int = 0
    thread_found: bool = False
    strikes: int = 0
    alerts: int = 0
    unlocked: tuple[int, ...] = ()
    lines: tuple[str, ...] = ()
    seen_faces: tuple[int, ...] = ()
    seen_phase: int = 0
    seen_by: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    run: int = 0
    node: str = ""
    #: the finding and thread DCs the hidden NPCs worked from when the target began to move, their own
    #: cut DCs halved meanwhile (WD-INTEL-034); None: not moving, or no DC of their own when it began
    unmoved: tuple[int, int] | None = Field(default=None, exclude_if=lambda v: v is None)


#: the fields a :class:`Track` shares with :class:`Target` by name
TRACKED: tuple[str, ...] = ("find_progress", "find_rolls", "find_rolls_by", "thread_progress", "strikes")
TRACKED += ("alerts",)
TRACKED += ("lines", "seen_faces", "seen_phase", "seen_by", "run", "node")


class Target(Frozen):
    """An intel target: finding/thread progress, its grid, strikes and alerts (WD-INTEL-005..027)."""

    id: str
    name: str
    size: int
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    cells: tuple[Cell, ...]
    dispositions: tuple[str, ...]
    find_dc: int = 0
    find_progress: int = 0
    find_rolls: int = 0
    #: each searcher's own finding rolls, whose Athletics and Wits alternate ("the player can roll
    #: Athletics and Wits (alternating)", src 1797); rolls before it (older logs) count as anyone's
    find_rolls_by: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)
    found: bool = False
    thread_dc: int = 0
    thread_progress: int = 0
    thread_found: bool = False
    strikes: int = 0
    alerts: int = 0
    #: guards or cameras lower it (WD-INTEL-024); 0: the config's
    strike_limit: int = 0
    #: rows and columns completed (WD-INTEL-017)
    lines: tuple[str, ...] = ()
    #: natural faces of this phase's surveillance, for duplicate strikes (WD-INTEL-022)
    seen_faces: tuple[int, ...] = ()
    seen_phase: int = 0
    #: who rolled each of the last ``len(seen_by)`` faces: a repeat is the roller's own ("a number
    #: they've already rolled", src 1874); faces before it (older logs) count as anyone's
    seen_by: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: successes in a row this phase, for a runaway (WD-INTEL-041)
    run: int = 0
    #: a deeper quartet's four cells and its node: "", "open" (all four cleared) or "cleared" (WD-INTEL-038)
    quartet: tuple[int, ...] = ()
    node: str = ""
    #: downtimes left of a move (WD-INTEL-034): its DCs are halved meanwhile (GM-only)
    moving: int = 0
    #: the finding and thread DCs the move began from, to come back to when it is done (GM-only; None:
    #: not moving, or a move from a log before it, which doubles the halved DCs back)
    unmoved: tuple[int, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: unique details already named about the target, each once (WD-INTEL-040, src 2027), as folded
    details: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: the hidden NPCs' work on this target (WD-NPC-003), the GM's alone; None: none yet
    gm_track: Track | None = Field(default=None, exclude_if=lambda v: v is None)

    def cell(self, r: int, c: int) -> Cell:
        return self.cells[r * self.size + c]

    def worked_hidden(self) -> Target:
        """This target as the hidden NPCs work it: the grid's cells, TNs and DCs, with their own
        :class:`Track` for progress, strikes and unlocks (empty until they start)."""
        track = self.gm_track or Track()
        find_dc = self.find_dc if track.find_dc is None else track.find_dc
        thread_dc = self.thread_dc if track.thread_dc is None else track.thread_dc
        return self.model_copy(
            update={
                **{k: getattr(track, k) for k in TRACKED},
                "find_dc": find_dc,
                "thread_dc": thread_dc,
                "found": track.found or find_dc == 0,
                "thread_found": track.thread_found or thread_dc == 0,
                "cells": tuple(
                    c.model_copy(update={"unlocked": i in track.unlocked, "secret": True})
                    for i, c in enumerate(self.cells)
                ),
                "gm_track": None,
            }
        )

    def skipped(self, cells: Sequence[Cell] | None = None) -> tuple[set[int], set[int]]:
        """Rows and columns the target has none of, folded out of the grid (WD-INTEL-018, src 1868):
        every cell of the line blocked."""
        grid = self.cells if cells is None else cells
        n = self.size
        rows = {r for r in range(n) if all(grid[r * n + c].blocked for c in range(n))}
        cols = {c for c in range(n) if all(grid[r * n + c].blocked for r in range(n))}
        return rows, cols

    def entry(self, method: str) -> int:
        """The method's corner (WD-INTEL-013): surveillance's top left, research's bottom right, of
        the grid left once skipped lines are folded out: src 1795's grids keep 'only pertinent
        headings'."""
        n = self.size
        skip_rows, skip_cols = self.skipped()
        rows = [r for r in range(n) if r not in skip_rows]
        cols = [c for c in range(n) if c not in skip_cols]
        if not rows or not cols:
            return 0 if method == "surveil" else n * n - 1
        pick = min if method == "surveil" else max
        return pick(rows) * n + pick(cols)

    def finished_lines(self, unlocked: set[int], cells: Sequence[Cell] | None = None) -> tuple[str, ...]:
        """Rows and columns fully unlocked (WD-INTEL-017), a skipped line's cells left out: a celebrity
        with no Capabilities still has a Movements row to finish (src 1868)."""
        n = self.size
        skip_rows, skip_cols = self.skipped(cells)
        done = [
            self.rows[r]
            for r in range(n)
            if r not in skip_rows and all(r * n + c in unlocked or c in skip_cols for c in range(n))
        ]
        done += [
            self.cols[c]
            for c in range(n)
            if c not in skip_cols and all(r * n + c in unlocked or r in skip_rows for r in range(n))
        ]
        return tuple(done)

    def available(self, method: str) -> tuple[int, ...]:
        """Cells a method may work on (WD-INTEL-013/014): its entry corner, or any locked cell
        orthogonally next to an unlocked one (unlocks are shared by both methods)."""
        n = self.size
        entry = self.entry(method)
        out = []
        for i, cell in enumerate(self.cells):
            if cell.unlocked or cell.blocked:
                continue
            r, c = divmod(i, n)
            near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if i == entry or any(
                0 <= y < n and 0 <= x < n and self.cells[y * n + x].unlocked for y, x in near
            ):
                out.append(i)
        return tuple(out)


class Mission(Frozen):
    """A planned mission (WD-PLAN): its details' possible values, the locked ones, banked rolls."""

    id: str
    planner: str
    kind: str
    date: str = ""
    #: detail -> possible values, best first
    options: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    #: the value a detail has before anyone refines it
    defaults: dict[str, str] = Field(default_factory=dict)
    locked: dict[str, str] = Field(default_factory=dict)
    #: a rolled value waiting for keep-or-take (WD-PLAN-003): detail -> value
    offered: dict[str, str] = Field(default_factory=dict)
    #: whose Plan action rolled them: that player chooses (src 1445); "" in older logs, anyone's
    offered_by: str = Field(default="", exclude_if=lambda v: not v)
    banked: tuple[str, ...] = ()
    launched: bool = False


class Negotiation(Frozen):
    """A negotiation (WD-SOCIAL-002..005): its TN, modifiers, and penalties from catastrophic rolls."""

    id: str
    party: str
    tn: int = 4
    relationship: int = 0
    offer: int = 0
    penalty: int = 0
    #: the last failed roll, which rep may still rescue (WD-REP-004): character -> (modifier, *faces)
    failed: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    rolls: int = 0
    closed: bool = False
    outcome: str = ""
    #: who has had their roll in these talks: one each, another try only with rep (WD-SOCIAL-005, WD-REP-004)
    rolled: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class Group(Frozen):
    """A group's shared followers (WD-FOLLOW-008): members, cap extensions, followers and taps."""

    id: str
    name: str
    members: tuple[str, ...]
    #: notable members beyond the PCs listed, and expansions (properties, investment, advancement)
    extra: int = 0
    followers: dict[str, int] = Field(default_factory=dict)
    tapped: dict[str, tuple[int, ...]] = Field(default_factory=dict)

    @property
    def cap(self) -> int:
        """Notable members (a PC gang starts at its players) plus expansions (WD-FOLLOW-008)."""
        return len(self.members) + self.extra

    def active(self, kind: str, phase: int, most: int = 6) -> int:
        held = self.followers.get(kind, 0)
        tapped = sum(1 for until in self.tapped.get(kind, ()) if until >= phase)
        return max(0, min(most, held - tapped))


class Campaign(Frozen):
    """Everything the campaign layer adds to a Weaverdice table."""

    phase: Phase | None = None
    phases: int = 0
    ledgers: dict[str, Ledger] = Field(default_factory=dict)
    projects: dict[str, CraftProject] = Field(default_factory=dict)
    recruitments: dict[str, Recruitment] = Field(default_factory=dict)
    candidates: dict[str, Candidate] = Field(default_factory=dict)
    targets: dict[str, Target] = Field(default_factory=dict)
    missions: dict[str, Mission] = Field(default_factory=dict)
    negotiations: dict[str, Negotiation] = Field(default_factory=dict)
    groups: dict[str, Group] = Field(default_factory=dict)
    #: surveillance failures waiting for the strike-or-not choice: character -> target (WD-INTEL-021)
    strike_choice: dict[str, str] = Field(default_factory=dict)
    #: characters over the rep cap who must discard (WD-REP-007): character -> how many
    discards: dict[str, int] = Field(default_factory=dict)
    #: hidden GM checks from cape business (WD-BIZ-002): GM-only notes
    checks: tuple[str, ...] = ()
    #: intel types the GM added beside the dispositions (WD-INTEL-002 PROPOSED), in the order added
    intel_types: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)

    def ledger(self, ident: str) -> Ledger:
        return self.ledgers.get(ident) or Ledger()

    def penalty_taken(self, ident: str) -> Campaign:
        """A Social roll took the -1s of the negative rep cited against it (WD-REP-009): spent."""
        return evolve(self, {"ledgers": {**self.ledgers, ident: evolve(self.ledger(ident), {"penalty": 0})}})
