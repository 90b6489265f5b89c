"""Answers kept from one version to the next, and only while what they read is the same object: the
campaign's prompts (none, for a campaign found quiet) and an effect's hit (asked, then answered)."""

from __future__ import annotations

from capeworks.systems.weaverdice.campaign import table as campaign_table
from capeworks.systems.weaverdice.campaign.table import campaign_prompts
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.state import PendingEffect
from capeworks.systems.weaverdice.vocab import DamageType, WoundTier
from capeworks.systems.weaverdice.wounding import _hit, hit_of
from tests.systems.weaverdice.helpers import add, sheet, table


def test_a_quiet_campaign_is_kept_and_a_campaign_owing_a_discard_still_asks() -> None:
    d = table()
    add(d, "gm", sheet("vic", "Vic"), owner="ann", reputation=2)
    quiet = d.state
    assert campaign_prompts(quiet) == []
    assert campaign_table._LAST_QUIET[0] is quiet.campaign
    assert campaign_prompts(quiet) == []  # the kept answer
    owing = evolve(quiet, {"campaign": evolve(quiet.campaign, {"discards": {"vic": 1}})})
    asked = campaign_prompts(owing)
    assert [p.kind for p in asked] == ["discard_rep"] and asked[0].seat == "ann"
    assert campaign_table._LAST_QUIET[0] is quiet.campaign  # a campaign that asks is never kept
    assert campaign_prompts(quiet) == []


def test_an_effects_hit_is_kept_while_the_effect_combatant_sheet_and_config_read_the_same() -> None:
    d = table()
    add(d, "gm", sheet("vic", "Vic", brawn=4), owner="ann")
    state = d.state
    asked = PendingEffect(damage=DamageType.BASH, tier=WoundTier.MODERATE, target="vic", wound="w1")
    first = hit_of(state, asked)
    assert first == _hit(asked, state.people["vic"], state.sheet("vic"), state.config)
    # the effect as it waits for the answer: a new object, the same facts read
    waiting = evolve(asked, {"key": "save", "chooser": "vic"})
    assert hit_of(state, waiting) is first
    # any fact read that differs works the hit out again: the effect's, the combatant's, the config's
    ranged = evolve(asked, {"ranged": True})
    assert hit_of(state, ranged) == _hit(ranged, state.people["vic"], state.sheet("vic"), state.config)
    assert hit_of(state, ranged).reach != first.reach
    vic = evolve(state.people["vic"], {"morale": 2})
    lifted = evolve(state, {"people": {**state.people, "vic": vic}})
    assert hit_of(lifted, asked).morale == 2
    strict = evolve(state, {"config": evolve(state.config, {"parity_uses_natural_die": False})})
    assert hit_of(strict, asked).parity_natural is False
