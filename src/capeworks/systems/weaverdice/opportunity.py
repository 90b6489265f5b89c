"""Attacks of opportunity offered at the table: who may pay for one, and whom a fallen actor exposes.

"Rising and taking any combat action that isn't offensive or defensive against melee attackers
provokes melee attacks" (src 850, WD-STATUS-009): rising, and on the ground a move (a crawl), a rest,
a draw, an aim, a pick-up, a plain or lengthy action, a power that strikes no one, or a shot from
range (its target spared: fired at a melee attacker, it is offense against them). A swing, a grab or
a grapple round from the ground, and any reaction, provoke nothing. The table keeps no map, so it
cannot know who stands in melee reach of whom. Its smallest honest answer: when someone rises or so
acts, the turn's ``exposed`` names the foes who could strike (the other side's fighters who are up,
able to act and able to pay: a PC's foes are the GM's characters but bystanders, an NPC's the PCs),
and each is offered the attack of opportunity as a prompt. A foe not in reach, or not minded to
strike, lets it pass (``let_pass``); the GM, who rules who is really in melee, may clear any offer
the same way. The offers lapse when the turn ends, and are withdrawn (:func:`withdraw`) once the one
who provoked them is out of the fight. Striking is the ``attack`` (or ``use_power``)
with ``opportunity``, as any attack of opportunity is: one payment rule serves them all (a named
attacker's Focus dot, src 586; a generic's free strike where ``generic_free_aoo`` allows it).
"""

from __future__ import annotations

from collections.abc import Iterable

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.combat import Turn
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, person
from capeworks.systems.weaverdice.state import Combatant, Fight, WdState
from capeworks.systems.weaverdice.statuses import can_act
from capeworks.systems.weaverdice.vocab import Pool, Status, Tier
from capeworks.systems.weaverdice.wounds import Standing

__all__ = [
    "check_aoo_melee",
    "check_generic",
    "exposed_by",
    "fallen",
    "let_pass",
    "offered",
    "provoked",
    "struck",
    "withdraw",
]

_NAMED = frozenset({Tier.PC, Tier.NOTABLE})


def check_generic(me: Combatant, config: WeaverdiceConfig) -> None:
    """A generic has no Focus to pay for an attack of opportunity: it strikes free only where the
    table's ``generic_free_aoo`` gives it one (WD-COMBAT-015, WD-MOVE-003)."""
    if me.tier not in _NAMED and not config.generic_free_aoo:
        raise RuleViolation(
            "WD-COMBAT-015",
            f"{me.name} has no Focus to pay for an attack of opportunity, and this table's"
            " rules give generics none free (generic_free_aoo).",
        )


def check_aoo_melee(state: WdState, me: Combatant, target: str, *, melee: bool) -> None:
    """The strike that rising or acting from the ground offered (WD-STATUS-009) is a melee attack:
    it "provokes melee attacks" (src 850); a shot is no answer to that offer. (Other attacks of
    opportunity, running past or wrestling free, src 886, 932, are the GM's to allow as ever.)"""
    fight = state.fight
    assert fight is not None and fight.turn is not None  # off_turn saw to it
    actor = fight.turn.actor
    if not melee and target == actor and me.id in fight.turn.exposed:
        raise RuleViolation(
            "WD-STATUS-009",
            f"{state.people[actor].name} rising or acting from the ground provokes melee attacks:"
            f" {me.name} strikes in melee, or lets it pass.",
        )


def _may_pay(state: WdState, me: Combatant, config: WeaverdiceConfig) -> bool:
    if me.tier in _NAMED:
        return me.effort.available(state.sheet(me.id), Pool.FOCUS) >= 1
    return config.generic_free_aoo


def _may_strike(state: WdState, c: Combatant, config: WeaverdiceConfig) -> bool:
    """Up, able to act and able to pay: one who may take an attack of opportunity now."""
    up = c.track.standing is Standing.UP and c.sidelined is None and can_act(c.conditions, c.id)
    return up and _may_pay(state, c, config)


