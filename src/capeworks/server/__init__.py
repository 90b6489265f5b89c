"""The live web table: FastAPI REST + WebSocket over the store (see docs/web.md).

``create_app(store_url=...)`` builds the application; ``capeworks serve``
runs it with uvicorn. Seats authenticate with their token (header or invite
cookie); every answer is that seat's projection, filtered by the engine, so
GM secrets never leave the server for a player.
"""

from capeworks.server.app import create_app

__all__ = ["create_app"]
