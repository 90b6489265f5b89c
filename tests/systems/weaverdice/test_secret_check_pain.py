"""A PC's check the GM called in secret that fails in pain (src 816-822, WD-STATUS-002; WD-CORE-003's
secret call): the price is the player's to choose, so the player learns of the failure; the other
seats, who saw only that the GM made a roll, do not. Written from the seed before playing it."""

from __future__ import annotations

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.statuses import condition
from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.helpers import add, sheet, table


def _ada_in_pain(*, secret: bool) -> Driver:
    """Ada (Ann's, Athletics 3: +0) in Physical Pain, Bo (Bob's) beside her; the GM calls Ada's
    Athletics at 4+ (in secret or not) and Ann rolls [1]: 1 + 0 = 1 fails, a roll pain touches."""
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=3))
    add(d, "bob", sheet("bo", "Bo"))
    people = dict(d.state.people)
    ada = people["ada"]
    people["ada"] = ada.model_copy(
        update={"conditions": (*ada.conditions, condition(Status.PAINED_PHYSICAL, "ada"))}
    )
    d.patch(people=people)
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, hidden=secret)
    d.do("ann", "check", character="ada", call=1, dice=[1])
    return d


def _words(d: Driver, seat: str | None) -> list[str]:
    viewer = Viewer.gm() if seat is None else d.table.viewer_for(seat)
    return [e.description.text for e in d.table.log_view(viewer)]


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003")
def test_a_secret_checks_pained_failure__only_the_gm_and_its_player_hear_of_the_price() -> None:
    """src 822: 'on a failure the subject must choose either a decline in morale, a lesser wound, or
    end their turn': Ann must choose, so her seat gets the line and the prompt; Bob's seat heard only
    that the GM made a roll, and hears nothing of the failure or the price. Before, 'Ada fails in pain
    (pained physical): a price is owed.' and 'Ada pays for the pain' reached Bob, and his view of the
    state listed the price owed."""
    d = _ada_in_pain(secret=True)
    due = "Ada fails in pain (pained physical): a price is owed."
    assert due in _words(d, "ann") and due in _words(d, None)
    assert not any("pain" in w.lower() for w in _words(d, "bob"))
    assert d.prompt("ann", "pain").options
    assert d.state.pain_veiled == ("ada",)  # folded from the price's event
    assert d.table.seen_state(d.table.viewer_for("ann"))["pain_owed"] == {"ada": False}
    assert d.table.seen_state(d.table.viewer_for("bob"))["pain_owed"] == {}
    d.do("ann", "pain_choice", character="ada", choice="morale")
    assert d.state.people["ada"].morale == -1
    assert any(w.startswith("Ada pays for the pain") for w in _words(d, "ann"))
    assert any(w.startswith("Ada pays for the pain") for w in _words(d, None))
    assert not any("pain" in w.lower() for w in _words(d, "bob"))
    assert d.state.pain_owed == {} and d.state.pain_veiled == ()


@pytest.mark.rules("WD-STATUS-002")
def test_an_open_checks_pained_failure__every_seat_hears_of_the_price() -> None:
    """src 822, the same failure on a check called openly: everyone saw the roll, so everyone hears
    the price owed and paid, as before."""
    d = _ada_in_pain(secret=False)
    assert any("fails in pain" in w for w in _words(d, "bob"))
    assert d.table.seen_state(d.table.viewer_for("bob"))["pain_owed"] == {"ada": False}
    d.do("ann", "pain_choice", character="ada", choice="morale")
    assert any(w.startswith("Ada pays for the pain") for w in _words(d, "bob"))
    assert d.state.pain_veiled == ()


def _ada_and_bo() -> Driver:
    d = table()
    add(d, "ann", sheet("ada", "Ada", athletics=3))
    add(d, "bob", sheet("bo", "Bo"))
    return d


