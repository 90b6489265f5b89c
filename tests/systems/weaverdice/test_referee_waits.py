"""Referee situations for Wait (src 994, WD-COMBAT-027/028): the trigger that never comes under each
``wait_expiry`` value, and a trigger whose turn a Delayed moves (src 852-854). Each situation was
written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N") before it was
played through the table with given dice; where the seed is silent the expected outcome is the
inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Status
from tests.systems.weaverdice.helpers import add, sheet, table

_SEATS = {"vic": "ann", "max": "bob", "cal": "bob"}

LATE = {"wait_expiry": "act_end_of_round"}


def _end(d: Driver, *idents: str) -> None:
    """End these turns, checking each is the one acting."""
    for ident in idents:
        assert d.state.fight.turn.actor == ident
        d.do(_SEATS.get(ident, "gm"), "end_turn", character=ident)


def _vic_waits_for_the_thug(config: dict[str, str] | None = None) -> Driver:
    """Vic (Ann's) 12, Max (Bob's) 11, a generic thug (Guts 1) 9, a slow generic goon 7: Vic spends
    Focus to wait for the thug, so the order is Max, Vic, thug, goon and Max acts now."""
    d = table(config=config)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=1))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "wait", character="vic", trigger="thug")
    assert d.state.fight.order.order == ("max", "vic", "thug", "goon")
    assert d.state.fight.turn.actor == "max"
    return d


# -- the trigger that never comes (src 994; WD-COMBAT-028 OPEN, config wait_expiry) -----------------


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_with_act_end_of_round_a_waiter_whose_trigger_drops_acts_after_the_goon() -> None:
    # src 994: "When the expected action happens, they take their turn". Max's 6 drops the thug
    # (Guts 1) before his turn, so the expected action never comes this round. PROPOSED (WD-COMBAT-028)
    # with wait_expiry = act_end_of_round: the waiter "acts at the end of the round instead": the goon
    # goes first, then Vic, and only then round 2 opens with Max.
    d = _vic_waits_for_the_thug(LATE)
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    assert d.state.people["thug"].track.standing.value != "up"
    _end(d, "max", "goon")
    assert d.state.fight.turn.actor == "vic"
    assert d.state.fight.order.round == 1
    d.do("ann", "move", character="vic", feet=10)  # a whole turn: two standard actions
    d.do("ann", "move", character="vic", feet=10)
    _end(d, "vic")
    assert d.state.fight.turn.actor == "max"
    assert d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-028")
def test_with_act_end_of_round_the_waiter_keeps_his_new_place_next_round() -> None:
    # PROPOSED (WD-COMBAT-028): "the new slot persists for later rounds"; the late turn at the end of
    # round 1 does not move Vic's place, just before the (dropped) thug: round 2 runs Max, Vic, goon.
    d = _vic_waits_for_the_thug(LATE)
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    _end(d, "max", "goon", "vic", "max", "vic", "goon")
    assert d.state.fight.order.round == 3
    assert d.state.fight.order.order == ("max", "vic", "thug", "goon")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_with_act_end_of_round_a_trigger_that_comes_fires_the_wait_as_usual() -> None:
    # src 994: the thug is up when his turn comes, so Vic acts "just before" him, not at the end
    d = _vic_waits_for_the_thug(LATE)
    _end(d, "max", "vic", "thug", "goon")
    assert d.state.fight.turn.actor == "max"
    assert d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-028")
def test_with_forfeit_the_dropped_triggers_waiter_loses_the_turn_and_the_goon_ends_the_round() -> None:
    # PROPOSED default (wait_expiry = forfeit): the same drop costs Vic the round's turn
    d = _vic_waits_for_the_thug()
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    _end(d, "max", "goon")
    assert d.state.fight.turn.actor == "max"
    assert d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-028")
def test_with_act_end_of_round_a_late_turn_is_replayed_from_the_log() -> None:
    # saved tables replay as played: the late turn and the restored place come back from the log
    d = _vic_waits_for_the_thug(LATE)
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    _end(d, "max", "goon")
    assert d.replayed().state == d.state
    _end(d, "vic")
    assert d.replayed().state == d.state


# -- a Delayed trigger (src 994 with src 852-854) ---------------------------------------------------


def _vic_waits_for_the_brute(config: dict[str, str] | None = None) -> Driver:
    """Vic (Ann's) 12, Max (Bob's) 11, a notable brute 9, Cal (Bob's) 7, then a slow generic goon (5):
    Vic waits for the brute, so the order is Max, Vic, brute, Cal, goon; Max's punch (lesser bash, a
    6 on the effect) Delays the brute, who does not spend a Recovery dot to ignore it."""
    d = table(config=config)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "bob", sheet("cal", "Cal"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1, dexterity=1))
    d.do("gm", "start_combat", dice=[6, 5, 3, 1])
    d.do("ann", "wait", character="vic", trigger="brute")
    assert d.state.fight.order.order == ("max", "vic", "brute", "cal", "goon")
    d.do("bob", "attack", character="max", target="brute", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[6])  # Lesser Bash 6: Delayed, 1 Focus lost (src 660)
    d.do("gm", "effect_choice", character="brute", key="negate", picks=[])
    return d


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028", "WD-STATUS-010")
def test_a_wait_moves_with_its_delayed_trigger() -> None:
    # src 854: the brute's next turn goes "after the enemy or group of enemies who would otherwise act
    # next": Cal (the goon is the brute's ally). src 994: Vic waits until the brute acts and takes his
    # turn "just before the target individual", so Vic goes after Cal too: Max, Cal, Vic, brute, goon.
    d = _vic_waits_for_the_brute()
    assert d.state.fight.order.order == ("max", "cal", "vic", "brute", "goon")
    _end(d, "max", "cal", "vic", "brute", "goon")
    assert d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-028", "WD-STATUS-010")
def test_a_wait_on_a_trigger_delayed_into_next_round_lapses_this_round() -> None:
    # src 854: the brute goes after "the enemy or group of enemies who would otherwise act next": none
    # of his foes is left after him in round 1 (the goon is his ally), so the next are Max and Vic at
    # the top of round 2, and the brute goes after them (WD-STATUS-010; a run of foes ends with its
    # round: test_referee15). The expected action never comes in round 1: PROPOSED (WD-COMBAT-028,
    # forfeit) Vic's turn this round is lost; the goon acts after Max, and round 2 runs Max, Vic, the
    # brute, the goon.
    d = _brute_delayed_into_round_2()
    _end(d, "max", "goon")
    assert d.state.fight.order.round == 2
    _end(d, "max", "vic", "brute", "goon")


@pytest.mark.rules("WD-COMBAT-028", "WD-STATUS-010")
def test_with_act_end_of_round_a_trigger_delayed_into_next_round_leaves_vic_the_rounds_end() -> None:
    # the same delay with wait_expiry = act_end_of_round (WD-COMBAT-028 PROPOSED): Vic acts after the
    # goon at the end of round 1, and round 2 runs Max, Vic (his place just before the brute), the
    # brute (his delay over with Vic's round-2 turn), the goon
    d = _brute_delayed_into_round_2(LATE)
    _end(d, "max", "goon", "vic")
    assert d.state.fight.order.round == 2
    _end(d, "max", "vic", "brute", "goon")


def _brute_delayed_into_round_2(config: dict[str, str] | None = None) -> Driver:
    """Vic 12, Max 11, the notable brute 9, a slow generic goon 5: Vic waits for the brute; Max's punch
    Delays him."""
    d = table(config=config)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1, dexterity=1))
    d.do("gm", "start_combat", dice=[6, 5, 3])
    d.do("ann", "wait", character="vic", trigger="brute")
    d.do("bob", "attack", character="max", target="brute", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[6])  # Lesser Bash 6: Delayed (src 660)
    d.do("gm", "effect_choice", character="brute", key="negate", picks=[])
    assert d.state.fight.order.order == ("max", "vic", "brute", "goon")
    return d


# -- a Wait from the round's last slot (src 563, src 592, src 994) ------------------------------------


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-021", "WD-COMBAT-001")
def test_a_wait_from_the_last_slot_ends_the_round_and_the_blocked_thug_drops() -> None:
    # Max 12 (Brawn 5), the thug 9, the goon 8, Vic 7 (last). Max blocks the thug's punch: src 592,
    # the attacker "move[s] down one spot in the turn order (delaying their next turn)", which the
    # table applies as the round ends (WD-COMBAT-021 PROPOSED). Vic, last, waits for the goon, who has
    # acted: his place is now just before the goon (src 994), so round 1 is over. Its end comes all the
    # same: the thug drops below Vic, and round 2 runs Max, Vic, the thug, the goon.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max", brawn=5))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=2))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight.order.order == ("max", "thug", "goon", "vic")
    _end(d, "max")
    d.do("gm", "attack", character="thug", target="max", dice=[4])  # 4 vs DS 4: a hit
    d.answer("bob", "react-max", "block", dice=[3])  # Brawn 5: 3 + 2 = 5 >= 4: blocked
    _end(d, "thug", "goon")
    d.do("ann", "wait", character="vic", trigger="goon")
    assert "Round 1 ends." in d.words()
    assert d.state.fight.order.round == 2
    assert d.state.fight.order.order == ("max", "vic", "thug", "goon")
    assert d.replayed().state == d.state
    _end(d, "max", "vic", "thug", "goon")


# -- waits among other rules (src 994 with src 586, 1000) --------------------------------------------


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_two_waits_for_the_thug_both_come_before_him_the_later_one_closer() -> None:
    # src 994: each waiter's place becomes "just before the target individual". Vic waits for the
    # thug (Max, Vic, thug, goon); then Max, whose turn it is, waits for the thug too and takes the
    # place just before him: Vic, Max, thug, goon. Vic acts now, then Max, then the thug.
    d = _vic_waits_for_the_thug()
    d.do("bob", "wait", character="max", trigger="thug")
    assert d.state.fight.order.order == ("vic", "max", "thug", "goon")
    _end(d, "vic", "max", "thug", "goon")
    assert d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028", "WD-COMBAT-001")
@pytest.mark.parametrize("config", [None, LATE])
def test_a_waiter_knocked_out_before_his_slot_takes_no_turn_early_or_late(
    config: dict[str, str] | None,
) -> None:
    # src 994 with src 563 ("the unconscious and dying doing nothing"): Vic (Guts 1) 12, the goon 9,
    # Max 8, the thug 7 (generic, Athletics 1). Vic waits for the thug: goon, Max, Vic, thug. The
    # goon's 6 hits Vic (DS 4), who takes it: his one wound slot is full and the stay-up roll (src 792)
    # fails. Vic's slot passes empty under either wait_expiry (no late turn for the unconscious); the
    # thug still acts, and round 2 opens with the goon.
    d = table(config=config)
    add(d, "ann", sheet("vic", "Vic", guts=1))
    add(d, "gm", sheet("goon", "Goon", "generic"))
    add(d, "bob", sheet("max", "Max", athletics=2))
    add(d, "gm", sheet("thug", "Thug", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 2])
    assert d.state.fight.order.order == ("vic", "goon", "max", "thug")
    d.do("ann", "wait", character="vic", trigger="thug")
    assert d.state.fight.order.order == ("goon", "max", "vic", "thug")
    d.do("gm", "attack", character="goon", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[1, 1])  # the Guts stay-up roll fails; effect 1
    # out of the fight, Vic is not asked to spend Recovery on the effect (src 563)
    assert d.state.people["vic"].track.standing.value == "unconscious"
    _end(d, "goon", "max", "thug")
    assert d.state.fight.order.round == 2
    assert d.state.fight.turn.actor == "goon"


@pytest.mark.rules("WD-COMBAT-028", "WD-COMBAT-030", "WD-COMBAT-031")
def test_a_wait_for_a_thug_pushed_into_the_background_lapses() -> None:
    # src 1000: Leverage Reputation pushes lesser foes "into the background": they do not fight. Vic
    # waits for the thug (Max, Vic, thug, goon); Max cites a card and pushes the thug back. The thug's
    # action does not come this round: PROPOSED (WD-COMBAT-028, forfeit) Vic's turn is lost, the goon
    # acts after Max.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("max", "Max"), reputation=1, owner="bob")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "wait", character="vic", trigger="thug")
    d.do("bob", "leverage", character="max", foes=["thug"])
    _end(d, "max", "goon")
    assert d.state.fight.order.round == 2


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028", "WD-STATUS-010")
def test_a_wait_for_a_brute_delayed_behind_vic_himself_fires_with_vics_next_turn() -> None:
    # Max 12, Vic 11, the notable brute 9. Vic's punch (Lesser Bash 6, src 660) Delays the brute behind
    # the enemies who would act next (src 854): none is left after him in round 1, so Max and then Vic
    # at the top of round 2, and the brute's next turn is after Vic's round-2 turn. Vic then waits for
    # the brute (src 994): round 1 ends there; in round 2 Vic's turn is the one just before the
    # brute's, so the wait fires: Max, Vic, the brute.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "bob", sheet("max", "Max"))
    d.do("gm", "start_combat", dice=[5, 3, 6])
    assert d.state.fight.order.order == ("max", "vic", "brute")
    _end(d, "max")
    d.do("ann", "attack", character="vic", target="brute", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[6])
    d.do("gm", "effect_choice", character="brute", key="negate", picks=[])
    d.do("ann", "wait", character="vic", trigger="brute")
    assert d.state.fight.order.round == 2
    _end(d, "max", "vic", "brute")


# -- what a Wait puts off: the rest of the turn (src 558, 994, 551) ---------------------------------


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-008")
def test_after_both_actions_there_is_no_turn_left_to_wait_with() -> None:
    # src 551: "Players often make two actions a turn"; src 994: a Wait delays "their turn": Vic has
    # moved twice, his turn is spent, so a Wait is refused and nothing changes (his Focus is kept).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)
    d.refuse("ann", "wait", character="vic", trigger="thug", rule="WD-COMBAT-008")
    assert d.state.fight.order.order == ("vic", "max", "thug")
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == 3


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-008")
def test_a_wait_after_one_move_leaves_one_action_at_the_new_place() -> None:
    # src 994: Vic moves, then waits for the thug: the rest of his turn (one action, src 551) comes
    # just before the thug, not a fresh turn of two.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "wait", character="vic", trigger="thug")
    _end(d, "max")
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "move", character="vic", feet=10)
    d.refuse("ann", "move", character="vic", feet=10, rule="WD-COMBAT-008")
    _end(d, "vic", "thug")
    assert d.state.fight.order.round == 2
    d.do("bob", "move", character="max", feet=10)  # round 2: Max, then Vic with two actions again
    _end(d, "max")
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_a_wait_declared_first_keeps_both_actions_for_the_new_place() -> None:
    # src 994: a Wait before acting delays the whole turn: two actions just before the thug
    d = _vic_waits_for_the_thug()
    _end(d, "max")
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-028", "WD-COMBAT-008")
def test_a_late_turn_is_the_rest_of_the_turn_the_wait_put_off() -> None:
    # wait_expiry = act_end_of_round (WD-COMBAT-028 PROPOSED): Vic moves, waits for the thug, whom Max
    # drops; Vic's turn comes at the round's end with the one action he had left.
    d = table(config=LATE)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic", guts=1))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "wait", character="vic", trigger="thug")
    d.do("bob", "attack", character="max", target="thug", dice=[6])
    _end(d, "max", "goon")
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "move", character="vic", feet=10)
    d.refuse("ann", "move", character="vic", feet=10, rule="WD-COMBAT-008")
    _end(d, "vic")
    assert d.state.fight.paused == ()
    assert d.replayed().state == d.state


def _offered(d: Driver, seat: str) -> set[str]:
    return {c.command for c in d.legal(seat) if c.fixed.get("character") == "vic"}


@pytest.mark.rules("WD-COMBAT-008", "WD-COMBAT-027", "WD-COMBAT-010")
def test_the_menu_offers_what_takes_an_action_only_while_one_is_left() -> None:
    # src 551: two actions a turn; src 994 delays "their turn", so with both actions used a Wait is
    # refused, as is a third move, attack, grab or rest (WD-COMBAT-008): the menu must not offer
    # them. After one move all are on it; after two only what needs no action (a quick action, the
    # turn's end).
    # A full attack (src 529, "Attack x2") owes its second swing: the attack stays on the menu then,
    # but not a move or a Wait.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight.order.order == ("vic", "thug", "goon")
    d.do("ann", "move", character="vic", feet=10)
    assert {"wait", "move", "attack", "grab", "rest", "end_turn"} <= _offered(d, "ann")
    d.do("ann", "move", character="vic", feet=10)
    left = _offered(d, "ann")
    assert not {"wait", "move", "attack", "grab", "rest"} & left
    assert {"act", "end_turn"} <= left
    d.refuse("ann", "wait", character="vic", trigger="goon", rule="WD-COMBAT-008")
    _end(d, "vic", "thug", "goon")
    d.do("ann", "attack", character="vic", target="thug", full=True, dice=[1])  # a miss
    left = _offered(d, "ann")
    assert "attack" in left and not {"wait", "move"} & left
    d.do("ann", "attack", character="vic", target="thug", dice=[1])
    assert "attack" not in _offered(d, "ann")


def _gm_offers(d: Driver) -> set[str]:
    return {c.command for c in d.legal("gm")}


@pytest.mark.rules("WD-COMBAT-001", "WD-COMBAT-030")
def test_the_menu_offers_starting_ending_and_leveraging_only_when_the_table_would_accept_them() -> None:
    # WD-COMBAT-001: a fight starts when none is on and someone is up to fight, and ends while one is
    # on; src 1340/426 Leverage cites a rep card the character holds (WD-COMBAT-030: "has no reputation
    # to leverage" otherwise). Each was on the menu when the table would refuse it.
    d = table()
    assert not {"start_combat", "end_combat"} & _gm_offers(d)  # nobody at the table yet
    d.refuse("gm", "start_combat", rule="WD-COMBAT-001")
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    assert "start_combat" in _gm_offers(d) and "end_combat" not in _gm_offers(d)
    assert "start_combat" not in {c.command for c in d.legal("ann")}
    d.refuse("gm", "end_combat", rule="WD-COMBAT-001")
    d.do("gm", "start_combat", dice=[6])
    assert "end_combat" in _gm_offers(d) and "start_combat" not in _gm_offers(d)
    assert "leverage" not in _offered(d, "ann")  # Vic holds no rep card
    d.refuse("ann", "leverage", character="vic", rule="WD-COMBAT-030")
    d.do("gm", "award", character="vic", rep="stopped a bus")
    assert "leverage" in _offered(d, "ann")
    d.do("ann", "leverage", character="vic", spent=True)
    d.do("gm", "end_combat")
    assert "end_combat" not in _gm_offers(d) and "start_combat" in _gm_offers(d)


# -- a trigger whose slot does not come again this round (src 994; WD-COMBAT-028 PROPOSED) -----------


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028", "WD-COMBAT-008")
def test_with_act_end_of_round_a_wait_for_one_who_has_acted_gives_the_rest_of_the_turn_at_the_end() -> None:
    # Vic 12, Max 11, the thug 9, the goon 7. Vic has acted; Max moves, then waits for Vic: his place
    # is "just before" Vic (src 994), whose next action is in round 2, so the expected action does not
    # happen by the end of round 1. With wait_expiry = act_end_of_round (WD-COMBAT-028 PROPOSED) Max's
    # turn comes at the round's end, after the goon, with the one action he had left (src 551). Round 2
    # opens from his new place: Max, Vic, the thug, the goon. Before: no late turn, round 2 began.
    d = table(config=LATE)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    _end(d, "vic")
    d.do("bob", "move", character="max", feet=10)
    d.do("bob", "wait", character="max", trigger="vic")
    _end(d, "thug", "goon")
    assert d.state.fight.turn.actor == "max"
    assert d.state.fight.order.round == 1
    d.do("bob", "move", character="max", feet=10)
    d.refuse("bob", "move", character="max", feet=10, rule="WD-COMBAT-008")
    assert d.replayed().state == d.state
    _end(d, "max")
    assert d.state.fight.order.round == 2
    assert d.state.fight.order.order == ("max", "vic", "thug", "goon")
    _end(d, "max", "vic", "thug", "goon")
    assert d.state.fight.order.round == 3
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_with_forfeit_a_wait_for_one_who_has_acted_loses_the_rounds_turn() -> None:
    # the same Wait under the default wait_expiry = forfeit: Max's round-1 turn is lost; round 2 runs
    # Max (just before Vic), Vic, the thug, the goon
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    _end(d, "vic")
    d.do("bob", "wait", character="max", trigger="vic")
    _end(d, "thug", "goon")
    assert d.state.fight.order.round == 2
    _end(d, "max", "vic", "thug", "goon")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_with_act_end_of_round_a_wait_from_the_last_slot_for_one_who_has_acted_goes_on_at_once() -> None:
    # Vic 12, the thug 9, Max 7 (last). Max waits for the thug, who has acted: the round has nobody
    # left, so his late turn (WD-COMBAT-028 PROPOSED) comes at once, and round 2 runs Vic, Max (just
    # before the thug), the thug.
    d = table(config=LATE)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "bob", sheet("max", "Max", athletics=1))
    d.do("gm", "start_combat", dice=[6, 1])
    _end(d, "vic", "thug")
    d.do("bob", "wait", character="max", trigger="thug")
    assert d.state.fight.turn.actor == "max"
    assert d.state.fight.order.round == 1
    _end(d, "max")
    assert d.state.fight.order.order == ("vic", "max", "thug")
    _end(d, "vic", "max", "thug")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-028", "WD-COMBAT-030", "WD-COMBAT-031")
def test_with_act_end_of_round_a_wait_for_a_thug_pushed_into_the_background_comes_late() -> None:
    # src 1000 pushes the thug out of the fighting: his action does not come this round, so with
    # act_end_of_round (WD-COMBAT-028 PROPOSED) Vic acts after the goon, at the round's end
    d = table(config=LATE)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("max", "Max"), reputation=1, owner="bob")
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "wait", character="vic", trigger="thug")
    d.do("bob", "leverage", character="max", foes=["thug"])
    _end(d, "max", "goon", "vic")
    assert d.state.fight.order.round == 2


# -- a Wait beside a Block's mid-round drop (src 592, src 994; WD-COMBAT-021/028) --------------------


@pytest.mark.rules("WD-COMBAT-021", "WD-COMBAT-027", "WD-COMBAT-028")
def test_a_waiter_blocked_just_above_a_dropped_brute_swaps_with_him_and_the_goon_keeps_his_place() -> None:
    # Vic (Brawn 5) 12, the notable brute 11, Hood (notable, Brawn 5) 10, the goon 7. On Vic's turn the
    # brute's attack of opportunity is blocked (3 + 2 = 5 >= 4): src 592, the brute moves "down one
    # spot": Vic, Hood, brute, goon. Vic then waits for the brute (src 994): Hood, Vic, brute, goon,
    # Hood acting. Vic's attack of opportunity on Hood is blocked (3 + 2 = 5 >= 2 + 2 = 4): Vic moves
    # down one spot, below the brute: Hood, brute, Vic, goon. The brute was dropped past Hood, not past
    # Vic, so he does not drop again, and the goon does not jump both. Before: Hood, goon, brute, Vic.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "gm", sheet("hood", "Hood", "notable", brawn=5))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5, 4])
    assert d.state.fight.order.order == ("vic", "brute", "hood", "goon")
    d.do("gm", "attack", character="brute", target="vic", opportunity=True, dice=[4])
    d.answer("ann", "react-vic", "block", dice=[3])
    assert d.state.fight.order.order == ("vic", "hood", "brute", "goon")
    d.do("ann", "wait", character="vic", trigger="brute")
    assert d.state.fight.order.order == ("hood", "vic", "brute", "goon")
    d.do("ann", "attack", character="vic", target="hood", opportunity=True, dice=[2])
    d.answer("gm", "react-hood", "block", dice=[3])
    assert d.state.fight.order.order == ("hood", "brute", "vic", "goon")
    assert d.replayed().state == d.state
    # the brute acts after Hood, then Vic (the brute's action came, so his wait is over), then the goon
    _end(d, "hood", "brute", "vic", "goon")
    assert d.state.fight.order.round == 2
    assert d.state.fight.order.order == ("hood", "brute", "vic", "goon")


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-015")
def test_a_generic_without_focus_may_not_wait_and_is_not_offered_it() -> None:
    # src 558: Wait "Spends focus"; src 586: out-of-turn actions "require Focus(); if you can't expend
    # the focus, you're not alert enough". The generic goon has no Focus: the Wait is refused (the
    # effort it would spend is not there), nothing changes, and the menu does not offer it.
    d = table()
    add(d, "gm", sheet("goon", "Goon", "generic"))
    add(d, "ann", sheet("vic", "Vic", athletics=1))
    add(d, "bob", sheet("max", "Max", athletics=2))
    d.do("gm", "start_combat", dice=[1, 1])  # the goon 9 (generics add 3), Max 6, Vic 5
    assert d.state.fight.order.order == ("goon", "max", "vic")
    assert "wait" not in {c.command for c in d.legal("gm") if c.fixed.get("character") == "goon"}
    d.refuse("gm", "wait", character="goon", trigger="vic", rule="WD-EFFORT-001", match="effort")
    assert d.state.fight.order.order == ("goon", "max", "vic")
    _end(d, "goon")
    assert "wait" in {c.command for c in d.legal("bob") if c.fixed.get("character") == "max"}


# -- waiting for an event, not a person (src 994: "Expected actions need not be from individuals") ----

CAR = "the next car to come round the corner"


def _vic_waits_for_the_car(config: dict[str, str] | None = None) -> Driver:
    """Vic (Ann's) 12, Max (Bob's) 11, a generic thug 9, a slow generic goon 7: Vic spends Focus to wait
    for an event, the next car, declaring his response; his slot goes to the end of the order."""
    d = table(config=config)
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    add(d, "gm", sheet("goon", "Goon", "generic", athletics=1))
    d.do("gm", "start_combat", dice=[6, 5])
    d.do("ann", "wait", character="vic", event=CAR, response="leap onto its hood")
    return d


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028")
def test_a_wait_for_an_event_is_recorded_with_its_response_and_fires_mid_turn() -> None:
    # src 994: "They can then declare the expected action and intended response. When the expected
    # action happens, they take their turn. Expected actions need not be from individuals ... stop the
    # next vehicle to approach. Delaying action in this manner changes one's place in the turn order to
    # just before the target individual or event." Vic waits for the car (a Focus dot): the table shows
    # what he waits for and what he means to do. The car comes in the thug's turn, after his one move:
    # the GM fires the wait, Vic takes his whole turn at once, then the thug's turn goes on with the one
    # action he had left; in round 2 Vic's place is just before the thug's.
    d = _vic_waits_for_the_car()
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == 2
    said = f"Vic waits for {CAR} (response: leap onto its hood)."
    assert said in [e.description.text for e in d.table.log_view(d.table.viewer_for("bob"))]
    assert d.state.fight.order.order == ("max", "thug", "goon", "vic")
    _end(d, "max")
    d.do("gm", "move", character="thug", feet=10)
    d.refuse("ann", "fire_wait", character="vic")  # the GM says when the car comes
    d.do("gm", "fire_wait", character="vic")
    assert d.state.fight.turn.actor == "vic"
    assert d.state.fight.order.order == ("max", "vic", "thug", "goon")
    d.do("ann", "move", character="vic", feet=10)
    d.do("ann", "move", character="vic", feet=10)
    _end(d, "vic")
    assert d.state.fight.turn.actor == "thug"
    d.do("gm", "move", character="thug", feet=10)
    d.refuse("gm", "move", character="thug", feet=10, rule="WD-COMBAT-008")
    _end(d, "thug", "goon")
    assert d.state.fight.order.round == 2
    _end(d, "max", "vic", "thug")
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-028")
def test_with_forfeit_a_wait_for_an_event_that_never_comes_loses_the_rounds_turn() -> None:
    # PROPOSED default (WD-COMBAT-028, wait_expiry = forfeit): no car comes this round; when the order
    # reaches Vic's slot at its end the turn is lost and round 2 opens with Max; Vic stays last.
    d = _vic_waits_for_the_car()
    _end(d, "max", "thug", "goon")
    assert d.state.fight.order.round == 2
    assert d.state.fight.turn.actor == "max"
    _end(d, "max", "thug", "goon", "vic")
    d.refuse("gm", "fire_wait", character="vic", rule="WD-COMBAT-027")  # nothing is awaited now


@pytest.mark.rules("WD-COMBAT-028")
def test_with_act_end_of_round_a_wait_for_an_event_that_never_comes_acts_at_the_rounds_end() -> None:
    # PROPOSED (WD-COMBAT-028, act_end_of_round): no car comes; Vic acts at the end of round 1.
    d = _vic_waits_for_the_car(LATE)
    _end(d, "max", "thug", "goon")
    assert (d.state.fight.turn.actor, d.state.fight.order.round) == ("vic", 1)
    _end(d, "vic")
    assert (d.state.fight.turn.actor, d.state.fight.order.round) == ("max", 2)
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-027")
def test_a_wait_names_a_person_or_an_event_and_only_a_pending_event_wait_fires() -> None:
    # src 994: one expected action, of someone or of something; the GM fires only a wait for an event
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6, 5])
    d.refuse("ann", "wait", character="vic", rule="WD-COMBAT-027")
    d.refuse("ann", "wait", character="vic", trigger="thug", event=CAR, rule="WD-COMBAT-027")
    d.refuse("gm", "fire_wait", character="vic", rule="WD-COMBAT-027")
    d.do("ann", "wait", character="vic", trigger="thug", response="punch him as he draws")
    d.refuse("gm", "fire_wait", character="vic", rule="WD-COMBAT-027")
    assert d.state.fight.order.order == ("max", "vic", "thug")


@pytest.mark.rules("WD-COMBAT-027", "WD-STATUS-002")
def test_an_awaited_event_does_not_break_in_before_a_pained_failures_price_is_paid() -> None:
    # src 822: the price of a pained failure may be "end their turn prematurely"; paid while Vic's
    # fired turn ran, it would end Vic's turn, not Max's. Max (in Physical Pain) misses the thug,
    # [1] - 1 = 0: while his price is owed the GM cannot fire Vic's wait, nor is it offered; once
    # Max has paid (a morale step), the car comes and Vic acts.
    d = _vic_waits_for_the_car()
    people = dict(d.state.people)
    people["max"] = people["max"].model_copy(
        update={"conditions": (*people["max"].conditions, condition(Status.PAINED_PHYSICAL, "max"))}
    )
    d.patch(people=people)
    d.do("bob", "attack", character="max", target="thug", dice=[1])
    assert "max" in d.state.pain_owed
    d.refuse("gm", "fire_wait", character="vic", rule="WD-STATUS-002")
    assert "fire_wait" not in {c.command for c in d.legal("gm")}
    d.do("bob", "pain_choice", character="max", choice="morale")
    assert "fire_wait" in {c.command for c in d.legal("gm")}
    d.do("gm", "fire_wait", character="vic")
    assert d.state.fight.turn.actor == "vic"
