"""An eleventh outside referee's pass over the Workshop table: what spent Shots do to the next Sequence,
one's own Wound Threshold, the wound penalties on the rolls that are no attack, Cover with an Active
Defense, a Confused side's Free d10 and Stun, a Shaken interrupter, what each seat reads (words, prompts,
the tracker's note and chances), what only the GM may do, and the Sequences that still pass under the
card initiative (rest, the card draw, the sleepers' clock, padding at a Sequence's end).

Situations written from the seed alone (``/work/shared/seeds/003_591d797dc594aa73.txt``, cited "src N",
first copy), skipping what the earlier passes pin. Each case: the situation, the dice in order (a positive
then a negative d10, a face of 10 reads 0, then any extra positive d10s), the outcome the seed demands and
the seed line. The hero ``h`` (Agility 5 + Guns 4 = 9) shoots at Defense 12; dice 9 and 1 make 17, a hit;
PV = weapon Damage - Soak.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import NotPermitted
from capeworks.systems.workshop.samples import SEATS
from capeworks.systems.workshop.sheet import Standing
from tests.systems.workshop.helpers import (
    RULESET,
    all_of,
    attack,
    end_turn,
    last,
    seat_of,
    sheet,
    state,
    table,
    who,
)
from tests.systems.workshop.test_referee import HIT, MISS, QUIET, SLOW, TOUGH, duel, gun, pool


def mark(d: Driver) -> int:
    """Where the log stands now (for ``d.words(seat, since=...)``)."""
    return d.table.version


def rolls(events: Any, what: str) -> list[dict[str, Any]]:
    """The ``rolled`` events of one kind (shock, wake, dark_times...)."""
    return [r for r in all_of(events, "rolled") if r["what"] == what]


# -- spent Shots and the next Sequence (src 12, 16, 20, 25) --------------------------------------------------


@pytest.mark.rules("WS-SHOT-004", "WS-SHOT-006", "WS-SEQ-002")
def test_s01__an_action_bought_out_of_sequence_costs_the_next_sequences_place() -> None:
    # src 12: "At the beginning of each Sequence, your Initiative is set to the number of Shots in your Shot
    # pool"; src 25: 3 Shots buy an Action out of Sequence. Jade (5) acts before Viper (4); after her turn she
    # buys an Action (5 - 3 = 2) and shoots again (a roll: no Shot back, src 16). Sequence 2: Viper 4 (its
    # turn passed without a roll regains nothing above its Shot Count), Jade 2: Viper is up first.
    d = table(
        QUIET, heroes={"h": sheet(name="Jade")}, villains={"v": sheet(name="Viper", traits=pool(4), **TOUGH)}
    )
    attack(d, "h", ["v"], MISS)
    end_turn(d, "h")
    d.do("ann", "extra_action", character="h")
    attack(d, "h", ["v"], MISS)  # the bought Action is one Action: taken, it is over
    at = mark(d)
    end_turn(d, "v")
    assert state(d).turn.current == "v"
    assert "Sequence 2 begins: Viper 4, Jade 2." in d.words("ann", since=at)


@pytest.mark.rules("WS-SHOT-003", "WS-SHOT-006", "WS-SHOT-002")
def test_s02__a_shot_spent_on_active_defense_lowers_the_next_initiative() -> None:
    # src 20: 1 Shot for an Active Defense; src 12: the next Initiative is the pool. Jade (5) shoots (a roll,
    # so no Shot comes back, src 16); Viper (4) shoots at her and she spends a Shot: 4 left. Sequence 2:
    # Jade 4, Viper 4 (its own roll keeps it at 4); the tie goes to the higher Shot Count, Jade's 5.
    d = table(QUIET, heroes={"h": sheet(name="Jade", **TOUGH)},
              villains={"v": sheet(name="Viper", traits=pool(4), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], MISS)
    end_turn(d, "h")
    attack(d, "v", ["h"], MISS, defend={"h": True})
    assert who(d, "h").shots == 4
    at = mark(d)
    end_turn(d, "v")
    assert "Sequence 2 begins: Jade 4, Viper 4." in d.words("bo", since=at)
    assert state(d).turn.initiative["h"] == 4


# -- one's own Wound Threshold (src 54, 56, 120, 124) --------------------------------------------------------


@pytest.mark.rules("WS-DMG-003", "WS-DMG-002", "WS-SHOCK-001", "WS-SHOCK-002", "WS-SHOCK-003")
def test_s03__a_threshold_of_four_makes_thirteen_three_wounds_and_the_shock_roll_twenty() -> None:
    # src 54: "1 Wound at Wound Treshold (WT) PV ... X Wounds at X x WT PV"; src 56 "Normal" WT is 5, Viper's
    # own is 4: 13 Damage -> 13 Shock, floor(13 / 4) = 3 Wounds (not the 2 of WT 5). src 124: 3 Shots lost
    # (4 -> 1). src 120: Shock roll vs 5 + 5 x 3 = 20: Willpower 5 + Focus 5 + 9 - 1 = 18, fails by 2: out
    # for 2 Sequences, Physician + Wits vs 2 wakes Viper sooner. Every seat reads the same numbers.
    d = duel({"shock_roll": True, "stun": True}, damage=13, name="Viper", wt=4, traits=pool(4))
    at = mark(d)
    events = attack(d, "h", ["v"], [*HIT, 9, 1])
    v = who(d, "v")
    assert (v.shock, v.wounds, v.shots, v.standing) == (13, 3, 1, Standing.DOWN)
    r = rolls(events, "shock")[0]
    assert (r["difficulty"], r["total"], r["success"]) == (20, 18, False)
    for seat in ("gm", "ann", "bo"):
        words = " ".join(d.words(seat, since=at))
        assert "Viper takes 13 Damage: 13 Shock, 3 Wounds" in words, seat
        assert "= 18 vs 20: fails" in words and "unconscious for 2 Sequences" in words, seat
        assert "Physician + Wits vs 2" in words, seat


# -- the wound penalties on rolls that are no attack (src 60, 111, 115-116, 120, 150) ------------------------


@pytest.mark.rules("WS-WPEN-002", "WS-SHOCK-001")
def test_s04__the_percentile_penalty_impairs_the_shock_roll() -> None:
    # src 115-116: 1 Wound of Toughness 4 is 25 %: -2. src 120: the hit's 1 Wound calls for the Shock roll vs
    # 10; Willpower 5 + Focus 5 + 2 - 1 - 2 = 9: fails by 1 (per Wound it would be -1: 10, made).
    d = duel({"shock_roll": True, "wound_penalty": "percentile"}, damage=5, toughness=4, health=100)
    events = attack(d, "h", ["v"], [*HIT, 2, 1])
    r = rolls(events, "shock")[0]
    assert (r["difficulty"], r["total"], r["success"]) == (10, 9, False)
    assert who(d, "v").standing is Standing.DOWN


@pytest.mark.rules("WS-DMG-007", "WS-WPEN-001")
def test_s05__the_wound_penalty_impairs_the_roll_to_wake() -> None:
    # src 111: each untreated Wound is 1 point of impairment; src 60: the unconscious roll Willpower + Focus
    # vs 15 when someone else rolls an Action. Viper took 10 (2 Wounds) and failed the Shock roll vs 15 (10 +
    # 1 - 9 - 2 = 0). The next Sequence Jade shoots again: Viper rolls 10 + 8 - 1 - 2 = 15 vs 15: awake (17
    # unimpaired).
    d = duel({"shock_roll": True, "wake_rolls": True, "wound_penalty": "per_wound"}, damage=10, name="Viper")
    attack(d, "h", ["v"], [*HIT, 1, 9])
    assert who(d, "v").standing is Standing.DOWN
    end_turn(d, "h")
    assert (state(d).turn.sequence, state(d).turn.current) == (2, "h")
    events = attack(d, "h", ["v"], [*MISS, 8, 1])
    r = rolls(events, "wake")[0]
    assert (r["difficulty"], r["total"], r["success"]) == (15, 15, True)
    assert who(d, "v").standing is Standing.UP


@pytest.mark.rules("WS-DARK-001", "WS-WPEN-001")
def test_s06__the_wounds_just_taken_impair_the_dark_times_roll() -> None:
    # src 150: "After every hit, roll Willpower+Focus against the inflicted Shock points": 10 Shock -> vs 10.
    # src 111: the hit's 2 Wounds are 2 points of impairment on it: 10 + 2 - 1 - 2 = 9 < 10: dying.
    d = duel({"dark_times": True, "wound_penalty": "per_wound"}, damage=10, name="Viper")
    at = mark(d)
    events = attack(d, "h", ["v"], [*HIT, 2, 1])
    r = rolls(events, "dark times")[0]
    assert (r["difficulty"], r["total"], r["success"]) == (10, 9, False)
    assert who(d, "v").standing is Standing.DYING
    assert any("Viper" in w and "dying" in w for w in d.words("ann", since=at))


# -- Cover, Active Defense, cards, Shaken interrupters (src 20, 27, 72, 81, 92, 169) -------------------------


@pytest.mark.rules("WS-COVER-002", "WS-CORE-003", "WS-SHOT-003")
def test_s07__cover_and_an_active_defense_add_up() -> None:
    # src 72: Cover "provides Defense to any allies moving in the same line of fire"; src 20: an Active
    # Defense (+5). Jade's covering fire: Ranged Weapons 9 + Perception 9 + 9 - 5 = 22 vs 10 -> PV 12 ->
    # Cover 2. Kit moves in the line and, shot at, spends a Shot: Defense 12 + 5 + 2 = 19. Viper's 9 + 9 - 1
    # = 17 misses (it would hit 14 or 17).
    gun_cf = {**gun(6), "covering_fire": True}
    d = table({**QUIET, "covering_fire": True},
              heroes={"h": sheet(traits={"Ranged Weapons": 9, "Perception": 9}, weapons=[gun_cf]),
                      "k": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(traits={"Agility": 5, "Wits": 2, "Luck": 2}, **TOUGH)})  # fmt: skip
    d.do("ann", "cover", character="h", dice=[9, 5])
    end_turn(d, "h")
    d.do("ann", "move", character="k")
    end_turn(d, "k")
    r = last(attack(d, "v", ["k"], HIT, defend={"k": True}), "attack_rolled")
    assert (r["av"], r["defense"], r["hit"]) == (17, 19, False)


@pytest.mark.rules("WS-CARD-003", "WS-MOOK-003")
def test_s08__a_confused_side_still_rolls_the_advanced_mooks_free_d10() -> None:
    # src 169: "Damage 5-9: Attacker gains Free d10 next Action"; src 92: "3: Confused (no pool points may be
    # used)". The Free d10 is no pool point (src 16: the pools are the Shots): h hits the mook for 6, the
    # next Sequence the heroes draw 3S and h's shot still rolls the third die: 9 + 9 - 1 + 4 = 21.
    villains = {"m": sheet(named=False, traits=SLOW, **TOUGH), "v": sheet(traits=SLOW, **TOUGH)}
    d = table({**QUIET, "mooks": "advanced", "card_draw": True}, heroes={"h": sheet(weapons=[gun(6)])},
              villains=villains, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[6, 20])  # heroes 6S (Favored combat), villains 8H
    attack(d, "h", ["m"], HIT)
    end_turn(d, "h")
    end_turn(d, "m")
    end_turn(d, "v", dice=[3, 1])  # the next Sequence: the heroes draw the 3rd card left (AS 2S 3S): 3S
    assert state(d).turn.cards["heroes"] == "3S"
    r = last(attack(d, "h", ["v"], [9, 1, 4]), "attack_rolled")
    assert (list(r["dice"]), r["av"]) == ([9, 1, 4], 21)


@pytest.mark.rules("WS-SHOT-005", "WS-SHAKEN-003")
def test_s09__a_shaken_interrupter_steadies_before_its_action() -> None:
    # src 27: an interrupt raises one's Initiative to act before the one who is up; src 81: "At the beginning
    # of an Action, you roll Willpower+Focus Difficulty 10+10 as an Action". Kit (4), Shaken by a 1 m fall
    # (Stunt 3 + Agility 4 + 1 - 9 < 5 saves nothing: 1 Damage), interrupts Viper (6) with 1 Shot (4 + 5 = 9
    # > 6) and is up first; its shot is refused until it steadies; steadying (10 + 9 - 1 = 18 vs 20, fails)
    # spends the Action: Kit may still move.
    d = table({**QUIET, "shaken": True}, heroes={"k": sheet(traits=pool(4), **TOUGH)},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    d.do("gm", "fall", character="k", metres=1, dice=[1, 9])
    assert who(d, "k").has("shaken") and state(d).turn.current == "v"
    d.do("ann", "interrupt", character="k", shots=1)
    d.do("gm", "counter", character="v", shots=0)
    assert state(d).turn.current == "k"
    d.refuse("ann", "attack", rule="WS-SHAKEN-003", character="k", targets=["v"])
    d.do("ann", "steady", character="k", dice=[9, 1])
    assert who(d, "k").has("shaken")
    d.refuse("ann", "attack", character="k", targets=["v"])
    d.do("ann", "move", character="k")


@pytest.mark.rules("WS-SHAKEN-001", "WS-GRIT-001")
def test_s20__a_sand_wound_with_no_shock_does_not_shake() -> None:
    # src 142: "Every hit causes at least 1 Wound"; src 80: "When a target takes 1 or more Shock points it
    # becomes Shaken". A hit of gun 4 on Soak 4 is PV 0: 0 Shock and Sand's 1 Wound; no Shock point, so
    # Viper is not Shaken.
    d = duel({"shaken": True, "sand_in_your_teeth": "additive"}, damage=4, soak=4)
    attack(d, "h", ["v"], HIT)
    v = who(d, "v")
    assert (v.shock, v.wounds, v.has("shaken")) == (0, 1, False)


@pytest.mark.rules("WS-SHOCK-003", "WS-CARD-003")
def test_s21__a_confused_side_still_loses_its_shots_to_stun() -> None:
    # src 92: "Confused (no pool points may be used)"; src 124: "For every Wound you lose in a single attack,
    # you lose 1 Shot": losing is not using. The villains draw 3S (dice 2, 2: the heroes 2S first); Jade's
    # hit of 10 is 2 Wounds: Viper's pool 4 -> 2.
    d = table({**QUIET, "card_draw": True, "stun": True}, heroes={"h": sheet(weapons=[gun(10)])},
              villains={"v": sheet(traits=pool(4), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[2, 2])
    assert state(d).turn.cards == {"heroes": "2S", "villains": "3S"}
    attack(d, "h", ["v"], HIT)
    assert who(d, "v").shots == 2


# -- what each seat reads, and what only the GM may do -------------------------------------------------------


ALL_ON = {
    "stun": True,
    "shaken": True,
    "card_draw": True,
    "knockback": True,
    "dark_times": True,
    "covering_fire": True,
    "cinematic_wounds": "fixed",
    "status_effects": True,
    "mooks": "speed_bump",
}


@pytest.mark.rules("WS-DMG-001", "WS-SHOCK-003", "WS-DARK-001", "WS-KNOCK-002", "WS-COVER-001", "WS-MOOK-004")
def test_s10__every_seat_reads_peoples_names_never_their_ids() -> None:
    # A table with every optional rule on (src 62-189) plays a Sequence: a split, a hit that stuns, shakes,
    # knocks back and calls Shock and Dark Times rolls, covering fire, a speed-bump group's fall and strike.
    # No seat ever reads a character's id (qa1, qb2, qv3, qg4): Jade Tan, Rook, Viper, Red Jackets.
    d = Driver(RULESET, config=ALL_ON, seats=SEATS, seed=3)
    gun_cf = {**gun(11), "covering_fire": True}
    d.do("gm", "add_character", id="qa1", owner="ann", name="Jade Tan", **sheet(weapons=[gun_cf]))
    d.do("gm", "add_character", id="qb2", owner="bo", name="Rook", **sheet(traits=pool(4), weapons=[gun_cf]))
    d.do(
        "gm", "add_character", id="qv3", name="Viper", **sheet(traits=pool(3), health=30, toughness=8, mass=2)
    )
    d.do("gm", "add_character", id="qg4", name="Red Jackets", named=False, count=4, traits={"Skill": 6},
         engaging="qb2", weapons=[gun(9)])  # fmt: skip
    d.do("gm", "start_sequence")
    d.do("ann", "attack", character="qa1", targets=["qv3", "qg4"])
    while state(d).pending is not None:
        p = state(d).pending
        assert p is not None
        d.do(seat_of(d, p.awaiting[0]), "defend", character=p.awaiting[0], use=True)
    end_turn(d, "qa1")
    if state(d).turn.current == "qb2":
        d.do("bo", "cover", character="qb2", line=["qa1"])
        for prompt in d.prompts("gm"):
            if prompt.kind == "mook_strike":
                d.answer("gm", prompt.id, "strike")
        while state(d).pending is not None:
            p = state(d).pending
            assert p is not None
            d.do(seat_of(d, p.awaiting[0]), "defend", character=p.awaiting[0], use=False)
        end_turn(d, "qb2")
    d.do("gm", "fall", character="qg4", metres=12)
    d.do("gm", "pass_time", minutes=1)
    ids = re.compile(r"\bq[abvg]\d\b")
    for seat in ("gm", "ann", "bo"):
        words = d.words(seat)
        assert any("Viper" in w for w in words)
        leaked = [w for w in words if ids.search(w)]
        assert not leaked, (seat, leaked)
        shown = [p.question for p in d.prompts(seat)]
        assert not [q for q in shown if ids.search(q)], (seat, shown)


@pytest.mark.rules("WS-CORE-001")
def test_s11__the_gms_narration_due_stays_out_of_the_players_words_and_view() -> None:
    # A Total Failure (AV 9 + 1 - 9 = 1 <= Defense 12 - 5) turns the action Hazardous: the GM is asked to
    # narrate it. That question is the GM's: no player reads it or finds it in their view.
    d = duel(name="Viper")
    at = mark(d)
    attack(d, "h", ["v"], [1, 9])
    gm = d.words("gm", since=at)
    assert any(w.startswith("For the GM:") for w in gm)
    for seat in ("ann", "bo"):
        assert not [w for w in d.words(seat, since=at) if "For the GM" in w or "narrate" in w], seat
        assert d.view(seat)["state"]["narrate"] == [], seat
        assert not [p for p in d.prompts(seat) if p.kind == "narrate"], seat


@pytest.mark.rules("WS-CINE-003", "WS-STATUS-003", "WS-SEQ-001", "WS-DMG-007")
@pytest.mark.parametrize(
    ("command", "fields"),
    [
        ("heal_cinematic", {"character": "h"}),
        ("end_session", {}),
        ("rouse", {"character": "h"}),
        ("start_sequence", {}),
        ("call_check", {"character": "h", "traits": ["Willpower", "Focus"], "difficulty": 0}),
    ],
)
def test_s12__a_player_may_not_do_the_gms_other_work(command: str, fields: dict[str, Any]) -> None:
    # The GM disposes: when a Cinematic Wound heals "when appropriate" (src 132), the session's end, getting
    # one up kept down for good, starting the fight (src 6-8), and calling for rolls. Ann is refused in one
    # sentence, and nothing changes (d.refuse checks both).
    d = table({**QUIET, "cinematic_wounds": "fixed"}, heroes={"h": sheet(**TOUGH)},
              villains={"v": sheet(traits=SLOW, **TOUGH)}, start=False)  # fmt: skip
    d.refuse("ann", command, error=NotPermitted, **fields)


# -- card initiative: the Sequences still pass (src 6-8, 58, 85, 120, 379) ----------------------------------

CARDS = {**QUIET, "initiative": "cards", "padding": []}


@pytest.mark.rules("WS-ALT-001", "WS-SEQ-001", "WS-DMG-006")
def test_s13__under_card_initiative_a_sequence_of_rest_still_regains_a_shock_point() -> None:
    # src 8: "During combat, time is measured in Sequences ... about 6 seconds"; src 379 orders the acting by
    # a stack of cards but keeps the time. src 58: "If you do nothing but rest during a Sequence, you regain 1
    # Shock point". Jade (Shock 4 from a 4 m fall: Stunt 3 + Agility 9 + 1 - 9 = 4 < 5 saves nothing) rests;
    # Viper's card comes up and goes: every card has come up once, the Sequence is over: Shock 3. Sequence 2
    # begins with the stack as it stands (Jade, Viper).
    d = table(CARDS, heroes={"h": sheet(name="Jade", traits=pool(9), **TOUGH)},
              villains={"v": sheet(name="Viper", traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=4, dice=[1, 9])
    d.do("gm", "start_sequence")
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    at = mark(d)
    end_turn(d, "v")
    assert who(d, "h").shock == 3
    assert (state(d).turn.sequence, state(d).turn.order.order) == (2, ("h", "v"))
    words = d.words("ann", since=at)
    assert words[-2:] == [
        "Sequence 1 ends: Jade's Shock goes from 4 to 3 (a Sequence of rest).",
        "Sequence 2 begins: Jade 9, Viper 6.",
    ]


@pytest.mark.rules("WS-ALT-001", "WS-ALT-002", "WS-SEQ-001")
def test_s14__under_card_initiative_the_next_sequence_keeps_the_stack_as_it_stands() -> None:
    # src 379: "When a character acts, she is placed at the rear of the stack. Damage equal to Health/5 moves
    # a card forwards". Stack Jade (9), Kit (7), Viper (3). Jade hits Viper (Health 10: a place per 2) for 2:
    # Viper's card moves 1 up, ahead of Kit (Jade's is bound for the rear): Viper, Kit, Jade. Viper acts (->
    # Kit, Jade, Viper), Kit acts (-> Jade, Viper, Kit): every card has come up, Sequence 2 begins with that
    # stack, not one dealt anew by the Shot pools (Jade, Kit, Viper).
    d = table(CARDS, heroes={"h": sheet(traits=pool(9), weapons=[gun(2)]), "k": sheet(traits=pool(7))},
              villains={"v": sheet(traits=pool(3), health=10, toughness=50)})  # fmt: skip
    assert state(d).turn.order.order == ("h", "k", "v")
    attack(d, "h", ["v"], HIT)
    end_turn(d, "h")
    assert state(d).turn.order.order == ("v", "k", "h")
    end_turn(d, "v")
    end_turn(d, "k")
    assert (state(d).turn.sequence, state(d).turn.order.order) == (2, ("h", "v", "k"))


@pytest.mark.rules("WS-ALT-001", "WS-CARD-001")
def test_s15__under_card_initiative_every_sequence_deals_each_faction_a_new_card() -> None:
    # src 85: "Every Sequence draw a card for each Faction". The heroes draw AS and the villains 8H (dice 1,
    # 20); once both cards have come up, Sequence 2 deals again from the one deck: 2S (die 1), then 10H (die
    # 20: the 20th card left once AS, 2S and 8H are out).
    d = table({**CARDS, "card_draw": True}, heroes={"h": sheet(traits=pool(9))},
              villains={"v": sheet(traits=pool(6), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "start_sequence", dice=[1, 20])
    assert state(d).turn.cards == {"heroes": "AS", "villains": "8H"}
    end_turn(d, "h")
    end_turn(d, "v", dice=[1, 20])
    assert state(d).turn.cards == {"heroes": "2S", "villains": "10H"}


@pytest.mark.rules("WS-ALT-001", "WS-SHOCK-002", "WS-DMG-007")
def test_s16__under_card_initiative_the_shock_rolls_margin_counts_sequences_to_wake() -> None:
    # src 120: "The negative margin indicates Sequences until you wake up". Jade hits Viper for 10 (2 Wounds):
    # Shock roll vs 15: 10 + 5 - 1 = 14 fails by 1: out for 1 Sequence. Jade's card goes to the rear: the only
    # one able to act has come up, Sequence 2 begins and Viper's Sequence is up: it wakes, and its card,
    # first in the stack, comes up.
    d = table({**CARDS, "shock_roll": True}, heroes={"h": sheet(traits=pool(9), weapons=[gun(10)])},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    attack(d, "h", ["v"], [*HIT, 5, 1])
    assert who(d, "v").standing is Standing.DOWN
    end_turn(d, "h")
    assert (state(d).turn.sequence, who(d, "v").standing, state(d).turn.current) == (2, Standing.UP, "v")


@pytest.mark.rules("WS-ALT-001", "WS-ALT-003", "WS-DMG-006")
def test_s17__under_card_initiative_a_rester_who_actively_defends_has_done_more_than_rest() -> None:
    # src 58: "If you do nothing but rest during a Sequence"; src 379: an Active Defense "only ... if the
    # character is not in first place". Stack Jade (9), Viper (8), Kit (7). Jade (Shock 4) rests and goes to
    # the rear (Viper, Kit, Jade); Viper shoots and Jade, behind Kit, defends (Defense 17: 12 + 9 - 1 = 20
    # still hits for 6). Kit's turn ends the Sequence with no Shock regained: 4 + 6 = 10.
    d = table(CARDS, heroes={"h": sheet(name="Jade", traits=pool(9), **TOUGH), "k": sheet(traits=pool(7))},
              villains={"v": sheet(name="Viper", traits=pool(8), **TOUGH)}, start=False)  # fmt: skip
    d.do("gm", "fall", character="h", metres=4, dice=[1, 9])
    d.do("gm", "start_sequence")
    assert state(d).turn.current == "h"
    d.do("ann", "rest", character="h")
    end_turn(d, "h")
    r = last(attack(d, "v", ["h"], HIT, defend={"h": True}), "attack_rolled")
    assert (r["av"], r["defense"], r["hit"]) == (20, 17, True)
    end_turn(d, "v")
    end_turn(d, "k")
    assert (state(d).turn.sequence, who(d, "h").shock) == (2, 10)


@pytest.mark.rules("WS-ALT-005", "WS-ALT-001")
def test_s22__a_padding_d10_reached_as_the_sequence_ends_inspires_the_next_one() -> None:
    # src 379: padding cards give "extra d10s" and "are removed when they are reached". Stack Jade, Viper, a
    # d10 padding card. Jade's and Viper's turns end Sequence 1; the padding card comes up and is removed,
    # and Jade's next roll, in Sequence 2, has its extra d10: 13 + 9 - 1 + 4 = 25.
    d = table({**CARDS, "padding": ["d10"]}, heroes={"h": sheet(traits=pool(9))},
              villains={"v": sheet(traits=pool(6), **TOUGH)})  # fmt: skip
    end_turn(d, "h")
    end_turn(d, "v")
    assert (state(d).turn.sequence, state(d).turn.order.order) == (2, ("h", "v"))
    r = last(attack(d, "h", ["v"], [9, 1, 4]), "attack_rolled")
    assert (list(r["dice"]), r["av"]) == ([9, 1, 4], 25)


# -- the tracker a seat reads (src 12, 175) ------------------------------------------------------------------


def _panel(d: Driver, seat: str, title: str) -> dict[str, Any]:
    """The tracker panel ``title`` as ``seat`` sees it."""
    return next(p for p in d.view(seat)["panels"] if p["title"] == title)


@pytest.mark.rules("WS-SEQ-002", "WS-SEQ-003")
def test_s18__the_tracker_names_the_one_who_is_up() -> None:
    # src 12: "Each time your Initiative comes up, you may take an Action": the tracker says whose turn it is,
    # by the name its player gave (Rook, id qb2), not the table's id.
    d = table(QUIET, villains={"v": sheet(name="Viper", traits=SLOW, **TOUGH)}, start=False)
    d.do("gm", "add_character", id="qb2", owner="bo", name="Rook", **sheet())
    d.do("gm", "start_sequence")
    for seat in ("gm", "ann", "bo"):
        assert _panel(d, seat, "Workshop fight")["note"].startswith("Sequence 1; Rook is up."), seat


@pytest.mark.rules("WS-MOOK-004")
@pytest.mark.parametrize(("skill", "down"), [(6, "1"), (12, "0")])
def test_s19__the_chances_against_speed_bump_mooks_are_their_static_pv_not_a_roll(
    skill: int, down: str
) -> None:
    # src 175: "Compare the Skill+Damage of a player character with a group of Mooks Skill+Soak. For every
    # [Mook Wound Threshold] PV a Mook goes down. No roll". Jade's chances panel reads that comparison, not
    # the odds of a roll against the group's Defense: Agility 5 + Guns 4 + gun 6 = 15 vs Skill 6 + Soak 0:
    # PV 9, 1 mook down; vs Skill 12: PV 3, none.
    goons = {
        "name": "Goons",
        "named": False,
        "count": 4,
        "traits": {"Skill": skill, **SLOW},
        "weapons": [gun(3)],
    }
    d = table({**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(name="Jade")}, villains={"g": goons})
    rows = _panel(d, "ann", "Chances")["rows"]
    assert [list(r) for r in rows] == [["Goons", "15", str(skill), f"no roll: {down} down"]]


@pytest.mark.rules("WS-MOOK-005")
@pytest.mark.parametrize(("skill", "pv"), [(8, 0), (12, 2)])
def test_s23__the_chances_of_a_speed_bump_groups_own_attack_are_its_static_pv(skill: int, pv: int) -> None:
    # src 175: "Mooks also take an Action, last in the Sequence"; PROPOSED WS-MOOK-005: their attack is static
    # too, Mook Skill + Damage vs PC Defense + Soak, no roll. The Goons are up: the chances panel every seat
    # reads gives that comparison (Skill 8 + gun 3 = 11 vs Defense 12 + Soak 1 = 13: PV 0; Skill 12: 15, PV
    # 2), as the GM's strike prompt does, not the odds of a roll of the gun's Agility + Guns.
    goons = {
        "name": "Goons",
        "named": False,
        "count": 4,
        "traits": {"Skill": skill, **SLOW},
        "weapons": [gun(3)],
    }
    d = table(
        {**QUIET, "mooks": "speed_bump"}, heroes={"h": sheet(name="Jade", soak=1)}, villains={"g": goons}
    )
    end_turn(d, "h")
    assert state(d).turn.current == "g"
    for seat in ("gm", "ann"):
        rows = _panel(d, seat, "Chances")["rows"]
        assert [list(r) for r in rows] == [["Jade", str(skill + 3), "13", f"no roll: PV {pv}"]], seat
