"""How the lab plays a ruleset: a policy picks each command and answers each prompt.

The contract lives in the engine so a ruleset builds its policies and arena from it
without importing the lab (``capeworks.lab.policy`` re-exports it under its old name).

The lab plays the table's own rules (``Table`` with no store and no text), and
asks a *policy* every time a decision is due. A policy never changes state: it
returns a :class:`Move` (a command name and its payload, exactly what a seat
would type), and the lab issues it through the table, so the ruleset checks it
as it checks a person's. A refused move is a bug in the policy, and the lab
reports it with the refusal's sentence.

A ruleset ships its policies beside its rules, in ``capeworks.systems.<name>.policy``
(or any module an entry point in the ``capeworks.lab.policies`` group names),
exporting ``POLICIES: Mapping[str, Policy]``, the first one being the default::

    class Brawler:
        name = "brawler"

        def act(self, s: Situation) -> Move | None:
            foe = next(iter(s.foes), None)
            return Move("attack", {"character": s.actor, "target": foe}) if foe else None

        def answer(self, s: Situation, prompt: Prompt) -> Move:
            block = prompt.option("block")
            return Move.of(block) if block is not None else Move.of(prompt.options[0])

    POLICIES = {"brawler": Brawler()}

The contract:

- :meth:`Policy.act` is called when it is ``s.actor``'s move (the ruleset's turn
  says so). It returns the next command for that character; ``None`` means
  "nothing more this turn", and the lab then issues the ruleset's end-of-turn
  command (see :class:`Arena`). It is called again after each move, so a turn of
  several actions is several calls.
- :meth:`Policy.answer` is called for each open prompt addressed to a seat the
  policy plays (``s.actor`` is the character the prompt is about, when the
  prompt's options name one in ``character``, else the side's first). It
  returns one of ``prompt.options`` (``Move.of(option)``) or, for a free answer,
  the prompt's ``free.command`` with its field filled in.
- A policy is deterministic given the :class:`Situation`. When it wants chance
  (a mixed strategy) it draws from ``s.rng``, which the lab seeds per duel, so the
  same seed replays the same fight whatever runner or worker count.
- Policies read ``s.state`` (the full folded state: the lab sits where the GM
  sits) and ``s.config``; they must not mutate them. ``s.legal()`` lists the
  table's legal commands for the seat (worked out on demand: it costs).

An :class:`Arena` is the other half a ruleset provides for fights: how to seat
sides, open the fight, whose move it is, and how it ended. The lab's own loop
(:mod:`capeworks.lab.play`) is the same for every ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from capeworks.engine.model import Command, LegalCommand, Prompt, PromptOption

__all__ = ["Arena", "Move", "Outcome", "Policy", "SheetsById", "Side", "Situation", "Tally"]


@dataclass(frozen=True, slots=True)
class Move:
    """One command a policy wants issued: the ruleset's command name and its payload."""

    command: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, choice: PromptOption | LegalCommand) -> Move:
        """The move that a prompt option or a legal command stands for."""
        if isinstance(choice, PromptOption):
            return cls(choice.command, dict(choice.payload))
        return cls(choice.command, dict(choice.fixed))

    def as_command(self, seat: str) -> Command:
        """The engine command for ``seat``."""
        return Command(type=self.command, seat=seat, payload=dict(self.payload))


@dataclass(frozen=True, slots=True)
class Situation:
    """What a policy sees when asked: the state, whom it plays, who the foes are."""

    state: Any
    config: Any
    seat: str
    actor: str
    side: int
    friends: tuple[str, ...]
    foes: tuple[str, ...]
    rng: random.Random
    legal: Callable[[], Sequence[LegalCommand]]
    #: the actor's play options from its side file (``play:``), e.g. which attack it makes
    play: Mapping[str, Any] = field(default_factory=dict)


