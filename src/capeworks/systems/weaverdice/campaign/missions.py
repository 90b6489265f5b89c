"""Plan a Mission and Cape Business (WD-PLAN-001..006, WD-BIZ-002/004).

The first Plan a Mission declares it with its date and its details, each with
its possible values, best first (WD-PLAN-001/002); the GM may set one up
instead, which takes nobody's slot. Each later Plan action
names up to Knowledge details: the GM's die picks a value for each and the
planner keeps it or the value locked before, by prompt (WD-PLAN-003); or it
banks one advance skill roll instead (WD-PLAN-006). On the day, details never
refined are rolled twice and the worse kept (WD-PLAN-004).

A Cape Business slot checks in on up to three people or things; the GM's
checks on them are rolled behind the screen (WD-BIZ-002). A Journalist tapped
there trades rep for tier-1 intel on a named target, one for one
(WD-BIZ-004, WD-FOLLOW-009 PROPOSED); a group's Journalist does so for the
group's own rep, and its passive goes for every member (WD-FOLLOW-008).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import ledger_of, live_rep, take_slot
from capeworks.systems.weaverdice.campaign.followers import member_group, tap, tap_group
from capeworks.systems.weaverdice.campaign.group_passives import organisation_card
from capeworks.systems.weaverdice.campaign.model import Group, Mission, intel_key
from capeworks.systems.weaverdice.campaign.reputation import check_discarded, with_shared
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person, roll_check
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = ["cape_business", "declare_mission", "keep_detail", "launch_mission", "plan_mission"]


def declare_mission(state: WdState, ctx: Ctx, c: cc.DeclareMission, dice: DiceService) -> Done:
    """The first Plan a Mission: the mission, its date and details (WD-PLAN-001/002)."""
    who = person(state, c.character)
    if c.mission in state.campaign.missions:
        raise RuleViolation("WD-PLAN-001", f"There is already a mission called {c.mission}.")
    if (c.details or c.current) and not ctx.is_gm:  # WD-PLAN-002: "GMs roll a result" from their ranges
        raise RuleViolation(
            "WD-PLAN-002",
            "The GM sets a mission's details and their possible values: declare its kind and date.",
        )
    if not c.kind.strip():  # src 1432: "a robbery, raid, assassination, or arrest"
        raise RuleViolation("WD-PLAN-001", "Name the mission's kind: a robbery, a raid, an arrest...")
    _check_details(c.details, c.current)
    # src 1432: a mission the GM sets up for a player's character takes no slot and needs no downtime;
    # a player's own declaration (or the GM's for an NPC) is that character's Plan a Mission action
    owner = state.people[c.character].owner
    initiated = ctx.is_gm and any(s.id == owner for s in ctx.player_seats)
    phase = None if initiated else take_slot(state, c.character, "plan_mission")[0]
    mission = Mission(
        id=c.mission,
        planner=c.character,
        kind=c.kind,
        date=c.date,
        options={k: tuple(v) for k, v in c.details.items()},
        defaults=dict(c.current),
    )
    b = Builder(state, ctx, dice)
    b.emit(
        ce.MissionPlanned(
            missions=(mission,),
            character=c.character,
            name=who.name,
            planned=ce.Planned(step="declare", kind=c.kind, date=c.date, by_gm=initiated),
            phase=phase,
        )
    )
    return b.batch


def _check_details(details: dict[str, list[str]], current: dict[str, str]) -> None:
    """A detail is named and has values, best first, none blank; a value as things stand is one of its
    detail's values ("the last decided (or default) result", src 1445), for a detail given here."""
    if any(not k.strip() for k in details):
        raise RuleViolation("WD-PLAN-002", "Each detail needs a name (security, traffic, reward...).")
    if any(len(v) < 1 or any(not x.strip() for x in v) for v in details.values()):
        raise RuleViolation("WD-PLAN-002", "Each detail needs at least one possible value, best first.")
    for k, v in current.items():
        if k not in details:
            raise RuleViolation(
                "WD-PLAN-002", f"The {k} detail is not among those given here: give its values with it."
            )
        if v not in details[k]:
            raise RuleViolation(
                "WD-PLAN-002", f"The {k} detail must stand at one of its values: {', '.join(details[k])}."
            )


