"""A small driver for Capes tests: decide + apply on a state, with ways to set a scene up quickly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from capeworks.engine import Command, Context, DiceService, Event, Seat
from capeworks.errors import CapeworksError, RuleViolation
from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.ruleset import CapesRuleset
from capeworks.systems.capes.state import Alliance, CapesState, Conflict, Side, Stake

SEATS = (Seat(id="ann", name="Ann"), Seat(id="bea", name="Bea"), Seat(id="cal", name="Cal"))
RULESET = CapesRuleset()


class Sim:
    """Decides and applies Capes commands on an in-memory state."""

    def __init__(self, **config: Any) -> None:
        state = RULESET.initial_state(CapesConfig(**config))
        for seat in SEATS:
            state = RULESET.apply(
                state, Event(type="table.seat_joined", data={"seat": seat.model_dump(mode="json")})
            )
        self.state: CapesState = state
        self.events: list[Event] = []

    def decide(
        self, seat: str, command: str, faces: tuple[int, ...] | list[int] | None = None, **payload: Any
    ) -> list[Event]:
        model = RULESET.commands[command].model.model_validate(payload)
        actor = next(s for s in SEATS if s.id == seat)
        service = (
            DiceService.given(list(faces)) if faces is not None else DiceService.seeded(len(self.events))
        )
        events = RULESET.decide(self.state, Context(actor=actor, seats=SEATS), command, model, service)
        service.finish()
        assert len([r for e in events for r in e.rolls]) == len(service.records), (
            "a roll is missing from events"
        )
        return events

    def do(
        self, seat: str, command: str, faces: tuple[int, ...] | list[int] | None = None, **payload: Any
    ) -> list[Event]:
        events = self.decide(seat, command, faces, **payload)
        for event in events:
            self.state = RULESET.apply(self.state, event)
        self.events += events
        return events

    def refuse(
        self,
        seat: str,
        command: str,
        faces: tuple[int, ...] | list[int] | None = None,
        *,
        error: type[CapeworksError] = CapeworksError,
        rule: str | None = None,
        **payload: Any,
    ) -> CapeworksError:
        before = self.state.model_dump_json()
        with pytest.raises(error) as caught:
            self.do(seat, command, faces, **payload)
        assert self.state.model_dump_json() == before, "a refused command changed the state"
        if rule is not None:
            assert isinstance(caught.value, RuleViolation), caught.value
            assert caught.value.rule_id == rule, caught.value.message
        return caught.value

    # -- direct set-ups for golden examples ---------------------------------------------------

    def patch(self, **update: Any) -> None:
        self.state = self.state.model_copy(update=update)

    def put_conflict(
        self,
        cid: str = "c1",
        *,
        a: tuple[int, ...] = (1,),
        b: tuple[int, ...] = (1,),
        allies: dict[str, str] | None = None,
        stakes: dict[str, list[tuple[str, str, int]]] | None = None,
        kind: str = "event",
        text: str = "A test conflict",
        creator: str = "skitter",
        creator_player: str = "ann",
        created_page: int = 0,
        extra_sides: tuple[Side, ...] = (),
        goal_for: tuple[str, ...] = (),
    ) -> None:
        stakes = stakes or {}
        sides = (
            tuple(
                Side(
                    id=sid,
                    dice=dice,
                    stakes=tuple(Stake(character=c, pool=p, amount=n) for c, p, n in stakes.get(sid, [])),
                )
                for sid, dice in (("A", a), ("B", b))
            )
            + extra_sides
        )
        conflict = Conflict(
            id=cid,
            kind=kind,  # type: ignore[arg-type]
            text=text,
            creator=creator,
            creator_player=creator_player,
            created_page=created_page,
            sides=sides,
            aim_side="A" if kind == "goal" else "",
            goal_for=goal_for or ((creator,) if kind == "goal" else ()),
            alliances={
                c: Alliance(side=s, seq=i) for i, (c, s) in enumerate((allies or {}).items(), start=1)
            },
        )
        others = tuple(c for c in self.state.conflicts if c.id != cid)
        self.patch(
            conflicts=(*others, conflict), next_conflict=max(self.state.next_conflict, int(cid[1:]) + 1)
        )

    def set_debt(self, character: str, pool: str, amount: int) -> None:
        char = self.state.roster[character]
        self.patch(
            roster={
                **self.state.roster,
                character: char.model_copy(update={"debt": {**char.debt, pool: amount}}),
            }
        )

    def side(self, cid: str, sid: str) -> Side:
        conflict = self.state.conflict(cid)
        assert conflict is not None
        side = conflict.side(sid)
        assert side is not None
        return side

    def debt(self, character: str, pool: str) -> int:
        return self.state.roster[character].debt.get(pool, 0)

    def phase(self) -> str:
        assert self.state.scene is not None and self.state.scene.page is not None
        return str(self.state.scene.page.phase)

    def dump(self) -> str:
        return json.dumps(self.state.model_dump(mode="json"), sort_keys=True)


def cast_game(**config: Any) -> Sim:
    """Ann (Skitter), Bea (Aunt Sylvie), Cal (Rampart) in Scene 1; Page 1 claiming, Ann's turn."""
    sim = Sim(**config)
    for seat, name in (("ann", "Skitter"), ("bea", "Aunt Sylvie"), ("cal", "Rampart")):
        sim.do(seat, "add_sample", name=name)
    sim.do("ann", "declare_scene", text="A charity gala")
    sim.do("ann", "choose", character="skitter")
    sim.do("bea", "choose", character="aunt_sylvie")
    sim.do("cal", "choose", character="rampart")
    while sim.state.scene is not None and sim.state.scene.casting:  # players with tokens decline extra picks
        sim.do(sim.state.scene.turn, "pass")
    return sim


def actions_game(**config: Any) -> Sim:
    """As :func:`cast_game`, past claiming and narration: Ann's free Action."""
    sim = cast_game(**config)
    pass_claims(sim)
    sim.do("ann", "begin_actions")
    return sim


def pass_claims(sim: Sim) -> None:
    """Everyone declines to claim (and to buy claims) until free narration."""
    while sim.state.scene and sim.state.scene.page and sim.state.scene.page.phase == "claims":
        sim.do(sim.state.scene.page.turn, "pass")


def command(seat: str, kind: str, **payload: Any) -> Command:
    """A Command for a Table."""
    return Command(type=kind, seat=seat, payload=payload)
