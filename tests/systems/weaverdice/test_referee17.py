"""Referee pass 17 over Weaverdice part 1 (``/work/shared/seeds/000_*.txt``, cited "src N"; the
fight is src 540-1010): what a session meets between the fight's rules: Knocked Down shed at a
rest (its Guts roll, a Recovery dot, a morale step) with the rising still owed, after a push,
within a sprint, for a hidden notable (src 850, 1004, 616, 453, 376, 890); the Lesser Bash wound
that fades at a rest and the words that say so (src 656); the GM's ruling that someone is dying or
out cold, with the clock, the next-round get-up and the words (src 796, 610); an unconscious
bleeder's get-up (src 814, 794); a block against the last in the order (src 592). Each situation is
written from the seed first and played through the table with given dice."""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine.testing import Driver
from capeworks.errors import DiceValueError, NotPermitted, RuleViolation
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Pool, Status
from capeworks.systems.weaverdice.wounds import Standing, Wound, WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table


def _refused(d: Driver, seat: str, command: str, /, **fields: Any) -> RuleViolation | NotPermitted:
    """``d.refuse`` (nothing changes) by the rules or the seats, never by a dice mismatch."""
    err = d.refuse(seat, command, **fields)
    assert not isinstance(err, DiceValueError), err.message
    assert isinstance(err, (RuleViolation, NotPermitted)), err.message
    return err


def _avail(d: Driver, ident: str, pool: Pool) -> int:
    return int(d.state.people[ident].effort.available(d.state.sheet(ident), pool))


def _with(d: Driver, ident: str, *statuses: Status) -> None:
    """Set-up: ``ident`` already suffers ``statuses`` (as an earlier effect would have left them)."""
    people = dict(d.state.people)
    c = people[ident]
    people[ident] = c.model_copy(
        update={"conditions": (*c.conditions, *(condition(s, ident) for s in statuses))}
    )
    d.patch(people=people)


def _statuses(d: Driver, ident: str) -> list[Status]:
    return [x.name for x in d.state.people[ident].conditions]


def _vic_first(vic: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann's PC) against a generic thug; Vic acts first (Vic 6 + 6 = 12, the thug 6 + 3 = 9)."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", dice=[6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "vic"
    return d


# -- Knocked Down shed at a rest: the rising is still owed (src 850, 1004, 616) -----------------------


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-032")
def test_a_rest_that_sheds_knocked_down_leaves_half_a_move_to_walk() -> None:
    # src 1004: a rest's Guts roll "heal[s] a simple condition"; src 850: "The fallen individual can't
    # rise without a movement action (taking up half the movement)". Shaking the knock-down off is not
    # standing: Vic (Athletics 3, 30 ft) rests (Guts [4] = 4 vs 4+, knocked down shed) and his second
    # action, a move, pays the rising: 30 - 15 = 15 ft to walk, not 30.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "rest", character="vic", remove=["knocked_down"], dice=[4])
    assert d.words("ann")[-1] == "Vic rests; Guts [4] = 4; 4 vs 4+: success; sheds knocked down."
    assert _statuses(d, "vic") == []
    err = _refused(d, "ann", "move", character="vic", feet=30)
    assert err.message == (
        "Vic can move at most 15 feet with this move (rising from the ground takes half of it)."
    )
    d.do("ann", "move", character="vic", feet=15)
    assert d.words("ann")[-1] == "Vic stands up and moves 15 ft."


@pytest.mark.rules("WD-STATUS-009", "WD-EFFORT-005", "WD-COMBAT-032")
def test_knocked_down_shrugged_off_for_recovery_still_costs_the_rising() -> None:
    # src 616: an effect "can be shucked off during a rest action mid-encounter by spending the same"
    # (a Recovery dot, no roll); src 850 still asks half a move to rise. Vic sheds it for a dot
    # (the rest's Guts [1] fails: nothing else goes), then walks at most 15 of his 30 ft.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "rest", character="vic", shed=["knocked_down"], dice=[1])
    assert _avail(d, "vic", Pool.RECOVERY) == 2
    assert _statuses(d, "vic") == []
    _refused(d, "ann", "move", character="vic", feet=20)
    d.do("ann", "move", character="vic", feet=15)
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.moved == 15


@pytest.mark.rules("WD-STATUS-009", "WD-COMBAT-032", "WD-COMBAT-008")
def test_the_rising_is_paid_once_and_the_next_turn_starts_on_its_feet() -> None:
    # src 850: one movement action rises. Vic rests it off as his second action (Guts [5] = 5 vs 4+):
    # no move is left this turn, and his next turn is a standing one: a full 30 ft move.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "act", character="vic", action="shouts for help")
    d.do("ann", "rest", character="vic", remove=["knocked_down"], dice=[5])
    _refused(d, "ann", "move", character="vic", feet=15)  # both actions spent
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "end_turn", character="thug")
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "vic"
    d.do("ann", "move", character="vic", feet=30)
    assert d.words("ann")[-1] == "Vic moves 30 ft."


