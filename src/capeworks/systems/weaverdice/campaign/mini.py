"""The mini-progression variant (WD-DN-017, config ``campaign.progression = "mini"``).

Instead of the eight boxes (WD-PROG-003), an awarded box (WD-PROG-002) buys one
of 16 small picks from the design notes (src 163-182). An option leaves the list
once taken (the duplicates 5/6, 9/10 and 14/15 let a kind be taken twice) until
the make-or-break point, the 10th pick, refills it. "Secure" is the notes'
recurring condition: a kept secret identity and healthy civilian relationships
(WD-DN-012), which the table keeps no record of: the GM's ruling, so only the
GM's pick says ``secure`` (a player's claim is refused).

Decisions where the notes are loose (PROPOSED, in docs/weaverdice-campaign.md):
options 1-2 start learning a skill under the core training rules
(WD-SKILL-006..009) with a stat modifier of 0 or more (1) or +1 or more (2); a
chosen follower (3) starts tapped for the phase unless morale is Good or better
(the notes' "after 1d6 days"); a random one (4) is a die over the table's
follower types, chosen instead when secure; rep up to the cap (7) deals cards to
the reputation cap (WD-STAT-012, with the Fans' +1 per two, WD-FOLLOW-010), then
+1 card at each of the next two picks made at Good morale or better; media
attention (8) is one rep card, the opposition's part the GM's; the money series
(9/10, WX-54) pays $500, then half the last amount (rounded down: 250, 125, 62)
at each later pick while secure, ending when not (with both taken, each series
halves on its own); a morale pick (12) needs secure and raises the baseline by
one (WD-MORALE-005, at most +3) for the next Social-score encounters (the
inventory's PROPOSED reading of "[Social] encounters"), each fight's end, or a
lull closing a situation outside a fight where effort was spent (src 409), one
fewer, after which it settles back (:func:`wear_lift`); recovery (13) clears every wound and halves one
long-term issue's days and DC; a free slot (14, 15) adds one slot to the next
one (or two) downtime phases; a half dot (16) is Extra Effort's (WD-PROG-006).
"""

from __future__ import annotations

import math
from typing import Any, Final

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import add_card, ledger_of, live_rep, rep_cap
from capeworks.systems.weaverdice.campaign.model import Ledger
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import a_follower
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.effort import Effort
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.morale import is_good
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.skills import start_learning
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat
from capeworks.systems.weaverdice.wounds import Track

__all__ = ["MINI_OPTIONS", "close_lift_fight", "pick_mini", "wear_lift"]

#: the 16 options (src 167-182), as the log names them
MINI_OPTIONS: Final = {
    1: "start learning a skill",
    2: "start learning a skill of a +1 stat",
    3: "a follower of your choice",
    4: "a random follower",
    5: "+1 underling cap",
    6: "+1 underling cap",
    7: "rep up to the cap",
    8: "media attention",
    9: "money",
    10: "money",
    11: "a belt slot",
    12: "a higher morale baseline",
    13: "recovery",
    14: "a free downtime slot",
    15: "a free downtime slot, twice",
    16: "a half dot",
}
#: the source of the rep cards options 7 deals
SOURCE: Final = "mini-progression"


def _learn(sheet: Character, c: cc.PickMini) -> Character:
    if not c.skill or c.stat is None:
        raise RuleViolation("WD-DN-017", "Name the skill to learn and its stat.")
    mod = sheet.modifier(c.stat)
    if c.option == 1 and mod < 0:
        raise RuleViolation("WD-DN-014", f"{sheet.name}'s {c.stat.value} is {mod}: not a skill to learn so.")
    if c.option == 2 and mod < 1:
        raise RuleViolation(
            "WD-DN-014", f"Option 2 needs a +1 stat; {sheet.name}'s {c.stat.value} is {mod:+d}."
        )
    return start_learning(sheet, c.skill, c.stat, rule="WD-SKILL-006")


