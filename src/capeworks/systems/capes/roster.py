"""The roster: characters made freeform, by Click-and-Lock, from the samples; Exemplars.

Rule IDs: CAPES-SCENE-006 (new characters on the spot), CAPES-CHAR-002 (changes
only between Scenes), CAPES-CHAR-005/015 (via :mod:`.building`),
CAPES-CHAR-011 (Exemplars: one free, more only shared), CAPES-RSRC-003 (start Debt).
"""

from __future__ import annotations

from itertools import count

from capeworks.engine import DiceService, Event
from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.building import (
    click_and_lock,
    freeform,
    parse_drives,
    parse_list,
    parse_rated,
    with_exemplar,
)
from capeworks.systems.capes.characters import sample, samples
from capeworks.systems.capes.commands import AddExemplar, AddSample, CreateClickAndLock, CreateFreeform
from capeworks.systems.capes.common import Ctx, event, find_character, takes
from capeworks.systems.capes.sheet import STACK, CharacterSheet, Drive, Exemplar, slug
from capeworks.systems.capes.state import CapesState, CharacterState

__all__ = [
    "add_exemplar",
    "add_sample",
    "apply_character_added",
    "can_add_exemplar",
    "can_add_sample",
    "can_create",
    "check_exemplar",
    "create_click_and_lock",
    "create_freeform",
]


def _check_name(state: CapesState, key: str, name: str, *, replace: bool) -> CharacterState | None:
    """The character a new sheet keyed ``key`` replaces (None: a new one), or the refusal: a new
    character may come in at any time, even mid-Scene (CAPES-SCENE-006, src 58), an old one is remade
    only between Scenes (CAPES-CHAR-002)."""
    existing = state.roster.get(key)
    if existing is not None and not replace:
        raise RuleViolation("CAPES-SCENE-006", f"There already is a character called {name}.")
    if existing is not None and state.scene is not None:
        raise RuleViolation(
            "CAPES-CHAR-002", f"{name} can only be changed between Scenes, not while one is played."
        )
    return existing


def _check_new(state: CapesState, sheet: CharacterSheet, *, replace: bool) -> CharacterState | None:
    """The character ``sheet`` replaces (None: a new one), or the refusal (:func:`_check_name`)."""
    return _check_name(state, sheet.key, sheet.name, replace=replace)


def can_create(state: CapesState) -> bool:
    """Would the table take some character of a player's own making (create_character,
    create_click_and_lock): one under a name nobody has yet, or an old one remade?"""
    fresh = next(f"New character {n}" for n in count(1) if slug(f"New character {n}") not in state.roster)
    return takes(_check_name, state, slug(fresh), fresh, replace=False) or any(
        takes(_check_name, state, key, char.sheet.name, replace=True) for key, char in state.roster.items()
    )


def can_add_sample(state: CapesState) -> bool:
    """Would the table take some sample character into the roster (one not there yet)?"""
    return any(takes(_check_new, state, sheet, replace=False) for sheet in samples().values())


def _placed_debt(existing: CharacterState | None, sheet: CharacterSheet, placing: str) -> dict[str, int]:
    """Where a remade character's Debt on pools its new sheet lacks goes, or the refusal.

    Debt is the character's, earned by using its powers (src 149, 183), not the sheet's: remaking it
    between Scenes (CAPES-CHAR-002, src 214-215: "fill in additional detail later") keeps every
    token. Debt on a Drive the new sheet keeps stays there; the rest goes on the one stack of a sheet
    without Drives (src 236), or on the new Drives where the player says (``debt=``, src 151: "any of
    your Drives"). Refusing the remake while Debt stands would bar the very step src 235's "(yet)"
    invites: giving an undifferentiated character its Drives.
    """
    pools = sheet.pools()
    orphaned = {p: n for p, n in (existing.debt.items() if existing else ()) if n and p not in pools}
    total = sum(orphaned.values())
    held = ", ".join(f"{n} on {p}" for p, n in orphaned.items())
    if not sheet.drives:
        if placing:
            raise RuleViolation(
                "CAPES-CHAR-002",
                f"{sheet.name} has no Drives: its Debt goes on its one stack by itself; drop debt=.",
            )
        return {STACK: total} if total else {}
    moved = _read_placing(sheet, placing)
    if not total:
        if moved:
            raise RuleViolation(
                "CAPES-CHAR-002",
                f"{sheet.name} keeps all its Debt where it is; there is none to place: drop debt=.",
            )
        return {}
    if not moved:
        raise RuleViolation(
            "CAPES-CHAR-002",
            f"{sheet.name} holds Debt the new sheet has no place for ({held}); it stays the character's: "
            f"say which Drives take those {total}, like debt={pools[0]}:{total}.",
        )
    if sum(moved.values()) != total:
        raise RuleViolation(
            "CAPES-CHAR-002",
            f"{sheet.name} has {total} Debt to place ({held}); debt= places {sum(moved.values())}.",
        )
    return moved


