"""Referee pass 23 of Weaverdice part 1 (seed /work/shared/seeds/000_6595eaca0229e06e.txt, "src N";
inventory /work/shared/rules/weaverdice.md), with three faults noticed at the last stop first: a check
the GM called in secret told its player the TN, the task and the odds in the prompt; a generic the
wound dropped still rolled and suffered that wound's effect; a Wait's Focus read as an attack of
opportunity's. Then the referee pass: what a dropped generic still does (nothing), and a few edges
of called checks.

Every situation is played through the table (:class:`~capeworks.engine.testing.Driver`) with given
dice, and read from the seats that see it.
"""

from __future__ import annotations

import json

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from capeworks.systems.weaverdice.wounds import Standing
from tests.systems.weaverdice.helpers import add, sheet
from tests.systems.weaverdice.test_camp_referee12 import four
from tests.systems.weaverdice.test_referee21 import _vic_down

SECRET = "The GM asks for a roll of Vic's wits in secret: roll it; the GM reads how it went."


def _pair() -> Driver:
    """Ann plays Vic (Wits 3), Bob plays Bea; no fight."""
    d = four()
    add(d, "ann", sheet("vic", "Vic", wits=3, knowledge=3))
    add(d, "bob", sheet("bea", "Bea"))
    return d


def _seen(d: Driver, seat: str | None) -> str:
    """All a seat's view (a spectator's without one) holds: state, prompts, panels, the log's words and
    the commands on its menu, as one text to search."""
    viewer = Viewer() if seat is None else d.table.viewer_for(seat)
    words = [e.description.text for e in d.table.log_view(viewer)]
    menu = [] if seat is None else [c.model_dump(mode="json") for c in d.legal(seat)]
    return json.dumps([d.table.view(viewer), words, menu], default=str)


# -- 1. a check the GM calls in secret: its player rolls the stat and reads nothing else (src 1797) -------


@pytest.mark.rules("WD-CORE-001", "WD-CORE-003", "WD-CORE-011")
def test_r23_01_a_secret_calls_prompt_names_the_stat_and_nothing_of_the_tn_the_task_or_the_odds() -> None:
    # The GM calls Vic's Wits at 5+ in secret, to spot the assassin in the crowd (a GM secret, as the
    # seed's "sometimes unknown target number" of src 1797). Ann rolls it, so she is asked to: the
    # prompt names the stat she rolls and nothing else (before: "The GM calls for Vic's wits at 5+ to
    # spot the assassin in the crowd: roll it (33% to succeed)", with the TN in its context). Nothing
    # of the TN or the task is anywhere in her seat's or Bob's view; Bob is asked nothing. After the
    # roll both read that the GM made a roll; the GM reads the call and the result.
    d = _pair()
    d.do("gm", "call_check", character="vic", stat="wits", tn=5, task="spot the assassin", hidden=True)
    ask = d.prompt("ann", "check")
    assert ask.question == SECRET
    assert ask.context == {}
    assert [p.kind for p in d.prompts("bob")] == []
    for seat in ("ann", "bob", None):
        seen = _seen(d, seat)
        assert "assassin" not in seen and "5+" not in seen and "33%" not in seen
        assert "The GM calls" not in seen
    assert d.words("gm")[-1] == "The GM calls for Vic's wits at 5+ to spot the assassin."
    d.answer("ann", "call-1", "roll", dice=[6])
    for seat in ("ann", "bob"):
        assert d.words(seat)[-1] == "The GM makes a roll."
    for seat in ("ann", "bob", None):
        assert "assassin" not in _seen(d, seat)
    assert "Vic rolls wits to spot the assassin: [6] = 6; 6 vs 5+: success." in d.words("gm")


@pytest.mark.rules("WD-CORE-001", "WD-CORE-003")
def test_r23_02_an_open_call_still_tells_its_player_the_tn_the_task_and_the_odds() -> None:
    # The same call made openly: Ann reads all of it, as before.
    d = _pair()
    d.do("gm", "call_check", character="vic", stat="wits", tn=5, task="spot the assassin")
    ask = d.prompt("ann", "check")
    assert ask.question == "The GM calls for Vic's wits at 5+ to spot the assassin: roll it (33% to succeed)."
    assert ask.context == {"tn": 5}


@pytest.mark.rules("WD-CORE-006", "WD-INTEL-005", "WD-CORE-003")
def test_r23_03_a_lengthy_check_called_in_secret_keeps_its_total_to_reach_and_its_running_total() -> None:
    # src 1797: finding a target takes "a long DC and a sometimes unknown target number". The GM calls
    # Vic's Knowledge as a lengthy check to 20 in secret (find the safehouse). Ann is asked to roll
    # Knowledge and nothing more; after her [6] the running total (6 of 20) is the GM's: it is in
    # neither player's view (before, the state's lengthy checks held it, and the prompt said "6 of 20
    # so far"), and she is asked again in the same words.
    d = _pair()
    d.do("gm", "call_check", character="vic", stat="knowledge", dc=20, task="find the safehouse", hidden=True)
    words = "The GM asks for a roll of Vic's knowledge in secret: roll it; the GM reads how it went."
    assert d.prompt("ann", "check").question == words
    d.answer("ann", "call-1", "roll", dice=[6])
    assert d.state.lengthy["call:1"].total == 6
    assert d.view(None)["state"]["lengthy"]["call:1"]["total"] == 6
    for seat in ("ann", "bob"):
        assert d.view(seat)["state"]["lengthy"] == {}
        assert "safehouse" not in _seen(d, seat) and "20" not in d.prompt("ann", "check").question
    assert d.prompt("ann", "check").question == words


