"""A sixth referee pass over Roll When You Need: rules meeting in one session.

Critical and mixed results together, quality dice against the disaster dice and the cap, automatic
successes spent as sacrifices, an enemy move that overflows into a consequence, Wealth lost in one
purchase changing the next, the leverage-debt talent after a sacrifice, Reputation's limited favours,
the fourth consequence (still avoidable by being taken out), two enemy moves at once, refusals out
of order or for another's character, and the words each seat reads (a person's name, the right
numbers, no GM secret). Situations written from the seed alone (``src N`` = line N of
seeds/001_dcffe7bdc60b80e1.txt), played through the table with given dice; they stay off what
test_referee.py .. test_referee5.py pin.
"""

from __future__ import annotations

import pytest

from capeworks.engine.testing import Driver
from capeworks.systems.rwyn.sheet import Consequence, Standing, Track
from tests.systems.rwyn.helpers import do, last, state, table

ADA = {
    "ada": {
        "abilities": "Science:3, Stealth:2, Devices:4, Wealth:4, Reputation:3, Endurance:3, Poise:2",
        "qualities": "astute/easily distracted",
    }
}
ROOK = {"rook": {"name": "Rook Marlowe", "abilities": "Brawling:3, Endurance:2, Poise:3", "owner": "bo"}}


def _check(events):  # type: ignore[no-untyped-def]
    return last(events, "check_resolved")["check"]


def _kinds(t: Driver, seat: str) -> list[str]:
    """The kinds of the open prompts addressed to ``seat`` ("gm": those for the GM's role)."""
    return sorted(p.kind for p in t.prompts() if (p.seat or "gm") == seat)


# --- critical and mixed results meeting (src 5, 15) ---


@pytest.mark.rules("RWYN-CRIT-001", "RWYN-MIX-001", "RWYN-MIX-002")
def test_all_ones__the_gm_words_the_silver_lining_and_ann_chooses_what_turns_bad() -> None:
    # src 15: [1 1 1] = 0 successes, three 1s > 0 -> a mixed failure (silver lining, the GM's words);
    # src 5 + PROPOSED CRIT-001 (every ability die a 1 = critical failure): the PC chooses what goes
    # bad. Science 3 vs 3: no disaster dice. Two questions, to two seats; Bo is asked nothing.
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=3, dice=[1, 1, 1]))
    assert (c["success"], c["mixed"], c["crit"]) == (False, True, "failure")
    assert _kinds(t, "gm") == ["mixed"]
    assert _kinds(t, "ann") == ["critical"]
    assert _kinds(t, "bo") == []
    do(t, "gm", "mixed", check=1, text="the guard drops his keys")
    do(t, "ann", "critical", check=1, target="circumstance", text="the storm worsens")
    assert 1 not in state(t).checks  # every question answered: the check is closed
    words = t.words("bo")
    assert any("guard drops his keys" in w for w in words), words
    assert any("storm worsens" in w for w in words), words


@pytest.mark.rules("RWYN-CRIT-001", "RWYN-EFFECT-001", "RWYN-EFFECT-003", "RWYN-POOL-005", "RWYN-SAC-003")
def test_critical_success_with_a_disaster_success__three_questions_and_the_right_numbers() -> None:
    # src 7-13: Science 3 vs 4 -> 3 dice + 1 disaster die, which can never be sacrificed (src 13);
    # [5 6 6] = 3 successes (every die: critical success, src 5), disaster [5] = 1 problem (src 9):
    # the task succeeds anyway with 3 effects (2 to pick, src 11), the GM words 1 complication
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Science", difficulty=4, dice=[5, 6, 6, 5]))
    assert (c["success"], c["kept"], c["disaster_successes"], c["crit"]) == (True, 3, 1, "success")
    assert _kinds(t, "ann") == ["critical", "effects"]
    assert _kinds(t, "gm") == ["complications"]
    for seat in ("ann", "bo"):
        words = t.words(seat)
        assert any("[5 6 6] = 3 successes" in w for w in words), words
        assert any("[5]: 1 disaster success" in w for w in words), words
    do(t, "ann", "effects", check=1, picks=["quickly", "silently"])
    do(t, "ann", "critical", check=1, target="person", text="the curator takes a liking to her")
    do(t, "gm", "complications", check=1, texts=["a smear of soot on the glass"])
    assert 1 not in state(t).checks
    assert "Ada: I accomplish the task, quickly, silently." in t.words("bo")


