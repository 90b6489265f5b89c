"""The shared kit: look-up, lists, seating order, initiative ranking, turn order, timed statuses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import PrivateAttr

from capeworks.engine.kit import (
    Expiry,
    Timed,
    TurnOrder,
    TurnPoint,
    expire,
    left_of,
    lookup,
    order_from,
    rank,
    split_list,
    tied,
)
from capeworks.errors import NotFound


def test_lookup__names_what_is_known() -> None:
    assert lookup({"ada": 1}, "ada", "character") == 1
    with pytest.raises(NotFound, match=r"There is no character 'bo' at this table. Known: ada, cy."):
        lookup({"ada": 1, "cy": 2}, "bo", "character")


def test_split_list__reads_what_a_person_types() -> None:
    assert split_list(" quickly, ,silently ") == ["quickly", "silently"]
    assert split_list(["a"]) == ["a"]


def test_seating__clockwise_from_a_player() -> None:
    assert order_from(("a", "b", "c"), "b") == ("b", "c", "a")
    assert left_of(("a", "b", "c"), "c") == "a"
    assert left_of(("a",), "a") == "a"


def test_rank__descending_scores_then_each_tie_break() -> None:
    # WD-style: score, then tier, then morale, then reputation
    scores = [("thug", (7, 1, 0, 0)), ("ada", (7, 2, 1, 3)), ("boss", (9, 3, 0, 0)), ("cy", (7, 2, 1, 5))]
    assert rank(scores) == ("boss", "cy", "ada", "thug")
    assert tied([("a", (3, 1)), ("b", (3, 1)), ("c", (2, 0))]) == [["a", "b"]]


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), min_size=1, max_size=8))
def test_rank__is_sorted_and_keeps_given_order_among_ties(keys: list[tuple[int, int]]) -> None:
    scores = [(str(i), k) for i, k in enumerate(keys)]
    ranked = rank(scores)
    ordered = [dict(scores)[i] for i in ranked]
    assert ordered == sorted(ordered, reverse=True)
    for group in tied(scores):
        assert [i for i in ranked if i in group] == group


def test_turn_order__advances_skips_and_counts_rounds() -> None:
    order = TurnOrder(order=("a", "b", "c"))
    order, points = order.advance()
    assert order.current == "b" and points == [TurnPoint.TURN_END, TurnPoint.TURN_START]
    order, points = order.advance(can_act=lambda who: who != "c")
    assert (order.current, order.round) == ("a", 2)
    assert points == [TurnPoint.TURN_END, TurnPoint.ROUND_END, TurnPoint.TURN_START]


def test_turn_order__removing_and_moving_keep_the_current_turn() -> None:
    order = TurnOrder(order=("a", "b", "c", "d"), index=2)  # c acts
    assert order.without("a").current == "c"
    assert order.without("c").current == "d"
    moved = order.moved("a", before=None)  # a waits to act last
    assert moved.order == ("b", "c", "d", "a") and moved.current == "c"


class _NotedOrder(TurnOrder):
    _note: str = PrivateAttr(default="kept")


def test_turn_order__its_changed_copies_are_what_model_copy_makes() -> None:
    order = TurnOrder(order=("a", "b", "c", "d"), index=2)
    for made, update in (
        (order.advance()[0], {"index": 3, "round": 1}),
        (order.without("a"), {"order": ("b", "c", "d"), "index": 1}),
        (order.moved("a", before=None), {"order": ("b", "c", "d", "a"), "index": 1}),
    ):
        copied = order.model_copy(update=update)
        assert made == copied and type(made) is TurnOrder
        assert made.__pydantic_fields_set__ == copied.__pydantic_fields_set__
        assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None
    noted = _NotedOrder(order=("a", "b"))
    advanced = noted.advance()[0]
    assert type(advanced) is _NotedOrder and advanced._note == "kept" and advanced.current == "b"


def test_expire__at_the_start_of_the_holders_next_turn() -> None:
    dodge = Timed(name="dodging", target="ada", ends=Expiry(point=TurnPoint.TURN_START, holder="ada"))
    down = Timed(name="knocked_down", target="thug", ends=Expiry(point=TurnPoint.ROUND_END, round=3))
    scar = Timed(name="scarred", target="ada")
    kept, ended = expire([dodge, down, scar], TurnPoint.TURN_START, holder="thug", round_=2)
    assert (kept, ended) == ([dodge, down, scar], [])
    kept, ended = expire([dodge, down, scar], TurnPoint.TURN_START, holder="ada", round_=2)
    assert ended == [dodge]
    kept, ended = expire(kept, TurnPoint.ROUND_END, holder=None, round_=2)
    assert ended == []
    kept, ended = expire(kept, TurnPoint.ROUND_END, holder=None, round_=3)
    assert ended == [down] and kept == [scar]


def test_gm_notes_hidden__players_see_alike_without_the_gms_notes() -> None:
    from pydantic import BaseModel

    from capeworks.engine import Viewer
    from capeworks.engine.kit import GmNotesHidden
    from capeworks.systems.bpb.ruleset import BpbRuleset
    from capeworks.systems.rwyn.ruleset import RwynRuleset
    from capeworks.systems.workshop.ruleset import WorkshopRuleset

    class _State(BaseModel):
        gm_notes: list[str] = []
        round: int = 2

    state = _State(gm_notes=["the butler did it"])
    hidden = GmNotesHidden()
    ann, bo, gm = Viewer(seat="ann"), Viewer(seat="bo"), Viewer.gm()
    assert hidden.view(state, ann) == {"gm_notes": [], "round": 2} == hidden.view(state, bo)
    assert hidden.view(state, gm) == {"gm_notes": ["the butler did it"], "round": 2}
    assert hidden.view_key(state, ann) == hidden.view_key(state, bo) != hidden.view_key(state, gm)
    for ruleset in (RwynRuleset, BpbRuleset, WorkshopRuleset):
        assert ruleset.view is GmNotesHidden.view and ruleset.view_key is GmNotesHidden.view_key


def test_a_text_list_item_is_a_phrase_not_a_pasted_page() -> None:
    """Each item of a TextList is at most MAX_TEXT_ITEM long: a pasted page is refused in one sentence
    and the table is untouched (an item took anything up to the 16 KiB command limit before)."""
    from capeworks.engine.kit import MAX_TEXT_ITEM
    from capeworks.errors import InvalidCommand
    from tests.systems.rwyn.helpers import table

    d = table()
    log = len(d.table.log)
    page = "x" * (MAX_TEXT_ITEM + 1)
    with pytest.raises(InvalidCommand, match=f"at most {MAX_TEXT_ITEM} characters"):
        d.do("gm", "add_character", payload={"id": "ada", "owner": "ann", "talents": [page]})
    assert len(d.table.log) == log and "ada" not in d.state.characters
    d.do("gm", "add_character", payload={"id": "ada", "owner": "ann", "talents": ["Knack", "Quick hands"]})
    assert "ada" in d.state.characters
    # at the kit's own bound, whatever a ruleset's sheet then allows
    from pydantic import BaseModel, ValidationError

    from capeworks.engine.kit import TextList

    class Picks(BaseModel):
        picks: TextList

    assert Picks(picks="a, " + "y" * MAX_TEXT_ITEM).picks == ["a", "y" * MAX_TEXT_ITEM]
    with pytest.raises(ValidationError):
        Picks(picks=["a", page])
