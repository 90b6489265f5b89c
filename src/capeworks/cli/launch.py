"""The ``capeworks`` console script: the hot commands start without Typer, everything else through it.

Typer builds its whole command tree at start-up and validates every
parameter through pydantic, which costs a ``capeworks roll`` more than the
roll itself. So ``roll`` and ``odds`` in their plain forms are read here
(:func:`_read`, as :mod:`argparse` would read them, declining where it would
err or doubt; importing argparse itself was ~8% of an ``odds``) and run
straight away by :mod:`capeworks.cli.dice_run`, the same functions the Typer
commands call; ``table do`` likewise by :func:`_table` and
:mod:`capeworks.cli.table_play`.
Anything this reading does not take as certain (``--help``, a missing or
extra argument, an option it does not know, a value that is not a plain
number, shell completion) goes to the Typer app untouched, so help, usage
errors and every other command are exactly Typer's.
"""

from __future__ import annotations

import gc
import os
import re
import sys
from collections.abc import Callable, Sequence

__all__ = ["main", "quick"]

#: a seed written as both readers take it: plain decimal digits, an optional minus
_PLAIN_INT = re.compile(r"-?(0|[1-9][0-9]*)")
#: what argparse takes for a negative number: a positional or an option's value, not an option
_NEGATIVE = re.compile(r"-\d+|-\d*\.\d+")


class _NotCertain(Exception):
    """The arguments are not certain to mean what Typer would read: let Typer read them."""


def _plain_int(text: str) -> int:
    if not _PLAIN_INT.fullmatch(text):
        raise _NotCertain(text)
    return int(text)


def _read(args: Sequence[str], flags: tuple[str, ...], valued: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """One positional and long options, as argparse reads them (no abbreviations), or not at all.

    Returns the positional and the options given (a flag as ``""``; the last value wins). A word
    after ``--`` or one argparse takes for a negative number is a positional; any other word
    starting with ``-`` that is not one of the options (``-h``, ``-``, ``--json=1``), an option's
    missing or empty value, or a count of positionals other than one is not certain."""
    words: list[str] = []
    given: dict[str, str] = {}
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            words.extend(rest)
            break
        if not arg.startswith("-") or _NEGATIVE.fullmatch(arg):
            words.append(arg)
            continue
        name, eq, value = arg.partition("=")
        if name in flags and not eq:
            given[name] = ""
            continue
        if name not in valued:
            raise _NotCertain(arg)
        if not eq:
            value = next(rest, "")
            if value.startswith("-") and not _NEGATIVE.fullmatch(value):
                raise _NotCertain(arg)
        if not value:
            raise _NotCertain(arg)
        given[name] = value
    if len(words) != 1:
        raise _NotCertain("EXPRESSION")
    return words[0], given


def _roll(args: Sequence[str]) -> int:
    expression, given = _read(args, ("--json",), ("--seed", "--dice"))
    seed = given.get("--seed")
    from capeworks.cli.dice_run import roll_dice

    return roll_dice(
        expression,
        seed=None if seed is None else _plain_int(seed),
        dice=given.get("--dice"),
        json_out="--json" in given,
    )


def _odds(args: Sequence[str]) -> int:
    expression, given = _read(args, ("--json", "--all"), ())
    from capeworks.cli.dice_run import odds

    return odds(expression, json_out="--json" in given, every="--all" in given)


#: ``table do``'s options that take a value -> the environment variable Typer reads when one is not given
_DO_VALUES: dict[str, str | None] = {
    "--payload-json": None,
    "--dice": None,
    "--request-id": None,
    "--token": "CAPEWORKS_SEAT_TOKEN",
    "--db": "CAPEWORKS_DATABASE_URL",
}


def _table(args: Sequence[str]) -> int:
    """``table do TABLE SEAT COMMAND [KEY=VALUE]... [options]``, read as Click reads it, or not at all.

    Only ``do`` is read here. A word starting with ``-`` that is not one of its
    options (``--help``, ``--``, a negative number given bare), an option's
    value that is empty or starts with ``-``, or fewer than three words go to Typer.
    """
    if not args or args[0] != "do":
        raise _NotCertain("only table do")
    try:
        "".join(args).encode()
    except UnicodeEncodeError:
        raise _NotCertain("bytes that are not UTF-8") from None
    words: list[str] = []
    given: dict[str, str] = {}
    as_json = False
    rest = iter(args[1:])
    for arg in rest:
        if not arg.startswith("-"):
            words.append(arg)
            continue
        name, eq, value = arg.partition("=")
        if name == "--json" and not eq:
            as_json = True
            continue
        if name not in _DO_VALUES:
            raise _NotCertain(arg)
        if not eq:
            value = next(rest, "")
        if not value or value.startswith("-"):
            raise _NotCertain(arg)
        given[name] = value  # the last one wins, as in Click
    if len(words) < 3:
        raise _NotCertain("TABLE SEAT COMMAND")
    for name, variable in _DO_VALUES.items():
        if name not in given and variable is not None and os.environ.get(variable):
            given[name] = os.environ[variable]  # as Click: an empty variable counts as unset
    from capeworks.cli.table_play import do

    table_id, seat, command, *pairs = words
    return do(
        table_id,
        seat,
        command,
        pairs,
        payload_json=given.get("--payload-json"),
        dice=given.get("--dice"),
        request=given.get("--request-id"),
        token=given.get("--token"),
        db=given.get("--db"),
        json_out=as_json,
    )


#: the commands read here, by name
QUICK: dict[str, Callable[[Sequence[str]], int]] = {"roll": _roll, "odds": _odds, "table": _table}


def quick(argv: Sequence[str]) -> int | None:
    """Run ``argv`` (the arguments after ``capeworks``) if it is a quick command read with certainty.

    Returns the exit code, or None when Typer must read the arguments. The cyclic
    garbage collector is paused while the command runs: its passes over the
    objects that imports create (classes, pydantic and SQLAlchemy's schemas,
    none of them garbage) were ~4% of a ``table do``; reference counting still
    frees everything that is not in a cycle, and the process ends soon after.
    """
    if not argv or argv[0] not in QUICK or "--help" in argv:
        return None
    if any(name.endswith("_COMPLETE") for name in os.environ):
        return None  # a shell asking for completions: Typer answers those
    collecting = gc.isenabled()
    gc.disable()
    try:
        return QUICK[argv[0]](argv[1:])
    except _NotCertain:
        return None
    finally:
        if collecting:
            gc.enable()


def main() -> None:
    """Console-script entry point."""
    try:
        code = quick(sys.argv[1:])
        if code is None:
            from capeworks.cli.app import main as typer_main

            typer_main()
            return
        sys.stdout.flush()
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        # the reader went away (``capeworks odds 100d6 | head``): end quietly with 1, as under Typer;
        # stdout goes to devnull so the flush at exit cannot fail again (Python's documented recipe)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    sys.exit(code)
