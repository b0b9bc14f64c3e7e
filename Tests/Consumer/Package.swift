// swift-tools-version: 6.2
import PackageDescription

// A package that uses ReMVVM as a client would: by path, through the `ReMVVM` product, with
// the platform minimums the README tells clients to declare. Its executable is the README's
// first example, kept identical to it by `.ci/run`, which also checks what it prints.
let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "ReMVVM", path: "../..")],
    targets: [
        .executableTarget(
            name: "ReadmeExample",
            dependencies: [.product(name: "ReMVVM", package: "ReMVVM")]
        )
    ]
)
