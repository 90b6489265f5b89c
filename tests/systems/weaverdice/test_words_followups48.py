"""Follow-ups (48) to referee passes on the words seats read (``/work/shared/seeds/000_6595eaca0229e06e.txt``,
cited "src N"): a hidden NPC's effect ignored with Recovery reads as not taking hold, a negotiation
capped by low morale says so, a card dealt to two players reads as both receiving it."""

from __future__ import annotations

import pytest

from capeworks.systems.weaverdice.vocab import Status
from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.helpers import add, sheet, table


@pytest.mark.rules("WD-REP-002")
def test_a_card_for_two_players_reads_as_both_receiving_it() -> None:
    """src 426-427: a post-it 'For players Astronaught and Bomber only'. The GM gives Ada and Bo such a
    card: each holds it, so the words both read say Ada and Bo receive it, not Ada alone."""
    d = table()
    pc(d, "ann", "ada", "Ada")
    pc(d, "bob", "bo", "Bo")
    d.do("gm", "award", character="ada", rep="aerial bombardment combo", owners=["Ada", "Bo"])
    for seat in ("ann", "bob", "gm"):
        assert d.words(seat)[-1] == "Ada and Bo receive rep (aerial bombardment combo)."
    d.do("gm", "award", character="ada", money=100, rep="rooftop rescue", owners=["Ada", "Bo"])
    assert d.words("bob")[-1] == "Ada receives $100; Ada and Bo receive rep (rooftop rescue)."


@pytest.mark.rules("WD-MORALE-002", "WD-SOCIAL-002")
def test_a_negotiation_capped_by_low_morale_says_so_with_the_numbers() -> None:
    """src 453: 'dice results (after modifiers are added from stats) will be capped'. Ada at Poor (-2)
    morale rolls a 6; Social and the talks' bonuses make 11, capped to 5, against 6+.
    The words say what was rolled and that low morale capped it, not a bare 'Social 5'."""
    d = table()
    pc(d, "ann", "ada", "Ada", social=4, morale=-2)
    d.do("gm", "open_negotiation", negotiation="n", party="Dealers", tn=6, relationship=2, offer=2)
    d.do("ann", "negotiate", character="ada", negotiation="n", dice=[6])
    assert d.words("ann")[-1] == "Ada: Social 11, capped at 5 by low morale, against 6+: no deal yet."


@pytest.mark.rules("WD-WFX-004", "WD-NPC-003")
def test_a_hidden_npcs_effect_ignored_with_recovery_reads_as_not_taking_hold() -> None:
    """src 392/616: a Recovery dot ignores a lesser or moderate effect; the wound stands. The GM spends
    hidden Brute's dot on the Knocked Down of a lesser bash: the players see Brute wounded but still on
    its feet, so their words say the effect does not take hold (never that it did), and nothing says a
    dot of Recovery was spent."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", brawn=5))
    add(d, "gm", sheet("brute", "Brute", "notable"), hidden=True)
    d.do("gm", "start_combat", dice=[6, 1])
    d.do("ann", "attack", character="vic", target="brute", tier="lesser", damage="bash", dice=[6])
    d.answer("gm", "react-brute", "take", dice=[3])
    d.do("gm", "effect_choice", character="brute", key="negate", picks=["recovery"])
    assert d.words("ann")[-1] == "The lesser bash effect on Brute (rolled 3) does not take hold."
    assert not [w for w in d.words("ann") if "takes hold" in w or "ecovery" in w]
    assert not any(c.status is Status.KNOCKED_DOWN for c in d.state.people["brute"].conditions)
