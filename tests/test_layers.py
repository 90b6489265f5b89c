"""Layers, read from the source: no import circles, and no ruleset module imports the CLI, server or web.

Every module under src/capeworks (and the example ruleset under examples/) is
parsed with ``ast``, imports inside functions included: an import deferred into
a function to keep start-up fast is fine, but it must not close a circle, since
a circle hidden that way still ties the two modules together. Imports under
``if TYPE_CHECKING:`` are left out: they never run, and annotations may name
a module that imports this one.

``KNOWN_CIRCLES`` lists circles other work is still taking apart (none now);
each one found must fall inside one of them, so the list can only shrink.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

#: circles being taken apart elsewhere; a circle found must lie inside one of these. Empty now
#: (the dice roller's, the engine's table/render and Weaverdice's are all gone): keep it so.
KNOWN_CIRCLES: tuple[frozenset[str], ...] = ()

#: the layers a ruleset's rules may not reach; only its ``cli`` module talks to the CLI
EDGES = ("capeworks.cli", "capeworks.server", "capeworks.web")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> Iterator[tuple[Path, Path]]:
    for path in sorted((SRC / "capeworks").rglob("*.py")):
        if "migrations" not in path.parts:
            yield path, SRC
    for pyproject in sorted((ROOT / "examples").glob("*/pyproject.toml")):
        root = pyproject.parent / "src"
        for path in sorted(root.rglob("*.py")):
            yield path, root


def _type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` but the bodies of ``if TYPE_CHECKING:`` (their ``else`` runs)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _type_checking(node):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


@cache
def graph() -> dict[str, set[str]]:
    """Module -> the first-party modules it imports, anywhere in its body."""
    modules = {_module_name(path, root): path for path, root in _sources()}
    out: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            elif (name_imported := _imported_by_name(node)) is not None:
                targets = [name_imported]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        out[name] = found
    return out


def _imported_by_name(node: ast.AST) -> str | None:
    """The module an ``importlib.import_module("literal")`` call imports: an arrow as real as an import."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and isinstance(node.args[0], ast.Constant)):
        return None
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    value = node.args[0].value
    return value if called == "import_module" and isinstance(value, str) else None


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _is_ruleset_module(name: str) -> bool:
    in_systems = name.startswith("capeworks.systems.")
    outside = not name.startswith("capeworks.")
    return (in_systems or outside) and name.rpartition(".")[2] != "cli"


def test_the_graph_sees_imports_inside_functions() -> None:
    edges = graph()
    assert "capeworks.server.app" in edges["capeworks.cli.serve"], (
        "cli/serve.py imports the server in a function"
    )
    assert "capeworks.cli.plugin" in edges["capeworks.cli.app"]


def test_the_graph_sees_modules_imported_by_name() -> None:
    call = ast.parse('importlib.import_module("capeworks.web")').body[0]
    assert isinstance(call, ast.Expr)
    assert _imported_by_name(call.value) == "capeworks.web"
    assert _imported_by_name(ast.parse("import_module(name)").body[0].value) is None  # type: ignore[attr-defined]


def test_the_server_never_names_the_web_package() -> None:
    """The browser front end plugs into the server (the ``capeworks.pages`` entry point), not the reverse."""
    reached = sorted(
        f"{m} -> {t}"
        for m, targets in graph().items()
        if m.startswith("capeworks.server")
        for t in targets
        if t.startswith("capeworks.web")
    )
    assert not reached, "the server imports the web package: " + "; ".join(reached)


def test_the_graph_leaves_out_imports_that_only_type_checkers_run() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\nelse:\n    import b\n"
    )
    imported = {n.names[0].name for n in _runtime_nodes(tree) if isinstance(n, ast.Import)}
    assert imported == {"b"}


def test_circles__found_even_when_hidden_in_a_function() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [frozenset("abc")]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_but_the_known_ones() -> None:
    new = [c for c in circles(graph()) if not any(c <= known for known in KNOWN_CIRCLES)]
    assert not new, "import circles: " + "; ".join(" <-> ".join(sorted(c)) for c in new)


@pytest.mark.parametrize("module", sorted(m for m in graph() if _is_ruleset_module(m)))
def test_no_ruleset_module_imports_the_cli_server_or_web(module: str) -> None:
    reached = sorted(t for t in graph()[module] if t.startswith(EDGES))
    assert not reached, f"{module} imports {', '.join(reached)}; only its cli module may"
