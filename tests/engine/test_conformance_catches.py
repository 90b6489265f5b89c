"""Each newer conformance check catches the fault it is for, in a ruleset broken on purpose.

The toy ruleset passes them all (tests/engine/test_conformance.py); each
subclass here breaks one promise, and the check for it must say so.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import pytest
from pydantic import Field

from capeworks.engine import CommandSpec, Context, DiceService, Event, LegalCommand, Offers, Seat, gm_field
from capeworks.engine.conformance import (
    check_answered_prompts_move_on,
    check_gm_fields,
    check_menus_keep_secrets,
    check_no_secrets,
    check_no_traceback,
    check_offers_within_authority,
    check_prompt_only_not_offered,
    check_refusals,
    check_words_differ,
    run_checks,
)
from capeworks.engine.ruleset import SampleSession
from capeworks.errors import RuleViolation
from tests.engine.toy import Add, Reply, Toy, ToyState, _add, _reply, _text


class _AnswerKeepsPromptOpen(Toy):
    """Takes the answer but forgets to close the question."""

    def apply(self, state: ToyState, event: Event) -> ToyState:
        if event.type == "toy.answered":
            return state.model_copy(update={"answers": (*state.answers, event.data["choice"])})
        return super().apply(state, event)


def test_answered_prompts_move_on__a_prompt_that_stays_open_after_its_answer_is_caught() -> None:
    check_answered_prompts_move_on(Toy())
    with pytest.raises(AssertionError, match=r"prompt p0 stays open, unchanged, after it is answered 'yes'"):
        check_answered_prompts_move_on(_AnswerKeepsPromptOpen())


class _PromptOnlyReply(Toy):
    """``reply`` answers questions only, and says so."""

    commands: ClassVar[dict[str, CommandSpec]] = {
        **Toy.commands,
        "reply": CommandSpec(Reply, _reply, prompt_only=True),
    }


class _PromptOnlyInEveryMenu(_PromptOnlyReply):
    """Offers its prompt-only ``reply`` to every seat, prompt or none."""

    def legal_commands(self, state: ToyState, seat: Seat, offers: Offers) -> list[LegalCommand]:
        return [*super().legal_commands(state, seat, offers), LegalCommand(command="reply", label="reply")]


class _PromptOnlyAnsweringNothing(_PromptOnlyReply):
    """Offers its prompt-only ``reply`` to every seat, as the answer to a prompt that is not open."""

    def legal_commands(self, state: ToyState, seat: Seat, offers: Offers) -> list[LegalCommand]:
        extra = LegalCommand(command="reply", label="reply", prompt="p99")
        return [*super().legal_commands(state, seat, offers), extra]


def test_prompt_only_not_offered__a_prompt_only_command_in_a_menu_is_caught() -> None:
    check_prompt_only_not_offered(_PromptOnlyReply())
    with pytest.raises(AssertionError, match="prompt-only command 'reply' is offered to gm outside a prompt"):
        check_prompt_only_not_offered(_PromptOnlyInEveryMenu())
    with pytest.raises(AssertionError, match=r"as the answer to 'p99', which is not an open prompt"):
        check_prompt_only_not_offered(_PromptOnlyAnsweringNothing())


class _GmNoteForEveryone(Toy):
    """Its own menu offers the GM's ``note`` to every seat."""

    def legal_commands(self, state: ToyState, seat: Seat, offers: Offers) -> list[LegalCommand]:
        return [*super().legal_commands(state, seat, offers), LegalCommand(command="note", label="note")]


class _EveryTokenForEveryone(Toy):
    """Its own menu offers every seat the renaming of every token, the GM's red one too."""

    def legal_commands(self, state: ToyState, seat: Seat, offers: Offers) -> list[LegalCommand]:
        renames = [
            LegalCommand(command="rename", fixed={"character": t}, label="rename") for t in state.tokens
        ]
        return [*super().legal_commands(state, seat, offers), *renames]


def test_offers_within_authority__a_gm_command_or_another_seats_character_on_a_players_menu_is_caught() -> (
    None
):
    check_offers_within_authority(Toy())
    with pytest.raises(AssertionError, match=r"ann is offered note \{\}, which .* refuses: Only the GM can"):
        check_offers_within_authority(_GmNoteForEveryone())
    with pytest.raises(
        AssertionError, match=r"ann is offered rename \{'character': 'red'\}.*Only the GM acts"
    ):
        check_offers_within_authority(_EveryTokenForEveryone())


class _NotesOnTheMenu(Toy):
    """Offers every seat a rename of its tokens to each note, the GM's secret ones too."""

    def legal_commands(self, state: ToyState, seat: Seat, offers: Offers) -> list[LegalCommand]:
        renames = [
            LegalCommand(command="rename", fixed={"character": "blue", "name": note}, label="rename")
            for note in state.notes
        ]
        return [*super().legal_commands(state, seat, offers), *renames]


def test_menus_keep_secrets__a_players_menu_naming_what_its_view_hides_is_caught() -> None:
    check_menus_keep_secrets(Toy())
    with pytest.raises(
        AssertionError,
        match=r"after step 2: .* ann rename .*'name': 'the butler did it'.*: 'the butler did it'",
    ):
        check_menus_keep_secrets(_NotesOnTheMenu())


class _SameWordsForAll(Toy):
    """One sentence for every event."""

    words: ClassVar[dict[str, Any]] = {t: _text("Something happens.") for t in Toy.events}


def test_words_differ__every_event_type_reading_alike_is_caught() -> None:
    check_words_differ(Toy())
    with pytest.raises(
        AssertionError, match=r"toy.added, toy.asked, toy.noted all read 'Something happens.'"
    ):
        check_words_differ(_SameWordsForAll())


