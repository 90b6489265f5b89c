"""A third referee pass over Roll When You Need: abilities, effects, mixed results, traits, general rules.

Situations written from the seed (seeds/001_dcffe7bdc60b80e1.txt, "src N" = line N) and the
inventory's PROPOSED decisions, played through the table with given dice; who may set what
(the GM disposes), a player acting for another's character, what each seat reads, and that every
single-click menu item the table offers it also takes. ``test_referee.py`` and ``test_referee2.py``
pin the rest (the situations both passes wrote are kept there only).
"""

from __future__ import annotations

import pytest

from capeworks.errors import CapeworksError
from capeworks.systems.rwyn.tables import ACCOMPLISH
from tests.systems.offers_taken import refused_offers
from tests.systems.rwyn.helpers import do, last, state, table, types

ADA = {"ada": {"abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Reputation:2, Endurance:3, Poise:2"}}
BO = {"bo": {"abilities": "Brawling:3, Wealth:1", "owner": "bo"}}


def _check(events):  # type: ignore[no-untyped-def]
    return last(events, "check_resolved")["check"]


#: offers that open a form (ability and difficulty to fill), not single clicks
_FORMS = ("check", "defend")


def _both():  # type: ignore[no-untyped-def]
    return table(characters={**ADA, **BO})


# -- GEN ------------------------------------------------------------------------------------------------


@pytest.mark.rules("RWYN-GEN-002")
@pytest.mark.parametrize(("dice", "n"), [([6, 6, 6], 3), ([4, 4, 4], 0), ([1, 5, 4], 1)])
def test_gen__successes_are_counted_per_die(dice: list[int], n: int) -> None:
    # src 3: each 5 or 6 is one success: Science 3 vs 1
    t = table(characters=ADA)
    assert (
        _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=1, dice=dice))[
            "successes"
        ]
        == n
    )


@pytest.mark.rules("RWYN-GEN-002")
def test_gen__a_die_face_off_the_d6_is_refused() -> None:
    # src 3: "Roll d6s": a 7 is no die face; the table refuses and changes nothing
    t = table(characters=ADA)
    with pytest.raises(CapeworksError):
        do(t, "ann", "check", character="ada", ability="Science", difficulty=1, dice=[7, 5, 5])
    assert not state(t).checks


@pytest.mark.rules("RWYN-GEN-003")
def test_gen__the_gm_calls_the_check_and_the_owner_answers_it() -> None:
    # src 17 + GEN-001: the GM asks for a roll; Ada's player rolls it; Bo may not answer it
    t = table(characters={**ADA, **BO}, gm_sets_difficulty=True)
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=2)
    with pytest.raises(CapeworksError):
        do(t, "bo", "check", call=1, dice=[5, 5, 5])
    c = _check(do(t, "ann", "check", call=1, dice=[5, 2, 2]))
    assert (c["success"], c["successes"]) == (True, 1)


@pytest.mark.rules("RWYN-GEN-003", "RWYN-POOL-001")
def test_gen__a_player_may_not_name_a_difficulty_when_the_gm_sets_them() -> None:
    # default table: the GM disposes the difficulty (POOL-001); the player's own check is refused
    t = table(characters=ADA, gm_sets_difficulty=True)
    with pytest.raises(CapeworksError):
        do(t, "ann", "check", character="ada", ability="Science", difficulty=1, dice=[5, 5, 5])


@pytest.mark.rules("RWYN-GEN-004", "RWYN-TRAIT-001")
def test_gen__a_scene_quality_has_both_sides_and_only_the_gm_sets_it() -> None:
    # src 5: "Places, situations ... have qualities. Every quality pos & neg"
    t = table(characters=ADA)
    with pytest.raises(CapeworksError):
        do(t, "gm", "add_quality", character="ada", benefit="astute", drawback="")
    with pytest.raises(CapeworksError):
        do(t, "bo", "add_quality", character="ada", benefit="astute", drawback="easily distracted")


# -- EFFECT ---------------------------------------------------------------------------------------------


