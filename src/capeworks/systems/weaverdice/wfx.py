"""Wound effects: one row of an effect table resolved into a structured outcome (WD-WFX-001..027).

:func:`resolve` takes the hit (:class:`Hit`: damage type, tier, the target's
facts), the effect d6 and the :class:`Answers` given so far, and returns an
:class:`EffectOutcome`: wounds to add, conditions to apply (with their
endings), effort drained or spent, stat losses, knockback, turn-order
changes, gear damage, dying or death. Where the rules give someone a decision
or call for another roll, the outcome names the next one (``needs`` or
``rolls``) and is not ``complete``; the caller asks the right seat (or rolls
through its dice service) and calls again with the answer added. Resolution is
deterministic in its inputs, so a replay with the same answers gives the same
outcome. Answers are checked against the options offered; a bad one is a
RuleViolation and nothing is resolved.

Rule IDs: WD-WFX-001, -004..008, -010..027 (tables in :mod:`.data_wfx`),
WD-EFFORT-005(a)/-006, WD-WOUND-013/-014, WD-EQUIP-013 (reinforcement).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from capeworks.engine.kit import Expiry, TurnPoint
from capeworks.errors import DiceValueError, RuleViolation
from capeworks.systems.weaverdice import data_wfx as data
from capeworks.systems.weaverdice.copies import trusted
from capeworks.systems.weaverdice.data_wfx import LimbKind, Row, Special
from capeworks.systems.weaverdice.morale import cap as morale_cap
from capeworks.systems.weaverdice.morale import capped
from capeworks.systems.weaverdice.statuses import Condition, Ending, Reach, condition
from capeworks.systems.weaverdice.vocab import (
    PHYSICAL_STATS,
    BodyPart,
    DamageType,
    Pool,
    Stat,
    Status,
    WoundTier,
)
from capeworks.systems.weaverdice.wfx_outcome import (
    Answers,
    Chooser,
    EffectOutcome,
    GearHit,
    Hit,
    Need,
    RollNeed,
    StatLasting,
    StatLoss,
    WoundGrant,
    regain,
)

__all__ = [
    "Answers",
    "Chooser",
    "EffectOutcome",
    "GearHit",
    "Hit",
    "Need",
    "RollNeed",
    "StatLasting",
    "StatLoss",
    "WoundGrant",
    "covered_outright",
    "regain",
    "resolve",
    "rolls_own_stat",
]

#: the members, once: iterating an Enum class runs a generator in its metaclass each time
_POOLS, _STATS = tuple(Pool), tuple(Stat)


class _Pending(Exception):
    """Raised inside resolution when an answer or a roll is missing."""

    def __init__(self, *, need: Need | None = None, roll: RollNeed | None = None) -> None:
        super().__init__()
        self.need = need
        self.roll = roll


_Special = Callable[["_Resolution", Row, WoundTier, int], None]

_PICK_WORDS = {
    Chooser.TARGET: "The wounded character",
    Chooser.ATTACKER: "The attacker",
}


class _Resolution:
    """The mutable scratchpad of one :func:`resolve` call."""

    def __init__(self, hit: Hit, answers: Answers) -> None:
        self.hit = hit
        self.answers = answers
        self.effort = {p: n for p, n in hit.effort.items() if n > 0}
        self._stats: dict[Stat, int] | None = None
        self.parts = list(hit.parts)
        self.face: int | None = None
        self.rows: list[int] = []
        self.negated = False
        self.covered = False
        self.wound_tier = hit.tier
        self.wound_scarred = False
        self.fades = False
        self.wounds: list[WoundGrant] = []
        self.conditions: list[Condition] = []
        self.lost: dict[Pool, int] = {}
        self.spent: dict[Pool, int] = {}
        self.stat_losses: list[StatLoss] = []
        self.knockback = 0
        self.delayed = False
        self.gear: list[GearHit] = []
        self.dying = False
        self.slain = False
        self.reattach: int | None = None

    @property
    def stats(self) -> dict[Stat, int]:
        """The target's stats as this effect has left them (built on first use: most rows never look)."""
        if self._stats is None:
            self._stats = {s: self.hit.stat(s) for s in _STATS}
        return self._stats

    # -- asking -----------------------------------------------------------------------------------

    def ask(
        self,
        key: str,
        rule: str,
        options: Iterable[str],
        *,
        counts: Iterable[int] = (1,),
        chooser: Chooser = Chooser.TARGET,
        distinct: bool = True,
        limits: Mapping[str, int] | None = None,
        row: int | None = None,
    ) -> tuple[str, ...]:
        """The answer to a decision, asked for when missing; a forced choice answers itself."""
        opts = tuple(options)
        counts = tuple(sorted(set(counts)))
        lim = dict(limits or {})
        if counts == (0,) or not opts:
            return ()
        if distinct and counts == (len(opts),):
            return opts
        if not distinct and len(counts) == 1 and counts[0] == sum(lim.get(o, 0) for o in opts):
            return tuple(o for o in opts for _ in range(lim.get(o, 0)))
        got = self.answers.picks.get(key)
        if got is None:
            # the rule's own values, already of the fields' types (CHECK validates them in the tests)
            raise _Pending(
                need=trusted(
                    Need,
                    key=key,
                    chooser=chooser,
                    rule=rule,
                    options=opts,
                    counts=counts,
                    distinct=distinct,
                    limits=lim,
                    row=row,
                )
            )
        who = _PICK_WORDS[chooser]
        if len(got) not in counts:
            wanted = " or ".join(str(c) for c in counts)
            raise RuleViolation(rule, f"{who} must pick {wanted} here, not {len(got)}.", field=key)
        for pick in got:
            if pick not in opts:
                raise RuleViolation(
                    rule,
                    f"The pick {pick[:40]!r} is not one of the choices here: {', '.join(opts)}.",
                    field=key,
                )
        tally = Counter(got)
        if distinct and any(n > 1 for n in tally.values()):
            raise RuleViolation(rule, f"{who} must pick different options here.", field=key)
        for pick, n in tally.items():
            if pick in lim and n > lim[pick]:
                raise RuleViolation(
                    rule, f"The pick {pick!r} can be taken at most {lim[pick]} times here.", field=key
                )
        return tuple(got)

    def roll(
        self,
        key: str,
        rule: str,
        *,
        dice: int = 1,
        sides: int = 6,
        stat: Stat | None = None,
        tn: int | None = None,
        bonus: int = 0,
        roller: Chooser = Chooser.TARGET,
        cap: int | None = None,
    ) -> tuple[int, ...]:
        """The natural faces of a follow-up roll, asked for when missing."""
        got = self.answers.dice.get(key)
        if got is None:
            raise _Pending(
                roll=RollNeed(
                    key=key,
                    rule=rule,
                    roller=roller,
                    dice=dice,
                    sides=sides,
                    stat=stat,
                    tn=tn,
                    bonus=bonus,
                    cap=cap,
                )
            )
        if len(got) != dice or any(not 1 <= f <= sides for f in got):
            raise DiceValueError(f"This roll needs {dice} d{sides}, each showing 1 to {sides}.")
        return tuple(got)

    def spend(self, key: str, rule: str, *, counts: Iterable[int]) -> int:
        """Effort dots the target chooses to spend, from any pools (WD-EFFORT-006); the count spent."""
        total = sum(self.effort.values())
        got = self.answers.picks.get(key)
        if got is not None and len(got) > total:
            dots = "dot" if total == 1 else "dots"
            raise RuleViolation(
                rule, f"The wounded character has only {total} effort {dots} to spend.", field=key
            )
        allowed = [c for c in counts if c <= total]
        if allowed == [0] or not allowed:
            return 0
        pools = tuple(p.value for p in _POOLS if self.effort.get(p, 0) > 0)
        picks = self.ask(
            key, rule, pools, counts=allowed, distinct=False, limits={p: self.effort[Pool(p)] for p in pools}
        )
        for p in picks:
            self.pay(Pool(p), 1, spent=True)
        return len(picks)

    def pay(self, pool: Pool, n: int, *, spent: bool) -> int:
        """Take up to ``n`` dots from ``pool``: spent by choice, or lost to the effect; the dots taken."""
        took = min(n, self.effort.get(pool, 0))
        if took:
            self.effort[pool] -= took
            tally = self.spent if spent else self.lost
            tally[pool] = tally.get(pool, 0) + took
        return took

    # -- small effects ----------------------------------------------------------------------------

    def add(self, status: Status, **more: Any) -> None:
        """Put a condition on the target, tied to this wound."""
        self.conditions.append(condition(status, self.hit.target, wound=self.hit.wound, **more))

    def pain(self) -> None:
        """Pain of the attack's kind (WD-WFX-006)."""
        self.add(self.hit.pain)

    def lose_stats(self, picks: Iterable[str], lasting: StatLasting) -> None:
        """One point from each picked stat, in the order picked (repeats merge into one loss)."""
        for name, n in Counter(picks).items():
            stat = Stat(name)
            self.stats[stat] -= n
            self.stat_losses.append(StatLoss(stat=stat, points=n, lasting=lasting))

    def spare_points(self) -> dict[str, int]:
        """How many points each stat can lose before reaching 1."""
        return {s.value: self.stats[s] - 1 for s in _STATS if self.stats[s] > 1}

    def reinforced(self, piece: str, rule: str) -> bool:
        """True when the piece's reinforcement holds: the attacker's d6 falls short (WD-EQUIP-013)."""
        need = self.hit.reinforced.get(piece)
        if need is None:
            return False
        (face,) = self.roll(f"reinforce.{piece}", rule, roller=Chooser.ATTACKER, tn=need)
        return face < need

    # -- the table --------------------------------------------------------------------------------

    def run(self, face: int | None) -> None:
        """The whole effect: coverage first (Burn), then the row the face lands on."""
        hit = self.hit
        if hit.tier is WoundTier.SUPERFICIAL:
            return
        if face is not None and not 1 <= face <= 6:
            raise DiceValueError("An effect roll is one d6, showing 1 to 6.")
        tier = hit.tier
        if covered_outright(hit):
            self.covered = True
            return
        if hit.damage is DamageType.BURN and hit.coverage:
            if tier is WoundTier.MODERATE:
                self.covered = True
                tier = WoundTier.LESSER
            elif self.spend("coverage", "WD-WFX-026", counts=(0, 1)):
                self.covered = True
                self.effect(DamageType.BURN, WoundTier.MODERATE, None, "effect", negatable=False)
                return
        self.effect(hit.damage, tier, face, "effect", negatable=hit.tier is not WoundTier.CRITICAL)

    def effect(
        self, damage: DamageType, tier: WoundTier, face: int | None, key: str, *, negatable: bool
    ) -> None:
        """Roll (if needed) and apply one row of one table."""
        rows = data.table_for(damage, tier)
        if len(rows) > 1 and face is None:
            (face,) = self.roll(key, "WD-WFX-001")
        if self.face is None:
            self.face = face
        row = data.row_for(damage, tier, face or 1)
        self.rows.append(row.src)
        if negatable and _harms(row) and self.negate(row, key):
            return
        self.plain(row)
        if row.special is not None:
            _SPECIALS[row.special](self, row, tier, face or 1)

    def negate(self, row: Row, key: str) -> bool:
        """Spend a Recovery dot to ignore a lesser or moderate effect (WD-WFX-004, WD-EFFORT-005).

        A helmet or a Recovery dot turns a headshot into Knocked Down (WD-WFX-018). A target the wound
        put out of the fight is not asked: the unconscious and dying do nothing (src 563).
        """
        headshot = row.special is Special.HEADSHOT
        if headshot and self.hit.helmet:
            self.add(Status.KNOCKED_DOWN)
            return True
        if self.effort.get(Pool.RECOVERY, 0) < 1 or not self.hit.awake:
            return False  # the unconscious and dying do nothing but try to get back up (src 563)
        rule = "WD-WFX-018" if headshot else "WD-WFX-004"
        if not self.ask(
            f"negate.{key}" if key != "effect" else "negate",
            rule,
            (Pool.RECOVERY.value,),
            counts=(0, 1),
            row=row.src,
        ):
            return False
        self.pay(Pool.RECOVERY, 1, spent=True)
        if headshot:
            self.add(Status.KNOCKED_DOWN)
        else:
            self.negated = True
        return True

    def plain(self, row: Row) -> None:
        """The row's plain effects, as they stand."""
        for status in row.statuses:
            if status is Status.HALF_ACTIONS:
                # until the end of the target's next turn (WD-WFX-021)
                self.add(status, ends=Expiry(point=TurnPoint.TURN_END, holder=self.hit.target))
            else:
                self.add(status)
        if row.pain:
            self.pain()
        if row.pain_in is not None:
            for part in self.ask("pain_in", "WD-WFX-016", _intact(self, row.pain_in)):
                self.add(Status.PAINED_PART, part=BodyPart(part))
        self.knockback += row.knockback_ft
        self.delayed = self.delayed or row.delayed
        if row.focus_loss:
            self.pay(Pool.FOCUS, row.focus_loss, spent=False)
        if row.scarred:
            self.wound_scarred = True

    def outcome(self, pending: _Pending | None = None) -> EffectOutcome:
        """What has been settled, with the decision or roll it stopped at."""
        return trusted(
            EffectOutcome,
            damage=self.hit.damage,
            tier=self.hit.tier,
            face=self.face,
            rows=tuple(self.rows),
            needs=(pending.need,) if pending is not None and pending.need is not None else (),
            rolls=(pending.roll,) if pending is not None and pending.roll is not None else (),
            negated=self.negated,
            covered=self.covered,
            wound_tier=self.wound_tier,
            wound_scarred=self.wound_scarred,
            wound_fades_on_rest=self.fades,
            wounds=tuple(self.wounds),
            conditions=tuple(self.conditions),
            effort_lost=dict(self.lost),
            effort_spent=dict(self.spent),
            stat_losses=tuple(self.stat_losses),
            knockback_ft=self.knockback,
            delayed=self.delayed,
            gear=tuple(self.gear),
            dying=self.dying,
            slain=self.slain,
            reattach_minutes=self.reattach,
        )


