"""Demo tables for ``capeworks serve --demo`` (``make run``): one ready table per installed system.

Each table is seated as the ruleset's sample session says and plays the
session's opening, the steps before the first one that rolls physical dice,
so there is something on the table and a decision waiting when people arrive.
The links (one per seat) are printed once; only hashes are stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from capeworks.engine import available
from capeworks.server.service import invite_link
from capeworks.store import Store

__all__ = ["DemoTable", "make_demo_tables"]


@dataclass(frozen=True, slots=True)
class DemoTable:
    """A demo table: its id, rule set and each seat's invite link (GM first)."""

    id: str
    ruleset: str
    title: str
    links: tuple[tuple[str, str, str], ...]  # (seat id, role, invite link)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for ``--json``."""
        return {
            "id": self.id,
            "ruleset": self.ruleset,
            "title": self.title,
            "seats": [{"id": s, "role": r, "invite": link} for s, r, link in self.links],
        }


def make_demo_tables(store: Store, *, base_url: str) -> list[DemoTable]:
    """A ready table for every installed rule set that has a sample session."""
    out = []
    for name, ruleset in sorted(available().items()):
        session = ruleset.sample_session()
        if session is None:
            continue
        title = f"{ruleset.title} demo"
        created = store.create_table(ruleset, title=title, config=session.config, seats=session.seats)
        for step in session.steps:
            if step.dice is not None:
                break
            store.execute(created.id, step.command)
        seats = sorted(session.seats, key=lambda s: not s.is_gm)
        links = tuple(
            (s.id, s.role.value, invite_link(base_url, created.id, created.tokens[s.id])) for s in seats
        )
        out.append(DemoTable(id=created.id, ruleset=name, title=title, links=links))
    return out
