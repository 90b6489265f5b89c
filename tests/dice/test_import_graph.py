"""The dice package's modules import each other in one direction: no circles, none hidden in functions."""

from __future__ import annotations

import ast
from pathlib import Path

DICE = Path(__file__).resolve().parents[2] / "src" / "capeworks" / "dice"
MODULES = {p.stem for p in DICE.glob("*.py")} - {"__init__"}


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """Dice modules imported at module level, and those imported inside a function or class."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    inner: set[str] = set()

    def names(node: ast.ImportFrom) -> set[str]:
        if not (node.module or "").startswith("capeworks.dice"):
            return set()
        parts = (node.module or "").split(".")
        found = {parts[2]} if len(parts) > 2 else {a.name for a in node.names}
        return found & MODULES

    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            top |= names(node)
        elif isinstance(node, ast.If):  # TYPE_CHECKING blocks: types only, never run
            continue
        else:
            inner |= {m for sub in ast.walk(node) if isinstance(sub, ast.ImportFrom) for m in names(sub)}
    return top, inner


GRAPH = {m: _imports(DICE / f"{m}.py") for m in MODULES}


def test_dice_modules__import_no_dice_module_inside_a_function() -> None:
    hidden = {m: inner for m, (_, inner) in GRAPH.items() if inner}
    assert hidden == {}


def test_dice_modules__import_graph_has_no_circle() -> None:
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for dep in GRAPH[module][0]:
            visit(dep, (*path, module))
        done.add(module)

    for module in sorted(MODULES):
        visit(module, ())


def test_rolling__imports_no_exact_odds() -> None:
    # a roll needs neither fractions nor the odds modules: cold start matters for the CLI
    reach: set[str] = set()
    todo = ["roller"]
    while todo:
        m = todo.pop()
        if m not in reach:
            reach.add(m)
            todo.extend(GRAPH[m][0])
    assert not reach & {"odds", "chain_odds", "bulk"}
