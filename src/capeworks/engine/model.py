"""The engine's vocabulary: seats, viewers, audiences, commands, events, rolls, prompts, descriptions.

These are the serialisable value objects that flow between a ruleset, the
table, the store and every edge. They are frozen pydantic models so they can be
validated at the edges and dumped to JSON byte-for-byte reproducibly.

Events and their payloads live in :mod:`capeworks.engine.event`, viewers and
audiences in :mod:`capeworks.engine.audience`; both are re-exported here.
A :class:`Prompt` carries the command that answers it, in each
:class:`PromptOption` or in its :class:`FreeAnswer`, so any edge can offer it
as buttons or a text box without knowing the ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from capeworks.engine.audience import Audience, RollRecord, Viewer
from capeworks.engine.event import Event, EventData

__all__ = [
    "Audience",
    "Command",
    "Description",
    "Event",
    "EventData",
    "FreeAnswer",
    "LegalCommand",
    "LegalPool",
    "LogEntry",
    "Panel",
    "Prompt",
    "PromptOption",
    "Role",
    "RollRecord",
    "Seat",
    "Viewer",
    "waiting_on",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Role(StrEnum):
    """What a seat is at the table."""

    GM = "gm"
    PLAYER = "player"


class Seat(BaseModel):
    """One person's place at a table."""

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    name: str = Field(min_length=1, max_length=80)
    role: Role = Role.PLAYER

    @property
    def is_gm(self) -> bool:
        """True for a game master's seat."""
        return self.role is Role.GM

    def plays(self, owner: str | None) -> bool:
        """Whether this seat plays a character owned by ``owner``: its owner's seat does, and the GM
        plays every character no seat owns (one reading for every ruleset's turn offers)."""
        return self.role is Role.GM if owner is None or owner == "" else owner == self.id


class Command(BaseModel):
    """An intent from a seat: ``type`` names a ruleset command, ``payload`` its arguments.

    The ruleset parses ``payload`` into its typed model; a bad payload is an
    InvalidCommand and nothing changes.
    """

    model_config = _FROZEN

    type: str = Field(min_length=1, max_length=64)
    seat: str = Field(min_length=1, max_length=64)
    payload: dict[str, Any] = Field(default_factory=dict)


class PromptOption(BaseModel):
    """One answer a prompt accepts, and the command that gives it.

    ``value`` is the short name typed to choose it (``answer P value``);
    choosing it issues ``command`` with ``payload`` for the answering seat.
    """

    model_config = _FROZEN

    value: str
    label: str = ""
    command: str
    payload: dict[str, Any] = Field(default_factory=dict)


class FreeAnswer(BaseModel):
    """An answer in the person's own words (or picks): ``command`` with ``field`` filled in.

    With ``many`` the answer is a list (several picks, the prompt's
    ``min_choices`` to ``max_choices`` of them); otherwise one piece of text.
    ``suggestions`` are words the rules offer to pick from (the source's
    examples); they are not answers on their own, so they are not options.
    """

    model_config = _FROZEN

    command: str
    field: str
    payload: dict[str, Any] = Field(default_factory=dict)
    many: bool = False
    suggestions: tuple[str, ...] = ()
    hint: str = ""


class Prompt(BaseModel):
    """A decision the rules hand to someone: who answers, how, and the default.

    Addressed to one seat (``seat``) or to whoever holds a role (``role``,
    the GM), never both. ``options`` each carry their command; ``free`` lets
    the answer be written out. ``rule`` names the inventory rule that asks.
    ``question`` and option labels are words from the ruleset's renderer;
    ``context`` carries what a person needs to decide (which die, its value).
    A prompt with neither options nor a free answer says whose move it is:
    any of that seat's legal commands answers it. ``waits=False`` marks a
    reminder that stays open while play goes on (a GM's narration due): it is
    answered like any prompt, but the table is not waiting on it (:func:`waiting_on`).
    """

    model_config = _FROZEN

    id: str = Field(min_length=1, max_length=128)
    seat: str | None = None
    role: Role | None = None
    kind: str
    rule: str = ""
    question: str = ""
    options: tuple[PromptOption, ...] = ()
    free: FreeAnswer | None = None
    default: str | None = None
    min_choices: int = 1
    max_choices: int = 1
    context: dict[str, Any] = Field(default_factory=dict)
    #: False: nothing waits on the answer (left out of the JSON when True, as every prompt was before)
    waits: bool = Field(default=True, exclude_if=lambda v: v)

    @model_validator(mode="after")
    def _one_addressee(self) -> Prompt:
        if (self.seat is None) == (self.role is None):
            raise ValueError("a prompt is addressed to a seat or to a role, not both or neither")
        return self

    @property
    def free_text(self) -> bool:
        """True when the answer may be written out rather than chosen."""
        return self.free is not None

    def addressed_to(self, seat: Seat) -> bool:
        """Is ``seat`` the one who must answer?"""
        if self.seat is not None:
            return self.seat == seat.id
        return self.role == seat.role

    def option(self, value: str) -> PromptOption | None:
        """The option called ``value`` (case-insensitive), if any."""
        wanted = value.strip().lower()
        for o in self.options:  # a loop, not next() over a generator: every answer looks one up
            if o.value.lower() == wanted:
                return o
        return None

    @property
    def addressee(self) -> str:
        """Who answers, as shown: the seat id, or the role's name."""
        return self.seat if self.seat is not None else str(self.role)


