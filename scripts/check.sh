#!/usr/bin/env bash
# Fast checks before the tests: lint (ruff), types (mypy, not strict yet) and the layer contract
# (import-linter: veridict.domain <- stores <- ingest/tools <- agents <- graphs <- CLI/evaluation/bench).
# Needs the venv from scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== ruff"; .venv/bin/ruff check .
echo "== import contract"; PYTHONPATH=. .venv/bin/lint-imports --no-cache
echo "== mypy"; .venv/bin/mypy veridict stores ingest tools agents graphs bench
