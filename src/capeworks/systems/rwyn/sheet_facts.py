"""How an event's facts change a character's sheet: the fold's half of the rules' own changes.

Events that change a sheet record what happened (an ability rated, XP given, points lost, a
consequence healed), not the sheet after it, so a release that changes :class:`Character` still
reads old logs. Each fact is applied here with the same pure function the handler used to decide
it (:mod:`.stress`, :mod:`.wealth`), so the fold and the decision cannot drift apart.
"""

from __future__ import annotations

from capeworks.systems.rwyn import events as ev
from capeworks.systems.rwyn import stress, wealth
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.sheet import Character, Consequence, Track

__all__ = ["apply_facts"]


def apply_facts(who: Character, payload: ev.RwynEvent, config: RwynConfig) -> Character:
    """``who`` after the change ``payload`` records (``who`` itself for one that changes no sheet)."""
    if isinstance(payload, ev.StressTaken):
        after = stress.add_stress(who, Track(payload.track), payload.amount, config)[0]
        if payload.result == stress.StressResult.TAKEN_OUT:  # a log from before the fourth was asked
            after = stress.fourth_consequence(after)
        return after
    if isinstance(payload, ev.ConsequenceTaken):
        return stress.take_consequence(who, payload.text)[0]
    if isinstance(payload, ev.AbilitySet):
        rated = who.model_copy(update={"abilities": {**who.abilities, payload.ability: payload.rating}})
        return stress.within_tracks(rated, config)
    if isinstance(payload, ev.QualityAdded):
        return who.model_copy(update={"qualities": (*who.qualities, payload.quality)})
    if isinstance(payload, ev.TalentAdded):
        return who.model_copy(update={"talents": (*who.talents, payload.talent)})
    if isinstance(payload, ev.XpAwarded):
        return who.model_copy(update={"xp": who.xp + payload.amount})
    if isinstance(payload, ev.PointsLost):
        # ``points`` is what was lost (never more than the rating), so losing it again gives the same sheet
        return wealth.lose_points(who, wealth.Resource(payload.resource), payload.points)[0]
    if isinstance(payload, ev.BoughtBack):
        resource = payload.resource
        return who.model_copy(
            update={
                "abilities": {**who.abilities, resource: who.rating(resource) + payload.points},
                "lost": {**who.lost, resource: who.lost.get(resource, 0) - payload.points},
                "xp": who.xp - payload.xp,
            }
        )
    if isinstance(payload, ev.TakenOut):
        return (
            stress.choose_taken_out(who, payload.how) if payload.by_choice else stress.fourth_consequence(who)
        )
    if isinstance(payload, ev.OutDecided):
        return stress.set_out_how(who, payload.how)
    if isinstance(payload, ev.Recovered):
        return stress.recover(who, Consequence(payload.severity))
    return who
