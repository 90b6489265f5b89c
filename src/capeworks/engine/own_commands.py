"""The engine's own commands and table settings: ``answer``, ``undo``, ``refuse_undo``, who types dice.

``answer`` (``prompt=ID option=VALUE`` or ``value=TEXT``) answers any open prompt
by issuing the command its option or free answer carries: :func:`answering`
works that command out from the prompt alone. The payload models of the
engine's commands, the size limit on a command and the sentence a bad
payload is refused with live here too, beside the table setting
``physical_dice`` (:func:`dice_for`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from capeworks.dice.source import DiceSource, SeededDice, SystemDice
from capeworks.engine.dice_service import DiceService
from capeworks.engine.model import Command, Prompt, Role, Seat
from capeworks.errors import InvalidCommand, LimitExceeded, NotPermitted

__all__ = [
    "ENGINE_COMMANDS",
    "MAX_PAYLOAD_BYTES",
    "AnswerCommand",
    "PhysicalDice",
    "RefuseUndoCommand",
    "TableSettings",
    "UndoCommand",
    "answering",
    "check_size",
    "describe_validation_error",
    "dice_for",
    "parse_payload",
    "tables_dice",
]

#: engine command types, handled by the table itself rather than the ruleset
ENGINE_COMMANDS = ("answer", "join", "refuse_undo", "undo")

#: the largest command payload accepted, as JSON bytes; stops oversized requests early
MAX_PAYLOAD_BYTES = 16_384


class PhysicalDice(StrEnum):
    """Who may type in the faces of their own (physical) dice."""

    NOBODY = "nobody"
    GM = "gm"
    EVERYONE = "everyone"


class TableSettings(BaseModel):
    """How this table is run, beside the rules: set when it is made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    physical_dice: PhysicalDice = PhysicalDice.EVERYONE


