"""Effort after a lull, rests and the GM's restore, and a secret reroll's dot, each written from the
seed (``/work/shared/seeds/000_*.txt``, cited "src N") and played at the table with given dice.

src 409: "At the end of any encounter or situation where effort was expended or dots were lost, if
there are at least five minutes without immediate crisis or rolls needed, players recover all spent
dots of effort except one of their choice, which becomes exhausted." src 398: "An individual can take
a Rest action in combat to recover one dot to any category." src 376: Stamina makes "a reroll for a
physical action"."""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import Pool
from tests.systems.weaverdice.helpers import add, sheet, table


def ada(*, config: dict[str, object] | None = None) -> Driver:
    """Ada, a PC with Athletics 3, Wits 3 and Guts 3 (three dots a pool), played by Ann; Bo is Bob's."""
    d = table(config=config)
    add(d, "ann", sheet("ada", "Ada", athletics=3, wits=3, guts=3))
    add(d, "bob", sheet("bo", "Bo"))
    return d


def climb(d: Driver, task: str, *, hidden: bool = False) -> None:
    """A climb at 4+ failed on [2] (2 + 0) and rerolled with one Stamina dot ([5]) (src 376)."""
    d.do("gm", "call_check", character="ada", stat="athletics", tn=4, task=task, hidden=hidden)
    d.do("ann", "check", character="ada", call=max(d.state.calls), dice=[2])
    d.do("ann", "reroll", character="ada", dice=[5])


def left(d: Driver, pool: Pool) -> int:
    return d.state.people["ada"].effort.available(d.state.sheet("ada"), pool)


# -- the lull gives the dots back (src 409) -------------------------------------------------------


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-007")
def test_the_lull_gives_back_every_settled_dot_but_the_one_still_to_pick() -> None:
    """Two climbs cost Ada two Stamina dots (3 - 2 = 1 left). Five quiet minutes pass: she recovers
    all but one (src 409), so 2 of 3 before she picks, and can spend both on a third and a fourth
    climb. Her pick makes the kept-back dot exhausted: Stamina 2 at most, both spent. Before, the
    lull gave nothing back until the pick, and the fourth climb's reroll was refused (1 left)."""
    d = ada()
    climb(d, "the fence")
    climb(d, "the wall")
    assert left(d, Pool.STAMINA) == 1
    d.do("gm", "lull")
    assert d.state.exhaust_owed == ("ada",)
    assert left(d, Pool.STAMINA) == 2  # three less the one kept back
    assert "S 2/3" in str(d.view("ann")["panels"])
    climb(d, "the roof")
    climb(d, "the chimney")
    assert left(d, Pool.STAMINA) == 0
    d.do("ann", "exhaust", character="ada", pool="stamina")
    effort = d.state.people["ada"].effort
    assert (effort.exhausted, effort.maximum(d.state.sheet("ada"), Pool.STAMINA)) == ({Pool.STAMINA: 1}, 2)
    assert left(d, Pool.STAMINA) == 0  # 2 at most, the roof's and the chimney's spent
    d.do("gm", "lull")  # those two climbs owe a pick of their own (src 411)
    assert d.state.exhaust_owed == ("ada",)
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-009", "WD-EFFORT-006")
def test_the_pick_may_take_the_kept_back_dot_from_any_pool_spent() -> None:
    """Ada spends a Stamina dot on a climb and the GM rules a shock costs her a Focus dot (src 388
    'lost from some sense-rattling effects'). After the lull she has every dot back but one: it is
    held in Stamina until she chooses (S 2/3, F 3/3). She chooses Focus (src 411 'Players can choose
    what gets exhausted'): the Stamina dot comes back and Focus loses a dot of its maximum (S 3/3,
    F 2/2). Recovery, unspent, cannot be chosen."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "ruling", character="ada", text="The flashbang rattles her.", effort={"focus": 2})
    d.do("gm", "lull")
    assert (left(d, Pool.STAMINA), left(d, Pool.FOCUS)) == (2, 3)
    options = [o.value for o in d.prompt("ann", "exhaust").options]
    assert options == ["stamina", "focus"]
    d.refuse("ann", "exhaust", character="ada", pool="recovery", rule="WD-EFFORT-009")
    d.do("ann", "exhaust", character="ada", pool="focus")
    sheet_ = d.state.sheet("ada")
    effort = d.state.people["ada"].effort
    assert (left(d, Pool.STAMINA), left(d, Pool.FOCUS)) == (3, 2)
    assert effort.maximum(sheet_, Pool.FOCUS) == 2
    assert effort.exhausted == {Pool.FOCUS: 1}
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-009")
def test_a_pool_spent_dry_since_the_lull_cannot_take_the_kept_back_dot() -> None:
    """Ada's climb (Stamina) and a Focus loss are settled by a lull, the dot held in Stamina. Before
    choosing she loses all her Focus again (a GM ruling: 0 left): no Focus dot is left to become the
    exhausted one, so the choice of Focus is refused and Stamina stays open."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "ruling", character="ada", text="The flashbang rattles her.", effort={"focus": 2})
    d.do("gm", "lull")
    d.do("gm", "ruling", character="ada", text="A second flashbang.", effort={"focus": 0})
    d.refuse("ann", "exhaust", character="ada", pool="focus", rule="WD-EFFORT-009")
    assert [o.value for o in d.prompt("ann", "exhaust").options] == ["stamina"]
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}


