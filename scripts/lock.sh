#!/usr/bin/env bash
# Regenerate constraints/lock.txt from the working .venv (the known-good set).
# torch is installed first by setup.sh and left out; so are editable/local installs.
set -euo pipefail
cd "$(dirname "$0")/.."
{
  echo "# Known-good versions, resolved on Debian bookworm / Python 3.11 (scripts/lock.sh)."
  echo "# Used as pip constraints by scripts/setup.sh; torch 2.13.0 (CPU) is installed before it."
  .venv/bin/pip freeze --exclude-editable | grep -viE '^(torch|torchvision|veridict|-e |llama[-_]cpp[-_]python|llm[-_]smollm2)' | grep -v ' @ '
} > constraints/lock.txt
wc -l constraints/lock.txt
