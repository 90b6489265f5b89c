"""`capeworks rwyn ...`: Roll When You Need from the terminal — exact odds, one-off rolls, sample characters.

Table play (checks, sacrifices, effects, stress) goes through the generic
``capeworks table`` commands; these are the RWYN-only helpers. JSON shapes
(``--json``):

* odds: ``{"config": {...}, "plan": {...}, "sacrifice": str, "success": {"fraction", "p"},
  "expected_effects": {...}, "kept_successes": {"<n>": {...}}, "disaster_successes": {"<n>": {...}},
  "any_disaster": {...}, "mixed": {...}, "mixed_success": {...}, "mixed_failure": {...},
  "critical": {"success": {...}, "failure": {...}}}``
* roll: ``{"plan": {...}, "ability_faces": [int], "auto_successes": int, "successes": int,
  "sacrificed": int, "kept": int, "disaster_faces": [int], "disaster_successes": int, "success": bool,
  "effects": int, "mixed": bool, "critical": str | null}``
* characters: ``{"characters": [{"key", "name", "concept", "abilities", "qualities", "talents"}]}``
"""

from __future__ import annotations

import json
from typing import Any

import typer
from pydantic import ValidationError
from rich.table import Table

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.cli.plugin import CliPlugin
from capeworks.dice.source import GivenDice
from capeworks.engine import DiceService
from capeworks.engine.table import describe_validation_error
from capeworks.errors import InvalidCommand, NotFound
from capeworks.systems.rwyn import checks as ck
from capeworks.systems.rwyn.characters import SAMPLE_CHARACTERS
from capeworks.systems.rwyn.config import RwynConfig, Variant, preset
from capeworks.systems.rwyn.odds import SacrificePolicy, odds
from capeworks.systems.rwyn.pool import PoolPlan, build_pool, check_difficulty, disaster_pool
from capeworks.systems.rwyn.render import faces_text
from capeworks.systems.rwyn.sheet import Character
from capeworks.systems.rwyn.tables import difficulty_label, plural

__all__ = [
    "PLUGIN",
    "characters_command",
    "characters_payload",
    "make_config",
    "odds_command",
    "odds_payload",
    "roll_command",
    "roll_payload",
    "rwyn_app",
]

rwyn_app = typer.Typer(
    add_completion=False,
    help="Roll When You Need: exact odds, one-off rolls, sample characters.",
    no_args_is_help=True,
)

_VARIANT_HELP = "A designer variant (repeatable): " + ", ".join(v.value for v in Variant) + "."
_SET_HELP = "Any config value as KEY=VALUE (repeatable), e.g. --set mixed_counts_disaster_ones=true."