# -- a rest while a pick is owed (src 398, 409) ---------------------------------------------------


def _fight_owing_a_pick() -> Driver:
    """Ada's climb is settled by a lull (one Stamina dot held for her pick, S 2/3); before she picks,
    a fight starts and she acts first (initiative [6])."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("gm", "start_combat", characters=["ada", "bo"], dice=[6, 1])
    assert d.state.fight is not None and d.state.fight.turn is not None
    assert d.state.fight.turn.actor == "ada"
    return d


@pytest.mark.rules("WD-EFFORT-008", "WD-EFFORT-009")
def test_a_rest_cannot_restore_the_dot_kept_back_for_the_pick() -> None:
    """Ada rests to recover a Stamina dot (src 398), but her one spent Stamina dot is the one kept
    back to become exhausted (src 409): the rest would give it back only for the pick to take it
    again. The table refuses, saying why, and nothing changes; a rest restoring Focus goes ahead.
    Before, the rest gave the dot back (S 3/3) and the pick took it again: a rest wasted."""
    d = _fight_owing_a_pick()
    d.refuse("ann", "rest", character="ada", restore=["stamina"], rule="WD-EFFORT-009")
    assert left(d, Pool.STAMINA) == 2
    d.do("ann", "rest", character="ada", restore=["focus"], dice=[5])
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert (left(d, Pool.STAMINA), left(d, Pool.FOCUS)) == (2, 3)


@pytest.mark.rules("WD-EFFORT-008", "WD-EFFORT-009", "WD-EFFORT-003")
def test_a_rest_while_a_pick_is_owed_restores_a_dot_spent_since() -> None:
    """In the fight Ada pushes a move with Stamina (src 374: S 1/3), then rests restoring Stamina:
    the push's dot comes back (S 2/3, the kept-back one still out) and stays back after her pick
    (S 2/2). Spending it in this fight still owes this fight's own pick at its lull (src 411)."""
    d = _fight_owing_a_pick()
    d.do("ann", "move", character="ada", feet=30, push=True, dice=[2])
    assert left(d, Pool.STAMINA) == 1
    d.do("ann", "rest", character="ada", restore=["stamina"], dice=[5])
    assert left(d, Pool.STAMINA) == 2
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert left(d, Pool.STAMINA) == 2
    d.do("gm", "end_combat", lull=True)
    assert d.state.exhaust_owed == ("ada",)
    assert d.replayed().state == d.state


