"""The command payloads of a Roll When You Need table: flat pydantic models, easy to type or send.

Which seat may issue each, and its handler, is the ruleset's command table
(:mod:`capeworks.systems.rwyn.ruleset`).

Lists may be given as JSON lists or as one comma-separated string
(``picks="quickly,silently"``); ability ratings as ``"Athletics:3,Stealth:2"``.
Range checks that the rules own (difficulty 0, sacrificing the last disaster
die) are left to the rules so the refusal names the rule.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from capeworks.engine import gm_field
from capeworks.engine.kit import TextList
from capeworks.systems.rwyn.characters import SAMPLE_CHARACTERS
from capeworks.systems.rwyn.sheet import Consequence, TalentHook, Track
from capeworks.systems.rwyn.wealth import Resource

__all__ = [
    "AddCharacter",
    "AddQuality",
    "AddTalent",
    "AskCheck",
    "AwardXp",
    "Buy",
    "BuyBack",
    "CallCheck",
    "Check",
    "Complications",
    "ConsequenceChoice",
    "ConsequenceCmd",
    "Critical",
    "Defend",
    "Effects",
    "EndScene",
    "EndSession",
    "EnemyMove",
    "Favour",
    "GmNote",
    "Mixed",
    "Outcome",
    "Quantity",
    "Recover",
    "Reroll",
    "Sacrifice",
    "SceneQuality",
    "SetAbility",
    "Stress",
    "WithdrawCall",
    "split_ratings",
]


def split_ratings(value: Any) -> Any:
    """``"Athletics:3, Stealth 2"`` -> ``{"Athletics": "3", "Stealth": "2"}``; mappings pass through."""
    if not isinstance(value, str):
        return value
    out: dict[str, Any] = {}
    for part in (p.strip() for p in value.split(",")):
        if not part:
            continue
        m = _RATING.match(part)
        if m is None:
            out[part] = part  # int validation then names the bad item
        else:
            out[m.group(1).strip()] = m.group(2)
    return out


_RATING = re.compile(r"^(.*?)[\s:=]+(-?\d+)$")


Ratings = Annotated[dict[str, int], BeforeValidator(split_ratings)]

#: built when first used, not at import: a command-line call reads one command of the 30 (issue 17)
_CMD = ConfigDict(frozen=True, extra="forbid", defer_build=True)
_Id = Annotated[str, Field(min_length=1, max_length=64)]
#: a few words of narration (a task, a move, an item, a reason): read without the spaces around them,
#: so spaces alone are no words; they read "to    .", "against    :", "Ada buys     (cost 1 ...)"
_Words = Annotated[str, AfterValidator(str.strip)]


class AddCharacter(BaseModel):
    """Create a character: a shipped sample (``sample=``) or ratings, qualities and talents."""

    model_config = _CMD
    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    name: str = Field(default="", max_length=80)
    owner: str = gm_field(default="")
    sample: str = Field(
        default="",
        description="A shipped sample instead of ratings: " + ", ".join(SAMPLE_CHARACTERS) + ".",
        examples=list(SAMPLE_CHARACTERS),
    )
    abilities: Ratings = Field(default_factory=dict)
    #: "benefit/drawback" pairs
    qualities: TextList = Field(default_factory=list)
    #: "Name" or "Name:hook" items
    talents: TextList = Field(default_factory=list)


class SetAbility(BaseModel):
    """GM: rate an ability, e.g. when a character picks up Wealth or Reputation (RWYN-ABIL-003)."""

    model_config = _CMD
    character: _Id
    ability: _Id
    rating: int


class AddQuality(BaseModel):
    """Add a quality with both its sides (RWYN-TRAIT-001/002)."""

    model_config = _CMD
    character: _Id
    benefit: str = Field(min_length=1, max_length=120)
    drawback: str = Field(min_length=1, max_length=120)


class AddTalent(BaseModel):
    """Add a talent, optionally bending a rule (RWYN-TRAIT-003/004)."""

    model_config = _CMD
    character: _Id
    name: str = Field(min_length=1, max_length=120)
    hook: TalentHook = TalentHook.NONE


class Check(BaseModel):
    """Roll an ability against a difficulty (RWYN-POOL): answer the GM's call, or name it all.

    ``call`` answers one of the GM's calls (its ability, difficulty and task
    are the call's). Naming ``ability`` and ``difficulty`` yourself is for the
    GM, or for players at a table where players set difficulties. ``time``
    only with take-your-time. ``benefit`` / ``drawback`` name a side of one of the
    character's qualities, or of one in play in the scene (RWYN-GEN-004), that the
    GM brings in for dice (RWYN-CRIT-002, only when quality_die_bonus > 0).
    """

    model_config = _CMD
    call: int | None = None
    character: _Id | None = None
    ability: _Id | None = None
    difficulty: int | None = None
    task: _Words = Field(default="", max_length=200)
    time: int = 0
    benefit: str = gm_field(default="")
    drawback: str = gm_field(default="")

    @model_validator(mode="after")
    def _a_call_is_rolled_as_called(self) -> Check:
        """A called check rolls the ability, difficulty, task and time the GM called (RWYN-GEN-001):
        any of them named here beside ``call`` would be dropped unread."""
        if self.call is not None:
            _refuse_beside_call(
                "A called check rolls the ability and difficulty the GM called",
                ability=self.ability is not None,
                difficulty=self.difficulty is not None,
                task=bool(self.task),
                time=bool(self.time),
            )
        return self


class Defend(BaseModel):
    """Defend against an enemy move (RWYN-GEN-003): answer the GM's move, or name it all (GM)."""

    model_config = _CMD
    call: int | None = None
    character: _Id | None = None
    ability: _Id | None = None
    difficulty: int | None = None
    harm: int | None = Field(default=None, ge=0, le=20)
    track: Track = Track.PHYSICAL
    move: _Words = Field(default="", max_length=200)

    @model_validator(mode="after")
    def _a_move_is_met_as_declared(self) -> Defend:
        """Defending against a declared move rolls its ability and difficulty, and risks its harm on its
        track (RWYN-GEN-003): any of them named here beside ``call`` would be dropped unread."""
        if self.call is not None:
            _refuse_beside_call(
                "Defending against a declared move rolls what the GM declared",
                ability=self.ability is not None,
                difficulty=self.difficulty is not None,
                harm=self.harm is not None,
                # a form sends every field, the default track too: only another track is a choice
                track=self.track is not Track.PHYSICAL,
                move=bool(self.move),
            )
        return self


