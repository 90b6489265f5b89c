"""A step of high morale bought on a campaign roll of one's own (WD-MORALE-003).

"High morale ... can be spent; lowering morale by one step to change a die result" (src 453): at +k
a failed roll counts as 2 + k (Tankspanker's automatic 4 at great morale, src 479). The campaign
layer's own rolls take it where the player asks (a command's ``morale_buy``) and only when it turns
the failure into a success, so a step is never spent for nothing: a negotiation's Social roll
(WD-SOCIAL-002), a Surveil or Research roll at a grid cell or the deeper node (WD-INTEL-019/025/038),
the Social roll to gain a follower (WD-FOLLOW-004). A finding or thread roll (WD-INTEL-006/007) has
no TN of its own: its total counts toward a hidden DC, so a step buys it up when 2 + k is more.
"""

from __future__ import annotations

from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.checks import CheckRoll, spend_morale
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.morale import spend_value

__all__ = ["bought_up"]


def bought_up(b: Builder, ident: str, roll: CheckRoll, tn: int | None, *, what: str) -> CheckRoll:
    """``roll`` set to 2 + k by a step of ``ident``'s high morale when it failed and 2 + k reaches
    ``tn`` (its MoraleChanged emitted, a hidden character's the GM's); else ``roll`` as it was.
    ``tn`` None: a lengthy roll with no TN, bought up when 2 + k is more than its total."""
    me = b.person(ident)
    if me.morale <= 0:
        return roll
    value = spend_value(me.morale)
    if (value <= roll.total) if tn is None else (roll.success or value < tn):
        return roll
    bought, step = spend_morale(roll, me.morale)
    b.emit(
        ev.MoraleChanged(
            character=ident,
            name=me.name,
            step=step,
            delta=-1,
            reason=f"high morale makes the {what} roll a {bought.total}",
            people=(evolve(me, {"morale": step}),),
        ),
        hidden=me.hidden,
    )
    return bought