@pytest.mark.rules("WD-CORE-009", "WD-CORE-003")
def test_a_secret_checks_result_stays_out_of_the_players_view_and_so_does_its_reroll() -> None:
    """The GM called Ada's Athletics in secret: players see that the GM made a roll, never its result
    (1 vs 4+). src 449 lets Stamina reroll a physical check (WD-CORE-009): Ada's reroll (5) is the same
    secret roll again, so its result is the GM's too. Before, every player's view of the state held the
    first roll's faces and total, and the reroll line ('[5] = 5; 5 vs 4+: success') was public."""
    d = _ada_and_bo()
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, hidden=True)
    d.do("ann", "check", character="ada", call=1, dice=[1])
    for seat in ("ann", "bob"):
        assert "ada" not in d.table.seen_state(d.table.viewer_for(seat))["last_check"]
    d.do("ann", "reroll", character="ada", dice=[5])
    assert d.state.last_check["ada"].kept == 5
    for seat in ("ann", "bob"):
        assert "ada" not in d.table.seen_state(d.table.viewer_for(seat))["last_check"]
        assert not any("rerolls" in w for w in _words(d, seat))
    assert any("rerolls with Stamina: [5]" in w for w in _words(d, None))
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-MORALE-003", "WD-CORE-003")
def test_a_morale_step_spent_on_a_secret_check_does_not_tell_the_players_its_result() -> None:
    """src 453: a high morale step sets the last roll to 2 + k. Ada (Good morale, +1 step... set by the
    GM's ruling to 2) spends one on her secret Athletics check: it counts as 4, a success, which only the
    GM may read. Before, 'the roll counts as 4 (success)' reached every seat."""
    d = _ada_and_bo()
    d.do("gm", "ruling", character="ada", text="Riding high", morale=2)
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, hidden=True)
    d.do("ann", "check", character="ada", call=1, dice=[1])
    d.do("ann", "spend_morale", character="ada")
    assert d.state.last_check["ada"].morale_set is not None
    for seat in ("ann", "bob"):
        assert not any("counts as" in w for w in _words(d, seat))
        assert "ada" not in d.table.seen_state(d.table.viewer_for(seat))["last_check"]
    assert any("counts as 4" in w for w in _words(d, None))
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-STATUS-002", "WD-STATUS-003")
def test_a_secret_attacks_pained_miss__only_the_gm_and_its_player_hear_of_the_price() -> None:
    """src 822 again, for an attack the GM rolls in secret (attack hidden=true): Ada (Brawn 2: -1) in
    Physical Pain swings at the thug, [1] - 1 = 0 misses; the players saw only that the GM made a
    roll. Ann must choose the price, so her seat hears of it; Bob's does not. Before, the price line
    was public."""
    d = _ada_and_bo()
    add(d, "gm", sheet("thug", "Thug", "generic"))
    d.do("gm", "start_combat", characters=["ada", "thug"], dice=[6])
    people = dict(d.state.people)
    ada = people["ada"]
    people["ada"] = ada.model_copy(
        update={"conditions": (*ada.conditions, condition(Status.PAINED_PHYSICAL, "ada"))}
    )
    d.patch(people=people)
    d.do("gm", "attack", character="ada", target="thug", hidden=True, dice=[1])
    assert "ada" in d.state.pain_owed
    assert any("fails in pain" in w for w in _words(d, "ann"))
    assert not any("pain" in w.lower() for w in _words(d, "bob"))
    assert d.table.seen_state(d.table.viewer_for("bob"))["pain_owed"] == {}


@pytest.mark.rules("WD-STATUS-002")
def test_a_secret_checks_price_paid_in_a_lesser_wound__the_others_see_the_wound_not_why() -> None:
    """src 822: Ann pays the veiled price with a lesser wound. A wound is there for all to see on the
    track, but not its cause: Bob reads 'Ada takes a lesser wound.', not that she pushed through the
    pain (which tells of a failed roll). Before, his line said 'from pushing through the pain'."""
    d = _ada_in_pain(secret=True)
    d.do("ann", "pain_choice", character="ada", choice="lesser_wound")
    assert len(d.state.people["ada"].track.wounds) == 1
    assert "Ada takes a lesser wound." in _words(d, "bob")
    assert not any("pain" in w.lower() for w in _words(d, "bob"))
    assert any(w.startswith("Ada pays for the pain") for w in _words(d, "ann"))


@pytest.mark.rules("WD-CORE-009", "WD-EFFORT-003", "WD-CORE-003")
def test_a_secret_checks_reroll__its_stamina_spend_reaches_only_the_gm_and_its_player() -> None:
    """src 376: Stamina 'make[s] a reroll for a physical action'. Ada's Athletics was called in secret
    (1 vs 4+); Ann spends a Stamina dot to reroll it ([5]). Bob saw only that the GM made a roll: the
    spend line would tell him Ada had a check, and that it failed. Ann, who spent the dot, and the GM
    read it. Before, 'Ada spends 1 Stamina (reroll).' reached every seat."""
    d = _ada_and_bo()
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, hidden=True)
    d.do("ann", "check", character="ada", call=1, dice=[1])
    stamina = d.state.people["ada"].effort
    d.do("ann", "reroll", character="ada", dice=[5])
    assert d.state.people["ada"].effort != stamina  # the dot is spent all the same
    spent = "Ada spends 1 Stamina (reroll)."
    assert spent in _words(d, "ann") and spent in _words(d, None)
    bob = _words(d, "bob")
    assert bob[bob.index("Bo joins the table.") + 1 :] == ["The GM makes a roll."] * 2
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CORE-009", "WD-EFFORT-003")
def test_an_open_checks_reroll__every_seat_reads_the_stamina_spend() -> None:
    """src 376, the same reroll of a check called openly: everyone saw the roll, so everyone reads
    the spend and the reroll, as before."""
    d = _ada_and_bo()
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4)
    d.do("ann", "check", character="ada", call=1, dice=[1])
    d.do("ann", "reroll", character="ada", dice=[5])
    assert "Ada spends 1 Stamina (reroll)." in _words(d, "bob")
    assert any("rerolls with Stamina: [5]" in w for w in _words(d, "bob"))
