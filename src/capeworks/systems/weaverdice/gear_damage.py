"""Gear and costume damage at the table: the facts the effect tables read about a target's gear,
and what an effect or a fall does to the sheet's held items and costume pieces.

Implements, on the table, WD-WFX-007 (gear loses its bottom feature), WD-WFX-013/019 (the attacker
names costume pieces, the target loses one), WD-EQUIP-013 (reinforcement: the attacker's die must
reach the piece's threshold, rolled by :func:`~.wfx.resolve`), WD-EQUIP-014 (a damaged belt drops
its items; a standard belt's fragile last slot rolls when its wearer falls or a neighbour is
destroyed), WD-EQUIP-019 (stripped features kept for repair) and WD-CRAFT-021 (Maintenance keeps
the first piece an enemy would break each encounter whole). The pure rules are
:mod:`~.equipment`'s; this module only reads the sheet, rolls and emits the changed sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.equipment import (
    BeltItem,
    Cell,
    Costume,
    HeldItem,
    PlacedPiece,
    belt_layout,
    break_threshold,
    damage_piece,
    fragile_slot_lost,
    piece_spec,
    spill_items,
    strip_bottom_feature,
)
from capeworks.systems.weaverdice.flow import Builder
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.skills import had_skills
from capeworks.systems.weaverdice.statuses import Condition, Ending
from capeworks.systems.weaverdice.wfx_outcome import GearHit

__all__ = [
    "MAINTENANCE_SPENT",
    "fall_breaks_fragile_slots",
    "gear_facts",
    "piece_name",
    "piece_words",
    "suffer_gear_hits",
]


#: the mark of a Maintenance protection used this encounter (WD-CRAFT-021): gone when it ends
MAINTENANCE_SPENT = "maintenance spent"


def _maintenance_spent(ident: str) -> Condition:
    return Condition(name=MAINTENANCE_SPENT, target=ident, endings=frozenset({Ending.ENCOUNTER_END}))


def piece_name(p: PlacedPiece) -> str:
    """A costume piece as the effect prompts name it: its key and cell (``armor-01``), no commas."""
    return f"{p.key}-{p.cell[0]}{p.cell[1]}"


def piece_words(name: str) -> str:
    """A piece :func:`piece_name` names, as a log line reads it: ``low_belt-20`` -> ``low belt (cell 2,0)``;
    a held item's own name as it is."""
    key, dash, cell = name.rpartition("-")
    if not dash or len(cell) != 2 or not cell.isdigit() or not key:
        return name
    return f"{key.replace('_', ' ')} (cell {cell[0]},{cell[1]})"


def gear_facts(sheet: Character) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, int]]:
    """What the effect tables read (WD-WFX-007/019, WD-EQUIP-013): gear with a feature to lose (held
    items with keywords, costume pieces still whole), costume pieces that can be lost, and the die
    an attacker needs to break each protected piece."""
    costume = sheet.costume
    pieces = [p for p in costume.pieces if not p.destroyed] if costume is not None else []
    held = tuple(h.name for h in sheet.held if h.keywords)
    names = tuple(piece_name(p) for p in pieces)
    reinforced: dict[str, int] = {}
    if costume is not None:
        for p in pieces:
            need = break_threshold(costume, p.cell)
            if need is not None:
                reinforced[piece_name(p)] = need
    return (*held, *(n for p, n in zip(pieces, names, strict=True) if not p.damaged)), names, reinforced


def _cell_of(costume: Costume | None, name: str) -> Cell | None:
    if costume is None:
        return None
    return next((p.cell for p in costume.pieces if piece_name(p) == name), None)


def _fragile_rolls(b: Builder, costume: Costume, cells: Sequence[Cell], words: list[str]) -> Costume:
    """Each standard belt's fragile last slot rolls: 4+ breaks it (WD-EQUIP-014)."""
    for cell in cells:
        placed = costume.at(cell)
        if placed is None or placed.fragile_lost:
            continue
        die = b.dice.roll(1, 6, purpose="fragile belt slot").faces[0]
        if fragile_slot_lost(die):
            costume = evolve(
                costume,
                {
                    "pieces": tuple(
                        evolve(p, {"fragile_lost": True}) if p.cell == cell else p for p in costume.pieces
                    )
                },
            )
            words.append(f"the belt's fragile last slot breaks ({die})")
        else:
            words.append(f"the belt's fragile last slot holds ({die})")
    return costume


def _belt_fallout(sheet: Character, belt: Sequence[HeldItem], slots: int) -> set[int]:
    """Which belt items (by place) a damaged belt piece held: those in the last ``slots`` of the quick
    belt slots, the piece's own (src 1073: "Items are dropped if the belt is damaged"); the wearer's
    Dexterity slots come first, so they keep theirs."""
    layout = belt_layout([BeltItem(name=i.name, slots=i.belt_slots) for i in belt], capacity=sheet.belt_slots)
    quick = list(range(len(layout.quick)))  # the layout keeps the belt's order: the first ones are quick
    out: set[int] = set()
    while quick and slots > 0:
        at = quick.pop()
        out.add(at)
        slots -= belt[at].belt_slots
    return out


