"""A table's rules options read as words a designer knows, in the lobby and the CLI's help alike.

The lobby builds its form from each ruleset's config schema: a field without a title showed its
name ("Pv model", "Cine wound xp"), a field without a description explained nothing, and a choice
showed its raw values (``pos_neg_d10``, ``as_mook_defense_penalty``). Each field is worded where the
ruleset declares it (so the CLI and the docs read the same) and each choice's values carry words.
"""

from __future__ import annotations

from typing import Any

import pytest

from capeworks.engine import get_ruleset
from capeworks.engine.fields import VALUE_WORDS

SHIPPED = ("bpb", "capes", "rwyn", "weaverdice", "workshop")


def _target(schema: dict[str, Any], one: dict[str, Any]) -> dict[str, Any]:
    ref = one.get("$ref", "")
    found: dict[str, Any] = schema.get("$defs", {}).get(ref.rsplit("/", 1)[-1], {}) if ref else one
    return found


def _choices(schema: dict[str, Any], prop: dict[str, Any]) -> list[str]:
    """A choice's values, or a list of choices' (a set of downtime actions to tick)."""
    for one in [prop, *prop.get("anyOf", [])]:
        target = _target(schema, one)
        if target.get("type") == "array" and isinstance(target.get("items"), dict):
            target = _target(schema, target["items"])
        if isinstance(target.get("enum"), list):
            return [str(v) for v in target["enum"]]
    return []


def _options(schema: dict[str, Any], properties: dict[str, Any], at: str = "") -> dict[str, dict[str, Any]]:
    """Every option by its path, a block of options (Weaverdice's campaign rules) read into as the
    lobby draws it, one field a line."""
    out: dict[str, dict[str, Any]] = {}
    for name, prop in properties.items():
        out[at + name] = prop
        inner = _target(schema, prop)
        if inner.get("type") == "object" and inner.get("properties"):
            out |= _options(schema, inner["properties"], f"{at}{name}.")
    return out


@pytest.mark.parametrize("name", SHIPPED)
def test_config__every_option_has_a_title_a_description_and_words_for_each_value(name: str) -> None:
    model = get_ruleset(name).config_model
    schema = model.model_json_schema()
    options = _options(schema, schema["properties"])
    untitled = [f for f, p in options.items() if not p.get("title")]
    unexplained = [f for f, p in options.items() if not p.get("description")]
    unworded = {
        f: missing
        for f, p in options.items()
        if (missing := [v for v in _choices(schema, p) if v not in p.get(VALUE_WORDS, {})])
    }
    assert (untitled, unexplained, unworded) == ([], [], {})


def test_weaverdice_config__a_bonus_slots_actions_read_as_the_seeds_menu() -> None:
    """The lobby showed ``rest_and_recuperate`` and ``self_promote``: each action reads as the seed's
    downtime menu names it (src 1378-1415), and only the menu's actions are offered."""
    schema = get_ruleset("weaverdice").config_model.model_json_schema()
    prop = schema["properties"]["morale_bonus_slot_actions"]
    assert prop[VALUE_WORDS]["self_promote"] == "Self-Promote"
    assert prop[VALUE_WORDS]["surveil"] == "Surveil a Target"
    assert sorted(_choices(schema, prop)) == sorted(prop[VALUE_WORDS])
    campaign = _target(schema, schema["properties"]["campaign"])["properties"]
    assert campaign["downtime_slots"]["title"] == "Downtime slots a phase"


def test_workshop_config__the_dice_read_as_dice_and_the_pv_model_as_words() -> None:
    prop = get_ruleset("workshop").config_model.model_json_schema()["properties"]
    assert prop["dice"]["title"] == "Dice"
    assert prop["dice"][VALUE_WORDS]["pos_neg_d10"] == "A positive d10 minus a negative d10 (-9 to +9)"
    assert prop["cine_wound_xp"]["title"] == "XP per healed Cinematic Wound"
    assert prop["heroic_vs_mooks"][VALUE_WORDS]["as_mook_defense_penalty"] == (
        "A mook group's attack takes the penalty of N"
    )
