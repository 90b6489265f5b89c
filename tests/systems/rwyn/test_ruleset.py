"""The ruleset at a table: registration, permissions, visibility, refusals, words for every event."""

from __future__ import annotations

import pytest

from capeworks.engine import Authority, Viewer, get_ruleset
from capeworks.engine.conformance import play_sample
from capeworks.engine.render import describe
from capeworks.engine.testing import Driver
from capeworks.errors import (
    CapeworksError,
    DiceValueError,
    InvalidCommand,
    NotFound,
    NotPermitted,
    RuleViolation,
)
from capeworks.systems.rwyn.ruleset import RwynRuleset
from capeworks.systems.rwyn.samples import SECRET
from capeworks.systems.rwyn.state import EventType
from tests.systems.rwyn.helpers import RULESET, do, state, table

ADA = {"ada": {"abilities": "Science:3"}}


def test_registered__through_the_entry_point() -> None:
    assert isinstance(get_ruleset("rwyn"), RwynRuleset)


@pytest.mark.rules("RWYN-GEN-003")
def test_commands__the_gm_owns_difficulties_enemies_rulings_and_advancement() -> None:
    gm_only = {name for name, spec in RULESET.commands.items() if spec.who is Authority.GM}
    assert gm_only == {
        "set_ability",
        "add_quality",
        "add_talent",
        "award_xp",
        "call_check",
        "enemy_move",
        "gm_note",
        "scene_quality",
        "complications",
        "mixed",
        "quantity",
        "stress",
        "outcome",
        "recover",
        "end_scene",
        "end_session",
    }
    owned = {name for name, spec in RULESET.commands.items() if spec.who is Authority.OWNER}
    assert owned == {"buy_back", "ask_check", "check", "defend", "buy", "favour", "consequence"}
    # withdraw_call: the GM's for any call, a player's for their own ask only (the handler narrows it)
    assert RULESET.commands["withdraw_call"].who is Authority.ANY


@pytest.mark.rules("RWYN-GEN-001")
def test_rolls__happen_only_when_a_seat_asks() -> None:
    # characters, notes, stress and scenes never roll; only check/defend/buy/favour/sacrifice/reroll do
    t = Driver(RULESET, table=play_sample(RULESET))
    rolling = {e.type for e in t.table.log if e.rolls}
    assert EventType.CHECK_ROLLED in rolling  # the sample does roll, so the check below is not vacuous
    assert rolling <= {EventType.CHECK_ROLLED, EventType.DISASTER_ROLLED, EventType.DISASTER_REROLLED}
    # a purchase within means, stress, consequences and scenes: no dice at all
    t = table(characters={"ada": {"abilities": "Wealth:4, Endurance:1"}})
    events = [
        *do(t, "ann", "buy", character="ada", cost=2),
        *do(t, "gm", "stress", character="ada", track="physical", amount=2),
        *do(t, "ann", "consequence", character="ada", text="winded"),
        *do(t, "gm", "end_scene"),
    ]
    assert [e.rolls for e in events] == [()] * len(events)


@pytest.mark.rules("RWYN-GEN-003")
def test_players_roll__there_is_no_command_for_npcs_to_roll() -> None:
    # every rolling command names a player character; enemy moves are difficulties (defend)
    for name in ("check", "defend", "buy", "favour"):
        assert "character" in RULESET.commands[name].model.model_fields
    t = table(characters=ADA)
    with pytest.raises(NotFound):
        do(t, "gm", "check", character="the-foreman", ability="Brawling", difficulty=2)


def test_ownership__players_act_only_for_their_own_characters() -> None:
    t = table(characters=ADA)
    with pytest.raises(NotPermitted, match="your own characters"):
        do(t, "bo", "check", character="ada", ability="Science", difficulty=1)
    do(t, "gm", "check", character="ada", ability="Science", difficulty=1, dice=[2, 2, 2])
    with pytest.raises(NotPermitted):
        do(t, "bo", "add_character", id="x", owner="ann", talents="Knack")


def test_ownership__answers_come_from_the_prompted_seat_or_the_gm() -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    with pytest.raises(NotPermitted):
        do(t, "bo", "sacrifice", check=1, count=1)
    do(t, "gm", "sacrifice", check=1, count=1, dice=[2])


@pytest.mark.rules("RWYN-POOL-001")
def test_difficulty__impossible_needs_the_gm() -> None:
    t = table(characters=ADA)
    with pytest.raises(NotPermitted, match="Impossible"):
        do(t, "ann", "check", character="ada", ability="Science", difficulty=6)
    events = do(t, "gm", "check", character="ada", ability="Science", difficulty=6, dice=[5, 2, 2])
    assert events[0].data["check"]["plan"]["disaster_nominal"] == 3
    with pytest.raises(RuleViolation, match="beyond even Impossible"):
        do(t, "gm", "check", character="ada", ability="Science", difficulty=99)