def make_config(variants: list[str] | None, settings: list[str] | None) -> RwynConfig:
    """A config from variant names and KEY=VALUE overrides (values read as JSON when they parse)."""
    overrides: dict[str, Any] = {}
    for item in settings or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise InvalidCommand(f"Write config settings as KEY=VALUE, not {item!r}.")
        try:
            overrides[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            overrides[key.strip()] = raw
    for v in variants or []:
        if v not in {x.value for x in Variant}:
            raise InvalidCommand(f"There is no variant {v!r}. Known: {', '.join(x.value for x in Variant)}.")
    try:
        return preset(*(variants or []), **overrides)
    except ValidationError as e:
        raise InvalidCommand(describe_validation_error("the Roll When You Need config", e)) from None


def _plan(
    ability: int, difficulty: int, config: RwynConfig, *, bonus: int, drawback: int, time: int
) -> PoolPlan:
    """The pool of a one-off check, refused the way a table refuses it (RWYN-POOL-001)."""
    if ability > 60 or bonus > 60 or drawback > 60:
        raise InvalidCommand("Pools above 60 dice are not supported here.")
    check_difficulty(difficulty, config.impossible_max)
    return build_pool(ability, difficulty, config, bonus_dice=bonus, drawback_dice=drawback, time=time)


def odds_payload(
    *,
    ability: int,
    difficulty: int,
    config: RwynConfig,
    sacrifice: str = "none",
    bonus: int = 0,
    drawback: int = 0,
    time: int = 0,
) -> dict[str, Any]:
    """The JSON document for `rwyn odds`."""
    try:
        policy = SacrificePolicy(sacrifice)
    except ValueError:
        known = ", ".join(p.value for p in SacrificePolicy)
        raise InvalidCommand(f"--sacrifice must be one of {known}.") from None
    plan = _plan(ability, difficulty, config, bonus=bonus, drawback=drawback, time=time)
    return {"config": config.model_dump(mode="json"), **odds(plan, config, sacrifice=policy).to_dict()}


def _given(text: str) -> list[int]:
    return list(GivenDice.parse(text).remaining)


def roll_payload(
    *,
    ability: int,
    difficulty: int,
    config: RwynConfig,
    dice: str | None = None,
    seed: int | None = None,
    sacrifice: int = 0,
    bonus: int = 0,
    drawback: int = 0,
    time: int = 0,
) -> dict[str, Any]:
    """One roll: ability dice, the sacrifice, disaster dice, then the judgement (RWYN-SAC-001's order)."""
    plan = _plan(ability, difficulty, config, bonus=bonus, drawback=drawback, time=time)
    service = DiceService.given(_given(dice)) if dice else DiceService.seeded(seed if seed is not None else 0)
    who = Character(id="roll", name="Roll", owner="cli")
    first = service.roll(plan.ability_dice, config.die_size, purpose="ability dice")
    check = ck.start(
        check_id=1, character=who, kind=ck.CheckKind.TASK, ability="ability", plan=plan, faces=first.faces,
        config=config,
    )  # fmt: skip
    if sacrifice:
        check = ck.apply_sacrifice(check, sacrifice)
    if plan.disaster_nominal:
        left = disaster_pool(plan, check.sacrificed, config)
        check = ck.with_disaster(
            check, service.roll(left.dice, config.die_size, purpose="disaster").faces, config
        )
    service.finish()
    check = ck.finish(check, who, config)
    return {
        "plan": plan.model_dump(mode="json"),
        "ability_faces": list(check.ability_faces),
        "auto_successes": plan.auto_successes,
        "successes": check.successes,
        "sacrificed": check.sacrificed,
        "kept": check.kept,
        "disaster_faces": list(check.disaster_faces or ()),
        "disaster_auto": check.disaster_auto,
        "disaster_successes": check.disaster_successes,
        "success": bool(check.success),
        "effects": check.effects_needed,
        "mixed": check.mixed,
        "critical": check.crit.value if check.crit else None,
    }


def characters_payload(key: str | None = None) -> dict[str, Any]:
    """The JSON document for `rwyn characters`."""
    keys = [key.lower()] if key else list(SAMPLE_CHARACTERS)
    out = []
    for k in keys:
        c = SAMPLE_CHARACTERS.get(k)
        if c is None:
            raise NotFound(f"There is no sample character {k!r}. Known: {', '.join(SAMPLE_CHARACTERS)}.")
        out.append(
            {
                "key": k,
                "name": c.name,
                "concept": c.concept,
                "abilities": dict(c.abilities),
                "qualities": list(c.qualities),
                "talents": list(c.talents),
            }
        )
    return {"characters": out}


def _pct(d: dict[str, Any]) -> str:
    return f"{d['p'] * 100:6.2f}%  ({d['fraction']})"


_ABILITY = typer.Option(..., "--ability", "-a", help="Ability rating = pool size (0 or more).")
_DIFFICULTY = typer.Option(
    ..., "--difficulty", "-d", help="Difficulty, 1 (Simple) to 5 (Hard); 6+ Impossible."
)
_VARIANT = typer.Option(None, "--variant", help=_VARIANT_HELP)
_SET = typer.Option(None, "--set", help=_SET_HELP)
_BONUS = typer.Option(0, "--bonus", help="Extra pool dice (a quality's benefit).")
_DRAWBACK = typer.Option(0, "--drawback", help="Extra disaster dice (a quality's drawback).")
_TIME = typer.Option(0, "--time", help="Automatic successes for taking your time (take_your_time variant).")


@rwyn_app.command("odds")
def odds_command(
    ability: int = _ABILITY,
    difficulty: int = _DIFFICULTY,
    variant: list[str] | None = _VARIANT,
    setting: list[str] | None = _SET,
    sacrifice: str = typer.Option("none", "--sacrifice", help="Assumed sacrifice: none, keep_one or all."),
    bonus: int = _BONUS,
    drawback: int = _DRAWBACK,
    time: int = _TIME,
    json_out: bool = JSON_OPTION,
) -> None:
    """The exact odds of a check before rolling it: success, effects, disaster successes, mixed."""

    def go() -> dict[str, Any]:
        cfg = make_config(variant, setting)
        return odds_payload(
            ability=ability, difficulty=difficulty, config=cfg, sacrifice=sacrifice, bonus=bonus,
            drawback=drawback, time=time,
        )  # fmt: skip

    data = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(data)
        return
    plan = data["plan"]
    console.print(
        f"Ability {plan['rating']} vs difficulty {plan['difficulty']} "
        f"({difficulty_label(plan['difficulty'], plan.get('ladder_top', 0))}): "
        f"{plan['ability_dice']} dice"
        + (
            f" + {plan['cap_auto'] + plan['time_auto']} automatic"
            if plan["cap_auto"] + plan["time_auto"]
            else ""
        )
        + (
            f", {plan['disaster_nominal']} disaster {'die' if plan['disaster_nominal'] == 1 else 'dice'}"
            if plan["disaster_nominal"]
            else ", no disaster dice"
        )
        + f"; sacrifice: {data['sacrifice']}",
        highlight=False,
    )
    table = Table("", "chance")
    table.add_row("success (at least one kept success)", _pct(data["success"]))
    table.add_row(
        "expected effects", f"{data['expected_effects']['p']:.3f}  ({data['expected_effects']['fraction']})"
    )
    table.add_row("any disaster success", _pct(data["any_disaster"]))
    for n, p in data["disaster_successes"].items():
        table.add_row(f"  exactly {plural(n, 'disaster success')}", _pct(p))
    table.add_row("mixed result", _pct(data["mixed"]))
    table.add_row(
        "  mixed success / mixed failure", f"{_pct(data['mixed_success'])} / {_pct(data['mixed_failure'])}"
    )
    table.add_row("critical success", _pct(data["critical"]["success"]))
    table.add_row("critical failure", _pct(data["critical"]["failure"]))
    console.print(table)


@rwyn_app.command("roll")
def roll_command(
    ability: int = _ABILITY,
    difficulty: int = _DIFFICULTY,
    dice: str | None = typer.Option(
        None,
        "--dice",
        help="Physical dice in order: ability dice, then the disaster dice left after --sacrifice, "
        "e.g. '6,5,2,5' for -a 3 -d 5 --sacrifice 1.",
    ),
    seed: int | None = typer.Option(None, "--seed", help="Seed for reproducible dice."),
    sacrifice: int = typer.Option(0, "--sacrifice", help="Successes to sacrifice against disaster dice."),
    variant: list[str] | None = _VARIANT,
    setting: list[str] | None = _SET,
    bonus: int = _BONUS,
    drawback: int = _DRAWBACK,
    time: int = _TIME,
    json_out: bool = JSON_OPTION,
) -> None:
    """Roll one check and show every die, successes, disaster successes and whether it is mixed."""

    def go() -> dict[str, Any]:
        cfg = make_config(variant, setting)
        return roll_payload(
            ability=ability, difficulty=difficulty, config=cfg, dice=dice, seed=seed, sacrifice=sacrifice,
            bonus=bonus, drawback=drawback, time=time,
        )  # fmt: skip

    data = run_guarded(go, as_json=json_out)
    if json_out:
        emit_json(data)
        return
    auto = f" + {data['auto_successes']} automatic" if data["auto_successes"] else ""
    console.print(
        f"Ability dice {faces_text(data['ability_faces'])}{auto}: {plural(data['successes'], 'success')}",
        highlight=False,
    )
    if data["sacrificed"]:
        console.print(f"Sacrificed {data['sacrificed']}: {data['kept']} kept", highlight=False)
    if data["plan"]["disaster_nominal"]:
        console.print(
            f"Disaster dice {faces_text(data['disaster_faces'])}"
            + (f" + {data['disaster_auto']} automatic" if data["disaster_auto"] else "")
            + ": "
            + plural(data["disaster_successes"], "disaster success"),
            highlight=False,
        )
    verdict = "Success" if data["success"] else "Failure"
    extras = [plural(data["effects"], "effect")] if data["success"] else []
    if data["mixed"]:
        extras.append("mixed")
    if data["critical"]:
        extras.append(f"critical {data['critical']}")
    console.print(f"{verdict}" + (f": {', '.join(extras)}" if extras else "") + ".", highlight=False)


@rwyn_app.command("characters")
def characters_command(
    key: str | None = typer.Argument(None, help="Show one sample character (ada, rook, vesper)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """List the shipped sample characters, or show one."""
    data = run_guarded(lambda: characters_payload(key), as_json=json_out)
    if json_out:
        emit_json(data)
        return
    for c in data["characters"]:
        console.print(f"[bold]{c['name']}[/] ({c['key']}): {c['concept']}")
        if key:
            console.print("  " + ", ".join(f"{a} {r}" for a, r in c["abilities"].items()), highlight=False)
            console.print("  qualities: " + "; ".join(c["qualities"]), highlight=False)
            console.print("  talents: " + "; ".join(c["talents"]), highlight=False)


#: this ruleset's CLI: the ``capeworks.cli`` entry point names it, so it loads only when typed
PLUGIN = CliPlugin(app=rwyn_app)
