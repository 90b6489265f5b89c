"""A command sent with every default spelled out means what it means without them.

The web table's form leaves out a field the player did not change, but a script, the CLI or an
older page may spell a default out (a checkbox false, a pace "walk", a die 1). The command models
refuse fields that contradict each other or that the path taken would drop unread; a field at its
default is no choice, so it must never be refused as one. Each command of each ruleset is
validated twice, with its required fields only and with every default added, and must read the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

from capeworks.engine import Ruleset, available


def _schema_of(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """A property's own schema: its reference followed, the non-null branch of an optional taken."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    if "anyOf" in schema:
        schema = next(s for s in schema["anyOf"] if s.get("type") != "null")
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _required(model: type[BaseModel]) -> dict[str, Any]:
    """The least a payload gives: each required field at a plain value its schema takes."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    out: dict[str, Any] = {}
    for name in schema.get("required", []):
        s = _schema_of(schema["properties"][name], defs)
        if "enum" in s:
            out[name] = s["enum"][0]
        elif s.get("type") == "integer":
            out[name] = max(s.get("minimum", 1), min(1, s.get("maximum", 1)))
        elif s.get("type") == "boolean":
            out[name] = True
        elif s.get("type") == "array":
            out[name] = ["x"] * max(1, s.get("minItems", 1))
        elif s.get("type") == "object":
            out[name] = {}
        else:
            out[name] = "x" * max(1, s.get("minLength", 1))
    return out


def _defaults(model: type[BaseModel]) -> dict[str, Any]:
    """Every optional field at its default, as JSON would carry it."""
    return {
        name: to_jsonable_python(field.get_default(call_default_factory=True))
        for name, field in model.model_fields.items()
        if not field.is_required()
    }


@pytest.mark.parametrize("ruleset", list(available().values()), ids=lambda r: r.name)
def test_every_default_spelled_out_changes_nothing(ruleset: Ruleset[Any, Any]) -> None:
    read = 0
    for name, spec in ruleset.commands.items():
        model = spec.model
        least = _required(model)
        try:
            bare = model.model_validate(least)
        except ValidationError:
            continue  # a required field this plain filler cannot make (a sheet, a pattern): not read here
        read += 1
        try:
            spelled = model.model_validate({**_defaults(model), **least})
        except ValidationError as e:
            raise AssertionError(f"{ruleset.name} {name}: its defaults are refused: {e}") from None
        assert spelled == bare, f"{ruleset.name} {name}: its defaults spelled out read differently"
    # nearly every command is read (a few need a sheet or a patterned field this filler cannot make)
    assert read >= 0.8 * len(ruleset.commands)
