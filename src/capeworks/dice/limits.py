"""Documented limits on dice requests, so hostile or mistaken input cannot hang a table.

Every limit is checked when notation is parsed (dice counts, sides, length) or
before exact odds are worked out (the size of the work); going past one raises
:class:`~capeworks.errors.LimitExceeded` with a sentence saying which limit.
"""

from __future__ import annotations

__all__ = [
    "MAX_DICE_PER_TERM",
    "MAX_DICE_TOTAL",
    "MAX_EXACT_WORK",
    "MAX_EXPRESSION_LENGTH",
    "MAX_EXTRA_ROLLS",
    "MAX_SIDES",
    "MAX_SUPPORT",
]

#: longest notation accepted, in characters
MAX_EXPRESSION_LENGTH = 200
#: the longest label (``1d20[attack]``) and comment (``1d20 # sword``) in a dice expression
MAX_LABEL = 40
MAX_COMMENT = 120
#: most dice in one term such as ``1000d6``
MAX_DICE_PER_TERM = 1000
#: most dice in a whole expression, all terms together
MAX_DICE_TOTAL = 1000
#: most sides on one die
MAX_SIDES = 1000
#: widest range of outcomes (highest minus lowest plus one) an exact distribution may span
MAX_SUPPORT = 200_000
#: most elementary steps one exact-odds question may cost, all its parts together:
#: Python-level steps of each method plus the 64-bit words of big-integer arithmetic
#: they touch (one step per 16 or 64 words), charged before each part starts
MAX_EXACT_WORK = 300_000
#: most extra rolls one die makes when it explodes or is rerolled (rolling stops there)
MAX_EXTRA_ROLLS = 100
