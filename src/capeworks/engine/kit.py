"""The shared kit for rulesets: what every system needs and none should write again.

* :class:`Frozen`: the base of immutable domain models (``frozen``, ``extra="forbid"``).
* :data:`TextList`: a list field that also reads ``"a, b"`` (what a person types).
* :func:`lookup`: a mapping look-up that fails with a sentence naming the known keys.
* Turn order: :func:`order_from` and :func:`left_of` (seating order, clockwise),
  :func:`rank` (initiative: descending scores with tie-break keys) and
  :class:`TurnOrder` (whose turn, rounds, skipping those who cannot act).
* Timed statuses: :class:`Timed` with an :class:`Expiry` at a point in the turn
  order ("until the start of your next turn", "until the end of the round"),
  and :func:`expire` to drop the ones that end at a given point.

Everything here is pure and cheap: the lab folds these millions of times.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, StringConstraints

from capeworks.engine.audience import Viewer
from capeworks.errors import NotFound

__all__ = [
    "MAX_TEXT_ITEM",
    "Expiry",
    "Frozen",
    "GmNotesHidden",
    "TextList",
    "Timed",
    "TurnOrder",
    "TurnPoint",
    "expire",
    "left_of",
    "lookup",
    "order_from",
    "rank",
    "split_list",
    "tied",
]

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T", bound="Timed")


_new = object.__new__
# the slots of every pydantic model instance, set through their descriptors (as
# ``capeworks.systems.weaverdice.copies`` does)
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


class Frozen(BaseModel):
    """Base of immutable domain models: change by ``model_copy(update=...)``, never in place."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class GmNotesHidden:
    """Ruleset mixin for a table whose one secret is the GM's notes (``state.gm_notes``).

    Put it before ``Ruleset`` in the bases: players all see alike (``view_key`` is
    ``viewer.is_gm``) and see the state with ``gm_notes`` empty; the GM sees it all.
    """

    def view_key(self, state: BaseModel, viewer: Viewer) -> Hashable:
        """Players see alike: only the GM sees the GM's notes."""
        return viewer.is_gm

    def dumped(self, state: BaseModel) -> dict[str, Any]:
        """The state as JSON; a ruleset overrides it to leave out fields added since its golden logs."""
        return state.model_dump(mode="json")

    #: the state's fields only the GM sees (emptied for everyone else); a ruleset may add its own
    gm_only: ClassVar[tuple[str, ...]] = ("gm_notes",)

    def view(self, state: BaseModel, viewer: Viewer) -> dict[str, Any]:
        """The state as JSON, the GM's notes (and any other ``gm_only`` field) emptied for everyone
        but the GM."""
        data = self.dumped(state)
        if not viewer.is_gm:
            for name in self.gm_only:
                if name in data:
                    data[name] = []
        return data


def split_list(value: Any) -> Any:
    """``"a, b"`` -> ``["a", "b"]``; lists (and anything else) pass through for validation."""
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip()]
    return value


#: the longest item a :data:`TextList` takes: a name, a key or a short phrase, not a pasted page
MAX_TEXT_ITEM = 500

#: a list of strings that also accepts one comma-separated string; each item at most MAX_TEXT_ITEM long
TextList = Annotated[
    list[Annotated[str, StringConstraints(max_length=MAX_TEXT_ITEM)]], BeforeValidator(split_list)
]


def lookup(mapping: Mapping[K, V], key: K, what: str, *, where: str = "at this table") -> V:
    """``mapping[key]``, or NotFound: "There is no {what} 'x' {where}. Known: a, b." """
    try:
        return mapping[key]
    except KeyError:
        known = ", ".join(str(k) for k in mapping) or "none yet"
        raise NotFound(f"There is no {what} {key!r} {where}. Known: {known}.") from None


# -- seating order ------------------------------------------------------------------------------


def order_from(ids: Sequence[str], start: str) -> tuple[str, ...]:
    """``ids`` in order (clockwise), beginning with ``start``; unchanged if it is absent."""
    ids = tuple(ids)
    if start not in ids:
        return ids
    i = ids.index(start)
    return ids[i:] + ids[:i]


def left_of(ids: Sequence[str], current: str) -> str:
    """The next one clockwise after ``current`` (itself when alone)."""
    order = order_from(ids, current)
    return order[1] if len(order) > 1 else order[0]


# -- initiative ---------------------------------------------------------------------------------


def rank(scores: Iterable[tuple[str, Sequence[float]]]) -> tuple[str, ...]:
    """Ids by descending score, then each tie-break key in turn (higher first).

    ``scores`` pairs an id with its keys: ``("ada", (score, tier, morale, rep))``.
    Ids still tied keep the order given: the caller breaks those (a roll-off,
    a GM ruling) before ranking, or adds the roll as a last key.
    """
    items = list(scores)
    order = sorted(range(len(items)), key=lambda i: (*tuple(-k for k in items[i][1]), i))
    return tuple(items[i][0] for i in order)


