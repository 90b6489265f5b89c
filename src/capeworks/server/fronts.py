"""Where the web table's ruleset files come from: each installed ruleset's
front-end package (a ``capeworks.web`` entry point naming a package whose files are served under
``/rulesets/<name>/``, with an optional ``preview`` function).

And where the browser front end itself comes from: the routers named by ``capeworks.pages``
entry points (``capeworks.web``'s lobby and table pages), so the server never names the package
that plugs into it.

It sits in the server, below the web routes that serve these files, so the server's odds workers
find a ruleset's preview without importing the router (which imports them).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from fastapi import APIRouter

__all__ = ["PAGES_GROUP", "TYPES", "WEB_GROUP", "Front", "Preview", "fronts", "page_routers", "static_files"]

#: entry-point group of rulesets' front-end packages: ruleset name -> package
WEB_GROUP: Final = "capeworks.web"
#: entry-point group of the browser front end: name -> a FastAPI router (the pages and their files)
PAGES_GROUP: Final = "capeworks.pages"


TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
}


def static_files(folder: Path) -> dict[str, Path]:
    """Every servable file under ``folder``, by its URL path below it."""
    return {
        p.relative_to(folder).as_posix(): p
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix in TYPES
    }


Preview = Callable[[Any, str, Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Front:
    """A ruleset's front-end package: its servable files and its preview function, if any."""

    name: str
    files: dict[str, Path]
    preview: Preview | None

    @property
    def touch(self) -> str | None:
        """The URL of the ruleset's touch, when its package has one."""
        return f"/rulesets/{self.name}/touch.js" if "touch.js" in self.files else None


def _front(name: str, package: ModuleType) -> Front:
    folder = Path(package.__file__ or "").parent
    preview = getattr(package, "preview", None)
    return Front(name=name, files=static_files(folder), preview=preview if callable(preview) else None)


@cache
def fronts() -> dict[str, Front]:
    """Every installed ruleset's front-end package, by ruleset name (listed once per process)."""
    found = entry_points(group=WEB_GROUP)
    return {ep.name: _front(ep.name, importlib.import_module(ep.value)) for ep in found}


def page_routers() -> list[APIRouter]:
    """The installed browser front ends' routers (none when no package provides one: an API-only server)."""
    from fastapi import APIRouter  # here, not above: the odds workers import this module for previews

    found = sorted(entry_points(group=PAGES_GROUP), key=lambda ep: ep.name)
    routers = [ep.load() for ep in found]
    return [r for r in routers if isinstance(r, APIRouter)]
