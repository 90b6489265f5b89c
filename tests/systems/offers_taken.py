"""Does a menu hold only commands the table takes? A check for the rulesets' menus.

A command on a seat's menu (its ``offer``) whose fixed fields alone make a whole payload, the rest at
their defaults, is one a player issues with a single click: the table must take it, not refuse it.
Commands whose offer leaves a field the player must choose are checked only where that field has a
default (the offer promises nothing about the choices).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Collection
from typing import Any

from pydantic import ValidationError

from capeworks.engine import Command, Ruleset, Table
from capeworks.errors import CapeworksError

__all__ = ["random_walk", "refused_offers", "refused_offers_in_sample", "walk"]


def refused_offers(table: Table, *, choose: Collection[str] = ()) -> list[str]:
    """Each offered command the table refuses when issued as offered: "seat command {fixed}: why".

    ``choose``: commands whose offer leaves a field the player chooses though it has a default (a Bulletproof
    Blues guard off-turn is a forced one), so that their defaults are not what the menu offers.
    """
    ruleset = table.ruleset
    out: list[str] = []
    for seat in table.seats:
        for legal in table.legal_commands(seat.id):
            spec = ruleset.commands.get(legal.command)
            if legal.prompt is not None or spec is None or spec.offer is None or legal.command in choose:
                continue
            try:
                spec.model.model_validate(legal.fixed)
            except ValidationError:  # a field left for the player to fill
                continue
            try:
                table.prepare(Command(type=legal.command, seat=seat.id, payload=dict(legal.fixed)))
            except CapeworksError as e:
                out.append(f"{seat.id} {legal.command} {legal.fixed}: {e.message}")
    return out


def refused_offers_in_sample(ruleset: Ruleset[Any, Any], *, choose: Collection[str] = ()) -> list[str]:
    """:func:`refused_offers` at every step of the ruleset's sample session."""
    session = ruleset.sample_session()
    assert session is not None, f"{ruleset.name} has no sample session"
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=7)
    out: list[str] = []
    for step in (*session.steps, None):
        out += refused_offers(table, choose=choose)
        if step is not None:
            table.execute(step.command, dice=step.dice)
    return out


def random_walk(
    ruleset: Ruleset[Any, Any],
    seed: int,
    *,
    steps: int,
    choose: Collection[str] = (),
    skip: Collection[str] = (),
) -> tuple[Table, list[str]]:
    """Play the sample session up to a seeded cut, then :func:`walk` ``steps`` clicks from there.
    Returns the table and every offer refused on the way."""
    session = ruleset.sample_session()
    assert session is not None, f"{ruleset.name} has no sample session"
    rng = random.Random(seed)
    table = Table.new(ruleset, config=session.config, seats=session.seats, seed=seed)
    for step in session.steps[: rng.randint(0, len(session.steps))]:
        table.execute(step.command, dice=step.dice)
    return table, walk(table, rng, steps=steps, choose=choose, skip=skip)


def walk(
    table: Table, rng: random.Random, *, steps: int, choose: Collection[str] = (), skip: Collection[str] = ()
) -> list[str]:
    """``steps`` seeded clicks: a prompt's answer or a menu item made whole by its fixed fields (a
    ``target`` picked at random). Returns every offer refused on the way (:func:`refused_offers` before
    each click). A click the rules refuse (a random target out of reach) is part of play: the walk goes
    on. ``skip``: offered commands left alone."""
    ruleset = table.ruleset
    refused: list[str] = []
    gm = next((s.id for s in table.seats if s.is_gm), None)
    for _ in range(steps):
        refused += refused_offers(table, choose=choose)
        moves: list[tuple[str, str, dict[str, Any]]] = [
            ("answer", p.seat or gm or "", {"prompt": p.id, "option": o.value})
            for p in table.prompts()
            for o in p.options
            if p.seat or gm
        ]
        ids = _characters(table.state)
        for seat in table.seats:
            for legal in table.legal_commands(seat.id):
                spec = ruleset.commands.get(legal.command)
                if legal.prompt is not None or spec is None or spec.offer is None or legal.command in skip:
                    continue
                payload = dict(legal.fixed)
                if "target" in spec.model.model_fields and "target" not in payload and ids:
                    payload["target"] = rng.choice(ids)
                try:
                    spec.model.model_validate(payload)
                except ValidationError:
                    continue
                moves.append((legal.command, seat.id, payload))
        if not moves:
            break
        kind, seat_id, payload = rng.choice(moves)
        with contextlib.suppress(CapeworksError):
            table.execute(Command(type=kind, seat=seat_id, payload=payload))
    return refused


def _characters(state: Any) -> list[str]:
    """The ids of the characters in play, whatever the ruleset calls its roster."""
    for name in ("people", "characters", "combatants", "heroes"):
        roster = getattr(state, name, None)
        if isinstance(roster, dict) and roster:
            return list(roster)
    return []
