"""Roll When You Need in the lab: a conflict arena and policies, played through the table's commands.

Conforms to the lab's contract (:mod:`capeworks.engine.policy`: ``ARENA`` and ``POLICIES``, the
first policy the default), built from the contract's own ``Move``, ``Tally`` and ``Outcome``, so
the rules package never imports the lab.

How a fight is played (the seed gives no conflict procedure; these are the arena's readings):

* "Players roll all the dice. An enemy's moves have difficulties instead." (src 17). Every side's
  characters are players' characters (seat ``side<i>``), and every attack is the GM's
  ``enemy_move`` against a foe: the attacker's rating in its attack ability is the move's
  difficulty, and the target rolls its best defence against it (``defend``). A failed defence
  takes the move's harm (the table's ``default_harm``, 1) and each disaster success one more
  (RWYN-GEN-003 PROPOSED), on the physical track (Endurance) or, for a social attack, the mental
  one (Poise) (src 19). So the attacker never rolls: its talents that ride on its own roll
  (strike-and-move) never fire.
* Attacks: Brawling, Melee or Guns (the ruleset's "striking" abilities), the attacker's best, on the
  physical track; a side file's ``play: {attack: Charm, track: mental, harm: 2}`` picks another.
  Defences: against Brawling or Melee the best of Athletics, Gymnastics, Brawling and Melee; against
  Guns or any other physical attack Athletics or Gymnastics; against a social attack Poise or Insight.
  A rating of 0 still makes a move of difficulty 1 (difficulties run from 1, src 7).
* Turn order: the seed has none. Each round every character still in the conflict makes one
  move, highest Awareness first (Spirit of the Century, which the seed borrows from (src 41),
  orders conflicts by Alertness), ties in side order, then as listed. The table keeps no turns
  (they are not the rules' work), so each fight's arena (``for_fight()``) keeps them itself, as a
  GM would on scrap paper: each turn's end, who and in which round, with no command at the table.
  A turn ends once its one move is made (or its policy makes none).
* A fight ends when one side alone has anyone still in the conflict (nobody taken out,
  src 21); consequences and stress are what the fight left (nothing heals mid-scene).

Policies (the choices the seed leaves to a player):

* ``sensible``: attacks the most hurt foe with its best attack; before the disaster dice, sacrifices
  the successes that minimise the stress it expects (one kept success avoids the harm; each
  sacrificed success removes a disaster die, RWYN-SAC); on an overflow takes the minor, moderate
  and major consequences, and is taken out by choice rather than take a fourth (src 21: the fourth
  is out for good, "usually death").
* ``concede``: the same, but chooses to be taken out at its first overflow (no consequence taken).
* ``last_stand``: never chooses to be taken out: takes the fourth consequence too.

A side file's ``play: {concede_at: moderate}`` sets the rung a character concedes at instead of
taking it (``minor``, ``moderate``, ``major``, ``fourth``, or ``never``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from capeworks.engine.model import Command, Prompt
from capeworks.engine.policy import Move, Outcome, SheetsById, Situation, Tally
from capeworks.errors import InvalidCommand
from capeworks.systems.rwyn.characters import SAMPLE_CHARACTERS
from capeworks.systems.rwyn.checks import ATTACK_ABILITIES, Check
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.kept import Kept
from capeworks.systems.rwyn.pool import disaster_pool, succeeded
from capeworks.systems.rwyn.sheet import Ability, Character, Consequence, Standing, Track
from capeworks.systems.rwyn.state import RwynState
from capeworks.systems.rwyn.stress import track_size

__all__ = [
    "ARENA",
    "PLAY_OPTIONS",
    "POLICIES",
    "Concede",
    "LastStand",
    "Move",
    "Outcome",
    "RwynArena",
    "Sensible",
    "Tally",
    "check_play",
    "defence_for",
]

GM = "gm"

#: the rungs a policy may concede at, in the order they come (the fourth takes the character out for good)
RUNGS: tuple[str, ...] = (*(c.value for c in Consequence), "fourth", "never")

_ATTACKS: tuple[str, ...] = tuple(a.value for a in Ability if a in ATTACK_ABILITIES)
_DODGE = (Ability.ATHLETICS.value, Ability.GYMNASTICS.value)
_PARRY = (*_DODGE, Ability.BRAWLING.value, Ability.MELEE.value)
_MIND = (Ability.POISE.value, Ability.INSIGHT.value)
_AWARENESS = Ability.AWARENESS.value

#: a turn's end: who, in which round, and how many moves the conflict had seen by then
_TurnEnd = tuple[str, int, int]


def _side(owner: str) -> int:
    return int(owner[4:]) if owner.startswith("side") and owner[4:].isdigit() else -1


def _in(c: Character) -> bool:
    return c.standing is Standing.IN


def _order(state: RwynState) -> list[str]:
    """Turn order: highest Awareness first, then side, then as listed (see the module docstring)."""
    ranked = sorted(
        (-c.rating(_AWARENESS), _side(c.owner), i, c.id) for i, c in enumerate(state.characters.values())
    )
    return [r[3] for r in ranked]


def _moves(state: RwynState) -> int:
    """Enemy moves declared so far: each takes one number of the table's one call/check counter."""
    return state.next_id - 1


