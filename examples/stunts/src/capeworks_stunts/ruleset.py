"""The Stunts ruleset: the command table, the fold, the prompt, the words and the sample session.

Registered by the ``capeworks.rulesets`` entry point in this package's
pyproject.toml. Nothing here imports the CLI, the server or the web table:
those come through the package's ``cli`` and ``front`` modules, which only
their own entry points load.
"""

from __future__ import annotations

from typing import Any, ClassVar

from capeworks.engine import (
    Batch,
    CommandOf,
    CommandSpec,
    Context,
    Description,
    DiceService,
    Event,
    EventData,
    Panel,
    Prompt,
    PromptOption,
    Role,
    Ruleset,
    SampleSession,
    SampleStep,
    Seat,
    Viewer,
    command_table,
    declare_events,
)
from capeworks.engine import Command as TableCommand
from capeworks.errors import RuleViolation
from capeworks_stunts.rules import (
    Bank,
    Banked,
    Flopped,
    Roll,
    Rolled,
    StuntsConfig,
    StuntsState,
    Won,
    at_turn,
)

__all__ = ["StuntsRuleset"]


def _roll(
    state: StuntsState, ctx: Context[StuntsConfig], command: Roll, dice: DiceService
) -> Batch[StuntsState]:
    seat = ctx.actor.id
    at_turn(state, seat)
    roll = dice.roll(1, ctx.config.sides, purpose="stunt")
    face, stunt = roll.faces[0], command.stunt.strip() or "pulls a stunt"
    batch = ctx.batch(state)
    if face == 1:  # STUNTS-FLOP
        batch.emit(Flopped(seat=seat, stunt=stunt, lost=state.heat), rolls=(roll,))
    else:
        batch.emit(Rolled(seat=seat, stunt=stunt, face=face, heat=state.heat + face), rolls=(roll,))
    return batch


def _bank(
    state: StuntsState, ctx: Context[StuntsConfig], command: Bank, dice: DiceService
) -> Batch[StuntsState]:
    seat = ctx.actor.id
    at_turn(state, seat)
    if not state.heat:
        raise RuleViolation("STUNTS-BANK", "You have no heat to bank yet: roll first.")
    batch = ctx.batch(state)
    batch.emit(Banked(seat=seat, heat=state.heat, score=state.scores.get(seat, 0) + state.heat))
    if batch.state.scores[seat] >= ctx.config.goal:  # STUNTS-WIN: the state the batch has folded so far
        batch.emit(Won(seat=seat, score=batch.state.scores[seat]))
    return batch


def _your_turn(state: StuntsState, seat: Seat) -> list[dict[str, Any]]:
    """``roll`` is on the menu of the seat whose turn starts (mid-turn, the prompt offers it)."""
    return [{}] if seat.id == state.up and not state.heat and not state.winner else []


# mypy checks each handler against its own payload model here (``_roll`` must take a ``Roll``)
_COMMANDS: dict[str, CommandOf[StuntsState, StuntsConfig]] = {
    "roll": CommandSpec(Roll, _roll, offer=_your_turn),
    # answered only through the prompt that asks it: never on a menu of its own
    "bank": CommandSpec(Bank, _bank, prompt_only=True),
}


def _words(text: str) -> Any:
    def words(payload: EventData, event: Event, viewer: Viewer) -> Description:
        return Description(text=text.format(**payload.model_dump()), actor=getattr(payload, "seat", ""))

    return words


