"""Every seat's legal commands, found once per version for the fan-out, equal a plain reference.

``Table.legal_commands`` shares what every seat has in common at one version (the
ruleset's :class:`OfferMenu`, the prompts' answers, the undo check) and keeps the
commands themselves between versions (:class:`LegalPool`). These tests hold it to the
straightforward computation, written out here from the contract, and to a table
replayed afresh, for every seat at every version of every session in
:mod:`tests.engine.fanout_sessions`; then the pool on its own, against building afresh.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capeworks.engine import Command, LegalCommand, Offers, Role, Ruleset, Seat, Table
from capeworks.engine.model import LegalPool, Prompt
from capeworks.engine.ruleset import Authority, CommandSpec, OfferMenu
from capeworks.errors import CapeworksError
from tests.engine.fanout_sessions import rwyn_evening, sessions
from tests.engine.toy import Toy, ToyState

SEATS = [Seat(id="gm", name="GM", role=Role.GM), Seat(id="ann", name="Ann"), Seat(id="bob", name="Bob")]


def _exactly(commands: Sequence[LegalCommand]) -> list[tuple[str, str, frozenset[str]]]:
    """Each command as a client sees it (its JSON, key order and types included) and the fields set."""
    return [(type(c).__name__, c.model_dump_json(), frozenset(c.model_fields_set)) for c in commands]


def _answers(prompt: Prompt) -> list[LegalCommand]:
    """The commands answering a prompt, as the contract says, built afresh."""
    out = [
        LegalCommand(command=o.command, fixed=dict(o.payload), label=o.label or o.value, prompt=prompt.id)
        for o in prompt.options
    ]
    if prompt.free is not None:
        free = prompt.free
        fixed = dict(free.payload)
        out.append(LegalCommand(command=free.command, fixed=fixed, label=free.hint, prompt=prompt.id))
    return out


def _offered(ruleset: Ruleset[Any, Any], state: Any, config: Any, seat: Seat) -> list[LegalCommand]:
    """The default offers, as the contract says: each command's offer, else its authority; never a
    prompt-only command, nor one the seat's authority refuses (a GM's, another seat's character)."""
    out = []
    for name, spec in ruleset.commands.items():
        label = ruleset.command_words.get(name) or spec.summary
        if spec.prompt_only:
            continue
        who = ruleset.authority(config, name, spec)
        if who is Authority.GM and not (ruleset.has_gm and seat.is_gm):
            continue
        if spec.offer is not None:
            out += [
                LegalCommand(command=name, fixed=f, label=label)
                for f in spec.offer(state, seat)
                if who is not Authority.OWNER
                or seat.is_gm
                or _plays(ruleset, state, seat, f.get(spec.owner_field))
            ]
        else:
            out.append(LegalCommand(command=name, label=label))
    return out


def _plays(ruleset: Ruleset[Any, Any], state: Any, seat: Seat, entity: object) -> bool:
    """May ``seat`` act for ``entity`` (an ``OWNER`` command's field; not a name: nothing to check)?"""
    if not isinstance(entity, str):
        return True
    try:
        return bool(ruleset.controller(state, entity).seat == seat.id)
    except CapeworksError:
        return False


def reference(table: Table, seat: Seat) -> list[LegalCommand]:
    """What ``seat`` may do at ``table``, worked out plainly: nothing shared, nothing kept."""
    ruleset, state = table.ruleset, table.state
    ours = ruleset.prompts(state)
    answers = [c for p in ours if p.addressed_to(seat) for c in _answers(p)]
    if type(ruleset).legal_commands is not Ruleset.legal_commands:
        out = list(ruleset.legal_commands(state, seat, Offers.of(ruleset, state, table.config)))
    elif type(ruleset).offered_commands is not Ruleset.offered_commands:
        out = ruleset.offered_commands(state, seat, answers, OfferMenu.of(ruleset, table.config))
    else:
        out = answers + _offered(ruleset, state, table.config, seat)
    # the table's own prompts (undo requests) come after the ruleset's
    out += [c for p in table.prompts()[len(ours) :] if p.addressed_to(seat) for c in _answers(p)]
    try:
        table.prepare_undo(seat.id)
    except CapeworksError:
        return out
    asks = seat.role is not Role.GM and any(s.role is Role.GM for s in table.seats)
    label = "ask the GM to take back your latest action" if asks else "take back the latest action"
    return [*out, LegalCommand(command="undo", label=label)]


