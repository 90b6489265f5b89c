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

__all__ = [
    "CAMPAIGN_COMMAND_WORDS",
    "CAMPAIGN_WORDS",
    "QUALITY",
    "care_line",
    "informed_line",
    "launch_line",
    "line_of",
    "plan_line",
    "rest_line",
    "search_line",
    "spend_line",
    "talk_line",
    "tap_line",
]

#: the appendix's qualities of information, by tier (src 2024)
QUALITY = {1: "minor details", 2: "relevant details", 3: "deeper information", 4: "a serious write-up"}

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


def line_of(p: Any) -> str:
    """A campaign event's line in the log, from its facts (an old log's stored line where it has one)."""
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
    if isinstance(p, ce.IntelSpent) and p.spent is not None and p.patch is not None:
        return f"{p.name}: {spend_line(p.spent, p.patch, p.names)}"
    if isinstance(p, ce.Recuperated) and p.rested is not None:
        return f"{p.name}: {rest_line(p.rested)}"
    if isinstance(p, ce.CareBought) and p.treated is not None:
        return f"{p.name}: {care_line(p.fee, p.provider, p.treated)}"
    if isinstance(p, ce.Negotiated) and p.talked is not None:
        return f"{p.name}: {talk_line(p.talked)}"
    if isinstance(p, ce.FollowerTapped) and not p.text:
        return f"{p.name}: {tap_line(p)}"
    if isinstance(p, ce.IntelRolled) and p.searched is not None:
        return f"{p.name}: {search_line(p.searched, p.target, p.target_name)}"
    if isinstance(p, ce.InformationGiven) and p.informed is not None:
        return f"{p.name}: {informed_line(p.informed, p.target_name)}"
    if isinstance(p, ce.MissionPlanned) and p.planned is not None:
        return f"{p.name}: {plan_line(p.planned)}"
    if isinstance(p, ce.MissionLaunched) and p.rolled is not None:
        return f"Mission {p.name} launches: {launch_line(p.rolled)}"
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
    ):  # and the lines of old logs the upcasters could not read back into facts
        return f"{p.name}: {p.text}"
    if isinstance(p, ce.TargetMoved):
        dcs = f"finding DC {p.find_dc}, thread DC {p.thread_dc}"
        if not p.moving:  # the move is done: the DCs are no longer halved
            return f"{p.name or p.target} has moved base: its DCs are no longer halved ({dcs})."
        left = f"{p.moving} downtime{'' if p.moving == 1 else 's'} left"
        return f"{p.name or p.target} moves base: {left}; {dcs}."
    if isinstance(p, ce.TargetFound):  # the rolls so far, not why the DC came down (the GM's)
        what = {
            (True, False): f"{p.name} is found",
            (False, True): f"{p.name}'s thread is found",
            (True, True): f"{p.name} and its thread are found",
        }[(bool(p.patch.found), bool(p.patch.thread_found))]
        whose = "Behind the screen, the hidden NPCs' rolls" if p.patch.gm else "The rolls"
        return f"{whose} so far are enough: {what}."
    if isinstance(p, ce.TargetSecret):  # named, so a GM with two targets knows whose (older logs: none)
        whose = f"{p.name}'s" if p.name else "The target's"
        return f"{whose} hidden DCs: find {p.find_dc}, thread {p.thread_dc}."
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


def spend_line(x: ce.IntelUse, patch: ce.TargetPatch, names: dict[str, str]) -> str:
    """Intel spent on a DC, the deeper node or a cell (WD-INTEL-003/015/038); a target's own intel reads
    by the target's name."""
    what = f"tier-{x.tier} {names.get(x.kind, x.kind)} intel"
    cell = f"{x.cell[0]} x {x.cell[1]}" if x.cell else ""
    if x.on == "node":
        return f"spends {what} on the deeper node: cleared, a deeper hint."
    if x.on == "cell":
        return f"spends {what} to unlock {cell}."
    found = patch.found if x.on == "find" else patch.thread_found
    line = f"spends {what} to narrow the {x.on}" + (": found" if found else "")
    if cell:  # tier four opens the method's entry cell too (src 1813)
        return f"{line}; {cell} unlocks."
    return line + ("!" if found else ".")


def _cell(cell: tuple[str, str] | None) -> str:
    return f"{cell[0]} x {cell[1]}" if cell else ""


