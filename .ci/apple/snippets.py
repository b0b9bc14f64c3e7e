#!/usr/bin/env python3
"""Extracts the Swift snippets of the docs for the Apple check.

    python3 snippets.py <checkout> <output folder>

A snippet is a ```swift fenced block in a DocC catalog's Markdown (Sources/*/*.docc) or in a
`///` comment of Sources/. Each becomes one file of the output folder, printed by name, that
the check type-checks as a client's main.swift: the snippet's own imports, or ReMVVMStore and
ReMVVMMiddleware, and DocsContext (see .ci/apple/DocsContext.swift), whose declarations of the
docs' recurring example (AppState, LoginAction, store, ...) a snippet may use without declaring
them again, and may shadow with its own. A `#sourceLocation` line makes the compiler report
errors at the snippet's own file and line.

Snippets that import a UI framework (SwiftUI, UIKit, AppKit) are not checked: those frameworks
have no interface on Linux. A Markdown block fenced with ```swift later-lines-only, or a block
right after a line `<!-- snippet: not checked (reason) -->`, is left out too; its reason is
printed by the check.
"""
import os
import re
import sys

root, output = sys.argv[1:]
os.makedirs(output, exist_ok=True)
UI = re.compile(r"^\s*import\s+(SwiftUI|UIKit|AppKit|WatchKit|TVUIKit)\b", re.M)
IMPORT = re.compile(r"^\s*(@testable\s+|@preconcurrency\s+)?import\s+\w+", re.M)
TESTING = re.compile(r"(^\s*@Test\b|#expect\(|#require\()", re.M)
NEW_GROUP = re.compile(r"^// snippet: new example")
SKIP = re.compile(r"<!--\s*snippet:\s*not checked\s*\((.*)\)\s*-->")


def blocks_in_markdown(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if stripped == "```swift":
            indent = line[: len(line) - len(line.lstrip())]
            previous = lines[index - 1] if index > 0 else ""
            skip = SKIP.search(previous) or (index > 1 and SKIP.search(lines[index - 2]))
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:end]]
            yield start + 1, body, skip.group(1) if skip else None
            index = end + 1
        else:
            index += 1


def blocks_in_comments(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
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
            yield start + 1, body, None
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
    groups = [[]]
    for line, body, skip in blocks:
        text = "\n".join(body)
        if UI.search(text):
            continue
        if skip:
            print(f"# {relative}:{line}: not checked ({skip})", file=sys.stderr)
            continue
        if skip is None and groups[-1] and NEW_GROUP.search(text.split("\n", 1)[0]):
            groups.append([])
        groups[-1].append((line, text))
    for number, group in enumerate(g for g in groups if g):
        name = re.sub(r"[^A-Za-z0-9]+", "-", relative) + f"-{number + 1}.swift"
        imports = set()
        for _, text in group:
            imports.update(m.group(0).strip() for m in IMPORT.finditer(text))
        header = sorted(imports) or ["import ReMVVMStore", "import ReMVVMMiddleware"]
        if any(TESTING.search(text) for _, text in group) and "import Testing" not in header:
            header.append("import Testing")
        with open(os.path.join(output, name), "w", encoding="utf-8") as out:
            out.write("\n".join(header + ["import DocsContext"]) + "\n")
            for line, text in group:
                text = IMPORT.sub("", text)
                out.write(f'#sourceLocation(file: "{relative}", line: {line})\n{text}\n#sourceLocation()\n')
        print(name)
