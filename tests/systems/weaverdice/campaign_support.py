"""Shared set-up for the campaign layer's table tests: characters with money, and what a seat sees."""

from __future__ import annotations

import json
from typing import Any

from capeworks.engine.testing import Driver
from tests.systems.weaverdice.helpers import add, sheet


def pc(
    d: Driver,
    seat: str,
    ident: str,
    name: str,
    *,
    skills: list[dict[str, Any]] | None = None,
    money: int = 0,
    morale: int | None = None,
    **stats: Any,
) -> None:
    """A PC played by ``seat``, with stats, skills and starting money."""
    data = sheet(ident, name, **{k: v for k, v in stats.items() if isinstance(v, int)})
    for key in ("milestones", "fans", "costume", "morale_baseline"):
        if key in stats:
            data[key] = stats[key]
            data.get("stats", {}).pop(key, None)
    if skills:
        data["skills"] = skills
    more: dict[str, Any] = {"owner": seat}
    if morale is not None:
        more["morale"] = morale  # the GM's to set (src 485): the GM's seat adds the PC then
    # the baseline too is the GM's (src 485), and so is what progression gave (milestones, Fans)
    gms = morale is not None or "morale_baseline" in data or any(k in data for k in ("milestones", "fans"))
    add(d, "gm" if gms else seat, data, **more)
    if money:
        d.do("gm", "award", character=ident, money=money)


def follower_box(
    d: Driver,
    box: str,
    kind: str,
    *,
    seat: str = "ann",
    ident: str = "ada",
    choice: str = "",
    standing: bool = False,
) -> None:
    """An awarded box checked as an Eager or Trusted Follower (the player's ``choice``: "pick" or
    "start"), and the GM naming its one follower, ``standing``: the GM's Trusted ruling (WD-PROG-009/010)."""
    more = {"choice": choice} if choice else {}
    d.do(seat, "check_box", character=ident, box=box, **more)
    d.do("gm", "offer_follower", character=ident, kinds=[kind], **({"standing": True} if standing else {}))


def seen_by(d: Driver, seat: str) -> str:
    """Everything a seat may see, as one string: view, log words and data, prompts, panels, menu."""
    t = d.table
    viewer = t.viewer_for(seat)
    parts: list[Any] = [t.view(viewer)]
    parts += [e.model_dump(mode="json") for e in t.log_view(viewer)]
    parts += [p.model_dump(mode="json") for p in t.prompts(viewer)]
    parts += [p.model_dump(mode="json") for p in t.seen_panels(viewer)]
    parts += [c.model_dump(mode="json") for c in t.legal_commands(seat)]
    return json.dumps(parts, default=str)


def camp(d: Driver) -> Any:
    return d.state.campaign
