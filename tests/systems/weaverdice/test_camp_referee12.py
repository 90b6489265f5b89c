"""A referee's campaign situations (pass 12), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a whole downtime of three characters doing different things (crafting, surveillance,
rest and training) read at the end from every seat; what progression gives a sheet (milestones, Fans,
raised caps, boxes) being the GM's to give, never a player's to write on her own sheet; a small intel
grid keeping only its pertinent headings, as the GM names them; and the refusals and secrets a table
meets on the way."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.systems.weaverdice.campaign_support import camp, pc, seen_by
from tests.systems.weaverdice.helpers import sheet, table


def said(d: Driver, seat: str) -> str:
    return " ".join(d.words(seat))


# --- (a) what progression gives a sheet is the GM's (src 1168-1231, 1359, 1366-1370) ---------------------


@pytest.mark.rules("WD-PROG-004", "WD-PROG-025", "WD-FOLLOW-010", "WD-STAT-013", "WD-STAT-014", "WD-STAT-011")
@pytest.mark.parametrize(
    ("field", "words"),
    [
        ({"milestones": 2}, "milestones"),
        ({"fans": 6}, "Fans"),
        ({"follower_bonus": 3}, "a raised follower cap"),
        ({"underling_bonus": 2}, "a raised underling cap"),
        ({"learning_boxes": 2}, "Learning a Skill boxes"),
        ({"extra_belt_slots": 1}, "extra belt slots"),
    ],
)
def test_r12_01_a_player_may_not_write_progressions_gains_on_her_own_sheet(
    field: dict[str, int], words: str
) -> None:
    """src 1181/1306: a milestone is taken when its goal is cleared and four boxes are checked, at the
    table with the GM; src 1366-1368: Fans come of rep let go at day's end or lives saved; src
    1187-1229: the boxes raise the follower and underling caps, the skill cap, the belt. A player who
    writes any of them on the sheet she adds would start with them for free (a milestone alone is +1
    rep cap and +3 followers, src 435/1359): refused with a sentence naming it, nothing added. Her
    sheet without them joins; the GM may bring in a veteran with them (as for morale, src 485)."""
    d = table()
    err = d.refuse("ann", "add_character", sheet={**sheet("ada", "Ada"), **field})
    assert isinstance(err, NotPermitted)
    assert err.message == f"The GM gives what progression brings ({words}): leave it to the GM."
    assert "ada" not in d.state.sheets
    d.do("gm", "add_character", sheet={**sheet("ada", "Ada"), **field}, owner="ann")
    ((key, value),) = field.items()
    assert getattr(d.state.sheets["ada"], key) == value
    assert d.state.people["ada"].owner == "ann"


@pytest.mark.rules("WD-PROG-004", "WD-FOLLOW-010")
def test_r12_02_a_players_own_sheet_without_progression_joins_and_a_refusal_names_every_gain() -> None:
    """The refusal names all the gains written at once (a player fixes her sheet in one go); the same
    sheet with them at 0 joins from the player's seat."""
    d = table()
    err = d.refuse("ann", "add_character", sheet={**sheet("ada", "Ada"), "milestones": 1, "fans": 2})
    assert "(milestones, Fans)" in err.message
    d.do("ann", "add_character", sheet={**sheet("ada", "Ada"), "milestones": 0, "fans": 0})
    assert d.state.people["ada"].owner == "ann"
    assert camp(d).ledger("ada").followers == {}


# --- (b) a small grid keeps only its pertinent headings (src 1795, 1868-1870) ----------------------------


