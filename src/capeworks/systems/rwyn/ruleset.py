"""Roll When You Need as a capeworks ruleset: the command table, the fold, prompts and words.

Registration only: each command's payload model, handler and who may issue it
(RWYN-GEN-003: difficulties, enemies and their moves, rulings and advancement
are the GM's; players act for their own characters), and the modules that do
the work — :mod:`~capeworks.systems.rwyn.roster`, :mod:`~.gm`, :mod:`~.rolls`,
:mod:`~.answers`, :mod:`~.harm` (handlers), :mod:`~.state` (the fold),
:mod:`~.prompts` and :mod:`~.render` (prompts and words).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from capeworks.engine import (
    Authority,
    CommandOf,
    CommandSpec,
    Controller,
    Event,
    LegalCommand,
    Panel,
    Prompt,
    Role,
    Ruleset,
    Seat,
    Viewer,
    command_table,
)
from capeworks.engine.kit import GmNotesHidden, lookup
from capeworks.engine.offers import OfferMenu
from capeworks.engine.ruleset import SampleSession
from capeworks.systems.rwyn import answers, gm, harm, rolls, roster
from capeworks.systems.rwyn import commands as cmd
from capeworks.systems.rwyn.config import RwynConfig
from capeworks.systems.rwyn.events import EVENTS, UPCASTERS
from capeworks.systems.rwyn.kept import Kept, dump_parts
from capeworks.systems.rwyn.prompts import open_prompts
from capeworks.systems.rwyn.render import COMMAND_WORDS, WORDS, panels
from capeworks.systems.rwyn.sheet import Character, Standing
from capeworks.systems.rwyn.state import RwynState, fold

__all__ = ["COMMANDS", "RwynRuleset"]

GM, OWNER, ANY = Authority.GM, Authority.OWNER, Authority.ANY

Offer = Callable[[Any, Seat], list[dict[str, Any]]]


class _Seated:
    """Which characters each seat plays at one state, found once for all of that state's offers.

    A table asks every command's offer for every seat at every version, and each used to
    walk every character. This keeps the answer for the last state asked about (a table
    asks about one state at a time), keyed by the state object itself: a state never
    changes, so the same object always has the same characters. Replacing the one tuple
    is atomic, so tables offering in several threads at once stay right (they only
    work it out again).
    """

    def __init__(self) -> None:
        self._last: tuple[RwynState, dict[str, tuple[Character, ...]], tuple[Character, ...]] | None = None

    def of(self, state: RwynState, seat: Seat) -> tuple[Character, ...]:
        """The characters ``seat`` plays (the GM: every character), in the state's order."""
        last = self._last
        if last is None or last[0] is not state:
            owned: dict[str, list[Character]] = {}
            for c in state.characters.values():
                owned.setdefault(c.owner, []).append(c)
            everyone = tuple(state.characters.values())
            last = self._last = (state, {owner: tuple(cs) for owner, cs in owned.items()}, everyone)
        return last[2] if seat.role is Role.GM else last[1].get(seat.id, ())


_SEATED = _Seated()
#: each seat's menu commands, by the objects they depend on (see RwynRuleset.offered_commands)
_OFFERED: Kept[list[LegalCommand]] = Kept()