@pytest.mark.rules("RWYN-EFFECT-001")
def test_effect__one_success_is_only_the_task() -> None:
    # src 11: one success -> one effect, "I accomplish the task"; no extra pick is needed or taken
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[5, 2, 2]))
    assert c["effects_needed"] == 1
    with pytest.raises(CapeworksError):
        do(t, "ann", "effects", check=1, picks=["quickly"])


@pytest.mark.rules("RWYN-EFFECT-001")
def test_effect__three_successes_three_effects() -> None:
    # src 11: Science 3 vs 2, [6, 5, 5] = 3 successes -> the task + 2 picks
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[6, 5, 5])
    with pytest.raises(CapeworksError):
        do(t, "ann", "effects", check=1, picks=["quickly"])  # one short
    events = do(t, "ann", "effects", check=1, picks=["quickly", "silently"])
    assert last(events, "effects_chosen")["check"]["effects"] == [ACCOMPLISH, "quickly", "silently"]


@pytest.mark.rules("RWYN-EFFECT-003", "RWYN-SAC-001")
def test_effect__a_sacrifice_that_saves_a_disaster_success_leaves_fewer_complications() -> None:
    # src 13: Science 3 vs 5: [6, 5, 2] = 2; sacrifice 1 -> 1 disaster die [5] -> 1 complication
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[5]))
    assert (c["kept"], c["disaster_successes"], c["effects_needed"]) == (1, 1, 1)


@pytest.mark.rules("RWYN-SAC-001")
def test_sacrifice__more_than_rolled_is_refused() -> None:
    # src 13: Science 3 vs 5: [6, 2, 2] = 1 success; sacrificing 2 is refused
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 2, 2])
    with pytest.raises(CapeworksError):
        do(t, "ann", "sacrifice", check=1, count=2, dice=[])


@pytest.mark.rules("RWYN-SAC-001")
def test_sacrifice__not_by_another_player() -> None:
    t = _both()
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    with pytest.raises(CapeworksError):
        do(t, "bo", "sacrifice", check=1, count=1, dice=[2])


# -- MIX ------------------------------------------------------------------------------------------------


@pytest.mark.rules("RWYN-MIX-001")
def test_mix__ones_equal_to_successes_are_not_mixed() -> None:
    # src 15: "more 1s than successes": [5, 6, 1, 1] = 2 vs 2 -> not mixed
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Devices", difficulty=1, dice=[5, 6, 1, 1]))
    assert c["mixed"] is False


@pytest.mark.rules("RWYN-MIX-001")
def test_mix__disaster_ones_do_not_count() -> None:
    # src 15 "a roll that includes more 1s": read as the ability dice (the disaster dice are the
    # problems' own roll): Stealth 2 vs 3: [5, 2] + disaster [1] -> not mixed
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[5, 2, 1]))
    assert c["mixed"] is False


@pytest.mark.rules("RWYN-MIX-002")
def test_mix__a_plain_failure_without_ones_asks_no_silver_lining() -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=2, dice=[2, 3, 4])
    assert not [p for p in t.table.prompts() if p.kind == "mixed"]


# -- ABIL -----------------------------------------------------------------------------------------------


@pytest.mark.rules("RWYN-ABIL-001")
def test_abil__an_ability_off_the_list_is_refused() -> None:
    # src 23: the list of twenty; "Juggling" is not on it
    t = table(characters=ADA)
    with pytest.raises(CapeworksError):
        do(t, "ann", "check", character="ada", ability="Juggling", difficulty=1, dice=[5])


@pytest.mark.rules("RWYN-ABIL-001", "RWYN-POOL-001")
def test_abil__ratings_run_one_to_five() -> None:
    # src 7: "abilities ... rated one thru five": the GM may not set 6 on the default table
    t = table(characters=ADA)
    with pytest.raises(CapeworksError):
        do(t, "gm", "set_ability", character="ada", ability="Science", rating=6)
    with pytest.raises(CapeworksError):
        do(t, "gm", "set_ability", character="ada", ability="Science", rating=-1)


