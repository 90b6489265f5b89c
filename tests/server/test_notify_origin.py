"""A server process passes over the NOTIFY of its own store's writes (its feed was woken when the
command was folded; reading it back cost a catch-up read and a thread hand-off a command), and still
reads every other writer's: another process, the CLI, an older release without an origin."""

from __future__ import annotations

from types import SimpleNamespace

from capeworks.server.notify import PgNotifier
from capeworks.store.repository import _notice


class _Hub:
    def __init__(self) -> None:
        self.poked: list[str] = []
        self.kicked: list[tuple[str, str]] = []

    def poke(self, table_id: str) -> None:
        self.poked.append(table_id)

    def kick(self, table_id: str, seat_id: str) -> None:
        self.kicked.append((table_id, seat_id))


def _notifier(origin: str) -> tuple[PgNotifier, _Hub]:
    notifier = PgNotifier.__new__(PgNotifier)  # the dispatch alone: no database, no event loop
    hub = _Hub()
    notifier.store = SimpleNamespace(origin=origin)  # type: ignore[assignment]
    notifier.hub = hub  # type: ignore[assignment]
    notifier._expected = None
    return notifier, hub


def test_dispatch__its_own_stores_write_is_passed_over_every_other_writers_pokes_the_feed() -> None:
    notifier, hub = _notifier("mine")
    notifier._dispatch(_notice("t1", "mine"))
    assert hub.poked == []
    notifier._dispatch(_notice("t1", "another process"))
    notifier._dispatch('{"table": "t2"}')  # an older release's notice names no origin
    assert hub.poked == ["t1", "t2"]


def test_dispatch__a_revoked_seat_is_closed_in_every_process_the_one_that_revoked_it_too() -> None:
    notifier, hub = _notifier("mine")
    notifier._dispatch('{"table": "t1", "revoke": "p1"}')
    assert hub.kicked == [("t1", "p1")] and hub.poked == ["t1"]
