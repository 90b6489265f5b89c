"""Live fan-out: every WebSocket of a table gets that table's changes, in order, once each.

One :class:`Feed` per watched table follows the process's one fold of that
table (:class:`~capeworks.server.cache.TableCache`: commands fold their
events into it, so the feed never folds them again). When woken (a command
written by this process, a PostgreSQL notification from another, or the
periodic poll) it catches the fold up with the new events when another
process wrote (``Store.events_since``), and works out, once per watching
seat, that seat's new entries and projection since the version it last
sent; every socket of that seat gets the same :class:`Update`.

No gaps and no duplicates: a socket keeps a cursor (the last version it
sent). It subscribes *before* reading its backlog, so every update after the
backlog reaches it; an update that starts past its cursor (it fell behind, or
the feed started after it read) makes it catch up from the store instead, and
entries at or below the cursor are never sent again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anyio import CapacityLimiter, to_thread
from pydantic_core import to_json

from capeworks.engine import Event, Seat, Table
from capeworks.errors import CapeworksError
from capeworks.server.cache import BUSY, Busy, TableCache
from capeworks.server.delta import Change, Diffs, changes
from capeworks.server.jsoncache import JsonCache
from capeworks.server.projection import Shared, entries, projection
from capeworks.store import Store

__all__ = ["Feed", "Hub", "SeatUpdate", "Subscription", "Update", "encode_update"]

log = logging.getLogger("capeworks.server")

#: worker threads the feeds of one process may use at once
FEED_THREADS = 3
#: updates a socket may have waiting before it is told to catch up from the store instead
QUEUE_SIZE = 64
#: characters of encoded messages a socket may have waiting before it catches up from the store instead
QUEUE_BYTES = 2_000_000


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    """One seat's share of a change: its new entries and its projection afterwards.

    ``texts`` are the two messages already encoded (in the worker thread, not
    on the event loop), for every socket that was exactly up to date. ``quiet``:
    nothing the seat sees changed (an event kept from it), so its sockets are sent
    nothing and only move their cursor: a player cannot tell when the GM did
    something it does not see (:meth:`Table.seen_version`).
    """

    entries: list[dict[str, Any]]
    state: dict[str, Any]
    texts: tuple[str, ...] = ("", "")
    quiet: bool = False

    @classmethod
    def encoded(
        cls, version: int, entries: list[dict[str, Any]], state: dict[str, Any], *, shared: Shared
    ) -> SeatUpdate:
        return cls(entries, state, encode_update(version, entries, state, shared=shared))


def encode_delta(version: int, entries: list[dict[str, Any]], made: list[Change], *, shared: Shared) -> str:
    """The one ``update`` message of a change for a socket opened with ``?delta=1``: the new entries
    and what changed in the seat's projection (:mod:`capeworks.server.delta`)."""
    listed = ",".join([shared.encoded(e) for e in entries])
    parts = []
    for change in made:
        path = _path(change[0])
        value = "" if len(change) == 1 else "," + shared.encoded(change[1])
        parts.append("[" + path + value + "]")
    return (
        '{"type":"update","version":'
        + str(int(version))
        + ',"entries":['
        + listed
        + '],"changes":['
        + ",".join(parts)
        + "]}"
    )


def encode_update(
    version: int, entries: list[dict[str, Any]], state: dict[str, Any], *, shared: Shared | None = None
) -> tuple[str, str]:
    """The ``entries`` and ``state`` messages of one change, as sent (pydantic-core encodes fast).

    With ``shared``, the parts of the state several seats are given as the
    same object (the view and panels of seats sharing a view key, the seats,
    config and settings) are encoded once and spliced into each seat's text.
    """
    if shared is None:
        return (
            to_json({"type": "entries", "version": version, "entries": entries}).decode(),
            to_json({"type": "state", **state}).decode(),
        )
    listed = ",".join([shared.encoded(e) for e in entries])
    fields = ",".join([_key(k) + shared.encoded(v) for k, v in state.items()])
    return (
        '{"type":"entries","version":' + str(int(version)) + ',"entries":[' + listed + "]}",
        '{"type":"state",' + fields + "}",
    )