@dataclass(frozen=True, slots=True)
class _Reading:
    """What the arena reads from one state: the round now, whose turn it is (``None``: nobody still in),
    the moves made when the last turn ended, and the sides with anyone still in the conflict."""

    round: int
    actor: str | None
    moved: int
    up: frozenset[int]


#: each state's reading, worked out once per turn ended: the lab asks its outcome, its turn and its
#: policy's act
_READINGS: Kept[_Reading] = Kept(size=64)


def _reading(state: RwynState, last: _TurnEnd | None) -> _Reading:
    return _READINGS.get((state, last), _read, state, last)


def _read(state: RwynState, last: _TurnEnd | None) -> _Reading:
    """The next character still in after the last turn ended, in its round; a new round when the
    order wraps. Each turn's end carries its round, so only the newest is read."""
    people = state.characters
    up = frozenset(_side(c.owner) for c in people.values() if _in(c))
    order = _order(state)
    who, rnd, moved = last or ("", 1, 0)
    place = order.index(who) if who in order else -1
    after = next((cid for cid in order[place + 1 :] if _in(people[cid])), None)
    if after is not None:
        return _Reading(rnd, after, moved, up)
    first = next((cid for cid in order if _in(people[cid])), None)
    return _Reading(rnd if first is None else rnd + 1, first, moved, up)


def defence_for(attack: str, track: Track) -> tuple[str, ...]:
    """The abilities a target may defend with against ``attack`` on ``track`` (the best one is rolled)."""
    if track is Track.MENTAL:
        return _MIND
    if attack in (Ability.BRAWLING.value, Ability.MELEE.value):
        return _PARRY
    return _DODGE


def _best(who: Character, abilities: Sequence[str]) -> str:
    return max(abilities, key=lambda a: (who.rating(a), -abilities.index(a)))


def _hurt(c: Character, config: RwynConfig) -> tuple[int, float]:
    """How near the end a foe is: consequences taken, then stress against its tracks' boxes."""
    boxes = sum(track_size(c, t, config) for t in Track)
    return len(c.consequences), sum(c.stress.values()) / max(1, boxes)


def _attack(me: Character, play: Mapping[str, Any], config: RwynConfig) -> tuple[str, Track]:
    """The attack ``me`` makes: its side file's (checked when the sides are seated), else its best
    striking ability, physical."""
    track = Track(str(play.get("track", Track.PHYSICAL.value)))
    named = config.resolve_ability(str(play["attack"])) if "attack" in play else None
    return (named, track) if named else (_best(me, _ATTACKS), track)


#: what a side file's ``play:`` may say for an RWYN character
PLAY_OPTIONS = ("attack", "track", "harm", "concede_at")


def check_play(play: Mapping[str, Any], config: RwynConfig, where: str) -> None:
    """Refuse, in one sentence naming the option, ``play:`` options the policies cannot play."""
    unknown = sorted(set(play) - set(PLAY_OPTIONS))
    if unknown:
        raise InvalidCommand(f"{where}.{unknown[0]}: RWYN plays {', '.join(PLAY_OPTIONS)}.")
    if "attack" in play and config.resolve_ability(str(play["attack"])) is None:
        raise InvalidCommand(f"{where}.attack: there is no ability called {play['attack']!r} at this table.")
    if str(play.get("track", Track.PHYSICAL.value)) not in {t.value for t in Track}:
        raise InvalidCommand(f"{where}.track: physical or mental, not {play['track']!r}.")
    harm = play.get("harm", 0)
    if not isinstance(harm, int) or isinstance(harm, bool) or not 0 <= harm <= 20:
        raise InvalidCommand(f"{where}.harm: a whole number of stress from 0 to 20, not {harm!r}.")
    if str(play.get("concede_at", "fourth")) not in RUNGS:
        raise InvalidCommand(f"{where}.concede_at: one of {', '.join(RUNGS)}, not {play['concede_at']!r}.")