def _check_every_version(table: Table, steps: Sequence[tuple[Command, tuple[int, ...] | None]]) -> int:
    """Play ``steps`` (a player asks to undo now and then), comparing every seat after each; counts checks."""
    checked = 0
    for i, (command, dice) in enumerate(steps):
        try:
            table.execute(command, dice=dice)
        except CapeworksError:
            continue  # a step an earlier undo made impossible
        if i % 5 == 4:
            player = next((s for s in table.seats if not s.is_gm), None)
            if player is not None:
                with contextlib.suppress(CapeworksError):
                    table.undo(player.id)
        # every seat first, as the feed asks (filling the version's shared parts), then the references
        live = {s.id: table.legal_commands(s.id) for s in table.seats}
        fresh = Table.replay(table.log)
        for seat in table.seats:
            expected = _exactly(reference(fresh, seat))
            assert _exactly(live[seat.id]) == expected, f"seat {seat.id} at version {table.version}"
            assert _exactly(fresh.legal_commands(seat.id)) == expected
            assert live[seat.id] == fresh.legal_commands(seat.id)
            checked += 1
    return checked


@pytest.mark.parametrize("name", sorted(sessions()))
def test_legal_commands__every_seat_at_every_version_as_the_plain_reference(name: str) -> None:
    session = sessions()[name]()
    steps = [(s.command, s.dice) for s in session.steps]
    # at least a few versions for each seat (arithmetic: the shortest session has 15 steps, 3 seats)
    assert _check_every_version(session.new(), steps) >= 3 * 10


def test_legal_commands__the_long_rwyn_evening_has_open_checks_and_many_answers() -> None:
    """The evening the benchmark times is the one these tests compare: long, ten seats, much left open."""
    table = rwyn_evening().played()
    prompts = table.prompts()
    # ~270 events; the GM sees every open call's difficulty options, each player a handful
    assert table.version >= 260 and len(table.seats) == 10
    assert {p.kind for p in prompts} >= {"difficulty", "undo_request"}
    assert len(table.legal_commands("gm")) > 100


@pytest.mark.rules("RWYN-GEN-003")
def test_menu__gm_commands_reach_the_gm_seat_and_no_player_at_the_same_version() -> None:
    """One menu per version serves every seat, so the GM's commands must still stop at the GM's role."""
    table = rwyn_evening(players=2, events=40).played()
    gm = {c.command for c in table.legal_commands("gm")}
    for player in ("p1", "p2"):
        offered = {c.command for c in table.legal_commands(player)}
        # difficulties, enemy moves and rulings are the GM's (RWYN-GEN-003); a player asks instead
        # (end_scene is not offered here: a check waits, and the end would be refused: referee9)
        assert {"call_check", "enemy_move", "gm_note", "scene_quality"} <= gm
        assert not offered & {"call_check", "enemy_move", "gm_note", "scene_quality", "end_scene"}
        assert "ask_check" in offered and "ask_check" not in gm


def test_legal_commands__a_fresh_list_each_call_so_a_caller_may_extend_its_own() -> None:
    table = rwyn_evening(players=2, events=40).played()
    first = table.legal_commands("gm")
    first.append(LegalCommand(command="mine"))
    first.clear()
    expected = reference(Table.replay(table.log), table.seat("gm"))
    assert _exactly(table.legal_commands("gm")) == _exactly(expected)


def _every_token(state: ToyState, seat: Seat) -> list[dict[str, Any]]:
    return [{"character": token} for token in state.tokens]


class _CarelessOffers(Toy):
    """Offers that forget who asks: the GM's note to every seat, every token's renaming to every seat."""

    commands: ClassVar[dict[str, CommandSpec]] = {
        **Toy.commands,
        "note": dataclasses.replace(Toy.commands["note"], offer=lambda state, seat: [{}]),
        "rename": dataclasses.replace(Toy.commands["rename"], offer=_every_token),
    }


