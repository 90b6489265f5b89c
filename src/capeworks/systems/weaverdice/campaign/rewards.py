"""Rewards and negative rep: what the GM hands out (WD-PROG-002/012/013, WD-REP-002/009/010/012/013/015),
and a follower the GM rules gone (WD-FOLLOW-007/010).

General rewards (money, rep, intel, a follower) do not count toward
milestones; progression boxes come from missions finished, won or not
(WD-PROG-002 PROPOSED: ``boxes_per_mission`` each). Money tiers roll their
dice (WD-PROG-013). Negative rep is the GM's: cited for -1 without being
spent (WD-REP-009), secret when nobody saw (WD-REP-010), retired after enough
citations (WD-REP-012), and every ``negative_rep_per_tier`` cards make an
escalation tier (WD-REP-013).
"""

from __future__ import annotations

from capeworks.engine import Audience, Batch, DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import add_card, ledger_of
from capeworks.systems.weaverdice.campaign.followers import lose_follower
from capeworks.systems.weaverdice.campaign.model import Ledger, LongTerm, RepCard, intel_key
from capeworks.systems.weaverdice.campaign.reputation import deal_shared
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import (
    a_follower,
    disposition,
    follower_title,
    intel_types,
)
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.state import WdState

__all__ = [
    "ESCALATIONS",
    "MONEY",
    "award",
    "cite_negative",
    "escalation",
    "give_negative",
    "gunfire_rep",
    "parse_intel",
]

#: money tiers: dice and the dollars per pip (WD-PROG-013)
MONEY: dict[str, tuple[int, int, str]] = {
    "bit": (1, 20, "a bit of money"),
    "cash": (2, 100, "cold hard cash"),
    "bounty": (4, 1000, "a bounty"),
}
#: escalation tiers of negative rep (WD-REP-013)
ESCALATIONS = (
    "enemies may freely use guns against them",
    "authorities refuse cooperation; villain negotiations close",
    "kill orders",
)


