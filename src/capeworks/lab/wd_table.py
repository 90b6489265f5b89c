"""A Weaverdice table with the GM's seat and one side's, played command by command: what the
lab's economy runners (crafting, intel) stand on, so each plays the real campaign commands."""

from __future__ import annotations

from typing import Any

from capeworks.engine import Table
from capeworks.engine.model import Command
from capeworks.lab.play import seats

__all__ = ["CampaignTable"]


class CampaignTable:
    """One seeded Weaverdice table; ``do`` issues a command, ``campaign`` reads the campaign state."""

    def __init__(self, seed: str, config: dict[str, Any]) -> None:
        from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset

        self.table = Table.new(WeaverdiceRuleset(), config=config, seats=seats(1), seed=seed)

    def campaign(self) -> Any:
        from capeworks.systems.weaverdice.state import WdState

        state = self.table.state
        assert isinstance(state, WdState)
        return state.campaign

    def do(self, seat: str, kind: str, **payload: Any) -> None:
        self.table.execute(Command(type=kind, seat=seat, payload=payload))
