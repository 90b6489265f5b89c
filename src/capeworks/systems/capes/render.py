"""Words for Capes: every event for the log (per viewer), and every prompt's question.

Rendering lives here, never in the rules. Each event type declared in
:mod:`capeworks.systems.capes.events` has words here, read from its typed
payload; seat and character ids are shown by the display names the event
carries. :data:`WORDS` is the ruleset's renderer table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from capeworks.engine import Description, Event, Panel, Viewer
from capeworks.engine.render import sentence
from capeworks.systems.capes import events as ev
from capeworks.systems.capes.flow import whose_turn
from capeworks.systems.capes.queries import characters_on, overdrawn_pools, overdrawn_queue, owned_dice
from capeworks.systems.capes.sheet import STACK
from capeworks.systems.capes.state import CapesState, Conflict, PagePhase
from capeworks.systems.capes.tables import DRIVE_THEMES

__all__ = ["COMMAND_WORDS", "WORDS", "overdrawn_label", "panels", "question", "turn_words"]


def _names(p: ev.CapesEvent) -> Callable[[str], str]:
    return lambda key: p.names.get(key, key)


def _card(p: ev.CapesEvent, conflict: str) -> str:
    """A Conflict card as a person reads it: its label and what it is about, "c1 (The vault door
    holds)"; an older log's event, which carried no words for it, by its label alone."""
    title = p.names.get(ev.CARD + conflict)
    return f"{conflict} ({title})" if title else conflict


def _fields(p: ev.CapesEvent) -> dict[str, Any]:
    """The payload's fields, with seat and character ids replaced by their names, a Conflict card named
    by what it is about, and dice written as a player says them ("3, 2", not "(3, 2)")."""
    name = _names(p)
    data = {k: getattr(p, k) for k in type(p).model_fields}
    for key in ("player", "by", "to", "character", "starter"):
        if isinstance(data.get(key), str):
            data[key] = name(data[key])
    if isinstance(data.get("conflict"), str):
        data["conflict"] = _card(p, data["conflict"])
    for key, value in data.items():
        if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
            data[key] = ", ".join(map(str, value))
    return data


def _ability(p: ev.AbilityUsed) -> str:
    name = _names(p)
    what = "reacts with" if p.reaction else "uses"
    debt = f" (+1 Debt on {p.pool})" if p.super else " (mundane: Blocked for the Scene)"
    who = name(p.character)
    if p.mode == "inspiration":
        return f"{who} {what} {p.ability} {p.rating} to raise an Inspiration {p.value} to {p.value + 1}{debt}"
    named = f" ({p.label})" if p.label else ""  # the side's words, as the roller names it (CONF-002)
    return (
        f"{who} {what} {p.ability} {p.rating} on {_card(p, p.conflict)} side {p.side} die {p.die}, "
        f"helping side {p.help}{named}: {p.old} rolls {p.new}{debt}{_allies_with(who, p.conflict, p.help)}"
    )


def _allies_with(who: str, conflict: str, side: str) -> str:
    """The alliance a roll or a split-off makes, for every seat: rolling to help a side allies you with
    it, ending any other alliance in that Conflict (CAPES-CONF-004, src 83-84, 110)."""
    return f"; {who} is now allied with {conflict} side {side}"


def _split_off(p: ev.SplitOff) -> str:
    """The new side, its dice, and the splitter now allied with it (CAPES-SPLIT-005)."""
    who = _names(p)(p.character)
    label = f" ({p.label})" if p.label else ""
    dice = ", ".join(map(str, p.dice))
    return (
        f"{who} splits off side {p.new_side}{label} of {_card(p, p.conflict)} with dice {dice}"
        + _allies_with(who, p.conflict, p.new_side)
    )


def _settled(p: ev.Resolved | ev.Deadlocked, head: str, tokens: Sequence[str] = (), vanished: int = 0) -> str:
    """A Conflict settled (resolved or Deadlocked): Debt back, Story Tokens, Inspirations, failed Goals."""
    name = _names(p)
    parts = [head]
    if p.returned:
        parts.append(
            "debt back doubled: "
            + ", ".join(
                f"{name(r.character)} +{r.amount} {'Debt stack' if r.pool == STACK else r.pool}"
                for r in p.returned
            )
        )
    if tokens:
        parts.append(_tokens_given(tokens, name))
    if vanished:
        parts.append(f"{vanished} staked Debt vanishes")
    if p.inspirations:
        parts.append("Inspirations: " + ", ".join(f"{name(i.player)} {i.value}" for i in p.inspirations))
    if p.failed:  # a Goal its side did not resolve (src 123)
        parts.append("failed Goal for " + ", ".join(name(f.split("/")[0]) for f in p.failed))
    return "; ".join(parts) + "."


