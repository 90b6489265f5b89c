"""A referee's campaign situations (pass 12), each written from the seed
(``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before playing it at the table with
given dice: a whole downtime of three characters doing different things (crafting, surveillance,
rest and training) read at the end from every seat; what progression gives a sheet (milestones, Fans,
raised caps, boxes) being the GM's to give, never a player's to write on her own sheet; a small intel
grid keeping only its pertinent headings, as the GM names them; and the refusals and secrets a table
meets on the way."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from tests.systems.weaverdice.campaign_support import camp
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
