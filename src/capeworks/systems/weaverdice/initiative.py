"""Handlers that put people into a fight's order: starting a fight, and reinforcements joining one.

Implements, on the table, WD-COMBAT-004/005 (initiative with its tie-breaks and
a roll-off), WD-EFFORT-012 (a Focus edge), WD-NPC-005 (bystanders last, as
groups in the GM's order) and NPC groups (one slot a group at its slowest
member's speed + 3, members acting in it one by one), with a hidden NPC's
score and die kept for the GM (WD-NPC-003). The pure parts are
:mod:`~capeworks.systems.weaverdice.combat`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from capeworks.engine import DiceService
from capeworks.engine.kit import TurnOrder
from capeworks.engine.model import RollRecord
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.campaign.mini import close_lift_fight
from capeworks.systems.weaverdice.campaign.reputation import held
from capeworks.systems.weaverdice.campaign.screen import Builder as Screened
from capeworks.systems.weaverdice.combat import (
    TIER_PRECEDENCE,
    Entrant,
    Turn,
    group_slots,
    initiative_order,
    initiative_score,
    slots,
    surprise,
)
from capeworks.systems.weaverdice.config import WeaverdiceConfig
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.fight import half_actions
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, person
from capeworks.systems.weaverdice.state import Combatant, Fight, WdState
from capeworks.systems.weaverdice.vocab import Pool, Status, Tier
from capeworks.systems.weaverdice.wounding import spend
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["join_combat", "start_combat"]

#: what a fight starts afresh; a learning skill opened just before it stays open, as no quiet
#: minutes came between: its encounter goes on into the fight (WD-SKILL-009, src 342, 409, 538)
_FRESH = {
    "in_fight": True,
    "practised": (),
    "focused_shots": 0,
    "aligned_on": None,
}


class _Rolled:
    """Initiative for some people: their lines, the order of their slots, groups, ties left."""

    def __init__(
        self,
        lines: list[ev.InitiativeLine],
        order: tuple[str, ...],
        groups: list[tuple[str, ...]],
        tied: list[list[str]],
        secret: tuple[RollRecord, ...] = (),
    ) -> None:
        self.lines, self.order, self.groups, self.tied = lines, order, groups, tied
        #: the dice only the GM may see: a hidden NPC's, and a roll-off that would tell its score
        self.secret = secret


def _roll_in(
    b: Builder, people: Sequence[Combatant], *, groups_text: Iterable[str], edges_text: Iterable[str]
) -> _Rolled:
    """Roll initiative: speed + d6 for PCs and notables (+1d3 for a Focus edge), speed + 3 for the
    rest, one slot per group, bystanders last in the GM's order, then a roll-off for full ties."""
    state, dice = b.state, b.dice
    people_ids = [p.id for p in people]
    veiled = {p.id for p in people if p.hidden}
    secret: list[RollRecord] = []
    edges = {e.strip() for e in edges_text}
    for ident in edges:
        if ident not in people_ids:
            raise RuleViolation("WD-EFFORT-012", f"{person(state, ident).name} is not in this fight.")
        spend(b, ident, Pool.FOCUS, EffortUse.EDGE)
    groups = _groups(state, groups_text, people_ids)
    member_of = {m: g for g in groups for m in g}
    scores: dict[str, int] = {}
    lines: list[ev.InitiativeLine] = []
    for p in people:
        face = None
        if p.tier in (Tier.PC, Tier.NOTABLE):
            record = dice.roll(1, 6, purpose=f"initiative {p.id}")
            face = record.faces[0]
            if p.id in veiled:
                secret.append(record)
        bonus = 0
        if p.id in edges:
            record = dice.roll(1, 3, purpose=f"edge {p.id}")
            bonus = record.faces[0]
            if p.id in veiled:
                secret.append(record)
        scores[p.id] = initiative_score(state.sheet(p.id), face, edge=bonus, config=b.config)
        lines.append(
            ev.InitiativeLine(character=p.id, name=p.name, score=scores[p.id], face=face, edge=bonus)
        )
    slots = [g[0] for g in groups]
    entrants: list[Entrant] = []
    for p in people:
        group = member_of.get(p.id)
        if group is not None and group[0] != p.id:
            continue  # one slot per group, held by its first member
        entrants.append(
            Entrant(
                id=p.id,
                score=min(scores[m] for m in group) if group is not None else scores[p.id],
                tier=p.tier,
                morale=p.morale,
                reputation=held(state.campaign, p.id),
                gm_order=slots.index(p.id) if p.id in slots else len(slots) + people_ids.index(p.id),
            )
        )
    if groups:  # every member's line shows the slot it acts in
        lead = {m: g[0] for g in groups for m in g}
        slot_score = {e.id: e.score for e in entrants}
        lines = [
            evolve(ln, {"score": slot_score[lead[ln.character]], "group": lead[ln.character]})
            if ln.character in lead
            else ln
            for ln in lines
        ]
    order, tied = initiative_order(entrants)
    if tied:  # a roll-off separates the rest (WD-COMBAT-005 PROPOSED)
        off: dict[str, int] = {}
        for group_ids in tied:
            # a PC's roll-off die is public unless only hidden NPCs tied it (it would tell their score)
            shown = sum(1 for i in group_ids if i not in veiled) >= 2
            for i in group_ids:
                record = dice.roll(1, 6, purpose=f"roll-off {i}")
                off[i] = record.faces[0]
                if i in veiled or not shown:
                    secret.append(record)
        entrants = [evolve(e, {"rolloff": off.get(e.id, 0)}) for e in entrants]
        order, tied = initiative_order(entrants)
        lines = [evolve(ln, {"rolloff": off[ln.character]}) if ln.character in off else ln for ln in lines]
    return _Rolled(lines, group_slots(order, groups), groups, tied, tuple(secret))


