#!/usr/bin/env bash
# Runs every test of the project: formatting and lint checks, the Rust unit, property and conformance tests, and
# the documentation examples. This is the command the README gives and the one .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
