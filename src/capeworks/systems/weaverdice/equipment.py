"""Equipment: held items in two hands, belt slots, the costume grid, and encumbrance.

Implements WD-EQUIP-001..019 and the gear-derived values WD-STAT-009/010.
Everything is a pure function of frozen models: the sheet holds the held items
and the costume, and combat asks them for armor, belt capacity, encumbrance
penalties and what an effect's strip or loss does to a piece (WD-WFX-007); what
the effect tables see of them, and applying a hit, is :mod:`~.gear_damage`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import Field, model_validator

from capeworks.engine.kit import Frozen, lookup
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.data_equipment import (
    COSTUME_GRID,
    COSTUME_PIECES,
    HAND_COUNT,
    SAMPLE_HELD_ITEMS,
    CostumeFamily,
    GearTier,
    PieceSpec,
    Size,
)
from capeworks.systems.weaverdice.vocab import DamageType, Stat, WoundTier

__all__ = [
    "BeltItem",
    "BeltLayout",
    "Cell",
    "Costume",
    "Encumbrance",
    "HeldItem",
    "ItemAccess",
    "PieceDamage",
    "PlacedPiece",
    "belt_capacity",
    "belt_layout",
    "break_threshold",
    "check_belt",
    "check_hands",
    "damage_piece",
    "encumbrance",
    "fragile_slot_lost",
    "inventory_encumbrance",
    "item_access",
    "piece_spec",
    "repair_item",
    "rummage_dc",
    "same_group",
    "sample_item",
    "spill_items",
    "strip_bottom_feature",
]

#: a costume grid cell: (row, column), both from 0
Cell = tuple[int, int]

ATTACK_STATS = frozenset({Stat.BRAWN, Stat.DEXTERITY})


# -- held items (WD-EQUIP-002) ------------------------------------------------------------------


class HeldItem(Frozen):
    """A weapon or tool in hand, with its own rules: damage, keywords, hands, attack stat.

    ``effects_only`` marks improvised weapons that deliver an effect roll but
    no wound (src 618). ``targets`` > 1 is a multi-target attack (a scythe).
    """

    name: str = Field(min_length=1, max_length=60)
    damage: DamageType
    tier: WoundTier = WoundTier.LESSER
    attack_stat: Stat = Stat.BRAWN
    size: Size = Size.SMALL
    keywords: tuple[str, ...] = ()
    encumbrance: int = Field(default=0, ge=0)
    belt_slots: int = Field(default=1, ge=1, le=2)
    ranged: bool = False
    targets: int = Field(default=1, ge=1)
    effects_only: bool = False
    stripped: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _large_fills_two_slots(cls, data: object) -> object:
        """A large item "takes up two belt slots because it's large" (src 177): two unless given (a
        stored item keeps what it was stored with; :func:`check_belt` refuses a new one at odds)."""
        if isinstance(data, dict) and "belt_slots" not in data and data.get("size") in (Size.LARGE, "large"):
            return {**data, "belt_slots": 2}
        return data

    @model_validator(mode="after")
    def _rules(self) -> HeldItem:
        if self.attack_stat not in ATTACK_STATS:
            raise RuleViolation(
                "WD-COMBAT-017", "A weapon attacks with Brawn or Dexterity.", field="attack_stat"
            )
        if self.tier == WoundTier.SUPERFICIAL:
            raise RuleViolation("WD-COMBAT-024", "A weapon deals at least a lesser wound.", field="tier")
        return self

    @property
    def hands(self) -> int:
        """Hands it takes: one for a small item, both for a large one (src 1015)."""
        return 2 if self.size == Size.LARGE else 1

    @property
    def is_fist(self) -> bool:
        """Bare hands (Restrain spares fists, WD-GRAPPLE-008)."""
        return "fist" in self.keywords


def strip_bottom_feature(item: HeldItem) -> HeldItem:
    """An effect damages the item: its last keyword goes, kept for repair (WD-WFX-007, WD-EQUIP-019)."""
    if not item.keywords:
        raise RuleViolation("WD-EQUIP-019", "That item has no feature left to lose.")
    return evolve(item, {"keywords": item.keywords[:-1], "stripped": (item.keywords[-1], *item.stripped)})


def repair_item(item: HeldItem) -> HeldItem:
    """A repaired item gets its stripped features back, in their old order (WD-EQUIP-019)."""
    return evolve(item, {"keywords": (*item.keywords, *item.stripped), "stripped": ()})


def sample_item(key: str) -> HeldItem:
    """One of the seed's exemplar weapons as a held item; large ones fill two belt slots (src 177)."""
    spec = lookup(SAMPLE_HELD_ITEMS, key, "sample weapon", where="in the Weaverdice armory")
    return HeldItem(
        name=spec.key.replace("_", " "),
        damage=spec.damage,
        tier=spec.tier,
        attack_stat=spec.attack_stat,
        size=spec.size,
        keywords=spec.keywords,
        belt_slots=2 if spec.size == Size.LARGE else 1,
        ranged=spec.ranged,
        targets=spec.targets,
    )


