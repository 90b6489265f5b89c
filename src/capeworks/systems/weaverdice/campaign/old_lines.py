"""The lines old logs stored for what are now facts: the upcasters of ``weaverdice.recuperated``,
``care_bought``, ``follower_tapped`` and ``negotiated`` from version 3, and of ``intel_spent`` from 4.

Those events stored their line of words (``text``: "mends no wounds; morale rises from Poor (-2) to
Neutral (+0)."); they now store facts (:class:`~.events.Rested`, :class:`~.events.Treated`,
:class:`~.events.Talked`, :class:`~.events.IntelUse`, a tapped follower's numbers) and the words come
from :mod:`~capeworks.systems.weaverdice.campaign.words`. Each upcaster reads the line back into its
facts, then renders them: only where they give back the very line stored are the facts kept (and the
line dropped); a line written in an older wording ("morale -2 -> +0") or one the patterns do not read
stays whole, so an old log reads exactly as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.words import line_of

__all__ = ["care_from_line", "rest_from_line", "spend_from_line", "talk_from_line", "tap_from_line"]

_N = r"(-?\d+)"

#: one roll of a rest or of care (:class:`~.events.Treated`), as the line said it: (pattern, facts)
_ROLLS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], dict[str, Any]]], ...] = (
    (
        re.compile(rf"scarred (.+): {_N}, (it heals|it goes|it stays)"),
        lambda m: {
            "what": m[1],
            "kind": "effect" if m[3] == "it goes" else "wound",
            "total": int(m[2]),
            "done": m[3] != "it stays",
        },
    ),
    (re.compile(r"(.+): whole again"), lambda m: {"what": m[1], "kind": "stat"}),
    (
        re.compile(rf"(.+): {_N}, (a point comes back|still mangled)"),
        lambda m: {"what": m[1], "kind": "stat", "total": int(m[2]), "done": m[3] != "still mangled"},
    ),
    (
        re.compile(rf"(.+): {_N}, (the scar fades|it stays)"),
        lambda m: {"what": m[1], "kind": "scar", "total": int(m[2]), "done": m[3] != "it stays"},
    ),
    (
        re.compile(rf"(.+): {_N}, past it"),
        lambda m: {"what": m[1], "kind": "check", "total": int(m[2]), "done": True},
    ),
    (
        re.compile(rf"(.+): {_N}, (\d+) of (\d+)"),
        lambda m: {"what": m[1], "kind": "check", "total": int(m[2]), "progress": int(m[3]), "dc": int(m[4])},
    ),
    (
        re.compile(r"(.+): (\d+) days off, healed"),
        lambda m: {"what": m[1], "kind": "days", "total": int(m[2]), "done": True},
    ),
    (
        re.compile(r"(.+): (\d+) days off, (\d+) left"),
        lambda m: {"what": m[1], "kind": "days", "total": int(m[2]), "left": int(m[3])},
    ),
    (
        re.compile(rf"{_N} against (\d+)\+: (.+) halved to (\d+) days"),
        lambda m: {
            "what": m[3],
            "kind": "halve",
            "total": int(m[1]),
            "tn": int(m[2]),
            "done": True,
            "left": int(m[4]),
        },
    ),
    (
        re.compile(rf"{_N} against (\d+)\+: no change to (.+)"),
        lambda m: {"what": m[3], "kind": "halve", "total": int(m[1]), "tn": int(m[2])},
    ),
)
_BOUGHT = re.compile(rf"high morale makes the (.+) roll a {_N}")


def _rolls(parts: list[str]) -> list[dict[str, Any]] | None:
    """The rolls ``parts`` say, in order (high morale's step marks the roll after it), or None."""
    out: list[dict[str, Any]] = []
    bought = False
    for part in parts:
        if _BOUGHT.fullmatch(part):
            bought = True
            continue
        roll = next((read(m) for pattern, read in _ROLLS if (m := pattern.fullmatch(part))), None)
        if roll is None:
            return None
        out.append({**roll, "bought": bought})
        bought = False
    return out if not bought else None


def _kept(model: type[BaseModel], data: dict[str, Any], facts: dict[str, Any] | None) -> dict[str, Any]:
    """``data`` with ``facts`` in place of its line, if they give the line back word for word; else as
    it was (the line kept)."""
    if facts is None:
        return data
    out = {k: v for k, v in data.items() if k != "text"} | facts
    try:
        said = line_of(model.model_validate(out))
    except (ValidationError, ValueError, TypeError, KeyError, IndexError):
        return data
    return out if said == f"{data.get('name', '')}: {data.get('text', '')}" else data


_MENDS = re.compile(r"mends (no|\d+) wounds?")
_STAYS = re.compile(r"low morale keeps (\d+) from mending tonight \(([\d ]+)\)")
_RAISED = re.compile(r"morale rises from .+ \(([+-]\d+)\) to .+ \(([+-]\d+)\)")


def _rested(text: str) -> dict[str, Any] | None:
    parts = text.removesuffix(".").split("; ")
    m = _MENDS.fullmatch(parts[0])
    if m is None:
        return None
    rested: dict[str, Any] = {"mended": 0 if m[1] == "no" else int(m[1])}
    parts = parts[1:]
    if parts and (m := _STAYS.fullmatch(parts[0])):
        rested["stays"] = [int(f) for f in m[2].split()]
        parts = parts[1:]
    if parts and (m := _RAISED.fullmatch(parts[0])):
        rested["raised"] = [int(m[1]), int(m[2])]
        parts = parts[1:]
    if parts and parts[0].startswith("no longer "):
        rested["cleared"] = parts[0].removeprefix("no longer ").split(", ")
        parts = parts[1:]
    rolls = _rolls(parts)
    return None if rolls is None else {"rested": {**rested, "rolls": rolls}}


def rest_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """A ``recuperated`` at version 3 at version 4: its line becomes the rest's facts."""
    return _kept(ce.Recuperated, data, _rested(data.get("text", "")))


_CARE = re.compile(r"\$(\d+) to (.+?); (.+)\.")


def _care(text: str) -> dict[str, Any] | None:
    m = _CARE.fullmatch(text)
    rolls = _rolls(m[3].split("; ")) if m else None
    if m is None or rolls is None or len(rolls) != 1:
        return None
    return {"fee": int(m[1]), "treated": rolls[0]}


def care_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """A ``care_bought`` at version 3 at version 4: its line becomes the fee and the provider's roll."""
    return _kept(ce.CareBought, data, _care(data.get("text", "")))


_TALK = re.compile(
    rf"(Social|rep brings the roll to) (?:{_N}, capped at {_N} by low morale,|{_N}) against (\d+)\+: "
    r"(agreed|no deal yet|still no deal)(; a catastrophic roll: -1 on every later roll here)?(?:; (.+))?\."
)
_KEEP = re.compile(
    rf"(keeps|loses) (.+?) \({_N}(?: against (\d+)\+|, a step of morale makes it (\d+))\)(?:, |$)"
)


def _talked(text: str) -> dict[str, Any] | None:
    m = _TALK.fullmatch(text)
    if m is None:
        return None
    capped = m[2] is not None
    talked: dict[str, Any] = {
        "after": m[1] != "Social",
        "total": int(m[3] if capped else m[4]),
        "raw": int(m[2]) if capped else None,
        "tn": int(m[5]),
        "agreed": m[6] == "agreed",
        "catastrophic": m[7] is not None,
    }
    keeps = [
        {
            "source": k[2],
            "total": int(k[3]),
            "need": int(k[4] or 0),
            "kept": k[1] == "keeps",
            "bought": int(k[5] or 0),
        }
        for k in _KEEP.finditer(m[8] or "")
    ]
    return {"talked": {**talked, "keeps": keeps}}


def talk_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """A ``negotiated`` at version 3 at version 4: its line becomes the roll's facts."""
    return _kept(ce.Negotiated, data, _talked(data.get("text", "")))


_JOURNALIST = re.compile(rf"a Journalist spins the story: Social {_N} against 5\+: .+")
_CRAFTSMAN = re.compile(r"a Craftsman turns a (\d+) into a 4 on .+")
_MOVED_ON = " Over the cap, the "


def _tapped(text: str) -> dict[str, Any]:
    facts: dict[str, Any] = {"moved_on": _MOVED_ON in text}
    head = text.split(_MOVED_ON)[0]
    if m := _JOURNALIST.fullmatch(head):
        facts["total"] = int(m[1])
    if m := _CRAFTSMAN.fullmatch(head):
        facts["turned"] = int(m[1])
    return facts


def tap_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """A ``follower_tapped`` at version 3 at version 4: its line becomes the tap's numbers."""
    return _kept(ce.FollowerTapped, data, _tapped(data.get("text", "")))


_SPEND = re.compile(
    r"spends tier-(\d) (.+?) intel (?:to narrow the (find|thread)(?:: found)?(?:; (.+) x (.+) unlocks\.|!|\.)"
    r"|on the (deeper node): cleared, a deeper hint\.|to unlock (.+) x (.+)\.)"
)


def _spent(text: str) -> dict[str, Any] | None:
    m = _SPEND.fullmatch(text)
    if m is None:
        return None
    if m[3]:
        on, cell = m[3], [m[4], m[5]] if m[4] else None
    elif m[6]:
        on, cell = "node", None
    else:
        on, cell = "cell", [m[7], m[8]]
    return {"spent": {"tier": int(m[1]), "kind": m[2], "on": on, "cell": cell}}


def spend_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """An ``intel_spent`` at version 4 at version 5: a DC spend's or an unlock's line becomes its facts
    (a Utilize Intel slot's steps were facts already)."""
    return _kept(ce.IntelSpent, data, _spent(data.get("text", "")))
