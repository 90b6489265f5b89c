"""The lab's Weaverdice duels seat the two sides as the rules' two camps, so a Delayed wound effect
moves its target (WD-STATUS-010): before, both sides sat at player seats and nobody was a foe."""

from __future__ import annotations

import random

import pytest

from capeworks.lab.agreement import duel
from capeworks.lab.play import GM, Roster, _issue, decide, table_for
from capeworks.lab.runner import fight_of, run_fights
from capeworks.systems.weaverdice.vocab import Status


def _delayed(table: object) -> set[str]:
    state = table.state  # type: ignore[attr-defined]
    return {i for i, p in state.people.items() for c in p.conditions if c.name == Status.DELAYED}


@pytest.mark.rules("WD-STATUS-010", "WD-WFX-004")
def test_a_delayed_duellist_waits_for_its_foe_s_next_turn() -> None:
    fight = fight_of(duel("sample:ramjet", "sample:steeltoe", n=1, seed=1))
    roster = Roster(fight)
    assert roster.seats == ("side0", GM)
    waited = 0
    for i in range(40):
        table = table_for(fight, f"lab:delayed:{i}")
        for command in fight.arena.open(fight.sides, fight.config):
            table.execute(command)
        people = table.state.people
        assert people["ramjet"].owner == "side0" and people["steeltoe"].owner is None
        rng = random.Random(i)
        watch: tuple[tuple[int, str], str] | None = None  # (the turn it landed in, the foe acting)
        while isinstance(step := decide(fight, roster, table, rng), tuple):
            order = table.state.fight.order
            turn = (order.round, order.current)
            if watch is not None and turn != watch[0] and fight.arena.turn(table.state) is not None:
                # the next turn after the one the Delayed landed in is the foe's, not the target's
                assert order.current == watch[1], (i, turn, watch)
                waited += 1
                watch = None
            before = _delayed(table)
            _issue(table, *step)
            landed = _delayed(table) - before
            if landed:
                assert table.state.fight.order.current not in landed
                watch = (turn, str(table.state.fight.order.current))
    assert waited > 0


def test_more_than_two_sides_keep_their_own_player_seats() -> None:
    spec = duel("sample:thug", "sample:thug", n=4, seed=2)
    three = spec.model_copy(update={"sides": [*spec.sides, spec.sides[0]]})
    fight = fight_of(three)
    assert Roster(fight).seats == ("side0", "side1", "side2")
    run = run_fights(three, workers=1)
    assert run.summary.n == 4 and sum(run.summary.wins) + run.summary.draws == 4