def check_hands(items: Sequence[HeldItem], *, hands: int = HAND_COUNT) -> None:
    """Refuse a grip that needs more than two hands: two small items or one large (WD-EQUIP-002);
    fewer when an arm is lost or disabled (WD-WFX-018/022/023)."""
    if sum(i.hands for i in items if not i.is_fist) > hands:
        if hands >= HAND_COUNT:
            raise RuleViolation("WD-EQUIP-002", "You have two hands: hold two small items or one large one.")
        usable = "one hand" if hands == 1 else "no hand"
        raise RuleViolation(
            "WD-EQUIP-002", f"With an arm lost or disabled you have {usable} to hold it with."
        )


# -- belt (WD-EQUIP-003, WD-STAT-009) -----------------------------------------------------------


def check_belt(items: Iterable[HeldItem]) -> None:
    """Refuse a large item said to fill one belt slot: "a fire axe that takes up two belt slots
    because it's large" (src 177, WD-EQUIP-003); a smaller item is a small one."""
    for item in items:
        if item.size == Size.LARGE and item.belt_slots < 2:
            raise RuleViolation(
                "WD-EQUIP-003",
                f"The {item.name} is large: it fills 2 belt slots, not {item.belt_slots}.",
                field="belt_slots",
            )


class BeltItem(Frozen):
    """Something kept in easy reach: a sheathed weapon, a grenade, a tool (src 1017)."""

    name: str = Field(min_length=1, max_length=60)
    slots: int = Field(default=1, ge=1, le=2)


class BeltLayout(Frozen):
    """Which belt items are quick to reach and which are not (past the slots: src 1017)."""

    capacity: int
    quick: tuple[BeltItem, ...]
    slow: tuple[BeltItem, ...]


def belt_capacity(*, dexterity: int, costume: Costume | None = None, extra_slots: int = 0) -> int:
    """Belt slots: Dexterity + belt pieces + progression slots (WD-STAT-009, WD-EQUIP-008/014).

    A destroyed belt piece grants nothing; a standard belt whose fragile last
    slot broke grants one slot fewer.
    """
    pieces = 0
    if costume is not None:
        for placed in costume.pieces:
            spec = piece_spec(placed.key)
            if placed.destroyed:
                continue
            pieces += spec.belt_slots - (spec.fragile_slots if placed.fragile_lost else 0)
    return max(0, dexterity + pieces + extra_slots)


def belt_layout(items: Sequence[BeltItem], *, capacity: int) -> BeltLayout:
    """Fill slots in the order given; what no longer fits stays carried but is slow to reach."""
    quick: list[BeltItem] = []
    slow: list[BeltItem] = []
    used = 0
    for item in items:
        if not slow and used + item.slots <= capacity:
            quick.append(item)
            used += item.slots
        else:
            slow.append(item)
    return BeltLayout(capacity=capacity, quick=tuple(quick), slow=tuple(slow))


def fragile_slot_lost(die: int, *, fragile_on: int = 4) -> bool:
    """A standard belt's last slot breaks on a 4+ when its wearer falls or a neighbour is destroyed."""
    return die >= fragile_on


# -- costume grid (WD-EQUIP-005, -009..017) -----------------------------------------------------


def piece_spec(key: str) -> PieceSpec:
    """The priced row for a costume piece key (NotFound with the known keys otherwise)."""
    return lookup(COSTUME_PIECES, key, "costume piece", where="in the Weaverdice costume list")


class PlacedPiece(Frozen):
    """A costume piece in a grid cell.

    ``label`` is the player's own words for it (user text: renderers escape
    it). ``protects`` names the cells a reinforcement piece is designated to
    guard. ``damaged`` pieces (armor that took its hit, an icon) need repair;
    ``destroyed`` ones are gone.
    """

    key: str
    cell: Cell
    label: str = Field(default="", max_length=60)
    protects: tuple[Cell, ...] = ()
    group: str = Field(default="", max_length=60)
    items: int = Field(default=0, ge=0)
    damaged: bool = False
    destroyed: bool = False
    fragile_lost: bool = False
    #: made with Contrive, a lesser piece folded in: its repair DC is 5 higher (WD-CRAFT-020, src 1587)
    contrived: bool = Field(default=False, exclude_if=lambda v: not v)


