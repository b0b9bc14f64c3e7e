#!/bin/sh
# Runs the meetings app as a user would (its main.swift awaits at the top level, so on Linux the
# main actor's work runs on the main dispatch queue, on another thread than the first one),
# records a short session, and checks that the reducers' draws reached the log: a new series
# draws two ids, written on the line after its action's. Usage: Tests/Examples/Meetings/check-recording.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'add\ntitle Daily\nadd\nquit\n' \
    | swift run --package-path "$here" meetings --file "$work/series.json" --record "$work/session.jsonl" \
        >"$work/out" 2>"$work/err" || { cat "$work/err"; exit 1; }
if grep -q "outside a reducer" "$work/err"; then
    echo "check-recording: a reducer could not read its dependencies:" >&2
    cat "$work/err" >&2
    exit 1
fi
draws=$(grep -c '"draws":\[{"name":"uuid"' "$work/session.jsonl" || true)
if [ "$draws" -lt 1 ]; then
    echo "check-recording: the log has no draws line:" >&2
    cat "$work/session.jsonl" >&2
    exit 1
fi
echo "check-recording: the recorded session holds $draws draws line(s)"
