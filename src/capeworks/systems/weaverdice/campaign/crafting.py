"""Craft & Repair (WD-CRAFT): lengthy projects, tiers and materials, roll caps, pooled help, the Craft tree.

A craft slot gives Dexterity actions (+1 Diligence, WD-CRAFT-001/016); each
action is one roll toward one project (WD-CRAFT-002): 1d6 plus the Craft
tree's extra dice (+1h6 Craft, +2h6 Master Craft) and one die per helper, keep
the best, no stat modifier (WD-CRAFT-010/014/022), capped by the crafter's low
morale like any roll of theirs (WD-MORALE-002, src 453). A project allows Knowledge
rolls (+1 machined, for armor or metal weapons only, WD-CRAFT-003/012); then, or earlier once the total meets
the DC (PROPOSED), it is decided: the attempted tier, a lower tier it still
meets, or a failure (WD-CRAFT-004/005). Materials are paid for the attempted
tier when it starts (WD-CRAFT-006), less Resourceful's cut (WD-CRAFT-019), which
also cuts a repair's set cost a roll (src 1578: 'crafting and repair'). A listed
costume piece is attempted at its own tier (WD-CRAFT-004). A repair needs broken gear of the
crafter's own (a stripped held item, a struck piece, a hit in an armor slot), or it is refused before
any money is spent (WD-CRAFT-013, src 1032).
The final total adds +1 per Craft-tree skill known (WD-CRAFT-014 PROPOSED: the
worked example's 10 is the dice subtotal, 11 the total).
"""

from __future__ import annotations

import math

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.downtime import (
    ledger_of,
    open_names,
    place_piece,
    take_slot,
    use_action,
)
from capeworks.systems.weaverdice.campaign.model import CraftProject, Phase
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.settings import CampaignConfig
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.data_equipment import COSTUME_PIECES, CostumeFamily, GearTier
from capeworks.systems.weaverdice.equipment import PlacedPiece, repair_item
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.gear_damage import piece_name, piece_words
from capeworks.systems.weaverdice.morale import capped, spend_value
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.skills import CRAFT_TREE, in_craft_tree
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = [
    "CRAFT_TREE",
    "NON_EQUIPMENT",
    "attempted_tier",
    "craft",
    "craft_actions",
    "craft_dice",
    "decide",
    "help_craft",
    "materials",
    "multitask_interval",
    "specialist_bonus",
    "start_craft",
]


def _knows(sheet: Character, name: str) -> bool:
    return any(s.name.lower() == name for s in sheet.known_skills)


def tree_skills(sheet: Character) -> int:
    """Craft-tree skills known (each +1 to a crafting total, WD-CRAFT-014)."""
    return sum(1 for s in sheet.known_skills if in_craft_tree(s))


def craft_dice(sheet: Character) -> int:
    """Extra dice on craft and repair rolls: +1h6 Craft, +2h6 Master Craft (WD-CRAFT-014/022). Master
    Craft's two replace Craft's one, not add to it: 'rolling two (or three, with master Craft) picking
    one' (src 1551), 'roll two extra die' (src 1603)."""
    return max((s.dice for s in sheet.known_skills if s.name.lower() in ("craft", "master craft")), default=0)


def craft_actions(sheet: Character) -> int:
    """Actions in a craft slot: Dexterity, +1 with Diligence (WD-CRAFT-001/016)."""
    return sheet.stat(Stat.DEXTERITY) + (1 if _knows(sheet, "diligence") else 0)


def multitask_interval(sheet: Character) -> int:
    """Multitasker: a free action every max(1, 5 - Knowledge) craft slots (WD-CRAFT-017 PROPOSED)."""
    return max(1, 5 - sheet.stat(Stat.KNOWLEDGE))