def _free(prompt: Prompt, count: int, fallback: str) -> Move:
    """A free answer: ``count`` distinct picks (the prompt's suggestions first), or one text."""
    free = prompt.free
    assert free is not None
    words = list(free.suggestions) or [fallback]
    if not free.many:
        return Move(free.command, {**free.payload, free.field: words[0]})
    picks = [words[i] if i < len(words) else f"{words[i % len(words)]} ({i + 1})" for i in range(count)]
    return Move(free.command, {**free.payload, free.field: picks})


def _expected_stress(check: Check, sacrificed: int, config: RwynConfig) -> float:
    """Stress a defence expects after sacrificing ``sacrificed`` successes: the harm if it then fails,
    plus each disaster die left's chance of a success (RWYN-GEN-003 PROPOSED, RWYN-SAC)."""
    num, den = config.p_success
    left = disaster_pool(check.plan, sacrificed, config)
    fails = not succeeded(check.successes - sacrificed, check.plan.difficulty, config)
    return (check.harm if fails else 0) + left.auto + left.dice * num / den


class Sensible:
    """See the module docstring."""

    name = "sensible"
    #: the first rung this policy will not take (it is taken out by choice instead)
    concede_at = "fourth"

    def act(self, s: Situation) -> Move | None:
        state: RwynState = s.state
        me = state.characters[s.actor]
        foes = [state.characters[f] for f in s.foes if f in state.characters and _in(state.characters[f])]
        if not foes:
            return None
        config = state.config
        attack, track = _attack(me, s.play, config)
        defences = defence_for(attack, track)
        target = max(foes, key=lambda f: (_hurt(f, config), -f.rating(_best(f, defences))))
        payload: dict[str, Any] = {
            "character": target.id,
            "ability": _best(target, defences),
            "difficulty": max(1, min(me.rating(attack), config.impossible_max)),
            "track": track.value,
            "move": f"{me.name}: {attack}",
        }
        if "harm" in s.play:
            payload["harm"] = int(s.play["harm"])
        return Move("enemy_move", payload)

    def answer(self, s: Situation, prompt: Prompt) -> Move:
        state: RwynState = s.state
        if prompt.kind == "sacrifice":
            check = state.checks[int(prompt.context["check"])]
            best = min(
                prompt.options,
                key=lambda o: (_expected_stress(check, int(o.payload["count"]), state.config), int(o.value)),
            )
            return Move.of(best)
        if prompt.kind == "consequence":
            return self._consequence(s, prompt)
        if prompt.kind == "reroll":
            return Move.of(prompt.option("yes") or prompt.options[0])
        if prompt.options:
            return Move.of(prompt.options[0])
        return _free(prompt, prompt.min_choices, "as the GM tells it")

    def _consequence(self, s: Situation, prompt: Prompt) -> Move:
        rung = str(prompt.context.get("severity", "fourth"))
        limit = str(s.play.get("concede_at", self.concede_at))
        concede = RUNGS.index(rung) >= RUNGS.index(limit)
        chosen = prompt.option("taken_out" if concede else "consequence")
        return Move.of(chosen or prompt.options[0])


class Concede(Sensible):
    """As :class:`Sensible`, but taken out by choice at the first overflow."""

    name = "concede"
    concede_at = "minor"


class LastStand(Sensible):
    """As :class:`Sensible`, but never taken out by choice: takes a fourth consequence too."""

    name = "last_stand"
    concede_at = "never"


def _sheet(key: str) -> dict[str, Any]:
    """A shipped sample as the sheet ``add_character`` takes (so a side file may change any of it)."""
    c = SAMPLE_CHARACTERS[key]
    return {
        "id": key,
        "name": c.name,
        "abilities": dict(c.abilities),
        "qualities": list(c.qualities),
        "talents": list(c.talents),
    }


