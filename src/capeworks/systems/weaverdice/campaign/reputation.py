"""One store for reputation: rep cards in the character's ledger, and nothing else (issue 23).

Part 1 kept reputation as a number on each combatant (``reputation=N`` at
joining, Leverage Reputation spending it, initiative's third tie-break) while
the campaign layer kept rep cards (WD-REP-002); the two never met. Now the
cards are the only store: joining with ``reputation=N`` deals N general cards
whose source is :data:`JOINED_SOURCE`, Leverage cites or spends a card, and
initiative counts the cards held.

Old logs carry the number in every combatant copy an event holds, but it only
ever changed twice: at joining and when Leverage spent one. The upcasters
(version 1 -> 2) take it out of every copy; ``character_added`` keeps the
number it joined with as the event's ``reputation`` map (the cards dealt, as a
new log writes it), and an old spent ``leveraged`` is marked ``spends_joined``,
which takes one :data:`JOINED_SOURCE` card. Cards of any other source are
never touched. So an old log replays to the cards the number stood for, and a
card the GM awarded stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign.model import Campaign, Ledger, RepCard
from capeworks.systems.weaverdice.copies import evolve

__all__ = [
    "JOINED_SOURCE",
    "check_discarded",
    "deal_shared",
    "held",
    "joined_cards",
    "keep_joined",
    "lift_campaign",
    "lift_joining",
    "lift_reputation",
    "mark_old_spend",
    "pick_card",
    "restore_shared",
    "shared_discards",
    "spend_joined",
    "sync_joined",
    "with_shared",
]

#: the source of the cards a character joins with (``add_character reputation=N``)
JOINED_SOURCE: Final = "reputation"


def held(campaign: Campaign, ident: str) -> int:
    """Rep cards a character holds that may be cited or spent (negative rep is held against them)."""
    ledger = campaign.ledgers.get(ident)
    return 0 if ledger is None else sum(1 for c in ledger.rep if not c.negative)


def joined_cards(ledger: Ledger, count: int) -> Ledger:
    """The ledger holding exactly ``count`` cards of :data:`JOINED_SOURCE`: the newest dropped first,
    new ones dealt at the end; every other card as it was."""
    mine = [c for c in ledger.rep if c.source == JOINED_SOURCE and not c.negative]
    if len(mine) == count:
        return ledger
    if len(mine) > count:
        drop = {c.id for c in mine[count:]}
        return evolve(ledger, {"rep": tuple(c for c in ledger.rep if c.id not in drop)})
    new = tuple(RepCard(id=ledger.next_card + i, source=JOINED_SOURCE) for i in range(count - len(mine)))
    return evolve(ledger, {"rep": (*ledger.rep, *new), "next_card": ledger.next_card + len(new)})


def sync_joined(campaign: Campaign, counts: dict[str, int]) -> Campaign:
    """Fold an event's ``reputation`` map: each character's joining cards set to that many."""
    ledgers = dict(campaign.ledgers)
    for ident, count in counts.items():
        old = ledgers.get(ident)
        if old is None and count <= 0:
            continue  # no ledger made for nothing
        ledgers[ident] = joined_cards(old or Ledger(), count)
    return evolve(campaign, {"ledgers": ledgers}) if ledgers != campaign.ledgers else campaign


def pick_card(ledger: Ledger, name: str, *, ident: str, who: str) -> RepCard | None:
    """The card Leverage spends for ``ident`` (called ``who``): the one named (by source or number),
    else the first general card, else the first card held; None when there is none (or none by that
    name). A card for other players only is not theirs to play (WD-REP-002, src 426-427): named, it is
    refused; unnamed, it is passed over."""
    cards = [c for c in ledger.rep if not c.negative]
    if name:
        wanted = name.strip().lower()
        card = next((c for c in cards if c.source.lower() == wanted or str(c.id) == wanted), None)
        if card is not None and not card.playable_by(ident, who):
            raise RuleViolation(
                "WD-REP-002", f"The card {card.source} is for {' and '.join(card.owners)} only, not {who}."
            )
        return card
    cards = [c for c in cards if c.playable_by(ident, who)]
    return next((c for c in cards if not c.exclusive), cards[0] if cards else None)


def lift_reputation(data: dict[str, Any]) -> dict[str, Any]:
    """Upcaster, version 1 -> 2 of an event carrying combatant copies: the ``reputation`` number
    leaves each copy (the number changed only at joining and by Leverage, which have their own)."""
    people = data.get("people")
    if not people:
        return data
    return {**data, "people": [{k: v for k, v in p.items() if k != "reputation"} for p in people]}


def lift_joining(data: dict[str, Any]) -> dict[str, Any]:
    """Upcaster, version 1 -> 2 of ``character_added``: the number a character joined with becomes
    the event's ``reputation`` map (the cards it is dealt), the copy holds none."""
    counts = {p["id"]: int(p["reputation"]) for p in data.get("people") or () if p.get("reputation")}
    out = lift_reputation(data)
    return {**out, "reputation": counts} if counts else out


def lift_campaign(data: dict[str, Any]) -> dict[str, Any]:
    """Upcaster, version 1 -> 2 of a campaign event: as :func:`lift_reputation`, and marked
    ``legacy``: the ledgers it carries were made without the joining cards (see :func:`keep_joined`)."""
    return {**lift_reputation(data), "legacy": True}