def _read_placing(sheet: CharacterSheet, placing: str) -> dict[str, int]:
    """``debt=fear:3,pride:1`` read against the new sheet's Drives, or the refusal."""
    moved: dict[str, int] = {}
    for item in parse_list(placing):
        name, amount = parse_rated(item)
        pool = slug(name)
        if pool not in sheet.pools():
            raise RuleViolation(
                "CAPES-CHAR-002",
                f"{sheet.name}'s new sheet has no Drive {name.strip()!r}; its Drives: "
                f"{', '.join(sheet.pools())}.",
            )
        if not amount.strip().isdigit() or int(amount) < 1:
            raise RuleViolation("CAPES-CHAR-002", f"Put 1 or more Debt on {pool}, like {pool}:2.")
        moved[pool] = moved.get(pool, 0) + int(amount)
    return moved


def _added(
    state: CapesState, actor: str, sheet: CharacterSheet, *, replace: bool, debt: str = ""
) -> list[Event]:
    existing = _check_new(state, sheet, replace=replace)
    creator = existing.creator if existing is not None else actor
    return [
        event(
            "character_added",
            sheet=sheet.model_dump(mode="json"),
            creator=creator,
            player=actor,
            start_debt_if_super=True,
            moved_debt=_placed_debt(existing, sheet, debt),
        )
    ]


def add_sample(state: CapesState, ctx: Ctx, cmd: AddSample, dice: DiceService) -> list[Event]:
    """A sample character joins the roster."""
    actor = ctx.actor.id
    sheet = sample(cmd.name)
    if sheet is None:
        known = ", ".join(sheet.name for sheet in samples().values())
        raise NotFound(f"There is no sample character called {cmd.name!r}. Known: {known}.")
    return _added(state, actor, sheet, replace=False)


def create_freeform(state: CapesState, ctx: Ctx, cmd: CreateFreeform, dice: DiceService) -> list[Event]:
    """A character made by the freeform method."""
    actor = ctx.actor.id
    sheet = freeform(
        cmd.name,
        attitudes=parse_list(cmd.attitudes),
        styles=parse_list(cmd.styles),
        powers=parse_list(cmd.powers),
        skills=parse_list(cmd.skills),
        super_styles=parse_list(cmd.super_styles),
        drives=parse_drives(cmd.drives),
        non_person=cmd.non_person,
        free_conflict=cmd.free_conflict,
    )
    return _added(state, actor, sheet, replace=cmd.replace, debt=cmd.debt)


def create_click_and_lock(
    state: CapesState, ctx: Ctx, cmd: CreateClickAndLock, dice: DiceService
) -> list[Event]:
    """A character made from a Power/Skill Set and a Persona."""
    actor = ctx.actor.id
    sheet = click_and_lock(
        cmd.name,
        set_key=cmd.module,
        persona_key=cmd.persona,
        cross_out=parse_list(cmd.cross_out),
        drives=parse_drives(cmd.drives),
        order=parse_list(cmd.order),
    )
    return _added(state, actor, sheet, replace=cmd.replace, debt=cmd.debt)


def _require_between_scenes(state: CapesState, name: str) -> None:
    """A sheet is changed only between Scenes (CAPES-CHAR-002, src 215)."""
    if state.scene is not None:
        raise RuleViolation("CAPES-CHAR-002", f"{name} can only be changed between Scenes.")


