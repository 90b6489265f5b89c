"""Weaverdice in the lab: its fight arena and the policies that play it, all through its own commands.

The arena adds each side's sheets (the GM adds them) and starts combat, then
reads the folded state: whose turn, who stands, and at the end each
character's wounds, morale and effort spent. The rules know two camps, the
players' and the GM's (the foes of a Delayed target, WD-STATUS-010): in a
two-sided fight side 0 sits at a player seat and side 1 is the GM's own
characters (no owner), so each is the other's foe; with more sides, every
side sits at its own player seat and none is a foe of another in the rules.
The policies only choose among commands the table offers; the rules, odds
included, are the ruleset's (:func:`~capeworks.systems.weaverdice.odds.p_reach`
for "is a Dodge worth the Focus").

A character's ``play:`` options in a side file choose its attack::

    play: {attack: {stat: dexterity, damage: pierce, tier: moderate, melee: false, skills: [Aim]}}

Without them it attacks with the better of Brawn and Dexterity, Bash, lesser,
melee, using every known skill linked to that stat. A player's attack deals
what its weapon deals (bare hands: Bash, lesser; WD-COMBAT-024), so at a
player seat a ``damage`` or ``tier`` beyond that, with no ``weapon`` named,
arms the character with a held item that deals it (:data:`PLAYED_WEAPON`),
which its attacks then name; once it is knocked away, bare hands strike. The
GM's own characters attack with the options as given (the GM disposes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from capeworks.engine.model import Command, Prompt
from capeworks.lab.play import GM, seat_of_side
from capeworks.lab.policy import Move, Outcome, SheetsById, Side, Situation, Tally
from capeworks.systems.weaverdice.declared import BARE_HANDS
from capeworks.systems.weaverdice.morale import spend_value
from capeworks.systems.weaverdice.odds import p_reach
from capeworks.systems.weaverdice.samples import SAMPLES
from capeworks.systems.weaverdice.skills import AIM_TREE
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import DamageType, Pool, Stat, TierWord
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["ARENA", "PLAYED_WEAPON", "POLICIES", "NoReactions", "Sensible", "WeaverdiceArena"]

#: the held item a character's ``play.attack`` damage and tier make (see the module docstring)
PLAYED_WEAPON = "played weapon"


class WeaverdiceArena(SheetsById):
    """Seats sides, starts the fight, and reads it (see the module docstring)."""

    ruleset = "weaverdice"
    samples: Mapping[str, Mapping[str, Any]] = SAMPLES
    #: what each tallied number counts (the lab sums it over a side's characters, per fight)
    glossary: Mapping[str, str] = {
        "wounds": "wounds held at the end",
        "morale_change": "morale steps at the end, against the day-start baseline",
        "focus_spent": "Focus dots spent (Dodge, Block and other reactions)",
        "recovery_spent": "Recovery dots spent (negating an attack's effect)",
        "stamina_spent": "Stamina dots spent",
    }

    def seat(self, index: int, sides: int) -> str:
        """Side 1 of two is the GM's; any other side plays from its own player seat."""
        return GM if sides == 2 and index == 1 else seat_of_side(index)

    def open(self, sides: Sequence[Side], config: Mapping[str, Any]) -> list[Command]:
        out: list[Command] = []
        for i, side in enumerate(sides):
            seat = self.seat(i, len(sides))
            owner = None if seat == GM else seat
            out.extend(
                Command(
                    type="add_character",
                    seat=GM,
                    payload={
                        # the GM's own deal what the GM rules; a player's, what they hold
                        "sheet": dict(sheet) if owner is None else _armed(sheet, side.options(k)),
                        "owner": owner,
                    },
                )
                for k, sheet in enumerate(side.sheets)
            )
        out.append(Command(type="start_combat", seat=GM))
        return out

    def turn(self, state: Any) -> str | None:
        assert isinstance(state, WdState)
        f = state.fight
        if f is None or f.turn is None or state.attack is not None or state.effects:
            return None
        return f.turn.actor

    def end_turn(self, state: Any, actor: str) -> Move:
        return Move("end_turn", {"character": actor})

    def outcome(self, state: Any, *, max_rounds: int) -> Outcome | None:
        assert isinstance(state, WdState)
        up = {_side(p.owner) for p in state.people.values() if p.track.standing is Standing.UP}
        rounds = state.fight.order.round if state.fight is not None else 0
        timed_out = rounds > max_rounds
        if len(up) > 1 and not timed_out:
            return None
        if timed_out:
            rounds = max_rounds
        winner = next(iter(up)) if len(up) == 1 and not timed_out else None
        tallies = {}
        for p in state.people.values():
            sheet = state.sheet(p.id)
            spent = {pool.value: p.effort.spent.get(pool, 0) for pool in Pool}
            tallies[p.id] = Tally(
                side=_side(p.owner),
                standing=p.track.standing.value,
                out=p.track.standing is not Standing.UP,
                dead=p.track.standing is Standing.DEAD,
                numbers={
                    "wounds": len(p.track.wounds),
                    "morale_change": p.morale - sheet.morale_baseline,
                    **{f"{k}_spent": v for k, v in spent.items()},
                },
            )
        return Outcome(winner=winner, rounds=rounds, timed_out=timed_out, tallies=tallies)


def _side(owner: str | None) -> int:
    """The side a character plays for: its seat's, or side 1 for the GM's own (see :meth:`seat`)."""
    return 1 if owner is None else int(owner[4:])


