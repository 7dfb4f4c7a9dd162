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

# The site's landing page (/documentation/) starts with where to begin: the getting-started
# articles (and "Adding a feature"), then every module. DocC's merge makes only the module grid.
python3 - .build/docs <<'PY'
import json, pathlib, sys
site = pathlib.Path(sys.argv[1]) / "data"
landing_path = site / "documentation.json"
landing = json.loads(landing_path.read_text())
articles = sorted(site.glob("documentation/*/gettingstarted.json")) + sorted(site.glob("documentation/*/addingafeature.json"))
if len(articles) < 6:
    sys.exit("docs: expected the getting-started articles on the site, found %d" % len(articles))
identifiers = []
for path in articles:
    page = json.loads(path.read_text())
    identifier = page["identifier"]["url"]
    identifiers.append(identifier)
    landing["references"][identifier] = {
        "type": "topic", "kind": "article", "role": "article", "identifier": identifier,
        "title": page["metadata"]["title"], "abstract": page.get("abstract", []),
        "url": "/" + str(path.relative_to(site).with_suffix("")),
    }
for section in landing["topicSections"]:
    section.setdefault("title", "Modules")
landing["topicSections"].insert(0, {"title": "Start here", "identifiers": identifiers})
landing["abstract"] = [{"type": "text", "text": (
    "Bistro's modules, each usable alone: start with a module's getting-started article, whose code is "
    "tested, then its reference. Adding a feature to an app of your own is FeatureContract's article.")}]
landing_path.write_text(json.dumps(landing))
PY
echo "docs: ${#modules[@]} modules in .build/docs (documentation/<module>), the getting-started articles first"
