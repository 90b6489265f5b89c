"""No player's menu names what that player's view hides, at every step of every long session.

``capeworks check`` runs :func:`~capeworks.engine.conformance.check_menus_keep_secrets` on each
ruleset's sample; here :func:`~capeworks.engine.conformance.menu_secrets` walks the sessions the golden
logs were written from and the fan-out's, hidden NPCs and the GM's secret intel among them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from capeworks.engine.conformance import menu_secrets
from tests.engine.fanout_sessions import Session, sessions
from tests.golden.regenerate import _sessions


def _every() -> dict[str, Callable[[], Session]]:
    out = {f"{ruleset} {name}": make for (ruleset, name), make in _sessions().items()}
    return {**sessions(), **out}


@pytest.mark.parametrize("name", sorted(_every()))
def test_no_players_menu_names_what_their_view_hides(name: str) -> None:
    session = _every()[name]()
    start = session.new()
    found = [f"before step 0: {x}" for x in menu_secrets(start)]
    for n, table in enumerate(session.play(start)):
        found += [f"after step {n}: {x}" for x in menu_secrets(table)]
    assert found == []
