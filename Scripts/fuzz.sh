#!/usr/bin/env bash
# Fuzzes the decoders of bytes from outside the process (Tests/FuzzTargets) with libFuzzer under
# AddressSanitizer: builds bistro-fuzz with -sanitize=fuzzer,address and lld (gold cannot link
# libFuzzer with a program of its own main) (release, in .build/fuzz so the
# ordinary build stays as it is), then runs each target for SECONDS (default 20) from a copy of its
# corpus in Tests/FuzzCorpus/<target>. A crash, a leak (but those of the toolchain's libraries that
# Scripts/fuzz-suppressions.txt lists), a timeout (10 s on one input) or running out of memory fails
# it and prints the input in base64, to add to the corpus as a regression:
#
#   Scripts/fuzz.sh                 every target, 20 s each
#   Scripts/fuzz.sh http-answer 600 one target for ten minutes
#   Scripts/fuzz.sh --runs 10000000 http-answer   ten million inputs
#   Scripts/fuzz.sh --runs 10000000 http-answer 3600   ten million inputs or an hour, what comes first
#   Scripts/fuzz.sh --list          the targets
#   Scripts/fuzz.sh --rss 8192 --runs 10000000 firebase-options   a memory limit above 2 GiB, for a
#                                   long run of a target whose toolchain leak is suppressed but adds up
#
# What the fuzzer adds to the working copy of a corpus is kept in .build/fuzz/corpus/<target>
# (`--keep` copies new inputs that reach new code into Tests/FuzzCorpus for review).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=""
keep=0
rss=2048
while [ $# -gt 0 ]; do
    case "$1" in
        --list) list=1; shift ;;
        --runs) runs="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --rss) rss="$2"; shift 2 ;;
        *) break ;;
    esac
done
targets="${1:-}"
seconds="${2:-20}"

scratch=.build/fuzz
echo "fuzz: building bistro-fuzz with libFuzzer and AddressSanitizer"
mkdir -p "$scratch"
if ! swift build -c release --scratch-path "$scratch" --product bistro-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld >"$scratch/build.log" 2>&1; then
    grep -v "warning: Cannot export local symbol" "$scratch/build.log" | tail -n 30 >&2
    exit 1
fi
binary="$scratch/release/bistro-fuzz"

all=$(ls Tests/FuzzCorpus)
if [ "${list:-0}" = 1 ]; then
    echo "$all"
    exit 0
fi
[ -n "$targets" ] || targets="$all"

failed=()
for target in $targets; do
    if [ ! -d "Tests/FuzzCorpus/$target" ]; then
        echo "fuzz: no target '$target'; the targets: $(echo $all)" >&2
        exit 2
    fi
    work="$scratch/corpus/$target"
    artifacts="$scratch/artifacts/$target"
    mkdir -p "$work" "$artifacts"
    cp -n Tests/FuzzCorpus/"$target"/* "$work"/ 2>/dev/null || true
    limit=(-max_total_time="$seconds")
    if [ -n "$runs" ] && [ -n "${2:-}" ]; then
        limit=(-runs="$runs" -max_total_time="$seconds")
    elif [ -n "$runs" ]; then
        limit=(-runs="$runs")
    fi
    log="$scratch/$target.log"
    if [ -n "$runs" ] && [ -n "${2:-}" ]; then what="$runs inputs or $seconds s"
    elif [ -n "$runs" ]; then what="$runs inputs"; else what="$seconds s"; fi
    echo "fuzz: $target ($what)"
    started=$(date +%s)
    if LSAN_OPTIONS="suppressions=$PWD/Scripts/fuzz-suppressions.txt" BISTRO_FUZZ_TARGET="$target" "$binary" "$work" "${limit[@]}" -timeout=10 -rss_limit_mb="$rss" \
        -max_len=65536 -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1; then
        grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" | sed "s/^/fuzz:   /"
        echo "fuzz:   in $(($(date +%s) - started)) s"
    else
        failed+=("$target")
        echo "fuzz: $target FAILED" >&2
        grep -E "ERROR: |SUMMARY: |==[0-9]+==|Fatal error|Test unit written" "$log" | head -n 20 >&2 || tail -n 30 "$log" >&2
        for input in "$artifacts"/*; do
            [ -f "$input" ] || continue
            echo "fuzz: the input, in base64 ($(basename "$input")):" >&2
            base64 -w 0 "$input" >&2
            echo >&2
        done
    fi
    if [ "$keep" = 1 ]; then
        # Only inputs that reach code the corpus did not: libFuzzer's merge picks them.
        mkdir -p "$scratch/merged/$target"
        BISTRO_FUZZ_TARGET="$target" "$binary" -merge=1 "Tests/FuzzCorpus/$target" "$work" >/dev/null 2>&1 || true
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: every target ran clean"
