#!/usr/bin/env bash
# The main job: every example of the Tensor Attributes specification, end to end, in Rust and in Python.
# 1. `cargo run --release --example tensor_attributes`: the spec's examples written in Rust, checked against the
#    documented output.
# 2. scripts/setup.sh: builds and installs the `oxtorch` Python package into .venv.
# 3. The spec's `>>>` examples run unchanged with `import oxtorch as torch`, checked against the documented output.
# Exits non-zero if any example differs from the documentation.
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages first (OpenMPI, libclang): the example's build compiles the `mpi` crate (mpi-sys), whose build
# script needs OpenMPI's headers and libclang, so on a fresh machine they must be installed before the first build.
./scripts/deps.sh

cargo run --release --example tensor_attributes
./scripts/setup.sh
.venv/bin/python crates/oxtorch-py/python/examples/tensor_attributes.py
