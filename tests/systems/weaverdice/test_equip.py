"""Equipment: held items and hands, belt slots, the costume grid and its tables, encumbrance."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.weaverdice.data_equipment import COSTUME_PIECES, SAMPLE_HELD_ITEMS, CostumeFamily, Size
from capeworks.systems.weaverdice.equipment import (
    BeltItem,
    Costume,
    HeldItem,
    PlacedPiece,
    belt_capacity,
    belt_layout,
    break_threshold,
    check_hands,
    damage_piece,
    encumbrance,
    fragile_slot_lost,
    inventory_encumbrance,
    item_access,
    piece_spec,
    repair_item,
    rummage_dc,
    sample_item,
    strip_bottom_feature,
)
from capeworks.systems.weaverdice.gear_damage import gear_facts
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.vocab import DamageType, Stat, WoundTier

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "000_6595eaca0229e06e.txt"
needs_seed = pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not beside this checkout")


def _seed_lines(first: int, last: int) -> str:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[first - 1 : last]).replace("\xa0", " ")


def _piece(key: str, cell: tuple[int, int], **kw: object) -> PlacedPiece:
    return PlacedPiece(key=key, cell=cell, **kw)  # type: ignore[arg-type]


# -- every costume row against the seed ----------------------------------------------------------


@needs_seed
@pytest.mark.rules(
    "WD-EQUIP-009",
    "WD-EQUIP-011",
    "WD-EQUIP-012",
    "WD-EQUIP-014",
    "WD-EQUIP-015",
    "WD-EQUIP-016",
    "WD-EQUIP-017",
)
@pytest.mark.parametrize("key", sorted(COSTUME_PIECES))
def test_costume_row__price_and_numbers_match_the_seed_lines(key: str) -> None:
    spec = COSTUME_PIECES[key]
    text = _seed_lines(*spec.source_lines)
    assert re.search(rf"^\${spec.price}$", text, flags=re.M)
    if spec.armor:
        assert "1 Armor" in text
    if spec.lost_cells:
        assert "-1 costume slot" in text
    if spec.break_on:
        assert f"{spec.break_on}+" in text or spec.reinforces_adjacent
    if spec.protects:
        words = {1: "one", 2: "two", 4: "four"}
        assert f"Protects {words[spec.protects]} other" in text
    if spec.belt_slots == 1:
        assert "an additional belt slot" in text
    if spec.belt_slots == 2:
        assert "two additional belt slots" in text
    if spec.rep_per_day:
        assert "+1 reputation/day" in text
    if spec.rep_kept_on:
        assert f"preserved on a rolled {spec.rep_kept_on}+" in text
    if spec.family in (CostumeFamily.ARMOR,) and spec.encumbrance == 1:
        assert "1 encumbrance" in text


@pytest.mark.rules(
    "WD-EQUIP-011", "WD-EQUIP-012", "WD-EQUIP-014", "WD-EQUIP-015", "WD-EQUIP-016", "WD-EQUIP-017"
)
def test_costume_rows__every_priced_piece_of_the_seed_is_here() -> None:
    # src 1032-1143: 3 armor + 3 reinforcement + 5 belts/pouches + 1 supply + 2 icons + 2 affiliations
    families = [s.family for s in COSTUME_PIECES.values()]
    assert len(COSTUME_PIECES) == 16
    assert families.count(CostumeFamily.ARMOR) == 3
    assert families.count(CostumeFamily.REINFORCEMENT) == 3
    assert families.count(CostumeFamily.BELT) == 5
    assert families.count(CostumeFamily.SUPPLY) == 1
    assert families.count(CostumeFamily.ICON) == 2
    assert families.count(CostumeFamily.AFFILIATION) == 2


@pytest.mark.rules("WD-EQUIP-011")
@pytest.mark.parametrize(
    ("key", "armor", "enc", "lost", "price"),
    [
        ("low_armor", 1, 2, 1, 100),  # "double the encumbrance" of 1
        ("armor", 1, 1, 1, 330),
        ("high_armor", 1, 1, 0, 1000),
    ],
)
def test_armor_rows(key: str, armor: int, enc: int, lost: int, price: int) -> None:
    s = piece_spec(key)
    assert (s.armor, s.encumbrance, s.lost_cells, s.price) == (armor, enc, lost, price)


@pytest.mark.rules("WD-EQUIP-016", "WD-EQUIP-017")
@pytest.mark.parametrize(
    ("key", "kept_on", "group_only", "social", "price"),
    [
        ("icon", None, False, 0, 25),
        ("high_icon", 4, False, 0, 75),
        ("affiliation", 4, True, 0, 25),
        ("high_affiliation", 2, True, 1, 75),
    ],
)
def test_rep_rows(key: str, kept_on: int | None, group_only: bool, social: int, price: int) -> None:
    s = piece_spec(key)
    assert s.rep_per_day == 1
    assert (s.rep_kept_on, s.group_only, s.affiliated_social_bonus, s.price) == (
        kept_on,
        group_only,
        social,
        price,
    )


@pytest.mark.rules("WD-EQUIP-005")
def test_piece_spec__unknown_key_names_the_known_ones() -> None:
    with pytest.raises(NotFound, match="low_armor"):
        piece_spec("kevlar")


# -- the worked example (WX-28) ------------------------------------------------------------------


def _wx28() -> Costume:
    return Costume(
        pieces=(
            _piece("low_reinforcement", (0, 0), protects=((2, 1),)),
            _piece("armor", (0, 1)),
            _piece("armor", (0, 2)),
            _piece("inventory", (2, 1), items=5),
            _piece("low_belt", (2, 0)),
            _piece("icon", (2, 2)),
        )
    )


@pytest.mark.rules(
    "WD-EQUIP-010", "WD-EQUIP-011", "WD-EQUIP-012", "WD-EQUIP-014", "WD-EQUIP-016", "WD-STAT-009"
)
def test_wx28__example_costume() -> None:
    c = _wx28()
    assert c.armor == 2
    assert c.encumbrance == 2  # 1 + 1 from the standard armors; 5 items < 12 add nothing
    assert c.used_cells == 8  # 6 pieces + 2 lost to "-1 costume slot" each
    assert c.capacity == 9
    assert belt_capacity(dexterity=3, costume=c) == 4  # Dex 3 + 1 low belt
    assert c.rep_per_day == 1
    assert rummage_dc(5) == 5
    assert c.price == 50 + 2 * 330 + 100 + 50 + 25  # 885
    # "Protected (On a 1-3)": the attacker needs 4+ to break the guarded piece
    assert break_threshold(c, (2, 1)) == 4


@pytest.mark.rules("WD-EQUIP-010", "WD-EQUIP-008")
def test_slots__lost_cells_count_and_progression_adds_slots() -> None:
    # four standard armors: 4 cells + 4 lost = 8; a fifth makes 10 > 9
    armors = (*(_piece("armor", (0, c)) for c in range(3)), _piece("armor", (1, 0)))
    assert Costume(pieces=armors).used_cells == 8
    five = (*armors, _piece("armor", (1, 1)))
    with pytest.raises(RuleViolation, match="needs 10 slots but has only 9") as err:
        Costume(pieces=five)
    assert err.value.rule_id == "WD-EQUIP-010"
    grown = Costume(pieces=five, extra_slots=1)  # an Equipment Slot box (even #): one more cell
    assert grown.capacity == 10 and grown.armor == 5


@pytest.mark.rules("WD-EQUIP-005", "WD-EQUIP-010")
def test_grid__a_cell_holds_one_piece_and_must_exist() -> None:
    with pytest.raises(RuleViolation, match="share one grid cell"):
        Costume(pieces=(_piece("icon", (0, 0)), _piece("low_belt", (0, 0))))
    with pytest.raises(RuleViolation, match="outside the costume grid"):
        Costume(pieces=(_piece("icon", (3, 0)),))
    assert Costume(pieces=(_piece("icon", (3, 0)),), extra_slots=1).at((3, 0)) is not None


# -- reinforcement and destruction ---------------------------------------------------------------


@pytest.mark.rules("WD-EQUIP-012", "WD-EQUIP-013")
@pytest.mark.parametrize(
    ("key", "threshold"),
    [("low_reinforcement", 4), ("reinforcement", 5), ("high_reinforcement", 6)],
)
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_reinforcement__attacker_needs_the_threshold_on_a_natural_d6(
    key: str, threshold: int, die: int
) -> None:
    c = Costume(pieces=(_piece(key, (1, 1), protects=((0, 1),)), _piece("icon", (0, 1))))
    out = damage_piece(c, (0, 1), die=die)
    assert out.threshold == threshold
    assert out.destroyed is (die >= threshold)
    assert out.costume.at((0, 1)).destroyed is (die >= threshold)  # type: ignore[union-attr]


@pytest.mark.rules("WD-EQUIP-012")
@pytest.mark.parametrize(
    ("key", "most"), [("low_reinforcement", 1), ("reinforcement", 2), ("high_reinforcement", 4)]
)
def test_reinforcement__protects_at_most_its_count_and_never_itself(key: str, most: int) -> None:
    cells = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2))
    others = tuple(_piece("icon", cell) for cell in cells)
    Costume(pieces=(_piece(key, (1, 1), protects=cells[:most]), *others))
    with pytest.raises(RuleViolation, match=f"at most {most} other"):
        Costume(pieces=(_piece(key, (1, 1), protects=cells[: most + 1]), *others))
    with pytest.raises(RuleViolation, match="not an empty cell"):
        Costume(pieces=(_piece(key, (1, 1), protects=cells[:1]),))
    with pytest.raises(RuleViolation, match="not itself"):
        Costume(pieces=(_piece(key, (1, 1), protects=((1, 1),)),))
    with pytest.raises(RuleViolation, match="Only reinforcement"):
        Costume(pieces=(_piece("icon", (1, 1), protects=((0, 0),)),))


@pytest.mark.rules("WD-EQUIP-011", "WD-EQUIP-013")
def test_high_armor__guards_orthogonal_neighbours_at_five() -> None:
    c = Costume(pieces=(_piece("high_armor", (1, 1)), _piece("icon", (0, 1)), _piece("low_belt", (0, 0))))
    assert break_threshold(c, (0, 1)) == 5  # above the armor
    assert break_threshold(c, (0, 0)) is None  # diagonal: not adjacent
    assert damage_piece(c, (0, 1), die=4).destroyed is False
    assert damage_piece(c, (0, 1), die=5).destroyed is True
    # the stronger guard counts: High Tier reinforcement (6+) beats the armor's 5+
    both = Costume(pieces=(*c.pieces, _piece("high_reinforcement", (2, 2), protects=((0, 1),))))
    assert break_threshold(both, (0, 1)) == 6


@pytest.mark.rules("WD-EQUIP-013")
def test_damage__protected_piece_needs_a_die_and_a_gone_piece_refuses() -> None:
    c = _wx28()
    with pytest.raises(RuleViolation, match="must roll a die"):
        damage_piece(c, (2, 1))
    with pytest.raises(RuleViolation, match="1 to 6"):
        damage_piece(c, (2, 1), die=7)
    with pytest.raises(RuleViolation, match="no costume piece"):
        damage_piece(c, (1, 1))
    out = damage_piece(c, (2, 2))
    with pytest.raises(RuleViolation, match="no costume piece"):
        damage_piece(out.costume, (2, 2))


@pytest.mark.rules("WD-EQUIP-014")
def test_belt_destroyed__drops_items_loses_slots_and_rattles_a_standard_belt() -> None:
    c = Costume(pieces=(_piece("low_belt", (0, 0)), _piece("belt", (0, 1)), _piece("armor", (2, 2))))
    assert belt_capacity(dexterity=3, costume=c) == 6  # 3 + 1 + 2
    out = damage_piece(c, (0, 0))
    assert out.destroyed and out.drops_belt_items
    assert out.fragile_checks == ((0, 1),)  # the standard belt is beside it
    assert belt_capacity(dexterity=3, costume=out.costume) == 5
    rattled = out.costume.model_copy(
        update={
            "pieces": tuple(
                p.model_copy(update={"fragile_lost": p.key == "belt"}) for p in out.costume.pieces
            )
        }
    )
    assert belt_capacity(dexterity=3, costume=rattled) == 4  # the fragile last slot is gone


@pytest.mark.rules("WD-EQUIP-014")
@pytest.mark.parametrize(
    ("die", "lost"), [(1, False), (2, False), (3, False), (4, True), (5, True), (6, True)]
)
def test_standard_belt__fragile_slot_breaks_on_four_plus(die: int, lost: bool) -> None:
    assert fragile_slot_lost(die, fragile_on=piece_spec("belt").fragile_on or 0) is lost


@pytest.mark.rules("WD-EQUIP-014")
@pytest.mark.parametrize(("over", "sides"), [(False, 3), (True, 6)])
def test_inventory_damaged__drops_1d3_or_1d6_items_but_survives(over: bool, sides: int) -> None:
    out = damage_piece(_wx28(), (2, 1), die=4, over_encumbered=over)
    assert out.destroyed is False
    assert out.inventory_drop_sides == sides
    assert out.costume.at((2, 1)).damaged  # type: ignore[union-attr]


@pytest.mark.rules("WD-EQUIP-014", "WD-EQUIP-003")
@pytest.mark.parametrize(
    ("items", "pounds", "enc"),
    [(5, None, 0), (11, None, 0), (12, None, 1), (24, None, 2), (0, 24, 0), (0, 25, 1), (0, 60, 2)],
)
def test_inventory__one_encumbrance_per_12_items_or_25_lb(items: int, pounds: int | None, enc: int) -> None:
    assert inventory_encumbrance(items=items, pounds=pounds) == enc


@pytest.mark.rules("WD-EQUIP-015")
def test_supply_destroyed__drops_contents_at_the_feet() -> None:
    out = damage_piece(Costume(pieces=(_piece("supply", (0, 0)),)), (0, 0))
    assert out.destroyed and out.supply_dropped and not out.drops_belt_items


@pytest.mark.rules("WD-EQUIP-016", "WD-EQUIP-017")
def test_icon_damaged__grants_no_rep_until_repaired() -> None:
    c = Costume(
        pieces=(_piece("high_icon", (0, 0), damaged=True), _piece("affiliation", (0, 1), group="Merchants"))
    )
    assert c.rep_per_day == 1  # only the affiliation
    with pytest.raises(RuleViolation, match="group it is tied to"):
        Costume(pieces=(_piece("affiliation", (0, 1)),))
    with pytest.raises(RuleViolation, match="Only an affiliation"):
        Costume(pieces=(_piece("icon", (0, 1), group="Merchants"),))


@pytest.mark.rules("WD-EQUIP-011")
def test_armor__a_wounded_armor_stops_counting_until_repaired() -> None:
    c = Costume(pieces=(_piece("armor", (0, 0), damaged=True), _piece("armor", (0, 1))))
    assert c.armor == 1


@pytest.mark.rules("WD-EQUIP-018")
def test_costume_qualifiers__coverage_helmet_skin_travel_with_the_costume() -> None:
    c = Costume(coverage=True, helmet=True)
    assert (c.coverage, c.helmet, c.skin) == (True, True, False)
    assert Costume().skin is False


# -- held items and hands ------------------------------------------------------------------------


@pytest.mark.rules("WD-EQUIP-001", "WD-EQUIP-002")
def test_hands__two_small_or_one_large() -> None:
    knife, bat, taser = sample_item("knife"), sample_item("baseball_bat"), sample_item("taser")
    check_hands([knife, taser])
    check_hands([bat])
    with pytest.raises(RuleViolation, match="two small items or one large") as err:
        check_hands([bat, knife])
    assert err.value.rule_id == "WD-EQUIP-002"
    assert "=" not in err.value.message
    check_hands([bat, sample_item("fist")])  # fists are the hands themselves


@pytest.mark.rules("WD-EQUIP-002", "WD-COMBAT-017")
def test_held_item__carries_damage_tier_keywords_and_attack_stat() -> None:
    axe = HeldItem(
        name="fire axe", damage=DamageType.CUT, tier=WoundTier.MODERATE, size=Size.LARGE, keywords=("heavy",)
    )
    assert axe.hands == 2 and axe.attack_stat == Stat.BRAWN
    with pytest.raises(RuleViolation, match="Brawn or Dexterity"):
        HeldItem(name="book", damage=DamageType.BASH, attack_stat=Stat.KNOWLEDGE)
    with pytest.raises(RuleViolation, match="at least a lesser"):
        HeldItem(name="feather", damage=DamageType.BASH, tier=WoundTier.SUPERFICIAL)


@needs_seed
@pytest.mark.rules("WD-EQUIP-002")
@pytest.mark.parametrize("key", sorted(SAMPLE_HELD_ITEMS))
def test_sample_items__cite_a_seed_line_naming_their_damage_type(key: str) -> None:
    spec = SAMPLE_HELD_ITEMS[key]
    line = _seed_lines(spec.source_line, spec.source_line)
    if 622 <= spec.source_line <= 628:
        assert spec.damage.value.capitalize() in line
        tier_word = "lesser" if spec.tier == WoundTier.LESSER else "moderate"
        assert re.search(tier_word, line)
    assert sample_item(key).damage == spec.damage


# -- belt ----------------------------------------------------------------------------------------


@pytest.mark.rules("WD-EQUIP-003", "WD-STAT-009", "WD-EQUIP-008")
def test_belt__dexterity_slots_then_items_are_slow_to_reach() -> None:
    # Dex 3: knife (1) + fire axe (2) fill three slots; the grenade is carried but not quick
    items = [BeltItem(name="knife"), BeltItem(name="fire axe", slots=2), BeltItem(name="smoke grenade")]
    layout = belt_layout(items, capacity=belt_capacity(dexterity=3))
    assert [i.name for i in layout.quick] == ["knife", "fire axe"]
    assert [i.name for i in layout.slow] == ["smoke grenade"]
    roomier = belt_layout(items, capacity=belt_capacity(dexterity=3, extra_slots=1))  # Equipment Slot box
    assert not roomier.slow


# -- encumbrance ---------------------------------------------------------------------------------


@pytest.mark.rules("WD-EQUIP-006", "WD-STAT-010")
@pytest.mark.parametrize(("brawn", "over"), [(1, True), (2, False), (3, False)])
def test_encumbrance__capacity_is_brawn_and_over_costs_a_flat_penalty(brawn: int, over: bool) -> None:
    c = Costume(pieces=(_piece("armor", (0, 0)), _piece("armor", (0, 1))))  # 2 encumbrance
    e = encumbrance(brawn=brawn, costume=c)
    assert (e.load, e.capacity, e.over) == (2, brawn, over)
    assert (e.athletics, e.dexterity, e.movement_ft) == ((-1, -1, -5) if over else (0, 0, 0))


@pytest.mark.rules("WD-EQUIP-007", "WD-EQUIP-006")
def test_encumbrance__carrying_a_person_adds_two_plus_their_load() -> None:
    # Brawn 4, carrying someone in low-tier armor (2): 2 + 2 = 4, not over; with a heavy item (1) it is 5 > 4
    assert encumbrance(brawn=4, carried=[2]).over is False
    heavy = HeldItem(name="sledge", damage=DamageType.BASH, encumbrance=1)
    e = encumbrance(brawn=4, carried=[2], held=[heavy])
    assert (e.load, e.over) == (5, True)


# -- effects on gear: stripped features, lost pieces, what the effect tables see ------------------


@pytest.mark.rules("WD-EQUIP-019", "WD-EQUIP-014", "WD-EQUIP-016", "WD-EQUIP-011")
def test_damaged_piece__needs_repair_and_stops_working() -> None:
    c = Costume(pieces=(_piece("low_belt", (0, 0)), _piece("icon", (0, 1)), _piece("armor", (1, 1))))
    belt = damage_piece(c, (0, 0), whole=False)
    assert (belt.destroyed, belt.drops_belt_items, belt.needs_repair) == (False, True, True)
    icon = damage_piece(belt.costume, (0, 1), whole=False)
    assert icon.costume.rep_per_day == 0  # an Icon needs repair before it grants more
    armor = damage_piece(icon.costume, (1, 1), whole=False)
    assert armor.costume.armor == 0
    assert armor.fragile_checks == ()  # only a destroyed neighbour rattles a standard belt


@pytest.mark.rules("WD-EQUIP-013")
def test_damage__a_protection_roll_made_elsewhere_is_not_made_twice() -> None:
    out = damage_piece(_wx28(), (2, 1), settled=True)
    assert out.threshold is None and out.inventory_drop_sides == 3


@pytest.mark.rules("WD-EQUIP-019")
def test_held_item__loses_its_bottom_feature_and_repair_restores_it() -> None:
    bat = HeldItem(name="nail bat", damage=DamageType.REND, keywords=("heavy", "nails"))
    worn = strip_bottom_feature(bat)
    assert (worn.keywords, worn.stripped) == (("heavy",), ("nails",))
    bare = strip_bottom_feature(worn)
    assert bare.keywords == () and bare.stripped == ("heavy", "nails")
    with pytest.raises(RuleViolation, match="no feature left"):
        strip_bottom_feature(bare)
    assert repair_item(bare).keywords == ("heavy", "nails")


@pytest.mark.rules("WD-EQUIP-018", "WD-EQUIP-012", "WD-EQUIP-019")
def test_gear_facts__what_the_effect_tables_see() -> None:
    # the table's reading of a sheet (gear_damage.gear_facts, what hit_of hands the effect tables)
    c = _wx28().model_copy(update={"coverage": True})
    ada = Character(id="ada", name="Ada", held=(sample_item("knife"), sample_item("screwdriver")), costume=c)
    gear, pieces, reinforced = gear_facts(ada)
    assert reinforced == {"inventory-21": 4}
    assert "knife" in gear and "screwdriver" not in gear  # the screwdriver has no keyword to lose
    assert len(pieces) == 6


@pytest.mark.rules("WD-EQUIP-003", "WD-EQUIP-004")
@pytest.mark.parametrize(
    ("kw", "action", "dc"),
    [
        ({"on_belt": True}, "standard", None),  # a belt-item action
        ({"on_belt": True, "quick": False, "bag_items": 5}, "lengthy", 5),  # past the slots, in the bag
        ({"bag_items": 5}, "lengthy", 5),  # rummage DC = items in the bag
        ({}, "full", None),  # a toolbox carried along
    ],
)
def test_item_access__belt_bag_or_elsewhere(kw: dict[str, object], action: str, dc: int | None) -> None:
    out = item_access(**kw)  # type: ignore[arg-type]
    assert (out.action, out.dc) == (action, dc)