@pytest.mark.rules("RWYN-POOL-002", "RWYN-CRIT-001", "RWYN-MIX-001")
def test_zero_ability__no_die_rolled_is_no_critical_and_disaster_ones_no_mix() -> None:
    # src 7-9 + PROPOSED POOL-002: Athletics unrated (0) vs 2 -> 0 dice + 2 disaster dice [1 1]: a
    # failure; PROPOSED CRIT-001 needs >= 1 ability die, PROPOSED MIX-001 counts ability dice only:
    # no critical, no mixed, and no complication (no disaster success): nobody is asked anything
    t = table(characters=ADA)
    c = _check(do(t, "ann", "check", character="ada", ability="Athletics", difficulty=2, dice=[1, 1]))
    assert (c["success"], c["mixed"], c["crit"], c["disaster_successes"]) == (False, False, None, 0)
    assert t.prompts() == []
    assert "Ada: failure." in t.words("ann")


# --- quality dice, the cap, automatic successes (src 13, 43, 53; PROPOSED CRIT-002) ---


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-SAC-003", "RWYN-POOL-005")
def test_quality_drawback__its_disaster_die_is_the_last_and_cannot_be_sacrificed() -> None:
    # PROPOSED CRIT-002 (quality_die_bonus 1): the GM imposes Ada's drawback on Science 3 vs 3 ->
    # 3 dice + 1 disaster die. [5 5 2] = 2 successes, but the only disaster die is the last one
    # (src 13): no sacrifice is asked; disaster [6] -> 1 complication; 2 effects
    t = table({"quality_die_bonus": 1}, characters=ADA)
    events = do(
        t,
        "gm",
        "check",
        character="ada",
        ability="Science",
        difficulty=3,
        drawback="easily distracted",
        dice=[5, 5, 2, 6],
    )
    c = _check(events)
    assert (c["success"], c["kept"], c["disaster_successes"], c["max_sacrifice"]) == (True, 2, 1, 0)
    assert "sacrifice" not in _kinds(t, "ann")
    assert _kinds(t, "gm") == ["complications"]


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-POOL-007", "RWYN-POOL-008", "RWYN-DESIGN-006")
def test_big_pools_and_a_quality_benefit__twelve_dice_roll_ten_and_one_automatic_success() -> None:
    # src 53 (big pools, rated 1-10) + PROPOSED CRIT-002 (quality_die_bonus 2): Science 10 + 2 = 12
    # dice vs 5 -> src 43: roll 10, floor(2 / 2) = 1 automatic success. Ten blanks [2 x10] still
    # succeed on the automatic success (POOL-008), and the words say where the success came from
    t = table(
        {"ability_min": 1, "ability_max": 10, "ability_start": 5, "quality_die_bonus": 2},
        characters={"ada": {"abilities": "Science:10, Endurance:5", "qualities": "astute/easily distracted"}},
    )
    roll = {"character": "ada", "ability": "Science", "difficulty": 5, "benefit": "astute"}
    c = _check(do(t, "gm", "check", dice=[2] * 10, **roll))
    assert (c["plan"]["ability_dice"], c["plan"]["cap_auto"], c["successes"]) == (10, 1, 1)
    assert c["success"] is True
    line = next(w for w in t.words("ann") if w.startswith("Ada rolls Science"))
    assert "1 automatic" in line, line


@pytest.mark.rules("RWYN-POOL-008", "RWYN-SAC-002", "RWYN-SAC-004", "RWYN-DESIGN-005")
def test_take_your_time__the_automatic_success_may_be_sacrificed_and_the_task_then_fails() -> None:
    # src 53: taking your time gives 1 automatic success (Stealth 2 >= 2 x 1). Stealth 2 vs 4 -> 2 dice
    # + 1 automatic + 2 disaster dice; [2 3] = 0 rolled + 1 automatic = 1 success. POOL-008: it counts
    # for sacrifice too: min(1, 2 - 1) = 1 may go (SAC-004: the task then fails); 1 disaster die [4]
    t = table({"time_auto_successes": True}, characters=ADA)
    events = do(t, "ann", "check", character="ada", ability="Stealth", difficulty=4, time=1, dice=[2, 3])
    c = last(events, "check_rolled")["check"]
    assert (c["successes"], c["max_sacrifice"]) == (1, 1)
    prompt = t.prompt("ann", "sacrifice")
    assert [o.value for o in prompt.options] == ["0", "1"]
    assert "fails" in prompt.options[1].label, prompt.options[1].label
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[4]))
    assert (c["kept"], c["success"], c["disaster_faces"]) == (0, False, [4])