def _refuse_beside_call(why: str, **given: bool) -> None:
    """Refuse the fields ``given`` beside ``call=``: the call already says them."""
    named = [f"{field}=" for field, present in given.items() if present]
    if named:
        raise ValueError(f"{why}: drop {', '.join(named)}, or drop call= and name it all")


class CallCheck(BaseModel):
    """GM: call for a check — which character rolls which ability against what (RWYN-GEN-001).

    ``ask`` answers a player's ask: its character, ability and task are kept
    unless given here. ``benefit`` / ``drawback`` are the GM's ruling on the
    circumstances: the player's roll answering the call carries their dice
    (RWYN-CRIT-002), since players roll all the dice (src 17).
    """

    model_config = _CMD
    ask: int | None = Field(
        default=None,
        description="The number of a player's ask this answers (its character, ability and task).",
    )
    character: _Id | None = Field(default=None, description="Who rolls: the character's id.")
    ability: _Id | None = Field(default=None, description="Which of the character's abilities is rolled.")
    difficulty: int = Field(description="How many successes the task needs.")
    task: _Words | None = Field(
        default=None, max_length=200, description="What the character tries, in a few words."
    )
    time: int | None = Field(
        default=None,
        description=(
            "Automatic successes for taking the time (the take-your-time variant); 0: none. Left out: "
            "the ask's, when answering one (none otherwise)."
        ),
    )
    benefit: str = gm_field(
        default="",
        max_length=120,
        description=(
            "The benefit of a quality that helps, the character's or one in play: quality dice "
            "(RWYN-CRIT-002)."
        ),
    )
    drawback: str = gm_field(
        default="",
        max_length=120,
        description="The drawback of a quality that hinders, the character's or one in play: disaster dice.",
    )


class WithdrawCall(BaseModel):
    """Take back an open call (GM) or an ask still waiting for its difficulty (its player or the GM)."""

    model_config = _CMD
    call: int
    why: _Words = Field(default="", max_length=200)


class EnemyMove(BaseModel):
    """GM: an enemy's move against a character: its difficulty, the stress it deals, on which track."""

    model_config = _CMD
    character: _Id
    ability: _Id
    difficulty: int
    harm: int | None = Field(default=None, ge=0, le=20)
    track: Track = Track.PHYSICAL
    move: _Words = Field(default="", max_length=200)


class AskCheck(BaseModel):
    """Ask the GM to let your character try something; the GM sets the difficulty (RWYN-GEN-001)."""

    model_config = _CMD
    character: _Id
    ability: _Id
    task: _Words = Field(default="", max_length=200)
    time: int = 0


class Buy(BaseModel):
    """Buy something of ``cost`` with Wealth (RWYN-ABIL-004..007)."""

    model_config = _CMD
    character: _Id
    cost: int = Field(ge=0, le=100)
    item: _Words = Field(default="", max_length=200)