def _follower(
    state: WdState, ctx: Ctx, dice: DiceService, c: cc.PickMini, ledger: Ledger
) -> tuple[Ledger, str]:
    kinds = ctx.config.campaign.followers
    if c.option == 4 and not c.secure:  # a random type; word of mouth lets a secure cape choose
        face = dice.roll(1, len(kinds), purpose="mini follower").faces[0]
        kind = kinds[face - 1].name
    else:
        found = ctx.config.campaign.follower(c.kind) if c.kind else None
        if found is None:
            raise RuleViolation("WD-FOLLOW-002", "Name one of the table's follower types.")
        kind = found.name
    ledger = evolve(ledger, {"followers": {**ledger.followers, kind: ledger.followers.get(kind, 0) + 1}})
    if c.option == 3 and not is_good(state.people[c.character].morale):  # it starts later: tapped this phase
        phase = state.campaign.phase
        now = phase.number if phase is not None else state.campaign.phases + 1
        ledger = evolve(ledger, {"tapped": {**ledger.tapped, kind: (*ledger.tapped.get(kind, ()), now)}})
        return ledger, f"{a_follower(kind)}, who starts work later"
    return ledger, f"{a_follower(kind)}"


def _recover(state: WdState, c: cc.PickMini, ledger: Ledger) -> tuple[Ledger, Any, str]:
    who = state.people[c.character]
    healed = evolve(who, {"track": Track.of(state.sheet(c.character))})
    if not c.condition:
        return ledger, healed, "healed fully"
    match = next((x for x in ledger.conditions if x.name.lower() == c.condition.lower()), None)
    if match is None:
        raise RuleViolation("WD-REST-002", f"{who.name} has no long-term issue called {c.condition}.")
    halved = evolve(match, {"days": math.ceil(match.days / 2), "dc": math.ceil(match.dc / 2)})
    conditions = tuple(halved if x is match else x for x in ledger.conditions)
    return evolve(ledger, {"conditions": conditions}), healed, f"healed fully; {match.name} halved"


