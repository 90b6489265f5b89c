"""Words for the campaign layer's events and commands (no words inside the rules)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import Description, Event, Viewer
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.crafting import NON_EQUIPMENT, spoken
from capeworks.systems.weaverdice.campaign.model import CraftProject
from capeworks.systems.weaverdice.campaign.settings import a_follower, follower_title
from capeworks.systems.weaverdice.morale import step_words

__all__ = ["CAMPAIGN_COMMAND_WORDS", "CAMPAIGN_WORDS"]

CAMPAIGN_COMMAND_WORDS: dict[str, str] = {
    "start_downtime": "open a downtime phase",
    "end_downtime": "end the downtime phase",
    "downtime_action": "spend a downtime slot",
    "discard_rep": "discard rep over the cap",
    "award": "give rewards",
    "pick_mini": "pick a mini-progression option",
    "give_negative": "give negative rep",
    "cite_negative": "cite negative rep",
    "start_craft": "start a crafting project",
    "craft": "craft",
    "help_craft": "help with a project",
    "recruit": "recruit",
    "present_candidate": "present a candidate",
    "ask": "ask about a candidate",
    "vet_candidates": "roll the recruiter's Knowledge on the candidates",
    "hire": "hire a candidate",
    "add_target": "add an intel target",
    "add_intel_type": "add an intel type",
    "surveil": "surveil a target",
    "research": "research a target",
    "strike_choice": "take the strike for intel, or spend intel on a space",
    "spend_intel": "spend intel",
    "relocate_target": "move a target's base",
    "utilize_intel": "utilize intel",
    "give_information": "give information in place of intel",
    "form_group": "form a group that shares followers",
    "gain_follower": "try to gain a follower",
    "tap_follower": "tap a follower",
    "check_box": "check a progression box",
    "offer_follower": "name a follower box's follower",
    "pick_follower": "pick a follower",
    "take_milestone": "take a milestone",
    "keep_perk": "keep a milestone roll",
    "roll_bud": "roll the bud chance",
    "rest_recuperate": "rest and recuperate",
    "paid_care": "pay for care",
    "declare_mission": "declare a mission",
    "plan_mission": "plan a mission",
    "set_mission_details": "set a mission's details",
    "keep_detail": "keep a mission detail",
    "launch_mission": "launch a mission",
    "open_negotiation": "open a negotiation",
    "negotiate": "negotiate",
    "rep_after": "play rep after a failed roll",
    "cape_business": "do cape business",
}


def _words_of(p: Any) -> str:
    if isinstance(p, ce.DowntimeStarted):
        parts = [
            f"{p.names.get(k, k)}: {v.total} slot{'' if v.total == 1 else 's'}"
            + (" (bonus)" if v.bonus else "")
            for k, v in p.phase.slots.items()
        ]
        slots = "; ".join(parts)
        return f"Downtime phase {p.phase.number} opens." + (f" {slots}." if slots else "")
    if isinstance(p, ce.SlotUsed):
        return f"{p.name} spends a slot on {SLOT_WORDS.get(p.action, p.action.replace('_', ' '))}" + (
            f" ({p.note})." if p.note else "."
        )
    if isinstance(p, ce.DowntimeEnded):
        extra = "".join(f" {p.names.get(k, k)} must discard {v} rep." for k, v in p.discards.items())
        # the costume's card for the next day (WD-REP-008, src 1119), said where the event names its
        # wearer (a log from before named only those who discard or whose morale moved)
        extra += "".join(
            f" {p.names[k]}'s costume gives {v} rep card{'' if v == 1 else 's'} for the next day."
            for k, v in p.gained.items()
            if k in p.names
        )
        return f"Downtime phase {p.phases} ends; {_day_end_morale(p)}.{extra}"
    if isinstance(p, ce.LearningStarted):
        return f"{p.name} starts learning {p.skill}."
    if isinstance(p, ce.PieceBought):
        return f"{p.name} buys a costume piece, {p.piece.replace('_', ' ')}, for ${p.price}."
    if isinstance(p, ce.MiniPicked):
        return f"{p.name} picks option {p.option} off the mini-progression list: {p.what}."
    if isinstance(p, ce.BaselineLiftWorn):
        if not p.left:
            return f"{p.name}'s raised morale baseline is over."
        many = "" if p.left == 1 else "s"
        return f"{p.name}'s raised morale baseline holds for {p.left} more encounter{many}."
    if isinstance(p, ce.LiftFightClosed):
        return f"{p.name}'s last fight is behind them: the next quiet minutes close a new situation."
    if isinstance(p, ce.RepSpent):
        return f"{p.name}'s rep card {p.card} is spent."
    if isinstance(p, ce.RepDiscarded):
        return f"{p.name} lets rep go: {', '.join(p.cards)}."
    if isinstance(p, ce.Awarded):
        if not p.shared:
            return f"{p.name} receives {p.what}."
        both = f"{' and '.join(p.sharers)} receive {p.shared}."
        return f"{p.name} receives {p.what}; {both}" if p.what else both
    if isinstance(p, ce.NegativeRepGiven):
        return f"{p.name} earns negative rep: {p.card.source}."
    if isinstance(p, ce.NegativeRepCited):
        found = f" It comes to light: {p.surfaced}." if p.surfaced else ""
        return f"The GM cites {p.name}'s negative rep: -1.{found}" + (
            " The card is retired." if p.retired else ""
        )
    if isinstance(p, ce.CraftStarted):
        return (
            "; ".join(
                f"{p.names.get(x.crafter, p.name)}: {_project(x)}"
                + (f", helped by {', '.join(p.names.get(h, h) for h in x.helpers)}" if x.helpers else "")
                + (f", {x.extra} extra roll{'s' if x.extra > 1 else ''}" if x.extra else "")
                for x in p.projects
            )
            + "."
        )
    if isinstance(p, ce.Crafted):
        x = p.projects[0]
        made = f"{len(x.rolls)}/{x.cap + x.extra} rolls"
        text = f"{p.name} works on {spoken(x.item)}: {x.total} of DC {x.dc} ({made})"
        if x.result and not x.equipment and x.result in NON_EQUIPMENT:
            return text + f"; result: {x.result} ({NON_EQUIPMENT[x.result]})."
        return text + (f"; result: {x.result}." if x.result else ".")
    if isinstance(p, ce.RecruitRolled):
        lost = f"; {p.lost_rep} rep lost" if p.lost_rep else ""
        if p.lost_cards:  # which cards went, so a player need not compare the sheet before and after
            lost = f"; rep lost: {', '.join(p.lost_cards)}"
        many = "" if p.openings == 1 else "s"
        return f"{p.name} recruits at {p.modifier:+d}: {p.openings} applicant{many}{lost}."
    if isinstance(p, ce.CandidatePresented):
        details = ", ".join(f"{k} {v}" for k, v in p.candidate.details.items())
        return f"Candidate {p.candidate.name}" + (f": {details}." if details else ".")
    if isinstance(p, ce.CandidateListed):
        return f"A candidate steps up: {p.name} (to learn: {', '.join(p.details) or 'nothing'})."
    if isinstance(p, ce.QuestionAsked):
        return f"{p.name or p.character} asks about {p.candidate_name or p.candidate}'s {p.detail}."
    if isinstance(p, ce.DetailsRevealed):
        shown = ", ".join(f"{k}: {v}" for k, v in p.revealed.items()) or "nothing more"
        return f"About {p.name}, {p.recruiter or 'the recruiter'} learns {shown}."
    if isinstance(p, ce.CandidatesVetted):
        return "Behind the screen, the recruiter's Knowledge: " + "; ".join(p.lines) + "."
    if isinstance(p, ce.Hired):
        # the Fan who brought the candidate goes with the hire (src 1372): said, so the lower rep cap
        # at the day's end (src 1370) is no surprise
        fan = f" {p.fan_lost} loses the Fan who brought {p.recruit}." if p.fan_lost else ""
        if p.follower:
            return f"{p.recruit} joins {p.name} as a follower ({follower_title(p.follower)}).{fan}"
        return f"{p.name} hires {p.recruit}.{fan}"
    if isinstance(p, ce.TargetAdded):
        return f"Intel target {p.target.name} (find DC {p.target.find_dc}, thread DC {p.target.thread_dc})."
    if isinstance(p, ce.TargetListed):
        return f"A new intel target: {p.name}, a {p.size}x{p.size} grid."
    if isinstance(p, ce.IntelSpent) and p.steps:
        return f"{p.name}: " + "; ".join(_intel_step(x, p.names) for x in p.steps) + "."
    if isinstance(
        p,
        (
            ce.IntelRolled,
            ce.IntelSpent,
            ce.InformationGiven,
            ce.Recuperated,
            ce.CareBought,
            ce.MissionPlanned,
            ce.Negotiated,
            ce.FollowerTapped,
        ),
    ):
        return f"{p.name}: {p.text}"
    if isinstance(p, ce.TargetMoved):
        dcs = f"finding DC {p.find_dc}, thread DC {p.thread_dc}"
        left = f"{p.moving} downtime{'' if p.moving == 1 else 's'} left"
        return f"{p.name or p.target} moves base: {left}; {dcs}."
    if isinstance(p, ce.TargetSecret):
        return f"The target's hidden DCs: find {p.find_dc}, thread {p.thread_dc}."
    if isinstance(p, ce.IntelTypesAdded):
        return f"The GM adds intel of type {', '.join(p.added)}, beside the dispositions."
    if isinstance(p, ce.GroupFormed):
        g = p.groups[0]
        share = "share" if len(g.members) > 1 else "shares"
        members = ", ".join(p.names.get(m, m) for m in g.members)
        return f"{g.name} forms: {members} {share} up to {g.cap} followers."
    if isinstance(p, ce.FollowerGained):
        verdict = "gains" if p.gained else "does not gain"
        whose = f" for {p.groups[0].name}" if p.groups else ""  # a group's shared follower (WD-FOLLOW-008)
        return f"{p.name} {verdict} {a_follower(p.kind)}{whose} ({p.roll} against {p.needed}+)."
    if isinstance(p, ce.BoxChecked):
        return f"{p.name} checks {p.box.replace('_', ' ')}."
    if isinstance(p, ce.BoxFollower):
        if not p.joined:
            kinds = " or ".join(map(follower_title, p.kinds))
            return f"The GM offers {p.name} a follower: {kinds}, {p.name}'s to pick."
        start = "tapped through the next phase" if p.tapped else "ready at once"
        return f"{a_follower(p.joined, start=True)} joins {p.name}, {start}."
    if isinstance(p, ce.MilestoneTaken):
        return (
            f"{p.name} takes a milestone: {p.option.replace('_', ' ')}, rolls {', '.join(map(str, p.faces))}."
        )
    if isinstance(p, ce.LedgersKept):
        return (
            f"The GM's copy of {', '.join(sorted(p.names.get(k, k) for k in p.ledgers))}'s campaign sheet, "
            "with what players do not see."
        )
    if isinstance(p, ce.DowntimeKept):
        return "Behind the screen: " + "; ".join(_kept(p)) + "."
    if isinstance(p, ce.PerkKept):
        return f"{p.name} keeps {p.perk}."
    if isinstance(p, ce.BudRolled):
        verdict = "a trigger!" if p.triggered else "nothing"
        return f"Bud chance for {p.name}: {p.face} against {p.chance}%: {verdict}"
    if isinstance(p, ce.MissionLaunched):
        return f"Mission {p.name} launches: {p.text.rstrip('.')}."
    if isinstance(p, ce.NegotiationOpened):
        n = p.negotiations[0]
        if n.rolls:  # opened again mid-way: the GM revised the terms
            return (
                f"The terms with {p.party} change: offer {n.offer:+d}, "
                f"relationship {n.relationship:+d}, {n.tn}+."
            )
        return f"A negotiation opens with {p.party}."
    if isinstance(p, ce.BusinessDone):
        extra = f"; a Journalist trades rep for {p.intel}" if p.intel else ""
        return f"{p.name} checks in on {', '.join(p.checkins) or 'the business'}{extra}."
    if isinstance(p, ce.BusinessChecked):
        return f"Hidden check for {p.name or p.character}: {p.text}"
    return type(p).__name__


def _intel_step(x: ce.IntelStep, names: dict[str, str]) -> str:
    """One step of a Utilize Intel slot in words; a target's own intel reads by the target's name."""
    kind = names.get(x.kind, x.kind)
    readers = f" for {', '.join(names.get(r, r) for r in x.readers)}" if x.readers else ""
    if x.verb == "upgrade":
        return f"3 tier-{x.tier} {kind} intel become 1 tier-{x.tier + 1} {kind} intel"
    if x.verb == "downgrade":
        return f"1 tier-{x.tier} {kind} intel becomes 2 tier-{x.tier - 1} {kind} intel"
    if x.verb == "shuffle":
        return f"1 tier-{x.tier} {kind} intel becomes 1 tier-{x.tier - 1} {names.get(x.into, x.into)} intel"
    if x.verb == "relocate":
        return f"moving base over {x.downtimes} downtimes"
    if x.verb == "rebrand":
        return "a rebrand: every rep card is gone"
    if x.verb == "write_up":
        return f"writes up {x.unlocks} unlocks on {names.get(x.target, x.target)}{readers}"
    return f"presents {x.unlocks} unlocks{readers}"


#: a slot's action as a sentence reads it, after "spends a slot on" (the seed's menu, src 1378-1415)
SLOT_WORDS = {
    "train": "training",
    "refine_skills": "refining skills",
    "go_shopping": "shopping",
    "explore": "exploring",
    "hang_out": "hanging out",
    "self_promote": "self-promotion",
    "work_or_school": "work or school",
    "power": "a power-specific act",
    "help": "helping with a project",
}


def _project(x: CraftProject) -> str:
    """A project as it starts: a craft's tier and materials paid, or a repair, paid a roll at a time
    (src 1032), so no "materials $0"."""
    if x.repair:
        return f"repair of the {spoken(x.item)} (DC {x.dc}, paid a roll at a time)"
    return f"{spoken(x.item)} ({x.tier}, DC {x.dc}, materials ${x.paid})"


def _day_end_morale(p: ce.DowntimeEnded) -> str:
    """Whose morale the day's end moves back to its baseline (snap) or a step toward it (settle), from
    where to where (WD-MORALE-008); a log written before ``moved`` says where each one lands."""
    moves = [f"{p.names.get(k, k)} from {step_words(a)} to {step_words(b)}" for k, (a, b) in p.moved.items()]
    if not p.moved:
        moves = [f"{c.name} to {step_words(c.morale)}" for c in p.changed if c.morale is not None]
    if not moves:
        return "everyone's morale is at its baseline already"
    return f"morale heads back to its baseline: {', '.join(moves)}"


def _kept(p: ce.DowntimeKept) -> list[str]:
    """The hidden NPCs' part of a downtime event, for the GM's log."""
    n = p.names
    parts = [
        f"{n.get(k, k)} rolls {', '.join(map(str, v))} for a bonus slot" for k, v in p.bonus_faces.items()
    ]
    parts += [f"{n.get(k, k)} gains {v} costume rep" for k, v in p.gained.items()]
    parts += [
        f"{n.get(k, k)}'s morale heads back from {step_words(a)} to {step_words(b)}"
        for k, (a, b) in p.moved.items()
    ]
    parts += [f"{n.get(k, k)} must discard {v} rep" for k, v in (p.discards or {}).items()]
    if p.phase is not None:
        parts += [f"{n.get(k, k)}: {v.left} of {v.total} slots left" for k, v in p.phase.slots.items()]
    parts += [f"{g.name} is {', '.join(n.get(m, m) for m in g.members)}" for g in p.groups]
    return parts or ["the hidden characters' downtime"]


def _chars(p: Any) -> tuple[str, ...]:
    who = p.__dict__.get("character")
    return (who,) if isinstance(who, str) else ()


def _words(payload: Any, event: Event, viewer: Viewer) -> Description:
    return Description(
        text=_words_of(payload),
        actor=event.seat,
        characters=_chars(payload),
        rolls=event.rolls,
        hidden=not event.audience.everyone,
    )


CAMPAIGN_WORDS: dict[str, Callable[[Any, Event, Viewer], Description]] = {
    t: _words for t in ce.CAMPAIGN_EVENTS
}