def waiting_on(prompts: Iterable[Prompt]) -> list[str]:
    """Who the table waits on, sorted: the addressees of the prompts that wait (``Prompt.waits``).

    The one list the edges show ("Waiting for", the projection's ``waiting``): a ruleset
    names whose turn it is with a turn prompt, and leaves a reminder out with ``waits=False``.
    """
    return sorted({p.addressee for p in prompts if p.waits})


class LegalCommand(BaseModel):
    """A command a seat may issue now, with the fields already decided.

    Edges draw buttons from these; the lab's policies choose among them.
    ``prompt`` is set when issuing it answers that open prompt.
    """

    model_config = _FROZEN

    command: str
    fixed: dict[str, Any] = Field(default_factory=dict)
    label: str = ""
    prompt: str | None = None


#: stands for an argument not given to :meth:`LegalPool.get` (so not set on the model either)
_UNSET: Any = object()

#: fixed values whose equality is sameness (``1 == 1.0 == True``, so no floats or bools)
_PLAIN = frozenset({str, int, type(None)})


def _exact(fixed: Mapping[str, Any]) -> tuple[tuple[str, Any], ...] | None:
    """``fixed``'s items, in order, when equal items mean an identical model; else None."""
    if type(fixed) is not dict:
        return None
    items = tuple(fixed.items())
    for k, v in items:
        if type(k) is not str or type(v) not in _PLAIN:
            return None
    return items


