"""A GM attack rolled in secret (``hidden=true``): the target's player is told it hits and may
dodge or block, never its total, in any prompt, log line, event payload or view; the GM sees
everything; and the secret changes what is shown, never what happens (issue 9)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from capeworks.engine import Viewer
from capeworks.engine.testing import Driver
from capeworks.systems.weaverdice.vocab import WoundTier
from tests.systems.weaverdice.helpers import add, sheet, table

#: keys whose numbers are no attack totals: the log's own counters, a die's size, sheets, config
_NOT_TOTALS = frozenset({"seq", "command_id", "version", "sides", "sheets", "sheet", "config"})


def _mentions(value: Any, n: int, path: str = "") -> list[str]:
    """Every place in ``value`` that shows the number ``n``: an int equal to it, or a string with it
    as a whole number, outside the keys that cannot hold one."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [path] if value == n else []
    if isinstance(value, str):
        # a distance ("knocked back 5 ft", an effect's words) is no total
        return [f"{path}: {value}"] if re.search(rf"(?<!\d){n}(?!\d)(?! ft)", value) else []
    if isinstance(value, dict):
        return [
            hit for k, v in value.items() if k not in _NOT_TOTALS for hit in _mentions(v, n, f"{path}.{k}")
        ]
    if isinstance(value, (list, tuple)):
        return [hit for i, v in enumerate(value) for hit in _mentions(v, n, f"{path}[{i}]")]
    return []


def _seen_by(d: Driver, seat: str | None) -> dict[str, Any]:
    """All a seat can read: the table view (state, prompts, panels), its log lines, and the JSON of
    every event it can see (what ``log --json`` prints)."""
    viewer = Viewer.gm() if seat is None else d.table.viewer_for(seat)
    entries = d.table.log_view(viewer)
    return {
        "view": d.view(seat),
        "prompts": [p.model_dump(mode="json") for p in d.prompts(seat)],
        "words": [e.description.text for e in entries],
        "events": [e.event.model_dump(mode="json") for e in entries],
    }


def _leaks(d: Driver, seat: str | None, total: int) -> list[str]:
    return _mentions(_seen_by(d, seat), total)


def fight(*, athletics: int = 5, morale: int | None = None) -> Driver:
    """Vic (Ann's PC, Athletics 5: +2, Wits 4: 4 Focus), Kit (Bob's PC), the notable Brute
    (Brawn 5: +2). Initiative Vic 12, Kit 9, Brute 3; it comes round to the Brute's turn."""
    d = table()
    add(d, "ann", sheet("vic", "Vic", athletics=athletics, wits=4))
    add(d, "bob", sheet("kit", "Kit"))
    add(d, "gm", sheet("brute", "Brute", "notable", brawn=5, athletics=1, dexterity=1))
    d.do("gm", "start_combat", dice=[4, 3, 1])  # Vic 8 + 4, Kit 6 + 3, Brute 2 + 1
    if morale is not None:
        d.do("gm", "ruling", character="vic", text="Riding high", morale=morale)
    d.do("ann", "end_turn", character="vic")
    d.do("bob", "end_turn", character="kit")
    return d


def _outcome(d: Driver) -> dict[str, Any]:
    """What happened, as the fold holds it."""
    s = d.state.model_dump(mode="json")
    return {k: s[k] for k in ("people", "fight", "attack", "queued", "effects", "chances", "last_check")}


@pytest.mark.rules("WD-COMBAT-017", "WD-COMBAT-019", "WD-COMBAT-020", "WD-COMBAT-021")
@pytest.mark.parametrize(
    ("answer", "dice", "held"),
    [
        ("dodge", [6], True),  # Athletics 5: 6 + 2 = 8 >= 7 holds
        ("dodge", [4, 1], False),  # 4 + 2 = 6 < 7 fails; a lesser bash wound, effect die 1
        ("block", [6, 1], False),  # Brawn 3: 6 + 0 = 6 < 7 fails
        ("take", [1], False),
    ],
)
def test_a_hidden_attack_total_reaches_no_player(answer: str, dice: list[int], held: bool) -> None:
    runs = {}
    for hidden in (False, True):
        d = fight()
        # Brawn 5 (+2) and -1: 6 + 2 - 1 = 7 vs Vic's DS 4: a hit, and Vic has Focus to react
        d.do("gm", "attack", character="brute", target="vic", dice=[6], bonus=-1, hidden=hidden)
        prompt = d.prompt("ann", "reaction")
        assert {o.value for o in prompt.options} == {"dodge", "block", "take"}
        assert "hits Vic" in prompt.question
        if hidden:
            # the player learns it hits and may react, never the 7, here or anywhere
            assert "attack_total" not in prompt.context
            assert _leaks(d, "ann", 7) == [] and _leaks(d, "bob", 7) == []
        else:
            assert prompt.context["attack_total"] == 7 and _leaks(d, "ann", 7)
        assert _leaks(d, None, 7), "the GM sees the total"
        d.answer("ann", "react-vic", answer, dice=dice)
        if hidden:
            assert _leaks(d, "ann", 7) == [] and _leaks(d, "bob", 7) == []
            if answer != "take":
                verdict = f"the {answer} holds" if held else f"the {answer} fails"
                assert any(verdict in w for w in d.words("ann")), d.words("ann")[-4:]
        else:
            assert _leaks(d, "ann", 7)
        gm = _leaks(d, None, 7)
        assert any("vs 7+" in hit for hit in gm) or answer == "take"
        runs[hidden] = d
    # the secret changes what is shown, never what happens
    assert _outcome(runs[True]) == _outcome(runs[False])
    wounds = [w.tier for w in runs[True].state.people["vic"].track.wounds]
    assert wounds == ([] if held else [WoundTier.LESSER])


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-019", "WD-COMBAT-020")
@pytest.mark.parametrize("spend", [True, False])
def test_a_failed_block_against_a_hidden_total_bought_up_shows_no_total(spend: bool) -> None:
    runs = {}
    for hidden in (False, True):
        d = fight(athletics=4, morale=4)
        d.do("gm", "attack", character="brute", target="vic", dice=[3], hidden=hidden)  # 3 + 2 = 5
        d.answer("ann", "react-vic", "block", dice=[2])  # Brawn 3 (+0): 2 < 5, but 2 + 4 = 6 >= 5
        prompt = d.prompt("ann", "reaction_morale")
        if hidden:
            assert prompt.context == {"reaction_total": 2}
            assert "2 against the hidden total" in prompt.question
            assert _leaks(d, "ann", 5) == [] and _leaks(d, "bob", 5) == []
        else:
            assert prompt.context == {"attack_total": 5, "reaction_total": 2}
            assert _leaks(d, "ann", 5)
        d.answer("ann", prompt.id, "spend_morale" if spend else "take", dice=[] if spend else [1])
        if hidden:
            assert _leaks(d, "ann", 5) == [] and _leaks(d, "bob", 5) == []
            verdict = "the block holds" if spend else "takes the hit"
            assert any(verdict in w for w in d.words("ann")), d.words("ann")[-4:]
        else:
            assert _leaks(d, "ann", 5)
        assert _leaks(d, None, 5)
        runs[hidden] = d
    assert _outcome(runs[True]) == _outcome(runs[False])
    vic = runs[True].state.people["vic"]
    # spending: morale +4 drops a step to +3 and the block holds; taking: a lesser bash wound
    assert (vic.morale, len(vic.track.wounds)) == ((3, 0) if spend else (4, 1))
    # the bought-up roll is spent either way: no second spend on it
    if spend:
        runs[True].refuse("ann", "spend_morale", character="vic", rule="WD-MORALE-003")


