"""Weaverdice crafting in the lab: Craft & Repair projects played at a real table, many times over.

Each run is a fresh seeded ``Table`` with the Weaverdice ruleset (no store, no
text): the GM adds a crafter (Dexterity, Knowledge, the Craft skill and any
Craft-tree skills asked for), awards the money, opens a downtime phase and
starts the crafter's project (an item off the list, so the GM prices it), and
the crafter rolls toward it with the campaign layer's own ``start_craft`` and
``craft`` commands (WD-CRAFT-001..022). The policy is the
plain one a player would follow: one craft action at a time, finish early as
soon as the total meets the DC, and when the phase's slots run out the GM
closes it and opens the next. Nothing here restates a rule: the tier reached,
the rolls, the slots and the materials are what the table's state says.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from capeworks.errors import CapeworksError, InvalidCommand, RuleViolation
from capeworks.lab.play import GM
from capeworks.lab.stats import count_mean, wilson
from capeworks.lab.wd_table import CampaignTable
from capeworks.systems.weaverdice.skills import PREREQUISITES
from capeworks.systems.weaverdice.vocab import Stat

__all__ = ["CRAFT_SKILLS", "crafting", "with_prerequisites"]

#: the Craft-tree skills a crafter may be given (WD-CRAFT-014..022), by the name the sheet uses
CRAFT_SKILLS = (
    "handy",
    "diligence",
    "multitasker",
    "specialist",
    "resourceful",
    "maintenance",
    "master craft",
)

#: a project that needs more downtime phases than this is stuck (a bug, not a result)
MAX_PHASES = 50


#: Craft-tree skills that need only Craft, given in this order when a skill asked for needs more of
#: the tree (Master Craft: four other Craft skills)
_FILLERS = ("handy", "diligence", "multitasker", "specialist")


def with_prerequisites(skills: Sequence[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """The Craft-tree skills asked for, the ones their prerequisites add to them (WD-SKILL-002, src
    1549-1601: Master Craft needs four other Craft skills), and the plain skills of a stat they need
    (Resourceful a Social one, Contrive a Knowledge one, Maintenance a Guts one): a crafter the table
    would seat. The rows say which skills a run's crafter held."""
    tree = [s.lower() for s in skills]
    stats: list[Stat] = []
    for name in list(tree):
        needs = PREREQUISITES.get(name)
        if needs is None:
            continue
        if needs.stat is not None and needs.stat not in stats:
            stats.append(needs.stat)
        for filler in _FILLERS:
            if len(tree) >= needs.other_craft_skills:  # Craft and the rest of the tree but this skill
                break
            if filler not in tree:
                tree.append(filler)
    plain = [{"name": f"{stat.value.title()} Skill", "stats": [stat.value]} for stat in stats]
    return tree, plain


def _sheet(dexterity: int, knowledge: int, skills: Sequence[str]) -> dict[str, Any]:
    tree, plain = with_prerequisites(skills)
    return {
        "id": "crafter",
        "name": "Crafter",
        "tier": "pc",
        "stats": {"dexterity": dexterity, "knowledge": knowledge},
        "skills": [
            {"name": "Craft", "stats": ["dexterity"], "tree": "craft"},
            *({"name": s.title(), "stats": ["knowledge"], "tree": "craft"} for s in tree),
            *plain,
        ],
    }


def _one(seed: str, sheet: dict[str, Any], tier: str, price: int, config: dict[str, Any]) -> dict[str, Any]:
    at = CampaignTable(seed, config)
    table, camp, do = at.table, at.campaign, at.do

    do(GM, "add_character", sheet=sheet, owner="side0")
    do(GM, "award", character="crafter", money=price * 10 + 100)
    money = camp().ledgers["crafter"].money
    do(GM, "start_downtime")
    # an item off the equipment list: its market value is the GM's to set, so the GM starts it
    do(GM, "start_craft", character="crafter", project="p", item="item", tier=tier, price=price)
    phases = 1
    while not (project := camp().projects["p"]).done:
        try:
            if project.total >= project.dc:
                do("side0", "craft", character="crafter", project="p", rolls=0, finish=True)
            else:
                do("side0", "craft", character="crafter", project="p", rolls=1)
        except RuleViolation as e:
            if not e.rule_id.startswith("WD-DT"):
                raise
            if phases >= MAX_PHASES:
                raise InvalidCommand(f"A project took more than {MAX_PHASES} downtime phases.") from e
            do(GM, "end_downtime")
            do(GM, "start_downtime")
            phases += 1
    dice = sum(len(r.faces) for e in table.log for r in e.rolls)
    return {
        "result": project.result,
        "rolls": len(project.rolls),
        "total": project.total,
        "dc": project.dc,
        "phases": phases,
        "materials": money - camp().ledgers["crafter"].money,
        "dice": dice,
    }


def crafting(
    runs: int,
    *,
    dexterity: Sequence[int] = (1, 2, 3, 4, 5),
    knowledge: Sequence[int] = (1, 2, 3, 4, 5),
    tier: str = "standard",
    price: int = 300,
    skills: Sequence[str] = (),
    seed: int = 1,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``runs`` projects per Dexterity x Knowledge cell: how often each tier comes out, with the rolls,
    downtime phases and materials it took (means with 95% t intervals)."""
    unknown = [s for s in skills if s.lower() not in CRAFT_SKILLS]
    if unknown:
        raise InvalidCommand(
            f"There is no Craft-tree skill {unknown[0]!r}; known: {', '.join(CRAFT_SKILLS)}."
        )
    tree, plain = with_prerequisites(skills)
    rows = []
    dice = 0
    for dex in dexterity:
        for know in knowledge:
            sheet = _sheet(dex, know, skills)
            done = []
            for i in range(runs):
                try:
                    done.append(_one(f"lab:craft:{seed}:{dex}:{know}:{i}", sheet, tier, price, config or {}))
                except CapeworksError as e:
                    raise InvalidCommand(f"The crafting run was refused: {e.message}") from e
            results = Counter(d["result"] for d in done)
            row: dict[str, Any] = {"dexterity": dex, "knowledge": know, "runs": runs, "dc": done[0]["dc"]}
            for name in sorted(results):
                row[f"p_{name}"] = wilson(results[name], runs).to_dict()
            for key in ("rolls", "phases", "materials", "total"):
                values = [float(d[key]) for d in done]
                row[key] = count_mean(values).to_dict()
            rows.append(row)
            dice += sum(d["dice"] for d in done)
    return {
        "system": "weaverdice",
        "kind": "crafting",
        "tier": tier,
        "price": price,
        "skills": list(skills),
        # what the crafter held besides, for the skills' prerequisites (WD-SKILL-002)
        "with": [*tree[len(skills) :], *(p["name"] for p in plain)],
        "seed": seed,
        "rows": rows,
        "dice": dice,
    }
