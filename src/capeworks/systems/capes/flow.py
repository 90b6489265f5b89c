"""Turn order and the automatic steps between player decisions.

Rule IDs: CAPES-PRIN-003 (clockwise turns), CAPES-PRIN-004 (token-bought
go-arounds), CAPES-PAGE-002/003 (Starter, phases), CAPES-PAGE-013 (one
bought Action per pass), CAPES-PAGE-014 (claims lapse), CAPES-REACT-003
(reaction order), CAPES-RES-001 (resolving order).

:func:`settle` is applied after every event: it skips players who have
nothing to do, closes finished rounds and opens the next phase. It is pure
and deterministic, so replay reaches the same state.
"""

from __future__ import annotations

from collections.abc import Callable

from capeworks.engine.kit import left_of, order_from
from capeworks.errors import NotPermitted
from capeworks.systems.capes.queries import (
    can_react,
    cast_of,
    deadlocks_to_declare,
    overdrawn_queue,
    resolvable_claims,
)
from capeworks.systems.capes.state import CapesState, Page, PagePhase, ReactionWindow, Round, Scene

__all__ = ["advance", "can_buy", "end_scene", "next_page", "require_turn", "settle", "whose_turn"]


def advance(
    order: tuple[str, ...],
    turn: str,
    round_: Round,
    bought: bool,
    can_buy: Callable[[str], bool],
) -> tuple[str | None, Round, bool]:
    """The next turn of a go-around: ``(player or None when finished, round, bought this pass)``.

    The free go-around is followed by bought go-arounds (CAPES-PRIN-004);
    those end after a full pass in which nobody bought anything. Players who
    cannot afford to buy are skipped.
    """
    i = order.index(turn) if turn in order else -1
    for _ in range(3 * len(order) + 3):
        i += 1
        if i >= len(order):
            i = 0
            if round_ is Round.FREE:
                round_, bought = Round.BOUGHT, False
            elif bought:
                bought = False
            else:
                return None, round_, bought
        player = order[i]
        if round_ is Round.FREE or can_buy(player):
            return player, round_, bought
    return None, round_, bought


def can_buy(state: CapesState) -> Callable[[str], bool]:
    """A test: can this player afford one purchase?"""
    return lambda p: state.tokens.get(p, 0) >= state.config.token_price


def _with_page(state: CapesState, scene: Scene, page: Page | None) -> CapesState:
    return state.model_copy(update={"scene": scene.model_copy(update={"page": page})})


def end_scene(state: CapesState) -> CapesState:
    """Close the Scene: the next declarer is to the left of this one (CAPES-SCENE-002)."""
    assert state.scene is not None
    return state.model_copy(
        update={
            "scene": None,
            "scenes_played": state.scenes_played + 1,
            "next_declarer": left_of(state.players, state.scene.declarer),
            "declarer_passes": (),
            "and_then": None,
        }
    )


def _new_page(state: CapesState, scene: Scene, number: int, starter: str) -> CapesState:
    scene = scene.model_copy(update={"end_votes": ()})
    return _with_page(state, scene, Page(number=number, starter=starter, turn=starter))


def next_page(state: CapesState) -> CapesState:
    """The next Page of the Scene, its Starter one to the left (CAPES-PAGE-002)."""
    scene = state.scene
    assert scene is not None and scene.page is not None
    page = scene.page
    return _new_page(state, scene, page.number + 1, left_of(state.players, page.starter))