def escalation(negative_cards: int, per_tier: int) -> int:
    """The escalation tier reached by held negative cards: one per ``per_tier`` cards, at most 3."""
    return min(len(ESCALATIONS), negative_cards // per_tier)


def parse_intel(text: str, *, extra: tuple[str, ...] = (), added: tuple[str, ...] = ()) -> tuple[str, int]:
    """``violent:2`` -> (``violent``, 2): a disposition, a type the GM ``added`` (WD-INTEL-002) or a
    target wildcard (``extra``), and a tier 1-4."""
    kind, _, tier = text.strip().lower().partition(":")
    kind = kind if kind in extra else disposition(kind)
    types = intel_types(added)
    if kind not in types and kind not in extra:
        raise RuleViolation(
            "WD-INTEL-002", f"There is no intel type '{kind}'; the types are {', '.join(types)}."
        )
    if tier not in ("1", "2", "3", "4"):
        raise RuleViolation("WD-INTEL-002", "Intel comes in tiers 1 to 4, written type:tier.")
    return kind, int(tier)


def _gain(ledger: Ledger, kind: str, tier: int, count: int = 1) -> Ledger:
    key = intel_key(kind, tier)
    return evolve(ledger, {"intel": {**ledger.intel, key: ledger.intel.get(key, 0) + count}})


def award(state: WdState, ctx: Ctx, c: cc.Award, dice: DiceService) -> Done:
    """Hand out rewards; a money tier rolls its dice (WD-PROG-013)."""
    who = person(state, c.character)
    if c.intel and ctx.config.campaign.no_intel:  # the appendix gives information instead (src 2025)
        raise RuleViolation(
            "WD-INTEL-040",
            "This table plays without intel: give the information itself (minor, relevant, deeper details, "
            "write-ups for tiers 1-4) instead.",
            field="intel",
        )
    ledger = ledger_of(state, c.character)
    b = Builder(state, ctx, dice)
    said: list[str] = []
    faces: tuple[int, ...] = ()
    money = c.money
    if c.money_tier:
        n, unit, words = MONEY[c.money_tier]
        roll = dice.roll(n, 6, purpose="money")
        faces = tuple(roll.faces)
        money += sum(roll.faces) * unit
        said.append(f"{words}: ${sum(roll.faces) * unit}")
    elif c.money:
        said.append(f"${c.money}")
    ledger = evolve(ledger, {"money": ledger.money + money})
    joint = ("", -1)
    if c.rep:
        ledger = add_card(ledger, source=c.rep, exclusive=c.exclusive, owners=tuple(c.owners))
        only = f", with {c.exclusive} only" if c.exclusive else ""
        mine = f", for {' and '.join(c.owners)} only" if c.owners else ""  # the post-it's own words (src 427)
        said.append(f"rep ({c.rep}{only}{mine})")
        joint = f"rep ({c.rep}{only})", len(said) - 1  # its words to all its owners, and where they stand
    if c.intel:
        kind, tier = parse_intel(
            c.intel, extra=tuple(state.campaign.targets), added=state.campaign.intel_types
        )
        ledger = _gain(ledger, kind, tier, c.intel_count)
        said.append(f"{c.intel_count} tier-{tier} {kind} intel")
    boxes = c.boxes + (ctx.config.campaign.boxes_per_mission if c.mission else 0)
    if boxes:
        ledger = evolve(ledger, {"box_credit": ledger.box_credit + boxes})
        said.append(f"{boxes} progression box{'es' if boxes > 1 else ''}")
    if c.goal_cleared:
        ledger = evolve(ledger, {"goal_cleared": True})
        said.append("a cleared milestone goal")
    if c.eligible:
        if ctx.config.campaign.follower(c.eligible) is None:
            raise RuleViolation("WD-FOLLOW-002", f"There is no follower type called {c.eligible}.")
        ledger = evolve(ledger, {"eligible": (*ledger.eligible, c.eligible.lower())})
        said.append(f"word that the criteria for {a_follower(c.eligible)} are met")
    if c.lose:  # WD-FOLLOW-007/010: a follower leaves at the GM's word (a Fan hurt helping, src 1372)
        kind = c.lose.strip().lower()
        if not ledger.followers.get(kind):
            raise RuleViolation("WD-FOLLOW-007", f"{who.name} has no {follower_title(kind)} to lose.")
        ledger = lose_follower(ledger, kind)
        said.append(f"word that {a_follower(kind)} has left")
        if c.lose_with is not None:  # src 1357: 'that negative rep may be spent as the follower departs'
            card = next((x for x in ledger.rep if x.negative and x.id == c.lose_with), None)
            if card is None or card.secret:  # a deed nobody saw drives nobody off (WD-REP-010)
                raise RuleViolation(
                    "WD-FOLLOW-007", f"{who.name} holds no known negative rep card {c.lose_with}."
                )
            ledger = evolve(ledger, {"rep": tuple(x for x in ledger.rep if x.id != card.id)})
            said[-1] += f", and the negative rep ({card.source}) goes with it"
    elif c.lose_with is not None:
        raise RuleViolation(
            "WD-FOLLOW-007", "Negative rep is spent as a follower departs: name the follower lost."
        )
    if c.condition:
        lt = LongTerm(name=c.condition, days=c.days, scar=c.scar, dc=c.dc, two_sixes=c.two_sixes)
        ledger = evolve(ledger, {"conditions": (*ledger.conditions, lt)})
        said.append(f"a long-term condition: {c.condition}")
    if not said:
        raise RuleViolation("WD-PROG-012", "Name something to award.")
    ledgers = (
        deal_shared(state.campaign, {k: p.name for k, p in state.people.items()}, c.character, ledger)
        if c.rep and c.owners
        else {c.character: ledger}
    )
    shared, sharers = "", tuple(person(state, k).name for k in ledgers)
    if len(ledgers) > 1:  # every owner dealt the card receives it: the words say so (src 426-427)
        shared = joint[0]
        said.pop(joint[1])
    b.emit(
        ce.Awarded(
            character=c.character,
            name=who.name,
            what=", ".join(said),
            faces=faces,
            ledgers=ledgers,
            shared=shared,
            sharers=sharers if shared else (),
        )
    )
    return b.batch


def give_negative(state: WdState, ctx: Ctx, c: cc.GiveNegative, dice: DiceService) -> Done:
    """Negative rep (WD-REP-009/010): GM-only when unwitnessed, surfacing if authorities investigate."""
    who = person(state, c.character)
    ledger = ledger_of(state, c.character)
    secret = not c.witnessed
    card = RepCard(id=ledger.card_id(secret=secret), source=c.source, negative=True, secret=secret)
    b = Builder(state, ctx, dice)
    b.batch.emit(
        ce.NegativeRepGiven(character=c.character, name=who.name, card=card),
        audience=None if c.witnessed and not who.hidden else Audience.gm_only(),  # WD-NPC-003
    )
    return b.batch


def gunfire_rep(batch: Batch[WdState], shooter: str, *, target: str, gun: str, hidden: bool) -> None:
    """The negative rep a gun fired at someone earns (WD-REP-010, src 442: "a rule that hands out
    negative rep every time the cape uses a gun to shoot at someone"), one card per attack action.
    A hidden shooter's or a secret roll's card is the GM's to see (WD-NPC-003): a secret roll's is a
    secret card (WD-REP-010), out of the players' sight until the GM cites it as surfacing; whether
    anyone saw an open shot stays the GM's ruling."""
    state = batch.state
    who = person(state, shooter)
    card = RepCard(
        id=ledger_of(state, shooter).card_id(secret=hidden),
        source=f"shot at {target} with a {gun}",
        negative=True,
        gun=True,
        secret=hidden,
    )
    batch.emit(
        ce.NegativeRepGiven(character=shooter, name=who.name, card=card, gun=True),
        audience=Audience.gm_only() if hidden or who.hidden else None,
    )


def cite_negative(state: WdState, ctx: Ctx, c: cc.CiteNegative, dice: DiceService) -> Done:
    """Cite a negative card: -1 on the roll at hand, never spent; retired after enough (WD-REP-009/012).

    A secret card (WD-REP-010) is nobody's to cite until it surfaces: citing it brings it to light."""
    who = person(state, c.character)
    card = next((x for x in ledger_of(state, c.character).rep if x.id == c.card and x.negative), None)
    if card is None:
        raise RuleViolation("WD-REP-009", f"{who.name} holds no negative rep card {c.card}.")
    if card.secret and not c.surfaces:  # a -1 the players see would tell them of the card
        raise RuleViolation(
            "WD-REP-010",
            f"Card {c.card} is secret: nobody saw the deed, so nobody can hold it against {who.name}. "
            "Cite it with 'surfaces' when an investigation brings it to light.",
        )
    retired = card.cited + 1 >= ctx.config.campaign.negative_rep_retire_after
    surfaced = card.source if card.secret else ""
    b = Builder(state, ctx, dice)
    b.batch.emit(
        ce.NegativeRepCited(
            character=c.character, name=who.name, card=c.card, retired=retired, surfaced=surfaced
        ),
        audience=Audience.gm_only() if who.hidden else None,
    )
    return b.batch
