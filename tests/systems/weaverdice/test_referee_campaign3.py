"""A referee's campaign situations (third campaign pass), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a missed surveillance roll's two answers, Fans on the sheet, and Life Perk's conditions."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.campaign_support import camp, pc
from tests.systems.weaverdice.helpers import table


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def watcher(**stats: Any) -> Driver:
    """Ada in a five-slot downtime phase, Pearl's sample 4x4 grid: 0,0 is violent at 5+ (tier-2 intel
    unlocks it, TN - 3), 0,1 villain at 4+ (tier 1)."""
    d = table()
    pc(d, "ann", "ada", "Ada", **stats)
    d.do("gm", "start_downtime", slots=5)
    d.do("gm", "add_target", target="pearl", name="Pearl", dispositions=["violent", "villain"])
    return d


# --- a missed surveillance roll (src 1874) -------------------------------------------------------------


@pytest.mark.rules("WD-INTEL-021")
def test_m01_a_miss_with_no_intel_to_spend_takes_the_strike_and_cannot_be_let_go() -> None:
    """src 1874: 'If they fail, they can choose to either get a strike and tier one intel, or spend intel
    to unlock a space available to them.' Ada holds no intel: Wits 3, a natural 2 misses 0,0's 5+; the
    only answer is the strike. Declining with nothing spent is refused and changes nothing."""
    d = watcher(wits=3)
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    prompt = d.prompt("ann", "strike_choice")
    assert [o.value for o in prompt.options] == ["strike"]
    d.refuse(
        "ann", "strike_choice", rule="WD-INTEL-021", match="name the intel", character="ada", strike=False
    )
    assert "ada" in camp(d).strike_choice and camp(d).targets["pearl"].strikes == 0
    d.answer("ann", prompt.id, "strike")
    assert camp(d).targets["pearl"].strikes == 1 and ledger(d).intel == {"violent:1": 1}
    assert not camp(d).strike_choice


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-015")
def test_m02_a_miss_may_spend_intel_on_an_available_space_instead_of_the_strike() -> None:
    """src 1874 (the second answer) and src 1902 (intel unlocks a space). Ada holds tier-2 violent
    intel: 0,0 (violent, 5+) takes tier 5 - 3 = 2. A natural 2 misses; the prompt offers the strike or
    a spend on each space it unlocks, and the spend is done with the answer: 0,0 unlocked, no strike,
    the intel gone."""
    d = watcher(wits=3)
    d.do("gm", "award", character="ada", intel="violent:2")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    prompt = d.prompt("ann", "strike_choice")
    # the research corner 3,3 (violent, 5+) is open too: the thread needs no finding here
    assert [o.value for o in prompt.options] == ["strike", "spend:violent:2@r0c0", "spend:violent:2@r3c3"]
    d.answer("ann", prompt.id, "spend:violent:2@r0c0")
    t = camp(d).targets["pearl"]
    assert t.cells[0].unlocked and t.strikes == 0 and ledger(d).intel == {}
    assert not camp(d).strike_choice


@pytest.mark.rules("WD-INTEL-021", "WD-INTEL-015")
def test_m03_the_spend_in_place_of_the_strike_must_unlock_the_space_it_names() -> None:
    """src 1902: intel unlocks a space at its tier. Tier-1 violent intel is short of 0,0's tier 2, so the
    prompt offers only the strike, and naming that spend is refused with nothing changed; taking the
    strike and naming intel at once is refused too."""
    d = watcher(wits=3)
    d.do("gm", "award", character="ada", intel="violent:1")
    d.do("ann", "surveil", character="ada", target="pearl", cell="0,0", dice=[2])
    assert [o.value for o in d.prompt("ann", "strike_choice").options] == ["strike"]
    d.refuse(
        "ann",
        "strike_choice",
        rule="WD-INTEL-015",
        character="ada",
        strike=False,
        intel="violent:1",
        on="0,0",
    )
    d.refuse(
        "ann", "strike_choice", rule="WD-INTEL-021", character="ada", strike=True, intel="violent:1", on="0,0"
    )
    assert ledger(d).intel == {"violent:1": 1} and "ada" in camp(d).strike_choice
