"""The GM's hand on [GM] rules that had no way onto the table (issue 18): tiers, sealed actions.

WD-NPC-006: a bystander who has seen enough danger is upgraded to a generic
(or a generic named into a notable): ``change_tier`` rewrites the sheet's tier
between fights, and the table follows it (initiative method, defense, wound
track, effort). WD-COMBAT-029: in competitive play an expected action is
written down and held: ``write_action`` seals it where only its writer and
the GM read it, ``reveal_actions`` (the GM) opens every sealed one at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from capeworks.engine import Audience, Description, DiceService, Event, Viewer, declare_events
from capeworks.engine.kit import Frozen, TextList
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.events import SheetChanges, WdEvent
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, person
from capeworks.systems.weaverdice.gm_guide import GUIDE_TEXT
from capeworks.systems.weaverdice.gm_intel import GridReworked, TargetReworked
from capeworks.systems.weaverdice.gm_intel import say as grid_words
from capeworks.systems.weaverdice.sheet import check_sheet
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Tier
from capeworks.systems.weaverdice.wounds import Track

__all__ = [
    "GM_HAND_COMMAND_WORDS",
    "GM_HAND_EVENTS",
    "GM_HAND_TEXT",
    "GM_HAND_WORDS",
    "ActionWritten",
    "ActionsRevealed",
    "ChangeTier",
    "RevealActions",
    "TierChanged",
    "WriteAction",
    "change_tier",
    "fold_sealed",
    "reveal_actions",
    "write_action",
]

#: the tiers an NPC moves between; a PC is a player's and stays one
NPC_TIERS = (Tier.BYSTANDER, Tier.GENERIC, Tier.NOTABLE)


# -- commands -----------------------------------------------------------------------------------


class ChangeTier(Frozen):
    """Move an NPC to another tier between fights: a bystander who has seen enough becomes a generic."""

    character: str = Field(min_length=1, max_length=40)
    tier: Tier = Field(description="bystander, generic or notable (WD-NPC-006).")
    reason: str = Field(default="", max_length=200)


class WriteAction(Frozen):
    """Write an expected action down and hold it: only you and the GM read it until revealed."""

    character: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=300)


class RevealActions(Frozen):
    """Reveal the written actions at once (default: every one held), for everyone to read."""

    characters: TextList = Field(default_factory=list)


# -- events -------------------------------------------------------------------------------------


class TierChanged(SheetChanges):
    """A character's tier changes (WD-NPC-006): what changed of its sheet and record (GM-only when
    hidden)."""

    character: str
    name: str
    was: Tier
    tier: Tier
    reason: str = ""


class TierSeen(WdEvent):
    """The public half of a hidden NPC's new tier: its name and tiers, no sheet."""

    character: str
    name: str
    was: Tier
    tier: Tier


class ActionWritten(WdEvent):
    """An expected action written down (WD-COMBAT-029): its writer's seat and the GM read it."""

    character: str
    name: str
    text: str


class ActionSealed(WdEvent):
    """The public half: someone holds a written action, not what it says."""

    character: str
    name: str


class ActionsRevealed(WdEvent):
    """Written actions opened for everyone: (character, name, text), in the order written."""

    shown: tuple[tuple[str, str, str], ...]


# -- handlers -----------------------------------------------------------------------------------


def change_tier(state: WdState, ctx: Ctx, c: ChangeTier, dice: DiceService) -> Done:
    """A new tier for an NPC between fights; the wound track is resized and wounds kept (WD-NPC-006)."""
    me = person(state, c.character)
    sheet = state.sheets[c.character]
    if sheet.tier is Tier.PC or c.tier is Tier.PC:
        raise RuleViolation("WD-NPC-006", "A PC's tier is the player's: only NPCs change tier.", field="tier")
    if c.tier is sheet.tier:
        raise RuleViolation("WD-NPC-006", f"{me.name} is already a {c.tier.value}.", field="tier")
    if state.fight is not None and me.in_fight:
        raise RuleViolation("WD-NPC-006", f"{me.name} is in the fight: change a tier between fights.")
    new_sheet = evolve(sheet, {"tier": c.tier})
    check_sheet(new_sheet, ctx.config)
    size = Track.of(new_sheet)
    if len(me.track.wounds) > size.slots + size.armor:
        raise RuleViolation("WD-NPC-006", f"{me.name} has more wounds than a {c.tier.value} has slots.")
    track = evolve(me.track, {"tier": c.tier, "slots": size.slots, "armor": size.armor})
    after = evolve(me, {"tier": c.tier, "track": track})
    b = Builder(state, ctx, dice)
    changed = TierChanged(
        character=c.character,
        name=me.name,
        was=sheet.tier,
        tier=c.tier,
        reason=c.reason,
        sheet=new_sheet,
        people=(after,),
    )
    b.emit(changed, hidden=me.hidden)
    if me.hidden:
        b.emit(TierSeen(character=c.character, name=me.name, was=sheet.tier, tier=c.tier))
    return b.batch


