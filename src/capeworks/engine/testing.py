"""One test driver for every ruleset: play commands at a table and check what happened.

::

    d = Driver("rwyn", seats=[Seat(id="gm", name="Gail", role="gm"), Seat(id="ann", name="Ann")])
    d.do("gm", "add_character", id="ada", sample="ada", owner="ann")
    d.do("ann", "check", character="ada", ability="Science", difficulty=2, dice=[6, 5])
    d.answer("ann", "check-1:sacrifice", "0")
    err = d.refuse("ann", "stress", rule="RWYN-STRESS-001", character="ada", track="physical", amount=1)
    assert d.last.type == "rwyn.check_closed"

``refuse`` checks that the command is refused with a CapeworksError (of the
given class, naming the given rule, with words a person can read) and that
the table is exactly as it was. Payload keys that clash with the driver's
own keyword arguments (``dice``, ``payload``, ``rule``, ``error``, ``match``)
go in ``payload={...}``.

Worked examples from a rulebook start mid-game ("Skitter owns a 5 on one
Conflict and a 3 on another"). ``set_state``/``patch`` put the table at the
position the example starts from, a test-only set-up; every command after it
still goes through the table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from capeworks.engine.model import Command, Event, LegalCommand, Prompt, Seat, Viewer
from capeworks.engine.registry import get_ruleset
from capeworks.engine.ruleset import Ruleset
from capeworks.engine.table import REVERTED, Table, TableSettings
from capeworks.errors import CapeworksError, RuleViolation

__all__ = ["Driver"]


class Driver:
    """A table under test, with short verbs for commands, answers and refusals."""

    def __init__(
        self,
        ruleset: str | Ruleset[Any, Any],
        *,
        seats: Iterable[Seat] = (),
        config: Mapping[str, Any] | None = None,
        seed: int | str = 7,
        settings: TableSettings | Mapping[str, Any] | None = None,
        table: Table | None = None,
    ) -> None:
        rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.table = table or Table.new(rs, config=config, seats=seats, seed=seed, settings=settings)
        self.events: list[Event] = []
        self._set_up_at: int | None = None

    # -- acting ---------------------------------------------------------------------------------

    def do(
        self,
        seat: str,
        command: str,
        /,
        *,
        dice: Sequence[int] | None = None,
        payload: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> list[Event]:
        """Run a command for ``seat``; returns (and remembers) its events."""
        body = {**(payload or {}), **fields}
        self.events = self._commit(
            self.table.prepare(Command(type=command, seat=seat, payload=body), dice=dice)
        )
        return self.events

    def answer(
        self,
        seat: str,
        prompt: str,
        option: str | Sequence[str] | None = None,
        *,
        value: Any = None,
        dice: Sequence[int] | None = None,
    ) -> list[Event]:
        """Answer an open prompt through the engine's ``answer`` command."""
        body: dict[str, Any] = {"prompt": prompt}
        if option is not None:
            body["option"] = option if isinstance(option, str) else list(option)
        if value is not None:
            body["value"] = value
        return self.do(seat, "answer", dice=dice, payload=body)

    def undo(self, seat: str, command_id: int | None = None) -> list[Event]:
        """Undo (or, for a player at a GM's table, ask the GM to)."""
        self.events = self._commit(self.table.prepare_undo(seat, command_id))
        return self.events

    def refuse(
        self,
        seat: str,
        command: str,
        /,
        *,
        rule: str | None = None,
        error: type[CapeworksError] = CapeworksError,
        match: str | None = None,
        dice: Sequence[int] | None = None,
        payload: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> CapeworksError:
        """Check that the command is refused and changes nothing; returns the error."""
        before = self._fingerprint()
        body = {**(payload or {}), **fields}
        try:
            self._commit(self.table.prepare(Command(type=command, seat=seat, payload=body), dice=dice))
        except CapeworksError as e:
            caught = e
        else:
            raise AssertionError(f"{command} by {seat} was accepted; expected a refusal")
        assert isinstance(caught, error), (
            f"expected {error.__name__}, got {type(caught).__name__}: {caught.message}"
        )
        if rule is not None:
            assert isinstance(caught, RuleViolation), f"expected a RuleViolation of {rule}, got {caught!r}"
            assert caught.rule_id == rule, (
                f"refused under {caught.rule_id}, expected {rule}: {caught.message}"
            )
        if match is not None:
            assert match.lower() in caught.message.lower(), f"{match!r} not in {caught.message!r}"
        assert caught.message[:1].isupper() and caught.message.rstrip()[-1:] in ".?!", (
            f"not a sentence: {caught.message!r}"
        )
        assert self._fingerprint() == before, "a refused command changed the table"
        return caught

    # -- setting up a worked example -----------------------------------------------------------

    def set_state(self, state: BaseModel) -> None:
        """Put the table at the position a worked example starts from (a test-only set-up).

        Playing a rulebook example's starting position command by command would
        bury the rule under set-up, so the table is resumed, through its public
        snapshot API, from its own fold with ``state`` in place of the game
        state. Seats, config, the dice seed and the log stay; every later
        command still goes through the table (authority, turn order, stamping,
        prompts). The log does not hold the set-up, so a replay or an undo
        (which re-folds the log) would lose it: both are refused afterwards.
        """
        ruleset = self.table.ruleset
        fields = self.table.fold_fields()
        fields["state"] = state.model_dump(mode="json")
        self.table = Table.resume(ruleset, self.table.log, fields)
        self._set_up_at = self.table.version

    def patch(self, **update: Any) -> None:
        """Replace some top-level fields of the game state (see :meth:`set_state`)."""
        model = self.table.ruleset.state_model
        unknown = sorted(k for k in update if k not in model.model_fields)
        if unknown:
            raise AssertionError(f"the game state has no field {', '.join(unknown)}")
        self.set_state(model.model_validate({**dict(self.table.state), **update}))

    def _commit(self, events: list[Event]) -> list[Event]:
        if any(e.type == REVERTED for e in events):
            self._not_set_up("undo")
        self.table.commit(events)
        return events

    def _not_set_up(self, what: str) -> None:
        if self._set_up_at is not None:
            raise AssertionError(
                f"{what} re-folds the log, which does not hold the set-up made at version "
                f"{self._set_up_at}; reach that position with commands to test {what}"
            )

    # -- looking --------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The folded game state."""
        return self.table.state

    @property
    def last(self) -> Event:
        """The last event of the last command."""
        assert self.events, "no command has run yet"
        return self.events[-1]

    def types(self) -> list[str]:
        """The event types of the last command."""
        return [e.type for e in self.events]

    def prompts(self, seat: str | None = None) -> list[Prompt]:
        """Open prompts, all or those ``seat`` answers."""
        return self.table.prompts(None if seat is None else self.table.viewer_for(seat))

    def prompt(self, seat: str, kind: str) -> Prompt:
        """The one open prompt of ``kind`` for ``seat``."""
        found = [p for p in self.prompts(seat) if p.kind == kind]
        assert len(found) == 1, f"expected one {kind!r} prompt for {seat}, found {[p.id for p in found]}"
        return found[0]

    def legal(self, seat: str) -> list[LegalCommand]:
        """What ``seat`` may do now."""
        return self.table.legal_commands(seat)

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """The projection ``seat`` sees (the GM's without one)."""
        return self.table.view(Viewer.gm() if seat is None else self.table.viewer_for(seat))

    def words(self, seat: str | None = None, *, since: int = 0) -> list[str]:
        """The log's lines for ``seat`` (the GM's without one)."""
        viewer = Viewer.gm() if seat is None else self.table.viewer_for(seat)
        return [entry.description.text for entry in self.table.log_view(viewer, since=since)]

    def replayed(self) -> Table:
        """The table rebuilt from its log (it must equal the live one)."""
        self._not_set_up("a replay")
        return Table(self.table.ruleset, self.table.log)

    def _fingerprint(self) -> str:
        return json.dumps(
            [self.table.version, self.table.view(Viewer.gm()), self.table.state.model_dump(mode="json")],
            sort_keys=True,
            default=str,
        )
