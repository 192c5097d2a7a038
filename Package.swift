// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "apiexplore",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "APIMapping", targets: ["APIMapping"]),
        .executable(name: "apiexplore", targets: ["apiexplore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // The pure mapping core: JSON engine, path languages. Knows nothing of networks or terminals.
        .target(name: "APIMapping", swiftSettings: strictSettings),
        // The command-line executable; thin wiring over the libraries.
        .executableTarget(
            name: "apiexplore",
            dependencies: [
                "APIMapping",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Release-build benchmarks that compare against baselines in the same run.
        .executableTarget(
            name: "apiexplore-bench",
            dependencies: ["APIMapping"],
            path: "Benchmarks/apiexplore-bench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIMappingTests",
            dependencies: ["APIMapping"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "apiexploreTests",
            dependencies: ["apiexplore"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