# -- the GM restores effort (WD-CORE-011) -------------------------------------------------------


@pytest.mark.rules("WD-CORE-011", "WD-DN-011", "WD-EFFORT-009")
def test_the_gms_restore_gives_back_spent_dots_and_keeps_exhaustion_and_day_dots() -> None:
    """Morale as extra effort (src 127): Ada at morale 1 sleeps and starts the day with a Focus dot.
    A climb, a lull and her pick leave Stamina exhausted; a second climb spends a Stamina dot. The GM
    rules her effort restored: the spent dot comes back, the exhausted one stays exhausted, and the
    morale dot, unspent, is still hers (F 4/3). Before, the restore wiped the day's morale dot."""
    d = ada(config={"morale_as_effort": True})
    d.do("gm", "ruling", character="ada", text="good news", morale=1)
    d.do("ann", "sleep", character="ada", morale_dots="focus")
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    climb(d, "the wall")
    assert (left(d, Pool.STAMINA), left(d, Pool.FOCUS)) == (1, 4)
    d.do("gm", "ruling", character="ada", text="A second wind.", restore_effort=True)
    effort = d.state.people["ada"].effort
    assert (left(d, Pool.STAMINA), left(d, Pool.FOCUS)) == (2, 4)
    assert (effort.exhausted, effort.day) == ({Pool.STAMINA: 1}, {Pool.FOCUS: 1})
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CORE-011", "WD-EFFORT-009")
def test_the_gms_restore_leaves_a_pick_still_owed_to_be_made() -> None:
    """Ada's climb is settled by a lull and her pick still owed when the GM restores her effort: the
    restore gives back what is spent, but the dot the lull kept back is to become exhausted, not
    spent, and her pick still makes it so (Stamina 2 at most after)."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("gm", "ruling", character="ada", text="A second wind.", restore_effort=True)
    assert d.state.exhaust_owed == ("ada",)
    d.do("ann", "exhaust", character="ada", pool="stamina")
    effort = d.state.people["ada"].effort
    assert (effort.exhausted, left(d, Pool.STAMINA)) == ({Pool.STAMINA: 1}, 2)


# -- a secret reroll's dot (src 376, WD-CORE-003) -------------------------------------------------


@pytest.mark.rules("WD-CORE-009", "WD-EFFORT-003", "WD-CORE-003")
def test_a_secret_rerolls_stamina_dot_stays_out_of_the_other_players_view() -> None:
    """The GM calls Ada's climb in secret; she rerolls it with a Stamina dot. Bob saw only that the GM
    made a roll: Ada's Stamina, in his view of the state and on his tracker, is as it was (3/3), or it
    would tell him she had a check and failed it. Ann, whose dot it is, and the GM see it spent
    (2/3). Before, every seat's view held the spent dot."""
    d = ada()
    climb(d, "the fence", hidden=True)
    assert left(d, Pool.STAMINA) == 2

    def spent(seat: str | None) -> object:
        return d.view(seat)["state"]["people"]["ada"]["effort"]["spent"]

    assert spent("bob") == {}
    assert "S 3/3" in str(d.view("bob")["panels"])
    assert spent("ann") == spent(None) == {"stamina": 1}
    assert "S 2/3" in str(d.view("ann")["panels"]) and "S 2/3" in str(d.view(None)["panels"])
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CORE-009", "WD-EFFORT-003", "WD-EFFORT-008")
def test_an_open_spend_after_a_secret_one_shows_and_a_dot_given_back_is_no_secret() -> None:
    """Ada's secret reroll costs a Stamina dot; then an open climb costs another. Bob sees the open
    one (2/3), not the secret one. The lull gives back all but the dot kept for her pick (2/3), as
    Bob too sees it: for him the one kept is the one he saw spent. Her pick exhausts it: every seat
    sees the same Stamina (2/2)."""
    d = ada()
    climb(d, "the fence", hidden=True)
    climb(d, "the wall")
    assert d.view("bob")["state"]["people"]["ada"]["effort"]["spent"] == {"stamina": 1}
    d.do("gm", "lull")
    assert d.view("bob")["state"]["people"]["ada"] == d.view("ann")["state"]["people"]["ada"]
    assert "S 2/3" in str(d.view("bob")["panels"])
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert d.view("bob")["state"]["people"]["ada"] == d.view("ann")["state"]["people"]["ada"]
    assert "S 2/2" in str(d.view("bob")["panels"])