#: a projection's keys as encoded, with their colon (the same dozen keys every time)
_KEYS: dict[str, str] = {}
#: change paths as encoded (the same few dozen, ``["prompts",2,"options"]``, version after version)
_PATHS: dict[tuple[str | int, ...], str] = {}


def _path(path: tuple[str | int, ...]) -> str:
    text = _PATHS.get(path)
    if text is None:
        text = to_json(path).decode()
        # by type too: True == 1, but a path holds only keys (str) and indices (int)
        if len(_PATHS) < 4096 and all(type(step) is str or type(step) is int for step in path):
            _PATHS[path] = text
    return text


def _key(key: str) -> str:
    text = _KEYS.get(key)
    if text is None:
        text = to_json(key).decode() + ":"
        if len(_KEYS) < 256:
            _KEYS[key] = text
    return text


@dataclass(frozen=True, slots=True)
class Update:
    """The table went from version ``prev`` to ``version``; per watching seat, what it sees.

    An update without a seat's share (``seats`` empty: the feed just started, or
    the socket fell behind) tells that seat's sockets to catch up from the store.
    """

    prev: int
    version: int
    seats: Mapping[str, SeatUpdate] = field(default_factory=dict)


class Subscription:
    """One socket's place in a feed: the updates waiting for it, bounded (None: close, the seat was revoked).

    Only this seat's encoded messages are kept (never every seat's projection), at most
    :data:`QUEUE_SIZE` updates and :data:`QUEUE_BYTES` of them; past either they collapse
    into one marker that has the socket catch up from the store when it is next able to
    send, and later updates coalesce into that marker (issue 21, defect 5).
    """

    def __init__(self, table_id: str, seat: Seat, *, delta: bool = False) -> None:
        self.table_id = table_id
        self.seat = seat
        #: the socket is sent one ``update`` message of changes a version, not ``entries`` and ``state``
        self.delta = delta
        self.pending: deque[Update | None] = deque()
        #: bytes of encoded messages waiting
        self.bytes = 0
        self._ready = asyncio.Event()

    def push(self, update: Update | None) -> None:
        """Queue an update; a socket too far behind gets one 'catch up' marker instead of the backlog."""
        if update is None:
            self._replace(None)
            return
        if self.pending and self.pending[-1] is None:
            return  # closing: nothing more to send
        share = update.seats.get(self.seat.id)
        if share is not None and share.quiet:
            self._push_quiet(update)
            return
        slim = Update(update.prev, update.version)
        size = 0
        texts = _texts_for(share, delta=self.delta)
        if texts:
            slim = Update(update.prev, update.version, {self.seat.id: SeatUpdate([], {}, texts)})
            size = _size(slim)
        last = self.pending[-1] if self.pending else None
        if (last is not None and not last.seats) or (
            len(self.pending) >= QUEUE_SIZE or self.bytes + size > QUEUE_BYTES
        ):
            # behind already, or too far: one marker, at the newest version, and the store for the rest
            self._replace(Update(update.version, update.version))
            return
        self.pending.append(slim)
        self.bytes += size
        self._ready.set()

    def _push_quiet(self, update: Update) -> None:
        """A change this seat sees nothing of never makes the 'catch up' marker (a catch-up then would
        tell a player when the GM did something hidden): it stretches the update waiting last to its
        version (what the seat sees at that one it sees at this), or joins a marker already waiting."""
        last = self.pending[-1] if self.pending else None
        if last is not None and not last.seats:
            return  # behind already: the marker catches up from the store
        if last is not None and last.version == update.prev:
            self.pending[-1] = Update(last.prev, update.version, last.seats)
            return
        if len(self.pending) >= QUEUE_SIZE:
            return  # the next change it sees finds the socket behind, and has it catch up then
        self.pending.append(Update(update.prev, update.version, {self.seat.id: _QUIET}))
        self._ready.set()

    def _replace(self, item: Update | None) -> None:
        self.pending.clear()
        self.pending.append(item)
        self.bytes = 0
        self._ready.set()

    async def get(self) -> Update | None:
        """The next update (waits for one)."""
        while not self.pending:
            self._ready.clear()
            await self._ready.wait()
        item = self.pending.popleft()
        if item is not None:
            self.bytes -= _size(item)
        return item


