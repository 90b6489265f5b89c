"""Task rolls (BPB-ROLL, BPB-MOD, BPB-TAKE, BPB-XS-001): 2d6 + attribute + bonus vs a difficulty.

Pure functions: the difficulty ladder, opposed difficulty, which circumstance
modifiers apply (only the largest attack bonus and the largest defense bonus,
plus the cumulative held-item and range-band additions), whether a task can be
tried at all, what the player may take instead of rolling, and the verdict.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from capeworks.engine.kit import Frozen
from capeworks.errors import RuleViolation

__all__ = [
    "ATTACK_BONUSES",
    "DEFENSE_BONUSES",
    "LADDER",
    "Take",
    "Task",
    "Verdict",
    "allowed_takes",
    "attack_bonus",
    "attack_why",
    "defense_bonus",
    "defense_terms",
    "difficulty_words",
    "judge",
    "opposed",
    "pace_terms",
]

#: BPB-ROLL-004/006, table T4: the difficulty ladder (easy needs no roll)
LADDER: dict[str, int | None] = {
    "easy": None,
    "routine": 9,
    "challenging": 12,
    "demanding": 15,
    "frustrating": 18,
    "nigh-impossible": 21,
}

#: T5: circumstances favouring the attacker, added to the roll (BPB-MOD-001)
ATTACK_BONUSES: dict[str, int] = {
    "defender_walking": 0,
    "defender_cant_see": 3,
    "defender_restrained": 3,
    "defender_surprised": 3,
    "defender_blind": 6,
    "defender_helpless": 6,
}

#: T6: circumstances favouring the defender, added to the difficulty (BPB-MOD-001); "interposed"
#: is a grappler hiding behind the one they hold (BPB-GRAB-007)
DEFENSE_BONUSES: dict[str, int] = {
    "attacker_walking": 0,
    "attacker_cant_see": 3,
    "attacker_restrained": 3,
    "attacker_running": 3,
    "defender_sprinting": 3,
    "interposed": 3,
    "attacker_blind": 6,
    "attacker_sprinting": 6,
}

#: BPB-MOD-003: attacking a held item adds this on top of the largest defense bonus
HELD_ITEM = 3
#: BPB-RANGE-003: each range band beyond the weapon's
PER_BAND = 3
#: BPB-ROLL-005: the most 2d6 can add
MAX_2D6 = 12


def _known(names: Iterable[str], table: dict[str, int], what: str) -> list[int]:
    out = []
    for n in names:
        if n not in table:
            raise RuleViolation("BPB-MOD-001", f"There is no {what} {n!r}; known: {', '.join(table)}.")
        out.append(table[n])
    return out


def sides(circumstances: Iterable[str]) -> tuple[list[str], list[str]]:
    """BPB-MOD-001: the named circumstances as (attack bonuses, defense bonuses); a name in neither table
    is refused with both tables' names, so the player sees every one they might have meant."""
    listed = list(circumstances)
    unknown = [n for n in listed if n not in ATTACK_BONUSES and n not in DEFENSE_BONUSES]
    if unknown:
        raise RuleViolation(
            "BPB-MOD-001",
            f"There is no circumstance {unknown[0]!r}; attack bonuses: {', '.join(ATTACK_BONUSES)};"
            f" defense bonuses: {', '.join(DEFENSE_BONUSES)}.",
        )
    return [n for n in listed if n in ATTACK_BONUSES], [n for n in listed if n in DEFENSE_BONUSES]


def attack_bonus(circumstances: Iterable[str]) -> int:
    """BPB-MOD-002: only the single largest attack bonus applies."""
    return max(_known(circumstances, ATTACK_BONUSES, "attack bonus"), default=0)


def attack_why(circumstances: Iterable[str]) -> str:
    """The circumstance whose attack bonus applies ("defender helpless"), for the words; "" for none."""
    known = list(circumstances)
    sizes = _known(known, ATTACK_BONUSES, "attack bonus")
    size, name = max(zip(sizes, known, strict=True), default=(0, ""))
    return name.replace("_", " ") if size else ""


def defense_bonus(circumstances: Iterable[str], *, held_item: bool = False, extra_bands: int = 0) -> int:
    """BPB-MOD-002/003, BPB-RANGE-003: the largest defense bonus, plus +3 for a held item and per band."""
    return sum(n for _, n in defense_terms(circumstances, held_item=held_item, extra_bands=extra_bands))


def defense_terms(
    circumstances: Iterable[str], *, held_item: bool = False, extra_bands: int = 0
) -> list[tuple[str, int]]:
    """The defense bonus's parts, each named: the largest circumstance's (BPB-MOD-002; "attacker
    restrained"), a held item's (BPB-MOD-003) and the range bands' (BPB-RANGE-003), so a refusal can say
    where a difficulty came from."""
    known = list(circumstances)
    sizes = _known(known, DEFENSE_BONUSES, "defense bonus")
    out = [max(zip(sizes, known, strict=True))[::-1]] if known else []
    out += [("held item", HELD_ITEM)] if held_item else []
    bands = f"{extra_bands} range band{'' if extra_bands == 1 else 's'} beyond"
    out += [(bands, PER_BAND * extra_bands)] if extra_bands > 0 else []
    return [(_TERM_WORDS.get(name, name.replace("_", " ")), n) for name, n in out if n]


