#!/usr/bin/env bash
# Cuts a release of Bistro: one version for the library products' public API and for `bistro`.
#   Scripts/release.sh 0.5.0                       # check, write the version, move CHANGELOG's
#                                                  # Unreleased under it, record the API, commit,
#                                                  # tag v0.5.0, and make the binary archive
#   Scripts/release.sh --dry-run 0.5.0             # all of it but the commit and the tag: the tree is
#                                                  # left as it was, the archive and its sums stay in dist/
#   Scripts/release.sh --dry-run --skip-tests next # as CI runs it: the smallest version the changes allow
# The checks: the tree is clean (but for a dry run) and green (`swift build --build-tests` without a
# warning, `swift test`, unless --skip-tests), CHANGELOG.md's Unreleased section says something, and
# the version's number fits the changes: a break of the last release's API (Scripts/check-api.sh)
# needs a minor bump below 1.0 and a major one after, an addition at least a minor one.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
skip_tests=false
version=""
for argument in "$@"; do
    case "$argument" in
        --dry-run) dry_run=true ;;
        --skip-tests) skip_tests=true ;;
        -*) echo "release: unknown option $argument" >&2; exit 2 ;;
        *) version=$argument ;;
    esac
done
[ -n "$version" ] || { echo "usage: Scripts/release.sh [--dry-run] [--skip-tests] VERSION|next" >&2; exit 2; }

fail() { echo "release: $*" >&2; exit 1; }
version_file=Apps/Bistro/Version.swift
current=$(sed -n 's/^let bistroVersion = "\(.*\)"$/\1/p' "$version_file")
[ -n "$current" ] || fail "no version in $version_file"

if ! $dry_run && [ -n "$(git status --porcelain)" ]; then
    fail "the tree has changes that are not committed"
fi

# What the unreleased changes are: breaks of the last release's API, additions, anything.
work=$(mktemp -d)
restores=false
# A dry run puts back what it wrote, from copies: the tree may hold changes not committed yet.
cleanup() {
    if $restores; then
        cp "$work/backup/Version.swift" "$version_file"
        cp "$work/backup/CHANGELOG.md" CHANGELOG.md
        rm -rf Scripts/api
        if [ -d "$work/backup/api" ]; then cp -a "$work/backup/api" Scripts/api; fi
    fi
    rm -rf "$work"
}
trap cleanup EXIT
breaks=false
if ! Scripts/check-api.sh >"$work/api.log" 2>&1; then
    cat "$work/api.log" >&2
    fail "the API breaks the last release's and CHANGELOG.md does not say so"
fi
grep -q "breaks" "$work/api.log" && breaks=true
unreleased=$(python3 -c '
import sys
text = open("CHANGELOG.md", encoding="utf-8").read()
print(text.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0].strip() if "## [Unreleased]" in text else "")')
if [ -z "$unreleased" ]; then
    # A dry run still makes and checks the archive (CI runs one after every commit).
    $dry_run || fail "CHANGELOG.md's Unreleased section is empty: say what this release changes"
    echo "release: CHANGELOG.md's Unreleased section is empty: a release would be refused" >&2
fi
additions=false
grep -q -e '^### Added' -e '^### Deprecated' <<<"$unreleased" && additions=true

next=$(python3 - "$current" "$breaks" "$additions" <<'PY'
import sys
major, minor, patch = map(int, sys.argv[1].split("."))
breaks, additions = sys.argv[2] == "true", sys.argv[3] == "true"
if breaks and major > 0: print(f"{major + 1}.0.0")
elif breaks or additions: print(f"{major}.{minor + 1}.0")
else: print(f"{major}.{minor}.{patch + 1}")
PY
)
[ "$version" = next ] && version=$next
python3 - "$current" "$version" "$next" <<'PY' || exit 1
import re, sys
current, version, smallest = sys.argv[1:]
if not re.fullmatch(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)", version):
    sys.exit(f"release: {version} is not a version (MAJOR.MINOR.PATCH)")
key = lambda v: tuple(map(int, v.split(".")))
if key(version) < key(smallest):
    sys.exit(f"release: {version} is too small for these changes after {current}: {smallest} at least (see CHANGELOG.md and Scripts/check-api.sh)")
PY
echo "release: $current -> $version$($dry_run && echo ' (dry run)')"