def search_line(x: ce.Searched, target: str, target_name: str) -> str:
    """A roll on an intel target (WD-INTEL-006/007/019..026/038), or the answer to a miss
    (WD-INTEL-021); low morale's cap said beside the roll it cut (WD-MORALE-002), a target's own intel
    read by the target's name."""
    stat = x.stat.capitalize()  # "Wits 5", as every roll of a stat reads
    if x.on == "node":
        return f"{stat} {x.total} against 7+ on the deeper node: " + (
            "cleared, a deeper hint." if x.done else "not yet."
        )
    if x.on in ("find", "thread"):
        what = "the thread" if x.on == "thread" else target_name
        return f"{stat} {x.total} toward finding {what}: {x.progress} so far" + (
            "; found!" if x.done else "."
        )
    if x.on == "table":
        return f"the research table rolls {x.total}: tier-{x.tier} {x.kind} intel."
    alerted = f"; {target_name} is alerted" if x.alerted else ""
    if x.on == "strike":
        gained = f" for tier-{x.tier} {x.kind} intel" if x.tier else ""
        return f"takes a strike{gained}{alerted}."
    if x.on == "spend":
        kind = target_name if x.kind == target and target_name else x.kind
        return f"spends tier-{x.tier} {kind} intel to unlock {_cell(x.cell)} instead of a strike."
    rolled = (
        f"{stat} {x.raw}, capped at {x.total} by low morale," if x.raw is not None else f"{stat} {x.total}"
    )
    missed = "missed" if x.stat == "wits" else "nothing found"
    text = f"{rolled} against {x.tn}+ on {_cell(x.cell)}: " + ("unlocked" if x.done else missed)
    if x.tier:
        text += f", with tier-{x.tier} {x.kind} intel"
    if x.again:
        text += f"; a {x.again} again: a strike"
    return f"{text}{alerted}."


def informed_line(x: ce.Informed, target_name: str) -> str:
    """Information in place of intel (WD-INTEL-004/040): its quality, the detail named, and what it did."""
    quality = QUALITY[x.tier]
    # the detail as a player wrote it, in prose's quotes (an old log's Python-quoted line stays as stored)
    source = f"names “{x.detail}”: {quality}" if x.detail else f"learns {quality}"
    where = _cell(x.cell)
    if x.on == "cell":
        did = f"bring {where} to {x.tn}+." if x.tn else f"unlock {where}."
    else:
        did = f"narrow the {x.on}" + (": found" if x.done else "")
        did += f"; {where} unlocks." if where else ("!" if x.done else ".")
    return f"{source} about {target_name}, to {did}"


def plan_line(x: ce.Planned) -> str:
    """A step of mission planning (WD-PLAN-001..006)."""
    if x.step == "declare":
        # a mission the GM set up for a player's character says so: the player did not spend a slot
        verb = "the GM sets up" if x.by_gm else "declares"
        return f"{verb} {x.kind}" + (f" for {x.date}" if x.date else "") + "."
    if x.step == "details":
        return (
            "the GM sets the details: "
            + "; ".join(f"{k}: {' / '.join(v)}" for k, v in x.details.items())
            + "."
        )
    if x.step == "lock" and x.locked is not None:
        return f"locks {x.locked[0]}: {x.locked[1]}."
    said = [f"banks an advance {x.advance.capitalize()} roll of {x.total}"] if x.advance else []
    if x.rolled:
        said.append(f"the GM rolls {', '.join(f'{k}: {v}' for k, v in x.rolled.items())}")
    return "; ".join(said) + "."


def launch_line(rolled: dict[str, str]) -> str:
    """Mission day (WD-PLAN-004): each detail never refined, the worse of two rolls kept."""
    return "; ".join(f"{k}: {v}" for k, v in rolled.items()) + "." if rolled else "everything was planned."


def _treated(x: ce.Treated) -> list[str]:
    """One roll of a rest or of care on what needs it (WD-REST-002..005), with high morale's step first."""
    said = [f"high morale makes the {words_of_key(x.what)} roll a {x.total}"] if x.bought else []
    what = words_of_key(x.what)
    if x.kind in ("wound", "effect"):
        verdict = ("it heals" if x.kind == "wound" else "it goes") if x.done else "it stays"
        return [*said, f"scarred {what}: {x.total}, {verdict}"]
    if x.kind == "stat":
        if x.total is None:
            return [*said, f"{what}: whole again"]
        return [*said, f"{what}: {x.total}, {'a point comes back' if x.done else 'still mangled'}"]
    if x.kind == "scar":
        return [*said, f"{what}: {x.total}, {'the scar fades' if x.done else 'it stays'}"]
    if x.kind == "check":
        return [*said, f"{what}: {x.total}, " + ("past it" if x.done else f"{x.progress} of {x.dc}")]
    if x.kind == "days":
        off = max(0, x.total or 0)  # src 2009: a result below 0 takes no days off
        return [*said, f"{what}: {off} days off, " + ("healed" if x.done else f"{x.left} left")]
    verdict = f"{what} halved to {x.left} days" if x.done else f"no change to {what}"
    return [*said, f"{x.total} against {x.tn}+: {verdict}"]