def _announce(
    b: Builder, event: ev.CombatStarted | ev.CombatJoined, veiled: set[str], rolled: _Rolled
) -> None:
    """Emit the order; a hidden NPC's line and dice go to the GM alone and the players' copy veils
    them; the PCs' own dice (initiative and roll-off) stay on the players' copy (issue 19, item 8)."""
    if not veiled:
        b.emit(event)
        return
    made = b.dice.records
    public_rolls = [r for r in made if not any(r is s for s in rolled.secret)]
    secret = tuple(ln for ln in event.entrants if ln.character in veiled)
    b.emit(ev.InitiativeWithheld(entrants=secret), hidden=True, keep=public_rolls)
    hide = {r.purpose.split(" ", 1)[1] for r in rolled.secret if r.purpose.startswith("roll-off ")}
    public = tuple(
        evolve(ln, {"score": None, "face": None, "edge": 0, "rolloff": None})
        if ln.character in veiled
        else evolve(ln, {"rolloff": None})
        if ln.character in hide
        else ln
        for ln in event.entrants
    )
    b.emit(evolve(event, {"entrants": public}))


def start_combat(state: WdState, context: Ctx, c: cmd.StartCombat, dice: DiceService) -> Done:
    """Everyone named rolls initiative: speed + d6 for PCs and notables, speed + 3 for the rest."""
    if state.fight is not None:
        raise RuleViolation("WD-COMBAT-001", "A fight is already on.")
    ids = c.characters or [k for k, p in state.people.items() if p.track.standing is Standing.UP]
    people = [person(state, i) for i in ids]
    if not people:
        raise RuleViolation("WD-COMBAT-001", "A fight needs someone to fight.")
    b = Screened(state, context, dice)  # a morale lift's ledger goes out without the GM's secret cards
    for p in people:  # a new fight: the last one a lift counted is over for good (WD-DN-017)
        close_lift_fight(b, p.id)
    edges = _tactics_edges(b, people, c)
    caught, why = _surprised(state, people, c.side, config=context.config, edges=edges)
    rolled = _roll_in(b, people, groups_text=c.groups, edges_text=c.edges)
    # the surprised take no turn in round 1: it opens with the first of the others
    at = next((i for i, x in enumerate(rolled.order) if x not in caught), 0)
    first = rolled.order[at]
    fight = Fight(
        order=TurnOrder(order=rolled.order, index=at),
        turn=Turn.start(first, half=False, config=context.config),
        groups=tuple(rolled.groups),
    )
    scores = {ln.character: ln.score for ln in rolled.lines}
    fresh = tuple(_fresh(b.person(p.id), scores[p.id]) for p in people)
    started = ev.CombatStarted(
        entrants=tuple(rolled.lines), fight=fight, tied=tuple(tuple(g) for g in rolled.tied), people=fresh
    )
    _announce(b, started, {p.id for p in people if p.hidden}, rolled)
    _catch(b, [p.id for p in people if p.id in caught], why)
    first_c = b.person(first)
    fight = evolve(fight, {"turn": Turn.start(first, half=half_actions(first_c), config=context.config)})
    b.emit(ev.TurnStarted(character=first, name=first_c.name, round=1, fight=fight))
    return b.batch


