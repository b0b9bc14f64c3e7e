#!/usr/bin/env python3
"""Rewrites one of the Linux toolchain's textual interfaces for an Apple target.

    python3 sdk_interface.py <linux .swiftinterface> <output .swiftinterface> <apple triple>

The Linux toolchain ships the textual interfaces of the standard library and its siblings
(Swift, _Concurrency, Observation, Synchronization, Testing, ...) with their Apple
`@available` attributes intact; rebuilt for an Apple triple, they make the compiler enforce
Apple availability exactly as Xcode's SDK does. Three things differ from Apple's own SDK and are
mended here:

- the module flags name the Linux triple, and `-target-min-inlining-version min` would make
  every declaration look as old as the module;
- `import Glibc` stands where Apple's interfaces import Darwin (the stand-in Darwin module
  takes its place when a module needs libc);
- some `@backDeployed(before:)` declarations are printed without their bodies on Linux (the
  attribute only changes code generation, so dropping it keeps the availability the same);
- the typed-throws `Failure` typealiases of `AsyncIteratorProtocol` conformances are printed as
  old as their type, where Apple's SDK gives them `Failure`'s own availability.
"""
import re
import sys

source, destination, target = sys.argv[1:]
lines = open(source, encoding="utf-8").read().split("\n")
out = []
for line in lines:
    if line.startswith("// swift-module-flags:"):
        line = re.sub(r"-target \S+", "-target " + target, line)
        line = line.replace("-target-min-inlining-version min", "")
    if line.strip() == "import Glibc":
        line = line.replace("Glibc", "Darwin")
    line = re.sub(r"^(\s*)@backDeployed\(before:[^)]*\)\s*$", r"\1", line)
    if "@_implements(" in line and "Failure)" in line and out and out[-1].strip().startswith("@available("):
        indent = out[-1][: len(out[-1]) - len(out[-1].lstrip())]
        out[-1] = indent + "@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)"
    out.append(line)
open(destination, "w", encoding="utf-8").write("\n".join(out))
