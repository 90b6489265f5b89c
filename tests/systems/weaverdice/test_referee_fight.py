"""Referee situations over Weaverdice combat: reactions against several attackers, a Block on an
attack of opportunity, ties on a Dodge against a shot, and a Wait's trigger that is blocked. Each
situation was written from the seed (``/work/shared/seeds/000_6595eaca0229e06e.txt``, cited "src N")
before it was played through the table with given dice; where the seed is silent the expected
outcome is the inventory's PROPOSED decision, cited by rule ID.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

_SEATS = {"vic": "ann", "max": "bob", "cal": "bob"}


def _end(d: Driver, *idents: str) -> None:
    """End these turns, checking each is the one acting."""
    for ident in idents:
        assert d.state.fight.turn.actor == ident
        d.do(_SEATS.get(ident, "gm"), "end_turn", character=ident)


def _wounds(d: Driver, ident: str) -> list[WoundTier]:
    return [w.tier for w in d.state.people[ident].track.wounds]


def _focus(d: Driver, ident: str) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), Pool.FOCUS))


# -- a Block on an attack of opportunity (src 592, 886) ---------------------------------------------


@pytest.mark.rules("WD-COMBAT-021", "WD-MOVE-003", "WD-COMBAT-015")
def test_a_blocked_attack_of_opportunity_drops_the_brute_below_max_this_round() -> None:
    # src 886: moving past an enemy can provoke an attack of opportunity; a notable pays Focus for it
    # (src 586). src 592: a Block that holds makes "melee attackers move down one spot in the turn
    # order (delaying their next turn)". Vic 12, the brute 9, Max 7: the brute strikes at Vic as he
    # moves past, before the brute's own turn; Vic (Brawn 5) blocks 4 + 2 = 6 >= 5. The brute's next
    # turn is this round's, so he drops below Max now: Vic, Max, brute.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "bob", sheet("max", "Max", athletics=2))
    d.do("gm", "start_combat", dice=[6, 3, 2])
    assert d.state.fight.order.order == ("vic", "brute", "max")
    d.do("ann", "move", character="vic", feet=20)
    d.do("gm", "attack", character="brute", target="vic", opportunity=True, dice=[5])  # 5 + 0 >= 4
    d.answer("ann", "react-vic", "block", dice=[4])
    assert _wounds(d, "vic") == []
    _end(d, "vic", "max", "brute")
    assert d.state.fight.order.round == 2


# -- several attackers, one Focus dot (src 588, 384) -------------------------------------------------


@pytest.mark.rules("WD-COMBAT-019", "WD-COMBAT-020", "WD-EFFORT-004")
def test_with_one_focus_dot_vic_dodges_the_first_thug_and_takes_the_second() -> None:
    # src 588: named targets "may respond to a roll by spending focus" to dodge or block, one reaction
    # per attack; Vic (Wits 1) has one Focus dot. The first thug's 4 hits (DS 4); Vic's Athletics die
    # 4 + 0 = 4 ties and dodges (src 590, the defender wins ties). The second thug's 5 hits, and
    # no Focus is left to react: the lesser bash wound lands.
    d = table()
    add(d, "ann", sheet("vic", "Vic", wits=1))
    add(d, "gm", sheet("thug1", "Thug 1", "generic"))
    add(d, "gm", sheet("thug2", "Thug 2", "generic", athletics=2))
    d.do("gm", "start_combat", dice=[1])  # Vic 6 + 1 = 7; the thugs 9 and 8
    assert d.state.fight.order.order == ("thug1", "thug2", "vic")
    assert _focus(d, "vic") == 1
    d.do("gm", "attack", character="thug1", target="vic", dice=[4])
    d.answer("ann", "react-vic", "dodge", dice=[4])
    assert _wounds(d, "vic") == [] and _focus(d, "vic") == 0
    _end(d, "thug1")
    d.do("gm", "attack", character="thug2", target="vic", dice=[5, 1])
    assert not any(p.kind == "reaction" for p in d.prompts("ann"))
    assert _wounds(d, "vic") == [WoundTier.LESSER]


# -- a Dodge that ties a shot (src 590) --------------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-020", "WD-COMBAT-017")
@pytest.mark.parametrize(("face", "dodged"), [(5, True), (4, False)])
def test_a_dodge_equal_to_a_pistol_shot_ignores_it(face: int, dodged: bool) -> None:
    # src 590: "If equal to or better than the attack roll, the attack is ignored"; src 596: an aimed
    # shot rolls Dexterity. The brute (Dexterity 4) shoots Vic: 4 + 1 = 5 against DS 4. Vic's
    # Athletics 3: a 5 is 5 (ties: ignored), a 4 is 4 (the shot lands).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", dexterity=4))
    d.do("gm", "start_combat", dice=[1, 6])  # the brute 7 + 6 = 13, Vic 6 + 1 = 7
    d.do("gm", "attack", character="brute", target="vic", melee=False, stat="dexterity", dice=[4])
    d.answer("ann", "react-vic", "dodge", dice=[face] if dodged else [face, 1])
    assert (_wounds(d, "vic") == []) is dodged


# -- a Wait's trigger blocked (src 994, 592) ---------------------------------------------------------


@pytest.mark.rules("WD-COMBAT-027", "WD-COMBAT-028", "WD-COMBAT-021")
def test_the_brute_vic_waited_for_is_blocked_and_drops_below_cal_next_round() -> None:
    # src 994: Vic waits for the brute and acts just before him (Max, Vic, brute, Cal). The brute then
    # punches Max (Brawn 5), who blocks: src 592, the brute "move[s] down one spot"; he has acted this
    # round, so the drop is for round 2 (WD-COMBAT-021 PROPOSED: a swap with the one after). Vic's
    # place stays where the Wait put it: round 2 runs Max, Vic, Cal, brute.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "bob", sheet("cal", "Cal"))
    d.do("gm", "start_combat", dice=[6, 5, 3, 1])
    d.do("ann", "wait", character="vic", trigger="brute")
    _end(d, "max", "vic")
    d.do("gm", "attack", character="brute", target="max", dice=[4])  # 4 vs DS 4: a hit
    d.answer("bob", "react-max", "block", dice=[3])  # 3 + 2 = 5 >= 4
    _end(d, "brute", "cal")
    assert d.state.fight.order.round == 2
    assert d.state.fight.order.order == ("max", "vic", "cal", "brute")


# -- two attackers blocked in one round (src 592, 594) -----------------------------------------------


@pytest.mark.rules("WD-COMBAT-021")
def test_two_thugs_blocked_in_one_round_both_drop_below_vic() -> None:
    # src 592: a Block that holds makes "melee attackers move down one spot in the turn order
    # (delaying their next turn)". Thug 1 (9) and Thug 2 (8) both punch Vic (7, Brawn 5), who blocks
    # each (4 + 2 = 6 >= 4) with a Focus dot. Each thug's next turn is delayed one spot; neither drop
    # undoes the other's: round 2 runs Vic, Thug 1, Thug 2, Max (the drops fall at the round's end,
    # WD-COMBAT-021 PROPOSED, the thugs having acted).
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("thug1", "Thug 1", "generic"))
    add(d, "gm", sheet("thug2", "Thug 2", "generic", athletics=2))
    add(d, "bob", sheet("max", "Max", athletics=2))
    d.do("gm", "start_combat", dice=[1, 1])  # Vic 6 + 1 = 7, Max 5 + 1 = 6
    assert d.state.fight.order.order == ("thug1", "thug2", "vic", "max")
    for thug in ("thug1", "thug2"):
        d.do("gm", "attack", character=thug, target="vic", dice=[4])
        d.answer("ann", "react-vic", "block", dice=[4])
        _end(d, thug)
    assert _wounds(d, "vic") == []
    _end(d, "vic", "max")
    assert d.state.fight.order.round == 2
    assert d.state.fight.order.order == ("vic", "thug1", "thug2", "max")
    _end(d, "vic", "thug1", "thug2", "max")


@pytest.mark.rules("WD-COMBAT-021", "WD-MOVE-003")
def test_two_attacks_of_opportunity_blocked_before_their_turns_both_drop_below_max() -> None:
    # src 592: a Block that holds makes "melee attackers move down one spot in the turn order
    # (delaying their next turn)"; src 886: moving past enemies can provoke attacks of opportunity.
    # Vic 12, the brute and the boss after him, Max last. Vic (Brawn 5, Wits 2: two Focus dots) runs
    # past both; each strikes (5 >= DS 4) before its own turn, and Vic blocks each (4 + 2 = 6 >= 5).
    # Both next turns are this round's, so each drops one spot now and neither drop undoes the
    # other's: Vic, Max, brute, boss (as two drops at a round's end would fall).
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, wits=2))
    add(d, "gm", sheet("brute", "Brute", "notable"))
    add(d, "gm", sheet("boss", "Boss", "notable", athletics=2))
    add(d, "bob", sheet("max", "Max", athletics=1))
    d.do("gm", "start_combat", dice=[6, 3, 3, 2])
    assert d.state.fight.order.order == ("vic", "brute", "boss", "max")
    d.do("ann", "move", character="vic", feet=20)
    for foe in ("brute", "boss"):
        d.do("gm", "attack", character=foe, target="vic", opportunity=True, dice=[5])
        d.answer("ann", "react-vic", "block", dice=[4])
    assert _wounds(d, "vic") == []
    assert d.state.fight.order.order == ("vic", "max", "brute", "boss")
    _end(d, "vic", "max", "brute", "boss")
    assert d.state.fight.order.round == 2
    # the drops were this round's: round 2 keeps the order they left
    assert d.state.fight.order.order == ("vic", "max", "brute", "boss")


# -- a Dodge by one who cannot move (src 590, 871, 990) ----------------------------------------------


def _dodge_words(d: Driver) -> str:
    return next(w for w in reversed(d.words()) if "tries to dodge" in w)


@pytest.mark.rules("WD-COMBAT-020", "WD-GRAPPLE-010", "WD-MOVE-011")
def test_a_dodge_by_one_held_in_a_grapple_offers_no_step() -> None:
    # src 590: a Dodge that holds ignores the attack "and the defender can move 5'"; src 990: one
    # held must win the grapple to get free, so the step is not his to take. The brute grabs Vic
    # (5 + 1 = 6 >= DS 4), Vic takes it; the brute punches him (3 + 1 = 4 >= DS 0 while held) and Vic
    # dodges, 5 + 1 = 6 >= 4: the words say the hit is dodged, not that he may step away.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=4))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=4))
    d.do("gm", "start_combat", dice=[1, 6])
    d.do("gm", "grab", character="brute", target="vic", dice=[5])
    d.answer("ann", "react-vic", "take")
    assert "brute>vic" in d.state.grapples
    d.do("gm", "attack", character="brute", target="vic", dice=[3])
    d.answer("ann", "react-vic", "dodge", dice=[5])
    assert _wounds(d, "vic") == []
    words = _dodge_words(d)
    assert "Vic dodges" in words and "may step" not in words
    assert "held in place" in words
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-COMBAT-020", "WD-STATUS-013", "WD-MOVE-011")
@pytest.mark.parametrize("pins", [True, False])
def test_a_dodge_by_one_pinned_by_a_bolt_offers_no_step(pins: bool) -> None:
    # src 871: a projectile that sticks where the surroundings allow pins the target, who "cannot
    # move from the spot"; src 590's 5 ft step after a Dodge is a move. The thug's bolt (6 + 1 vs DS 4)
    # sticks in Vic (effect die 5); the thug shoots again (6 + 1 = 7) and Vic (Athletics 4) dodges,
    # 6 + 1 = 7 >= 7. Pinned, the words give no step; a bolt that does not pin leaves the step.
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5, athletics=4))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, dexterity=4, athletics=1))
    d.do("gm", "start_combat", dice=[6])
    d.do("ann", "end_turn", character="vic")
    bolt = {"stat": "dexterity", "damage": "pierce", "melee": False}
    d.do("gm", "attack", character="thug", target="vic", pins=pins, dice=[6], **bolt)
    d.answer("ann", "react-vic", "take", dice=[5])
    d.answer("ann", "effect-vic-w1-negate", "none")
    d.do("gm", "attack", character="thug", target="vic", dice=[6], **bolt)
    d.answer("ann", "react-vic", "dodge", dice=[6])
    words = _dodge_words(d)
    assert "Vic dodges" in words
    assert ("may step 5 ft" in words) is not pins
    assert ("held in place" in words) is pins


@pytest.mark.rules("WD-COMBAT-020", "WD-GRAPPLE-010", "WD-NPC-003")
def test_a_held_dodger_gets_no_step_in_the_players_words_of_hidden_rolls_either() -> None:
    # src 590, 990 as above, when the players see only half of it (WD-NPC-003): a hidden brute's
    # attack on the held Vic (3 + 1 = 4 >= DS 0; Vic dodges 5 + 1 = 6), and the hidden brute held by
    # Vic dodging Vic's punch (3 + 1 = 4; 5 + 1 = 6), its total announced.
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=4))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=4), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])  # the brute first
    d.do("gm", "grab", character="brute", target="vic", dice=[5])
    d.answer("ann", "react-vic", "take")
    d.do("gm", "attack", character="brute", target="vic", hidden=True, dice=[3])
    d.answer("ann", "react-vic", "dodge", dice=[5])
    assert d.words("ann")[-1].endswith("the dodge holds, but Vic is held in place: no 5 ft step.")

    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=4))
    add(d, "gm", sheet("brute", "Brute", "notable", athletics=4), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])  # Vic first
    d.do("ann", "grab", character="vic", target="brute", dice=[5])
    d.answer("gm", "react-brute", "take")
    d.do("ann", "attack", character="vic", target="brute", dice=[3])
    d.answer("gm", "react-brute", "dodge", dice=[5])
    assert d.words("ann")[-1] == "Brute tries to dodge: 6; Brute dodges but is held in place: no 5 ft step."
