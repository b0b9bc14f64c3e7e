// swift-tools-version: 6.2
import PackageDescription

// The reference app of ReMVVM: the meetings app (a list of meeting series, a form sheet, a
// detail, a recorder with a timer and speech recognition, alerts, persistence), as a client
// builds it, by path, through the `ReMVVM` product. See README.md.
let package = Package(
    name: "Meetings",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "ReMVVM", path: "../../..")],
    targets: [
        .target(
            name: "Meetings",
            dependencies: [.product(name: "ReMVVM", package: "ReMVVM")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "meetings",
            dependencies: ["Meetings"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "MeetingsTests",
            dependencies: [
                "Meetings",
                .product(name: "ReMVVM", package: "ReMVVM"),
                .product(name: "ReMVVMTesting", package: "ReMVVM"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