def exposed_by(
    state: WdState, riser: str, config: WeaverdiceConfig, *, spare: Iterable[str] = ()
) -> tuple[str, ...]:
    """The foes offered an attack of opportunity as ``riser`` gets up or acts on the ground
    (WD-STATUS-009): in the fight, of the other side (no bystanders), able to strike now, and not
    among ``spare`` (the ones the action is offense against)."""
    me = state.people[riser]
    spared = {riser, *spare}
    return tuple(
        c.id
        for c in state.people.values()
        if c.id not in spared
        and c.in_fight
        and c.tier is not Tier.BYSTANDER
        and (c.owner is None) != (me.owner is None)  # the other side: the GM's, or the players'
        and _may_strike(state, c, config)
    )


def fallen(state: WdState, ident: str) -> bool:
    """Knocked down, or shaken free of it by a rest this turn but not yet risen (the turn's
    ``rising``): on the ground either way (WD-STATUS-009)."""
    fight = state.fight
    me = state.people[ident]
    down = any(x.name == Status.KNOCKED_DOWN and x.target == ident for x in me.conditions)
    rising = fight is not None and fight.turn is not None and fight.turn.actor == ident and fight.turn.rising
    return down or rising


def provoked(
    turn: Turn, state: WdState, actor: str, config: WeaverdiceConfig, *, spare: Iterable[str] = ()
) -> Turn:
    """``turn`` once ``actor``'s action from the ground (or rising from it) has provoked melee
    attacks (src 850): the foes who could strike are offered one; off the ground, ``turn`` as it is."""
    if not fallen(state, actor):
        return turn
    return evolve(turn, {"exposed": exposed_by(state, actor, config, spare=spare)})


def offered(state: WdState) -> tuple[str, ...]:
    """The foes whose offer stands now: on the ``exposed`` list and still able to strike (one who
    spent the Focus since, or went down, is asked nothing), while nothing waits on a decision."""
    fight = state.fight
    if fight is None or fight.turn is None or state.attack is not None or state.effects:
        return ()
    return tuple(x for x in fight.turn.exposed if _may_strike(state, state.people[x], state.config))


def struck(fight: Fight | None, striker: str, target: str) -> Fight | None:
    """The fight once ``striker`` has taken the attack of opportunity the turn's rising offered it on
    ``target``: off the ``exposed`` list (one strike each)."""
    if fight is None or fight.turn is None or fight.turn.actor != target or striker not in fight.turn.exposed:
        return fight
    left = tuple(x for x in fight.turn.exposed if x != striker)
    return evolve(fight, {"turn": evolve(fight.turn, {"exposed": left})})


def _off_list(b: Builder, striker: str, riser: str, *, withdrawn: Standing | None = None) -> None:
    """``striker``'s offer at ``riser`` taken off the turn's ``exposed`` list, saying so: let pass,
    cleared by the GM, or withdrawn by the table (``withdrawn``: the standing that ended it)."""
    fight = b.fight
    assert fight is not None and fight.turn is not None
    me, them = b.person(striker), b.person(riser)
    left = tuple(x for x in fight.turn.exposed if x != striker)
    b.emit(
        ev.OpportunityPassed(
            character=striker,
            name=me.name,
            target=riser,
            target_name=them.name,
            withdrawn=withdrawn,
            fight=evolve(fight, {"turn": evolve(fight.turn, {"exposed": left})}),
        ),
        # a hidden foe's withdrawn offer is the GM's to read: the others never saw it offered
        hidden=withdrawn is not None and me.hidden,
    )


def withdraw(b: Builder, ident: str) -> None:
    """The offers at ``ident`` once they are out of the fight (out cold, dying, dead, or a dropped
    generic): "the unconscious and dying do nothing" (src 563) and the dropped are ignored thereafter
    (src 306, 800), so nothing is left to strike at: each open offer is withdrawn, saying why."""
    fight = b.fight
    if fight is None or fight.turn is None or fight.turn.actor != ident or not fight.turn.exposed:
        return
    standing = b.person(ident).track.standing
    if standing is Standing.UP:
        return
    for striker in fight.turn.exposed:
        _off_list(b, striker, ident, withdrawn=standing)


def let_pass(state: WdState, context: Ctx, c: cmd.LetPass, dice: DiceService) -> Done:
    """A foe lets the attack of opportunity on the one rising pass, or the GM rules it out of reach."""
    me = person(state, c.character)
    fight = state.fight
    if fight is None or fight.turn is None or c.character not in fight.turn.exposed:
        raise RuleViolation("WD-STATUS-009", f"{me.name} has no attack of opportunity on offer to let pass.")
    b = Builder(state, context, dice)
    _off_list(b, c.character, fight.turn.actor)
    return b.batch
