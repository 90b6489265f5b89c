"""The wound-effect tables (WD-WFX-010..027) as pure data, one entry per row.

Transcribed from the seed (src 636-788). The seed prints the tables side by
side (Cut | Bash | Pierce, then Rend | Burn | Shock) and its export flattened
them column by column (WD-WFX-009): the rows of the first column, then the
second's, then the third's. Every row below names the seed line it comes from.

A row says what it does in two layers: plain effects (statuses, knockback,
pain, a focus loss, a scarred wound) that :mod:`.wfx` applies as they stand,
and at most one :class:`Special` procedure (a choice, a save, a chain) that
:mod:`.wfx` resolves in code. The numbers the procedures use live here too.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from capeworks.engine.kit import Frozen
from capeworks.systems.weaverdice.vocab import BodyPart, DamageType, Status, WoundTier

__all__ = [
    "BISECT_TN",
    "CRITICAL_BASH_REPEAT_ON",
    "CRITICAL_BURN_TREATMENT_DC",
    "CRITICAL_PIERCE_AVOID_COST",
    "CRITICAL_REND_CANCEL_PER_DOT",
    "CRITICAL_SHOCK_REPEAT_ON",
    "EXEMPLARS",
    "REATTACH_WINDOW_MINUTES",
    "SHOCK_DRAIN_BASE",
    "SHOCK_REGAIN_PER_TURN",
    "SHOCK_REGAIN_RESTING",
    "TABLES",
    "LimbKind",
    "Row",
    "Special",
    "row_for",
    "table_for",
]


class LimbKind(StrEnum):
    """Arm or leg: what "Arm Pain" and "lose an arm" name before the target picks which one."""

    ARM = "arm"
    LEG = "leg"

    @property
    def parts(self) -> tuple[BodyPart, BodyPart]:
        """The two body parts of this kind."""
        if self is LimbKind.ARM:
            return (BodyPart.LEFT_ARM, BodyPart.RIGHT_ARM)
        return (BodyPart.LEFT_LEG, BodyPart.RIGHT_LEG)


class Special(StrEnum):
    """The procedures a row may need beyond its plain effects (resolved in :mod:`.wfx`)."""

    FADES_ON_REST = "fades_on_rest"  # the hit's own wound goes at the next rest (WD-WOUND-014)
    STUCK_OR_BLEEDING = "stuck_or_bleeding"  # Lesser Pierce 5
    ESCALATE = "escalate"  # Lesser Pierce 6: the wound becomes moderate, roll Moderate Pierce
    BRAWN_WHILE_BLEEDING = "brawn_while_bleeding"  # Moderate Cut 5: -1 Brawn until the bleeding stops
    HIGHEST_PHYSICAL = "highest_physical"  # Moderate Bash 4-5: -1 to the highest of Brawn/Athletics/Guts
    LIMB_PAIN_SCARRED = "limb_pain_scarred"  # Moderate Bash 6: pain in a limb (attacker's choice), scarring
    EXTRA_MODERATE = "extra_moderate"  # Moderate Pierce 3-4: another moderate wound, no effect roll
    DISABLE_LIMB = "disable_limb"  # Moderate Pierce 5
    HEADSHOT = "headshot"  # Moderate Pierce 6: dying, or knocked down with a helmet or a Recovery dot
    LOSE_ARM = "lose_arm"  # Critical Cut 1-2
    LOSE_LEG = "lose_leg"  # Critical Cut 3-4
    BISECT = "bisect"  # Critical Cut 5-6: Guts 7+ or die, +1 per effort dot
    PULVERIZE = "pulverize"  # Critical Bash: the repeating loss of stat points or parts
    DYING = "dying"  # Critical Pierce 1-3
    IMPALED = "impaled"  # Critical Pierce 4-6: slain unless three effort dots are spent
    GEAR_FEATURE = "gear_feature"  # a piece of gear loses its bottom feature (WD-WFX-007)
    REND_CHOICE = "rend_choice"  # Lesser Rend 3-6: scarring / bleeding / temporary -1 Brawn
    REND_CHOICE_X = "rend_choice_x"  # Moderate Rend 1-4: X of pain / bleeding / scarring / -2 physical
    COSTUME_LOST = "costume_lost"  # Moderate Rend 5-6: attacker names two pieces, target loses one
    TEMPORARY_WOUND = "temporary_wound"  # Burn: an extra lesser wound that goes away on its own
    SKIN_PAIN = "skin_pain"  # Lesser Burn 4-6: pain too when the costume is bottom tier or skin
    ONGOING = "ongoing"  # Moderate Burn 5-6: a wound at the end of each turn until a rest
    FOCUS_OR_OVERLOAD = "focus_or_overload"  # Lesser Shock 5-6
    SHOCK_CHOICE = "shock_choice"  # Moderate Shock 3-4: two of disarmed / knocked down / -1 Focus / dying
    SHOCK_DRAIN = "shock_drain"  # Moderate Shock 5-6: roll Guts, lose 10 - result stat points
    MANGLE = "mangle"  # Critical Rend: 1d4 - 1 long-term damage to every stat
    CONSUMING = "consuming"  # Critical Burn: a physical stat point lost every round until treated
    SHOCK_CHAIN = "shock_chain"  # Critical Shock: Moderate Shock 5-6, repeated on an even Guts die


class Row(Frozen):
    """One row of one effect table: its d6 range, plain effects and procedure."""

    low: int
    high: int
    #: seed line of the row's text
    src: int
    statuses: tuple[Status, ...] = ()
    #: pain of the attack's kind (physical unless the attack says otherwise, WD-WFX-006)
    pain: bool = False
    #: pain in a kind of limb ("arm pain"): the target picks which one (WD-WFX-005)
    pain_in: LimbKind | None = None
    knockback_ft: int = 0
    #: the target's next turn moves after the next enemies (WD-STATUS-010): a turn-order change
    delayed: bool = False
    focus_loss: int = 0
    #: the hit's own wound is scarring (WD-STATUS-007)
    scarred: bool = False
    special: Special | None = None
    #: how many options a choice row takes (0 when the die sets it, as in Moderate Rend)
    count: int = 0

    def covers(self, face: int) -> bool:
        """Does the d6 face land on this row?"""
        return self.low <= face <= self.high

    @property
    def chance(self) -> Fraction:
        """The exact chance one d6 lands on this row (shown before the effect roll)."""
        return Fraction(self.high - self.low + 1, 6)


_S = Status
_X = Special

#: every table, by damage type and wound tier; each row list partitions 1-6
TABLES: dict[tuple[DamageType, WoundTier], tuple[Row, ...]] = {
    # -- lesser: Cut | Bash | Pierce (src 636-668) --------------------------------------------
    (DamageType.CUT, WoundTier.LESSER): (
        Row(low=1, high=2, src=642),
        Row(low=3, high=3, src=644, statuses=(_S.BLEEDING,)),
        Row(low=4, high=4, src=646, scarred=True),
        Row(low=5, high=5, src=648, statuses=(_S.BLEEDING, _S.BLINDED)),
        Row(low=6, high=6, src=650, statuses=(_S.BLEEDING,), pain=True),
    ),
    (DamageType.BASH, WoundTier.LESSER): (
        Row(low=1, high=1, src=652, knockback_ft=5),
        Row(low=2, high=2, src=654, knockback_ft=10),
        Row(low=3, high=4, src=656, statuses=(_S.KNOCKED_DOWN,), special=_X.FADES_ON_REST),
        Row(low=5, high=5, src=658, statuses=(_S.DISARMED,)),
        Row(low=6, high=6, src=660, delayed=True, focus_loss=1),
    ),
    (DamageType.PIERCE, WoundTier.LESSER): (
        Row(low=1, high=2, src=662, special=_X.FADES_ON_REST),
        Row(low=3, high=4, src=664),
        Row(low=5, high=5, src=666, special=_X.STUCK_OR_BLEEDING),
        Row(low=6, high=6, src=668, special=_X.ESCALATE),
    ),
    # -- moderate: Cut | Bash | Pierce (src 670-698) ------------------------------------------
    (DamageType.CUT, WoundTier.MODERATE): (
        Row(low=1, high=2, src=676, statuses=(_S.BLEEDING,)),
        Row(low=3, high=3, src=678, pain_in=LimbKind.ARM),
        Row(low=4, high=4, src=680, pain_in=LimbKind.LEG),
        Row(low=5, high=5, src=682, statuses=(_S.BLEEDING,), special=_X.BRAWN_WHILE_BLEEDING),
        Row(low=6, high=6, src=684, statuses=(_S.DEATH_SENTENCE,)),
    ),
    (DamageType.BASH, WoundTier.MODERATE): (
        Row(low=1, high=3, src=686, statuses=(_S.KNOCKED_DOWN,), knockback_ft=10),
        Row(low=4, high=5, src=688, pain=True, special=_X.HIGHEST_PHYSICAL),
        Row(low=6, high=6, src=690, special=_X.LIMB_PAIN_SCARRED),
    ),
    (DamageType.PIERCE, WoundTier.MODERATE): (
        Row(low=1, high=2, src=692),
        Row(low=3, high=4, src=694, special=_X.EXTRA_MODERATE),
        Row(low=5, high=5, src=696, pain=True, special=_X.DISABLE_LIMB),
        Row(low=6, high=6, src=698, special=_X.HEADSHOT),
    ),
    # -- critical: Cut | Bash | Pierce (src 700-720) ------------------------------------------
    (DamageType.CUT, WoundTier.CRITICAL): (
        Row(low=1, high=2, src=706, special=_X.LOSE_ARM),
        Row(low=3, high=4, src=708, special=_X.LOSE_LEG),
        Row(low=5, high=6, src=712, special=_X.BISECT),
    ),
    (DamageType.BASH, WoundTier.CRITICAL): (Row(low=1, high=6, src=714, special=_X.PULVERIZE),),
    (DamageType.PIERCE, WoundTier.CRITICAL): (
        Row(low=1, high=3, src=718, special=_X.DYING),
        Row(low=4, high=6, src=720, special=_X.IMPALED),
    ),
    # -- lesser: Rend | Burn | Shock (src 722-746) --------------------------------------------
    (DamageType.REND, WoundTier.LESSER): (
        Row(low=1, high=2, src=728, special=_X.GEAR_FEATURE),
        Row(low=3, high=4, src=730, special=_X.REND_CHOICE, count=1),
        Row(low=5, high=6, src=732, special=_X.REND_CHOICE, count=2),
    ),
    (DamageType.BURN, WoundTier.LESSER): (
        Row(low=1, high=3, src=738, special=_X.TEMPORARY_WOUND),
        Row(low=4, high=6, src=740, scarred=True, special=_X.SKIN_PAIN),
    ),
    (DamageType.SHOCK, WoundTier.LESSER): (
        Row(low=1, high=2, src=742, statuses=(_S.BLINDED, _S.DEAFENED)),
        Row(low=3, high=4, src=744, pain=True),
        Row(low=5, high=6, src=746, special=_X.FOCUS_OR_OVERLOAD),
    ),
    # -- moderate: Rend | Burn | Shock (src 748-772) ------------------------------------------
    (DamageType.REND, WoundTier.MODERATE): (
        Row(low=1, high=4, src=754, special=_X.REND_CHOICE_X),
        Row(low=5, high=6, src=756, special=_X.COSTUME_LOST),
    ),
    (DamageType.BURN, WoundTier.MODERATE): (
        Row(low=1, high=2, src=760, special=_X.GEAR_FEATURE),
        Row(low=3, high=4, src=762, scarred=True, pain=True, special=_X.TEMPORARY_WOUND),
        Row(low=5, high=6, src=764, special=_X.ONGOING),
    ),
    (DamageType.SHOCK, WoundTier.MODERATE): (
        Row(low=1, high=2, src=766, statuses=(_S.HALF_ACTIONS,)),
        Row(low=3, high=4, src=768, special=_X.SHOCK_CHOICE, count=2),
        Row(low=5, high=6, src=770, special=_X.SHOCK_DRAIN),
    ),
    # -- critical: Rend | Burn | Shock (src 774-788): one procedure each, no row to roll ------
    (DamageType.REND, WoundTier.CRITICAL): (Row(low=1, high=6, src=780, special=_X.MANGLE),),
    (DamageType.BURN, WoundTier.CRITICAL): (Row(low=1, high=6, src=782, special=_X.CONSUMING),),
    (DamageType.SHOCK, WoundTier.CRITICAL): (Row(low=1, high=6, src=784, special=_X.SHOCK_CHAIN),),
}

#: what deals each type at each tier, as the seed lists them (WD-WFX-002, src 622-628)
EXEMPLARS: dict[tuple[DamageType, WoundTier], tuple[str, ...]] = {
    (DamageType.CUT, WoundTier.LESSER): ("glass", "small animals", "improvised blades"),
    (DamageType.CUT, WoundTier.MODERATE): ("combat knives", "claws or teeth of large animals"),
    (DamageType.CUT, WoundTier.CRITICAL): ("being bisected by large blades",),
    (DamageType.BASH, WoundTier.LESSER): ("fists", "short falls"),
    (DamageType.BASH, WoundTier.MODERATE): ("baseball bats", "clubs", "falls from 2-3 stories"),
    (DamageType.BASH, WoundTier.CRITICAL): ("being hit by a car", "falling from a tall building"),
    (DamageType.PIERCE, WoundTier.LESSER): ("screwdrivers", "darts"),
    (DamageType.PIERCE, WoundTier.MODERATE): ("spears", "arrows", "gunshots"),
    (DamageType.PIERCE, WoundTier.CRITICAL): ("being run through by a lance",),
    (DamageType.REND, WoundTier.LESSER): ("barbed wire", "improvised shivs"),
    (DamageType.REND, WoundTier.MODERATE): ("nail-studded bats", "chainsaws"),
    (DamageType.REND, WoundTier.CRITICAL): ("getting caught in industrial machinery",),
    (DamageType.BURN, WoundTier.LESSER): ("first degree burns", "under-the-counter chemicals"),
    (DamageType.BURN, WoundTier.MODERATE): ("white hot metal", "lasers", "explosions"),
    (DamageType.BURN, WoundTier.CRITICAL): ("consuming flames", "being doused in sulphuric acid"),
    (DamageType.SHOCK, WoundTier.LESSER): ("a taser", "flashbangs"),
    (DamageType.SHOCK, WoundTier.MODERATE): ("touching live electrical wires", "shockwaves from bomb blasts"),
    (DamageType.SHOCK, WoundTier.CRITICAL): ("being directly hit with lightning",),
}

# -- numbers the procedures use ------------------------------------------------------------------

#: Critical Cut: lost limbs reattach within 5 minutes, doubled per effort dot (src 710)
REATTACH_WINDOW_MINUTES = 5
#: Critical Cut 5-6: Guts 7+ or die, bisected (src 712)
BISECT_TN = 7
#: Critical Bash: the chain repeats on this d6 face or more, +1 per effort dot (src 714-716)
CRITICAL_BASH_REPEAT_ON = 2
#: Critical Pierce 4-6: three effort dots turn "slain" into "knocked down" (src 720)
CRITICAL_PIERCE_AVOID_COST = 3
#: Critical Rend: each effort dot cancels three points of the ability damage (src 780)
CRITICAL_REND_CANCEL_PER_DOT = 3
#: Critical Burn: outside treatment is a lengthy check to 12 (src 782)
CRITICAL_BURN_TREATMENT_DC = 12
#: Moderate Shock 5-6: lose 10 - the Guts result in stat points (src 770)
SHOCK_DRAIN_BASE = 10
#: ... and gain back 1 each turn, 3 while resting (src 772)
SHOCK_REGAIN_PER_TURN = 1
SHOCK_REGAIN_RESTING = 3
#: Critical Shock: the Guts numbers that repeat the drain, by effort dots spent first (src 784-788):
#: any even number (None), "4/6 only", "6 only". The number is the natural die unless the table's
#: ``parity_uses_natural_die`` is off, when it is the Guts total (WD-CORE-010).
CRITICAL_SHOCK_REPEAT_ON: dict[int, frozenset[int] | None] = {
    0: None,
    1: frozenset({4, 6}),
    2: frozenset({6}),
}


def table_for(damage: DamageType, tier: WoundTier) -> tuple[Row, ...]:
    """The rows of one table; superficial damage has none (WD-WOUND-001)."""
    if tier is WoundTier.SUPERFICIAL:
        return ()
    return TABLES[(damage, tier)]


def row_for(damage: DamageType, tier: WoundTier, face: int) -> Row:
    """The row a d6 face lands on; a face outside 1-6 is a ValueError (callers check dice first)."""
    for row in table_for(damage, tier):
        if row.covers(face):
            return row
    raise ValueError(f"no {tier.word} {damage.value} row for a d6 face of {face}")
