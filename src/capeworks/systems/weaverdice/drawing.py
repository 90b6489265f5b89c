"""Drawing an item at the table: from the belt's slots as a standard action, from past them as a
full one, into hands that have room (WD-EQUIP-002/003, src 177, 1013-1017).

Wires the pure :func:`~.equipment.belt_layout` (which items the slots hold),
:func:`~.equipment.item_access` (what reaching one costs) and
:func:`~.equipment.check_hands` (two small items or one large) into play.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.combat import ActionKind
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.equipment import BeltItem, belt_layout, check_hands, item_access
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, on_turn, person
from capeworks.systems.weaverdice.opportunity import provoked
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.wounding import full_action

__all__ = ["draw_item"]


def draw_item(state: WdState, context: Ctx, c: cmd.DrawItem, dice: DiceService) -> Done:
    """Draw a belt item into hand; in a fight it takes the action its place on the belt costs."""
    me, sheet = person(state, c.character), state.sheet(c.character)
    fight = on_turn(state, c.character) if state.fight is not None and me.in_fight else None
    wanted = c.item.strip().lower()
    at = next((n for n, i in enumerate(sheet.belt) if i.name.lower() == wanted), None)
    if at is None:
        raise RuleViolation("WD-EQUIP-003", f"{me.name} has no {c.item.strip().title()} on the belt.")
    item = sheet.belt[at]
    check_hands((*sheet.held, item), hands=st.usable_hands(me.conditions, c.character))
    layout = belt_layout(
        [BeltItem(name=i.name, slots=i.belt_slots) for i in sheet.belt], capacity=sheet.belt_slots
    )
    quick = at < len(layout.quick)  # the slots fill in the belt's order
    b = Builder(state, context, dice)
    kind = None
    if fight is not None:
        assert fight.turn is not None
        kind = ActionKind(item_access(on_belt=True, quick=quick).action)
        # drawing on the ground provokes melee attacks (src 850)
        turn = provoked(fight.turn.spend(kind, config=context.config), state, c.character, context.config)
        b.emit(
            ev.ActionTaken(
                character=c.character,
                name=me.name,
                # a hidden NPC's sheet is the GM's: the players see an item drawn, not which
                action="draw an item" if me.hidden else f"draw the {item.name}",
                kind=kind.value,
                fight=evolve(fight, {"turn": turn}),
            )
        )
        if kind is ActionKind.FULL:
            full_action(b, c.character)
    drawn = evolve(sheet, {"belt": sheet.belt[:at] + sheet.belt[at + 1 :], "held": (*sheet.held, item)})
    b.emit(
        ev.ItemDrawn(
            character=c.character,
            name=me.name,
            item=item.name,
            quick=quick,
            kind=None if kind is None else kind.value,
            slots=None if quick else item.belt_slots,
            free=None if quick else layout.capacity - sum(i.slots for i in layout.quick),
            capacity=None if quick else layout.capacity,
            sheet=drawn,
        ),
        hidden=me.hidden,
    )
    return b.batch