@pytest.mark.rules("WD-CORE-009", "WD-CORE-003", "WD-EFFORT-009", "WD-EFFORT-010")
def test_a_lull_after_a_secret_spend_alone_tells_the_other_seats_nothing() -> None:
    """Ada's one spend is the Stamina dot on a climb the GM called in secret. Five quiet minutes pass
    (src 409): for Bob nothing of Ada's effort comes back and she owes no pick, or he would learn she
    had a check and failed it (src 376). Ann and the GM read the lull's line and see the pick owed
    (the effort's ``hushed``). Ann picks Stamina: Bob reads no line of it and still sees her Stamina
    3/3; she sees 2/2. Before, the lull's line named Ada to every seat and Bob's view held her owed
    pick (``exhaust_owed``) and its exhausted dot."""
    d = ada()
    climb(d, "the fence", hidden=True)
    before = len(d.words("bob"))
    d.do("gm", "lull")
    assert not any("Ada" in line for line in d.words("bob")[before:])
    assert d.view("bob")["state"]["exhaust_owed"] == []
    assert any("Five quiet minutes" in line and "Ada" in line for line in d.words("ann"))
    assert any("Five quiet minutes" in line and "Ada" in line for line in d.words(None))
    assert d.state.owes_pick("ada")
    assert d.view("ann")["state"]["people"]["ada"]["effort"]["hushed"] == 1  # her pick, owed in secret
    assert "hushed" not in d.view("bob")["state"]["people"]["ada"]["effort"]
    assert [p.kind for p in d.prompts("ann")] == ["exhaust"] and not d.prompts("bob")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert not any("Ada" in line for line in d.words("bob")[before:])
    assert "S 3/3" in str(d.view("bob")["panels"])
    seen = d.view("bob")["state"]["people"]["ada"]["effort"]
    assert (seen["spent"], seen["exhausted"]) == ({}, {})
    assert "S 2/2" in str(d.view("ann")["panels"]) and "S 2/2" in str(d.view(None)["panels"])
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CORE-009", "WD-EFFORT-009", "WD-EFFORT-010")
def test_a_lull_after_an_open_spend_and_a_secret_one_is_no_secret() -> None:
    """Ada spends a dot on a secret climb and one on an open climb: Bob saw her spend, so the lull
    names her to him and her pick is owed in his view too (src 409); her pick shows to all."""
    d = ada()
    climb(d, "the fence", hidden=True)
    climb(d, "the wall")
    d.do("gm", "lull")
    assert any("Five quiet minutes" in line and "Ada" in line for line in d.words("bob"))
    assert d.view("bob")["state"]["exhaust_owed"] == ["ada"]
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert any("one Stamina dot is exhausted" in line for line in d.words("bob"))
    assert "S 2/2" in str(d.view("bob")["panels"])


