"""engine.names: display names on events, who plays a character, and where its prompts go."""

from __future__ import annotations

import pytest

from capeworks.engine import Role
from capeworks.engine.names import NamedCharacters, addressee
from capeworks.errors import NotFound
from capeworks.systems.bpb.ruleset import BpbRuleset
from capeworks.systems.workshop.ruleset import WorkshopRuleset
from tests.systems.bpb.helpers import table


def test_addressee_is_the_players_seat_or_the_gm() -> None:
    assert addressee("ann") == {"seat": "ann"}
    assert addressee("") == {"role": Role.GM}


def test_both_rulesets_share_the_mixin_and_word_their_refusals() -> None:
    assert BpbRuleset.settle is NamedCharacters.settle and BpbRuleset.controller is NamedCharacters.controller
    assert WorkshopRuleset.controller is NamedCharacters.controller
    d = table()
    ruleset = BpbRuleset()
    widow, adler = ruleset.controller(d.state, "widow"), ruleset.controller(d.state, "adler")
    assert (widow.seat, widow.name, adler.seat, adler.name) == ("ann", "Widow", None, "Agent Adler")
    with pytest.raises(NotFound, match="no character 'x'"):
        ruleset.controller(d.state, "x")
    with pytest.raises(NotFound, match="no combatant 'x'"):
        WorkshopRuleset().controller(WorkshopRuleset().initial_state(WorkshopRuleset.config_model()), "x")


def test_settle_puts_the_names_on_the_events() -> None:
    d = table()
    d.do("gm", "start_fight", characters="widow, adler", aware_first="widow, adler")
    assert d.events[0].payload.names == {"widow": "Widow", "adler": "Agent Adler"}
    assert "Widow's turn." in d.words(None)
