"""Sessions to fan a table out over: every registered ruleset's sample, a Capes page, a Weaverdice fight,
and a long Roll When You Need evening (a GM and nine players, many checks and calls left open).

The long evening is played by a seeded policy that reads only the table's prompts (never its legal
commands, which the tests and ``bench/bench_fanout.py`` check and time), so the same steps come out
whatever the engine's legal-command code does.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from capeworks.engine import Command, Prompt, Seat, Table, get_ruleset
from capeworks.engine.model import Role
from capeworks.engine.ruleset import SampleStep
from capeworks.errors import CapeworksError

__all__ = ["Session", "StepRefused", "rwyn_evening", "sessions"]

#: an RWYN sample sheet and an ability it has a rating in
_SHEETS = (("ada", "Science"), ("rook", "Brawling"))


@dataclass(frozen=True, slots=True)
class Session:
    """A table to make and the steps to run on it, every one of which the table must take: a step
    refused fails the session loudly (a script gone stale with a rule fix would otherwise write a
    shorter golden log and nobody would notice)."""

    name: str
    ruleset: str
    seats: tuple[Seat, ...]
    steps: tuple[SampleStep, ...]
    config: dict[str, object]
    seed: int = 1

    def new(self) -> Table:
        """The table before the first step."""
        return Table.new(self.ruleset, config=self.config, seats=self.seats, seed=self.seed)

    def played(self) -> Table:
        """The table after every step."""
        table = self.new()
        for _ in self.play(table):
            pass
        return table

    def play(self, table: Table) -> Iterator[Table]:
        """Run every step on ``table``, yielding it after each one; a refused step raises
        :class:`StepRefused`, naming the step and why."""
        for n, step in enumerate(self.steps):
            try:
                table.execute(step.command, dice=step.dice)
            except CapeworksError as e:
                what = f"step {n} ({step.command.seat} {step.command.type})"
                raise StepRefused(f"{self.name}: {what} was refused: {e.message}") from e
            yield table


class StepRefused(AssertionError):
    """A session's step the table refused: its script no longer plays under today's rules."""


def _sample(name: str) -> Session:
    session = get_ruleset(name).sample_session()
    assert session is not None
    return Session(f"{name} sample", name, session.seats, session.steps, dict(session.config))


def _capes_page() -> Session:
    from capeworks.systems.capes.samples import SEATS, full_page_steps

    return Session("capes page", "capes", SEATS, tuple(full_page_steps()), {}, seed=3)


def _weaverdice_fight() -> Session:
    from capeworks.systems.weaverdice.samples import SAMPLES
    from tests.systems.weaverdice.helpers import SEATS
    from tests.systems.weaverdice.test_scripted_fight import SCRIPT

    def c(seat: str, type_: str, payload: dict[str, object]) -> Command:
        return Command(type=type_, seat=seat, payload=payload)

    steps = [
        SampleStep(c("ann", "add_character", {"sheet": SAMPLES["ramjet"]})),
        SampleStep(c("bob", "add_character", {"sheet": SAMPLES["stave"]})),
        SampleStep(
            c("gm", "add_character", {"sheet": {**SAMPLES["thug"], "id": "thug1", "name": "Thug one"}})
        ),
        SampleStep(
            c("gm", "add_character", {"sheet": {**SAMPLES["thug"], "id": "thug2", "name": "Thug two"}})
        ),
        SampleStep(c("gm", "add_character", {"sheet": SAMPLES["prt_officer"]})),
    ]
    steps += [SampleStep(c(seat, t, p), dice=tuple(d) or None) for seat, t, p, d in SCRIPT]
    return Session("weaverdice fight", "weaverdice", SEATS, tuple(steps), {})


def rwyn_evening(*, players: int = 9, events: int = 270, seed: int = 7) -> Session:
    """A long RWYN evening: each player's character asks and rolls, the GM calls, sets and answers.

    The policy (seeded) picks one seat at a time: a player asks for a check, rolls a check waiting
    for them or answers their own prompt; the GM sets a difficulty, calls a check or an enemy move,
    answers a result, deals stress, or rules on an undo; now and then someone undoes. About a
    third of what is asked is left waiting, so open calls and checks pile up.
    """
    seats = (
        Seat(id="gm", name="Game master", role=Role.GM),
        *(Seat(id=f"p{i}", name=f"Player {i}") for i in range(1, players + 1)),
    )
    rng = random.Random(seed)
    steps: list[SampleStep] = []
    table = Table.new("rwyn", seats=seats, seed=seed)

    def run(command: Command) -> None:
        try:
            table.execute(command)
        except CapeworksError:
            return
        steps.append(SampleStep(command))

    ability: dict[str, str] = {}
    for i in range(1, players + 1):
        sample, rated = _SHEETS[i % 2]
        ability[f"c{i}"] = rated
        run(
            Command(
                type="add_character", seat="gm", payload={"id": f"c{i}", "sample": sample, "owner": f"p{i}"}
            )
        )
    while table.version < events:
        seat = rng.choice(seats)
        if seat.is_gm:
            _gm_turn(table, rng, ability, run)
        else:
            _player_turn(table, rng, seat, ability, run)
    return Session("rwyn evening", "rwyn", seats, tuple(steps), {}, seed=seed)


#: how the seeded GM rules on an undo request, lapsed or not: a lapsed one no longer offers "allow"
#: (issue 19), and the GM asking for it anyway is refused and skipped, as a stale allow was when the
#: golden evening was recorded, so that evening stays byte for byte the one the golden log holds
_UNDO_RULINGS = ("allow", "refuse")


def _answer(prompt: Prompt, seat: str, rng: random.Random) -> Command:
    """An answer to ``prompt``: one of its options, else its free answer from the suggestions."""
    if prompt.kind == "undo_request":
        ruling = rng.choice(_UNDO_RULINGS)
        return Command(type="answer", seat=seat, payload={"prompt": prompt.id, "option": ruling})
    if prompt.options:
        option = rng.choice(prompt.options)
        return Command(type="answer", seat=seat, payload={"prompt": prompt.id, "option": option.value})
    free = prompt.free
    assert free is not None
    words = list(free.suggestions) or ["as it happens"]
    if free.many:
        picks = words[: max(1, prompt.min_choices)]
        return Command(type="answer", seat=seat, payload={"prompt": prompt.id, "option": picks})
    return Command(type="answer", seat=seat, payload={"prompt": prompt.id, "value": words[0]})


def _player_turn(
    table: Table, rng: random.Random, seat: Seat, ability: dict[str, str], run: Callable[[Command], None]
) -> None:
    character = f"c{seat.id[1:]}"
    own = table.prompts(table.viewer_for(seat.id))
    asked = [p for p in table.prompts() if p.kind == "difficulty" and p.context.get("character") == character]
    roll = rng.random()
    if own and roll < 0.6:
        run(_answer(rng.choice(own), seat.id, rng))
    elif roll < 0.9:
        if len(asked) < 2:
            payload = {"character": character, "ability": ability[character], "task": f"try {table.version}"}
            run(Command(type="ask_check", seat=seat.id, payload=payload))
    elif roll < 0.95:
        run(
            Command(type="buy", seat=seat.id, payload={"character": character, "cost": 1, "item": "a coffee"})
        )
    else:
        run(Command(type="undo", seat=seat.id))


def _gm_turn(
    table: Table, rng: random.Random, ability: dict[str, str], run: Callable[[Command], None]
) -> None:
    gm = [p for p in table.prompts() if p.role is Role.GM]
    roll = rng.random()
    if gm and roll < 0.7:
        run(_answer(rng.choice(gm), "gm", rng))
        return
    character = f"c{rng.randint(1, len(ability))}"
    if roll < 0.75:
        payload: dict[str, object] = {
            "character": character,
            "ability": ability[character],
            "difficulty": rng.randint(1, 5),
            "task": f"hold on {table.version}",
        }
        run(Command(type="call_check", seat="gm", payload=payload))
    elif roll < 0.85:
        payload = {
            "character": character,
            "ability": ability[character],
            "difficulty": rng.randint(1, 4),
            "harm": rng.randint(0, 2),
            "move": "a thrown crate",
        }
        run(Command(type="enemy_move", seat="gm", payload=payload))
    elif roll < 0.93:
        run(
            Command(
                type="stress", seat="gm", payload={"character": character, "track": "mental", "amount": 1}
            )
        )
    else:
        run(Command(type="undo", seat="gm"))


def sessions() -> dict[str, Callable[[], Session]]:
    """Every session by name, built on demand (the evening takes a moment to play)."""
    from capeworks.engine.registry import names

    out: dict[str, Callable[[], Session]] = {
        f"{name} sample": functools.partial(_sample, name) for name in sorted(names())
    }
    out["capes page"] = _capes_page
    out["weaverdice fight"] = _weaverdice_fight
    out["rwyn evening"] = rwyn_evening
    return out
