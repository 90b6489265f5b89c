"""A sixteenth referee's pass over Capes: whole Pages of three players, read by every seat.

First the Conflicts panel: a card reads there as it does in the log and the prompts, "c1 (Rob the
gala)", its kind beside it, never a bare "c1 (goal)". Then situations a table of three meets in whole
Pages: Claims, Splits, the resolution, Story Tokens, Inspirations, Debt, the words each seat reads and
the refusals.

Written from the seed alone ("src N" = line N of seeds/004_209cadad08ad98a0.txt), played through the
table with given dice. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart
(Cal); Ann starts Page 1. Skitter's Swarm Sense 1, Bug Control 2, Silk Lines 3, Swarm Armour 4
(super), Ruthless 5 (mundane); Drives truth 3, justice 2, love 2, hope 1, duty 1. Rampart's Super
Strength 1, Invulnerability 2, Great Leap 3 (super), Hopeful 5 (mundane); Drives duty 3, hope 2,
justice 2, love 1, truth 1. Aunt Sylvie's abilities are all mundane, Worried 1 to Nosy 3.
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game

SEATS = ("ann", "bea", "cal")


def _rows(sim: Sim, seat: str, title: str) -> list[list[str]]:
    """The rows of ``seat``'s panel ``title``, as that seat's view carries them."""
    (panel,) = [p for p in sim.view(seat)["panels"] if p["title"] == title]
    return [list(r) for r in panel["rows"]]


# -- the Conflicts panel reads a card as the log does ------------------------------------------------


@pytest.mark.rules("CAPES-EG-002", "CAPES-CONF-001")
def test_panel__the_conflicts_card_reads_c1_and_what_it_is_about_as_the_log_does() -> None:
    # src 108: "Each Conflict is represented by an index card"; src 111 onwards: a Goal says what some
    # characters try to do. Ann makes the Goal "Rob the gala": the log reads "c1 (Rob the gala)" and so
    # does every seat's Conflicts panel (its Card column), with its kind beside it; it read "c1 (goal)".
    sim = actions_game()
    sim.do("ann", "create_conflict", kind="goal", text="Rob the gala", character="skitter")
    for seat in SEATS:
        cards = _rows(sim, seat, "Conflicts")
        assert [(r[0], r[1], r[2][0]) for r in cards] == [
            ("c1 (Rob the gala)", "goal", "A"),
            ("c1 (Rob the gala)", "goal", "B"),
        ]
