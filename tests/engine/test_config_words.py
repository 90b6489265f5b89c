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


def _choices(schema: dict[str, Any], prop: dict[str, Any]) -> list[str]:
    for one in [prop, *prop.get("anyOf", [])]:
        ref = one.get("$ref", "")
        target = schema.get("$defs", {}).get(ref.rsplit("/", 1)[-1], {}) if ref else one
        if isinstance(target.get("enum"), list):
            return [str(v) for v in target["enum"]]
    return []


@pytest.mark.parametrize("name", SHIPPED)
def test_config__every_option_has_a_title_a_description_and_words_for_each_value(name: str) -> None:
    model = get_ruleset(name).config_model
    schema = model.model_json_schema()
    untitled = [f for f, info in model.model_fields.items() if not info.title]
    unexplained = [f for f, p in schema["properties"].items() if not p.get("description")]
    unworded = {
        f: missing
        for f, p in schema["properties"].items()
        if (missing := [v for v in _choices(schema, p) if v not in p.get(VALUE_WORDS, {})])
    }
    assert (untitled, unexplained, unworded) == ([], [], {})


def test_workshop_config__the_dice_read_as_dice_and_the_pv_model_as_words() -> None:
    prop = get_ruleset("workshop").config_model.model_json_schema()["properties"]
    assert prop["dice"]["title"] == "Dice"
    assert prop["dice"][VALUE_WORDS]["pos_neg_d10"] == "A positive d10 minus a negative d10 (-9 to +9)"
    assert prop["cine_wound_xp"]["title"] == "XP per healed Cinematic Wound"
    assert prop["heroic_vs_mooks"][VALUE_WORDS]["as_mook_defense_penalty"] == (
        "A mook group's attack takes the penalty of N"
    )
