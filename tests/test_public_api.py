"""The public surface: every module imports, and every ``__all__`` names something real."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import capeworks
from capeworks import errors


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(capeworks.__path__, prefix="capeworks."):
        skipped = info.name.endswith(("__main__", "_regen_parser")) or ".migrations" in info.name
        if skipped:
            continue
        names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules())
def test_module__imports_and_its_all_is_real(name: str) -> None:
    module = importlib.import_module(name)
    exported = getattr(module, "__all__", None)
    if name.rsplit(".", 1)[-1].startswith("_"):
        return
    assert exported is not None, f"{name} declares no __all__"
    missing = [n for n in exported if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names missing objects: {missing}"
    assert module.__doc__, f"{name} has no module docstring"


def test_errors__every_error_is_a_capeworks_error_drawn_in_the_docstring() -> None:
    assert errors.__doc__ is not None
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.CapeworksError)
        assert name in errors.__doc__, f"{name} is missing from the tree in errors' docstring"


#: what a ruleset author uses, and nothing else (docs/writing-a-ruleset.md): the names to declare a
#: ruleset (its commands, events, words, prompts, panels, sample) and to play it at a table in tests
RULESET_AUTHOR_SURFACE = {
    # declaring a ruleset
    "Ruleset",
    "CommandSpec",
    "CommandOf",
    "command_table",
    "Authority",
    "Context",
    "Controller",
    "Batch",
    "DiceService",
    "Event",
    "EventData",
    "declare_events",
    "gm_field",
    "form_schema",
    "Words",
    "Description",
    "Audience",
    "Prompt",
    "PromptOption",
    "FreeAnswer",
    "LegalCommand",
    "Offers",
    "Panel",
    "Role",
    "Seat",
    "SeatJoined",
    "Viewer",
    "RollRecord",
    "Command",
    "SampleSession",
    "SampleStep",
    # playing it
    "Table",
    "TableSettings",
    "PhysicalDice",
    "available",
    "get_ruleset",
}

#: the engine's own workings: reachable from their modules, never part of the surface
INTERNALS = {
    "OfferMenu",
    "LegalPool",
    "prompt_commands",
    "MenuItem",
    "Offer",
    "Answers",
    "LogEntry",
    "log_entries",
}


def test_engine_all__is_the_curated_surface_a_ruleset_author_uses() -> None:
    import capeworks.engine as engine

    assert set(engine.__all__) == RULESET_AUTHOR_SURFACE, (
        f"added: {sorted(set(engine.__all__) - RULESET_AUTHOR_SURFACE)}, "
        f"dropped: {sorted(RULESET_AUTHOR_SURFACE - set(engine.__all__))}"
    )
    assert not INTERNALS & set(engine.__all__)
    assert len(engine.__all__) == len(set(engine.__all__))


def test_the_example_ruleset_needs_nothing_but_the_surface() -> None:
    """examples/stunts, an outside package, imports from capeworks only the curated names.

    ``capeworks.engine`` (its ``__all__``), ``capeworks.errors``, the CLI helpers
    its ``cli`` module uses, and ``capeworks.engine.testing`` in its tests.
    """
    import ast
    from pathlib import Path

    import capeworks.engine as engine

    allowed_modules = {"capeworks.engine", "capeworks.errors", "capeworks.engine.testing"}
    cli_modules = {"capeworks.cli.plugin", "capeworks.cli.output"}
    example = Path(__file__).resolve().parents[1] / "examples" / "stunts"
    for path in sorted(example.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("capeworks."):
                continue
            module = node.module or ""
            if path.name == "cli.py" and module in cli_modules:
                continue
            assert module in allowed_modules, f"{path.name} imports {module}"
            if module == "capeworks.engine":
                outside = [a.name for a in node.names if a.name not in engine.__all__]
                assert not outside, f"{path.name} imports {outside}, which capeworks.engine does not export"
