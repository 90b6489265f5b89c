"""The GM's guide: Weaverdice's [GM] advice, shown to the GM when it matters (issue 18).

Some [GM] rules are advice with nothing for a table to enforce (how to size a
milestone, what a grid's labels mean, the setting's lore). The engine does not
invent mechanics for them; it keeps their text here, from the seed, and the
GM-only ``guide`` command shows a topic's advice in the GM's log. Its menu
entries offer only the topics that apply now (the intel guide once a target
is on the table, downtime's while a phase is open), so the advice comes up at
the moment the GM needs it. Each entry says which command, if any, carries
the rule's mechanical part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from capeworks.engine import Audience, DiceService, Event, Seat, declare_events
from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.events import WdEvent
from capeworks.systems.weaverdice.flow import Ctx, Done
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Tier

__all__ = [
    "ADVICE",
    "GUIDE_EVENTS",
    "GUIDE_TEXT",
    "Advice",
    "Guide",
    "GuideRead",
    "guide",
    "guide_offer",
    "topics_now",
]

Topic = Literal[
    "lore",
    "npcs",
    "milestones",
    "downtime",
    "business",
    "recruiting",
    "planning",
    "followers",
    "rep",
    "intel",
]


class Advice(Frozen):
    """One [GM] rule's advice: its id, topic, seed lines and words; ``hook``: the command that carries
    its mechanical part, if any."""

    rule: str
    topic: str
    src: str
    text: str
    hook: str = ""


#: every [GM] rule whose call stays with the GM, in the seed's words (shortened)
ADVICE: tuple[Advice, ...] = (
    Advice(
        rule="WD-LORE-001",
        topic="lore",
        src="195-201",
        text="Capes appeared from 1984, after Scion; it is 2010. Powers come from trigger events, traumatic "
        "bad days, and often echo them: many capes are troubled.",
    ),
    Advice(
        rule="WD-LORE-002",
        topic="lore",
        src="203",
        text="The PRT, a government body, runs the Protectorate (adult heroes) and the Wards (under 18).",
    ),
    Advice(
        rule="WD-LORE-003",
        topic="lore",
        src="205, 442",
        text="The unwritten rules keep the hero/villain dynamic stable; breaches (sexual assault, wanton "
        "murder, meddling in elections, abusing truces, guns) bring the community down on the cape.",
        hook="give_negative",
    ),
    Advice(
        rule="WD-NPC-006",
        topic="npcs",
        src="306",
        text="A bystander who has seen enough danger can be upgraded to a generic; a PC's family may be "
        "bystanders in a scene.",
        hook="change_tier",
    ),
    Advice(
        rule="WD-PROG-001",
        topic="milestones",
        src="1168-1181",
        text="Milestones are goals negotiated with the player at creation and throughout play; keep about "
        "3 active, replace completed ones, and hold an 'ultimate' goal back for later.",
        hook="award goal_cleared=true",
    ),
    Advice(
        rule="WD-PROG-017",
        topic="milestones",
        src="1280-1290",
        text="Archetypes: Revenge, I Want Answers, Set Something Up, A Relationship, A Position.",
    ),
    Advice(
        rule="WD-PROG-018",
        topic="milestones",
        src="1292-1302",
        text="Size a goal at 4-5 sessions (one takedown is 2-3); short campaigns use a bonus goal; a "
        "roleplayed flaw can be a milestone; too easy, add a 'yes, but...' twist; cleared in session one, "
        "say so, give a small reward (morale or rep) and rewrite it.",
        hook="change_morale, award rep=...",
    ),
    Advice(
        rule="WD-PROG-026",
        topic="milestones",
        src="1313",
        text="Guns a power provides, or guns used as a problem-solving tool, need not void the 'avoided "
        "guns' bonus.",
    ),
    Advice(
        rule="WD-DT-004",
        topic="downtime",
        src="1419-1423",
        text="Downtime actions are guidelines: play them on screen, open a session with one, or invent "
        "actions (a politician's obligations; a hospitalised team with options crossed off until rests "
        "reopen them).",
        hook="start_downtime slots=..., downtime_action",
    ),
    Advice(
        rule="WD-DT-005",
        topic="downtime",
        src="1425-1427",
        text="An invented action must offer something; if players do downtime work in sessions, cut the "
        "slots or effects; downtime also paces Tinkers against their rivals' preparation.",
        hook="start_downtime slots=...",
    ),
    Advice(
        rule="WD-BIZ-001",
        topic="business",
        src="1453-1462",
        text="Cape Business is the disposition's organisational work (jobs, the gang, stock); at the start "
        "it puts out feelers; a freeform GM may offer quests with follower or asset rewards, or a starter "
        "pack.",
        hook="cape_business, award",
    ),
    Advice(
        rule="WD-BIZ-003",
        topic="business",
        src="1466-1468",
        text="A large organisation needs check-ins (or lieutenants); neglect brings problems that need "
        "creative answers: splinter groups, worse faction relations, leaked intel, drama.",
        hook="cape_business checkins=...",
    ),
    Advice(
        rule="WD-RECRUIT-006",
        topic="recruiting",
        src="1667",
        text="An underling with better social skills may do the hiring, but may need a command or "
        "leadership skill to convey that the offer comes from the boss.",
    ),
    Advice(
        rule="WD-RECRUIT-015",
        topic="recruiting",
        src="1730",
        text="Non-cape gang members are simpler to hire; candidates not taken may come up again; casting a "
        "wider net skips them, at a penalty, and recruits take time to arrive.",
    ),
    Advice(
        rule="WD-PLAN-005",
        topic="planning",
        src="1449",
        text="Intel, followers and trained underlings may contribute to a plan's details, or be what a "
        "detail needs.",
    ),
    Advice(
        rule="WD-FOLLOW-012",
        topic="followers",
        src="1332, 1359",
        text="Suppliers, trainers, informants and non-combat gang staff are followers without rules of "
        "their own: the GM gives them their use.",
    ),
    Advice(
        rule="WD-REP-011",
        topic="rep",
        src="444",
        text="Justified gun use still earns negative rep; the cape may argue the case when called out, and "
        "a won argument can excuse the same case in future (it can also be lost).",
        hook="give_negative, call_check stat=social",
    ),
    Advice(
        rule="WD-INTEL-012",
        topic="intel",
        src="1855-1864",
        text="Labels: Movements (recent movements, places, activities), Capabilities (powers, equipment, "
        "manpower), Status (injuries, activity, confidence, rep), Relationships (contacts, network, "
        "factions), Patterns (habits, tells), Secrets (past deeds, hidden motives), History (origins "
        "forward), Data (online presence, media). Surveillance leans recent, research background.",
        hook="add_target tidbits=...",
    ),
    Advice(
        rule="WD-INTEL-018",
        topic="intel",
        src="1868-1872",
        text="Rows or columns may be skipped or merged (a tower-bound thinker has no Movements); a grid may "
        "grow or change as digging goes on.",
        hook="rework_target skip=...",
    ),
    Advice(
        rule="WD-INTEL-027",
        topic="intel",
        src="1900",
        text="Research can be blocked or confounded (false or flagged records), usually with a warning of "
        "confidential ground.",
        hook="rework_target block=... warning=...",
    ),
    Advice(
        rule="WD-INTEL-032",
        topic="intel",
        src="1921-1941",
        text="Protective options (Squash Bugs, Interrogate, Chase Tail, Scrub History, Obfuscate) fool "
        "later searchers, never re-hide what was found.",
        hook="rework_target tidbits=...",
    ),
    Advice(
        rule="WD-INTEL-036",
        topic="intel",
        src="1968-1975",
        text="Note the Facts (or a Working Theory): intel, and a relevant cell unlocked or cells made "
        "cheaper; a wrong theory makes later information unreliable.",
        hook="award intel=..., rework_target unlock=... cheaper=...",
    ),
    Advice(
        rule="WD-INTEL-037",
        topic="intel",
        src="1954-1956",
        text="Cells can be blocked until an action in play (a visit, a fight) opens them, or routed around.",
        hook="rework_target block=... / unblock=...",
    ),
    Advice(
        rule="WD-INTEL-039",
        topic="intel",
        src="1990-1992",
        text="A revelation can rewrite a grid's dispositions with some progress lost; progress can also be "
        "lost or falsified.",
        hook="rework_target dispositions=... relock=...",
    ),
)

_BY_RULE = {a.rule: a for a in ADVICE}


def _has_pc(state: WdState) -> bool:
    return any(c.tier is Tier.PC for c in state.people.values())


#: when each topic matters: the GM's menu offers it then (lore, always)
_WHEN: dict[str, Callable[[WdState], bool]] = {
    "lore": lambda s: True,
    "npcs": lambda s: any(c.tier is Tier.BYSTANDER for c in s.people.values()),
    "milestones": _has_pc,
    "downtime": lambda s: s.campaign.phase is not None,
    "business": lambda s: s.campaign.phase is not None,
    "recruiting": lambda s: s.campaign.phase is not None or bool(s.campaign.recruitments),
    "planning": lambda s: bool(s.campaign.missions),
    "followers": lambda s: any(x.followers or x.eligible for x in s.campaign.ledgers.values()),
    "rep": lambda s: any(card.negative for x in s.campaign.ledgers.values() for card in x.rep),
    "intel": lambda s: bool(s.campaign.targets),
}


def topics_now(state: WdState) -> list[str]:
    """The topics whose advice applies to the table as it stands, in the guide's order."""
    return [t for t in dict.fromkeys(a.topic for a in ADVICE) if _WHEN[t](state)]