def tied(scores: Iterable[tuple[str, Sequence[float]]]) -> list[list[str]]:
    """Groups of ids whose keys are all equal (those a roll-off must separate)."""
    groups: dict[tuple[float, ...], list[str]] = {}
    for ident, keys in scores:
        groups.setdefault(tuple(keys), []).append(ident)
    return [g for g in groups.values() if len(g) > 1]


class TurnPoint(StrEnum):
    """Points in the turn order at which something can end."""

    TURN_START = "turn_start"
    TURN_END = "turn_end"
    ROUND_END = "round_end"


class TurnOrder(Frozen):
    """Who acts, in order, and which round it is.

    ``order`` holds ids in acting order; ``index`` points at whose turn it is.
    Advancing past the last id starts the next round. ``done`` lists who has
    had their turn this round (for "a round ends when everyone has acted").
    """

    order: tuple[str, ...] = ()
    index: int = 0
    round: int = 1

    def _with(self, **update: Any) -> TurnOrder:
        """What ``model_copy(update=update)`` makes (values of the fields' own types, from the order's
        own methods), without its generic copy of the private and extra slots, which an order has
        not: a new turn is taken at every end of a turn."""
        if self.__pydantic_private__ is not None:  # a subclass with private attributes
            return self.model_copy(update=update)
        new = _new(type(self))
        _SET_DICT(new, {**self.__dict__, **update})
        _SET_FIELDS(new, self.__pydantic_fields_set__ | update.keys())
        _SET_EXTRA(new, None)
        _SET_PRIVATE(new, None)
        return new

    @property
    def current(self) -> str | None:
        """Whose turn it is (None when nobody is in the order)."""
        return self.order[self.index] if self.order and 0 <= self.index < len(self.order) else None

    def advance(self, *, can_act: Callable[[str], bool] | None = None) -> tuple[TurnOrder, list[TurnPoint]]:
        """The next turn, skipping ids that cannot act; with the points passed on the way.

        Returns the new order and the points crossed (``TURN_END`` of the one
        who acted, ``ROUND_END`` when the order wraps, ``TURN_START`` of the next).
        """
        if not self.order:
            return self, []
        points = [TurnPoint.TURN_END]
        index, round_ = self.index, self.round
        for _ in range(len(self.order)):
            index += 1
            if index >= len(self.order):
                index, round_ = 0, round_ + 1
                points.append(TurnPoint.ROUND_END)
            if can_act is None or can_act(self.order[index]):
                break
        points.append(TurnPoint.TURN_START)
        return self._with(index=index, round=round_), points

    def without(self, ident: str) -> TurnOrder:
        """The order with ``ident`` removed (the current turn stays with whoever holds it)."""
        if ident not in self.order:
            return self
        i = self.order.index(ident)
        order = self.order[:i] + self.order[i + 1 :]
        index = self.index - 1 if i < self.index else self.index
        if order and index >= len(order):
            index = 0
        return self._with(order=order, index=max(index, 0))

    def moved(self, ident: str, *, before: str | None) -> TurnOrder:
        """``ident`` moved to act just before ``before`` (or last when None): Wait, delays."""
        rest = [i for i in self.order if i != ident]
        at = rest.index(before) if before in rest else len(rest)
        current = self.current
        order = tuple([*rest[:at], ident, *rest[at:]])
        index = order.index(current) if current in order else 0
        return self._with(order=order, index=index)


# -- timed statuses -----------------------------------------------------------------------------


class Expiry(Frozen):
    """When something ends: at ``point`` of ``holder``'s turn (or the round), once ``round`` is reached.

    ``holder`` is None for ``ROUND_END``. ``round`` None means the next time
    the point is reached.
    """

    point: TurnPoint
    holder: str | None = None
    round: int | None = None

    def reached(self, point: TurnPoint, *, holder: str | None, round_: int) -> bool:
        """Does reaching ``point`` (of ``holder``'s turn, in ``round_``) end it?"""
        if point is not self.point:
            return False
        if self.point is not TurnPoint.ROUND_END and self.holder != holder:
            return False
        return self.round is None or round_ >= self.round


class Timed(Frozen):
    """A status on someone that ends at a point in the turn order (or never, without ``ends``)."""

    name: str
    target: str
    ends: Expiry | None = None


def expire(
    statuses: Iterable[T], point: TurnPoint, *, holder: str | None, round_: int
) -> tuple[list[T], list[T]]:
    """Split ``statuses`` into those that go on and those that end at this point."""
    kept: list[T] = []
    ended: list[T] = []
    for status in statuses:
        ends = status.ends
        (ended if ends is not None and ends.reached(point, holder=holder, round_=round_) else kept).append(
            status
        )
    return kept, ended
