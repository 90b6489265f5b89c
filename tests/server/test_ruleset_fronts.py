"""Rulesets' front-end pieces come from their own packages: touches served, previews by the rules."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from capeworks.server import create_app
from capeworks.server.fronts import fronts
from capeworks.web import STATIC_DIR, static_files

ROOT = Path(__file__).resolve().parents[2]
IMPORT = re.compile(r"""(?:import|from)\s*\(?\s*["']([^"']+\.js)["']""")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")) as c:
        yield c


def test_touches__each_ruleset_touch_is_listed_and_served_from_its_own_package(client: TestClient) -> None:
    listed = client.get("/rulesets/touches.json").json()
    for name in ("capes", "rwyn", "weaverdice"):
        assert listed[name] == f"/rulesets/{name}/touch.js"
        response = client.get(listed[name])
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/javascript")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert "export const touch" in response.text
    assert not (STATIC_DIR / "js" / "touches" / "rwyn.js").exists(), (
        "no built-in touch lives in the web package"
    )


@pytest.mark.parametrize(
    "path",
    [
        "/rulesets/rwyn/__init__.py",
        "/rulesets/rwyn/../ruleset.py",
        "/rulesets/rwyn/%2e%2e/ruleset.py",
        "/rulesets/nope/touch.js",
    ],
)
def test_ruleset_files__nothing_but_the_front_end_files_is_reachable(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_touch_modules__import_only_shipped_files_and_write_no_markup_from_strings() -> None:
    shipped = static_files()
    for front in fronts().values():
        for name, path in front.files.items():
            if not name.endswith(".js"):
                continue
            source = path.read_text(encoding="utf-8")
            for target in IMPORT.findall(source):
                if target.startswith("/static/"):
                    assert target.removeprefix("/static/") in shipped, f"{front.name}/{name} imports {target}"
                else:
                    assert (path.parent / target).resolve().is_file(), f"{front.name}/{name} imports {target}"
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "dangerouslySet"):
                assert sink not in source, f"{front.name}/{name} uses {sink}"


def test_package_data__the_built_in_touches_ship_in_the_wheel() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["capeworks"]
    package = ROOT / "src" / "capeworks"
    shipped = {p.resolve() for g in globs for p in package.glob(g)}
    for name in ("capes", "rwyn", "weaverdice"):
        for path in fronts()[name].files.values():
            assert path.resolve() in shipped, f"{path} is not in package-data"


@pytest.mark.rules("RWYN-POOL-003", "RWYN-POOL-004")
def test_rwyn_preview__the_pool_and_its_chance_from_the_rules(client: TestClient) -> None:
    pool = client.post(
        "/rulesets/rwyn/preview", json={"kind": "pool", "config": {}, "rating": 3, "difficulty": 5}
    )
    assert pool.status_code == 200, pool.text
    data = pool.json()
    # Science 3 against 5: 3 dice, 5 - 3 = 2 disaster dice; one success suffices: 1 - (4/6)^3 = 19/27
    assert (data["dice"], data["disaster"], data["need"], data["expression"]) == (3, 2, 1, "3d6t5")
    assert Fraction(data["success"]["fraction"]) == Fraction(19, 27)
    easy = client.post(
        "/rulesets/rwyn/preview", json={"kind": "pool", "config": {}, "rating": 4, "difficulty": 2}
    )
    assert easy.json()["disaster"] == 0


@pytest.mark.rules("RWYN-POOL-007", "RWYN-DESIGN-002")
def test_rwyn_preview__follows_the_tables_config(client: TestClient) -> None:
    capped = {"kind": "pool", "config": {"pool_cap": 4}, "rating": 8, "difficulty": 1}
    data = client.post("/rulesets/rwyn/preview", json=capped).json()
    assert (data["dice"], data["auto"]) == (4, 2)
    threshold = {"resolution_mode": "success_threshold"}
    body = {"kind": "pool", "config": threshold, "rating": 3, "difficulty": 2}
    data = client.post("/rulesets/rwyn/preview", json=body).json()
    assert (data["disaster"], data["need"]) == (0, 2)


@pytest.mark.rules("RWYN-SAC-003", "RWYN-SAC-004")
def test_rwyn_preview__each_sacrifice_answer_with_its_chance_of_no_complication(client: TestClient) -> None:
    body = {"kind": "sacrifice", "config": {}, "successes": 2, "disaster": 2}
    answers = client.post("/rulesets/rwyn/preview", json=body).json()["answers"]
    # the last disaster die stays: 0 or 1; (4/6)^2 = 4/9 and 4/6 = 2/3 of no complication
    assert [a["sacrifice"] for a in answers] == [0, 1]
    assert [Fraction(a["clean"]["fraction"]) for a in answers] == [Fraction(4, 9), Fraction(2, 3)]
    assert [(a["kept"], a["disaster"]) for a in answers] == [(2, 2), (1, 1)]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"kind": "nope", "config": {}}, "has no preview 'nope'"),
        ({"kind": "pool", "config": {}, "rating": "x", "difficulty": 2}, "needs rating as a whole number"),
        (
            {"kind": "pool", "config": {}, "rating": 3, "difficulty": 10**9},
            "needs difficulty as a whole number",
        ),
        (
            {"kind": "pool", "config": {"die_size": 7}, "rating": 3, "difficulty": 2},
            "is not a Roll When You Need config",
        ),
        ({"kind": "pool", "config": [], "rating": 3, "difficulty": 2}, "config must be an object"),
        ({"config": {}}, "needs its kind"),
    ],
)
def test_rwyn_preview__bad_input_is_one_sentence(
    client: TestClient, body: dict[str, object], words: str
) -> None:
    response = client.post("/rulesets/rwyn/preview", json=body)
    assert response.status_code == 400
    assert words in response.json()["message"]


def test_preview__a_ruleset_without_previews_is_a_404(client: TestClient) -> None:
    response = client.post("/rulesets/capes/preview", json={"kind": "pool", "config": {}})
    assert response.status_code == 404
    assert "has no previews" in response.json()["message"]


def test_pages__the_front_end_plugs_in_through_its_entry_point_and_create_app_serves_it(
    client: TestClient,
) -> None:
    from capeworks.server.fronts import page_routers
    from capeworks.web import router

    assert router in page_routers(), (
        "the capeworks.pages entry point is not installed: run `make setup` (pip install -e .)"
    )
    assert client.get("/").status_code == 200
    assert client.get("/").headers["content-type"].startswith("text/html")


def test_pages__an_app_without_a_front_end_serves_the_api_alone(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'api.sqlite3'}", front_end=False)) as c:
        assert c.get("/").status_code == 404
        assert c.get("/api/rulesets").status_code == 200