class LegalPool:
    """Legal commands kept from one version of a table to the next, so the unchanged are not built again.

    A table fanning out to every seat offers nearly the same commands as at its last
    version, and building each model again was most of the cost. The pool hands back the
    object built before when the new one would be identical (same command, label and
    prompt, the same fixed fields in the same order with values of the same types, the
    same fields given), else builds it. Text fields need no such care: the model turns
    any ``str`` into a plain one, and no other type passes. Objects are shared: callers
    must not change them.

    :meth:`age` marks a new version; every ``SWEEP`` versions what was not asked for
    in the last ``SWEEP`` is let go (one dictionary, swept now and then, costs less
    per lookup than a generation per version).
    """

    __slots__ = ("_answered", "_known", "_version")

    #: versions between sweeps, and how long an unused command is kept
    SWEEP = 16

    def __init__(self) -> None:
        # key -> [the version it was last asked for, the command]
        self._known: dict[tuple[Any, ...], list[Any]] = {}
        # id(prompt) -> [the version it was last asked for, the prompt, its answers' entries of _known]
        self._answered: dict[int, list[Any]] = {}
        self._version = 0

    def age(self) -> None:
        """A new version (now and then, let go of what has not been asked for lately)."""
        self._version += 1
        if self._version % self.SWEEP == 0:
            since = self._version - self.SWEEP
            self._known = {k: e for k, e in self._known.items() if e[0] >= since}
            self._answered = {k: e for k, e in self._answered.items() if e[0] >= since}

    def get(
        self, command: str, label: str, *, fixed: Mapping[str, Any] = _UNSET, prompt: str | None = _UNSET
    ) -> LegalCommand:
        """``LegalCommand(command=..., label=..., [fixed=...], [prompt=...])``, built once while asked for."""
        items = () if fixed is _UNSET else _exact(fixed)
        return self._find((command, label, prompt, fixed is _UNSET, items), fixed)

    def fixed(self, command: str, label: str, fixeds: Sequence[Mapping[str, Any]]) -> list[LegalCommand]:
        """``get(command, label, fixed=f)`` for each of ``fixeds`` (a command offered several ways)."""
        return [self._find((command, label, _UNSET, False, _exact(f)), f) for f in fixeds]

    def answers(self, prompt: Prompt) -> list[LegalCommand]:
        """The commands answering ``prompt``: one per option (labelled by its label, else its value),
        then the free answer's (labelled by its hint).

        A ruleset that keeps an unchanged prompt as the same object (prompts are frozen and shared,
        never changed) has its answers handed back without the options keyed again.
        """
        version = self._version
        kept = self._answered.get(id(prompt))
        if kept is not None and kept[1] is prompt:
            entries: list[list[Any]] = kept[2]
            if kept[0] != version:
                kept[0] = version
                for entry in entries:
                    entry[0] = version
            return [entry[1] for entry in entries]
        pid, known = prompt.id, self._known
        keys: list[tuple[Any, ...]] = []
        out: list[LegalCommand] = []
        for o in prompt.options:
            # _find, written out: a table asks this for every option of every open prompt at every version
            key = (o.command, o.label or o.value, pid, False, _exact(o.payload))
            keys.append(key)
            found = known.get(key)
            if found is None:
                out.append(self._find(key, o.payload))
            else:
                found[0] = version
                out.append(found[1])
        free = prompt.free
        if free is not None:
            key = (free.command, free.hint, pid, False, _exact(free.payload))
            keys.append(key)
            out.append(self._find(key, free.payload))
        if all(key[4] is not None for key in keys):
            # every answer is kept in _known (a fixed value equality cannot vouch for is built afresh)
            self._answered[id(prompt)] = [version, prompt, [known[key] for key in keys]]
        return out

    def _find(self, key: tuple[Any, ...], fixed: Mapping[str, Any]) -> LegalCommand:
        """The command ``key`` names (command, label, prompt, whether fixed is left out, fixed's items)."""
        if key[4] is None:  # fixed fields equality cannot vouch for: built afresh
            return self._build(key, fixed)
        entry = self._known.get(key)
        if entry is None:
            entry = self._known[key] = [self._version, self._build(key, fixed)]
        else:
            entry[0] = self._version
        return entry[1]  # type: ignore[no-any-return]

    @staticmethod
    def _build(key: tuple[Any, ...], fixed: Mapping[str, Any]) -> LegalCommand:
        command, label, prompt, unfixed, _ = key
        given: dict[str, Any] = {"command": command}
        if not unfixed:
            given["fixed"] = dict(fixed)
        given["label"] = label
        if prompt is not _UNSET:
            given["prompt"] = prompt
        return LegalCommand(**given)


class Description(BaseModel):
    """An event in words for one viewer, with the parts a UI draws.

    ``actor`` is the seat that acted (None: the event's seat; ``""``: no seat, for a line the
    rules speak for a GM's character whatever seat's answer set it off, and, in a table's log, a
    player's line about none of that player's characters or one that player may not see: see
    :func:`capeworks.engine.render.unseen_by_its_seat`), ``characters`` the ids
    of the characters it concerns, ``rolls`` the dice it shows (with their records: given or
    drawn), ``hidden`` whether only the GM (and named seats) may see it.
    """

    model_config = _FROZEN

    text: str
    actor: str | None = None
    characters: tuple[str, ...] = ()
    rolls: tuple[RollRecord, ...] = ()
    hidden: bool = False


class Panel(BaseModel):
    """A table of plain text a ruleset draws for one viewer: a sheet, a tracker, a conflict card.

    Cells are data, never markup: every edge escapes them. ``note`` is a line
    under the table (totals, whose turn it is).
    """

    model_config = _FROZEN

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    note: str = ""

    @model_validator(mode="after")
    def _rectangular(self) -> Panel:
        if any(len(row) != len(self.columns) for row in self.rows):
            raise ValueError(f"every row of panel {self.title!r} needs {len(self.columns)} cells")
        return self


class LogEntry(BaseModel):
    """One line of a viewer's log: the event, its words, and whether it was undone."""

    model_config = _FROZEN

    seq: int
    command_id: int
    seat: str | None
    type: str
    undone: bool
    description: Description
    event: Event

    def as_words(self) -> dict[str, Any]:
        """The entry JSON-ready as a seat reads it: the words and the parts a UI draws beside them,
        never the raw event data, which may carry values only the GM sees (a public event records
        every field it changed). The web table and the CLI's ``--json`` both answer with this."""
        d = self.description
        return {
            "seq": self.seq,
            "command_id": self.command_id,
            "seat": self.seat,
            "type": self.type,
            "text": d.text,
            "parts": {
                "actor": d.actor,
                "characters": list(d.characters),
                "rolls": [r.model_dump(mode="json") for r in d.rolls],
                "hidden": d.hidden,
            },
            "undone": self.undone,
        }
