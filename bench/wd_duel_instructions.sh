#!/usr/bin/env bash
# Instructions a Weaverdice command costs: cachegrind counts of N seeded duels of bench_wd_duel.py
# minus a run of none (imports cancel), divided by the commands played. Steadier than CPU time on a
# shared machine; the commands count must match between trees or behaviour changed.
#   bash bench/wd_duel_instructions.sh [N=60]        (needs valgrind; PYTHON defaults to .venv's)
#   SRC=/tmp/before/src bash bench/wd_duel_instructions.sh   (another tree's src, e.g. from git archive)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/instructions.sh
N=${1:-60}
PLAY='import sys; sys.path.insert(0, "bench"); import bench_wd_duel as b; n = int(sys.argv[1]); print("commands", sum(b.duel(i)[0] for i in range(n)))'
read -r commands spent < <(instructions "$N")
echo "duels=$N commands=$commands instructions=$spent per_command=$((spent / commands))"