@pytest.mark.rules("WD-CORE-009", "WD-CORE-003", "WD-EFFORT-009")
def test_a_fights_lull_after_a_secret_spend_alone_owes_a_pick_bob_does_not_see() -> None:
    """In a fight the GM calls Ada's leap in secret and she rerolls it with Stamina; the fight ends
    with five quiet minutes (src 409). Her pick is owed to her alone (src 376): not in Bob's
    ``exhaust_owed``, no prompt of his, and her pick's line is Ann's and the GM's."""
    d = ada()
    d.do("gm", "start_combat", characters=["ada", "bo"], dice=[6, 1])
    climb(d, "the ledge", hidden=True)
    d.do("gm", "end_combat", lull=True)
    assert d.view("bob")["state"]["exhaust_owed"] == []
    assert [p.kind for p in d.prompts("ann")] == ["exhaust"] and not d.prompts("bob")
    before = len(d.words("bob"))
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert len(d.words("bob")) == before
    assert "one Stamina dot is exhausted" in d.words("ann")[-1]
    assert "S 3/3" in str(d.view("bob")["panels"]) and "S 2/2" in str(d.view("ann")["panels"])
    assert d.replayed().state == d.state


# -- what a rest restores, in words (src 398) ------------------------------------------------------


def _rest_line(d: Driver, seat: str | None) -> str:
    return next(line for line in reversed(d.words(seat)) if "rests" in line)


@pytest.mark.rules("WD-EFFORT-008", "WD-COMBAT-034")
def test_a_full_rests_words_say_the_dots_that_came_back_not_those_asked() -> None:
    """Ada's open climb cost one Stamina dot (S 2/3). In a fight she rests the whole turn asking two
    Stamina dots back (src 398, a full rest's "two to one pool"): one was spent, so one comes back
    (S 3/3) and the line says 1, not 2. Before, the line said "restores 2 Stamina"."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "start_combat", characters=["ada", "bo"], dice=[6, 1])
    d.do("ann", "rest", character="ada", full=True, restore=["stamina", "stamina"], dice=[5])
    assert left(d, Pool.STAMINA) == 3
    assert "restores 1 Stamina" in _rest_line(d, "bob")
    assert next(e for e in reversed(d.table.log) if e.type == "weaverdice.rested").data["restored"] == {
        "stamina": 1
    }


@pytest.mark.rules("WD-EFFORT-008", "WD-CORE-009", "WD-CORE-003")
def test_a_rest_giving_back_a_secret_dot_says_so_only_to_its_owner_and_the_gm() -> None:
    """Ada's only spent dot paid for a climb the GM called in secret (src 376). In a fight she rests
    restoring Stamina (src 398): it comes back (S 3/3). Bob reads that she rests, not that Stamina
    came back (he never saw it spent); Ann and the GM read that it did. Before, every seat read
    "restores 1 Stamina"."""
    d = ada()
    climb(d, "the fence", hidden=True)
    d.do("gm", "start_combat", characters=["ada", "bo"], dice=[6, 1])
    d.do("ann", "rest", character="ada", restore=["stamina"], dice=[5])
    assert left(d, Pool.STAMINA) == 3
    assert "Ada rests" in _rest_line(d, "bob")
    assert not any("Stamina" in line for line in d.words("bob"))
    for seat in ("ann", None):
        assert any("restores 1 Stamina" in line for line in d.words(seat)), seat
    assert d.replayed().state == d.state


# -- the GM sets the dots left while a pick is owed (WD-CORE-011) -----------------------------------


@pytest.mark.rules("WD-CORE-011", "WD-EFFORT-009")
def test_the_gms_dots_left_with_a_pick_owed_are_the_dots_the_table_shows() -> None:
    """Ada's climb is settled by a lull: one Stamina dot kept back for her pick (S 2/3, src 409). The
    GM setting "3 Stamina left" cannot be: the kept dot is spent until the pick, so the table refuses,
    saying why, and nothing changes. Before, it was taken (S 3/3) and the pick then exhausted a
    Stamina dot with none spent to keep back: S 2/2, one lower than the GM set. Setting 1 left is
    what the table shows, before and after her pick of Stamina (S 1/3, then S 1/2)."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.refuse("gm", "ruling", character="ada", text="Fresh legs.", effort={"stamina": 3}, rule="WD-EFFORT-009")
    assert left(d, Pool.STAMINA) == 2
    d.do("gm", "ruling", character="ada", text="A hard landing.", effort={"stamina": 1})
    assert "S 1/3" in str(d.view("ann")["panels"])
    d.do("ann", "exhaust", character="ada", pool="stamina")
    assert "S 1/2" in str(d.view("ann")["panels"])
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-CORE-011", "WD-CORE-009", "WD-EFFORT-009")
def test_after_the_gm_sets_the_dots_left_in_the_open_the_lull_is_no_secret() -> None:
    """Ada's secret climb costs a Stamina dot (S 2/3, Bob sees 3/3). The GM rules her Stamina at 2 in
    the open: Bob now sees it spent (S 2/3), so the lull that settles it is his to read too, and her
    pick is owed in his view (src 409). A secret lull then would hide a spend he saw."""
    d = ada()
    climb(d, "the fence", hidden=True)
    d.do("gm", "ruling", character="ada", text="She is winded.", effort={"stamina": 2})
    assert "S 2/3" in str(d.view("bob")["panels"])
    d.do("gm", "lull")
    assert any("Five quiet minutes" in line and "Ada" in line for line in d.words("bob"))
    assert d.view("bob")["state"]["exhaust_owed"] == ["ada"]


