"""The state of a Weaverdice table and its fold.

Two halves per character: the :class:`~.sheet.Character` (GM-only for a
hidden NPC, WD-NPC-003/004) and the :class:`Combatant` (what play changes:
effort, morale, the wound track, conditions, stat damage). Events carry what
changed of each combatant and of the fight, the pending attack and queued hits,
wound effects, holds, falls and lengthy checks (their changed fields,
:mod:`~.facts`), and the whole new value of the rest (an open call, a chance),
so :func:`fold_payload` is a cheap patch and upsert and never re-runs a rule.
A hidden NPC's combatant travels only in GM-only events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from capeworks.engine.kit import Frozen, TurnOrder
from capeworks.systems.weaverdice.campaign.model import Campaign
from capeworks.systems.weaverdice.checks import CheckRoll, Lengthy
from capeworks.systems.weaverdice.combat import Reaction, Sidelined, Turn
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.effort import Effort
from capeworks.systems.weaverdice.movement import Fall
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.statuses import Condition
from capeworks.systems.weaverdice.vocab import DamageType, Stat, Tier, WoundTier
from capeworks.systems.weaverdice.wfx_outcome import Answers, Need, StatLoss
from capeworks.systems.weaverdice.wounds import Standing, Track

__all__ = [
    "COPIES",
    "FACT_PARTS",
    "PLAIN",
    "Call",
    "Chance",
    "Combatant",
    "Fight",
    "Grapple",
    "PendingAttack",
    "PendingEffect",
    "RestChance",
    "WdState",
    "fold_payload",
    "made",
    "patched",
    "remember",
]


class Combatant(Frozen):
    """What play changes about one character (the sheet stays as written)."""

    id: str
    name: str
    tier: Tier
    #: the seat that plays them; None: the GM
    owner: str | None = None
    #: an NPC whose sheet (and this record) only the GM sees
    hidden: bool = False
    effort: Effort = Field(default_factory=Effort)
    morale: int = 0
    #: the morale the day ended at, recorded as downtime opens (one day cycle with the bonus-slot roll,
    #: src 487-491): the night's sleep reads it whatever downtime and the reset did to morale after
    #: (WD-MORALE-006); None once slept, and in logs before it (sleep reads morale)
    night_morale: int | None = Field(default=None, exclude_if=lambda v: v is None)
    track: Track
    conditions: tuple[Condition, ...] = ()
    temporary_loss: dict[Stat, int] = Field(default_factory=dict)
    lasting_loss: dict[Stat, int] = Field(default_factory=dict)
    #: shocked-away points still to come back, in the order lost (part of temporary_loss, WD-WFX-021)
    drained: tuple[StatLoss, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: learning skills opened with Focus this encounter (WD-SKILL-009)
    opened: tuple[str, ...] = ()
    #: skills whose domain was used this encounter (a training roll after it, WD-SKILL-007)
    practised: tuple[str, ...] = ()
    #: skills used in the last fight, until its one training roll is made
    may_train: tuple[str, ...] = ()
    #: Focused Shots taken this fight (WD-SKILL-012)
    focused_shots: int = 0
    #: Align Sights on this target id (WD-SKILL-011)
    aligned_on: str | None = None
    in_fight: bool = False
    #: pushed into the background by Leverage Reputation, or fled: takes no turns (WD-COMBAT-030/031)
    sidelined: Sidelined | None = Field(default=None, exclude_if=lambda v: v is None)
    #: the initiative slot's score rolled this fight (reinforcements slot in by it, WD-COMBAT-004);
    #: on the combatant, so a hidden NPC's stays the GM's
    initiative: int | None = Field(default=None, exclude_if=lambda v: v is None)
    wounds_made: int = 0
    #: charms defied so far (the first costs more, WD-MORALE-004)
    defiances: int = 0
    #: the people this character carries or lifts, as the GM ruled (WD-EQUIP-007)
    carrying: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)

    @property
    def standing(self) -> Standing:
        return self.track.standing

    @property
    def active(self) -> bool:
        """Able to take turns: up (WD-COMBAT-001/002)."""
        return self.track.standing is Standing.UP


class Fight(Frozen):
    """A combat encounter: the turn order, whose turn it is and what is left of it."""

    order: TurnOrder
    turn: Turn | None = None
    #: NPC groups sharing one initiative slot, members in acting order (WD-NPC-005)
    groups: tuple[tuple[str, ...], ...] = ()
    #: blocked melee attackers who drop one place when this round ends: the drop delays their
    #: next turn, not one they are taking or have taken (WD-COMBAT-021)
    dropped: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: the turns Waits put off, as they were left: each goes on at its waiter's new slot, and is
    #: lost with a wait that lapses (WD-COMBAT-027/028)
    paused: tuple[Turn, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: blocked melee attackers already dropped this round before their turns: a later drop just above
    #: them takes them along rather than undoing theirs (WD-COMBAT-021)
    lowered: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)


class PendingAttack(Frozen):
    """A hit waiting for the target's Dodge or Block decision (WD-COMBAT-019)."""

    attacker: str
    target: str
    total: int
    damage: DamageType
    tier: WoundTier
    melee: bool = True
    conventional: bool = True
    hidden: bool = False
    effect_only: bool = False
    #: a projectile that sticks pins the target (WD-STATUS-013)
    pins: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the melee weapon swung, by name: it stays in the target if the effect sticks it (WD-STATUS-012)
    weapon: str | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a grab (WD-GRAPPLE-001): it cannot be blocked, and a hit starts a grapple, not a wound
    grab: bool = False
    #: the power whose hit this is, when it applies statuses: they land with the hit, not a dodged one
    power: str | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a mental source (a psychic blast): the pain its effect inflicts is mental (src 744, WD-WFX-006)
    mental: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a failed Dodge/Block its defender may still buy up with high morale (WD-MORALE-003)
    reaction: Reaction | None = None
    reaction_roll: CheckRoll | None = None