#: a defense bonus whose key reads wrong as words: the one held as a shield (BPB-GRAB-007, src 331)
_TERM_WORDS = {"interposed": "human shield"}


def pace_terms(extra: int) -> list[tuple[str, int]]:
    """BPB-MOVE-007 (src 103): the +3 of a run or the +6 of a sprint, named, as a difficulty's part."""
    return [("running" if extra == 3 else "sprinting", extra)] if extra else []


def opposed(defender_attribute: int) -> int:
    """BPB-ROLL-007: the difficulty of an opposed task, 8 + the defender's attribute."""
    return 8 + defender_attribute


class Take(StrEnum):
    """What a player may use instead of rolling 2d6 (BPB-TAKE)."""

    ROLL = "roll"
    AVERAGE = "average"  # 7
    MAX = "max"  # 12


TAKEN: dict[Take, int] = {Take.AVERAGE: 7, Take.MAX: 12}


def allowed_takes(
    *, pressure: bool, penalty: bool, time_limit: bool, capped: bool = False
) -> tuple[Take, ...]:
    """BPB-TAKE-001/002: average without pressure and (no penalty or no time limit); max with neither.

    ``capped``: the GM set a maximum number of attempts, which marks "a time limit or a penalty for
    failure" (src 206): one of the two is there, so never the max; the average still follows the boxes.
    """
    out = [Take.ROLL]
    if not pressure and (not penalty or not time_limit):
        out.append(Take.AVERAGE)
    if not pressure and not penalty and not time_limit and not capped:
        out.append(Take.MAX)
    return tuple(out)


class Task(Frozen):
    """One task roll as the rules set it: 2d6 + ``attribute`` + ``bonus`` vs ``difficulty``."""

    attribute: int
    bonus: int = 0
    difficulty: int
    expertise: bool = False
    #: BPB-XS-009: exploding attacks never score an extreme success
    can_extreme: bool = True

    @property
    def need(self) -> int:
        """The 2d6 total that succeeds."""
        return self.difficulty - self.attribute - self.bonus

    @property
    def impossible(self) -> bool:
        """BPB-ROLL-005: the dice cannot reach the difficulty."""
        return self.need > MAX_2D6

    @property
    def extreme_need(self) -> int | None:
        """BPB-XS-001: the 2d6 total for an extreme success (difficulty + 3, with expertise)."""
        return self.need + 3 if self.expertise and self.can_extreme else None

    def require_possible(self, what: str = "", parts: Sequence[tuple[str, int]] = ()) -> None:
        """Refuse a task 2d6 cannot reach (BPB-ROLL-005); ``what``, the roll as the log would say it ("Agent
        Brandt attacks Ganyeka (Knife)"), names whose roll at what; ``parts``, the difficulty's named terms
        ("8", "Prowess 4", "3 (attacker restrained)"): any roll's refusal (an attack, a block, a called task)
        says where a difficulty of more than one part came from."""
        if self.impossible:
            difficulty = difficulty_words(self.difficulty, parts if len(parts) > 1 else ())
            raise RuleViolation(
                "BPB-ROLL-005",
                f"{what + ': impossible,' if what else 'Impossible:'} difficulty {difficulty}"
                f" is more than 12 above {self.attribute + self.bonus}, so no roll can reach it.",
            )


def difficulty_words(difficulty: int, parts: Sequence[tuple[str, int]] = ()) -> str:
    """A difficulty as the table says it: its named parts and their sum ("8 + Prowess 4 + 3 (interposed) =
    15"), or the number alone when no parts are given."""
    return f"{' + '.join(_term(*p) for p in parts)} = {difficulty}" if parts else str(difficulty)


def _term(name: str, n: int) -> str:
    """A difficulty's term: the base ("8"), an attribute ("Prowess 4"), a modifier ("3 (held item)")."""
    return str(n) if not name else f"{name} {n}" if name[0].isupper() else f"{n} ({name})"


class Verdict(Frozen):
    """A judged roll: the 2d6 used, the total, success and extreme success."""

    dice: int
    total: int
    success: bool
    extreme: bool


def judge(task: Task, dice: int) -> Verdict:
    """BPB-ROLL-001, BPB-XS-001: success iff total >= difficulty; extreme at +3 with expertise."""
    total = dice + task.attribute + task.bonus
    success = total >= task.difficulty
    extreme = success and task.extreme_need is not None and dice >= task.extreme_need
    return Verdict(dice=dice, total=total, success=success, extreme=extreme)
