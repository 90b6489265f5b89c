"""Words for Roll When You Need: every event for the log (per viewer), and every prompt's question.

Kept apart from the rules, which never build display text. Each event type
declared in :mod:`capeworks.systems.rwyn.events` has a function here reading
its typed payload; :data:`WORDS` is the ruleset's renderer table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from capeworks.engine import Description, Event, Panel, Viewer
from capeworks.engine.render import sentence
from capeworks.systems.rwyn import events as ev
from capeworks.systems.rwyn.calls import Call
from capeworks.systems.rwyn.checks import Check, CheckKind, Stage
from capeworks.systems.rwyn.kept import Kept
from capeworks.systems.rwyn.sheet import Quality, Standing, Track
from capeworks.systems.rwyn.state import RwynState
from capeworks.systems.rwyn.stress import track_size
from capeworks.systems.rwyn.tables import difficulty_label, plural

__all__ = [
    "COMMAND_WORDS",
    "WORDS",
    "call_text",
    "check_waits",
    "consequence_label",
    "faces_text",
    "failing_sacrifice",
    "overflow_waits",
    "panels",
    "prompt_words",
]


def faces_text(faces: Iterable[int] | None) -> str:
    """``[6, 5, 2]`` -> ``"[6 5 2]"``."""
    return "[" + " ".join(str(f) for f in faces or ()) + "]"


def _said(text: str) -> str:
    """A person's free text inside one of our lines: its own closing full stop dropped, so the line's
    stop is not doubled ("a dog barks." -> "Complications: a dog barks.")."""
    text = text.strip()
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def _disaster(n: int) -> str:
    """``n`` disaster dice, in words that agree with the count ("1 disaster die")."""
    return f"{n} disaster {'die' if n == 1 else 'dice'}"


def _against(check: Check) -> str:
    plan = check.plan
    if check.kind in (CheckKind.PURCHASE, CheckKind.FAVOUR):
        return f"cost {plan.difficulty}"
    return f"difficulty {plan.difficulty} ({difficulty_label(plan.difficulty, plan.ladder_top)})"


def _rolled(p: ev.CheckRolled) -> str:
    c, plan = p.check, p.check.plan
    if not c.rolled:  # the line before (Purchased) says what is bought; this one what waits
        verb = "call in" if c.kind is CheckKind.FAVOUR else "buy"
        return f"The GM sets how many {p.name} may {verb}."
    what = ""
    if c.task:
        what = {CheckKind.DEFENCE: f" against {c.task}", CheckKind.TASK: f" to {c.task}"}.get(
            c.kind, f" for {c.task}"
        )
    extra = plan.cap_auto + plan.time_auto
    auto = f" + {extra} automatic" if extra else ""
    bonus = f" + {_dice(plan.bonus_dice, 'quality')}" if plan.bonus_dice else ""
    dis = f"; {_disaster(plan.disaster_nominal)}" if plan.disaster_nominal else ""
    if plan.drawback_dice:
        dis += f" ({plan.drawback_dice} from a drawback)"
    wait = "; sacrifice successes before they roll?" if c.stage == "sacrifice" else ""
    got = plural(c.successes, "success")
    if c.ability_faces:
        rolled = f"{faces_text(c.ability_faces)}{auto} = {got}"
    else:  # an empty pool read "[] = 0 successes": say that no die was rolled, and why if we know
        why = " (ability 0)" if plan.rating == 0 else ""
        rolled = f"no dice{why}{auto} = {got}" if auto else f"no dice{why}, {got}"
    return f"{p.name} rolls {c.ability} {plan.rating}{bonus} vs {_against(c)}{what}: {rolled}{dis}{wait}"


def _disaster_faces(check: Check) -> str:
    """The disaster dice rolled, and the automatic disaster successes of a disaster pool past the cap
    (RWYN-POOL-007 PROPOSED): ten 1s read "6 disaster successes" with nothing to say where they came from."""
    auto = f" + {check.disaster_auto} automatic" if check.disaster_auto else ""
    return f"{faces_text(check.disaster_faces)}{auto}"


def failing_sacrifice(check: Check) -> str:
    """What a sacrifice that leaves no success means for ``check`` (RWYN-SAC-004's warning): a failed
    defence lets the move's harm through, a failed purchase buys nothing."""
    if check.kind is CheckKind.DEFENCE:
        return f"the defence then fails: {check.harm} {check.track or 'physical'} stress"
    if check.kind is CheckKind.PURCHASE:
        return "the purchase then fails"
    if check.kind is CheckKind.FAVOUR:
        return "the favour then fails"
    return "the task then fails"


def consequence_label(severity: str) -> str:
    """The overflow prompt's "take the consequence" option; the fourth says what it costs."""
    if severity == "fourth":
        return "take a fourth consequence: out for good, as the GM decides"
    return f"take a {severity} consequence"


def _dealt(wealth: bool, item: str, *, got: bool) -> str:
    """What a purchase (``wealth``) or a favour did, after the buyer's name: "buys a crowbar",
    "does not call in a meeting", "buys nothing" (RWYN-ABIL-006/007/010)."""
    if got:
        return f"buys {item or 'something'}" if wealth else f"calls in {item or 'a favour'}"
    if wealth:
        return f"does not buy {item}" if item else "buys nothing"
    return f"does not call in {item}" if item else "calls in no favour"


def _resolved(p: ev.CheckResolved) -> str:
    c = p.check
    lead = f"{p.name}: "
    if not c.success and c.kind in (CheckKind.PURCHASE, CheckKind.FAVOUR):
        # a failed purchase says what it means for the purchase (a success: the Purchased line next)
        lead = f"{p.name} {_dealt(c.kind is CheckKind.PURCHASE, c.item, got=False)}: "
    parts = [f"{lead}{'success' if c.success else 'failure'}"]
    if c.kept != c.successes:
        parts.append(f"{plural(c.kept, 'success')} kept")
    if c.disaster_successes:
        parts.append(f"{plural(c.disaster_successes, 'disaster success')}")
    if c.mixed:
        parts.append("mixed result")
    if c.crit:
        parts.append(f"critical {c.crit}")
    names = c.talent_names or ("",) * len(c.talent_notes)
    parts.extend(
        f"talent{' ' + name if name else ''}: {note.replace('_', ' ')}"
        for note, name in zip(c.talent_notes, names, strict=False)
    )
    return ", ".join(parts) + "."


def call_text(call: Call, name: str) -> str:
    """A call in words: who rolls what against which difficulty (and for how much harm)."""
    if call.asked:
        return (
            f"{name} asks to roll {call.ability}"
            + (f" to {call.task}" if call.task else "")
            + _taking(call.time)
            + "."
        )
    difficulty = call.difficulty or 0
    against = f"difficulty {difficulty} ({difficulty_label(difficulty, call.ladder_top)})"
    if call.kind is CheckKind.DEFENCE:
        move = f" {call.task}" if call.task else " an enemy move"
        return (
            f"{name} must defend with {call.ability} against{move}: {against}, "
            f"{call.harm} {call.track or 'physical'} stress on a failure."
        )
    return (
        f"The GM calls for {name}'s {call.ability} vs {against}"
        + (f" to {call.task}" if call.task else "")
        + _taking(call.time)
        + _called_qualities(call)
        + "."
    )


def _taking(time: int) -> str:
    """The time a call takes for its automatic successes (RWYN-DESIGN-005), which the GM rules on."""
    if not time:
        return ""
    how = "taking time" if time == 1 else "taking a lot of time"
    return f", {how} ({plural(time, 'automatic success')})"


def _called_qualities(call: Call) -> str:
    """The quality dice the GM brought into a call, and why (RWYN-CRIT-002)."""
    said = []
    if call.bonus_dice:
        said.append(f"+{_dice(call.bonus_dice, 'quality')} from {call.benefit!r}")
    if call.drawback_dice:
        said.append(f"{_dice(call.drawback_dice, 'disaster')} from a drawback, {call.drawback!r}")
    return f" ({'; '.join(said)})" if said else ""


def _dice(n: int, kind: str) -> str:
    """``n`` dice of ``kind``: "1 quality die", "2 disaster dice"."""
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


#: what an open check waits for, by the kind of its prompt (a refused end of scene names it)
_WAITS_TO = {
    "sacrifice": "say how many successes to sacrifice before its disaster dice roll",
    "reroll": "say whether to re-roll its disaster dice",
    "effects": "choose its effects",
    "complications": "name its complications",
    "mixed": "say the silver lining or the taint of its mixed result",
    "critical": "choose what its critical result turns",
    "quantity": "say how many may be bought",
}


def check_waits(state: RwynState, check_id: int, kind: str, seat: str | None) -> str:
    """An open check's waiting answer in words: whose character, which check, who answers what.

    ``seat`` is the answering seat (None: the GM's role); a person is named, never a seat id.
    """
    check = state.checks[check_id]
    who = "the GM" if seat is None else state.seat_names.get(seat, "its player")
    return f"{_name(state, check.character)}'s check {check.id} waits for {who} to {_WAITS_TO[kind]}"


def overflow_waits(state: RwynState, character_id: str, seat: str | None) -> str:
    """A full track's waiting answer in words (RWYN-STRESS-002/003): whose, and who chooses."""
    who = state.characters[character_id]
    player = "the GM" if seat is None else state.seat_names.get(seat, "its player")
    track = who.overflow.value if who.overflow is not None else "stress"
    return (
        f"{who.name}'s {track} stress track is full and waits for {player} to choose a consequence "
        "or being taken out"
    )


def _stress(p: ev.StressTaken) -> str:
    tail = {
        "absorbed": ".",
        "overflow": ": the track is full — a consequence or being taken out.",
        "taken_out": ": a fourth consequence.",
    }[p.result]
    return f"{p.name} takes {p.amount} {p.track} stress{tail}"


def _scene_ended(p: ev.SceneEnded) -> str:
    """The end of a scene or session, and who is back in play after being taken out by choice."""
    ended = (
        "The session ends: stress and scene and session consequences clear"
        if p.session
        else "The scene ends: stress clears"
    )
    if not p.back:
        return ended + "."
    names = ", ".join(p.back[:-1]) + " and " + p.back[-1] if len(p.back) > 1 else p.back[0]
    return f"{ended}; {names} {'is' if len(p.back) == 1 else 'are'} back in play."


def _critical(p: ev.CriticalChosen) -> str:
    c = p.check
    goes = "goes well" if c.crit == "success" else "goes badly"
    note = f" — {c.crit_note}" if c.crit_note else ""
    return f"Critical {c.crit}: the {c.crit_target} {goes}{note}"


#: a purchase band (wealth.Band's values) in a player's words: how the cost stood against the rating
_BAND_WORDS = {
    "unrestricted": "well below",
    "limited": "one below",
    "check": "at",
    "reach": "above",
}


def _purchased(p: ev.Purchased) -> str:
    rating = "" if p.rating is None else f" {p.rating}"
    limit = f", at most {p.limit}" if p.limit else ""
    stood = f"{_BAND_WORDS.get(p.band, p.band)} {p.resource}{rating}"
    return f"{p.name} {_dealt(p.resource == 'Wealth', p.item, got=True)} (cost {p.cost}, {stood}{limit})."


def _quantity(p: ev.QuantitySet) -> str:
    """The GM's limit on a purchase one below Wealth (RWYN-ABIL-008): whose, on what, how many."""
    c = p.check
    what = "purchase" if c.kind is CheckKind.PURCHASE else "favour"
    item = f", {_said(c.item)}," if c.item else ""
    return f"The GM limits {p.name}'s {what}{item} to {_said(c.quantity or '')}"


def _now(p: ev.PointsLost | ev.BoughtBack) -> str:
    """The end of a line that changed a rating: the rating now (logs from before it was carried: none)."""
    return "." if p.rating is None else f": {p.resource} is now {p.rating}."


_TEXT: dict[str, Callable[[Any], str]] = {
    ev.CharacterAdded.TYPE: lambda p: f"{p.character.name} joins the game.",
    ev.AbilitySet.TYPE: lambda p: f"{p.name}'s {p.ability} is now {p.rating}.",
    ev.QualityAdded.TYPE: lambda p: f"{p.name} gains the quality {p.quality.benefit} / {p.quality.drawback}.",
    ev.TalentAdded.TYPE: lambda p: f"{p.name} learns the talent {p.talent.name}.",
    ev.CheckCalled.TYPE: lambda p: call_text(p.call, p.name),
    ev.CheckAsked.TYPE: lambda p: call_text(p.call, p.name),
    ev.CallWithdrawn.TYPE: lambda p: (
        f"Call {p.call.id} for {p.name}'s {p.call.ability} is withdrawn" + (f": {p.why}" if p.why else "")
    ),
    ev.CheckRolled.TYPE: _rolled,
    # sacrificing none read "sacrifices 0 successes": a player keeping them all is told so
    ev.Sacrificed.TYPE: lambda p: (
        (
            f"{p.name} sacrifices {plural(p.count, 'success')}; "
            if p.count
            else f"{p.name} keeps every success; "
        )
        + f"{_disaster(p.check.plan.disaster_nominal - p.count)} left to roll."
    ),
    ev.DisasterRolled.TYPE: lambda p: (
        f"Disaster dice {_disaster_faces(p.check)}: {plural(p.check.disaster_successes, 'disaster success')}."
    ),
    ev.RerollOffered.TYPE: lambda p: f"{p.name} may leverage their debt to re-roll the disaster dice.",
    ev.DisasterRerolled.TYPE: lambda p: (
        f"{p.name} re-rolls the disaster dice: {_disaster_faces(p.check)}, "
        f"{plural(p.check.disaster_successes, 'disaster success')}."
    ),
    ev.CheckResolved.TYPE: _resolved,
    ev.EffectsChosen.TYPE: lambda p: f"{p.name}: {', '.join(_said(e) for e in p.check.effects or ())}.",
    ev.ComplicationsChosen.TYPE: lambda p: (
        f"Complications: {', '.join(_said(c) for c in p.check.complications or ())}."
    ),
    ev.MixedNoted.TYPE: lambda p: (
        f"{'Silver lining' if not p.check.success else 'Taint'}: {p.check.mixed_note}"
    ),
    ev.CriticalChosen.TYPE: _critical,
    ev.QuantitySet.TYPE: _quantity,
    ev.CheckClosed.TYPE: lambda p: f"{p.name}'s check {p.check_id} is settled.",
    ev.Purchased.TYPE: _purchased,
    ev.PointsLost.TYPE: lambda p: f"{p.name} loses {p.points} {p.resource} for good{_now(p)}",
    ev.BoughtBack.TYPE: lambda p: f"{p.name} buys back {p.points} {p.resource} for {p.xp} XP{_now(p)}",
    ev.XpAwarded.TYPE: lambda p: f"{p.name} gains {p.amount} XP.",
    ev.StressTaken.TYPE: _stress,
    # a blank answer (spaces only) is no words: it read "takes a minor consequence:    ." (logs keep it)
    ev.ConsequenceTaken.TYPE: lambda p: (
        f"{p.name} takes a {p.severity} consequence" + (f": {p.text.strip()}" if p.text.strip() else "")
    ),
    ev.TakenOut.TYPE: lambda p: (
        f"{p.name} is taken out"
        + (" by choice" if p.by_choice else "")
        + (f": {p.how.strip()}" if p.how.strip() else "")
    ),
    ev.OutDecided.TYPE: lambda p: f"{p.name} is out: {p.how}",
    ev.Recovered.TYPE: lambda p: (
        f"{p.name}'s {p.severity} consequence heals" + (f": {_said(p.text)}" if p.text else "")
    ),
    ev.SceneEnded.TYPE: _scene_ended,
    ev.SceneQualityNoted.TYPE: lambda p: (
        f"In play: {p.subject}, {p.quality.benefit} but {p.quality.drawback}."
        if p.quality is not None
        else f"Out of play: the quality of {p.subject}."
    ),
    ev.GmNoted.TYPE: lambda p: f"GM note: {p.text}",
}


def _characters(payload: Any) -> tuple[str, ...]:
    if isinstance(payload, ev.SceneEnded):
        return payload.character_ids
    for field in ("character", "check", "call"):
        value = getattr(payload, field, None)
        if value is not None:
            return (value.id if field == "character" else value.character,)
    character_id = getattr(payload, "character_id", None)
    return (character_id,) if character_id else ()


def _words(text: Callable[[Any], str]) -> Callable[[Any, Event, Viewer], Description]:
    def words(payload: Any, event: Event, viewer: Viewer) -> Description:
        return Description(text=sentence(text(payload)), characters=_characters(payload))

    return words


#: event type -> words for it (the ruleset's ``words``)
WORDS = {event_type: _words(text) for event_type, text in _TEXT.items()}


# -- prompts --------------------------------------------------------------------------------------


def prompt_words(kind: str, **context: Any) -> str:
    """The question a prompt of ``kind`` asks, from the prompt's context."""
    return _QUESTIONS[kind](**context)


def _sacrifice_q(
    successes: int, disaster: int, most: int, check: int | None = None, name: str = "", **_: Any
) -> str:
    who = f"{name} rolled" if name and check is not None else "You rolled"
    on = f" (check {check})" if name and check is not None else ""
    return (
        f"{who} {plural(successes, 'success')} against {_disaster(disaster)}{on}. "
        f"Sacrifice how many successes to remove disaster dice (0-{most})?"
    )


def _on(name: str, check: int | None) -> str:
    """Whose check a question is about (" on Ada's check 2"): a scene with several characters has
    several open at once, the GM words some and may answer for a player, and a player may play two."""
    return f" on {name}'s check {check}" if name and check is not None else ""


def _quantity_q(item: str, resource: str = "Wealth", name: str = "", **_: Any) -> str:
    """RWYN-ABIL-008's question to the GM, naming whose purchase or favour it is (prompts made before
    the name was carried say "they")."""
    whose = f"{name}'s " if name else ""
    verb = "buy" if resource == "Wealth" else "call in"
    what = item or "The purchase"
    return f"'{what}' costs one below {whose}{resource}: how many may {name or 'they'} {verb}?"


_QUESTIONS: dict[str, Callable[..., str]] = {
    "sacrifice": _sacrifice_q,
    "reroll": lambda disaster, check=None, name="", **_: (
        f"{plural(disaster, 'disaster success')}{_on(name, check)} would cost {disaster} Wealth. "
        "Leverage your debt to re-roll the disaster dice once?"
    ),
    "effects": lambda kept, extra, accomplish, check=None, name="", **_: (
        f"{plural(kept, 'success')} kept{_on(name, check)}: "
        f"'{accomplish}' plus {plural(extra, 'more effect')}."
    ),
    "complications": lambda disaster, check=None, name="", **_: (
        f"{plural(disaster, 'disaster success')}{_on(name, check)}: name that many complications."
    ),
    "mixed": lambda failure, check=None, name="", **_: (
        f"Mixed failure{_on(name, check)}: what is the silver lining?"
        if failure
        else f"Mixed success{_on(name, check)}: how is the success tainted (less than a disaster)?"
    ),
    "critical": lambda good, check=None, name="", **_: (
        f"Critical {'success' if good else 'failure'}{_on(name, check)}: choose a place, person or "
        f"circumstance that goes {'well' if good else 'badly'}."
    ),
    "quantity": _quantity_q,
    "consequence": lambda name, track, severity, **_: (
        f"{name}'s {track} stress is full: {consequence_label(severity)}, or be taken out of the conflict?"
    ),
    "outcome": lambda name, **_: f"A fourth consequence takes {name} out: how (death, social ruin ...)?",
    "difficulty": lambda text, **_: f"{text} What difficulty?",
    "roll": lambda text, **_: text,
}


# -- menus and panels -----------------------------------------------------------------------------

#: command name -> the words a person reads in a menu of what they may do
COMMAND_WORDS: dict[str, str] = {
    "add_character": "create a character (a sample or your own ratings)",
    "set_ability": "rate an ability",
    "add_quality": "add a quality to a character",
    "add_talent": "add a talent to a character",
    "award_xp": "award experience",
    "buy_back": "buy back lost Wealth or Reputation with experience",
    "call_check": "call for a check: who rolls which ability against what",
    "enemy_move": "an enemy moves against a character: difficulty and harm",
    "ask_check": "ask the GM to let your character try something",
    "withdraw_call": "withdraw an open call, or take back your own ask",
    "scene_quality": "note a quality of a place, situation or person in the scene",
    "gm_note": "write a private note",
    "check": "roll an ability against a difficulty",
    "defend": "defend against an enemy move",
    "buy": "buy something with Wealth",
    "favour": "call in a favour with Reputation",
    "sacrifice": "sacrifice successes to remove disaster dice",
    "reroll": "re-roll disaster dice with a talent",
    "effects": "choose the effects of a success",
    "complications": "name the complications of disaster successes",
    "mixed": "describe the silver lining or the taint of a mixed result",
    "critical": "choose what a critical result does",
    "quantity": "say how many may be bought",
    "stress": "mark stress on a character's track",
    "consequence": "take a consequence instead of going out",
    "outcome": "decide how a character is taken out",
    "recover": "clear a consequence",
    "end_scene": "end the scene",
    "end_session": "end the session",
}


def _boxes(filled: int, size: int) -> str:
    """Stress boxes: ``■■□`` for 2 of 3 marked."""
    return "■" * min(filled, size) + "□" * max(size - filled, 0)


def panels(state: RwynState, viewer: Viewer) -> list[Panel]:
    """The table for ``viewer``: characters with stress and consequences, open checks and calls.

    Nothing here is secret to players except the GM's notes, drawn only for the GM. Each part is
    drawn again only when the parts of the state it shows were replaced (:mod:`.kept`).
    """
    out = list(_SHEETS.get((state.characters, state.config, state.seat_names), _sheets, state))
    if state.calls or state.checks:
        out.append(_WAITING.get((state.calls, state.checks, state.characters), _waiting, state))
    if state.scene_qualities:
        out.append(_QUALITIES.get((state.scene_qualities,), _qualities, state.scene_qualities))
    if viewer.is_gm and state.gm_notes:
        out.append(_NOTES.get((state.gm_notes,), _notes, state.gm_notes))
    return out


_SHEETS: Kept[tuple[Panel, ...]] = Kept()
_WAITING: Kept[Panel] = Kept()
_NOTES: Kept[Panel] = Kept()
_QUALITIES: Kept[Panel] = Kept()


def _sheets(state: RwynState) -> tuple[Panel, ...]:
    """The characters' table and each character's sheet."""
    config = state.config
    sheet_rows: list[tuple[str, ...]] = []
    for c in state.characters.values():
        consequences = "; ".join(f"{rung.value}: {text}" for rung, text in c.consequences.items()) or "—"
        standing = {
            Standing.IN: "in",
            Standing.OUT_BY_CHOICE: "out (by choice)",
            Standing.OUT_FOR_GOOD: f"out for good{': ' + c.out_how if c.out_how else ''}",
        }[c.standing]
        sheet_rows.append(
            (
                c.name,
                state.seat_names.get(c.owner, c.owner),
                _boxes(c.stress[Track.PHYSICAL], track_size(c, Track.PHYSICAL, config)),
                _boxes(c.stress[Track.MENTAL], track_size(c, Track.MENTAL, config)),
                consequences,
                standing,
                f"Wealth {c.abilities.get('Wealth', 0)}, Reputation {c.abilities.get('Reputation', 0)}, "
                f"{c.xp} XP",
            )
        )
    out = [
        Panel(
            title="Characters",
            columns=(
                "Character",
                "Player",
                "Physical",
                "Mental",
                "Consequences",
                "Standing",
                "Wealth/Rep/XP",
            ),
            rows=tuple(sheet_rows),
        )
    ]
    for c in state.characters.values():
        rated = [f"{name} {rating}" for name, rating in c.abilities.items() if rating > 0]
        rows = [("Abilities", ", ".join(rated) or "—")]
        rows += [("Quality", f"{q.benefit} / {q.drawback}") for q in c.qualities]
        rows += [("Talent", t.name) for t in c.talents]
        out.append(Panel(title=f"{c.name}'s sheet", columns=("", ""), rows=tuple(rows)))
    return tuple(out)


def _qualities(qualities: dict[str, Quality]) -> Panel:
    """The qualities of places, situations and people in play (RWYN-GEN-004), for everyone."""
    rows = tuple((subject, q.benefit, q.drawback) for subject, q in qualities.items())
    return Panel(title="Qualities in play", columns=("Of", "Benefit", "Drawback"), rows=rows)


def _notes(notes: tuple[str, ...]) -> Panel:
    """The GM's private notes (drawn only for the GM)."""
    return Panel(title="GM notes", columns=("Note",), rows=tuple((n,) for n in notes))


def _waiting(state: RwynState) -> Panel:
    """The open calls and checks."""
    rows = [(f"call {k}", call_text(v, _name(state, v.character))) for k, v in state.calls.items()]
    rows += [
        (f"check {k}", f"{_name(state, ch.character)}: {ch.ability} vs {_against(ch)} — {_stands(state, ch)}")
        for k, ch in state.checks.items()
    ]
    return Panel(title="Waiting", columns=("", ""), rows=tuple(rows))


def _stands(state: RwynState, check: Check) -> str:
    """Where an open check stands, in words: who it waits for and for what (not the stage's bare name)."""
    player = state.seat_names.get(check.owner, "its player")
    if check.stage is Stage.SACRIFICE:
        return f"rolled; waits for {player} to say how many successes to sacrifice"
    if check.stage is Stage.DISASTER:
        return "rolled; its disaster dice roll next"
    if check.stage is Stage.REROLL:
        return f"disaster dice rolled; waits for {player} to say whether to re-roll them"
    owed: dict[str, list[str]] = {}  # who -> what they still owe, in the prompts' order
    if check.effects is None:
        owed.setdefault(player, []).append("choose its effects")
    if check.complications is None:
        owed.setdefault("the GM", []).append("name its complications")
    if check.mixed and check.mixed_note is None:
        owed.setdefault("the GM", []).append(f"say its {'taint' if check.success else 'silver lining'}")
    if check.crit is not None and check.crit_target is None:
        owed.setdefault(player, []).append("choose what its critical result turns")
    if check.needs_quantity and check.quantity is None:
        owed.setdefault("the GM", []).append("say how many may be bought")
    if not owed:
        return "rolled and answered"
    return "rolled; waits for " + _joined([f"{who} to {_joined(what)}" for who, what in owed.items()])


def _joined(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _name(state: RwynState, character: str) -> str:
    c = state.characters.get(character)
    return c.name if c is not None else character