# --- an enemy move in a session (src 17-21) ---


@pytest.mark.rules("RWYN-GEN-003", "RWYN-STRESS-001", "RWYN-STRESS-002")
def test_enemy_move__a_failed_defence_overflows_into_rook_s_consequence() -> None:
    # src 17 + PROPOSED GEN-003: Brawling 3 vs 5, harm 2 -> 3 dice + 2 disaster dice; [2 3 4] fails
    # (nothing to sacrifice), disaster [5 2] = 1 -> 2 + 1 = 3 stress on Rook's 2-box physical track
    # (Endurance 2, src 19): it overflows (src 21) and Bo, not Ann, is asked for the minor consequence
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="rook", ability="Brawling", difficulty=5, harm=2, move="a wrench")
    events = t.answer("bo", t.prompt("bo", "roll").id, "roll", dice=[2, 3, 4, 5, 2])
    assert last(events, "stress_taken")["amount"] == 3
    assert _kinds(t, "ann") == []
    assert t.prompt("bo", "consequence").context["severity"] == "minor"
    do(t, "bo", "consequence", character="rook", text="split lip")
    rook = state(t).characters["rook"]
    assert (rook.consequences, rook.stress[Track.PHYSICAL]) == ({Consequence.MINOR: "split lip"}, 0)
    words = t.words("ann")
    overflow = "Rook Marlowe takes 3 physical stress: the track is full — a consequence or being taken out."
    assert overflow in words


@pytest.mark.rules("RWYN-STRESS-002")
def test_overflow__a_second_hit_waits_until_the_first_is_answered() -> None:
    # src 21: every overflow is one consequence. Ada (Endurance 3) takes 4 stress: overflow, Ann is
    # asked. Before she answers, more stress (either track) is refused with a sentence saying what
    # comes first, so two hits never fold into one consequence; once she answers, the next hit lands
    # on a cleared track (PROPOSED STRESS-002) and 4 more overflow into the moderate rung.
    t = table(characters=ADA)
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    for track in ("physical", "mental"):
        hit = {"character": "ada", "track": track, "amount": 4}
        t.refuse("gm", "stress", rule="RWYN-STRESS-002", match="must be chosen first", **hit)
    do(t, "ann", "consequence", character="ada", text="bruised ribs")
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    assert t.prompt("ann", "consequence").context["severity"] == "moderate"


# --- Wealth and Reputation over a session (src 27, 29, 39) ---


@pytest.mark.rules("RWYN-ABIL-007", "RWYN-ABIL-004", "RWYN-ABIL-008")
def test_wealth__a_loss_moves_the_bands_of_the_next_purchase() -> None:
    # src 27: Wealth 4, cost 6 -> 4 dice + 2 disaster dice; [5 2 2 2], keep all, [6 5] -> Wealth 2.
    # Now cost 3 (one below her old Wealth) is over her Wealth: 2 dice + 1 disaster die, [5 2] [2]:
    # bought, nothing lost. Cost 1 is one below Wealth 2: no roll, the GM says how many.
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=6, item="a yacht", dice=[5, 2, 2, 2])
    do(t, "ann", "sacrifice", check=1, count=0, dice=[6, 5])
    assert state(t).characters["ada"].rating("Wealth") == 2
    c = _check(do(t, "ann", "buy", character="ada", cost=3, item="a motorbike", dice=[5, 2, 2]))
    assert (c["plan"]["ability_dice"], c["plan"]["disaster_nominal"], c["success"]) == (2, 1, True)
    assert state(t).characters["ada"].rating("Wealth") == 2
    do(t, "ann", "buy", character="ada", cost=1, item="flares")
    assert _kinds(t, "gm") == ["quantity"]