@runtime_checkable
class Policy(Protocol):
    """Chooses a side's moves and answers its prompts (see the module docstring). A policy may also
    have ``targets: str``: whom it attacks among several foes, which the lab prints under a fight of
    three or more sides (where that choice shapes who wins)."""

    name: str

    def act(self, s: Situation) -> Move | None:
        """The next command for ``s.actor`` on its turn, or ``None`` to end the turn."""
        ...

    def answer(self, s: Situation, prompt: Prompt) -> Move:
        """The answer to ``prompt`` (one of its options, or its free command filled in)."""
        ...


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a fight: its name and its characters (each a sheet the ruleset accepts)."""

    name: str
    sheets: tuple[Mapping[str, Any], ...]
    #: each character's play options (``play:`` in a side file), in the order of ``sheets``
    play: tuple[Mapping[str, Any], ...] = ()

    def options(self, index: int) -> Mapping[str, Any]:
        """The play options of the ``index``-th character (empty when none were given)."""
        return self.play[index] if index < len(self.play) else {}


@dataclass(frozen=True, slots=True)
class Tally:
    """One character's end of a fight: the numbers the lab aggregates (all counts, lower is gentler)."""

    side: int
    standing: str
    out: bool
    dead: bool
    numbers: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a fight ended: the winning side (``None`` for a draw or time out) and each character's tally."""

    winner: int | None
    rounds: int
    timed_out: bool
    tallies: Mapping[str, Tally]


class SheetsById:
    """The :class:`Arena` half for sheets that carry their table id in an ``id`` field, as every
    built-in ruleset's do: the id is the character's at the table, and a second copy of one sheet
    (two thugs on a side) gets the numbered id the lab gives it and the number after its name."""

    def ident(self, sheet: Mapping[str, Any]) -> str:
        return str(sheet["id"])

    def rename(self, sheet: Mapping[str, Any], ident: str) -> Mapping[str, Any]:
        number = ident[len(str(sheet["id"])) :]
        return {**sheet, "id": ident, "name": f"{sheet.get('name', ident)} {number}".strip()}


class Arena(Protocol):
    """A ruleset's fight set-up and reading, for the lab's one play loop.

    Seats: the lab seats a GM (``gm``) and a player seat per side (``side0``, ``side1``, ...).
    Side ``i`` plays from ``side{i}`` unless the arena also has the optional method
    ``seat(index, sides) -> str`` naming another (Weaverdice plays side 1 of two from the GM seat,
    its rules' foes; see docs/lab.md), so a player seat may go unused. An arena may also have
    ``glossary: Mapping[str, str]``: what each of its tallies' ``numbers`` counts, in the words a
    designer reads under the lab's figures, and ``lines: Mapping[str, str]``: what the lab's own
    lines ("all out", "a death") mean in its rules, and ``harm: str``: the tally that stands for a
    side's harm in sweeps and plots (default ``wounds``), and ``for_fight() -> Arena``: an arena
    for one fight, which keeps what that fight needs and its table does not (RWYN's turns); the lab
    asks for one as each fight starts and plays the fight on it (without it, the arena itself, which
    keeps nothing between calls); such an arena also gives ``memo_key() -> Hashable``: what it keeps,
    as a value (the exact chain, :mod:`capeworks.lab.exact`, plays each branch on its own copy,
    ``copy.deepcopy``, and merges two states only when their tables' states and these agree; it
    refuses an arena that keeps a memory without one). :meth:`open` adds each
    side's characters owned by the seat that plays it and starts the fight. :meth:`turn` names
    whose move it is; :meth:`end_turn` is the command that passes (or ``None`` where the table keeps
    no turns and the arena keeps them itself: the turn passes with no command); :meth:`outcome` is
    ``None`` while the fight goes on.
    """

    ruleset: str
    #: sample sheets a side file may name (``sample: thug``), by name
    samples: Mapping[str, Mapping[str, Any]]

    def ident(self, sheet: Mapping[str, Any]) -> str:
        """The character id a sheet gets at the table (how the lab names it in results)."""
        ...

    def rename(self, sheet: Mapping[str, Any], ident: str) -> Mapping[str, Any]:
        """The sheet as a second copy called ``ident`` (two thugs on one side)."""
        ...

    def open(self, sides: Sequence[Side], config: Mapping[str, Any]) -> list[Command]:
        """The commands that add every side's characters and start the fight, in order."""
        ...

    def turn(self, state: Any) -> str | None:
        """The character whose move it is (``None`` when nobody's: prompts first, or over)."""
        ...

    def end_turn(self, state: Any, actor: str) -> Move | None:
        """The move that ends ``actor``'s turn; ``None``: the arena passed the turn itself (its own
        record of turns, where the rules keep none), so no command is issued."""
        ...

    def outcome(self, state: Any, *, max_rounds: int) -> Outcome | None:
        """How the fight ended, or ``None`` while it goes on (a draw after ``max_rounds``)."""
        ...
