"""The v2 contract: authority per command, generic answers, addressing, legal commands, dice, log view."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

import pytest

from capeworks.engine import (
    Audience,
    Command,
    Description,
    Event,
    Prompt,
    PromptOption,
    Role,
    Seat,
    Table,
    Viewer,
)
from capeworks.engine.conformance import (
    check_describe,
    check_events_declared,
    check_menus_and_panels,
    check_prompts_answerable,
    check_view_key,
)
from capeworks.engine.testing import Driver
from capeworks.errors import InvalidCommand, NotFound, NotPermitted, RuleViolation
from tests.engine.toy import Noted, Toy

GM = Seat(id="gm", name="Game master", role=Role.GM)
ANN = Seat(id="ann", name="Ann")
BOB = Seat(id="bob", name="Bob")


def driver(**kwargs: Any) -> Driver:
    return Driver(Toy(), seats=[GM, ANN, BOB], **kwargs)


# -- authority ------------------------------------------------------------------------------------


def test_authority__owner_commands_follow_the_controller() -> None:
    d = driver()
    d.do("ann", "rename", character="blue", name="Sky")
    d.refuse(
        "bob",
        "rename",
        error=NotPermitted,
        match="blue token is played by another seat",
        character="blue",
        name="x",
    )
    d.refuse(
        "ann",
        "rename",
        error=NotPermitted,
        match="Only the GM acts for the red token",
        character="red",
        name="x",
    )
    d.refuse("ann", "rename", error=NotFound, match="no token 'green'", character="green", name="x")
    d.do("gm", "rename", character="red", name="Ember")  # the GM acts for anyone


def test_authority__gm_commands_in_a_gm_less_game_are_nobodys() -> None:
    class GmLess(Toy):
        has_gm = False

    d = Driver(GmLess(), seats=[ANN, BOB])
    d.refuse("ann", "note", error=NotPermitted, match="Nobody can write secret notes here", text="x")


def test_join__only_one_gm_per_table() -> None:
    table = Table.new(Toy(), seats=[GM, ANN], seed=1)
    with pytest.raises(RuleViolation, match="already has a GM"):
        table.join(Seat(id="eve", name="Eve", role=Role.GM))


# -- prompts and answers --------------------------------------------------------------------------


def test_prompt__addressed_to_a_seat_or_a_role_never_both() -> None:
    option = PromptOption(value="ok", command="add", payload={"dice": 1})
    with pytest.raises(ValueError, match="a seat or to a role"):
        Prompt(id="p", seat="ann", role=Role.GM, kind="k", options=(option,))
    with pytest.raises(ValueError, match="a seat or to a role"):
        Prompt(id="p", kind="k", options=(option,))


def test_prompts__a_player_seated_as_gm_does_not_see_the_gms_prompts() -> None:
    # the GM sits at "boss"; a player chose the seat id "gm"
    boss = Seat(id="boss", name="Boss", role=Role.GM)
    player = Seat(id="gm", name="Gemma")
    table = Table.new(Toy(), seats=[boss, player], seed=1)
    table.execute(Command(type="add", seat="gm", payload={"dice": 1}), dice=[4])
    table.undo("gm")  # a request: a prompt to the GM role
    assert [p.id for p in table.prompts(table.viewer_for("boss"))] == ["undo-gm"]
    assert table.prompts(table.viewer_for("gm")) == []


def test_answer__an_option_issues_its_command() -> None:
    d = driver()
    d.do("gm", "ask", seat="ann")
    d.answer("ann", "p0", "YES")
    assert d.state.answers == ("yes",) and d.last.type == "toy.answered"


def test_answer__free_words_fill_the_named_field() -> None:
    d = driver()
    d.do("gm", "ask", seat="ann")
    d.answer("ann", "p0", value="maybe")
    assert d.state.answers == ("maybe",)


def test_answer__refusals_are_sentences_and_change_nothing() -> None:
    d = driver()
    d.do("gm", "ask", seat="ann")
    d.refuse("ann", "answer", error=InvalidCommand, match="not both", prompt="p0", option="yes", value="x")
    d.refuse(
        "ann",
        "answer",
        error=InvalidCommand,
        match="Say which answer you give: yes or no, or in your own words",
        prompt="p0",
    )
    # another seat's prompt looks exactly like one that does not exist
    bob = d.refuse("bob", "answer", error=NotFound, prompt="p0", option="yes")
    none = d.refuse("bob", "answer", error=NotFound, prompt="p9", option="yes")
    assert bob.message.replace("p0", "p9") == none.message
    # a prompt with no free answer refuses words it does not offer
    d.do("ann", "add", dice=[2], payload={"dice": 1})
    d.undo("ann")
    d.refuse(
        "gm",
        "answer",
        error=InvalidCommand,
        match="no answer 'perhaps'; answer allow or refuse",
        prompt="undo-ann",
        option="perhaps",
    )


def test_answer__a_word_that_is_no_option_is_the_free_answer() -> None:
    d = driver()
    d.do("gm", "ask", seat="ann")
    d.answer("ann", "p0", "perhaps")
    assert d.state.answers == ("perhaps",)


def test_answer__the_answering_command_still_checks_authority() -> None:
    d = driver()
    d.do("gm", "ask", seat="ann")
    # the GM may answer for a player (it is her table); the handler then decides
    d.refuse("gm", "answer", error=NotFound, match="No open question", prompt="p0", option="yes")


# -- what can be done now -------------------------------------------------------------------------


def test_legal_commands__follow_authority_and_prompts() -> None:
    d = driver()
    assert {c.command for c in d.legal("ann")} == {"add", "rename"}
    assert {c.command for c in d.legal("gm")} == {"add", "note", "ask", "rename"}
    d.do("gm", "ask", seat="ann")
    answers = [c for c in d.legal("ann") if c.prompt == "p0"]
    assert [(c.command, c.fixed) for c in answers[:2]] == [
        ("reply", {"prompt": "p0", "choice": "yes"}),
        ("reply", {"prompt": "p0", "choice": "no"}),
    ]
    assert "undo" in {c.command for c in d.legal("gm")}


# -- dice: who may type them in, and where they come from -----------------------------------------


@pytest.mark.parametrize(
    ("setting", "ann_may", "gm_may"),
    [("everyone", True, True), ("gm", False, True), ("nobody", False, False)],
)
def test_physical_dice__the_table_setting_decides_who_may_type_them(
    setting: str, ann_may: bool, gm_may: bool
) -> None:
    d = driver(settings={"physical_dice": setting})
    for seat, may in (("ann", ann_may), ("gm", gm_may)):
        if may:
            d.do(seat, "add", dice=[3], payload={"dice": 1})
            assert d.last.rolls[0].given
        else:
            d.refuse(seat, "add", error=NotPermitted, dice=[6], payload={"dice": 1})


def test_dice__a_table_without_a_seed_rolls_with_the_operating_system() -> None:
    tables = [Table.new(Toy(), seats=[GM, ANN]) for _ in range(2)]
    assert not any(t.seeded for t in tables)
    assert all(e.type != "table.seeded" for t in tables for e in t.log)
    faces = [
        t.execute(Command(type="add", seat="ann", payload={"dice": 10}))[0].rolls[0].faces for t in tables
    ]
    # two unseeded tables agree on 10d6 with chance 6**-10
    assert faces[0] != faces[1]
    # the faces are recorded, so replay needs no dice at all
    assert Table(Toy(), tables[0].log).state == tables[0].state


# -- the log, in words, per viewer ----------------------------------------------------------------


def test_log_view__words_per_viewer_since_a_version() -> None:
    d = driver()
    d.do("ann", "add", dice=[3, 4], payload={"dice": 2})
    version = d.table.version
    d.do("gm", "note", text="the butler did it")
    d.do("ann", "add", dice=[1], payload={"dice": 1})
    d.undo("gm")
    gm_lines = d.table.log_view(Viewer.gm(), since=version)
    assert [e.description.text for e in gm_lines] == [
        "A note: the butler did it",
        "The counter goes up by 1.",
        f"Undo: the action logged at #{version + 2} is taken back.",
    ]
    assert gm_lines[0].description.hidden and gm_lines[1].undone
    ann_lines = d.table.log_view(d.table.viewer_for("ann"), since=version)
    assert [e.type for e in ann_lines] == ["toy.added", "table.reverted"]
    first = d.table.log_view(Viewer.gm(), since=version - 1, limit=1)[0]
    assert first.description.rolls[0].faces == (3, 4) and first.description.rolls[0].given
    assert first.description.actor == "ann"


# -- conformance catches a ruleset that breaks the contract ---------------------------------------


def test_conformance__an_undeclared_event_fails() -> None:
    class Sloppy(Toy):
        events: ClassVar[dict[str, Any]] = {k: v for k, v in Toy.events.items() if k != "toy.noted"}

    with pytest.raises(AssertionError, match=r"'toy\.noted' is emitted but not declared"):
        check_events_declared(Sloppy())


def test_conformance__an_event_without_words_fails() -> None:
    class Mute(Toy):
        words: ClassVar[dict[str, Any]] = {k: v for k, v in Toy.words.items() if k != "toy.added"}

    with pytest.raises(AssertionError, match=r"no words: \['toy.added'\]"):
        check_describe(Mute())


def test_conformance__a_prompt_offering_a_refused_answer_fails() -> None:
    class Liar(Toy):
        def prompts(self, state: Any) -> list[Prompt]:
            bad = PromptOption(value="shout", command="note", payload={"text": "!"})
            return [Prompt(id="p", seat=s, kind="k", options=(bad,)) for _, s in state.pending]

    with pytest.raises(AssertionError, match="offers 'shout', which is refused"):
        check_prompts_answerable(Liar())


def test_event_of__a_typed_payload_becomes_a_log_event() -> None:
    event = Event.of(Noted(text="x"), audience=Audience.gm_only())
    assert (event.type, event.data, event.audience.everyone) == ("toy.noted", {"text": "x"}, False)
    assert Toy().payload(event) == Noted(text="x")


def test_driver__refuse_fails_when_the_command_is_accepted() -> None:
    with pytest.raises(AssertionError, match="was accepted"):
        driver().refuse("ann", "add", dice=[2], payload={"dice": 1})


def test_conformance__a_command_without_menu_words_fails() -> None:
    class Terse(Toy):
        command_words: ClassVar[dict[str, str]] = {k: v for k, v in Toy.command_words.items() if k != "add"}

    with pytest.raises(AssertionError, match="no menu words for: add"):
        check_menus_and_panels(Terse())


def test_legal_commands__labels_are_the_renderers_words() -> None:
    labels = {c.command: c.label for c in driver().legal("ann")}
    assert labels["add"] == "add to the counter"


def test_conformance__a_view_key_merging_seats_who_see_differently_fails() -> None:
    class Gossip(Toy):
        def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
            return {**super().view(state, viewer), "me": viewer.seat}

        def view_key(self, state: Any, viewer: Viewer) -> Hashable:
            return viewer.is_gm

    with pytest.raises(AssertionError, match=r"share the view key (True|False) but see differently"):
        check_view_key(Gossip())


def test_conformance__a_view_key_merging_seats_who_read_the_log_differently_fails() -> None:
    def personal(payload: Any, event: Event, viewer: Viewer) -> Description:
        return Description(text=f"The counter goes up by {payload.amount}, {viewer.seat or 'watcher'}.")

    class Chatty(Toy):
        words: ClassVar[dict[str, Any]] = {**Toy.words, "toy.added": personal}

        def view_key(self, state: Any, viewer: Viewer) -> Hashable:
            return viewer.is_gm

    with pytest.raises(
        AssertionError, match=r"share the view key (True|False) but read event \d+ differently"
    ):
        check_view_key(Chatty())


def test_seen_state__players_sharing_a_view_key_share_one_view_worked_out_once() -> None:
    class Alike(Toy):
        calls = 0

        def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
            Alike.calls += 1
            return super().view(state, viewer)

        def view_key(self, state: Any, viewer: Viewer) -> Hashable:
            return viewer.is_gm

    d = Driver(Alike(), seats=[GM, ANN, BOB])
    d.do("gm", "note", payload={"text": "the butler did it"})
    table = d.table
    ann, bob = table.seen_state(table.viewer_for("ann")), table.seen_state(table.viewer_for("bob"))
    gm = table.seen_state(table.viewer_for("gm"))
    assert ann is bob and ann["notes"] == [] and gm["notes"] == ["the butler did it"]
    assert Alike.calls == 2  # once for the players, once for the GM
    d.do("ann", "add", dice=[2], payload={"dice": 1})
    assert table.seen_state(table.viewer_for("ann"))["total"] == ann["total"] + 2  # a new version, a new view


def test_seen_state__by_default_every_seat_is_worked_out_apart() -> None:
    table = driver().table
    assert table.seen_state(table.viewer_for("ann")) is not table.seen_state(table.viewer_for("bob"))
