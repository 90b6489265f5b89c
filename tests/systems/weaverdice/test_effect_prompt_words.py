"""A wound-effect decision says what is decided and what each answer does (issue 19, item 5).

"recovery / none" told a new player nothing. The prompt now names the effect
the die landed on (the seed's row) and what a Recovery dot buys (src 392: "Ignore a wound
effect, lesser or moderate only, doesn't prevent damage, only effects"; src 698: a headshot
"prevented with helmet or Recovery pip" is Knocked Down instead); effort spent on a critical
effect says what each dot changes (src 712: Guts 7+, +1 per dot). The rule id stays on the
prompt (shown on demand), never in its words.
"""

from __future__ import annotations

import re

import pytest

from tests.systems.weaverdice.helpers import add, sheet, table


def _duel():  # type: ignore[no-untyped-def]
    """Vic (Ann's PC, Guts 3: 3 Recovery) against the GM's brute; it comes round to the brute."""
    d = table()
    add(d, "ann", sheet("vic", "Vic"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    d.do("gm", "start_combat", dice=[6, 1])  # Vic 12, brute 3
    d.do("ann", "end_turn", character="vic")
    return d


def _no_rule_ids(words: str) -> None:
    assert not re.search(r"WD-[A-Z]+-\d+", words), words


@pytest.mark.rules("WD-WFX-004", "WD-EFFORT-005", "WD-WFX-005")
def test_recovery_prompt__names_the_effect_and_what_each_answer_does() -> None:
    d = _duel()
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="bash", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[2])  # Moderate Bash 1-3: knocked back 10 ft, knocked down
    p = d.prompt("ann", "effect")
    assert p.rule == "WD-WFX-004"
    assert p.question == (
        "Vic's moderate bash effect, Vic to decide: the effect is knocked back 10 ft, knocked down. "
        "A Recovery dot ignores a lesser or moderate effect; the wound itself stays."
    )
    labels = {o.value: o.label for o in p.options}
    assert labels == {
        "recovery": "Spend 1 Recovery (3 left): ignore the effect, keep the wound",
        "none": "Keep the Recovery: knocked back 10 ft, knocked down",
    }
    _no_rule_ids(p.question)
    # the answer does what its label says: the wound stays, the effect is ignored, one dot spent
    d.answer("ann", p.id, "recovery")
    vic = d.state.people["vic"]
    assert len(vic.track.wounds) == 1
    assert not vic.conditions
    assert "ignored with Recovery" in d.words()[-1]


@pytest.mark.rules("WD-WFX-018")
def test_headshot_prompt__says_the_recovery_dot_turns_dying_into_knocked_down() -> None:
    d = _duel()
    d.do("gm", "attack", character="brute", target="vic", tier="moderate", damage="pierce", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[6])  # Moderate Pierce 6: a headshot
    p = d.prompt("ann", "effect")
    assert "a headshot puts them in the dying state" in p.question
    labels = {o.value: o.label for o in p.options}
    assert labels["recovery"] == "Spend 1 Recovery (3 left): knocked down instead of dying"
    assert labels["none"] == "Keep the Recovery: dying"
    _no_rule_ids(p.question)


@pytest.mark.rules("WD-WFX-022", "WD-EFFORT-006")
def test_effort_on_a_critical_save__says_what_each_dot_adds() -> None:
    d = _duel()
    d.do("gm", "attack", character="brute", target="vic", tier="critical", damage="cut", dice=[6])
    d.answer("ann", "react-vic", "take", dice=[5])  # Critical Cut 5-6: Guts 7+ or die
    p = d.prompt("ann", "effect")
    assert p.free is not None
    assert "the Guts save needs 7+; each effort dot spent adds +1 to it" in p.free.hint
    assert "each effort dot spent adds +1" in p.question
    _no_rule_ids(p.question)


@pytest.mark.rules("WD-WFX-005")
def test_kept_row_words_are_the_words_made_afresh() -> None:
    # each effect table row's words are kept once made (a prompt asks them at every version it is open)
    from capeworks.systems.weaverdice import effect_words as words

    for _ in range(2):
        for src, row in words._BY_SRC.items():
            assert words._row_words_of(src) == words.row_words(row)
