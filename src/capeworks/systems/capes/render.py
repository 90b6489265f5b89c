"""Words for Capes events and states: the log lines the CLI and the web table show.

Rendering lives here, never in the rules; events carry plain data and this
module turns them into sentences.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import Event

__all__ = ["describe"]


def _name(data: dict[str, Any], key: str) -> str:
    """The display name of a seat or character id, when the event carries one."""
    return str(data.get("names", {}).get(key, key))


def _who(data: dict[str, Any]) -> str:
    return _name(data, str(data.get("player", "someone")))


def _named(data: dict[str, Any]) -> dict[str, Any]:
    """The event data with seat and character ids replaced by their names."""
    names = data.get("names", {})
    return {
        k: names.get(v, v) if k in ("player", "by", "to", "character") and isinstance(v, str) else v
        for k, v in data.items()
    }


def _ability(d: dict[str, Any]) -> str:
    d = _named(d)
    what = "reacts with" if d.get("reaction") else "uses"
    debt = f" (+1 Debt on {d['pool']})" if d.get("super") else " (mundane: Blocked for the Scene)"
    if d["mode"] == "inspiration":
        raised = f"an Inspiration {d['value']} to {d['value'] + 1}"
        return f"{d['character']} {what} {d['ability']} {d['rating']} to raise {raised}{debt}"
    return (
        f"{d['character']} {what} {d['ability']} {d['rating']} on {d['conflict']} side {d['side']} die "
        f"{d['die']}, "
        f"helping side {d['help']}: {d['old']} rolls {d['new']}{debt}"
    )


def _resolved(d: dict[str, Any]) -> str:
    parts = [f"{_who(d)} resolves {d['conflict']} ({d['title']}) for side {d['winner']}"]
    if d["returned"]:
        parts.append(
            "debt back doubled: "
            + ", ".join(f"{_name(d, r['character'])} +{r['amount']} {r['pool']}" for r in d["returned"])
        )
    if d["tokens"]:
        parts.append("Story Tokens to " + ", ".join(_name(d, t) for t in d["tokens"]))
    if d.get("vanished"):
        parts.append(f"{d['vanished']} staked Debt vanishes")
    if d["inspirations"]:
        parts.append(
            "Inspirations: " + ", ".join(f"{_name(d, i['player'])} {i['value']}" for i in d["inspirations"])
        )
    if d.get("failed"):
        parts.append("failed Goal for " + ", ".join(_name(d, f.split("/")[0]) for f in d["failed"]))
    return "; ".join(parts) + "."


_SIMPLE: dict[str, str] = {
    "scene_declared": "{player} declares Scene {number}: {text}",
    "scene_passed": "{player} passes the Scene to {to}",
    "character_chosen": "{player} plays {character}",
    "casting_passed": "{player} picks no (more) characters",
    "scene_end_voted": "{player} votes to end the Scene",
    "scene_ended": "Scene {number} ends; stakes on open Conflicts come back",
    "claimed": "{player} claims side {side} of {conflict}",
    "claims_passed": "{player} makes no (more) claims",
    "narrated": "{player} narrates: {text}",
    "actions_begun": "{player} begins the Actions",
    "action_started": "{player} acts with {character}",
    "action_ended": "{player} ends {character}'s Action",
    "actions_passed": "{player} buys no more Actions",
    "roll_accepted": "{player} accepts: the die now shows {new}",
    "roll_reverted": "{player} turns the die back to {old}",
    "reaction_passed": "{player} does not react",
    "inspired": "{player} spends an Inspiration {value}: {conflict} side {side} die {die} {old} -> {value}",
    "staked": "{character} stakes {amount} Debt from {pool} on {conflict} side {side}",
    "stake_objected": "{by} objects to the stake on {conflict}: {amount} Debt back to {pool}",
    "split": "{conflict} side {side}: a {value} splits into {parts}",
    "split_off": "{character} splits off side {new_side} ({label}) of {conflict} with dice {dice}",
    "overdrawn_rolled": "{character}'s {pool} is Overdrawn: {conflict} side {side} die {die} {old} rolls "
    "{new}",
    "gloated": "{player} gloats on {conflict}: dice {turned} turned to 1, {tokens} Story Tokens",
    "deadlocked": "{conflict} ({title}) is Deadlocked; every stake comes back doubled",
    "conflict_vetoed": "{player} vetoes {conflict}",
}


def describe(event: Event) -> str:
    """One line of words for a Capes event (or the engine's own)."""
    d = event.data
    if event.type == "table.seat_joined":
        return f"{d['seat']['name']} sits down"
    if event.type == "character_added":
        return f"{d['sheet']['name']} joins the roster"
    if event.type == "conflict_created":
        c = d["conflict"]
        how = " (a Story Token)" if d["paid"] else ""
        return f"{_who(d)} creates {c['kind']} {c['id']}: {c['text']}{how}"
    if event.type == "ability_used":
        return _ability(d)
    if event.type == "resolved":
        return _resolved(d)
    template = _SIMPLE.get(event.type)
    if template is not None:
        try:
            return template.format(**_named(d))
        except (KeyError, IndexError):
            return event.type.replace("_", " ")
    return event.type.replace("_", " ").replace(".", ": ")
