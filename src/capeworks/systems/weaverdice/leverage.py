"""Leverage Reputation at the table: a rep card cited or spent pushes lesser figures into the
background, and what the lesser foes do then (WD-COMBAT-030/031, src 1000).

The card is one the character holds (rep cards are the one store,
:mod:`~.campaign.reputation`); the figures named take no turns while pushed
back (:attr:`~.state.Combatant.sidelined`); with half the lesser foes out they
flee, and all held back with nobody else to fight they come out one at a time,
each when the GM calls it (``come_forward``: the seed gives no timing).
"""

from __future__ import annotations

from collections.abc import Iterable

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.reputation import check_discarded, held, pick_card, with_shared
from capeworks.systems.weaverdice.campaign.screen import Builder as Screened
from capeworks.systems.weaverdice.combat import LeverageOutcome, Sidelined, leverage_outcome
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, on_turn, person
from capeworks.systems.weaverdice.holds import let_go
from capeworks.systems.weaverdice.state import Combatant, WdState
from capeworks.systems.weaverdice.vocab import Tier
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["come_forward", "leverage"]


def leverage(state: WdState, context: Ctx, c: cmd.Leverage, dice: DiceService) -> Done:
    """Cite a rep card: Social-many lesser foes pushed around, twice that if spent (WD-COMBAT-030/031).

    The card is one the character holds (rep cards are the one store, campaign.reputation): the one
    named, else the first general card; spending it takes it out of the ledger."""
    on_turn(state, c.character)
    me = person(state, c.character)
    check_discarded(state.campaign, c.character, me.name)  # WD-REP-007: the day's excess goes first
    ledger = state.campaign.ledger(c.character)
    card = pick_card(ledger, c.card, ident=c.character, who=me.name)
    if card is None:
        raise RuleViolation(
            "WD-COMBAT-030",
            f"{me.name} holds no rep card called {c.card}."
            if c.card and held(state.campaign, c.character)
            else f"{me.name} has no reputation to leverage.",
        )
    targets = state.sheet(c.character).leverage_targets(spent=c.spent)
    pushed = _pushable(state, me, c.foes, targets)
    b = Screened(state, context, dice)  # the spend's ledger goes out without the GM's secret cards
    b.emit(
        ev.Leveraged(character=c.character, name=me.name, spent=c.spent, targets=targets, card=card.source)
    )
    if c.spent:
        # rep spent that day, a Journalist's to save by self-promoting (WD-FOLLOW-009, src 1340)
        spent = () if card.consumable else (card,)
        left = evolve(
            ledger, {"rep": tuple(x for x in ledger.rep if x.id != card.id), "spent": (*ledger.spent, *spent)}
        )
        b.emit(
            ce.RepSpent(
                character=c.character,
                name=me.name,
                card=card.source,
                ledgers=with_shared(state.campaign, c.character, left),
            )
        )
    if pushed:
        _push_back(b, me, pushed)
    return b.batch


def _pushable(state: WdState, me: Combatant, names: Iterable[str], targets: int) -> list[Combatant]:
    """The lesser figures named to push into the background: generic or bystander, in the fight and
    up, at most the Social-many (twice that spent) the card reaches (WD-COMBAT-030/031, src 1000)."""
    idents = [n.strip() for n in names]
    if len(set(idents)) < len(idents):
        raise RuleViolation("WD-COMBAT-031", "Name each figure once.", field="foes")
    if len(idents) > targets:
        raise RuleViolation(
            "WD-COMBAT-031", f"The card reaches {targets} lesser figures; {len(idents)} named.", field="foes"
        )
    out = []
    for ident in idents:
        who = person(state, ident)
        if who.tier not in (Tier.GENERIC, Tier.BYSTANDER) or who.id == me.id:
            raise RuleViolation(
                "WD-COMBAT-030",
                f"{who.name} is no lesser figure: reputation keeps only the rank and file back.",
            )
        if who.tier is Tier.GENERIC and (who.owner is None) == (me.owner is None):
            raise RuleViolation("WD-COMBAT-030", f"{who.name} is on {me.name}'s side, no foe to intimidate.")
        if not who.in_fight or who.track.standing is not Standing.UP or who.sidelined is not None:
            raise RuleViolation("WD-COMBAT-030", f"{who.name} is not in the fight to push back.")
        out.append(who)
    return out


def _push_back(b: Builder, me: Combatant, pushed: list[Combatant]) -> None:
    """Push the named figures into the background, then settle what the lesser foes do: with half of
    them out of the fight the rest flee; all back with nobody left to fight, they come out one at a
    time (the GM calls each, the seed giving no timing) (WD-COMBAT-031, src 1000)."""
    state = b.state
    back = {p.id for p in pushed}
    foes = [p for p in state.people.values() if p.in_fight and (p.owner is None) != (me.owner is None)]
    lesser = [p for p in foes if p.tier is Tier.GENERIC]
    out = sum(1 for p in lesser if p.track.standing is not Standing.UP or p.sidelined is Sidelined.FLED)
    standing = [p for p in lesser if p.track.standing is Standing.UP and p.sidelined is not Sidelined.FLED]
    held = sum(1 for p in standing if p.id in back or p.sidelined is Sidelined.PUSHED)
    others = any(
        p.tier is not Tier.GENERIC and p.tier is not Tier.BYSTANDER and p.track.standing is Standing.UP
        for p in foes
    )
    outcome = leverage_outcome(lesser=len(lesser), out=out, pushed=held, others=others)
    changed = {p.id: evolve(p, {"sidelined": Sidelined.PUSHED}) for p in pushed}
    if outcome is LeverageOutcome.FLEE:  # the remainder: every lesser foe still up, all held back
        for p in standing:
            changed[p.id] = evolve(changed.get(p.id, p), {"sidelined": Sidelined.FLED})
    b.emit(
        ev.PushedBack(
            character=me.id,
            name=me.name,
            names=tuple(p.name for p in pushed),
            outcome=outcome.value,
            people=tuple(changed.values()),
        ),
        hidden=any(p.hidden for p in changed.values()),  # a hidden NPC's name stays the GM's
    )
    for ident in changed:  # held back or fled, a foe takes no part in the fight: it holds nobody
        let_go(b, ident)


def come_forward(state: WdState, context: Ctx, c: cmd.ComeForward, dice: DiceService) -> Done:
    """A lesser foe pushed into the background comes out to fight: "they'll come out one at a time"
    (WD-COMBAT-031, src 1000); when is the GM's, the seed giving no timing. A fled one is gone."""
    me = person(state, c.character)
    if me.sidelined is not Sidelined.PUSHED:
        gone = me.sidelined is Sidelined.FLED
        raise RuleViolation(
            "WD-COMBAT-031",
            f"{me.name} fled the fight." if gone else f"{me.name} is not pushed into the background.",
        )
    b = Builder(state, context, dice)
    b.emit(ev.CameForward(character=me.id, name=me.name, people=(evolve(me, {"sidelined": None}),)))
    return b.batch
