"""A Weaverdice session for the golden logs ``weaverdice/holds`` and ``weaverdice/referee`` (issue 17).

Written by the code just before the rest of Weaverdice's events (the fight, the pending attack,
wound effects, holds and reversals, lengthy checks, falls) became facts instead of whole copies, so
the logs hold those events at the versions that carried whole state objects, and replaying them
proves their upcasters. Beyond ``weaverdice/long``'s policy: a lengthy check worked on during a
fight and interrupted by wounds and rulings, reinforcements joining the fight under way, reversed
holds, medical care, throws and falls whose harm is chosen, and the GM's rulings.
"""

from __future__ import annotations

from collections.abc import Callable

from capeworks.engine import Command
from capeworks.engine.ruleset import SampleStep
from capeworks.systems.weaverdice.samples import SAMPLES
from tests.engine.fanout_sessions import Session
from tests.golden.weaverdice_long import NPCS, PCS, SEATS, _cmd, _foes, _Player, _seat


class _Referee(_Player):
    """``weaverdice/long``'s player, with the GM's calls, rulings, throws and reinforcements."""

    joined = False

    def turn(self) -> None:
        fight = self.state.fight
        assert fight is not None and fight.turn is not None
        if not self.joined and fight.order.round >= 2:
            self.joined = self.do(_cmd("gm", "join_combat", characters="stave, prt_officer"))
            if self.joined:
                return
        me = fight.turn.actor
        seat = _seat(me)
        people = self.state.people
        foes = [f for f in _foes(me) if f in people and people[f].in_fight] or list(_foes(me))
        target = self.rng.choice(foes)
        holders = [g.holder for g in self.state.grapples.values() if g.target == me] or [target]
        downed = [a for a in (PCS if me in PCS else NPCS) if people[a].track.standing.value != "up"] or [me]
        calls = sorted(self.state.calls) or [1]
        tasks = sorted(self.state.lengthy) or ["call:1"]
        tries: list[Callable[[], Command]] = [
            lambda: _cmd(seat, "attack", character=me, target=target, skills="Brawl"),
            # a cut without a blade is the GM's ruling (WD-COMBAT-024): the GM rolls it, for anyone
            lambda: _cmd("gm", "attack", character=me, target=target, damage="cut"),
            lambda: _cmd(seat, "grab", character=me, target=target),
            lambda: _cmd(seat, "grapple", character=me, target=target, option="damage"),
            lambda: _cmd(seat, "grapple", character=me, target=target, option="restrain"),
            lambda: _cmd(seat, "brace", character=me, holder=holders[0], stamina=1),
            lambda: _cmd(seat, "reverse", character=me),
            lambda: _cmd(seat, "check", character=me, call=calls[0]),
            lambda: _cmd(
                "gm", "call_check", character=me, stat="knowledge", dc=10, task="talk the guard down"
            ),
            lambda: _cmd("gm", "call_check", character=me, stat="guts", tn=4, interrupts=True, task="shoved"),
            lambda: _cmd("gm", "ruling", character=me, text="the noise breaks focus", halt=tasks[0]),
            lambda: _cmd("gm", "ruling", character=me, text="back to it", resume=tasks[0].split(":")[-1]),
            lambda: _cmd("gm", "ruling", character=me, text="a lucky break", morale=1),
            lambda: _cmd("gm", "fall", character=target, feet=self.rng.choice((10, 20, 30)), thrown=True),
            lambda: _cmd(seat, "act", character=me, action="shout a warning", kind="quick"),
            lambda: _cmd(seat, "move", character=me, feet=10),
            lambda: _cmd(seat, "get_up", character=me),
            lambda: _cmd(seat, "wait", character=me, trigger=target),
            lambda: _cmd(seat, "rest", character=me),
            lambda: _cmd(seat, "rest", character=me, full=True),
            lambda: _cmd(seat, "medical", character=me, patient=downed[0]),
        ]
        weights = [6, 3, 3, 3, 2, 2, 4, 3, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 3]
        for _ in range(4):
            make = self.rng.choices(tries, weights)[0]
            if self.do(make()):
                return
        self.do(_cmd(seat, "end_turn", character=me))

    def fight_some(self, rounds: int, who: str) -> None:
        """A fight of ``who`` (the rest join in its second round)."""
        self.joined = False
        self.do(_cmd("gm", "call_check", character="ramjet", stat="knowledge", dc=12, task="crack the lock"))
        self.do(_cmd("gm", "start_combat", characters=who))
        self.fight_loop(rounds)

    def fight_loop(self, rounds: int) -> None:
        while True:
            self.settle()
            fight = self.state.fight
            if fight is None or fight.order.round > rounds or fight.turn is None:
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


