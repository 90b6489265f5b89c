"""A follow-up to the thirteenth referee pass over the Workshop table: what a Sequence's end and the
Chances panel tell a reader.

1. The end of a Sequence says whose Shock or Shots mended, from what to what and why, as a person says it
   ("Jade's Shock goes from 4 to 3 (a Sequence of rest)"), not "Jade rests: Shock 4 -> 3". The event
   records the facts (who, which pool, before, after: ``SequenceEnded`` version 2); a log written with the
   old notes (version 1) reads in today's words.
2. A Shaken actor's Chances panel shows what the actor faces first, the steadying roll's odds (src 81), and
   says the attack waits on it, not the odds to hit that cannot be rolled yet.

Seed: ``/work/shared/seeds/003_591d797dc594aa73.txt`` ("src N", first copy). Dice in order: a positive then
a negative d10 (a face of 10 reads 0), then any extra positive d10s.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import Event
from capeworks.engine.render import describe
from capeworks.engine.testing import Driver
from capeworks.systems.workshop import events as ev
from tests.systems.workshop.helpers import RULESET, attack, end_turn, sheet, state, table, who
from tests.systems.workshop.test_referee import HIT, QUIET, TOUGH, pool
from tests.systems.workshop.test_referee13 import fight

SEATS = ("gm", "ann", "bo")
REST = "Sequence 1 ends: Jade's Shock goes from 4 to 3 (a Sequence of rest)."
RELOAD = "Sequence 1 ends: Jade's Shots go from 3 to 4 (no roll this Sequence)."


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


def rested() -> tuple[Driver, int]:
    """Jade (Shock 4 from a 4 m fall) rests the whole of Sequence 1; the log's position before it ends."""
    # src 58: a fall of 4 m: Stunt 3 + Agility 9 + 1 - 9 = 4 < 5 saves nothing: Shock 4.
    d = table(QUIET, heroes={"h": sheet(name="Jade", traits=pool(9), **TOUGH)},
              villains={"v": sheet(name="Viper", traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=4, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    return d, mark(d)


@pytest.mark.rules("WS-SHOT-002", "WS-SHOT-003")
def test_f01__a_sequences_end_says_whose_shots_went_from_what_to_what_in_words() -> None:
    # src 16: "By only using Actions that don't require a roll ... you may raise your Shot pool by 1, up to
    # your Shot Count". Jade reloads (no roll), then spends a Shot on an Active Defense against Viper (src
    # 20): 4 -> 3. At the Sequence's end the pool is back to 4; every seat reads it as a sentence, no arrow.
    d = fight()
    end_turn(d, "rook")
    d.do("ann", "rollless", character="jade", what="reloads")
    end_turn(d, "jade")
    attack(d, "viper", ["jade"], HIT, defend={"jade": True})
    end_turn(d, "viper")
    at = mark(d)
    end_turn(d, "goons")
    assert who(d, "jade").shots == 4
    for seat in SEATS:
        ends = [w for w in d.words(seat, since=at) if w.startswith("Sequence 1 ends")]
        assert ends == [RELOAD], seat


@pytest.mark.rules("WS-DMG-006")
def test_f02__a_sequence_of_rest_reads_whose_shock_goes_from_what_to_what() -> None:
    # src 58: Jade (Shock 4) does nothing but rest: Shock 4 -> 3, and the words say so as a sentence.
    d, at = rested()
    end_turn(d, "v")
    assert who(d, "h").shock == 3
    for seat in SEATS:
        assert REST in d.words(seat, since=at), seat


@pytest.mark.rules("WS-DMG-006", "WS-SHOT-002")
def test_f03__the_event_records_the_facts_and_an_old_logs_notes_read_in_todays_words() -> None:
    # The rules record who, which pool, from and to; no display string. A version 1 event (notes "Jade rests:
    # Shock 4 -> 3", the name, not the id) is read back into those facts by its upcaster.
    d, at = rested()
    end_turn(d, "v")
    ended = next(e for e in d.table.log[at:] if e.type == ev.SequenceEnded.TYPE)
    assert ended.data["recovered"] == [{"who": "h", "track": "shock", "before": 4, "after": 3}]
    assert "notes" not in ended.data
    old = {k: v for k, v in ended.data.items() if k not in ("recovered", "names")}
    v1 = Event(ended.type, {**old, "notes": ["Jade rolled nothing: Shots 3 -> 4"]}, version=1)
    assert describe(RULESET, v1).text == RELOAD
    rest = Event(ended.type, {**old, "notes": ["Jade rests: Shock 4 -> 3"]}, version=1)
    assert describe(RULESET, rest).text == REST
    assert state(d).turn.sequence == 2


# -- 2. the Chances panel of a Shaken actor ------------------------------------------------------------------


def chances(d: Driver, seat: str) -> dict[str, Any]:
    """The Chances panel as ``seat`` sees it."""
    return next(p for p in d.view(seat)["panels"] if p["title"] == "Chances")


@pytest.mark.rules("WS-SHAKEN-001", "WS-SHAKEN-003")
def test_f04__a_shaken_actors_chances_are_the_steadying_rolls_odds_first_not_the_attacks() -> None:
    # src 80: "When a target takes 1 or more Shock points it becomes Shaken"; src 81: "At the beginning of
    # an Action, you roll Willpower+Focus Difficulty 10+10 as an Action". Viper (Shot Count 6) passes; Jade
    # shoots him: Agility 5 + Guns 4 + 9 - 1 = 17 vs Defense 12, a hit of 6 - Soak 0 = 6 Shock: Shaken.
    # When Viper is up again, what he faces first is the steadying roll: Willpower 9 + Focus 11 = 20 vs 20,
    # dice >= 0 on pos - neg d10 = 55/100. Every seat's Chances panel shows that and says the attack waits
    # on it, not Viper's odds to hit Jade (which he cannot roll yet).
    steady = {**pool(6), "Willpower": 9, "Focus": 11}
    d = table({**QUIET, "shaken": True}, heroes={"h": sheet(name="Jade")},
              villains={"v": sheet(name="Viper", traits=steady, **TOUGH)})  # fmt: skip
    end_turn(d, "v")
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").has("shaken")
    end_turn(d, "h")
    assert state(d).turn.current == "v"
    d.refuse("gm", "attack", character="v", targets=["h"], match="Viper is Shaken: roll to steady")
    for seat in SEATS:
        panel = chances(d, seat)
        assert panel["columns"] == ["roll", "total", "difficulty", "to succeed"], seat
        assert [list(r) for r in panel["rows"]] == [
            ["shake off Shaken (Willpower + Focus)", "20", "20", "55.0%"]
        ]
        assert (
            panel["note"]
            == "Viper is Shaken: the steadying roll comes first, as the Action; any attack waits on it."
        )