def same_group(a: str, b: str) -> bool:
    """Whether two names the GM typed mean one person or group (an affiliation's, an exclusive rep
    card's, a negotiation's party): case, spacing and a leading "the" aside, so "the Dealers" is the
    "Dealers" a card is exclusive to (src 433, 1131)."""

    def plain(name: str) -> str:
        words = name.lower().split()
        return " ".join(words[1:] if words[:1] == ["the"] and len(words) > 1 else words)

    return plain(a) == plain(b)


class Costume(Frozen):
    """The 3x3 costume grid, grown by progression slots, and its qualifiers.

    Extra costume slots (WD-EQUIP-008) extend the grid by a fourth row, filled
    left to right. ``coverage``, ``helmet`` and ``skin`` (the GM's word that it is bottom tier; a
    costume with no piece of standard tier or better is so anyway, :attr:`bare`) are the
    qualifiers the wound-effect tables read (WD-EQUIP-018).
    """

    pieces: tuple[PlacedPiece, ...] = ()
    extra_slots: int = Field(default=0, ge=0, le=3)
    coverage: bool = False
    helmet: bool = False
    skin: bool = False

    @model_validator(mode="after")
    def _fits(self) -> Costume:
        cells = self.cells()
        seen: set[Cell] = set()
        for p in self.pieces:
            spec = piece_spec(p.key)
            if p.cell not in cells:
                raise RuleViolation(
                    "WD-EQUIP-005", "That costume piece sits outside the costume grid.", field="cell"
                )
            if p.cell in seen:
                raise RuleViolation(
                    "WD-EQUIP-010", "Two costume pieces cannot share one grid cell.", field="cell"
                )
            seen.add(p.cell)
            if p.protects and spec.family != CostumeFamily.REINFORCEMENT:
                raise RuleViolation(
                    "WD-EQUIP-012", "Only reinforcement is designated to protect other pieces."
                )
            if len(p.protects) > spec.protects:
                raise RuleViolation(
                    "WD-EQUIP-012", f"This reinforcement protects at most {spec.protects} other pieces."
                )
            if p.cell in p.protects:
                raise RuleViolation("WD-EQUIP-012", "Reinforcement protects other pieces, not itself.")
            if p.group and not spec.group_only:
                raise RuleViolation("WD-EQUIP-017", "Only an affiliation names a group.", field="group")
            if spec.group_only and not p.group:
                raise RuleViolation(
                    "WD-EQUIP-017", "An affiliation needs the group it is tied to.", field="group"
                )
            if p.items and not spec.inventory:
                raise RuleViolation(
                    "WD-EQUIP-014", "Only an inventory piece holds a bag of items.", field="items"
                )
        for p in self.pieces:
            if any(cell not in seen for cell in p.protects):
                raise RuleViolation(
                    "WD-EQUIP-012", "Reinforcement protects a costume piece, not an empty cell."
                )
        if self.used_cells > self.capacity:
            raise RuleViolation(
                "WD-EQUIP-010",
                f"The costume needs {self.used_cells} slots but has only {self.capacity}.",
            )
        return self

    def cells(self) -> frozenset[Cell]:
        """The grid's cells: 3x3 plus any extra slots along a fourth row."""
        rows, cols = COSTUME_GRID
        grid = {(r, c) for r in range(rows) for c in range(cols)}
        grid |= {(rows, c) for c in range(self.extra_slots)}
        return frozenset(grid)

    @property
    def capacity(self) -> int:
        """Slots available: nine to start, plus progression costume slots (WD-EQUIP-008)."""
        return len(self.cells())

    @property
    def used_cells(self) -> int:
        """Each piece fills its cell, and "-1 costume slot" loses one more (WD-EQUIP-010)."""
        return sum(1 + piece_spec(p.key).lost_cells for p in self.pieces)

    @property
    def bare(self) -> bool:
        """Bottom tier or skin (src 738-740): flagged so, or no piece left of standard tier or better
        (PROPOSED WD-WFX-008)."""
        return self.skin or all(spec.tier is GearTier.LOW for _, spec in self._active())

    def at(self, cell: Cell) -> PlacedPiece | None:
        """The piece in a cell, if any."""
        return next((p for p in self.pieces if p.cell == cell), None)

    @property
    def bag_items(self) -> int | None:
        """The items in the costume's inventory bag (the first, if several), or None without one
        (WD-EQUIP-014: what a rummage must get through)."""
        return next((p.items for p, s in self._active() if s.inventory), None)

    def _active(self) -> Iterable[tuple[PlacedPiece, PieceSpec]]:
        return ((p, piece_spec(p.key)) for p in self.pieces if not p.destroyed)

    @property
    def armor(self) -> int:
        """Armor points: each intact armor piece is an extra wound slot that takes one hit (WD-EQUIP-011,
        src 1032). A hit the slot took stays on the wound track until the armor is repaired; a piece
        stripped or damaged by an effect (``damaged``) or destroyed gives no point until repaired."""
        return sum(s.armor for p, s in self._active() if not p.damaged)

    @property
    def encumbrance(self) -> int:
        """The costume's weight, its inventory's contents included (WD-EQUIP-006, -014)."""
        own = sum(s.encumbrance for _, s in self._active())
        bags = sum(inventory_encumbrance(items=p.items) for p, s in self._active() if s.inventory)
        return own + bags

    @property
    def rep_per_day(self) -> int:
        """Reputation granted each day out in costume; a damaged icon grants none until repaired."""
        return sum(s.rep_per_day for p, s in self._active() if not p.damaged)

    def affiliated_bonus(self, group: str) -> int:
        """A High-Tier Affiliation's "+1 to social rolls with affiliated bystanders" (src 1141,
        WD-EQUIP-017): the bonus on a Social roll with ``group``, the group its piece names."""
        return sum(
            s.affiliated_social_bonus for p, s in self._active() if p.group and same_group(p.group, group)
        )

    @property
    def price(self) -> int:
        """What the pieces cost in dollars (src 1032-1143)."""
        return sum(piece_spec(p.key).price for p in self.pieces)