def suffer_gear_hits(b: Builder, ident: str, hits: Sequence[GearHit]) -> None:
    """Apply an effect's gear hits to the sheet: a held item loses its bottom feature; a costume
    piece is stripped or destroyed (a belt drops its items, neighbours' fragile slots roll)."""
    sheet = b.sheet(ident)
    words: list[str] = []
    held = list(sheet.held)
    belt, dropped = list(sheet.belt), list(sheet.dropped)
    costume = sheet.costume
    c = b.person(ident)
    # WD-CRAFT-021 (src 1592): Maintenance protects the first piece an enemy would break each encounter;
    # a condition that ends with the encounter marks it spent. Known, or a learning one opened with
    # Focus for this encounter (WD-SKILL-009, src 342)
    spent = any(x.name == MAINTENANCE_SPENT and x.target == ident for x in c.conditions)
    guard = not spent and any(s.name.lower() == "maintenance" for s in had_skills(sheet, c.opened))
    maintained = False
    for hit in hits:
        if hit.saved:
            words.append(f"the reinforcement holds: {piece_words(hit.piece)} is untouched")
            continue
        if guard and not maintained:
            maintained = True
            words.append(f"Maintenance keeps the {piece_words(hit.piece)} whole")
            continue
        item = next((i for i, h in enumerate(held) if h.name == hit.piece), None)
        if item is not None:
            before = held[item]
            held[item] = strip_bottom_feature(before)
            words.append(f"{hit.piece} loses its {before.keywords[-1]}")
            continue
        cell = _cell_of(costume, hit.piece)
        if costume is None or cell is None:
            continue
        placed = costume.at(cell)
        out = damage_piece(
            costume, cell, settled=True, whole=hit.destroyed, over_encumbered=sheet.over_encumbered
        )
        words.append(
            f"{piece_words(hit.piece)} is {'destroyed' if out.destroyed else 'damaged (needs repair)'}"
        )
        if out.supply_dropped:  # src 1111: "If destroyed, drops contents at the wearer's feet"
            words.append(f"its contents spill at {sheet.name}'s feet")
        if out.drops_belt_items and placed is not None and not placed.damaged:
            spec = piece_spec(placed.key)
            own = spec.belt_slots - (spec.fragile_slots if placed.fragile_lost else 0)
            places = _belt_fallout(evolve(sheet, {"costume": costume}), belt, own)
            fallen = [i for n, i in enumerate(belt) if n in places]
            belt = [i for n, i in enumerate(belt) if n not in places]
            dropped.extend(fallen)
            words.append(
                f"the belt's {' and '.join(i.name for i in fallen)} {'falls' if len(fallen) == 1 else 'fall'}"
                if fallen
                else "the belt's items fall"
            )
        costume = out.costume
        if out.inventory_drop_sides:
            rolled = b.dice.roll(1, out.inventory_drop_sides, purpose="items dropped").faces[0]
            costume, lost = spill_items(costume, cell, rolled)  # the bag keeps the rest (src 1097)
            spilled = "1 item spills" if lost == 1 else f"{lost} items spill"
            words.append(f"{spilled} from the inventory")
        costume = _fragile_rolls(b, costume, out.fragile_checks, words)
    if not words:
        return
    changed = evolve(
        sheet, {"held": tuple(held), "costume": costume, "belt": tuple(belt), "dropped": tuple(dropped)}
    )
    # an armor piece lost takes its wound slot with it (WD-WOUND-002, WD-STAT-005, src 1032)
    track = c.track.resized(changed)
    marked = {"conditions": (*c.conditions, _maintenance_spent(ident))} if maintained else {}
    people = (evolve(c, {"track": track, **marked}),) if track is not c.track or maintained else ()
    # a hidden NPC's sheet is the GM's: so is the event that carries it
    b.emit(
        ev.GearChanged(character=ident, name=sheet.name, sheet=changed, what=tuple(words), people=people),
        hidden=c.hidden,
    )


def fall_breaks_fragile_slots(b: Builder, ident: str) -> None:
    """A fall: each standard belt's fragile last slot rolls, breaking on 4+ (WD-EQUIP-014)."""
    sheet = b.sheet(ident)
    costume = sheet.costume
    if costume is None:
        return
    cells = [
        p.cell
        for p in costume.pieces
        if not p.destroyed and not p.fragile_lost and piece_spec(p.key).fragile_slots
    ]
    if not cells:
        return
    words: list[str] = []
    costume = _fragile_rolls(b, costume, cells, words)
    changed = evolve(sheet, {"costume": costume})
    hidden = b.person(ident).hidden
    b.emit(ev.GearChanged(character=ident, name=sheet.name, sheet=changed, what=tuple(words)), hidden=hidden)