def write_action(state: WdState, ctx: Ctx, c: WriteAction, dice: DiceService) -> Done:
    """Seal an expected action: the writer's seat and the GM see the words; the rest see that one is
    held (WD-COMBAT-029). One held action per character until the GM reveals it."""
    me = person(state, c.character)
    if c.character in state.sealed:
        raise RuleViolation(
            "WD-COMBAT-029", f"{me.name} already holds a written action; the GM reveals it first."
        )
    seats = (ctx.actor.id,) if not ctx.is_gm else ()
    return [
        Event.of(
            ActionWritten(character=c.character, name=me.name, text=c.text.strip()),
            audience=Audience.only(*seats),
        ),
        Event.of(ActionSealed(character=c.character, name=me.name)),
    ]


def reveal_actions(state: WdState, ctx: Ctx, c: RevealActions, dice: DiceService) -> Done:
    """Open the held actions together, in the order they were written (WD-COMBAT-029)."""
    if not state.sealed:
        raise RuleViolation("WD-COMBAT-029", "Nobody holds a written action.")
    named = [x.strip() for x in c.characters if x.strip()]
    for who in named:
        if who not in state.sealed:
            raise RuleViolation("WD-COMBAT-029", f"{person(state, who).name} holds no written action.")
    opened = [k for k in state.sealed if not named or k in named]
    shown = tuple((k, state.people[k].name, state.sealed[k]) for k in opened)
    return [Event.of(ActionsRevealed(shown=shown))]


def fold_sealed(state: WdState, payload: ActionWritten | ActionsRevealed) -> WdState:
    """The held actions after a write or a reveal: the event carries the fact, never the others' words."""
    if isinstance(payload, ActionWritten):
        return evolve(state, {"sealed": {**state.sealed, payload.character: payload.text}})
    opened = {who for who, _, _ in payload.shown}
    return evolve(state, {"sealed": {k: v for k, v in state.sealed.items() if k not in opened}})


# -- words --------------------------------------------------------------------------------------


def _tier(p: TierChanged | TierSeen) -> str:
    why = f" ({p.reason})" if isinstance(p, TierChanged) and p.reason else ""
    return f"{p.name} is now a {p.tier.value}, no longer a {p.was.value}{why}."


GM_HAND_TEXT: dict[str, Callable[[Any], str]] = {
    TierChanged.TYPE: _tier,
    TierSeen.TYPE: _tier,
    ActionWritten.TYPE: lambda p: f"{p.name} writes down and holds: {p.text}",
    ActionSealed.TYPE: lambda p: f"{p.name} writes an action down and holds onto it.",
    ActionsRevealed.TYPE: lambda p: (
        "Written actions revealed: "
        + "; ".join(f"{name}: {text.rstrip('.')}" for _, name, text in p.shown)  # the player's own stop
        + "."
    ),
}


def words_of(text: dict[str, Callable[[Any], str]]) -> dict[str, Callable[[Any, Event, Viewer], Description]]:
    """Each event's sentence as the table's words: who acted, whom it names, hidden or not."""

    def wrap(say: Callable[[Any], str]) -> Callable[[Any, Event, Viewer], Description]:
        def words(payload: Any, event: Event, viewer: Viewer) -> Description:
            ident = payload.__dict__.get("character")
            return Description(
                text=say(payload),
                actor=event.seat,
                characters=(ident,) if isinstance(ident, str) else (),
                rolls=event.rolls,
                hidden=not event.audience.everyone,
            )

        return words

    return {kind: wrap(say) for kind, say in text.items()}


GM_HAND_TEXT.update(GUIDE_TEXT)
GM_HAND_TEXT[GridReworked.TYPE] = grid_words
GM_HAND_TEXT[TargetReworked.TYPE] = grid_words
GM_HAND_WORDS = words_of(GM_HAND_TEXT)
GM_HAND_COMMAND_WORDS: dict[str, str] = {
    "change_tier": "change an NPC's tier",
    "write_action": "write an action down and hold it",
    "reveal_actions": "reveal the written actions",
    "guide": "read the GM's guide on a topic",
    "rework_target": "rework an intel grid (block, open, unlock, skip, lose progress)",
}
GM_HAND_EVENTS = declare_events(
    TierChanged, TierSeen, ActionWritten, ActionSealed, ActionsRevealed, TargetReworked, GridReworked
)