@pytest.mark.rules("WD-MORALE-003", "WD-COMBAT-017", "WD-COMBAT-019")
def test_a_hidden_miss_bought_up_by_the_attacker_stays_hidden() -> None:
    runs = {}
    for hidden in (False, True):
        d = fight()
        d.do("gm", "ruling", character="brute", text="Gloating", morale=4)
        # Brawn 5 (+2) and -4: 1 + 2 - 4 = -1 misses DS 4; morale +4 sets it to 2 + 4 = 6, a hit
        d.do("gm", "attack", character="brute", target="vic", dice=[1], bonus=-4, hidden=hidden)
        d.do("gm", "spend_morale", character="brute")
        prompt = d.prompt("ann", "reaction")
        if hidden:
            assert "attack_total" not in prompt.context
            assert _leaks(d, "ann", 6) == [] and _leaks(d, "bob", 6) == []
            assert _leaks(d, "ann", -1) == []
        else:
            assert prompt.context["attack_total"] == 6 and _leaks(d, "ann", 6)
        assert _leaks(d, None, 6)
        d.answer("ann", "react-vic", "dodge", dice=[5])  # 5 + 2 = 7 >= 6 holds
        runs[hidden] = d
    assert _outcome(runs[True]) == _outcome(runs[False])
    assert runs[True].state.people["vic"].track.wounds == ()


@pytest.mark.rules("WD-COMBAT-019", "WD-COMBAT-020", "WD-COMBAT-017")
def test_a_hidden_power_on_several_targets_shows_no_total_while_others_still_wait() -> None:
    from tests.systems.weaverdice.test_multi_target import storm_table

    runs = {}
    for hidden in (False, True):
        d = storm_table()  # Storm 14, Thug 9, Vic 8, Ray 7
        # Dex 5 (+2) per target: Vic 3 + 2 = 5, Ray 2 + 2 = 4 vs DS 4: both hit and may react
        d.do(
            "gm",
            "use_power",
            character="storm",
            power="chain lightning",
            targets="vic, ray",
            dice=[3, 2],
            hidden=hidden,
        )
        ray = d.prompt("bob", "reaction")
        if hidden:
            # 4 is also a tracker cell, so Ray's total is checked where it would show
            assert "attack_total" not in ray.context and not _mentions(ray.model_dump(mode="json"), 4)
            for seat in ("ann", "bob"):
                assert _leaks(d, seat, 5) == []
        else:
            assert ray.context["attack_total"] == 4 and _leaks(d, "bob", 5)
        # Ray answers first while Vic's hidden hit still waits: Brawn 3 (+0), 6 >= 4 holds
        d.answer("bob", "react-ray", "block", dice=[6])
        if hidden:
            for seat in ("ann", "bob"):
                assert _leaks(d, seat, 5) == []
            assert "Ray tries to block against the hidden attack" in " ".join(d.words("ann"))
            assert not any("vs 4+" in w for w in d.words("bob"))
        # Vic blocks: Brawn 3 (+0), 3 < 5 fails; the lesser shock wound lands, effect d6 = 1
        d.answer("ann", "react-vic", "block", dice=[3, 1])
        if hidden:
            for seat in ("ann", "bob"):
                assert _leaks(d, seat, 5) == []
        assert _leaks(d, None, 5) and any("vs 4+" in w for w in d.words())
        runs[hidden] = d
    assert _outcome(runs[True]) == _outcome(runs[False])
    assert [w.tier for w in runs[True].state.people["vic"].track.wounds] == [WoundTier.LESSER]
    assert runs[True].state.people["ray"].track.wounds == ()
