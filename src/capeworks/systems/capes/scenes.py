"""Scenes: declaring in rotation, choosing characters clockwise, passing, ending.

Rule IDs: CAPES-SCENE-001 (first declarer volunteers), CAPES-SCENE-002 (rotation
left, passing), CAPES-SCENE-004 (one free pick each clockwise from the declarer,
then a Story Token each), CAPES-SCENE-005 (one player per character),
CAPES-SCENE-007 (adding characters at Page start for a token), and the OPEN
point on ending a Scene (PROPOSED: it ends at the end of a Page that leaves no
unresolved Conflict when no player wants to add one; a unanimous vote ends it
early, stakes coming back undoubled).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import DiceService, Event
from capeworks.engine.kit import left_of, order_from
from capeworks.errors import RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.commands import Choose, ContinueScene, DeclareScene, EndScene
from capeworks.systems.capes.common import (
    Ctx,
    debt_back,
    event,
    find_character,
    need_scene,
    pay,
    stakes_back,
    takes,
    with_page,
    with_scene,
)
from capeworks.systems.capes.flow import advance, can_buy, end_scene, next_page, require_turn
from capeworks.systems.capes.queries import adds_after_claim
from capeworks.systems.capes.state import CapesState, PagePhase, Round, Scene

__all__ = [
    "APPLIERS",
    "can_choose",
    "check_choice",
    "choose",
    "continue_scene",
    "decide_casting_pass",
    "decide_closing_pass",
    "decide_scene_pass",
    "declare_scene",
    "vote_end_scene",
]


def declare_scene(state: CapesState, ctx: Ctx, cmd: DeclareScene, dice: DiceService) -> list[Event]:
    """Declaring the next Scene."""
    actor = ctx.actor.id
    if state.scene is not None:
        raise RuleViolation("CAPES-SCENE-002", "A Scene is already being played.")
    require_turn(state, actor, doing="declare a Scene")
    return [
        event(
            "scene_declared",
            player=actor,
            text=cmd.text,
            number=state.scenes_played + 1,
            ends_itself=True,
            deadlocks_in_turn=True,
        )
    ]


def choose(state: CapesState, ctx: Ctx, cmd: Choose, dice: DiceService) -> list[Event]:
    """Choosing a character to play this Scene."""
    actor = ctx.actor.id
    key, paid = check_choice(state, actor, cmd.character)
    return [event("character_chosen", player=actor, character=key, paid=paid, counts=True)]


def check_choice(state: CapesState, actor: str, name: str) -> tuple[str, int]:
    """The character ``actor`` chooses and the Story Tokens paid, or the refusal.

    The choose handler's checks (CAPES-SCENE-005/007, CAPES-RSRC-001); the menu asks them too
    (:func:`can_choose`).
    """
    scene = need_scene(state)
    key = find_character(state, name)
    if key in scene.cast:
        who = state.name(scene.cast[key])
        raise RuleViolation("CAPES-SCENE-005", f"{state.roster[key].sheet.name} is already played by {who}.")
    if scene.casting:
        require_turn(state, actor, doing="choose a character")
        paid = pay(state, actor, "Another character") if scene.round is Round.BOUGHT else 0
    else:
        page = scene.page
        after_claim = adds_after_claim(state, actor)
        if page is None or (page.phase is not PagePhase.CLAIMS and not after_claim):
            raise RuleViolation(
                "CAPES-SCENE-007",
                "Characters join a running Scene only at the start of a Page (claiming).",
            )
        if not after_claim:
            require_turn(state, actor, doing="add a character")
        paid = pay(state, actor, "Adding a character at Page start")
    return key, paid


def can_choose(state: CapesState, actor: str) -> bool:
    """Would the table take ``actor``'s choice of some character in the roster now?"""
    return any(takes(check_choice, state, actor, key) for key in state.roster)


def vote_end_scene(state: CapesState, ctx: Ctx, cmd: EndScene, dice: DiceService) -> list[Event]:
    """Voting to end the Scene; it ends when everyone has voted."""
    actor = ctx.actor.id
    scene = need_scene(state)
    if actor in scene.end_votes:
        raise RuleViolation("CAPES-SCENE-002", "You have already voted to end this Scene.")
    events = [event("scene_end_voted", player=actor)]
    if set(scene.end_votes) | {actor} >= set(state.players):
        # stakes on unresolved Conflicts come back undoubled (SCENE OPEN, PROPOSED)
        returned = stakes_back((s for c in state.conflicts for s in c.sides), 1)
        events.append(
            event(
                "scene_ended",
                number=scene.number,
                returned=returned,
                discarded=[c.id for c in state.conflicts],
            )
        )
    return events


