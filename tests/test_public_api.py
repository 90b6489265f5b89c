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
