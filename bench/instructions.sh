#!/usr/bin/env bash
# Shared by the *_instructions.sh benchmarks: cachegrind's instruction count of a Python snippet run N
# times, minus a run of none (imports cancel). Steadier than CPU time on a shared machine.
# Source it, set PLAY (a snippet that takes N as sys.argv[1] and prints "UNIT COUNT"), then call
# `instructions N` which prints "COUNT INSTRUCTIONS". SRC picks another tree's src (e.g. from git archive).
PY=${PYTHON:-.venv/bin/python}
SRC=${SRC:-src}

_count() {
  PYTHONPATH=$SRC PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE= valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$PY" -c "$PLAY" "$1" 2>&1 |
    awk '/^[a-z]+ [0-9]+$/{c=$2} /I *refs/{gsub(",","",$4); r=$4} END{print c, r}'
}

instructions() {
  PYTHONPATH=$SRC PYTHONDONTWRITEBYTECODE= "$PY" -c "$PLAY" 1 >/dev/null  # byte code written first, as an install has it
  local _ none count some
  read -r _ none < <(_count 0)
  read -r count some < <(_count "$1")
  echo "$count $((some - none))"
}