class Favour(Buy):
    """Call in a favour of ``cost`` with Reputation (RWYN-ABIL-010): the same payload as :class:`Buy`.
    In society and before the law Reputation outweighs Wealth: where a favour and money meet, the GM
    rules for the favour (RWYN-ABIL-011)."""


class Sacrifice(BaseModel):
    """Spend successes to remove disaster dice before they are rolled (RWYN-SAC)."""

    model_config = _CMD
    check: int
    count: int


class Reroll(BaseModel):
    """Answer the leverage-debt talent's question: re-roll the disaster dice? (RWYN-TRAIT-004)."""

    model_config = _CMD
    check: int
    use: bool


class Effects(BaseModel):
    """Pick the effects after 'I accomplish the task' (RWYN-EFFECT-001/002)."""

    model_config = _CMD
    check: int
    picks: TextList = Field(default_factory=list)


class Complications(BaseModel):
    """GM: one complication per disaster success (RWYN-EFFECT-003)."""

    model_config = _CMD
    check: int
    texts: TextList = Field(default_factory=list)


class Mixed(BaseModel):
    """GM: the silver lining or the taint of a mixed result (RWYN-MIX-002/003)."""

    model_config = _CMD
    check: int
    text: str = Field(max_length=200)


class Critical(BaseModel):
    """Choose the place, person or circumstance a critical result turns (RWYN-CRIT-001)."""

    model_config = _CMD
    check: int
    target: str
    text: _Words = Field(
        default="", max_length=200, description="Which one, in a few words (the log says it; optional)."
    )


class Quantity(BaseModel):
    """GM: how many may be bought one below Wealth (RWYN-ABIL-008)."""

    model_config = _CMD
    check: int
    limit: str = Field(max_length=200)


class Stress(BaseModel):
    """GM: mark stress on a track (RWYN-STRESS-001/002)."""

    model_config = _CMD
    character: _Id
    track: Track
    amount: int = Field(ge=1, le=50)


class ConsequenceChoice(StrEnum):
    """The answer to an overflowing track."""

    CONSEQUENCE = "consequence"
    TAKEN_OUT = "taken_out"


class ConsequenceCmd(BaseModel):
    """Answer an overflow: take the next consequence or be taken out (RWYN-STRESS-002/003)."""

    model_config = _CMD
    character: _Id
    choice: ConsequenceChoice = ConsequenceChoice.CONSEQUENCE
    text: _Words = Field(default="", max_length=200)


class Outcome(BaseModel):
    """GM: how a fourth consequence takes a character out (RWYN-STRESS-005)."""

    model_config = _CMD
    character: _Id
    text: str = Field(max_length=200)


class Recover(BaseModel):
    """GM: clear one consequence."""

    model_config = _CMD
    character: _Id
    severity: Consequence


class EndScene(BaseModel):
    """GM: the scene ends; stress clears, scene consequences heal."""

    model_config = _CMD


class EndSession(BaseModel):
    """GM: the session ends; session consequences heal too."""

    model_config = _CMD


class AwardXp(BaseModel):
    """GM: award experience."""

    model_config = _CMD
    character: _Id
    amount: int = Field(ge=1, le=1000)


class BuyBack(BaseModel):
    """Buy lost Wealth or Reputation back with XP (RWYN-ABIL-009)."""

    model_config = _CMD
    character: _Id
    resource: Resource = Resource.WEALTH
    points: int = 1


class SceneQuality(BaseModel):
    """GM: a quality of a place, a situation or someone in the scene, with both its sides (RWYN-GEN-004)."""

    model_config = _CMD
    subject: str = Field(
        min_length=1, max_length=60, description="The place, situation or person it belongs to: the docks."
    )
    benefit: str = Field(default="", max_length=120, description="Its good side: crowded, plenty of cover.")
    drawback: str = Field(default="", max_length=120, description="Its bad side: slick underfoot.")
    drop: bool = Field(default=False, description="Take this subject's quality out of play instead.")

    @model_validator(mode="after")
    def _a_drop_notes_no_sides(self) -> SceneQuality:
        """Dropping takes the subject's quality out of play (RWYN-GEN-004): sides given with it would
        be dropped unread, not noted."""
        sides = [f"{f}=" for f in ("benefit", "drawback") if getattr(self, f)]
        if self.drop and sides:
            raise ValueError(
                f"drop=true takes the quality out of play: drop {' and '.join(sides)},"
                " or note it without drop="
            )
        return self


class GmNote(BaseModel):
    """GM: a private note (planned enemy moves, secrets); players never see it."""

    model_config = _CMD
    text: str = Field(min_length=1, max_length=500)
