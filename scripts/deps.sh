#!/usr/bin/env bash
# System packages the build needs beyond a Rust toolchain and Python: OpenMPI (the engine of global tensors: its
# runtime, `mpirun`, and its headers for the `mpi` crate) and libclang (the `mpi` crate generates its bindings with
# bindgen). Installed from Debian/Ubuntu's packages with apt; idempotent, and quick when they are installed already.
set -euo pipefail

PACKAGES=(openmpi-bin libopenmpi-dev libclang-dev pkg-config)

missing=()
for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps.sh: missing system packages ${missing[*]} and no apt-get to install them;" >&2
    echo "install OpenMPI (mpirun, mpicc and headers) and libclang with your package manager" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "deps.sh: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