class StuntsRuleset(Ruleset[StuntsState, StuntsConfig]):
    """Stunts: push your luck for the crowd."""

    name = "stunts"
    title = "Stunts"
    config_model = StuntsConfig
    state_model = StuntsState
    has_gm = False
    commands: ClassVar[dict[str, CommandSpec]] = command_table(_COMMANDS)
    events = declare_events(Rolled, Flopped, Banked, Won)
    command_words: ClassVar[dict[str, str]] = {"roll": "pull a stunt", "bank": "bank your heat"}
    words: ClassVar[dict[str, Any]] = {
        Rolled.TYPE: _words("{seat} {stunt}: {face}, {heat} heat."),
        Flopped.TYPE: _words("{seat} {stunt}, and flops: {lost} heat lost."),
        Banked.TYPE: _words("{seat} banks {heat}, for a score of {score}."),
        Won.TYPE: _words("{seat} wins the show with {score}!"),
    }

    def initial_state(self, config: StuntsConfig) -> StuntsState:
        return StuntsState(goal=config.goal)

    def apply(self, state: StuntsState, event: Event) -> StuntsState:
        d = event.data
        if event.type == "table.seat_joined" and d["seat"].get("role", "player") != Role.GM:
            seat = d["seat"]["id"]
            names = {**state.names, seat: d["seat"].get("name") or seat}
            return state.model_copy(
                update={"order": (*state.order, seat), "scores": {**state.scores, seat: 0}, "names": names}
            )
        if event.type == "stunts.rolled":
            return state.model_copy(update={"heat": d["heat"], "rolls": state.rolls + 1})
        if event.type == "stunts.flopped":
            return state.model_copy(update={"heat": 0, "rolls": 0, "turn": state.turn + 1})
        if event.type == "stunts.banked":
            scores = {**state.scores, d["seat"]: d["score"]}
            return state.model_copy(update={"heat": 0, "rolls": 0, "turn": state.turn + 1, "scores": scores})
        if event.type == "stunts.won":
            return state.model_copy(update={"winner": d["seat"]})
        return state

    def view_key(self, state: StuntsState, viewer: Viewer) -> Any:
        """No secrets: every seat sees alike."""
        return True

    def prompts(self, state: StuntsState) -> list[Prompt]:
        if not state.heat or state.winner:
            return []
        return [
            Prompt(
                id=f"push-{state.turn}-{state.rolls}",
                seat=state.up,
                kind="push",
                rule="STUNTS-BANK",
                question=f"You hold {state.heat} heat. Bank it, or roll again?",
                options=(
                    PromptOption(value="bank", label=f"bank {state.heat}", command="bank"),
                    PromptOption(value="roll", label="roll again", command="roll"),
                ),
                default="bank",
                context={"heat": state.heat},
            )
        ]

    def panels(self, state: StuntsState, viewer: Viewer) -> list[Panel]:
        rows = tuple(
            (
                state.name(seat),
                str(state.scores.get(seat, 0)),
                str(state.heat) if seat == state.up and not state.winner else "",
            )
            for seat in state.order  # each hero by the name its seat sat down with, never the seat's id
        )
        up = state.name(state.up) if state.up else "nobody"
        note = f"{state.name(state.winner)} won." if state.winner else f"Goal {state.goal}; {up} is up."
        return [Panel(title="Stunts", columns=("hero", "score", "heat"), rows=rows, note=note)]

    def sample_session(self) -> SampleSession:
        def step(seat: str, command: str, *dice: int, stunt: str = "", rule: str = "") -> SampleStep:
            payload = {"stunt": stunt} if stunt else {}
            return SampleStep(
                TableCommand(type=command, seat=seat, payload=payload), dice=dice or None, rule=rule
            )

        return SampleSession(
            config={"goal": 25},
            seats=(Seat(id="ann", name="Ann"), Seat(id="bo", name="Bo")),
            steps=(
                step("ann", "roll", 4, stunt="swings from the chandelier"),
                step("ann", "roll", 3),
                step("ann", "bank"),
                step("bo", "roll", 5, stunt="juggles three motorbikes"),
                step("bo", "roll", 1, stunt="adds a fourth"),
                step("ann", "roll", 6, stunt="runs up the wall"),
                step("ann", "roll", 2),
                step("ann", "roll", 1, stunt="and across the ceiling"),
                step("bo", "roll", 3, stunt="lifts the stage"),
                step("bo", "roll", 4),
                step("bo", "roll", 6, stunt="with the band on it"),
                step("bo", "bank"),
                step("ann", "roll", 5),
                step("ann", "bank"),
                step("bo", "roll", 1),
            ),
            refused=(
                step("bo", "roll", 3, rule="STUNTS-TURN"),
                step("ann", "bank", rule="STUNTS-BANK"),
                step("ann", "roll", 9, rule="dice_value"),
                step("ann", "dance", rule="invalid_command"),
            ),
            notes=("Three turns each: Ann banks 7 and 5, Bo banks 13; both flop once; Ann is up again.",),
        )
