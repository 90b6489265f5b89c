"""The sample session: a short fight at a Bulletproof Blues table, with given dice.

Drives the demo and the conformance checks. Ann plays Widow, Bo plays
Ganyeka; the GM runs two agents. It walks through a called task taken at
the average, the order of play, a pistol shot Widow dodges as a forced
action, Ganyeka's throw of an agent, an extreme success that staggers and
asks to keep powers on, and ends on a hit waiting for its answer.
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
SECRET = "Adler is a double agent"


def _c(seat: str, type_: str, **payload: object) -> Command:
    return Command(type=type_, seat=seat, payload=dict(payload))


def sample_session() -> SampleSession:
    """Widow (Ann) and Ganyeka (Bo) against Agents Adler and Brandt."""
    steps = (
        SampleStep(_c("gm", "add_character", id="widow", sample="widow", owner="ann")),
        SampleStep(_c("bo", "add_character", id="ganyeka", sample="ganyeka")),
        SampleStep(_c("gm", "add_character", id="adler", sample="agent-a")),
        SampleStep(_c("gm", "add_character", id="brandt", sample="agent-b")),
        SampleStep(_c("gm", "gm_note", text=SECRET)),
        SampleStep(_c("gm", "start_session")),
        # a routine task with no pressure: Widow takes the average (7 + 3 = 10 >= 9)
        SampleStep(
            _c(
                "gm",
                "call_task",
                character="widow",
                attribute="Reason",
                level="routine",
                pressure=False,
                penalty=False,
                task="read the dossier",
            )
        ),
        SampleStep(_c("ann", "roll", call=1, character="widow", take="average")),
        # order of play: Perception 4 Widow, 3 Ganyeka and Adler (Agility 3 vs 2), 2 Brandt
        SampleStep(_c("gm", "start_fight", characters="adler, brandt, widow, ganyeka")),
        SampleStep(_c("ann", "switch", character="widow", power="Force Field")),
        SampleStep(_c("ann", "attack", attacker="widow", target="adler", power="Venom Sting"), dice=(4, 3)),
        SampleStep(_c("gm", "answer", prompt="defend-1", option="take")),
        SampleStep(_c("ann", "end_turn", character="widow")),
        # Ganyeka grabs Brandt and throws him (Prowess 4 vs 10; Brandt's break-out 2d6+2 vs 13) into a car:
        # the car's protection is the GM's to say (BPB-GRAB-009, src 353), so the GM issues Bo's throw
        SampleStep(
            _c("gm", "grab", attacker="ganyeka", target="brandt", manoeuvre="throw", into="a car", into_pv=3),
            dice=(4, 3, 2, 2),
        ),
        SampleStep(_c("bo", "end_turn", character="ganyeka")),
        # Adler shoots Widow; she forces a dodge (Agility 4 vs 12) and fails
        SampleStep(_c("gm", "attack", attacker="adler", target="widow", power="Pistol"), dice=(6, 5)),
        SampleStep(_c("ann", "answer", prompt="defend-2", option="dodge"), dice=(2, 3)),
        SampleStep(_c("gm", "end_turn", character="adler")),
        SampleStep(_c("gm", "end_turn", character="brandt")),
        # round 2: Widow's task action is lost to the forced dodge
        SampleStep(_c("ann", "end_turn", character="widow")),
        # the GM rules Adler surprised (Ganyeka leaps out of the smoke) and issues the blow: T5's attack
        # bonuses are the GM's to rule (BPB-MOD-001, src 147, 173)
        SampleStep(
            _c("gm", "attack", attacker="ganyeka", target="adler", circumstances="defender_surprised"),
            dice=(6, 6),
        ),
    )
    refused = (
        SampleStep(
            _c("ann", "call_task", character="widow", attribute="Reason", difficulty=9), rule="not_permitted"
        ),
        SampleStep(_c("ann", "gm_note", text="peek"), rule="not_permitted"),
        SampleStep(_c("bo", "end_turn", character="ganyeka"), rule="BPB-TURN-007"),
        SampleStep(_c("gm", "attack", attacker="adler", target="ganyeka"), rule="BPB-TIME-002"),
        SampleStep(_c("ann", "move", character="widow"), rule="BPB-TIME-002"),
        SampleStep(_c("bo", "spend", character="ganyeka", kind="boost", power="Flight"), rule="not_found"),
    )
    return SampleSession(
        config={},
        seats=SEATS,
        steps=steps,
        refused=refused,
        secret_marker=SECRET,
        secret_hidden_from="ann",
        notes=("Widow (Ann) and Ganyeka (Bo) against two agents; the GM knows who the double agent is.",),
    )


def scripted_fight() -> SampleSession:
    """A whole scripted fight with given dice: the golden log, the demo table and the browser test.

    Widow (Ann) and Ganyeka (Bo) against Agents Adler and Brandt, four rounds: a forced
    dodge that costs Adler his turn, Ganyeka's throw into a car, a grenade (5 and 3), a
    dodge kept up for two attacks (the second at +1), a stagger that asks Widow to keep her
    Force Field on, a lost action, the end of the fight, a rest, an award and a retcon.
    """
    steps = (
        SampleStep(_c("gm", "add_character", id="widow", sample="widow", owner="ann")),
        SampleStep(_c("gm", "add_character", id="ganyeka", sample="ganyeka", owner="bo")),
        SampleStep(_c("gm", "add_character", id="adler", sample="agent-a")),
        SampleStep(_c("gm", "add_character", id="brandt", sample="agent-b")),
        SampleStep(_c("gm", "gm_note", text=SECRET)),
        SampleStep(_c("gm", "start_session")),
        SampleStep(_c("gm", "start_fight", characters="adler, brandt, widow, ganyeka")),
        # round 1
        SampleStep(_c("ann", "switch", character="widow", power="Force Field")),
        SampleStep(_c("ann", "attack", attacker="widow", target="adler", power="Venom Sting"), dice=(4, 3)),
        SampleStep(_c("gm", "answer", prompt="defend-1", option="dodge"), dice=(6, 6)),
        SampleStep(_c("ann", "end_turn", character="widow")),
        SampleStep(
            _c(  # the car's protection is the GM's to say (BPB-GRAB-009): the GM issues Bo's throw
                "gm",
                "grab",
                attacker="ganyeka",
                target="brandt",
                manoeuvre="throw",
                into="a parked car",
                into_pv=3,
            ),
            dice=(4, 3, 2, 2),
        ),
        SampleStep(_c("bo", "end_turn", character="ganyeka")),
        SampleStep(_c("gm", "end_turn", character="adler")),  # lost to the forced dodge
        SampleStep(
            _c("gm", "explode", attacker="brandt", power="Grenade", distances={"widow": 10, "ganyeka": 30}),
            dice=(3, 4),
        ),
        SampleStep(_c("gm", "end_turn", character="brandt")),
        # round 2
        SampleStep(_c("ann", "guard", character="widow", kind="dodge")),
        SampleStep(_c("ann", "end_turn", character="widow")),
        SampleStep(_c("bo", "attack", attacker="ganyeka", target="adler"), dice=(5, 5)),
        SampleStep(_c("gm", "answer", prompt="defend-2", option="take")),
        SampleStep(_c("bo", "end_turn", character="ganyeka")),
        SampleStep(_c("gm", "attack", attacker="adler", target="widow", power="Pistol"), dice=(6, 5)),
        SampleStep(_c("ann", "answer", prompt="defend-3", option="dodge"), dice=(2, 2)),
        SampleStep(_c("gm", "end_turn", character="adler")),
        SampleStep(_c("gm", "attack", attacker="brandt", target="widow", power="Knife"), dice=(6, 6)),
        SampleStep(_c("ann", "answer", prompt="defend-4", option="dodge"), dice=(5, 4)),
        SampleStep(_c("gm", "end_turn", character="brandt")),
        # round 3
        SampleStep(_c("ann", "attack", attacker="widow", target="brandt", power="Venom Sting"), dice=(4, 4)),
        SampleStep(_c("gm", "answer", prompt="defend-5", option="take")),
        SampleStep(_c("ann", "end_turn", character="widow")),
        SampleStep(_c("bo", "move", character="ganyeka", mode="run")),
        SampleStep(_c("bo", "end_turn", character="ganyeka")),
        SampleStep(_c("gm", "attack", attacker="adler", target="widow", power="Pistol"), dice=(6, 6)),
        SampleStep(_c("ann", "answer", prompt="defend-6", option="take")),
        SampleStep(_c("gm", "answer", prompt="extreme-6", option="staggering")),
        # Widow holds a plot point, so she is asked before her Willpower roll; she keeps it and rolls
        SampleStep(_c("ann", "answer", prompt="resist-6", option="roll"), dice=(2, 3)),
        SampleStep(_c("ann", "answer", prompt="keep-6", option="keep"), dice=(6, 5)),
        SampleStep(_c("gm", "end_turn", character="adler")),
        # round 4: Widow's action is lost to the stagger
        SampleStep(_c("ann", "end_turn", character="widow")),
        SampleStep(_c("gm", "end_fight")),
        SampleStep(_c("gm", "rest")),
        SampleStep(_c("gm", "award", character="widow", reason="kept her shield up under fire")),
        SampleStep(_c("bo", "spend", character="ganyeka", kind="retcon", text="the car was the agents' own")),
    )
    return SampleSession(
        config={},
        seats=SEATS,
        steps=steps,
        secret_marker=SECRET,
        secret_hidden_from="ann",
        notes=("A scripted four-round fight with given dice.",),
    )
