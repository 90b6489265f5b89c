"""The browser tests' shared set-up, in one place for every module that drives a browser.

The harness fixtures (one uvicorn server, one Chromium and a screenshot folder per test module) live
in ``tests/server/conftest.py``; a module outside ``tests/server`` takes them in by name from here
(``web_table = browser_fixtures.web_table``), and every scene with a GM and two players sits
:data:`SEATS`.
"""

from __future__ import annotations

from tests.server import conftest as harness

__all__ = ["SEATS", "artifacts", "chromium", "web_table"]

web_table = harness.web_table
chromium = harness.chromium
artifacts = harness.artifacts

#: a GM and two players: the seats most browser scenes are played from
SEATS = [
    {"id": "gm", "name": "Gail", "role": "gm"},
    {"id": "ann", "name": "Ann", "role": "player"},
    {"id": "bo", "name": "Bo", "role": "player"},
]