def set_mission_details(state: WdState, ctx: Ctx, c: cc.SetMissionDetails, dice: DiceService) -> Done:
    """The GM gives a declared mission its details, each a range of values best first (WD-PLAN-002); a
    detail already locked or waiting on a roll keeps its range."""
    m = _mission(state, c.mission)
    _check_details(c.details, c.current)
    settled = sorted(d for d in c.details if d in m.locked or d in m.offered)
    if settled:
        raise RuleViolation("WD-PLAN-002", f"Already refined, so its range stands: {', '.join(settled)}.")
    m = evolve(
        m,
        {
            "options": {**m.options, **{k: tuple(v) for k, v in c.details.items()}},
            "defaults": {**m.defaults, **c.current},
        },
    )
    who = person(state, m.planner)
    b = Builder(state, ctx, dice)
    b.emit(
        ce.MissionPlanned(
            missions=(m,),
            character=m.planner,
            name=who.name,
            planned=ce.Planned(step="details", details={k: tuple(v) for k, v in c.details.items()}),
        )
    )
    return b.batch


def _mission(state: WdState, ident: str) -> Mission:
    m = state.campaign.missions.get(ident)
    if m is None or m.launched:
        raise RuleViolation("WD-PLAN-001", f"There is no mission being planned called {ident}.")
    return m


def plan_mission(state: WdState, ctx: Ctx, c: cc.PlanMission, dice: DiceService) -> Done:
    """Refine up to Knowledge details (WD-PLAN-003), or bank one advance roll (WD-PLAN-006)."""
    who = person(state, c.character)
    m = _mission(state, c.mission)
    sheet = state.sheet(c.character)
    if m.offered:
        raise RuleViolation(
            "WD-PLAN-003", f"{_chooser(state, m)} must first keep or pass on the values rolled."
        )
    if not c.details and not c.advance:
        raise RuleViolation("WD-PLAN-003", "Name the details to refine, or a stat for an advance roll.")
    if len(set(c.details)) != len(c.details):  # src 1445: one result per nominated detail
        raise RuleViolation("WD-PLAN-003", "Name each detail once: the GM rolls one result for each.")
    most = sheet.stat(Stat.KNOWLEDGE) - (1 if c.advance else 0)  # an advance roll takes a detail's place
    if len(c.details) > most:
        raise RuleViolation(
            "WD-PLAN-003", f"{who.name} can refine {most} detail{'' if most == 1 else 's'} with this action."
        )
    for d in c.details:
        if d not in m.options:
            raise RuleViolation("WD-PLAN-002", f"The mission has no detail called {d}.")
    phase, _ = take_slot(state, c.character, "plan_mission")
    b = Builder(state, ctx, dice)
    advance, total = "", 0
    offered: dict[str, str] = {}
    if c.advance:
        try:
            stat = Stat(c.advance.lower())
        except ValueError:
            raise RuleViolation("WD-PLAN-006", f"There is no stat called {c.advance}.") from None
        roll, _ = roll_check(b, c.character, (stat,), tn=ctx.config.default_tn, purpose="advance")
        m = evolve(m, {"banked": (*m.banked, f"{stat.value} {roll.total}")})
        advance, total = stat.value, roll.total
    if c.details:
        for d in c.details:
            values = m.options[d]
            offered[d] = values[dice.roll(1, len(values), purpose=d).faces[0] - 1]
        m = evolve(m, {"offered": offered, "offered_by": c.character})
    planned = ce.Planned(step="refine", advance=advance, total=total, rolled=offered)
    b.emit(
        ce.MissionPlanned(missions=(m,), character=c.character, name=who.name, planned=planned, phase=phase)
    )
    return b.batch


def _chooser(state: WdState, m: Mission) -> str:
    """The name of whoever keeps or passes on the values waiting: the one whose Plan rolled them (the
    mission's planner in older logs)."""
    return state.people[m.offered_by or m.planner].name


def keep_detail(state: WdState, ctx: Ctx, c: cc.KeepDetail, dice: DiceService) -> Done:
    """Lock the new value or keep the one locked before (WD-PLAN-003)."""
    who = person(state, c.character)
    m = _mission(state, c.mission)
    if c.detail not in m.offered:
        raise RuleViolation("WD-PLAN-003", f"No value of {c.detail} waits for a choice.")
    if m.offered_by and m.offered_by != c.character:  # src 1445: the nominating player chooses
        raise RuleViolation("WD-PLAN-003", f"{_chooser(state, m)} rolled {c.detail}: the choice is theirs.")
    before = m.locked.get(c.detail, m.defaults.get(c.detail))
    if not c.take and before is None:
        raise RuleViolation("WD-PLAN-003", f"{c.detail.capitalize()} has no value before this one: take it.")
    value = m.offered[c.detail] if c.take or before is None else before
    waiting = {k: v for k, v in m.offered.items() if k != c.detail}
    m = evolve(
        m,
        {
            "locked": {**m.locked, c.detail: value},
            "offered": waiting,
            "offered_by": m.offered_by if waiting else "",
        },
    )
    b = Builder(state, ctx, dice)
    b.emit(
        ce.MissionPlanned(
            missions=(m,),
            character=c.character,
            name=who.name,
            planned=ce.Planned(step="lock", locked=(c.detail, value)),
        )
    )
    return b.batch


