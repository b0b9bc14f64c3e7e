#!/usr/bin/env python3
"""Reads package-benchmark's JMH export and prints the Benchmarks table.

Each benchmark iteration performs 1,000 operations (dispatches, or view-model creations for
`factory`), so a wall-clock sample in microseconds is also nanoseconds per operation, and a
malloc sample divided by 1,000 is mallocs per operation.

    report.py RESULTS.jmh.json   # the table and the time targets with this run's ratios

The allocation limits are gated by `remvvm-malloc-check` (see ci-smoke.sh), not here.
"""

import json
import statistics
import sys

OPERATIONS_PER_ITERATION = 1000
PREFIX = "package.benchmark.ReMVVMBenchmarks."

# Workloads in table order: short name and benchmark name.
WORKLOADS = [
    ("floor", "Floor.direct"),
    ("d0", "Store.dispatch.d0"),
    ("d0.login", "Store.dispatch.d0.login"),
    ("mw5", "Store.dispatch.mw5"),
    ("mw5typed", "Store.dispatch.mw5typed"),
    ("mw1", "Store.dispatch.mw1"),
    ("mw1.typed", "Store.dispatch.mw1.typed"),
    ("sub100", "Store.dispatch.sub100"),
    ("sub1000", "Store.dispatch.sub1000"),
    ("select100", "Store.dispatch.select100"),
    ("act1000", "Store.dispatch.act1000"),
    ("completion", "Store.dispatch.completion"),
    ("chain", "Store.dispatch.chain"),
    ("factory.f1000", "ViewModelFactory.create.f1000"),
    ("factory.f1", "ViewModelFactory.create.f1"),
    ("viewmodel100", "Store.dispatch.viewmodel100"),
    ("keypath", "Store.dispatch.keypath"),
    ("d0.inout", "Store.dispatch.d0.inout"),
    ("d0.closure", "Store.dispatch.d0.closure"),
    ("d0.uuid", "Store.dispatch.d0.uuid"),
    ("keypath.inout", "Store.dispatch.keypath.inout"),
    ("keypath.closure", "Store.dispatch.keypath.closure"),
    ("observe100", "Store.dispatch.observe100"),
    ("stream", "Store.dispatch.stream"),
    ("remove", "Store.dispatch.remove"),
    ("history", "Store.dispatch.history"),
    ("persist", "Store.dispatch.persist"),
    ("navigation", "Store.dispatch.navigation"),
    ("navigation.plain", "Store.dispatch.navigation.plain"),
    ("task", "Store.dispatch.task"),
    ("task.id", "Store.dispatch.task.id"),
    ("app", "Store.dispatch.app"),
    ("app.bare", "Store.dispatch.app.bare"),
    ("list.10", "Store.dispatch.list.10"),
    ("list.10000", "Store.dispatch.list.10000"),
    ("list.100000", "Store.dispatch.list.100000"),
    ("list.kept.10", "Store.dispatch.list.kept.10"),
    ("list.kept.100000", "Store.dispatch.list.kept.100000"),
    ("screen.case", "Store.dispatch.screen.case"),
    ("screen.case.navigation", "Store.dispatch.screen.case.navigation"),
    ("screen.keypath", "Store.dispatch.screen.keypath"),
    ("pop.tasks10", "Store.dispatch.pop.tasks10"),
    ("pop.tasks10.others1000", "Store.dispatch.pop.tasks10.others1000"),
    ("compare.10", "IdentifiedArray.equal.10"),
    ("compare.100000", "IdentifiedArray.equal.100000"),
    # Not the store: the ideal engine of BoundWorkloads.swift, the lower bound of a step.
    ("bound.d0", "Ideal.bound.d0"),
    ("bound.mw1", "Ideal.bound.mw1"),
    ("bound.mw1.typed", "Ideal.bound.mw1.typed"),
    ("bound.mw1.borrowed", "Ideal.bound.mw1.borrowed"),
]


