"""Gear, movement, falling and grapple tables, transcribed from the seed as pure data.

Every costume piece (WD-EQUIP-011..017: armor, reinforcement, belts & pouches,
supply, icon, affiliation), the falling/thrown table (WD-MOVE-009), the
movement costs (WD-STAT-008, WD-MOVE-002/005/007), the grapple option costs
(WD-GRAPPLE-008) and sample held items drawn from the damage-type exemplars
(WD-WFX-002). Each row names the seed lines it comes from; logic lives in
``equipment.py``, ``movement.py`` and ``grapple.py``.
"""

from __future__ import annotations

from enum import StrEnum

from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.vocab import DamageType, Stat, WoundTier

__all__ = [
    "BASE_MOVE_FT",
    "CLIMB_FACTOR",
    "COSTUME_GRID",
    "COSTUME_PIECES",
    "FALL_ROWS",
    "GRAPPLE_OPTIONS",
    "HAND_COUNT",
    "JUMP_COST_FT",
    "JUMP_FT",
    "JUMP_RUN_UP_FT",
    "MOVE_CAP_FACTOR",
    "MOVE_FT_PER_ATHLETICS",
    "SAMPLE_HELD_ITEMS",
    "SHORTHAND_COST",
    "SPRINT_BONUSES",
    "STEP_FT",
    "UNEVEN_FACTOR",
    "CostumeFamily",
    "FallOption",
    "FallRow",
    "GearTier",
    "GrappleOption",
    "GrappleOptionSpec",
    "HeldItemSpec",
    "PieceSpec",
    "Size",
]


# -- costume (WD-EQUIP-005, -009..017) ----------------------------------------------------------

#: the starting costume grid, rows x columns (src 1019)
COSTUME_GRID = (3, 3)


class CostumeFamily(StrEnum):
    """The kinds of costume piece the seed prices (src 1032-1143)."""

    ARMOR = "armor"
    REINFORCEMENT = "reinforcement"
    BELT = "belt"
    SUPPLY = "supply"
    ICON = "icon"
    AFFILIATION = "affiliation"


class GearTier(StrEnum):
    """The three rough quality tiers (src 1030); the seed's "Mid-tier" is the standard one."""

    LOW = "low"
    STANDARD = "standard"
    HIGH = "high"


class PieceSpec(Frozen):
    """One priced costume piece, as its row in the seed reads.

    ``lost_cells`` counts grid cells lost beyond the piece's own cell ("-1
    costume slot", WD-EQUIP-010). ``break_on`` is the natural d6 an attacker
    needs to destroy a piece this one protects (WD-EQUIP-012/013);
    ``protects`` how many other pieces it can be designated to protect.
    ``rep_kept_on`` is the d6 roll at which a rep point it granted is kept
    after use (None: it is spent).
    """

    key: str
    family: CostumeFamily
    tier: GearTier
    price: int
    source_lines: tuple[int, int]
    armor: int = 0
    encumbrance: int = 0
    lost_cells: int = 0
    belt_slots: int = 0
    fragile_slots: int = 0
    fragile_on: int | None = None
    protects: int = 0
    break_on: int | None = None
    reinforces_adjacent: bool = False
    hides_items: bool = False
    inventory: bool = False
    supply: bool = False
    rep_per_day: int = 0
    rep_kept_on: int | None = None
    group_only: bool = False
    affiliated_social_bonus: int = 0


def _pieces(*specs: PieceSpec) -> dict[str, PieceSpec]:
    return {s.key: s for s in specs}