def _own(*, acting: bool = False, players: bool = False) -> Offer:
    """Offer the command once per character the seat plays (the GM: every character).

    ``players``: a player's own move (a request to the GM, a roll), never offered to the GM.
    """

    def offer(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
        if players and seat.role is Role.GM:
            return []
        return [
            {"character": c.id}
            for c in _SEATED.of(state, seat)
            if not (acting and (c.standing is not Standing.IN or c.overflow is not None))
        ]

    return offer


_acting = _own(acting=True)


def _buy_back(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
    """One buy back per lost resource of the seat's characters, while their XP pays for a point.

    RWYN-ABIL-009: a character with nothing lost, with too little XP for one point, or already at
    the top rating (the GM raised it since), has nothing to click; the payload names the resource,
    so Reputation lost is not offered as Wealth.
    """
    price, top = state.config.buyback_xp_per_point, state.config.ability_max
    return [
        {"character": c.id, "resource": resource}
        for c in _SEATED.of(state, seat)
        if c.xp >= price
        for resource, points in c.lost.items()
        if points > 0 and c.rating(resource) < top
    ]


#: rolling with a character's dice: its player's move, never offered to the GM (RWYN-GEN-003),
#: who calls the check instead; the GM's authority can still stand in as a ruling
_rolling = _own(acting=True, players=True)


def _spending(resource: str) -> Offer:
    """Buy (Wealth) or call in a favour (Reputation): a player's move for each character still acting
    that has the resource; one rated 0 has nothing to spend and is refused (RWYN-ABIL-003, src 25:
    Wealth and Reputation are picked up), so a player without it is not offered the click."""

    def offer(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
        rated = {c.id for c in _SEATED.of(state, seat) if c.rating(resource) >= 1}
        return [o for o in _rolling(state, seat) if o["character"] in rated]

    return offer


def _named_roll(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
    """Checks and defences named outright, by players who set their own difficulties."""
    if not state.config.players_set_difficulty:
        return []
    return _rolling(state, seat)


def _when_settled(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
    """End the scene or session only while nothing waits for an answer (:func:`harm.unsettled`):
    the end is refused until then, so it is not on the menu either; the prompts say what waits."""
    return [] if harm.unsettled(state) else [{}]


def _with_calls(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
    """Withdraw a call only while one is open (RWYN-GEN-001): with none there is nothing to take back.
    A player takes back only their own asks still waiting for a difficulty, one click each."""
    if seat.role is Role.GM:
        return [{}] if state.calls else []
    return [{"call": k} for k, call in state.calls.items() if call.asked and call.owner == seat.id]


def _with_characters(*, in_conflict: bool = False, acting: bool = False, hurt: bool = False) -> Offer:
    """A GM command about a character, offered while one fits it, as it stands (with none fitting,
    it is refused): ``in_conflict``, still in the conflict, as calls and moves need (RWYN-STRESS-003/
    004); ``acting``, in it with no full track waiting for its answer, as stress needs
    (RWYN-STRESS-002); ``hurt``, with a consequence to clear."""

    def fits(c: Character) -> bool:
        if (in_conflict or acting) and c.standing is not Standing.IN:
            return False
        if acting and c.overflow is not None:
            return False
        return bool(c.consequences) or not hurt

    def offer(state: RwynState, seat: Seat) -> list[dict[str, Any]]:
        return [{}] if any(fits(c) for c in _SEATED.of(state, seat)) else []

    return offer


_anyone, _anyone_in = _with_characters(), _with_characters(in_conflict=True)
_stressable, _hurt = _with_characters(acting=True), _with_characters(hurt=True)

#: every command: its payload, handler and who may issue it; prompt-only ones are answers only
_SPECS: dict[str, CommandOf[RwynState, RwynConfig]] = {
    # the roster
    "add_character": CommandSpec(cmd.AddCharacter, roster.add_character, ANY),
    "set_ability": CommandSpec(cmd.SetAbility, roster.set_ability, GM, "set ability ratings", offer=_anyone),
    "add_quality": CommandSpec(
        cmd.AddQuality, roster.add_quality, GM, "add qualities after creation", offer=_anyone
    ),
    "add_talent": CommandSpec(
        cmd.AddTalent, roster.add_talent, GM, "add talents after creation", offer=_anyone
    ),
    "award_xp": CommandSpec(cmd.AwardXp, roster.award_xp, GM, "award XP", offer=_anyone),
    "buy_back": CommandSpec(cmd.BuyBack, roster.buy_back, OWNER, offer=_buy_back),
    # the GM's calls
    "call_check": CommandSpec(
        cmd.CallCheck, gm.call_check, GM, "call for checks and set difficulties", offer=_anyone_in
    ),
    "enemy_move": CommandSpec(cmd.EnemyMove, gm.enemy_move, GM, "declare enemy moves", offer=_anyone_in),
    "withdraw_call": CommandSpec(cmd.WithdrawCall, gm.withdraw_call, ANY, offer=_with_calls),
    "ask_check": CommandSpec(cmd.AskCheck, gm.ask_check, OWNER, offer=_own(acting=True, players=True)),
    "scene_quality": CommandSpec(cmd.SceneQuality, gm.scene_quality, GM, "note qualities of the scene"),
    "gm_note": CommandSpec(cmd.GmNote, gm.gm_note, GM, "write private notes"),
    # rolling
    "check": CommandSpec(cmd.Check, rolls.check, OWNER, offer=_named_roll),
    "defend": CommandSpec(cmd.Defend, rolls.defend, OWNER, offer=_named_roll),
    "buy": CommandSpec(cmd.Buy, rolls.buy, OWNER, offer=_spending("Wealth")),
    "favour": CommandSpec(cmd.Favour, rolls.favour, OWNER, offer=_spending("Reputation")),
    "sacrifice": CommandSpec(cmd.Sacrifice, rolls.sacrifice, ANY, prompt_only=True),
    "reroll": CommandSpec(cmd.Reroll, rolls.reroll, ANY, prompt_only=True),
    # answers
    "effects": CommandSpec(cmd.Effects, answers.effects_command, ANY, prompt_only=True),
    "complications": CommandSpec(
        cmd.Complications, answers.complications, GM, "name complications", prompt_only=True
    ),
    "mixed": CommandSpec(cmd.Mixed, answers.mixed, GM, "describe a mixed result", prompt_only=True),
    "critical": CommandSpec(cmd.Critical, answers.critical, ANY, prompt_only=True),
    "quantity": CommandSpec(cmd.Quantity, answers.quantity, GM, "limit quantities", prompt_only=True),
    # harm
    "stress": CommandSpec(cmd.Stress, harm.stress_command, GM, "deal stress", offer=_stressable),
    "consequence": CommandSpec(cmd.ConsequenceCmd, harm.consequence, OWNER, prompt_only=True),
    "outcome": CommandSpec(
        cmd.Outcome, harm.outcome, GM, "decide how a character is taken out", prompt_only=True
    ),
    "recover": CommandSpec(cmd.Recover, harm.recover, GM, "clear consequences", offer=_hurt),
    "end_scene": CommandSpec(cmd.EndScene, harm.end_scene, GM, "end the scene", offer=_when_settled),
    "end_session": CommandSpec(cmd.EndSession, harm.end_session, GM, "end the session", offer=_when_settled),
}
COMMANDS = command_table(_SPECS)


class RwynRuleset(GmNotesHidden, Ruleset[RwynState, RwynConfig]):
    """Roll When You Need: d6 pools, disaster dice, effects, stress and consequences."""

    name = "rwyn"
    title = "Roll When You Need"
    config_model = RwynConfig
    state_model = RwynState
    commands: ClassVar[Mapping[str, CommandSpec[Any, Any, Any]]] = COMMANDS
    events = EVENTS
    upcasters = UPCASTERS
    words = WORDS
    command_words = COMMAND_WORDS
    has_gm = True

    def initial_state(self, config: RwynConfig) -> RwynState:
        return RwynState(config=config)

    def apply(self, state: RwynState, event: Event) -> RwynState:
        return fold(state, event)

    def controller(self, state: RwynState, entity: str) -> Controller:
        character = lookup(state.characters, entity, "character")
        return Controller(seat=character.owner, name=character.name)

    def prompts(self, state: RwynState) -> list[Prompt]:
        return open_prompts(state)

    def panels(self, state: RwynState, viewer: Viewer) -> list[Panel]:
        return panels(state, viewer)

    def offered_commands(
        self, state: RwynState, seat: Seat, answers: list[LegalCommand], menu: OfferMenu
    ) -> list[LegalCommand]:
        """``answers``, then the menu's commands for ``seat``: those depend only on the menu, the config,
        whether a call or a check is open, and the characters the seat plays (the offers above), so they
        are kept while those are the same (:mod:`.kept`), and a version that changed none of them offers
        the same list."""
        # what the offers read beyond the seat's characters: whether a call is open and a check waits
        # (True and False are each one object, so the key holds by identity); a player's menu reads the
        # calls themselves (their own asks are theirs to take back), which the fold replaces on a change
        calls = bool(state.calls) if seat.role is Role.GM else state.calls
        offered = _OFFERED.get(
            (menu, seat, state.config, calls, bool(state.checks), *_SEATED.of(state, seat)),
            super().offered_commands,
            state,
            seat,
            [],
            menu,
        )
        answers.extend(offered)
        return answers

    def dumped(self, state: BaseModel) -> dict[str, Any]:
        """The state's JSON; each character's, call's and check's (and the config's) is kept while it
        is the same object (a command replaces one or two), so a version dumps only what changed
        (:mod:`.kept`)."""
        return dump_parts(state, ("characters", "calls", "checks"), ("config",))

    def sample_session(self) -> SampleSession:
        from capeworks.systems.rwyn.samples import sample_session

        return sample_session()
