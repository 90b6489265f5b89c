"""The scripted sample session: three players, two Pages and the start of a third.

Ann plays Skitter, Bea plays Aunt Sylvie, Cal plays Rampart at a charity gala.
It exercises claims, Actions, abilities with accept and Reactions, staking,
splitting, resolution (losing stakes doubled, Inspirations) and an Overdrawn
roll. Dice are given, so it plays the same with any seed. Used by the demo,
the conformance suite and the docs.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import Command, Seat
from capeworks.engine.ruleset import SampleSession, SampleStep

__all__ = ["SEATS", "full_page_steps", "gala_start", "sample_session", "step"]

SEATS = (Seat(id="ann", name="Ann"), Seat(id="bea", name="Bea"), Seat(id="cal", name="Cal"))


def step(seat: str, command: str, dice: tuple[int, ...] | None = None, **payload: Any) -> SampleStep:
    """One scripted command."""
    return SampleStep(Command(type=command, seat=seat, payload=payload), dice=dice)


def refusal(
    rule: str, seat: str, command: str, dice: tuple[int, ...] | None = None, **payload: Any
) -> SampleStep:
    """One scripted command that ``rule`` (a rule ID or a refusal's code) must refuse."""
    return SampleStep(Command(type=command, seat=seat, payload=payload), dice=dice, rule=rule)


def gala_start() -> tuple[SampleStep, ...]:
    """Three players take the sample characters into the charity gala, up to Ann's first Action."""
    return (
        step("ann", "add_sample", name="Skitter"),
        step("bea", "add_sample", name="Aunt Sylvie"),
        step("cal", "add_sample", name="Rampart"),
        step("ann", "declare_scene", text="A ritzy charity gala"),
        step("ann", "choose", character="skitter"),
        step("bea", "choose", character="aunt_sylvie"),
        step("cal", "choose", character="rampart"),
        # Page 1, Starter Ann: nothing to claim yet
        step("ann", "pass"),
        step("bea", "pass"),
        step("cal", "pass"),
        step("ann", "narrate", text="Chandeliers, champagne, and a swarm waiting in the vents."),
        step("ann", "begin_actions"),
    )


def full_page_steps() -> tuple[SampleStep, ...]:
    """Setting up and playing Page 1 of Scene 1 with three players."""
    return (
        *gala_start(),
        step("ann", "create_conflict", kind="goal", text="Rob the gala", character="skitter"),
        step("ann", "end_action"),
        step(
            "bea",
            "use_ability",
            (4,),
            ability="Worried",
            conflict="c1",
            side="B",
            help="B",
            label="Skitter is caught",
        ),
        step("bea", "accept"),
        step("cal", "pass"),
        step("ann", "pass"),
        step("bea", "end_action"),
        step("cal", "use_ability", (6,), ability="Hopeful", conflict="c1", side="B", help="B"),
        step("cal", "accept"),
        step("cal", "end_action"),
    )


def _page_two() -> tuple[SampleStep, ...]:
    return (
        # Page 2, Starter Bea
        step("bea", "claim", conflict="c1", side="B"),
        step("cal", "pass"),
        step("ann", "pass"),
        step("bea", "begin_actions"),
        step("bea", "create_conflict", text="Aunt Sylvie phones Skitter mid-heist"),
        step("bea", "end_action"),
        step(
            "cal",
            "use_ability",
            (3,),
            ability="Super Strength",
            conflict="c2",
            side="A",
            help="A",
            label="The phone rings at the worst moment",
            drive="duty",
        ),
        step("cal", "accept"),
        step("cal", "pass"),
        step("ann", "react", (2,), ability="Silk Lines", help="B", drive="truth"),
        step("ann", "accept"),
        step("bea", "pass"),
        step("cal", "pass"),
        step("cal", "end_action"),
        step(
            "ann",
            "use_ability",
            (5,),
            ability="Swarm Sense",
            conflict="c1",
            side="A",
            help="A",
            drive="truth",
        ),
        step("ann", "accept"),
        step("ann", "pass"),
        step("ann", "stake", conflict="c1", amount=2, drive="truth"),
        step("ann", "split", conflict="c1", side="A", die=1, parts=2),
        step("ann", "end_action"),
        # Resolving: B [6] controls A [3, 2]; Bea claimed B
        step("bea", "resolve", conflict="c1", pairs="6-3", text="Sylvie's scream brings the guards running."),
        # Page 3, Starter Cal: Skitter's Truth holds 4 Debt, Strength 3 -> Overdrawn
        step("ann", "overdrawn_roll", (1,)),
    )


def sample_session() -> SampleSession:
    """The conformance and demo session."""
    return SampleSession(
        config={},
        seats=SEATS,
        steps=(*full_page_steps(), *_page_two()),
        refused=(
            refusal("not_permitted", "bea", "claim", conflict="c2", side="B"),
            refusal("CAPES-PAGE-007", "cal", "claim", conflict="c2", side="B"),
            refusal("CAPES-PAGE-003", "cal", "stake", conflict="c2", amount=1, drive="duty"),
            refusal(
                "CAPES-PAGE-003", "cal", "use_ability", (4,), ability="Great Leap", conflict="c2", side="A"
            ),
            refusal("CAPES-SCENE-002", "ann", "declare_scene", text="Too soon"),
            refusal("CAPES-SCENE-005", "cal", "choose", character="skitter"),
            refusal("CAPES-RES-001", "cal", "resolve", conflict="c2"),
        ),
        notes=("Skitter tries to rob a charity gala; Aunt Sylvie and Rampart get in the way.",),
    )
