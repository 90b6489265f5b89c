# One command to play, one to test. Each creates .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup run demo serve test lint types unit bench clean

$(STAMP): pyproject.toml examples/stunts/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -U pip
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	# the example ruleset, an outside package installed beside capeworks (its tests run with the suite)
	$(BIN)/python -m pip install -q --disable-pip-version-check --no-deps -e examples/stunts
	touch $(STAMP)

setup: $(STAMP)

## run: the main job: the live web table with a ready demo table per system (prints the GM and player links)
HOST ?= 127.0.0.1
PORT ?= 8000
run: setup
	$(BIN)/capeworks serve --demo --host $(HOST) --port $(PORT)

## serve: the web table on its own (HOST, PORT, DATABASE_URL to change where)
serve: setup
	$(BIN)/capeworks serve --host $(HOST) --port $(PORT) $(if $(DATABASE_URL),--database-url $(DATABASE_URL))

## demo: the guided tour in the terminal
demo: setup
	$(BIN)/capeworks demo

## test: system packages (PostgreSQL, Chromium), lint, types, the whole suite
test: setup
	bash scripts/install-system-deps
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

lint: setup
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

types: setup
	$(BIN)/mypy

unit: setup
	$(BIN)/python -m pytest -q

## bench: benchmarks against their anchors (d20, icepool, dyce, raw NumPy)
bench: setup
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[bench]'
	$(BIN)/python -m pip install -q --disable-pip-version-check --no-deps 'd20==1.1.2'
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
