"""Social rolls and negotiation with rep (WD-SOCIAL-002..008, WD-REP-002..006).

A negotiation roll is d6 + Social + relationship (-3..+3) + offer (+-2 typical,
the sum unclamped) against the GM's TN (WD-SOCIAL-002..004). Rep played buys
extra dice at rising cost, keep one: 1 card +1 die, 3 cards +2, 6 cards +3
(WD-REP-003). General rep is consumed; exclusive rep, played with its group,
is kept on a Social roll of 4+ and then marked, a marked card needing 6+; each
active Journalist adds +1 to that roll (WD-REP-005, WD-FOLLOW-009). A costume
piece's card is kept on its own d6 roll instead (High-Tier Icon and Affiliation
4+, High-Tier Affiliation 2+, Journalists adding; WD-EQUIP-016/017). A card
for another group, or owned by others, is refused and kept (WD-REP-006
PROPOSED). After a failed roll rep may still be played for extra dice kept
with the first (WD-REP-004 PROPOSED). Several negotiators roll in turn; one
missing the TN by 2 or more is catastrophic: -1 on every later roll of that
negotiation (WD-SOCIAL-005 PROPOSED). Each negotiator rolls once in a
negotiation (src 291: 'each roll Social as they join'); another try is rep played
after a failed roll (src 431). A cited negative card takes -1 from the
next Social roll (WD-REP-009, WD-SOCIAL-008), a High-Tier Affiliation adds +1
with its own group (WD-EQUIP-017), and low morale caps it.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.buy_up import bought_up
from capeworks.systems.weaverdice.campaign.downtime import ledger_of
from capeworks.systems.weaverdice.campaign.group_passives import journalists_for
from capeworks.systems.weaverdice.campaign.model import Ledger, Negotiation, RepCard
from capeworks.systems.weaverdice.campaign.reputation import check_discarded, with_shared
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.checks import check
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.equipment import same_group
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.morale import capped, spend_value
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "REP_DICE",
    "negotiate",
    "open_negotiation",
    "rep_after",
    "rep_dice",
]

#: rep cards played -> extra dice (WD-REP-003)
REP_DICE = {0: 0, 1: 1, 3: 2, 6: 3}


def rep_dice(cards: int) -> int:
    if cards not in REP_DICE:
        raise RuleViolation("WD-REP-003", "Rep buys extra dice at 1, 3 or 6 cards.")
    return REP_DICE[cards]


def open_negotiation(state: WdState, ctx: Ctx, c: cc.OpenNegotiation, dice: DiceService) -> Done:
    """The GM opens a negotiation with its TN and modifiers (WD-SOCIAL-002..004); opened again while it
    runs, the GM revises its terms, as when a later player raises the offer (src 291), keeping the rolls
    made and any catastrophic penalty (WD-SOCIAL-005)."""
    before = state.campaign.negotiations.get(c.negotiation)
    if before is not None and (before.closed or before.party != c.party):
        raise RuleViolation("WD-SOCIAL-002", f"There is already a negotiation called {c.negotiation}.")
    terms = {
        "tn": c.tn or ctx.config.campaign.social_tn,
        "relationship": c.relationship,
        "offer": c.offer,
    }
    n = evolve(before, terms) if before is not None else Negotiation(id=c.negotiation, party=c.party, **terms)
    b = Builder(state, ctx, dice)
    b.emit(ce.NegotiationOpened(negotiations=(n,), party=c.party))
    return b.batch


def _negotiation(state: WdState, ident: str) -> Negotiation:
    n = state.campaign.negotiations.get(ident)
    if n is None or n.closed:
        raise RuleViolation("WD-SOCIAL-002", f"There is no open negotiation called {ident}.")
    return n


def _cards(state: WdState, ident: str, n: Negotiation, ids: list[int]) -> tuple[RepCard, ...]:
    """The cards played, each usable here (WD-REP-002/006)."""
    who = person(state, ident)
    if ids:
        check_discarded(state.campaign, ident, who.name)
    held = {x.id: x for x in ledger_of(state, ident).rep if not x.negative}
    out = []
    for i in ids:
        card = held.get(i)
        if card is None:
            raise RuleViolation("WD-REP-002", f"{who.name} holds no rep card {i}.")
        if card.exclusive and not same_group(card.exclusive, n.party):
            raise RuleViolation("WD-REP-006", f"The card from {card.source} means nothing to {n.party}.")
        if not card.playable_by(ident, who.name):
            raise RuleViolation("WD-REP-002", f"The card from {card.source} is not {who.name}'s to play.")
        out.append(card)
    if len(set(ids)) != len(ids):
        raise RuleViolation("WD-REP-003", "Play each card once.")
    return tuple(out)


def _spend(
    b: Builder,
    ctx: Ctx,
    ident: str,
    ledger: Ledger,
    cards: tuple[RepCard, ...],
    n: Negotiation,
    *,
    morale_keep: bool = False,
) -> tuple[Ledger, list[ce.KeepRoll]]:
    """General rep is spent; exclusive rep with its group rolls Social to be kept (WD-REP-005). A keep
    roll is the roller's own die, so low morale caps it like any other (WD-MORALE-002), and high
    morale may buy a failed one up, as Tankspanker keeps his rep (WD-MORALE-003, src 453/479)."""
    sheet = b.sheet(ident)
    start = morale = b.state.people[ident].morale

    def bought(need: int) -> int | None:
        """The result a step of high morale sets a failed keep roll to, if that keeps the card."""
        if not morale_keep or morale <= 0 or spend_value(morale) < need:
            return None
        return spend_value(morale)

    phase = b.state.campaign.phase
    now = phase.number if phase else b.state.campaign.phases + 1
    most = ctx.config.campaign.follower_passive_max
    gone: set[int] = set()
    marked: set[int] = set()
    said: list[ce.KeepRoll] = []
    for card in cards:
        # the character's Journalists, and a group's for the group's own card (WD-FOLLOW-008, src 1361)
        journalists = journalists_for(b.state, ident, card, now, most)
        if card.kept_on and not card.consumable:  # a costume piece's own keep roll (WD-EQUIP-016/017)
            face = b.dice.roll(1, 6, purpose=f"keep {card.source}").faces[0]
            total = capped(face + journalists, morale)
            kept = total >= card.kept_on
            value = None if kept else bought(card.kept_on)
            if value is not None:
                morale -= 1
                said.append(
                    ce.KeepRoll(source=card.source, total=total, need=card.kept_on, kept=True, bought=value)
                )
                continue
            if not kept:
                gone.add(card.id)
            said.append(ce.KeepRoll(source=card.source, total=total, need=card.kept_on, kept=kept))
            continue
        if not card.exclusive or card.consumable:
            gone.add(card.id)
            continue
        face = b.dice.roll(1, 6, purpose=f"keep {card.source}").faces[0]
        total = capped(face + sheet.modifier(Stat.SOCIAL) + journalists, morale)
        need = 6 if card.marked else 4
        value = None if total >= need else bought(need)
        if value is not None:
            morale -= 1
            marked.add(card.id)
        elif total >= need:
            marked.add(card.id)
        else:
            gone.add(card.id)
        said.append(
            ce.KeepRoll(source=card.source, total=total, need=need, kept=card.id in marked, bought=value or 0)
        )
    if morale != start:
        me = b.person(ident)
        b.emit(
            ev.MoraleChanged(
                character=ident,
                name=me.name,
                step=morale,
                delta=morale - start,
                reason="high morale keeps rep",
                people=(evolve(me, {"morale": morale}),),
            ),
            hidden=me.hidden,  # a hidden NPC's morale is the GM's (WD-NPC-003)
        )
    rep = tuple(evolve(x, {"marked": True}) if x.id in marked else x for x in ledger.rep if x.id not in gone)
    spent = tuple(x for x in cards if x.id in gone and not x.exclusive and not x.consumable)
    return evolve(ledger, {"rep": rep, "spent": (*ledger.spent, *spent)}), said


def negotiate(state: WdState, ctx: Ctx, c: cc.Negotiate, dice: DiceService) -> Done:
    """A Social roll in a negotiation, with rep for extra dice (WD-SOCIAL-002/005, WD-REP-003/005)."""
    who = person(state, c.character)
    n = _negotiation(state, c.negotiation)
    if c.character in n.rolled:  # src 291: each rolls as they join; src 431: another try takes rep
        raise RuleViolation(
            "WD-SOCIAL-005",
            f"{who.name} has had a roll in these talks; another try takes rep played after a failed roll.",
        )
    cards = _cards(state, c.character, n, c.cards)
    extra = rep_dice(len(cards))
    ledger = ledger_of(state, c.character)
    sheet = state.sheet(c.character)
    modifier = sheet.modifier(Stat.SOCIAL) + n.relationship + n.offer - n.penalty - ledger.penalty
    modifier += 0 if sheet.costume is None else sheet.costume.affiliated_bonus(n.party)
    b = Builder(state, ctx, dice)
    record = dice.roll(1 + extra, 6, purpose="negotiate")
    roll = check(record.faces, modifier=modifier, tn=n.tn, morale=state.people[c.character].morale)
    if c.morale_buy:
        roll = bought_up(b, c.character, roll, n.tn, what="Social")
    ledger, said = _spend(
        b, ctx, c.character, evolve(ledger, {"penalty": 0}), cards, n, morale_keep=c.morale_keep
    )
    catastrophic = roll.total <= n.tn - 2
    failed = dict(n.failed)
    failed.pop(c.character, None)
    if not roll.success:
        failed[c.character] = (modifier, *roll.faces)
    n = evolve(
        n,
        {
            "penalty": n.penalty + (1 if catastrophic else 0),
            "failed": failed,
            "rolls": n.rolls + 1,
            "rolled": (*n.rolled, c.character),
            "outcome": "agreed" if roll.success else n.outcome,
        },
    )
    talked = ce.Talked(
        total=roll.total,
        raw=roll.raw if roll.capped else None,
        tn=n.tn,
        agreed=roll.success,
        catastrophic=catastrophic,
        keeps=tuple(said),
    )
    b.emit(
        ce.Negotiated(
            negotiations=(n,),
            character=c.character,
            name=who.name,
            talked=talked,
            ledgers=with_shared(state.campaign, c.character, ledger),
        )
    )
    return b.batch


def rep_after(state: WdState, ctx: Ctx, c: cc.RepAfter, dice: DiceService) -> Done:
    """Rep played after a failed roll: extra dice kept together with the first (WD-REP-004 PROPOSED)."""
    who = person(state, c.character)
    n = _negotiation(state, c.negotiation)
    first = n.failed.get(c.character)
    if first is None:
        raise RuleViolation("WD-REP-004", f"{who.name} has no failed roll here for rep to rescue.")
    cards = _cards(state, c.character, n, c.cards)
    extra = rep_dice(len(cards))
    b = Builder(state, ctx, dice)
    record = dice.roll(extra, 6, purpose="rep after")
    modifier, faces = first[0], first[1:]
    roll = check((*faces, *record.faces), modifier=modifier, tn=n.tn, morale=state.people[c.character].morale)
    if c.morale_buy:
        roll = bought_up(b, c.character, roll, n.tn, what="Social")
    ledger, said = _spend(
        b, ctx, c.character, ledger_of(state, c.character), cards, n, morale_keep=c.morale_keep
    )
    failed = {k: v for k, v in n.failed.items() if k != c.character}
    n = evolve(n, {"failed": failed, "outcome": "agreed" if roll.success else n.outcome})
    talked = ce.Talked(
        after=True,
        total=roll.total,
        raw=roll.raw if roll.capped else None,
        tn=n.tn,
        agreed=roll.success,
        keeps=tuple(said),
    )
    b.emit(
        ce.Negotiated(
            negotiations=(n,),
            character=c.character,
            name=who.name,
            talked=talked,
            ledgers=with_shared(state.campaign, c.character, ledger),
        )
    )
    return b.batch
