"""Data from the text: the difficulty ladder, effect and complication suggestions, critical targets.

Pure data (no logic), offered as suggestions in prompts; players may always
write their own (RWYN-EFFECT-001..003, RWYN-MIX-002/003, RWYN-CRIT-001,
RWYN-DESIGN-002 table T1).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "ACCOMPLISH",
    "COMPLICATION_SUGGESTIONS",
    "DIFFICULTY_LADDER",
    "EFFECT_SUGGESTIONS",
    "SILVER_LINING_SUGGESTIONS",
    "TAINT_SUGGESTIONS",
    "CritTarget",
    "difficulty_label",
    "ladder_top",
    "plural",
]

#: the first effect of every success (RWYN-EFFECT-001)
ACCOMPLISH = "I accomplish the task"

#: later effects the text names ("quickly", "smoothly", "silently", "etc.") and a few in the same spirit
EFFECT_SUGGESTIONS: tuple[str, ...] = (
    "quickly",
    "smoothly",
    "silently",
    "without leaving a trace",
    "impressively",
    "gaining an advantage",
)

#: what disaster successes add (src 11: "messiness, being spotted, losing an advantage")
COMPLICATION_SUGGESTIONS: tuple[str, ...] = (
    "messiness",
    "being spotted",
    "losing an advantage",
    "it takes longer",
    "something breaks",
)

#: a mixed failure's silver lining (RWYN-MIX-002)
SILVER_LINING_SUGGESTIONS: tuple[str, ...] = (
    "you learn something useful",
    "you keep your cover",
    "a new way in opens",
)

#: a mixed success's taint, less terrible than a disaster (RWYN-MIX-003)
TAINT_SUGGESTIONS: tuple[str, ...] = (
    "it costs more than expected",
    "someone is annoyed",
    "it is not quite what you wanted",
)

#: table T1 (src 47): the design discussion's success-count ladder
DIFFICULTY_LADDER: dict[int, str] = {
    1: "Simple",
    2: "Easy",
    3: "Moderate",
    4: "Tough",
    5: "Hard",
    6: "Impossible",
}


def plural(n: int, word: str) -> str:
    """``n`` of ``word`` in words that agree with the count: "1 success", "2 successes"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def ladder_top(difficulty_max: int) -> int:
    """What a plan or call keeps of a table's highest ordinary difficulty for its words: the table's
    own when it runs past the ladder (big pools: 10), 0 when the ladder as written serves (1-5, or
    1-6 when successes must reach the difficulty), so those payloads stay as they were."""
    return difficulty_max if difficulty_max > len(DIFFICULTY_LADDER) else 0


def difficulty_label(difficulty: int, top: int = 0) -> str:
    """The ladder's word for a difficulty (src 47: "Simple 1 ... Hard 5, Impossible 6+").

    ``top`` (:func:`ladder_top`): a table whose ordinary difficulties run past the ladder (big pools,
    src 53: abilities rated 1 to 10, difficulties 1-10) spreads Simple .. Hard over 1..``top`` (two
    steps each at 10) and calls only what lies above it Impossible; 0, the ladder as written, where
    6 and above are all Impossible.
    """
    if difficulty < 1:
        raise ValueError("difficulties start at 1")
    if top > len(DIFFICULTY_LADDER):
        if difficulty > top:
            return DIFFICULTY_LADDER[6]
        return DIFFICULTY_LADDER[-(-difficulty * 5 // top)]
    return DIFFICULTY_LADDER[min(difficulty, 6)]


class CritTarget(StrEnum):
    """What a player picks on a critical result to go well or badly (RWYN-CRIT-001)."""

    PLACE = "place"
    PERSON = "person"
    CIRCUMSTANCE = "circumstance"
