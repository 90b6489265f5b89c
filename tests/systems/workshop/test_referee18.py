"""An eighteenth pass over the Workshop table: the side a shipped hero joins when the GM adds it
without a player.

The GM adding Jade Tiger or Rook (the shipped heroes' samples) with no owner, say as an ally the GM
plays, put them on "villains", the side of any ownerless combatant (before:
``faction = command.faction or side or "villains"``). A hero sample now joins the players' side (the
one the table's player characters are on, "heroes" while there are none, as a player's hero does:
test_referee17 z04), unless the GM names a faction (the GM disposes). The villains' samples and a sheet
of the GM's own, with no owner, still join the villains.

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy); src 16: Shot Count =
(Agility + Wits + Luck) / 3.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.workshop.samples import SEATS
from tests.systems.workshop.helpers import RULESET, sheet, who
from tests.systems.workshop.test_optional_damage import QUIET
from tests.systems.workshop.test_referee14 import mark
from tests.systems.workshop.test_referee17 import WATCH, watch


@pytest.mark.rules("WS-SHOT-001")
@pytest.mark.parametrize("sample", ["jade", "rook"])
def test_x01__a_hero_sample_the_gm_adds_without_a_player_joins_the_players_side(sample: str) -> None:
    # The GM names the players' side "Harbour Watch" (Hana, Ann's, is on it) and adds the sample with no
    # owner: it joins Hana's side, not the villains', with no owner; every seat reads the side it joins.
    d = watch()
    at = mark(d)
    d.do("gm", "add_character", id=sample, sample=sample)
    assert (who(d, sample).owner, who(d, sample).faction) == ("", WATCH)
    name = who(d, sample).name
    for s in ("gm", "ann", "bo"):
        assert d.words(s, since=at)[0].startswith(f"{name} joins the fight ({WATCH}), Shot Count ")


@pytest.mark.rules("WS-SHOT-001")
def test_x02__with_no_player_character_yet_a_hero_sample_joins_the_heroes() -> None:
    # No player character at the table: the players' side is "heroes". Jade's Shot pool is full (src 16:
    # (6 + 5 + 4) / 3 = 5).
    d = Driver(RULESET, config=dict(QUIET), seats=SEATS, seed=1)
    d.do("gm", "add_character", id="jade", sample="jade")
    assert who(d, "jade").faction == "heroes"
    assert who(d, "jade").shots == 5
    assert d.words("ann")[-1] == "Jade Tiger joins the fight (heroes), Shot Count 5."


@pytest.mark.rules("WS-SHOT-001")
def test_x03__a_faction_the_gm_names_for_a_hero_sample_still_wins() -> None:
    # The GM disposes: Rook turned, added on the villains' side; Jade on a third side of the GM's naming.
    d = watch()
    d.do("gm", "add_character", id="rook", sample="rook", faction="villains")
    d.do("gm", "add_character", id="jade", sample="jade", faction="Tong")
    assert (who(d, "rook").faction, who(d, "jade").faction) == ("villains", "Tong")


@pytest.mark.rules("WS-SHOT-001")
def test_x04__villain_samples_and_the_gms_own_sheets_still_join_the_villains() -> None:
    # Only the heroes' samples moved: Madame Viper and the thug (samples) and a sheet of the GM's own, all
    # with no owner, join the villains, not the Harbour Watch.
    d = watch()
    d.do("gm", "add_character", id="viper", sample="viper")
    d.do("gm", "add_character", id="thug", sample="thug")
    d.do("gm", "add_character", payload={"id": "m", "name": "Mole", **sheet()})
    assert [who(d, c).faction for c in ("viper", "thug", "m")] == ["villains"] * 3
