"""Helpers for the wound-effect tests: build a hit, resolve it with given answers, read the outcome."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Status, WoundTier
from capeworks.systems.weaverdice.wfx import Answers, EffectOutcome, Hit, Need, RollNeed, resolve

L, M, C = WoundTier.LESSER, WoundTier.MODERATE, WoundTier.CRITICAL


def hit(damage: DamageType, tier: WoundTier, **facts: Any) -> Hit:
    """A hit on 't' by 'a'."""
    return Hit(damage=damage, tier=tier, target="t", attacker="a", wound="w1", **facts)


def settle(
    h: Hit,
    face: int | None = None,
    *,
    picks: dict[str, Any] | None = None,
    dice: dict[str, Any] | None = None,
) -> EffectOutcome:
    """Resolve with these answers (a bare string or int stands for a one-item tuple)."""
    p = {k: (v,) if isinstance(v, str) else tuple(v) for k, v in (picks or {}).items()}
    d = {k: (v,) if isinstance(v, int) else tuple(v) for k, v in (dice or {}).items()}
    return resolve(h, face, answers=Answers(picks=p, dice=d))


def statuses(o: EffectOutcome) -> set[Status | str]:
    """The conditions' statuses, by name (parts ignored)."""
    return {c.status or c.name for c in o.conditions}


def parts(o: EffectOutcome, status: Status) -> set[BodyPart | None]:
    """The parts the conditions of one status name."""
    return {c.part for c in o.conditions if c.name == status.value}


def need(o: EffectOutcome) -> Need:
    """The one decision the outcome waits for."""
    assert o.rolls == () and len(o.needs) == 1, (o.needs, o.rolls)
    return o.needs[0]


def roll(o: EffectOutcome) -> RollNeed:
    """The one roll the outcome waits for."""
    assert o.needs == () and len(o.rolls) == 1, (o.needs, o.rolls)
    return o.rolls[0]


def is_plain(o: EffectOutcome) -> bool:
    """Nothing at all happened beyond the wound itself."""
    return (
        o.complete
        and not o.conditions
        and not o.wounds
        and not o.stat_losses
        and not o.effort_lost
        and not o.effort_spent
        and not o.gear
        and o.knockback_ft == 0
        and not (o.delayed or o.dying or o.slain or o.wound_scarred or o.wound_fades_on_rest)
    )


def random_answer(n: Need, rng: random.Random) -> tuple[str, ...]:
    """A legal answer to a decision, picked at random."""
    count = rng.choice(n.counts)
    if n.distinct:
        return tuple(rng.sample(n.options, count))
    left = Counter({o: n.limits.get(o, count) for o in n.options})
    out: list[str] = []
    for _ in range(count):
        o = rng.choice([k for k, v in left.items() if v > 0])
        left[o] -= 1
        out.append(o)
    return tuple(out)


def play_out(h: Hit, face: int | None, rng: random.Random, *, limit: int = 500) -> EffectOutcome:
    """Answer every decision and roll at random until the effect is settled."""
    picks: dict[str, tuple[str, ...]] = {}
    dice: dict[str, tuple[int, ...]] = {}
    for _ in range(limit):
        o = resolve(h, face, answers=Answers(picks=picks, dice=dice))
        if o.complete:
            return o
        if o.needs:
            picks[o.needs[0].key] = random_answer(o.needs[0], rng)
        else:
            r = o.rolls[0]
            dice[r.key] = tuple(rng.randint(1, r.sides) for _ in range(r.dice))
    raise AssertionError("the effect never settled")