def _step(state: CapesState) -> CapesState:
    scene = state.scene
    if scene is None or scene.closing:
        return state
    if scene.casting:
        if scene.turn:
            return state
        # casting finished: the declarer starts the first Page (CAPES-PAGE-002 PROPOSED)
        done = scene.model_copy(update={"casting": False})
        return _new_page(state, done, 1, scene.declarer)
    page = scene.page
    if page is None:
        return state
    order = order_from(state.players, page.starter)
    if page.phase is PagePhase.OVERDRAWN:
        if overdrawn_queue(state):
            return state
        return _with_page(
            state, scene, page.model_copy(update={"phase": PagePhase.CLAIMS, "turn": page.starter})
        )
    if page.phase is PagePhase.CLAIMS:
        if page.turn:
            return state
        return _with_page(state, scene, page.model_copy(update={"phase": PagePhase.NARRATION, "turn": ""}))
    if page.phase is PagePhase.ACTIONS:
        action = page.action
        if action is not None:
            window = action.reactions
            if window is None or action.roll is not None:
                return state
            value = window_value(state, window)
            start = window.order.index(window.asker) if window.asker in window.order else 0
            rotated = window.order[start:] + window.order[:start]
            for player in rotated:
                if player in action.reacted or player in window.passed:
                    continue
                if can_react(state, player, value):
                    if player == window.asker:
                        return state
                    new_window = window.model_copy(update={"asker": player})
                    return _with_page(
                        state,
                        scene,
                        page.model_copy(
                            update={"action": action.model_copy(update={"reactions": new_window})}
                        ),
                    )
            return _with_page(
                state,
                scene,
                page.model_copy(update={"action": action.model_copy(update={"reactions": None})}),
            )
        if not page.turn:
            first = order[0]
            return _with_page(state, scene, page.model_copy(update={"turn": first}))
        if page.round is Round.FREE:
            left = [c for c in cast_of(state, page.turn) if c not in page.free_actions_used]
            if left:
                return state
            nxt, rnd, bought = advance(order, page.turn, page.round, page.bought_this_pass, can_buy(state))
        elif can_buy(state)(page.turn) and cast_of(state, page.turn):
            return state
        else:
            nxt, rnd, bought = advance(order, page.turn, page.round, page.bought_this_pass, can_buy(state))
        if nxt is None:
            return _with_page(
                state,
                scene,
                page.model_copy(update={"phase": PagePhase.RESOLVING, "turn": "", "round": Round.FREE}),
            )
        return _with_page(
            state, scene, page.model_copy(update={"turn": nxt, "round": rnd, "bought_this_pass": bought})
        )
    if page.phase is PagePhase.RESOLVING:
        # once round in turn order (src 131): after a Gloat, on from the gloater; a player stops to
        # resolve their claims and to declare their Deadlocks (src 142, CAPES-RES-009)
        start = order.index(page.resolving_from) if page.resolving_from in order else 0
        for player in order[start:]:
            if resolvable_claims(state, player) or deadlocks_to_declare(state, player):
                if page.turn == player:
                    return state
                return _with_page(state, scene, page.model_copy(update={"turn": player}))
        # the Page is over; claims lapse with it (CAPES-PAGE-014); the Starter moves left
        if scene.ends_itself and not state.conflicts:
            # CAPES-SCENE PROPOSED: with no Conflict left, each in turn from the next Starter is asked
            # whether they want to add one
            asked = left_of(state.players, page.starter)
            closing = scene.model_copy(update={"closing": True, "turn": asked})
            return state.model_copy(update={"scene": closing})
        return next_page(state)
    return state


def settle(state: CapesState) -> CapesState:
    """Take every automatic step until a player has to decide something."""
    for _ in range(200):
        new = _step(state)
        if new is state:
            return state
        state = new
    raise AssertionError("Capes flow did not settle")


def window_value(state: CapesState, window: ReactionWindow) -> int:
    """The face of the die a Reaction window is open on: a Reaction needs an ability at least this
    (CAPES-REACT-001, src 197); 7, out of every ability's reach, if the die is gone."""
    conflict = state.conflict(window.conflict)
    side = conflict.side(window.side) if conflict else None
    return side.dice[window.die - 1] if side is not None and window.die <= len(side.dice) else 7


def whose_turn(state: CapesState) -> tuple[str | None, str]:
    """Who must act now (None: anyone) and what they are to do."""
    scene = state.scene
    if scene is None:
        if not state.next_declarer:  # the first Scene: any volunteer, nobody's to pass (CAPES-SCENE-001)
            return None, "declare the first Scene"
        return state.next_declarer, "declare the next Scene (or pass)"
    if scene.casting:
        return scene.turn, "choose a character (or pass)"
    if scene.closing:
        return scene.turn, "say whether you want a new Conflict (continue_scene) or pass"
    page = scene.page
    if page is None:
        return None, "play"
    if page.phase is PagePhase.OVERDRAWN:
        queue = overdrawn_queue(state)
        return (queue[0][0] if queue else None), "roll for an Overdrawn Drive"
    if page.phase is PagePhase.CLAIMS:
        return page.turn, "claim a side, add Conflicts, or pass"
    if page.phase is PagePhase.NARRATION:
        return page.starter, "begin the Action phase (anyone may narrate)"
    if page.phase is PagePhase.ACTIONS:
        action = page.action
        if action is not None and action.roll is not None:
            return action.roll.player, "accept the roll or turn the die back"
        if action is not None and action.reactions is not None:
            w, value = action.reactions, window_value(state, action.reactions)
            return w.asker, (
                f"react to the accepted roll ({state.card(w.conflict)} side {w.side} die {w.die}"
                f" now shows {value}: an"
                f" ability of {value} or more), or pass"
            )
        # a bought Action under way is taken like a free one: buying is asked only between Actions
        bought = page.round is not Round.FREE and action is None
        return page.turn, "buy an Action or pass" if bought else "take an Action"
    if deadlocks_to_declare(state, page.turn) and not resolvable_claims(state, page.turn):
        return page.turn, "declare a Deadlock"
    # CAPES-GLOAT-001 (src 52, 205): the claimant resolves, or gloats instead where the table finds
    # that resolving would break its Code; the turn says both, as the table's only prompt for it
    return (
        page.turn,
        "resolve each claimed side that controls"
        " (or gloat instead, if resolving would break the group's Code)",
    )


def require_turn(state: CapesState, actor: str, *, doing: str) -> None:
    """Refuse ``doing`` unless it is ``actor``'s turn; the message says whose turn it is."""
    player, what = whose_turn(state)
    if player is not None and player != actor:
        raise NotPermitted(f"You cannot {doing} now: it is {state.name(player)}'s turn to {what}.")