class Grapple(Frozen):
    """One grappler's hold on a target (WD-GRAPPLE-002..010): its round and banked Hold."""

    holder: str
    target: str
    round: int = 1
    banked: int = 0
    restrained: bool = False
    meatshield: bool = False
    #: the target won this hold's latest round but is still held by another (WD-GRAPPLE-010)
    beaten: bool = False
    #: Stamina dots the target has spent for +1 each on this hold's next round (WD-GRAPPLE-002)
    braced: int = Field(default=0, exclude_if=lambda v: not v)
    #: the target will spend a high morale step on the next round's roll, should it come out below
    #: 2 + k (WD-MORALE-003)
    braced_morale: bool = Field(default=False, exclude_if=lambda v: not v)


class PendingEffect(Frozen):
    """A wound effect waiting for a decision (WD-WFX-005): the wound, its die and the answers so far.

    The target's facts (stats, effort, costume) are read from the state when it
    resolves, so no hidden sheet rides in an event.
    """

    damage: DamageType
    tier: WoundTier
    target: str
    attacker: str | None = None
    wound: str
    face: int | None = None
    answers: Answers = Field(default_factory=Answers)
    #: the key of the decision asked, and the character whose player answers it
    key: str = ""
    chooser: str | None = None
    #: the decision asked (kept so prompts need not resolve the effect again)
    need: Need | None = None
    #: resolved as its tier regardless of coverage: a consuming burn treated as Moderate (WD-WFX-026)
    uncovered: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the hit came from range: an object it leaves is Stuck from ranged (WD-STATUS-012/013)
    ranged: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a projectile that sticks pins the target: line of fire and surroundings allow (WD-STATUS-013)
    pins: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the melee weapon that struck, by name: the object a Stuck effect leaves (WD-STATUS-012)
    weapon: str | None = Field(default=None, exclude_if=lambda v: v is None)
    #: a mental source: the pain the effect inflicts is mental pain (src 744, WD-WFX-006)
    mental: bool = Field(default=False, exclude_if=lambda v: not v)


class RestChance(Frozen):
    """What a failed rest roll would still shed if high morale buys it up (WD-MORALE-003)."""

    full: bool
    remove: tuple[str, ...] = ()
    reduce: bool = False
    #: conditions or wound reductions a success gives
    removals: int = 1
    #: the roll is the rest's Recovery roll: its successes shrug off conditions alone, never easing a
    #: wound (WD-EFFORT-005, src 394)
    shrugs: bool = Field(default=False, exclude_if=lambda v: not v)


