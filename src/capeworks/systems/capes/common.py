"""Small shared helpers for the Capes rule modules: events, look-ups, immutable updates."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from capeworks.engine import Context, Event, RollRecord
from capeworks.errors import CapeworksError, NotFound, NotPermitted, RuleViolation
from capeworks.systems.capes.config import CapesConfig
from capeworks.systems.capes.events import EVENTS, PREFIX, Returned
from capeworks.systems.capes.queries import cast_of
from capeworks.systems.capes.sheet import slug
from capeworks.systems.capes.state import CapesState, Conflict, Page, Scene, Side

__all__ = [
    "Ctx",
    "debt_back",
    "event",
    "find_character",
    "find_conflict",
    "find_side",
    "need_page",
    "need_scene",
    "own_character",
    "pay",
    "price",
    "replace_conflict",
    "stakes_back",
    "takes",
    "with_page",
    "with_scene",
]


#: what a Capes handler knows beside the state: the acting seat, the seats, the rules config
Ctx = Context[CapesConfig]


def event(kind: str, *, rolls: tuple[RollRecord, ...] = (), **data: Any) -> Event:
    """A ``capes.<kind>`` event: ``data`` checked against its payload model (:mod:`.events`)."""
    model = EVENTS[PREFIX + kind]
    return Event.of(model.model_validate(data), rolls=rolls)


def find_character(state: CapesState, name: str) -> str:
    """The roster key of ``name``, or NotFound."""
    key = slug(name)
    if key not in state.roster:
        raise NotFound(
            f"There is no character called {name!r}. Add one first (add_sample or create_character)."
        )
    return key


def need_scene(state: CapesState) -> Scene:
    """The running Scene, or a refusal."""
    if state.scene is None:
        raise RuleViolation("CAPES-SCENE-001", "No Scene is being played; declare one first.")
    return state.scene


def need_page(state: CapesState) -> Page:
    """The running Page, or a refusal."""
    scene = need_scene(state)
    if scene.page is None:
        raise RuleViolation(
            "CAPES-SCENE-004", "Characters are still being chosen; the first Page has not begun."
        )
    return scene.page


def own_character(state: CapesState, actor: str, name: str) -> str:
    """The character ``actor`` plays in this Scene; ``name`` may be empty if they play just one."""
    mine = cast_of(state, actor)
    if not name:
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise NotPermitted("You play no character in this Scene.")
        raise RuleViolation(
            "CAPES-SCENE-006", f"You play several characters; say which: {state.characters_named(mine)}."
        )
    key = find_character(state, name)
    if key not in mine:
        raise NotPermitted(f"You do not play {state.roster[key].sheet.name} in this Scene.")
    return key


def find_conflict(state: CapesState, conflict_id: str) -> Conflict:
    """The Conflict with this id, or NotFound listing those on the table."""
    found = state.conflict(conflict_id)
    if found is None:
        known = ", ".join(c.id for c in state.conflicts) or "none"
        raise NotFound(f"There is no Conflict {conflict_id!r} on the table (Conflicts: {known}).")
    return found


def find_side(conflict: Conflict, side_id: str) -> Side:
    """A side of ``conflict``, or NotFound listing its sides."""
    side = conflict.side(side_id) if side_id else None
    if side is None:
        known = ", ".join(s.id for s in conflict.sides)
        raise NotFound(f"Conflict {conflict.card} has no side {side_id!r} (sides: {known}).")
    return side


def takes(check: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """Does a handler's check pass for these arguments, rather than refuse?

    The menu asks the handlers' own checks this way, over the fills a player could give, so that it
    offers a move only where the table would take one (one check, used by both).
    """
    try:
        check(*args, **kwargs)
    except CapeworksError:
        return False
    return True


def price(state: CapesState) -> int:
    """What one purchase costs in Story Tokens (table T2)."""
    return state.config.token_price


def pay(state: CapesState, player: str, what: str) -> int:
    """Check ``player`` can pay for ``what``; returns the price."""
    cost = price(state)
    have = state.tokens.get(player, 0)
    if have < cost:
        raise RuleViolation("CAPES-RSRC-001", f"{what} costs {cost} Story Token; you have {have}.")
    return cost


def with_scene(state: CapesState, **update: Any) -> CapesState:
    """The state with the Scene's fields updated."""
    assert state.scene is not None
    return state.model_copy(update={"scene": state.scene.model_copy(update=update)})


def with_page(state: CapesState, **update: Any) -> CapesState:
    """The state with the Page's fields updated."""
    assert state.scene is not None and state.scene.page is not None
    return with_scene(state, page=state.scene.page.model_copy(update=update))


def replace_conflict(state: CapesState, conflict: Conflict) -> CapesState:
    """The state with one Conflict replaced (same id)."""
    return state.model_copy(
        update={"conflicts": tuple(conflict if c.id == conflict.id else c for c in state.conflicts)}
    )


def stakes_back(sides: Iterable[Side], factor: int) -> list[dict[str, Any]]:
    """The Debt staked on ``sides``, times ``factor``, as event data (CAPES-RES-003, Scene end)."""
    return [
        {"character": st.character, "pool": st.pool, "amount": st.amount * factor}
        for s in sides
        for st in s.stakes
    ]


def debt_back(state: CapesState, returned: Sequence[Returned]) -> CapesState:
    """The state with ``returned`` Debt (from :func:`stakes_back`) put back on its Drives."""
    roster = dict(state.roster)
    for item in returned:
        char = roster[item.character]
        debt = {**char.debt, item.pool: char.debt.get(item.pool, 0) + item.amount}
        roster[item.character] = char.model_copy(update={"debt": debt})
    return state.model_copy(update={"roster": roster})