class Guide(Frozen):
    """Read the GM's guide: a topic's [GM] advice from the rules (default: every topic that applies now)."""

    topic: Topic | None = None
    rule: str | None = Field(default=None, max_length=20, description="One rule's advice, e.g. WD-INTEL-037.")


class GuideRead(WdEvent):
    """GM-only: the advice the GM asked for; changes nothing at the table."""

    topic: str
    advice: tuple[Advice, ...]


def guide(state: WdState, ctx: Ctx, c: Guide, dice: DiceService) -> Done:
    """The advice asked for, in a GM-only line; nothing at the table changes."""
    if c.rule is not None:
        found = _BY_RULE.get(c.rule.strip().upper())
        if found is None:
            raise RuleViolation("WD-CORE-011", f"The guide has no advice for {c.rule[:20]!r}.", field="rule")
        chosen: tuple[Advice, ...] = (found,)
        topic = found.topic
    else:
        topics = [c.topic] if c.topic is not None else topics_now(state)
        chosen = tuple(a for a in ADVICE if a.topic in topics)
        topic = c.topic or "now"
    return [Event.of(GuideRead(topic=topic, advice=chosen), audience=Audience.gm_only())]


def guide_offer(state: WdState, seat: Seat) -> list[dict[str, Any]]:
    """The GM's menu: one entry per topic that applies now."""
    return [{"topic": t} for t in topics_now(state)] if seat.is_gm else []


def _said(p: GuideRead) -> str:
    lines = [
        f"{a.rule} (seed {a.src}): {a.text}" + (f" At the table: {a.hook}." if a.hook else "")
        for a in p.advice
    ]
    return f"GM guide ({p.topic}): " + " | ".join(lines)


GUIDE_TEXT: dict[str, Callable[[Any], str]] = {GuideRead.TYPE: _said}
GUIDE_EVENTS = declare_events(GuideRead)