def _tokens_given(tokens: Sequence[str], name: Callable[[str], str]) -> str:
    """The Story Tokens a resolution gives, counted per player in the order given (the creator's
    first, src 135): "4 Story Tokens to Bea", "3 Story Tokens: 2 to Bea, 1 to Cal"."""
    counts = {t: tokens.count(t) for t in dict.fromkeys(tokens)}
    total = f"{len(tokens)} Story Token" + ("s" if len(tokens) > 1 else "")
    if len(counts) == 1:
        return f"{total} to {name(tokens[0])}"
    return f"{total}: " + ", ".join(f"{n} to {name(t)}" for t, n in counts.items())


def _resolved(p: ev.Resolved) -> str:
    head = f"{_names(p)(p.player)} resolves {p.conflict} ({p.title}) for side {p.winner}"
    return _settled(p, head, p.tokens, p.vanished)


def _deadlocked(p: ev.Deadlocked) -> str:
    """Who called it, each stake back doubled and each die's Inspiration (src 144-145)."""
    return _settled(p, f"{_names(p)(p.player)} declares {p.conflict} ({p.title}) Deadlocked")


def _gloated(p: ev.Gloated) -> str:
    """Which dice went to 1 (by face; an older log's Gloat knew only their places) and the tokens."""
    if not p.turned:  # the Claimant may stop at any point, even before the first die (CAPES-GLOAT-002)
        turned = "no die"
    elif p.values:
        turned = ", ".join(map(str, p.values))
    else:
        turned = "dice no. " + ", ".join(map(str, p.turned))
    tokens = {0: "no Story Token", 1: "1 Story Token"}.get(p.tokens, f"{p.tokens} Story Tokens")
    who, card = _names(p)(p.player), _card(p, p.conflict)
    return f"{who} gloats on {card} side {p.side}: {turned} turned to 1, {tokens}"


def _overdrawn(p: ev.OverdrawnRolled) -> str:
    """Only a lower roll is kept (src 147): the words say which face the die shows now."""
    kept = f"lower: the die now shows {p.new}" if p.kept else f"not lower: the die stays {p.old}"
    return (
        f"{_names(p)(p.character)}'s {p.pool} is Overdrawn: {_card(p, p.conflict)} side {p.side}"
        f" die {p.die}: "
        f"{p.old} rolls {p.new}, {kept}"
    )


def _inspired(p: ev.Inspired) -> str:
    """The die raised, and the Conflict the Inspiration was won on: the player narrates how that one
    bears on this (src 101, CAPES-ACT-004); one held from the start, or an older log's, names none."""
    won = f' won on "{p.source}"' if p.source and p.source != "start" else ""
    return (
        f"{_names(p)(p.player)} spends an Inspiration {p.value}{won}: {_card(p, p.conflict)} side {p.side} "
        f"die {p.die} "
        f"goes from {p.old} to {p.value}"
    )


def _price(paid: int) -> str:
    """What a bought character, claim, Conflict or Action cost (CAPES-RSRC-001); nothing when free."""
    return "" if not paid else " for a Story Token" if paid == 1 else f" for {paid} Story Tokens"


def _created(p: ev.ConflictCreated) -> str:
    """The price before the card's words, which the player typed and which end the line: "c3 for a Story
    Token: The mayor speaks", never "c3: The mayor speaks for a Story Token"."""
    both = " (both sides want it, each its own way)" if p.both_want else ""
    return f"{_names(p)(p.player)} creates {p.kind.value} {p.id}{_free(p)}{_price(p.paid)}: {p.text}{both}"


def _free(p: ev.ConflictCreated) -> str:
    """Why a Conflict added at Page start cost nothing: whose Free Conflict it is (src 86-87)."""
    kind, _, who = p.free_key.partition(":")
    names = [_names(p)(c) for c in who.split("+")] if who else []
    if kind == "exemplar" and len(names) == 2:
        return f", the Exemplar Free Conflict of {names[0]} and {names[1]}"
    if kind == "non_person" and names:
        return f", {names[0]}'s Free Conflict"
    return ""


