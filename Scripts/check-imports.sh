#!/usr/bin/env bash
# Checks that Package.swift says exactly what each target imports: every module a target's Swift
# files import is one of its declared dependencies (toolchain modules aside), and every declared
# dependency is imported by at least one of its files. Then checks the layering that
# Scripts/module-layers.json writes down: each library depends only on the layers its own layer may
# import (a feature on service interfaces, never on an implementation or another feature), and the
# module maps of README.md and Docs/MODULES.md show that file; `--write` rewrites them. Run by
# .ci/run; exits 1 with the mismatches.
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-package > .package-dump.json
trap 'rm -f .package-dump.json' EXIT

python3 - .package-dump.json "${1:-}" <<'PY'
import json, os, re, sys

# Modules of the Swift toolchain and the C library: importing them needs no declaration.
TOOLCHAIN = {
    "Swift", "Foundation", "FoundationNetworking", "FoundationEssentials", "FoundationXML", "Dispatch",
    "Synchronization", "Observation", "XCTest", "Testing", "Glibc", "Musl", "Darwin", "os", "_Concurrency",
    "_StringProcessing", "RegexBuilder", "CoreFoundation", "SQLite3", "Security",
}
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", re.M)

package = json.load(open(sys.argv[1]))
write_docs = sys.argv[2] == "--write"
# A test target may depend on an executable only to have it built beside it (a child process).
executables = {target["name"] for target in package["targets"] if target["type"] == "executable"}
problems = []
for target in package["targets"]:
    if target["type"] in ("system", "binary", "plugin", "macro"):
        continue
    path = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
    files = [os.path.join(root, name) for root, _, names in os.walk(path) for name in names if name.endswith(".swift")]
    if not files:
        continue  # a C target: its includes are not Swift imports
    declared = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    imported = {}
    for file in files:
        text = open(file, encoding="utf-8").read()
        # Comments and string literals may quote an import (a Python script in a test); only code counts.
        text = re.sub(r'"""[\s\S]*?"""', '""', text)
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        for module in IMPORT.findall(text):
            imported.setdefault(module, file)
    for module, file in sorted(imported.items()):
        if module not in TOOLCHAIN and module not in declared and module != target["name"]:
            problems.append(f"{target['name']}: {file} imports {module}, which Package.swift does not declare")
    for module in sorted(declared - set(imported) - executables):
        problems.append(f"{target['name']}: declares {module}, which none of its files imports")

# The module map: each library's layer, and the layers a layer may depend on.
layers = json.load(open("Scripts/module-layers.json"))["layers"]
LAYERS = {entry["layer"]: set(entry["targets"]) for entry in layers}
MAY_IMPORT = {entry["layer"]: set(entry["may_import"]) for entry in layers}
layer_of = {name: layer for layer, names in LAYERS.items() for name in names}
for target in package["targets"]:
    if target["type"] != "regular" or not target.get("path", "").startswith("Modules/"):
        continue
    layer = layer_of.get(target["name"])
    if layer is None:
        problems.append(f"{target['name']}: has no layer in Scripts/module-layers.json (add it there)")
        continue
    for dependency in target["dependencies"]:
        name = next(iter(dependency.values()))[0]
        other = layer_of.get(name)
        if other is not None and other not in MAY_IMPORT[layer]:
            problems.append(f"{target['name']} ({layer}) depends on {name} ({other}), which its layer may not import")

# README.md and Docs/MODULES.md show the map between their layers:start and layers:end markers.
def layer_table():
    rows = ["| layer | modules | what they hold | may import |", "|---|---|---|---|"]
    for entry in layers:
        modules = ", ".join(f"`{name}`" for name in entry["targets"])
        allowed = ", ".join(entry["may_import"]) or "the toolchain only"
        rows.append(f"| {entry['layer']} | {modules} | {entry['holds']} | {allowed} |")
    return "\n".join(rows) + "\n"
for document in ("README.md", "Docs/MODULES.md"):
    text = open(document, encoding="utf-8").read()
    marked = re.search(r"(<!-- layers:start -->\n)(.*?)(<!-- layers:end -->)", text, flags=re.S)
    if marked is None:
        problems.append(f"{document} has no layers:start / layers:end markers around its module map")
    elif marked.group(2) != layer_table():
        if write_docs:
            open(document, "w", encoding="utf-8").write(text[:marked.start(2)] + layer_table() + text[marked.end(2):])
            print(f"check-imports: wrote the module map of {document}")
        else:
            problems.append(f"{document}'s module map differs from Scripts/module-layers.json (run Scripts/check-imports.sh --write)")

if problems:
    print("check-imports: Package.swift and the imports disagree:", file=sys.stderr)
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    sys.exit(1)
print("check-imports: every target imports exactly what Package.swift declares, and every library keeps to its layer")
PY
