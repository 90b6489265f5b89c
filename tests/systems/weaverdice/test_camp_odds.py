"""Campaign odds (`capeworks weaverdice campaign-odds`): exact, and equal to counting every outcome."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

from typer.testing import CliRunner

from capeworks.systems.weaverdice.campaign.odds import craft_success, recruit_yields, row_finished
from capeworks.systems.weaverdice.cli import wd_app

runner = CliRunner()


def test_crafting_odds_count_every_outcome() -> None:
    """Two dice keep one, three rolls, +1: the worked example's DC 15 (WX-33)."""
    kept = [max(a, b) for a in range(1, 7) for b in range(1, 7)]
    hits = sum(1 for x, y, z in itertools.product(kept, repeat=3) if x + y + z + 1 >= 15)
    assert craft_success(dc=15, rolls=3, dice=2, bonus=1) == Fraction(hits, 36**3)


def test_row_odds_count_every_outcome() -> None:
    tns = (5, 4, 4, 5)
    hits = 0
    for faces in itertools.product(range(1, 7), repeat=5):
        done = 0
        for f in faces:
            if done < len(tns) and f >= tns[done]:
                done += 1
        hits += done == len(tns)
    assert row_finished(tns, rolls=5) == Fraction(hits, 6**5)


def test_recruit_yields_are_binomial_at_4_plus() -> None:
    """WX-35: Felinous at net 0 with 4 dice."""
    ys = recruit_yields(dice=4)
    assert sum(ys) == 1 and ys[2] == Fraction(3, 8)
    assert recruit_yields(dice=3, modifier=-2)[3] == Fraction(1, 216)


def test_the_cli_answers_each_kind_and_refuses_bad_input_in_a_sentence() -> None:
    out = json.loads(
        runner.invoke(wd_app, ["campaign-odds", "row", "--tns", "5,4,4,5", "-n", "4", "--json"]).stdout
    )
    assert out["success"]["fraction"] == "1/36"
    text = runner.invoke(wd_app, ["campaign-odds", "recruit", "-d", "4"])
    assert text.exit_code == 0 and "37.5%" in text.stdout
    bad = runner.invoke(wd_app, ["campaign-odds", "row", "--tns", "5,x"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