class Chance(Frozen):
    """A roll its maker may still buy up with high morale (WD-MORALE-003): a missed attack (its
    details, to land it), a failed stay-up or get-up check, or a sprint's roll that fell short of
    the feet asked. Gone at the next turn."""

    who: str
    kind: str
    roll: CheckRoll
    attack: PendingAttack | None = None
    rest: RestChance | None = None
    #: a sprint's: the feet further the roll bought up would carry (WD-MOVE-005, src 890)
    feet: int = Field(default=0, exclude_if=lambda v: not v)


class Call(Frozen):
    """A check the GM called: who rolls what against which TN (WD-CORE-001, -003)."""

    id: int
    character: str
    stats: tuple[Stat, ...]
    tn: int
    dice: int = 1
    task: str = ""
    hidden: bool = False
    #: a lengthy check: the total its rolls must reach (WD-CORE-006)
    dc: int | None = None
    #: an interruption's check: failing it halts the roller's lengthy tasks (WD-COMBAT-014)
    interrupts: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a superhuman feat: a super stat rolls its score for it instead of passing (WD-DN-002)
    superhuman: bool = Field(default=False, exclude_if=lambda v: not v)
    #: within the super stat's effortless limit: it passes without a roll (WD-DN-002, src 37)
    effortless: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a personal or defensive Social roll: mental and emotional pain touch it (WD-STATUS-004/005)
    personal: bool = Field(default=False, exclude_if=lambda v: not v)
    #: the GM rules the moment hurried or risky: a background gives no die (WD-SKILL-013, src 348)
    hurried: bool = Field(default=False, exclude_if=lambda v: not v)
    #: a Social roll with bystanders of this group: a High-Tier Affiliation of it adds +1 (src 1141)
    group: str = Field(default="", exclude_if=lambda v: not v)