class AnswerCommand(BaseModel):
    """``answer``: a prompt's id and a choice (or several), or words of one's own."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    prompt: str = Field(min_length=1, max_length=128)
    option: str | list[str] | None = None
    value: Any = None


class UndoCommand(BaseModel):
    """``undo``: the latest command in effect (``command_id``, when given, must name it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    command_id: int | None = None


class RefuseUndoCommand(BaseModel):
    """``refuse_undo``: the seat whose request the GM refuses."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: str = Field(min_length=1, max_length=64)


#: a pattern of one character class (an id's: ``^[A-Za-z0-9_.-]+$``), or of a few words (``^(a|b)$``)
_CLASS_PATTERN = re.compile(r"\^\[([^\]\\^]+)\]\+\$")
_WORDS_PATTERN = re.compile(r"\^\(([\w|]*)\)\$")
#: ranges a character class may name, in words
_RANGES = {"A-Z": "capital letters", "a-z": "small letters", "0-9": "digits"}


def pattern_words(pattern: str) -> str | None:
    """What a text must be to match ``pattern``, in words a player reads (pydantic says the regular
    expression: "String should match pattern '^[A-Za-z0-9_.-]+$'"); None for a pattern not told here."""
    words = _WORDS_PATTERN.fullmatch(pattern)
    if words is not None:
        choices = [w if w else "(empty)" for w in words.group(1).split("|")]
        return "must be one of " + ", ".join(choices)
    one = _CLASS_PATTERN.fullmatch(pattern)
    if one is None:
        return None
    body, kinds = one.group(1), []
    for span, name in _RANGES.items():
        if span in body:
            kinds.append(name)
            body = body.replace(span, "")
    if "capital letters" in kinds and "small letters" in kinds:
        kinds = ["letters", *(k for k in kinds if not k.endswith(" letters"))]
    if "-" in body[1:-1] or "\\" in body:  # another range or an escape: not said here
        return None
    kinds += [repr(c) for c in body]
    allowed = ", ".join(kinds[:-1]) + " and " + kinds[-1] if len(kinds) > 1 else kinds[0]
    return f"use only {allowed}, with no spaces"


#: a list's or a collection's length out of bounds: pydantic's words ("List should have at least 2 items
#: after validation, not 1") are said as a count (a set of traits picked, a line of targets)
_COUNTS = {"too_short": ("at least", "min_length"), "too_long": ("at most", "max_length")}


def _count_words(kind: str, ctx: Mapping[str, Any]) -> str | None:
    """``give at least 2 (1 given)``; None when pydantic did not say the bound."""
    words, key = _COUNTS[kind]
    bound, given = ctx.get(key), ctx.get("actual_length")
    if not isinstance(bound, int):
        return None
    return f"give {words} {bound}" + (f" ({given} given)" if isinstance(given, int) else "")


def describe_validation_error(what: str, error: ValidationError, fields: Sequence[str] = ()) -> str:
    """Turn pydantic's report into one sentence a player can read; ``fields`` (a command's) are named
    when a field is not one of them, so a misspelt ``sampel=`` says what was meant."""
    parts = []
    for item in error.errors()[:3]:
        # a validator's own sentence reads without pydantic's "Value error, " in front of it
        said = item.get("ctx", {}).get("error") if item["type"] == "value_error" else None
        if item["type"] == "string_pattern_mismatch":
            said = pattern_words(str(item.get("ctx", {}).get("pattern", "")))
        if item["type"] in _COUNTS:
            said = _count_words(item["type"], item.get("ctx", {}))
        if item["type"] == "extra_forbidden" and fields:
            said = f"no such field (known: {', '.join(fields)})"
        msg = str(said) if said is not None else item["msg"]
        if item["loc"]:
            parts.append(f"{'.'.join(str(p) for p in item['loc'])}: {msg}")
        else:  # a model validator's refusal of fields together: its sentence says which
            parts.append(msg if said is not None else f"value: {msg}")
    more = "" if error.error_count() <= 3 else f" (and {error.error_count() - 3} more)"
    return f"Cannot read {what}: " + "; ".join(parts) + more + "."


def parse_payload(model: type[BaseModel], payload: Mapping[str, Any], what: str) -> Any:
    """``payload`` as ``model``, or InvalidCommand with one readable sentence."""
    try:
        # the model's validator itself: ``model_validate`` only adds a frame and its keyword defaults
        given = payload if type(payload) is dict else dict(payload)
        return model.__pydantic_validator__.validate_python(given)
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error(what, e, list(model.model_fields))) from None


def _surely_small(payload: Mapping[str, Any]) -> bool:
    """True when ``payload`` cannot reach the limit: at most 5 fields of short text, small numbers or
    nothing (each under 64 + 12 * 200 bytes even with every character escaped), so no JSON is made."""
    if len(payload) > 5:
        return False
    for key, value in payload.items():
        kind = type(value)
        if type(key) is not str or len(key) > 64:
            return False
        if kind is str:
            if len(value) > 200:
                return False
        elif kind is int:
            if not -(10**18) < value < 10**18:
                return False
        elif value is not None and kind is not bool:
            return False
    return True


def check_size(payload: Mapping[str, Any]) -> None:
    """Refuse a command whose payload is over :data:`MAX_PAYLOAD_BYTES` as JSON."""
    if _surely_small(payload):
        return
    size = len(json.dumps(payload, default=str).encode())
    if size > MAX_PAYLOAD_BYTES:
        raise LimitExceeded(
            f"That command is too large ({size} bytes); the limit is {MAX_PAYLOAD_BYTES} bytes."
        )


def dice_for(
    settings: TableSettings, seed: int | str | None, version: int, actor: Seat, dice: Sequence[int] | None
) -> DiceService:
    """The dice a command rolls with: typed in (if the table lets this seat), seeded, or the system's."""
    if dice is not None:
        allowed = settings.physical_dice
        if allowed is PhysicalDice.NOBODY:
            raise NotPermitted("This table rolls its own dice; typing in physical dice is turned off.")
        if allowed is PhysicalDice.GM and actor.role is not Role.GM:
            raise NotPermitted("At this table only the GM may type in physical dice.")
        return DiceService.given(list(dice))
    if seed is None:
        return DiceService.system()
    return DiceService.seeded(f"{seed}:{version}")