def _tactics_edges(b: Builder, people: Sequence[Combatant], c: cmd.StartCombat) -> dict[str, int]:
    """Focus spent for +1d3 Tactics, to buy the edge in setting up (WD-EFFORT-012, src 547): what
    each adds toward the surprise. Only where a surprise is in question (a side named)."""
    out: dict[str, int] = {}
    ids = {p.id for p in people}
    for raw in c.tactics_edges:
        me = person(b.state, raw.strip())
        if me.id not in ids:
            raise RuleViolation("WD-EFFORT-012", f"{me.name} is not in this fight.")
        if not c.side:
            raise RuleViolation("WD-EFFORT-012", "A Tactics edge buys surprise: name a side.")
        if me.id in out:
            raise RuleViolation("WD-EFFORT-012", f"{me.name} buys one Tactics edge.")
        spend(b, me.id, Pool.FOCUS, EffortUse.EDGE)
        out[me.id] = b.dice.roll(1, 3, purpose=f"tactics edge {me.id}").faces[0]
        if me.hidden:  # its die would tell the players its Tactics: it goes to the GM alone
            b.emit(ev.TacticsEdgeWithheld(character=me.id, name=me.name, edge=out[me.id]), hidden=True)
    return out


def _surprised(
    state: WdState,
    people: Sequence[Combatant],
    side: Sequence[str],
    *,
    config: WeaverdiceConfig,
    edges: dict[str, int] | None = None,
) -> tuple[frozenset[str], str]:
    """Who a surprise round catches, and the Tactics that decided it (WD-COMBAT-003 PROPOSED, src
    541-543): ``side`` against everyone else in the fight but bystanders, each side's best Tactics
    (WD-STAT-006); the side ahead by the surprise margin acts alone in round 1. Nobody when no side
    is named or neither is far enough ahead; a side naming someone outside the fight is refused."""
    if not side:
        return frozenset(), ""
    ours = {person(state, i).id for i in side}
    if not ours <= {p.id for p in people}:
        raise RuleViolation("WD-COMBAT-003", "Name a side from those in the fight.")
    theirs = {p.id for p in people if p.id not in ours and p.tier is not Tier.BYSTANDER}
    if not theirs:
        raise RuleViolation("WD-COMBAT-003", "A surprise needs someone on the other side.")
    edge = edges or {}
    a, b = (max(state.sheet(i).tactics + edge.get(i, 0) for i in ids) for ids in (ours, theirs))
    ahead = surprise(a, b, config=config)
    caught = theirs if ahead == "a" else ours if ahead == "b" else set()
    # a hidden NPC's numbers are the GM's (WD-NPC-003): then the words say only that Tactics decided
    secret = any(p.hidden for p in people if p.id in ours | theirs)
    return frozenset(caught), "Tactics" if secret else f"Tactics {max(a, b)} against {min(a, b)}"


def _catch(b: Builder, caught: Iterable[str], why: str) -> None:
    """Each one the surprise round catches is Surprised until round 1 ends."""
    for ident in caught:
        c = b.person(ident)
        b.emit(
            ev.StatusesApplied(
                character=ident,
                name=c.name,
                source=f"A surprise round ({why})",
                statuses=(Status.SURPRISED.value,),
                people=(evolve(c, {"conditions": st.add(c.conditions, st.surprised(ident))}),),
            ),
            hidden=c.hidden,
        )