def materials(price: int, share: tuple[int, int], sheet: Character) -> int:
    """The tier's share of the price, less Resourceful's cut (WD-CRAFT-006/019)."""
    cost = math.ceil(price * share[0] / share[1])
    if _knows(sheet, "resourceful"):
        steps = min(5, max(1, tree_skills(sheet) - 1))  # Craft + Resourceful: 10%; each more +10%
        cut = max(cost * steps // 10, 10 * steps)
        cost = max(0, cost - cut)
    return cost


def spoken(item: str) -> str:
    """An item as a sentence reads it: a listed piece's key as words (``high_icon``: high icon)."""
    return item.replace("_", " ")


def decide(project: CraftProject, config: CampaignConfig) -> str:
    """The outcome of a finished project: its tier, a lower tier met, or failed (WD-CRAFT-003..005). A
    lower tier's DC carries the item's own additions (mechanical +5 and the like, WD-CRAFT-008): a
    mechanical item defaults down to a mechanical item of the lower tier."""
    total = project.total
    if project.repair:
        return "repaired" if total >= project.dc else "failed"
    if total >= project.dc:
        return project.tier
    tier = config.tier(project.tier)
    base = tier.dc if tier is not None else project.dc
    added = project.dc - base
    lower = [t for t in config.craft_tiers if t.dc < base and total >= t.dc + added]
    return max(lower, key=lambda t: t.dc).name if lower else "failed"


def start_craft(state: WdState, ctx: Ctx, c: cc.StartCraft, dice: DiceService) -> Done:
    """Start a project; materials for the attempted tier are paid now (WD-CRAFT-004/006/013)."""
    who = person(state, c.character)
    if c.project in state.campaign.projects:
        raise RuleViolation("WD-CRAFT-002", f"There is already a project called {c.project}.")
    sheet = state.sheet(c.character)
    conf = ctx.config.campaign
    if c.machined:
        _machinable(c)
        if not ctx.is_gm and "machining" not in ledger_of(state, c.character).tools:
            raise RuleViolation(
                "WD-CRAFT-012",
                f"{who.name} has no machining equipment ($1000, bought on a Go Shopping slot); the GM may "
                "grant the roll for someone else's workshop.",
            )
    if c.iterable and c.equipment:
        raise RuleViolation(
            "WD-CRAFT-008",
            "Only drudge work (programs, math problems, construction) is iterated for twice the rolls; "
            f"a {spoken(c.item)} is equipment.",
        )
    if c.repair:
        if c.equipment:
            _check_repairable(state, c.character, c.item)
        elif not ctx.is_gm:
            # the seed's repairs mend broken gear (src 1032); whether a base or a program needs mending,
            # off the sheet, is the GM's word, so the GM starts that project (WD-CRAFT-007/013)
            raise RuleViolation(
                "WD-CRAFT-013",
                f"A repair mends broken gear; a {spoken(c.item)} that is no equipment is off the sheet, so"
                " whether it needs repair is the GM's to say: the GM starts this project.",
            )
        # a piece the table saw made with Contrive repairs at +5 unasked (WD-CRAFT-020, src 1587)
        piece = _struck_piece(sheet, c.item.strip().lower())
        contrived = c.contrived or (piece is not None and piece.contrived)
        dc = conf.repair_dc - (2 if _knows(sheet, "maintenance") else 0) + (5 if contrived else 0)
        cost, tier = 0, "repair"
    else:
        t = conf.tier(attempted_tier(c, gm=ctx.is_gm))
        if t is None:
            names = ", ".join(x.name for x in conf.craft_tiers)
            raise RuleViolation("WD-CRAFT-004", f"There is no {c.tier} tier; the tiers are {names}.")
        # WD-CRAFT-008: mechanical +5, specialised knowledge +5..10, iterable drudge work +5
        dc, tier = (
            t.dc + c.dc_bonus + (5 if c.mechanical else 0) + c.expertise + (5 if c.iterable else 0),
            t.name,
        )
        price = market_value(c, gm=ctx.is_gm)
        if c.contrive_with:
            dc += _contrive(sheet, c, conf, price)
        cost = materials(price, t.share, sheet)
    ledger = ledger_of(state, c.character)
    if cost > ledger.money:
        raise RuleViolation(
            "WD-CRAFT-006", f"{who.name} needs ${cost} for the materials and has ${ledger.money}."
        )
    made = None if c.repair else piece_at(c.item, tier)
    if (c.cell or c.group) and made is None:
        raise RuleViolation(
            "WD-EQUIP-005", f"Only a listed costume piece goes in the grid; a {spoken(c.item)} does not."
        )
    if c.cell and made is not None:  # the cell must hold it now, before the materials are bought
        place_piece(state, c.character, made, c.cell, c.group)
    project = CraftProject(
        id=c.project,
        crafter=c.character,
        item=c.item,
        tier=tier,
        dc=dc,
        price=c.price if c.repair else price,
        paid=cost,
        repair=c.repair,
        cap=(sheet.stat(Stat.KNOWLEDGE) + (1 if c.machined else 0)) * (2 if c.iterable else 1),
        bonus=0 if c.repair else tree_skills(sheet) + specialist_bonus(sheet, c.field),
        equipment=c.equipment,
        cell=c.cell.strip(),
        group=c.group.strip(),
        contrived=bool(c.contrive_with) and not c.repair,
    )
    b = Builder(state, ctx, dice)
    b.emit(
        ce.CraftStarted(
            projects=(project,),
            character=c.character,
            name=who.name,
            ledgers={c.character: evolve(ledger, {"money": ledger.money - cost})},
        )
    )
    return b.batch


_NOT_ARMOR = frozenset(
    {CostumeFamily.BELT, CostumeFamily.SUPPLY, CostumeFamily.ICON, CostumeFamily.AFFILIATION}
)


def _machinable(c: cc.StartCraft) -> None:
    """Machining adds its roll 'when crafting armor or metal weapons' (src 1532, WD-CRAFT-012): never to
    a program, base or meal, nor to a listed costume piece that is no armor; any other item is the
    GM's call (a made-up weapon may well be metal)."""
    listed = COSTUME_PIECES.get(c.item.strip().lower().replace(" ", "_"))
    if not c.equipment or (listed is not None and listed.family in _NOT_ARMOR):
        raise RuleViolation(
            "WD-CRAFT-012",
            "Machining equipment adds a roll only when crafting armor or metal weapons; "
            f"a {spoken(c.item)} is neither.",
        )


def attempted_tier(c: cc.StartCraft, *, gm: bool) -> str:
    """The tier a project is attempted at (WD-CRAFT-004): a listed piece's own tier (High Tier Armor is a
    high-tier item, src 1046, 1500), which a player cannot name lower to craft it at a lower DC and share;
    any other item's as named (standard unless said). The GM, who sets values, may rule otherwise."""
    listed = COSTUME_PIECES.get(c.item.strip().lower().replace(" ", "_"))
    if listed is None:
        return c.tier or "standard"
    if not c.tier:
        return listed.tier.value
    if not gm and c.tier.lower() != listed.tier.value:
        raise RuleViolation(
            "WD-CRAFT-004",
            f"The {spoken(c.item)} is a {listed.tier.value}-tier piece on the list: "
            "it is crafted at that tier.",
        )
    return c.tier


def market_value(c: cc.StartCraft, *, gm: bool) -> int:
    """The item's market value, which materials are a share of (src 1486): a costume piece's is the
    list's; any other item's is the GM's to set, so a player names a listed piece or asks the GM (who
    may price a listed one otherwise too)."""
    listed = COSTUME_PIECES.get(c.item.strip().lower().replace(" ", "_"))
    if gm:
        return c.price or (listed.price if listed is not None else 0)
    if listed is not None:
        if c.price not in (0, listed.price):
            raise RuleViolation(
                "WD-CRAFT-004",
                f"A {spoken(c.item)}'s market value is ${listed.price} on the list, not ${c.price}.",
            )
        return listed.price
    raise RuleViolation(
        "WD-CRAFT-004",
        f"A {spoken(c.item)} is not on the equipment list: its market value is the GM's to set, "
        "so the GM starts this project.",
    )


def specialist_bonus(sheet: Character, field: str) -> int:
    """Specialist (WD-CRAFT-018): +1 per Craft skill and per Knowledge skill on work in the field; a
    third of that when the field's background is not kept up."""
    if not field:
        return 0
    names = {s.name.lower() for s in sheet.known_skills}
    if f"specialist ({field.lower()})" not in names:
        return 0
    bonus = tree_skills(sheet) + sheet.skills_of((Stat.KNOWLEDGE,))
    kept = any(b.lower() == field.lower() for b in sheet.backgrounds)
    return bonus if kept else bonus // 3


#: what a non-equipment craft gives by tier (WD-CRAFT-007)
NON_EQUIPMENT = {
    "low": "throwaway, rarely any bonus",
    "standard": "shop quality, a small bonus",
    "high": "bespoke: bonuses doubled, durations x10",
}


def _contrive(sheet: Character, c: cc.StartCraft, conf: CampaignConfig, price: int) -> int:
    """Contrive (WD-CRAFT-020): merging a lesser piece worth at most a third of the piece's market value
    (``price``, the list's for a listed piece) adds its tier's DC."""
    if not _knows(sheet, "contrive"):
        raise RuleViolation("WD-CRAFT-020", "Merging pieces needs the Contrive skill.")
    if c.contrive_value * 3 > price:
        raise RuleViolation(
            "WD-CRAFT-020",
            f"A ${price} piece can absorb one worth at most ${price // 3}, not ${c.contrive_value}.",
        )
    t = conf.tier(c.contrive_with)
    if t is None:
        raise RuleViolation("WD-CRAFT-004", f"There is no {c.contrive_with} tier.")
    return t.dc


def _roll(b: Builder, sheet: Character, helpers: int, morale: int) -> tuple[int, tuple[int, ...]]:
    """One craft roll: 1d6 + Craft-tree dice + a die per helper, keep the best; no stat (WD-CRAFT-002);
    the crafter's low morale caps it like any roll of their own (WD-MORALE-002, src 453)."""
    record = b.dice.roll(1 + craft_dice(sheet) + helpers, 6, purpose="craft")
    return capped(max(record.faces), morale), tuple(record.faces)


def _bought_up(b: Builder, ident: str, kept: list[int], faces: list[tuple[int, ...]]) -> list[int]:
    """The command's lowest craft roll (not a Master Craft 4) set to 2 + k by a step of high morale,
    when that is more: "lowering morale by one step to change a die result" (src 453; WD-MORALE-003
    PROPOSED: any of one's own rolls, one spend a roll). Otherwise the rolls as they were."""
    me = b.person(ident)
    rolled = [i for i, f in enumerate(faces) if f]
    if me.morale <= 0 or not rolled:
        return kept
    low = min(rolled, key=lambda i: kept[i])
    value = spend_value(me.morale)
    if value <= kept[low]:
        return kept
    b.emit(
        ev.MoraleChanged(
            character=ident,
            name=me.name,
            step=me.morale - 1,
            delta=-1,
            reason=f"high morale makes a craft roll a {value}",
            people=(evolve(me, {"morale": me.morale - 1}),),
        ),
        hidden=me.hidden,
    )
    return [value if i == low else k for i, k in enumerate(kept)]


def _with_session(phase: Phase, ident: str, changes: dict[str, object]) -> Phase:
    slots = phase.slots[ident]
    assert slots.session is not None
    session = evolve(slots.session, changes)
    return evolve(phase, {"slots": {**phase.slots, ident: evolve(slots, {"session": session})}})


def _multitask(phase: Phase | None, ident: str, project: str) -> Phase | None:
    """A Multitasker's free action is "for an unrelated item" (WD-CRAFT-017, src 1563-1566): spent
    on another project it is used up; the project the slot opened for keeps only the slot's own
    actions, and once they are gone its next roll opens a new slot (the free one is not banked)."""
    slots = phase.slots.get(ident) if phase is not None else None
    session = slots.session if slots is not None else None
    if phase is None or session is None or session.action != "craft" or not session.free_not_for:
        return phase
    if project != session.free_not_for:
        return _with_session(phase, ident, {"free_not_for": ""})
    if session.left <= 1:
        return _with_session(phase, ident, {"free_not_for": "", "left": 0})
    return phase


def craft(state: WdState, ctx: Ctx, c: cc.Craft, dice: DiceService) -> Done:
    """Craft actions toward a project; decided when its rolls run out, or early once the DC is met."""
    who = person(state, c.character)
    project = state.campaign.projects.get(c.project)
    if project is None or project.crafter != c.character:
        raise RuleViolation("WD-CRAFT-002", f"{who.name} has no project called {c.project}.")
    if project.done:
        raise RuleViolation(
            "WD-CRAFT-003", f"The {spoken(project.item)} is already finished ({project.result})."
        )
    sheet = state.sheet(c.character)
    conf = ctx.config.campaign
    ledger = ledger_of(state, c.character)
    if c.take_four and (not _knows(sheet, "master craft") or ledger.took_four):
        raise RuleViolation("WD-CRAFT-022", "Taking 4 needs Master Craft, once a day.")
    if c.rolls == 0 and not c.finish:
        raise RuleViolation("WD-CRAFT-002", "Roll at least once, or finish the project.")
    left = project.cap + project.extra - len(project.rolls)
    if c.rolls > left:
        raise RuleViolation(
            "WD-CRAFT-003", f"The {spoken(project.item)} has {left} roll{'' if left == 1 else 's'} left."
        )
    if c.finish and project.total < project.dc:
        raise RuleViolation(
            "WD-CRAFT-003", f"The {spoken(project.item)} can finish early only once it meets DC {project.dc}."
        )
    if project.repair and project.equipment and c.rolls:
        _check_repairable(state, c.character, project.item)
    if c.cell:
        if not _possible_pieces(project, conf):
            raise RuleViolation(
                "WD-EQUIP-005", f"The {spoken(project.item)} is no costume piece to put in the grid."
            )
        project = evolve(project, {"cell": c.cell.strip()})
    if c.finish or len(project.rolls) + c.rolls >= project.cap + project.extra:
        _check_cell(state, project, conf)
    # the repair's materials, a set cost a roll (src 1032), less Resourceful's cut (WD-CRAFT-019)
    per_roll = materials(conf.repair_cost_per_roll, (1, 1), sheet) if project.repair else 0
    repair_cost = per_roll * c.rolls
    if repair_cost > ledger.money:
        raise RuleViolation("WD-CRAFT-013", f"Repairs cost ${repair_cost}; {who.name} has ${ledger.money}.")
    b = Builder(state, ctx, dice)
    phase = state.campaign.phase
    faces: list[tuple[int, ...]] = []
    rolls = list(project.rolls)
    multitasker = _knows(sheet, "multitasker")
    for i in range(c.rolls):
        if project.repair and sum(rolls) + project.bonus >= project.dc:
            break  # a lengthy check is made once its total meets the DC (src 580-582): no roll, no $20 more
        # WD-CRAFT-017: a Multitasker's every (5 - Knowledge)th craft slot holds one more action
        due = multitasker and (ledger.craft_slots + 1) % multitask_interval(sheet) == 0
        phase = _multitask(phase, c.character, c.project)
        phase, _, opened = use_action(
            state, c.character, "craft", size=craft_actions(sheet), phase=phase, bonus=1 if due else 0
        )
        if opened and multitasker:
            ledger = evolve(ledger, {"craft_slots": ledger.craft_slots + 1})
        if opened and due:
            phase = _with_session(phase, c.character, {"free_not_for": c.project})
        if i == 0 and c.take_four:
            rolls.append(4)
            faces.append(())
            ledger = evolve(ledger, {"took_four": True})
            continue
        kept, rolled = _roll(b, sheet, len(project.helpers), who.morale)
        rolls.append(kept)
        faces.append(rolled)
    if c.morale_buy:
        rolls[len(project.rolls) :] = _bought_up(b, c.character, rolls[len(project.rolls) :], faces)
    repair_cost = per_roll * (len(rolls) - len(project.rolls))  # the rolls made, not those asked
    project = evolve(project, {"rolls": tuple(rolls)})
    met = project.repair and project.total >= project.dc
    if c.finish or met or len(project.rolls) >= project.cap + project.extra:
        project = evolve(project, {"result": decide(project, conf)})
    if repair_cost:
        ledger = evolve(ledger, {"money": ledger.money - repair_cost})
    b.emit(
        ce.Crafted(
            projects=(project,),
            character=c.character,
            name=who.name,
            faces=tuple(faces),
            phase=phase,
            ledgers={c.character: ledger},
        )
    )
    if project.repair and project.result == "repaired":
        _mend(b, c.character, project.item)
    made = None if project.repair else piece_at(project.item, project.result)
    if made is not None:
        _into_costume(b, c.character, made, project)
    return b.batch


def piece_at(item: str, tier: str) -> str | None:
    """The listed costume piece a craft of ``item`` makes at ``tier`` (src 1032-1143): the piece itself
    at its own tier; at another (a default down, WD-CRAFT-005, or a tier the GM named) its family's
    plain piece of that tier ('Low Tier Armor', 'Armor', 'High Tier Armor'), if the list has one;
    None for an item that is no listed piece, a failure, or a tier the family lacks."""
    listed = COSTUME_PIECES.get(item.strip().lower().replace(" ", "_"))
    if listed is None or not tier:
        return None
    if tier == listed.tier.value:
        return listed.key
    family = listed.family.value
    key = family if tier == GearTier.STANDARD.value else f"{tier}_{family}"
    other = COSTUME_PIECES.get(key)
    return key if other is not None and other.family == listed.family else None


def _possible_pieces(project: CraftProject, conf: CampaignConfig) -> list[str]:
    """Every listed piece a project can still make: at its tier, or any lower tier it may default to."""
    if project.repair:
        return []
    tiers = [project.tier, *(t.name for t in conf.craft_tiers if t.dc < project.dc)]
    return list(dict.fromkeys(k for k in (piece_at(project.item, t) for t in tiers) if k is not None))


def _check_cell(state: WdState, project: CraftProject, conf: CampaignConfig) -> None:
    """Before the rolls that decide a costume piece: it needs a cell that holds whatever it turns out
    to be (WD-EQUIP-005/010). Checked before any die is rolled, so a refusal takes back no roll."""
    pieces = _possible_pieces(project, conf)
    if pieces and not project.cell:
        raise RuleViolation(
            "WD-EQUIP-005",
            f"These rolls finish the {spoken(project.item)}: "
            "name the grid cell it goes in, by its row and column.",
            field="cell",
        )
    for key in pieces:
        place_piece(state, project.crafter, key, project.cell, project.group)


def _into_costume(b: Builder, ident: str, key: str, project: CraftProject) -> None:
    """A made costume piece goes into the costume at the project's cell, as a bought one does
    (:func:`~.downtime.place_piece`); armor is a wound slot at once (WD-EQUIP-011)."""
    who = b.person(ident)
    sheet = place_piece(b.state, ident, key, project.cell, project.group, contrived=project.contrived)
    track = who.track.resized(sheet)
    words = f"the {key.replace('_', ' ')} made goes into the costume at {project.cell}"
    b.emit(
        ev.GearChanged(
            character=ident,
            name=sheet.name,
            sheet=sheet,
            what=(words,),
            people=(evolve(who, {"track": track}),) if track is not who.track else (),
        ),
        hidden=who.hidden,
    )


def _named(sheet: Character, item: str) -> list[PlacedPiece]:
    """The crafter's costume pieces, not destroyed, that ``item`` names (``armor-01``, key or label)."""
    pieces = sheet.costume.pieces if sheet.costume is not None else ()
    return [p for p in pieces if not p.destroyed and item in (piece_name(p), p.key, p.label.strip().lower())]


def _struck_piece(sheet: Character, item: str) -> PlacedPiece | None:
    """The crafter's damaged costume piece that ``item`` names."""
    return next((p for p in _named(sheet, item) if p.damaged), None)


def _check_repairable(state: WdState, ident: str, item: str) -> None:
    """A repair mends 'broken gear' (src 1032, 1486) of the crafter's own: a held item an effect stripped,
    a struck costume piece, or armor with a hit in its slot (what :func:`_mend` mends). Anything else
    would pay materials for nothing, so it is refused before a roll is bought (WD-CRAFT-013)."""
    sheet = state.sheet(ident)
    name = item.strip().lower()
    held = [h for h in sheet.held if h.name.lower() == name]
    if any(h.stripped for h in held) or _struck_piece(sheet, name) is not None:
        return
    if "armor" in name and any(w.armor for w in state.people[ident].track.wounds):
        return
    if held or _named(sheet, name):
        raise RuleViolation(
            "WD-CRAFT-013", f"{sheet.name}'s {item} is not damaged: there is nothing to repair."
        )
    raise RuleViolation("WD-CRAFT-013", f"{sheet.name} has no {item} to repair.")


def _mend(b: Builder, ident: str, item: str) -> None:
    """A finished repair gives the crafter's held item of that name its stripped features back
    (WD-EQUIP-019, :func:`~capeworks.systems.weaverdice.equipment.repair_item`), or mends their armor
    (:func:`_mend_armor`)."""
    sheet = b.sheet(ident)
    held = list(sheet.held)
    at = next((i for i, h in enumerate(held) if h.name.lower() == item.strip().lower() and h.stripped), None)
    if at is None:
        _mend_armor(b, ident, item.strip().lower())
        return
    before = held[at]
    held[at] = repair_item(before)
    words = f"the {before.name} is repaired ({', '.join(before.stripped)} back)"
    changed = evolve(sheet, {"held": tuple(held)})
    b.emit(
        ev.GearChanged(character=ident, name=sheet.name, sheet=changed, what=(words,)),
        hidden=b.person(ident).hidden,
    )


def _mend_armor(b: Builder, ident: str, item: str) -> None:
    """A finished repair of armor (src 1032: "Repairing wounded armor has the same rules as repairing
    other broken gear", WD-WOUND-016): a struck costume piece of that name (``armor-01``, its key or
    label) is whole again, its wound slot back on the track; else, for armor, the last hit an armor
    slot took leaves the track."""
    sheet = b.sheet(ident)
    c = b.person(ident)
    costume = sheet.costume
    piece = _struck_piece(sheet, item)
    if costume is not None and piece is not None:
        pieces = tuple(evolve(p, {"damaged": False}) if p is piece else p for p in costume.pieces)
        changed = evolve(sheet, {"costume": evolve(costume, {"pieces": pieces})})
        track = c.track.resized(changed)  # the mended armor is a wound slot again (WD-WOUND-002)
        people = (evolve(c, {"track": track}),) if track is not c.track else ()
        words = f"the {piece_words(piece_name(piece))} is repaired"  # "high icon (cell 0,0)", no key
        b.emit(
            ev.GearChanged(character=ident, name=sheet.name, sheet=changed, what=(words,), people=people),
            hidden=c.hidden,
        )
        return
    armored = [i for i, w in enumerate(c.track.wounds) if w.armor]
    if not armored or "armor" not in item:
        return
    wounds = tuple(w for i, w in enumerate(c.track.wounds) if i != armored[-1])
    b.emit(
        ev.GearChanged(
            character=ident,
            name=sheet.name,
            what=("the armor is repaired: the hit it took is mended",),
            people=(evolve(c, {"track": evolve(c.track, {"wounds": wounds})}),),
        ),
        hidden=c.hidden,
    )


def help_craft(state: WdState, ctx: Ctx, c: cc.HelpCraft, dice: DiceService) -> Done:
    """A second crafter devotes a slot: their die joins every roll this phase (WD-CRAFT-010)."""
    who = person(state, c.character)
    project = state.campaign.projects.get(c.project)
    if project is None or project.done:
        raise RuleViolation("WD-CRAFT-010", f"There is no open project called {c.project}.")
    if project.crafter == c.character or c.character in project.helpers:
        raise RuleViolation("WD-CRAFT-010", f"{who.name} is already at work on {spoken(project.item)}.")
    phase, _ = take_slot(state, c.character, "help")
    b = Builder(state, ctx, dice)
    b.emit(ce.SlotUsed(character=c.character, name=who.name, action="help", note=project.item, phase=phase))
    b.emit(
        ce.CraftStarted(
            projects=(evolve(project, {"helpers": (*project.helpers, c.character)}),),
            character=c.character,
            name=who.name,
            names=open_names(state, (project.crafter, *project.helpers, c.character)),
        )
    )
    return b.batch
