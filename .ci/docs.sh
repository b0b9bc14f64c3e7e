#!/usr/bin/env bash
# Builds the DocC catalogs of the library modules and fails on any DocC warning.
#
#   bash .ci/docs.sh            check every catalog (what CI runs)
#   bash .ci/docs.sh preview    check, then serve ReMVVMStore's docs (PREVIEW_MODULE=... for another)
#
# No package dependency (no swift-docc-plugin): the compiler writes the symbol graphs while it
# builds the library modules, and the toolchain's `docc` turns each module's catalog and graphs
# into a documentation archive under .build-docs/archives/.
#
# The symbol graphs come from the compiler rather than `swift package dump-symbol-graph`
# because the compiler's graph of ReMVVMStore includes the ReMVVMViewModelFactory symbols it
# re-exports: a client that writes `import ReMVVMStore` gets them, so its documentation lists
# them, and links such as ``ViewModelFactory`` in ReMVVMStore's comments resolve.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
archives="$scratch/archives"
modules=(ReMVVMViewModelFactory ReMVVMStore ReMVVMMiddleware ReMVVMSwiftUI ReMVVM ReMVVMTesting)

# A function rather than an associative array, so the script also runs with macOS's bash 3.
catalog_of() {
    case "$1" in
    ReMVVMViewModelFactory) echo Sources/ViewModelFactory/ReMVVMViewModelFactory.docc ;;
    ReMVVMStore) echo Sources/Store/ReMVVMStore.docc ;;
    ReMVVMMiddleware) echo Sources/Middleware/ReMVVMMiddleware.docc ;;
    ReMVVMSwiftUI) echo Sources/SwiftUI/ReMVVMSwiftUI.docc ;;
    ReMVVM) echo Sources/ReMVVM/ReMVVM.docc ;;
    ReMVVMTesting) echo Sources/ReMVVMTesting/ReMVVMTesting.docc ;;
    *) return 1 ;;
    esac
}

# docc ships beside swift in the toolchain; Xcode keeps it behind xcrun.
docc=${DOCC:-$(command -v docc || xcrun --find docc 2>/dev/null || true)}
if [[ -z "$docc" ]]; then
    echo "docc not found: install a Swift toolchain that has it, or set DOCC=/path/to/docc." >&2
    exit 1
fi

started=$SECONDS

build_symbol_graphs() {
    # ReMVVM depends on the four other library modules, so building it builds all five (and
    # not the demo or the tests); ReMVVMTesting, the test-support module, is built beside them.
    local target
    for target in ReMVVM ReMVVMTesting; do
        build_symbol_graphs_of "$target"
    done
}

build_symbol_graphs_of() {
    swift build --scratch-path "$scratch" --target "$1" \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
}

printf '==> Symbol graphs (swift build --scratch-path %s)\n' "$scratch"
build_symbol_graphs
# The compiler writes a module's graph only when it compiles the module, so an up-to-date
# build does not bring back graphs that were deleted: start the scratch build over then.
for module in "${modules[@]}"; do
    if [[ ! -f "$graphs/$module.symbols.json" ]]; then
        printf 'The symbol graph of %s is missing; rebuilding %s from scratch.\n' "$module" "$scratch"
        rm -rf "$scratch"
        build_symbol_graphs
        break
    fi
done

status=0
for module in "${modules[@]}"; do
    catalog=$(catalog_of "$module")
    printf '\n==> docc convert %s\n' "$catalog"
    # docc reads every graph in the folder it is given, so give it only this module's
    # (ModuleName.symbols.json, and ModuleName@Other.symbols.json for extensions of Other).
    module_graphs="$scratch/module-graphs/$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    if [[ $module == ReMVVM ]]; then
        # ReMVVM declares nothing: its graph holds the symbols of the modules it re-exports,
        # which their own catalogs document (with links to their own articles). Its page is the
        # catalog's overview, over a graph that keeps the module and drops the symbols.
        python3 -c '
import json, sys
graph = json.load(open(sys.argv[1]))
graph["symbols"], graph["relationships"] = [], []
json.dump(graph, open(sys.argv[2], "w"))
' "$graphs/$module.symbols.json" "$module_graphs/$module.symbols.json"
    else
        cp "$graphs/$module.symbols.json" "$module_graphs/"
        cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
    fi

    log="$scratch/docc-$module.log"
    mkdir -p "$archives"
    # --analyze also prints notes; --warnings-as-errors makes docc exit non-zero on a warning
    # (an unresolved ``link``, a curation error, a bad parameter name in a doc comment).
    if ! "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$module_graphs" \
        --output-path "$archives/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.remvvm.$module" \
        --analyze --warnings-as-errors >"$log" 2>&1; then
        status=1
    fi
    cat "$log"
    # Belt and braces: a docc that printed a warning but exited 0 still fails the check.
    if grep -Eq '^(warning|error):' "$log"; then
        status=1
    fi
done

printf '\n==> Documentation built in %ds: %s/<Module>.doccarchive\n' $((SECONDS - started)) "$archives"
if [[ $status -ne 0 ]]; then
    printf 'DocC reported warnings or errors (see above).\n' >&2
    exit 1
fi

if [[ "${1:-}" == "preview" ]]; then
    module=${PREVIEW_MODULE:-ReMVVMStore}
    catalog=$(catalog_of "$module") || { echo "PREVIEW_MODULE must be one of: ${modules[*]}" >&2; exit 1; }
    printf '\n==> docc preview %s\n' "$catalog"
    mkdir -p "$scratch/preview"
    exec "$docc" preview "$catalog" \
        --additional-symbol-graph-dir "$scratch/module-graphs/$module" \
        --output-path "$scratch/preview/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.remvvm.$module" \
        --port "${PREVIEW_PORT:-8080}"
fi
