"""A scripted downtime phase of two characters: the campaign layer's sample and golden session.

Ada (Ann) crafts a vest with Bo's help and surveils Crossbones; Bo (Bob)
recruits and looks his candidate over, researches from the other corner and
rests. One candidate detail is never revealed: it must stay the GM's.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import Command, Role, Seat
from capeworks.engine.ruleset import SampleSession, SampleStep

__all__ = ["SECRET", "downtime_session", "reputation_session"]

#: a candidate's detail the recruiter's rolls never reveal: no player may ever see it
SECRET = "informs for the PRT"

_CRAFT = {"name": "Craft", "stats": ["dexterity"], "tree": "craft"}


def _cmd(seat: str, kind: str, **payload: Any) -> Command:
    return Command(type=kind, seat=seat, payload=payload)


def _step(seat: str, kind: str, *dice: int, **payload: Any) -> SampleStep:
    return SampleStep(_cmd(seat, kind, **payload), dice=dice or None)


def downtime_session() -> SampleSession:
    """Two characters through one downtime phase, with given dice."""
    gm, ann, bob = "gm", "ann", "bob"
    ada = {"id": "ada", "name": "Ada", "stats": {"wits": 4, "dexterity": 3}, "skills": [_CRAFT]}
    bo = {"id": "bo", "name": "Bo", "stats": {"social": 4, "knowledge": 4, "guts": 2}}
    steps = (
        _step(gm, "add_character", sheet=ada, owner=ann, morale=1),  # the GM sets morale (src 485)
        _step(gm, "add_character", sheet=bo, owner=bob, morale=-2),
        _step(gm, "award", character="ada", money=400, rep="stopped a mugging"),
        _step(gm, "award", character="bo", rep="faced down the Teeth", condition="cracked rib", days=6),
        _step(
            gm,
            "add_target",
            target="xb",
            name="Crossbones",
            dispositions=["violent", "sponsored"],
            tidbits=["moves at night", "", "", "", "a limp"],
        ),
        # Ada's good morale rolls 3 dice for a bonus slot: a 6 gives it
        _step(gm, "start_downtime", 2, 6, 3, slots=4),
        _step(
            gm,
            "start_craft",
            character="ada",
            project="vest",
            item="kevlar vest",
            tier="standard",
            price=300,
        ),
        _step(bob, "help_craft", character="bo", project="vest"),
        # three rolls of three dice each (Ada's two with Craft, Bo's one): 6, 5, 4 -> 15 + 1 = 16
        _step(ann, "craft", 6, 1, 2, 5, 5, 1, 4, 3, 2, character="ada", project="vest", rolls=3),
        # Bo recruits with the low bar: 4 dice at +1 -> 5, 2, 4, 3 -> two applicants
        _step(bob, "recruit", 4, 1, 3, 2, character="bo", recruitment="crew", seek=["low_bar"]),
        _step(
            gm,
            "present_candidate",
            recruitment="crew",
            candidate="rook",
            name="Rook",
            details={"temper": "steady", "loyalty": SECRET},
        ),
        _step(
            gm,
            "present_candidate",
            recruitment="crew",
            candidate="wren",
            name="Wren",
            details={"skill": "lockpicking"},
        ),
        _step(bob, "ask", character="bo", candidate="rook", detail="temper"),
        # Knowledge 4 (+1): Rook's temper 1 + 1 + 2 = 4 shown, loyalty 1 + 1 = 2 hidden; Wren's skill 3 + 1
        _step(gm, "vet_candidates", 1, 1, 3, recruitment="crew"),
        _step(bob, "hire", character="bo", candidate="wren"),
        # Crossbones is known: Ada watches from the top-left; Wits 4 (+1): 4 + 1 = 5 vs 5+
        _step(ann, "surveil", 4, character="ada", target="xb", cell="0,0"),
        _step(ann, "surveil", 2, character="ada", target="xb", cell="0,1"),
        _step(ann, "strike_choice", character="ada", strike=True),
        _step(bob, "research", 5, character="bo", target="xb", cell="3,3"),
        _step(bob, "rest_recuperate", 4, character="bo", uses=["cracked rib"]),
        _step(ann, "downtime_action", character="ada", action="hang_out", note="at the diner"),
        _step(gm, "end_downtime"),
    )
    refused = (
        SampleStep(
            _cmd(ann, "surveil", character="ada", target="xb", cell="2,2"), dice=(6,), rule="WD-DT-001"
        ),
        SampleStep(_cmd(ann, "hire", character="bo", candidate="rook"), rule="not_permitted"),
        SampleStep(_cmd(bob, "start_downtime"), rule="not_permitted"),
    )
    return SampleSession(
        config={},
        seats=(
            Seat(id=gm, name="Game master", role=Role.GM),
            Seat(id=ann, name="Ann"),
            Seat(id=bob, name="Bob"),
        ),
        steps=steps,
        refused=refused,
        secret_marker=SECRET,
        secret_hidden_from=bob,
        notes=("A downtime phase: crafting with help, recruiting, surveillance and research, rest.",),
    )


def reputation_session() -> SampleSession:
    """Reputation given as a number when characters join, cited and spent in a fight, beside a rep
    card the GM awards: the golden log ``weaverdice/reputation`` (issue 23's one store for rep)."""
    gm, ann = "gm", "ann"
    vic = {"id": "vic", "name": "Vic", "stats": {"social": 4}}
    boss = {"id": "boss", "name": "Boss", "tier": "notable"}
    thug = {"id": "thug", "name": "Thug", "tier": "generic"}
    steps = (
        _step(gm, "add_character", sheet=vic, owner=ann, reputation=3),
        _step(gm, "add_character", sheet=boss, hidden=True, reputation=1),
        _step(gm, "add_character", sheet=thug),
        _step(gm, "award", character="vic", rep="stopped a bus"),
        _step(gm, "start_combat", 6, 1),
        _step(ann, "leverage", character="vic", card="stopped a bus"),
        _step(ann, "leverage", character="vic", spent=True),
        _step(gm, "end_combat"),
    )
    return SampleSession(
        config={},
        seats=(Seat(id=gm, name="Game master", role=Role.GM), Seat(id=ann, name="Ann")),
        steps=steps,
        notes=("Reputation as a number at joining, cited and spent, beside an awarded rep card.",),
    )
