"""Models the rules build without validating again are the models validation builds.

The open prompts are made at every version and a check's roll several times a command, so
Weaverdice builds those from its own values without a second validation (``copies.made``). Here
each such model met in seeded duels is compared with the one the model's constructor gives:
equal, the same fields set, the same field order and the same JSON; and values that do not fit
still go through the model and fail as before.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from capeworks.engine import Command, Table
from capeworks.engine.model import Prompt, PromptOption, Role
from capeworks.systems.weaverdice.prompts import _option, _prompt
from capeworks.systems.weaverdice.samples import SAMPLES
from capeworks.systems.weaverdice.state import WdState
from tests.systems.weaverdice.test_seeded_duels import FOE, OWNER, RS, SEATS, _answer


def _validated(model: BaseModel) -> BaseModel:
    return type(model)(**{k: getattr(model, k) for k in model.model_fields_set})


def _same(model: BaseModel) -> None:
    fresh = _validated(model)
    assert model == fresh
    assert model.model_fields_set == fresh.model_fields_set
    assert list(model.__dict__) == list(fresh.__dict__)
    assert model.model_dump_json() == fresh.model_dump_json()
    assert {k: type(v) for k, v in model.__dict__.items()} == {k: type(v) for k, v in fresh.__dict__.items()}


def _prompts_of_duel(seed: int) -> list[Prompt]:
    seen: list[Prompt] = []
    t = Table.new(RS, config={}, seats=SEATS, seed=seed)
    t.execute(Command(type="add_character", seat="ann", payload={"sheet": SAMPLES["ramjet"]}))
    t.execute(Command(type="add_character", seat="gm", payload={"sheet": SAMPLES["steeltoe"]}))
    t.execute(Command(type="start_combat", seat="gm"))
    while True:
        state = t.state
        assert isinstance(state, WdState) and state.fight is not None
        if any(p.track.standing.value != "up" for p in state.people.values()) or state.fight.order.round > 20:
            return seen
        prompts = t.prompts()
        seen.extend(prompts)
        for e in t.log:
            for part in (getattr(e.payload, "check", None),):
                if part is not None:
                    _same(part)
        waiting = [p for p in prompts if p.kind != "turn"]
        if waiting:
            _answer(t, waiting[0])
            continue
        turn = state.fight.turn
        assert turn is not None
        kind, extra = ("attack", {"target": FOE[turn.actor]}) if turn.actions > 0 else ("end_turn", {})
        t.execute(Command(type=kind, seat=OWNER[turn.actor], payload={"character": turn.actor, **extra}))


@pytest.mark.rules("WD-COMBAT-019", "WD-WFX-005", "WD-COMBAT-001")
@pytest.mark.parametrize("seed", [0, 2, 5])
def test_prompts_and_rolls_of_seeded_duels_are_what_validation_makes(seed: int) -> None:
    prompts = _prompts_of_duel(seed)
    assert {p.kind for p in prompts} >= {"reaction", "turn", "effect"}
    for p in prompts:
        _same(p)
        for o in p.options:
            _same(o)


@pytest.mark.rules("WD-COMBAT-019")
def test_values_that_do_not_fit_go_through_the_model() -> None:
    with pytest.raises(ValidationError):
        _prompt(id="", kind="turn", seat="ann")  # too short an id
    with pytest.raises(ValidationError):
        _prompt(id="p", kind="turn")  # neither a seat nor a role
    with pytest.raises(ValidationError):
        _prompt(id="p", kind="turn", seat="ann", role=Role.GM)  # both
    with pytest.raises(ValidationError):
        _option(value="x", command="c", payload={1: "a"})  # a payload key that is not text
    # a value of another type the model accepts is converted by it, as before
    lax: Any = _prompt(id="p", kind="turn", seat="ann", options=[PromptOption(value="a", command="c")])
    assert type(lax.options) is tuple and lax == Prompt(id="p", kind="turn", seat="ann", options=lax.options)
    _same(_prompt(id="p", kind="turn", role=Role.GM, context={"a": [1]}))