#: a seat's share when nothing it sees changed: nothing to send
_QUIET = SeatUpdate([], {}, (), quiet=True)


def _texts_for(share: SeatUpdate | None, *, delta: bool) -> tuple[str, ...]:
    """The messages a socket is sent of a seat's share: ``(update,)`` or ``(entries, state)``
    (empty when the feed did not make them: the socket catches up from the store)."""
    if share is None or share.quiet:
        return ()
    if delta:
        return share.texts[2:3] if len(share.texts) > 2 and share.texts[2] else ()
    return share.texts[:2] if share.texts[0] else ()


def _size(update: Update) -> int:
    return sum(len(t) for share in update.seats.values() for t in share.texts)


class Feed:
    """One table's changes, worked out once and shared by every socket watching it."""

    def __init__(self, hub: Hub, table_id: str) -> None:
        self.hub = hub
        self.table_id = table_id
        self.subs: set[Subscription] = set()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        #: the version last sent to the sockets (None: not yet, they catch up from the store)
        self.version: int | None = None
        #: catch the fold up from the store on the next round (a poke from elsewhere, or the poll)
        self.must_read = True
        #: JSON kept from one round to the next (rounds run one at a time)
        self.json = JsonCache()
        #: each watching seat's projection at ``version``, which its ``update`` messages change
        self.sent: dict[str, dict[str, Any]] = {}

    def start(self) -> None:
        """Run the feed while anyone watches (again, if it had stopped)."""
        if self.task is None or self.task.done():
            self.version = None
            self.wake.set()
            self.task = asyncio.get_running_loop().create_task(self._run(), name=f"feed {self.table_id}")

    async def _run(self) -> None:
        self.hub.cache.watch(self.table_id)
        try:
            await self._rounds()
        finally:
            self.hub.cache.unwatch(self.table_id)
            self.version = None

    async def _rounds(self) -> None:
        while self.subs:
            try:
                await asyncio.wait_for(self.wake.wait(), timeout=self.hub.poll_seconds)
            except TimeoutError:
                self.must_read = True
            self.wake.clear()
            if not self.subs:
                break
            seats = {s.seat.id: s.seat for s in self.subs}
            # which messages each seat's sockets take: (entries, state), update, or both
            modes = {seat_id: (False, False) for seat_id in seats}
            for sub in self.subs:
                full, delta = modes[sub.seat.id]
                modes[sub.seat.id] = (full or not sub.delta, delta or sub.delta)
            must_read, self.must_read = self.must_read, False
            try:
                # on the event loop when nothing needs reading and the fold is free (most rounds: a
                # command of this process moved it); a thread's hand-off costs more than it spares
                # the loop, since the round holds the GIL all along anyway. Else in a worker thread.
                update: Update | Busy | None = BUSY
                if not must_read:
                    update = self.hub.cache.read_if_free(self.table_id, self._share, seats, modes)
                if isinstance(update, Busy):
                    update = await to_thread.run_sync(
                        self._advance, seats, modes, must_read, limiter=self.hub.threads
                    )
            except CapeworksError as e:
                log.warning("feed %s: %s", self.table_id, e.message)
                self.version = None
                self.must_read = True
                continue
            except Exception:
                # the database went away for a moment: start again from the store after a pause
                log.exception("feed %s failed; reloading", self.table_id)
                self.version = None
                self.must_read = True
                await asyncio.sleep(self.hub.poll_seconds)
                continue
            if update is not None:
                for sub in list(self.subs):
                    sub.push(update)

    def _advance(
        self, seats: Mapping[str, Seat], modes: Mapping[str, tuple[bool, bool]], must_read: bool
    ) -> Update | None:
        """The change since the version last sent, from the shared fold (in a worker thread)."""
        return self.hub.cache.read(
            self.table_id, lambda table: self._share(table, seats, modes), catch_up=must_read, wait=None
        )

    def _share(
        self,
        table: Table,
        seats: Mapping[str, Seat],
        modes: Mapping[str, tuple[bool, bool]] | None = None,
    ) -> Update | None:
        """Each watching seat's share of the change (under the fold's lock; one round at a time):
        the ``entries`` and ``state`` messages for sockets that take them (``modes``: all, when not
        given), the ``update`` message for those opened with ``?delta=1``."""
        prev = self.version
        if prev is None or table.version < prev:
            # just started (or the fold was reloaded behind us): the sockets catch up from the store
            self.version = table.version
            self.sent = {}
            self._prime(table, seats, modes)
            return Update(table.version, table.version)
        if table.version == prev:
            self._prime(table, seats, modes)
            return None
        self.json.next_round()
        shared = Shared.of(table, json=self.json)
        diffs = Diffs()
        shares: dict[str, SeatUpdate] = {}
        sent: dict[str, dict[str, Any]] = {}
        # update texts by audience (what went into them, by identity): most seats are sent the same
        # update as several others (a round of a ten-seat RWYN table makes ~2.6 different ones)
        audiences: dict[tuple[Any, ...], str] = {}
        kept: list[Any] = []  # what the keys name stays alive for the round, so no id is reused
        for seat_id, seat in seats.items():
            full, delta = modes.get(seat_id, (True, False)) if modes is not None else (True, False)
            new = entries(table, seat, since=prev, shared=shared)
            state = projection(self.table_id, table, seat, shared=shared)
            sent[seat_id] = state
            before = self.sent.get(seat_id)
            if not new and before is not None and before == state:
                shares[seat_id] = _QUIET  # nothing this seat sees changed: its sockets are sent nothing
                continue
            # the version as the seat knows it (Table.seen_version), never the table's own
            seen = int(state["version"])
            texts: tuple[str, ...] = ("", "")
            if full:
                texts = encode_update(seen, new, state, shared=shared)
            if delta:
                # a seat not watched at the last version gets its whole projection (an empty path)
                made: list[Change] = [((), state)]
                if before is not None:
                    made = changes(before, state, diffs=diffs)
                key = _audience(new, made)
                text = audiences.get(key)
                if text is None:
                    text = audiences[key] = encode_delta(seen, new, made, shared=shared)
                    kept.append((new, made))
                texts = (*texts, text)
            shares[seat_id] = SeatUpdate(new, state, texts)
        self.sent = sent
        self.version = table.version
        return Update(prev, table.version, shares)

    def _prime(
        self, table: Table, seats: Mapping[str, Seat], modes: Mapping[str, tuple[bool, bool]] | None
    ) -> None:
        """Work out, at the version the sockets were last sent, the projection of each watching seat that
        has none yet, so the table's first change is sent as changes to it (or, when the seat sees none
        of it, not at all) and finds its JSON, legal commands and the rule set's kept parts made (a
        socket has its whole state from its backlog meanwhile). Run when a seat starts watching, not
        when its first command lands: at a table's start every seat's first command comes at once."""
        missing = [(seat_id, seat) for seat_id, seat in seats.items() if seat_id not in self.sent]
        if not missing:
            return
        self.json.next_round()
        shared = Shared.of(table, json=self.json)
        for seat_id, seat in missing:
            self.sent[seat_id] = projection(self.table_id, table, seat, shared=shared)


