#!/usr/bin/env bash
# Runs every test of the project: formatting and lint checks, the Rust unit, property, thread and conformance
# tests and documentation examples (global tensors on an in-process world of threads among them), then the Python
# package's tests (the spec's examples through `import oxtorch as torch`, every conformance case through the Python
# API, NumPy/DLPack sharing), then the multi-process suite of global tensors under `mpirun -n 4`.
# This is the command the README gives and the one .ci/run calls. It sets up .venv itself (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# system packages the build needs (OpenMPI and libclang for global tensors' MPI engine); quick when installed
./scripts/deps.sh

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace

./scripts/setup.sh
.venv/bin/python -m pytest crates/oxtorch-py/python/tests -q -p no:cacheprovider
# the type stubs match the runtime module, and a sample of typical code type-checks against them
.venv/bin/python -m mypy.stubtest oxtorch --allowlist crates/oxtorch-py/python/stubtest_allowlist.txt
.venv/bin/python -m mypy --strict crates/oxtorch-py/python/tests/typing_sample.py
# global tensors across processes: every program of the multi-process suite under `mpirun -n 4`
.venv/bin/python crates/oxtorch-py/python/mpi_tests/run.py
