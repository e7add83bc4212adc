#!/usr/bin/env bash
# Runs every test of the project: formatting and lint checks, the Rust unit, property, thread and conformance
# tests and documentation examples, then the Python package's tests (the spec's examples through
# `import oxtorch as torch`, every conformance case through the Python API, NumPy/DLPack sharing).
# This is the command the README gives and the one .ci/run calls. It sets up .venv itself (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace

./scripts/setup.sh
.venv/bin/python -m pytest crates/oxtorch-py/python/tests -q -p no:cacheprovider
# the type stubs match the runtime module, and a sample of typical code type-checks against them
.venv/bin/python -m mypy.stubtest oxtorch --allowlist crates/oxtorch-py/python/stubtest_allowlist.txt
.venv/bin/python -m mypy --strict crates/oxtorch-py/python/tests/typing_sample.py