def referee_session(seed: int, name: str) -> Session:
    """Two fights with reinforcements, a lengthy check, throws, rulings and medical care."""
    p = _Referee(seed)
    p.do(_cmd("ann", "add_character", sheet=SAMPLES["ramjet"]))
    p.do(_cmd("bob", "add_character", sheet=SAMPLES["stave"]))
    p.do(_cmd("gm", "add_character", sheet=SAMPLES["thug"]))
    p.do(_cmd("gm", "add_character", sheet=SAMPLES["steeltoe"], hidden=True))
    p.do(_cmd("gm", "add_character", sheet=SAMPLES["prt_officer"]))
    p.fight_some(5, "ramjet, thug, steeltoe")
    p.do(_cmd("gm", "fall", character="stave", feet=30))
    p.settle()
    for who in PCS:
        p.do(_cmd(_seat(who), "sleep", character=who))
    p.fight_some(4, "ramjet, steeltoe")
    return Session(f"weaverdice {name}", "weaverdice", SEATS, tuple(p.steps), {})


def _sheet(ident: str, name: str, tier: str = "pc", **stats: int) -> dict[str, object]:
    return {"id": ident, "name": name, "tier": tier, "stats": stats}


#: a power striking three targets (WD-COMBAT-019): each hit waits in the queue for its own reaction
_CHAIN = {
    "name": "Chain Lightning",
    "classifications": ["blaster"],
    "targeting": "ranged",
    "targets": 3,
    "range_ft": 60,
    "attack_stat": "dexterity",
    "damage": "shock",
    "tier": 1,
    "cost": [{"pool": "stamina", "dots": 1}],
}


_STORM = {**_sheet("storm", "Storm", "notable", dexterity=5), "powers": [_CHAIN]}


def dogpile_session() -> Session:
    """Scripted, with given dice: two thugs grab Vic, he beats both holds and reverses one
    (WD-GRAPPLE-004/010); then a chain of lightning queues three hits for their reactions; a GM
    ruling, a wait, an attack of opportunity instead of a second reversal, and the fight's end."""

    def step(seat: str, type_: str, dice: tuple[int, ...] | None = None, **payload: object) -> SampleStep:
        return SampleStep(Command(type=type_, seat=seat, payload=dict(payload)), dice=dice)

    steps = (
        step("ann", "add_character", sheet=_sheet("vic", "Vic", brawn=5, athletics=1, dexterity=1)),
        step("gm", "add_character", sheet=_sheet("thug1", "Thug one", "generic", brawn=4)),
        step("gm", "add_character", sheet=_sheet("thug2", "Thug two", "generic", brawn=4, athletics=4)),
        step("bob", "add_character", sheet=_sheet("ray", "Ray")),
        step("gm", "add_character", sheet=_STORM),
        step("gm", "start_combat", characters="thug1, thug2, vic", dice=(1,)),
        step("gm", "grab", character="thug2", target="vic", dice=(3,)),
        step("ann", "react", character="vic"),
        step("gm", "end_turn", character="thug2"),
        step("gm", "grab", character="thug1", target="vic", dice=(3,)),
        step("ann", "react", character="vic"),
        step("gm", "grapple", character="thug1", target="vic", dice=(1, 6)),
        step("gm", "end_turn", character="thug1"),
        step("ann", "end_turn", character="vic"),
        step("gm", "grapple", character="thug2", target="vic", dice=(2, 5)),
        step("ann", "reverse", character="vic"),
        step("gm", "end_turn", character="thug2"),
        step("gm", "join_combat", characters="ray, storm", dice=(2, 6)),
        step("gm", "ruling", character="thug1", text="the thug slips on oil", standing="unconscious"),
        step("gm", "end_turn", character="thug1"),
        step("bob", "wait", character="ray", trigger="storm"),
        step("ann", "grapple", character="vic", target="thug2", option="restrain", dice=(6, 1)),
        step("ann", "end_turn", character="vic"),
        step("bob", "end_turn", character="ray"),
        step(
            "gm",
            "use_power",
            character="storm",
            power="chain lightning",
            targets="vic, ray, thug2",
            dice=(6, 6, 6, 1),
        ),
        step("ann", "react", character="vic", reaction="block", dice=(4, 1)),
        step("ann", "answer", prompt="effect-vic-w1-negate", option="none"),
        step("bob", "react", character="ray", reaction="dodge", dice=(2, 3)),
        step("bob", "answer", prompt="effect-ray-w1-negate", option="none"),
        step("gm", "end_turn", character="storm"),
        step("gm", "end_combat", lull=False),
    )
    return Session("weaverdice dogpile", "weaverdice", SEATS, steps, {})