@pytest.mark.rules("RWYN-TRAIT-004", "RWYN-SAC-001", "RWYN-ABIL-007")
def test_leverage_debt__after_a_sacrifice_rerolls_only_the_disaster_dice_left() -> None:
    # src 27 + 39 (PROPOSED TRAIT-004: re-roll the disaster dice once): Wealth 4, cost 7 -> 4 dice + 3
    # disaster dice; [5 5 2 2] = 2 successes, 1 sacrificed -> 2 disaster dice [5 5] would cost 2; Ann
    # re-rolls them (two dice, not three): [2 6] -> 1 lost, Wealth 3; Bo may not answer for her
    t = table(characters=ADA)
    do(t, "gm", "add_talent", character="ada", name="Old debts", hook="leverage_debt")
    do(t, "ann", "buy", character="ada", cost=7, item="a racehorse", dice=[5, 5, 2, 2])
    do(t, "ann", "sacrifice", check=1, count=1, dice=[5, 5])
    assert state(t).characters["ada"].rating("Wealth") == 4  # nothing lost before the question
    t.refuse("bo", "reroll", check=1, use=True, dice=[2, 6])
    t.refuse("ann", "reroll", check=1, use=True, dice=[2, 6, 2])
    do(t, "ann", "reroll", check=1, use=True, dice=[2, 6])
    assert state(t).characters["ada"].rating("Wealth") == 3
    assert "Ada loses 1 Wealth for good: Wealth is now 3." in t.words("bo")


@pytest.mark.rules("RWYN-ABIL-010", "RWYN-ABIL-008")
def test_favour__one_below_reputation_is_granted_in_limited_measure_the_gm_words() -> None:
    # src 29 ("much the same" as Wealth) + src 27: Reputation 3, a favour of 2 (one below) is had
    # without a roll but in limited quantity: the GM, not Ann, says how much; Reputation unchanged.
    # The words say she calls it in (not "buys"), and the GM is asked about Reputation, not Wealth.
    t = table(characters=ADA)
    events = do(t, "ann", "favour", character="ada", cost=2, item="a meeting with the mayor")
    assert last(events, "check_rolled")["check"]["rolled"] is False
    assert _kinds(t, "gm") == ["quantity"]
    # referee8: the favour is told once, then what waits (it used to be told twice)
    called = [
        "Ada calls in a meeting with the mayor (cost 2, one below Reputation 3).",
        "The GM sets how many Ada may call in.",
    ]
    assert t.words("bo")[-2:] == called
    question = t.prompt("gm", "quantity").question
    # referee9: the question names whose favour it is
    assert question == (
        "'a meeting with the mayor' costs one below Ada's Reputation: how many may Ada call in?"
    )
    t.refuse("ann", "quantity", check=1, limit="as many meetings as she likes")
    do(t, "gm", "quantity", check=1, limit="one meeting, this week")
    assert state(t).characters["ada"].rating("Reputation") == 3
    assert any("one meeting, this week" in w for w in t.words("ann"))


# --- refusals: out of order, for another (src 13, 17) ---


@pytest.mark.rules("RWYN-SAC-001", "RWYN-EFFECT-001")
def test_out_of_order__effects_before_the_sacrifice_are_refused() -> None:
    # src 13: sacrifice comes before the disaster dice and so before the effects: Science 3 vs 5,
    # [6 5 5] = 3 successes, may give 1 (2 disaster dice); picking effects now is refused, unchanged
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 5])
    e = t.refuse("ann", "effects", check=1, picks=["quickly", "silently"])
    assert "sacrifice" in e.message.lower(), e.message


@pytest.mark.rules("RWYN-SAC-001", "RWYN-GEN-003")
def test_two_players__bo_rolls_while_ada_s_check_waits_for_its_sacrifice() -> None:
    # src 17: players roll their own dice. Ada's check waits for Ann's sacrifice; Bo's own check goes
    # on meanwhile, and Ann's sacrifice afterwards still finishes hers: Brawling 3 vs 2 [5 2 2]
    t = table(characters={**ADA, **ROOK})
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    c = _check(do(t, "bo", "check", character="rook", ability="Brawling", difficulty=2, dice=[5, 2, 2]))
    assert c["success"] is True
    t.refuse("bo", "sacrifice", check=1, count=1, dice=[2])
    c = _check(do(t, "ann", "sacrifice", check=1, count=1, dice=[2]))
    assert (c["kept"], c["disaster_faces"], c["success"]) == (1, [2], True)


# --- what each seat reads (src 17-21) ---


