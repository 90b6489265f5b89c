"""RWYN's and Capes' handlers read the rules config from their context, not from the state.

The engine hands every handler the table's config in ``ctx.config``; the state's
``config`` field stays for what the engine gives the state alone (prompts, offers,
panels, words and the fold), and for the snapshots that hold it. A handler run with
a context whose config differs from the state's follows the context.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from capeworks.engine import Context, Event
from capeworks.engine.dice_service import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn import gm, roster
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.events import CheckCalled
from tests.systems.rwyn.helpers import state, table

SYSTEMS = Path(__file__).resolve().parents[2] / "src" / "capeworks" / "systems"


def _handlers_reading_state_config(package: str) -> list[str]:
    """``path:line function`` for each read of ``<...>state.config`` inside a function given a context."""
    found = []
    for path in sorted((SYSTEMS / package).rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, ast.FunctionDef):
                continue
            if not {"context", "ctx"} & {a.arg for a in (*fn.args.args, *fn.args.kwonlyargs)}:
                continue
            for node in ast.walk(fn):
                reads = isinstance(node, ast.Attribute) and node.attr == "config"
                if reads and ast.unparse(node).endswith("state.config"):
                    found.append(f"{path.name}:{node.lineno} {fn.name}")
    return found


@pytest.mark.parametrize("package", ["rwyn", "capes"])
def test_no_handler_reads_the_config_from_the_state(package: str) -> None:
    assert _handlers_reading_state_config(package) == []


def _context(d: object, config: RwynConfig) -> Context[RwynConfig]:
    t = d.table  # type: ignore[attr-defined]
    gm_seat = next(s for s in t.seats if s.id == "gm")
    return Context(actor=gm_seat, seats=tuple(t.seats), config=config)


def test_enemy_move__deals_the_default_harm_of_the_context_config() -> None:
    d = table(characters={"ada": {"abilities": "Brawling:2"}}, gm_sets_difficulty=True)
    s = state(d)
    assert s.config.default_harm == 1
    move = cmd.EnemyMove(character="ada", ability="Brawling", difficulty=2, move="a shove")
    out = gm.enemy_move(
        s, _context(d, s.config.model_copy(update={"default_harm": 4})), move, DiceService.seeded(1)
    )
    assert isinstance(out, list)
    called = out[0]
    assert isinstance(called, Event) and isinstance(called.payload, CheckCalled)
    assert called.payload.call.harm == 4


def test_set_ability__checks_the_rating_against_the_context_config() -> None:
    d = table(characters={"ada": {"abilities": "Brawling:2"}})
    s = state(d)
    assert s.config.ability_max < 9
    ruling = cmd.SetAbility(character="ada", ability="Brawling", rating=9)
    with pytest.raises(RuleViolation):
        roster.set_ability(s, _context(d, s.config), ruling, DiceService.seeded(1))
    wider = s.config.model_copy(update={"ability_max": 10})
    out = roster.set_ability(s, _context(d, wider), ruling, DiceService.seeded(1))
    assert isinstance(out, list) and out
