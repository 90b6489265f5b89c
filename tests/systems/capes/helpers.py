"""Capes tests play through the engine's one test driver, at a table for Ann, Bea and Cal.

:class:`Sim` is a :class:`capeworks.engine.testing.Driver` with the seed's
golden set-ups (``put_conflict``, ``set_debt``, built on ``Driver.patch``) and
short looks at the state; ``cast_game``/``actions_game``/``pass_claims`` play a
scene up to where most tests start, command by command.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import Seat
from capeworks.engine.testing import Driver
from capeworks.systems.capes.ruleset import CapesRuleset
from capeworks.systems.capes.state import Alliance, CapesState, Conflict, Side, Stake

SEATS = (Seat(id="ann", name="Ann"), Seat(id="bea", name="Bea"), Seat(id="cal", name="Cal"))
RULESET = CapesRuleset()


class Sim(Driver):
    """A Capes table under test; keyword arguments are the rules config."""

    def __init__(self, **config: Any) -> None:
        super().__init__(RULESET, seats=SEATS, config=config)

    @property
    def state(self) -> CapesState:
        """The folded game state, typed."""
        state = self.table.state
        assert isinstance(state, CapesState)
        return state

    # -- golden set-ups: the position a worked example starts from (Driver.patch) ---------------

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
        both_want: bool = False,
    ) -> None:
        """A Conflict card already on the table, dice, alliances and stakes as an example describes it.

        ``allies`` maps character -> side (in the order they rolled, before any
        roll still to come), ``stakes``
        maps side -> (character, pool, amount); the Debt staked is not taken off
        any Drive (use :meth:`set_debt` for what the Drives hold).
        """
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
            both_want=both_want,
            alliances={
                c: Alliance(side=s, seq=seq)
                for seq, (c, s) in enumerate((allies or {}).items(), start=self.state.alliance_seq + 1)
            },
        )
        others = tuple(c for c in self.state.conflicts if c.id != cid)
        self.patch(
            conflicts=(*others, conflict),
            next_conflict=max(self.state.next_conflict, int(cid[1:]) + 1),
            # the alliances count as rolls already made: later rolls are later in the order
            alliance_seq=self.state.alliance_seq + len(allies or {}),
        )

    def set_debt(self, character: str, pool: str, amount: int) -> None:
        """The Debt a character's Drive (or undifferentiated pool) holds at the example's start."""
        char = self.state.roster[character]
        self.patch(
            roster={
                **self.state.roster,
                character: char.model_copy(update={"debt": {**char.debt, pool: amount}}),
            }
        )

    # -- looking ----------------------------------------------------------------------------------

    def side(self, cid: str, sid: str) -> Side:
        """Side ``sid`` of Conflict ``cid`` (both must exist)."""
        conflict = self.state.conflict(cid)
        assert conflict is not None
        side = conflict.side(sid)
        assert side is not None
        return side

    def debt(self, character: str, pool: str) -> int:
        """The Debt on a character's Drive or pool (0 when none)."""
        return self.state.roster[character].debt.get(pool, 0)

    def phase(self) -> str:
        """The phase of the current Page."""
        assert self.state.scene is not None and self.state.scene.page is not None
        return str(self.state.scene.page.phase)


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


def finish_actions(sim: Sim) -> None:
    """From free narration or the Actions: the free Actions left are fillers (a throwaway Event each,
    no die moved) and nobody buys more, so the Resolving begins (or, with nothing to resolve, the next
    Page)."""
    if sim.phase() == "narration":
        sim.do(sim.state.scene.page.starter, "begin_actions")  # type: ignore[union-attr]
    while sim.state.scene is not None and sim.state.scene.page is not None and sim.phase() == "actions":
        seat = sim.state.scene.page.turn
        sim.do(seat, "create_conflict", text=f"{seat}'s scratch {len(sim.state.conflicts)}")
        sim.do(seat, "end_action")
