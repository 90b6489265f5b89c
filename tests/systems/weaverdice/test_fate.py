"""Whether a dropped generic died, when it matters (WD-NPC-004, WD-WOUND-012; seed src 304, 800):
generics drop when their wounds reach Guts, with no stay-up roll and no dying clock; "if it
matters, a Guts 4+ check decides whether one died". At the table the GM rolls it (``fate``)."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.wounds import Standing

from .helpers import add, sheet, table


def _dropped(**config: object):  # type: ignore[no-untyped-def]
    d = table(config=dict(config))
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=2))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5))
    d.do("gm", "ruling", character="thug", text="knocked cold", standing="down")
    return d


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012")
def test_a_dropped_generic_lives_on_guts_4_and_dies_below() -> None:
    d = _dropped()
    assert [c.fixed for c in d.legal("gm") if c.command == "fate"] == [{"character": "thug"}]
    d.do("gm", "fate", character="thug", dice=[5])  # 5 - 1 (Guts 2) = 4 >= 4: lives
    assert d.state.people["thug"].track.standing is Standing.DOWN
    assert "Thug rolls Guts: did the fall kill them?" in d.words()[-1] and "down" in d.words()[-1]
    d2 = _dropped()
    d2.do("gm", "fate", character="thug", dice=[4])  # 4 - 1 = 3 < 4: dead
    assert d2.state.people["thug"].track.standing is Standing.DEAD
    assert d2.words()[-1].endswith("Thug is dead.")
    assert not [c for c in d2.legal("gm") if c.command == "fate"]


@pytest.mark.rules("WD-NPC-004")
def test_the_tn_is_the_tables_setting() -> None:
    d = _dropped(generic_death_tn=6)
    d.do("gm", "fate", character="thug", dice=[6])  # 6 - 1 = 5 < 6
    assert d.state.people["thug"].track.standing is Standing.DEAD


@pytest.mark.rules("WD-NPC-004")
def test_only_the_gm_rolls_it_for_a_dropped_generic() -> None:
    d = _dropped()
    d.refuse("gm", "fate", character="brute", dice=[6], rule="WD-NPC-004", match="no generic")
    d.refuse("ann", "fate", character="thug", dice=[6])
    d.do("gm", "ruling", character="thug", text="up again", standing="up")
    d.refuse("gm", "fate", character="thug", dice=[6], rule="WD-NPC-004", match="has not dropped")
