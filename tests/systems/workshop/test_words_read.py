"""Log lines players read: sentences that begin as sentences and never show a raw result id."""

from __future__ import annotations

import pytest

from tests.systems.workshop.helpers import attack, sheet, table
from tests.systems.workshop.test_referee import HIT, QUIET, SLOW, TOUGH, gun
from tests.systems.workshop.test_referee4 import mook


@pytest.mark.rules("WS-MOOK-003")
def test_an_advanced_mook_out_for_good_reads_permanently_out_in_words() -> None:
    # src 168-171: Damage 16-20 on the advanced mook table: "permanently out of Action"
    d = table({**QUIET, "mooks": "advanced"}, heroes={"h": sheet(weapons=[gun(18)])},
              villains={"m": mook(name="M")})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    assert "M takes 18 Damage: 0 Shock, 0 Wounds (advanced mook: permanently out)." in d.words()


@pytest.mark.rules("WS-CARD-001")
def test_a_factions_card_draw_reads_as_a_sentence() -> None:
    # src 85: each Faction draws a card every Sequence: "The heroes draw AS", not "heroes draw AS"
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[1, 1])
    assert "The heroes draw AS for this Sequence." in d.words()
