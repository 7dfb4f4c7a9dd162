#!/usr/bin/env bash
# Instructions per event for the benchmark's workloads (Reactive, Architecture, and the `pc-…`
# Persistence ones), counted by callgrind: one run of one workload (`bistro-bench --count NAME`),
# collected only inside it. A count does not move with the machine's load, so a change can be
# judged on a noisy machine (Docs/BENCHMARKS.md).
#   Scripts/bench-count.sh            # a b c d e f g architecture
#   Scripts/bench-count.sh f g        # only these
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null; then
    echo "bench-count: valgrind is needed (Debian: apt-get install valgrind)" >&2
    exit 1
fi
swift build -c release --product bistro-bench >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Without its debug information valgrind starts in seconds instead of a minute; the counts are the same.
strip --strip-debug -o "$work/bistro-bench" .build/release/bistro-bench
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(a b c d e f g architecture)
printf '%-12s %14s %10s %12s\n' workload instructions events per_event
for name in "${names[@]}"; do
    events=$(valgrind --tool=callgrind --toggle-collect='*countOnce*' --callgrind-out-file="$work/out" \
        "$work/bistro-bench" --count "$name" 2>/dev/null | awk '/^events / { print $2 }')
    total=$(awk '/^(summary|totals):/ { print $2 }' "$work/out" | tail -n 1)
    if [ -z "$events" ] || [ -z "$total" ]; then
        echo "bench-count: no count for '$name'" >&2
        exit 1
    fi
    awk -v name="$name" -v total="$total" -v events="$events" \
        'BEGIN { printf "%-12s %14d %10d %12.0f\n", name, total, events, total / events }'
done