_BOUGHT: dict[str, str] = {
    ev.CharacterChosen.TYPE: "{player} plays {character}",
    ev.Claimed.TYPE: "{player} claims side {side} of {conflict}",
    ev.ActionStarted.TYPE: "{player} acts with {character}",
}


_SIMPLE: dict[str, str] = {
    ev.ScenePassed.TYPE: "{player} passes the Scene to {to}",
    ev.CastingPassed.TYPE: "{player} picks no (more) characters",
    ev.SceneEndVoted.TYPE: "{player} votes to end the Scene",
    ev.SceneEnded.TYPE: "Scene {number} ends; stakes on open Conflicts come back",
    ev.SceneClosePassed.TYPE: "{player} wants no new Conflict",
    ev.SceneContinued.TYPE: "{player} wants a new Conflict: the Scene goes on",
    ev.PageBegun.TYPE: "Scene {scene}, Page {number}: {starter} starts",
    ev.ClaimsPassed.TYPE: "{player} makes no (more) claims",
    ev.Narrated.TYPE: "{player} narrates: {text}",
    ev.ActionsBegun.TYPE: "{player} begins the Actions",
    ev.ActionEnded.TYPE: "{player} ends {character}'s Action",
    ev.ActionsPassed.TYPE: "{player} buys no more Actions",
    ev.RollAccepted.TYPE: "{player} accepts: the die now shows {new}",
    ev.RollReverted.TYPE: "{player} turns the die back to {old}",
    ev.ReactionPassed.TYPE: "{player} does not react",
    ev.Split.TYPE: "Side {side} of {conflict}: a {value} splits into {parts}",
    ev.ConflictVetoed.TYPE: "{player} vetoes {conflict}",
}


def _scene_declared(p: Any) -> str:
    """A Scene declared, with what its declarer said of it, if anything (CAPES-SCENE-001)."""
    said = f": {p.text}" if p.text else ""
    return f"{_names(p)(p.player)} declares Scene {p.number}{said}"


def _character_added(p: Any) -> str:
    """A new sheet in the roster; a remake says where the Debt it had no pool for went (CAPES-CHAR-002)."""
    moved = ", ".join(f"{n} on {pool}" for pool, n in p.moved_debt.items())
    return f"{p.sheet.name} joins the roster" + (f"; its Debt is kept: {moved}" if moved else "")


def _staked(p: ev.Staked) -> str:
    """A stake, from a Drive or from an undifferentiated character's one Debt stack (CAPES-CHAR-009)."""
    f = _fields(p)
    pool = "its Debt stack" if p.pool == STACK else p.pool
    return f"{f['character']} stakes {p.amount} Debt from {pool} on {f['conflict']} side {p.side}"


def _stake_objected(p: ev.StakeObjected) -> str:
    """An objection: the Debt back on its Drive, and a split the stake paid for undone (CAPES-STAKE-003)."""
    f = _fields(p)
    # the staker's character is named: one player's two characters may each have staked on the card
    pool = "its Debt stack" if p.pool == STACK else p.pool
    undone = f"; side {p.side}'s split is undone, its dice back to {f['dice']}" if p.dice else ""
    return (
        f"{f['by']} objects to {f['character']}'s stake on {f['conflict']}: {p.amount} Debt back to "
        f"{pool}{undone}"
    )


_SPECIAL: dict[str, Callable[[Any], str]] = {
    ev.StakeObjected.TYPE: _stake_objected,
    ev.Staked.TYPE: _staked,
    ev.CharacterAdded.TYPE: _character_added,
    ev.SceneDeclared.TYPE: _scene_declared,
    ev.ConflictCreated.TYPE: _created,
    ev.AbilityUsed.TYPE: _ability,
    ev.Inspired.TYPE: _inspired,
    ev.Resolved.TYPE: _resolved,
    ev.Deadlocked.TYPE: _deadlocked,
    ev.OverdrawnRolled.TYPE: _overdrawn,
    ev.Gloated.TYPE: _gloated,
    ev.SplitOff.TYPE: _split_off,
}


def _characters(p: Any) -> tuple[str, ...]:
    character = getattr(p, "character", None)
    return (character,) if isinstance(character, str) and character else ()


