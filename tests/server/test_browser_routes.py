"""The front end's pages and files as the server hands them out: shipped, typed, fenced by a CSP."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from capeworks.server import create_app
from capeworks.web import STATIC_DIR, static_files

ROOT = Path(__file__).resolve().parents[2]
IMPORT = re.compile(r"""(?:import|from)\s*["'](\.{1,2}/[^"']+)["']""")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")) as c:
        yield c


@pytest.mark.parametrize("path", ["/", "/t/some-table"])
def test_pages__served_with_a_policy_that_allows_no_inline_script(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    # every script is a file of ours: nothing inline for the policy to refuse
    scripts = re.findall(r"<script\b[^>]*>", response.text)
    assert scripts and all('src="/static/' in s for s in scripts)


def test_static__every_shipped_file_is_served_with_its_type(client: TestClient) -> None:
    files = static_files()
    assert "js/table.js" in files and "vendor/preact.module.js" in files
    for name in files:
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        expected = {"js": "text/javascript", "css": "text/css", "html": "text/html", "svg": "image/svg+xml"}
        kind = expected.get(name.rsplit(".", 1)[-1], "text/plain")
        assert response.headers["content-type"].startswith(kind), name


@pytest.mark.parametrize(
    "path", ["/static/../routes.py", "/static/%2e%2e/routes.py", "/static/js/nope.js", "/static/"]
)
def test_static__nothing_outside_the_shipped_files_is_reachable(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "capeworks" not in response.text.lower() or response.json()["error"] == "not_found"


def test_modules__every_relative_import_names_a_shipped_file() -> None:
    files = static_files()
    for name, path in files.items():
        if not name.endswith(".js"):
            continue
        for target in IMPORT.findall(path.read_text(encoding="utf-8")):
            resolved = (path.parent / target).resolve().relative_to(STATIC_DIR.resolve()).as_posix()
            assert resolved in files, f"{name} imports {target}, which is not shipped"


def test_modules__no_script_writes_markup_from_strings() -> None:
    # user text is escaped by construction only if no script ever parses strings as HTML
    for name, path in static_files().items():
        if name.endswith(".js") and not name.startswith("vendor/"):
            source = path.read_text(encoding="utf-8")
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "dangerouslySet"):
                assert sink not in source, f"{name} uses {sink}"


def test_package_data__every_static_file_ships_in_the_wheel() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["capeworks"]
    package = ROOT / "src" / "capeworks"
    shipped = {p.resolve() for g in globs for p in package.glob(g)}  # setuptools' recursive globs
    for name, path in static_files().items():
        assert path.resolve() in shipped, f"{name} is not in package-data"


def test_vendored__each_library_has_its_licence_and_is_recorded_in_the_docs() -> None:
    docs = (ROOT / "docs" / "web-ui.md").read_text(encoding="utf-8")
    vendor = STATIC_DIR / "vendor"
    for script in sorted(vendor.glob("*.js")):
        assert f"`{script.name}`" in docs, f"{script.name} is not recorded in docs/web-ui.md"
    assert (vendor / "LICENSE-preact.txt").read_text(encoding="utf-8").startswith("The MIT License")
    assert "Apache License" in (vendor / "LICENSE-htm.txt").read_text(encoding="utf-8")
