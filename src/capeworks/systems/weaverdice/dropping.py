"""Dropped items at the table: Disarmed lets go of what is in hand (src 658, 768, 968: "drops what
they're holding into an adjacent space"), which then lies on the ground, out of the hands and off
the weight carried, until picked up (WD-STATUS-016, WD-EQUIP-002/003).

The hands are free at once, so a Disarmed character may draw another item from the belt and swing
it. Picking one up is, like drawing a belt item, a standard action in a fight (src 557: "Belt
Items - ... drawing a weapon"; the seed names no cost for picking up: PROPOSED, the same one).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.combat import ActionKind
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.equipment import HeldItem, check_hands
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, on_turn, person
from capeworks.systems.weaverdice.opportunity import provoked
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Status

__all__ = ["drop_held", "lodge", "pick_up", "stuck_in", "wrest_held", "wrested"]


def drop_held(b: Builder, ident: str) -> None:
    """Disarmed: every item in hand (not a fist) falls and lies on the ground; nothing held, nothing done."""
    sheet = b.sheet(ident)
    falling = tuple(h for h in sheet.held if not h.is_fist)
    if not falling:
        return
    kept = tuple(h for h in sheet.held if h.is_fist)
    b.emit(
        ev.ItemsDropped(
            character=ident,
            name=b.person(ident).name,
            items=tuple(h.name for h in falling),
            sheet=evolve(sheet, {"held": kept, "dropped": (*sheet.dropped, *falling)}),
        ),
        hidden=b.person(ident).hidden,
    )


def lodge(b: Builder, owner: str, item: str, target: str) -> None:
    """A melee weapon stuck in ``target`` leaves ``owner``'s hands: "caught inside the target" (src
    865). It waits among the dropped items, not to be picked up until it is out (extract, or wrest)."""
    if owner not in b.state.sheets:
        return
    sheet = b.sheet(owner)
    at = next((n for n, h in enumerate(sheet.held) if h.name == item), None)
    if at is None:
        return
    out = sheet.held[at]
    kept = sheet.held[:at] + sheet.held[at + 1 :]
    b.emit(
        ev.ItemsDropped(
            character=owner,
            name=b.person(owner).name,
            items=(out.name,),
            stuck_in=b.person(target).name,
            sheet=evolve(sheet, {"held": kept, "dropped": (*sheet.dropped, out)}),
        ),
        hidden=b.person(owner).hidden,
    )


def wrested(b: Builder, owner: str, item: str) -> None:
    """A weapon wrested free in a grapple is back in its owner's hand: "As Disarm, but you keep it"
    (src 974, 865)."""
    sheet = b.sheet(owner)
    at = next((n for n, h in enumerate(sheet.dropped) if h.name == item), None)
    if at is None:
        return
    back = sheet.dropped[at]
    b.emit(
        ev.ItemPickedUp(
            character=owner,
            name=b.person(owner).name,
            item=back.name,
            wrested=True,
            sheet=evolve(
                sheet, {"dropped": sheet.dropped[:at] + sheet.dropped[at + 1 :], "held": (*sheet.held, back)}
            ),
        ),
        hidden=b.person(owner).hidden,
    )


def wrest_held(b: Builder, grappler: str, target: str) -> None:
    """Wrest: "As Disarm, but you keep it" (src 972-974): what the target holds (not a fist) leaves
    their hands for the grappler's; what the grappler's free hands cannot take falls beside the target,
    as a Disarm's would (src 968, WD-EQUIP-002)."""
    sheet = b.sheet(target)
    taken = tuple(h for h in sheet.held if not h.is_fist)
    if not taken:
        return
    mine = b.sheet(grappler)
    hands = st.usable_hands(b.person(grappler).conditions, grappler)
    kept: list[HeldItem] = []
    for item in taken:
        try:
            check_hands((*mine.held, *kept, item), hands=hands)
        except RuleViolation:
            continue
        kept.append(item)
    fallen = tuple(h for h in taken if h not in kept)
    b.emit(
        ev.ItemsDropped(
            character=target,
            name=b.person(target).name,
            items=tuple(h.name for h in taken),
            sheet=evolve(
                sheet,
                {"held": tuple(h for h in sheet.held if h.is_fist), "dropped": (*sheet.dropped, *fallen)},
            ),
        ),
        hidden=b.person(target).hidden,
    )
    for item in kept:
        mine = b.sheet(grappler)
        b.emit(
            ev.ItemPickedUp(
                character=grappler,
                name=b.person(grappler).name,
                item=item.name,
                wrested=True,
                sheet=evolve(mine, {"held": (*mine.held, item)}),
            ),
            hidden=b.person(grappler).hidden,
        )


def stuck_in(state: WdState, owner: str, item: str) -> str | None:
    """The name of whoever ``owner``'s ``item`` is stuck in, or None."""
    for p in state.people.values():
        if st.lodged(p.conditions, owner=owner, item=item) is not None:
            return p.name
    return None


def pick_up(state: WdState, context: Ctx, c: cmd.PickUp, dice: DiceService) -> Done:
    """Pick a dropped item up into hands that have room; in a fight a standard action. With nothing
    left on the ground, Disarmed ends (its ``retrieved`` ending)."""
    ident = c.character
    me, sheet = person(state, ident), state.sheet(ident)
    fight = on_turn(state, c.character) if state.fight is not None and me.in_fight else None
    wanted = c.item.strip().lower()
    at = next((n for n, i in enumerate(sheet.dropped) if i.name.lower() == wanted), None)
    if at is None:
        raise RuleViolation("WD-STATUS-016", f"{me.name} dropped no {c.item.strip()}.")
    item = sheet.dropped[at]
    inside = stuck_in(state, ident, item.name)
    if inside is not None:
        raise RuleViolation("WD-STATUS-012", f"The {item.name} is stuck in {inside}: it must come out first.")
    check_hands((*sheet.held, item), hands=st.usable_hands(me.conditions, c.character))
    b = Builder(state, context, dice)
    kind = None
    if fight is not None:
        assert fight.turn is not None
        kind = ActionKind.STANDARD
        # reaching for it on the ground provokes melee attacks (src 850)
        turn = provoked(fight.turn.spend(kind, config=context.config), state, c.character, context.config)
        b.emit(
            ev.ActionTaken(
                character=c.character,
                name=me.name,
                action="pick an item up" if me.hidden else f"pick the {item.name} up",
                kind=kind.value,
                fight=evolve(fight, {"turn": turn}),
            )
        )
    rest = sheet.dropped[:at] + sheet.dropped[at + 1 :]
    now = b.person(c.character)
    conditions = now.conditions
    if not [x for x in rest if stuck_in(state, ident, x.name) is None]:  # nothing left on the ground
        conditions = tuple(x for x in conditions if not (x.name == Status.DISARMED and x.target == ident))
    b.emit(
        ev.ItemPickedUp(
            character=c.character,
            name=me.name,
            item=item.name,
            kind=None if kind is None else kind.value,
            sheet=evolve(sheet, {"dropped": rest, "held": (*sheet.held, item)}),
            people=(evolve(now, {"conditions": conditions}),) if conditions != now.conditions else (),
        ),
        hidden=me.hidden,
    )
    return b.batch
