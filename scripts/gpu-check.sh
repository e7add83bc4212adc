#!/usr/bin/env bash
# The CUDA checks that need a GPU, in one command:
#   1. the Rust CUDA suite (tests/cuda.rs: every operation, dtype pair and layout on the GPU against the CPU
#      backend, transposing copies, errors), the generated kernels on the host and through NVRTC
#      (tests/cuda_kernels.rs), the CPU conformance runner, and the spec's examples in Rust;
#   2. the Python package on the GPU: tests/test_cuda.py, every conformance case replayed on cuda
#      (OXTORCH_TEST_DEVICE=cuda, compared with PyTorch's CUDA build where PyTorch's CUDA kernels differ from
#      its CPU ones), the spec's examples;
#   3. every elementwise operation over every dtype against PyTorch's CUDA build (fuzz/differential/cuda_ops.py,
#      about 200 s on an H100);
#   4. cuda.json recorded with the installed PyTorch (crates/oxtorch/tests/data/record_cuda.py), then replayed;
#   5. the CUDA benchmark table (benchmarks/compare.py --cuda).
#
# Usage:
#   scripts/gpu-check.sh         on a machine with a GPU, Rust and Python: build, then run everything
#   scripts/gpu-check.sh build   build what the GPU machine runs into .gpu/ (git-ignored): test binaries, the
#                                example, and a wheel for Python 3.12 (PYTHON_VERSION=3.X for another)
#   scripts/gpu-check.sh run     run everything from .gpu/ (no Rust needed), from the repository root; results
#                                go to $OUT (or .gpu/out), including the recorded cuda.json
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-all}"
PYTHON_VERSION="${PYTHON_VERSION:-3.12}"

build() {
    mkdir -p .gpu/bin
    # the test binaries and the example, release builds (they run where this checkout is not)
    cargo build --release -p oxtorch --example tensor_attributes
    cp target/release/examples/tensor_attributes .gpu/bin/
    local json
    json=$(cargo test --release -p oxtorch --test cuda --test cuda_kernels --test conformance --no-run \
        --message-format=json 2>/dev/null)
    for t in cuda cuda_kernels conformance; do
        local exe
        exe=$(printf '%s\n' "$json" | python3 -c "
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get('reason') == 'compiler-artifact' and m['target']['name'] == '$t' and m.get('executable'):
        print(m['executable'])" | tail -n 1)
        cp "$exe" ".gpu/bin/$t"
    done
    # the Python extension for another interpreter version, through PyO3's build configuration file
    local cfg=.gpu/pyo3-$PYTHON_VERSION.cfg
    printf 'implementation=CPython\nversion=%s\nshared=true\nabi3=false\npointer_width=64\nbuild_flags=\nsuppress_build_script_link_lines=true\n' \
        "$PYTHON_VERSION" > "$cfg"
    PYO3_CONFIG_FILE="$PWD/$cfg" CARGO_TARGET_DIR=target/py"${PYTHON_VERSION/./}" \
        cargo build --release -p oxtorch-py --features pyo3/extension-module
    python3 scripts/make_wheel.py "target/py${PYTHON_VERSION/./}/release/lib_C.so" "$PYTHON_VERSION" .gpu
    ls -la .gpu .gpu/bin
}

run() {
    export LD_LIBRARY_PATH="/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
    local out="${OUT:-.gpu/out}"
    mkdir -p "$out"
    nvidia-smi -L || true
    local status=0
    export OXTORCH_DATA_DIR="$PWD/crates/oxtorch/tests/data"
    echo "== Rust: CUDA suite"; .gpu/bin/cuda || status=1
    echo "== Rust: generated kernels (host and NVRTC)"; .gpu/bin/cuda_kernels || status=1
    echo "== Rust: conformance (CPU)"; .gpu/bin/conformance || status=1
    echo "== Rust: the spec's examples"; .gpu/bin/tensor_attributes | tail -n 3 || status=1
    local site=/tmp/oxtorch-site
    rm -rf "$site"
    python3 -m pip install -q --no-deps --no-index --target "$site" .gpu/oxtorch-*.whl
    export PYTHONPATH="$site"
    local tests=crates/oxtorch-py/python/tests
    echo "== Python: CUDA tests and the spec's examples"
    python3 -m pytest -q -p no:cacheprovider "$tests/test_cuda.py" "$tests/test_spec_examples.py" || status=1
    echo "== Python: the conformance data replayed on cuda"
    # about 10,000 cases: spread over the machine's cores where pytest-xdist is installed (40 s on 12 workers of an
    # H200 machine; single-threaded it takes over 4 minutes of the session's device time)
    local parallel=()
    python3 -c "import xdist" 2>/dev/null && parallel=(-n 12)
    OXTORCH_TEST_DEVICE=cuda python3 -m pytest -q -p no:cacheprovider "${parallel[@]}" "$tests/test_conformance.py" || status=1
    echo "== every elementwise operation beside PyTorch's CUDA build (known differences listed in the script)"
    python3 fuzz/differential/cuda_ops.py cuda > "$out/cuda_ops.log" 2>&1 || status=1
    grep -E "^(SUMMARY|UNEXPECTED)" "$out/cuda_ops.log" || true
    echo "== cuda.json recorded with PyTorch $(python3 -c 'import torch; print(torch.__version__)'), then replayed"
    python3 crates/oxtorch/tests/data/record_cuda.py "$out/cuda.json" || status=1
    cp "$out/cuda.json" crates/oxtorch/tests/data/cuda.json
    python3 -m pytest -q -p no:cacheprovider "$tests/test_cuda.py" -k golden || status=1
    echo "== the spec's examples through Python"
    python3 crates/oxtorch-py/python/examples/tensor_attributes.py | tail -n 2 || status=1
    echo "== CUDA benchmarks"
    python3 benchmarks/compare.py --cuda --markdown --rounds "${ROUNDS:-7}" | tee "$out/bench-cuda.md" || status=1
    return $status
}

case "$mode" in
    build) build ;;
    run) run ;;
    all) build && run ;;
    *) echo "usage: $0 [build|run]" >&2; exit 2 ;;
esac
