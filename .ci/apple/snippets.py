#!/usr/bin/env python3
"""Extracts the Swift snippets of the docs for the Apple check.

    python3 snippets.py <checkout> <output folder> [pattern]

A snippet is a ```swift fenced block in a DocC catalog's Markdown (Sources/*/*.docc) or in a
`///` comment of Sources/. Snippets are checked in groups, each group one file of the output
folder (printed by name) that the check type-checks as a client's main.swift:

- the snippets of one article form one group, in order, as a reader reads them: a later
  snippet may use what an earlier one declared. A line `<!-- snippet: new example -->` right
  before a fence starts a new group (an example that declares the same names again);
- the snippets of one `///` comment form one group.

A group imports what its snippets import, or ReMVVMStore, ReMVVMMiddleware and ReMVVMTesting (the
`TestStore` examples of `///` comments), plus Testing when
a snippet uses `@Test` or `#expect`, and DocsContext (.ci/apple/DocsContext/), whose
declarations of the docs' recurring example (AppState, LoginAction, store, ...) a snippet may
use without declaring them, and may shadow with its own. `#sourceLocation` lines make the
compiler report errors at the snippet's own file and line.

A line `<!-- snippet: given NAME: TYPE -->` right before a fence declares, for its group, a
value the surrounding text introduced (`given store: TestStore<AppState>`), shadowing
DocsContext's; several such lines may stand there. In a `///` comment the marker is a comment
line of its own.

Each printed line is a group's file name, followed by ` observation` when one of its snippets
uses the Observation-based API (ObservedState, `store.observed`, StoreViewModel, StateContainer,
`withObservationTracking`, `@Observable`): the check type-checks such a group at the first
release that has Observation (macOS 14, iOS 17, tvOS 17, watchOS 10), as its docs say it needs;
and ` library` when a snippet declares an `@main` type: the group is a library file then, not a
main.swift with top-level code.
With a pattern, only groups whose source path matches it (a regular expression) are written.

Snippets of ReMVVMSwiftUI (Sources/SwiftUI/) import ReMVVM and SwiftUI unless they say, and
UIKit too under Sources/SwiftUI/UIKit/; SwiftUI, UIKit and Combine are the stand-ins of
.ci/apple/. A group that imports UIKit is printed with ` uikit`: the check skips it where UIKit
has no view controllers (macOS, watchOS).

Not checked: snippets that import AppKit, WatchKit or TVUIKit, which have no stand-in, and a snippet right after a line `<!-- snippet: not checked (reason) -->`;
the reason is printed on standard error.
"""
import os
import re
import sys

root, output = sys.argv[1:3]
only = re.compile(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3] else None
os.makedirs(output, exist_ok=True)
UI = re.compile(r"^\s*import\s+(AppKit|WatchKit|TVUIKit)\b", re.M)
IMPORT = re.compile(r"^\s*(@testable\s+|@preconcurrency\s+)?import\s+\w+", re.M)
TESTING = re.compile(r"(^\s*@Test\b|#expect\(|#require\()", re.M)
NEW_GROUP = re.compile(r"<!--\s*snippet:\s*new example\s*-->")
SKIP = re.compile(r"<!--\s*snippet:\s*not checked\s*\((.*)\)\s*-->")
MAIN = re.compile(r"^@main\b", re.M)
GIVEN = re.compile(r"<!--\s*snippet:\s*given\s+(\w+)\s*:\s*(.+?)\s*-->")
OBSERVATION = re.compile(
    r"\b(ObservedState|StoreViewModel|StateContainer|withObservationTracking)\b|\.observed\b|@Observable\b")


MARKER = re.compile(r"<!--\s*snippet:")


def markers(lines, index):
    """The `<!-- snippet: ... -->` lines right before line `index`, in any order, blank lines
    skipped: (line number, text) pairs."""
    found = []
    index -= 1
    while index >= 0:
        text = lines[index].strip().lstrip("/").strip()
        if text:
            if not MARKER.search(text):
                break
            found.insert(0, (index + 1, text))
        index -= 1
    return found


def givens(lines, index):
    """The `given` markers right before line `index`: (line number, name, type) triples."""
    return [(number, m.group(1), m.group(2))
            for number, text in markers(lines, index) if (m := GIVEN.search(text))]