def inventory_encumbrance(*, items: int = 0, pounds: int | None = None) -> int:
    """1 encumbrance per full 25 lb of contents, or per full 12 items (the GM picks; src 1096).

    Full units only: the example costume's light 5-item bag adds nothing to its
    2 encumbrance (src 1149-1157).
    """
    if pounds is not None:
        return pounds // 25
    return items // 12


def rummage_dc(items: int) -> int:
    """Rummaging a bag in combat is a lengthy check with DC = the items in it (WD-EQUIP-014)."""
    return items


def break_threshold(costume: Costume, cell: Cell) -> int | None:
    """The natural d6 an attacker needs to destroy the piece in ``cell`` (None: unprotected).

    Designated reinforcement (WD-EQUIP-012) and orthogonally adjacent High Tier
    Armor (WD-EQUIP-011, OPEN: Standard strength) protect; the strongest counts.
    """
    best: int | None = None
    r, c = cell
    neighbours = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
    for p, s in costume._active():
        guards = (s.family == CostumeFamily.REINFORCEMENT and cell in p.protects) or (
            s.reinforces_adjacent and p.cell in neighbours
        )
        if guards and s.break_on is not None:
            best = s.break_on if best is None else max(best, s.break_on)
    return best


class PieceDamage(Frozen):
    """What an effect that destroys a costume piece does (WD-EQUIP-013/014/015/016).

    ``destroyed`` False means reinforcement held. ``drops_belt_items``: a
    belt's items fall. ``inventory_drop_sides``: an inventory is not
    destroyed but drops 1d3 items (1d6 when over encumbrance) - roll it.
    ``fragile_checks`` are cells of standard belts beside the destroyed piece
    whose last slot must roll (4+ breaks it).
    """

    cell: Cell
    key: str
    threshold: int | None
    die: int | None
    destroyed: bool
    drops_belt_items: bool = False
    inventory_drop_sides: int | None = None
    supply_dropped: bool = False
    needs_repair: bool = False
    fragile_checks: tuple[Cell, ...] = ()
    costume: Costume


