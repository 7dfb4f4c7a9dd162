#!/usr/bin/env bash
# Builds every library target (a target of a library product) of the manifest alone and runs its
# test target alone, then runs every test suite but the app's under ThreadSanitizer. Prints a table
# target -> build/test and exits non-zero if any row failed. The target list is read from
# `swift package dump-package`, never hard-coded.
set -uo pipefail
cd "$(dirname "$0")/.."

targets=$(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
tests = {t["name"] for t in package["targets"] if t["type"] == "test"}
regular = {t["name"] for t in package["targets"] if t["type"] == "regular"}
seen = []
for product in package["products"]:
    if "library" in product["type"]:
        for name in product["targets"]:
            if name in regular and name not in seen:
                seen.append(name)
for name in seen:
    print(name, name + "Tests" if name + "Tests" in tests else "-")
')

logs=$(mktemp -d)
rows=()
failed=0

# `swift test ARGS` into LOG, stopped after 15 minutes (every run here takes about one): a test
# that hangs then fails the matrix with the tests last started, instead of holding CI until its limit.
run_tests() {
    local log=$1
    shift
    timeout --kill-after=15 900 swift test "$@" >"$log" 2>&1
    local status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "matrix: 'swift test $*' ran past 15 minutes; the last tests started:"
        grep -E "started" "$log" | tail -n 5
        pkill -f "BistroPackageTests.xctest" || true
    fi
    return "$status"
}

for_row() {
    local target=$1 build=$2 test=$3
    rows+=("$(printf '%-28s %-8s %-8s' "$target" "$build" "$test")")
    if [ "$build" = "FAIL" ] || [ "$test" = "FAIL" ] || [ "$test" = "MISSING" ]; then failed=1; fi
}

while read -r target testTarget; do
    [ -n "$target" ] || continue
    echo "matrix: $target"
    if swift build --target "$target" >"$logs/$target.build" 2>&1; then build=ok; else build=FAIL; fi
    if [ "$testTarget" = "-" ]; then
        test=MISSING
    elif run_tests "$logs/$target.test" --filter "^$testTarget\." \
        && grep -Eq "Executed [1-9][0-9]* tests?, with 0 failures" "$logs/$target.test"; then
        test=ok
    else
        test=FAIL
    fi
    for_row "$target" "$build" "$test"
    [ "$build" = ok ] || tail -n 30 "$logs/$target.build"
    if [ "$test" = FAIL ]; then
        # The assertions that failed first (the tail alone may show only the suites after them).
        grep -E "error: |failed \(" "$logs/$target.test" | head -n 20
        tail -n 40 "$logs/$target.test"
    fi
done <<<"$targets"

# Reactive's lock as platforms other than Linux and Apple's build it (a pthread mutex with its
# holder kept beside it): selected on Linux by BISTRO_PORTABLE_LOCK, in a build of its own, and
# tested by the suites that lean on it (the lock itself, the lock order, the store's reentrancy).
echo "matrix: Reactive's portable lock"
if run_tests "$logs/portable-lock.test" --scratch-path .build/portable-lock -Xswiftc -DBISTRO_PORTABLE_LOCK \
    --filter "^(ReactiveTests|ArchitectureTests)\." \
    && grep -Eq "Executed [1-9][0-9]* tests?, with 0 failures" "$logs/portable-lock.test"; then
    portable=ok
else
    portable=FAIL
    grep -E "error: |failed \(" "$logs/portable-lock.test" | head -n 20
    tail -n 40 "$logs/portable-lock.test"
fi
for_row "Reactive (portable lock)" "ok" "$portable"

# Every test suite of the manifest under ThreadSanitizer but the app's: BistroTests run the built
# executable as a child process, which TSan does not follow. Every lock in the other suites and the
# modules they test is one TSan sees: pthread, NSLock, or Reactive's `Lock`, whose every acquisition
# and release is an atomic operation of the module itself (never Synchronization.Mutex, whose
# contended path waits in the kernel and the standard library, where TSan does not see it, and so
# reports false races).
tsan_suites=$(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
print("|".join(t["name"][:-len("Tests")] for t in package["targets"] if t["type"] == "test" and t["name"] != "BistroTests"))
')
tsan_count=$(tr '|' '\n' <<<"$tsan_suites" | wc -l)
echo "matrix: ${tsan_suites//|/, } under ThreadSanitizer"
# The test runner gets every selected test's name in one argument, which Linux caps at 128 KiB:
# the suites are run in batches of under 96 KiB of names, from one build.
tsan=ok
tsan_options=(--sanitize=thread --scratch-path .build/tsan)
if ! swift build --build-tests "${tsan_options[@]}" >"$logs/tsan.build" 2>&1; then
    tsan=FAIL
    tail -n 30 "$logs/tsan.build"
    tsan_batches=""
else
    tsan_batches=$(swift test list --skip-build "${tsan_options[@]}" 2>/dev/null | python3 -c '
import sys
suites = set(sys.argv[1].split("|"))
sizes = {}
for line in sys.stdin:
    suite = line.split(".")[0]
    if suite.endswith("Tests") and suite[:-len("Tests")] in suites:
        sizes[suite[:-len("Tests")]] = sizes.get(suite[:-len("Tests")], 0) + len(line) + 1
batches, current, size = [], [], 0
for suite in sorted(sizes, key=sizes.get, reverse=True):
    if current and size + sizes[suite] > 96 * 1024:
        batches.append(current)
        current, size = [], 0
    current.append(suite)
    size += sizes[suite]
if current:
    batches.append(current)
print("\n".join("|".join(batch) for batch in batches))
' "$tsan_suites")
fi
batch_number=0
while read -r batch; do
    [ -n "$batch" ] || continue
    batch_number=$((batch_number + 1))
    log="$logs/tsan-$batch_number.test"
    if run_tests "$log" --skip-build "${tsan_options[@]}" --filter "^(${batch})Tests\." \
        && grep -Eq "Executed [1-9][0-9]* tests?, with 0 failures" "$log" \
        && ! grep -q "WARNING: ThreadSanitizer" "$log"; then
        :
    else
        tsan=FAIL
        echo "matrix: ThreadSanitizer batch ${batch//|/, } failed"
        grep -A 30 "WARNING: ThreadSanitizer" "$log" | head -n 80
        grep -E "error: |failed \(" "$log" | head -n 20
        tail -n 40 "$log"
    fi
done <<<"$tsan_batches"
[ "$batch_number" -gt 0 ] || tsan=FAIL
for_row "$tsan_count suites (tsan)" "ok" "$tsan"

echo
printf '%-28s %-8s %-8s\n' "target" "build" "test"
printf '%s\n' "${rows[@]}"
if [ "$failed" -ne 0 ]; then
    echo "matrix: FAILED"
    exit 1
fi
echo "matrix: all green"