_SCALARS = (int, str, float, bool, type(None))


def _audience(new: list[dict[str, Any]], made: list[Change]) -> tuple[Any, ...]:
    """What an update message is made of, by identity: equal keys (within one round, while every
    object named is alive) make the same text. Scalars by type and value; anything else by ``id``, so two
    equal values that are different objects merely miss a sharing."""
    parts: list[Any] = [id(e) for e in new]
    parts.append(None)
    for change in made:
        if len(change) == 1:
            parts.append(("-", change[0]))
        else:
            value = change[1]
            kind = type(value)  # by type too: True == 1 == 1.0, but their texts differ
            parts.append((change[0], kind, value) if kind in _SCALARS else (change[0], id(value)))
    return tuple(parts)


class Hub:
    """Every feed of this process; wakes them when a table changes and closes revoked seats' sockets."""

    def __init__(self, store: Store, *, poll_seconds: float = 2.0, cache: TableCache | None = None) -> None:
        self.store = store
        #: the process's folds, shared with the commands and reads
        self.cache = cache if cache is not None else TableCache(store)
        self.poll_seconds = poll_seconds
        self.feeds: dict[str, Feed] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._unlisten: Callable[[], None] | None = None
        self._threads: CapacityLimiter | None = None

    @property
    def threads(self) -> CapacityLimiter:
        """Worker threads of the feeds' own, so live updates never queue behind waiting commands."""
        if self._threads is None:
            self._threads = CapacityLimiter(FEED_THREADS)
        return self._threads

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Remember the event loop, so threads can wake feeds, and hear of every command the store writes."""
        self.loop = loop
        if self._unlisten is None:
            self._unlisten = self.store.listen(self.written)

    def subscribe(self, table_id: str, seat: Seat, *, delta: bool = False) -> Subscription:
        """Start receiving a table's updates (call on the event loop)."""
        feed = self.feeds.get(table_id)
        if feed is None:
            feed = self.feeds[table_id] = Feed(self, table_id)
        sub = Subscription(table_id, seat, delta=delta)
        feed.subs.add(sub)
        feed.start()
        # a round with nothing new works out the new seat's projection ahead of the next change
        feed.wake.set()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """Stop receiving; the feed stops when nobody watches."""
        feed = self.feeds.get(sub.table_id)
        if feed is not None:
            feed.subs.discard(sub)
            if not feed.subs:
                feed.wake.set()
                del self.feeds[sub.table_id]

    def poke(self, table_id: str) -> None:
        """The table changed: its feed (if anyone watches here) reads the new events."""
        feed = self.feeds.get(table_id)
        if feed is not None:
            feed.must_read = True
            feed.wake.set()

    def written(self, table_id: str, table: Table, events: Sequence[Event]) -> None:
        """A store listener (any thread): a command was written; its table's feed here sends it.

        Written on this process's fold, it is there already; otherwise (another
        handle on the store) the feed reads it from the store.
        """
        fold = self.cache.peek(table_id)
        self.call("wake_feed" if fold is not None and fold.table is table else "poke", table_id)

    def wake_feed(self, table_id: str) -> None:
        """The table's fold moved on in this process: its feed (if anyone watches here) sends the change."""
        feed = self.feeds.get(table_id)
        if feed is not None:
            feed.wake.set()

    def poke_all(self) -> None:
        """Every feed reads again (after a lost notification connection)."""
        for table_id in list(self.feeds):
            self.poke(table_id)

    def kick(self, table_id: str, seat_id: str) -> None:
        """Close every socket of a seat whose token was revoked."""
        feed = self.feeds.get(table_id)
        if feed is not None:
            for sub in list(feed.subs):
                if sub.seat.id == seat_id:
                    sub.push(None)

    def call(self, method: str, *args: str) -> None:
        """Run ``poke``/``wake_feed``/``kick`` from any thread."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(getattr(self, method), *args)

    async def close(self) -> None:
        """Stop every feed."""
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        tasks = [f.task for f in self.feeds.values() if f.task is not None]
        for feed in self.feeds.values():
            for sub in list(feed.subs):
                sub.push(None)
            feed.subs.clear()
            feed.wake.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.feeds.clear()
