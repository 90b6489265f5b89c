"""The GM's calls: who rolls what, against which difficulty (RWYN-GEN-001, RWYN-GEN-003).

"Players roll all the dice. An enemy's moves have difficulties instead." In a
GM-run game the GM sets difficulties and owns enemies and their moves: the GM
*calls* for a check (ability and difficulty) or *declares an enemy move*
against a character (ability, difficulty, harm, track); the character's player
then rolls by answering the call. A player who wants to try something *asks*;
the GM answers with a difficulty, which turns the ask into a call. Tables
whose players set difficulties themselves turn on ``players_set_difficulty``.
"""

from __future__ import annotations

from pydantic import Field

from capeworks.engine.kit import Frozen
from capeworks.systems.rwyn.checks import CheckKind
from capeworks.systems.rwyn.sheet import Track

__all__ = ["Call"]


class Call(Frozen):
    """A check the GM called for (or a player asked for, ``difficulty`` None until the GM sets it)."""

    id: int
    character: str
    owner: str
    kind: CheckKind = CheckKind.TASK
    ability: str
    difficulty: int | None = None
    task: str = ""
    time: int = 0
    #: an enemy move: the stress it deals on a failure, and on which track
    harm: int = 0
    track: Track | None = None
    #: the quality sides the GM brought in (RWYN-CRIT-002) and the ability / disaster dice they add
    benefit: str = ""
    drawback: str = ""
    bonus_dice: int = 0
    drawback_dice: int = 0
    #: the table's highest ordinary difficulty when it runs past the ladder (big pools), for the words
    #: (tables.ladder_top); 0, left out of the payload: the ladder as written, as in older logs
    ladder_top: int = Field(default=0, exclude_if=lambda v: not v)

    @property
    def asked(self) -> bool:
        """True while a player's ask waits for the GM's difficulty."""
        return self.difficulty is None
