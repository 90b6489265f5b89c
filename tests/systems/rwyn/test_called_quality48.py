"""The GM's quality dice carried by a call, so the player rolls them (src 17, RWYN-CRIT-002).

"Players roll all the dice" (src 17): at a table where the GM calls for checks, the GM's ruling that
a quality's benefit helps (quality dice) or its drawback hinders (disaster dice, PROPOSED
CRIT-002 with ``quality_die_bonus``) goes on the call, and the player's own ``check call=N`` rolls
with it; the call's words say why, and the pool shown before the roll counts them. Played through
the table with given dice (``src N`` = line N of seeds/001_dcffe7bdc60b80e1.txt).
"""

from __future__ import annotations

import pytest

from capeworks.errors import NotPermitted
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.events import CheckCalled
from capeworks.systems.rwyn.front import preview
from tests.systems.rwyn.helpers import last, state, table

ADA = {"ada": {"abilities": "Charm:2, Science:3", "qualities": "assertive/hot-tempered"}}


def _gm_table():  # type: ignore[no-untyped-def]
    return table({"quality_die_bonus": 1}, characters=ADA, gm_sets_difficulty=True)


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-GEN-001", "RWYN-GEN-003")
def test_the_gm_calls_with_a_benefit_and_a_drawback__ann_rolls_their_dice_herself() -> None:
    # Charm 2 vs 2: 2 dice, no disaster die; the benefit adds 1 ability die, the drawback 1 disaster
    # die: Ann rolls [5 2 2] + disaster [3] on her own check answering call 1
    d = _gm_table()
    d.do("gm", "call_check", character="ada", ability="Charm", difficulty=2, benefit="assertive",
         drawback="hot-tempered", task="talk the guard down")  # fmt: skip
    d.do("ann", "check", call=1, dice=[5, 2, 2, 3])
    check = last(d.events, "check_resolved")["check"]
    assert (check["plan"]["ability_dice"], check["plan"]["disaster_nominal"]) == (3, 1)
    assert check["ability_faces"] == [5, 2, 2] and check["disaster_faces"] == [3]
    assert 1 not in state(d).calls
    assert d.replayed().state == d.state
    roll = next(w for w in d.words("bo") if w.startswith("Ada rolls"))
    assert "Charm 2 + 1 quality die vs" in roll and "(1 from a drawback)" in roll, roll


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-GEN-001")
def test_answering_ann_s_ask__the_gm_s_difficulty_brings_in_her_drawback() -> None:
    # Ann asks to roll Science; the GM rules her distraction hinders: Science 3 vs 3 has no gap,
    # so the drawback's 1 disaster die is the only one. [5 2 2] + disaster [6]: success with a problem
    d = _gm_table()
    d.do("ann", "ask_check", character="ada", ability="Science", task="read the cipher")
    d.do("gm", "call_check", ask=1, difficulty=3, drawback="Hot-Tempered")
    assert "1 disaster die from a drawback, 'Hot-Tempered'" in d.words("ann")[-1]
    d.do("ann", "check", call=1, dice=[5, 2, 2, 6])
    check = last(d.events, "check_resolved")["check"]
    assert (check["plan"]["ability_dice"], check["plan"]["disaster_nominal"]) == (3, 1)
    assert (check["success"], check["disaster_successes"]) == (True, 1)


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-GEN-001")
def test_the_call_says_its_quality_dice_and_the_odds_before_the_roll_count_them() -> None:
    d = _gm_table()
    d.do("gm", "call_check", character="ada", ability="Charm", difficulty=3, benefit="Assertive",
         drawback="hot-tempered")  # fmt: skip
    words = d.words("ann")[-1]
    assert "+1 quality die from 'Assertive'" in words, words
    assert "1 disaster die from a drawback, 'hot-tempered'" in words, words
    (roll,) = [p for p in d.prompts("ann") if p.kind == "roll"]
    assert "+1 quality die" in roll.question and "1 disaster die from a drawback" in roll.question
    # Charm 2 + 1 quality die vs 3: 3 dice, the gap 1 + the drawback 1 = 2 disaster dice
    ctx = roll.context
    pool = preview(RwynConfig(quality_die_bonus=1), "pool", {"rating": 2, **{k: ctx[k] for k in (
        "difficulty", "bonus", "drawback", "time")}})  # fmt: skip
    assert (pool["dice"], pool["disaster"]) == (3, 2)
    assert pool["success"]["fraction"] == "19/27"  # 1 - (2/3)^3: at least one success on 3 dice


@pytest.mark.rules("RWYN-CRIT-002", "RWYN-GEN-003")
def test_only_the_gm_sets_quality_dice__not_on_the_call_nor_at_the_roll() -> None:
    # players who set their own difficulties still do not grant themselves quality dice
    d = table({"quality_die_bonus": 1}, characters=ADA)
    d.refuse("ann", "call_check", character="ada", ability="Charm", difficulty=2, benefit="assertive",
             error=NotPermitted)  # fmt: skip
    d = _gm_table()
    d.do("gm", "call_check", character="ada", ability="Charm", difficulty=2)
    d.refuse("ann", "check", call=1, benefit="assertive", error=NotPermitted, dice=[5, 2, 2])
    d.do("gm", "call_check", character="ada", ability="Charm", difficulty=2, benefit="assertive")
    # the side the call brings in is not brought in twice; a player may not add one to it either
    d.refuse("ann", "check", call=2, benefit="assertive", error=NotPermitted, dice=[5, 2, 2, 2])
    d.refuse("gm", "check", call=2, benefit="assertive", rule="RWYN-CRIT-002", dice=[5, 2, 2, 2])
    d.refuse("gm", "call_check", character="ada", ability="Charm", difficulty=2, benefit="sly", match="sly")
    plain = table(characters=ADA, gm_sets_difficulty=True)
    plain.refuse("gm", "call_check", character="ada", ability="Charm", difficulty=2, drawback="hot-tempered",
                 rule="RWYN-CRIT-002")  # fmt: skip


@pytest.mark.rules("RWYN-GEN-001")
def test_an_old_call_without_quality_dice_reads_as_before() -> None:
    # a check_called stored before calls carried quality dice has none: it plays as it did
    old = {"call": {"id": 1, "character": "ada", "owner": "ann", "ability": "Charm", "difficulty": 2},
           "name": "Ada"}  # fmt: skip
    call = CheckCalled.model_validate(old).call
    assert isinstance(call, Call)
    assert (call.bonus_dice, call.drawback_dice, call.benefit, call.drawback) == (0, 0, "", "")
