"""GM-only payload fields (``capeworks.engine.gm_field``) and the form schema each seat is shown.

Declared here only with the public surface, as a ruleset outside capeworks would declare them.
"""

from __future__ import annotations

from typing import Any

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
