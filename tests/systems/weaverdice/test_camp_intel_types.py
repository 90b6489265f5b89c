"""The GM adds intel types beside the dispositions, played through the table.

WD-INTEL-002's OPEN point: the seed points at an appendix of intel tables
that is not there (src 2018-2020: "Here is a document with tables and icons
for use in Intelligence"), so the types are the dispositions (src 207, 1823,
1831) plus each target's own wildcard, and the GM may add types (PROPOSED).
Cases, each from the seed's flow of intel (src 1817-1831): a table whose
villains are a pirate crew gets a "pirate" type from the GM; pirate intel is
then awarded like violence intel (src 1821), spent to narrow a pirate's
finding DC (src 1801-1817) or unlock a pirate-tagged cell (src 1795), upgraded
(src 1911), tags a reworked grid, and shows on the campaign sheet and the grid.
A player may not add a type (the GM disposes); an unknown type's refusal names
the added ones with the dispositions.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import table


def ledger(d: Driver, ident: str = "ada") -> Any:
    return camp(d).ledger(ident)


def pirates(d: Driver, *, find_dc: int = 0) -> None:
    """Ada in downtime; the GM adds the pirate type and a 2x2 target, the Reef Teeth crew, whose cells
    alternate pirate and violent (pirate at 0,0 and 1,1), every TN 4+ (tier-1 intel opens each)."""
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "start_downtime", slots=3)
    d.do("gm", "add_intel_type", types=["pirate"])
    d.do(
        "gm",
        "add_target",
        target="teeth",
        name="Reef Teeth",
        size=2,
        dispositions=["pirate", "violent"],
        tns=[4, 4, 4, 4],
        find_dc=find_dc,
    )


@pytest.mark.rules("WD-INTEL-002", "WD-INTEL-015", "WD-INTEL-010")
def test_pirate_intel_is_awarded_and_unlocks_a_pirate_cell_once_the_gm_adds_the_type() -> None:
    """After the GM adds 'pirate', Reef Teeth's grid is tagged pirate; the GM awards Ada one tier-1
    pirate intel (the player sees it on the campaign sheet and the pirate cells on the grid), and she
    spends it to unlock Movements x Capabilities (0,0, pirate, TN 4+: tier 1), no action taken."""
    d = table()
    pirates(d)
    assert camp(d).intel_types == ("pirate",)
    assert [c.tag for c in camp(d).targets["teeth"].cells] == ["pirate", "violent", "violent", "pirate"]
    d.do("gm", "award", character="ada", intel="pirate:1")
    assert ledger(d).intel == {"pirate:1": 1}
    panels = d.table.seen_panels(d.table.viewer_for("ann"))
    sheet = next(p for p in panels if p.title == "Campaign")
    assert sheet.rows[0][-1] == "pirate:1 x1"
    grid = next(p for p in panels if p.title == "Intel: Reef Teeth")
    assert grid.rows[0][1] == "pirate 4+ open"
    assert "The GM adds intel of type pirate, beside the dispositions." in d.words("ann")
    d.do("ann", "spend_intel", character="ada", target="teeth", intel="pirate:1", on="0,0")
    assert camp(d).targets["teeth"].cells[0].unlocked and ledger(d).intel == {}
    assert camp(d).phase.slots["ada"].used == 0
    assert d.words("ann")[-1] == "Ada: spends tier-1 pirate intel to unlock Movements x Capabilities."


@pytest.mark.rules("WD-INTEL-002", "WD-INTEL-003")
def test_pirate_intel_narrows_a_pirate_targets_finding_dc() -> None:
    """src 1801-1817: relevant intel cuts the finding DC by tier; tier-2 pirate intel is relevant to a
    pirate crew, so Reef Teeth's hidden DC 40 halves to 20 (the GM alone reads the number)."""
    d = table()
    pirates(d, find_dc=40)
    d.do("gm", "award", character="ada", intel="pirate:2")
    d.do("ann", "spend_intel", character="ada", target="teeth", intel="pirate:2", on="find")
    assert camp(d).targets["teeth"].find_dc == 20 and ledger(d).intel == {}
    assert d.words("ann")[-1] == "Ada: spends tier-2 pirate intel to narrow the find."


@pytest.mark.rules("WD-INTEL-002", "WD-INTEL-003")
def test_pirate_intel_says_nothing_about_a_target_with_no_pirate_in_it() -> None:
    """Intel must be 'relevant to the target' (src 1801): pirate intel on Gus, violent only, is refused
    and Ada keeps it."""
    d = table()
    pirates(d)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4, 4, 4, 4])
    d.do("gm", "award", character="ada", intel="pirate:1")
    err = d.refuse("ann", "spend_intel", character="ada", target="gus", intel="pirate:1", on="0,0")
    assert "says nothing about Gus" in str(err)
    assert ledger(d).intel == {"pirate:1": 1}