def _template(template: str) -> Callable[[Any, Event, Viewer], Description]:
    def words(p: Any, event: Event, viewer: Viewer) -> Description:
        return Description(text=sentence(template.format(**_fields(p))), characters=_characters(p))

    return words


def _special(text: Callable[[Any], str]) -> Callable[[Any, Event, Viewer], Description]:
    def words(p: Any, event: Event, viewer: Viewer) -> Description:
        return Description(text=sentence(text(p)), characters=_characters(p))

    return words


def _bought(template: str) -> Callable[[Any], str]:
    """Words of an event that may have cost Story Tokens: its template and the price (src 36-37, 82, 94)."""
    return lambda p: template.format(**_fields(p)) + _price(p.paid)


#: event type -> the payload field holding what the player said with it: a roll's narration (src 191,
#: 203), the Resolver's and the Gloater's (src 116, 121, 206), a Deadlock's, a stake's reason and an
#: objection's (src 152)
_SAID: dict[str, str] = {
    ev.RollAccepted.TYPE: "text",
    ev.RollReverted.TYPE: "text",
    ev.Resolved.TYPE: "text",
    ev.Gloated.TYPE: "text",
    ev.Deadlocked.TYPE: "text",
    ev.Staked.TYPE: "why",
    ev.StakeObjected.TYPE: "reason",
}


def _saying(
    words: Callable[[Any, Event, Viewer], Description], field: str
) -> Callable[[Any, Event, Viewer], Description]:
    """The event's words followed by what the player said with it, quoted: every seat reads it."""

    def said(p: Any, event: Event, viewer: Viewer) -> Description:
        out = words(p, event, viewer)
        text = str(getattr(p, field, "") or "")
        return (
            out.model_copy(update={"text": sentence(f'{out.text.rstrip(".")} — "{text}"')}) if text else out
        )

    return said


_PLAIN = {
    **{t: _template(s) for t, s in _SIMPLE.items()},
    **{t: _special(_bought(s)) for t, s in _BOUGHT.items()},
    **{t: _special(f) for t, f in _SPECIAL.items()},
}

#: the rules' own lines, whichever player's choice or vote set them off: they name no seat (``actor``
#: ``""``); credited to the event's seat, the web log read "Cal: Scene 1, Page 1: Ann starts." as Cal's
_RULES_LINES = frozenset({ev.PageBegun.TYPE, ev.SceneEnded.TYPE})


def _rules_line(
    words: Callable[[Any, Event, Viewer], Description],
) -> Callable[[Any, Event, Viewer], Description]:
    def spoken(p: Any, event: Event, viewer: Viewer) -> Description:
        return words(p, event, viewer).model_copy(update={"actor": ""})

    return spoken


#: event type -> words for it (the ruleset's ``words``)
WORDS = {
    t: _rules_line(f) if t in _RULES_LINES else _saying(f, _SAID[t]) if t in _SAID else f
    for t, f in _PLAIN.items()
}


# -- prompts --------------------------------------------------------------------------------------

#: each Drive's theme by its pool name
_THEMES: dict[str, str] = {str(d.value): theme for d, theme in DRIVE_THEMES.items()}

_QUESTIONS: dict[str, Callable[..., str]] = {
    "turn": lambda name, what, **_: f"{name}: {what}.",
    "veto": lambda what, card, **_: f"Veto {what} {card}? (only now, as it is declared)",
    "veto_reason": lambda reason, **_: (
        "veto: the Goal is declared for your character"
        if reason == "a"
        else "veto: Gloat-prone (the table judges)"
    ),
    "object": lambda name, stakes, conflict, **_: _object_question(name, tuple(stakes), conflict),
    "and_then": lambda conflict, **_: f"And then: you control {conflict}; finish the narration.",
}


