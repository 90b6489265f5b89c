"""Combat rules as pure functions: initiative, the action budget, attacks, cover, reactions, Wait,
Leverage Reputation and resting.

Implements WD-COMBAT-001/002 (rounds skip the incapacitated: the caller's
``can_act``), -003 (surprise by Tactics margin), -004/-005 and WD-NPC-005/007
(initiative and its tie-breaks), -008..016 (standard, full, quick, lengthy
actions; half actions), -017/-018/-022 (attack vs defense score with cover),
-019..021 (Dodge and Block), -027/-028 (Wait), -030/-031 (Leverage
Reputation) and -032/-034 (Rest and full rest). Wounds are in
:mod:`~capeworks.systems.weaverdice.wounds`; effects are the effects
engineer's :mod:`~capeworks.systems.weaverdice.wfx`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import Field

from capeworks.engine.kit import Frozen, TurnOrder, rank, tied
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import Tier

__all__ = [
    "TIER_PRECEDENCE",
    "ActionKind",
    "Cover",
    "Entrant",
    "LeverageOutcome",
    "Reaction",
    "Sidelined",
    "Turn",
    "cover_bonus",
    "dropped_one_place",
    "dropped_together",
    "group_slots",
    "initiative_order",
    "initiative_score",
    "interruption_tn",
    "leverage_outcome",
    "may_react",
    "reaction_holds",
    "rest_removals",
    "slots",
    "surprise",
    "waited",
]

#: initiative's first tie-break (WD-COMBAT-005): notable foes > players > non-notable > bystanders
TIER_PRECEDENCE: dict[Tier, int] = {Tier.NOTABLE: 3, Tier.PC: 2, Tier.GENERIC: 1, Tier.BYSTANDER: 0}


# -- initiative ---------------------------------------------------------------------------------


def initiative_score(
    character: Character, face: int | None, *, edge: int = 0, config: WeaverdiceConfig
) -> int:
    """Speed + 1d6 for PCs and notables, speed + 3 for generics (WD-COMBAT-004), + a Focus edge."""
    if character.tier in (Tier.PC, Tier.NOTABLE):
        if face is None:
            raise ValueError("PCs and notables roll a d6 for initiative")
        return character.speed + face + edge
    return character.speed + config.generic_initiative + edge


class Entrant(Frozen):
    """One combatant's initiative: score, tier, morale, reputation and a roll-off die if needed."""

    id: str
    score: int
    tier: Tier
    morale: int = 0
    reputation: int = 0
    rolloff: int = 0
    #: bystander groups act in the order the GM gives them (WD-NPC-005 PROPOSED)
    gm_order: int = 0

    def keys(self) -> tuple[int, ...]:
        """Bystanders after everyone, in the GM's order (WD-NPC-005); then score, tier, morale, rep,
        roll-off."""
        if self.tier is Tier.BYSTANDER:
            return (0, -self.gm_order, self.score, 0, 0, 0, 0)
        return (1, 0, self.score, TIER_PRECEDENCE[self.tier], self.morale, self.reputation, self.rolloff)


def initiative_order(entrants: Iterable[Entrant]) -> tuple[tuple[str, ...], list[list[str]]]:
    """Acting order by descending score with the tie-breaks of WD-COMBAT-005 / WD-MORALE-009,
    and the groups still tied (a roll-off or the GM must separate them)."""
    pairs = [(e.id, e.keys()) for e in entrants]
    still = [g for g in tied(pairs) if not all(dict(pairs)[i][0] == 0 for i in g)]
    return rank(pairs), still


def group_slots(order: Iterable[str], groups: Iterable[Iterable[str]]) -> tuple[str, ...]:
    """The acting order with each group's slot (held by its first member) opened up into its
    members, one after another in the GM's order: a group acts in one slot, and each member still
    takes its own turn and drops on its own (WD-NPC-005, NPC groups)."""
    members = {g[0]: g for g in (tuple(x) for x in groups) if g}
    return tuple(m for ident in order for m in members.get(ident, (ident,)))


