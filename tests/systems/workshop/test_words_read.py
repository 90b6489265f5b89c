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
    assert "M takes 18 Damage (advanced mook: permanently out)." in d.words()


@pytest.mark.rules("WS-CARD-001")
def test_a_factions_card_draw_reads_as_a_sentence() -> None:
    # src 85: each Faction draws a card every Sequence: "The heroes draw the Ace of Spades ...", a sentence
    d = table({**QUIET, "card_draw": True}, heroes={"h": sheet()},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[1, 1])
    drawn = "The heroes draw the Ace of Spades for this Sequence: every Action Favored and Inspired."
    assert drawn in d.words()


@pytest.mark.rules("WS-DARK-002")
def test_one_minute_passing_reads_in_the_singular() -> None:
    # src 60/WS-DARK-002: the GM lets time pass outside the Sequences; one minute is "1 minute passes."
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)
    d.do("gm", "pass_time", minutes=1)
    d.do("gm", "pass_time", minutes=9)
    assert "1 minute passes." in d.words("ann")
    assert "9 minutes pass." in d.words("ann")


@pytest.mark.rules("WS-CORE-001", "WS-KNOCK-002")
def test_the_tracker_says_rules_and_statuses_in_words_not_stored_values() -> None:
    # the tracker's note names the dice model and the switches as a reader says them, and a knocked-down
    # combatant's status reads "knocked down" (src 107), never "pos_neg_d10" or "knocked_down"
    d = table({**QUIET, "knockback": True}, heroes={"h": sheet(weapons=[gun(9)])},
              villains={"m": sheet(name="M", traits=SLOW, mass=2, **TOUGH)})  # fmt: skip
    attack(d, "h", ["m"], HIT)
    fight = next(p for p in d.view("ann")["panels"] if p["title"] == "Workshop fight")
    assert "dice one positive and one negative d10, PV damage minus soak" in fight["note"]
    assert "_" not in fight["note"]
    statuses = next(r for r in fight["rows"] if r[1] == "M")[-1]
    assert "knocked down" in statuses and "_" not in statuses


@pytest.mark.rules("WS-CORE-001")
def test_the_gms_note_reads_as_a_sentence_even_when_typed_without_a_full_stop() -> None:
    # the GM types "v is bluffing"; the GM's log line ends with a full stop like every other line
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)
    d.do("gm", "gm_note", text="v is bluffing")
    assert d.words("gm")[-1] == "GM note: v is bluffing."


@pytest.mark.rules("WS-CORE-001")
def test_a_refused_call_for_a_roll_names_the_menus_words_not_the_commands_id() -> None:
    # a call for a roll of one trait (it takes two, src 17) was refused as "Cannot read the call_check
    # command: ...": an id the GM's menu never shows; the menu reads "call for a roll"
    d = table(QUIET, heroes={"h": sheet()}, villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)
    refused = d.refuse("gm", "call_check", character="h", traits=["Willpower"], difficulty=12)
    assert str(refused).startswith("Cannot read 'call for a roll': traits: ")
    assert "call_check" not in str(refused)
