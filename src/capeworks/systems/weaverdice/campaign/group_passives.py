"""What a group's shared followers do passively for its members (WD-FOLLOW-008, src 1361).

A group's followers give their passives to every member, but "Benefits are
restricted to organization relevant things. Managing reputation by and for the
organization, for example." The organization's rep is a card for the whole
group: one whose owners name every member (a shared card, WD-REP-002, src
426-427). So a group's Journalists add +1 each to the rolls that keep such a
card (WD-FOLLOW-009: a negotiation's or a recruitment's keep roll, a costume
card's, self-promoting for one spent today), beside a member's own and six of a
type at most (WD-FOLLOW-005); a group's Fans each give the group one such card
for the downtime phase, consumed when played (WD-FOLLOW-010), which every member
holds and any one of them plays for all. A tapped group follower gives nothing
until its passive comes back (WD-FOLLOW-003), for every member. The Fans' rep cap
is a member's own, not the organization's, so a group's Fans do not raise it. A
hidden NPC member is the GM's to know of: the group's cards name, and go to, the
members players know.
"""

from __future__ import annotations

from capeworks.systems.weaverdice.campaign.model import Group, Ledger, RepCard
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.state import WdState

__all__ = ["deal_group_fans", "groups_of", "journalists_for", "lapse_group_fans", "organisation_card"]

#: the source of a group Fan's card for the phase
GROUP_FANS = "the group's fans"


def groups_of(state: WdState, ident: str) -> list[Group]:
    """The groups ``ident`` is a member of."""
    return [g for g in state.campaign.groups.values() if ident in g.members]


def _shown(state: WdState, group: Group) -> dict[str, str]:
    """The members players may know of, id -> name (a hidden NPC's membership is the GM's, WD-NPC-003)."""
    return {
        m: state.people[m].name for m in group.members if m in state.people and not state.people[m].hidden
    }


def organisation_card(state: WdState, group: Group, card: RepCard) -> bool:
    """Whether ``card`` is ``group``'s rep: its owners name every member players know of (name or id)."""
    owners = {o.lower() for o in card.owners}
    shown = _shown(state, group)
    return bool(owners and shown) and all(
        m.lower() in owners or n.lower() in owners for m, n in shown.items()
    )


def journalists_for(state: WdState, ident: str, card: RepCard, phase: int, most: int) -> int:
    """Active Journalists helping ``ident`` keep ``card`` (WD-FOLLOW-009): their own, and those of each
    group whose card it is (WD-FOLLOW-008), at most ``most`` (WD-FOLLOW-005)."""
    own = state.campaign.ledger(ident).active("journalist", phase, most=99)
    shared = sum(
        g.active("journalist", phase, most=99)
        for g in groups_of(state, ident)
        if organisation_card(state, g, card)
    )
    return min(most, own + shared)


def deal_group_fans(
    state: WdState, ledgers: dict[str, Ledger], members: list[str], phase: int, most: int
) -> None:
    """Each group's active Fans give the group a card apiece for this phase (WD-FOLLOW-010): dealt into
    ``ledgers`` (the phase's ledgers so far, by character) to every member opening the phase, one
    card under one ``shared`` key, so that playing it plays it for all."""
    for group in state.campaign.groups.values():
        fans = group.active("fan", phase, most)
        holders = [m for m in _shown(state, group) if m in members]
        for n in range(fans if holders else 0):
            key = f"group:{group.id}:{phase}:{n + 1}"
            for ident in holders:
                own = ledgers.get(ident) or state.campaign.ledger(ident)
                card = RepCard(
                    id=own.next_card,
                    source=GROUP_FANS,
                    owners=tuple(_shown(state, group).values()),
                    consumable=True,
                    downtime_only=True,
                    shared=key,
                )
                ledgers[ident] = evolve(own, {"rep": (*own.rep, card), "next_card": own.next_card + 1})


def lapse_group_fans(
    state: WdState, group: Group, ledgers: dict[str, Ledger], most: int
) -> dict[str, Ledger]:
    """After a tap of ``group``'s Fan in an open phase: the phase's cards its Fans gave, beyond the Fans
    still active, go from every member ("losing the passive benefit for the rest of the downtime
    phase", src 1348, WD-FOLLOW-003); ``ledgers``: the members' ledgers so far, by character."""
    phase = state.campaign.phase
    if phase is None:
        return ledgers
    prefix = f"group:{group.id}:"
    out = dict(ledgers)
    mine = {m: out.get(m) or state.campaign.ledger(m) for m in group.members}
    keys = sorted({c.shared for x in mine.values() for c in x.rep if c.shared.startswith(prefix)})
    gone = set(keys[: max(0, len(keys) - group.active("fan", phase.number, most))])
    for ident, ledger in mine.items():
        if any(c.shared in gone for c in ledger.rep):
            out[ident] = evolve(ledger, {"rep": tuple(c for c in ledger.rep if c.shared not in gone)})
    return out
