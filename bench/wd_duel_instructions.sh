#!/usr/bin/env bash
# Instructions a Weaverdice command costs: cachegrind counts of N seeded duels of bench_wd_duel.py
# minus a run of none (imports cancel), divided by the commands played. Steadier than CPU time on a
# shared machine; the commands count must match between trees or behaviour changed.
#   bash bench/wd_duel_instructions.sh [N=60]        (needs valgrind; PYTHON defaults to .venv's)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-60}
PY=${PYTHON:-.venv/bin/python}
play='import sys; sys.path.insert(0, "bench"); import bench_wd_duel as b; n = int(sys.argv[1]); print("commands", sum(b.duel(i)[0] for i in range(n)))'
count() {
  PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE= valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$PY" -c "$play" "$1" 2>&1 | awk '/^commands/{c=$2} /I *refs/{gsub(",","",$4); r=$4} END{print c, r}'
}
PYTHONDONTWRITEBYTECODE= "$PY" -c "$play" 1 >/dev/null  # byte code written first, as an install has it
read -r _ none < <(count 0)
read -r commands some < <(count "$N")
echo "duels=$N commands=$commands instructions=$((some - none)) per_command=$(((some - none) / commands))"