def tables_dice(seed: int | str | None, version: int) -> DiceSource:
    """The table's own dice for a command at ``version``: seeded (the same faces as :func:`dice_for`
    would roll) or the system's."""
    return SystemDice() if seed is None else SeededDice(f"{seed}:{version}")


def _either(words: Iterable[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b or c"``."""
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else ""


def _choices(option: str | list[str] | None) -> list[str]:
    if option is None:
        return []
    items = option.split(",") if isinstance(option, str) else option
    return [str(i).strip() for i in items if str(i).strip()]


def _counted(prompt: Prompt, choice: str) -> dict[str, Any] | None:
    """The payload for a number beyond a prompt whose options count one field of one command.

    Such options (``0``, ``1`` for ``sacrifice count=0|1``) are the legal range,
    not the only words: a number outside it goes to the command, so the refusal
    names the rule it breaks, as the command typed out would. None otherwise.
    """
    options = prompt.options
    if len(options) < 2 or len({o.command for o in options}) != 1:
        return None
    keys = set(options[0].payload)
    if any(set(o.payload) != keys for o in options):
        return None
    varying = [k for k in sorted(keys) if len({repr(o.payload[k]) for o in options}) > 1]
    if len(varying) != 1:
        return None
    field = varying[0]
    if not all(type(o.payload[field]) is int and o.value == str(o.payload[field]) for o in options):
        return None
    try:
        number = int(choice)
    except ValueError:
        return None
    return {**options[0].payload, field: number}


def answering(prompt: Prompt, seat_id: str, answer: AnswerCommand) -> Command:
    """The command that answers ``prompt`` for ``seat_id``, as the prompt itself says.

    A choice with words of one's own (``answer P taken_out value="..."``) is the chosen
    option's command with the words in the free answer's field, when both name one command
    and the option leaves that field open.
    """
    choices = _choices(answer.option)
    free = prompt.free
    if choices and answer.value is not None:
        # a choice with words of one's own: the option's command, the words in the free answer's field
        option = prompt.option(choices[0]) if len(choices) == 1 else None
        fits = free is not None and not free.many and free.command == option.command if option else False
        if option is None or free is None or not fits or free.field in option.payload:
            raise InvalidCommand("Give either a choice or your own words, not both.")
        payload = {**option.payload, free.field: answer.value}
        return Command(type=option.command, seat=seat_id, payload=payload)
    if len(choices) == 1 and (option := prompt.option(choices[0])) is not None:
        return Command(type=option.command, seat=seat_id, payload=dict(option.payload))
    if choices and free is not None and free.many:
        known = {w.lower(): w for w in free.suggestions}
        picked = [known.get(c.lower(), c) for c in choices]
        return Command(type=free.command, seat=seat_id, payload={**free.payload, free.field: picked})
    if len(choices) == 1 and free is not None:
        # one written answer given where a choice was expected: it is the free answer
        return Command(type=free.command, seat=seat_id, payload={**free.payload, free.field: choices[0]})
    if answer.value is not None and free is not None:
        return Command(type=free.command, seat=seat_id, payload={**free.payload, free.field: answer.value})
    if len(choices) == 1 and (counted := _counted(prompt, choices[0])) is not None:
        return Command(type=prompt.options[0].command, seat=seat_id, payload=counted)
    offered = _either(o.value for o in prompt.options)
    own = "in your own words" if free is not None else ""
    choose = ", or ".join(x for x in (offered, own) if x)
    if choices:
        raise InvalidCommand(f"That prompt has no answer {choices[0]!r}; answer {choose}.")
    raise InvalidCommand(f"Say which answer you give: {choose}.")