def surprise(best_a: int, best_b: int, *, config: WeaverdiceConfig) -> str | None:
    """Which side ('a' or 'b') gets a surprise round: the better Tactics by the margin (WD-COMBAT-003)."""
    if best_a - best_b >= config.surprise_margin:
        return "a"
    if best_b - best_a >= config.surprise_margin:
        return "b"
    return None


# -- the action budget --------------------------------------------------------------------------


class ActionKind(StrEnum):
    """How much of a turn an action takes (WD-COMBAT-008..013)."""

    STANDARD = "standard"
    FULL = "full"
    LENGTHY = "lengthy"
    QUICK = "quick"


class Turn(Frozen):
    """What is left of one combatant's turn: standard actions, the quick action, half actions."""

    actor: str
    actions: int = Field(ge=0)
    quick_used: bool = False
    full_used: bool = False
    half: bool = False
    #: feet moved this turn (the 2.5x ceiling, WD-MOVE-007)
    moved: int = 0
    #: swings still owed by a full attack this turn: "Attack x2" (WD-COMBAT-010, src 529)
    swings: int = Field(default=0, ge=0, exclude_if=lambda v: not v)
    #: rested this turn: drained points come back three at its end, not one (WD-WFX-021)
    rested: bool = Field(default=False, exclude_if=lambda v: not v)
    #: whom this turn's grapple rounds were rolled against: "Checks are made each round", one
    #: option bought a turn (WD-GRAPPLE-002/008, src 936)
    grappled: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: whom a wrest this turn owes a free attack: "The attacker can wrest it free as well, in which
    #: case they get a free attack on the target" (WD-STATUS-012, src 865); one attack each, no action
    free_attacks: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: this turn's full attack has fired a gun: its other swing earns no second card (WD-REP-010
    #: PROPOSED per attack action, src 442), and a gun fired only on its second swing earns one
    gun_fired: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a rest this turn shed Knocked Down: the fallen "can't rise without a movement action (taking up
    #: half the movement)" (WD-STATUS-009, src 850), so the turn's next move pays for the rising
    rising: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the foes offered an attack of opportunity on this turn's actor, who rose from Knocked Down or
    #: acted from the ground (WD-STATUS-009, src 850): each strikes once or lets it pass (:mod:`.opportunity`)
    exposed: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)

    @classmethod
    def start(cls, actor: str, *, half: bool, config: WeaverdiceConfig) -> Turn:
        """A fresh turn: two standard actions, or one under half actions (WD-COMBAT-008/016)."""
        # one per turn: the values are already the fields' types (CHECK validates them in the tests)
        return trusted(cls, actor=actor, actions=1 if half else config.actions_per_turn, half=half)

    def spend(self, kind: ActionKind, *, config: WeaverdiceConfig) -> Turn:
        """Pay for an action, or refuse it with the rule that forbids it."""
        if kind is ActionKind.QUICK:
            if self.quick_used:
                raise RuleViolation("WD-COMBAT-011", "Only one quick action fits in a turn.")
            return evolve(self, {"quick_used": True})
        if kind in (ActionKind.FULL, ActionKind.LENGTHY):
            if self.half:
                raise RuleViolation(
                    "WD-COMBAT-016", "With half your actions you cannot take a full or lengthy action."
                )
            if self.full_used or self.actions < config.actions_per_turn:
                raise RuleViolation("WD-COMBAT-010", "A full or lengthy action takes the whole turn.")
            return evolve(self, {"actions": 0, "full_used": True})
        if self.actions < 1:
            if self.half:  # half the actions: one standard action (WD-COMBAT-016, src 766)
                raise RuleViolation(
                    "WD-COMBAT-008", "With half the actions this turn has one action, and it is used."
                )
            raise RuleViolation(
                "WD-COMBAT-008", f"Each turn has {config.actions_per_turn} actions and you have used them."
            )
        return evolve(self, {"actions": self.actions - 1})