class WdState(Frozen):
    """Sheets, combatants, the fight, pending decisions, open calls and lengthy checks, GM notes."""

    config: WeaverdiceConfig = Field(default_factory=WeaverdiceConfig)
    sheets: dict[str, Character] = Field(default_factory=dict)
    people: dict[str, Combatant] = Field(default_factory=dict)
    fight: Fight | None = None
    attack: PendingAttack | None = None
    #: further hits of one power waiting for their targets' reactions, after ``attack`` (WD-COMBAT-019)
    queued: tuple[PendingAttack, ...] = ()
    effects: tuple[PendingEffect, ...] = ()
    calls: dict[int, Call] = Field(default_factory=dict)
    next_call: int = 1
    lengthy: dict[str, Lengthy] = Field(default_factory=dict)
    #: falls waiting for the faller's choice of how to take them (WD-MOVE-009)
    falls: dict[str, Fall] = Field(default_factory=dict)
    #: consuming burns waiting for the stat point they take: target -> who picks (WD-WFX-026)
    burns: dict[str, str] = Field(default_factory=dict)
    #: pained failures waiting for their price (WD-STATUS-002): character -> turn left to lose
    pain_owed: dict[str, bool] = Field(default_factory=dict)
    #: prices owed for a check the GM called in secret: the GM's and the payer's seat's to know
    pain_veiled: tuple[str, ...] = Field(default=(), exclude_if=lambda v: not v)
    #: rolls that high morale may still buy up, by roller
    chances: dict[str, Chance] = Field(default_factory=dict)
    #: holds in play, by "holder>target"
    grapples: dict[str, Grapple] = Field(default_factory=dict)
    #: a defender who broke free may reverse the hold, by defender: the hold it would take
    #: (WD-GRAPPLE-004 PROPOSED); gone when the next turn starts
    reversals: dict[str, Grapple] = Field(default_factory=dict)
    #: PCs who owe a choice of exhausted pool after a lull (WD-EFFORT-009)
    exhaust_owed: tuple[str, ...] = ()
    #: the last check of each character (a high-morale spend or reroll acts on it)
    last_check: dict[str, CheckRoll] = Field(default_factory=dict)
    last_stats: dict[str, tuple[Stat, ...]] = Field(default_factory=dict)
    #: whose last check belongs to a hidden attack: players never see it (issue 9)
    blind_checks: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    rulings: int = 0
    #: expected actions written down and held, by character, until the GM reveals them
    #: (WD-COMBAT-029); players read only whose are held
    sealed: dict[str, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    #: the campaign layer: ledgers, downtime, projects, recruits, intel (part 2)
    campaign: Campaign = Field(default_factory=Campaign)

    def spent_since_lull(self, ident: str) -> bool:
        """Whether the person has effort spent or lost that no lull has yet settled (WD-EFFORT-009):
        one still owing an exhaust pick may have spent again for a new situation, which owes its own
        (src 411); a pick owed in a table saved before lulls kept the spending apart covers all of it."""
        effort = self.people[ident].effort
        if not effort.used or not self.sheet(ident).tracks_effort:
            return False
        return effort.spent_since_lull(ident in self.exhaust_owed)

    def owes_pick(self, ident: str) -> bool:
        """Whether the person owes an exhaust pick (WD-EFFORT-009): in the open ``exhaust_owed``, or
        for secret spending alone (``Effort.hushed``, src 376)."""
        return ident in self.exhaust_owed or bool(self.people[ident].effort.hushed)

    def sheet(self, ident: str) -> Character:
        """The sheet as play has changed it: stat damage applied (WD-STAT-021)."""
        base = self.sheets[ident]
        person = self.people.get(ident)
        if person is None:
            return base
        # Brawn lost while bleeding (Moderate Cut 5) counts as long as the Bleeding lasts (src 682)
        conditions = person.conditions
        bled = 0
        for x in conditions:  # a loop, not sum() over a generator: a sheet is read several times a command
            if x.brawn_loss and x.target == ident:
                bled += x.brawn_loss
        if not (person.temporary_loss or person.lasting_loss or bled or person.carrying):
            return base
        temporary = person.temporary_loss
        if bled:
            temporary = {**temporary, Stat.BRAWN: temporary.get(Stat.BRAWN, 0) + bled}
        changed: dict[str, object] = {"temporary_loss": temporary, "lasting_loss": person.lasting_loss}
        if person.carrying:
            # a person carried is 2 encumbrance plus their own: "their armor is heavy for you" (src 1021)
            sheets = self.sheets
            changed["carried"] = sum(2 + sheets[x].encumbrance for x in person.carrying if x in sheets)
        return evolve(base, changed)


_UPSERTS = ("exhaust_owed", "pain_owed", "burns", "pain_veiled")
#: upserted fields a payload may give as a list; the state keeps tuples
_TUPLES = frozenset({"exhaust_owed", "pain_veiled"})
#: stored fact -> (the part of the state it changes, how it is recorded, the model of one entry):
#: "one" a patch of one value (or ``gone``), "keyed" the new mapping's keys each with a patch,
#: "sequence" the new sequence each entry a patch laid over the old one ``at`` a place, or new
#: (:mod:`~.facts`; a lengthy check's is keyed by the event's ``lengthy_key``)
FACT_PARTS: dict[str, tuple[str, str, type[BaseModel]]] = {
    "fight_changed": ("fight", "one", Fight),
    "attack_changed": ("attack", "one", PendingAttack),
    "queued_changed": ("queued", "sequence", PendingAttack),
    "effects_changed": ("effects", "sequence", PendingEffect),
    "grapples_changed": ("grapples", "keyed", Grapple),
    "reversals_changed": ("reversals", "keyed", Grapple),
    "falls_changed": ("falls", "keyed", Fall),
    "lengthy_changed": ("lengthy", "one", Lengthy),
}
#: the state objects a rule hands an event whole, which the builder turns into facts (never stored)
COPIES = tuple(part for part, _, _ in FACT_PARTS.values())
#: events whose check a high-morale spend or a reroll may act on next (WD-MORALE-003, WD-CORE-009)
_RECORDS_CHECK = frozenset({"weaverdice.check_rolled", "weaverdice.morale_spent", "weaverdice.rerolled"})


@dataclass(frozen=True, slots=True)
class _Plan:
    """Which parts of the fold one payload class touches, worked out once per class."""

    sheet: bool
    sheet_changed: bool
    people: bool
    upserts: tuple[tuple[str, bool], ...]
    facts: tuple[tuple[str, str, str, type[BaseModel]], ...]
    copies: frozenset[str]
    call: bool
    closed_call: bool
    records_check: bool
    stats: bool
    chances: bool
    noted: bool
    ruled: bool


_PLANS: dict[type[BaseModel], _Plan] = {}
#: the payload classes the ruleset's ``apply`` folds with :func:`fold_payload` alone (filled by it as
#: it meets each class), so the builder may work out their fold itself
PLAIN: dict[type, bool] = {}


def _plan(cls: type[BaseModel]) -> _Plan:
    fields = cls.model_fields
    kind = getattr(cls, "TYPE", "")
    plan = _Plan(
        sheet="sheet" in fields and "sheet_changed" not in fields,
        sheet_changed="sheet_changed" in fields,
        people="changed" in fields,
        upserts=tuple((k, k in _TUPLES) for k in _UPSERTS if k in fields),
        facts=tuple((k, *v) for k, v in FACT_PARTS.items() if k in fields),
        copies=frozenset(k for k in COPIES if k in fields),
        call="call" in fields,
        closed_call="closed_call" in fields,
        records_check=kind in _RECORDS_CHECK,
        stats="stats" in fields,
        chances="chance" in fields or "chance_spent" in fields or "chances_over" in fields,
        noted=kind == "weaverdice.gm_noted",
        ruled=kind == "weaverdice.ruled",
    )
    _PLANS[cls] = plan
    return plan


#: id(patch) -> (the patch, the combatant it was taken against, the combatant it was taken from), for
#: patches made in this process (:func:`~.facts.patches`); cleared when it grows, never needed
_MADE: dict[int, tuple[Any, Combatant | None, Combatant]] = {}


def made(patch: Any, old: Combatant | None, new: Combatant) -> None:
    """Remember that ``patch`` is what ``new`` changed of ``old``: folded over that very ``old``, it
    gives ``new`` back (an equal value), so :func:`patched` hands ``new`` over instead of making it
    again. A patch read from a log is never here, and is laid field by field."""
    if len(_MADE) > 256:
        _MADE.clear()
    _MADE[id(patch)] = (patch, old, new)


def patched(people: dict[str, Combatant], changed: Iterable[Any]) -> dict[str, Combatant]:
    """``people`` with each combatant patch (:class:`~.facts.CombatantPatch`) laid over the one it
    names, or made a new combatant when it names no one yet (a joining patch holds every field)."""
    merged = dict(people)
    for patch in changed:
        old = merged.get(patch.id)
        memo = _MADE.pop(id(patch), None)
        if memo is not None and memo[0] is patch and memo[1] is old:
            merged[patch.id] = memo[2]
            continue
        given = patch.changes()
        merged[patch.id] = Combatant(**given) if old is None else evolve(old, given)
    return merged


#: id(fact) -> (the fact, the value it was taken against, the value it was taken from), for facts made
#: in this process (:func:`~.facts.state_facts`), as :data:`_MADE`
_REMEMBERED: dict[int, tuple[Any, Any, Any]] = {}


def remember(fact: Any, old: Any, new: Any) -> None:
    """Remember that ``fact`` is what ``new`` changed of ``old`` (as :func:`made` for combatants)."""
    if len(_REMEMBERED) > 256:
        _REMEMBERED.clear()
    _REMEMBERED[id(fact)] = (fact, old, new)


def _over(model: type[BaseModel], old: Any, patch: Any) -> Any:
    """One patch laid over ``old`` (a new ``model`` when there is none, validated: every field)."""
    given = patch.changes()
    if old is None:
        return model(**given)
    return evolve(old, given) if given else old


def _laid(how: str, model: type[BaseModel], old: Any, fact: Any) -> Any:
    """The new value of one part of the state: ``fact`` (:mod:`~.facts`) laid over ``old``."""
    memo = _REMEMBERED.pop(id(fact), None)
    if memo is not None and memo[0] is fact and memo[1] is old:
        return memo[2]
    if how == "one":
        return None if fact.gone else _over(model, old, fact)
    if how == "keyed":
        return {k: _over(model, old.get(k), p) for k, p in fact.items()}
    return tuple(_over(model, None if p.at is None else old[p.at], p) for p in fact)


def fold_payload(
    state: WdState, payload: BaseModel, parts: dict[str, Any] | None = None, *, whole: bool = False
) -> WdState:
    """Upsert what a typed payload carries; never re-runs a rule. ``apply`` folds every event's
    payload object with this, as the engine's batch makes it or as a replay reads it.

    Payloads and state hold validated values only, so the new state is an unvalidated copy
    (:func:`~.copies.evolve`); the parts of the fold a payload class touches are worked out once.
    ``parts``: the new value of a part of the state (``people``, the fight, ...) that the builder
    already holds, the value the payload's facts about it fold to (:func:`~.facts.state_facts`), taken
    instead of laying them again. ``whole``: the payload is still as its rule made it, the new
    combatants, sheet and state objects whole rather than facts, and ``parts`` holds every part
    they change (:func:`~.facts.new_parts`), which the fold takes.
    """
    plan = _PLANS.get(type(payload)) or _plan(type(payload))
    values = payload.__dict__  # fields only; a missing attribute on a model is a slow look-up
    update: dict[str, Any] = {}
    if plan.sheet:
        sheet = values["sheet"]
        if isinstance(sheet, Character):
            update["sheets"] = {**state.sheets, sheet.id: sheet}
    if whole:
        assert parts is not None
        update.update(parts)
    elif plan.sheet_changed:
        if values["sheet"] is not None:
            raise TypeError(f"{type(payload).__name__} was folded with a sheet copy, not facts")
        patch = values["sheet_changed"]
        if patch is not None:
            update["sheets"] = {**state.sheets, patch.id: evolve(state.sheets[patch.id], patch.changes())}
    if plan.people and not whole:
        if values["people"]:
            raise TypeError(f"{type(payload).__name__} was folded with combatant copies, not facts")
        changed = values["changed"]
        if changed:
            given = parts.get("people") if parts else None
            update["people"] = given if given is not None else patched(state.people, changed)
    for key, as_tuple in plan.upserts:
        value = values[key]
        if value is not None:  # None: not given (pain_veiled, absent from older events)
            update[key] = tuple(value) if as_tuple else value
    if plan.copies and not whole and plan.copies & payload.__pydantic_fields_set__:
        raise TypeError(
            f"{type(payload).__name__} was folded with whole copies of "
            f"{' and '.join(sorted(plan.copies & payload.__pydantic_fields_set__))}, not facts"
        )
    for stored, part, how, model in () if whole else plan.facts:
        fact = values[stored]
        if fact is None:
            continue
        if parts and part in parts:
            update[part] = parts[part]
        elif part == "lengthy":
            key = values["lengthy_key"]
            old = state.lengthy
            value = _laid(how, model, old.get(key), fact)
            rest = {k: v for k, v in old.items() if k != key}
            update["lengthy"] = rest if value is None else {**rest, key: value}
        else:
            update[part] = _laid(how, model, getattr(state, part), fact)
    if plan.call:
        call = values["call"]
        if isinstance(call, Call):
            update["calls"] = {**state.calls, call.id: call}
            update["next_call"] = max(state.next_call, call.id + 1)
    if plan.closed_call:
        closed = values["closed_call"]
        if closed is not None:
            update["calls"] = {k: v for k, v in update.get("calls", state.calls).items() if k != closed}
    if plan.records_check:
        who = values["character"]
        update["last_check"] = {**state.last_check, who: values["check"]}
        blind = {*state.blind_checks} - {who}
        update["blind_checks"] = tuple(sorted(blind | {who} if values.get("blind") else blind))
        if plan.stats:
            update["last_stats"] = {**state.last_stats, who: tuple(values["stats"])}
        if values.get("cited"):  # the Social roll took the cited negative rep's -1s (WD-REP-009)
            update["campaign"] = state.campaign.penalty_taken(who)
    if plan.chances:
        over, spent, chance = values.get("chances_over"), values.get("chance_spent"), values.get("chance")
        if over or spent or chance is not None:  # most moves and rolls leave the chances as they are
            chances = {} if over else dict(state.chances)
            if spent:
                chances.pop(spent, None)
            if chance is not None:
                chances[chance.who] = chance
            update["chances"] = chances
    if plan.noted:
        update["notes"] = (*state.notes, str(values["text"]))
    if plan.ruled:
        update["rulings"] = state.rulings + 1
    return evolve(state, update) if update else state
