"""Grappling: grab, opposed Brawn each round, and the margin spent on options or banked as Hold.

Implements WD-GRAPPLE-001..011. Pure resolution: given both totals, the
banked Hold, the grapple round and the chosen purchases, :func:`resolve_round`
returns a :class:`GrappleRound` saying what happens (movement, disarms,
chokes, a broken grapple, the defender's choices) or refuses with a rule ID.
The GM shorthand (each action 2 points) is the ``shorthand`` mode.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction

from pydantic import Field

from capeworks.dice import Distribution, distribution
from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.checks import attacker_wins
from capeworks.systems.weaverdice.combat import Cover, cover_bonus
from capeworks.systems.weaverdice.config import GrappleMode
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.data_equipment import (
    GRAPPLE_OPTIONS,
    SHORTHAND_COST,
    STEP_FT,
    GrappleOption,
    GrappleOptionSpec,
)
from capeworks.systems.weaverdice.equipment import HeldItem
from capeworks.systems.weaverdice.vocab import Pool

__all__ = [
    "MEATSHIELD_COVER",
    "Bought",
    "DefenderChoice",
    "DefenderOption",
    "GrappleRound",
    "Purchase",
    "Several",
    "ShieldHit",
    "Winner",
    "check_grab_reaction",
    "contest",
    "grab_defense",
    "grapple_ds",
    "grapple_total",
    "grappler_moves",
    "kept_held",
    "margin_distribution",
    "meatshield_hit",
    "p_afford",
    "price",
    "resolve_round",
    "resolve_several",
    "restrained_attack_modifier",
    "shield_between",
    "wound_breaks",
]

#: half cover from a meat shield: +1 DS like regular cover (OPEN WD-GRAPPLE-008)
MEATSHIELD_COVER = 1


class Winner(StrEnum):
    """Who won the opposed Brawn roll this round."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    TIE = "tie"


def check_grab_reaction(*, block: bool) -> None:
    """A grab cannot be Blocked; Dodge (Focus) still may (WD-GRAPPLE-001, OPEN as PROPOSED)."""
    if block:
        raise RuleViolation("WD-GRAPPLE-001", "A grab cannot be blocked; you may try to dodge it instead.")


def grab_defense(*, defense: int, equipment_bonus: int = 0) -> int:
    """The DS a grab must reach: costume layers do not count against it (WD-GRAPPLE-001)."""
    return defense - max(0, equipment_bonus)


def grapple_total(*, die: int, brawn: int, stamina: int = 0, stuck: bool = False) -> int:
    """An opposed Brawn roll: d6 + (Brawn - 3), +1 per Stamina dot, +1 while a melee weapon is stuck.

    WD-GRAPPLE-002 (Stamina) and WD-GRAPPLE-011 (+1 each round to the one who
    stuck a weapon in the target). The morale cap, if any, is the caller's.
    """
    if not 1 <= die <= 6:
        raise RuleViolation("WD-GRAPPLE-002", "A d6 shows 1 to 6.", field="die")
    if stamina < 0:
        raise RuleViolation("WD-GRAPPLE-002", "Stamina spent cannot be negative.", field="stamina")
    return die + brawn - 3 + stamina + (1 if stuck else 0)


def margin_distribution(*, attacker_mod: int, defender_mod: int) -> Distribution:
    """Exact odds of attacker total minus defender total before the roll (modifiers include Stamina).

    Morale caps are left out: they clip totals, and the caller folds them in when they apply.
    """
    k = attacker_mod - defender_mod
    return distribution(f"1d6-1d6{k:+d}" if k else "1d6-1d6")


def p_afford(cost: int, *, attacker_mod: int, defender_mod: int, banked: int = 0) -> Fraction:
    """Chance the holder wins the roll with at least ``cost`` points to spend, bank included."""
    dist = margin_distribution(attacker_mod=attacker_mod, defender_mod=defender_mod)
    return sum((p for m, p in dist if m > 0 and m + banked >= cost), Fraction(0))


class Purchase(Frozen):
    """One option bought with the margin: by points spent, or by the distance wanted."""

    option: GrappleOption
    points: int | None = Field(default=None, ge=0)
    feet: int | None = Field(default=None, ge=0)


