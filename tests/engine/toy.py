"""A tiny ruleset for testing the engine: a shared counter moved by d6 rolls.

Commands: ``add`` (roll Nd6, add the total; any seat), ``note`` (GM-only
secret text), ``ask`` (the GM opens a yes/no prompt for a seat), ``reply``
(answers it; the prompt carries it) and ``rename`` (the owner of a token names it).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from capeworks.engine import (
    Audience,
    Authority,
    Batch,
    CommandSpec,
    Context,
    Controller,
    Description,
    DiceService,
    Event,
    EventData,
    FreeAnswer,
    Prompt,
    PromptOption,
    Ruleset,
    Viewer,
    declare_events,
)
from capeworks.engine.kit import Frozen, lookup
from capeworks.engine.model import Command, Seat
from capeworks.engine.ruleset import SampleSession, SampleStep
from capeworks.errors import NotFound, RuleViolation


class ToyConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    sides: int = Field(default=6, ge=2, le=20)
    cap: int = Field(default=100, ge=1)


class ToyState(Frozen):
    total: int = 0
    notes: tuple[str, ...] = ()
    pending: tuple[tuple[str, str], ...] = ()  # (prompt id, seat)
    answers: tuple[str, ...] = ()
    tokens: dict[str, str] = Field(default_factory=dict)  # token -> owner seat ("" for the GM)


class Add(Frozen):
    """Roll some d6 and add them to the counter."""

    dice: int = Field(ge=1, le=10)


class Note(Frozen):
    """Write a secret note (GM)."""

    text: str


class Ask(Frozen):
    """Ask a seat yes or no."""

    seat: str


class Reply(Frozen):
    """Answer a question."""

    prompt: str
    choice: str


class Rename(Frozen):
    """Rename a token you own."""

    character: str
    name: str


class ToyEvent(EventData, ruleset="toy"):
    """Every toy event: its type is ``toy.<snake_case class name>``."""


class Added(ToyEvent):
    amount: int


class Noted(ToyEvent):
    text: str


class Asked(ToyEvent):
    id: str
    seat: str


class Answered(ToyEvent):
    id: str
    choice: str


class Renamed(ToyEvent):
    character: str
    name: str


def _add(state: ToyState, context: Context[ToyConfig], c: Add, dice: DiceService) -> Batch[ToyState]:
    roll = dice.roll(c.dice, 6, purpose="add")
    if state.total + sum(roll.faces) > context.config.cap:
        raise RuleViolation("TOY-001", f"The counter cannot pass {context.config.cap}.")
    batch = context.batch(state)
    batch.emit(Added(amount=sum(roll.faces)), rolls=(roll,))
    return batch


def _note(state: ToyState, context: Context, c: Note, dice: DiceService) -> list[Event]:
    return [Event.of(Noted(text=c.text), audience=Audience.gm_only())]


def _ask(state: ToyState, context: Context, c: Ask, dice: DiceService) -> list[Event]:
    return [Event.of(Asked(id=f"p{len(state.answers) + len(state.pending)}", seat=c.seat))]


def _reply(state: ToyState, context: Context, c: Reply, dice: DiceService) -> list[Event]:
    if not any(p == c.prompt and s == context.actor.id for p, s in state.pending):
        raise NotFound(f"No open question {c.prompt!r} for you.")
    return [Event.of(Answered(id=c.prompt, choice=c.choice))]


def _rename(state: ToyState, context: Context, c: Rename, dice: DiceService) -> list[Event]:
    return [Event.of(Renamed(character=c.character, name=c.name))]


def _text(text: str) -> Any:
    return lambda payload, event, viewer: Description(text=text.format(**payload.model_dump()))


class Toy(Ruleset[ToyState, ToyConfig]):
    name = "toy"
    title = "Toy counter"
    config_model = ToyConfig
    state_model = ToyState
    commands: ClassVar[dict[str, CommandSpec]] = {
        "add": CommandSpec(Add, _add),
        "note": CommandSpec(Note, _note, who=Authority.GM, doing="write secret notes"),
        "ask": CommandSpec(Ask, _ask, who=Authority.GM, doing="ask questions"),
        "reply": CommandSpec(Reply, _reply, prompt_only=True),
        "rename": CommandSpec(Rename, _rename, who=Authority.OWNER),
    }
    events = declare_events(Added, Noted, Asked, Answered, Renamed)
    command_words: ClassVar[dict[str, str]] = {
        "add": "add to the counter",
        "note": "write a secret note",
        "ask": "ask a seat a question",
        "reply": "reply to a question",
        "rename": "rename your token",
    }
    words: ClassVar[dict[str, Any]] = {
        "toy.added": _text("The counter goes up by {amount}."),
        "toy.noted": _text("A note: {text}"),
        "toy.asked": _text("{seat} is asked a question."),
        "toy.answered": _text("Answered {choice}."),
        "toy.renamed": _text("A token is renamed {name}."),
    }

    def initial_state(self, config: ToyConfig) -> ToyState:
        return ToyState(tokens={"blue": "ann", "red": ""})

    def apply(self, state: ToyState, event: Event) -> ToyState:
        p = event.payload
        if isinstance(p, Added):
            return state.model_copy(update={"total": state.total + p.amount})
        if isinstance(p, Noted):
            return state.model_copy(update={"notes": (*state.notes, p.text)})
        if isinstance(p, Asked):
            return state.model_copy(update={"pending": (*state.pending, (p.id, p.seat))})
        if isinstance(p, Answered):
            return state.model_copy(
                update={
                    "pending": tuple(q for q in state.pending if q[0] != p.id),
                    "answers": (*state.answers, p.choice),
                }
            )
        return state

    def controller(self, state: ToyState, entity: str) -> Controller:
        owner = lookup(state.tokens, entity, "token")
        return Controller(seat=owner or None, name=f"the {entity} token")

    def view(self, state: ToyState, viewer: Viewer) -> dict[str, Any]:
        data = state.model_dump(mode="json")
        if not viewer.is_gm:
            data["notes"] = []
        return data

    def prompts(self, state: ToyState) -> list[Prompt]:
        return [
            Prompt(
                id=pid,
                seat=seat,
                kind="yes_no",
                question="Yes or no?",
                options=tuple(
                    PromptOption(value=v, command="reply", payload={"prompt": pid, "choice": v})
                    for v in ("yes", "no")
                ),
                free=FreeAnswer(command="reply", field="choice", payload={"prompt": pid}),
                default="no",
            )
            for pid, seat in state.pending
        ]

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
                SampleStep(Command(type="note", seat="ann", payload={"text": "x"}), rule="not_permitted"),
                SampleStep(Command(type="add", seat="ann", payload={"dice": 0}), rule="invalid_command"),
                SampleStep(
                    Command(type="add", seat="ann", payload={"dice": 2}), dice=(7, 1), rule="dice_value"
                ),
                SampleStep(Command(type="nope", seat="ann"), rule="invalid_command"),
                SampleStep(Command(type="add", seat="zed", payload={"dice": 1}), rule="not_found"),
                SampleStep(
                    Command(type="rename", seat="ann", payload={"character": "red", "name": "x"}),
                    rule="not_permitted",
                ),
            ),
            secret_marker="the butler did it",
            secret_hidden_from="ann",
        )