@pytest.mark.rules("RWYN-ABIL-006")
def test_abil__at_wealth_one_success_buys() -> None:
    # src 27: Wealth 4, cost 4, [5, 2, 2, 2] -> bought, Wealth still 4
    t = table(characters=ADA)
    events = do(t, "ann", "buy", character="ada", cost=4, dice=[5, 2, 2, 2])
    assert "purchased" in types(events)
    assert state(t).characters["ada"].rating("Wealth") == 4


@pytest.mark.rules("RWYN-ABIL-007")
def test_abil__over_reach_success_and_loss_together() -> None:
    # src 27: Wealth 1, cost 3 -> 1 die + 2 disaster dice; [6] kept, disaster [5, 2] -> bought, Wealth 0
    t = _both()
    do(t, "bo", "buy", character="bo", cost=3, dice=[6])
    events = do(t, "bo", "sacrifice", check=max(state(t).checks), count=0, dice=[5, 2])
    assert "purchased" in types(events)
    assert state(t).characters["bo"].rating("Wealth") == 0


@pytest.mark.rules("RWYN-ABIL-010")
def test_abil__a_favour_below_reputation_is_granted_without_a_roll() -> None:
    # src 29 + PROPOSED: Reputation 2, favour 0 (two below) -> granted, nothing rolled
    t = table(characters=ADA)
    do(t, "ann", "favour", character="ada", cost=0)
    assert state(t).characters["ada"].rating("Reputation") == 2
    assert not state(t).checks or all(c.success for c in state(t).checks.values())


@pytest.mark.rules("RWYN-ABIL-002", "RWYN-STRESS-001")
def test_abil__raising_poise_lengthens_the_mental_track() -> None:
    # src 19: mental stress = Poise; Poise 2 -> 3 (GM): 3 stress is absorbed
    t = table(characters=ADA)
    do(t, "gm", "set_ability", character="ada", ability="Poise", rating=3)
    assert last(do(t, "gm", "stress", character="ada", track="mental", amount=3), "stress_taken")[
        "result"
    ] == ("absorbed")


@pytest.mark.rules("RWYN-STRESS-001")
def test_stress__only_the_gm_deals_it() -> None:
    t = _both()
    with pytest.raises(CapeworksError):
        do(t, "bo", "stress", character="ada", track="physical", amount=2)


@pytest.mark.rules("RWYN-STRESS-003")
def test_stress__only_the_owner_chooses_the_consequence() -> None:
    t = _both()
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    with pytest.raises(CapeworksError):
        do(t, "bo", "consequence", character="ada", choice="taken_out")


# -- TRAIT ----------------------------------------------------------------------------------------------


@pytest.mark.rules("RWYN-TRAIT-003")
def test_trait__a_player_may_not_grant_their_own_talent() -> None:
    t = _both()
    with pytest.raises(CapeworksError):
        do(t, "bo", "add_talent", character="bo", name="Haymaker")


# -- the words and the menu -----------------------------------------------------------------------------


@pytest.mark.rules("RWYN-GEN-002", "RWYN-POOL-004")
def test_words__a_check_says_its_numbers() -> None:
    # Stealth 2 vs 3: [5, 2] + disaster [6]: the words name 1 success and 1 disaster success
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Stealth", difficulty=3, dice=[5, 2, 6])
    text = " ".join(t.words("bo"))
    assert "Stealth" in text and "1" in text


@pytest.mark.rules("RWYN-GEN-003")
def test_menu__every_single_click_offer_is_taken_through_a_session() -> None:
    t = _both()
    assert refused_offers(t.table, choose=_FORMS) == []
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 1])
    assert refused_offers(t.table, choose=_FORMS) == []
    do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 5])
    assert refused_offers(t.table, choose=_FORMS) == []
    do(t, "gm", "stress", character="bo", track="physical", amount=9)
    assert refused_offers(t.table, choose=_FORMS) == []
    # a full track is answered before any roll, a purchase too (test_referee12)
    do(t, "bo", "consequence", character="bo", choice="consequence", text="winded")
    assert refused_offers(t.table, choose=_FORMS) == []
    do(t, "bo", "buy", character="bo", cost=3, dice=[6])
    assert refused_offers(t.table, choose=_FORMS) == []