@pytest.mark.rules("RWYN-GEN-003", "RWYN-STRESS-002", "RWYN-STRESS-003", "RWYN-MIX-003")
def test_words__a_session_names_people_never_ids_and_keeps_the_gm_s_note() -> None:
    # A short evening: the GM notes a secret, a mixed defence (src 15: Brawling 3 vs 2, harm 2, [5 1 1]
    # = 1 success, two 1s: defended, tainted), a failed one that overflows (src 21: [2 2 2] -> 2 stress
    # on 2 boxes, then 1 more: 3 > 2), Rook runs (taken out by choice), the scene ends and he is back.
    # Every line Ann and Bo read names "Rook Marlowe", never the id "rook", and never the GM's note.
    secret = "the foreman sold the crew out"
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(t, "gm", "gm_note", text=secret)
    do(t, "gm", "enemy_move", character="rook", ability="Brawling", difficulty=2, harm=2, move="a shove")
    c = _check(do(t, "bo", "defend", call=1, dice=[5, 1, 1]))
    assert (c["success"], c["mixed"]) == (True, True)
    do(t, "gm", "mixed", check=1, text="his coat tears")
    do(t, "gm", "enemy_move", character="rook", ability="Brawling", difficulty=3, harm=3, move="a kick")
    events = do(t, "bo", "defend", call=2, dice=[2, 2, 2])
    assert last(events, "stress_taken")["amount"] == 3
    do(t, "bo", "consequence", character="rook", choice="taken_out", text="jumps into the canal")
    assert state(t).characters["rook"].standing is Standing.OUT_BY_CHOICE
    do(t, "gm", "end_scene")
    assert state(t).characters["rook"].standing is Standing.IN
    for seat in ("ann", "bo"):
        words = t.words(seat)
        assert not any("rook" in w for w in words), [w for w in words if "rook" in w]
        assert any("Rook Marlowe" in w and "jumps into the canal" in w for w in words), words
        assert secret not in " ".join(words) and secret not in str(t.view(seat))
    assert secret in " ".join(t.words("gm"))


# --- quality dice, purchases and talents in words (src 27, 35, 39, 53) ---


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-POOL-002")
def test_quality_benefit_at_a_gm_table__the_words_say_where_the_fourth_die_came_from() -> None:
    # PROPOSED CRIT-002 (quality_die_bonus 1): the GM calls Science 3 vs 3 and answers it granting
    # Ada's benefit "astute": 3 + 1 = 4 dice [2 2 2 2]. "Science 3: [2 2 2 2]" would read as a wrong
    # count: the line names the quality die. A drawback's disaster die is named too (3 vs 3 has
    # none of its own).
    t = table({"quality_die_bonus": 1}, characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=3, task="read the cipher")
    do(t, "gm", "check", call=1, benefit="astute", dice=[2, 2, 2, 2])
    rolled = "Ada rolls Science 3 + 1 quality die vs difficulty 3 (Moderate) to read the cipher: [2 2 2 2]"
    assert rolled + " = 0 successes." in t.words("ann"), t.words("ann")
    do(t, "gm", "call_check", character="ada", ability="Science", difficulty=3)
    do(t, "gm", "check", call=2, drawback="easily distracted", dice=[2, 2, 5, 2])
    rolled = "Ada rolls Science 3 vs difficulty 3 (Moderate): [2 2 5] = 1 success"
    assert rolled + "; 1 disaster die (1 from a drawback)." in t.words("bo"), t.words("bo")


@pytest.mark.rules("RWYN-ABIL-006", "RWYN-EFFECT-001", "RWYN-CRIT-001")
def test_purchase_at_wealth__a_check_as_per_normal_with_effects_and_a_critical() -> None:
    # src 27: cost = Wealth is "a check ... as per normal": Wealth 4, [5 5 6 6] = 4 successes, every
    # die a success -> 4 effects (3 to pick, src 11) and a critical success Ann words (src 5); the
    # line every seat reads says how the cost stood against her Wealth in plain words
    t = table(characters=ADA)
    do(t, "ann", "buy", character="ada", cost=4, item="a car", dice=[5, 5, 6, 6])
    assert _kinds(t, "ann") == ["critical", "effects"]
    assert "Ada buys a car (cost 4, at Wealth 4)." in t.words("bo"), t.words("bo")