def _harms(row: Row) -> bool:
    """Does the row do anything a Recovery dot would be worth spending on?"""
    return bool(
        row.statuses
        or row.pain
        or row.pain_in
        or row.knockback_ft
        or row.delayed
        or row.focus_loss
        or row.scarred
        or (row.special is not None and row.special is not Special.FADES_ON_REST)
    )


def _intact(r: _Resolution, kind: LimbKind) -> tuple[str, ...]:
    return tuple(p.value for p in kind.parts if p in r.parts)


def _limbs(r: _Resolution) -> tuple[str, ...]:
    return tuple(p.value for p in r.parts if p is not BodyPart.HEAD)


# -- the procedures, one per Special ----------------------------------------------------------------


def _fades(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.fades = True  # WD-WOUND-014


def _stuck_or_bleeding(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    hit = r.hit
    if hit.can_stick:
        pinned = hit.reach is Reach.RANGED and hit.pinnable
        r.add(Status.STUCK, reach=hit.reach, pinned=pinned, source=hit.attacker, item=hit.weapon)
    else:
        r.add(Status.BLEEDING)


def _escalate(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.wound_tier = WoundTier.MODERATE
    r.effect(r.hit.damage, WoundTier.MODERATE, None, "escalated", negatable=True)


def _brawn_while_bleeding(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.lose_stats([Stat.BRAWN.value], StatLasting.WHILE_BLEEDING)


def _highest_physical(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    trio = (Stat.BRAWN, Stat.ATHLETICS, Stat.GUTS)
    top = max(r.stats[s] for s in trio)
    tied = tuple(s.value for s in trio if r.stats[s] == top)
    r.lose_stats(r.ask("stat", "WD-WFX-017", tied), StatLasting.TEMPORARY)


def _limb_pain_scarred(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    for part in r.ask("limb", "WD-WFX-017", _limbs(r), chooser=Chooser.ATTACKER):
        r.add(Status.PAINED_PART, part=BodyPart(part), scarring=True)


def _extra_moderate(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.wounds.append(WoundGrant(tier=WoundTier.MODERATE))


def _disable_limb(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    for part in r.ask("limb", "WD-WFX-018", _limbs(r), chooser=Chooser.ATTACKER):
        r.add(Status.DISABLED_LIMB, part=BodyPart(part))


def _headshot(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.dying = True


def _lose_limb(kind: LimbKind) -> _Special:
    def lose(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
        picked = r.ask("limb", "WD-WFX-022", _intact(r, kind))
        for part in picked:
            r.add(Status.LOST_LIMB, part=BodyPart(part))
            r.parts.remove(BodyPart(part))
        if picked:
            dots = r.spend("reattach", "WD-WFX-022", counts=range(sum(r.effort.values()) + 1))
            r.reattach = data.REATTACH_WINDOW_MINUTES * 2**dots

    return lose


def _bisect(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    dots = r.spend("save_effort", "WD-WFX-022", counts=range(sum(r.effort.values()) + 1))
    bonus = r.stats[Stat.GUTS] - 3 + dots
    limit = morale_cap(r.hit.morale)
    (die,) = r.roll(_SAVE_KEY, "WD-WFX-022", stat=Stat.GUTS, tn=data.BISECT_TN, bonus=bonus, cap=limit)
    # the low-morale cap applies to this roll too, after the effort's +1s (WD-MORALE-002, WD-CORE-005)
    r.slain = capped(die + bonus, r.hit.morale) < data.BISECT_TN


def _pulverize(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    dots = r.spend("pulverize_effort", "WD-WFX-023", counts=range(sum(r.effort.values()) + 1))
    threshold = data.CRITICAL_BASH_REPEAT_ON + dots
    step = 1
    while True:
        spare = r.spare_points()
        parts = tuple(p.value for p in r.parts)
        if not spare and not parts:
            r.slain = True
            return
        # lose two stat points (fewer if fewer can go), or one whole part
        key = f"pulverize.{step}"
        (pick,) = r.ask(key, "WD-WFX-023", (*(["stat_points"] if spare else []), *parts))
        if pick == "stat_points":
            points = min(2, sum(spare.values()))
            stats = r.ask(
                f"{key}.stats", "WD-WFX-023", tuple(spare), counts=(points,), distinct=False, limits=spare
            )
            r.lose_stats(stats, StatLasting.LONG_TERM)
        else:
            part = BodyPart(pick)
            r.parts.remove(part)
            if part is BodyPart.HEAD:
                r.dying = True
            else:
                r.add(Status.DISABLED_LIMB, part=part, scarring=True)
        (again,) = r.roll(f"repeat.{step}", "WD-WFX-023", tn=threshold)
        if again < threshold:
            return
        step += 1


def _dying(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.dying = True


def _impaled(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    if r.spend("impaled_effort", "WD-WFX-024", counts=(0, data.CRITICAL_PIERCE_AVOID_COST)):
        r.add(Status.KNOCKED_DOWN)
    else:
        r.slain = True


def _gear_feature(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    rule = "WD-WFX-007"
    for piece in r.ask("gear", rule, r.hit.gear):
        r.gear.append(GearHit(piece=piece, saved=r.reinforced(piece, rule)))


def _rend_choice(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    picks = r.ask("rend", "WD-WFX-013", ("scarring", "bleeding", "brawn"), counts=(row.count,))
    for pick in picks:
        if pick == "scarring":
            r.wound_scarred = True
        elif pick == "bleeding":
            r.add(Status.BLEEDING)
        else:
            r.lose_stats([Stat.BRAWN.value], StatLasting.TEMPORARY)


def _rend_choice_x(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    options = ("pain", "bleeding", "scarring", "stat")
    picks = r.ask("rend", "WD-WFX-019", options, counts=(min(face, len(options)),))
    for pick in picks:
        if pick == "pain":
            r.pain()
        elif pick == "bleeding":
            r.add(Status.BLEEDING)
        elif pick == "scarring":
            r.wound_scarred = True
        else:
            (stat,) = r.ask("rend_stat", "WD-WFX-019", tuple(s.value for s in Stat if s in PHYSICAL_STATS))
            # -2, half of it scarring: one point temporary, one long-term
            r.lose_stats([stat], StatLasting.TEMPORARY)
            r.lose_stats([stat], StatLasting.LONG_TERM)


def _costume_lost(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    rule = "WD-WFX-019"
    pieces = r.hit.costume
    named = r.ask("named", rule, pieces, counts=(min(2, len(pieces)),), chooser=Chooser.ATTACKER)
    for piece in r.ask("lost", rule, named):
        r.gear.append(GearHit(piece=piece, destroyed=True, saved=r.reinforced(piece, rule)))


def _temporary_wound(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    lasting = tier is WoundTier.LESSER and r.hit.bare  # Lesser Burn 1-3 on skin is not temporary
    r.wounds.append(WoundGrant(tier=WoundTier.LESSER, temporary=not lasting))


def _skin_pain(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    if r.hit.bare:
        r.pain()


def _ongoing(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.add(r.hit.instead_of_ongoing or Status.ONGOING_DAMAGE)


def _focus_or_overload(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    if r.pay(Pool.FOCUS, 1, spent=False):
        return
    r.add(Status.BLINDED)
    r.add(Status.DEAFENED)
    r.pain()
    r.delayed = True


def _shock_choice(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    hit = r.hit
    applicable = [
        *(["disarmed"] if hit.holding else []),
        *(["knocked_down"] if not hit.knocked_down else []),
        *(["focus"] if r.effort.get(Pool.FOCUS, 0) > 0 else []),
        *(["dying"] if not hit.dying else []),
    ]
    for pick in r.ask("shock", "WD-WFX-021", applicable, counts=(min(row.count, len(applicable)),)):
        if pick == "disarmed":
            r.add(Status.DISARMED)
        elif pick == "knocked_down":
            r.add(Status.KNOCKED_DOWN)
        elif pick == "focus":
            r.pay(Pool.FOCUS, 1, spent=False)
        else:
            r.dying = True


#: the keys of the follow-up rolls a target makes on its own Guts: the drain's (a prefix, one a step)
#: and the save against bisection
_GUTS_KEY, _SAVE_KEY = "guts.", "save"


def rolls_own_stat(answers: Answers) -> bool:
    """Has this effect rolled the target's own stat (a drain's or a save's Guts roll)? For a hidden
    NPC that die, and what it led to, would show the players its Guts (WD-NPC-003)."""
    return any(key == _SAVE_KEY or key.startswith(_GUTS_KEY) for key in answers.dice)


def _drain(r: _Resolution, step: int, rule: str) -> int:
    """Moderate Shock 5-6: roll Guts, lose 10 - result points, no stat below 1; the number an even
    test reads (the natural die, or the result when the table says so: WD-CORE-010)."""
    bonus = r.stats[Stat.GUTS] - 3
    (die,) = r.roll(f"{_GUTS_KEY}{step}", rule, stat=Stat.GUTS, bonus=bonus, cap=morale_cap(r.hit.morale))
    result = capped(die + bonus, r.hit.morale)
    points = max(0, data.SHOCK_DRAIN_BASE - result)
    spare = r.spare_points()
    count = min(points, sum(spare.values()))
    picks = r.ask(f"drain.{step}", rule, tuple(spare), counts=(count,), distinct=False, limits=spare)
    r.lose_stats(picks, StatLasting.DRAINED)
    return die if r.hit.parity_natural else result


def _shock_drain(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    _drain(r, 1, "WD-WFX-021")


def _shock_chain(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    dots = r.spend("chain_effort", "WD-WFX-027", counts=(0, 1, 2))
    repeat_on = data.CRITICAL_SHOCK_REPEAT_ON[dots]
    step = 1
    while _repeats(_drain(r, step, "WD-WFX-027"), repeat_on):
        step += 1


def _repeats(number: int, repeat_on: frozenset[int] | None) -> bool:
    """Critical Shock's repeat: an even Guts number, or one of the numbers effort leaves."""
    return number % 2 == 0 if repeat_on is None else number in repeat_on


def _mangle(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    rule = "WD-WFX-025"
    faces = r.roll("mangle", rule, dice=len(Stat), sides=4)
    # lasting damage may take a stat to 0 (WD-STAT-021); effort cancels three points a dot from what
    # was rolled, and only then is the loss held to what the stat has left
    damage = {s.value: f - 1 for s, f in zip(Stat, faces, strict=True) if f > 1}
    total = sum(damage.values())
    per = data.CRITICAL_REND_CANCEL_PER_DOT
    dots = r.spend("mangle_effort", rule, counts=range(-(-total // per) + 1))
    cancel = min(total, dots * per)
    if cancel:
        for stat in r.ask("cancel", rule, tuple(damage), counts=(cancel,), distinct=False, limits=damage):
            damage[stat] -= 1
    for name, n in damage.items():
        points = min(n, r.stats[Stat(name)])
        if points:
            r.stat_losses.append(StatLoss(stat=Stat(name), points=points, lasting=StatLasting.LONG_TERM))


def _consuming(r: _Resolution, row: Row, tier: WoundTier, face: int) -> None:
    r.add(
        Status.ONGOING_DAMAGE,
        consuming=True,
        source=r.hit.attacker,
        endings=frozenset({Ending.OUTSIDE_HELP}),
    )


_SPECIALS: dict[Special, _Special] = {
    Special.FADES_ON_REST: _fades,
    Special.STUCK_OR_BLEEDING: _stuck_or_bleeding,
    Special.ESCALATE: _escalate,
    Special.BRAWN_WHILE_BLEEDING: _brawn_while_bleeding,
    Special.HIGHEST_PHYSICAL: _highest_physical,
    Special.LIMB_PAIN_SCARRED: _limb_pain_scarred,
    Special.EXTRA_MODERATE: _extra_moderate,
    Special.DISABLE_LIMB: _disable_limb,
    Special.HEADSHOT: _headshot,
    Special.LOSE_ARM: _lose_limb(LimbKind.ARM),
    Special.LOSE_LEG: _lose_limb(LimbKind.LEG),
    Special.BISECT: _bisect,
    Special.PULVERIZE: _pulverize,
    Special.DYING: _dying,
    Special.IMPALED: _impaled,
    Special.GEAR_FEATURE: _gear_feature,
    Special.REND_CHOICE: _rend_choice,
    Special.REND_CHOICE_X: _rend_choice_x,
    Special.COSTUME_LOST: _costume_lost,
    Special.TEMPORARY_WOUND: _temporary_wound,
    Special.SKIN_PAIN: _skin_pain,
    Special.ONGOING: _ongoing,
    Special.FOCUS_OR_OVERLOAD: _focus_or_overload,
    Special.SHOCK_CHOICE: _shock_choice,
    Special.SHOCK_DRAIN: _shock_drain,
    Special.MANGLE: _mangle,
    Special.CONSUMING: _consuming,
    Special.SHOCK_CHAIN: _shock_chain,
}


def covered_outright(hit: Hit) -> bool:
    """A Lesser Burn on a costume with coverage: "Targets with coverage costume feature suffer no
    effect" (WD-WFX-014, src 736). No row of its table can apply, so its effect die is never read
    (:meth:`_Resolution.run` stops before it) and need not be rolled."""
    return hit.damage is DamageType.BURN and hit.tier is WoundTier.LESSER and hit.coverage


def resolve(hit: Hit, face: int | None = None, *, answers: Answers | None = None) -> EffectOutcome:
    """The effect of ``hit`` with the effect d6 ``face`` (None: the outcome asks for it, if the table rolls).

    Returns the outcome so far with the next decision or roll when one is
    missing; call again with it added to ``answers``.
    """
    r = _Resolution(hit, answers or Answers())
    try:
        r.run(face)
    except _Pending as pending:
        return r.outcome(pending)
    return r.outcome()
