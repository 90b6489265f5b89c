"""The live web table: FastAPI REST + WebSocket over the store (see docs/web.md).

``create_app(store_url=...)`` builds the application; ``capeworks serve``
runs it with uvicorn. Seats authenticate with their token (header or invite
cookie); every answer is that seat's projection, filtered by the engine, so
GM secrets never leave the server for a player.

``create_app`` is imported on first use, so a process that needs only a light
module of this package (an odds worker: ``capeworks.server.odds_jobs``) does
not load the web framework.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from capeworks.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from capeworks.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
