#!/usr/bin/env bash
# Runs every test of the project: formatting and lint checks, the Rust unit, property, thread and conformance
# tests (global tensors on an in-process world of threads among them), the CUDA suites (run on a GPU where there is
# one, counted as skipped elsewhere; the generated kernels are run on the host and compiled with NVRTC everywhere)
# and documentation examples, then the Python package's tests (the spec's examples through `import oxtorch as torch`,
# every conformance case through the Python API, NumPy/DLPack sharing), then the multi-process suite of global
# tensors under `mpirun -n 4`.
# This is the command the README gives and the one .ci/run calls. It sets up .venv itself (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# temporary files (rustdoc's doctest binaries, linker scratch) on the build's disk, not a small /tmp
export TMPDIR="$PWD/target/tmp"
mkdir -p "$TMPDIR"

# system packages the build needs (OpenMPI and libclang for global tensors' MPI engine); quick when installed
./scripts/deps.sh

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# the API documentation builds without a warning (broken or private intra-doc links, missing docs are errors)
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
./scripts/setup.sh
# libnvrtc from the venv's nvidia-cuda-nvrtc wheel: tests/cuda_kernels.rs compiles every generated kernel with it
# (the folder holding libnvrtc itself: with PyTorch installed for the benchmarks, nvidia/ holds cudnn/lib and others too)
nvrtc_lib=$(.venv/bin/python -c 'import nvidia, pathlib; print(next(q.parent for p in nvidia.__path__ for q in pathlib.Path(p).glob("*/lib/libnvrtc.so*")))' 2>/dev/null || true)
LD_LIBRARY_PATH="${nvrtc_lib}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" cargo test --workspace

.venv/bin/python -m pytest crates/oxtorch-py/python/tests -q -p no:cacheprovider
# the type stubs match the runtime module, and a sample of typical code type-checks against them
.venv/bin/python -m mypy.stubtest oxtorch --allowlist crates/oxtorch-py/python/stubtest_allowlist.txt
.venv/bin/python -m mypy --strict crates/oxtorch-py/python/tests/typing_sample.py
# global tensors across processes: every program of the multi-process suite under `mpirun -n 4`
.venv/bin/python crates/oxtorch-py/python/mpi_tests/run.py
