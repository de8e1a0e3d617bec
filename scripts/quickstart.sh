#!/usr/bin/env bash
# Newcomer's first run on embedded defaults: set up, check the stores, ingest the
# sample library (the old vendor agreement first, then the current library), ask
# one question, then start the chat and the API (Ctrl-C stops them; `veridict stop`
# stops the embedded databases).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
export LANGGRAPH_CLI_NO_ANALYTICS=1 LANGGRAPH_NO_VERSION_CHECK=1
V=.venv/bin/veridict
$V doctor
$V ingest samples/history
$V ingest samples/library
$V ask "What is the data breach penalty in the CloudSecure vendor agreement?"
[ "${VERIDICT_NO_SERVE:-0}" = 1 ] || exec $V serve
