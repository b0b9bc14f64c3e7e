#!/usr/bin/env bash
# The Apple check: type-checks ReMVVM for Apple platforms on Linux, at the floor Package.swift
# declares, so that Apple availability ("'X' is only available in macOS 14.0 or newer") is
# enforced as Xcode would enforce it.
#
#   bash .ci/apple-check.sh                  macOS, iOS, tvOS and watchOS
#   bash .ci/apple-check.sh macos ios        some of them
#   APPLE_CHECK_SNIPPETS='Testing.md' bash .ci/apple-check.sh macos
#                                            after a full run: only the docs' snippets from
#                                            matching paths, in a second or two
#
# What it checks, on every platform: the library modules (ReMVVMViewModelFactory, ReMVVMStore,
# ReMVVMMiddleware, ReMVVMSwiftUI with its SwiftUI and UIKit files, ReMVVM, which re-exports them,
# and ReMVVMTesting, the test-support module:
# every library target of Package.swift; ReMVVMTesting's XCTest half is not, as XCTest has no
# textual interface or stand-in here, while its Swift Testing half and its load-time
# `@section(...)` entry are),
# Tests/Consumer (the README's example) and the Swift snippets of the DocC
# catalogs and `///` comments (see .ci/apple/snippets.py); on macOS also the demo and the test
# targets. Snippets of the Observation-based API, which needs macOS 14, iOS 17, tvOS 17 or
# watchOS 10 and says so, are checked at that release instead of the floor. It prints each
# error as the compiler states it (file:line, the API, the OS that has it), then one summary
# line a platform, and exits 1 if there was any error. Each platform's run first proves that it
# can fail: a planted use of `InlineArray` (macOS 26, iOS 26) and one of SwiftUI's
# `navigationDestination(item:)` (macOS 14, iOS 17) must be reported at the floor, and on macOS
# a planted `fullScreenCover` (unavailable there), or the check itself is reported broken.
#
# visionOS, also declared in Package.swift, is not checked: the toolchain's standard library
# interface does not rebuild for an xros triple here. Its availability follows iOS's (visionOS 1
# has everything iOS 17 has), so the iOS check covers the library's use of newer API.
#
# How: Swift on Linux does not enforce Apple availability, but the toolchain ships the textual
# interfaces of the standard library, Observation, Synchronization and Swift Testing with their
# Apple `@available` attributes. .ci/apple/sdk_interface.py rewrites them for an Apple triple
# (x86_64, so Float80 stays valid) and the compiler rebuilds them as that platform's SDK; the
# package's sources are then type-checked against them with the floor as deployment target.
# Synchronization is not rebuilt (its inlinable code is Linux's futex code): all of it (`Mutex`,
# `Atomic`) needs macOS 15 / iOS 18, above the floor, so an import of it fails the check.
# Foundation, Dispatch, Darwin, Combine, SwiftUI and UIKit have no textual interface on Linux:
# .ci/apple/Foundation.swiftinterface, Dispatch.swiftinterface, Darwin/, Combine.swiftinterface,
# SwiftUI.swiftinterface and UIKit.swiftinterface stand in for them, declaring exactly what the
# package uses, with Apple's availability. UIKit is built for iOS and tvOS only: on macOS and
# watchOS `canImport(UIKit)` is false, as ReMVVMSwiftUI's UIKit files expect there.
#
# The rebuilt SDK is cached in .build-apple/<platform>/ (APPLE_CHECK_CACHE to move it), keyed
# by the compiler's version and the stand-ins' contents. Platforms run two at a time.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
here=$root/.ci/apple

