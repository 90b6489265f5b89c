"""The campaign part of each character's sheet: rep cards, negative rep, followers, progression boxes.

One row per piece, by the character's name (what a person reads), with the
piece's own key where the page draws by one (a follower's type: the words say
"2 Fans") and the character's id last (the key the web table draws each piece
on its own character's sheet by); the CLI lists them. The pieces: rep cards with their
source, who they are exclusive to and whether they are unspent, marked (kept
once on a Social roll, 6+ next time, WD-REP-006), this downtime's only
(a Fan's, WD-FOLLOW-010) or spent today (WD-REP-004); negative rep with its
citations and the escalation its count has reached (WD-REP-009..013);
followers by type with their passive and how many are tapped this phase
(WD-FOLLOW-002/003/005); the progression boxes checked against the milestone's
four, each box against how often it may be checked (WD-PROG-002..004), or the
mini-progression's picks (WD-DN-017); half dots waiting (WD-PROG-006).

The rules' numbers are worked out here; the page only lays them out. What a
player may not know stays out: a hidden NPC's ledger and a secret negative
card (nobody witnessed it, WD-REP-010) are in the GM's rows alone.
"""

from __future__ import annotations

from typing import Final

from capeworks.engine import Panel, Viewer
from capeworks.systems.weaverdice.campaign.downtime import rep_cap
from capeworks.systems.weaverdice.campaign.followers import current_phase
from capeworks.systems.weaverdice.campaign.model import Ledger, RepCard
from capeworks.systems.weaverdice.campaign.progression import BOXES
from capeworks.systems.weaverdice.campaign.rewards import ESCALATIONS, escalation
from capeworks.systems.weaverdice.campaign.settings import followers_of
from capeworks.systems.weaverdice.state import WdState

__all__ = ["SHEET_COLUMNS", "SHEET_TITLE", "sheet_panel"]

SHEET_TITLE: Final = "Campaign sheet"
#: character is the name a person reads, character id its key;
#: part is rep, negative, follower, box, progression; what id is a follower's type ("" for the rest)
SHEET_COLUMNS: Final = ("character", "part", "what", "detail", "state", "what id", "character id")


def _words(key: str) -> str:
    return key.replace("_", " ")


def _card(state: WdState, card: RepCard) -> tuple[str, str, str]:
    what = f"#{card.id} {card.source}"
    detail = f"exclusive to {card.exclusive}" if card.exclusive else "general"
    if card.owners:  # the GM may name owners by id or by name (WD-REP-002): a person reads names
        names = (state.people[o].name if o in state.people else o for o in card.owners)
        detail += f"; shared by {', '.join(names)}"
    if card.downtime_only:
        standing = "this downtime only"
    elif card.consumable:
        standing = "unspent, used up when played"
    elif card.marked:
        standing = "unspent, marked: kept again on 6+"
    else:
        standing = "unspent"
    return what, detail, standing


def _rep(state: WdState, ident: str, ledger: Ledger, gm: bool) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    live = [c for c in ledger.rep if not c.negative]
    penalty = f"-{ledger.penalty} on the next Social roll" if ledger.penalty else ""
    rows.append(("rep", "held", f"{len(live)} of {rep_cap(state, ident)} at day's end", penalty))
    rows.extend(("rep", *_card(state, c)) for c in live)
    for c in ledger.spent:
        what, detail, _ = _card(state, c)
        rows.append(("rep", what, detail, "spent today"))
    negative = [c for c in ledger.rep if c.negative and (gm or not c.secret)]
    if negative:
        tier = escalation(len(negative), state.config.campaign.negative_rep_per_tier)
        reached = f"escalation {tier}: {ESCALATIONS[tier - 1]}" if tier else "no escalation yet"
        rows.append(("negative", "held", f"{len(negative)} card{'s' * (len(negative) != 1)}", reached))
        for c in negative:
            cited = f"cited {c.cited} time{'s' * (c.cited != 1)}"
            rows.append(
                ("negative", f"#{c.id} {c.source}", cited, "secret: the GM's" if c.secret else "known")
            )
    return rows


def _followers(state: WdState, ledger: Ledger) -> list[tuple[str, ...]]:
    conf = state.config.campaign
    now = current_phase(state)
    rows: list[tuple[str, ...]] = []
    for kind, count in sorted(ledger.followers.items()):
        if count <= 0:
            continue
        kind_of = conf.follower(kind)
        benefit = kind_of.passive if kind_of is not None else "the GM's call"
        tapped = sum(1 for until in ledger.tapped.get(kind, ()) if until >= now)
        active = ledger.active(kind, now, conf.follower_passive_max)
        said = f"{active} active, {tapped} tapped"
        rows.append(("follower", followers_of(kind, count), benefit, said, kind))
    return rows


def _progression(state: WdState, ledger: Ledger) -> list[tuple[str, ...]]:
    conf = state.config.campaign
    rows: list[tuple[str, ...]] = []
    credit = f"{ledger.box_credit} to {'pick' if conf.progression == 'mini' else 'check'}"
    if conf.progression == "mini":
        taken = ", ".join(str(n) for n in ledger.mini_taken) or "none yet"
        rows.append(("progression", "mini-progression", f"options taken: {taken}", credit))
        if ledger.morale_lift:  # option 12: the day starts a step higher for a while
            left = f"{ledger.morale_lift} encounter{'' if ledger.morale_lift == 1 else 's'} left"
            rows.append(("progression", "morale lift", "+1 morale baseline", left))
    else:
        filled = sum(ledger.boxes.values())
        need = conf.boxes_for_milestone
        goal = "goal cleared" if ledger.goal_cleared else "goal open"
        rows.append(("progression", "boxes", f"{filled} of {need} for a milestone", f"{credit}; {goal}"))
        for box, most in BOXES.items():
            n = ledger.boxes.get(box, 0)
            twice = " (may be checked twice)" if most > 1 else ""
            rows.append(("box", _words(box), f"{n} of {most}{twice}", "full" if n >= most else "open"))
    for pool, halves in sorted(ledger.half_dots.items()):
        if halves:
            rows.append(("progression", f"half dot: {pool.value}", "one more makes a whole dot", "waiting"))
    return rows


def sheet_panel(state: WdState, viewer: Viewer) -> Panel | None:
    """Each visible character's campaign sheet, one row a piece (see the module docstring)."""
    rows: list[tuple[str, ...]] = []
    for ident, ledger in state.campaign.ledgers.items():
        c = state.people.get(ident)
        if c is None or (c.hidden and not viewer.is_gm) or ident not in state.sheets:
            continue
        mine = [
            *_rep(state, ident, ledger, viewer.is_gm),
            *_followers(state, ledger),
            *_progression(state, ledger),
        ]
        # each row's what id: a follower's type, which its words ("2 Fans") do not spell as a key
        rows.extend((c.name, *row[:4], row[4] if len(row) > 4 else "", ident) for row in mine)
    if not rows:
        return None
    return Panel(
        title=SHEET_TITLE,
        columns=SHEET_COLUMNS,
        rows=tuple(rows),
        note="Rep cards, negative rep, followers and progression, by character.",
    )
