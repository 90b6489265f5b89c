"""How the lab plays a ruleset: the policy contract, re-exported from :mod:`capeworks.engine.policy`.

A ruleset builds its policies and its arena from :mod:`capeworks.engine.policy`
(where the contract is described), so it never imports the lab; the lab's own
modules and a ruleset's older imports read the same classes from here.
"""

from __future__ import annotations

from capeworks.engine.policy import Arena, Move, Outcome, Policy, SheetsById, Side, Situation, Tally

__all__ = ["Arena", "Move", "Outcome", "Policy", "SheetsById", "Side", "Situation", "Tally"]