def _require_closing(state: CapesState, actor: str, *, doing: str) -> Scene:
    """The Scene whose last Page left no Conflict, and ``actor``'s turn to say (CAPES-SCENE PROPOSED)."""
    scene = need_scene(state)
    if not scene.closing:
        raise RuleViolation(
            "CAPES-SCENE-002", "The Scene goes on by itself: only a Page that leaves no Conflict asks."
        )
    require_turn(state, actor, doing=doing)
    return scene


def decide_closing_pass(state: CapesState, actor: str) -> list[Event]:
    """Wanting no new Conflict; when everyone has said so, the Scene ends (CAPES-SCENE PROPOSED)."""
    scene = _require_closing(state, actor, doing="pass")
    events = [event("scene_close_passed", player=actor)]
    assert scene.page is not None
    if left_of(state.players, actor) == left_of(state.players, scene.page.starter):  # the last one asked
        events.append(event("scene_ended", number=scene.number))
    return events


def continue_scene(state: CapesState, ctx: Ctx, cmd: ContinueScene, dice: DiceService) -> list[Event]:
    """Wanting to add a Conflict: the Scene goes on into its next Page (CAPES-SCENE PROPOSED)."""
    actor = ctx.actor.id
    _require_closing(state, actor, doing="keep the Scene going")
    return [event("scene_continued", player=actor)]


def decide_scene_pass(state: CapesState, actor: str) -> list[Event]:
    """Passing the right to declare the next Scene to the left (CAPES-SCENE-002)."""
    if not state.next_declarer:
        raise RuleViolation(
            "CAPES-SCENE-001", "Anyone may declare the first Scene; there is nothing to pass."
        )
    require_turn(state, actor, doing="pass the Scene")
    return [event("scene_passed", player=actor, to=left_of(state.players, actor))]


def decide_casting_pass(state: CapesState, actor: str) -> list[Event]:
    """Passing on a (free or bought) character pick."""
    require_turn(state, actor, doing="pass")
    return [event("casting_passed", player=actor)]


def _next_caster(state: CapesState, *, bought: bool) -> CapesState:
    scene = state.scene
    assert scene is not None
    order = order_from(state.players, scene.declarer)
    nxt, rnd, flag = advance(order, scene.turn, scene.round, scene.bought_this_pass or bought, can_buy(state))
    return with_scene(state, turn=nxt or "", round=rnd, bought_this_pass=flag)


def _declared(state: CapesState, data: ev.SceneDeclared) -> CapesState:
    player = str(data.player)
    scene = Scene(
        number=int(data.number),
        declarer=player,
        text=str(data.text),
        turn=player,
        ends_itself=data.ends_itself,
        deadlocks_in_turn=data.deadlocks_in_turn,
    )
    return state.model_copy(update={"scene": scene, "declarer_passes": ()})


def _passed(state: CapesState, data: ev.ScenePassed) -> CapesState:
    return state.model_copy(
        update={"next_declarer": data.to, "declarer_passes": (*state.declarer_passes, data.player)}
    )


def _chosen(state: CapesState, data: ev.CharacterChosen) -> CapesState:
    scene = state.scene
    assert scene is not None
    player, paid = str(data.player), int(data.paid)
    state = state.model_copy(update={"tokens": {**state.tokens, player: state.tokens.get(player, 0) - paid}})
    state = with_scene(state, cast={**scene.cast, data.character: player})
    if data.counts:  # who has played whom, for "mostly played by" (CAPES-CHAR-011, src 255)
        char = state.roster[data.character]
        played = {**char.played, player: char.played.get(player, 0) + 1}
        roster = {**state.roster, data.character: char.model_copy(update={"played": played})}
        state = state.model_copy(update={"roster": roster})
    if scene.casting:
        return _next_caster(state, bought=paid > 0)
    if paid and scene.page is not None and scene.page.round is Round.BOUGHT:
        return with_page(state, bought_this_pass=True)
    return state


def _casting_passed(state: CapesState, data: ev.CastingPassed) -> CapesState:
    return _next_caster(state, bought=False)


def _vote(state: CapesState, data: ev.SceneEndVoted) -> CapesState:
    assert state.scene is not None
    return with_scene(state, end_votes=(*state.scene.end_votes, data.player))


def _close_passed(state: CapesState, data: ev.SceneClosePassed) -> CapesState:
    return with_scene(state, turn=left_of(state.players, data.player))


def _continued(state: CapesState, data: ev.SceneContinued) -> CapesState:
    return next_page(with_scene(state, closing=False, turn=""))


def _ended(state: CapesState, data: ev.SceneEnded) -> CapesState:
    state = debt_back(state, data.returned).model_copy(update={"conflicts": ()})
    return end_scene(state)


APPLIERS: dict[str, Callable[[CapesState, Any], CapesState]] = {
    "scene_declared": _declared,
    "scene_passed": _passed,
    "character_chosen": _chosen,
    "casting_passed": _casting_passed,
    "scene_end_voted": _vote,
    "scene_close_passed": _close_passed,
    "scene_continued": _continued,
    "scene_ended": _ended,
}
