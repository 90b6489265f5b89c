#!/usr/bin/env bash
# Instructions an RWYN lab fight costs (Rook against Vesper, sensible, seed 3): cachegrind counts of
# N fights minus a run of none (imports and a first fight cancel), as bench/wd_duel_instructions.sh
# counts a Weaverdice command. The moves count must match between trees or the fights changed.
#   bash bench/rwyn_fight_instructions.sh [N=20]     (needs valgrind; PYTHON defaults to .venv's)
#   SRC=/tmp/before/src bash bench/rwyn_fight_instructions.sh   (another tree's src, e.g. from git archive)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20}
PY=${PYTHON:-.venv/bin/python}
SRC=${SRC:-src}
play='import sys
from capeworks.lab.play import play
from capeworks.lab.runner import fight_of
from capeworks.lab.spec import FightSpec, load_side
sides = [load_side(s).model_dump() for s in ("sample:rook", "sample:vesper")]
fight = fight_of(FightSpec.model_validate({"system": "rwyn", "sides": sides, "seed": 3}))
play(fight, 3, 10_000)
print("moves", sum(play(fight, 3, i).moves for i in range(int(sys.argv[1]))))'
count() {
  PYTHONPATH=$SRC PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$PY" -c "$play" "$1" 2>&1 | awk '/^moves/{c=$2} /I *refs/{gsub(",","",$4); r=$4} END{print c, r}'
}
PYTHONPATH=$SRC "$PY" -c "$play" 0 >/dev/null  # byte code written first, as an install has it
read -r _ none < <(count 0)
read -r moves some < <(count "$N")
echo "fights=$N moves=$moves instructions=$((some - none)) per_fight=$(((some - none) / N)) per_move=$(((some - none) / moves))"
