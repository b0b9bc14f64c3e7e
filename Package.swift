// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Tests compile in plain Swift 6 mode, so they read like client code (the seed writes
/// `let factory: ViewModelFactory`, without `any`).
let testSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "ReMVVM",
    platforms: [
        .macOS(.v13),
        .iOS(.v16),
        .tvOS(.v16),
        .watchOS(.v9),
        .visionOS(.v1),
    ],
    products: [
        .library(
            name: "ReMVVM",
            targets: ["ReMVVM", "ReMVVMViewModelFactory", "ReMVVMStore", "ReMVVMMiddleware", "ReMVVMSwiftUI"]
        ),
        // For test targets only: TestStore, TestClock and ImmediateClock, and the reporter that
        // makes a TestStore's failures issues of the running test (Swift Testing and XCTest). It
        // links Testing and XCTest, which an app's own modules never do.
        .library(name: "ReMVVMTesting", targets: ["ReMVVMTesting"]),
        .executable(name: "remvvm-demo", targets: ["remvvm-demo"]),
    ],
    targets: [
        .target(
            name: "ReMVVMViewModelFactory",
            path: "Sources/ViewModelFactory",
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReMVVMStore",
            dependencies: ["ReMVVMViewModelFactory"],
            path: "Sources/Store",
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReMVVMMiddleware",
            dependencies: ["ReMVVMStore"],
            path: "Sources/Middleware",
            swiftSettings: strictSettings
        ),
        // The SwiftUI and UIKit front ends. Its SwiftUI, UIKit and Combine files are guarded with
        // `#if canImport(...)`; its platform-neutral cores build everywhere, so on Linux the
        // module holds them only (and they are tested there).
        .target(
            name: "ReMVVMSwiftUI",
            dependencies: ["ReMVVMStore", "ReMVVMMiddleware"],
            path: "Sources/SwiftUI",
            swiftSettings: strictSettings
        ),
        // The one import an app needs: re-exports the modules above. Named like the
        // `ReMVVM` enum of ReMVVMStore on purpose; a client's `ReMVVM.Config` still finds the enum
        // (a type found by name hides a module of that name), see Sources/ReMVVM/ReMVVM.swift.
        .target(
            name: "ReMVVM",
            dependencies: ["ReMVVMViewModelFactory", "ReMVVMStore", "ReMVVMMiddleware", "ReMVVMSwiftUI"],
            path: "Sources/ReMVVM",
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReMVVMTesting",
            dependencies: ["ReMVVMStore"],
            path: "Sources/ReMVVMTesting",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "remvvm-demo",
            dependencies: ["ReMVVMStore", "ReMVVMMiddleware"],
            path: "Sources/remvvm-demo",
            swiftSettings: strictSettings
        ),
        // Helpers the package's own test targets share (a seeded random generator, a list type);
        // in no product.
        .target(
            name: "ReMVVMTestSupport",
            dependencies: ["ReMVVMStore"],
            path: "Tests/Support",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "ReMVVMViewModelFactoryTests",
            dependencies: ["ReMVVMViewModelFactory"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "ReMVVMStoreTests",
            dependencies: ["ReMVVMStore", "ReMVVMTesting", "ReMVVMTestSupport"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "ReMVVMMiddlewareTests",
            dependencies: ["ReMVVMMiddleware", "ReMVVMTesting", "ReMVVMTestSupport"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "ReMVVMSwiftUITests",
            dependencies: ["ReMVVMSwiftUI", "ReMVVMTesting"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "ReMVVMTests",
            dependencies: ["ReMVVM"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "RemvvmDemoTests",
            dependencies: ["remvvm-demo", "ReMVVMTesting", "ReMVVMTestSupport"],
            swiftSettings: testSettings
        ),
    ]
)