def _later(state: WdState, ctx: Ctx, c: cc.PickMini, ledger: Ledger) -> tuple[Ledger, list[str]]:
    """What earlier picks pay at this one: the money series (WX-54) and option 7's rep."""
    said: list[str] = []
    for series in ("mini_money", "mini_money_second"):  # options 9 and 10 each halve on their own
        last: int = getattr(ledger, series)
        if last and c.secure:
            ledger = evolve(ledger, {"money": ledger.money + last // 2, series: last // 2})
            said.append(f"${last // 2} more")
        elif last:
            ledger = evolve(ledger, {series: 0})
    if ledger.mini_rep:
        ledger = evolve(ledger, {"mini_rep": ledger.mini_rep - 1})
        if is_good(state.people[c.character].morale):
            ledger = add_card(ledger, source=SOURCE)
            said.append("+1 rep")
    return ledger, said


def pick_mini(state: WdState, ctx: Ctx, c: cc.PickMini, dice: DiceService) -> Done:
    """One pick off the list with an awarded box (WD-DN-017, WD-PROG-002)."""
    who = person(state, c.character)
    conf = ctx.config.campaign
    if conf.progression != "mini":
        raise RuleViolation(
            "WD-DN-017", "This table uses the progression boxes, not the mini-progression list."
        )
    if c.secure and not ctx.is_gm:
        # the table keeps no record of a secret identity or civilian relationships (src 170, 175,
        # 178): whether they are intact is the GM's ruling, as for a Trusted Follower (src 1217)
        raise RuleViolation(
            "WD-DN-012",
            f"Whether {who.name}'s secret identity and civilian relationships are intact is the GM's"
            " ruling: the GM makes a pick with secure=true.",
            field="secure",
        )
    ledger = ledger_of(state, c.character)
    if ledger.box_credit <= 0:
        raise RuleViolation("WD-PROG-002", f"{who.name} has no progression box to spend; finish a mission.")
    if c.option in ledger.mini_taken:
        raise RuleViolation("WD-DN-017", f"Option {c.option} is off the list until the make-or-break point.")
    ledger, paid = _later(state, ctx, c, ledger)
    sheet = state.sheets[c.character]
    people: tuple[Any, ...] = ()
    what = MINI_OPTIONS[c.option]
    if c.option in (1, 2):
        sheet = _learn(sheet, c)
        what = f"starts learning {c.skill}"
    elif c.option in (3, 4):
        ledger, what = _follower(state, ctx, dice, c, ledger)
    elif c.option in (5, 6):
        sheet = evolve(sheet, {"underling_bonus": sheet.underling_bonus + 1})
    elif c.option == 7:  # up to the cap two Fans raise too; the Fans' cards of the phase go at its end
        kept = sum(1 for x in live_rep(ledger) if not x.downtime_only)
        for _ in range(max(0, rep_cap(state, c.character) - kept)):
            ledger = add_card(ledger, source=SOURCE)
        ledger = evolve(ledger, {"mini_rep": 2})
    elif c.option == 8:
        ledger = add_card(ledger, source="media attention")
    elif c.option in (9, 10):  # a series of its own beside one the other option runs (src 175-176)
        series = "mini_money_second" if ledger.mini_money else "mini_money"
        ledger = evolve(ledger, {"money": ledger.money + conf.mini_money, series: conf.mini_money})
        what = f"${conf.mini_money}"
    elif c.option == 11:
        sheet = evolve(sheet, {"extra_belt_slots": sheet.extra_belt_slots + 1})
    elif c.option == 12:
        if not c.secure:
            raise RuleViolation(
                "WD-DN-012", "A higher baseline needs the secret identity and relationships intact."
            )
        if sheet.morale_baseline >= 3:
            raise RuleViolation("WD-MORALE-005", f"{who.name}'s morale baseline is already +3.")
        encounters = sheet.stat(Stat.SOCIAL)
        ledger = evolve(ledger, {"morale_lift": encounters})
        what = f"a morale baseline of {sheet.morale_baseline + 1:+d} for the next {encounters} encounters"
    elif c.option == 13:
        ledger, healed, what = _recover(state, c, ledger)
        people = (healed,)
    elif c.option in (14, 15):
        ledger = evolve(ledger, {"free_slots": ledger.free_slots + (1 if c.option == 14 else 2)})
    else:
        if c.pool is None:
            raise RuleViolation("WD-PROG-006", "Name the pool the half dot goes to.")
        halves = ledger.half_dots.get(c.pool, 0) + 1
        if halves >= 2:  # two half dots make a whole one (WD-PROG-006 PROPOSED)
            bonus = {**sheet.effort_bonus, c.pool: sheet.effort_bonus.get(c.pool, 0) + 1}
            sheet, halves = evolve(sheet, {"effort_bonus": bonus}), 0
        ledger = evolve(ledger, {"half_dots": {**ledger.half_dots, c.pool: halves}})
        what = f"half a {c.pool.value} dot"
    picks = ledger.mini_picks + 1
    taken = (*ledger.mini_taken, c.option)
    if picks >= conf.mini_make_or_break:  # the make-or-break point: the list refills
        picks, taken = 0, ()
        paid.append("the list refills")
    ledger = evolve(ledger, {"box_credit": ledger.box_credit - 1, "mini_picks": picks, "mini_taken": taken})
    b = Builder(state, ctx, dice)
    b.emit(
        ce.MiniPicked(
            character=c.character,
            name=who.name,
            option=c.option,
            what="; ".join([what, *paid]),
            sheet=sheet if sheet is not state.sheets[c.character] else None,
            ledgers={c.character: ledger},
            people=people,
        )
    )
    return b.batch


def wear_lift(b: Builder, ident: str, *, lull: bool = True, before: Effort | None = None) -> None:
    """An encounter ``ident`` was in is over, a fight or a situation a lull closes ("any encounter or
    situation where effort was expended", src 409): a running option-12 lift has one encounter fewer
    to run (WD-DN-017); at none the day starts at the sheet's baseline again ("morale tends to settle
    at the baseline", src 178). A fight ended with no ``lull`` keeps its spent dots for the lull that
    may follow: that lull, with nothing more spent, is the same encounter's end. ``before``: the
    effort as the encounter left it, before its lull gave the spent dots back."""
    ledger = b.state.campaign.ledgers.get(ident)
    if ledger is None or not ledger.morale_lift:
        return
    effort = before if before is not None else b.state.people[ident].effort
    spent = sum(effort.spent.values())
    if lull and ledger.lift_settles and ledger.lift_settles == spent and effort.used:
        close_lift_fight(b, ident)  # the quiet minutes of a fight already counted
        return
    left = ledger.morale_lift - 1
    settles = spent if not lull and effort.used and left else 0
    b.emit(
        ce.BaselineLiftWorn(
            character=ident,
            name=b.person(ident).name,
            left=left,
            ledgers={ident: evolve(ledger, {"morale_lift": left, "lift_settles": settles})},
        )
    )


def close_lift_fight(b: Builder, ident: str) -> None:
    """The fight a running lift counted with no lull is over for good: a night's sleep, a new fight
    or its own lull ends it, so a later lull closes a new situation and counts, however many dots it
    took (WD-DN-017, src 409)."""
    ledger = b.state.campaign.ledgers.get(ident)
    if ledger is None or not ledger.lift_settles:
        return
    b.emit(
        ce.LiftFightClosed(
            character=ident,
            name=b.person(ident).name,
            ledgers={ident: evolve(ledger, {"lift_settles": 0})},
        )
    )
