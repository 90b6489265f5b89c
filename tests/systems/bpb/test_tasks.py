"""Task rolls through the table: the ladder, opposed tasks, impossibility, takes, extreme success,
extended tasks and competitions, and the exact odds shown before each roll (worked examples B11-B14, B25)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from capeworks.errors import InvalidCommand, NotFound
from capeworks.systems.bpb.odds import at_least, task_odds
from capeworks.systems.bpb.tasks import LADDER, Task, allowed_takes
from tests.systems.bpb.helpers import of, one, state, table

#: no pressure, no penalty, no time limit: the average and the max may be taken
CALM = {"pressure": False, "penalty": False, "time_limit": False}


def _call(d, **fields):
    d.do("gm", "call_task", payload=fields)
    return max(state(d).calls)


@pytest.mark.rules("BPB-ROLL-001", "BPB-XS-001", "BPB-ROLL-004", "BPB-ROLL-006", "BPB-XS-002")
@pytest.mark.parametrize(
    ("skill", "dice", "success", "extreme"),
    [("Acrobatics", (6, 5), True, True), ("Acrobatics", (5, 5), True, False), ("", (6, 5), True, False),
     ("Acrobatics", (3, 4), False, False)],
)  # fmt: skip
def test_b11_extreme_needs_three_over_and_expertise(skill, dice, success, extreme) -> None:
    d = table()
    call = _call(d, character="widow", attribute="Agility", skill=skill, level="challenging")
    assert state(d).calls[call].difficulty == 12
    roll = one(d.do("ann", "roll", call=call, character="widow", dice=dice), "task_rolled").roll
    assert (roll.verdict.total, roll.verdict.success, roll.verdict.extreme) == (
        sum(dice) + 4,
        success,
        extreme,
    )


@pytest.mark.rules("BPB-ROLL-002")
def test_easy_tasks_are_not_rolled() -> None:
    d = table()
    d.refuse("gm", "call_task", rule="BPB-ROLL-002", character="widow", attribute="Reason", level="easy")


@pytest.mark.rules("BPB-ROLL-004", "BPB-ROLL-006", "BPB-ROLL-003")
def test_ladder_is_nine_plus_threes() -> None:
    assert [v for v in LADDER.values() if v is not None] == [9, 12, 15, 18, 21]
    d = table()
    for level, value in (("routine", 9), ("demanding", 15), ("frustrating", 18)):
        call = _call(d, character="ganyeka", attribute="Endurance", level=level)
        assert state(d).calls[call].difficulty == value
    call = _call(d, character="ganyeka", attribute="Brawn", difficulty=13)  # any number the GM likes
    assert state(d).calls[call].difficulty == 13


@pytest.mark.rules("BPB-ROLL-005")
def test_b12_impossible_beyond_twelve() -> None:
    d = table()
    out_of_reach = _call(d, character="adler", attribute="Reason", difficulty=15)  # a plot point's alone
    d.refuse("gm", "roll", rule="BPB-ROLL-005", call=out_of_reach, character="adler", dice=(6, 6))
    call = _call(d, character="widow", attribute="Reason", difficulty=15)  # Reason 3: needs a 12
    roll = one(d.do("ann", "roll", call=call, character="widow", dice=(6, 6)), "task_rolled").roll
    assert (roll.odds.success, roll.verdict.success) == ("1/36", True)


@pytest.mark.rules("BPB-ROLL-007")
def test_b13_opposed_is_eight_plus_defender() -> None:
    d = table()
    call = _call(d, character="ganyeka", attribute="Prowess", against="widow")
    assert state(d).calls[call].difficulty == 12
    roll = one(d.do("bo", "roll", call=call, character="ganyeka", dice=(4, 4)), "task_rolled").roll
    assert Fraction(roll.odds.success) == Fraction(15, 36)
    assert roll.verdict.success


@pytest.mark.rules("BPB-TAKE-001", "BPB-TAKE-002", "BPB-TAKE-003")
def test_b14_take_average_and_max() -> None:
    d = table()
    call = _call(
        d, character="ganyeka", attribute="Brawn", skill="throwing", difficulty=12, **CALM
    )  # fmt: skip
    roll = one(d.do("bo", "roll", call=call, character="ganyeka", take="average"), "task_rolled").roll
    assert (roll.verdict.total, roll.verdict.success, roll.verdict.extreme, roll.faces) == (
        12,
        True,
        False,
        (),
    )
    call = _call(
        d, character="ganyeka", attribute="Brawn", skill="throwing", difficulty=12, **CALM
    )  # fmt: skip
    roll = one(d.do("bo", "roll", call=call, character="ganyeka", take="max"), "task_rolled").roll
    assert (roll.verdict.total, roll.verdict.extreme) == (17, True)
    # a time limit but no penalty: the average, not the max
    call = _call(d, character="ganyeka", attribute="Brawn", difficulty=12, pressure=False, penalty=False)
    d.refuse("bo", "roll", rule="BPB-TAKE-002", call=call, character="ganyeka", take="max")
    # under pressure (combat, the default): neither
    call2 = _call(d, character="ganyeka", attribute="Brawn", difficulty=12)
    d.refuse("bo", "roll", rule="BPB-TAKE-001", call=call2, character="ganyeka", take="average")
    assert allowed_takes(pressure=False, penalty=True, time_limit=True) == ("roll",)


@pytest.mark.rules("BPB-TAKE-003")
def test_take_cannot_be_extreme_when_the_table_says_so() -> None:
    d = table({"take_allows_extreme": False})
    call = _call(
        d, character="ganyeka", attribute="Brawn", skill="throwing", difficulty=12, **CALM
    )  # fmt: skip
    roll = one(d.do("bo", "roll", call=call, character="ganyeka", take="max"), "task_rolled").roll
    assert (roll.verdict.success, roll.verdict.extreme) == (True, False)


@pytest.mark.rules("BPB-EXT-001", "BPB-EXT-002")
def test_b25_extended_task_extreme_counts_three() -> None:
    d = table()
    call = _call(d, character="widow", attribute="Agility", skill="Acrobatics", difficulty=12, required=5)
    d.do("ann", "roll", call=call, character="widow", dice=(4, 4))  # 12: one
    assert state(d).calls[call].successes["widow"] == 1
    d.do("ann", "roll", call=call, character="widow", dice=(6, 5))  # 15: extreme, three
    assert state(d).calls[call].successes["widow"] == 4
    events = d.do("ann", "roll", call=call, character="widow", dice=(5, 3))  # 12: one -> five in three rolls
    closed = one(events, "call_closed")
    assert (closed.outcome, closed.winner) == ("succeeded", "widow")
    assert call not in state(d).calls


@pytest.mark.rules("BPB-EXT-001")
def test_extended_task_runs_out_of_attempts() -> None:
    d = table()
    call = _call(d, character="widow", attribute="Agility", difficulty=12, required=3, max_attempts=2)
    d.do("ann", "roll", call=call, character="widow", dice=(1, 1))
    events = d.do("ann", "roll", call=call, character="widow", dice=(6, 6))
    assert one(events, "call_closed").outcome == "failed"
    d.refuse("ann", "roll", error=NotFound, call=call, character="widow")


@pytest.mark.rules("BPB-EXT-003")
def test_competition_first_to_the_required_successes() -> None:
    d = table()
    d.do("gm", "contest", sides="widow, ganyeka", attribute="Agility", difficulty=10, required=2, task="race")
    call = max(state(d).calls)
    d.do("ann", "roll", call=call, character="widow", dice=(3, 3))  # 10: one
    d.refuse("ann", "roll", rule="BPB-EXT-003", call=call, character="widow")  # Ganyeka rolls first
    d.do("bo", "roll", call=call, character="ganyeka", dice=(1, 1))  # 5: none
    d.do("ann", "roll", call=call, character="widow", dice=(4, 4))  # two: but the round is not over
    assert call in state(d).calls
    events = d.do("bo", "roll", call=call, character="ganyeka", dice=(4, 4))  # 11: one
    assert (one(events, "call_closed").winner) == "widow"


@pytest.mark.rules("BPB-EXT-003")
def test_competition_tie_goes_on() -> None:
    d = table()
    d.do("gm", "contest", sides="widow, ganyeka", attribute="Agility", difficulty=10, required=1)
    call = max(state(d).calls)
    d.do("ann", "roll", call=call, character="widow", dice=(3, 3))
    events = d.do("bo", "roll", call=call, character="ganyeka", dice=(4, 4))
    assert not of(events, "call_closed") and call in state(d).calls  # both one: another round
    d.do("ann", "roll", call=call, character="widow", dice=(6, 6))
    events = d.do("bo", "roll", call=call, character="ganyeka", dice=(1, 1))
    assert one(events, "call_closed").winner == "widow"


@pytest.mark.rules("BPB-ROLL-001", "BPB-XS-001")
def test_exact_odds_from_the_dice_package() -> None:
    assert at_least(2) == 1 and at_least(13) == 0 and at_least(7) == Fraction(21, 36)
    odds = task_odds(Task(attribute=5, difficulty=12, expertise=True))  # need 7, extreme 10
    assert (odds.success, odds.extreme) == ("7/12", "1/6")
    assert task_odds(Task(attribute=5, difficulty=12)).extreme == "0"


@pytest.mark.rules("BPB-PP-005")
def test_plot_point_automatic_success() -> None:
    d = table()
    d.do("gm", "start_session")
    call = _call(d, character="widow", attribute="Reason", difficulty=15)  # needs a 12
    roll = one(d.do("ann", "roll", call=call, character="widow", plot_point=True), "task_rolled").roll
    assert (roll.verdict.success, roll.faces, roll.plot_point) == (True, (), True)  # no expertise: no roll
    assert state(d).condition("widow").plot_points == 0
    call = _call(d, character="widow", attribute="Agility", skill="Acrobatics", difficulty=12)
    d.refuse("ann", "roll", rule="BPB-PP-005", call=call, character="widow", plot_point=True)
    d.do("gm", "award", character="widow", reason="the villain escaped with her notes")
    roll = one(
        d.do("ann", "roll", call=call, character="widow", plot_point=True, dice=(1, 2)), "task_rolled"
    ).roll
    assert (roll.verdict.success, roll.verdict.extreme, roll.faces) == (
        True,
        False,
        (1, 2),
    )  # rolled for extreme


@pytest.mark.rules("BPB-EXT-004", "BPB-EXT-001")
def test_multidisciplinary_team_task() -> None:
    d = table()
    d.do("gm", "team_task", members="widow:Agility, ganyeka:Brawn", difficulty=12, required=3, max_attempts=4)
    call = max(state(d).calls)
    assert state(d).calls[call].attributes == {"widow": "Agility", "ganyeka": "Brawn"}
    d.do("ann", "roll", call=call, character="widow", dice=(4, 4))  # 4 + 8 = 12: one
    roll = one(d.do("bo", "roll", call=call, character="ganyeka", dice=(5, 5)), "task_rolled").roll
    assert roll.task.attribute == 5  # Ganyeka rolls his Brawn toward the same total
    d.do("bo", "roll", call=call, character="ganyeka", dice=(1, 1))  # no order between teammates
    events = d.do("ann", "roll", call=call, character="widow", dice=(6, 6))
    assert one(events, "call_closed").outcome == "succeeded"
    d.refuse("gm", "team_task", error=InvalidCommand, members="widow", difficulty=12, required=2)


@pytest.mark.rules(
    "BPB-ROLL-001", "BPB-ROLL-005", "BPB-ROLL-006", "BPB-XS-001", "BPB-TAKE-001", "BPB-TAKE-002"
)
def test_a_called_task_shows_its_odds_before_the_roll() -> None:
    # the call's prompt said only "Roll": a new player had no chance to weigh before rolling, where a
    # block's or a dodge's prompt shows one. Widow's Agility 4 vs 10 without expertise: 2d6 >= 6,
    # 26/36 = 72%; with Acrobatics (expertise) vs challenging 12: 2d6 >= 8, 15/36 = 42%, extreme at
    # 2d6 >= 11, 3/36 = 8% (src 151-165); calm, she may take 7 (11 vs 12, fails) or 12 (16, succeeds)
    d = table()
    d.do("gm", "call_task", character="widow", attribute="Agility", difficulty=10)
    (plain,) = (p for p in d.prompts("ann") if p.kind == "task")
    assert [o.label for o in plain.options] == ["roll (2d6+4 vs 10: 72%)"]
    d.do("ann", "roll", call=max(state(d).calls), character="widow", dice=(3, 3))
    d.do(
        "gm",
        "call_task",
        character="widow",
        attribute="Agility",
        skill="Acrobatics",
        level="challenging",
        **CALM,
    )
    (calm,) = (p for p in d.prompts("ann") if p.kind == "task")
    assert [o.label for o in calm.options] == [
        "roll (2d6+4 vs 12: 42%, extreme 8%)",
        "take 7 (the average): 11 vs 12, fails",
        "take 12 (the most): 16 vs 12, succeeds",
    ]
    assert task_odds(Task(attribute=4, difficulty=12, expertise=True)).extreme == str(Fraction(3, 36))
    # past 12 over her Agility no roll reaches it (src 153): only a plot point's automatic success
    # would (src 469), and Widow has none, so nothing is offered to roll in vain
    d.do("ann", "roll", call=max(state(d).calls), character="widow", take="max")
    d.do("gm", "call_task", character="widow", attribute="Agility", difficulty=17)
    (far,) = (p for p in d.prompts("ann") if p.kind == "task")
    assert list(far.options) == []
