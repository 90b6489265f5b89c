"""The policy interface the rulesets' lab policies conform to."""

from __future__ import annotations

import random

from capeworks.engine.model import LegalCommand, Prompt, PromptOption
from capeworks.lab.policy import Move, Policy, Situation


class _Blocker:
    name = "blocker"

    def act(self, s: Situation) -> Move | None:
        return Move("attack", {"character": s.actor, "target": s.foes[0]}) if s.foes else None

    def answer(self, s: Situation, prompt: Prompt) -> Move:
        block = prompt.option("block")
        return Move.of(block if block is not None else prompt.options[0])


def _situation(foes: tuple[str, ...]) -> Situation:
    return Situation(
        state=None,
        config=None,
        seat="side0",
        actor="ramjet",
        side=0,
        friends=("ramjet",),
        foes=foes,
        rng=random.Random(1),
        legal=lambda: (),
    )


def test_a_policy_class_conforms_and_its_moves_become_commands() -> None:
    p = _Blocker()
    assert isinstance(p, Policy)
    move = p.act(_situation(("steeltoe",)))
    assert move is not None
    command = move.as_command("side0")
    assert (command.type, command.seat, command.payload) == (
        "attack",
        "side0",
        {"character": "ramjet", "target": "steeltoe"},
    )
    assert p.act(_situation(())) is None


def test_move_of_an_option_or_a_legal_command_copies_its_command_and_payload() -> None:
    prompt = Prompt(
        id="react-x",
        seat="side0",
        kind="reaction",
        options=(
            PromptOption(value="dodge", command="react", payload={"character": "x", "reaction": "dodge"}),
            PromptOption(value="block", command="react", payload={"character": "x", "reaction": "block"}),
        ),
    )
    assert _Blocker().answer(_situation(()), prompt) == Move("react", {"character": "x", "reaction": "block"})
    legal = LegalCommand(command="end_turn", fixed={"character": "x"})
    assert Move.of(legal) == Move("end_turn", {"character": "x"})


def test_an_object_without_answer_is_not_a_policy() -> None:
    class Half:
        name = "half"

        def act(self, s: Situation) -> Move | None:
            return None

    assert not isinstance(Half(), Policy)