# -- 2. a generic the wound drops suffers no effect (src 800, 306) ------------------------------------------


def _brawl(**thug: int) -> Driver:
    """Vic (Ann's, Brawn 4: +1) against the Thug (the GM's generic, Brawn 4), Bea (Bob's) and Joe (a
    bystander); Vic first (the initiative [6], [1])."""
    d = four()
    add(d, "ann", sheet("vic", "Vic", brawn=4))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, **thug))
    add(d, "gm", sheet("joe", "Joe", "bystander"))
    d.do("gm", "start_combat", dice=[6, 1])
    assert d.state.fight is not None and d.state.fight.order.order[0] == "vic"
    return d


@pytest.mark.rules("WD-NPC-004", "WD-WOUND-012", "WD-WFX-001")
def test_r23_04_a_generic_dropped_by_the_wound_rolls_no_effect() -> None:
    # src 800: "Generic NPCs simply drop to the ground and stay there"; src 304: they drop once wounds
    # equal Guts. Vic hits the Thug (Guts 1): [6] + 1 = 7 vs DS 3, a lesser bash: the Thug is down.
    # No effect die is asked for (before, a second die was rolled and he was "knocked back 5 ft" as he
    # lay there, or knocked down, disarmed or delayed); he has no condition; Bob reads the drop last.
    d = _brawl(guts=1)
    d.do("ann", "attack", character="vic", target="thug", dice=[6])
    assert d.state.people["thug"].track.standing is Standing.DOWN
    assert d.state.people["thug"].conditions == ()
    assert d.state.effects == ()
    assert d.words("bob")[-1] == "Thug takes a lesser bash wound. Thug is down."
    assert not any("effect" in w for w in d.words("gm"))


@pytest.mark.rules("WD-NPC-005", "WD-WOUND-012", "WD-WFX-001")
def test_r23_05_a_bystander_hit_goes_down_and_rolls_no_effect() -> None:
    # src 306: bystanders, "if they're hit, they go down and we pretty much ignore them thereafter":
    # Vic's swing at Joe ([6] + 1 = 7 vs DS 2) puts him down; one die, no effect.
    d = _brawl(guts=1)
    d.do("ann", "attack", character="vic", target="joe", dice=[6])
    assert d.state.people["joe"].track.standing is Standing.DOWN
    assert d.words("ann")[-1] == "Joe takes a lesser bash wound. Joe is down."
    assert d.state.people["joe"].conditions == ()


@pytest.mark.rules("WD-NPC-004", "WD-WFX-001", "WD-WFX-011")
def test_r23_06_a_generic_still_standing_after_the_wound_suffers_its_effect() -> None:
    # The fix reaches only the dropped: the Thug with Guts 2 takes the same hit and stays up; the effect
    # die [3] knocks him down (Lesser Bash 3-4, src 656).
    d = _brawl(guts=2)
    d.do("ann", "attack", character="vic", target="thug", dice=[6, 3])
    assert d.state.people["thug"].track.standing is Standing.UP
    assert [str(c.name) for c in d.state.people["thug"].conditions] == ["knocked_down"]
    assert d.words("bob")[-1] == (
        "Lesser bash effect on Thug (rolled 3): the wound fades at the next rest, knocked down."
    )


@pytest.mark.rules("WD-NPC-004", "WD-GRAPPLE-006", "WD-COMBAT-002")
def test_r23_07_a_generic_dropped_while_holding_vic_lets_go_and_his_turn_is_passed_over() -> None:
    # src 800 with src 563 ("the unconscious ... doing nothing"): the Thug (Guts 1) grabs Vic ([6] + 1 =
    # 7 vs DS 4; Vic takes it); Bea drops the Thug (held in the grapple his DS is 0: [6] + 0 = 6): the
    # hold ends with him, no effect is rolled, and in round 2 his turn is passed over: the GM acting
    # for him is refused.
    d = four()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "bob", sheet("bea", "Bea"))
    add(d, "gm", sheet("thug", "Thug", "generic", brawn=4, guts=1))
    d.do("gm", "start_combat", dice=[6, 1])
    assert d.state.fight is not None and d.state.fight.order.order == ("vic", "thug", "bea")
    d.do("ann", "end_turn", character="vic")
    d.do("gm", "grab", character="thug", target="vic", dice=[6])
    d.answer("ann", "react-vic", "take")
    assert list(d.state.grapples) == ["thug>vic"]
    d.do("gm", "end_turn", character="thug")
    d.do("bob", "attack", character="bea", target="thug", dice=[6])
    assert d.words("ann")[-2:] == [
        "Thug takes a lesser bash wound. Thug is down.",
        "The wound breaks the grapple between Thug and Vic.",
    ]
    assert d.state.grapples == {}
    d.do("bob", "end_turn", character="bea")
    d.do("ann", "end_turn", character="vic")
    assert d.state.fight.turn is not None and d.state.fight.turn.actor == "bea"
    d.refuse("gm", "attack", character="thug", target="vic", dice=[6])