def _hood_first(vic: dict[str, Any] | None = None, hood: dict[str, Any] | None = None) -> Driver:
    """Hood (a notable, the GM's) acts first on 6 + 6 = 12 against Vic (Ann's PC) on 1 + 6 = 7."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "gm", hood or sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[1, 6])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "hood"
    return d


@pytest.mark.rules("WD-WFX-010", "WD-WOUND-014", "WD-COMBAT-032", "WD-STATUS-009")
def test_a_failed_rest_still_fades_the_knockdown_blow_and_says_so() -> None:
    # src 656: Lesser Bash 3-4 "Knocks target down but the wound fades on the next rest". Hood's punch
    # ([5] vs Vic's DS 4) lands, effect die 3: a lesser wound and knocked down. On his turn Vic rests:
    # Guts [2] = 2 vs 4+ fails, so the knock-down stays (src 1004: the roll heals a condition), but the
    # wound goes with the rest all the same, and every seat reads that it went. Still down, Vic rises
    # with his second action: half his 30 ft (src 850).
    d = _hood_first()
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "take", dice=[3])
    d.answer("ann", "effect-vic-w1-negate", "none")
    assert len(d.state.people["vic"].track.wounds) == 1
    d.do("gm", "end_turn", character="hood")
    d.do("ann", "rest", character="vic", dice=[2])
    line = "Vic rests; Guts [2] = 2; 2 vs 4+: failure; a lesser wound fades with the rest."
    assert d.words("ann")[-1] == line
    assert d.words("gm")[-1] == line
    assert d.state.people["vic"].track.wounds == ()
    assert _statuses(d, "vic") == [Status.KNOCKED_DOWN]
    d.do("ann", "move", character="vic", feet=15, stand=True)
    assert d.words("ann")[-1] == "Vic stands up and moves 15 ft."


@pytest.mark.rules("WD-WFX-010", "WD-WOUND-014", "WD-NPC-003")
def test_a_hidden_notables_faded_wound_is_said_without_its_roll() -> None:
    # src 656 on a hidden NPC: Vic's punch ([5] vs Hood's DS 4) lands, effect die 3: a lesser wound
    # that fades at the next rest, and knocked down, both in the players' sight. Hood's rest is
    # announced by what it does (the wound fades; Guts [2] fails, so Hood stays down), never by its
    # Guts roll (WD-NPC-003).
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("hood", "Hood", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="hood", dice=[5])
    d.answer("gm", "react-hood", "take", dice=[3])
    d.answer("gm", "effect-hood-w1-negate", "none")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "rest", character="hood", dice=[2])
    assert d.words("ann")[-1] == "Hood rests; a lesser wound fades with the rest."
    assert "Guts" not in " ".join(d.words("ann"))
    assert d.state.people["hood"].track.wounds == ()
    assert _statuses(d, "hood") == [Status.KNOCKED_DOWN]


# -- the GM's "he is dying" starts the clock (src 796) -----------------------------------------------


def _three(vic: dict[str, Any] | None = None) -> Driver:
    """Vic (Ann), Max (Bob) and Hood (the GM's notable) in that order: 6 + 6, 5 + 6, 1 + 6."""
    d = table()
    add(d, "ann", vic or sheet("vic", "Vic"))
    add(d, "bob", sheet("max", "Max"))
    add(d, "gm", sheet("hood", "Hood", "notable"))
    d.do("gm", "start_combat", dice=[6, 5, 1])
    return d


def _pass(d: Driver, turns: int) -> None:
    """The turns go by with nobody acting."""
    seats = {"vic": "ann", "max": "bob", "hood": "gm"}
    for _ in range(turns):
        assert d.state.fight is not None and d.state.fight.turn is not None
        actor = d.state.fight.turn.actor
        d.do(seats[actor], "end_turn", character=actor)


@pytest.mark.rules("WD-WOUND-009", "WD-CORE-011", "WD-WOUND-008")
def test_the_gm_ruling_a_character_dying_starts_the_three_round_clock() -> None:
    # src 796: the dying "must either spend a dot of Recovery to make a Guts roll ... or recieve aid
    # ... If neither is successful before three rounds pass, they die." The GM rules Vic dying in
    # round 1 (a hit the GM resolved by hand, WD-CORE-011): his first try to get up is round 2's
    # (src 610: "starting on the next round"), and with nobody saving him he is dead when round 3
    # ends (WD-WOUND-009 PROPOSED), as if a wound had put him there.
    d = _three(sheet("vic", "Vic", guts=2))
    d.do("gm", "ruling", character="vic", text="The blade finds his heart", standing="dying")
    # every seat reads what the ruling did to him, not only the GM's note
    assert d.words("bob")[-1] == "The GM rules on Vic: The blade finds his heart (Vic is now dying)"
    err = _refused(d, "ann", "get_up", character="vic")
    assert err.message == "Getting back up can be tried once a round, from the round after the fall."
    _pass(d, 3)  # Vic's own turn (he can only end it), Max, Hood: round 1 is over
    # round 2: Recovery for a Guts roll, [3] - 1 (Guts 2) = 2 vs 3+: still dying
    d.do("ann", "get_up", character="vic", dice=[3])
    assert d.state.people["vic"].track.standing is Standing.DYING
    _pass(d, 2)  # Max and Hood of round 2 (a dying Vic's turn is passed over)
    _pass(d, 2)  # round 3
    assert d.state.people["vic"].track.standing is Standing.DEAD
    assert "Round 3 ends. Vic died." in d.words("bob")


@pytest.mark.rules("WD-WOUND-008", "WD-CORE-011")
def test_the_gm_ruling_a_character_out_cold_lets_him_try_to_rise_from_the_next_round() -> None:
    # src 610: those who pass out "starting on the next round ... can try to recover"; src 794: with
    # Recovery. Knocked out by the GM's ruling in round 1, Vic may not spend Recovery to rise that
    # round; in round 2 Guts [4] = 4 vs 3+ gets him up.
    d = _three()
    d.do("gm", "ruling", character="vic", text="Out cold", standing="unconscious")
    assert d.words("ann")[-1] == "The GM rules on Vic: Out cold (Vic is now unconscious)"
    _refused(d, "ann", "get_up", character="vic")
    _pass(d, 3)
    d.do("ann", "get_up", character="vic", dice=[4])
    assert d.state.people["vic"].track.standing is Standing.UP
    assert (
        d.words("ann")[-1]
        == "Vic spends Recovery and rolls Guts to get up: [4] = 4; 4 vs 3+: success; Vic is up."
    )


# -- rising with the rest of the turn's movement (src 850, 376, 890) -----------------------------------


@pytest.mark.rules("WD-STATUS-009", "WD-EFFORT-003", "WD-MOVE-006")
def test_after_a_rest_sheds_knocked_down_a_pushed_move_still_pays_the_rising() -> None:
    # src 376: a Stamina push adds 1d3 x 5 ft; src 850: rising takes half the movement. Vic rests the
    # knock-down off (Guts [4] vs 4+), then pushes: 30 + 2 x 5 = 40, less 15 to rise = 25 ft. Asked
    # 35, even the best push (30 + 15 - 15 = 30) cannot carry it: refused before any die; asked 30,
    # the d3 of 2 carries 25 and the words say so.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("ann", "rest", character="vic", remove=["knocked_down"], dice=[4])
    err = _refused(d, "ann", "move", character="vic", feet=35, push=True, dice=[2])
    assert (
        err.message
        == "Vic can move at most 30 feet with this move (rising from the ground takes half of it)."
    )
    d.do("ann", "move", character="vic", feet=30, push=True, dice=[2])
    assert d.words("ann")[-1] == (
        "Vic moves: 25 ft of movement (Stamina push d3: 2; stands up, the dice carry 25 of the 30 ft asked)."
    )
    assert _avail(d, "vic", Pool.STAMINA) == 2


@pytest.mark.rules("WD-STATUS-009", "WD-MOVE-005", "WD-COMBAT-010")
def test_a_knocked_down_sprinter_rises_within_the_full_move() -> None:
    # src 890: a sprint (the whole turn moving) rolls Athletics, +10 ft on a 6+; src 565: "A full move
    # is much the same as taking two standard moves"; src 850: rising takes half of one move's
    # movement. Vic: 30 + 30 + 10 - 15 = 55 ft on a [6].
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    _refused(d, "ann", "move", character="vic", feet=60, sprint=True, stand=True, dice=[6])
    d.do("ann", "move", character="vic", feet=55, sprint=True, stand=True, dice=[6])
    assert d.words("ann")[-1] == "Vic stands up and sprints 55 ft (Athletics [6] = 6; 6 vs 4+: success)."
    assert _statuses(d, "vic") == []


@pytest.mark.rules("WD-STATUS-009", "WD-NPC-003", "WD-COMBAT-032")
def test_a_hidden_notable_rests_off_a_knock_down_and_rises_in_the_players_sight() -> None:
    # src 850 for the GM's hidden Hood: his rest sheds the knock-down (Guts [5], the GM's secret),
    # and his move then pays the rising: 15 of his 30 ft. The players read that he rests, sheds it
    # and stands, never the roll.
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("hood", "Hood", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[1, 6])
    _with(d, "hood", Status.KNOCKED_DOWN)
    d.do("gm", "rest", character="hood", remove=["knocked_down"], dice=[5])
    _refused(d, "gm", "move", character="hood", feet=20)
    d.do("gm", "move", character="hood", feet=15)
    assert d.words("ann")[-3:] == [
        "The GM makes a roll.",
        "Hood rests; sheds knocked down.",
        "Hood stands up and moves 15 ft.",
    ]
    assert "Guts" not in " ".join(d.words("ann"))


# -- bleeding against the Recovery spent to get up (src 814, 794, 610) ------------------------------


@pytest.mark.rules("WD-STATUS-001", "WD-WOUND-008", "WD-WOUND-005")
def test_an_unconscious_bleeder_pays_the_bleed_before_the_get_up_roll_and_its_penalty_follows() -> None:
    # src 814: Bleeding "Suffer a lesser wound when expending effort"; src 794: the unconscious rouse
    # "if they use Recovery"; src 610: every wound past a full track asks another stay-up check "with
    # a -1 that increases each time they roll", and those who rise "maintain the penalties". Vic
    # (Guts 3, three lessers) lies out cold and bleeding; in round 2 his Recovery dot costs the bleed
    # first: a lesser on a full track (nothing added), its stay-up roll [4] = 4 vs 3+ (first check, no
    # penalty yet); then the get-up roll carries the -1: [5] - 1 = 4 vs 3+, up.
    d = _three()
    people = dict(d.state.people)
    wounds = tuple(Wound(tier=WoundTier.LESSER, id=f"w{i}") for i in (1, 2, 3))
    c = people["vic"]
    people["vic"] = c.model_copy(
        update={"track": c.track.model_copy(update={"wounds": wounds}), "wounds_made": 3}
    )
    d.patch(people=people)
    d.do("gm", "ruling", character="vic", text="Out cold", standing="unconscious")
    _with(d, "vic", Status.BLEEDING)
    _pass(d, 3)
    d.do("ann", "get_up", character="vic", dice=[4, 5])
    assert d.words("bob")[-4:] == [
        "Vic spends 1 Recovery (get up); the bleeding worsens.",
        "Vic takes a lesser wound from bleeding; the track is full and it adds nothing. Vic is unconscious.",
        "Vic rolls Guts to stay up: [4] = 4; 4 vs 3+: success; Vic is unconscious.",
        "Vic spends Recovery and rolls Guts to get up: [5] -1 = 4; 4 vs 3+: success; Vic is up.",
    ]
    assert d.state.people["vic"].track.standing is Standing.UP
    assert _avail(d, "vic", Pool.RECOVERY) == 2


# -- a block's delay, said only where it happens (src 592) -------------------------------------------


@pytest.mark.rules("WD-COMBAT-021", "WD-COMBAT-004")
def test_a_block_against_the_last_in_the_order_promises_no_delay_it_cannot_give() -> None:
    # src 592: Block "melee attackers move down one spot in the turn order (delaying their next
    # turn)"; the table's reading (docs, WD-COMBAT-021): the slot swaps with the one just after it,
    # and one with nobody after it stays. Hood acts last (Vic 12, Max 11, Hood 7); his punch [5] is
    # blocked by Vic's [5] (ties go to the defender). Round 2 runs Vic, Max, Hood as before, so no
    # seat may read that Hood's next turn comes one place later.
    d = _three()
    _pass(d, 2)
    d.do("gm", "attack", character="hood", target="vic", dice=[5])
    d.answer("ann", "react-vic", "block", dice=[5])
    line = "Vic tries to block: [5] = 5; 5 vs 5+: success; Vic blocks: the damage is superficial."
    assert d.words("ann")[-1] == line
    assert d.words("gm")[-1] == line
    _pass(d, 1)
    assert d.state.fight is not None
    assert d.state.fight.order.order == ("vic", "max", "hood")


@pytest.mark.rules("WD-STATUS-009", "WD-MORALE-003", "WD-COMBAT-032")
def test_a_rest_carried_by_morale_sheds_knocked_down_and_the_rising_is_still_owed() -> None:
    # src 453: a step of high morale sets a roll just made to 2 + k (morale 2: 4); src 1004/850. Vic's
    # rest rolls Guts [1] = 1 vs 4+ and fails; a morale step makes it 4, a success, and the knock-down
    # goes; his move after it still pays the rising: 15 of 30 ft.
    d = _vic_first()
    _with(d, "vic", Status.KNOCKED_DOWN)
    d.do("gm", "ruling", character="vic", text="Fired up", morale=2)
    d.do("ann", "rest", character="vic", remove=["knocked_down"], dice=[1])
    d.do("ann", "spend_morale", character="vic")
    assert d.words("ann")[-1] == "Morale carries Vic's rest; sheds knocked down."
    assert _statuses(d, "vic") == []
    _refused(d, "ann", "move", character="vic", feet=30)
    d.do("ann", "move", character="vic", feet=15)
    assert d.words("ann")[-1] == "Vic stands up and moves 15 ft."