def test_menu__an_offer_is_asked_only_of_the_seats_its_authority_admits() -> None:
    """The engine keeps a player's menu within the player's authority, whatever a ruleset's offer returns."""
    table = Table.new(_CarelessOffers(), seats=SEATS, seed=3)
    offered = {s.id: [(c.command, dict(c.fixed)) for c in table.legal_commands(s.id)] for s in SEATS}
    # the GM writes notes and acts for every token; Ann owns the blue token; Bob, none; red is the GM's
    assert ("note", {}) in offered["gm"]
    assert [f for c, f in offered["gm"] if c == "rename"] == [{"character": "blue"}, {"character": "red"}]
    assert [f for c, f in offered["ann"] if c in ("note", "rename")] == [{"character": "blue"}]
    assert [f for c, f in offered["bob"] if c in ("note", "rename")] == []
    for seat in SEATS:
        assert _exactly(table.legal_commands(seat.id)) == _exactly(reference(table, seat))


class _OwnOffers(Toy):
    """A ruleset with its own ``offered_commands`` (ignoring the menu): the table still asks it."""

    def offered_commands(
        self, state: Any, seat: Seat, answers: list[LegalCommand], menu: OfferMenu
    ) -> list[LegalCommand]:
        return [*answers, LegalCommand(command="add", fixed={"dice": 2}, label=f"two dice for {seat.id}")]


class _OwnLegal(Toy):
    """A ruleset with its own ``legal_commands``: the table adds only the engine's commands."""

    def legal_commands(self, state: Any, seat: Seat, offers: Offers) -> list[LegalCommand]:
        return [LegalCommand(command="add", fixed={"dice": 1}, label=f"one die for {seat.id}")]


class _OwnAuthority(Toy):
    """Authority set by an optional rule: anyone may write notes when the counter's cap is over 100."""

    def authority(self, config: Any, name: str, spec: CommandSpec) -> Authority:
        return Authority.ANY if name == "note" and config.cap > 100 else spec.who


@pytest.mark.parametrize("cap", [100, 200])
def test_legal_commands__authority_set_by_the_rules_config_is_asked(cap: int) -> None:
    """Authority is a function of the rules config (contract v3), so the menu is worked out once per table."""
    table = Table.new(_OwnAuthority(), config={"cap": cap}, seats=SEATS, seed=3)
    for _ in range(2):
        assert ("note" in [c.command for c in table.legal_commands("ann")]) is (cap > 100)
        for seat in SEATS:
            assert _exactly(table.legal_commands(seat.id)) == _exactly(reference(table, seat))
        table.execute(Command(type="add", seat="bob", payload={"dice": 1}))


@pytest.mark.parametrize("ruleset", [_OwnOffers(), _OwnLegal()], ids=["own offers", "own legal"])
def test_legal_commands__a_ruleset_overriding_them_is_asked_as_before(ruleset: Toy) -> None:
    table = Table.new(ruleset, seats=SEATS, seed=3)
    steps = [
        lambda: table.execute(Command(type="ask", seat="gm", payload={"seat": "ann"})),
        lambda: table.execute(Command(type="add", seat="ann", payload={"dice": 1})),
        lambda: table.undo("ann"),  # a request: the GM now has an undo prompt to answer
    ]
    for step in steps:
        step()
        for seat in SEATS:
            got = table.legal_commands(seat.id)
            assert _exactly(got) == _exactly(reference(table, seat))
            mine = "two dice" if isinstance(ruleset, _OwnOffers) else "one die"
            assert f"{mine} for {seat.id}" in [c.label for c in got]
    # ann answers the toy's prompt only where the default legal_commands (and its answers) stands
    replies = [c for c in table.legal_commands("ann") if c.prompt is not None]
    # the toy asks yes or no, or an answer in ann's own words: 2 options + 1 free answer = 3
    assert len(replies) == (3 if isinstance(ruleset, _OwnOffers) else 0)
    assert "undo" in [c.command for c in table.legal_commands("gm")]


# -- the pool ---------------------------------------------------------------------------------------

#: values a dict compares equal but a client reads apart: 1, True and 1.0; 0.0 and -0.0; [1] and (1,)
TWINS = [(1, True), (0, False), (1, 1.0), (True, 1.0), (0, 0.0), (0.0, -0.0), ([1], (1,)), ([], ())]
_values = st.sampled_from([0, 1, True, False, 0.0, -0.0, 1.0, "1", None, [1], (1,)])
#: ... and the same fields in another order, which a client reads in that order
_fixed = st.one_of(
    st.none(),
    st.dictionaries(st.just("a"), _values, max_size=1),
    st.sampled_from([{"a": 1, "b": 2}, {"b": 2, "a": 1}]),
)
_prompts = st.sampled_from(["unset", None, "p1"])
_asks = st.tuples(st.sampled_from(["buy", "undo"]), _fixed, _prompts, st.booleans())


