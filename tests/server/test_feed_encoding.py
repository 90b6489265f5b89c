"""The feed's shared work (views once per view key, JSON spliced from shared parts) sends the same bytes."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic_core import to_json

from capeworks.engine import Panel, Table
from capeworks.server.feed import encode_update
from capeworks.server.jsoncache import SWEEP, JsonCache
from capeworks.server.projection import Shared, entries, projection
from tests.engine.fanout_sessions import sessions


@pytest.mark.parametrize("name", sorted(sessions()))
def test_feed__every_seats_messages_equal_ones_worked_out_alone_at_every_step(name: str) -> None:
    session = sessions()[name]()
    live = session.new()
    kept = JsonCache()  # as a feed keeps it, from one version to the next
    prev, sent = live.version, 0
    for table in session.play(live):
        kept.next_round()
        shared = Shared.of(table, json=kept)
        texts = {
            seat.id: encode_update(
                table.version,
                entries(table, seat, since=prev, shared=shared),
                projection("t", table, seat, shared=shared),
                shared=shared,
            )
            for seat in table.seats
        }
        alone = Table.replay(table.log)  # nothing memoised, nothing shared
        for seat in table.seats:
            expected = encode_update(
                alone.version, entries(alone, seat, since=prev), projection("t", alone, seat)
            )
            assert texts[seat.id] == expected
            sent += 1
        prev = table.version
    assert sent >= 10


def test_encode_update__keys_and_text_are_escaped_when_spliced() -> None:
    shared = Shared(version=1, prompts=[], waiting=[])
    state = {'we"ird\n': ["</script>", {"é": None}], "view": {"x": 1.5}}
    spliced = encode_update(1, [], state, shared=shared)
    assert spliced == encode_update(1, [], state)


def test_json_cache__equal_panels_share_json_across_versions_and_unused_ones_are_forgotten() -> None:
    kept = JsonCache()
    first = kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),)))
    again = kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),)))
    changed = kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "4"),)))
    assert first is again and changed is not first and changed["rows"] == [["Might", "4"]]
    for _ in range(2 * SWEEP):
        kept.next_round()
        kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "4"),)))
    assert kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),))) is not first
    assert kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "4"),))) is changed


def test_json_cache__a_list_is_spliced_from_its_items_texts() -> None:
    kept = JsonCache()
    value = [{"a": [1, None, "é\n"]}, "x", 2.5, [], {}]
    assert kept.text(value) == to_json(value).decode()


def test_shared_json__cannot_be_changed_by_a_caller_and_copies_can() -> None:
    import copy

    table = sessions()["rwyn sample"]().played()
    shared = Shared.of(table, json=JsonCache())
    gm, player = table.seats[0], table.seats[1]
    state = projection("t", table, player, shared=shared)
    again = projection("t", table, gm, shared=shared)
    assert state["seats"] is again["seats"] and state["config"] is again["config"]
    lines = entries(table, player, since=0, shared=shared)
    shared_values = [state["seats"], state["seats"][0], state["config"], state["panels"], state["waiting"]]
    shared_values += [lines[0], lines[0]["parts"], *[d for d in state["legal"]]]
    for value in shared_values:
        with pytest.raises(TypeError, match="shared"):
            if isinstance(value, dict):
                value["changed"] = True
            else:
                value.append("changed")
        copied = copy.deepcopy(value)
        assert copied == value
        if isinstance(copied, dict):
            copied["changed"] = True
        else:
            copied.append("changed")
    # nothing leaked into what the next seat is sent, or into a fresh replay's answer
    alone = Table.replay(table.log)
    assert encode_update(table.version, lines, state) == encode_update(
        alone.version, entries(alone, player), projection("t", alone, player)
    )


def test_json_cache__equal_models_share_one_frozen_json_with_its_text_and_unused_ones_are_forgotten() -> None:
    from capeworks.engine import Seat

    kept = JsonCache()
    first = kept.dump(Seat(id="ann", name="Ann"))
    again = kept.dump(Seat(id="ann", name="Ann"))  # a new object, equal: the same JSON
    other = kept.dump(Seat(id="bo", name="Bo"))
    assert first is again and other is not first
    assert first == Seat(id="ann", name="Ann").model_dump(mode="json")
    assert kept.text(first) == to_json(Seat(id="ann", name="Ann")).decode()
    with pytest.raises(TypeError):
        first["name"] = "Eve"
    for _ in range(2 * SWEEP):
        kept.next_round()
        kept.dump(Seat(id="bo", name="Bo"))
    assert kept.dump(Seat(id="ann", name="Ann")) is not first
    assert kept.dump(Seat(id="bo", name="Bo")) is other


def test_json_cache__a_frozen_lists_text_is_kept_for_the_round_and_equals_plain_json() -> None:
    from capeworks.server.jsoncache import FrozenList, freeze

    cache, once = JsonCache(), {}
    shared = FrozenList([freeze({"a": 1}), "x", None])
    first = cache.text(shared, once=once)
    assert first == to_json([{"a": 1}, "x", None]).decode()
    assert cache.text(shared, once=once) is first  # spliced once a round
    plain = [{"a": 1}]
    assert cache.text(plain, once=once) == '[{"a":1}]' and id(plain) not in once  # may change: not kept


def test_viewer_of__one_frozen_viewer_per_seat_and_role() -> None:
    from capeworks.engine import Seat
    from capeworks.engine.model import Role
    from capeworks.server.projection import viewer_of

    ann, gm = Seat(id="ann", name="Ann"), Seat(id="ann", name="Ann", role=Role.GM)
    assert viewer_of(ann) is viewer_of(Seat(id="ann", name="Ann"))
    assert not viewer_of(ann).is_gm and viewer_of(gm).is_gm and viewer_of(gm).seat == "ann"


def test_json_cache__a_kept_panel_and_a_list_of_the_same_items_are_found_by_identity_and_swept() -> None:
    """A ruleset handing back the same panel objects gets the same JSON without hashing them again, and
    a panel list of the very same JSON items is the same frozen list (unchanged by identity for the
    feed's comparison); both are forgotten when unused for SWEEP rounds, like everything else."""
    kept = JsonCache()
    panel = Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),))
    first = kept.dump_panel(panel)
    assert kept.dump_panel(panel) is first
    assert kept.dump_panel(Panel(title="Sheet", columns=("", ""), rows=(("Might", "3"),))) is first
    listed = kept.frozen_list([first])
    assert kept.frozen_list([first]) is listed and listed == [first]
    other = kept.dump_panel(Panel(title="Other", columns=("",), rows=()))
    assert kept.frozen_list([first, other]) is not listed
    for _ in range(2 * SWEEP):
        kept.next_round()
        kept.dump_panel(Panel(title="Other", columns=("",), rows=()))
    assert kept.dump_panel(panel) is not first and kept.dump_panel(panel) == first
    assert kept.frozen_list([first]) is not listed


def test_json_cache__the_same_models_in_the_same_order_are_the_same_frozen_list_until_swept() -> None:
    from capeworks.engine import LegalCommand

    kept = JsonCache()
    one = LegalCommand(command="buy", fixed={"n": 1}, label="Buy")
    true = LegalCommand(command="buy", fixed={"n": True}, label="Buy")  # equal to one, but sent as true
    listed = kept.dump_list([one, true])
    assert listed == [to_json_obj(one), to_json_obj(true)] and listed[1]["fixed"]["n"] is True
    assert kept.dump_list([one, true]) is listed
    assert kept.dump_list([true, one]) is not listed
    # used every round, it stays the same list; its models' JSON keeps its text across sweeps
    for _ in range(SWEEP * 3):
        kept.next_round()
        assert kept.dump_list([one, true]) is listed
    assert kept.text(listed) == to_json([to_json_obj(one), to_json_obj(true)]).decode()
    for _ in range(SWEEP * 2 + 1):
        kept.next_round()
    again = kept.dump_list([one, true])
    assert again == listed and again is not listed


def to_json_obj(model: Any) -> Any:
    return model.model_dump(mode="json")