def _with_refusals(session: SampleSession, **rules: str) -> SampleSession:
    """The toy's sample with the refused steps' expected rules changed (by command type; "" for none)."""
    refused = tuple(dataclasses.replace(s, rule=rules.get(s.command.type, s.rule)) for s in session.refused)
    return dataclasses.replace(session, refused=refused)


class _RefusalsNameNoRule(Toy):
    """Its sample does not say why ``note`` must be refused."""

    def sample_session(self) -> SampleSession:
        return _with_refusals(super().sample_session(), note="")


class _RefusalsExpectAnotherRule(Toy):
    """Its sample expects ``note`` refused by a rule, but the authority check refuses it."""

    def sample_session(self) -> SampleSession:
        return _with_refusals(super().sample_session(), note="TOY-002")


def _add_with_no_rule(state: ToyState, context: Context, c: Add, dice: DiceService) -> list[Event]:
    if c.dice > 1:
        raise RuleViolation("", "That is too many dice.")
    return []


class _RuleViolationWithoutId(Toy):
    """Refuses with a RuleViolation that names no rule."""

    commands: ClassVar[dict[str, CommandSpec]] = {**Toy.commands, "add": CommandSpec(Add, _add_with_no_rule)}

    def sample_session(self) -> SampleSession:
        session = super().sample_session()
        steps = tuple(s for s in session.steps if s.command.type != "add")
        refused = tuple(s for s in session.refused if s.command.type != "add")
        bad = dataclasses.replace(session.steps[0], dice=None, rule="TOY-001")
        return dataclasses.replace(session, steps=steps, refused=(*refused, bad))


def test_refusals__a_refusal_must_name_the_rule_the_sample_expects() -> None:
    check_refusals(Toy())
    with pytest.raises(AssertionError, match=r"refused step note by ann does not say which rule refuses it"):
        check_refusals(_RefusalsNameNoRule())
    with pytest.raises(AssertionError, match=r"note by ann was refused by 'not_permitted', not 'TOY-002'"):
        check_refusals(_RefusalsExpectAnotherRule())
    with pytest.raises(AssertionError, match=r"add by ann was refused by a rule with no ID"):
        check_refusals(_RuleViolationWithoutId())


def test_run_checks__one_result_per_check_and_a_failure_does_not_stop_the_rest() -> None:
    results = run_checks(_SameWordsForAll())
    failed = [r.name for r in results if not r.passed]
    assert failed == ["check_words_differ"]
    assert all(r.promise and "``" not in r.promise for r in results)
    assert len({r.name for r in results}) == len(results) > 12


def _add_that_trusts_its_input(state: ToyState, context: Context[Any], c: Add, dice: DiceService) -> Any:
    """An ``add`` whose rules index a table with the number given, unchecked."""
    if c.dice > 8:
        (1, 2, 3, 4, 5, 6)[c.dice]  # an IndexError: the sample never adds this many
    return Toy.commands["add"].handler(state, context, c, dice)


class _CrashesOnBigNumbers(Toy):
    """Its ``add`` crashes (an IndexError) on a number its model allows."""

    commands: ClassVar[dict[str, CommandSpec]] = {
        **Toy.commands,
        "add": dataclasses.replace(Toy.commands["add"], handler=_add_that_trusts_its_input),
    }


def test_no_traceback__a_command_that_crashes_on_an_allowed_payload_is_caught() -> None:
    check_no_traceback(Toy())
    with pytest.raises(AssertionError, match=r"add by \w+ after step \d+ with .*IndexError"):
        check_no_traceback(_CrashesOnBigNumbers())


class _SaysItHasNoSecrets(Toy):
    """Claims every seat sees everything, yet its sample writes the GM a secret note."""

    has_secrets: ClassVar[bool] = False


def test_no_secrets__a_ruleset_claiming_none_while_keeping_one_is_caught() -> None:
    # has_secrets False lets any seat download the whole table at the web table: the claim must hold
    check_no_secrets(Toy())  # the toy keeps its secret and says so
    with pytest.raises(AssertionError, match=r"says it has no secrets, but event \d+ \(toy.noted\)"):
        check_no_secrets(_SaysItHasNoSecrets())


class _AddInSecret(Add):
    """Add, with the GM's secret roll."""

    hidden: bool = gm_field(default=False)


class _AddWithGmWords(Add):
    """Add, with words only the GM gives, and required: a player's form could never send it."""

    words: str = Field(json_schema_extra={"gm_only": True})


class _SecretAddOffered(Toy):
    """Its menu offers every seat an add rolled in secret: a GM-only field fixed for a player."""

    commands: ClassVar[dict[str, CommandSpec]] = {**Toy.commands, "add": CommandSpec(_AddInSecret, _add)}

    def legal_commands(self, state: ToyState, seat: Seat, offers: Offers) -> list[LegalCommand]:
        secret = LegalCommand(command="add", fixed={"dice": 1, "hidden": True}, label="add")
        return [*super().legal_commands(state, seat, offers), secret]


class _GmWordsRequired(Toy):
    commands: ClassVar[dict[str, CommandSpec]] = {**Toy.commands, "add": CommandSpec(_AddWithGmWords, _add)}


def test_gm_fields__a_required_one_or_one_fixed_on_a_players_menu_is_caught() -> None:
    check_gm_fields(Toy())
    with pytest.raises(AssertionError, match=r"ann is offered add with GM-only \['hidden'\] fixed"):
        check_gm_fields(_SecretAddOffered())
    with pytest.raises(AssertionError, match=r"add: the GM-only fields \['words'\] are required"):
        check_gm_fields(_GmWordsRequired())