class Bought(Frozen):
    """What a bought option does, as data for the table to apply.

    ``target_moves_ft``/``grappler_moves_ft``: forced movement (Drag moves both).
    ``thrown_ft``: feed it to the falling table's Thrown column (WD-MOVE-009).
    ``stamina_lost``/``athletics_damage`` (temporary): a choke.
    ``stuck_wound``: wresting a stuck weapon free wounds the target (WD-GRAPPLE-011).
    """

    option: GrappleOption
    cost: int
    target_moves_ft: int = 0
    grappler_moves_ft: int = 0
    thrown_ft: int = 0
    breaks: bool = False
    restrains: bool = False
    target_drops_item: bool = False
    grappler_takes_item: bool = False
    stamina_lost: int = 0
    athletics_damage: int = 0
    meatshield: bool = False
    stuck_wound: bool = False


class DefenderOption(StrEnum):
    """What a defender who won may do (WD-GRAPPLE-004, OPEN as PROPOSED)."""

    AOO = "attack_of_opportunity"
    REVERSE = "reverse"


class DefenderChoice(Frozen):
    """One choice for a winning defender: its cost, and the Hold it banks when reversing."""

    option: DefenderOption
    cost: dict[Pool, int] = Field(default_factory=dict)
    banks: int = 0


class GrappleRound(Frozen):
    """One round of a grapple, resolved.

    ``margin`` is the raw difference; ``available`` adds the banked Hold when
    the holder wins (WD-GRAPPLE-009). ``banked`` is Hold carried into the next
    round. ``broken`` ends the grapple; ``defender_choices`` are the winning
    defender's to pick from.
    """

    round: int
    winner: Winner
    margin: int
    available: int
    bought: tuple[Bought, ...] = ()
    spent: int = 0
    banked: int = 0
    broken: bool = False
    defender_choices: tuple[DefenderChoice, ...] = ()


def contest(*, attacker_total: int, defender_total: int, banked: int = 0) -> tuple[Winner, int, int]:
    """Winner, raw margin and points available this round (WD-GRAPPLE-003/005/009).

    A tie is a stalemate (OPEN WD-GRAPPLE-005): nothing to spend, the old bank
    carried on. The holder's bank adds to a win and is lost on a loss.
    """
    diff = attacker_total - defender_total
    if attacker_wins(attacker_total, defender_total):  # strictly (WD-CORE-008)
        return Winner.ATTACKER, diff, diff + banked
    if diff < 0:
        return Winner.DEFENDER, -diff, 0
    return Winner.TIE, 0, 0


def _price(spec: GrappleOptionSpec) -> str:
    if spec.min_cost == spec.max_cost:
        return f"That option costs {spec.min_cost} points."
    return f"That option costs {spec.min_cost} to {spec.max_cost} points."


