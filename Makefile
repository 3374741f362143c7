# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python main.py

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m spades bench

clean:
	rm -rf $(VENV) build/web build/web-cache
