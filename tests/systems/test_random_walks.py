"""Seeded random play over each ruleset's sample session: its menus hold only what the table takes, and
the log it leaves replays to the same table for every seat.

Each walk plays the sample up to a seeded cut, then clicks at random among the prompts' answers and the
single-click menu items (a target picked at random). Walks like these found a buy back offered with no
XP to pay for it (Roll When You Need) and a move offered to one held fast (Weaverdice, whose own walk
over fights is in ``weaverdice/test_offers.py``).
"""

from __future__ import annotations

import json

import pytest

from capeworks.engine import get_ruleset
from capeworks.engine.golden import differences, expectations, replay_document
from tests.golden.regenerate import document
from tests.systems.offers_taken import random_walk

#: per ruleset: offers whose default fields are not what the menu offers (see each test_offers.py), offered
#: commands the walk leaves alone (the roster's own, which would only grow the cast), and the walks' seeds:
#: rwyn 517 met a buy back offered with no XP to pay for it, weaverdice 0 a Stamina reroll offered with no
#: Stamina left (both refused by the table before their fixes)
WALKS: dict[str, tuple[set[str], set[str], tuple[int, ...]]] = {
    "rwyn": (set(), {"add_character"}, (517, 3)),
    "capes": (set(), {"add_character"}, (100, 101)),
    "bpb": ({"guard", "move"}, {"add_character"}, (100, 101)),
    "workshop": (set(), {"add_character"}, (100, 101)),
    "weaverdice": ({"wait"}, {"add_character", "remove_character"}, (0, 1)),
}


@pytest.mark.rules(
    "RWYN-ABIL-009", "WD-CORE-009", "WD-EFFORT-003", "CAPES-ACT-001", "WS-SEQ-001", "BPB-ACT-001"
)
@pytest.mark.parametrize(
    ("name", "seed"), [(name, seed) for name, walk in sorted(WALKS.items()) for seed in walk[2]]
)
def test_a_random_walk_meets_no_offer_the_table_refuses_and_its_log_replays(name: str, seed: int) -> None:
    choose, skip, _ = WALKS[name]
    table, refused = random_walk(get_ruleset(name), seed, steps=60, choose=choose, skip=skip)
    assert refused == []
    doc = json.loads(json.dumps(document(table, table_id=f"walk-{name}-{seed}")))
    assert differences(expectations(table), expectations(replay_document(doc))) == []