def marker(lines, index, pattern):
    """The match of `pattern` among the markers right before line `index`."""
    for _, text in markers(lines, index):
        if match := pattern.search(text):
            return match
    return None


def blocks_in_markdown(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if stripped == "```swift":
            indent = line[: len(line) - len(line.lstrip())]
            skip = marker(lines, index, SKIP)
            new_group = marker(lines, index, NEW_GROUP) is not None
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:end]]
            yield start + 1, body, skip.group(1) if skip else None, new_group, givens(lines, index)
            index = end + 1
        else:
            index += 1


def blocks_in_comments(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    comment = -1  # the line where the current `///` comment started
    grouped = -1  # the comment whose snippets form the current group
    while index < len(lines):
        if not re.match(r"^\s*///", lines[index]):
            comment = -1
        elif comment < 0:
            comment = index
        match = re.match(r"^(\s*)/// ?(\s*)```swift\s*$", lines[index])
        if match:
            inner = match.group(2)
            start = index + 1
            end = start
            body = []
            while end < len(lines):
                text = re.match(r"^\s*/// ?(.*)$", lines[end])
                if not text or text.group(1).strip() == "```":
                    break
                content = text.group(1)
                body.append(content[len(inner):] if content.startswith(inner) else content.lstrip())
                end += 1
            skip = marker(lines, index, SKIP)
            yield start + 1, body, skip.group(1) if skip else None, comment != grouped, givens(lines, index)
            grouped = comment
            index = end + 1
        else:
            index += 1


def sources():
    for directory, _, files in os.walk(os.path.join(root, "Sources")):
        for name in sorted(files):
            path = os.path.join(directory, name)
            if name.endswith(".md") and ".docc" in path:
                yield path, blocks_in_markdown(path)
            elif name.endswith(".swift"):
                yield path, blocks_in_comments(path)


for path, blocks in sorted(sources(), key=lambda item: item[0]):
    relative = os.path.relpath(path, root)
    if only and not only.search(relative):
        continue
    groups = [[]]
    for line, body, skip, new_group, given in blocks:
        text = "\n".join(body)
        if UI.search(text):
            continue
        if skip:
            print(f"# {relative}:{line}: not checked ({skip})", file=sys.stderr)
            continue
        if new_group and groups[-1]:
            groups.append([])
        groups[-1].append((line, text, given))
    for number, group in enumerate(g for g in groups if g):
        name = re.sub(r"[^A-Za-z0-9]+", "-", relative) + f"-{number + 1}.swift"
        imports = set()
        for _, text, _ in group:
            imports.update(m.group(0).strip() for m in IMPORT.finditer(text))
        if relative.startswith("Sources/SwiftUI/"):
            default = ["import ReMVVM", "import SwiftUI"]
            if relative.startswith("Sources/SwiftUI/UIKit/"):
                default.append("import UIKit")
        else:
            default = ["import ReMVVMStore", "import ReMVVMMiddleware", "import ReMVVMTesting"]
        header = sorted(imports) or default
        # A view that imports its UI framework only still uses the library.
        if imports and all(re.search(r"\b(SwiftUI|UIKit)$", i) for i in imports):
            header.append("import ReMVVM")
        if any(TESTING.search(text) for _, text, _ in group) and "import Testing" not in header:
            header.append("import Testing")
        texts = [text for _, text, _ in group] + [f"{n}: {t}" for _, _, given in group for _, n, t in given]
        needs = []
        if any(OBSERVATION.search(text) for text in texts):
            needs.append("observation")
        if any(MAIN.search(text) for text in texts):
            needs.append("library")
        if "import UIKit" in header:
            needs.append("uikit")
        # A main.swift's top-level variables are the main actor's already, and may not say so.
        isolation = "@MainActor " if "library" in needs else ""
        with open(os.path.join(output, name), "w", encoding="utf-8") as out:
            out.write("\n".join(header + ["import DocsContext"]) + "\n")
            for _, _, given in group:
                for number, value, type_name in given:
                    out.write(f'#sourceLocation(file: "{relative}", line: {number})\n'
                              f'{isolation}var {value}: {type_name} {{ fatalError("given") }}\n#sourceLocation()\n')
            for line, text, _ in group:
                text = IMPORT.sub("", text)
                out.write(f'#sourceLocation(file: "{relative}", line: {line})\n{text}\n#sourceLocation()\n')
        print(" ".join([name] + needs))
