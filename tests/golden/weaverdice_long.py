"""A long Weaverdice session for the golden log ``weaverdice/long`` (issue 17: logs that survive upgrades).

Written by the code just before Weaverdice's events became facts instead of combatant copies, so the
log holds those events at the versions that carried whole combatants, and replaying it proves their
upcasters. Two PCs, a visible thug, a hidden notable and a PRT officer: two fights of attacks,
reactions, wounds and their effects, grapples and braces, stay-up rolls, high morale spent and morale
changed, waits, quick actions, checks and rerolls; then exhaustion after the lull, rests, training and
sleep. The steps are chosen by a seeded policy that tries commands and keeps the ones the rules
accept; the table's own seed rolls every die, so the same steps replay to the same table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from capeworks.engine import Command, Table
from capeworks.engine.model import Prompt, Role, Seat
from capeworks.engine.ruleset import SampleStep
from capeworks.errors import CapeworksError
from capeworks.systems.weaverdice.samples import SAMPLES
from capeworks.systems.weaverdice.state import WdState
from tests.engine.fanout_sessions import Session

SEATS = (
    Seat(id="gm", name="Game master", role=Role.GM),
    Seat(id="ann", name="Ann"),
    Seat(id="bob", name="Bob"),
)
OWNER = {"ramjet": "ann", "stave": "bob"}
PCS = ("ramjet", "stave")
NPCS = ("thug", "steeltoe", "prt_officer")


def _cmd(seat: str, type_: str, **payload: Any) -> Command:
    return Command(type=type_, seat=seat, payload=payload)


def _seat(ident: str) -> str:
    return OWNER.get(ident, "gm")


def _foes(ident: str) -> tuple[str, ...]:
    return NPCS if ident in PCS else PCS


class _Player:
    """Plays the table, keeping each command the rules accept as a step."""

    def __init__(self, seed: int) -> None:
        self.table = Table.new("weaverdice", config={}, seats=SEATS, seed=1)
        self.rng = random.Random(seed)
        self.steps: list[SampleStep] = []

    def do(self, command: Command) -> bool:
        try:
            self.table.execute(command)
        except CapeworksError:
            return False
        self.steps.append(SampleStep(command))
        return True

    @property
    def state(self) -> WdState:
        state = self.table.state
        assert isinstance(state, WdState)
        return state

    def answer(self, prompt: Prompt) -> bool:
        seat = prompt.seat or "gm"
        if prompt.options:
            values = [o.value for o in prompt.options]
            self.rng.shuffle(values)
            return any(self.do(_cmd(seat, "answer", prompt=prompt.id, option=v)) for v in values)
        free = prompt.free
        if free is None:
            return False
        picks = list(free.suggestions[: max(prompt.min_choices, 1)])
        return self.do(Command(type=free.command, seat=seat, payload={**free.payload, free.field: picks}))

    def waiting(self) -> list[Prompt]:
        return [p for p in self.table.prompts() if p.kind != "turn"]

    def settle(self) -> None:
        """Answer every open prompt (a few tries each)."""
        for _ in range(40):
            waiting = self.waiting()
            if not waiting or not self.answer(waiting[0]):
                return

    def turn(self) -> None:
        fight = self.state.fight
        assert fight is not None and fight.turn is not None
        me = fight.turn.actor
        seat = _seat(me)
        people = self.state.people
        foes = [f for f in _foes(me) if people[f].track.standing.value == "up"] or list(_foes(me))
        target = self.rng.choice(foes)
        holders = [g.holder for g in self.state.grapples.values() if g.target == me] or [target]
        downed = [a for a in (PCS if me in PCS else NPCS) if people[a].track.standing.value != "up"] or [me]
        tries: list[Callable[[], Command]] = [
            lambda: _cmd(seat, "attack", character=me, target=target, skills="Brawl"),
            lambda: _cmd(seat, "attack", character=me, target=target),
            lambda: _cmd(seat, "grab", character=me, target=target),
            lambda: _cmd(seat, "grapple", character=me, target=target, option="damage"),
            lambda: _cmd(seat, "grapple", character=me, target=target, option="restrain"),
            lambda: _cmd(seat, "brace", character=me, holder=holders[0], stamina=1),
            lambda: _cmd(seat, "spend_morale", character=me),
            lambda: _cmd(
                "gm", "change_morale", character=me, steps=self.rng.choice((-1, 1, 2)), reason="taunt"
            ),
            lambda: _cmd(seat, "act", character=me, action="shout a warning", kind="quick"),
            lambda: _cmd(seat, "move", character=me, feet=10),
            lambda: _cmd(seat, "get_up", character=me),
            lambda: _cmd(seat, "wait", character=me, trigger=target),
            lambda: _cmd(seat, "rest", character=me),
            lambda: _cmd(seat, "medical", character=me, patient=downed[0]),
            lambda: _cmd(seat, "open_skill", character=me, skill="Tackle"),
        ]
        weights = [6, 3, 2, 3, 2, 3, 2, 1, 1, 1, 2, 1, 2, 2, 1]
        for _ in range(3):
            make = self.rng.choices(tries, weights)[0]
            if self.do(make()):
                return
        self.do(_cmd(seat, "end_turn", character=me))

    def fight(self, rounds: int) -> None:
        self.do(_cmd("gm", "start_combat"))
        while True:
            self.settle()
            fight = self.state.fight
            if fight is None or fight.order.round > rounds:
                break
            if fight.turn is None:
                break
            if not any(p.track.standing.value == "up" for k, p in self.state.people.items() if k in PCS):
                break
            before = len(self.table.log)
            self.turn()
            if len(self.table.log) == before:
                me = fight.turn.actor
                if not self.do(_cmd(_seat(me), "end_turn", character=me)):
                    break
        self.do(_cmd("gm", "end_combat", lull=True))
        self.settle()


def long_session(seed: int) -> Session:
    """The golden session ``weaverdice/long``: played once by the policy, then kept as steps."""
    p = _Player(seed)
    p.do(_cmd("ann", "add_character", sheet=SAMPLES["ramjet"]))
    p.do(_cmd("bob", "add_character", sheet=SAMPLES["stave"]))
    p.do(_cmd("gm", "add_character", sheet=SAMPLES["thug"]))
    p.do(_cmd("gm", "add_character", sheet=SAMPLES["steeltoe"], hidden=True, reputation=2))
    p.do(_cmd("gm", "add_character", sheet=SAMPLES["prt_officer"]))
    p.do(_cmd("gm", "change_morale", character="ramjet", steps=2, reason="a rousing speech"))
    p.do(_cmd("gm", "call_check", character="stave", stat="athletics", tn=4, task="climb the fence"))
    p.do(_cmd("bob", "check", character="stave", call=1))
    p.do(_cmd("bob", "reroll", character="stave"))
    p.do(_cmd("ann", "check", character="ramjet", stat="brawn", task="lift the car"))
    p.do(_cmd("ann", "spend_morale", character="ramjet"))
    p.fight(rounds=6)
    p.do(_cmd("ann", "train", character="ramjet", skill="Tackle"))
    p.do(_cmd("gm", "fall", character="stave", feet=20))
    p.settle()
    for who in PCS:
        p.do(_cmd(_seat(who), "sleep", character=who))
    p.do(_cmd("gm", "change_morale", character="stave", steps=-1, reason="bad news"))
    p.fight(rounds=4)
    p.do(_cmd("ann", "train", character="ramjet", skill="Tackle"))
    for who in (*PCS, *NPCS):
        p.do(_cmd(_seat(who), "sleep", character=who))
    p.settle()
    return Session("weaverdice long", "weaverdice", SEATS, tuple(p.steps), {})