#: every costume piece in the seed, by key (src 1032-1143)
COSTUME_PIECES: dict[str, PieceSpec] = _pieces(
    # Armor: +1 armor = one more wound slot that takes one hit (src 1032)
    PieceSpec(
        key="low_armor",
        family=CostumeFamily.ARMOR,
        tier=GearTier.LOW,
        price=100,
        source_lines=(1034, 1038),
        armor=1,
        encumbrance=2,  # "double the encumbrance" of the standard piece's 1
        lost_cells=1,
    ),
    PieceSpec(
        key="armor",
        family=CostumeFamily.ARMOR,
        tier=GearTier.STANDARD,
        price=330,
        source_lines=(1040, 1044),
        armor=1,
        encumbrance=1,
        lost_cells=1,
    ),
    PieceSpec(
        key="high_armor",
        family=CostumeFamily.ARMOR,
        tier=GearTier.HIGH,
        price=1000,
        source_lines=(1046, 1050),
        armor=1,
        encumbrance=1,
        reinforces_adjacent=True,
        break_on=5,  # OPEN WD-EQUIP-011: adjacent pieces protected at Standard strength
    ),
    # Reinforcement: protects designated pieces from destruction, not from wounds (src 1052)
    PieceSpec(
        key="low_reinforcement",
        family=CostumeFamily.REINFORCEMENT,
        tier=GearTier.LOW,
        price=50,
        source_lines=(1054, 1058),
        protects=1,
        break_on=4,
    ),
    PieceSpec(
        key="reinforcement",
        family=CostumeFamily.REINFORCEMENT,
        tier=GearTier.STANDARD,
        price=150,
        source_lines=(1060, 1064),
        protects=2,
        break_on=5,
    ),
    PieceSpec(
        key="high_reinforcement",
        family=CostumeFamily.REINFORCEMENT,
        tier=GearTier.HIGH,
        price=500,
        source_lines=(1066, 1070),
        protects=4,
        break_on=6,
    ),
    # Belts & pouches: items drop if the piece is damaged (src 1073)
    PieceSpec(
        key="low_belt",
        family=CostumeFamily.BELT,
        tier=GearTier.LOW,
        price=50,
        source_lines=(1075, 1079),
        belt_slots=1,
    ),
    PieceSpec(
        key="belt",
        family=CostumeFamily.BELT,
        tier=GearTier.STANDARD,
        price=150,
        source_lines=(1081, 1085),
        belt_slots=2,
        fragile_slots=1,  # "final belt slot is fragile"
        fragile_on=4,  # "roll, happens on a 4+"
    ),
    PieceSpec(
        key="secret_pouch",
        family=CostumeFamily.BELT,
        tier=GearTier.STANDARD,
        price=100,
        source_lines=(1087, 1092),
        belt_slots=1,
        hides_items=True,
    ),
    PieceSpec(
        key="inventory",
        family=CostumeFamily.BELT,
        tier=GearTier.STANDARD,
        price=100,
        source_lines=(1094, 1099),
        inventory=True,
    ),
    PieceSpec(
        key="high_belt",
        family=CostumeFamily.BELT,
        tier=GearTier.HIGH,
        price=500,
        source_lines=(1101, 1105),
        belt_slots=2,
    ),
    # Supply: a power's material carried along; encumbrance and other tiers are the GM's (src 1107)
    PieceSpec(
        key="supply",
        family=CostumeFamily.SUPPLY,
        tier=GearTier.STANDARD,
        price=125,
        source_lines=(1109, 1113),
        supply=True,
    ),
    # Icon: reputation per day while out in costume (src 1115)
    PieceSpec(
        key="icon",
        family=CostumeFamily.ICON,
        tier=GearTier.STANDARD,
        price=25,
        source_lines=(1117, 1121),
        rep_per_day=1,
    ),
    PieceSpec(
        key="high_icon",
        family=CostumeFamily.ICON,
        tier=GearTier.HIGH,
        price=75,
        source_lines=(1123, 1129),
        rep_per_day=1,
        rep_kept_on=4,
    ),
    # Affiliation: reputation usable only with one group (src 1131)
    PieceSpec(
        key="affiliation",
        family=CostumeFamily.AFFILIATION,
        tier=GearTier.STANDARD,
        price=25,
        source_lines=(1133, 1137),
        rep_per_day=1,
        rep_kept_on=4,
        group_only=True,
    ),
    PieceSpec(
        key="high_affiliation",
        family=CostumeFamily.AFFILIATION,
        tier=GearTier.HIGH,
        price=75,
        source_lines=(1139, 1143),
        rep_per_day=1,
        rep_kept_on=2,
        group_only=True,
        affiliated_social_bonus=1,
    ),
)


# -- held items (WD-EQUIP-002, WD-WFX-002) ------------------------------------------------------

#: a character's hands: two small items or one large one (src 1015)
HAND_COUNT = 2


class Size(StrEnum):
    """How many hands an item takes (src 1015) and belt slots it fills (src 177)."""

    SMALL = "small"
    LARGE = "large"


class HeldItemSpec(Frozen):
    """A sample held item: damage type and tier from the seed's exemplars (src 622-628).

    Hands and keywords are our reading of the fiction (a bat is swung in two
    hands); the seed leaves them to the table, so characters may define their own.
    """

    key: str
    damage: DamageType
    tier: WoundTier
    attack_stat: Stat
    size: Size = Size.SMALL
    keywords: tuple[str, ...] = ()
    ranged: bool = False
    targets: int = 1
    source_line: int


def _items(*specs: HeldItemSpec) -> dict[str, HeldItemSpec]:
    return {s.key: s for s in specs}


_B, _D = Stat.BRAWN, Stat.DEXTERITY
_L, _M = WoundTier.LESSER, WoundTier.MODERATE

