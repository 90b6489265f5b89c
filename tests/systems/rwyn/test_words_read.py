"""Words players read agree with their counts: "1 success", never "1 success(es)"."""

from __future__ import annotations

import pytest

from tests.systems.rwyn.helpers import table


@pytest.mark.rules("RWYN-SAC-002")
def test_a_sacrifice_of_more_than_the_one_success_rolled_is_refused_in_words_that_agree() -> None:
    d = table(characters={"ada": {"abilities": "Science:1"}})
    d.do("ann", "check", character="ada", ability="Science", difficulty=5, dice=[6])
    err = d.refuse("ann", "sacrifice", rule="RWYN-SAC-002", check=1, count=2)
    assert err.message == "You have 1 success; you cannot sacrifice 2."


@pytest.mark.rules("RWYN-EFFECT-001")
def test_the_effects_prompt_counts_its_successes_and_effects_in_agreeing_words() -> None:
    # [6 6 5] keeps 3 successes: 'I accomplish the task' plus 3 - 1 = 2 more effects
    d = table(characters={"ada": {"abilities": "Science:3"}})
    d.do("ann", "check", character="ada", ability="Science", difficulty=1, dice=[6, 6, 5])
    (prompt,) = [p for p in d.prompts("ann") if p.kind == "effects"]
    # referee9: it names whose check (a player may play two, and the GM may answer for a player)
    assert prompt.question == (
        "3 successes kept on Ada's check 1: 'I accomplish the task' plus 2 more effects."
    )
