"""The browser front end of the live web table: pages, scripts and styles the server hands out.

Everything here is static: two HTML shells (the lobby at ``/`` and the table
page at ``/t/{table_id}``), ES modules drawn with Preact + htm (vendored, no
build step, no Node at run time) and one style sheet. The pages fetch the
seat's projection from the REST API and follow the table over its WebSocket,
so the server stays the only place that decides what a seat may see.
``router`` is the FastAPI router ``capeworks.server.create_app`` includes.
"""

from __future__ import annotations

from capeworks.web.routes import STATIC_DIR, router, static_files

__all__ = ["STATIC_DIR", "router", "static_files"]
