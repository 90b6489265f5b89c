"""Payloads a careless or hostile person might send, drawn from a command's JSON schema.

The conformance check ``check_no_traceback`` and the tests that send these
through the CLI and the REST API share this one generator. It walks the
payload model's JSON schema and, field by field, picks a value of the right
type at or past its edges (bounds +-1, empty and over-long lists, duplicates),
an id the table knows or one it does not, hostile text, or a value of the wrong
type altogether; sometimes a field is left out or an unknown one added. A
``random.Random`` drives it, so a seed reproduces a payload (hypothesis can
hand one in with ``st.randoms()``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["hostile_dice", "hostile_payload", "known_strings"]

#: values of the wrong type (or absurd size) for any field
WRONG: tuple[Any, ...] = (
    None,
    -1,
    0,
    10**12,
    -(10**12),
    1.5,
    float("nan"),
    "",
    "x" * 500,
    [],
    {},
    True,
    [None],
)

#: text no field expects: empty, unknown ids, markup, control characters, very long
TEXT: tuple[str, ...] = (
    "",
    " ",
    "nobody",
    "unknown-id-404",
    "[bold]x[/bold] <script>alert(1)</script>",
    "\x00\x1b[31m\u202e",
    "long " * 200,
    "0",
    "-1",
)

_MAX_DEPTH = 4


def known_strings(value: Any, *, limit: int = 200) -> list[str]:
    """Short strings found anywhere in a view (ids, names): the values a field most likely names."""
    found: dict[str, None] = {}

    def walk(v: Any) -> None:
        if len(found) >= limit:
            return
        if isinstance(v, str):
            if 0 < len(v) <= 40:
                found[v] = None
        elif isinstance(v, dict):
            for k, item in v.items():
                walk(k)
                walk(item)
        elif isinstance(v, list | tuple):
            for item in v:
                walk(item)

    walk(value)
    return list(found)


def hostile_dice(rng: random.Random) -> list[int] | None:
    """Given dice a person might type: none (the table rolls), too few, out of range, or plenty."""
    return rng.choice(
        [
            None,
            None,
            None,
            [],
            [0],
            [7],
            [-1],
            [1] * 40,
            [6, 6, 6, 6, 6, 6],
            [rng.randint(1, 10) for _ in range(8)],
        ]
    )


class _Walker:
    def __init__(self, schema: dict[str, Any], rng: random.Random, ids: Sequence[str], spite: float) -> None:
        self.defs: dict[str, Any] = schema.get("$defs", {})
        self.rng = rng
        self.ids = list(ids) or ["a"]
        self.spite = spite

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return dict(self.defs.get(ref.removeprefix("#/$defs/"), {}))
        return schema

    def value(self, schema: dict[str, Any], depth: int) -> Any:
        rng = self.rng
        schema = self.resolve(schema)
        if depth > _MAX_DEPTH or rng.random() < self.spite:
            return rng.choice(WRONG)
        for key in ("anyOf", "oneOf", "allOf"):
            if schema.get(key):
                return self.value(rng.choice(schema[key]), depth + 1)
        if "const" in schema:
            return schema["const"] if rng.random() >= self.spite else rng.choice(TEXT)
        if "enum" in schema:
            return rng.choice(list(schema["enum"])) if rng.random() >= self.spite else rng.choice(TEXT)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = rng.choice(kind)
        if kind == "integer":
            return rng.choice(self._numbers(schema))
        if kind == "number":
            return rng.choice([*self._numbers(schema), 0.5, -0.5, 1e308])
        if kind == "boolean":
            return rng.choice([True, False])
        if kind == "string":
            return self._string(schema)
        if kind == "array":
            return self._array(schema, depth)
        if kind == "object" or "properties" in schema:
            return self.payload(schema, depth + 1)
        if kind == "null":
            return None
        return rng.choice([*self.ids[:5], *WRONG])

    def _numbers(self, schema: dict[str, Any]) -> list[int]:
        if self.rng.random() >= self.spite:
            low, high = schema.get("minimum", 0), schema.get("maximum", 12)
            if isinstance(low, int) and isinstance(high, int) and low <= high:
                return [self.rng.randint(low, min(high, low + 20))]
        edges = [0, -1, 1, 2, 3, 5, 6, 12, 100, 10**6, 2**63]
        for key, shift in (("minimum", 0), ("maximum", 0), ("exclusiveMinimum", 1), ("exclusiveMaximum", -1)):
            bound = schema.get(key)
            if isinstance(bound, int | float) and not isinstance(bound, bool):
                b = int(bound) + shift
                edges += [b - 1, b, b + 1]
        return edges

    def _string(self, schema: dict[str, Any]) -> str:
        rng = self.rng
        if rng.random() >= self.spite:
            return rng.choice(self.ids)
        if rng.random() < 0.3:
            return rng.choice(self.ids) + rng.choice(["x", " ", "-2", "\u200b"])
        longest = schema.get("maxLength")
        if isinstance(longest, int) and rng.random() < 0.5:
            return "y" * (longest + 1)
        return rng.choice(TEXT)

    def _array(self, schema: dict[str, Any], depth: int) -> list[Any]:
        rng = self.rng
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        sizes = [1, 2, 3] if rng.random() >= self.spite else [0, 1, 2, 3, 6, 13]
        for key in ("minItems", "maxItems"):
            bound = schema.get(key)
            if isinstance(bound, int):
                sizes += [max(bound - 1, 0), bound, bound + 1]
        size = rng.choice(sizes)
        out = [self.value(items or {}, depth + 1) for _ in range(size)]
        if out and rng.random() < self.spite:
            out.append(out[0])  # a duplicate
        return out

    def payload(self, schema: dict[str, Any], depth: int = 0) -> dict[str, Any]:
        rng = self.rng
        schema = self.resolve(schema)
        props: dict[str, Any] = schema.get("properties", {})
        required = set(schema.get("required", ()))
        out: dict[str, Any] = {}
        for name, sub in props.items():
            leave_out = self.spite if name in required else 0.4
            if rng.random() < leave_out:
                continue
            out[name] = self.value(sub, depth)
        if not props and isinstance(schema.get("additionalProperties"), dict):
            for _ in range(rng.choice([0, 1, 3])):
                out[rng.choice(self.ids)] = self.value(schema["additionalProperties"], depth + 1)
        if rng.random() < self.spite / 2:
            out[rng.choice(["zzz", "__class__", "seat", "id"])] = rng.choice(WRONG)
        return out


def hostile_payload(
    schema: dict[str, Any],
    rng: random.Random,
    ids: Iterable[str] = (),
    *,
    fixed: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One payload for a command whose payload model has this JSON schema (see the module docstring).

    How spiteful it is varies per payload: nearly right (to reach the rules behind
    the model's checks), a few fields wrong, or mostly wrong. ``fixed`` are fields a
    legal offer already decided; they are kept unless one of them is the field spoiled.
    """
    spite = rng.choice((0.02, 0.1, 0.4))
    out = _Walker(schema, rng, list(ids), spite).payload(schema)
    if fixed:
        kept = {k: v for k, v in fixed.items() if rng.random() >= spite}
        out.update(kept)
    return out
