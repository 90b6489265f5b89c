"""A fight run, written down: the system, the sides (sheets inline), policies, rules config, seed and count.

A :class:`FightSpec` is what a report saves and what ``capeworks lab fight --spec``
reads back, so a run is reproduced from its spec and seed alone. Side files
are read when the spec is made and their sheets copied in: a later edit to a
file does not change a saved spec. Every problem is one sentence naming the
field (:func:`spec_error`), and nothing runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from capeworks.errors import InvalidCommand
from capeworks.lab.policy import Side

__all__ = ["MAX_FIGHTS", "CharacterSpec", "FightSpec", "SideSpec", "load_side", "load_yaml", "spec_error"]

#: the most fights one run (or one sweep variant, or one --check) may ask for
MAX_FIGHTS = 100_000_000


class CharacterSpec(BaseModel):
    """One character: a sample by name, or a sheet; and how the policy plays it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sample: str | None = None
    sheet: dict[str, Any] | None = None
    play: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one(self) -> CharacterSpec:
        if (self.sample is None) == (self.sheet is None):
            raise ValueError("give a character either sample or sheet, not both or neither")
        return self


class SideSpec(BaseModel):
    """One side: a name and its characters (one or more)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    characters: list[CharacterSpec] = Field(min_length=1, max_length=20)


class FightSpec(BaseModel):
    """Everything a run needs: reproducible from this and nothing else."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: str = "weaverdice"
    sides: list[SideSpec] = Field(min_length=2, max_length=8)
    #: a policy name per side (missing: the system's default)
    policies: list[str] = Field(default_factory=list)
    config: dict[str, Any] = Field(default_factory=dict)
    n: int = Field(default=1000, ge=1, le=MAX_FIGHTS)
    seed: int = Field(default=1, ge=0, le=2**63 - 1)
    max_rounds: int = Field(default=20, ge=1, le=1000)

    def side_objects(self, samples: Mapping[str, Mapping[str, Any]]) -> list[Side]:
        """The sides as the play loop takes them (samples looked up in ``samples``)."""
        out = []
        for i, side in enumerate(self.sides):
            sheets = []
            for k, c in enumerate(side.characters):
                if c.sample is not None:
                    if c.sample not in samples:
                        known = ", ".join(sorted(samples))
                        raise InvalidCommand(
                            f"sides.{i}.characters.{k}.sample: there is no sample {c.sample!r} "
                            f"(known: {known})."
                        )
                    sheets.append(dict(samples[c.sample]))
                else:
                    sheets.append(dict(c.sheet or {}))
            out.append(
                Side(name=side.name, sheets=tuple(sheets), play=tuple(c.play for c in side.characters))
            )
        return out


def spec_error(e: ValidationError, what: str) -> InvalidCommand:
    """A pydantic error as one sentence naming the field."""
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or what
    msg = str(err["msg"]).removeprefix("Value error, ").rstrip(".")
    return InvalidCommand(f"{what} field {where}: {msg}.")


def load_yaml(path: Path) -> Any:
    """A YAML (or JSON) file's data; one sentence if it cannot be read."""
    import yaml

    if not path.is_file():  # a missing file is not one that "is not readable YAML"
        raise InvalidCommand(f"There is no file {str(path)!r}.")
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise InvalidCommand(f"The file {path.name} is not readable YAML or JSON.") from e


def load_side(source: str) -> SideSpec:
    """A side from ``sample:NAME[,NAME...]``, or a YAML/JSON file holding a side
    (``name``, ``characters``) or a single character sheet."""
    if source.startswith("sample:"):
        names = [n.strip() for n in source[len("sample:") :].split(",") if n.strip()]
        if not names:
            raise InvalidCommand("sample: names at least one sample sheet, like sample:thug,thug.")
        return SideSpec(name="+".join(names), characters=[CharacterSpec(sample=n) for n in names])
    path = Path(source)
    if not path.is_file():  # a mistyped sample: "ramjet", "samples:ramjet"
        raise InvalidCommand(f"There is no file {source!r}; a side is a YAML/JSON file or sample:NAME.")
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise InvalidCommand(f"The file {path.name} holds neither a side nor a character sheet.")
    try:
        if "characters" in data:
            return SideSpec.model_validate({"name": path.stem, **data})
        play = data.pop("play", {}) if isinstance(data.get("play"), dict) else {}
        return SideSpec(
            name=str(data.get("name", path.stem)), characters=[CharacterSpec(sheet=data, play=play)]
        )
    except ValidationError as e:
        raise spec_error(e, f"The side in {path.name}") from e
