"""The HTML pages and static files of the web table, as a FastAPI router the server includes.

Pages are fixed shells with no user text in them (the scripts fetch and draw
the table, escaping as they go), so they are served as files. Only files
shipped in the package are reachable: the list is taken once at import, so
no request path can walk out of the static folder. Every response forbids
framing and inline script through a Content-Security-Policy: even a bug
that let user text into the page could not run it.

A ruleset's front-end pieces come from its own package, one way for ours and
an outside package's alike: a ``capeworks.web`` entry point names a package
(``rwyn = "capeworks.systems.rwyn.front"``) whose files are served under
``/rulesets/<name>/``. Its ``touch.js`` (exporting ``touch``) is the ruleset's
touch, which the page loads through ``/rulesets/touches.json``; a ``preview``
function in that package (``preview(config, kind, args) -> dict``) answers
``POST /rulesets/<name>/preview``, so odds and previews a touch shows are
worked out by the rules on the server, never again in JavaScript.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from anyio import to_thread
from fastapi import APIRouter, Body, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from capeworks.errors import CapeworksError, InvalidCommand
from capeworks.server.errors import Busy, RateLimited
from capeworks.server.fronts import TYPES, WEB_GROUP, Front, fronts
from capeworks.server.fronts import static_files as files_under
from capeworks.server.odds_jobs import preview_job

STATIC_DIR: Final = Path(__file__).parent / "static"

__all__ = ["STATIC_DIR", "WEB_GROUP", "Front", "fronts", "router", "static_files"]

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


def static_files(folder: Path = STATIC_DIR) -> dict[str, Path]:
    """Every servable file under ``folder`` (the page's own static folder unless told)."""
    return files_under(folder)


_FILES: Final = static_files()

router = APIRouter(include_in_schema=False)


def _file(path: Path) -> Response:
    return FileResponse(path, media_type=TYPES[path.suffix], headers=_HEADERS)


@router.get("/")
def lobby() -> Response:
    """The lobby: pick a system, name the seats, get the invite links."""
    return _file(STATIC_DIR / "lobby.html")


@router.get("/t/{table_id}")
def table_page(table_id: str) -> Response:
    """The table page for whichever seat the cookie (or header) names; the script reads the id."""
    return _file(STATIC_DIR / "table.html")


def _missing(message: str = "There is no such file.") -> Response:
    return JSONResponse({"error": "not_found", "message": message}, status_code=404, headers=_HEADERS)


@router.get("/static/{path:path}")
def static(path: str) -> Response:
    """One packaged file; anything else is the JSON 404 every other miss gets."""
    found = _FILES.get(path)
    return _missing() if found is None else _file(found)


@router.get("/rulesets/touches.json")
def touches() -> Response:
    """Each installed ruleset that has a touch, and where the page loads it from."""
    found = {name: front.touch for name, front in sorted(fronts().items()) if front.touch}
    return JSONResponse(found, headers=_HEADERS)


@router.get("/rulesets/{name}/{path:path}")
def ruleset_file(name: str, path: str) -> Response:
    """One file of a ruleset's front-end package (listed when first asked, so no path walks out)."""
    front = fronts().get(name)
    found = front.files.get(path) if front is not None else None
    return _missing() if found is None else _file(found)


@router.post("/rulesets/{name}/preview")
async def preview(name: str, request: Request, body: dict[str, Any] = Body(...)) -> Response:
    """What a touch shows before a command is issued (a pool, the odds of each answer), by the rules.

    The body is ``{"kind": str, "config": {...}, ...}``: the table's config (as
    the projection carries it) and the preview's own arguments. The rules work it
    out in the server's odds workers (``app.state.odds_pool``), under the same
    per-client bounds as ``/api/dice/odds``; without a pool, in a thread.
    """
    front = fronts().get(name)
    if front is None or front.preview is None:
        return _missing(f"The ruleset {name!r} has no previews.")
    pool = getattr(request.app.state, "odds_pool", None)
    try:
        if pool is None:
            answer = await to_thread.run_sync(lambda: _in_thread(name, body))
        else:
            client = request.client.host if request.client is not None else "?"
            answer = await pool.run(client, preview_job, name, body)
    except RateLimited as e:
        headers = {**_HEADERS, "Retry-After": str(max(1, round(e.retry_after + 0.5)))}
        return JSONResponse(e.to_dict(), status_code=429, headers=headers)
    except Busy as e:
        return JSONResponse(e.to_dict(), status_code=503, headers=_HEADERS)
    except CapeworksError as e:
        return JSONResponse(e.to_dict(), status_code=400, headers=_HEADERS)
    return JSONResponse(answer, headers=_HEADERS)


def _in_thread(name: str, body: dict[str, Any]) -> Any:
    kind, answer, _ = preview_job(name, body)
    if kind == "ok":
        return answer
    raise InvalidCommand(answer[1]["message"] if kind == "error" else "That preview cannot be worked out.")
