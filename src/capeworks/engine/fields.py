"""Payload fields only the GM may fill, and the form a seat is shown for a command.

Some fields of a command are the GM's even where the command is a player's too: a
secret roll, a bonus the situation gives, an NPC's sheet kept hidden. The handler
refuses them to a player (a crafted request is still refused), and a ruleset marks
them with :func:`gm_field` (pydantic's ``Field`` with ``json_schema_extra={"gm_only":
True}``), so :func:`form_schema` leaves them out of a player's form: a new player is
never offered a box only to be told it is not theirs. A ruleset outside capeworks
marks its fields the same way; the web table reads nothing else.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from pydantic_core import PydanticUndefined

__all__ = ["GM_ONLY", "form_schema", "gm_field", "gm_only_fields"]

#: the key the marker sets in a field's JSON schema
GM_ONLY = "gm_only"


def gm_field(default: Any = PydanticUndefined, **field: Any) -> Any:
    """A payload field only the GM may fill: pydantic's ``Field(...)``, marked so a player's form omits it.

    It needs a default (or ``default_factory``): a player's command leaves the field out
    and gets the default, which must mean "not used". Any other ``Field`` option is passed on.
    """
    if default is PydanticUndefined and "default_factory" not in field:
        raise TypeError("a GM-only field needs a default: a player's command leaves it out")
    extra = field.pop("json_schema_extra", None) or {}
    if not isinstance(extra, dict):
        raise TypeError("gm_field takes json_schema_extra as a dict only")
    return Field(default, json_schema_extra={**extra, GM_ONLY: True}, **field)


def gm_only_fields(schema: dict[str, Any]) -> frozenset[str]:
    """The names of the fields a payload's JSON schema marks GM-only."""
    properties: dict[str, Any] = schema.get("properties", {})
    return frozenset(name for name, p in properties.items() if isinstance(p, dict) and p.get(GM_ONLY))


def form_schema(model: type[BaseModel], *, gm: bool) -> dict[str, Any]:
    """The JSON schema of a command's payload as a seat's form asks for it.

    The GM's is the whole schema (each GM-only field says ``"gm_only": true``); a
    player's lacks the GM-only fields, so no form offers them.
    """
    schema = model.model_json_schema()
    if gm:
        return schema
    hidden = gm_only_fields(schema)
    if not hidden:
        return schema
    out = {**schema, "properties": {k: v for k, v in schema["properties"].items() if k not in hidden}}
    if "required" in schema:
        out["required"] = [name for name in schema["required"] if name not in hidden]
    return out
