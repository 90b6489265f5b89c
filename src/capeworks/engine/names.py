"""Display names for the character ids an event mentions, so the log reads "Widow", not "widow";
and :class:`NamedCharacters`, the ruleset mixin that fills them and says who plays whom.

A ruleset whose state keeps ``characters`` by id, each with a ``name`` and an ``owner`` (a seat
id, "" for the GM's), gets its ``settle`` (the names onto every event) and ``controller`` from
the mixin, and addresses a character's prompts with :func:`addressee`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from capeworks.engine.batch import Batch
from capeworks.engine.event import Event
from capeworks.engine.kit import lookup
from capeworks.engine.model import Role
from capeworks.engine.spec import Context, Controller

__all__ = ["NamedCharacters", "addressee", "with_names"]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def with_names(known: Mapping[str, str], event: Event) -> Event:
    """``event`` with ``names`` for every known character id among its payload's values."""
    p = event.payload
    if not hasattr(p, "names"):
        return event
    data = p.model_dump(mode="json", exclude={"names"})
    names = {s: known[s] for s in set(_strings(data)) if s in known and known[s] != s}
    if not names or names == p.names:
        return event
    return event.model_copy(update={"payload": p.model_copy(update={"names": names})})


def addressee(owner: str) -> dict[str, Any]:
    """A character's prompt goes to its player's seat, or to the GM for the GM's characters."""
    return {"seat": owner} if owner else {"role": Role.GM}


class NamedCharacters:
    """Ruleset mixin (before ``Ruleset`` in the bases) for a state with ``characters`` by id, each
    with ``name`` and ``owner``: events carry the names of the characters they mention, and the
    controller of a character is its owner's seat (the GM when it has none).

    ``character_noun`` words the refusal for an unknown id ("There is no combatant 'x' ...").
    """

    character_noun: ClassVar[str] = "character"

    def known_names(self, before: Any, batch: Batch[Any]) -> dict[str, str]:
        """Every character's display name, those the command added included."""
        chars = {**before.characters, **batch.state.characters}
        return {cid: c.name for cid, c in chars.items()}

    def settle(self, before: Any, batch: Batch[Any], context: Context[Any]) -> Batch[Any]:
        """The command's events with the display names of the characters they mention (the log's
        words read names, not ids); no applier reads them, so the folded state stands."""
        known = self.known_names(before, batch)
        batch.events[:] = [with_names(known, event) for event in batch.events]
        return batch

    def controller(self, state: Any, entity: str) -> Controller:
        """The seat that plays ``entity`` (None: the GM) and its name."""
        c = lookup(state.characters, entity, self.character_noun)
        return Controller(seat=c.owner or None, name=c.name)
