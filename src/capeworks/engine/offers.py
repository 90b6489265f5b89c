"""What a seat may do now: the answers to open prompts and the ruleset's menu, worked out once per version.

A table asks every seat's legal commands at every version. What those share,
the open prompts' answers (by who answers) and the :class:`OfferMenu` (labels,
authority, the commands offered alike to every seat of a role), is found once
per version, lazily, in an :class:`Offers` the table hands to
:meth:`capeworks.engine.Ruleset.legal_commands`. A ruleset with its own legal
commands may use any part of it or none.

The menu never offers a seat what its authority refuses: a GM command's offer is
asked of the GM's seat alone, and an ``OWNER`` command's offer to a player keeps
only the ways that name a character the player plays (or none), whatever the
ruleset's offer returns (conformance: ``check_offers_within_authority``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from capeworks.engine.model import LegalCommand, LegalPool, Prompt, Seat
from capeworks.engine.spec import Authority, CommandSpec, Controller
from capeworks.errors import CapeworksError

__all__ = ["Answers", "MenuItem", "Menued", "Offer", "OfferMenu", "Offers", "prompt_commands"]

#: a command's offer: (state, seat) -> the fixed fields of each way the seat may issue it now
Offer = Callable[[Any, Seat], list[dict[str, Any]]]

#: a run of an :class:`OfferMenu`: commands offered as they are, then one whose offer is asked (or None)
MenuItem = tuple[tuple[LegalCommand, ...], str, str, Offer | None]


class Menued(Protocol):
    """What a menu is worked out from: the parts of a :class:`~capeworks.engine.Ruleset` it reads."""

    @property
    def commands(self) -> Mapping[str, CommandSpec[Any, Any, Any]]: ...

    @property
    def has_gm(self) -> bool: ...

    def command_label(self, name: str) -> str: ...

    def authority(self, config: Any, name: str, spec: CommandSpec[Any, Any, Any]) -> Authority: ...

    def prompts(self, state: Any) -> list[Prompt]: ...

    def controller(self, state: Any, entity: str) -> Controller: ...


def _owned_only(ruleset: Menued, offer: Offer, field: str) -> Offer:
    """``offer`` for a player's seat: only the ways whose ``field`` names a character the seat plays,
    or names none, as :meth:`Ruleset.authorize` admits an ``OWNER`` command."""

    def owned(state: Any, seat: Seat) -> list[dict[str, Any]]:
        offered = offer(state, seat)
        if not offered:  # most offers to most seats, most of the time
            return offered
        kept = []
        for fixed in offered:
            entity = fixed.get(field)
            if isinstance(entity, str):
                try:
                    if ruleset.controller(state, entity).seat != seat.id:
                        continue
                except CapeworksError:  # no such character: the table would refuse it too
                    continue
            kept.append(fixed)
        return kept

    return owned


@dataclass(frozen=True, slots=True)
class OfferMenu:
    """What :meth:`Ruleset.offered_commands` works out alike for every seat of a table.

    For each role, in the order of ``Ruleset.commands``: each command offered by
    its authority alone, as the legal command itself (one object for every seat);
    each command with an ``offer``, as its name, label and offer, asked per seat
    of a role its authority admits (a player's ``OWNER`` offer keeps the player's
    own characters).
    Prompt-only commands are never on it. It depends on the rules config only
    (authority is a function of the config), so a table keeps it for its life.
    ``pool`` builds the legal commands (a table keeps one between versions).
    """

    gm: tuple[MenuItem, ...]
    players: tuple[MenuItem, ...]
    pool: LegalPool

    @classmethod
    def of(cls, ruleset: Menued, config: Any, *, pool: LegalPool | None = None) -> OfferMenu:
        """The menu of ``ruleset`` under ``config``."""
        pool = pool if pool is not None else LegalPool()
        gm: list[MenuItem] = []
        players: list[MenuItem] = []
        gm_run: list[LegalCommand] = []
        players_run: list[LegalCommand] = []
        for name, spec in ruleset.commands.items():
            if spec.prompt_only:
                continue
            label = ruleset.command_label(name)
            who = ruleset.authority(config, name, spec)
            if spec.offer is not None:
                # asked only of the seats its authority admits (Ruleset.authorize)
                if who is not Authority.GM or ruleset.has_gm:
                    gm.append((tuple(gm_run), name, label, spec.offer))
                    gm_run = []
                if who is Authority.OWNER:
                    players.append(
                        (tuple(players_run), name, label, _owned_only(ruleset, spec.offer, spec.owner_field))
                    )
                    players_run = []
                elif who is Authority.ANY:
                    players.append((tuple(players_run), name, label, spec.offer))
                    players_run = []
                continue
            plain = pool.get(name, label)
            if who is not Authority.GM:
                players_run.append(plain)
                gm_run.append(plain)
            elif ruleset.has_gm:
                gm_run.append(plain)
        gm.append((tuple(gm_run), "", "", None))
        players.append((tuple(players_run), "", "", None))
        return cls(gm=tuple(gm), players=tuple(players), pool=pool)


def prompt_commands(prompt: Prompt, *, pool: LegalPool | None = None) -> list[LegalCommand]:
    """The commands that answer ``prompt``: one per option, and the free answer's.

    ``pool``: where a table keeps the legal commands it built at its last version.
    """
    return (pool if pool is not None else LegalPool()).answers(prompt)


@dataclass(frozen=True, slots=True)
class Answers:
    """The commands answering some prompts, by who answers (a seat's id, or a role), in the prompts' order.

    Each addressee's commands are kept flat, and beside them each prompt's place,
    for the one who is both addressed by name and by role.
    """

    by_seat: Mapping[str, list[LegalCommand]]
    by_role: Mapping[str, list[LegalCommand]]
    placed: Mapping[tuple[bool, str], list[tuple[int, Sequence[LegalCommand]]]]

    @classmethod
    def of(cls, answers: Iterable[tuple[Prompt, Sequence[LegalCommand]]]) -> Answers:
        placed: dict[tuple[bool, str], list[tuple[int, Sequence[LegalCommand]]]] = {}
        for i, (prompt, commands) in enumerate(answers):
            # as Prompt.addressed_to: a prompt names a seat, or else a role
            to_role = prompt.seat is None
            addressee = prompt.role if to_role else prompt.seat
            if addressee is not None:
                placed.setdefault((to_role, addressee), []).append((i, commands))
        flat = {key: [c for _, cs in items for c in cs] for key, items in placed.items()}
        by_seat = {name: commands for (to_role, name), commands in flat.items() if not to_role}
        by_role = {name: commands for (to_role, name), commands in flat.items() if to_role}
        return cls(by_seat, by_role, placed)

    @classmethod
    def of_prompts(cls, prompts: Iterable[Prompt], pool: LegalPool) -> Answers:
        """The answers to ``prompts``, built in ``pool``."""
        return cls.of((p, pool.answers(p)) for p in prompts)

    def of_seat(self, seat: Seat) -> list[LegalCommand]:
        """The answers to the prompts ``seat`` answers (``Prompt.addressed_to``), in order, as a new list."""
        own = self.by_seat.get(seat.id)
        role = self.by_role.get(seat.role)
        if own is None or role is None:
            return list(own or role or ())
        both = [*self.placed[False, seat.id], *self.placed[True, seat.role]]
        return [c for _, cs in sorted(both, key=lambda item: item[0]) for c in cs]


class Offers:
    """What every seat's legal commands share at one version, each part worked out when first asked.

    ``answers(seat)``: the commands answering the ruleset's open prompts that
    ``seat`` answers (found when first asked); ``menu``: the ruleset's
    :class:`OfferMenu` (kept per rules config). Shared between
    seats and versions: callers must not change what they get.
    """

    __slots__ = ("_answers", "_pool", "_prompts", "menu")

    def __init__(self, prompts: Callable[[], Sequence[Prompt]], menu: OfferMenu, pool: LegalPool) -> None:
        self._prompts = prompts
        self._pool = pool
        self._answers: Answers | None = None
        #: the ruleset's menu (commands offered by authority or by their ``offer``)
        self.menu = menu

    @classmethod
    def of(cls, ruleset: Menued, state: Any, config: Any) -> Offers:
        """Offers worked out afresh (outside a table, or in tests)."""
        pool = LegalPool()
        return cls(lambda: ruleset.prompts(state), OfferMenu.of(ruleset, config, pool=pool), pool)

    def answers(self, seat: Seat) -> list[LegalCommand]:
        """The answers to the open prompts ``seat`` answers, in the prompts' order (a new list)."""
        answers = self._answers
        if answers is None:
            answers = self._answers = Answers.of_prompts(self._prompts(), self._pool)
        return answers.of_seat(seat)