def join_combat(state: WdState, context: Ctx, c: cmd.JoinCombat, dice: DiceService) -> Done:
    """Reinforcements join a fight under way: they roll initiative among themselves and act after
    everyone already in it (before the bystanders), from their place in this round on."""
    fight = state.fight
    if fight is None:
        raise RuleViolation("WD-COMBAT-001", "No fight is on: start one with them in it.")
    people = [person(state, i) for i in c.characters]
    if not people:
        raise RuleViolation("WD-COMBAT-001", "Name who joins the fight.")
    for p in people:
        if p.id in fight.order.order:
            raise RuleViolation("WD-COMBAT-001", f"{p.name} is already in this fight.")
    b = Builder(state, context, dice)
    rolled = _roll_in(b, people, groups_text=c.groups, edges_text=c.edges)
    fight = b.fight or fight
    tier = {p.id: p.tier for p in state.people.values()}
    old = fight.order.order
    late = [i for i in old if tier.get(i) is Tier.BYSTANDER]
    new_late = [i for i in rolled.order if tier[i] is Tier.BYSTANDER]
    scores = {ln.character: ln.score for ln in rolled.lines}
    order = (
        *_slotted(state, [i for i in old if i not in late], fight.groups, rolled, scores),
        *late,
        *new_late,
    )
    current = fight.order.current
    index = order.index(current) if current in order else 0
    fight = evolve(
        fight,
        {
            "order": evolve(fight.order, {"order": order, "index": index}),
            "groups": (*fight.groups, *rolled.groups),
        },
    )
    fresh = tuple(_fresh(b.person(p.id), scores[p.id]) for p in people)
    joined = ev.CombatJoined(entrants=tuple(rolled.lines), fight=fight, people=fresh)
    _announce(b, joined, {p.id for p in people if p.hidden}, rolled)
    return b.batch


def _fresh(p: Combatant, initiative: int | None) -> Combatant:
    """A combatant as a fight finds it; one Leverage pushed back in an earlier fight is back in this
    one (WD-COMBAT-031), the field written only then so older fights' records stay as they were."""
    back = {"sidelined": None} if p.sidelined is not None else {}
    return evolve(p, {**_FRESH, "initiative": initiative, **back})


def _slotted(
    state: WdState,
    old: list[str],
    old_groups: Iterable[Iterable[str]],
    rolled: _Rolled,
    scores: dict[str, int | None],
) -> list[str]:
    """Reinforcements' slots placed among those already fighting by their rolled scores: each goes
    before the first slot it beats on score, then tier, morale and reputation (WD-COMBAT-004/005);
    a tie, or a fighter with no score kept (a fight begun before scores were), keeps the old one
    first. A slot placed before the current turn acts from the next round."""

    def key(ident: str, score: int | None) -> tuple[int, int, int, int]:
        p = state.people[ident]
        rep = held(state.campaign, ident)
        return (score if score is not None else 10**6, TIER_PRECEDENCE[p.tier], p.morale, rep)

    cut = slots(old, old_groups)
    fresh = [s for s in slots(rolled.order, rolled.groups) if state.people[s[0]].tier is not Tier.BYSTANDER]
    for slot in fresh:
        mine = key(slot[0], scores.get(slot[0]))
        at = next(
            (k for k, other in enumerate(cut) if key(other[0], state.people[other[0]].initiative) < mine),
            len(cut),
        )
        cut.insert(at, list(slot))
    return [x for slot in cut for x in slot]


def _groups(state: WdState, written: Iterable[str], fighting: list[str]) -> list[tuple[str, ...]]:
    """NPC groups as the GM wrote them (``swat1+swat2``), checked: generics or bystanders of one
    tier, each among those rolling and in one group. Bystanders not named in a group act alone,
    after the named groups (WD-NPC-005 PROPOSED: the GM orders the groups)."""
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for text in written:
        members = tuple(dict.fromkeys(m.strip() for m in text.split("+") if m.strip()))
        if not members:
            continue
        tiers = set()
        for ident in members:
            who = person(state, ident)
            if ident not in fighting:
                raise RuleViolation("WD-NPC-005", f"{who.name} is not in this fight.")
            if ident in seen:
                raise RuleViolation("WD-NPC-005", f"{who.name} is named in two groups.")
            if who.tier not in (Tier.GENERIC, Tier.BYSTANDER):
                raise RuleViolation(
                    "WD-NPC-005", f"Only generics and bystanders act as groups; {who.name} acts alone."
                )
            seen.add(ident)
            tiers.add(who.tier)
        if len(tiers) > 1:
            raise RuleViolation("WD-NPC-005", "A group is all generics or all bystanders, not a mix.")
        groups.append(members)
    return groups
