"""The decisions a Capes table waits for, each carrying the commands that answer it.

Whose turn it is and what they are to do (CAPES-PRIN-003), the veto window of
a Conflict just declared (CAPES-EG-002/007), the objection window of a stake
(CAPES-STAKE-003) and the And Then hand-off (CAPES-CONF-006). Options are
only answers the rules accept right now; moves that need more choices (which
die, which side) are the seat's legal commands
(:func:`capeworks.systems.capes.moves.legal_moves`). Words come from
:mod:`capeworks.systems.capes.render`.
"""

from __future__ import annotations

from capeworks.engine import FreeAnswer, Prompt, PromptOption
from capeworks.systems.capes.queries import cast_of, deadlocks_to_declare, resolvable_claims
from capeworks.systems.capes.render import overdrawn_label, question, turn_words
from capeworks.systems.capes.sheet import ConflictKind
from capeworks.systems.capes.state import CapesState, PagePhase, Round

__all__ = ["open_prompts", "turn_options"]


def _option(value: str, command: str, label: str = "", **payload: object) -> PromptOption:
    return PromptOption(value=value, label=label or value.replace("_", " "), command=command, payload=payload)


def turn_options(
    state: CapesState, player: str
) -> tuple[tuple[PromptOption, ...], FreeAnswer | None, str, str]:
    """The complete answers open to the player whose turn it is: options, free answer, kind, rule."""
    scene = state.scene
    if scene is None:
        passing = (_option("pass", "pass"),) if state.next_declarer else ()
        return (
            passing,
            FreeAnswer(command="declare_scene", field="text", hint="the Scene"),
            "declare_scene",
            "CAPES-SCENE-002",
        )
    if scene.casting:
        casting = [_option("pass", "pass")]
        affordable = scene.round is not Round.BOUGHT or state.tokens.get(player, 0) > 0
        if affordable:
            casting += [
                _option(key, "choose", label=f"play {entry.sheet.name}", character=key)
                for key, entry in state.roster.items()
                if key not in scene.cast
            ]
        return tuple(casting), None, "choose", "CAPES-SCENE-004"
    if scene.closing:  # CAPES-SCENE PROPOSED: a Page ended with no Conflict left
        closing = (
            _option("pass", "pass", label="no new Conflict (the Scene ends when nobody wants one)"),
            _option("continue_scene", "continue_scene", label="I want to add a Conflict: go on"),
        )
        return closing, None, "continue_scene", "CAPES-SCENE-002"
    page = scene.page
    if page is None:
        return (), None, "turn", "CAPES-PRIN-003"
    if page.phase is PagePhase.OVERDRAWN:
        return (
            (_option("overdrawn_roll", "overdrawn_roll", label=overdrawn_label(state)),),
            None,
            "overdrawn_roll",
            "CAPES-DEBT-003",
        )
    if page.phase is PagePhase.CLAIMS:
        return (_option("pass", "pass", label="claim nothing (more)"),), None, "claim", "CAPES-PAGE-004"
    if page.phase is PagePhase.NARRATION:
        return (
            (_option("begin_actions", "begin_actions", label="begin the Actions"),),
            FreeAnswer(command="narrate", field="text", hint="narrate"),
            "begin_actions",
            "CAPES-PAGE-011",
        )
    if page.phase is PagePhase.ACTIONS:
        action = page.action
        if action is not None and action.roll is not None:
            decide = (
                _option("accept", "accept", label=f"keep the {action.roll.new}"),
                _option("revert", "revert", label=f"turn it back to {action.roll.old}"),
            )
            return decide, None, "accept_or_revert", "CAPES-ABIL-003"
        if action is not None and action.reactions is not None:
            return (_option("pass", "pass", label="do not react"),), None, "react", "CAPES-REACT-003"
        if action is not None:
            return (
                (_option("end_action", "end_action", label="end the Action"),),
                None,
                "action",
                "CAPES-ACT-002",
            )
        skip = (_option("pass", "pass", label="buy no Action"),) if page.round is Round.BOUGHT else ()
        return skip, None, "action", "CAPES-PAGE-012"
    # resolving: each claimed, controlling side may be resolved (or gloated, with a count)
    resolvable = tuple(
        _option(
            f"resolve {claim.conflict}",
            "resolve",
            label=f"resolve {state.card(claim.conflict)}",
            conflict=claim.conflict,
        )
        for claim in resolvable_claims(state, player)
    )
    # and the Deadlocks that are theirs to declare (CAPES-RES-009)
    deadlocks = tuple(
        _option(f"deadlock {c.id}", "deadlock", label=f"declare {state.card(c.id)} Deadlocked", conflict=c.id)
        for c in deadlocks_to_declare(state, player)
    )
    return resolvable + deadlocks, None, "resolve_or_gloat", "CAPES-GLOAT-001"