def _armed(sheet: Mapping[str, Any], play: Mapping[str, Any]) -> dict[str, Any]:
    """``sheet`` holding the :data:`PLAYED_WEAPON` its ``play.attack`` damage and tier make, when they
    are not bare hands' and no weapon is named (a player's attack deals its weapon's, WD-COMBAT-024)."""
    chosen = play.get("attack", {})
    damage = DamageType(chosen.get("damage", BARE_HANDS[0]))
    tier = TypeAdapter(TierWord).validate_python(chosen.get("tier", BARE_HANDS[1]))
    if "weapon" in chosen or (damage, tier) == BARE_HANDS:
        return dict(sheet)
    item = {
        "name": PLAYED_WEAPON,
        "damage": damage.value,
        "tier": tier.value,
        "attack_stat": chosen.get("stat", Stat.BRAWN.value),
        "ranged": not chosen.get("melee", True),
    }
    return {**sheet, "held": [*sheet.get("held", ()), item]}


def _attack(s: Situation, target: str) -> Move:
    """The actor's attack on ``target``: its ``play.attack`` options, else its best of Brawn and Dexterity."""
    state: WdState = s.state
    sheet = state.sheet(s.actor)
    chosen = dict(s.play.get("attack", {}))
    stat = Stat(chosen.get("stat", max((Stat.BRAWN, Stat.DEXTERITY), key=sheet.stat).value))
    if "skills" not in chosen:
        opened = {n.lower() for n in state.people[s.actor].opened}
        # the Aim tree serves long-range shots only (WD-SKILL-010): a melee swing leaves it out
        melee = chosen.get("melee", True)
        chosen["skills"] = [
            k.name
            for k in sheet.skills
            if stat in k.stats
            and (not k.learning or k.name.lower() in opened)
            and not (melee and k.tree == AIM_TREE)
        ]
    if s.seat != GM and "weapon" not in chosen and _armed({}, s.play).get("held"):
        if any(h.name == PLAYED_WEAPON for h in sheet.held):
            chosen["weapon"] = PLAYED_WEAPON
        else:  # the played weapon was knocked away (Disarmed): bare hands strike (WD-COMBAT-024)
            chosen.pop("damage", None)
            chosen.pop("tier", None)
    return Move("attack", {**chosen, "character": s.actor, "target": target, "stat": stat.value})


def _target(s: Situation) -> str | None:
    """The foe to hit: one still up, the most hurt first (then the first listed)."""
    state: WdState = s.state
    up = [f for f in s.foes if f in state.people and state.people[f].track.standing is Standing.UP]
    if not up:
        return None
    return max(up, key=lambda f: (len(state.people[f].track.wounds), -s.foes.index(f)))


class Sensible:
    """Attacks the most hurt foe with every action; Dodges or Blocks a hit (1 Focus) when the better of
    the two holds at least ``react_at`` of the time; spends high morale when that makes a miss a hit
    or a reaction hold; takes defaults for wound-effect choices."""

    name = "sensible"
    #: whom it attacks among several foes, said under a fight of three or more sides
    targets = (
        "the most hurt foe still up, the first listed on a tie: with three or more sides every later "
        "side opens on side 0 (the first of its foes), so side 0 faces them all at once while its own "
        "attacks go to side 1, and no one attacks the last side until another falls"
    )

    def __init__(self, react_at: float = 0.25) -> None:
        self.react_at = react_at

    def act(self, s: Situation) -> Move | None:
        state: WdState = s.state
        me = state.people[s.actor]
        chance = state.chances.get(s.actor)
        if (
            chance is not None
            and chance.kind == "attack"
            and me.morale > 0
            and chance.attack is not None
            and spend_value(me.morale) >= chance.roll.tn
        ):
            return Move("spend_morale", {"character": s.actor})
        f = state.fight
        if f is None or f.turn is None or f.turn.actions <= 0:
            return None
        target = _target(s)
        return _attack(s, target) if target is not None else None

    def answer(self, s: Situation, prompt: Prompt) -> Move:
        if prompt.kind == "reaction":
            return self._react(s, prompt)
        if prompt.kind == "reaction_morale":
            spend = prompt.option("spend_morale")
            if spend is not None:
                return Move.of(spend)
        return _default(prompt)

    def _react(self, s: Situation, prompt: Prompt) -> Move:
        state: WdState = s.state
        who = prompt.options[0].payload["character"]
        total = prompt.context.get("attack_total")
        if total is None:  # a hidden attack: react as if it just met the defense
            total = state.sheet(who).defense(state.config)
        sheet, me = state.sheet(who), state.people[who]
        best, p_best = "take", 0.0
        for value, stat in (("dodge", Stat.ATHLETICS), ("block", Stat.BRAWN)):
            if prompt.option(value) is None:
                continue
            p = float(p_reach(1, sheet.modifier(stat), int(total), me.morale))
            if p > p_best:
                best, p_best = value, p
        chosen = prompt.option(best) if p_best >= self.react_at else prompt.option("take")
        return Move.of(chosen) if chosen is not None else _default(prompt)


class NoReactions(Sensible):
    """As :class:`Sensible`, but takes every hit (never spends Focus on a Dodge or Block)."""

    name = "no_reactions"

    def __init__(self) -> None:
        super().__init__(react_at=2.0)


def _default(prompt: Prompt) -> Move:
    """The prompt's default option, else its first; a free answer takes its first suggestions."""
    if prompt.options:
        chosen = prompt.option(prompt.default) if prompt.default else None
        return Move.of(chosen or prompt.options[0])
    free = prompt.free
    assert free is not None
    picks = list(free.suggestions[: max(1, prompt.min_choices)])
    return Move(
        free.command, {**free.payload, free.field: picks if free.many else (picks[0] if picks else "")}
    )


ARENA = WeaverdiceArena()
POLICIES = {"sensible": Sensible(), "no_reactions": NoReactions()}