def _object_question(name: str, stakes: tuple[tuple[int, str, str], ...], conflict: str) -> str:
    """Whether to object to the open stakes (amount, pool, character's name) one objection to
    ``conflict`` takes back: every one of them is named and judged (CAPES-STAKE-003)."""
    staked = [
        # an undifferentiated character has no Drive, only "one big stack of Debt" (src 236): the
        # Conflict is judged for the character (src 152: "for that particular character")
        (f"{amount} Debt from {character}'s Debt stack", character)
        if pool == STACK
        # src 152: "morally charged for that particular character and Drive": both are named
        else (f"{amount} Debt from {character}'s {pool}", f"{character} and {pool}{_theme(pool)}")
        for amount, pool, character in stakes
    ]
    if len(staked) == 1:
        ((what, judged),) = staked
        return (
            f"Object to {name}'s stake of {what} on {conflict}? "
            f"(only if it is not morally charged for {judged})"
        )
    taking = "both" if len(staked) == 2 else f"all {len(staked)}"
    whats = [w for w, _ in staked]
    judged_all = ", or not for ".join(j for _, j in staked)
    return (
        f"Object to {name}'s stakes on {conflict}, taking back {taking}: {', '.join(whats[:-1])} and "
        f"{whats[-1]}? (only if it is not morally charged for {judged_all})"
    )


def _theme(pool: str) -> str:
    """What a Drive's stories revolve around (table T1, src 156-166), for the table judging a stake."""
    theme = _THEMES.get(pool)
    return f", which is about {theme}" if theme else ""


def question(kind: str, **context: Any) -> str:
    """The words of a prompt of ``kind``, from its context."""
    return _QUESTIONS[kind](**context)


def _overdrawn_due(state: CapesState) -> tuple[str, str, int, int, str, int] | None:
    """The Overdrawn roll owed now: (character's name, Drive, Debt on it, Strength, where its highest
    die sits, that die's face), or None outside the Overdrawn rolls."""
    page = state.scene.page if state.scene is not None else None
    queue = overdrawn_queue(state) if page is not None and page.phase is PagePhase.OVERDRAWN else []
    if not queue:
        return None
    _, character, pool = queue[0]
    char = state.roster[character]
    owned = owned_dice(state, character)
    top = max(v for *_, v in owned)
    alone = {(c, s) for c, s, d, _ in owned if d == 1} - {(c, s) for c, s, d, _ in owned if d > 1}
    where = " or ".join(
        f"{state.card(c)} side {s}" + ("" if (c, s) in alone else f" die {d}")
        for c, s, d, v in owned
        if v == top
    )
    return char.sheet.name, pool, char.debt.get(pool, 0), char.sheet.strength(pool), where, top


def turn_words(state: CapesState) -> tuple[str | None, str]:
    """Who must act now and what they are to do, in the words a player reads: :func:`whose_turn`, with
    an Overdrawn roll naming the character, the Drive and the die (CAPES-DEBT-003, src 147)."""
    player, what = whose_turn(state)
    due = _overdrawn_due(state)
    if due is not None:
        name, pool, debt, strength, where, top = due
        held = f"{debt} Debt, Strength {strength}"
        if pool == STACK:  # one stack, Overdrawn past five (CAPES-CHAR-009, src 237)
            pool, held = "Debt stack", f"{debt} Debt, more than {strength}"
        what = (
            f"roll for {name}'s Overdrawn {pool} ({held}): the highest die {name} owns, {where} showing "
            f"{top}, is re-rolled and only a lower roll is kept"
        )
    return player, what


def overdrawn_label(state: CapesState) -> str:
    """The Overdrawn roll's button: which character's Drive and die it rolls (CAPES-DEBT-003)."""
    due = _overdrawn_due(state)
    if due is None:
        return "roll for the Overdrawn Drive"
    name, pool, _, _, _, top = due
    return f"roll {name}'s {top} for the Overdrawn {'Debt stack' if pool == STACK else pool}"


# -- menus and panels -----------------------------------------------------------------------------

#: command name -> the words a person reads in a menu of what they may do
COMMAND_WORDS: dict[str, str] = {
    "declare_scene": "declare the next Scene",
    "pass": "pass",
    "create_character": "create a character of your own design",
    "create_click_and_lock": "create a Click-and-Lock character",
    "add_sample": "bring in a sample character",
    "add_exemplar": "add an Exemplar to a character",
    "choose": "choose a character for this Scene",
    "claim": "claim a side of a Conflict",
    "create_conflict": "put a new Conflict on the table",
    "veto": "veto what was just declared",
    "narrate": "narrate",
    "begin_actions": "begin the Action phase",
    "use_ability": "use an Ability: roll a die of a Conflict",
    "accept": "accept the roll",
    "revert": "turn the die back",
    "react": "react to the accepted roll",
    "stake": "stake Debt on a side",
    "object": "object to the stake just made",
    "split": "split a die",
    "split_off": "split a new side off a Conflict",
    "inspire": "spend an Inspiration",
    "end_action": "end your Action",
    "overdrawn_roll": "roll for an Overdrawn Drive",
    "resolve": "resolve a claimed Conflict",
    "gloat": "gloat instead of resolving",
    "deadlock": "call a Deadlock",
    "end_scene": "vote to end the Scene",
    "continue_scene": "keep the Scene going: you want to add a Conflict",
}