def _ask_both(pool: LegalPool, command: str, fixed: dict[str, Any] | None, prompt: str | None) -> None:
    """The pool's command equals the one built afresh, in every way a client or a caller could tell."""
    given: dict[str, Any] = {"command": command}
    if fixed is not None:
        given["fixed"] = fixed
    given["label"] = "Buy"
    if prompt != "unset":
        given["prompt"] = prompt
    expected = LegalCommand(**given)
    got = pool.get(**given)
    assert _exactly([got]) == _exactly([expected])
    assert got == expected


@pytest.mark.parametrize(("one", "other"), TWINS)
def test_pool__equal_values_of_other_types_are_never_confused(one: Any, other: Any) -> None:
    pool = LegalPool()
    for value in (one, other, one, other):
        _ask_both(pool, "buy", {"a": value}, "unset")


@settings(max_examples=300, deadline=None)
@given(asks=st.lists(_asks, max_size=25))
def test_pool__every_command_it_hands_back_is_the_one_built_afresh(
    asks: list[tuple[str, dict[str, Any] | None, str | None, bool]],
) -> None:
    pool = LegalPool()
    for command, fixed, prompt, age in asks:
        _ask_both(pool, command, fixed, prompt)
        if age:
            pool.age()


def test_pool__keeps_what_is_asked_for_and_lets_go_of_the_rest() -> None:
    pool = LegalPool()
    kept = pool.get("buy", "Buy", fixed={"character": "c1"})
    other = pool.get("buy", "Buy", fixed={"character": "c2"})
    assert pool.get("buy", "Buy", fixed={"character": "c1"}) is kept
    # 1 == True, but a client reads "1" and "true": never the same command
    one = pool.get("buy", "Buy", fixed={"character": 1})
    true = pool.get("buy", "Buy", fixed={"character": True})
    assert type(one.fixed["character"]) is int and true.fixed["character"] is True
    # asked for at every version, c1 stays; c2, not asked for over a whole sweep, is built again
    for _ in range(LegalPool.SWEEP * 2):
        pool.age()
        assert pool.get("buy", "Buy", fixed={"character": "c1"}) is kept
    again = pool.get("buy", "Buy", fixed={"character": "c2"})
    assert again == other and again is not other


def test_pool__the_same_prompt_object_gets_its_answers_without_keying_again_and_they_age_with_it() -> None:
    from capeworks.engine.model import FreeAnswer, PromptOption

    pool = LegalPool()
    prompt = Prompt(
        id="p1",
        seat="ann",
        kind="pick",
        options=(PromptOption(value="a", command="pick", payload={"n": 1}),),
        free=FreeAnswer(command="say", field="text", hint="In words"),
    )
    first = pool.answers(prompt)
    assert first == LegalPool().answers(prompt)  # as built afresh
    again = pool.answers(prompt)
    assert again == first and all(a is b for a, b in zip(again, first, strict=True)) and again is not first
    # an equal prompt that is another object is keyed again, to the same commands
    twin = prompt.model_copy()
    assert all(a is b for a, b in zip(pool.answers(twin), first, strict=True))
    # 1 == True: a prompt whose option's payload differs only so gets its own command
    true = prompt.model_copy(
        update={"options": (PromptOption(value="a", command="pick", payload={"n": True}),)}
    )
    assert pool.answers(true)[0].fixed["n"] is True
    # asked for at every version, its commands stay; the twin's entry, not asked for, is let go
    for _ in range(LegalPool.SWEEP * 2):
        pool.age()
        assert pool.answers(prompt)[0] is first[0]
    assert pool._answered.keys() == {id(prompt)}
    # a payload equality cannot vouch for (a float) is built afresh each time, never kept by the prompt
    floaty = Prompt(
        id="p2",
        seat="ann",
        kind="pick",
        options=(PromptOption(value="x", command="pick", payload={"f": 1.5}),),
    )
    assert pool.answers(floaty)[0] is not pool.answers(floaty)[0]
