"""Display names for the character ids an event mentions, so the log reads "Widow", not "widow";
and :class:`NamedCharacters`, the ruleset mixin that fills them and says who plays whom.

A character that is a group (a ruleset's mooks, "Goons") is the subject of plural verbs: the mixin
marks the groups an event mentions (``plural_ids``, beside ``names``) and :func:`plural_subjects` puts
the words' verbs after their names in the plural ("Goons attack", "Goons are up").

A ruleset whose state keeps ``characters`` by id, each with a ``name`` and an ``owner`` (a seat
id, "" for the GM's), gets its ``settle`` (the names onto every event) and ``controller`` from
the mixin, and addresses a character's prompts with :func:`addressee`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any, ClassVar

from capeworks.engine.batch import Batch
from capeworks.engine.event import Event
from capeworks.engine.kit import lookup
from capeworks.engine.model import Role
from capeworks.engine.spec import Context, Controller

__all__ = ["NamedCharacters", "addressee", "named", "names_of", "plural_subjects", "with_names"]


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


def named(known: Mapping[str, str], payload: Any) -> Any:
    """``payload`` with ``names`` for the known character ids among its values, where it carries
    none: an event written before it carried them reads names, not ids (any other payload as is)."""
    if not known or getattr(payload, "names", None) != {}:
        return payload
    mentioned = set(_strings(payload.model_dump(mode="json", exclude={"names", "plural_ids"})))
    names = {s: known[s] for s in mentioned if s in known and known[s] != s}
    return payload.model_copy(update={"names": names}) if names else payload


def names_of(characters: Mapping[str, Any], ids: Iterable[str]) -> list[str]:
    """The display names of the characters ``ids`` (each with a ``name``), as words and refusals read
    them; an id no character has (one who left the table) reads as itself."""
    return [characters[cid].name if cid in characters else cid for cid in ids]


def with_names(known: Mapping[str, str], event: Event, groups: Collection[str] = ()) -> Event:
    """``event`` with ``names`` for every known character id among its payload's values, and (when
    its payload has ``plural_ids``) which of those ids are ``groups``."""
    p = event.payload
    if not hasattr(p, "names"):
        return event
    data = p.model_dump(mode="json", exclude={"names", "plural_ids"})
    mentioned = set(_strings(data))
    names = {s: known[s] for s in mentioned if s in known and known[s] != s}
    update: dict[str, Any] = {} if not names or names == p.names else {"names": names}
    if hasattr(p, "plural_ids") and (plural := tuple(sorted(mentioned & set(groups)))) != p.plural_ids:
        update["plural_ids"] = plural
    return event.model_copy(update={"payload": p.model_copy(update=update)}) if update else event


#: third-person verbs whose plural is not the word less its -s
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def _plural_verb(word: str) -> str:
    """``attacks`` -> ``attack``, ``misses`` -> ``miss``, ``carries`` -> ``carry``, ``is`` -> ``are``;
    a word that is no third-person verb (``as``, ``cannot``, ``across``) stays."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) < 4 or not word.endswith("s") or word.endswith(("ss", "us")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def plural_subjects(text: str, groups: Iterable[str]) -> str:
    """``text`` with each group's name read as a plural: the verb after it where it begins a
    sentence or clause ("Goons attack", "...; Goons are up.") and its possessive ("Goons' turn")."""
    for name in groups:
        if not name:
            continue
        g = re.escape(name)
        text = re.sub(rf"(^|[.;:!?] )({g}) ([a-z]+)\b", lambda m: f"{m[1]}{m[2]} {_plural_verb(m[3])}", text)
        if name.endswith("s"):
            text = re.sub(rf"\b({g})'s\b", r"\1'", text)
    return text


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
        return dict(zip(chars, names_of(chars, chars), strict=True))

    def known_groups(self, before: Any, batch: Batch[Any]) -> set[str]:
        """The ids of the characters that are groups, their verbs plural (a ruleset with groups
        says which; none by default)."""
        return set()

    def settle(self, before: Any, batch: Batch[Any], context: Context[Any]) -> Batch[Any]:
        """The command's events with the display names of the characters they mention (the log's
        words read names, not ids) and which are groups; no applier reads them, so the folded state
        stands."""
        known = self.known_names(before, batch)
        groups = self.known_groups(before, batch)
        batch.events[:] = [with_names(known, event, groups) for event in batch.events]
        return batch

    def log_names(self, state: Any) -> Mapping[str, str]:
        """Every character's display name at the table now: an event an older release wrote before
        events carried names reads them (the stored payload is untouched)."""
        chars = state.characters
        return dict(zip(chars, names_of(chars, chars), strict=True))

    def controller(self, state: Any, entity: str) -> Controller:
        """The seat that plays ``entity`` (None: the GM) and its name."""
        c = lookup(state.characters, entity, self.character_noun)
        return Controller(seat=c.owner or None, name=c.name)
