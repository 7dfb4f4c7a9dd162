#!/usr/bin/env bash
# Builds the API reference of every library module into one static site under .build/docs, with the
# toolchain alone: the symbol graphs of the built modules (swift symbolgraph-extract), one DocC
# archive per module (its Modules/<name>/<name>.docc catalog when it has one), then `docc merge`.
# Any DocC warning (a broken link, an unknown symbol) fails it, and so does a symbol that the module's
# landing page does not place under its Topics. Run by .ci/run.
#   Scripts/docs.sh            # then open .build/docs/index.html through a local server, e.g.
#                              # python3 -m http.server -d .build/docs 8000 → http://localhost:8000/documentation/
set -euo pipefail
cd "$(dirname "$0")/.."

swift build >&2
bin=$(swift build --show-bin-path)
triple=$(basename "$(dirname "$bin")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The C modules' maps (the package's own C targets and the system libraries), for the Swift
# modules that import them.
module_maps=()
for map in "$bin"/*.build/module.modulemap Modules/*/module.modulemap; do
    [ -e "$map" ] && module_maps+=(-Xcc "-fmodule-map-file=$map")
done

# Every library module written in Swift.
modules=()
for directory in Modules/*/; do
    [ -n "$(find "$directory" -name '*.swift' -print -quit)" ] && modules+=("$(basename "$directory")")
done

archives=()
unplaced=()
for module in "${modules[@]}"; do
    mkdir -p "$work/graphs/$module"
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" -output-dir "$work/graphs/$module" \
        -minimum-access-level public -emit-extension-block-symbols "${module_maps[@]}" >&2
    catalog=()
    [ -d "Modules/$module/$module.docc" ] && catalog=("Modules/$module/$module.docc")
    if ! docc convert "${catalog[@]}" --additional-symbol-graph-dir "$work/graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "app.bistro.$module" \
        --output-path "$work/$module.doccarchive" --transform-for-static-hosting --warnings-as-errors >"$work/$module.log" 2>&1; then
        echo "docs: $module's documentation has warnings or errors:" >&2
        cat "$work/$module.log" >&2
        exit 1
    fi
    # Every symbol has its place on the landing page: a section DocC made up (the extensions of
    # another module's types, "Extended Modules", or anything left out of the Topics) fails it.
    landing="$work/$module.doccarchive/data/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]').json"
    generated=$(python3 -c 'import json, sys
page = json.load(open(sys.argv[1]))
print(", ".join(section.get("title", "?") for section in page.get("topicSections", []) if section.get("generated")))' "$landing")
    [ -z "$generated" ] || unplaced+=("$module ($generated)")
    archives+=("$work/$module.doccarchive")
done

if [ "${#unplaced[@]}" -gt 0 ]; then
    echo "docs: these landing pages leave symbols to DocC's own sections; place them under their Topics:" >&2
    printf '  %s\n' "${unplaced[@]}" >&2
    exit 1
fi

rm -rf .build/docs
docc merge "${archives[@]}" --output-path .build/docs --synthesized-landing-page-name Bistro >&2
echo "docs: ${#modules[@]} modules in .build/docs (documentation/<module>)"
