"""Followers (WD-FOLLOW): types as data, the roll to gain one, caps, passives and taps.

Types are data in the config (:class:`~.settings.FollowerType`): a GM adds one
there (WD-FOLLOW-001/002). Gaining one needs its criteria met (the GM says
so, or discarding rep over the cap for a Fan) and a Social roll above the
number of that type already held (WD-FOLLOW-004), within the follower cap of
2 x Social + 3 per milestone + bonuses (WD-FOLLOW-006). Passives count at
most six of a type (WD-FOLLOW-005). Tapping uses an active option and the
follower's passive is lost for the rest of this phase and all of the next
(WD-FOLLOW-003); a follower over the cap is tapped once and lost
(WD-FOLLOW-007). Taps: a Journalist removes a negative card on Social 5+
while self-promoting (its rep-for-intel trade is Cape Business's,
WD-FOLLOW-009); a Fan gives a consumable rep card when rep is below the
number of Fans, or adds a recruitment candidate (WD-FOLLOW-010,
WD-RECRUIT-016); a Craftsman turns a project's worst roll into a 4
(WD-FOLLOW-011, WD-CRAFT-011).
"""

from __future__ import annotations

from typing import TypeVar

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.buy_up import bought_up
from capeworks.systems.weaverdice.campaign.downtime import (
    add_card,
    ledger_of,
    live_rep,
    sheet_fans,
)
from capeworks.systems.weaverdice.campaign.group_passives import lapse_group_fans
from capeworks.systems.weaverdice.campaign.model import Campaign, CraftProject, Group, Ledger, Recruitment
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import a_follower, follower_title
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person, roll_check
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "current_phase",
    "follower_count",
    "form_group",
    "gain_follower",
    "join_fans",
    "lose_follower",
    "member_group",
    "tap",
    "tap_follower",
    "tap_group",
]


def form_group(state: WdState, ctx: Ctx, c: cc.FormGroup, dice: DiceService) -> Done:
    """The GM forms a group that shares followers: cap = its notable members (WD-FOLLOW-008)."""
    if c.group in state.campaign.groups:
        raise RuleViolation("WD-FOLLOW-008", f"There is already a group called {c.group}.")
    for member in c.members:
        person(state, member)
    group = Group(id=c.group, name=c.name, members=tuple(dict.fromkeys(c.members)), extra=c.extra)
    b = Builder(state, ctx, dice)
    b.emit(ce.GroupFormed(groups=(group,), names={m: state.people[m].name for m in group.members}))
    return b.batch


def current_phase(state: WdState) -> int:
    """The phase a tap counts from: the open one, else the next."""
    phase = state.campaign.phase
    return phase.number if phase is not None else state.campaign.phases + 1


def follower_count(ledger: Ledger, sheet_fans: int = 0) -> int:
    """Followers held: the campaign's, and the Fans a sheet joined with (``sheet_fans``), who are Fans
    like any other (src 1359: 'They could come in any combination')."""
    return sum(ledger.followers.values()) + sheet_fans


def join_fans(campaign: Campaign, counts: dict[str, int]) -> Campaign:
    """Fold a joining character's ``fans``: the sheet's Fans become ledger followers, tapped, lost and
    counted like Fans won in play (src 1359, 1372; WD-FOLLOW-010)."""
    ledgers = dict(campaign.ledgers)
    for ident, count in counts.items():
        old = ledgers.get(ident) or Ledger()
        followers = {**old.followers, "fan": old.followers.get("fan", 0) + count}
        ledgers[ident] = evolve(old, {"followers": followers, "fans_joined": True})
    return evolve(campaign, {"ledgers": ledgers})


