#!/usr/bin/env bash
# Builds Examples/DeprecatedNames, a package written against names Bistro has since renamed or
# deprecated: it must build, each old name warning with what replaces it. Builds and tests the
# package under Examples/SpecialsApp, an app made outside Bistro on its app
# library with a feature of its own, and runs it: its command, its migration, its table kept in step
# with a remote-config key and its summary section must work beside Bistro's features with no edit
# to Bistro; and beside `bistro` on one HOME, each app keeps its own data, in either order. Then
# builds and tests Examples/OneModule, the package README.md's "Depending on one module" shows, and
# checks that README quotes it as it is. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../Examples/OneModule"

echo "example: Examples/OneModule, README's package on two modules, built and tested"
if ! swift build --build-tests >.build-example.log 2>&1 || grep -E "(error|warning):" .build-example.log >/dev/null; then
    grep -E "(error|warning):" .build-example.log >&2 || tail -n 20 .build-example.log >&2
    echo "example: OneModule does not build cleanly" >&2
    exit 1
fi
rm -f .build-example.log
swift test --skip-build 2>&1 | grep -E "Executed [0-9]+ tests?, with 0 failures" | tail -n 1 | grep . \
    || { echo "example: OneModule's tests failed" >&2; exit 1; }
# Every line of README's code blocks in that section is a line of the package (indentation aside).
python3 - <<'PY'
import pathlib, re, sys
readme = pathlib.Path("../../README.md").read_text()
section = readme.split("## Depending on one module", 1)[1].split("\n## ", 1)[0]
package = "\n".join(p.read_text() for p in pathlib.Path(".").rglob("*.swift") if ".build" not in p.parts and "bistro" not in p.parts)
lines = {line.strip() for line in package.splitlines()}
missing = [line.strip() for block in re.findall(r"```swift\n(.*?)```", section, re.S) for line in block.splitlines()
           if line.strip() and not line.strip().startswith("//") and line.strip() not in lines]
if missing:
    sys.exit("example: README's 'Depending on one module' quotes lines Examples/OneModule does not have:\n  " + "\n  ".join(missing))
PY

cd ../DeprecatedNames

echo "example: Examples/DeprecatedNames, a package on the names before the renames"
touch Sources/OldNames/OldNames.swift  # compiled again, so that its warnings are printed again
if ! swift build >.build-example.log 2>&1; then
    grep -E "error:" .build-example.log >&2 || tail -n 20 .build-example.log >&2
    echo "example: code on the old names no longer builds" >&2
    exit 1
fi
warnings=$(grep -E "^/.*warning:" .build-example.log | sed -E 's/^[^ ]+ warning: //; s/ \[#[A-Za-z]+\]$//' | sort -u)
rm -f .build-example.log
expected="'RemoteConfigMock' is deprecated: use FakeRemoteConfig.answeredByHand(values:), the same fake
'SellerContacts' is deprecated: renamed to 'SellerContact'
'configUpdates' is deprecated: renamed to 'activations'
'flatMapError' is deprecated: the single-source-of-truth tutorial's helper, not RxSwift's: it leaves Reactive in the next minor release; keep a copy in your code, or handle the events with flatMap"
if [ "$warnings" != "$expected" ]; then
    printf 'example: DeprecatedNames warned\n%s\nnot\n%s\n' "$warnings" "$expected" >&2
    exit 1
fi

cd ../SpecialsApp

echo "example: building Examples/SpecialsApp with its tests"
swift build --build-tests 2>&1 | tee .build-example.log | tail -n 1
if grep -E "(error|warning):" .build-example.log | grep -v "^warning: 'main'" >/dev/null; then
    echo "example: the build has errors or warnings:" >&2
    grep -E "(error|warning):" .build-example.log >&2
    exit 1
fi
rm -f .build-example.log
echo "example: its tests"
if ! swift test --skip-build >.test-example.log 2>&1; then
    grep -E "error:|failed" .test-example.log >&2
    echo "example: its tests failed" >&2
    exit 1
fi
grep -E "Executed [0-9]+ tests?" .test-example.log | tail -n 1
rm -f .test-example.log
(cd ../.. && swift build --product bistro 2>&1 | tail -n 1)
bistro_binary=$(cd ../.. && pwd)/.build/debug/bistro

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
# The real user directories of a temporary HOME: no XDG variables, so each app picks its own.
app() { env -u XDG_DATA_HOME -u XDG_STATE_HOME HOME="$home" NO_COLOR=1 .build/debug/SpecialsApp "$@" </dev/null; }
bistro() { env -u XDG_DATA_HOME -u XDG_STATE_HOME HOME="$home" NO_COLOR=1 "$bistro_binary" "$@" </dev/null; }

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
# Its commands complete in a shell, as bistro's do (the script asks the app).
expect "the completion of 'spe'" "specials" "$(app ---completion -- spe)"
app --generate-completion-script bash | grep -q "complete -o default -F _specials_app_complete specials-app" \
    || { echo "example: no bash completion script for specials-app" >&2; exit 1; }
status=0
app specials today 2>/dev/null || status=$?
expect "an unexpected argument's exit status" "2" "$status"

# Beside bistro on the same HOME: each app its own database, remote-config state and credential;
# either runs after the other.
expect "bistro's menu after the app's (its own database)" "items: 1  total: ₩4,000" "$(bistro menu set 떡볶이 1 | tail -n 1)"
expect "the app's menu after bistro's" "items: 2  total: ₩7,000" "$(app menu list | tail -n 1)"
expect "bistro's menu again" "items: 1  total: ₩4,000" "$(bistro menu list | tail -n 1)"
expect "the app's specials after bistro" "비빔밥 9000" "$(app specials)"
for file in .local/share/specials-app/specials-app.sqlite .local/share/bistro/bistro.sqlite .local/state/specials-app .local/state/bistro; do
    [ -e "$home/$file" ] || { echo "example: $file is missing: the apps did not keep their own state" >&2; exit 1; }
done
# Told to share a database, bistro says whose it is.
status=0
message=$(bistro --database "$home/.local/share/specials-app/specials-app.sqlite" menu list 2>&1 >/dev/null) || status=$?
expect "bistro on the app's database: exit status" "1" "$status"
case "$message" in
    *"is another app's database (it has the features specials"*) ;;
    *) printf 'example: bistro on the app'"'"'s database said\n%s\n' "$message" >&2; exit 1 ;;
esac
echo "example: SpecialsApp runs its own feature beside Bistro's, and beside bistro on one HOME"