@pytest.mark.rules("RWYN-ABIL-004", "RWYN-ABIL-005", "RWYN-ABIL-007", "RWYN-ABIL-010")
@pytest.mark.parametrize(
    ("command", "cost", "dice", "line"),
    [
        ("buy", 2, None, "Ada buys rope (cost 2, well below Wealth 4)."),
        ("favour", 5, [5, 2, 2], "Ada calls in rope (cost 5, above Reputation 3)."),
    ],
)
def test_purchase__the_words_say_the_band_in_plain_words(
    command: str, cost: int, dice: list[int] | None, line: str
) -> None:
    # src 27-29: a player reads how the cost stands against the rating, not the table's band names
    # ("unrestricted", "reach"); Reputation 3, favour 5: 3 dice [5 2 2] + 2 disaster dice [2 2]: had
    t = table(characters=ADA)
    do(t, "ann", command, character="ada", cost=cost, item="rope", dice=dice)
    if t.prompts("ann"):  # the favour's 1 success may be sacrificed: Ann keeps it, [2 2] blanks
        do(t, "ann", "sacrifice", check=1, count=0, dice=[2, 2])
    assert line in t.words("ann"), t.words("ann")


@pytest.mark.rules("RWYN-TRAIT-004", "RWYN-ABIL-010")
def test_leverage_debt__is_for_wealth_a_favour_over_reach_asks_nothing() -> None:
    # src 39: the talent leverages debt "to maybe avoid losing Wealth when attempting a purchase above
    # their Wealth level": a favour is not a purchase. Reputation 3, favour 5 -> 3 dice + 2 disaster
    # dice; [5 2 2] keep all (sacrifice 0), [5 5] -> 2 Reputation lost at once, no re-roll question
    t = table(characters=ADA)
    do(t, "gm", "add_talent", character="ada", name="Old debts", hook="leverage_debt")
    do(t, "ann", "favour", character="ada", cost=5, item="a senator's ear", dice=[5, 2, 2])
    do(t, "ann", "sacrifice", check=1, count=0, dice=[5, 5])
    assert t.prompts() == []
    assert state(t).characters["ada"].rating("Reputation") == 1
    assert "Ada loses 2 Reputation for good: Reputation is now 1." in t.words("ann")


@pytest.mark.rules("RWYN-DESIGN-005", "RWYN-GEN-001")
def test_take_your_time__asked_by_the_player_kept_by_the_gm_s_call() -> None:
    # src 53: "if you take your time you can pick up one auto-success" (Devices 4 >= 2 x 1). Ann asks
    # to take her time; the GM sets difficulty 4; her roll [2 2 2 2] + 1 automatic = 1 success: done
    t = table({"time_auto_successes": True}, characters=ADA, gm_sets_difficulty=True)
    do(t, "ann", "ask_check", character="ada", ability="Devices", task="fix the crane", time=1)
    do(t, "gm", "call_check", ask=1, difficulty=4)
    c = _check(t.answer("ann", t.prompt("ann", "roll").id, "roll", dice=[2, 2, 2, 2]))
    assert (c["plan"]["time_auto"], c["successes"], c["success"]) == (1, 1, True)
    rolled = (
        "Ada rolls Devices 4 vs difficulty 4 (Tough) to fix the crane: [2 2 2 2] + 1 automatic = 1 success."
    )
    assert rolled in t.words("bo")


@pytest.mark.rules("RWYN-GEN-003", "RWYN-SAC-004")
def test_defence_sacrifice__the_option_that_fails_says_the_stress_it_lets_through() -> None:
    # src 13 + PROPOSED SAC-004 on a defence (PROPOSED GEN-003): Brawling 3 vs 5, harm 2 -> [5 2 2] =
    # 1 success, 2 disaster dice; giving the success up fails the defence: the option says so in the
    # defence's terms (2 physical stress), and [5] then costs 2 + 1 = 3
    t = table(characters={**ADA, **ROOK}, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="rook", ability="Brawling", difficulty=5, harm=2, move="a wrench")
    t.answer("bo", t.prompt("bo", "roll").id, "roll", dice=[5, 2, 2])
    labels = [o.label for o in t.prompt("bo", "sacrifice").options]
    assert labels == ["0", "1 (the defence then fails: 2 physical stress)"], labels
    events = do(t, "bo", "sacrifice", check=1, count=1, dice=[5])
    assert last(events, "stress_taken")["amount"] == 3