def gain_follower(state: WdState, ctx: Ctx, c: cc.GainFollower, dice: DiceService) -> Done:
    """Social must exceed the followers of that type held (WD-FOLLOW-004), within the cap (WD-FOLLOW-006)."""
    who = person(state, c.character)
    kind = c.kind.lower()
    if ctx.config.campaign.follower(kind) is None:
        raise RuleViolation("WD-FOLLOW-002", f"There is no follower type called {c.kind}.")
    ledger = ledger_of(state, c.character)
    if kind not in ledger.eligible:
        raise RuleViolation(
            "WD-FOLLOW-002", f"{who.name} has not met the criteria for {a_follower(kind)} yet."
        )
    group = member_group(state, c.group, c.character) if c.group else None
    if group is not None:  # shared followers: the group's cap and count (WD-FOLLOW-008)
        if sum(group.followers.values()) >= group.cap:
            raise RuleViolation("WD-FOLLOW-008", f"{group.name} already has {group.cap} followers, its cap.")
        held = group.followers.get(kind, 0)
    else:
        sheet = state.sheet(c.character)
        cap = sheet.follower_cap
        extra = sheet_fans(state, c.character)
        if follower_count(ledger, extra) >= cap:
            raise RuleViolation("WD-FOLLOW-006", f"{who.name} already has {cap} followers, the cap.")
        held = ledger.followers.get(kind, 0) + (extra if kind == "fan" else 0)  # the sheet's Fans too
    b = Builder(state, ctx, dice)
    roll, _ = roll_check(
        b, c.character, (Stat.SOCIAL,), tn=held + 1, bonus=-ledger.penalty, purpose="follower"
    )
    if c.morale_buy:  # WD-MORALE-003: a step of high morale on a roll of one's own
        roll = bought_up(b, c.character, roll, held + 1, what="Social")
    gained = roll.success
    eligible = list(ledger.eligible)
    eligible.remove(kind)
    ledger = evolve(ledger, {"eligible": tuple(eligible), "penalty": 0})
    groups: tuple[Group, ...] = ()
    if gained and group is not None:
        groups = (evolve(group, {"followers": {**group.followers, kind: held + 1}}),)
    elif gained:
        ledger = evolve(ledger, {"followers": {**ledger.followers, kind: ledger.followers.get(kind, 0) + 1}})
    b.emit(
        ce.FollowerGained(
            character=c.character,
            name=who.name,
            kind=kind,
            roll=roll.total,
            needed=held + 1,
            gained=gained,
            ledgers={c.character: ledger},
            groups=groups,
        )
    )
    return b.batch


_Holder = TypeVar("_Holder", Ledger, Group)


def lose_follower(holder: _Holder, kind: str) -> _Holder:
    """One follower of ``kind`` fewer, the last tapped one going first (a Fan hurt helping, or one
    whose candidate was hired, is the one tapped, src 1372; WD-FOLLOW-007, -010)."""
    held = holder.followers.get(kind, 0)
    followers = {k: v for k, v in holder.followers.items() if k != kind}
    tapped = {k: v for k, v in holder.tapped.items() if k != kind}
    if holder.tapped.get(kind, ())[:-1]:
        tapped[kind] = holder.tapped[kind][:-1]
    return evolve(
        holder, {"followers": {**followers, kind: held - 1} if held > 1 else followers, "tapped": tapped}
    )


def member_group(state: WdState, ident: str, member: str) -> Group:
    """The group ``ident`` that ``member`` belongs to, or a refusal (WD-FOLLOW-008)."""
    group = state.campaign.groups.get(ident)
    if group is None or member not in group.members:
        raise RuleViolation("WD-FOLLOW-008", f"{person(state, member).name} is in no group called {ident}.")
    return group


def tap_group(state: WdState, group: Group, kind: str) -> tuple[Group, bool]:
    """Tap a group's follower: every member loses its passive (WD-FOLLOW-008)."""
    now = current_phase(state)
    if group.active(kind, now, most=99) <= 0:
        raise RuleViolation(
            "WD-FOLLOW-003", f"{group.name} has no untapped {follower_title(kind)} to call on."
        )
    if sum(group.followers.values()) > group.cap:
        left = group.followers[kind] - 1
        followers = {k: v for k, v in group.followers.items() if k != kind}
        if left:
            followers[kind] = left
        return evolve(group, {"followers": followers}), True
    return evolve(group, {"tapped": {**group.tapped, kind: (*group.tapped.get(kind, ()), now + 1)}}), False