#: sample items per damage type: hefty ones on Brawn, very light ones on Dexterity (src 248, 258)
SAMPLE_HELD_ITEMS: dict[str, HeldItemSpec] = _items(
    HeldItemSpec(
        key="fist", damage=DamageType.BASH, tier=_L, attack_stat=_B, keywords=("fist",), source_line=623
    ),
    HeldItemSpec(
        key="broken_bottle",
        damage=DamageType.CUT,
        tier=_L,
        attack_stat=_D,
        keywords=("improvised", "fragile"),
        source_line=622,
    ),
    HeldItemSpec(
        key="knife", damage=DamageType.CUT, tier=_M, attack_stat=_D, keywords=("light",), source_line=622
    ),
    HeldItemSpec(
        key="machete",
        damage=DamageType.CUT,
        tier=_M,
        attack_stat=_B,
        keywords=("wide swing",),
        source_line=1013,
    ),
    HeldItemSpec(
        key="baseball_bat",
        damage=DamageType.BASH,
        tier=_M,
        attack_stat=_B,
        size=Size.LARGE,
        keywords=("heavy",),
        source_line=623,
    ),
    HeldItemSpec(
        key="pipe", damage=DamageType.BASH, tier=_M, attack_stat=_B, keywords=("improvised",), source_line=572
    ),
    HeldItemSpec(key="screwdriver", damage=DamageType.PIERCE, tier=_L, attack_stat=_D, source_line=624),
    HeldItemSpec(
        key="spear",
        damage=DamageType.PIERCE,
        tier=_M,
        attack_stat=_B,
        size=Size.LARGE,
        keywords=("reach",),
        source_line=624,
    ),
    HeldItemSpec(
        key="pistol",
        damage=DamageType.PIERCE,
        tier=_M,
        attack_stat=_D,
        keywords=("gun",),
        ranged=True,
        source_line=624,
    ),
    HeldItemSpec(
        key="shiv", damage=DamageType.REND, tier=_L, attack_stat=_D, keywords=("improvised",), source_line=625
    ),
    HeldItemSpec(
        key="nail_bat",
        damage=DamageType.REND,
        tier=_M,
        attack_stat=_B,
        size=Size.LARGE,
        keywords=("heavy",),
        source_line=625,
    ),
    HeldItemSpec(
        key="chainsaw",
        damage=DamageType.REND,
        tier=_M,
        attack_stat=_B,
        size=Size.LARGE,
        keywords=("heavy", "loud"),
        source_line=625,
    ),
    HeldItemSpec(
        key="chemical_spray",
        damage=DamageType.BURN,
        tier=_L,
        attack_stat=_D,
        keywords=("improvised",),
        source_line=627,
    ),
    HeldItemSpec(key="taser", damage=DamageType.SHOCK, tier=_L, attack_stat=_D, source_line=628),
    HeldItemSpec(
        key="fire_axe",
        damage=DamageType.CUT,
        tier=_M,
        attack_stat=_B,
        size=Size.LARGE,
        keywords=("heavy",),
        source_line=177,
    ),
    HeldItemSpec(
        key="scythe",
        damage=DamageType.CUT,
        tier=_M,
        attack_stat=_B,
        size=Size.LARGE,
        keywords=("sweep",),
        targets=3,
        source_line=888,
    ),
)


# -- movement (WD-STAT-008, WD-MOVE-002, -005, -007) --------------------------------------------

#: movement per move action at Athletics 3, and per point of Athletics above or below (src 880)
BASE_MOVE_FT = 30
MOVE_FT_PER_ATHLETICS = 5
#: distances come in 5 ft steps, rounding up (src 890)
STEP_FT = 5
#: uneven ground costs twice, climbing three times (src 882-883)
UNEVEN_FACTOR = 2
CLIMB_FACTOR = 3
#: a 5 ft jump costs 10 ft; horizontal jumps need 10 ft of lead-up (src 884)
JUMP_FT = 5
JUMP_COST_FT = 10
JUMP_RUN_UP_FT = 10
#: sprint: Athletics total at or above the key adds the feet (src 890); checked highest first
SPRINT_BONUSES: tuple[tuple[int, int], ...] = ((6, 10), (4, 5))
#: skills, Stamina and sprinting never carry one past 2.5x baseline movement (src 890)
MOVE_CAP_FACTOR = 2.5


# -- falling and thrown (WD-MOVE-009) -----------------------------------------------------------


class FallOption(Frozen):
    """One way to take a fall: a wound of a tier and/or a roll on a Bash effect table (None: not this)."""

    wound: WoundTier | None
    bash_effect: WoundTier | None