# --- the fourth consequence (src 21) ---


def _three_rungs_taken() -> Driver:
    # Ada (Endurance 3) overflows three times (4 stress each) and takes minor, moderate, major
    t = table(characters=ADA)
    for text in ("bruise", "sprain", "broken arm"):
        do(t, "gm", "stress", character="ada", track="physical", amount=4)
        do(t, "ann", "consequence", character="ada", text=text)
    return t


@pytest.mark.rules("RWYN-STRESS-003", "RWYN-STRESS-004")
def test_fourth_overflow__the_player_may_still_be_taken_out_by_choice() -> None:
    # src 21: "A character can avoid a consequence by being 'taken out,' ... running away, being
    # knocked unconscious" and "If a character takes a fourth consequence they are automatically
    # taken out per the GM's desires". The fourth is a consequence too, so it can be avoided the same
    # way (inventory W11: "at any overflow"). Ada, three rungs taken, overflows again: Ann is asked;
    # she is knocked out instead -> out until the scene ends, not dead; her three consequences stay.
    t = _three_rungs_taken()
    events = do(t, "gm", "stress", character="ada", track="physical", amount=4)
    assert last(events, "stress_taken")["result"] == "overflow"
    prompt = t.prompt("ann", "consequence")
    assert prompt.context["severity"] == "fourth"
    assert [o.label for o in prompt.options] == [
        "take a fourth consequence: out for good, as the GM decides",
        "be taken out of the conflict instead",
    ]
    do(t, "ann", "consequence", character="ada", choice="taken_out", text="knocked cold on the quay")
    ada = state(t).characters["ada"]
    assert (ada.standing, len(ada.consequences)) == (Standing.OUT_BY_CHOICE, 3)
    assert _kinds(t, "gm") == []  # no outcome for the GM to word: she is not out for good
    do(t, "gm", "end_scene")
    assert state(t).characters["ada"].standing is Standing.IN


@pytest.mark.rules("RWYN-STRESS-004", "RWYN-STRESS-005")
def test_fourth_overflow__accepting_the_fourth_is_out_for_good_and_the_gm_words_it() -> None:
    # src 21: the fourth consequence taken -> "automatically taken out per the GM's desires": out for
    # good, the GM (not Ann) words how; nothing reaches her afterwards
    t = _three_rungs_taken()
    do(t, "gm", "stress", character="ada", track="physical", amount=4)
    do(t, "ann", "consequence", character="ada", choice="consequence")
    assert state(t).characters["ada"].standing is Standing.OUT_FOR_GOOD
    assert _kinds(t, "gm") == ["outcome"]
    t.refuse("ann", "outcome", character="ada", text="she retires to the country")
    do(t, "gm", "outcome", character="ada", text="lost with the ship")
    assert "Ada is out: lost with the ship." in t.words("bo")
    t.refuse("ann", "check", character="ada", ability="Science", difficulty=1, dice=[5, 5, 5])


@pytest.mark.rules("RWYN-GEN-003", "RWYN-STRESS-001")
def test_two_enemy_moves__answered_in_either_order_each_on_its_own_track() -> None:
    # src 17 + PROPOSED GEN-003: the GM declares a sniper (Stealth vs 3, 2 physical) and a taunt
    # (Stealth vs 2, 1 mental). Answering the sniper with a plain check is refused (it is a move to
    # defend against). Ann answers the taunt first: [2 2] fails -> 1 mental; then the sniper: 2 dice
    # + 1 disaster die, [2 2] [5] fails -> 2 + 1 = 3 physical (Endurance 3: full, no overflow)
    t = table(characters=ADA, gm_sets_difficulty=True)
    do(t, "gm", "enemy_move", character="ada", ability="Stealth", difficulty=3, harm=2, move="a sniper")
    do(t, "gm", "enemy_move", character="ada", ability="Stealth", difficulty=2, harm=1, track="mental")
    t.refuse("ann", "check", call=1, match="defend against it", dice=[2, 2, 2])
    do(t, "ann", "defend", call=2, dice=[2, 2])
    do(t, "ann", "defend", call=1, dice=[2, 2, 5])
    ada = state(t).characters["ada"]
    assert (ada.stress[Track.PHYSICAL], ada.stress[Track.MENTAL], ada.overflow) == (3, 1, None)
    assert "Ada takes 3 physical stress." in t.words("bo")