# -- 3. a Wait's Focus is said as the Wait's (src 994) -------------------------------------------------


@pytest.mark.rules("WD-COMBAT-027", "WD-EFFORT-004")
def test_r23_08_a_waits_focus_reads_as_the_wait_not_as_an_attack_of_opportunity() -> None:
    # src 994: "spend focus to delay their turn". Vic waits for Bea: one Focus, said as what it buys
    # (before: "Vic spends 1 Focus (opportunity)." and then "Vic spends Focus to wait for Bea.", the
    # one spend read twice and first as an attack of opportunity).
    d = _brawl(guts=2)
    focus = d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS)
    d.do("ann", "wait", character="vic", trigger="bea")
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == focus - 1
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-3:-1] == ["Vic spends 1 Focus to wait.", "Vic waits for Bea."]


# -- 4. what a dropped generic still does: nothing (src 800, 563) ------------------------------------------


@pytest.mark.rules("WD-COMBAT-027", "WD-NPC-004", "WD-STATUS-009")
def test_r23_09_nobody_waits_for_a_dropped_generic_and_he_is_offered_no_strike() -> None:
    # src 994: a Wait declares "the expected trigger", someone's action; src 800: a dropped generic
    # stays on the ground. Vic is knocked down; the GM rules the Thug flattened by a falling sign
    # (down). Vic stands (src 850): the Brute alone is offered the strike, the Thug nothing; he lets it
    # pass. Vic's Wait for the Thug is refused in a sentence that says why, his Focus kept (before, he
    # spent it on a turn that never comes); he may wait for an event instead.
    d = _vic_down()
    d.do("gm", "ruling", character="thug", text="A falling sign flattens the Thug.", standing="down")
    d.do("ann", "move", character="vic", feet=0, stand=True)
    assert [p.id for p in d.prompts("gm") if p.kind == "opportunity"] == ["opportunity-brute"]
    d.answer("gm", "opportunity-brute", "let_pass")
    focus = d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS)
    err = d.refuse("ann", "wait", character="vic", trigger="thug", rule="WD-COMBAT-027")
    assert str(err) == "Thug is down and will not act: wait for someone else or for an event."
    assert d.state.people["vic"].effort.available(d.state.sheet("vic"), Pool.FOCUS) == focus
    d.do("ann", "wait", character="vic", event="the sniper to show himself")
    assert "Vic waits for the sniper to show himself." in d.words("bob")


# -- 5. an interruption called in secret: the stop is told, the roll is not (src 582) ------------------


@pytest.mark.rules("WD-COMBAT-014", "WD-CORE-006", "WD-CORE-003")
def test_r23_10_a_secret_interruption_check_halts_the_task_without_telling_the_players_its_roll() -> None:
    # src 582: an interruption check failed stops a lengthy task until the interruption is dealt with.
    # Vic works at jamming the lock (Knowledge, lengthy to 12: [4], 4 so far); the GM calls his Wits at
    # 5+ in secret as the interruption (the guard dog he may not notice); Ann rolls [1]: he fails and
    # stops. Every seat reads that he stopped (Ann must know her task waits), no player the roll or
    # the TN (before: "([1] = 1; 1 vs 5+: failure)" reached Bob and Ann); the GM reads the roll.
    d = _pair()
    d.do("gm", "call_check", character="vic", stat="knowledge", dc=12, task="jam the lock")
    d.answer("ann", "call-1", "roll", dice=[4])
    d.do(
        "gm",
        "call_check",
        character="vic",
        stat="wits",
        tn=5,
        task="notice the dog",
        hidden=True,
        interrupts=True,
    )
    d.answer("ann", "call-2", "roll", dice=[1])
    stop = (
        "Vic is interrupted mid-task and fails to stay on it; they stop until the interruption is dealt with."
    )
    for seat in ("ann", "bob"):
        assert d.words(seat)[-2:] == ["The GM makes a roll.", stop]
        assert "dog" not in _seen(d, seat) and "5+" not in _seen(d, seat)
    assert d.words("gm")[-1] == stop
    assert "Vic rolls wits to notice the dog: [1] = 1; 1 vs 5+: failure." in d.words("gm")
    assert d.state.lengthy["call:1"].halted == ("vic",)
    assert [p.kind for p in d.prompts("ann")] == []