def open_prompts(state: CapesState) -> list[Prompt]:
    """Every open decision: the turn, then the windows others may act in."""
    out: list[Prompt] = []
    player, what = turn_words(state)
    if player is not None:
        options, free, kind, rule = turn_options(state, player)
        default = next(
            (o.value for o in options if o.value in ("pass", "begin_actions", "overdrawn_roll")), None
        )
        out.append(
            Prompt(
                id=f"turn-{kind}-{player}",
                seat=player,
                kind=kind,
                rule=rule,
                question=question("turn", name=state.name(player), what=what),
                options=options,
                free=free,
                default=default,
                context={"doing": what},
            )
        )
    if state.vetoable:
        conflict = state.conflict(state.vetoable)
        if conflict is not None:
            goal = conflict.kind is ConflictKind.GOAL
            for seat in state.players:
                if seat == conflict.creator_player:
                    continue
                if goal:
                    reasons = ["b"]
                    if set(cast_of(state, seat)) & set(conflict.goal_for):
                        reasons.insert(0, "a")
                    options = tuple(
                        _option(
                            f"veto {r}",
                            "veto",
                            label=question("veto_reason", reason=r),
                            conflict=conflict.id,
                            reason=r,
                        )
                        for r in reasons
                    )
                else:
                    options = (_option("veto", "veto", conflict=conflict.id),)
                out.append(
                    Prompt(
                        id=f"veto-{conflict.id}-{seat}",
                        seat=seat,
                        kind="veto",
                        rule="CAPES-EG-007" if goal else "CAPES-EG-002",
                        question=question("veto", what=conflict.kind.value, card=conflict.card),
                        options=options,
                        context={"conflict": conflict.id, "kind": conflict.kind.value},
                    )
                )
    # one prompt a Conflict: an objection to it takes back every stake on it still open but the
    # objector's own, and the question names each of them (CAPES-STAKE-003)
    open_stakes = state.objectable
    for card in dict.fromkeys(c.conflict for c in open_stakes):
        for seat in state.players:
            checks = [c for c in open_stakes if c.conflict == card and c.player != seat]
            if not checks:
                continue
            out.append(
                Prompt(
                    id=f"object-{card}-{seat}",
                    seat=seat,
                    kind="object_stake",
                    rule="CAPES-STAKE-003",
                    question=question(
                        "object",
                        name=state.players_named(dict.fromkeys(c.player for c in checks)),
                        stakes=[(c.amount, c.pool, state.characters_named([c.character])) for c in checks],
                        conflict=state.card(card),
                    ),
                    options=(_option("object", "object", conflict=card),),
                    context={
                        "conflict": card,
                        "amount": sum(c.amount for c in checks),
                        "pool": ", ".join(dict.fromkeys(c.pool for c in checks)),
                    },
                )
            )
    if state.and_then is not None:
        for seat in state.and_then.finishers:
            out.append(
                Prompt(
                    id=f"and-then-{state.and_then.conflict}-{seat}",
                    seat=seat,
                    kind="and_then",
                    rule="CAPES-CONF-006",
                    question=question("and_then", conflict=state.card(state.and_then.conflict)),
                    free=FreeAnswer(
                        command="narrate", field="text", payload={"conflict": state.and_then.conflict}
                    ),
                    context={"conflict": state.and_then.conflict},
                )
            )
    return out
