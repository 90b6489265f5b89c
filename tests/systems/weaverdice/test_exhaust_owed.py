"""Exhaustion owed from one situation while the next is played, each written from the seed
(``/work/shared/seeds/000_*.txt``, cited "src N") and played at the table with given dice.

src 409: "At the end of any encounter or situation where effort was expended or dots were lost, if
there are at least five minutes without immediate crisis or rolls needed, players recover all spent
dots of effort except one of their choice, which becomes exhausted." src 411: "They'll have one total
exhausted dot at the end of their first encounter, two total dots exhausted at the end of their
second, three at the end of their third, etc.\""""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.effort import Pool
from tests.systems.weaverdice.helpers import add, sheet, table


def ada() -> Driver:
    """Ada, a PC with Athletics 3 (three Stamina) and Wits 3, played by ann."""
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=3, wits=3, guts=3))
    return d


def climb(d: Driver, task: str) -> None:
    """A climb outside any fight, its failed roll rerolled with one Stamina dot (src 370)."""
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task=task)
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])


def exhausted(d: Driver) -> int:
    return sum(d.state.people["ada"].effort.exhausted.values())


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010")
def test_a_second_situation_settled_before_the_first_pick_owes_its_own_dot() -> None:
    """Ada pushes a climb (one Stamina dot) and the GM's lull closes it: she owes a pick, and has not
    made it when a second climb costs her another dot. Five quiet minutes close that one too: she now
    owes two picks, one per situation (src 411: two exhausted dots after the second), and each pick
    exhausts a dot. Before, the second lull was refused ("Nobody has spent effort since the last
    lull"): Ada, owing her first pick, was left out of it, and ended the day with one exhausted dot."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    assert d.state.exhaust_owed == ("ada",)
    climb(d, "the wall")
    d.do("gm", "lull")
    assert d.state.exhaust_owed == ("ada", "ada")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert d.state.exhaust_owed == ("ada",)
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert d.state.exhaust_owed == ()
    effort = d.state.people["ada"].effort
    assert effort.exhausted.get(Pool.STAMINA) == 2
    assert exhausted(d) == 2
    assert sum(effort.spent.values()) == 0  # the rest came back
    d.refuse("ann", "exhaust", character="ada", pool="stamina", rule="WD-EFFORT-009")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010")
def test_a_pick_made_between_situations_keeps_the_later_spending_for_its_own_lull() -> None:
    """src 409: the dots come back at the end of the situation they were spent in. Ada's first climb
    is settled by a lull; she climbs again (one more Stamina dot) and only then picks the first
    climb's dot: the second climb's dot stays spent until its own lull, which still owes a pick of its
    own. Two exhausted dots in all (src 411)."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    climb(d, "the wall")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    effort = d.state.people["ada"].effort
    assert (exhausted(d), effort.spent.get(Pool.STAMINA, 0)) == (1, 1)
    d.do("gm", "lull")
    assert d.state.exhaust_owed == ("ada",)
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert exhausted(d) == 2
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010")
def test_a_fight_after_an_unpicked_situation_owes_a_second_pick() -> None:
    """src 409 'any encounter or situation': Ada's climb is settled by a lull and her pick not yet
    made when a fight starts, in which she pushes a move with Stamina (src 374); the fight ends with
    its lull. She owes both picks: the climb's is not dropped by the fight's. Before, the fight's end
    replaced what was owed with the fight's alone, and still owed one."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    d.do("gm", "end_combat", lull=True)
    assert d.state.exhaust_owed == ("ada", "ada")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert exhausted(d) == 2
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-010")
def test_two_owed_picks_are_asked_one_at_a_time_through_the_prompt() -> None:
    """src 411 'Players can choose what gets exhausted': Ada owes two picks; the table asks her one
    question at a time (one open prompt, not two with the same id), and answering it twice settles both.
    The second situation cost her a Focus dot (a GM ruling): each pick is a dot of what its own
    situation spent (src 409), Stamina for the climb, Focus for the second."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("gm", "ruling", character="ada", text="The flashbang rattles her.", effort={"focus": 2})
    d.do("gm", "lull")
    assert [p.id for p in d.prompts("ann") if p.kind == "exhaust"] == ["exhaust-ada"]
    d.answer("ann", "exhaust-ada", "stamina")
    assert [p.id for p in d.prompts("ann") if p.kind == "exhaust"] == ["exhaust-ada"]
    d.answer("ann", "exhaust-ada", "focus")
    assert not [p for p in d.prompts("ann") if p.kind == "exhaust"]
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1, Pool.FOCUS: 1}


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-011")
def test_a_nights_sleep_lapses_every_owed_pick() -> None:
    """src 409: the exhausted dot lasts 'until their next full night of sleep': Ada sleeps owing two
    picks; both lapse with the night, nothing is exhausted and nothing stays spent."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    climb(d, "the wall")
    d.do("gm", "lull")
    d.do("ann", "sleep", character="ada")
    assert d.state.exhaust_owed == ()
    effort = d.state.people["ada"].effort
    assert (exhausted(d), sum(effort.spent.values())) == (0, 0)
    d.refuse("gm", "lull", rule="WD-EFFORT-009")


@pytest.mark.rules("WD-EFFORT-009")
def test_a_pick_owed_in_a_table_saved_before_plays_as_it_was_played() -> None:
    """A table saved before lulls kept spending apart: Ada owes a pick, her effort has no record of
    what the lull settled. As then, a lull with nobody else spending is refused, and her pick gives
    back all she spent (two Stamina dots), exhausting one."""
    d = ada()
    climb(d, "the fence")
    climb(d, "the wall")
    me = d.state.people["ada"]
    d.patch(exhaust_owed=("ada",))
    assert me.effort.settled is None and me.effort.used
    d.refuse("gm", "lull", rule="WD-EFFORT-009")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    effort = d.state.people["ada"].effort
    assert (exhausted(d), sum(effort.spent.values()), effort.used) == (1, 0, False)


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-007")
def test_dots_a_gm_ruling_takes_after_the_lull_are_the_next_situations() -> None:
    """src 409 'where effort was expended or dots were lost': Ada's climb is settled by a lull, her pick
    still owed, when the GM rules a fall costs her Stamina: she has 1 left of the 2 the climb left her.
    That loss is a new situation's, which the next lull settles with a pick of its own."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("gm", "ruling", character="ada", text="The ledge gives; she catches herself.", effort={"stamina": 1})
    d.do("gm", "lull")
    assert d.state.exhaust_owed == ("ada", "ada")
