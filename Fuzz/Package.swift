// swift-tools-version: 6.0
// Fuzz targets for libFuzzer. Build and run with ./run-fuzzers (see docs/reliability.md).
import PackageDescription

let targets = ["FuzzSpecLoader", "FuzzJSON", "FuzzServerSentEvents", "FuzzCommandLineItems"]

let package = Package(
    name: "NetspecFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "netspec")],  // a link to the repository root, so the identity is "netspec" wherever it is cloned
    targets: [.target(name: "FuzzDriver")] + targets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzDriver", .product(name: "Netspec", package: "netspec")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    },
    swiftLanguageModes: [.v6]
)