def tap(state: WdState, ledger: Ledger, ident: str, kind: str, most: int = 6) -> tuple[Ledger, bool]:
    """Tap one active follower of ``kind``: its passive goes until the end of the next phase; one over
    the cap is lost instead (WD-FOLLOW-003/007). Returns the ledger and whether one was lost."""
    now = current_phase(state)
    who = person(state, ident)
    if ledger.active(kind, now, most=99) <= 0:
        raise RuleViolation("WD-FOLLOW-003", f"{who.name} has no untapped {follower_title(kind)} to call on.")
    sheet = state.sheet(ident)
    if follower_count(ledger, sheet_fans(state, ident)) > sheet.follower_cap:
        left = ledger.followers[kind] - 1
        followers = {k: v for k, v in ledger.followers.items() if k != kind}
        if left:
            followers[kind] = left
        return _lapse_fan_rep(state, ident, evolve(ledger, {"followers": followers}), kind, now, most), True
    tapped = {**ledger.tapped, kind: (*ledger.tapped.get(kind, ()), now + 1)}
    return _lapse_fan_rep(state, ident, evolve(ledger, {"tapped": tapped}), kind, now, most), False


def _lapse_fan_rep(state: WdState, ident: str, ledger: Ledger, kind: str, now: int, most: int) -> Ledger:
    """A Fan tapped (or lost) in an open phase takes its passive rep of this phase with it: the passive
    is lost "for the rest of the downtime phase" (src 1348, WD-FOLLOW-003/010)."""
    if kind != "fan" or state.campaign.phase is None:
        return ledger
    # the character's own Fans' cards: a group's Fans' (shared) are the group's (group_passives)
    held = min(most, ledger.active("fan", now, most) + sheet_fans(state, ident))  # the sheet's Fans too
    excess = sum(1 for x in ledger.rep if x.downtime_only and not x.shared) - held
    if excess <= 0:
        return ledger
    gone: set[int] = set()
    for card in ledger.rep:
        if card.downtime_only and not card.shared and len(gone) < excess:
            gone.add(card.id)
    return evolve(ledger, {"rep": tuple(x for x in ledger.rep if x.id not in gone)})


def _journalist_occasion(state: WdState, c: cc.TapFollower) -> None:
    """A Journalist is tapped 'when doing Cape Business to exchange rep for intel ... or when Self
    Promoting to try (Social 5+) to remove negative rep' (src 1344-1346, WD-FOLLOW-009): the intel
    trade is Cape Business's own (its ``journalist_rep``), the Social roll needs a Self-Promote slot
    this downtime phase."""
    who = person(state, c.character)
    if c.use == "intel":
        raise RuleViolation(
            "WD-FOLLOW-009",
            "A Journalist trades rep for intel during Cape Business: name the rep cards in that action.",
        )
    phase = state.campaign.phase
    slots = phase.slots.get(c.character) if phase is not None else None
    if slots is None or "self_promote" not in slots.actions:
        raise RuleViolation(
            "WD-FOLLOW-009",
            f"A Journalist fights negative rep while {who.name} self-promotes: spend a downtime slot on "
            "Self-Promote first.",
        )