def _sheet_name(state: CapesState, character: str) -> str:
    """A character's name as its sheet spells it (its key if it has left the roster)."""
    entry = state.roster.get(character)
    return entry.sheet.name if entry is not None else character


def _allied(state: CapesState, conflict: Conflict, side: str) -> str:
    """Who is allied with ``side`` (CAPES-CONF-004), in the order they allied: each character by its
    sheet name and, while it is in the Scene, the player playing it; the players who may claim and
    stake there and who share its Story Tokens read it off the card (src 83-84, 110)."""
    cast = state.scene.cast if state.scene is not None else {}
    allied = sorted(characters_on(conflict, side), key=lambda c: conflict.alliances[c].seq)
    played = {c: f" ({state.name(cast[c])})" if c in cast else "" for c in allied}
    return ", ".join(_sheet_name(state, c) + played[c] for c in allied)


def panels(state: CapesState, viewer: Viewer) -> list[Panel]:
    """The table as every player sees it (Capes has no secrets): scene, conflict cards, players, Drives.
    A card reads as it does in the log and the prompts, "c1 (The vault door holds)", its kind beside it."""
    out: list[Panel] = []
    player, doing = turn_words(state)
    scene = state.scene
    where = "Between Scenes"
    if scene is not None:
        where = f"Scene {scene.number}" + (f": {scene.text}" if scene.text else "")
        if scene.page is not None:
            where += f" — Page {scene.page.number}, {scene.page.phase.value}"
    turn = f"{state.name(player)} to {doing}" if player else f"anyone may {doing}"
    cast = ", ".join(
        f"{state.name(p)}: {state.roster[c].sheet.name}"
        for c, p in (scene.cast if scene else {}).items()
        if c in state.roster
    )
    out.append(
        Panel(title="Now", columns=("", ""), rows=(("Where", where), ("Turn", turn), ("Cast", cast or "—")))
    )
    claims = {
        (c.conflict, c.side): state.name(c.player)
        for c in (scene.page.claims if scene and scene.page else ())
    }
    rows: list[tuple[str, ...]] = []
    for conflict in state.conflicts:
        for side in conflict.sides:
            stakes = ", ".join(f"{_sheet_name(state, s.character)} {s.amount} {s.pool}" for s in side.stakes)
            rows.append(
                (
                    conflict.card,
                    conflict.kind.value,
                    side.id + (f" ({side.label})" if side.label else ""),  # as the log reads it
                    " ".join(str(d) for d in side.dice),
                    str(side.total),
                    stakes or "—",
                    claims.get((conflict.id, side.id), "—"),
                    _allied(state, conflict, side.id) or "—",
                )
            )
    if rows:
        out.append(
            Panel(
                title="Conflicts",
                columns=("Card", "Kind", "Side", "Dice", "Total", "Debt staked", "Claimed by", "Allied"),
                rows=tuple(rows),
            )
        )
    players = tuple(
        (
            state.name(p),
            str(state.tokens.get(p, 0)),
            " ".join(str(i.value) for i in state.inspirations.get(p, ())) or "—",
        )
        for p in state.players
    )
    if players:
        out.append(Panel(title="Players", columns=("Player", "Story Tokens", "Inspirations"), rows=players))
    characters = []
    for char in state.roster.values():
        over = set(overdrawn_pools(char))
        drives = ", ".join(
            f"{pool} {char.debt.get(pool, 0)}/{char.sheet.strength(pool)}"
            + (" OVERDRAWN" if pool in over else "")
            for pool in char.sheet.pools()
        )
        if not char.sheet.super_powered and not any(char.debt.values()):
            drives = "no Debt (not super-powered)"  # src 211-212, 235: Debt is a super character's
        characters.append((char.sheet.name, state.name(char.creator), drives or "—"))
    if characters:
        out.append(
            Panel(
                title="Characters",
                columns=("Character", "Made by", "Debt / Strength"),
                rows=tuple(characters),
            )
        )
    return out
