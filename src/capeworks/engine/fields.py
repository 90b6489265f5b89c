"""Payload fields only the GM may fill, values only the GM may choose, and the form a seat is shown.

Some fields of a command are the GM's even where the command is a player's too: a
secret roll, a bonus the situation gives, an NPC's sheet kept hidden. The handler
refuses them to a player (a crafted request is still refused), and a ruleset marks
them with :func:`gm_field` (pydantic's ``Field`` with ``json_schema_extra={"gm_only":
True}``), so :func:`form_schema` leaves them out of a player's form: a new player is
never offered a box only to be told it is not theirs. Some choices are a player's
but for a few values the GM's (a plot point's "other use", which the GM permits):
``gm_field(..., gm_values=[...])`` marks those values (``"gm_values": [...]``), and a
player's form leaves them out of the field's choices. A choice's values read as words a designer
knows through :func:`value_words` (``"value_words": {...}``). A ruleset outside capeworks
marks its fields the same way; the web table reads nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any

from pydantic import BaseModel, Field
from pydantic_core import PydanticUndefined

__all__ = [
    "GM_ONLY",
    "GM_VALUES",
    "VALUE_WORDS",
    "form_schema",
    "gm_field",
    "gm_only_fields",
    "gm_only_values",
    "value_words",
]

#: the key the marker sets in a field's JSON schema
GM_ONLY = "gm_only"
#: the key naming the values of a player's field that only the GM may choose
GM_VALUES = "gm_values"
#: the key giving a choice's values their words (``{"pos_neg_d10": "One positive and one negative d10"}``)
VALUE_WORDS = "value_words"
#: no ``const`` in a schema (``None`` may be one)
_NONE = object()


def gm_field(
    default: Any = PydanticUndefined, *, gm_values: Iterable[Any] | None = None, **field: Any
) -> Any:
    """A payload field only the GM may fill (or, with ``gm_values``, whose listed values only the GM may
    choose): pydantic's ``Field(...)``, marked so a player's form omits the field (or those values).

    A GM-only field needs a default (or ``default_factory``): a player's command leaves the field out
    and gets the default, which must mean "not used". A field with ``gm_values`` is a player's too: it
    may be required, and its default (if any) is not one of the GM's values. Any other ``Field``
    option is passed on.
    """
    extra = field.pop("json_schema_extra", None) or {}
    if not isinstance(extra, dict):
        raise TypeError("gm_field takes json_schema_extra as a dict only")
    if gm_values is not None:
        values = [v.value if isinstance(v, Enum) else v for v in gm_values]
        if not values:
            raise TypeError("gm_values names at least one value only the GM may choose")
        shown = default.value if isinstance(default, Enum) else default
        if default is not PydanticUndefined and shown in values:
            raise TypeError(f"the default {shown!r} is one of the GM's values: a player's command gets it")
        return Field(default, json_schema_extra={**extra, GM_VALUES: values}, **field)
    if default is PydanticUndefined and "default_factory" not in field:
        raise TypeError("a GM-only field needs a default: a player's command leaves it out")
    return Field(default, json_schema_extra={**extra, GM_ONLY: True}, **field)


def value_words(words: dict[Any, str]) -> dict[str, Any]:
    """A choice field's ``json_schema_extra``: the words each value reads as in a form (a lobby's
    option says "Margin: Outcome + weapon damage - soak", never ``margin``)."""
    return {VALUE_WORDS: {(k.value if isinstance(k, Enum) else k): v for k, v in words.items()}}


def gm_only_fields(schema: dict[str, Any]) -> frozenset[str]:
    """The names of the fields a payload's JSON schema marks GM-only."""
    properties: dict[str, Any] = schema.get("properties", {})
    return frozenset(name for name, p in properties.items() if isinstance(p, dict) and p.get(GM_ONLY))


def gm_only_values(schema: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """The values only the GM may choose, by field, as a payload's JSON schema marks them."""
    properties: dict[str, Any] = schema.get("properties", {})
    return {
        name: tuple(p[GM_VALUES])
        for name, p in properties.items()
        if isinstance(p, dict) and p.get(GM_VALUES)
    }


def form_schema(model: type[BaseModel], *, gm: bool) -> dict[str, Any]:
    """The JSON schema of a command's payload as a seat's form asks for it.

    The GM's is the whole schema (each GM-only field says ``"gm_only": true``, each field with values
    only the GM may choose names them in ``"gm_values"``); a player's lacks the GM-only fields, and
    the GM's values are gone from its fields' choices, so no form offers them.
    """
    schema = model.model_json_schema()
    if gm:
        return schema
    hidden, values = gm_only_fields(schema), gm_only_values(schema)
    if not hidden and not values:
        return schema
    defs: dict[str, Any] = schema.get("$defs", {})
    properties = {
        name: _without(defs, p, values[name]) if name in values else p
        for name, p in schema["properties"].items()
        if name not in hidden
    }
    out = {**schema, "properties": properties}
    if "required" in schema:
        out["required"] = [name for name in schema["required"] if name not in hidden]
    return out


def _without(defs: dict[str, Any], node: dict[str, Any], values: tuple[Any, ...]) -> dict[str, Any]:
    """``node`` (a property's schema) with ``values`` left out of its choices and its examples.

    A shared enum (a ``$ref``) is copied into the property, named and explained by the property as
    before, so another field of the same type keeps every value.
    """
    out = {k: v for k, v in node.items() if k != GM_VALUES}
    ref = out.pop("$ref", None)
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        shared = defs.get(ref.removeprefix("#/$defs/"), {})
        out = {**{k: v for k, v in shared.items() if k not in ("title", "description")}, **out}
    if isinstance(out.get("enum"), list):
        out["enum"] = [v for v in out["enum"] if v not in values]
    if isinstance(out.get("examples"), list):
        out["examples"] = [v for v in out["examples"] if v not in values]
    for key in ("anyOf", "oneOf"):
        if isinstance(out.get(key), list):
            kept = [_without(defs, a, values) for a in out[key] if a.get("const", _NONE) not in values]
            out[key] = [a for a in kept if a.get("enum", [None]) != []]
    if isinstance(out.get("items"), dict):
        out["items"] = _without(defs, out["items"], values)
    return out
