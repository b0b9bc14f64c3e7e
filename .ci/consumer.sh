#!/usr/bin/env bash
# Builds and runs Tests/Consumer, a package that depends on ReMVVM by path as a client would,
# and checks that its main.swift is the README's first example and prints what the README says.
#
#   bash .ci/consumer.sh
set -euo pipefail
cd "$(dirname "$0")/.."

readme_block() {
    # The n-th fenced block of the given language in README.md, without its fences.
    awk -v lang="$1" -v want="$2" '
        $0 == "```" lang { n++; if (n == want) { inside = 1; next } }
        inside && $0 == "```" { exit }
        inside { print }
    ' README.md
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

readme_block swift 1 >"$work/readme-example.swift"
readme_block text 1 >"$work/expected.txt"
if [[ ! -s "$work/readme-example.swift" || ! -s "$work/expected.txt" ]]; then
    echo "README.md: the first swift block or the first text block (its expected output) is missing." >&2
    exit 1
fi

echo "--> The README's first example is Tests/Consumer/Sources/ReadmeExample/main.swift"
if ! diff -u "$work/readme-example.swift" Tests/Consumer/Sources/ReadmeExample/main.swift; then
    echo "README.md's first example and Tests/Consumer/Sources/ReadmeExample/main.swift differ:" \
        "change both together." >&2
    exit 1
fi

echo "--> swift build (Tests/Consumer, scratch path .build-consumer)"
swift build --package-path Tests/Consumer --scratch-path .build-consumer
bin=$(swift build --package-path Tests/Consumer --scratch-path .build-consumer --show-bin-path)

echo "--> Its output is what the README says it prints"
"$bin/ReadmeExample" >"$work/output.txt"
if ! diff -u "$work/expected.txt" "$work/output.txt"; then
    echo "Tests/Consumer printed other lines than README.md says (- README, + output)." >&2
    exit 1
fi
cat "$work/output.txt"
