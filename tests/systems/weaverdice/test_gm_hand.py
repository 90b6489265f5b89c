"""[GM] rules of part 1 that had no GM way at the table (issue 18), played through it.

Referee cases, written from the seed before the code:

WD-NPC-006 (seed 306: "Once an individual has seen some scary situations they
can be upgraded to basic 'generic' NPCs"). Dot, a bystander (stats 3: speed
6), has been through two fights; the GM upgrades her to a generic. At the next
fight Ada (speed 2) rolls a 1: 3. As a bystander Dot would act after
everyone; as a generic she acts at speed + 3 = 9, before Ada. Her defense is
the generic 3 (not 2) and her track has Guts (3) slots, not one. A player
cannot do it, a PC cannot be re-tiered, and not in the middle of her fight.

WD-COMBAT-029 (seed 996: "In events where players are competing, expected
actions can be written down and held onto"). Ann's Ada and Bob's Bo race for
the same switch; each writes the expected action down. Bob's seat never reads
Ada's words (view, log, menu) until the GM reveals them; then everyone reads
both at once. A second written action waits for the reveal; only the GM
reveals.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.weaverdice.vocab import Tier
from tests.systems.weaverdice.campaign_support import seen_by
from tests.systems.weaverdice.helpers import add, sheet, table


def _dot_and_ada() -> Driver:
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=1, dexterity=1), owner="ann")
    add(d, "gm", sheet("dot", "Dot", "bystander"))
    return d


@pytest.mark.rules("WD-NPC-006", "WD-NPC-007", "WD-NPC-005")
def test_a_bystander_upgraded_to_a_generic_rolls_in_as_a_generic_at_the_next_fight() -> None:
    d = _dot_and_ada()
    assert d.state.people["dot"].track.slots == 1
    d.do("gm", "change_tier", character="dot", tier="generic", reason="she has seen enough")
    assert d.state.sheets["dot"].tier is Tier.GENERIC
    assert d.state.people["dot"].tier is Tier.GENERIC
    assert d.state.people["dot"].track.slots == 3  # Guts 3, no longer the bystander's one
    assert d.state.sheet("dot").defense(d.state.config) == 3
    assert d.words("ann")[-1] == "Dot is now a generic, no longer a bystander (she has seen enough)."
    d.do("gm", "start_combat", dice=[1])  # Ada 2 + 1 = 3; Dot, a generic, 6 + 3 = 9
    assert d.state.fight is not None
    assert d.state.fight.order.order == ("dot", "ada")


@pytest.mark.rules("WD-NPC-005", "WD-NPC-006")
def test_without_the_upgrade_the_bystander_still_acts_last() -> None:
    d = _dot_and_ada()
    d.do("gm", "start_combat", dice=[1])
    assert d.state.fight is not None
    assert d.state.fight.order.order == ("ada", "dot")


@pytest.mark.rules("WD-NPC-006")
def test_a_tier_change_is_the_gms_between_fights_for_npcs_only_and_bad_ones_change_nothing() -> None:
    d = _dot_and_ada()
    before = d.state
    d.refuse("ann", "change_tier", character="dot", tier="generic", error=NotPermitted)
    d.refuse("gm", "change_tier", character="ada", tier="notable", rule="WD-NPC-006", match="PC")
    d.refuse("gm", "change_tier", character="dot", tier="pc", rule="WD-NPC-006", match="PC")
    d.refuse("gm", "change_tier", character="dot", tier="bystander", rule="WD-NPC-006", match="already")
    d.refuse("gm", "change_tier", character="nobody", tier="generic")
    d.refuse("gm", "change_tier", character="dot", tier="hero")
    assert d.state == before
    d.do("gm", "start_combat", dice=[1])
    d.refuse("gm", "change_tier", character="dot", tier="generic", rule="WD-NPC-006", match="between fights")
    assert d.state.people["dot"].tier is Tier.BYSTANDER


@pytest.mark.rules("WD-NPC-006", "WD-NPC-003")
def test_a_hidden_npcs_new_tier_reaches_players_without_its_sheet() -> None:
    d = table()
    add(d, "ann", sheet("ada", "Ada"), owner="ann")
    add(d, "gm", sheet("shade", "Shade", "generic", wits=5), hidden=True)
    d.do("gm", "change_tier", character="shade", tier="notable", reason="she has a name now")
    assert d.state.people["shade"].tier is Tier.NOTABLE
    assert d.words("ann")[-1] == "Shade is now a notable, no longer a generic."
    assert "she has a name now" not in seen_by(d, "ann")
    assert '"wits"' not in seen_by(d, "ann")
    assert d.view("ann")["state"]["people"]["shade"]["tier"] == "notable"
    assert "she has a name now" in " ".join(d.words())


@pytest.mark.rules("WD-COMBAT-029")
def test_written_actions_stay_sealed_from_other_players_until_the_gm_reveals_them_at_once() -> None:
    d = table()
    add(d, "ann", sheet("ada", "Ada"), owner="ann")
    add(d, "bob", sheet("bo", "Bo"), owner="bob")
    assert [c.fixed for c in d.legal("ann") if c.command == "write_action"] == [{"character": "ada"}]
    assert not [c for c in d.legal("gm") if c.command == "write_action"]
    d.do("ann", "write_action", character="ada", text="Ada dives for the switch and pulls it.")
    assert not [c for c in d.legal("ann") if c.command == "write_action"]  # one held at a time
    d.do("bob", "write_action", character="bo", text="Bo tackles whoever reaches the switch.")
    # each writer reads their own; the other player reads only that one is held
    assert "dives for the switch" in seen_by(d, "ann") and "tackles whoever" not in seen_by(d, "ann")
    assert "tackles whoever" in seen_by(d, "bob") and "dives for the switch" not in seen_by(d, "bob")
    assert d.view("bob")["state"]["sealed"] == {"ada": "(written down)", "bo": "(written down)"}
    assert "Ada writes an action down and holds onto it." in d.words("bob")
    gm_words = " ".join(d.words())
    assert "dives for the switch" in gm_words and "tackles whoever" in gm_words
    # one held action each until the reveal; only the GM reveals
    d.refuse("ann", "write_action", character="ada", text="Something else", rule="WD-COMBAT-029")
    d.refuse("bob", "write_action", character="ada", text="Not mine", error=NotPermitted)
    d.refuse("ann", "reveal_actions", error=NotPermitted)
    assert "reveal_actions" in {c.command for c in d.legal("gm")}
    d.do("gm", "reveal_actions")
    said = d.words("bob")[-1]
    assert said == (
        "Written actions revealed: Ada: Ada dives for the switch and pulls it; "
        "Bo: Bo tackles whoever reaches the switch."
    )
    assert d.state.sealed == {}
    assert "sealed" not in d.view("bob")["state"]
    d.refuse("gm", "reveal_actions", rule="WD-COMBAT-029", match="Nobody")


@pytest.mark.rules("WD-COMBAT-029")
def test_the_gm_reveals_one_writers_action_and_the_other_stays_sealed() -> None:
    d = table()
    add(d, "ann", sheet("ada", "Ada"), owner="ann")
    add(d, "bob", sheet("bo", "Bo"), owner="bob")
    d.do("ann", "write_action", character="ada", text="Ada feints left.")
    d.do("bob", "write_action", character="bo", text="Bo waits for the feint.")
    d.refuse("gm", "reveal_actions", characters="zed", match="zed")
    d.do("gm", "reveal_actions", characters="ada")
    assert "Ada feints left." in seen_by(d, "bob")
    assert "Bo waits for the feint." not in seen_by(d, "ann")
    assert d.view("ann")["state"]["sealed"] == {"bo": "(written down)"}


@pytest.mark.rules("WD-COMBAT-029", "WD-NPC-006", "WD-CORE-011")
def test_held_actions_and_tier_changes_replay_from_the_log_and_undo_takes_them_back() -> None:
    d = _dot_and_ada()
    d.do("gm", "change_tier", character="dot", tier="generic")
    d.do("ann", "write_action", character="ada", text="Ada grabs the keys.")
    assert d.replayed().state == d.state
    d.do("gm", "undo")
    assert d.state.sealed == {}
    d.do("gm", "undo")
    assert d.state.people["dot"].tier is Tier.BYSTANDER and d.state.people["dot"].track.slots == 1


@pytest.mark.rules("WD-COMBAT-029")
def test_the_gm_may_hold_an_npcs_written_action_too_and_players_see_only_that_one_is_held() -> None:
    d = table()
    add(d, "ann", sheet("ada", "Ada"), owner="ann")
    add(d, "gm", sheet("rival", "Rival", "notable"))
    d.do("gm", "write_action", character="rival", text="Rival cuts the lights when Ada moves.")
    assert "cuts the lights" not in seen_by(d, "ann")
    assert d.words("ann")[-1] == "Rival writes an action down and holds onto it."
    d.refuse("ann", "write_action", character="rival", text="Mine now", error=NotPermitted)
    d.do("gm", "reveal_actions")
    assert "Rival: Rival cuts the lights when Ada moves." in d.words("ann")[-1]