def words_of_key(key: str) -> str:
    """A status or stat key as words ("scarred_burn" reads "scarred burn")."""
    return key.replace("_", " ")


def rest_line(x: ce.Rested) -> str:
    """A Rest & Recuperate slot (WD-REST-001..003), morale's steps by name (no arrow to decode)."""
    said = [f"mends {x.mended or 'no'} wound{'' if x.mended == 1 else 's'}"]
    if x.stays:
        faces = " ".join(map(str, x.stays))
        said.append(f"low morale keeps {len(x.stays)} from mending tonight ({faces})")
    if x.raised is not None:
        said.append(f"morale rises from {step_words(x.raised[0])} to {step_words(x.raised[1])}")
    if x.cleared:
        said.append("no longer " + ", ".join(map(words_of_key, x.cleared)))
    for roll in x.rolls:
        said += _treated(roll)
    return "; ".join(said) + "."


def care_line(fee: int, provider: str, x: ce.Treated) -> str:
    """Paid care (WD-REST-004/005): the fee, then the provider's roll; the provider named as the seed
    names it ("Maskdoc", src 2013), not by its lower-case key."""
    return f"${fee} to {provider[:1].upper()}{provider[1:]}; {'; '.join(_treated(x))}."


def _keep(x: ce.KeepRoll) -> str:
    if x.bought:
        return f"keeps {x.source} ({x.total}, a step of morale makes it {x.bought})"
    return f"{'keeps' if x.kept else 'loses'} {x.source} ({x.total} against {x.need}+)"


def talk_line(x: ce.Talked) -> str:
    """A negotiation's roll (WD-SOCIAL-002..005): a low-morale cap said with the roll it cut
    (WD-MORALE-002, src 453), then the cards' keep rolls (WD-REP-005)."""
    result = f"{x.raw}, capped at {x.total} by low morale," if x.raw is not None else str(x.total)
    if x.after:
        text = f"rep brings the roll to {result} against {x.tn}+: " + (
            "agreed" if x.agreed else "still no deal"
        )
    else:
        text = f"Social {result} against {x.tn}+: " + ("agreed" if x.agreed else "no deal yet")
    if x.catastrophic:
        text += "; a catastrophic roll: -1 on every later roll here"
    if x.keeps:
        text += "; " + ", ".join(map(_keep, x.keeps))
    return text + "."


def tap_line(p: ce.FollowerTapped) -> str:
    """A follower tapped (WD-FOLLOW-003, -009..011), and one moving on over the cap."""
    if p.kind == "journalist":
        gone = "the negative rep is gone." if p.lost_negative is not None else "it sticks."
        text = f"a Journalist spins the story: Social {p.total} against 5+: {gone}"
    elif p.kind == "fan" and p.use == "rep":
        text = "a Fan spreads the word: a rep card, spent when used."
    elif p.kind == "fan" and p.use == "candidate":
        text = "a Fan brings one more candidate (lost if recruited)."
    elif p.kind == "fan":
        text = "Fans lend a hand at a location (one is lost if any is hurt)."
    else:
        item = p.projects[0].item if p.projects else "the project"
        text = f"a Craftsman turns a {p.turned} into a 4 on {item}."
    if p.moved_on:
        text += f" Over the cap, the {follower_title(p.kind)} moves on."
    return text


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


#: the GM's screen, kept beside the public event that changed it: lines the rules speak (``actor``
#: ``""``, no seat), not the acting player's ("Ann: Behind the screen: ..." read as Ann's words)
_SCREEN = (ce.LedgersKept, ce.DowntimeKept, ce.TargetSecret)


def _words(payload: Any, event: Event, viewer: Viewer) -> Description:
    return Description(
        text=line_of(payload),
        actor="" if isinstance(payload, _SCREEN) else event.seat,
        characters=_chars(payload),
        rolls=event.rolls,
        hidden=not event.audience.everyone,
    )


CAMPAIGN_WORDS: dict[str, Callable[[Any, Event, Viewer], Description]] = {
    t: _words for t in ce.CAMPAIGN_EVENTS
}
