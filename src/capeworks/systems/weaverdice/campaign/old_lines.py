"""The lines old logs stored for what are now facts: the upcasters of ``weaverdice.recuperated``,
``care_bought``, ``follower_tapped`` and ``negotiated`` from version 3, of ``intel_spent`` from 4, and
of ``intel_rolled``, ``information_given``, ``mission_planned`` and ``mission_launched`` from 3.

Those events stored their line of words (``text``: "mends no wounds; morale rises from Poor (-2) to
Neutral (+0)."); they now store facts (:class:`~.events.Rested`, :class:`~.events.Treated`,
:class:`~.events.Talked`, :class:`~.events.IntelUse`, a tapped follower's numbers) and the words come
from :mod:`~capeworks.systems.weaverdice.campaign.words`. Each upcaster reads the line back into its
facts, then renders them: only where they give back the very line stored are the facts kept (and the
line dropped); a line written in an older wording ("morale -2 -> +0") or one the patterns do not read
stays whole, so an old log reads exactly as it was written.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.words import QUALITY, line_of

__all__ = [
    "care_from_line",
    "information_from_line",
    "launch_from_line",
    "plan_from_line",
    "rest_from_line",
    "search_from_line",
    "spend_from_line",
    "talk_from_line",
    "tap_from_line",
]

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


def _as_before(model: type[BaseModel], data: dict[str, Any], facts: dict[str, Any] | None) -> dict[str, Any]:
    """``data`` with ``facts`` in place of its line where the line they make is the very line the old
    event showed (its line as the line of the new event holding only ``text``); else as it was."""
    if facts is None:
        return data
    out = {k: v for k, v in data.items() if k != "text"} | facts
    try:
        said = line_of(model.model_validate(out))
        before = line_of(model.model_validate(data))
    except (ValidationError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return data
    return out if said == before else data


_CELL = r"(.+?) x (.+)"
_NODE = re.compile(rf"(\w+) {_N} against 7\+ on the deeper node: (cleared, a deeper hint|not yet)\.")
_FINDING = re.compile(rf"(\w+) {_N} toward finding (.+): {_N} so far(; found!|\.)")
_TABLE = re.compile(r"the research table rolls (\d): tier-(\d) (.+) intel\.")
_STRIKE = re.compile(r"takes a strike(?: for tier-(\d) (.+?) intel)?(?:; (.+) is alerted)?\.")
_INSTEAD = re.compile(rf"spends tier-(\d) (.+?) intel to unlock {_CELL} instead of a strike\.")
_GRID = re.compile(
    rf"(Wits|Knowledge) {_N}(?:, capped at {_N} by low morale,)? against (\d+)\+ on {_CELL}: "
    r"(unlocked|missed|nothing found)(?:, with tier-(\d) (.+?) intel)?(?:; a (\d+) again: a strike)?"
    r"(?:; (.+) is alerted)?\."
)


def _searched(text: str, action: str) -> dict[str, Any] | None:
    """An intel roll's old line read back into :class:`~.events.Searched` and the target's name."""
    if m := _NODE.fullmatch(text):
        node = {"on": "node", "stat": m[1].lower(), "total": int(m[2]), "tn": 7}
        return {"searched": {**node, "done": m[3] != "not yet"}}
    if m := _FINDING.fullmatch(text):
        thread = action == "research"
        found = {
            "on": "thread" if thread else "find",
            "stat": m[1].lower(),
            "total": int(m[2]),
            "progress": int(m[4]),
        }
        return {"searched": {**found, "done": m[5] != "."}} | ({} if thread else {"target_name": m[3]})
    if m := _TABLE.fullmatch(text):
        return {"searched": {"on": "table", "total": int(m[1]), "tier": int(m[2]), "kind": m[3]}}
    if m := _STRIKE.fullmatch(text):
        gained = {"tier": int(m[1]), "kind": m[2]} if m[1] else {}
        return {
            "searched": {"on": "strike", **gained, "alerted": m[3] is not None},
            "target_name": m[3] or "",
        }
    if m := _INSTEAD.fullmatch(text):
        return {"searched": {"on": "spend", "tier": int(m[1]), "kind": m[2], "cell": [m[3], m[4]]}}
    if m := _GRID.fullmatch(text):
        capped = m[3] is not None
        rolled = {
            "on": "cell",
            "stat": m[1].lower(),
            "total": int(m[3] if capped else m[2]),
            "raw": int(m[2]) if capped else None,
            "tn": int(m[4]),
            "done": m[7] == "unlocked",
            "cell": [m[5], m[6]],
            "tier": int(m[8] or 0),
            "kind": m[9] or "",
            "again": int(m[10] or 0),
            "alerted": m[11] is not None,
        }
        return {"searched": rolled, "target_name": m[11] or ""}
    return None


def search_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """An ``intel_rolled`` at version 3 at version 4: its line becomes the roll's facts."""
    return _as_before(ce.IntelRolled, data, _searched(data.get("text", ""), data.get("action", "")))


