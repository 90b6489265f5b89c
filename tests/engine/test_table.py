"""The table: stamping, folding, given dice, refusals, undo, prompts and visibility."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field, ValidationError, model_validator

from capeworks.engine import Command, Role, Seat, Table, Viewer
from capeworks.engine.table import REVERTED, UNDO_REQUESTED, describe_validation_error
from capeworks.errors import (
    DiceValueError,
    InvalidCommand,
    LimitExceeded,
    NotFound,
    NotPermitted,
    RuleViolation,
)
from tests.engine.toy import Toy

GM = Seat(id="gm", name="Game master", role=Role.GM)
ANN = Seat(id="ann", name="Ann")
BOB = Seat(id="bob", name="Bob")


def new_table(seed: int = 1) -> Table:
    return Table.new(Toy(), seats=[GM, ANN, BOB], seed=seed)


def add(seat: str, dice: int) -> Command:
    return Command(type="add", seat=seat, payload={"dice": dice})


def test_execute__given_dice_are_used_and_recorded() -> None:
    table = new_table()
    (event,) = table.execute(add("ann", 2), dice=[3, 4])
    # 3 + 4 = 7
    assert event.data == {"amount": 7}
    assert event.rolls[0].faces == (3, 4) and event.rolls[0].given
    assert event.seat == "ann" and event.seq == table.version
    assert table.state.total == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([7, 1], "A d6 cannot show 7"),
        ([3], "needs 2 d6 but only 1 given die was left"),
        ([3, 4, 5], "The roll used 2 dice but 3 were given"),
    ],
)
def test_execute__bad_physical_dice_are_refused_and_change_nothing(faces: list[int], message: str) -> None:
    table = new_table()
    before = table.version
    with pytest.raises(DiceValueError, match=message):
        table.execute(add("ann", 2), dice=faces)
    assert table.version == before and table.state.total == 0  # type: ignore[attr-defined]


def test_execute__same_seed_same_rolls_other_seed_other_rolls() -> None:
    def totals(seed: int) -> list[int]:
        table = new_table(seed)
        return [table.execute(add("ann", 3))[0].data["amount"] for _ in range(5)]

    assert totals(5) == totals(5)
    assert totals(5) != totals(6)


def test_execute__unknown_command_lists_the_known_ones() -> None:
    with pytest.raises(
        InvalidCommand, match="Known: add, answer, ask, join, note, refuse_undo, rename, reply, undo"
    ):
        new_table().execute(Command(type="fly", seat="ann"))


def test_execute__malformed_payload_is_a_readable_invalid_command() -> None:
    expected = r"Cannot read 'add to the counter': dice: .*greater than or equal to 1"
    with pytest.raises(InvalidCommand, match=expected):
        new_table().execute(add("ann", 0))


def test_describe_validation_error__a_validators_sentence_reads_without_pydantics_prefix() -> None:
    class Either(BaseModel):
        a: int = 0
        b: int = 0

        @model_validator(mode="after")
        def _one(self) -> Either:
            if self.a and self.b:
                raise ValueError("give a= or b=, not both")
            return self

    with pytest.raises(ValidationError) as caught:
        Either(a=1, b=2)
    # the model's refusal of the two fields together is its own sentence, with no "value: Value error,"
    assert describe_validation_error("'either'", caught.value) == (
        "Cannot read 'either': give a= or b=, not both."
    )


@pytest.mark.parametrize(
    ("pattern", "typed", "said"),
    [
        (r"^[A-Za-z0-9_.-]+$", "Ada Lark", "id: use only letters, digits, '_', '.' and '-', with no spaces"),
        (r"^[a-z0-9_]+$", "Ada", "id: use only small letters, digits and '_', with no spaces"),
        (r"^(|exemplar|non_person)$", "hero", "id: must be one of (empty), exemplar, non_person"),
        # a pattern not told in words keeps pydantic's sentence
        (r"^[a-z][a-z0-9]*$", "9", "id: String should match pattern '^[a-z][a-z0-9]*$'"),
    ],
)
def test_describe_validation_error__a_pattern_is_said_in_words(pattern: str, typed: str, said: str) -> None:
    class Named(BaseModel):
        id: str = Field(pattern=pattern)

    with pytest.raises(ValidationError) as caught:
        Named(id=typed)
    assert describe_validation_error("'named'", caught.value) == f"Cannot read 'named': {said}."


def test_execute__unknown_seat_is_not_found() -> None:
    with pytest.raises(NotFound, match="Nobody sits at seat 'zed'"):
        new_table().execute(add("zed", 1))


def test_execute__gm_only_command_refused_for_players() -> None:
    with pytest.raises(NotPermitted, match="Only the GM can write secret notes"):
        new_table().execute(Command(type="note", seat="ann", payload={"text": "hi"}))


def test_execute__rule_violation_changes_nothing() -> None:
    table = new_table()
    for _ in range(16):
        table.execute(add("ann", 1), dice=[6])
    # 16 * 6 = 96; another 6 would pass 100
    with pytest.raises(RuleViolation) as caught:
        table.execute(add("ann", 1), dice=[6])
    assert caught.value.rule_id == "TOY-001"
    assert table.state.total == 96  # type: ignore[attr-defined]


def test_dice_service__one_command_cannot_roll_past_the_limit() -> None:
    class Greedy(Toy):
        def run(self, state, context, name, command, dice):  # type: ignore[no-untyped-def]
            dice.roll(600, 6, purpose="a")
            dice.roll(600, 6, purpose="b")
            return context.batch(state)

    table = Table.new(Greedy(), seats=[ANN], seed=1)
    with pytest.raises(LimitExceeded, match="at most 1000 dice"):
        table.execute(add("ann", 1))


def test_prepare__a_lost_roll_is_a_bug_caught_at_once() -> None:
    class Forgetful(Toy):
        def run(self, state, context, name, command, dice):  # type: ignore[no-untyped-def]
            dice.roll(1, 6, purpose="lost")
            return context.batch(state)

    table = Table.new(Forgetful(), seats=[ANN], seed=1)
    with pytest.raises(AssertionError, match="missing from its events"):
        table.execute(add("ann", 1))


def test_commit__events_prepared_on_a_stale_version_are_refused() -> None:
    table = new_table()
    stale = table.prepare(add("ann", 1), dice=[2])
    table.execute(add("bob", 1), dice=[5])
    with pytest.raises(InvalidCommand, match="another version"):
        table.commit(stale)
    assert table.state.total == 5  # type: ignore[attr-defined]


def test_undo__the_gm_appends_a_revert_and_restores_the_state() -> None:
    table = new_table()
    table.execute(add("ann", 1), dice=[2])
    table.execute(add("ann", 1), dice=[5])
    length = table.version
    (revert,) = table.undo("gm")
    assert revert.type == REVERTED and table.version == length + 1
    assert table.state.total == 2  # type: ignore[attr-defined]
    table.undo("gm")
    assert table.state.total == 0  # type: ignore[attr-defined]
    with pytest.raises(RuleViolation, match="nothing to undo"):
        table.undo("gm")
    again = Table(Toy(), table.log)
    assert again.state == table.state and again.version == table.version


def test_undo__a_player_at_a_gms_table_asks_and_the_gm_allows() -> None:
    # dice once seen stand: Ann saw her 2 and cannot simply roll again
    table = new_table()
    table.execute(add("ann", 1), dice=[2])
    (request,) = table.undo("ann")
    assert request.type == UNDO_REQUESTED and table.state.total == 2  # type: ignore[attr-defined]
    (prompt,) = table.prompts(Viewer.gm())
    assert prompt.role is Role.GM and prompt.seat is None
    assert table.prompts(table.viewer_for("ann")) == []
    table.execute(Command(type="answer", seat="gm", payload={"prompt": prompt.id, "option": "allow"}))
    assert table.state.total == 0  # type: ignore[attr-defined]
    assert table.prompts() == []


def test_undo__the_gm_may_refuse_and_the_roll_stands() -> None:
    table = new_table()
    table.execute(add("ann", 1), dice=[2])
    table.undo("ann")
    with pytest.raises(RuleViolation, match="already asked"):
        table.undo("ann")
    table.execute(Command(type="answer", seat="gm", payload={"prompt": "undo-ann", "option": "refuse"}))
    assert table.state.total == 2 and table.prompts() == []  # type: ignore[attr-defined]
    assert [e.type for e in table.visible_log(table.viewer_for("bob"))][-1] == "toy.added"


def test_undo__a_request_for_a_command_no_longer_latest_lapses_in_words_until_the_later_ones_go() -> None:
    # contract changed deliberately (issue 19 item 1): a lapsed request no longer offers "allow"
    table = new_table()
    table.execute(add("ann", 1), dice=[2])
    table.undo("ann")
    asked_at = table.prompts()[0].context["logged_at"]
    table.execute(add("bob", 1), dice=[3])
    (lapsed,) = table.prompts()
    assert "the request has lapsed" in lapsed.question and f"logged at #{asked_at}" in lapsed.question
    assert [o.value for o in lapsed.options] == ["refuse"]
    with pytest.raises(InvalidCommand, match="no answer 'allow'"):
        table.execute(Command(type="answer", seat="gm", payload={"prompt": "undo-ann", "option": "allow"}))
    with pytest.raises(RuleViolation, match="no longer the latest"):
        table.undo("gm", lapsed.context["command_id"])
    table.undo("gm")  # Bob's action goes first: Ann's request may be allowed again
    (again,) = table.prompts()
    assert again.question == f"Ann asks to take back the action logged at #{asked_at}."
    table.execute(Command(type="answer", seat="gm", payload={"prompt": "undo-ann", "option": "allow"}))
    assert table.state.total == 0 and table.prompts() == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("command_id", [-1, 0, 10**30])
def test_undo__an_id_the_table_never_gave_is_no_such_action_not_one_no_longer_latest(command_id: int) -> None:
    table = new_table()
    table.execute(add("ann", 1), dice=[2])
    version = table.version
    with pytest.raises(RuleViolation, match="no action with command id") as refused:
        table.undo("gm", command_id)
    assert "no longer the latest" not in str(refused.value)
    assert table.version == version and table.state.total == 2  # type: ignore[attr-defined]


def test_undo__the_next_id_not_yet_given_is_no_such_action_and_the_latest_still_undoes() -> None:
    table = new_table()
    table.execute(add("ann", 1), dice=[2])
    latest = table.log[-1].command_id
    with pytest.raises(RuleViolation, match=f"no action with command id {latest + 1} at this table"):
        table.undo("gm", latest + 1)
    table.undo("gm", latest)
    assert table.state.total == 0  # type: ignore[attr-defined]


def test_undo__without_a_gm_only_your_own_dice_free_action() -> None:
    class GmLess(Toy):
        has_gm = False

    table = Table.new(GmLess(), seats=[ANN, BOB], seed=1)
    table.execute(Command(type="rename", seat="ann", payload={"character": "blue", "name": "Sky"}))
    with pytest.raises(NotPermitted, match="only undo your own"):
        table.undo("bob")
    table.undo("ann")
    table.execute(add("ann", 1), dice=[2])
    with pytest.raises(RuleViolation, match="Dice once seen stand"):
        table.undo("ann")
    assert table.state.total == 2  # type: ignore[attr-defined]


def _offers_undo(table: Table, seat: str) -> str | None:
    return next((c.label for c in table.legal_commands(seat) if c.command == "undo"), None)


def test_legal_commands__undo_is_offered_only_where_it_would_be_accepted() -> None:
    class GmLess(Toy):
        has_gm = False

    table = Table.new(GmLess(), seats=[ANN, BOB], seed=1)
    assert _offers_undo(table, "ann") is None  # nothing played yet
    table.execute(Command(type="rename", seat="ann", payload={"character": "blue", "name": "Sky"}))
    assert _offers_undo(table, "ann") == "take back the latest action"
    assert _offers_undo(table, "bob") is None  # not his action
    table.execute(add("ann", 1), dice=[2])
    assert _offers_undo(table, "ann") is None  # dice once seen stand
    # at a GM's table a player with an action of their own may ask; the GM may undo
    gm_table = new_table()
    assert _offers_undo(gm_table, "ann") is None
    gm_table.execute(add("ann", 1), dice=[2])
    assert _offers_undo(gm_table, "ann") == "ask the GM to take back your latest action"
    assert _offers_undo(gm_table, "bob") is None
    assert _offers_undo(gm_table, "gm") == "take back the latest action"
    gm_table.undo("ann")
    assert _offers_undo(gm_table, "ann") is None  # already asked


def test_undo__a_revert_is_seen_only_by_those_who_saw_the_action() -> None:
    table = new_table()
    table.execute(Command(type="note", seat="gm", payload={"text": "secret"}))
    (revert,) = table.undo("gm")
    ann = table.viewer_for("ann")
    assert not revert.audience.admits(ann)
    assert all(e.type != REVERTED for e in table.visible_log(ann))


def test_undo__a_players_request_reveals_no_hidden_action() -> None:
    # Ann's own roll, then a hidden GM note: her undo is a request either way,
    # so she cannot tell whether anything hidden happened after her roll
    plain, hidden = new_table(), new_table()
    for table in (plain, hidden):
        table.execute(add("ann", 1), dice=[2])
    hidden.execute(Command(type="note", seat="gm", payload={"text": "ambush"}))
    ann_words = []
    for table in (plain, hidden):
        (event,) = table.undo("ann")
        ann_words.append((event.type, event.data))
    assert ann_words[0] == ann_words[1]


def test_undo__can_be_issued_as_a_command() -> None:
    table = new_table()
    table.execute(add("ann", 1), dice=[3])
    table.execute(Command(type="undo", seat="gm"))
    assert table.state.total == 0  # type: ignore[attr-defined]


def test_prompts__each_seat_sees_its_own_and_the_gm_sees_all() -> None:
    table = new_table()
    table.execute(Command(type="ask", seat="gm", payload={"seat": "ann"}))
    table.execute(Command(type="ask", seat="gm", payload={"seat": "bob"}))
    assert [p.seat for p in table.prompts(table.viewer_for("ann"))] == ["ann"]
    assert [p.seat for p in table.prompts(Viewer.gm())] == ["ann", "bob"]
    table.execute(Command(type="answer", seat="ann", payload={"prompt": "p0", "option": "yes"}))
    assert [p.seat for p in table.prompts()] == ["bob"]


def test_visibility__gm_events_never_reach_players() -> None:
    table = new_table()
    table.execute(Command(type="note", seat="gm", payload={"text": "secret"}))
    ann = table.viewer_for("ann")
    assert "secret" not in str(table.view(ann)) + str(table.visible_log(ann))
    assert "secret" in str(table.view(Viewer.gm()))
    # the dice seed is a secret too: knowing it would predict every roll
    assert all(e.type != "table.seeded" for e in table.visible_log(ann))


def test_join__a_taken_seat_is_refused() -> None:
    table = new_table()
    with pytest.raises(RuleViolation, match="already taken"):
        table.join(Seat(id="ann", name="Another Ann"))


def test_join__gm_seat_refused_in_a_gm_less_game() -> None:
    class GmLess(Toy):
        has_gm = False

    with pytest.raises(RuleViolation, match="without a GM"):
        Table.new(GmLess(), seats=[GM])


def test_new__bad_config_is_a_readable_error() -> None:
    with pytest.raises(InvalidCommand, match="sides"):
        Table.new(Toy(), config={"sides": 1})


def test_replay__a_log_must_start_with_creation() -> None:
    with pytest.raises(InvalidCommand, match="must start"):
        Table.replay([])


def test_execute__an_oversized_payload_is_refused_before_the_ruleset_sees_it() -> None:
    table = new_table()
    huge = Command(type="note", seat="gm", payload={"text": "x" * 20_000})
    with pytest.raises(LimitExceeded, match="too large"):
        table.execute(huge)
    assert table.state.notes == ()  # type: ignore[attr-defined]
