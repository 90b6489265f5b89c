"""Effort: Stamina, Focus and Recovery dots, spent, drained, restored and exhausted.

Implements WD-EFFORT-001 (three pools, only PCs and notables), -003..005
(what each pool buys: :data:`USE_POOL`), -006 ("any effort" mixes pools),
-007 (an empty pool cannot pay; drained dots count as spent), -008 (rest
restores), -009/-010 (end-of-encounter restore with one more exhausted dot
after each qualifying lull), -011 (a night's sleep clears exhaustion, less
what low morale keeps), -012 (Focus for +1d3 speed/tactics), -014 (bonus
dots usable in the first encounter after rest, gone before exhaustion) and
-015 (one Stamina push per move action), and the variant WD-DN-011(b) (morale
as extra effort: day dots that last until they are spent or the next night).
Pure: an :class:`Effort` in, a new one out.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import Pool

__all__ = [
    "USE_POOL",
    "Effort",
    "EffortUse",
    "edge",
    "push_distance",
]


class EffortUse(StrEnum):
    """What a dot is spent on (WD-EFFORT-003..005, -012); each names its pool in :data:`USE_POOL`."""

    REROLL = "reroll"  # Stamina: reroll a physical non-combat action
    PUSH_MOVE = "push_move"  # Stamina: +1d3 x 5 ft
    POWER = "power"  # Stamina: physically draining powers (a power may name another pool)
    REACTION = "reaction"  # Focus: Dodge or Block
    OPPORTUNITY = "opportunity"  # Focus: attacks of opportunity, turn-order moves (an older log's Wait)
    WAIT = "wait"  # Focus: a Wait, acting later on a trigger (WD-COMBAT-027, src 994)
    EDGE = "edge"  # Focus: +1d3 speed or tactics
    LEARNING_SKILL = "learning_skill"  # Focus: use a learning skill for the encounter
    FOCUSED_SHOT = "focused_shot"  # Focus: Aim skills on a shot whatever the foes' nearness
    IGNORE_EFFECT = "ignore_effect"  # Recovery: ignore a lesser or moderate wound effect
    REST_ROLL = "rest_roll"  # Recovery: another roll while resting
    GET_UP = "get_up"  # Recovery: a Guts roll to rouse or stop dying


#: the pool each use spends from (WD-EFFORT-003..005)
USE_POOL: dict[EffortUse, Pool] = {
    EffortUse.REROLL: Pool.STAMINA,
    EffortUse.PUSH_MOVE: Pool.STAMINA,
    EffortUse.POWER: Pool.STAMINA,
    EffortUse.REACTION: Pool.FOCUS,
    EffortUse.OPPORTUNITY: Pool.FOCUS,
    EffortUse.WAIT: Pool.FOCUS,
    EffortUse.EDGE: Pool.FOCUS,
    EffortUse.LEARNING_SKILL: Pool.FOCUS,
    EffortUse.FOCUSED_SHOT: Pool.FOCUS,
    EffortUse.IGNORE_EFFECT: Pool.RECOVERY,
    EffortUse.REST_ROLL: Pool.RECOVERY,
    EffortUse.GET_UP: Pool.RECOVERY,
}

_WORD = {Pool.STAMINA: "Stamina", Pool.FOCUS: "Focus", Pool.RECOVERY: "Recovery"}


def _zero() -> dict[Pool, int]:
    return {}


#: (id(effort), id(sheet)) -> (the effort, the sheet, dots available by pool) (:meth:`Effort.available`)
_AVAILABLE: dict[tuple[int, int], tuple[Effort, Character, dict[Pool, int]]] = {}


class Effort(Frozen):
    """One character's effort: dots used this encounter, exhausted dots, and bonus dots.

    ``spent`` counts dots spent or drained since the last restore; ``exhausted``
    lowers each pool's maximum until a night's sleep; ``bonus`` holds dots
    usable only in the first encounter after rest: they lapse when it ends (WD-EFFORT-014);
    ``day`` holds the morale dots still unspent today under the variant WD-DN-011(b): spent after the
    bonus dots and before the pool's own, they never come back at a lull, exhaust nothing, and
    the next night's sleep replaces them.
    """

    spent: dict[Pool, int] = Field(default_factory=_zero)
    exhausted: dict[Pool, int] = Field(default_factory=_zero)
    bonus: dict[Pool, int] = Field(default_factory=_zero)
    used: bool = Field(default=False, description="Non-bonus effort spent or lost since the last restore.")
    day: dict[Pool, int] = Field(default_factory=_zero, exclude_if=lambda v: not v)
    settled: dict[Pool, int] | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description="Spent dots a lull has settled, back once the exhausted dot is picked; None in a"
        " table saved before lulls kept them apart, where the pick gives back everything spent.",
    )
    fresh: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="Non-bonus effort spent or lost since a lull settled the rest (``settled``).",
    )
    held: tuple[tuple[Pool, ...], ...] = Field(
        default=(),
        exclude_if=lambda v: not v,
        description="One entry per exhaust pick still owed: the pools its dot may be picked from, the"
        " first the one whose dot stays spent until then. The lull gave every other settled dot back"
        " (src 409); a pick owed in a table saved before keeps its dots in ``settled``.",
    )
    veiled: dict[Pool, int] = Field(
        default_factory=_zero,
        exclude_if=lambda v: not v,
        description="Spent dots paid on a check the GM called in secret: the GM's and the owner's to"
        " know, so other seats see them unspent (src 376).",
    )
    quiet: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="Every dot spent since the last lull paid for a check the GM called in secret: the"
        " lull that settles them is the GM's and the owner's to know (src 376, 409).",
    )
    hushed: int = Field(
        default=0,
        exclude_if=lambda v: not v,
        description="Exhaust picks still owed for secret spending alone (``quiet`` when settled): asked"
        " of the owner, not in the table's open ``exhaust_owed`` (src 376, 409).",
    )
    veiled_exhausted: dict[Pool, int] = Field(
        default_factory=_zero,
        exclude_if=lambda v: not v,
        description="Exhausted dots picked for secret spending alone: other seats see them unexhausted.",
    )

    def maximum(self, character: Character, pool: Pool) -> int:
        """The pool's maximum today: the sheet's, less exhausted dots (WD-EFFORT-009)."""
        return max(0, character.effort_maxima()[pool] - self.exhausted.get(pool, 0))

    def available(self, character: Character, pool: Pool) -> int:
        """Dots that can be spent now (WD-EFFORT-007)."""
        return self.left(character)[pool]

    def left(self, character: Character) -> Mapping[Pool, int]:
        """:meth:`available` for every pool, worked out once per effort and sheet value (both frozen;
        an attack and its wound effect read them several times). Shared: read it, never change it."""
        kept = _AVAILABLE.get((id(self), id(character)))
        if kept is not None and kept[0] is self and kept[1] is character:
            return kept[2]
        if len(_AVAILABLE) > 256:
            _AVAILABLE.clear()
        maxima, exhausted, bonus, day, spent = (
            character.effort_maxima(),
            self.exhausted,
            self.bonus,
            self.day,
            self.spent,
        )
        left = {
            p: max(
                0,
                max(0, most - exhausted.get(p, 0)) + bonus.get(p, 0) + day.get(p, 0) - spent.get(p, 0),
            )
            for p, most in maxima.items()
        }
        _AVAILABLE[(id(self), id(character))] = (self, character, left)
        return left

    def spend(self, character: Character, pool: Pool, dots: int = 1, *, veiled: bool = False) -> Effort:
        """Spend ``dots`` from ``pool``; refused when the pool cannot pay (WD-EFFORT-007). ``veiled``:
        paid on a check the GM called in secret, so only the GM and the owner see it spent."""
        if dots < 1:
            raise ValueError("spend at least one dot")
        if not character.tracks_effort:
            raise RuleViolation("WD-EFFORT-001", f"{character.name} has no effort to spend.", field="pool")
        have = self.available(character, pool)
        if have < dots:
            raise RuleViolation(
                "WD-EFFORT-007",
                f"{character.name} has {have} {_WORD[pool]} left and cannot spend {dots}.",
                field="pool",
            )
        effort = self._used(pool, dots)
        if veiled:
            change: dict[str, object] = {"veiled": {**self.veiled, pool: self.veiled.get(pool, 0) + dots}}
            if effort.used and self.settled is None:
                # secret so far if nothing was spent since the lull before, or only in secret
                change["quiet"] = self.quiet or not self.used
            effort = evolve(effort, change)
        return effort

    def spend_any(self, character: Character, dots: Mapping[Pool, int]) -> Effort:
        """ "Spend any effort": dots from any pools, freely mixed (WD-EFFORT-006)."""
        effort = self
        for pool, n in dots.items():
            if n:
                effort = effort.spend(character, pool, n)
        return effort

    def drain(self, character: Character, pool: Pool, dots: int = 1) -> tuple[Effort, int]:
        """Lose up to ``dots`` (no breath, a shock); lost dots count as spent (WD-EFFORT-007)."""
        lost = min(dots, self.available(character, pool))
        return (self._used(pool, lost) if lost else self), lost

    def restore(self, character: Character, pool: Pool, dots: int = 1) -> Effort:
        """A rest gives back up to ``dots`` spent dots of ``pool`` (WD-EFFORT-008): not a dot kept
        back for an exhaust pick still owed, which is to become exhausted (:meth:`restorable`)."""
        back = min(dots, self.restorable(pool))
        spent = {**self.spent, pool: self.spent.get(pool, 0) - back}
        return evolve(self, {"spent": spent, "veiled": _within(self.veiled, spent)})

    def restorable(self, pool: Pool) -> int:
        """Spent dots of ``pool`` a rest can give back: all but those held for owed picks."""
        return self.spent.get(pool, 0) - self.held_in(pool)

    def held_in(self, pool: Pool) -> int:
        """Dots of ``pool`` kept spent for exhaust picks still owed (``held``)."""
        return sum(1 for hold in self.held if hold and hold[0] is pool)

    def refreshed(self) -> Effort:
        """Every spent dot back, as a GM's ruling restores effort (WD-CORE-011): exhausted dots, unspent
        bonus and morale (day) dots stay, and so does a dot held for an exhaust pick still owed, veiled
        still if that pick is owed in secret (:attr:`hushed_veil`)."""
        spent = {p: n for p in Pool if (n := self.held_in(p))}
        return evolve(
            self,
            {
                "spent": spent,
                "used": False,
                "fresh": False,
                "settled": None if self.settled is None else {},
                "veiled": _within(self.hushed_veil, spent),
                "quiet": False,
            },
        )

    def rest(self, character: Character, choice: Mapping[Pool, int]) -> Effort:
        """Rest restore: one dot of any pool (Rest); one of each or two of one (full rest) (WD-EFFORT-008)."""
        effort = self
        for pool, n in choice.items():
            effort = effort.restore(character, pool, n)
        return effort

    def exhaustible(self, character: Character) -> tuple[Pool, ...]:
        """The pools the exhausted dot may come from: it is one of the spent dots kept back ("recover
        all spent dots of effort except one of their choice", src 409), so a pool with a dot still
        spent; if rests gave every dot back, any pool with a dot (WD-EFFORT-009)."""
        have = tuple(p for p in Pool if self.maximum(character, p) >= 1)
        if self.held:
            return tuple(p for p in have if any(self._may_pick(character, hold, p) for hold in self.held))
        kept = self.spent if self.settled is None else self.settled
        spent = tuple(p for p in have if kept.get(p, 0) > 0)
        return spent or have

    def _may_pick(self, character: Character, hold: tuple[Pool, ...], pool: Pool) -> bool:
        """Whether an owed pick's dot may be ``pool``'s: one of the pools it was spent from, and the
        dot still spent there, or one that pool can still give (not spent again since)."""
        return pool in hold and (hold[0] is pool or self.left(character)[pool] >= 1)

    def _check_exhaust(self, character: Character, exhaust: Pool, pools: tuple[Pool, ...]) -> None:
        """Refuse an exhausted dot from a pool with none, or from none of ``pools``, those it may come
        from (WD-EFFORT-009: "except one of their choice", src 409)."""
        if self.maximum(character, exhaust) < 1:
            raise RuleViolation(
                "WD-EFFORT-009",
                f"{character.name}'s {_WORD[exhaust]} has no dot left to exhaust.",
                field="exhaust",
            )
        if exhaust not in pools:
            raise RuleViolation(
                "WD-EFFORT-009",
                f"The exhausted dot is one {character.name} spent and keeps back:"
                f" {' or '.join(_WORD[p] for p in pools)}.",
                field="exhaust",
            )

    def end_encounter(self, character: Character, *, lull: bool, exhaust: Pool | None) -> Effort:
        """After an encounter: with five quiet minutes, all spent dots return but one, which becomes
        exhausted (WD-EFFORT-009/010); without the lull nothing returns yet; bonus dots vanish first
        (WD-EFFORT-014). A character who spent nothing exhausts nothing."""
        if not lull or not character.tracks_effort:
            return self
        exhausted = dict(self.exhausted)
        if self.used:
            if exhaust is None:
                raise RuleViolation(
                    "WD-EFFORT-009", "Choose which effort pool becomes exhausted.", field="exhaust"
                )
            self._check_exhaust(character, exhaust, self.exhaustible(character))
            exhausted[exhaust] = exhausted.get(exhaust, 0) + 1
        return Effort(exhausted=exhausted, day=self.day, veiled_exhausted=self.veiled_exhausted)

    def settle(self, character: Character) -> Effort:
        """Five quiet minutes have passed over the spending so far (WD-EFFORT-009): "players recover
        all spent dots of effort except one of their choice" (src 409), so every dot comes back now but
        one, held spent until the player picks which becomes exhausted: it is held in the pool spent
        most, and the pick may move it to any pool spent (``held``). What is spent after is the next
        situation's. A pick owed in a table saved before keeps its dots until the pick (``settled``)."""
        if self.settled is not None:
            return evolve(self, {"settled": {p: n for p, n in self.spent.items() if n}, "fresh": False})
        have = tuple(p for p in Pool if self.maximum(character, p) >= 1)
        taken = {p: self.restorable(p) for p in have}
        pools = sorted((p for p in have if taken[p] > 0), key=lambda p: -taken[p]) or list(have)
        spent = {p: n for p in Pool if (n := self.held_in(p) + (1 if pools and p is pools[0] else 0))}
        return evolve(
            self,
            {
                "spent": spent,
                "used": False,
                "held": (*self.held, tuple(pools)),
                # a situation paid for in secret alone owes a pick only its owner and the GM know of
                "quiet": False,
                "hushed": self.hushed + 1 if self.quiet else self.hushed,
                # the dots that come back are the secret ones first: other seats, who never saw those
                # spent, see the one kept back as one they saw spent, if they saw any
                "veiled": {
                    p: n
                    for p, v in self.veiled.items()
                    if (n := min(v, max(0, spent.get(p, 0) - (self.spent.get(p, 0) - v))))
                },
            },
        )

    def spent_since_lull(self, owing: bool) -> bool:
        """Effort spent or lost that no lull has settled yet; ``owing``: an exhaust pick is still owed.
        A pick owed in a table saved before lulls kept spending apart covers all of it."""
        if self.settled is not None:
            return self.fresh
        if self.held:
            return self.used
        return self.used and not owing

    def pick(self, character: Character, exhaust: Pool, *, more: bool = False) -> Effort:
        """The dot one settled situation leaves exhausted, of the player's choice (WD-EFFORT-009/010):
        the settled dots come back, and those spent since stay spent for their own situation's lull.
        ``more``: another settled situation still owes its pick (any pool with a dot, src 411)."""
        if self.held:
            return self._pick_held(character, exhaust)
        if self.settled is None:  # saved before lulls kept the spending apart: as it was played
            return self.end_encounter(character, lull=True, exhaust=exhaust)
        have = tuple(p for p in Pool if self.maximum(character, p) >= 1)
        self._check_exhaust(character, exhaust, tuple(p for p in have if self.settled.get(p, 0) > 0) or have)
        spent = {p: max(0, n - self.settled.get(p, 0)) for p, n in self.spent.items()}
        return evolve(
            self,
            {
                "exhausted": {**self.exhausted, exhaust: self.exhausted.get(exhaust, 0) + 1},
                "spent": {p: n for p, n in spent.items() if n},
                "settled": {} if more else None,
                # with no pick left, what was spent since is the only spending a lull has to settle
                **({} if more else {"used": self.fresh, "fresh": False}),
            },
        )

    def _pick_held(self, character: Character, exhaust: Pool) -> Effort:
        """The pick of a dot the lull held (``held``): the owed pick whose dot may be ``exhaust``'s (the
        one held there first, else the one with the fewest pools), whose held dot comes back as that
        pool's becomes exhausted (WD-EFFORT-009/010)."""
        fits = [i for i, hold in enumerate(self.held) if self._may_pick(character, hold, exhaust)]
        self._check_exhaust(character, exhaust, self.exhaustible(character) if not fits else (exhaust,))
        at = min(fits, key=lambda i: (self.held[i][0] is not exhaust, len(self.held[i]), i))
        sits = self.held[at][0]
        spent = {**self.spent, sits: max(0, self.spent.get(sits, 0) - 1)}
        spent = {p: n for p, n in spent.items() if n}
        change: dict[str, object] = {
            "exhausted": {**self.exhausted, exhaust: self.exhausted.get(exhaust, 0) + 1},
            "spent": spent,
            "held": (*self.held[:at], *self.held[at + 1 :]),
            "veiled": _within(self.veiled, spent),
        }
        if self.hushed_pick:  # the open picks come first; the last ones are the secret ones
            if self.veiled.get(sits, 0):  # the dot held back for it was secret: its veil goes with it
                veiled = {**self.veiled, sits: self.veiled[sits] - 1}
                change["veiled"] = _within({p: n for p, n in veiled.items() if n}, spent)
            change["hushed"] = self.hushed - 1
            change["veiled_exhausted"] = {
                **self.veiled_exhausted,
                exhaust: self.veiled_exhausted.get(exhaust, 0) + 1,
            }
        return evolve(self, change)

    @property
    def hushed_pick(self) -> bool:
        """Whether the next exhaust pick is one owed for secret spending alone (``hushed``): the
        open picks are made first, so it is once every pick still owed is a secret one."""
        return 0 < len(self.held) <= self.hushed

    @property
    def hushed_veil(self) -> dict[Pool, int]:
        """The veiled dots held back for exhaust picks owed in secret (``hushed``, the last of
        ``held``): what the GM's open ruling on the dots leaves veiled, as those picks and the spending
        behind them are the owner's and the GM's to know (src 376, 409)."""
        if not self.hushed:
            return {}
        counts: dict[Pool, int] = {}
        for hold in self.held[len(self.held) - self.hushed :]:
            if hold:
                counts[hold[0]] = counts.get(hold[0], 0) + 1
        return {p: m for p, n in counts.items() if (m := min(n, self.veiled.get(p, 0)))}

    @property
    def secret(self) -> bool:
        """Whether other seats than the owner's see this effort otherwise (:meth:`unveiled`)."""
        return bool(self.veiled or self.hushed or self.veiled_exhausted)

    def unveiled(self) -> Effort:
        """The effort as a seat other than the owner's sees it: dots paid on a check the GM called in
        secret still unspent (src 376: the spend tells of the check and its failure)."""
        if not self.secret:
            return self
        spent = {p: left for p, n in self.spent.items() if (left := n - self.veiled.get(p, 0)) > 0}
        exhausted = {
            p: left for p, n in self.exhausted.items() if (left := n - self.veiled_exhausted.get(p, 0)) > 0
        }
        return evolve(
            self,
            {
                "spent": spent,
                "exhausted": exhausted,
                "held": self.held[: len(self.held) - self.hushed],
                "veiled": {},
                "quiet": False,
                "hushed": 0,
                "veiled_exhausted": {},
                "used": self.used and not self.quiet and bool(spent),
            },
        )

    def sleep(
        self,
        *,
        kept: Mapping[Pool, int] | None = None,
        day: Mapping[Pool, int] | None = None,
        veiled: Mapping[Pool, int] | None = None,
    ) -> Effort:
        """A full night's sleep clears exhaustion except dots low morale kept (WD-EFFORT-011); under
        WD-DN-011(b) the new day's morale dots replace what is left of the last day's. ``veiled``:
        of the kept dots, those picked for secret spending alone (``veiled_exhausted``)."""
        left = {p: min(n, self.exhausted.get(p, 0)) for p, n in (kept or {}).items() if n}
        return Effort(
            exhausted=left,
            day={p: n for p, n in (day or {}).items() if n},
            veiled_exhausted=_within(
                self.veiled_exhausted if veiled is None else {p: n for p, n in veiled.items() if n}, left
            ),
        )

    def lapse(self) -> Effort:
        """The encounter is over, lull or not: bonus dots go, and dots spent while they were there were
        theirs first (WD-EFFORT-014, WD-PROG-006: gone before exhaustion counts)."""
        if not any(self.bonus.values()):
            return self
        spent = {p: max(0, n - self.bonus.get(p, 0)) for p, n in self.spent.items()}
        return evolve(self, {"bonus": {}, "spent": spent, "veiled": _within(self.veiled, spent)})

    def with_bonus(self, pool: Pool, dots: int = 1) -> Effort:
        """Bonus dots for the first encounter after rest (WD-EFFORT-014); :meth:`lapse` ends them."""
        return evolve(self, {"bonus": {**self.bonus, pool: self.bonus.get(pool, 0) + dots}})

    def _used(self, pool: Pool, dots: int) -> Effort:
        """Spent dots are the bonus's first: spending only those counts toward no exhaustion, as they
        "disappear before any exhaustion is counted" (seed src 1192, WD-EFFORT-014). The day's morale
        dots go next (WD-DN-011(b)): they leave ``day`` for good, so no lull or rest gives them back."""
        spent = self.spent.get(pool, 0)
        from_bonus = min(dots, max(0, self.bonus.get(pool, 0) - spent))
        from_day = min(dots - from_bonus, self.day.get(pool, 0))
        change: dict[str, object] = {}
        if from_day:
            day = {**self.day, pool: self.day[pool] - from_day}
            change["day"] = {p: n for p, n in day.items() if n}
        if dots > from_day:
            spent += dots - from_day
            change["spent"] = {**self.spent, pool: spent}
            change["used"] = self.used or spent > self.bonus.get(pool, 0)
            if self.quiet:  # an open spend: the lull to come is no secret
                change["quiet"] = False
            if self.settled is not None:  # a lull settled what came before: this is a new situation's
                change["fresh"] = self.fresh or spent > self.bonus.get(pool, 0)
        return evolve(self, change)


def _within(veiled: dict[Pool, int], spent: Mapping[Pool, int]) -> dict[Pool, int]:
    """Veiled dots no more than are still spent: a dot given back is no longer a secret spend."""
    if not veiled:
        return veiled
    return {p: m for p, n in veiled.items() if (m := min(n, spent.get(p, 0)))}


def push_distance(d3: int, *, double: bool) -> int:
    """A Stamina push: +1d3 x 5 ft, doubled when double-moving or sprinting (WD-EFFORT-003, WD-MOVE-006)."""
    if not 1 <= d3 <= 3:
        raise ValueError("a push rolls a d3")
    return d3 * 5 * (2 if double else 1)


def edge(score: int, d3: int) -> int:
    """Speed or tactics after a Focus edge: + 1d3 (WD-EFFORT-012, WD-COMBAT-006)."""
    if not 1 <= d3 <= 3:
        raise ValueError("an edge rolls a d3")
    return score + d3
