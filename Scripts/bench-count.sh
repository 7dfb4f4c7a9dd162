#!/usr/bin/env bash
# Instructions per event for the benchmark's workloads (Reactive, Architecture, and the `pc-…`
# Persistence ones), counted by callgrind: one run of one workload (`bistro-bench --count NAME`),
# collected only inside it; and `server-to-screen`, a published template's way to the screen, whose
# count is the whole process's (client, database, screen and the benchmark's control calls) per
# publish. A count does not move with the machine's load, so a change can be
# judged on a noisy machine (Docs/BENCHMARKS.md).
#   Scripts/bench-count.sh                   # every workload of Scripts/instruction-counts.txt
#   Scripts/bench-count.sh f g               # only these
#   Scripts/bench-count.sh --check           # fails when a count rises more than 5 % above its
#                                            # line in Scripts/instruction-counts.txt (.ci/run runs it)
#   Scripts/bench-count.sh --write-baseline  # rewrites that file from this build: a commit of its
#                                            # own, saying why the counts moved
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=Scripts/instruction-counts.txt
mode=print
if [ "${1:-}" = "--check" ] || [ "${1:-}" = "--write-baseline" ]; then
    mode=${1#--}
    shift
fi
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
if [ ${#names[@]} -eq 0 ]; then
    mapfile -t names < <(awk '!/^#/ && NF == 2 { print $1 }' "$baseline")
fi
printf '%-20s %14s %10s %12s %12s\n' workload instructions events per_event baseline >"$work/table"
# The whole process's instructions for `bistro-bench server-to-screen PUBLISHES`, against a server
# started here (valgrind cannot start one for it).
count_publishes() {
    BISTRO_BENCH_SERVER=$server_url valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" \
        "$work/bistro-bench" server-to-screen "$1" >/dev/null 2>&1
    awk '/^(summary|totals):/ { print $2 }' "$work/out.$1" | tail -n 1
}
for name in "${names[@]}"; do
    if [ "$name" = server-to-screen ]; then
        # Its work runs on several threads, so no one function's calls hold it: the count is the
        # difference between 40 publishes and 10, per publish (start-up and shutdown cancel out).
        python3 Scripts/remote-config-server.py --host 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
        server=$!
        for _ in $(seq 100); do grep -q listening "$work/server.out" && break; sleep 0.1; done
        server_url=$(awk 'NR == 1 { print $NF }' "$work/server.out")
        fewer=$(count_publishes 10)
        more=$(count_publishes 40)
        kill "$server"
        events=30
        total=$([ -n "$fewer" ] && [ -n "$more" ] && echo $((more - fewer)) || true)
    else
        events=$(valgrind --tool=callgrind --toggle-collect='*countOnce*' --callgrind-out-file="$work/out" \
            "$work/bistro-bench" --count "$name" 2>/dev/null | awk '/^events / { print $2 }')
        total=$(awk '/^(summary|totals):/ { print $2 }' "$work/out" | tail -n 1)
    fi
    if [ -z "$events" ] || [ -z "$total" ]; then
        echo "bench-count: no count for '$name'" >&2
        exit 1
    fi
    expected=$(awk -v name="$name" '!/^#/ && $1 == name { print $2 }' "$baseline")
    awk -v name="$name" -v total="$total" -v events="$events" -v expected="${expected:--}" \
        'BEGIN { printf "%-20s %14.0f %10d %12.0f %12s\n", name, total, events, total / events, expected }' | tee -a "$work/table"
done
case "$mode" in
check)
    # A rise of more than 5 % over the baseline fails; a fall is reported, for the baseline to follow.
    awk 'NR > 1 && $5 != "-" {
        if ($4 > $5 * 1.05) { printf "bench-count: %s takes %d instructions per event, over 5 %% more than its baseline %d\n", $1, $4, $5; failed = 1 }
        else if ($4 < $5 * 0.95) { printf "bench-count: %s takes %d instructions per event, over 5 %% fewer than its baseline %d: lower the baseline\n", $1, $4, $5 }
    } END { exit failed }' "$work/table" >&2
    echo "bench-count: every count is within 5 % of Scripts/instruction-counts.txt or below it"
    ;;
write-baseline)
    {
        awk '/^#/' "$baseline"
        awk 'NR > 1 { printf "%s %.0f\n", $1, $4 }' "$work/table"
    } >"$work/baseline"
    mv "$work/baseline" "$baseline"
    echo "bench-count: $baseline rewritten"
    ;;
esac
