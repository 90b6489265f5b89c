"""A tiny ruleset for testing the engine: a shared counter moved by d6 rolls.

Commands: ``add`` (roll Nd6, add the total), ``note`` (GM-only secret text),
``ask`` (open a prompt for a seat) and ``answer`` (close it).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import Audience, Context, DiceService, Event, Prompt, PromptOption, Ruleset, Viewer
from capeworks.engine.model import Command, Seat
from capeworks.engine.ruleset import SampleSession, SampleStep
from capeworks.errors import NotFound, RuleViolation


class ToyConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    sides: int = Field(default=6, ge=2, le=20)
    cap: int = Field(default=100, ge=1)


class ToyState(BaseModel):
    model_config = ConfigDict(frozen=True)
    total: int = 0
    notes: tuple[str, ...] = ()
    pending: tuple[Prompt, ...] = ()
    answers: tuple[str, ...] = ()


class Add(BaseModel):
    dice: int = Field(ge=1, le=10)


class Note(BaseModel):
    text: str


class Ask(BaseModel):
    seat: str


class Answer(BaseModel):
    prompt: str
    choice: str


class Toy(Ruleset[ToyState, ToyConfig]):
    name = "toy"
    title = "Toy counter"
    config_model = ToyConfig
    state_model = ToyState
    commands: ClassVar[dict[str, type[BaseModel]]] = {"add": Add, "note": Note, "ask": Ask, "answer": Answer}

    def initial_state(self, config: ToyConfig) -> ToyState:
        return ToyState()

    def decide(self, state: ToyState, context: Context, command: BaseModel, dice: DiceService) -> list[Event]:
        if isinstance(command, Add):
            roll = dice.roll(command.dice, 6, purpose="add")
            if state.total + sum(roll.faces) > 100:
                raise RuleViolation("TOY-001", "The counter cannot pass 100.")
            return [Event(type="added", data={"amount": sum(roll.faces)}, rolls=(roll,))]
        if isinstance(command, Note):
            context.require_gm("write secret notes")
            return [Event(type="noted", data={"text": command.text}, audience=Audience.gm_only())]
        if isinstance(command, Ask):
            return [
                Event(
                    type="asked",
                    data={"id": f"p{len(state.answers) + len(state.pending)}", "seat": command.seat},
                )
            ]
        assert isinstance(command, Answer)
        if not any(p.id == command.prompt for p in state.pending):
            raise NotFound(f"No open question {command.prompt!r}.")
        return [Event(type="answered", data={"id": command.prompt, "choice": command.choice})]

    def apply(self, state: ToyState, event: Event) -> ToyState:
        if event.type == "added":
            return state.model_copy(update={"total": state.total + event.data["amount"]})
        if event.type == "noted":
            return state.model_copy(update={"notes": (*state.notes, event.data["text"])})
        if event.type == "asked":
            prompt = Prompt(
                id=event.data["id"],
                seat=event.data["seat"],
                kind="yes_no",
                options=(PromptOption(value="yes"), PromptOption(value="no")),
                default="no",
            )
            return state.model_copy(update={"pending": (*state.pending, prompt)})
        if event.type == "answered":
            return state.model_copy(
                update={
                    "pending": tuple(p for p in state.pending if p.id != event.data["id"]),
                    "answers": (*state.answers, event.data["choice"]),
                }
            )
        return state

    def view(self, state: ToyState, viewer: Viewer) -> dict[str, Any]:
        data = state.model_dump(mode="json")
        if not viewer.is_gm:
            data["notes"] = []
        return data

    def prompts(self, state: ToyState) -> list[Prompt]:
        return list(state.pending)

    def sample_session(self) -> SampleSession:
        return SampleSession(
            config={},
            seats=(Seat(id="gm", name="Game master", role="gm"), Seat(id="ann", name="Ann")),
            steps=(
                SampleStep(Command(type="add", seat="ann", payload={"dice": 2}), dice=(3, 4)),
                SampleStep(Command(type="note", seat="gm", payload={"text": "the butler did it"})),
                SampleStep(Command(type="add", seat="ann", payload={"dice": 3})),
                SampleStep(Command(type="ask", seat="gm", payload={"seat": "ann"})),
            ),
            refused=(
                SampleStep(Command(type="note", seat="ann", payload={"text": "x"})),
                SampleStep(Command(type="add", seat="ann", payload={"dice": 0})),
                SampleStep(Command(type="add", seat="ann", payload={"dice": 2}), dice=(7, 1)),
                SampleStep(Command(type="nope", seat="ann")),
                SampleStep(Command(type="add", seat="zed", payload={"dice": 1})),
            ),
            secret_marker="the butler did it",
            secret_hidden_from="ann",
        )
