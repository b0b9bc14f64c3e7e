#!/usr/bin/env bash
# The reporting check: a TestStore's failures are issues of the running test, at the line of
# the step that failed, in Swift Testing and in XCTest, with no process exit.
#
#   bash .ci/test-reporting.sh
#
# Runs `swift test` on .ci/fixtures/FailingTests, a package whose test target adds the
# ReMVVMTesting product (and imports it for TestStore; no setup call) and whose tests fail on
# purpose: a failing send, a failing receive, a forgotten finish(), a sleep on a clock the test
# did not set; and tests that pass. In its sources a test that must fail marks the line its
# issue must name with `// issue`; every other test must pass. The check expects `swift test`
# to exit non-zero, then reads its output: each marked test is reported failed, with exactly
# one issue of its own (the error a failing step throws, which the frameworks report as well,
# aside) at the marked file:line; each other test passed; and no issue fell back on the exit
# status (`ReMVVM: ... failing the test run`).
#
# The fixture builds in .build-fixtures (about a minute from scratch; seconds when only the
# fixture changed), so it does not disturb the root package's .build.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fixture=$root/.ci/fixtures/FailingTests
log=$(mktemp)
trap 'rm -f "$log"' EXIT
started=$SECONDS

swift build --build-tests --package-path "$fixture" --scratch-path "$root/.build-fixtures" >"$log" 2>&1 \
    || { cat "$log"; echo "test-reporting: the fixture does not build" >&2; exit 1; }
swift test --skip-build --package-path "$fixture" --scratch-path "$root/.build-fixtures" >"$log" 2>&1
status=$?
cat "$log"
echo
if [[ $status -eq 0 ]]; then
    echo "test-reporting: swift test passed, but the fixture's tests fail on purpose" >&2
    exit 1
fi

python3 - "$fixture/Tests/FailingTests" "$log" <<'PY' || exit 1
import pathlib, re, sys

sources, log = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]).read_text()
lines = log.splitlines()
problems, checked = [], 0

def check(ok, text):
    global checked
    checked += 1
    if not ok:
        problems.append(text)

for path in sorted(sources.glob("*.swift")):
    text = path.read_text().splitlines()
    xctest = any(line.startswith("import XCTest") for line in text)
    suite = None
    tests = {}  # name -> marked lines
    for number, line in enumerate(text, 1):
        declared = re.search(r"(?:class|struct) (\w+)", line)
        if declared and suite is None:
            suite = declared.group(1)
        function = re.search(r"func (\w+)\(", line)
        if function and ("@Test" in line or (xctest and function.group(1).startswith("test"))):
            current = function.group(1)
            tests[current] = []
        elif function:
            current = None
        if line.rstrip().endswith("// issue") and current:
            tests[current].append(number)
    for name, marks in tests.items():
        where = f"{path.name}:{marks[0]}" if marks else ""
        if xctest:
            case = f"{suite}.{name}"
            if marks:
                check(f"Test Case '{case}' failed" in log, f"XCTest {case}: not reported failed")
                own = [l for l in lines if re.match(rf"^/\S+: error: {re.escape(case)} : failed - ", l)]
                check(
                    len(own) == 1 and own[0].startswith(f"{path}:{marks[0]}: error:"),
                    f"XCTest {case}: expected one failure at {where}, got {own}",
                )
            else:
                check(f"Test Case '{case}' passed" in log, f"XCTest {case}: did not pass")
        else:
            if marks:
                check(f"✘ Test {name}() failed" in log, f"Swift Testing {name}(): not reported failed")
                own = [
                    l for l in lines
                    if l.startswith(f"✘ Test {name}() recorded an issue at ") and "Caught error:" not in l
                ]
                check(
                    len(own) == 1 and own[0].startswith(f"✘ Test {name}() recorded an issue at {where}:"),
                    f"Swift Testing {name}(): expected one issue at {where}, got {own}",
                )
            else:
                check(f"✔ Test {name}() passed" in log, f"Swift Testing {name}(): did not pass")
        print(f"  {'fails at ' + where if marks else 'passes'}: {path.stem}.{name}")

check("failing the test run" not in log, "a TestStore issue fell back on the exit status")
for problem in problems:
    print(f"test-reporting: {problem}", file=sys.stderr)
print(f"test-reporting: {checked - len(problems)} of {checked} checks held")
sys.exit(1 if problems else 0)
PY
echo "test-reporting: every deliberate failure was an issue at its line, in $((SECONDS - started)) s"