def load(path):
    with open(path) as file:
        entries = json.load(file)
    results = {}
    for entry in entries:
        name = entry["benchmark"].removeprefix(PREFIX)
        metrics = entry["secondaryMetrics"]
        wall = metrics["Time (wall clock)"]
        scale = {"ns": 1e-3, "μs": 1.0, "ms": 1e3, "s": 1e6}[wall["scoreUnit"]]
        microseconds = [sample * scale for sample in wall["rawData"][0]]
        mallocs = metrics["Malloc (total)"]["rawData"][0]
        results[name] = {
            "ns": statistics.median(microseconds) * 1000 / OPERATIONS_PER_ITERATION,
            "mallocs": statistics.median(mallocs) / OPERATIONS_PER_ITERATION,
            "samples": len(microseconds),
        }
    return results


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    results = load(sys.argv[1])
    floor = results.get("Floor.direct", {}).get("ns")

    width = max(len(short) for short, _ in WORKLOADS)
    print(f"{'workload':<{width}} {'ns/op (median)':>15} {'x floor':>8} {'mallocs/op':>11} {'samples':>8}")
    print("-" * (width + 46))
    for short, name in WORKLOADS:
        result = results.get(name)
        if result is None:
            print(f"{short:<{width}} {'(not run)':>15}")
            continue
        ratio = f"{result['ns'] / floor:.1f}" if floor else "-"
        print(
            f"{short:<{width}} {result['ns']:>15.1f} {ratio:>8} {result['mallocs']:>11.3f}"
            f" {result['samples']:>8}"
        )

    def ns(short):
        name = dict(WORKLOADS)[short]
        return results.get(name, {}).get("ns")

    print()
    print("Time targets (ratios from this run; informational, never gated):")
    checks = [
        ("d0 within 2x of floor", lambda: ns("d0") / ns("floor"), "x", 2.0),
        ("act1000 within 1.1x of d0", lambda: ns("act1000") / ns("d0"), "x", 1.1),
        ("mw5typed within 1.1x of d0", lambda: ns("mw5typed") / ns("d0"), "x", 1.1),
        ("keypath within 1.1x of d0", lambda: ns("keypath") / ns("d0"), "x", 1.1),
        ("mw5: ns per pass-through middleware", lambda: (ns("mw5") - ns("d0")) / 5, " ns", 5.0),
        ("pass-through step (mw1 - d0) / floor", lambda: (ns("mw1") - ns("d0")) / ns("floor"), "x", 1.0),
        ("typed step (mw1.typed - d0) / floor", lambda: (ns("mw1.typed") - ns("d0")) / ns("floor"), "x", 1.5),
        ("bound step (bound.mw1 - bound.d0) / floor",
         lambda: (ns("bound.mw1") - ns("bound.d0")) / ns("floor"), "x", 1.0),
        ("bound typed (bound.mw1.typed - bound.d0) / floor",
         lambda: (ns("bound.mw1.typed") - ns("bound.d0")) / ns("floor"), "x", 1.5),
        ("bound borrowed (b.mw1.borrowed - b.d0) / floor",
         lambda: (ns("bound.mw1.borrowed") - ns("bound.d0")) / ns("floor"), "x", 1.0),
        ("a further subscriber ((sub100 - d0) / 99) / floor", lambda: (ns("sub100") - ns("d0")) / 99 / ns("floor"), "x", 0.5),
        ("select100: ns per selecting subscriber", lambda: (ns("select100") - ns("d0")) / 100, " ns", 3.0),
        ("sub1000 / sub100 (linear: about 10)", lambda: ns("sub1000") / ns("sub100"), "x", 11.0),
        ("factory.f1000 / factory.f1", lambda: ns("factory.f1000") / ns("factory.f1"), "x", 1.1),
        ("navigation within 1x of navigation.plain", lambda: ns("navigation") / ns("navigation.plain"), "x", 1.0),
        ("app within 1.15x of app.bare", lambda: ns("app") / ns("app.bare"), "x", 1.15),
        ("history within 1.15x of d0", lambda: ns("history") / ns("d0"), "x", 1.15),
        ("persist within 1.15x of d0", lambda: ns("persist") / ns("d0"), "x", 1.15),
        ("list.10000 within 2x of list.10", lambda: ns("list.10000") / ns("list.10"), "x", 2.0),
        ("list.100000 within 3x of list.10", lambda: ns("list.100000") / ns("list.10"), "x", 3.0),
        ("compare.100000 within 10x of compare.10", lambda: ns("compare.100000") / ns("compare.10"), "x", 10.0),
        ("d0.inout within 1x of d0", lambda: ns("d0.inout") / ns("d0"), "x", 1.0),
        ("d0.closure within 1x of d0", lambda: ns("d0.closure") / ns("d0"), "x", 1.0),
        ("keypath.inout within 1x of keypath", lambda: ns("keypath.inout") / ns("keypath"), "x", 1.0),
        ("keypath.closure within 1x of keypath", lambda: ns("keypath.closure") / ns("keypath"), "x", 1.0),
        ("screen.case within 1.5x of keypath", lambda: ns("screen.case") / ns("keypath"), "x", 1.5),
        ("screen.case within 1.5x of screen.keypath", lambda: ns("screen.case") / ns("screen.keypath"), "x", 1.5),
        ("pop.tasks10.others1000 / pop.tasks10 (O(10): about 1)",
         lambda: ns("pop.tasks10.others1000") / ns("pop.tasks10"), "x", 1.5),
    ]
    for label, value, unit, limit in checks:
        try:
            measured = value()
        except (TypeError, ZeroDivisionError):
            print(f"  {label:<50} (not run)")
            continue
        verdict = "met" if measured <= limit else "MISSED"
        print(f"  {label:<50} {measured:>8.2f}{unit:<3} target <= {limit:g}{unit}: {verdict}")

    return 0


if __name__ == "__main__":
    sys.exit(main())
