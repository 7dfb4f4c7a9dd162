#!/usr/bin/env bash
# Builds the package under Examples/SpecialsApp, an app made outside Bistro on its app library with
# a feature of its own, and runs it: its command, its migration and its summary section must work
# beside Bistro's features with no edit to Bistro. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../Examples/SpecialsApp"

echo "example: building Examples/SpecialsApp"
swift build 2>&1 | tee .build-example.log | tail -n 1
if grep -E "(error|warning):" .build-example.log | grep -v "^warning: 'main'" >/dev/null; then
    echo "example: the build has errors or warnings:" >&2
    grep -E "(error|warning):" .build-example.log >&2
    exit 1
fi
rm -f .build-example.log

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
app() { HOME="$home" XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" NO_COLOR=1 .build/debug/SpecialsApp "$@" </dev/null; }

expect() {
    local what=$1 expected=$2 actual=$3
    if [ "$actual" != "$expected" ]; then
        printf 'example: %s printed\n%s\nnot\n%s\n' "$what" "$actual" "$expected" >&2
        exit 1
    fi
}

expect "specials add" "added 비빔밥" "$(app specials add 비빔밥 9000)"
expect "specials list" "$(printf "Today's specials\n비빔밥 9000")" "$(app specials list)"
expect "menu set (a Bistro feature beside it)" "items: 2  total: ₩7,000" "$(app menu set 김밥 2 | tail -n 1)"
summary=$(app)
case "$summary" in
    Menu*Contacts*Specials*"비빔밥 9000") ;;
    *) printf 'example: the summary lacks a section:\n%s\n' "$summary" >&2; exit 1 ;;
esac
status=0
app specials add 라면 free 2>/dev/null || status=$?
expect "a bad PRICE's exit status" "2" "$status"
echo "example: SpecialsApp runs its own feature beside Bistro's"
