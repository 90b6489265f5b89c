"""GM-only payload fields (``capeworks.engine.gm_field``) and the form schema each seat is shown.

Declared here only with the public surface, as a ruleset outside capeworks would declare them.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from capeworks.engine import available, form_schema, get_ruleset, gm_field


class Shove(BaseModel):
    """An outside ruleset's command: who shoves whom, and the GM's secret roll and bonus."""

    who: str
    target: str = Field(default="", description="Whom.")
    hidden: bool = gm_field(default=False, description="A GM roll the players do not see.")
    bonus: int | None = gm_field(default=None, ge=-3, le=3)
    tags: list[str] = gm_field(default_factory=list, json_schema_extra={"examples": [["loud"]]})


def test_form_schema__a_player_form_lacks_the_gm_only_fields_the_gms_has_them_marked() -> None:
    player, gm = form_schema(Shove, gm=False), form_schema(Shove, gm=True)
    assert list(player["properties"]) == ["who", "target"]
    assert player["required"] == ["who"]
    assert list(gm["properties"]) == ["who", "target", "hidden", "bonus", "tags"]
    marks = [gm["properties"][name].get("gm_only") for name in gm["properties"]]
    assert marks == [None, None, True, True, True]
    # the field's own options still hold: its bounds, description and any extra schema
    assert gm["properties"]["hidden"]["description"] == "A GM roll the players do not see."
    assert gm["properties"]["tags"]["examples"] == [["loud"]]
    with pytest.raises(ValueError, match="less than or equal to 3"):
        Shove(who="a", bonus=4)


def test_form_schema__a_model_without_gm_fields_is_its_whole_schema_for_everyone() -> None:
    class Plain(BaseModel):
        who: str

    assert form_schema(Plain, gm=False) == form_schema(Plain, gm=True) == Plain.model_json_schema()


def test_gm_field__needs_a_default_a_player_leaves_it_at() -> None:
    with pytest.raises(TypeError, match="needs a default"):
        gm_field(description="no default")
    assert Shove(who="a") == Shove(who="a", hidden=False, bonus=None, tags=[])


@pytest.mark.parametrize("name", available())
def test_every_rulesets_gm_only_fields__are_optional_so_a_players_form_can_leave_them_out(name: str) -> None:
    ruleset = get_ruleset(name)
    for command, spec in ruleset.commands.items():
        schema: dict[str, Any] = spec.model.model_json_schema()
        marked = {k for k, v in schema.get("properties", {}).items() if v.get("gm_only")}
        assert not marked & set(schema.get("required", ())), f"{name}.{command}: a required GM-only field"
        player = form_schema(spec.model, gm=False)
        assert not marked & set(player["properties"]), f"{name}.{command}"


class Hue(Enum):
    """A colour a shove leaves (shared by two fields: one of them keeps every value)."""

    RED = "red"
    GOLD = "gold"
    VOID = "void"


class Spend(BaseModel):
    """An outside ruleset's command whose choices are a player's but for a few values the GM permits."""

    kind: Literal["boost", "rally", "other"] = gm_field(gm_values=["other"], description="What it buys.")
    hue: Hue = gm_field(default=Hue.RED, gm_values=[Hue.VOID], title="Colour")
    glow: Hue = Hue.GOLD
    after: Hue | None = gm_field(default=None, gm_values=[Hue.VOID])
    hues: list[Hue] = gm_field(default_factory=list, gm_values=[Hue.VOID])
    word: str = gm_field(default="", gm_values=["wish"], json_schema_extra={"examples": ["boost", "wish"]})


def _choices(schema: dict[str, Any], node: dict[str, Any]) -> list[Any]:
    """The values a form offers for one property, as the web form reads them (through a $ref or a null)."""
    if "$ref" in node:
        return _choices(schema, schema["$defs"][node["$ref"].split("/")[-1]])
    if "anyOf" in node:
        return [v for a in node["anyOf"] for v in _choices(schema, a)]
    if node.get("type") == "array":
        return _choices(schema, node["items"])
    return list(node.get("enum", node.get("examples", [])))


def test_form_schema__a_players_choices_lack_the_gm_values_the_gms_has_them_named() -> None:
    player, gm = form_schema(Spend, gm=False), form_schema(Spend, gm=True)
    offered = {name: _choices(player, p) for name, p in player["properties"].items()}
    assert offered == {
        "kind": ["boost", "rally"],
        "hue": ["red", "gold"],
        "glow": ["red", "gold", "void"],  # the same enum, no GM value: every value still
        "after": ["red", "gold"],
        "hues": ["red", "gold"],
        "word": ["boost"],
    }
    assert {name: _choices(gm, p) for name, p in gm["properties"].items()} == {
        **offered,
        "kind": ["boost", "rally", "other"],
        "hue": ["red", "gold", "void"],
        "after": ["red", "gold", "void"],
        "hues": ["red", "gold", "void"],
        "word": ["boost", "wish"],
    }
    # the GM's form names the GM's values; the player's says nothing of them, and is whole otherwise:
    # the field still required, named and explained as its own, its default kept
    assert gm["properties"]["kind"]["gm_values"] == ["other"]
    assert gm["properties"]["hue"]["gm_values"] == ["void"]
    assert not any("gm_values" in p for p in player["properties"].values())
    assert player["required"] == gm["required"] == ["kind"]
    assert player["properties"]["kind"]["description"] == "What it buys."
    assert player["properties"]["hue"]["title"] == "Colour"
    assert "description" not in player["properties"]["hue"]  # not the shared enum's docstring
    assert player["properties"]["hue"]["default"] == "red"
    # a player's command is read as before: the form leaves values out, the handler refuses them
    assert Spend(kind="other", hue=Hue.VOID).hue is Hue.VOID


def test_gm_field__gm_values_keep_the_field_a_players_and_its_default_not_the_gms() -> None:
    with pytest.raises(TypeError, match="one of the GM's values"):
        gm_field(default=Hue.VOID, gm_values=[Hue.VOID])
    with pytest.raises(TypeError, match="at least one value"):
        gm_field(default="", gm_values=[])
    schema = Spend.model_json_schema()
    assert not any(p.get("gm_only") for p in schema["properties"].values())