class RwynArena(SheetsById):
    """Seats the sides (the GM adds each sheet, owned by its side's seat), declares every side's
    moves from the GM seat, and reads whose turn it is and how the conflict ended."""

    ruleset = "rwyn"
    samples: Mapping[str, Mapping[str, Any]] = {key: _sheet(key) for key in SAMPLE_CHARACTERS}
    #: what each tallied number counts (the lab sums it over a side's characters, per fight)
    glossary: Mapping[str, str] = {
        "consequences": "consequences taken (minor, moderate, major; none heal within the fight)",
        "physical_stress": "physical stress held at the end (a consequence clears a full track)",
        "mental_stress": "mental stress held at the end",
        "conceded": "characters taken out by choice rather than take a consequence",
    }
    #: the tally a sweep compares and a plot shows as each side's harm
    harm = "consequences"
    #: what the lab's own lines mean in this ruleset
    lines: Mapping[str, str] = {
        "all out": "every character of the side taken out of the conflict (by choice or by a fourth "
        "consequence) at the end",
        "a death": "at least one character of the side took a fourth consequence: out for good, "
        "usually death or abject social disaster (src 21)",
    }

    def seat(self, index: int, sides: int) -> str:
        """Every side's moves are enemy moves, the GM's (src 17); its characters' rolls are its seat's."""
        return GM

    def open(self, sides: Sequence[Any], config: Mapping[str, Any]) -> list[Command]:
        rules = RwynConfig.model_validate(dict(config))
        for i, side in enumerate(sides):
            for k in range(len(side.sheets)):
                check_play(side.options(k), rules, f"sides.{i}.characters.{k}.play")
        return [
            Command(type="add_character", seat=GM, payload={**dict(sheet), "owner": f"side{i}"})
            for i, side in enumerate(sides)
            for sheet in side.sheets
        ]

    def __init__(self, *, one_fight: bool = False) -> None:
        #: whether this arena plays one fight (the shared ``ARENA`` plays none: it keeps nothing)
        self._one_fight = one_fight
        #: the last turn ended in this fight (each carries its round, so only the newest is read)
        self._last: _TurnEnd | None = None

    def for_fight(self) -> RwynArena:
        """An arena for one fight, with its own record of turns (the table keeps none)."""
        return RwynArena(one_fight=True)

    def memo_key(self) -> _TurnEnd | None:
        """What this fight's arena keeps beside the table, as a value: the last turn ended. Two moments
        of a fight with one table state and one last turn play on alike (the exact chain merges them)."""
        return self._kept()

    def _kept(self) -> _TurnEnd | None:
        if not self._one_fight:
            raise InvalidCommand(
                "The RWYN arena keeps a fight's turns itself: play a fight on the arena for_fight() gives."
            )
        return self._last

    def turn(self, state: Any) -> str | None:
        """Whose move it is; a turn whose one move is made ends here (each character makes one)."""
        assert isinstance(state, RwynState)
        if state.calls:
            return None
        reading = _reading(state, self._kept())
        if reading.actor is not None and _moves(state) > reading.moved:
            self.end_turn(state, reading.actor)
            reading = _reading(state, self._kept())
        return reading.actor

    def end_turn(self, state: Any, actor: str) -> None:
        """The turn passes in this fight's record of turns, with no command at the table."""
        assert isinstance(state, RwynState)
        self._last = (actor, _reading(state, self._kept()).round, _moves(state))

    def outcome(self, state: Any, *, max_rounds: int) -> Outcome | None:
        assert isinstance(state, RwynState)
        reading = _reading(state, self._kept())
        up, rnd = reading.up, reading.round
        timed_out = len(up) > 1 and rnd > max_rounds
        if len(up) > 1 and not timed_out:
            return None
        tallies = {
            c.id: Tally(
                side=_side(c.owner),
                standing=c.standing.value,
                out=not _in(c),
                dead=c.standing is Standing.OUT_FOR_GOOD,
                numbers={
                    "consequences": len(c.consequences),
                    "physical_stress": c.stress.get(Track.PHYSICAL, 0),
                    "mental_stress": c.stress.get(Track.MENTAL, 0),
                    "conceded": int(c.standing is Standing.OUT_BY_CHOICE),
                },
            )
            for c in state.characters.values()
        }
        winner = next(iter(up)) if len(up) == 1 else None
        return Outcome(winner=winner, rounds=min(rnd, max_rounds), timed_out=timed_out, tallies=tallies)


ARENA = RwynArena()
POLICIES: dict[str, Sensible] = {"sensible": Sensible(), "concede": Concede(), "last_stand": LastStand()}
