"""Recruit (WD-RECRUIT): the modifier table, rep and milestones tapped, candidates with hidden details.

A Recruit slot rolls Social-score dice, each with the net modifier; each die
at 4+ opens a place for an applicant (WD-RECRUIT-001). The modifier sums the
sought preferences from the table (WD-RECRUIT-002; capes-only rows need a cape
search), doubles a preference's penalty to make it strict (WD-RECRUIT-003),
and takes -1 per cape on the team, the recruiter included (WD-RECRUIT-004):
never fewer than the recruiter and the capes hired from their own cape calls.
Rep and milestones may be tapped for extra dice (1 each, WD-RECRUIT-007
PROPOSED) or a bonus to every die (+1/+2/+3 for 1/3/6 tapped); each tapped
rep card is lost on a 1-3 (50%; +1 to the die per active Journalist,
WD-FOLLOW-009; a step of high morale may keep it, WD-MORALE-003), a Fan's
card always (WD-FOLLOW-010), milestones never (WD-RECRUIT-008); a card must
be the recruiter's to play (its owners, WD-REP-002) and general (an exclusive
card is its group's). The recruiter's low morale caps each die and each keep
roll, as any roll of theirs (WD-MORALE-002, src 453).

The GM presents candidates: their details stay GM-only (a GM-only event; the
public one names only which details there are) and whether they lack what was
sought is rolled behind the screen (20%, WD-RECRUIT-003). The recruiter may
ask Social-score questions (WD-RECRUIT-013); the GM then rolls the recruiter's
Knowledge per detail behind the screen, 4+ reveals it, +2 where asked, under
their low-morale cap (WD-RECRUIT-011, WD-MORALE-002); only revealed values ever
reach a player. A candidate never outranks the recruiter in milestones, skills
or rep (WD-RECRUIT-005). A call may seek followers too (src 1608): a candidate
the GM presents as a follower type joins, once hired, as a follower of that
type within the follower cap (WD-FOLLOW-006), not as an underling.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import ledger_of, live_rep, sheet_fans, take_slot
from capeworks.systems.weaverdice.campaign.followers import follower_count, lose_follower
from capeworks.systems.weaverdice.campaign.group_passives import journalists_for
from capeworks.systems.weaverdice.campaign.model import Candidate, Group, Recruitment
from capeworks.systems.weaverdice.campaign.reputation import check_discarded, with_shared
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import CLASSIFICATIONS, DISPOSITIONS, disposition
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.morale import capped, spend_value
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = ["BONUS", "ask", "hire", "present_candidate", "recruit", "recruit_modifier", "vet_candidates"]

#: units tapped -> bonus to every die (WD-RECRUIT-007): 1 -> +1, 3 -> +2, 6 -> +3
BONUS = {0: 0, 1: 1, 3: 2, 6: 3}


def capes_on_team(state: WdState, ident: str) -> int:
    """The capes the table knows are on ``ident``'s team: the recruiter and the capes hired from
    their own cape calls (WD-RECRUIT-004)."""
    camp = state.campaign
    hired = sum(
        1
        for x in camp.candidates.values()
        if x.hired
        and not x.follower
        and camp.recruitments[x.recruitment].recruiter == ident
        and camp.recruitments[x.recruitment].capes
    )
    return 1 + hired


def recruit_modifier(ctx: Ctx, c: cc.Recruit, *, on_team: int = 1) -> tuple[int, bool]:
    """The net modifier of a search, and whether applicants may lack what was sought; ``on_team`` is
    the fewest capes the team can have (the recruiter and the capes the table saw hired)."""
    table = {row.key: row for row in ctx.config.campaign.recruit_table}
    total, loose = 0, False
    for key in {*c.seek, *c.strict}:
        row = table.get(key)
        if row is None:
            raise RuleViolation(
                "WD-RECRUIT-002", f"There is no preference {key}; the table has {', '.join(table)}."
            )
        if row.capes_only and not c.capes:
            raise RuleViolation("WD-RECRUIT-002", f"{row.label} is a search for capes only.")
        if key in c.strict:
            if row.modifier >= 0:
                raise RuleViolation("WD-RECRUIT-003", f"Only a penalty can be doubled, not {row.label}.")
            total += 2 * row.modifier
        else:
            total += row.modifier
            loose = loose or row.modifier < 0
    if c.capes:
        total -= max(on_team, c.team_capes)  # WD-RECRUIT-004, the recruiter counts
    return total, loose


def recruit(state: WdState, ctx: Ctx, c: cc.Recruit, dice: DiceService) -> Done:
    """A Recruit slot: Social dice each at 4+ (WD-RECRUIT-001..004, -007, -008)."""
    who = person(state, c.character)
    if c.recruitment in state.campaign.recruitments:
        raise RuleViolation("WD-RECRUIT-001", f"There is already a recruitment called {c.recruitment}.")
    sheet = state.sheet(c.character)
    modifier, loose = recruit_modifier(ctx, c, on_team=capes_on_team(state, c.character))
    units = c.rep_bonus + c.milestone_bonus
    if units not in BONUS:
        raise RuleViolation(
            "WD-RECRUIT-007", "The bonus to every die takes 1, 3 or 6 rep and milestones in all."
        )
    ledger = ledger_of(state, c.character)
    held = [x for x in live_rep(ledger) if not x.exclusive and x.playable_by(c.character, who.name)]
    rep_used = c.rep_dice * ctx.config.campaign.rep_per_extra_recruit_die + c.rep_bonus
    if rep_used:
        check_discarded(state.campaign, c.character, who.name)
    if rep_used > len(held):
        raise RuleViolation("WD-RECRUIT-007", f"{who.name} has {len(held)} rep to tap, not {rep_used}.")
    if c.milestone_dice + c.milestone_bonus > sheet.milestones:
        raise RuleViolation(
            "WD-RECRUIT-008",
            f"{who.name} has {sheet.milestones} milestone{'' if sheet.milestones == 1 else 's'} to tap.",
        )
    phase, _ = take_slot(state, c.character, "recruit")
    table = {k.lower(): v for k, v in ctx.config.campaign.recruit_skill_bonus.items()}
    skilled = sum(table.get(x.name.lower(), 0) for x in sheet.known_skills)  # WD-RECRUIT-009
    bonus = BONUS[units] + skilled - ledger.penalty
    count = sheet.stat(Stat.SOCIAL) + c.rep_dice + c.milestone_dice
    b = Builder(state, ctx, dice)
    roll = dice.roll(count, 6, purpose="recruit")
    morale = who.morale  # low morale caps each die and each keep roll (WD-MORALE-002, src 453)
    openings = sum(1 for f in roll.faces if capped(f + modifier + bonus, morale) >= 4)
    lost = 0
    lost_cards: tuple[str, ...] = ()
    if rep_used:  # WD-RECRUIT-007: each tapped rep card has a 50% chance to be lost
        tapped = held[:rep_used]
        gone = {x.id for x in tapped if x.consumable}  # a Fan's rep is always spent (WD-FOLLOW-010)
        chancy = [x for x in tapped if not x.consumable]
        if chancy:  # kept on 4+, each active Journalist adding +1 (WD-FOLLOW-009, src 1340)
            most = ctx.config.campaign.follower_passive_max
            loss = dice.roll(len(chancy), 6, purpose="rep kept?")
            for card, face in zip(chancy, loss.faces, strict=True):
                # a group's Journalists help keep the group's own card (WD-FOLLOW-008, src 1361)
                if capped(face + journalists_for(state, c.character, card, phase.number, most), morale) >= 4:
                    continue
                if c.morale_keep and morale > 0 and spend_value(morale) >= 4:  # as Tankspanker, src 479
                    morale -= 1
                    continue
                gone.add(card.id)
        lost = len(gone)
        lost_cards = tuple(x.source for x in tapped if x.id in gone)  # named: the player knows which
        # a general card lost is rep spent that day, a Journalist's to save by self-promoting (src 1340)
        spent = tuple(x for x in chancy if x.id in gone)
        ledger = evolve(
            ledger,
            {"rep": tuple(x for x in ledger.rep if x.id not in gone), "spent": (*ledger.spent, *spent)},
        )
    ledger = evolve(ledger, {"penalty": 0})
    surprises: list[str] = []
    if c.capes and openings:  # WD-RECRUIT-010: 1 in N per applicant, as the GM announced
        for kind, n in sorted(ctx.config.campaign.recruit_serendipity.items()):
            faces = dice.roll(openings, n, purpose=f"a {kind}?").faces
            surprises += [kind] * sum(1 for f in faces if f == 1)
    r = Recruitment(
        id=c.recruitment,
        recruiter=c.character,
        capes=c.capes,
        openings=openings,
        questions=sheet.stat(Stat.SOCIAL),
        loose=loose,
        surprises=tuple(surprises),
    )
    b.emit(
        ce.RecruitRolled(
            recruitments=(r,),
            character=c.character,
            name=who.name,
            modifier=modifier + bonus,
            openings=openings,
            lost_rep=lost,
            lost_cards=lost_cards,
            phase=phase,
            ledgers=with_shared(state.campaign, c.character, ledger),
        )
    )
    if morale != who.morale:
        b.emit(
            ev.MoraleChanged(
                character=c.character,
                name=who.name,
                step=morale,
                delta=morale - who.morale,
                reason="high morale keeps rep",
                people=(evolve(b.person(c.character), {"morale": morale}),),
            ),
            hidden=who.hidden,  # a hidden NPC's morale is the GM's
        )
    return b.batch


def _recruitment(state: WdState, ident: str) -> Recruitment:
    r = state.campaign.recruitments.get(ident)
    if r is None:
        raise RuleViolation("WD-RECRUIT-001", f"There is no recruitment called {ident}.")
    return r


def present_candidate(state: WdState, ctx: Ctx, c: cc.PresentCandidate, dice: DiceService) -> Done:
    """The GM presents a candidate; details and the off-target roll stay GM-only (WD-RECRUIT-003/011)."""
    r = _recruitment(state, c.recruitment)
    if len(r.candidates) >= r.openings:
        raise RuleViolation("WD-RECRUIT-001", f"That recruitment turned up {r.openings} applicants, no more.")
    if c.candidate in state.campaign.candidates:
        raise RuleViolation("WD-RECRUIT-011", f"There is already a candidate called {c.candidate}.")
    recruiter = state.sheet(r.recruiter)
    rep = len(live_rep(ledger_of(state, r.recruiter)))
    if c.milestones > recruiter.milestones or c.skills > len(recruiter.known_skills) or c.reputation > rep:
        raise RuleViolation(
            "WD-RECRUIT-005", f"A recruit never outranks {recruiter.name} in milestones, skills or rep."
        )
    details = dict(c.details)
    if c.classification:  # WD-LORE-005
        if c.classification.lower() not in CLASSIFICATIONS:
            raise RuleViolation("WD-LORE-005", f"There is no classification {c.classification}.")
        details["classification"] = c.classification.lower()
    if c.disposition:  # WD-LORE-004
        if disposition(c.disposition) not in DISPOSITIONS:
            raise RuleViolation("WD-LORE-004", f"There is no disposition {c.disposition}.")
        details["disposition"] = disposition(c.disposition)
    follower = c.follower.lower()
    if follower and ctx.config.campaign.follower(follower) is None:
        raise RuleViolation("WD-RECRUIT-001", f"There is no follower type {c.follower}.")
    b = Builder(state, ctx, dice)
    off = False
    if r.loose:
        roll = dice.roll(1, 100, purpose="off target?")
        off = roll.faces[0] <= ctx.config.campaign.recruit_off_target
    cand = Candidate(
        id=c.candidate,
        name=c.name,
        recruitment=r.id,
        details=details,
        off_target=off,
        milestones=c.milestones,
        skills=c.skills,
        reputation=c.reputation,
        follower=follower,
    )
    r = evolve(r, {"candidates": (*r.candidates, c.candidate)})
    b.emit(ce.CandidatePresented(candidate=cand, recruitment=r), hidden=True)
    secret = person(state, r.recruiter).hidden  # a hidden NPC's recruiting is the GM's
    b.emit(ce.CandidateListed(candidate=c.candidate, name=c.name, details=tuple(details)), hidden=secret)
    return b.batch


def ask(state: WdState, ctx: Ctx, c: cc.Ask, dice: DiceService) -> Done:
    """The recruiter asks about a detail: +2 to its reveal roll (WD-RECRUIT-011/013)."""
    who = person(state, c.character)
    cand = state.campaign.candidates.get(c.candidate)
    if cand is None:
        raise RuleViolation("WD-RECRUIT-013", f"There is no candidate called {c.candidate}.")
    r = _recruitment(state, cand.recruitment)
    if r.recruiter != c.character:
        raise RuleViolation("WD-RECRUIT-013", f"{who.name} is not the one recruiting {cand.name}.")
    if r.vetted or r.questions <= 0:
        raise RuleViolation("WD-RECRUIT-013", f"{who.name} has no questions left for this recruitment.")
    if c.detail not in cand.details or c.detail in cand.asked:
        raise RuleViolation("WD-RECRUIT-013", f"There is no detail {c.detail} left to ask {cand.name} about.")
    b = Builder(state, ctx, dice)
    b.emit(
        ce.QuestionAsked(
            character=c.character,
            candidate=c.candidate,
            detail=c.detail,
            recruitment=evolve(r, {"questions": r.questions - 1}),
            name=who.name,
            candidate_name=cand.name,
        )
    )
    return b.batch


def vet_candidates(state: WdState, ctx: Ctx, c: cc.VetCandidates, dice: DiceService) -> Done:
    """The recruiter's Knowledge per detail behind the screen: 4+ reveals, +2 asked (WD-RECRUIT-011)."""
    r = _recruitment(state, c.recruitment)
    if r.vetted:
        raise RuleViolation("WD-RECRUIT-011", "Those candidates have been looked over already.")
    if not r.candidates:
        raise RuleViolation("WD-RECRUIT-011", "There are no candidates to look over yet.")
    sheet = state.sheet(r.recruiter)
    mod = sheet.modifier(Stat.KNOWLEDGE)
    morale = state.people[r.recruiter].morale  # the roll is the recruiter's: their low morale caps it
    b = Builder(state, ctx, dice)
    lines: list[str] = []
    shown: dict[str, dict[str, str]] = {}
    for ident in r.candidates:
        cand = state.campaign.candidates[ident]
        shown[ident] = {}
        for detail, value in cand.details.items():
            face = dice.roll(1, 6, purpose=f"{cand.name}: {detail}").faces[0]
            total = capped(face + mod + (2 if detail in cand.asked else 0), morale)  # WD-MORALE-002
            lines.append(f"{cand.name} {detail}: {total}")
            if total >= ctx.config.default_tn:
                shown[ident][detail] = value
    b.emit(ce.CandidatesVetted(recruitment=r.id, lines=tuple(lines)), hidden=True)
    for ident in r.candidates:
        cand = state.campaign.candidates[ident]
        b.emit(
            ce.DetailsRevealed(
                candidate=ident,
                name=cand.name,
                revealed=shown[ident],
                recruitment=r.id,
                recruiter=person(state, r.recruiter).name,
            ),
            hidden=person(state, r.recruiter).hidden,  # a hidden NPC's recruiting is the GM's
        )
    return b.batch