def interruption_tn(*, severe: int = 0) -> int:
    """Knowledge TN to stay on task: 3 for minor, 4 to 6 for a shove or a wound (WD-COMBAT-014)."""
    return 3 if severe <= 0 else min(6, 3 + severe)


# -- attacks, cover, reactions ------------------------------------------------------------------


class Cover(StrEnum):
    """Cover and the arc it guards (WD-COMBAT-022)."""

    NONE = "none"
    REGULAR = "regular"
    NARROW = "narrow"
    FULL = "full"


def cover_bonus(cover: Cover, *, angle: int = 0) -> int:
    """DS added by cover against an attack ``angle`` degrees off the front: regular +1 within the
    front 180 degrees, narrow +1 within the front 90, full +2 within the front 180 (WD-COMBAT-022)."""
    off = abs(angle) % 360
    off = min(off, 360 - off)
    if cover is Cover.NARROW:
        return 1 if off <= 45 else 0
    if cover in (Cover.REGULAR, Cover.FULL):
        return (2 if cover is Cover.FULL else 1) if off <= 90 else 0
    return 0


class Reaction(StrEnum):
    """A named target's answer to a hit, for 1 Focus (WD-COMBAT-019..021)."""

    DODGE = "dodge"
    BLOCK = "block"


def may_react(defender: Character, *, hit: bool, reacted: bool) -> None:
    """Refuse a reaction the rules do not allow: named targets only, after a hit, one per attack
    (WD-COMBAT-019 PROPOSED)."""
    if defender.tier not in (Tier.PC, Tier.NOTABLE):
        raise RuleViolation(
            "WD-COMBAT-019", f"{defender.name} is not a named target and cannot dodge or block."
        )
    if not hit:
        raise RuleViolation("WD-COMBAT-019", "There is nothing to dodge or block: the attack missed.")
    if reacted:
        raise RuleViolation("WD-COMBAT-019", "Only one dodge or block can answer an attack.")


def reaction_holds(defense_total: int, attack_total: int) -> bool:
    """Dodge or Block succeeds on equal or better: the defender wins ties (WD-COMBAT-020/021)."""
    return defense_total >= attack_total


def slots(order: Iterable[str], groups: Iterable[Iterable[str]] = ()) -> list[list[str]]:
    """The acting order cut into its slots: a group's members acting one after another share one
    slot, everyone else has their own (WD-NPC-005)."""
    member = {m: k for k, g in enumerate(groups) for m in g}
    out: list[list[str]] = []
    last: int | None = None
    for ident in order:
        gid = member.get(ident)
        if gid is not None and gid == last and out:
            out[-1].append(ident)
        else:
            out.append([ident])
        last = gid
    return out


def _reordered(order: TurnOrder, cut: list[list[str]]) -> TurnOrder:
    flat: list[str] = []
    for slot in cut:  # a loop, not a generator: every turn's hand-on reorders
        flat.extend(slot)
    seq = tuple(flat)
    current = order.current
    return evolve(order, {"order": seq, "index": seq.index(current) if current in seq else 0})


def dropped_one_place(
    order: TurnOrder,
    ident: str,
    groups: Iterable[Iterable[str]] = (),
    *,
    lowered: Iterable[str] = (),
    waiting_for: str | None = None,
) -> TurnOrder:
    """A blocked melee attacker's slot (its whole group's, for a group) swaps with the slot just
    after it (WD-COMBAT-021 PROPOSED); the turn stays with whoever holds it.

    Slots just after it that were ``lowered`` this round (dropped past it) go back above it and drop
    with it, as :func:`dropped_together` drops them at a round's end, so this drop does not undo
    theirs. A pending Wait put ``ident`` just above ``waiting_for``'s slot after any drop of that
    slot (WD-COMBAT-028), which was past another, not past ``ident``: it is swapped with, not taken
    along."""
    if ident not in order.order:
        return order
    groups = tuple(tuple(g) for g in groups)
    cut = slots(order.order, groups)
    trigger = next((slot for slot in cut if waiting_for in slot), [])
    lowered = set(lowered) - {ident, *trigger}
    k = next(i for i, slot in enumerate(cut) if ident in slot)
    j = k + 1
    while j < len(cut) and lowered.intersection(cut[j]):
        j += 1
    passed = cut[k + 1 : j]
    restored = _reordered(order, [*cut[:k], *passed, cut[k], *cut[j:]])
    return dropped_together(restored, [ident, *(x for slot in passed for x in slot)], groups)


