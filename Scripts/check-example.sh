#!/usr/bin/env bash
# Builds the package under Examples/SpecialsApp, an app made outside Bistro on its app library with
# a feature of its own, and runs it: its command, its migration, its table kept in step with a
# remote-config key and its summary section must work beside Bistro's features with no edit to
# Bistro. Run by .ci/run.
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

# No server: the sync stores the specials compiled in as the key's default, and the command prints the table.
expect "specials" "비빔밥 9000" "$(app specials)"
expect "specials --json" '[{"name":"비빔밥","price":9000}]' "$(app specials --json)"
expect "menu set (a Bistro feature beside it)" "items: 2  total: ₩7,000" "$(app menu set 김밥 2 | tail -n 1)"
summary=$(app)
case "$summary" in
    Menu*Contacts*Specials*"비빔밥 9000") ;;
    *) printf 'example: the summary lacks a section:\n%s\n' "$summary" >&2; exit 1 ;;
esac
status=0
app specials today 2>/dev/null || status=$?
expect "an unexpected argument's exit status" "2" "$status"
echo "example: SpecialsApp runs its own feature beside Bistro's"
