"""Blocking or dodging with a power (BPB-DEF-004/005): the attack's own, or one of a similar theme.

src 377, 387: "if the defender has the same power as the attacker, they may use that power to attempt to
block [dodge]"; "With the GM's permission, a character may attempt to block with a power that has a
similar theme or power source". A player's block or dodge with another power than the attack's asks the
GM (the hit waits at :attr:`~capeworks.systems.bpb.model.Stage.SIMILAR`), whichever power it is, since the
table cannot see a theme or a power source; the GM's own seat permits by issuing it. Which powers the
target's prompt lists is :func:`~capeworks.systems.bpb.attacks.similar_options` (those that attack as the
attack does; ``any_power``: every power that may be asked for).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import InvalidCommand, NotFound, RuleViolation
from capeworks.systems.bpb import attacks
from capeworks.systems.bpb import commands as cmd
from capeworks.systems.bpb.attacks import (
    DONE,
    require_defence_possible,
    roll_defence,
    similar_options,
    waiting,
)
from capeworks.systems.bpb.events import PowerAsked, PowerRuled
from capeworks.systems.bpb.lookups import Ctx, Done, emit, fight_of, power_of, spend_check
from capeworks.systems.bpb.model import Pending, Stage
from capeworks.systems.bpb.sheet import Character, Power
from capeworks.systems.bpb.state import BpbState

__all__ = ["defend", "permit_power"]


def defend(state: BpbState, ctx: Ctx, c: cmd.Defend, dice: DiceService) -> Done:
    """Answer a hit (:func:`~capeworks.systems.bpb.attacks.defend`), or block or dodge it with another power
    than the attack's, which the GM permits."""
    p = waiting(state, c.attack, Stage.DEFENCE)
    if c.character == p.target:
        other = _other_power(state, state.characters[p.target], p, c.power)
        if other is not None:
            return _defend_with(state, ctx, c, dice, p, other)
    return attacks.defend(state, ctx, c, dice)


def _other_power(state: BpbState, t: Character, p: Pending, name: str | None) -> Power | None:
    """The power the target names to block or dodge with, when it is not the attack's own (which needs no
    permission, src 377: "if the defender has the same power as the attacker, they may use that power")."""
    if name is None:
        return None
    power = power_of(state, t, name)
    if power is None:
        raise NotFound(f"{t.name} has no power {name!r}.")
    return None if power.name.lower() == p.power.lower() else power


def _defend_with(
    state: BpbState, ctx: Ctx, c: cmd.Defend, dice: DiceService, p: Pending, power: Power
) -> Done:
    """BPB-DEF-005 (src 377, 387): a block or dodge with a power of similar theme or power source is the
    GM's to permit: a player's asks (the hit waits for the GM's ruling), with any power of the target's,
    since the table cannot see a theme or a power source (the prompt lists those that attack as the attack
    does); the GM's own seat permits it by issuing it, and it is rolled at once."""
    t = state.characters[p.target]
    kind = c.choice.strip().lower()
    if kind not in ("block", "dodge"):
        raise InvalidCommand(f"{power.name} may block or dodge the hit; {kind!r} is neither.")
    # any power of theirs may be asked for: the table cannot see a theme or a power source, the GM rules
    offered = {(k, pw.name): forced for k, forced, pw in similar_options(state, p, any_power=True)}
    if (kind, power.name) not in offered:
        if p.large:
            raise RuleViolation(
                "BPB-DEF-008", "An attack that large cannot be blocked or dodged: dive for cover or take it."
            )
        if p.damages == "Endurance":
            raise RuleViolation(
                "BPB-DEF-002",
                f"An attack doing Endurance damage is {DONE[kind]} with "
                f"{'Prowess' if kind == 'block' else 'Agility'}, not with a power.",
            )
        if power.weapon or power.exploding_ft:
            raise RuleViolation("BPB-DEF-005", f"{power.name} is a weapon, not a power of a theme or source.")
        if p.held_item:
            raise RuleViolation(
                "BPB-DEF-004", f"The hit is on the item {t.name} holds: nothing of theirs to {kind}."
            )
        if power.name in p.ruled_out:
            raise RuleViolation(
                "BPB-DEF-005", f"The GM has ruled {power.name} not of a similar theme or source to {p.power}."
            )
        if t.id in fight_of(state).unaware:
            raise RuleViolation(
                "BPB-INIT-001", f"{t.name} is not aware of the attacker yet and cannot {kind} this attack."
            )
        if not c.plot_point:
            require_defence_possible(state, t, p, kind, power=power)
        raise RuleViolation("BPB-TURN-006", f"{t.name} cannot {kind} this attack now.")
    forced = offered[(kind, power.name)]
    if c.plot_point:
        spend_check(state, t)
    b = ctx.batch(state)
    if ctx.is_gm:
        roll_defence(b, p, t, kind, forced=forced, plot_point=c.plot_point, dice=dice, power=power)
    else:
        emit(
            b,
            dice,
            PowerAsked(
                attack=p.id,
                character=t.id,
                kind=kind,
                power=power.name,
                forced=forced,
                plot_point=c.plot_point,
            ),
        )
    return b


def permit_power(state: BpbState, ctx: Ctx, c: cmd.PermitPower, dice: DiceService) -> Done:
    """BPB-DEF-005 (src 377, 387): the GM rules whether the power asked for has a similar theme or power
    source: permitted, the block or dodge is rolled with it at its rank; refused, the target answers again."""
    p = waiting(state, c.attack, Stage.SIMILAR)
    asked = p.asked
    if asked is None:
        raise NotFound(f"Attack {p.id} waits for no ruling on a power.")
    t = state.characters[p.target]
    power = power_of(state, t, asked.power)
    if c.permit and (
        power is None
        or (asked.kind, power.name)
        not in {(k, pw.name) for k, _, pw in similar_options(state, p, any_power=True)}
    ):
        raise RuleViolation("BPB-TURN-006", f"{t.name} can no longer {asked.kind} with {asked.power}.")
    if c.permit and asked.plot_point:
        spend_check(state, t)
    b = ctx.batch(state)
    emit(b, dice, PowerRuled(attack=p.id, character=t.id, power=asked.power, permitted=c.permit))
    if c.permit and power is not None:
        roll_defence(
            b, p, t, asked.kind, forced=asked.forced, plot_point=asked.plot_point, dice=dice, power=power
        )
    return b