def dropped_together(
    order: TurnOrder, idents: Iterable[str], groups: Iterable[Iterable[str]] = ()
) -> TurnOrder:
    """Several blocked attackers' slots dropped at once, as the round ends: each run of them goes
    below the first slot after it that is not dropped, so each ends one place lower and one drop never
    undoes another's; dropped slots with nobody else after them stay (WD-COMBAT-021 PROPOSED)."""
    groups = tuple(tuple(g) for g in groups)
    cut = slots(order.order, groups)
    down = {k for k, slot in enumerate(cut) if any(i in slot for i in idents)}
    out: list[list[str]] = []
    run: list[list[str]] = []
    for k, slot in enumerate(cut):
        if k in down:
            run.append(slot)
        else:
            out += [slot, *run]
            run = []
    return _reordered(order, [*out, *run])


def waited(
    order: TurnOrder, ident: str, *, trigger: str | None, groups: Iterable[Iterable[str]] = ()
) -> TurnOrder:
    """After a Wait the waiter's slot (with the rest of its group still to act) is just before the
    trigger's slot, for later rounds too (WD-COMBAT-027/028); a Wait for an event (``trigger`` None)
    puts it last, where the round's end finds it if the event never comes."""
    if ident not in order.order or (trigger is not None and (trigger not in order.order or trigger == ident)):
        raise RuleViolation("WD-COMBAT-027", "Wait for someone else who is in the fight.")
    cut = slots(order.order, groups)
    mine = next(slot for slot in cut if ident in slot)
    if trigger in mine:
        raise RuleViolation("WD-COMBAT-027", "Wait for someone outside your own group.")
    moving = mine[mine.index(ident) :]  # group-mates who already acted keep their place
    cut = [[x for x in slot if x not in moving] for slot in cut]
    cut = [slot for slot in cut if slot]
    at = len(cut) if trigger is None else next(i for i, slot in enumerate(cut) if trigger in slot)
    cut.insert(at, moving)
    return _reordered(order, cut)


# -- leverage reputation ------------------------------------------------------------------------


class LeverageOutcome(StrEnum):
    """What the lesser foes do after being pushed back (WD-COMBAT-031)."""

    FIGHTING = "fighting"
    #: pushed back while others still fight
    BACKGROUND = "background"
    ONE_AT_A_TIME = "one_at_a_time"
    FLEE = "flee"


class Sidelined(StrEnum):
    """A lesser foe Leverage Reputation took out of the fighting (WD-COMBAT-030/031): pushed into the
    background (it may come out again) or fled (gone for the fight)."""

    PUSHED = "pushed"
    FLED = "fled"


def leverage_outcome(*, lesser: int, out: int, pushed: int, others: bool = False) -> LeverageOutcome:
    """Half the lesser foes out and the rest pushed back: the rest flee; all pushed back with nobody
    else to fight: they return one at a time (WD-COMBAT-031)."""
    standing = lesser - out
    if standing <= 0 or pushed < standing:
        return LeverageOutcome.FIGHTING
    if out > 0 and 2 * out >= lesser:
        return LeverageOutcome.FLEE
    return LeverageOutcome.BACKGROUND if others else LeverageOutcome.ONE_AT_A_TIME


def rest_removals(*, full: bool, success: bool, guts: int) -> int:
    """Conditions removed or wounds reduced by a rest: one on a Guts success; up to Guts on a full
    rest (WD-COMBAT-032..034). A full rest's Bleeding goes without a roll (the caller's)."""
    if not success:
        return 0
    return max(1, guts) if full else 1