def keep_joined(before: Campaign, after: Campaign, idents: Iterable[str]) -> Campaign:
    """After an old campaign event upserted ledgers made without joining cards: each keeps the
    joining cards it held before (the number was never changed by the campaign layer)."""
    ledgers = dict(after.ledgers)
    for ident in idents:
        had = before.ledgers.get(ident)
        count = 0 if had is None else sum(1 for c in had.rep if c.source == JOINED_SOURCE and not c.negative)
        if count and ident in ledgers:
            ledgers[ident] = joined_cards(ledgers[ident], count)
    return evolve(after, {"ledgers": ledgers}) if ledgers != after.ledgers else after


def mark_old_spend(data: dict[str, Any]) -> dict[str, Any]:
    """Upcaster, version 1 -> 2 of ``leveraged``: an old spend took one from the number, so it takes
    one joining card now (a new spend leaves by its own ``rep_spent``)."""
    return {**data, "spends_joined": True} if data.get("spent") else data


def spend_joined(campaign: Campaign, ident: str) -> Campaign:
    """An old log's Leverage spend: one of the character's joining cards goes (the newest)."""
    ledger = campaign.ledgers.get(ident)
    if ledger is None:
        return campaign
    count = sum(1 for c in ledger.rep if c.source == JOINED_SOURCE and not c.negative)
    if count == 0:
        return campaign
    return evolve(campaign, {"ledgers": {**campaign.ledgers, ident: joined_cards(ledger, count - 1)}})


def check_discarded(campaign: Campaign, ident: str, name: str) -> None:
    """Rep over the cap at the day's end "is discarded" (WD-REP-007, src 435): until the player has named
    the cards to let go, none of them is played."""
    owed = campaign.discards.get(ident, 0)
    if owed:
        raise RuleViolation(
            "WD-REP-007",
            f"{name} holds {owed} rep over the cap since the day's end: discard {owed} first.",
        )


def deal_shared(campaign: Campaign, names: dict[str, str], holder: str, ledger: Ledger) -> dict[str, Ledger]:
    """A card just awarded to ``holder`` for several players ("For players Astronaught and Bomber only",
    WD-REP-002, src 426-427) is each of theirs to play: every other named owner at the table (``names``:
    ident -> name) is dealt a copy, all under one ``shared`` key, so playing one spends them all."""
    card = ledger.rep[-1]
    others = _other_owners(card, names, holder)
    if len(card.owners) < 2 or not others:
        return {holder: ledger}
    key = f"{holder}:{card.id}"
    out = {holder: evolve(ledger, {"rep": (*ledger.rep[:-1], evolve(card, {"shared": key}))})}
    return {**out, **_copies(campaign, others, evolve(card, {"shared": key}))}


def _other_owners(card: RepCard, names: dict[str, str], holder: str) -> list[str]:
    """The characters at the table besides ``holder`` a card names among its owners (by id or name)."""
    wanted = {o.lower() for o in card.owners}
    return [i for i, n in names.items() if i != holder and (i in wanted or n.lower() in wanted)]


def _copies(campaign: Campaign, idents: Iterable[str], card: RepCard) -> dict[str, Ledger]:
    """Each of ``idents``' ledgers with a copy of the shared ``card`` dealt (under its own number), but
    for one that holds the card already."""
    out: dict[str, Ledger] = {}
    for ident in idents:
        own = campaign.ledgers.get(ident) or Ledger()
        if any(c.shared == card.shared for c in own.rep):
            continue
        copy = evolve(card, {"id": own.next_card})
        out[ident] = evolve(own, {"rep": (*own.rep, copy), "next_card": own.next_card + 1})
    return out


def restore_shared(
    campaign: Campaign, names: dict[str, str], holder: str, ledger: Ledger, card: RepCard
) -> dict[str, Ledger]:
    """The ledgers after ``holder`` gets back a card spent today (a Journalist's keep, WD-FOLLOW-009):
    a shared card comes back for every owner at the table, as its spending took it from all of them
    (one card between its players, WD-REP-002, src 426-427)."""
    out = {holder: ledger}
    if not card.shared:
        return out
    return {**out, **_copies(campaign, _other_owners(card, names, holder), card)}


def with_shared(campaign: Campaign, ident: str, ledger: Ledger) -> dict[str, Ledger]:
    """The ledgers a play by ``ident`` leaves: its own, and every other owner's copy of a shared card it
    spent, discarded or lost (gone) or kept marked, the same (WD-REP-002/005/007): one card, played once."""
    out = {ident: ledger}
    before = campaign.ledgers.get(ident)
    if before is None:
        return out
    now = {c.shared: c for c in ledger.rep if c.shared}
    touched = {
        c.shared for c in before.rep if c.shared and (c.shared not in now or now[c.shared].marked != c.marked)
    }
    if not touched:
        return out
    for other, theirs in campaign.ledgers.items():
        if other == ident or not any(c.shared in touched for c in theirs.rep):
            continue
        rep = tuple(
            c if c.shared not in touched else evolve(c, {"marked": now[c.shared].marked})
            for c in theirs.rep
            if c.shared not in touched or c.shared in now
        )
        out[other] = evolve(theirs, {"rep": rep})
    return out


def shared_discards(campaign: Campaign, ident: str, ledgers: dict[str, Ledger]) -> dict[str, int]:
    """The day's discards still owed once ``ident``'s discard has taken shared cards from other owners
    too (``ledgers``, from :func:`with_shared`): each card gone from an owner over the cap is one fewer
    for them to let go (WD-REP-007, src 435)."""
    owed = {k: v for k, v in campaign.discards.items() if k != ident}
    for other, after in ledgers.items():
        before = campaign.ledgers.get(other)
        if other == ident or other not in owed or before is None:
            continue
        left = owed[other] - (len(before.rep) - len(after.rep))
        if left > 0:
            owed[other] = left
        else:
            del owed[other]
    return owed
