"""Reactions to a hidden attack: the target's player is told it hits, never its total.

A GM attack rolled with ``hidden=true`` (WD-COMBAT-017) is GM-only, but the
target still answers it with Dodge, Block or taking it (WD-COMBAT-019..021)
and may buy a failed reaction up with high morale (WD-MORALE-003). Those
answers split here, the way a hidden NPC's record splits in
:class:`~capeworks.systems.weaverdice.flow.Builder`: the players get
:class:`~capeworks.systems.weaverdice.events.ReactedBlind` (the defender's own
dice and whether the reaction held) and the GM the whole
:class:`~capeworks.systems.weaverdice.events.Reacted`, whose hits still
waiting carry their totals for the fold. The secret changes what is shown,
never what happens.
"""

from __future__ import annotations

from collections.abc import Iterable

from capeworks.engine.model import RollRecord
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.flow import Builder
from capeworks.systems.weaverdice.state import PendingAttack

__all__ = ["emit_attack", "emit_effect", "emit_moved", "emit_reacted", "emit_rested", "emit_stayed", "secret"]


def secret(hits: Iterable[PendingAttack | None]) -> bool:
    """Does any of these hits carry a total the players must not see?"""
    return any(p is not None and p.hidden for p in hits)


def emit_reacted(
    b: Builder, reacted: ev.Reacted, *, hidden: bool, veiled: bool = False, waits: bool = False
) -> None:
    """Emit a reaction: as it is, or, against a hidden attack, the players' half first (it takes the
    defender's dice, which are no secret) and then the whole event for the GM alone. A hidden NPC's
    Dodge or Block (``veiled``) goes to the GM whole, dice and all, and the players hear its total and
    whether it held, as the GM would announce it (issue 19)."""
    roll = reacted.check
    if veiled and roll is not None and reacted.reaction is not None:
        b.emit(reacted, hidden=True)
        b.emit(
            ev.ReactionSeen(
                character=reacted.character,
                name=reacted.name,
                reaction=reacted.reaction,
                total=roll.total,
                held=reacted.held,
                rooted=reacted.rooted,
                waits=waits,
                delays=reacted.delays,
            )
        )
        return
    if not hidden:
        b.emit(reacted)
        return
    b.emit(
        ev.ReactedBlind(
            character=reacted.character,
            name=reacted.name,
            reaction=reacted.reaction,
            roll=ev.SeenRoll.of(roll) if roll is not None else None,
            held=reacted.held,
            rooted=reacted.rooted,
            waits=waits,
        )
    )
    b.emit(reacted, hidden=True)


def emit_stayed(b: Builder, stayed: ev.StayedUp, *, rolls: tuple[RollRecord, ...] = ()) -> None:
    """Emit a stay-up or get-up roll: as it is, or for a hidden NPC whole to the GM and, to the players,
    only how it stands now, as the GM would announce it (issue 19)."""
    if not b.person(stayed.character).hidden:
        b.emit(stayed, rolls=rolls)
        return
    b.emit(stayed, rolls=rolls, hidden=True)
    b.emit(
        ev.StandingSeen(
            character=stayed.character,
            name=stayed.name,
            why=stayed.why,
            standing=stayed.standing,
            waits=stayed.chance is not None,
        )
    )


def emit_effect(
    b: Builder, payload: ev.EffectAsked | ev.EffectResolved, *, veiled: bool, rolled: bool = True
) -> None:
    """Emit a step of a wound effect: as it is, or, on a hidden NPC (``veiled``), whole to the GM and,
    to the players, only that it waits, took hold or did not (WD-NPC-003): a Guts die and the points it
    drained would tell them the NPC's Guts, a question about a Recovery dot its effort. ``rolled``:
    the GM rolled the NPC's own stat for it (the players' words say so)."""
    if not veiled:
        b.emit(payload)
        return
    b.emit(payload, hidden=True)
    b.emit(
        ev.EffectSeen(
            character=payload.character,
            name=payload.name,
            damage=payload.damage if isinstance(payload, ev.EffectAsked) else payload.outcome.damage,
            tier=payload.tier if isinstance(payload, ev.EffectAsked) else payload.outcome.tier,
            face=payload.face if isinstance(payload, ev.EffectAsked) else payload.outcome.face,
            waits=isinstance(payload, ev.EffectAsked),
            rolled=rolled,
            ignored=isinstance(payload, ev.EffectResolved) and payload.outcome.negated,
        )
    )


def emit_attack(
    b: Builder,
    rolled: ev.AttackRolled,
    *,
    hidden: bool,
    veiled: bool,
    target_veiled: bool,
    waits: bool,
    rolls: tuple[RollRecord, ...] = (),
) -> None:
    """Emit an attack roll: as it is, GM-only when rolled in secret, and when a hidden NPC makes it
    GM-only too with a public :class:`~.events.AttackSeen` after it (its total and outcome, never
    its dice or modifier: issue 19, item 8)."""
    b.emit(rolled, rolls=rolls, hidden=hidden or veiled)
    if veiled and not hidden:
        b.emit(
            ev.AttackSeen(
                attacker=rolled.attacker,
                name=rolled.name,
                target=rolled.target,
                target_name=rolled.target_name,
                total=rolled.check.total,
                defense=None if target_veiled else rolled.defense,
                hit=rolled.hit,
                damage=rolled.damage,
                tier=rolled.tier,
                waits=waits,
                grab=rolled.grab,
            )
        )


def emit_rested(b: Builder, rested: ev.Rested, *, rolls: tuple[RollRecord, ...] = ()) -> None:
    """Emit a rest: as it is, or for a hidden NPC whole to the GM and, to the players, that it rests
    and what it sheds, never its Guts roll or the effort it restores (WD-NPC-003)."""
    if not b.person(rested.character).hidden:
        b.emit(rested, rolls=rolls)
        return
    b.emit(rested, rolls=rolls, hidden=True)
    b.emit(
        ev.RestSeen(
            character=rested.character,
            name=rested.name,
            full=rested.full,
            removed=rested.removed,
            reduced=rested.reduced,
            eased=rested.eased,
            faded=rested.faded,
        )
    )


def emit_moved(b: Builder, moved: ev.ActionTaken, *, rolls: tuple[RollRecord, ...] = ()) -> None:
    """Emit a move: as it is, or, when a hidden NPC's move rolled dice, whole to the GM and, to the
    players, how far it went, never the dice or the Athletics behind them (WD-NPC-003)."""
    if not rolls or not b.person(moved.character).hidden:
        b.emit(moved, rolls=rolls)
        return
    b.emit(moved, rolls=rolls, hidden=True)
    b.emit(
        ev.MoveSeen(
            character=moved.character, name=moved.name, action=moved.action, feet=moved.feet, note=moved.note
        )
    )
