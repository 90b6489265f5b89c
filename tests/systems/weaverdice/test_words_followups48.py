"""Follow-ups (48) to referee passes on the words seats read (``/work/shared/seeds/000_6595eaca0229e06e.txt``,
cited "src N"): a card dealt to two players reads as both receiving it."""

from __future__ import annotations

import pytest

from tests.systems.weaverdice.campaign_support import pc
from tests.systems.weaverdice.helpers import table


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