class FallRow(Frozen):
    """One row of the falling table: upper bounds in feet and what the faller takes.

    Several options mean the faller chooses one (OPEN WD-MOVE-009). A row
    with ``check_tn`` is the Athletics row: failing takes ``options``, success
    is treated as ``on_success_row``.
    """

    row: int
    fell_max_ft: int
    thrown_max_ft: int
    options: tuple[FallOption, ...]
    check_tn: int | None = None
    on_success_row: int | None = None
    source_line: int


_LW, _LB = FallOption(wound=_L, bash_effect=None), FallOption(wound=None, bash_effect=_L)

#: the table (src 894-928); falls and throws past the last row stay on it with a harder roll
FALL_ROWS: tuple[FallRow, ...] = (
    FallRow(row=1, fell_max_ft=5, thrown_max_ft=10, options=(_LW, _LB), source_line=904),
    FallRow(
        row=2,
        fell_max_ft=10,
        thrown_max_ft=20,
        options=(FallOption(wound=_L, bash_effect=_L),),
        source_line=910,
    ),
    FallRow(
        row=3,
        fell_max_ft=15,
        thrown_max_ft=30,
        options=(FallOption(wound=_L, bash_effect=_M), FallOption(wound=_M, bash_effect=_L)),
        source_line=916,
    ),
    FallRow(
        row=4,
        fell_max_ft=20,
        thrown_max_ft=40,
        options=(FallOption(wound=_M, bash_effect=_M),),
        source_line=922,
    ),
    FallRow(
        row=5,
        fell_max_ft=25,
        thrown_max_ft=50,
        options=(FallOption(wound=WoundTier.CRITICAL, bash_effect=WoundTier.CRITICAL),),
        check_tn=4,
        on_success_row=4,
        source_line=928,
    ),
)


# -- grappling (WD-GRAPPLE-007, -008) -----------------------------------------------------------


class GrappleOption(StrEnum):
    """What a winning grappler buys with the margin (src 938-988)."""

    HOLD = "hold"
    RESTRAIN = "restrain"
    DRAG = "drag"
    PUSH = "push"
    THROW = "throw"
    DISARM = "disarm"
    WREST = "wrest"
    CHOKE = "choke"
    MEATSHIELD = "meatshield"


class GrappleOptionSpec(Frozen):
    """An option's cost range in margin points and its constraints.

    ``ft_per_step`` and ``points_per_step`` price a distance (OPEN WD-GRAPPLE-008:
    Drag and Throw 1 point per 5 ft; Push 2 points per 5 ft, so 3 points still
    push 5 ft). ``from_round`` is the first grapple round it is allowed in.
    """

    option: GrappleOption
    min_cost: int
    max_cost: int
    source_line: int
    points_per_step: int = 0
    min_ft: int = 0
    max_ft: int = 0
    from_round: int = 1
    breaks_grapple: bool = False


#: the option table (src 936-988); Hold costs nothing and banks what is left
GRAPPLE_OPTIONS: dict[GrappleOption, GrappleOptionSpec] = {
    s.option: s
    for s in (
        GrappleOptionSpec(option=GrappleOption.HOLD, min_cost=0, max_cost=0, source_line=940),
        GrappleOptionSpec(option=GrappleOption.RESTRAIN, min_cost=1, max_cost=1, source_line=946),
        GrappleOptionSpec(
            option=GrappleOption.DRAG,
            min_cost=1,
            max_cost=2,
            points_per_step=1,
            min_ft=5,
            max_ft=10,
            from_round=2,
            source_line=952,
        ),
        GrappleOptionSpec(
            option=GrappleOption.PUSH,
            min_cost=2,
            max_cost=4,
            points_per_step=2,
            min_ft=5,
            max_ft=10,
            breaks_grapple=True,
            source_line=958,
        ),
        GrappleOptionSpec(
            option=GrappleOption.THROW,
            min_cost=1,
            max_cost=3,
            points_per_step=1,
            min_ft=5,
            max_ft=15,
            from_round=2,
            breaks_grapple=True,
            source_line=964,
        ),
        GrappleOptionSpec(option=GrappleOption.DISARM, min_cost=2, max_cost=2, source_line=970),
        GrappleOptionSpec(option=GrappleOption.WREST, min_cost=3, max_cost=3, source_line=976),
        GrappleOptionSpec(option=GrappleOption.CHOKE, min_cost=2, max_cost=2, source_line=982),
        GrappleOptionSpec(option=GrappleOption.MEATSHIELD, min_cost=2, max_cost=2, source_line=988),
    )
}

#: GM shorthand: every appropriate action costs 2 points of margin (src 934)
SHORTHAND_COST = 2
