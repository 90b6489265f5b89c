"""Weaverdice recruitment in the lab: Recruit slots played at real tables, many times over.

Each run is a fresh seeded ``Table`` with the Weaverdice ruleset (no store, no
text): the GM adds a recruiter with the Social score asked for and opens a
downtime phase, and the recruiter spends one slot on the campaign layer's own
``recruit`` command with the preferences sought (WD-RECRUIT-001..004). The yield
is what the table's state says: the openings (applicants) the roll gave, and
for a cape search the surprises. Nothing here restates a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from capeworks.engine import Table
from capeworks.engine.model import Command
from capeworks.errors import CapeworksError, InvalidCommand
from capeworks.lab.play import GM, seats
from capeworks.lab.stats import count_mean, wilson

__all__ = ["recruiting"]


def _one(seed: str, social: int, recruit: dict[str, Any]) -> tuple[int, int, int]:
    """One Recruit slot: (openings, surprises, dice rolled)."""
    from capeworks.systems.weaverdice.ruleset import WeaverdiceRuleset
    from capeworks.systems.weaverdice.state import WdState

    table = Table.new(WeaverdiceRuleset(), config={}, seats=seats(1), seed=seed)
    sheet = {"id": "recruiter", "name": "Recruiter", "tier": "pc", "stats": {"social": social}}
    for kind, payload in (
        ("add_character", {"sheet": sheet, "owner": "side0"}),
        ("start_downtime", {}),
    ):
        table.execute(Command(type=kind, seat=GM, payload=payload))
    table.execute(
        Command(
            type="recruit",
            seat="side0",
            payload={"character": "recruiter", "recruitment": "r", **recruit},
        )
    )
    state = table.state
    assert isinstance(state, WdState)
    r = state.campaign.recruitments["r"]
    dice = sum(len(x.faces) for e in table.log for x in e.rolls)
    return r.openings, len(r.surprises), dice


def recruiting(
    runs: int,
    *,
    social: Sequence[int] = (1, 2, 3, 4, 5),
    seek: Sequence[str] = (),
    strict: Sequence[str] = (),
    capes: bool = False,
    team_capes: int = 0,
    seed: int = 1,
) -> dict[str, Any]:
    """``runs`` Recruit slots per Social score: the applicants' distribution, mean (t interval) and the
    chance of none (Wilson interval); surprises for a cape search."""
    recruit = {"seek": list(seek), "strict": list(strict), "capes": capes, "team_capes": team_capes}
    rows = []
    dice = 0
    for score in social:
        done = []
        for i in range(runs):
            try:
                done.append(_one(f"lab:recruit:{seed}:{score}:{i}", score, recruit))
            except CapeworksError as e:
                raise InvalidCommand(f"The recruiting run was refused: {e.message}") from e
        openings = [float(o) for o, _, _ in done]
        surprises = [float(s) for _, s, _ in done]
        dist = Counter(int(o) for o in openings)
        rows.append(
            {
                "social": score,
                "runs": runs,
                "applicants": count_mean(openings).to_dict(),
                "p_none": wilson(dist.get(0, 0), runs).to_dict(),
                "distribution": {str(k): dist[k] / runs for k in sorted(dist)},
                "surprises": count_mean(surprises).to_dict(),
            }
        )
        dice += sum(d for _, _, d in done)
    return {
        "system": "weaverdice",
        "kind": "recruiting",
        "seek": list(seek),
        "strict": list(strict),
        "capes": capes,
        "team_capes": team_capes,
        "seed": seed,
        "rows": rows,
        "dice": dice,
    }
