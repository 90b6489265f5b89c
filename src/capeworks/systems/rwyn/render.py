"""Words for Roll When You Need events and odds: the log's and the CLI's renderer.

Kept apart from the rules (which never build display text): every event type
of :class:`~capeworks.systems.rwyn.state.EventType` has a sentence here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capeworks.engine import Event
from capeworks.systems.rwyn.state import EventType
from capeworks.systems.rwyn.tables import difficulty_label

__all__ = ["describe_event", "faces_text"]


def faces_text(faces: Any) -> str:
    """``[6, 5, 2]`` -> ``"[6 5 2]"``."""
    return "[" + " ".join(str(f) for f in faces or ()) + "]"


def _name(d: dict[str, Any]) -> str:
    if "character" in d and isinstance(d["character"], dict):
        return str(d["character"].get("name", "?"))
    return str(d.get("name", "someone"))


def _rolled(d: dict[str, Any]) -> str:
    c = d["check"]
    plan = c["plan"]
    if not c.get("rolled", True):
        return f"{_name(d)} buys {c['item'] or 'something'} one below {c['ability']}; the GM sets how many."
    what = ""
    if c.get("task"):
        what = f" against {c['task']}" if c["kind"] == "defence" else f" to {c['task']}"
        what = f" for {c['task']}" if c["kind"] in ("purchase", "favour") else what
    auto = (
        f" + {plan['cap_auto'] + plan['time_auto']} automatic" if plan["cap_auto"] + plan["time_auto"] else ""
    )
    dis = f"; {plan['disaster_nominal']} disaster dice" if plan["disaster_nominal"] else ""
    wait = "; sacrifice successes before they roll?" if c["stage"] == "sacrifice" else ""
    against = (
        f"cost {plan['difficulty']}"
        if c["kind"] in ("purchase", "favour")
        else f"difficulty {plan['difficulty']} ({difficulty_label(plan['difficulty'])})"
    )
    return (
        f"{_name(d)} rolls {c['ability']} {plan['rating']} vs {against}{what}: "
        f"{faces_text(c['ability_faces'])}{auto} "
        f"= {c['successes']} success(es){dis}{wait}"
    )


def _resolved(d: dict[str, Any]) -> str:
    c = d["check"]
    parts = [f"{_name(d)}: {'success' if c['success'] else 'failure'}"]
    if c["kept"] != c["successes"]:
        parts.append(f"{c['kept']} success(es) kept")
    if c["disaster_successes"]:
        parts.append(f"{c['disaster_successes']} disaster success(es)")
    if c["mixed"]:
        parts.append("mixed result")
    if c["crit"]:
        parts.append(f"critical {c['crit']}")
    for note in c.get("talent_notes", ()):
        parts.append(f"talent: {note.replace('_', ' ')}")
    return ", ".join(parts) + "."


_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    EventType.CHARACTER_ADDED: lambda d: f"{_name(d)} joins the game.",
    EventType.ABILITY_SET: lambda d: f"{_name(d)}'s {d['ability']} is now {d['rating']}.",
    EventType.QUALITY_ADDED: lambda d: (
        f"{_name(d)} gains the quality {d['quality']['benefit']} / {d['quality']['drawback']}."
    ),
    EventType.TALENT_ADDED: lambda d: f"{_name(d)} learns the talent {d['talent']['name']}.",
    EventType.CHECK_ROLLED: _rolled,
    EventType.SACRIFICED: lambda d: (
        f"{_name(d)} sacrifices {d['count']} success(es); "
        f"{d['check']['plan']['disaster_nominal'] - d['count']} "
        "disaster dice left to roll."
    ),
    EventType.DISASTER_ROLLED: lambda d: (
        f"Disaster dice {faces_text(d['check']['disaster_faces'])}: {d['check']['disaster_successes']} "
        "disaster success(es)."
    ),
    EventType.REROLL_OFFERED: lambda d: f"{_name(d)} may leverage their debt to re-roll the disaster dice.",
    EventType.DISASTER_REROLLED: lambda d: (
        f"{_name(d)} re-rolls the disaster dice: {faces_text(d['check']['disaster_faces'])}, "
        f"{d['check']['disaster_successes']} disaster success(es)."
    ),
    EventType.CHECK_RESOLVED: _resolved,
    EventType.EFFECTS_CHOSEN: lambda d: f"{_name(d)}: {', '.join(d['check']['effects'])}.",
    EventType.COMPLICATIONS_CHOSEN: lambda d: f"Complications: {', '.join(d['check']['complications'])}.",
    EventType.MIXED_NOTED: lambda d: (
        f"{'Silver lining' if not d['check']['success'] else 'Taint'}: {d['check']['mixed_note']}."
    ),
    EventType.CRITICAL_CHOSEN: lambda d: (
        f"Critical {d['check']['crit']}: the {d['check']['crit_target']} "
        f"{'goes well' if d['check']['crit'] == 'success' else 'goes badly'}"
        + (f" — {d['check']['crit_note']}" if d["check"].get("crit_note") else "")
        + "."
    ),
    EventType.QUANTITY_SET: lambda d: f"The GM allows {d['check']['quantity']}.",
    EventType.CHECK_CLOSED: lambda d: f"{_name(d)}'s check {d['check_id']} is settled.",
    EventType.PURCHASED: lambda d: (
        f"{_name(d)} {'buys' if d['resource'] == 'Wealth' else 'calls in'} {d['item'] or 'it'} "
        f"(cost {d['cost']}, {d['band']}" + (f", at most {d['limit']}" if d.get("limit") else "") + ")."
    ),
    EventType.POINTS_LOST: lambda d: f"{_name(d)} loses {d['points']} {d['resource']} for good.",
    EventType.BOUGHT_BACK: lambda d: f"{_name(d)} buys back {d['points']} {d['resource']} for {d['xp']} XP.",
    EventType.XP_AWARDED: lambda d: f"{_name(d)} gains {d['amount']} XP.",
    EventType.STRESS_TAKEN: lambda d: (
        f"{_name(d)} takes {d['amount']} {d['track']} stress"
        + {
            "absorbed": ".",
            "overflow": ": the track is full — a consequence or being taken out.",
            "taken_out": ": a fourth consequence.",
        }[d["result"]]
    ),
    EventType.CONSEQUENCE_TAKEN: lambda d: (
        f"{_name(d)} takes a {d['severity']} consequence: {d['text'] or d['severity']}."
    ),
    EventType.TAKEN_OUT: lambda d: (
        f"{_name(d)} is taken out"
        + (" by choice" if d["by_choice"] else "")
        + (f": {d['how']}." if d["how"] else ".")
    ),
    EventType.OUT_DECIDED: lambda d: f"{_name(d)} is out: {d['how']}.",
    EventType.RECOVERED: lambda d: f"{_name(d)}'s {d['severity']} consequence heals.",
    EventType.SCENE_ENDED: lambda d: (
        "The session ends: stress and scene and session consequences clear."
        if d["session"]
        else "The scene ends: stress clears."
    ),
    EventType.GM_NOTE: lambda d: f"GM note: {d['text']}",
}


def describe_event(event: Event) -> str:
    """One line for any event of a Roll When You Need table (engine events by their type)."""
    words = _WORDS.get(event.type)
    if words is None:
        if event.type == "table.seat_joined":
            return f"{event.data['seat']['name']} sits down."
        return event.type
    return words(event.data)
