"""The HTML pages and static files of the web table, as a FastAPI router the server includes.

Pages are fixed shells with no user text in them (the scripts fetch and draw
the table, escaping as they go), so they are served as files. Only files
shipped in the package are reachable: the list is taken once at import, so
no request path can walk out of the static folder. Every response forbids
framing and inline script through a Content-Security-Policy: even a bug
that let user text into the page could not run it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

__all__ = ["STATIC_DIR", "router", "static_files"]

STATIC_DIR: Final = Path(__file__).parent / "static"

_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
}

#: same-origin scripts, styles, fetches and sockets only; no frames, no plug-ins
CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

_HEADERS: Final = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def static_files() -> dict[str, Path]:
    """Every servable file under ``static/``, by its URL path below ``/static/``."""
    return {
        p.relative_to(STATIC_DIR).as_posix(): p
        for p in sorted(STATIC_DIR.rglob("*"))
        if p.is_file() and p.suffix in _TYPES
    }


_FILES: Final = static_files()

router = APIRouter(include_in_schema=False)


def _file(path: Path) -> Response:
    return FileResponse(path, media_type=_TYPES[path.suffix], headers=_HEADERS)


@router.get("/")
def lobby() -> Response:
    """The lobby: pick a system, name the seats, get the invite links."""
    return _file(STATIC_DIR / "lobby.html")


@router.get("/t/{table_id}")
def table_page(table_id: str) -> Response:
    """The table page for whichever seat the cookie (or header) names; the script reads the id."""
    return _file(STATIC_DIR / "table.html")


@router.get("/static/{path:path}")
def static(path: str) -> Response:
    """One packaged file; anything else is the JSON 404 every other miss gets."""
    found = _FILES.get(path)
    if found is None:
        return JSONResponse(
            {"error": "not_found", "message": "There is no such file."}, status_code=404, headers=_HEADERS
        )
    return _file(found)