def damage_piece(
    costume: Costume,
    cell: Cell,
    *,
    die: int | None = None,
    whole: bool = True,
    settled: bool = False,
    over_encumbered: bool = False,
) -> PieceDamage:
    """An effect destroys the piece in ``cell`` (``whole``) or strips its bottom feature.

    ``die`` is the attacker's natural d6 against any protection (OPEN
    WD-EQUIP-013: natural die); ``settled`` says that roll was already made and
    failed to stop it. An inventory drops items but survives; a damaged belt
    drops its items; a stripped piece needs repair (WD-EQUIP-014/019, WD-WFX-007).
    """
    placed = costume.at(cell)
    if placed is None or placed.destroyed:
        raise RuleViolation(
            "WD-EQUIP-013", "There is no costume piece left in that place to damage.", field="cell"
        )
    spec = piece_spec(placed.key)
    threshold = None if settled else break_threshold(costume, cell)
    if threshold is not None:
        if die is None:
            raise RuleViolation(
                "WD-EQUIP-013", "The piece is protected: the attacker must roll a die to break it."
            )
        if not 1 <= die <= 6:
            raise RuleViolation("WD-EQUIP-013", "A d6 shows 1 to 6.", field="die")
        if die < threshold:
            return PieceDamage(
                cell=cell, key=placed.key, threshold=threshold, die=die, destroyed=False, costume=costume
            )
    belt = spec.family == CostumeFamily.BELT and not spec.inventory
    if spec.inventory or not whole:
        kept = evolve(placed, {"damaged": True})
        return PieceDamage(
            cell=cell,
            key=placed.key,
            threshold=threshold,
            die=die,
            destroyed=False,
            drops_belt_items=belt,
            inventory_drop_sides=(6 if over_encumbered else 3) if spec.inventory else None,
            needs_repair=True,
            costume=_replace(costume, kept),
        )
    gone = evolve(placed, {"destroyed": True})
    r, c = cell
    fragile = tuple(
        p.cell
        for p, s in costume._active()
        if s.fragile_slots and not p.fragile_lost and abs(p.cell[0] - r) + abs(p.cell[1] - c) == 1
    )
    return PieceDamage(
        cell=cell,
        key=placed.key,
        threshold=threshold,
        die=die,
        destroyed=True,
        drops_belt_items=belt,
        supply_dropped=spec.supply,
        needs_repair=True,
        fragile_checks=fragile,
        costume=_replace(costume, gone),
    )


def spill_items(costume: Costume, cell: Cell, rolled: int) -> tuple[Costume, int]:
    """A damaged bag drops ``rolled`` items (its 1d3, or 1d6), no more than it holds, and keeps the
    rest: fewer to rummage through and to carry (WD-EQUIP-014, src 1096-1097). The costume, and how
    many fell."""
    bag = costume.at(cell)
    if bag is None or not piece_spec(bag.key).inventory:
        raise RuleViolation("WD-EQUIP-014", "Only an inventory piece holds a bag of items.", field="cell")
    lost = min(rolled, bag.items)
    return _replace(costume, evolve(bag, {"items": bag.items - lost})), lost


def _replace(costume: Costume, piece: PlacedPiece) -> Costume:
    return evolve(costume, {"pieces": tuple(piece if p.cell == piece.cell else p for p in costume.pieces)})


# -- encumbrance (WD-EQUIP-006/007, WD-STAT-010) ------------------------------------------------


class Encumbrance(Frozen):
    """Load against capacity (= Brawn) and the flat penalty for exceeding it.

    Over capacity: -1 Athletics (which itself costs 5 ft of movement), -1
    Dexterity, and a further -5 ft (OPEN WD-EQUIP-006: flat, -10 ft in all).
    """

    load: int
    capacity: int
    over: bool
    athletics: int
    dexterity: int
    movement_ft: int


def encumbrance(
    *, brawn: int, held: Sequence[HeldItem] = (), costume: Costume | None = None, carried: Sequence[int] = ()
) -> Encumbrance:
    """Encumbrance from held items, costume, and people carried (2 each plus their own load; WD-EQUIP-007)."""
    load = (
        sum(i.encumbrance for i in held)
        + (costume.encumbrance if costume else 0)
        + sum(2 + c for c in carried)
    )
    over = load > brawn
    return Encumbrance(
        load=load,
        capacity=brawn,
        over=over,
        athletics=-1 if over else 0,
        dexterity=-1 if over else 0,
        movement_ft=-5 if over else 0,
    )


# -- reaching items, and what effects see of the gear (WD-EQUIP-003/004/019) ----------------------


class ItemAccess(Frozen):
    """What getting an item out takes: its action kind, and the rummage DC for a bag.

    Kinds match combat's: a quick belt item is a ``standard`` belt-item action;
    a bag is a ``lengthy`` rummage with DC = items in it; anything else carried
    takes a ``full`` action (OPEN WD-EQUIP-003).
    """

    action: str
    dc: int | None = None


def item_access(*, on_belt: bool = False, quick: bool = True, bag_items: int | None = None) -> ItemAccess:
    """How an item is reached: from the belt, from a bag, or from elsewhere (WD-EQUIP-003/004)."""
    if on_belt and quick:
        return ItemAccess(action="standard")
    if bag_items is not None:
        return ItemAccess(action="lengthy", dc=rummage_dc(bag_items))
    return ItemAccess(action="full")
