"""The sample session: a short scripted evening at a Roll When You Need table.

Drives the demo and the engine's conformance checks. The GM calls for checks,
declares enemy moves and sets the difficulty of what a player asks to try;
the players roll. It walks through the source's own sacrifice example
(RWYN-SAC, worked example W2), an enemy move
with a mixed failure, stress overflowing into a consequence, an above-Wealth
purchase saved by the leverage-debt talent, and ends with a check waiting for
its sacrifice. The sample characters themselves are data in
:mod:`capeworks.systems.rwyn.characters`.
"""

from __future__ import annotations

from capeworks.engine import Command, Seat
from capeworks.engine.ruleset import SampleSession, SampleStep

__all__ = ["SEATS", "SECRET", "sample_session"]

SEATS: tuple[Seat, ...] = (
    Seat(id="gm", name="Game master", role="gm"),
    Seat(id="ann", name="Ann"),
    Seat(id="bo", name="Bo"),
)

#: a GM note the players must never see
SECRET = "the foreman is secretly the Mole"


def _c(seat: str, type_: str, **payload: object) -> Command:
    return Command(type=type_, seat=seat, payload=dict(payload))


def sample_session() -> SampleSession:
    """Ann plays Ada, Bo plays Rook; the GM runs the docks."""
    steps = (
        SampleStep(_c("gm", "add_character", id="ada", sample="ada", owner="ann")),
        SampleStep(_c("bo", "add_character", id="rook", sample="rook")),
        SampleStep(_c("gm", "gm_note", text=SECRET)),
        # the GM calls for the check (RWYN-GEN-001); Ann's player rolls it
        SampleStep(
            _c("gm", "call_check", character="ada", ability="Science", difficulty=5, task="crack the vault")
        ),
        # W2: Science 3 vs 5 -> 3 dice + 2 disaster dice; [6 5 2] = 2 successes, may sacrifice 1
        SampleStep(_c("ann", "check", call=1), dice=(6, 5, 2)),
        SampleStep(_c("ann", "sacrifice", check=1, count=1), dice=(5,)),
        SampleStep(_c("gm", "complications", check=1, texts="the alarm trips")),
        # an enemy move is the GM's: Brawling 4 vs 4, harm 2 (RWYN-GEN-003)
        SampleStep(
            _c(
                "gm",
                "enemy_move",
                character="rook",
                ability="Brawling",
                difficulty=4,
                harm=2,
                move="a wrench swing",
            )
        ),
        # [1 1 3 2] fails with two 1s -> mixed, 2 stress
        SampleStep(_c("bo", "defend", call=2), dice=(1, 1, 3, 2)),
        SampleStep(_c("gm", "mixed", check=2, text="the wrench flies into the river")),
        SampleStep(_c("gm", "stress", character="rook", track="physical", amount=2)),
        SampleStep(_c("bo", "consequence", character="rook", choice="consequence", text="cracked rib")),
        # Wealth 4, cost 5: 4 dice + 1 disaster die; the disaster 6 would cost Wealth, the talent re-rolls it
        SampleStep(_c("ann", "buy", character="ada", cost=5, item="a private airship"), dice=(5, 3, 2, 2, 6)),
        SampleStep(_c("ann", "reroll", check=3, use=True), dice=(2,)),
        # Bo asks to try something; the GM sets the difficulty, then Bo rolls
        SampleStep(_c("bo", "ask_check", character="rook", ability="Athletics", task="leap the gap")),
        # calls and checks share one counter: the purchase was check 3, so this ask is call 4
        SampleStep(_c("gm", "call_check", ask=4, difficulty=3)),
        # [4 4 2]: no success and no 1, a plain failure with nothing to answer, so the scene may end
        # whatever the table's seed (a scene may not end while a check waits for an answer)
        SampleStep(_c("bo", "check", call=4), dice=(4, 4, 2)),
        SampleStep(_c("gm", "end_scene")),
        SampleStep(
            _c(
                "gm",
                "call_check",
                character="ada",
                ability="Science",
                difficulty=5,
                task="jury-rig the crane",
            )
        ),
        SampleStep(_c("ann", "check", call=5), dice=(5, 6, 1)),
    )
    refused = (
        # the GM sets difficulties and enemy moves (RWYN-GEN-003)
        SampleStep(
            _c("ann", "check", character="ada", ability="Science", difficulty=2), rule="not_permitted"
        ),
        SampleStep(
            _c("bo", "defend", character="rook", ability="Brawling", difficulty=1, harm=0),
            rule="not_permitted",
        ),
        SampleStep(_c("ann", "add_talent", character="ada", name="Lucky"), rule="not_permitted"),
        SampleStep(_c("gm", "check", character="ada", ability="Science", difficulty=0), rule="RWYN-POOL-001"),
        SampleStep(_c("bo", "check", character="ada", ability="Science", difficulty=2), rule="not_permitted"),
        SampleStep(_c("ann", "gm_note", text="peek"), rule="not_permitted"),
        SampleStep(_c("bo", "buy", character="rook", cost=1, item="a pint"), rule="RWYN-ABIL-003"),
        # sacrificing both successes would remove the last disaster die (RWYN-SAC-003)
        SampleStep(_c("ann", "sacrifice", check=5, count=2), rule="RWYN-SAC-003"),
        SampleStep(_c("ann", "effects", check=99, picks="quickly"), rule="not_found"),
        SampleStep(
            _c("gm", "check", character="ada", ability="Science", difficulty=2),
            dice=(7, 1, 1),
            rule="dice_value",
        ),
        SampleStep(
            _c("gm", "check", character="ada", ability="Flying", difficulty=2), rule="invalid_command"
        ),
    )
    return SampleSession(
        config={},
        seats=SEATS,
        steps=steps,
        refused=refused,
        secret_marker=SECRET,
        secret_hidden_from="ann",
        notes=("Ada (Ann) and Rook (Bo) at the docks; the GM knows who the Mole is.",),
    )
