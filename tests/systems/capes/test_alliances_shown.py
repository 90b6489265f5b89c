"""Every seat sees who is allied with which side of each Conflict (CAPES-CONF-004, src 83-84, 110).

Alliance decides who may claim a side (src 83), who stakes there (CAPES-STAKE-001) and who shares its
Story Tokens, so every player reads it: in the Conflicts panel ("Allied": each character and the
player playing it, in the order they allied) and in the log line of the roll or split-off that makes
it. Sample sheets as in test_referee.py: Skitter (Ann), Aunt Sylvie (Bea), Rampart (Cal).
"""

from __future__ import annotations

import pytest

from tests.systems.capes.helpers import Sim, actions_game

SEATS = ("ann", "bea", "cal")


def _allied(sim: Sim, seat: str, card: str) -> dict[str, str]:
    """Side -> its Allied cell on ``card``, as ``seat``'s Conflicts panel shows it."""
    (panel,) = [p for p in sim.view(seat)["panels"] if p["title"] == "Conflicts"]
    col = {c: i for i, c in enumerate(panel["columns"])}
    return {
        r[col["Side"]].split()[0]: r[col["Allied"]] for r in panel["rows"] if r[col["Card"]].startswith(card)
    }


@pytest.mark.rules("CAPES-CONF-004", "CAPES-PAGE-007")
def test_alliance__a_roll_to_help_a_side_shows_on_the_card_and_in_the_log_for_every_seat() -> None:
    # src 83: "you can only Claim a side of a Conflict that you're Allied with: that you've rolled to try
    # to increase it". Before any roll nobody is allied; Ann's Bug Control raises c1 A's 1 to 4: every
    # seat reads that Skitter (Ann) is now allied with A, on the card and in the log.
    sim = actions_game()
    sim.put_conflict("c1", allies={})
    for seat in SEATS:
        assert _allied(sim, seat, "c1") == {"A": "—", "B": "—"}
    sim.do(
        "ann", "use_ability", dice=[4], ability="Bug Control", conflict="c1", side="A", help="A", drive="hope"
    )
    for seat in SEATS:
        assert _allied(sim, seat, "c1") == {"A": "Skitter (Ann)", "B": "—"}
        # the state view the web page's forms read carries it too (Capes has no secrets)
        (card,) = [c for c in sim.view(seat)["state"]["conflicts"] if c["id"] == "c1"]
        assert {c: a["side"] for c, a in card["alliances"].items()} == {"skitter": "A"}
        assert sim.words(seat)[-1] == (
            "Skitter uses Bug Control 2 on c1 (A test conflict) side A die 1, helping side A: 1"
            " rolls 4 (+1 Debt on hope); "
            "Skitter is now allied with c1 side A."
        )


@pytest.mark.rules("CAPES-CONF-004", "CAPES-REACT-001")
def test_alliance__a_reaction_for_the_other_side_moves_the_character_there_on_every_card() -> None:
    # src 84: "If you've done that for both sides of a Conflict you're only allied with the one you tried
    # to help most recently". Skitter and Rampart are allied with A (Skitter first); Ann rolls B's 3 with
    # Silk Lines 3 helping A (to 2, accepted), then Cal reacts with Great Leap 3 on that die helping B:
    # Rampart leaves A for B, and every seat sees A: Skitter (Ann) alone, B: Rampart (Cal).
    sim = actions_game()
    sim.put_conflict("c1", a=(3,), b=(3,), allies={"skitter": "A", "rampart": "A"})
    for seat in SEATS:
        assert _allied(sim, seat, "c1") == {"A": "Skitter (Ann), Rampart (Cal)", "B": "—"}
    roll = {"ability": "Silk Lines", "conflict": "c1", "side": "B", "help": "A", "drive": "truth"}
    sim.do("ann", "use_ability", dice=(2,), **roll)
    sim.do("ann", "accept")
    sim.do("ann", "pass")
    sim.do("bea", "pass")
    sim.do("cal", "react", dice=(4,), ability="Great Leap", help="B", drive="duty")
    for seat in SEATS:
        assert _allied(sim, seat, "c1") == {"A": "Skitter (Ann)", "B": "Rampart (Cal)"}
        assert sim.words(seat)[-1].endswith("; Rampart is now allied with c1 side B."), sim.words(seat)[-1]


@pytest.mark.rules("CAPES-CONF-004", "CAPES-SPLIT-005", "CAPES-STAKE-001")
def test_alliance__a_split_off_side_carries_its_splitter_and_every_seat_reads_it() -> None:
    # src 180-181 (inventory C3): Skitter, allied with A [4], stakes 2, splits the 4 into 2, 1, 1 and
    # splits off C with 2 and 1: she now supports C (CAPES-SPLIT-005), and every seat sees her there.
    sim = actions_game()
    sim.put_conflict("c1", a=(4,), b=(3,), allies={"skitter": "A", "aunt_sylvie": "B"})
    sim.set_debt("skitter", "truth", 2)
    sim.do("ann", "stake", conflict="c1", amount=2, drive="truth")
    sim.do("ann", "split", conflict="c1", side="A", parts=3)
    sim.do(
        "ann", "split_off", conflict="c1", side="A", label="Skitter goes it alone", payload={"dice": "2,1"}
    )
    for seat in SEATS:
        assert _allied(sim, seat, "c1") == {"A": "—", "B": "Aunt Sylvie (Bea)", "C": "Skitter (Ann)"}
        assert sim.words(seat)[-1] == (
            "Skitter splits off side C (Skitter goes it alone) of c1 (A test conflict) with dice 2, 1; "
            "Skitter is now allied with c1 side C."
        )