@pytest.mark.parametrize(
    ("seat", "type_", "payload", "error", "words"),
    [
        (
            "ann",
            "check",
            {"character": "ada", "ability": "Science", "difficulty": 0},
            RuleViolation,
            "start at 1",
        ),
        ("ann", "check", {"character": "ada", "ability": "Science"}, InvalidCommand, "difficulty"),
        (
            "ann",
            "check",
            {"character": "ada", "ability": "Sorcery", "difficulty": 2},
            InvalidCommand,
            "no ability",
        ),
        ("ann", "effects", {"check": 4, "picks": "x"}, NotFound, "no open check"),
        ("ann", "gm_note", {"text": "x"}, NotPermitted, "Only the GM"),
        ("ann", "add_character", {"id": "ada", "talents": "x"}, InvalidCommand, "already exists"),
        (
            "gm",
            "add_character",
            {"id": "zed", "sample": "nobody", "owner": "bo"},
            NotFound,
            "sample character",
        ),
        # hostile payloads: every refusal a sentence, never a traceback
        (
            "gm",
            "add_character",
            {"id": "zed", "owner": "bo", "talents": "Knack", "qualities": "x" * 200 + "/rash"},
            InvalidCommand,
            "keep it to 120",
        ),
        ("gm", "add_character", {"id": "zed", "owner": "bo", "talents": "t" * 200}, InvalidCommand, "120"),
        (
            "gm",
            "add_character",
            {"id": "zed", "owner": "bo", "talents": ":quick_devices"},
            RuleViolation,
            "blank",
        ),
        (
            "gm",
            "add_quality",
            {"character": "ada", "benefit": "  ", "drawback": "rash"},
            RuleViolation,
            "blank",
        ),
        ("gm", "add_talent", {"character": "ada", "name": "   "}, RuleViolation, "blank"),
        (
            "ann",
            "add_talent",
            {"character": "ada", "name": "Knack"},
            NotPermitted,
            "Only the GM can add talents",
        ),
        (
            "ann",
            "check",
            {"character": "ada", "ability": "Science", "difficulty": -3},
            RuleViolation,
            "start at 1",
        ),
        ("ann", "buy", {"character": "ada", "cost": 10**9}, InvalidCommand, "less than or equal to 100"),
        ("ann", "sacrifice", {"check": -1, "count": 1}, NotFound, "no open check"),
        (
            "gm",
            "set_ability",
            {"character": "ada", "ability": "Science", "rating": 10**20},
            RuleViolation,
            "0 to 5",
        ),
    ],
)
def test_refusals__clear_message_and_nothing_changes(
    seat: str, type_: str, payload: dict[str, object], error: type[CapeworksError], words: str
) -> None:
    t = table(characters=ADA)
    before, version = t.state.model_dump_json(), t.table.version
    with pytest.raises(error) as e:
        do(t, seat, type_, **payload)
    assert words in e.value.message
    assert (t.state.model_dump_json(), t.table.version) == (before, version)


def test_visibility__gm_notes_are_hidden_from_players() -> None:
    t = Driver(RULESET, table=play_sample(RULESET))
    assert SECRET in str(t.table.view(Viewer.gm()))
    assert SECRET not in str(t.table.view(t.table.viewer_for("ann")))
    assert all(SECRET not in str(e.data) for e in t.table.visible_log(t.table.viewer_for("bo")))


def test_prompts__players_see_only_their_own() -> None:
    t = Driver(RULESET, table=play_sample(RULESET))
    assert {p.seat for p in t.table.prompts(t.table.viewer_for("ann"))} == {"ann"}
    assert t.table.prompts(t.table.viewer_for("bo")) == []
    assert {p.kind for p in t.table.prompts()} == {"sacrifice"}


@pytest.mark.parametrize(
    ("seat", "type_", "payload", "dice", "error", "words"),
    [
        ("bo", "sacrifice", {"check": 1, "count": 1}, None, NotPermitted, "player or the GM"),
        ("ann", "sacrifice", {"check": 1, "count": -1}, None, RuleViolation, "negative"),
        ("ann", "sacrifice", {"check": 1, "count": 10**12}, None, RuleViolation, "cannot sacrifice"),
        ("ann", "sacrifice", {"check": 1, "count": 1}, [9], DiceValueError, "cannot show 9"),
        ("ann", "sacrifice", {"check": 1, "count": 1}, [3, 3], DiceValueError, "left over"),
        ("ann", "effects", {"check": 1, "picks": "x"}, None, RuleViolation, "waits for its sacrifice"),
        ("ann", "reroll", {"check": 1, "use": True}, None, RuleViolation, "no re-roll"),
        ("ann", "complications", {"check": 1, "texts": "x"}, None, NotPermitted, "Only the GM"),
    ],
)
def test_refusals__answers_out_of_turn_leave_a_waiting_check_alone(
    seat: str,
    type_: str,
    payload: dict[str, object],
    dice: list[int] | None,
    error: type[CapeworksError],
    words: str,
) -> None:
    t = table(characters=ADA)
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    before, version = t.state.model_dump_json(), t.table.version
    with pytest.raises(error) as e:
        do(t, seat, type_, dice=dice, **payload)
    assert words in e.value.message
    assert (t.state.model_dump_json(), t.table.version) == (before, version)


def test_refusals__answering_twice_is_refused() -> None:
    t = table(characters={"ada": {"abilities": "Devices:4"}})
    do(t, "ann", "check", character="ada", ability="Devices", difficulty=2, dice=[6, 5, 5, 1])
    do(t, "ann", "effects", check=1, picks="quickly,silently")
    with pytest.raises(NotFound, match="no open check 1"):
        do(t, "ann", "effects", check=1, picks="quickly,silently")


def test_undo__takes_back_a_whole_check() -> None:
    t = table(characters=ADA)
    before = t.state.model_dump_json()
    do(t, "ann", "check", character="ada", ability="Science", difficulty=5, dice=[6, 5, 2])
    t.undo("gm")
    assert t.state.model_dump_json() == before


def test_describe__every_event_type_has_words() -> None:
    assert set(RULESET.words) == set(RULESET.events) == set(EventType)
    for e in play_sample(RULESET).log:
        words = describe(RULESET, e).text
        assert words and not words.startswith("rwyn."), e.type


def test_state__checks_carry_over_replay_with_int_keys() -> None:
    t = Driver(RULESET, table=play_sample(RULESET))
    # check 4 (Bo's leap) failed and closed; check 5 waits for Ann's sacrifice
    assert sorted(state(t).checks) == [5]