def tap_follower(state: WdState, ctx: Ctx, c: cc.TapFollower, dice: DiceService) -> Done:
    """Tap a follower for its active use (WD-FOLLOW-003, -009..011)."""
    who = person(state, c.character)
    kind = c.kind.lower()
    spec = ctx.config.campaign.follower(kind)
    if spec is None or c.use not in spec.taps:
        uses = ", ".join(spec.taps) if spec else "none"
        raise RuleViolation("WD-FOLLOW-002", f"{a_follower(kind, start=True)} can be tapped for: {uses}.")
    if kind == "journalist":
        _journalist_occasion(state, c)
    # src 1372: "If you have less than [# of fans] rep, tap a fan": the rep held as the Fan is called on,
    # the tapped Fan's own card for the phase still in hand (it goes with the tap, WD-FOLLOW-003)
    held_before = len(live_rep(ledger_of(state, c.character)))
    groups: tuple[Group, ...] = ()
    if c.group:
        group, lost = tap_group(state, member_group(state, c.group, c.character), kind)
        groups, ledger = (group,), ledger_of(state, c.character)
    else:
        most = ctx.config.campaign.follower_passive_max
        ledger, lost = tap(state, ledger_of(state, c.character), c.character, kind, most)
    b = Builder(state, ctx, dice)
    projects: tuple[CraftProject, ...] = ()
    recruitments: tuple[Recruitment, ...] = ()
    removed = None
    total: int | None = None
    turned = 0
    if kind == "journalist" and c.use == "unrep":
        card = next((x for x in ledger.rep if x.negative and x.id == c.card), None)
        if card is None:
            raise RuleViolation("WD-FOLLOW-009", f"{who.name} holds no negative rep card {c.card}.")
        # a Social roll: negative rep cited against it takes its -1 off, and is used up (WD-REP-009)
        roll, _ = roll_check(b, c.character, (Stat.SOCIAL,), tn=5, bonus=-ledger.penalty, purpose="unrep")
        ledger = evolve(ledger, {"penalty": 0})
        if roll.success:
            removed = card.id
            ledger = evolve(ledger, {"rep": tuple(x for x in ledger.rep if x.id != card.id)})
        total = roll.total
    elif kind == "fan" and c.use == "rep":
        fans = (groups[0].followers if groups else ledger.followers).get("fan", 0)
        if held_before >= fans:
            raise RuleViolation(
                "WD-FOLLOW-010", f"A Fan gives rep only while {who.name} holds fewer than {fans}."
            )
        ledger = add_card(ledger, source="a fan", consumable=True)
    elif kind == "fan" and c.use == "candidate":
        r = state.campaign.recruitments.get(c.recruitment)
        if r is None or r.recruiter != c.character:
            raise RuleViolation("WD-RECRUIT-016", f"{who.name} has no recruitment called {c.recruitment}.")
        sources = (*r.fan_groups, *("",) * (r.fans - len(r.fan_groups)), c.group or "")
        fan_groups = sources if any(sources) else ()  # whose Fan to lose if its candidate is hired
        recruitments = (
            evolve(r, {"openings": r.openings + 1, "fans": r.fans + 1, "fan_groups": fan_groups}),
        )
    elif kind != "fan":  # the craftsman: one automatic 4 in place of a bad roll
        p = state.campaign.projects.get(c.project)
        if p is None or p.done or p.crafter != c.character or not p.rolls:
            raise RuleViolation("WD-CRAFT-011", f"{who.name} has no project under way called {c.project}.")
        worst = min(range(len(p.rolls)), key=lambda i: p.rolls[i])
        if p.rolls[worst] >= 4:
            raise RuleViolation("WD-CRAFT-011", "A Craftsman replaces a roll below 4; none is.")
        projects = (evolve(p, {"rolls": (*p.rolls[:worst], 4, *p.rolls[worst + 1 :])}),)
        turned = p.rolls[worst]
    ledgers = {c.character: ledger}
    if groups and kind == "fan":  # the tapped Fan's card for the phase goes from every member
        ledgers = lapse_group_fans(state, groups[0], ledgers, ctx.config.campaign.follower_passive_max)
    b.emit(
        ce.FollowerTapped(
            character=c.character,
            name=who.name,
            kind=kind,
            use=c.use,
            total=total,
            turned=turned,
            moved_on=lost,
            projects=projects,
            recruitments=recruitments,
            lost_negative=removed,
            ledgers=ledgers,
            groups=groups,
        )
    )
    return b.batch
