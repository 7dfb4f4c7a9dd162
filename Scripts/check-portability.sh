#!/usr/bin/env bash
# Checks that every library module is written to build where the manifest says, though only Linux
# builds here: no underscored standard-library module; no Glibc/Musl import without a Darwin branch
# in the same file; no Linux-only symbol (the futex, MSG_NOSIGNAL, epoll, _swift_stdlib_*, /proc)
# outside a Linux branch (`#if os(Linux)`, `canImport(Glibc)`, `canImport(CLinuxFutex)`); no
# system-library dependency without a platform condition; and no module that imports a
# platform-conditioned library without guarding the import, unless its own platforms say so.
# Prints, per module, the platforms it is written for, and checks that Docs/MODULES.md's table
# (between its `platforms:start` and `platforms:end` markers) says the same; `--write` rewrites it.
# Run by .ci/run; exits 1 with the problems.
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-package > .package-dump-portability.json
trap 'rm -f .package-dump-portability.json' EXIT

python3 - .package-dump-portability.json "${1:-}" <<'PY'
import json, os, re, sys

package = json.load(open(sys.argv[1]))
write_readme = sys.argv[2] == "--write"
targets = {target["name"]: target for target in package["targets"]}
problems = []

APPLE = ["macos", "ios", "tvos", "watchos"]
ALL = ["linux"] + APPLE
LINUX_ONLY = re.compile(r"\bfutex\w*|\bMSG_NOSIGNAL\b|\bepoll\w*|\b_swift_stdlib_\w+|\"/proc/")
LINUX_CONDITION = re.compile(r"os\(Linux\)|canImport\((Glibc|CLinuxFutex)\)")
DARWIN_CONDITION = re.compile(r"canImport\(Darwin\)|os\((macOS|iOS|tvOS|watchOS)\)")
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)")

def dependencies(target):
    """(name, platforms or None) for each dependency of `target`."""
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                name, condition = dependency[kind][0], dependency[kind][-1]
                platforms = (condition or {}).get("platformNames") if isinstance(condition, dict) else None
                yield name, platforms

def code_lines(text):
    """The lines of `text` with comments and string literal contents blanked, keeping "/proc/"."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r"//.*", "", line)
        lines.append(line)
    return lines

def scan(path):
    """Per line: the conditions of the enclosing #if branches (negated ones marked with !)."""
    stack = []
    for number, line in enumerate(code_lines(open(path, encoding="utf-8").read()), 1):
        stripped = line.strip()
        if stripped.startswith("#if "):
            stack.append([stripped[4:], []])
        elif stripped.startswith("#elseif "):
            stack[-1][1].append(stack[-1][0])
            stack[-1][0] = stripped[8:]
        elif stripped.startswith("#else"):
            stack[-1][1].append(stack[-1][0])
            stack[-1][0] = "!else"
        elif stripped.startswith("#endif"):
            stack.pop()
        yield number, line, [branch for branch, _ in stack]

# A library module: a target of a library product.
libraries = []
for product in package["products"]:
    if "library" in product["type"]:
        for name in product["targets"]:
            if name not in libraries and targets.get(name, {}).get("type") == "regular":
                libraries.append(name)

# System libraries (and the package's own C targets) that a module depends on under a condition.
for target in package["targets"]:
    for name, platforms in dependencies(target):
        if targets.get(name, {}).get("type") == "system" and platforms is None:
            problems.append(f"{target['name']}: depends on the system library {name} on every platform; "
                            "give the dependency a condition: .when(platforms: [...])")

conditioned = {}  # (module, dependency) -> platforms
for target in package["targets"]:
    for name, platforms in dependencies(target):
        if platforms is not None:
            conditioned[(target["name"], name)] = platforms

written_for = {}
def platforms_of(name, seen=()):
    if name in written_for:
        return written_for[name]
    target = targets[name]
    platforms = set(ALL)
    path = target.get("path") or "Sources/" + name
    files = [os.path.join(root, f) for root, _, names in os.walk(path) for f in names if f.endswith(".swift")]
    for file in files:
        has_glibc = has_darwin = False
        for number, line, branches in scan(file):
            where = f"{file}:{number}"
            match = IMPORT.match(line)
            if match:
                module = match.group(1)
                if module.startswith("_"):
                    problems.append(f"{where}: imports {module}, an underscored module that is not API on any platform")
                if module in ("Glibc", "Musl"):
                    has_glibc = True
                # An import under any #if (or its #else) is one the author made conditional.
                guarded = bool(branches)
                restricted = conditioned.get((name, module))
                if restricted is not None and not guarded:
                    platforms &= set(restricted)
            if any(DARWIN_CONDITION.search(branch) for branch in branches) or re.search(r"canImport\(Darwin\)", line):
                has_darwin = True
            if LINUX_ONLY.search(line) and not any(LINUX_CONDITION.search(branch) and not branch.startswith("!") for branch in branches):
                problems.append(f"{where}: a Linux-only symbol outside a Linux branch: {line.strip()}")
        if has_glibc and not has_darwin:
            problems.append(f"{file}: imports Glibc or Musl with no Darwin branch")
    for dependency, condition in dependencies(target):
        if dependency in targets and targets[dependency]["type"] == "regular" and dependency not in seen:
            inherited = platforms_of(dependency, seen + (name,))
            platforms &= inherited if condition is None else (inherited | (set(ALL) - set(condition)))
    written_for[name] = platforms
    return platforms

def describe(platforms):
    if platforms == set(ALL):
        return "Linux, Apple platforms"
    names = {"linux": "Linux", "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS"}
    return ", ".join(names[p] for p in ALL if p in platforms) or "nowhere"

print(f"{'module':<24} written for (built and tested here: Linux)")
for name in libraries:
    print(f"{name:<24} {describe(platforms_of(name))}")

# Docs/MODULES.md's table of where each module builds.
names = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS"}
rows = ["| module | built and tested (in CI) | written to build, not built here |", "|---|---|---|"]
for name in libraries:
    elsewhere = [names[p] for p in APPLE if p in platforms_of(name)]
    rows.append(f"| `{name}` | Linux | {', '.join(elsewhere) or '—'} |")
table = "\n".join(rows)
DOCUMENT = "Docs/MODULES.md"
readme = open(DOCUMENT, encoding="utf-8").read()
marked = re.search(r"(<!-- platforms:start -->\n)(.*?)(<!-- platforms:end -->)", readme, flags=re.S)
if marked is None:
    problems.append(f"{DOCUMENT} has no platforms:start / platforms:end markers around its table of platforms")
elif marked.group(2) != table + "\n":
    if write_readme:
        open(DOCUMENT, "w", encoding="utf-8").write(readme[:marked.start(2)] + table + "\n" + readme[marked.end(2):])
        print(f"check-portability: {DOCUMENT}'s table rewritten")
    else:
        problems.append(f"{DOCUMENT}'s table of platforms differs from the modules: run Scripts/check-portability.sh --write")

if problems:
    print("\ncheck-portability: problems", file=sys.stderr)
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    sys.exit(1)
print(f"check-portability: every module is written for the platforms listed, as {DOCUMENT} says")
PY
