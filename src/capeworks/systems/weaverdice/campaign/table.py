"""The campaign layer at the table: its command table, prompts, panels and what each seat may see.

:mod:`~capeworks.systems.weaverdice.ruleset` merges these into Weaverdice's
own (commands, events, words), adds the prompts and panels, and passes the
view through :func:`campaign_view`, which removes what only the GM may know:
intel targets' DCs and locked cells' tidbits, candidates' undisclosed details
and off-target flags, secret negative rep, and the GM's hidden business checks.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from capeworks.engine import (
    Authority,
    CommandOf,
    CommandSpec,
    Panel,
    Prompt,
    PromptOption,
    Role,
    Seat,
    Viewer,
    command_table,
)
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import (
    crafting,
    downtime,
    followers,
    information,
    intel,
    mini,
    missions,
    progression,
    recruiting,
    rest,
    rewards,
    social,
)
from capeworks.systems.weaverdice.campaign.board import downtime_odds
from capeworks.systems.weaverdice.campaign.model import Campaign, Ledger
from capeworks.systems.weaverdice.campaign.rewards import ESCALATIONS, escalation
from capeworks.systems.weaverdice.campaign.sheets import sheet_panel
from capeworks.systems.weaverdice.campaign.words import CAMPAIGN_COMMAND_WORDS
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.state import WdState

__all__ = ["CAMPAIGN_COMMANDS", "CAMPAIGN_MENU_WORDS", "campaign_panels", "campaign_prompts", "campaign_view"]

GM, OWNER = Authority.GM, Authority.OWNER
Offer = Callable[[Any, Seat], list[dict[str, Any]]]


def _mine(state: WdState, seat: Seat, ident: str) -> bool:
    c = state.people.get(ident)
    return c is not None and seat.plays(c.owner)


def _secret(state: WdState, ident: str) -> bool:
    """A hidden NPC's: its downtime and what it owns there are the GM's (WD-NPC-003)."""
    c = state.people.get(ident)
    return c is not None and c.hidden


def _in_downtime(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Offered for each of the seat's characters with a slot (or a slot's actions) left."""
    phase = state.campaign.phase
    if phase is None:
        return []
    return [
        {"character": i}
        for i, s in phase.slots.items()
        if _mine(state, seat, i) and (s.left > 0 or (s.session is not None and s.session.left > 0))
    ]


def _gm_when(test: Callable[[WdState], bool]) -> Offer:
    def offer(state: WdState, seat: Seat) -> list[dict[str, Any]]:
        return [{}] if seat.is_gm and test(state) else []

    return offer


