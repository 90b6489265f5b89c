"""Variant WD-DN-011(b), morale as extra effort, played at the table.

Seed (src 127): "For every 1 morale over neutral you have, you start the day with one
adrenaline, focus, or recovery. Once spent it doesn't recover until the first night's rest."
The table grants the dots at a night's sleep (the start of the next day), one pool a dot as
the player names them (the rest Stamina, Focus, Recovery in turn); they are spent after the
first-encounter bonus dots and before the pool's own, never come back at a lull or a rest,
exhaust nothing, and the next night's sleep replaces what is left with the new morale's dots.
"""

from __future__ import annotations

import pytest

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.vocab import Pool

from .helpers import add, sheet, table


def _vic(*, variant: bool = True, morale: int = 2):  # type: ignore[no-untyped-def]
    d = table(config={"morale_as_effort": variant})
    add(d, "ann", sheet("vic", "Vic", guts=3))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    d.do("gm", "ruling", character="vic", text="good news", morale=morale)
    return d


def _focus_left(d) -> int:  # type: ignore[no-untyped-def]
    me = d.state.people["vic"]
    return me.effort.available(d.state.sheet("vic"), Pool.FOCUS)


@pytest.mark.rules("WD-DN-011", "WD-EFFORT-011")
def test_a_nights_sleep_at_good_morale_starts_the_day_with_a_dot_a_step() -> None:
    d = _vic(morale=2)
    before = _focus_left(d)
    d.do("ann", "sleep", character="vic", morale_dots="focus, focus")
    assert d.state.people["vic"].effort.day == {Pool.FOCUS: 2}
    assert _focus_left(d) == before + 2
    assert "Morale gives 2 extra dots for the day: Focus, Focus." in d.words()[-1]


@pytest.mark.rules("WD-DN-011")
def test_unnamed_dots_go_to_each_pool_in_turn_and_too_many_are_refused() -> None:
    d = _vic(morale=3)
    d.do("ann", "sleep", character="vic", morale_dots="recovery")
    assert d.state.people["vic"].effort.day == {Pool.RECOVERY: 1, Pool.STAMINA: 1, Pool.FOCUS: 1}
    with pytest.raises(RuleViolation, match="No more than 3 morale dot") as err:
        d.do("ann", "sleep", character="vic", morale_dots="focus, focus, focus, focus")
    assert err.value.rule_id == "WD-DN-011"
    with pytest.raises(RuleViolation, match="stamina, focus or recovery"):
        d.do("ann", "sleep", character="vic", morale_dots="courage")


@pytest.mark.rules("WD-DN-011", "WD-EFFORT-009")
def test_spent_day_dots_do_not_come_back_at_a_lull_and_exhaust_nothing() -> None:
    d = _vic(morale=1)
    d.do("ann", "sleep", character="vic", morale_dots="focus")
    full = _focus_left(d)
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "end_turn", character="vic")
    # a block spends Focus (WD-EFFORT-004): the day's dot goes first
    d.do("gm", "attack", character="thug", target="vic", dice=[4])  # 4 + 1 = 5: a hit
    d.answer("ann", "react-vic", "block", dice=[6])  # 6 + 0 = 6 >= 5: blocked
    effort = d.state.people["vic"].effort
    assert effort.day == {} and not effort.used and _focus_left(d) == full - 1
    d.do("gm", "end_combat")
    # nothing non-bonus was used: no exhaustion prompt, and the day's dot stays spent
    assert [p.kind for p in d.prompts("ann")] == []
    assert d.state.people["vic"].effort.exhausted == {}
    assert _focus_left(d) == full - 1
    # the next night brings the dots of the morale then
    d.do("ann", "sleep", character="vic", morale_dots="focus")
    assert _focus_left(d) == full


@pytest.mark.rules("WD-DN-011")
def test_without_the_setting_good_morale_gives_no_dots_and_naming_them_is_refused() -> None:
    d = _vic(variant=False, morale=2)
    before = _focus_left(d)
    d.do("ann", "sleep", character="vic")
    assert d.state.people["vic"].effort.day == {} and _focus_left(d) == before
    with pytest.raises(RuleViolation, match="morale is not extra effort at this table"):
        d.do("ann", "sleep", character="vic", morale_dots="focus")


@pytest.mark.rules("WD-DN-011")
def test_neutral_or_low_morale_gives_no_dots() -> None:
    d = _vic(morale=0)
    d.do("ann", "sleep", character="vic")
    assert d.state.people["vic"].effort.day == {}


@pytest.mark.rules("WD-DN-011", "WD-CORE-011")
def test_a_gm_ruling_on_dots_left_counts_the_days_dots() -> None:
    d = _vic(morale=1)
    d.do("ann", "sleep", character="vic", morale_dots="focus")
    top = _focus_left(d)
    d.do("gm", "ruling", character="vic", text="fresh", effort={"focus": top})
    assert _focus_left(d) == top
    d.do("gm", "ruling", character="vic", text="tired", effort={"focus": 1})
    assert _focus_left(d) == 1
