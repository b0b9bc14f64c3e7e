// A small driver for valgrind: builds one workload, then runs it `count` times.
//
//     valgrind --tool=callgrind .build/release/remvvm-profile d0 100000
//
// Profile two counts and subtract to get the cost per operation without the setup.
import Foundation
import Workloads

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let kind = WorkloadKind(rawValue: name) else {
    let names = WorkloadKind.allCases.map(\.rawValue).joined(separator: ", ")
    print("usage: remvvm-profile <workload> [count]\nworkloads: \(names)")
    exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let workload = kind.make()
await workload.prepare()
workload.run(count)