def launch_mission(state: WdState, ctx: Ctx, c: cc.LaunchMission, dice: DiceService) -> Done:
    """Mission day: each unrefined detail rolled twice, the worse kept (WD-PLAN-004); a detail refined
    but not yet kept or passed on is the planner's choice still (WD-PLAN-003), so the day waits for it."""
    m = _mission(state, c.mission)
    if m.offered:
        raise RuleViolation(
            "WD-PLAN-003",
            f"{_chooser(state, m)} must first keep or pass on the values rolled: {', '.join(m.offered)}.",
        )
    b = Builder(state, ctx, dice)
    locked = dict(m.locked)
    rolled: dict[str, str] = {}
    for d, values in m.options.items():
        if d in locked:
            continue
        faces = dice.roll(2, len(values), purpose=d).faces
        locked[d] = rolled[d] = values[max(faces) - 1]  # later values are worse
    m = evolve(m, {"locked": locked, "offered": {}, "launched": True})
    b.emit(
        ce.MissionLaunched(missions=(m,), name=m.kind, rolled=rolled),
        hidden=person(state, m.planner).hidden,  # a hidden NPC's mission is the GM's (WD-NPC-003)
    )
    return b.batch


def cape_business(state: WdState, ctx: Ctx, c: cc.CapeBusiness, dice: DiceService) -> Done:
    """Check in on up to three (WD-BIZ-002); a Journalist may trade rep for intel (WD-BIZ-004)."""
    who = person(state, c.character)
    if len(c.checkins) > 3:
        raise RuleViolation("WD-BIZ-002", "One Cape Business action checks in on up to 3 people or things.")
    ledger = ledger_of(state, c.character)
    intel = ""
    groups: tuple[Group, ...] = ()
    if c.journalist_rep and ctx.config.campaign.no_intel:  # information, not intel (src 2025)
        raise RuleViolation("WD-INTEL-040", "This table plays without intel: a Journalist has none to trade.")
    if c.journalist_rep:
        check_discarded(state.campaign, c.character, who.name)
        target = state.campaign.targets.get(c.target)
        if target is None:
            raise RuleViolation("WD-BIZ-004", "Name the target the Journalist digs into.")
        held = {x.id for x in live_rep(ledger) if x.playable_by(c.character, who.name)}  # WD-REP-002
        if any(i not in held for i in c.journalist_rep) or len(set(c.journalist_rep)) != len(
            c.journalist_rep
        ):
            raise RuleViolation("WD-BIZ-004", f"{who.name} can only trade rep cards held.")
        gone = set(c.journalist_rep)
        narrow = next((x for x in ledger.rep if x.id in gone and x.exclusive), None)
        if narrow is not None:  # rep with one group only is no coin for the press (src 423-425)
            raise RuleViolation(
                "WD-REP-002",
                f"A Journalist cannot trade {narrow.source} for intel: "
                f"it is rep with {narrow.exclusive} only.",
            )
        if c.group:  # the group's Journalist, for the group's own rep alone (WD-FOLLOW-008, src 1361)
            group = member_group(state, c.group, c.character)
            if not all(organisation_card(state, group, x) for x in ledger.rep if x.id in gone):
                raise RuleViolation(
                    "WD-FOLLOW-008", f"{group.name}'s Journalist trades only {group.name}'s own rep."
                )
            groups = (tap_group(state, group, "journalist")[0],)
        else:
            ledger, _ = tap(state, ledger, c.character, "journalist")
        key = intel_key(target.id, 1)  # the target's own intel, usable as any for it
        ledger = evolve(
            ledger,
            {
                "rep": tuple(x for x in ledger.rep if x.id not in gone),
                "intel": {**ledger.intel, key: ledger.intel.get(key, 0) + len(gone)},
            },
        )
        intel = f"{len(gone)} tier-1 intel on {target.name}"
    phase, _ = take_slot(state, c.character, "cape_business")
    b = Builder(state, ctx, dice)
    b.emit(
        ce.BusinessDone(
            character=c.character,
            name=who.name,
            checkins=tuple(c.checkins),
            phase=phase,
            ledgers=with_shared(state.campaign, c.character, ledger),
            intel=intel,
            groups=groups,
        )
    )
    if c.checkins:
        faces = dice.roll(len(c.checkins), 6, purpose="hidden checks").faces
        text = "; ".join(f"{x}: {f}" for x, f in zip(c.checkins, faces, strict=True))
        b.emit(ce.BusinessChecked(character=c.character, text=text, name=who.name), hidden=True)
    return b.batch
