"""Utilize Intel's line in logs before its facts: the upcaster of ``weaverdice.intel_spent`` from 3.

Version 3 stored a Utilize Intel slot as its line of words ("3 tier-1 villain intel become 1 tier-2
villain intel; moving base over 2 downtimes."); version 4 stores the steps as facts
(:class:`~capeworks.systems.weaverdice.campaign.events.IntelStep`) and the words come from
:mod:`~capeworks.systems.weaverdice.campaign.words`. The upcaster reads each part of the old line back
into its step, with the names as the line gave them (no ids were stored: the words read the names,
as before). A DC spend's or an unlock's line ("spends ...") stays a line, as it still is; a line any
part of which is not a step's stays whole too, so an old log reads exactly as it was written.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["steps_from_line"]

_KIND = r"(?P<kind>.+?)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("upgrade", re.compile(rf"3 tier-(?P<tier>\d) {_KIND} intel become 1 tier-\d (?P=kind) intel")),
    ("downgrade", re.compile(rf"1 tier-(?P<tier>\d) {_KIND} intel becomes 2 tier-\d (?P=kind) intel")),
    ("shuffle", re.compile(rf"1 tier-(?P<tier>\d) {_KIND} intel becomes 1 tier-\d (?P<into>.+?) intel")),
    ("relocate", re.compile(r"moving base over (?P<downtimes>\d+) downtimes")),
    ("rebrand", re.compile(r"a rebrand: every rep card is gone")),
    (
        "write_up",
        re.compile(r"writes up (?P<unlocks>\d+) unlocks on (?P<target>.+?)(?: for (?P<readers>.+))?"),
    ),
    ("present", re.compile(r"presents (?P<unlocks>\d+) unlocks(?: for (?P<readers>.+))?")),
)


def _step(part: str) -> dict[str, Any] | None:
    for verb, pattern in _PATTERNS:
        m = pattern.fullmatch(part)
        if m is None:
            continue
        step: dict[str, Any] = {"verb": verb}
        for key, value in m.groupdict().items():
            if value is None:
                continue
            if key == "readers":
                step[key] = value.split(", ")
            else:
                step[key] = int(value) if key in ("tier", "downtimes", "unlocks") else value
        return step
    return None


def steps_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """An ``intel_spent`` at version 3 at version 4: a Utilize Intel line becomes its steps."""
    text = data.get("text", "")
    if not text or text.startswith("spends "):
        return data
    steps = [_step(part) for part in text.removesuffix(".").split("; ")]
    if any(s is None for s in steps):
        return data
    out = {k: v for k, v in data.items() if k != "text"}
    out["steps"] = steps
    return out
