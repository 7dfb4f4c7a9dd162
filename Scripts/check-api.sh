#!/usr/bin/env bash
# The library products' public API against the last release's, in swift-api-digester's words.
#
# The release's API is kept in the repository (Scripts/api/<Module>.json.gz, written by
# Scripts/release.sh from the released tree, with Scripts/api/RELEASE naming its version): a
# clone needs neither the release's tag nor a build of it. A break — a declaration removed,
# renamed, retyped, a protocol requirement added, a case added to a public enum — fails the check
# unless CHANGELOG.md's Unreleased section has a **Breaking** entry under Changed or Removed that
# names it; Scripts/release.sh then also asks the next version's number to say so.
#   Scripts/check-api.sh            # check (.ci/run runs it)
#   Scripts/check-api.sh --dump DIR # write the current API to DIR (Scripts/release.sh uses it)
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=Scripts/api
target=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

libraries() {
    swift package dump-package | python3 -c '
import json, sys
for product in json.load(sys.stdin)["products"]:
    if "library" in product["type"]:
        print(*product["targets"], sep="\n")'
}

# Writes each library module's API (its public declarations, without source locations) to $1.
dump() {
    local out=$1
    mkdir -p "$out"
    swift build >/dev/null
    local bin map
    bin=$(swift build --show-bin-path)
    # The Swift modules, and the module maps of the C libraries (SQLite, OpenSSL) and shims they import.
    local includes=(-I "$bin/Modules" -I "$bin")
    for map in Modules/*/module.modulemap "$bin"/*.build/module.modulemap; do
        [ -f "$map" ] && includes+=(-I "$(dirname "$map")")
    done
    for module in $(libraries); do
        # The digester says it could not load a module on standard error and still exits 0.
        if ! swift-api-digester -dump-sdk -module "$module" -o "$out/$module.json" "${includes[@]}" \
            -target "$target" -avoid-location -avoid-tool-args >"$out/$module.log" 2>&1 \
            || grep -q -E "error:|Failed to load" "$out/$module.log"; then
            cat "$out/$module.log" >&2
            echo "check-api: cannot read $module's API" >&2
            exit 1
        fi
        rm -f "$out/$module.log"
    done
}

if [ "${1:-}" = "--dump" ]; then
    dump "$2"
    exit 0
fi

if [ ! -f "$baseline/RELEASE" ]; then
    echo "check-api: no release yet (Scripts/api/RELEASE): nothing to compare with"
    exit 0
fi
release=$(sed -n 's/^version: //p' "$baseline/RELEASE")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dump "$work/now"
mkdir -p "$work/then"
breaks="$work/breaks"
: >"$breaks"
for archived in "$baseline"/*.json.gz; do
    module=$(basename "$archived" .json.gz)
    gunzip -c "$archived" >"$work/then/$module.json"
    if [ ! -f "$work/now/$module.json" ]; then
        echo "Module $module has been removed" >>"$breaks"
        continue
    fi
    swift-api-digester -diagnose-sdk -input-paths "$work/then/$module.json" -input-paths "$work/now/$module.json" \
        -o "$work/$module.diagnosis" 2>/dev/null || { echo "check-api: cannot compare $module's API" >&2; exit 1; }
    { grep -v -e '^/\*' -e '^[[:space:]]*$' "$work/$module.diagnosis" || true; } | sed "s/^/$module: /" >>"$breaks"
done

if [ ! -s "$breaks" ]; then
    echo "check-api: the public API keeps every declaration of $release"
    exit 0
fi
echo "check-api: the public API breaks $release's:"
sed 's/^/  /' "$breaks"
# Each break must be named in a **Breaking** entry of Unreleased's Changed or Removed.
python3 - "$breaks" <<'PY'
import re, sys
changelog = open("CHANGELOG.md", encoding="utf-8").read()
unreleased = changelog.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0] if "## [Unreleased]" in changelog else ""
entries = []
for section in re.split(r"\n### ", unreleased):
    title = section.split("\n", 1)[0].strip()
    if title in ("Changed", "Removed"):
        entries += [e for e in re.split(r"\n- ", section) if "**Breaking**" in e]
text = "\n".join(entries)
missing = []
for line in open(sys.argv[1], encoding="utf-8"):
    module, _, words = line.strip().partition(": ")
    # The declaration is the words after its kind: "Func Store.send(_:) has been removed" -> send.
    match = re.match(r"(?:\w+ )+?([\w.]+)(?:\([^)]*\))? has", words) or re.match(r"Module (\w+)", words)
    parts = [p for p in (match.group(1).split(".") if match else [words]) if p not in ("Get", "Set", "Modify", "Read", "_read", "_modify")]
    # An initializer is named by its type.
    name = parts[-2] if len(parts) > 1 and parts[-1] == "init" else parts[-1]
    if f"`{name}" not in text and f".{name}" not in text and f" {name}" not in text:
        missing.append(f"{module}: {words}  (no **Breaking** entry names `{name}`)")
if missing:
    print("check-api: CHANGELOG.md's Unreleased section does not list these under Changed or Removed as **Breaking**:")
    print("\n".join("  " + m for m in missing))
    sys.exit(1)
print("check-api: CHANGELOG.md's Unreleased section lists each as **Breaking**")
PY
