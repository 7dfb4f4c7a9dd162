#!/usr/bin/env bash
# Builds the benchmarks in release mode and runs them. Each line: the workload, ns per event, the
# ratio to its baseline (a plain Swift loop, a C program on the same libsqlite3, a bare queue
# hand-off), the target and whether it is met. Names select workloads by prefix (`a f p s`).
# `server-to-screen [PUBLISHES]` times published templates from the server's answer to the frame
# that shows them (p50 and p99; it starts Scripts/remote-config-server.py).
#
# `--write` runs every workload but the scaling ones and writes the table, with the machine and
# the date it ran on, into Docs/BENCHMARKS.md between its `figures:start` and `figures:end` markers.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product bistro-bench
if [ "${1:-}" != "--write" ]; then
    exec .build/release/bistro-bench "$@"
fi

table=$(.build/release/bistro-bench --markdown a b c d e f g architecture p)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
swift_version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -n 1)
machine="Measured $(date -u +%Y-%m-%d) on ${cpu:-an unknown CPU} ($(nproc) cores), $(uname -s) $(uname -r), Swift ${swift_version}, release build; each time is the median of 7 runs."
python3 - "$machine" "$table" <<'PY'
import re, sys
machine, table = sys.argv[1], sys.argv[2]
path = "Docs/BENCHMARKS.md"
text = open(path, encoding="utf-8").read()
marked = re.search(r"(<!-- figures:start -->\n)(.*?)(<!-- figures:end -->)", text, flags=re.S)
if marked is None:
    sys.exit(f"bench: {path} has no figures:start / figures:end markers")
open(path, "w", encoding="utf-8").write(text[:marked.start(2)] + machine + "\n\n" + table + "\n" + text[marked.end(2):])
print(f"bench: wrote the figures of {path}")
PY