def _cost_and_feet(spec: GrappleOptionSpec, p: Purchase, mode: GrappleMode) -> tuple[int, int]:
    """Points and feet of one purchase; variable options price 5 ft steps (OPEN WD-GRAPPLE-008)."""
    if not spec.points_per_step:
        if p.feet:
            raise RuleViolation("WD-GRAPPLE-008", "That option moves nobody.", field="feet")
        if mode == GrappleMode.SHORTHAND:
            return SHORTHAND_COST, 0
        if p.points is not None and p.points != spec.min_cost:
            raise RuleViolation("WD-GRAPPLE-008", _price(spec), field="points")
        return spec.min_cost, 0
    if mode == GrappleMode.SHORTHAND:
        feet = spec.max_ft if p.feet is None else p.feet
        if feet % STEP_FT or not spec.min_ft <= feet <= spec.max_ft:
            raise RuleViolation(
                "WD-GRAPPLE-008",
                f"That moves the target {spec.min_ft} to {spec.max_ft} feet, in steps of 5.",
                field="feet",
            )
        return SHORTHAND_COST, feet
    if p.feet is not None:
        if p.feet % STEP_FT or not spec.min_ft <= p.feet <= spec.max_ft:
            raise RuleViolation(
                "WD-GRAPPLE-008",
                f"That moves the target {spec.min_ft} to {spec.max_ft} feet, in steps of 5.",
                field="feet",
            )
        cost = p.feet // STEP_FT * spec.points_per_step
        if p.points is not None and p.points != cost:
            raise RuleViolation(
                "WD-GRAPPLE-008",
                f"Moving the target {p.feet} feet costs {cost} points, not {p.points}.",
                field="points",
            )
        return cost, p.feet
    points = spec.min_cost if p.points is None else p.points
    if not spec.min_cost <= points <= spec.max_cost:
        raise RuleViolation("WD-GRAPPLE-008", _price(spec), field="points")
    return points, STEP_FT * (points // spec.points_per_step)


def price(buys: Sequence[Purchase], *, round: int, mode: GrappleMode) -> int:
    """The points the holder's purchases cost, refusing what no roll could make legal: a second option
    in a turn (table mode), an option before its round, a bad price or distance, an option after a push
    or throw (WD-GRAPPLE-008). The table asks it before the round's roll, so a refusal never follows
    the dice: whether the roll affords the price is for :func:`resolve_round` to meet or the table to
    hold (src 936, 940)."""
    real = [b for b in buys if b.option != GrappleOption.HOLD]
    if mode == GrappleMode.TABLE and len(real) > 1:
        raise RuleViolation("WD-GRAPPLE-008", "A grappler buys one option a turn, besides holding on.")
    total = 0
    breaks = False
    for p in real:
        spec = GRAPPLE_OPTIONS[p.option]
        if round < spec.from_round:
            raise RuleViolation(
                "WD-GRAPPLE-008",
                f"You can {p.option.value} only from the second round of a grapple.",
                field="option",
            )
        if breaks:
            raise RuleViolation("WD-GRAPPLE-008", "The grapple is already broken by a push or throw.")
        total += _cost_and_feet(spec, p, mode)[0]
        breaks = spec.breaks_grapple
    return total


def grappler_moves(p: Purchase, mode: GrappleMode) -> int:
    """The feet a purchase carries the grappler along: a Drag's, "moving with them" (src 950); no other
    option moves the grappler. Refused as :func:`resolve_round` would refuse a bad purchase."""
    if p.option is not GrappleOption.DRAG:
        return 0
    return _cost_and_feet(GRAPPLE_OPTIONS[p.option], p, mode)[1]


def _bought(
    spec: GrappleOptionSpec, cost: int, feet: int, *, target_stamina: int, stuck_item: bool
) -> Bought:
    o = spec.option
    return Bought(
        option=o,
        cost=cost,
        target_moves_ft=feet if o in (GrappleOption.DRAG, GrappleOption.PUSH) else 0,
        grappler_moves_ft=feet if o == GrappleOption.DRAG else 0,
        thrown_ft=feet if o == GrappleOption.THROW else 0,
        breaks=spec.breaks_grapple,
        restrains=o == GrappleOption.RESTRAIN,
        target_drops_item=o == GrappleOption.DISARM,
        grappler_takes_item=o == GrappleOption.WREST,
        stamina_lost=1 if o == GrappleOption.CHOKE and target_stamina > 0 else 0,
        athletics_damage=1 if o == GrappleOption.CHOKE and target_stamina <= 0 else 0,
        meatshield=o == GrappleOption.MEATSHIELD,
        stuck_wound=o == GrappleOption.WREST and stuck_item,
    )


def resolve_round(
    *,
    attacker_total: int,
    defender_total: int,
    banked: int = 0,
    round: int = 1,
    buys: Sequence[Purchase] = (),
    mode: GrappleMode = GrappleMode.TABLE,
    target_stamina: int = 0,
    defender_focus: int = 0,
    stuck_item: bool = False,
) -> GrappleRound:
    """Resolve one round: the winner, what the margin buys, what is banked, whether it breaks.

    Table mode: one option per turn besides Hold (WD-GRAPPLE-003/008).
    Shorthand: any number of actions at 2 points each (WD-GRAPPLE-007). What is
    left is banked as Hold unless a push or throw ended the grapple.
    """
    if round < 1:
        raise RuleViolation("WD-GRAPPLE-002", "Grapple rounds count from 1.", field="round")
    if banked < 0:
        raise RuleViolation("WD-GRAPPLE-009", "Banked hold cannot be negative.", field="banked")
    winner, margin, available = contest(
        attacker_total=attacker_total, defender_total=defender_total, banked=banked
    )
    real = [b for b in buys if b.option != GrappleOption.HOLD]
    if winner != Winner.ATTACKER:
        if real:
            raise RuleViolation(
                "WD-GRAPPLE-003", "Only a grappler who wins the Brawn roll buys grapple options."
            )
        if winner == Winner.TIE:
            return GrappleRound(round=round, winner=winner, margin=0, available=0, banked=banked)
        choices = [DefenderChoice(option=DefenderOption.REVERSE, banks=margin)]
        if defender_focus >= 1:
            choices.insert(0, DefenderChoice(option=DefenderOption.AOO, cost={Pool.FOCUS: 1}))
        return GrappleRound(
            round=round,
            winner=winner,
            margin=margin,
            available=0,
            broken=True,
            defender_choices=tuple(choices),
        )
    price(buys, round=round, mode=mode)  # what no roll could make legal; then what this roll affords
    bought: list[Bought] = []
    spent = 0
    for p in real:
        spec = GRAPPLE_OPTIONS[p.option]
        cost, feet = _cost_and_feet(spec, p, mode)
        spent += cost
        if spent > available:
            raise RuleViolation(
                "WD-GRAPPLE-008",
                f"That costs {spent} points and the grapple gives you {available}.",
                field="option",
            )
        bought.append(_bought(spec, cost, feet, target_stamina=target_stamina, stuck_item=stuck_item))
    broken = any(b.breaks for b in bought)
    return GrappleRound(
        round=round,
        winner=winner,
        margin=margin,
        available=available,
        bought=tuple(bought),
        spent=spent,
        banked=0 if broken else available - spent,
        broken=broken,
    )


class Several(Frozen):
    """Several grapplers on one target: each resolved alone, free only by winning all (WD-GRAPPLE-010)."""

    free: bool
    rounds: dict[str, GrappleRound]


def resolve_several(rounds: Mapping[str, GrappleRound]) -> Several:
    """Combine each grappler's round: a defender still held by anyone breaks nothing and cannot reverse.

    Where the defender won but is not free, that grappler's bank is lost and
    only the attack of opportunity (Focus) remains on offer.
    """
    free = bool(rounds) and all(r.winner == Winner.DEFENDER for r in rounds.values())
    if free:
        return Several(free=True, rounds=dict(rounds))
    out = {who: kept_held(r) if r.winner == Winner.DEFENDER else r for who, r in rounds.items()}
    return Several(free=False, rounds=out)


def kept_held(r: GrappleRound) -> GrappleRound:
    """A round the defender won without getting free (another hold, or the holder's weapon stuck in
    them, WD-STATUS-012): nothing breaks, the bank is lost, only the attack of opportunity remains."""
    aoo = tuple(c for c in r.defender_choices if c.option == DefenderOption.AOO)
    return evolve(r, {"broken": False, "defender_choices": aoo, "banked": 0})


# -- defense, restraint, meat shields, breaking (WD-GRAPPLE-006/008/010) ------------------------


def shield_between(angle: int) -> bool:
    """Whether a meat shield stands between its holder and an attack ``angle`` degrees off the
    holder's front: a human shield is narrow cover, guarding "only the front 90 degrees" (src 600)."""
    return cover_bonus(Cover.NARROW, angle=angle) > 0


def grapple_ds(
    *, base_ds: int, holder: bool, meatshield: bool = False, grappled_ds: int = 0, angle: int = 0
) -> int:
    """DS in a grapple: both sides drop to ``grappled_ds`` (OPEN WD-GRAPPLE-006: 0).

    A holder who made a meat shield has their DS back, plus half cover (+1) against an attack
    from the shield's side (``angle`` off the front, :func:`shield_between`); the one held keeps
    ``grappled_ds``.
    """
    if holder and meatshield:
        return base_ds + (MEATSHIELD_COVER if shield_between(angle) else 0)
    return grappled_ds


class ShieldHit(StrEnum):
    """Who an attack on a meat-shielding grappler hits."""

    GRAPPLER = "grappler"
    SHIELD = "shield"


def meatshield_hit(*, attack_total: int, grappler_ds: int, angle: int = 0) -> ShieldHit | None:
    """Attacks that fail the holder's DS (with half cover) hit the held target instead (src 986);
    one from outside the shield's arc (:func:`shield_between`) that fails it hits nobody (None)."""
    if attack_total >= grappler_ds:
        return ShieldHit.GRAPPLER
    return ShieldHit.SHIELD if shield_between(angle) else None


def restrained_attack_modifier(item: HeldItem) -> int:
    """A restrained target cannot swing two-handed weapons and has -2 with one-handed non-fist ones."""
    if item.is_fist:
        return 0
    if item.hands == 2:
        raise RuleViolation("WD-GRAPPLE-008", "While restrained you cannot attack with a two-handed weapon.")
    return -2


def wound_breaks(*, wounder: str, wounded: str, participants: Sequence[str]) -> bool:
    """A grapple breaks when one participant wounds another (WD-GRAPPLE-010)."""
    return wounder != wounded and wounder in participants and wounded in participants
