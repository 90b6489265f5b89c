"""What every Roll When You Need handler shares: its types and the look-ups that refuse in words.

Handlers start the engine's fold-as-you-go builder with ``context.batch(state)``
(a :data:`Built`), ``emit`` typed payloads and return it (or return a list of
events when there is nothing to see between them). Each look-up refuses with a
sentence about the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from capeworks.engine import Batch, Context
from capeworks.engine.kit import lookup
from capeworks.engine.spec import Outcome
from capeworks.errors import InvalidCommand, NotFound, NotPermitted, RuleViolation
from capeworks.systems.rwyn.checks import Check
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.pool import check_difficulty
from capeworks.systems.rwyn.sheet import Character, Quality
from capeworks.systems.rwyn.state import RwynState

__all__ = [
    "Built",
    "Ctx",
    "Done",
    "ability",
    "answerable",
    "character",
    "control",
    "open_check",
    "players_roll",
    "quality_dice",
    "set_difficulty",
]


#: what a handler knows: the acting seat, the seats and the table's rules config
Ctx = Context[RwynConfig]
#: a command's events so far, folded as they are made
Built = Batch[RwynState]
#: what a handler returns
Done = Outcome[RwynState]


def character(state: RwynState, character_id: str) -> Character:
    """The character with this id, or NotFound naming the known ones."""
    return lookup(state.characters, character_id, "character")


def control(context: Ctx, who: Character) -> None:
    """Players act only for their own characters; the GM for anyone."""
    if not context.is_gm and context.actor.id != who.owner:
        raise NotPermitted(f"You can only act for your own characters; {who.name} is played by another seat.")


def open_check(state: RwynState, check_id: int) -> Check:
    """The open check with this number."""
    try:
        return state.checks[check_id]
    except KeyError:
        raise NotFound(f"There is no open check {check_id}.") from None


def answerable(state: RwynState, context: Ctx, check: Check) -> None:
    """Only the character's player (or the GM) answers a check's questions; the refusal names whose
    check it is (with several characters in a scene, "the character's" named none)."""
    if not context.is_gm and context.actor.id != check.owner:
        name = state.characters[check.character].name
        raise NotPermitted(f"Only {name}'s player or the GM can answer check {check.id}.")


def ability(config: RwynConfig, name: str) -> str:
    """The table's spelling of an ability name, or a refusal listing the known ones."""
    found = config.resolve_ability(name)
    if found is None:
        raise InvalidCommand(
            f"There is no ability called {name!r} at this table. Known: {', '.join(config.all_abilities())}."
        )
    return found


def set_difficulty(config: RwynConfig, context: Ctx, difficulty: int) -> None:
    """Who may set a difficulty, and how high (RWYN-GEN-003; Impossible is the GM's alone)."""
    if not context.is_gm and not config.players_set_difficulty:
        raise NotPermitted("The GM sets difficulties at this table: ask the GM to call for the check.")
    check_difficulty(difficulty, config.impossible_max)
    if difficulty > config.difficulty_max and not context.is_gm:
        raise NotPermitted(
            f"Difficulties run from 1 to {config.difficulty_max}; only the GM can set an Impossible one."
        )


def players_roll(context: Ctx, who: Character) -> None:
    """RWYN-GEN-003: only players' characters roll; an enemy's moves have difficulties instead."""
    owner = next((s for s in context.seats if s.id == who.owner), None)
    if owner is not None and owner.is_gm:
        raise RuleViolation(
            "RWYN-GEN-003",
            f"The GM rolls no dice, and {who.name} is the GM's: give the enemy's move a difficulty "
            "and let a player's character roll against it.",
        )


def quality_dice(
    context: Ctx, who: Character, benefit: str, drawback: str, scene: Mapping[str, Quality] | None = None
) -> tuple[int, int]:
    """RWYN-CRIT-002 (PROPOSED): the ability dice of a quality's benefit and the disaster dice of a
    drawback that the GM brings in (the table's ``quality_die_bonus`` each), or a refusal. The quality
    is ``who``'s or one in play in the ``scene`` (RWYN-GEN-004, src 5: "Places, situations, and
    characters all have qualities")."""
    if not (benefit or drawback):
        return 0, 0
    config = context.config
    if config.quality_die_bonus == 0:
        raise RuleViolation("RWYN-CRIT-002", "Qualities do not add dice at this table.")
    context.require_gm("grant dice for a quality")
    qualities = (*who.qualities, *(scene or {}).values())
    for side, said in (("benefit", benefit), ("drawback", drawback)):
        if said and not any(getattr(q, side).lower() == said.lower() for q in qualities):
            whose = f"Neither {who.name} nor anything in play has" if scene else f"{who.name} has no"
            raise NotFound(f"{whose} {'a ' if scene else ''}quality with the {side} {said!r}.")
    return (config.quality_die_bonus if benefit else 0), (config.quality_die_bonus if drawback else 0)