def check_exemplar(state: CapesState, cmd: AddExemplar) -> tuple[CharacterState, CharacterSheet]:
    """The character given an Exemplar and its new sheet, or the refusal.

    The add_exemplar handler's checks (CAPES-CHAR-011, CAPES-CHAR-002, CAPES-DEBT-006); the menu asks
    them too (:func:`can_add_exemplar`). A second Exemplar is shared with a character "made or mostly
    played by different players" (src 255): the table knows who made each character, and who chose it
    in each Scene (:attr:`.CharacterState.mostly_played_by`: the player with the most Scenes in it, its
    maker while nobody leads), so two characters of one maker may share when different players have
    mostly played them. Choices in older logs were not counted.
    """
    key = find_character(state, cmd.character)
    char = state.roster[key]
    _require_between_scenes(state, char.sheet.name)
    try:
        drive = Drive(slug(cmd.drive))
    except ValueError:
        raise RuleViolation("CAPES-DEBT-006", f"There is no Drive called {cmd.drive!r}.") from None
    if char.sheet.exemplars:
        if not cmd.shared_with:
            raise RuleViolation(
                "CAPES-CHAR-011",
                f"{char.sheet.name} already has its free Exemplar; a further one must be shared "
                "with another player's character that already has it.",
            )
        other_key = find_character(state, cmd.shared_with)
        other = state.roster[other_key]
        # src 255: "made or mostly played by different players": either will do
        if other.creator == char.creator and other.mostly_played_by == char.mostly_played_by:
            raise RuleViolation(
                "CAPES-CHAR-011",
                "A shared Exemplar must be shared with a character made, or mostly played, by a "
                f"different player: {state.name(char.creator)} made both, and "
                f"{state.name(char.mostly_played_by)} has played both the most.",
            )
        if not any(slug(e.character) == slug(cmd.exemplar) for e in other.sheet.exemplars):
            raise RuleViolation(
                "CAPES-CHAR-011", f"{other.sheet.name} does not have {cmd.exemplar} as an Exemplar to share."
            )
    sheet = with_exemplar(
        char.sheet, Exemplar(character=cmd.exemplar, drive=drive, root=cmd.root, shared_with=cmd.shared_with)
    )
    return char, sheet


def can_add_exemplar(state: CapesState) -> bool:
    """Would the table take some Exemplar for some character in the roster: its free one, or one shared
    with another character that has it?"""
    if not takes(_require_between_scenes, state, "A character"):  # asked first: no fill can pass
        return False
    shared = [(key, e.character) for key, c in state.roster.items() for e in c.sheet.exemplars]
    fills = [
        AddExemplar(character=key, exemplar=name, drive=drive.value, shared_with=other)
        for key in state.roster
        for drive in Drive
        for other, name in [("", "An Exemplar"), *shared]
    ]
    return any(takes(check_exemplar, state, f) for f in fills)


def add_exemplar(state: CapesState, ctx: Ctx, cmd: AddExemplar, dice: DiceService) -> list[Event]:
    """An Exemplar for one of a character's Drives (CAPES-CHAR-011)."""
    actor = ctx.actor.id
    char, sheet = check_exemplar(state, cmd)
    return [event("character_added", sheet=sheet.model_dump(mode="json"), creator=char.creator, player=actor)]


def apply_character_added(state: CapesState, data: ev.CharacterAdded) -> CapesState:
    """Put a new or changed sheet in the roster; Debt stays on the pools that remain."""
    sheet = CharacterSheet.model_validate(data.sheet)
    old = state.roster.get(sheet.key)
    pools = sheet.pools()
    if old is None:
        debt = {p: 0 for p in pools}
        # CAPES-RSRC-003: start_debt for a character who can owe it: a normal person, with no power
        # to use, has no Debt (src 44, 148-149; older logs' events gave it to everyone)
        if pools and state.config.start_debt and (sheet.super_powered or not data.start_debt_if_super):
            debt[pools[0]] = state.config.start_debt
    else:
        # a remake keeps the character's Debt: what sat on pools the new sheet lacks was placed at decide
        # time (``moved_debt``); older logs' remakes dropped it, and fold as they did
        debt = {p: old.debt.get(p, 0) + data.moved_debt.get(p, 0) for p in pools}
    played = old.played if old is not None else {}
    char = CharacterState(sheet=sheet, creator=str(data.creator), debt=debt, played=played)
    return state.model_copy(update={"roster": {**state.roster, sheet.key: char}})