platforms=("$@")
[[ ${#platforms[@]} -gt 0 ]] || platforms=(macos ios tvos watchos)

swiftc=$(command -v swiftc) || { echo "apple-check: swiftc not found" >&2; exit 2; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
linux=$toolchain/lib/swift/linux
plugins=$toolchain/lib/swift/host/plugins
cache_root=${APPLE_CHECK_CACHE:-$root/.build-apple}
mkdir -p "$cache_root"

manifest=$cache_root/manifest.json
swift package dump-package >"$manifest" 2>"$cache_root/manifest.log" \
    || { cat "$cache_root/manifest.log" >&2; echo "apple-check: swift package dump-package failed" >&2; exit 2; }
python3 "$here/manifest.py" targets <"$manifest" >"$cache_root/targets.txt" || exit 2

# The cache key: what the rebuilt SDK depends on.
key=$( { "$swiftc" --version 2>&1; cat "$here/sdk_interface.py" "$here/Foundation.swiftinterface" "$here/Dispatch.swiftinterface" "$here"/Darwin/* "$here/Combine.swiftinterface" "$here/SwiftUI.swiftinterface" "$here/UIKit.swiftinterface"; } | sha256sum | cut -c1-16)

check_platform() {
    local platform=$1 os suffix floor sdk client cache out errors=0
    case "$platform" in
    macos) os=macosx suffix="" ;;
    ios) os=ios suffix="-simulator" ;;
    tvos) os=tvos suffix="-simulator" ;;
    watchos) os=watchos suffix="-simulator" ;;
    *) echo "apple-check: unknown platform $platform (macos, ios, tvos, watchos)"; return 2 ;;
    esac
    floor=$(python3 "$here/manifest.py" floor "$platform" <"$manifest") || return 2
    sdk="x86_64-apple-${os}26.0${suffix}"
    client="x86_64-apple-${os}${floor}${suffix}"
    cache=$cache_root/$platform-$key
    # SDKs rebuilt for an older compiler or older stand-ins are not needed any more.
    find "$cache_root" -maxdepth 1 -name "$platform-*" ! -name "$platform-$key" -exec rm -rf {} +
    out=$cache/out
    mkdir -p "$cache/sdk" "$out"
    rm -f "$out"/*.swiftmodule

    # --- The SDK: interfaces rebuilt for the Apple triple, plus the stand-ins. ---
    sdk_module() {  # module name, then extra flags
        local module=$1 interface
        shift
        [[ -f "$cache/sdk/$module.swiftmodule" ]] && return 0
        interface=$linux/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface
        python3 "$here/sdk_interface.py" "$interface" "$cache/sdk/$module.swiftinterface" "$sdk" || return 1
        "$swiftc" -frontend -compile-module-from-interface -module-name "$module" -target "$sdk" \
            -I "$cache/sdk" "$@" "$cache/sdk/$module.swiftinterface" -o "$cache/sdk/$module.swiftmodule" \
            >"$cache/sdk/$module.log" 2>&1 \
            || { echo "apple-check: cannot rebuild $module for $sdk (see $cache/sdk/$module.log)"; return 1; }
    }
    local darwin_floor
    case "$os" in macosx) darwin_floor=10.15 ;; watchos) darwin_floor=6.0 ;; *) darwin_floor=13.0 ;; esac
    if [[ ! -f "$cache/sdk/Darwin.swiftmodule" ]]; then
        mkdir -p "$cache/sdk/CDarwinStandIn"
        cp "$here/Darwin/darwin.h" "$here/Darwin/module.modulemap" "$cache/sdk/CDarwinStandIn/"
    fi
    sdk_module Swift -parse-stdlib || return 2
    sdk_module SwiftOnoneSupport || return 2
    sdk_module _Concurrency || return 2
    sdk_module _StringProcessing || return 2
    if [[ ! -f "$cache/sdk/Darwin.swiftmodule" ]]; then
        "$swiftc" -frontend -emit-module -disable-objc-interop -target "x86_64-apple-${os}${darwin_floor}${suffix}" \
            -I "$cache/sdk" -I "$cache/sdk/CDarwinStandIn" -module-name Darwin -parse-as-library \
            "$here/Darwin/Darwin.swift" -o "$cache/sdk/Darwin.swiftmodule" >"$cache/sdk/Darwin.log" 2>&1 \
            || { echo "apple-check: the Darwin stand-in does not build (see $cache/sdk/Darwin.log)"; return 2; }
    fi
    sdk_module Observation || return 2
    if [[ ! -f "$cache/sdk/Dispatch.swiftmodule" ]]; then
        "$swiftc" -frontend -compile-module-from-interface -module-name Dispatch -target "$sdk" \
            -I "$cache/sdk" "$here/Dispatch.swiftinterface" \
            -o "$cache/sdk/Dispatch.swiftmodule" >"$cache/sdk/Dispatch.log" 2>&1 \
            || { echo "apple-check: the Dispatch stand-in does not build (see $cache/sdk/Dispatch.log)"; return 2; }
    fi
    if [[ ! -f "$cache/sdk/Foundation.swiftmodule" ]]; then
        "$swiftc" -frontend -compile-module-from-interface -module-name Foundation -target "$sdk" \
            -I "$cache/sdk" -I "$cache/sdk/CDarwinStandIn" "$here/Foundation.swiftinterface" \
            -o "$cache/sdk/Foundation.swiftmodule" >"$cache/sdk/Foundation.log" 2>&1 \
            || { echo "apple-check: the Foundation stand-in does not build (see $cache/sdk/Foundation.log)"; return 2; }
    fi
    stand_in() {  # module name: .ci/apple/<module>.swiftinterface, built for the Apple triple
        [[ -f "$cache/sdk/$1.swiftmodule" ]] && return 0
        "$swiftc" -frontend -compile-module-from-interface -module-name "$1" -target "$sdk" \
            -I "$cache/sdk" "$here/$1.swiftinterface" \
            -o "$cache/sdk/$1.swiftmodule" >"$cache/sdk/$1.log" 2>&1 \
            || { echo "apple-check: the $1 stand-in does not build (see $cache/sdk/$1.log)"; return 1; }
    }
    stand_in Combine || return 2
    stand_in SwiftUI || return 2
    if [[ $platform == ios || $platform == tvos ]]; then stand_in UIKit || return 2; fi
    sdk_module _TestDiscovery || return 2
    sdk_module _TestingInterop || return 2
    sdk_module Testing -plugin-path "$plugins" || return 2

    local flags=(-disable-objc-interop -target "$client" -I "$cache/sdk" -I "$cache/sdk/CDarwinStandIn" -I "$out"
        -plugin-path "$plugins" -package-name ReMVVM -enable-testing)
    report() {  # a compiler's output file: its error lines, paths relative to the checkout
        local lines
        lines=$(grep -E "^[^ ]*: error: " "$1" | sed -e "s#^$root/##" -e "s#^$out/snippets/##" | sort -u)
        if [[ -n "$lines" ]]; then
            echo "$lines" | sed "s#^#[$platform] #"
            errors=$((errors + $(echo "$lines" | wc -l)))
        fi
    }

    # --- The check can fail: a planted use of a newer API must be caught at the floor. ---
    # refuses NAME PATTERN WHAT SOURCE: SOURCE (printf %b escapes) must fail with PATTERN.
    refuses() {
        printf '%b' "$4" >"$out/$1.swift"
        "$swiftc" -frontend -typecheck "${flags[@]}" -swift-version 6 -module-name Planted "$out/$1.swift" \
            >"$out/$1.log" 2>&1
        if ! grep -q "$2" "$out/$1.log"; then
            echo "[$platform] $3"
            errors=$((errors + 1))
        fi
    }
    refuses planted "'InlineArray' is only available in .* 26.0 or newer" \
        "the check does not enforce availability: a planted InlineArray (26.0) passed at $client" \
        'let pair: InlineArray<2, Int> = [1, 2]\n'
    # The same for the UI stand-ins: an API newer than the floor, or missing on the platform.
    refuses planted-swiftui "'navigationDestination(item:destination:)' is only available in .* [0-9.]* or newer" \
        "the check does not enforce SwiftUI's availability: a planted navigationDestination(item:) passed at $client" \
        'import SwiftUI\nstruct Planted: View {\n    @Binding var item: Int?\n    var body: some View {\n        Text("").navigationDestination(item: $item) { Text("\\($0)") }\n    }\n}\n'
    if [[ $platform == macos ]]; then
        refuses planted-cover "'fullScreenCover(item:onDismiss:content:)' is unavailable in macOS" \
            "the check does not enforce SwiftUI's platforms: a planted fullScreenCover passed on macOS" \
            'import SwiftUI\nstruct Item: Identifiable { let id: Int }\nstruct Planted: View {\n    @Binding var item: Item?\n    var body: some View {\n        Text("").fullScreenCover(item: $item) { _ in Text("") }\n    }\n}\n'
    fi

    # --- The package's modules, in dependency order. ---
    local name module kind path dependencies settings files checked=()
    # APPLE_CHECK_SNIPPETS=<pattern>: a quick rerun while fixing docs, after one full run: only
    # the snippet groups whose source path matches the pattern (grep -E), against the modules
    # that run built.
    if [[ -n ${APPLE_CHECK_SNIPPETS:-} ]]; then
        flags+=(-I "$out/modules")
    else
        rm -rf "$out/modules"
        mkdir -p "$out/modules"
        while IFS='|' read -r name module kind path dependencies settings; do
            if [[ $kind != regular && $platform != macos ]]; then continue; fi
            mapfile -t files < <(find "$root/$path" -name '*.swift' | sort)
            local mode=(-parse-as-library)
            if [[ $kind != regular ]] && printf '%s\n' "${files[@]}" | grep -q '/main\.swift$'; then mode=(); fi
            # shellcheck disable=SC2086  # settings are flags, one word each
            "$swiftc" -frontend -emit-module "${flags[@]}" $settings "${mode[@]}" -module-name "$module" \
                "${files[@]}" -o "$out/$module.swiftmodule" >"$out/$module.log" 2>&1
            report "$out/$module.log"
            if [[ ! -f "$out/$module.swiftmodule" ]]; then
                echo "[$platform] $name: its module was not built, so modules that import it are not checked"
                errors=$((errors + 1))
            fi
            checked+=("$name")
            cp "$out/$module.swiftmodule" "$out/modules/" 2>/dev/null
        done <"$cache_root/targets.txt"

        # --- Tests/Consumer: the README's example, as a client's main.swift. ---
        "$swiftc" -frontend -typecheck "${flags[@]}" -swift-version 6 -module-name ReadmeExample \
            "$root/Tests/Consumer/Sources/ReadmeExample/main.swift" >"$out/consumer.log" 2>&1
        report "$out/consumer.log"
        checked+=(Tests/Consumer)
    fi

    # --- The docs' snippets. ---
    if [[ -f "$here/snippets.py" ]]; then
        rm -rf "$out/snippets"
        "$swiftc" -frontend -emit-module "${flags[@]}" -swift-version 6 -parse-as-library -module-name DocsContext \
            "$here"/DocsContext/*.swift -o "$out/DocsContext.swiftmodule" >"$out/DocsContext.log" 2>&1
        report "$out/DocsContext.log"
        # Examples of the Observation-based API are checked where that API exists (the docs
        # say so): at the floor of Observation, which snippets.py names for each group.
        local observation_floor
        case "$platform" in macos) observation_floor=14.0 ;; ios | tvos) observation_floor=17.0 ;; watchos) observation_floor=10.0 ;; esac
        local groups=() file needs target mode count=0
        mapfile -t groups < <(python3 "$here/snippets.py" "$root" "$out/snippets" "${APPLE_CHECK_SNIPPETS:-}")
        for group in "${groups[@]}"; do
            read -r file needs <<<"$group"
            target=$client mode=()
            [[ $needs == *observation* ]] && target="x86_64-apple-${os}${observation_floor}${suffix}"
            [[ $needs == *library* ]] && mode=(-parse-as-library)
            # UIKit's view controllers exist on iOS and tvOS only.
            [[ $needs == *uikit* && $platform != ios && $platform != tvos ]] && continue
            "$swiftc" -frontend -typecheck "${flags[@]}" -target "$target" "${mode[@]}" -swift-version 6 -module-name Snippet \
                "$out/snippets/$file" >"$out/snippets/$file.log" 2>&1
            report "$out/snippets/$file.log"
            count=$((count + 1))
        done
        checked+=("$count snippet groups")
    fi
    echo "apple-check $client: $errors errors in ${checked[*]}"
    [[ $errors -eq 0 ]]
}

status=0
pids=()
logs=()
for platform in "${platforms[@]}"; do
    log=$cache_root/$platform.log
    check_platform "$platform" >"$log" 2>&1 &
    pids+=($!)
    logs+=("$log")
    if [[ ${#pids[@]} -eq 2 ]]; then
        wait "${pids[0]}" || status=1
        cat "${logs[0]}"
        pids=("${pids[@]:1}")
        logs=("${logs[@]:1}")
    fi
done
for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || status=1
    cat "${logs[$index]}"
done
exit $status
