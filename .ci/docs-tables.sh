#!/usr/bin/env bash
# Checks that the docs list what the code declares, where no compiler looks:
# - every StoreDiagnostic.Kind declared in Sources/ has a row in the table of the Diagnostics
#   article (Sources/Store/ReMVVMStore.docc/Articles/Diagnostics.md), as
#   ``StoreDiagnostic/Kind/name`` or `name`;
# - every SessionTestExporter example in the docs (articles and `///` comments) passes a
#   makeStore expression that names `clock`: the exported test binds its TestClock to `clock`
#   before makeStore runs, and a store made without it never sees the test's advances.
# The snippets themselves are type-checked by .ci/apple-check.sh (.ci/apple/snippets.py).
set -euo pipefail
cd "$(dirname "$0")/.."

article=Sources/Store/ReMVVMStore.docc/Articles/Diagnostics.md
failed=0

# Declarations only: not the examples of `///` comments.
mapfile -t kinds < <(grep -rhE 'StoreDiagnostic\.Kind\("[A-Za-z]+"\)|= Kind\("[A-Za-z]+"\)' Sources --include='*.swift' \
    | grep -vE '^[[:space:]]*//' | grep -oE 'Kind\("[A-Za-z]+"\)' | sed -E 's/Kind\("([A-Za-z]+)"\)/\1/' | sort -u)
if ((${#kinds[@]} == 0)); then
    echo "docs-tables: found no StoreDiagnostic.Kind in Sources/" >&2
    exit 1
fi
rows=$(grep -E '^\| ' "$article")
for kind in "${kinds[@]}"; do
    if ! grep -qE "^\| (\`\`StoreDiagnostic/Kind/$kind\`\`|\`$kind\`)[ |]" <<<"$rows"; then
        echo "docs-tables: StoreDiagnostic.Kind.$kind has no row in $article" >&2
        failed=1
    fi
done

while IFS= read -r hit; do
    if ! grep -qE 'makeStore: "[^"]*\bclock\b' <<<"$hit"; then
        echo "docs-tables: an exporter example's makeStore does not give the store the test's clock: $hit" >&2
        failed=1
    fi
done < <(grep -rnE 'SessionTestExporter\([^)]*makeStore: "' Sources --include='*.swift' --include='*.md' || true)

if ((failed)); then exit 1; fi
echo "docs-tables: ${#kinds[@]} diagnostic kinds in the Diagnostics table; exporter examples give the store its clock"
