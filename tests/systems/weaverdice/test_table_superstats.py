"""Super stats at the table under the superstats variant (WD-DN-002, src 29-41): "you're strong
enough that you can automatically pass those other, human-tier rolls. The GM then sets the scope
for what you're capable of, (say, requiring a 4+ to lift a car), you refer to stats as Superbrawn
or Superwits, and use those instead". Played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.helpers import add, sheet, table

#: a power that makes Brawn super: Superbrawn 7 rolls d6 + 4 for superhuman feats
MIGHT = {
    "name": "Might",
    "classifications": ["brute"],
    "action": "passive",
    "superstats": [{"stat": "brawn", "score": 7}],
}


def brute(*, variant: bool = True, power: bool = True) -> Any:
    """Bea (Ann's, Brawn 3) with Might, or with Brawn super on the sheet alone."""
    d = table(config={"superstats": variant})
    data = (
        {**sheet("bea", "Bea", brawn=3), "powers": [MIGHT]}
        if power
        else {
            **sheet("bea", "Bea", brawn=3),
            "super_stats": ["brawn"],
        }
    )
    add(d, "ann", data)
    return d


@pytest.mark.rules("WD-DN-002", "WD-CORE-003")
@pytest.mark.parametrize("power", [True, False])
def test_a_super_stat_passes_a_human_tier_check_without_a_roll(power: bool) -> None:
    d = brute(power=power)
    d.do("gm", "call_check", character="bea", stat=["brawn"], tn=6, task="force the door")
    before = len(d.table.log)
    d.do("ann", "check", character="bea", call=1, dice=[])  # no die is asked for: none is rolled
    assert all(not e.rolls for e in d.table.log[before:])
    assert d.words()[-1] == "Bea's super brawn passes to force the door: a human-tier check needs no roll."
    assert d.state.calls == {}
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-DN-002")
def test_a_superhuman_feat_rolls_the_super_score() -> None:
    d = brute()
    # "requiring a 4+ to lift a car": the GM's TN, the super score's modifier (7 - 3 = +4)
    d.do("gm", "call_check", character="bea", stat=["brawn"], tn=6, task="lift the car", superhuman=True)
    d.do("ann", "check", character="bea", call=1, dice=[2])
    assert d.table.log[-1].data["check"]["modifier"] == 4
    assert "[2] +4 = 6" in d.words()[-1] and "success" in d.words()[-1]


@pytest.mark.rules("WD-DN-002", "WD-CORE-001")
def test_without_the_variant_the_stat_is_rolled_as_ever() -> None:
    d = brute(variant=False)
    d.do("gm", "call_check", character="bea", stat=["brawn"], tn=6, task="force the door")
    d.do("ann", "check", character="bea", call=1, dice=[5])
    assert "[5] = 5" in d.words()[-1] and "failure" in d.words()[-1]


@pytest.mark.rules("WD-DN-002", "WD-EFFORT-003")
def test_a_super_stat_that_costs_effort_pays_it_for_the_pass() -> None:
    # "may cost effort" (WD-DN-002): a dot of Stamina each use
    d = table(config={"superstats": True})
    might = {**MIGHT, "superstats": [{"stat": "brawn", "score": 7, "cost": {"pool": "stamina", "dots": 1}}]}
    add(d, "ann", {**sheet("bea", "Bea", brawn=3), "powers": [might]})
    d.do("gm", "call_check", character="bea", stat=["brawn"], tn=6, task="force the door")
    d.do("ann", "check", character="bea", call=1, dice=[])
    assert d.state.people["bea"].effort.spent == {Pool.STAMINA: 1}
    assert "passes to force the door" in d.words()[-1]


#: Glory Girl's lift: "up to that limit, it's effortless and easy" (src 37)
LIFT = {
    **MIGHT,
    "superstats": [{"stat": "brawn", "score": 7, "effortless": "a little more than a cement mixer"}],
}


@pytest.mark.rules("WD-DN-002")
def test_a_feat_within_the_effortless_limit_passes_without_a_roll() -> None:
    # src 37: "There's a limit to what she can lift (a little more than a cement mixer) and up to that
    # limit, it's effortless and easy ... an autopass for things of a certain weight; no roll
    # necessary". The GM rules lifting the car within Bea's limit: no die is rolled.
    d = table(config={"superstats": True})
    add(d, "ann", {**sheet("bea", "Bea", brawn=3), "powers": [LIFT]})
    d.do(
        "gm",
        "call_check",
        character="bea",
        stat=["brawn"],
        tn=6,
        task="lift the car",
        superhuman=True,
        effortless=True,
    )
    before = len(d.table.log)
    d.do("ann", "check", character="bea", call=1, dice=[])
    assert all(not e.rolls for e in d.table.log[before:])
    assert d.words()[-1] == "Bea's super brawn passes to lift the car: within its effortless limit, no roll."
    assert d.state.calls == {}
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-DN-002")
def test_an_effortless_feat_is_refused_without_a_written_limit() -> None:
    # src 37: the limit is the power's; Might writes none, so the GM's call is refused and nothing changes
    d = brute()
    d.refuse("gm", "call_check", character="bea", stat=["brawn"], tn=6, effortless=True, rule="WD-DN-002")
    assert d.state.calls == {}
    d.refuse("ann", "check", character="bea", stat=["brawn"], effortless=True, dice=[], error=NotPermitted)
