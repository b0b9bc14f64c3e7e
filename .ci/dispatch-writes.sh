#!/usr/bin/env bash
# The dispatch's state is written only by its machine (Sources/Store/Engine/Dispatch/
# DispatchMachine.swift), and the store's state only by `commit` (DispatchEngine.swift): this
# finds any other write, in the folders whose code touches the dispatch's classes.
set -euo pipefail
cd "$(dirname "$0")/.."

fields='phase|outcome|resumedLevel|deferredLevel|isOnStack|keptCompletions|levels|heldContext|savedAction|actionAddress|isBusy|pending|innerDepth'
# An assignment, a compound assignment, an `inout` use, or a mutating call on one of them.
write="(\\.|^|[^.[:alnum:]_])($fields)[[:space:]]*(=[^=]|\\+=|-=|&\\+=|&-=)|&([[:alnum:]_]+\\.)*($fields)\\b|\\.($fields)\\.(append|remove|removeAll|removeFirst|popFirst|insert|take)\\("
dirs=(Sources/Store/Engine Sources/Store/Lists Sources/Store/Middleware Sources/Store/Effects Sources/Store/Places Sources/Store/Core)
found=$(grep -rnE "$write" "${dirs[@]}" --include='*.swift' \
    | grep -v '^Sources/Store/Engine/Dispatch/DispatchMachine.swift:' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
    | grep -vE '^[^:]+:[0-9]+:.*\b(var|let)[[:space:]]+('"$fields"')\b' || true)

# The store's state: `engine.state = `, or `&engine.state`, outside DispatchEngine.swift's commits
# (a reducer's fold writes its own `inout` copy, which is not the store's).
state_writes=$(grep -rnE '[[:alnum:]_]+\.state(\[[^]]*\])?[[:space:]]*=[^=]|&[[:alnum:]_]+\.state\b' "${dirs[@]}" --include='*.swift' \
    | grep -v '^Sources/Store/Engine/Dispatch/DispatchEngine.swift:' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)

status=0
if [ -n "$found" ]; then
    echo "error: the dispatch's state is written outside DispatchMachine.swift; call one of its events instead:" >&2
    echo "$found" >&2
    status=1
fi
if [ -n "$state_writes" ]; then
    echo "error: the store's state is written outside commit (DispatchEngine.swift):" >&2
    echo "$state_writes" >&2
    status=1
fi
[ $status -eq 0 ] && echo "dispatch writes: only the machine writes the dispatch's state, only commit the store's"
exit $status
