#!/usr/bin/env bash
# Checks that Package.swift says exactly what each target imports: every module a target's Swift
# files import is one of its declared dependencies (toolchain modules aside), and every declared
# dependency is imported by at least one of its files. Then checks the layering of README's module
# map: each library depends only on the layers its own layer may import (a feature on service
# interfaces, never on an implementation or another feature). Run by .ci/run; exits 1 with the
# mismatches.
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-package > .package-dump.json
trap 'rm -f .package-dump.json' EXIT

python3 - .package-dump.json <<'PY'
import json, os, re, sys

# Modules of the Swift toolchain and the C library: importing them needs no declaration.
TOOLCHAIN = {
    "Swift", "Foundation", "FoundationNetworking", "FoundationEssentials", "FoundationXML", "Dispatch",
    "Synchronization", "Observation", "XCTest", "Testing", "Glibc", "Musl", "Darwin", "os", "_Concurrency",
    "_StringProcessing", "RegexBuilder", "CoreFoundation", "SQLite3", "Security",
}
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", re.M)

package = json.load(open(sys.argv[1]))
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

# README's module map: each library's layer, and the layers a layer may depend on.
LAYERS = {
    "core": {"Reactive", "ReactiveUI", "CLinuxFutex"},
    "core testing": {"ReactiveTesting"},
    "command line": {"ArgumentParsing"},
    "platform": {"FileSystem", "Networking", "CLibSSL"},
    "dependencies": {"Dependencies"},
    "architecture": {"Architecture"},
    "architecture testing": {"ArchitectureTesting"},
    "service interfaces": {"PersistenceInterface", "RemoteConfigInterface", "AuthInterface"},
    "service implementations": {"Persistence", "CSQLite", "CSQLiteSupport", "RemoteConfig", "AuthLive", "CLibCrypto"},
    "service fakes": {"RemoteConfigTesting", "AuthTesting"},
    "presentation": {"TerminalUI"},
    "feature contract": {"FeatureContract"},
    "feature interfaces": {"ContactsInterface", "MenuInterface"},
    "features": {"Contacts", "Menu", "Auth"},
    "app library": {"BistroApp"},
}
MAY_IMPORT = {
    # ReactiveUI (RxCocoa's traits) builds on Reactive, as RxCocoa on RxSwift
    "core": {"core"},
    "core testing": {"core"},
    "command line": set(),
    "platform": {"platform"},
    "dependencies": {"core"},
    "architecture": {"core", "dependencies"},
    "architecture testing": {"core", "core testing", "dependencies", "architecture"},
    "service interfaces": {"core", "dependencies", "service interfaces"},
    # its own interface, core and platform; a system library of its own
    "service implementations": {"core", "platform", "service interfaces", "service implementations"},
    "service fakes": {"core", "service interfaces"},
    "presentation": {"core"},
    "feature contract": {"core", "service interfaces", "presentation", "command line"},
    "feature interfaces": {"core", "service interfaces", "feature interfaces"},
    "features": {
        "core", "dependencies", "architecture", "service interfaces", "feature interfaces", "presentation",
        "feature contract", "command line",
    },
    # the composition: every service, live or fake, and the contract; never a feature (the
    # executable's plugin list names those)
    "app library": {
        "core", "platform", "command line", "service interfaces", "service implementations", "service fakes",
        "presentation", "feature contract",
    },
}
layer_of = {name: layer for layer, names in LAYERS.items() for name in names}
for target in package["targets"]:
    if target["type"] != "regular" or not target.get("path", "").startswith("Modules/"):
        continue
    layer = layer_of.get(target["name"])
    if layer is None:
        problems.append(f"{target['name']}: has no layer in this script's module map (add it, as in README)")
        continue
    for dependency in target["dependencies"]:
        name = next(iter(dependency.values()))[0]
        other = layer_of.get(name)
        if other is not None and other not in MAY_IMPORT[layer]:
            problems.append(f"{target['name']} ({layer}) depends on {name} ({other}), which its layer may not import")

if problems:
    print("check-imports: Package.swift and the imports disagree:", file=sys.stderr)
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    sys.exit(1)
print("check-imports: every target imports exactly what Package.swift declares, and every library keeps to its layer")
PY
