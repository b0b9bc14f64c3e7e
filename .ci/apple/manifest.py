#!/usr/bin/env python3
"""Reads `swift package dump-package` output (standard input) for the Apple check.

    swift package dump-package | python3 manifest.py floor <platform>   # e.g. 13.0
    swift package dump-package | python3 manifest.py targets            # one line a target

`targets` prints, in dependency order, `name|module|type|path|dependencies|flags`: the module
name (the target's name with `-` as `_`), its type (regular, executable, test), its folder,
the modules it depends on (comma-separated) and the Swift flags its settings give (language
mode and upcoming features, space-separated). So the check reads the manifest's platforms,
targets and settings instead of writing them a second time.
"""
import json
import sys

package = json.load(sys.stdin)
command = sys.argv[1]

if command == "floor":
    wanted = sys.argv[2]
    for platform in package.get("platforms", []):
        if platform["platformName"] == wanted:
            print(platform["version"])
            sys.exit(0)
    sys.exit(f"Package.swift declares no minimum for {wanted}")

if command != "targets":
    sys.exit(f"unknown command {command}")


def module_name(name):
    return name.replace("-", "_")


def flags(target):
    result = []
    for setting in target.get("settings", []):
        if setting.get("tool") != "swift":
            continue
        kind = setting["kind"]
        if "swiftLanguageMode" in kind:
            result += ["-swift-version", kind["swiftLanguageMode"]["_0"]]
        elif "enableUpcomingFeature" in kind:
            result += ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
        elif "enableExperimentalFeature" in kind:
            result += ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
        elif "define" in kind:
            result += ["-D", kind["define"]["_0"]]
        elif "unsafeFlags" in kind:
            result += kind["unsafeFlags"]["_0"]
    return result


def dependencies(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                names.append(dependency[kind][0])
        if "product" in dependency:
            sys.exit(f"{target['name']} depends on a product; the Apple check knows only local targets")
    return names


targets = {t["name"]: t for t in package["targets"]}
done, ordered = set(), []


def visit(name):
    if name in done:
        return
    done.add(name)
    for dependency in dependencies(targets[name]):
        visit(dependency)
    ordered.append(targets[name])


for name in targets:
    visit(name)
for target in ordered:
    kind = target["type"]
    folder = {"test": "Tests", "executable": "Sources", "regular": "Sources"}[kind]
    path = target.get("path") or f"{folder}/{target['name']}"
    print("|".join([
        target["name"],
        module_name(target["name"]),
        kind,
        path,
        ",".join(module_name(d) for d in dependencies(target)),
        " ".join(flags(target)),
    ]))