@pytest.mark.rules("WD-EFFORT-011", "WD-MORALE-006", "WD-CORE-009")
def test_a_low_morale_sleep_rolls_for_a_secret_exhausted_dot_out_of_the_other_seats_sight() -> None:
    """Ada's only exhausted dot is one she picked after a lull over a secret spend (src 376, 409), so
    Bob sees her Stamina 3/3. At low morale (-2) each exhausted dot rolls at the night's sleep to stay
    (WD-MORALE-006): Bob is not shown that die or that the dot stays ([6]); Ann and the GM are. The
    dot stays exhausted (S 2/2 for Ann) and still hidden from Bob (S 3/3)."""
    d = ada()
    climb(d, "the fence", hidden=True)
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    d.do("gm", "ruling", character="ada", text="Bad news.", morale=-2)
    before = len(d.words("bob"))
    d.do("ann", "sleep", character="ada", dice=[6])
    said = d.words("bob")[before:]
    assert not any("keeps" in line for line in said), said
    bob = d.table.viewer_for("bob")
    assert not any(entry.description.rolls for entry in d.table.log_view(bob)[before:])
    assert any("keeps" in line for line in d.words("ann")) and any("keeps" in line for line in d.words(None))
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}
    assert "S 2/2" in str(d.view("ann")["panels"]) and "S 3/3" in str(d.view("bob")["panels"])
    assert d.replayed().state == d.state


@pytest.mark.rules("WD-EFFORT-011", "WD-MORALE-006", "WD-EFFORT-009")
def test_a_low_morale_sleep_with_a_pick_still_owed_rolls_for_the_exhausted_dots() -> None:
    """Ada has an exhausted Stamina dot (a climb, a lull, her pick) and owes a second pick (another
    climb, another lull) when she sleeps at morale -2: the owed pick lapses with the night (src 409,
    411) and her one exhausted dot rolls to stay (WD-MORALE-006: [6] keeps it). Before, the table
    failed on the command (the sleep's die was taken by the lapsed pick's line, not the sleep's)."""
    d = ada()
    climb(d, "the fence")
    d.do("gm", "lull")
    d.do("ann", "exhaust", character="ada", pool="stamina")
    climb(d, "the wall")
    d.do("gm", "lull")
    d.do("gm", "ruling", character="ada", text="Bad news.", morale=-2)
    d.do("ann", "sleep", character="ada", dice=[6])
    assert d.state.exhaust_owed == ()
    assert d.state.people["ada"].effort.exhausted == {Pool.STAMINA: 1}
    assert "low morale keeps 1 exhausted dot" in d.words("bob")[-1]
    assert d.replayed().state == d.state
