"""A referee's ninth pass (see test_referee.py .. test_referee8.py and test_known_faults*.py): the chapter is
seeds/002_15e80e5795d6eba8.txt ("src N" = line N). It first pins what the eighth stop noticed (a player's
step in takes its distance from the GM, the words of power uses, the blast refusal's names), then plays
whole fights with several characters and reads the words each seat reads."""

from __future__ import annotations

import pytest

from tests.systems.bpb.helpers import of, state, table

SIDES = {"widow": "heroes", "ganyeka": "heroes", "adler": "agents", "brandt": "agents"}


def _said(d, seat: str, since: int = 0) -> str:
    return "\n".join(d.words(seat, since=since))


def _sides():
    d = table()
    d.do("gm", "start_fight", payload={"characters": "adler, brandt, widow, ganyeka",
                                       "aware_first": "adler, brandt", "sides": SIDES})  # fmt: skip
    return d


# -- what the eighth stop noticed ---------------------------------------------------------------------------


@pytest.mark.rules("BPB-TURN-004", "BPB-DEF-009")
def test_y01_how_far_a_player_dives_to_get_in_the_way_is_the_gms_to_say() -> None:
    # src 297: Ganyeka may dive in front of Adler's shot at Widow; where the two stand is the scene's, the
    # GM's (src 111, the house rule since referee 7), so Bo's feet=10 (which would make any step a short
    # one) is refused in a sentence, nothing changes. The GM, setting a distance, may rule it too far (41 ft
    # is beyond his 40 ft base move, BPB-DEF-009). Bo steps in without it: Adler's [6 5] + 3 = 14 vs 12 hit
    # is Ganyeka's, DR 4 - Invulnerability 4 = 0
    d = _sides()
    d.do("gm", "attack", attacker="adler", target="widow", power="Pistol", dice=(6, 5))
    err = d.refuse("bo", "step_in", rule="BPB-TURN-004", attack=1, character="ganyeka", feet=10)
    assert "is the GM's to say" in err.message and "Ganyeka" in err.message and "ganyeka" not in err.message
    d.refuse("gm", "step_in", rule="BPB-TURN-004", attack=1, character="ganyeka", feet=41)
    events = d.do("bo", "step_in", attack=1, character="ganyeka")
    assert of(events, "stepped_in")[0].feet is None
    assert "Ganyeka takes 0 Endurance damage (DR 4 - PV 4, Pistol)." in _said(d, "bo")
    assert state(d).condition("ganyeka").lost_actions == 1
