#!/usr/bin/env bash
# Builds the benchmarks in release mode and runs them. Each line: name, ns per event, and the
# ratio to the baselines printed beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product bistro-bench
.build/release/bistro-bench "$@"
