PY ?= python

.PHONY: install dev test test-fast lint format typecheck check bench bench-router bench-tools eval docs docs-check

install:
	$(PY) -m pip install .

dev:
	$(PY) -m pip install -e '.[dev]'

# The suite with a coverage report; it fails below [tool.coverage.report] fail_under. One worker
# per core (pytest-xdist), each test file on one worker (its module-scoped fixtures built once).
test: dev
	$(PY) -m pytest -n auto --dist loadfile --cov --cov-report=term

# The suite without the tests marked slow (the slowest ones: subprocesses, crash/resume, soak).
test-fast:
	$(PY) -m pytest -m "not slow and not heavy"

lint:
	$(PY) -m ruff format --check .
	$(PY) -m ruff check .

format:
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

typecheck:
	$(PY) -m mypy

check: lint typecheck
	$(PY) -m pytest

bench:
	$(PY) -m benchmarks

bench-router:
	$(PY) -m benchmarks.router

bench-tools:
	$(PY) -m benchmarks.tool_selection

# Understanding on the untouched splits, offline through the public API: writes docs/understanding.md
eval:
	$(PY) -m evals

# Documented commands are executable examples: rerun the <!-- capture --> blocks of docs/cli.md
docs:
	$(PY) -m tests.docs.capture

# Fail when a documented command no longer prints what the docs show
docs-check:
	$(PY) -m pytest -m heavy -q -p no:cacheprovider tests/docs
