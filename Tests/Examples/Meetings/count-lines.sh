#!/bin/sh
# Counts the lines of the meetings app as the issue does: each file as `swift format` writes it
# with the repository's .swift-format, every line but blank lines, comments (`//`, `///`) and
# imports. Usage: Tests/Examples/Meetings/count-lines.sh [-v] (from anywhere); -v adds each file.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../../../.swift-format"

# The counted lines of the Swift files under the given folders (the generated test left out).
count() {
    for file in $(find "$@" -name '*.swift' ! -name 'RecordedSessionTests.swift' | sort); do
        swift format --configuration "$config" "$file"
    done | awk '
        { line = $0; sub(/^[ \t]+/, "", line) }
        line != "" && line !~ /^\/\// && line !~ /^(@testable |public |package |internal )?import / { n++ }
        END { print n + 0 }'
}

cd "$here/Sources/Meetings"
if [ "${1:-}" = "-v" ]; then
    for file in $(find Models Dependencies Features ViewModels UI -name '*.swift' | sort); do
        echo "$(count "$file") $file"
    done
fi
echo "Features (state, actions, reducers, effects, registrations): $(count Features) (TCA's SyncUps: 479)"
echo "Models + Dependencies + Features (all but UI and view models): $(count Models Dependencies Features) (TCA's SyncUps: 757)"
echo "ViewModels: $(count ViewModels)"
echo "UI: $(count UI)"
echo "Tests, hand-written (RecordedSessionTests.swift is generated): $(count "$here/Tests")"
