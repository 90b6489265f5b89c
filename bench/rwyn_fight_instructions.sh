#!/usr/bin/env bash
# Instructions an RWYN lab fight costs (Rook against Vesper, sensible, seed 3): cachegrind counts of
# N fights minus a run of none (imports and a first fight cancel), as bench/wd_duel_instructions.sh
# counts a Weaverdice command. The moves count must match between trees or the fights changed.
#   bash bench/rwyn_fight_instructions.sh [N=20]     (needs valgrind; PYTHON defaults to .venv's)
#   SRC=/tmp/before/src bash bench/rwyn_fight_instructions.sh   (another tree's src, e.g. from git archive)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/instructions.sh
N=${1:-20}
PLAY='import sys
from capeworks.lab.play import play
from capeworks.lab.runner import fight_of
from capeworks.lab.spec import FightSpec, load_side
sides = [load_side(s).model_dump() for s in ("sample:rook", "sample:vesper")]
fight = fight_of(FightSpec.model_validate({"system": "rwyn", "sides": sides, "seed": 3}))
play(fight, 3, 10_000)
print("moves", sum(play(fight, 3, i).moves for i in range(int(sys.argv[1]))))'
read -r moves spent < <(instructions "$N")
echo "fights=$N moves=$moves instructions=$spent per_fight=$((spent / N)) per_move=$((spent / moves))"