@pytest.mark.rules("WD-INTEL-002", "WD-INTEL-029")
def test_three_pirate_intel_upgrade_to_one_of_a_higher_tier() -> None:
    """src 1911: 'Turn 3 intel of tier 1-3 into one of a higher tier, same type': an added type converts
    like a disposition."""
    d = table()
    pirates(d)
    d.do("gm", "award", character="ada", intel="pirate:1", intel_count=3)
    d.do("ann", "utilize_intel", character="ada", ops=["upgrade pirate:1"])
    assert ledger(d).intel == {"pirate:2": 1}


@pytest.mark.rules("WD-INTEL-002", "WD-INTEL-039")
def test_a_reworked_grid_may_take_an_added_type() -> None:
    """src 1990-1992: a revelation rewrites a grid's dispositions; the GM's added type is one it may take.
    Gus turns out to run with the pirates: his dispositions become violent and pirate."""
    d = table()
    pirates(d)
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4, 4, 4, 4])
    d.do("gm", "rework_target", target="gus", dispositions=["violent", "pirate"])
    assert camp(d).targets["gus"].dispositions == ("violent", "pirate")


@pytest.mark.rules("WD-INTEL-002", "WD-LORE-004")
def test_a_player_may_not_add_an_intel_type() -> None:
    """The GM disposes: Ann's try to add 'pirate' is refused, nothing changes, and pirate intel is still
    no type at this table."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.refuse("ann", "add_intel_type", error=NotPermitted, types=["pirate"])
    assert camp(d).intel_types == ()
    d.refuse("gm", "award", character="ada", intel="pirate:1")


@pytest.mark.rules("WD-INTEL-002")
def test_an_unknown_types_refusal_names_the_added_types_too() -> None:
    """With pirate and smuggler added, 'kraken' intel is refused, and the sentence lists the dispositions
    and both added types; Ada's intel is untouched."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do("gm", "add_intel_type", types=["pirate", "Smuggler"])
    err = d.refuse("gm", "award", character="ada", intel="kraken:1")
    assert str(err).endswith(
        "There is no intel type 'kraken'; the types are hero, villain, mercenary, sponsored, believer, "
        "violent, f-lister, city, pirate, smuggler."
    )
    assert ledger(d).intel == {}


@pytest.mark.rules("WD-INTEL-002", "WD-LORE-004")
@pytest.mark.parametrize(
    ("types", "says"),
    [
        (["violence"], "There is already an intel type violent."),  # src 1821's word for violent
        (["pirate", "pirate"], "There is already an intel type pirate."),
        (["pi:rate"], "An intel type is one word"),
        (["gus"], "There is a target called gus: gus intel is its own wildcard."),
    ],
)
def test_a_type_the_table_knows_or_that_is_no_word_is_refused(types: list[str], says: str) -> None:
    """A new type names no type the table knows (nor the seed's other word for one), no target (its own
    intel is its wildcard, src 1831), and is one word (intel is written type:tier). Refused, nothing
    changed."""
    d = table()
    d.do("gm", "add_target", target="gus", name="Gus", size=2, dispositions=["violent"], tns=[4, 4, 4, 4])
    err = d.refuse("gm", "add_intel_type", types=types)
    assert says in str(err)


@pytest.mark.rules("WD-INTEL-002")
def test_a_target_may_not_take_an_added_types_name() -> None:
    """Once 'pirate' is a type, a target with the id pirate would make pirate intel its wildcard too:
    refused."""
    d = table()
    d.do("gm", "add_intel_type", types=["pirate"])
    err = d.refuse("gm", "add_target", target="pirate", name="Pirate", size=2, dispositions=["violent"])
    assert "There is an intel type pirate: give the target another id." in str(err)


@pytest.mark.rules("WD-INTEL-002")
def test_added_types_replay_and_a_second_add_keeps_the_first() -> None:
    """The added types live in the log: a second add keeps the first, the replayed table equals the
    live one, and the players see the types added."""
    d = table()
    pirates(d)
    d.do("gm", "add_intel_type", types=["smuggler"])
    assert camp(d).intel_types == ("pirate", "smuggler")
    assert d.replayed().state == d.table.state
    assert "smuggler" in seen_by(d, "ann")