def hire(state: WdState, ctx: Ctx, c: cc.Hire, dice: DiceService) -> Done:
    """Take a candidate on as an underling, within the underling cap (WD-STAT-014), or a follower
    candidate as a follower of their type, within the follower cap (src 1608, WD-FOLLOW-006)."""
    who = person(state, c.character)
    cand = state.campaign.candidates.get(c.candidate)
    if cand is None or cand.hired:
        raise RuleViolation("WD-RECRUIT-001", f"There is no candidate {c.candidate} to hire.")
    r = _recruitment(state, cand.recruitment)
    if r.recruiter != c.character:
        raise RuleViolation("WD-RECRUIT-001", f"{cand.name} answered someone else's call, not {who.name}'s.")
    ledger = ledger_of(state, c.character)
    if cand.follower:
        sheet = state.sheet(c.character)
        cap = sheet.follower_cap
        if follower_count(ledger, sheet_fans(state, c.character)) >= cap:
            raise RuleViolation("WD-FOLLOW-006", f"{who.name} already has {cap} followers, the cap.")
        kinds = {**ledger.followers, cand.follower: ledger.followers.get(cand.follower, 0) + 1}
        ledger = evolve(ledger, {"followers": kinds})
    else:
        cap = state.sheet(c.character).underling_cap(ctx.config)
        if len(ledger.underlings) >= cap:
            raise RuleViolation("WD-STAT-014", f"{who.name} already has {cap} underlings, the cap.")
        ledger = evolve(ledger, {"underlings": (*ledger.underlings, cand.name)})
    # src 1372: "You lose a fan ... if you recruit the extra option" a Fan brought: the one tapped for
    # the candidate, the recruiter's own or a group's (WD-FOLLOW-008), its tap going with it
    source = r.fan_source(cand.id)
    groups: tuple[Group, ...] = ()
    fan_lost = ""
    if source:
        groups = (lose_follower(state.campaign.groups[source], "fan"),)
        fan_lost = groups[0].name
    elif source is not None and ledger.followers.get("fan", 0):
        ledger = lose_follower(ledger, "fan")
        fan_lost = who.name
    b = Builder(state, ctx, dice)
    b.emit(
        ce.Hired(
            character=c.character,
            name=who.name,
            candidate=c.candidate,
            recruit=cand.name,
            follower=cand.follower,
            ledgers={c.character: ledger},
            groups=groups,
            fan_lost=fan_lost,
        )
    )
    return b.batch
