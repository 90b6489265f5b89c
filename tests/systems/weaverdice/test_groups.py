"""NPC groups in the turn order (WD-NPC-005, WD-COMBAT-004): one slot a group, every member acting
in it, members dropping on their own; bystanders last, in the GM's order of groups."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.combat import Entrant, group_slots, initiative_order
from capeworks.systems.weaverdice.vocab import Tier
from tests.systems.weaverdice.helpers import add, sheet, table


def squad():  # type: ignore[no-untyped-def]
    """Ann's Vic, a lone thug, three SWAT officers and three bystanders."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))  # speed 3 + 3 = 6, + d6
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=4))  # 4 + 3 = 7, + 3 = 10
    add(d, "gm", sheet("swat1", "SWAT one", "generic"))  # 6 + 3 = 9
    add(d, "gm", sheet("swat2", "SWAT two", "generic", athletics=5, guts=1))  # 8 + 3 = 11 alone
    add(d, "gm", sheet("swat3", "SWAT three", "generic"))  # 9
    add(d, "gm", sheet("kid", "Kid", "bystander"))
    add(d, "gm", sheet("mom", "Mom", "bystander"))
    add(d, "gm", sheet("dad", "Dad", "bystander"))
    return d


@pytest.mark.rules("WD-NPC-005", "WD-COMBAT-004", "WD-NPC-007")
def test_a_group_takes_one_slot_at_its_slowest_and_acts_there_member_by_member() -> None:
    d = squad()
    # Vic 6 + 6 = 12; thug 10; the SWAT group's slot min(9, 11, 9) = 9, so SWAT two (11 alone)
    # acts after the thug (10) with its group; bystanders last: the GM's group mom+dad, then kid
    d.do("gm", "start_combat", groups="swat1+swat2+swat3, mom+dad", dice=[6])
    fight = d.state.fight
    assert fight.order.order == ("vic", "thug", "swat1", "swat2", "swat3", "mom", "dad", "kid")
    assert fight.groups == (("swat1", "swat2", "swat3"), ("mom", "dad"))
    said = d.words()[-2]
    assert "SWAT one and SWAT two and SWAT three (a group) 9" in said and "Thug 10" in said
    # each member takes its own turn (its own two actions) within the slot
    for ident in ("vic", "thug"):
        d.do("ann" if ident == "vic" else "gm", "end_turn", character=ident)
    for ident in ("swat1", "swat2", "swat3"):
        assert d.state.fight.order.current == ident
        d.do("gm", "act", character=ident, action="shoot")
        d.do("gm", "act", character=ident, action="advance")
        d.refuse("gm", "act", character=ident, action="a third", rule="WD-COMBAT-008")
        d.do("gm", "end_turn", character=ident)
    assert d.state.fight.order.current == "mom"


@pytest.mark.rules("WD-NPC-005", "WD-WOUND-012", "WD-COMBAT-001")
def test_group_members_drop_one_at_a_time() -> None:
    d = squad()
    d.do(
        "gm",
        "start_combat",
        characters="vic, thug, swat1, swat2, swat3",
        groups="swat1+swat2+swat3",
        dice=[6],
    )
    d.do("gm", "ruling", character="swat2", text="Tased and down", standing="unconscious")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    d.do("gm", "end_turn", character="swat1")
    assert d.state.fight.order.current == "swat3"  # swat2 is skipped, the rest of its group acts
    d.do("gm", "end_turn", character="swat3")
    assert (d.state.fight.order.current, d.state.fight.order.round) == ("vic", 2)


@pytest.mark.rules("WD-NPC-005")
def test_bad_groups_are_refused_and_nothing_starts() -> None:
    d = squad()
    d.refuse("gm", "start_combat", groups="swat1+vic", rule="WD-NPC-005", match="acts alone")
    d.refuse("gm", "start_combat", groups="swat1+swat2, swat2+swat3", rule="WD-NPC-005", match="two groups")
    d.refuse("gm", "start_combat", groups="swat1+kid", rule="WD-NPC-005", match="not a mix")
    d.refuse(
        "gm", "start_combat", characters="vic, swat1", groups="swat1+swat3", rule="WD-NPC-005", match="not in"
    )
    assert d.state.fight is None


@pytest.mark.rules("WD-NPC-005")
def test_bystander_groups_in_the_gm_order_whatever_their_speed() -> None:
    order, still = initiative_order(
        [
            Entrant(id="late", score=30, tier=Tier.BYSTANDER, gm_order=1),
            Entrant(id="early", score=2, tier=Tier.BYSTANDER, gm_order=0),
            Entrant(id="thug", score=4, tier=Tier.GENERIC),
        ]
    )
    assert order == ("thug", "early", "late") and still == []
    assert group_slots(("a", "g1", "b"), [("g1", "g2", "g3")]) == ("a", "g1", "g2", "g3", "b")


@pytest.mark.rules("WD-COMBAT-004", "WD-NPC-005")
def test_reinforcements_join_after_those_already_fighting_as_a_group() -> None:
    d = squad()
    d.do("gm", "start_combat", characters="vic, thug, kid", dice=[6])  # Vic 12, Thug 10, Kid last
    d.do("ann", "end_turn", character="vic")
    # SWAT arrives on the thug's turn: one slot at min(9, 11, 9) = 9, after the thug, before the kid
    d.do("gm", "join_combat", characters="swat1, swat2, swat3", groups="swat1+swat2+swat3")
    fight = d.state.fight
    assert fight.order.order == ("vic", "thug", "swat1", "swat2", "swat3", "kid")
    assert fight.order.current == "thug" and fight.groups == (("swat1", "swat2", "swat3"),)
    assert "Reinforcements join the fight." in d.words()[-1]
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight.order.current == "swat1"  # they act this very round, in their slot
    d.refuse("gm", "join_combat", characters="swat2", rule="WD-COMBAT-001", match="already")


@pytest.mark.rules("WD-NPC-003", "WD-COMBAT-004")
def test_a_hidden_reinforcement_is_veiled_for_players_and_one_line_for_the_gm() -> None:
    d = squad()
    add(d, "gm", sheet("sniper", "Sniper", "generic", dexterity=4), hidden=True)  # 7 + 3 = 10
    d.do("gm", "start_combat", characters="vic, thug", dice=[6])
    d.do("gm", "join_combat", characters="sniper")
    assert "Sniper ?" in d.words("ann")[-1] and not any("Sniper 10" in w for w in d.words("ann"))
    assert [w for w in d.words() if "Sniper" in w and "10" in w] == [
        "Hidden initiative (GM only): Sniper 10."
    ]
    assert not any("Sniper ?" in w for w in d.words())
