"""Does a menu hold only commands the table takes? A check for the rulesets' menus.

A command on a seat's menu (its ``offer``) whose fixed fields alone make a whole payload, the rest at
their defaults, is one a player issues with a single click: the table must take it, not refuse it.
Commands whose offer leaves a field the player must choose are checked only where that field has a
default (the offer promises nothing about the choices).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pydantic import ValidationError

from capeworks.engine import Command, Ruleset, Table
from capeworks.errors import CapeworksError

__all__ = ["refused_offers", "refused_offers_in_sample"]


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