def _asking(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    camp = state.campaign
    return [
        {"character": r.recruiter}
        for r in camp.recruitments.values()
        if r.candidates and not r.vetted and r.questions > 0 and _mine(state, seat, r.recruiter)
    ]


def _hiring(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    camp = state.campaign
    return [
        {"character": r.recruiter, "candidate": i}
        for r in camp.recruitments.values()
        if r.vetted and _mine(state, seat, r.recruiter)
        for i in r.candidates
        if not camp.candidates[i].hired
    ]


def _holding_intel(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    camp = state.campaign
    if camp.phase is None or not camp.targets:
        return []
    return [{"character": i} for i, x in camp.ledgers.items() if x.intel and _mine(state, seat, i)]


def _negotiating(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """Open talks each of the seat's PCs has not yet rolled in (one roll each, WD-SOCIAL-005)."""
    open_ = [n for n in state.campaign.negotiations.values() if not n.closed]
    mine = [i for i, c in state.people.items() if c.tier.value == "pc" and _mine(state, seat, i)]
    return [{"character": i, "negotiation": n.id} for n in open_ for i in mine if i not in n.rolled]


def _rescuing(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    return [
        {"character": i, "negotiation": n.id}
        for n in state.campaign.negotiations.values()
        for i in n.failed
        if _mine(state, seat, i)
    ]


def _eligible(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    return [
        {"character": i, "kind": k}
        for i, x in state.campaign.ledgers.items()
        if _mine(state, seat, i)
        for k in x.eligible
    ]


def _ledgers_where(test: Callable[[WdState, Ledger], object]) -> Offer:
    """Offered for each of the seat's characters whose ledger passes ``test`` (one shape for the
    follower, box, milestone and care offers)."""

    def offer(state: WdState, seat: Seat) -> list[dict[str, Any]]:
        return [
            {"character": i}
            for i, x in state.campaign.ledgers.items()
            if test(state, x) and _mine(state, seat, i)
        ]

    return offer


_with_followers = _ledgers_where(lambda s, x: x.followers)


def _boxes_for(kind: str) -> Offer:
    """An awarded box to spend, on this table's kind of progression (WD-PROG-003, WD-DN-017)."""
    return _ledgers_where(lambda s, x: x.box_credit and s.config.campaign.progression == kind)


_milestone_due = _ledgers_where(
    lambda s, x: (
        x.goal_cleared and sum(x.boxes.values()) >= s.config.campaign.boxes_for_milestone and not x.perk_faces
    )
)
_ailing = _ledgers_where(lambda s, x: x.conditions)


def _planning(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    if state.campaign.phase is None:
        return []
    return [
        {"character": m.planner, "mission": m.id}
        for m in state.campaign.missions.values()
        if not m.launched and not m.offered and _mine(state, seat, m.planner)
    ]


_SPECS: dict[str, CommandOf[WdState, WeaverdiceConfig]] = {
    "start_downtime": CommandSpec(
        cc.StartDowntime,
        downtime.start_downtime,
        GM,
        "open downtime",
        offer=_gm_when(lambda s: s.campaign.phase is None and s.fight is None),
    ),
    "end_downtime": CommandSpec(
        cc.EndDowntime,
        downtime.end_downtime,
        GM,
        "end downtime",
        offer=_gm_when(lambda s: s.campaign.phase is not None),
    ),
    "downtime_action": CommandSpec(cc.DowntimeAction, downtime.downtime_action, OWNER, offer=_in_downtime),
    "discard_rep": CommandSpec(
        cc.DiscardRep,
        downtime.discard_rep,
        OWNER,
        offer=lambda s, seat: [{"character": i} for i in s.campaign.discards if _mine(s, seat, i)],
    ),
    "award": CommandSpec(cc.Award, rewards.award, GM, "hand out rewards"),
    "give_negative": CommandSpec(cc.GiveNegative, rewards.give_negative, GM, "give negative rep"),
    "cite_negative": CommandSpec(cc.CiteNegative, rewards.cite_negative, GM, "cite negative rep"),
    "start_craft": CommandSpec(cc.StartCraft, crafting.start_craft, OWNER, offer=_in_downtime),
    "craft": CommandSpec(cc.Craft, crafting.craft, OWNER, offer=_in_downtime),
    "help_craft": CommandSpec(cc.HelpCraft, crafting.help_craft, OWNER, offer=_in_downtime),
    "recruit": CommandSpec(cc.Recruit, recruiting.recruit, OWNER, offer=_in_downtime),
    "present_candidate": CommandSpec(
        cc.PresentCandidate, recruiting.present_candidate, GM, "present candidates"
    ),
    "ask": CommandSpec(cc.Ask, recruiting.ask, OWNER, offer=_asking),
    "vet_candidates": CommandSpec(cc.VetCandidates, recruiting.vet_candidates, GM, "roll behind the screen"),
    "hire": CommandSpec(cc.Hire, recruiting.hire, OWNER, offer=_hiring),
    "add_target": CommandSpec(cc.AddTarget, intel.add_target, GM, "add intel targets"),
    "add_intel_type": CommandSpec(cc.AddIntelType, intel.add_intel_type, GM, "add intel types"),
    "relocate_target": CommandSpec(cc.RelocateTarget, intel.relocate_target, GM, "move targets"),
    "surveil": CommandSpec(cc.Surveil, intel.surveil, OWNER, offer=_in_downtime),
    "research": CommandSpec(cc.Research, intel.research, OWNER, offer=_in_downtime),
    "strike_choice": CommandSpec(cc.StrikeChoice, intel.strike_choice, OWNER, prompt_only=True),
    "spend_intel": CommandSpec(cc.SpendIntel, intel.spend_intel, OWNER, offer=_holding_intel),
    "utilize_intel": CommandSpec(cc.UtilizeIntel, intel.utilize_intel, OWNER, offer=_in_downtime),
    "give_information": CommandSpec(
        cc.GiveInformation, information.give_information, GM, "give information in place of intel"
    ),
    "open_negotiation": CommandSpec(cc.OpenNegotiation, social.open_negotiation, GM, "open negotiations"),
    "negotiate": CommandSpec(cc.Negotiate, social.negotiate, OWNER, offer=_negotiating),
    "rep_after": CommandSpec(cc.RepAfter, social.rep_after, OWNER, offer=_rescuing),
    "form_group": CommandSpec(cc.FormGroup, followers.form_group, GM, "form groups"),
    "gain_follower": CommandSpec(cc.GainFollower, followers.gain_follower, OWNER, offer=_eligible),
    "tap_follower": CommandSpec(cc.TapFollower, followers.tap_follower, OWNER, offer=_with_followers),
    "check_box": CommandSpec(cc.CheckBox, progression.check_box, OWNER, offer=_boxes_for("boxes")),
    "offer_follower": CommandSpec(
        cc.OfferFollower,
        progression.offer_follower,
        GM,
        "name follower boxes' followers",
        offer=lambda s, seat: [
            {"character": i}
            for i, x in s.campaign.ledgers.items()
            if seat.is_gm and x.follower_due is not None and not x.follower_due.offered
        ],
    ),
    "pick_follower": CommandSpec(cc.PickFollower, progression.pick_follower, OWNER, prompt_only=True),
    "pick_mini": CommandSpec(cc.PickMini, mini.pick_mini, OWNER, offer=_boxes_for("mini")),
    "take_milestone": CommandSpec(cc.TakeMilestone, progression.take_milestone, OWNER, offer=_milestone_due),
    "keep_perk": CommandSpec(cc.KeepPerk, progression.keep_perk, OWNER, prompt_only=True),
    "roll_bud": CommandSpec(cc.RollBud, progression.roll_bud, GM, "roll bud chances"),
    "rest_recuperate": CommandSpec(cc.RestRecuperate, rest.rest_recuperate, OWNER, offer=_in_downtime),
    "paid_care": CommandSpec(cc.PaidCare, rest.paid_care, OWNER, offer=_ailing),
    "declare_mission": CommandSpec(cc.DeclareMission, missions.declare_mission, OWNER, offer=_in_downtime),
    "set_mission_details": CommandSpec(
        cc.SetMissionDetails, missions.set_mission_details, GM, "set mission details"
    ),
    "plan_mission": CommandSpec(cc.PlanMission, missions.plan_mission, OWNER, offer=_planning),
    "keep_detail": CommandSpec(cc.KeepDetail, missions.keep_detail, OWNER, prompt_only=True),
    "launch_mission": CommandSpec(cc.LaunchMission, missions.launch_mission, GM, "launch missions"),
    "cape_business": CommandSpec(cc.CapeBusiness, missions.cape_business, OWNER, offer=_in_downtime),
}
COMMANDS = command_table(_SPECS)

CAMPAIGN_COMMANDS = COMMANDS
#: the menu words of the commands registered (a missing one is a KeyError at import)
CAMPAIGN_MENU_WORDS = {k: CAMPAIGN_COMMAND_WORDS[k] for k in COMMANDS}


def _follower_prompts(state: WdState) -> list[Prompt]:
    """An Eager or Trusted Follower box's follower: the GM names it (src 1211, 'at GM discretion');
    the player picks between the two the GM offered (src 1213)."""
    out: list[Prompt] = []
    for ident, ledger in state.campaign.ledgers.items():
        c, due = state.people.get(ident), ledger.follower_due
        if c is None or due is None:
            continue
        box = due.box.replace("_", " ").title()
        if not due.offered:
            wants = {"pick": ": two to pick between", "start": ", to start at once"}.get(due.choice, "")
            out.append(
                Prompt(
                    id=f"follower:{ident}:{ledger.boxes.get(due.box, 0)}:{len(ledger.options)}",
                    kind="offer_follower",
                    rule="WD-PROG-009" if due.box == "eager_follower" else "WD-PROG-010",
                    question=f"{c.name} checked {box}: name the follower{wants}.",
                    role=Role.GM,
                )
            )
            continue
        to: dict[str, Any] = {"seat": c.owner} if c.owner else {"role": Role.GM}
        out.append(
            Prompt(
                id=f"pick_follower:{ident}:{':'.join(due.offered)}",
                kind="pick_follower",
                rule="WD-PROG-009" if due.box == "eager_follower" else "WD-PROG-010",
                question=f"{c.name}'s {box}: pick one.",
                options=tuple(
                    PromptOption(
                        value=k, label=k, command="pick_follower", payload={"character": ident, "kind": k}
                    )
                    for k in due.offered
                ),
                **to,
            )
        )
    return out


def _quiet(camp: Campaign) -> bool:
    """True when ``camp`` waits for no decision whoever the people are: every source of a campaign
    prompt below (downtime, discards, perks, followers, mission details, strikes) is empty."""
    if camp.phase is not None or camp.discards or camp.strike_choice:
        return False
    for ledger in camp.ledgers.values():
        if ledger.perk_faces or ledger.follower_due is not None:
            return False
    return all(not m.offered for m in camp.missions.values())


#: the last campaign found quiet: a fight's commands leave the campaign object as it is (the state's
#: copies share it), so at most versions the campaign's prompts are known to be none without a scan
_LAST_QUIET: list[Campaign | None] = [None]


def campaign_prompts(state: WdState) -> list[Prompt]:
    """Decisions the campaign layer waits for: rep to discard at day's end."""
    camp = state.campaign
    if camp is _LAST_QUIET[0]:
        return []
    if _quiet(camp):
        _LAST_QUIET[0] = camp  # frozen, so quiet for as long as it lives
        return []
    out: list[Prompt] = []
    if camp.phase is not None:  # whose move in the downtime: each character with a slot (or rolls) left
        for ident, slots in camp.phase.slots.items():
            c = state.people.get(ident)
            session = slots.session
            rolls = session.left if session is not None else 0
            if c is None or (slots.left <= 0 and rolls <= 0) or ident in camp.strike_choice:
                continue  # a pending choice is asked first
            doing = (
                f" ({session.action.replace('_', ' ')}: {rolls} more in this slot)"
                if session and rolls
                else ""
            )
            out.append(
                Prompt(
                    id=f"downtime:{camp.phase.number}:{ident}:{slots.used}:{rolls}",
                    kind="downtime",
                    rule="WD-DT-003",
                    question=f"{c.name}: {slots.left} of {slots.total} slots left{doing}. Choose an action.",
                    **({"seat": c.owner} if c.owner else {"role": Role.GM}),
                )
            )
    for ident, owed in camp.discards.items():
        c = state.people.get(ident)
        if c is None:
            continue
        to: dict[str, Any] = {"seat": c.owner} if c.owner else {"role": Role.GM}
        cards = [x for x in camp.ledger(ident).rep if not x.negative]
        if owed == 1:
            options = tuple(
                PromptOption(
                    value=str(x.id),
                    label=x.source,
                    command="discard_rep",
                    payload={"character": ident, "cards": [x.id]},
                )
                for x in cards
            )
        else:
            options = ()
        out.append(
            Prompt(
                id=f"discard:{ident}:{camp.phases}:{owed}",
                kind="discard_rep",
                question=f"{c.name} holds {owed} rep over the cap: which to let go?",
                options=options,
                **to,
            )
        )
    for ident, ledger in camp.ledgers.items():
        c = state.people.get(ident)
        if c is None or not ledger.perk_faces:
            continue
        to = {"seat": c.owner} if c.owner else {"role": Role.GM}
        out.append(
            Prompt(
                id=f"perk:{ident}:{len(ledger.options)}",
                kind="keep_perk",
                rule="WD-PROG-020",
                question=f"{c.name}'s milestone rolls: keep one.",
                options=tuple(
                    PromptOption(
                        value=str(f),
                        label=str(f),
                        command="keep_perk",
                        payload={"character": ident, "face": f},
                    )
                    for f in dict.fromkeys(ledger.perk_faces)
                ),
                **to,
            )
        )
    out.extend(_follower_prompts(state))
    for m in camp.missions.values():
        c = state.people.get(m.planner)
        if c is None:
            continue
        to = {"seat": c.owner} if c.owner else {"role": Role.GM}
        for detail, value in m.offered.items():
            old = m.locked.get(detail, m.defaults.get(detail))
            choices = [
                PromptOption(
                    value="take",
                    label=f"take {value}",
                    command="keep_detail",
                    payload={"character": m.planner, "mission": m.id, "detail": detail, "take": True},
                )
            ]
            if old is not None:
                choices.append(
                    PromptOption(
                        value="keep",
                        label=f"keep {old}",
                        command="keep_detail",
                        payload={"character": m.planner, "mission": m.id, "detail": detail, "take": False},
                    )
                )
            out.append(
                Prompt(
                    id=f"detail:{m.id}:{detail}:{len(m.locked)}:{value}",
                    kind="keep_detail",
                    rule="WD-PLAN-003",
                    question=f"{m.kind}: {detail} rolled {value}"
                    + (f" (locked: {old})" if old else "")
                    + ".",
                    options=tuple(choices),
                    **to,
                )
            )
    for ident, pending in camp.strike_choice.items():
        c = state.people.get(ident)
        if c is None:
            continue
        to = {"seat": c.owner} if c.owner else {"role": Role.GM}
        spends = intel.unlock_spends(state, ident)  # WD-INTEL-021: the other answer, when there is one
        out.append(
            Prompt(
                id=f"strike:{ident}:{pending}:{_strikes(state, ident, pending)}",
                kind="strike_choice",
                rule="WD-INTEL-021",
                question=f"{c.name}'s surveillance missed: take the strike (and tier-one intel)"
                + (", or spend intel to unlock a space?" if spends else "."),
                options=(
                    PromptOption(
                        value="strike",
                        label="take the strike"
                        + ("" if state.config.campaign.no_intel else " (and tier-one intel)"),
                        command="strike_choice",
                        payload={"character": ident, "strike": True},
                    ),
                    *(
                        PromptOption(
                            value=f"spend:{intel_}@r{cell.replace(',', 'c')}",  # answers split at commas
                            label=f"spend {_intel_words(intel_)} to unlock {where}",
                            command="strike_choice",
                            payload={"character": ident, "strike": False, "intel": intel_, "on": cell},
                        )
                        for cell, intel_, where in spends
                    ),
                ),
                **to,
            )
        )
    return out


def _strikes(state: WdState, ident: str, pending: str) -> int:
    return intel.worked(state, ident, state.campaign.targets[pending.rpartition(":")[0]]).strikes


def _intel_words(key: str) -> str:
    """An intel key as a player reads it: ``violent:1`` -> ``tier-1 violent intel``."""
    kind, _, tier = key.rpartition(":")
    return f"tier-{tier} {kind} intel"


def _grids(state: WdState, t: Any, viewer: Viewer) -> list[Panel]:
    """A target's grid; for the GM, the hidden NPCs' own work on it beside it (WD-NPC-003)."""
    out = [_grid(state, t, viewer)]
    if viewer.is_gm and t.gm_track is not None:
        out.append(_grid(state, t.worked_hidden(), viewer, " (hidden NPCs)"))
    return out


def _grid(state: WdState, t: Any, viewer: Viewer, whose: str = "") -> Panel:
    """An intel grid (WD-INTEL-011): each cell locked, open (with its odds for the GM) or unlocked."""
    available = set(t.available("surveil")) | set(t.available("research"))
    rows = []
    for r, label in enumerate(t.rows):
        cells = []
        for col in range(t.size):
            i = r * t.size + col
            cell = t.cells[i]
            mark = "unlocked" if cell.unlocked else ("open" if i in available else "locked")
            text = f"{cell.tag} {cell.tn}+ {mark}"
            if cell.unlocked and cell.tidbit and (viewer.is_gm or not cell.secret):
                text += f": {cell.tidbit}"
            cells.append(text)
        rows.append((label, *cells))
    note = f"strikes {t.strikes}, alerts {t.alerts}"
    if not t.found:
        note += f"; finding: {t.find_progress}" + (f" of {t.find_dc}" if viewer.is_gm else "")
    if not t.thread_found:
        note += f"; thread: {t.thread_progress}" + (f" of {t.thread_dc}" if viewer.is_gm else "")
    return Panel(title=f"Intel: {t.name}{whose}", columns=("", *t.cols), rows=tuple(rows), note=note)


def _name(state: WdState, ident: str) -> str:
    """A character's name for a panel a person reads (an id the table no longer knows reads as itself)."""
    c = state.people.get(ident)
    return c.name if c is not None else ident


def _negative(count: int, state: WdState) -> str:
    tier = escalation(count, state.config.campaign.negative_rep_per_tier)
    return f"{count} (tier {tier}: {ESCALATIONS[tier - 1]})" if tier else str(count)


def campaign_panels(state: WdState, viewer: Viewer) -> list[Panel]:
    """The downtime board and each character's campaign sheet (rep, money, followers, boxes, intel)."""
    camp = state.campaign
    out: list[Panel] = []
    if camp.phase is not None:
        rows = []
        for ident, s in camp.phase.slots.items():
            c = state.people.get(ident)
            if _secret(state, ident) and not viewer.is_gm:
                continue
            session = s.session
            now = f"{session.action} ({session.left} left)" if session and session.left else "-"
            rows.append(
                (
                    c.name if c else ident,
                    f"{s.left}/{s.total}" + (" +bonus" if s.bonus else ""),
                    ", ".join(a.replace("_", " ") for a in s.actions) or "-",
                    now,
                )
            )
        out.append(
            Panel(
                title=f"Downtime phase {camp.phase.number}",
                columns=("character", "slots left", "actions", "in progress"),
                rows=tuple(rows),
            )
        )
        odds = downtime_odds(state, viewer)
        if odds is not None:
            out.append(odds)
    if camp.ledgers:
        sheet_rows: list[tuple[str, ...]] = []
        for ident, ledger in camp.ledgers.items():
            c = state.people.get(ident)
            if c is None or (c.hidden and not viewer.is_gm):
                continue
            rep = [x for x in ledger.rep if not x.negative]
            neg = [x for x in ledger.rep if x.negative and (viewer.is_gm or not x.secret)]
            sheet_rows.append(
                (
                    c.name,
                    f"${ledger.money}",
                    ", ".join(
                        x.source + (f" [{x.exclusive}]" if x.exclusive else "") + ("*" if x.marked else "")
                        for x in rep
                    )
                    or "-",
                    _negative(len(neg), state),
                    ", ".join(f"{k} {v}" for k, v in ledger.followers.items() if v) or "-",
                    ", ".join(f"{k} {v}" for k, v in ledger.boxes.items() if v) or "-",
                    ", ".join(f"{k} x{v}" for k, v in ledger.intel.items() if v) or "-",
                )
            )
        if sheet_rows:  # a hidden NPC's ledger alone shows no panel to a player
            out.append(
                Panel(
                    title="Campaign",
                    columns=("character", "money", "rep", "negative rep", "followers", "boxes", "intel"),
                    rows=tuple(sheet_rows),
                )
            )
        pieces = sheet_panel(state, viewer)
        if pieces is not None:
            out.append(pieces)
    if camp.groups:
        out.append(
            Panel(
                title="Groups",
                columns=("group", "members", "followers", "cap"),
                rows=tuple(
                    (
                        g.name,
                        ", ".join(
                            state.people[m].name if m in state.people else m
                            for m in g.members
                            if viewer.is_gm or not _secret(state, m)
                        ),
                        ", ".join(f"{k} {v}" for k, v in g.followers.items()) or "-",
                        str(g.cap),
                    )
                    for g in camp.groups.values()
                ),
            )
        )
    projects = [p for p in camp.projects.values() if viewer.is_gm or not _secret(state, p.crafter)]
    if projects:
        out.append(
            Panel(
                title="Projects",
                columns=("project", "crafter", "item", "tier", "total", "rolls", "result"),
                rows=tuple(
                    (
                        p.id,  # the key a player types in the craft form
                        _name(state, p.crafter),
                        p.item,
                        p.tier,
                        f"{p.total}/{p.dc}",
                        f"{len(p.rolls)}/{p.cap + p.extra}",
                        p.result or "-",
                    )
                    for p in projects
                ),
            )
        )
    for t in camp.targets.values():
        out.extend(_grids(state, t, viewer))
    candidates = [
        x
        for x in camp.candidates.values()
        if viewer.is_gm or not _secret(state, camp.recruitments[x.recruitment].recruiter)
    ]
    if candidates:
        out.append(
            Panel(
                title="Candidates",
                columns=("candidate", "recruiter", "details known", "to learn", "hired"),
                rows=tuple(
                    (
                        x.name,
                        _name(state, camp.recruitments[x.recruitment].recruiter),
                        ", ".join(
                            f"{k}: {v}" for k, v in x.details.items() if viewer.is_gm or k in x.revealed
                        )
                        or "-",
                        ", ".join(k for k in x.details if k not in x.revealed) or "-",
                        "yes" if x.hired else "no",
                    )
                    for x in candidates
                ),
            )
        )
    return out


def _extra(group: dict[str, Any], hidden: Collection[str]) -> int:
    """A group's ``extra`` as a player sees it: its hidden members count there (WD-NPC-003)."""
    return int(group["extra"]) + sum(1 for m in group["members"] if m in hidden)


def campaign_view(data: dict[str, Any], viewer: Viewer, hidden: Collection[str] = ()) -> dict[str, Any]:
    """The campaign part of a view: a player never sees the GM's secrets (module docstring), nor a
    hidden NPC's ledger (its rep cards, money, followers) or downtime (slots, discards, choices)."""
    if viewer.is_gm:
        return data
    camp = dict(data)
    camp["checks"] = []
    ledgers = {}
    for k, ledger in camp["ledgers"].items():
        if k in hidden:
            continue
        ledgers[k] = {**ledger, "rep": [c for c in ledger["rep"] if not c["secret"]]}
        # a gun fired on a secret roll is the GM's to know: out of the count too (WD-REP-010)
        unseen = sum(1 for c in ledger["rep"] if c["secret"] and c.get("gun"))
        if unseen:
            fired = ledger.get("guns_fired", 0) - unseen
            ledgers[k] = {key: v for key, v in ledgers[k].items() if key != "guns_fired"}
            if fired:
                ledgers[k]["guns_fired"] = fired
    camp["ledgers"] = ledgers
    if camp["phase"] is not None:  # a hidden NPC's slots, rep to discard and strike choice too
        slots = camp["phase"]["slots"]
        camp["phase"] = {**camp["phase"], "slots": {k: v for k, v in slots.items() if k not in hidden}}
    for key in ("discards", "strike_choice"):
        camp[key] = {k: v for k, v in camp[key].items() if k not in hidden}
    for key, owner in (("projects", "crafter"), ("missions", "planner"), ("recruitments", "recruiter")):
        camp[key] = {k: v for k, v in camp[key].items() if v[owner] not in hidden}
    camp["groups"] = {  # a hidden NPC's membership is the GM's; the cap stays (counted in extra)
        k: {**g, "members": [m for m in g["members"] if m not in hidden], "extra": _extra(g, hidden)}
        for k, g in camp["groups"].items()
    }
    camp["candidates"] = {
        k: c for k, c in camp["candidates"].items() if c["recruitment"] in camp["recruitments"]
    }
    camp["candidates"] = {
        k: {
            **c,
            "details": {d: (v if d in c["revealed"] else None) for d, v in c["details"].items()},
            "off_target": None,
        }
        for k, c in camp["candidates"].items()
    }
    camp["targets"] = {  # a hidden NPC's own work on a target (gm_track) is the GM's: left out
        k: {
            **{f: v for f, v in t.items() if f not in ("gm_track", "unmoved")},
            "find_dc": None,
            "thread_dc": None,
            "moving": 0,  # the GM moves a target behind the screen (WD-INTEL-034): its events are GM-only
            "cells": [
                {**cell, "tidbit": cell["tidbit"] if cell["unlocked"] and not cell.get("secret") else ""}
                for cell in t["cells"]
            ],
        }
        for k, t in camp["targets"].items()
    }
    return camp