def grid_panel(d: Driver, seat: str, name: str) -> Any:
    t = d.table
    return next(p for p in t.seen_panels(t.viewer_for(seat)) if p.title == f"Intel: {name}")


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-018", "WD-INTEL-017", "WD-INTEL-019")
def test_r12_03_the_gm_names_a_security_guards_two_by_two_headings_and_a_movements_row_still_helps() -> None:
    """src 1795: grids "may be 3x3 or even 2x2 (keeping only pertinent headings)"; src 1831: a 2x2 for a
    security guard. The GM keeps Movements and Patterns, Capabilities and Relationships (a guard has no
    History worth a row). Ada (Wits 3, +0) surveils, TNs 4+: 0,0 on a 4: 4 against 4+, unlocked; 0,1 on
    a 5: unlocked, the Movements row done; src 1866: knowing movements helps every information roll,
    +1 (WD-INTEL-017 PROPOSED): 1,0 on a 3: 3 + 1 = 4, unlocked. The words and the grid printed as text
    read the GM's headings, never the 4x4 corners."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm",
        "add_target",
        target="guard",
        name="Night guard",
        size=2,
        dispositions=["city"],
        tns=[4, 4, 4, 4],
        rows=["Movements", "Patterns"],
        cols=["Capabilities", "Relationships"],
    )
    d.do("gm", "start_downtime")
    d.do("ann", "surveil", character="ada", target="guard", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="guard", cell="0,1", dice=[5])
    assert camp(d).targets["guard"].lines == ("Movements",)
    d.do("ann", "surveil", character="ada", target="guard", cell="1,0", dice=[3])
    assert camp(d).targets["guard"].cells[2].unlocked
    words = said(d, "ann")
    assert "Ada: Wits 4 against 4+ on Movements x Capabilities: unlocked." in words
    assert "Movements x Relationships" in words and "Patterns x Capabilities" in words
    for seat in ("ann", "gm"):
        panel = grid_panel(d, seat, "Night guard")
        assert panel.columns == ("", "Capabilities", "Relationships")
        assert [r[0] for r in panel.rows] == ["Movements", "Patterns"]
        assert "History" not in seen_by(d, seat) and "Data" not in str(panel.model_dump())


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-018", "WD-INTEL-017")
def test_r12_04_a_lots_lines_named_as_mission_planning_give_no_information_bonus() -> None:
    """src 1870: a location's rows and columns "may not be explicitly labeled, instead being roughly
    linked to the sort of things covered in mission planning" (security, access, cash flow, people),
    its bonuses going to mission planning, not to information rolls (src 1866). A finished Security row
    gives no +1: Ada's 3 on the next cell is 3 against 4+, not unlocked."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    d.do(
        "gm",
        "add_target",
        target="lot",
        name="Parking lot",
        size=2,
        dispositions=["city"],
        tns=[4, 4, 4, 4],
        rows=["Security", "Access"],
        cols=["Cash flow", "People"],
    )
    d.do("gm", "start_downtime")
    d.do("ann", "surveil", character="ada", target="lot", cell="0,0", dice=[4])
    d.do("ann", "surveil", character="ada", target="lot", cell="0,1", dice=[5])
    assert camp(d).targets["lot"].lines == ("Security",)
    d.do("ann", "surveil", character="ada", target="lot", cell="1,0", dice=[3])
    assert not camp(d).targets["lot"].cells[2].unlocked
    assert "Ada: Wits 4 against 4+ on Security x Cash flow: unlocked." in said(d, "ann")
    assert grid_panel(d, "ann", "Parking lot").columns == ("", "Cash flow", "People")


@pytest.mark.rules("WD-INTEL-018")
@pytest.mark.parametrize(
    ("headings", "message"),
    [
        ({"rows": ["Movements", "Status", "History"]}, "A 2x2 grid needs 2 row headings and 2 column"),
        ({"rows": ["Movements", "movements"], "cols": ["Data", "Secrets"]}, "a heading of its own"),
        ({"rows": ["Movements", "Data"], "cols": ["Data", "Secrets"]}, "a heading of its own"),
    ],
)
def test_r12_05_headings_that_do_not_fit_the_grid_are_refused(headings: dict[str, Any], message: str) -> None:
    d = table()
    err = d.refuse("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"], **headings)
    assert message in err.message
    assert "lot" not in camp(d).targets


@pytest.mark.rules("WD-INTEL-009", "WD-INTEL-011")
def test_r12_06_without_the_gms_headings_a_two_by_two_keeps_the_samples_corners() -> None:
    """The default a GM starts from: the sample's first and last lines, surveillance's corner Movements x
    Capabilities (recent and observable), research's History x Data (background), as src 1864 leans."""
    d = table()
    d.do("gm", "add_target", target="lot", name="Lot", size=2, dispositions=["city"])
    panel = grid_panel(d, "ann", "Lot")
    assert panel.columns == ("", "Capabilities", "Data")
    assert [r[0] for r in panel.rows] == ["Movements", "History"]