_QUALITY = "|".join(map(re.escape, QUALITY.values()))
_INFORMED = re.compile(
    rf"(?:names ('.*'|\".*\"|“.*”): |learns )({_QUALITY}) about (.+?), to "
    rf"(?:narrow the (find|thread)(?:(: found)?; {_CELL} unlocks\.|(: found!)|\.)"
    rf"|unlock {_CELL}\.|bring {_CELL} to (\d+)\+\.)"
)


def _informed(text: str) -> dict[str, Any] | None:
    m = _INFORMED.fullmatch(text)
    if m is None:
        return None
    try:
        quoted = m[1] or ""  # a detail in Python's quotes, or (a line as today's words write it) in prose's
        detail = quoted[1:-1] if quoted.startswith("“") else ast.literal_eval(quoted) if quoted else ""
    except (ValueError, SyntaxError):
        return None
    tier = next(k for k, v in QUALITY.items() if v == m[2])
    informed: dict[str, Any] = {"tier": tier, "detail": detail}
    if m[4]:
        cell = [m[6], m[7]] if m[6] else None
        informed |= {"on": m[4], "done": bool(m[5] or m[8]), "cell": cell}
    elif m[9]:
        informed |= {"on": "cell", "cell": [m[9], m[10]]}
    else:
        informed |= {"on": "cell", "cell": [m[11], m[12]], "tn": int(m[13])}
    return {"informed": informed, "target_name": m[3]}


def information_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """An ``information_given`` at version 3 at version 4: its line becomes what was given."""
    return _as_before(ce.InformationGiven, data, _informed(data.get("text", "")))


_ADVANCE = re.compile(rf"banks an advance (\w+) roll of {_N}")


def _planned(text: str, mission: dict[str, Any]) -> dict[str, Any] | None:
    """A planning step's old line read back, with the mission record the event carried after it (its
    kind and date, the values offered or locked) to split what the words alone could not."""
    if text.startswith("declares "):
        return {"step": "declare", "kind": mission.get("kind", ""), "date": mission.get("date", "")}
    if text.startswith("the GM sets the details: "):
        details = {}
        for part in text.removeprefix("the GM sets the details: ").removesuffix(".").split("; "):
            key, _, values = part.partition(": ")
            details[key] = values.split(" / ")
        return {"step": "details", "details": details}
    if text.startswith("locks "):
        locked = mission.get("locked", {})
        kept = next((k for k, v in locked.items() if text == f"locks {k}: {v}."), None)
        return None if kept is None else {"step": "lock", "locked": [kept, locked[kept]]}
    refine: dict[str, Any] = {"step": "refine"}
    head, _, rest = text.removesuffix(".").partition("; ")
    if m := _ADVANCE.fullmatch(head):
        refine |= {"advance": m[1].lower(), "total": int(m[2])}
        text = rest
    if text:
        refine["rolled"] = mission.get("offered", {})
    return refine


def plan_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """A ``mission_planned`` at version 3 at version 4: its line becomes the planning step's facts."""
    missions = data.get("missions") or [{}]
    facts = _planned(data.get("text", ""), missions[0])
    return _as_before(ce.MissionPlanned, data, None if facts is None else {"planned": facts})


def launch_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """A ``mission_launched`` at version 3 at version 4: its line becomes the values the day's rolls
    kept, read against the mission's locked details."""
    text = data.get("text", "")
    locked = (data.get("missions") or [{}])[0].get("locked", {})
    rolled: dict[str, str] = {}
    if text != "everything was planned.":
        for part in text.removesuffix(".").split("; "):
            key = next((k for k, v in locked.items() if part == f"{k}: {v}"), None)
            if key is None:
                return data
            rolled[key] = locked[key]
    return _as_before(ce.MissionLaunched, data, {"rolled": rolled})
