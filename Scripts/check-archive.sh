#!/usr/bin/env bash
# Checks a release archive as someone without Swift would use it: its sums match, it holds the
# binary, the completions for bash, zsh and fish, the manual page, README, LICENSE and CHANGELOG;
# the binary links no Swift library (`ldd`) and runs with no toolchain on PATH or in
# LD_LIBRARY_PATH, printing the release's version.
#   Scripts/check-archive.sh dist/bistro-0.5.0-linux-x86_64.tar.gz 0.5.0
set -euo pipefail
archive=$1
version=$2
fail() { echo "check-archive: $*" >&2; exit 1; }
(cd "$(dirname "$archive")" && sha256sum --quiet -c "$(basename "$archive").sha256") || fail "the sums do not match"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$archive"
root="$work/$(basename "$archive" .tar.gz)"
for file in bistro completions/bistro.bash completions/_bistro completions/bistro.fish bistro.1 README.md LICENSE CHANGELOG.md; do
    [ -s "$root/$file" ] || fail "$file is missing or empty"
done
if ldd "$root/bistro" | grep -i -E "swift|Foundation|dispatch|BlocksRuntime|icu" >&2; then
    fail "the binary links the Swift libraries above"
fi
printed=$(cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$root/bistro" --version)
[ "$printed" = "bistro $version" ] || fail "--version printed '$printed', not 'bistro $version'"
needed=$(readelf -d "$root/bistro" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
echo "check-archive: $(basename "$archive"): needs ${needed}and no Swift library; --version: $printed"