if ! $skip_tests; then
    swift build --build-tests 2>&1 | tee "$work/build.log" | tail -n 1
    if grep -E "(error|warning):" "$work/build.log" >/dev/null; then
        grep -E "(error|warning):" "$work/build.log" >&2
        fail "the build is not clean"
    fi
    swift test --skip-build >"$work/test.log" 2>&1 || { grep -E "error:|failed" "$work/test.log" >&2; fail "the tests failed"; }
fi

# The release's files: its version, its changelog section, its API.
date=$(date -u +%Y-%m-%d)
mkdir -p "$work/backup"
cp "$version_file" CHANGELOG.md "$work/backup/"
if [ -d Scripts/api ]; then cp -a Scripts/api "$work/backup/api"; fi
restores=$dry_run
sed -i "s/^let bistroVersion = \".*\"$/let bistroVersion = \"$version\"/" "$version_file"
python3 - "$version" "$date" <<'PY'
import sys
version, date = sys.argv[1:]
text = open("CHANGELOG.md", encoding="utf-8").read()
text = text.replace("## [Unreleased]", f"## [Unreleased]\n\n## [{version}] - {date}", 1)
open("CHANGELOG.md", "w", encoding="utf-8").write(text)
PY
rm -rf Scripts/api
Scripts/check-api.sh --dump "$work/api"
mkdir -p Scripts/api
for dump in "$work/api"/*.json; do gzip -n -c "$dump" >"Scripts/api/$(basename "$dump").gz"; done
printf 'version: %s\ndate: %s\n' "$version" "$date" >Scripts/api/RELEASE

# The binary for people who do not build Swift: the Swift runtime (Foundation included) linked in.
# SQLite, OpenSSL and libcurl stay shared libraries, the system's own (Debian's libsqlite3-0,
# libssl3, libcurl4): the static Foundation's networking part asks the linker for curl, and curl
# itself brings OpenSSL. A system with libcurl.so.4 but not its development link gets one here.
name=bistro-$version-linux-$(uname -m)
library_path=${LIBRARY_PATH:-}
if ! ldconfig -p | grep -q "libcurl.so " && curl_library=$(ldconfig -p | awk '/libcurl.so.4 / {print $NF; exit}') && [ -n "$curl_library" ]; then
    # Through the linker's LIBRARY_PATH rather than a flag: a flag would change SwiftPM's build
    # description, and the first build after such a change was seen linking without it.
    mkdir -p .build/curl-link
    ln -sf "$curl_library" .build/curl-link/libcurl.so
    library_path=$PWD/.build/curl-link${library_path:+:$library_path}
fi
if ! LIBRARY_PATH=$library_path swift build -c release --product bistro --static-swift-stdlib >"$work/archive-build.log" 2>&1; then
    grep -E "error" "$work/archive-build.log" >&2 || tail -n 20 "$work/archive-build.log" >&2
    fail "the binary did not build"
fi
tail -n 1 "$work/archive-build.log"
binary=$(swift build -c release --show-bin-path)/bistro
rm -rf "dist/$name" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "dist/$name/completions"
cp "$binary" "dist/$name/bistro"
strip "dist/$name/bistro"
"dist/$name/bistro" --generate-completion-script bash >"dist/$name/completions/bistro.bash"
"dist/$name/bistro" --generate-completion-script zsh >"dist/$name/completions/_bistro"
"dist/$name/bistro" --generate-completion-script fish >"dist/$name/completions/bistro.fish"
"dist/$name/bistro" --generate-manual >"dist/$name/bistro.1"
cp README.md LICENSE CHANGELOG.md "dist/$name/"
tar -C dist -czf "dist/$name.tar.gz" "$name"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
rm -rf "dist/$name"
Scripts/check-archive.sh "dist/$name.tar.gz" "$version"

python3 - "$version" <<'PY'
import sys
text = open("CHANGELOG.md", encoding="utf-8").read()
section = text.split(f"## [{sys.argv[1]}]", 1)[1].split("\n## [", 1)[0]
print(f"## [{sys.argv[1]}]{section.rstrip()}")
PY
if $dry_run; then
    echo "release: dry run: dist/$name.tar.gz and its sums; the tree is as it was"
    exit 0
fi
git add "$version_file" CHANGELOG.md Scripts/api
git commit -q -m "Release $version"
git tag -a "v$version" -m "Bistro $version"
echo "release: $version committed and tagged v$version; dist/$name.tar.gz and its sums"
