// swift-tools-version: 6.0
// Fuzz targets for libFuzzer. Build and run with ./run-fuzzers (see docs/reliability.md).
import PackageDescription

let targets = ["FuzzSpecLoader", "FuzzJSON", "FuzzServerSentEvents", "FuzzCommandLineItems", "FuzzJSONPath", "FuzzOverlay", "FuzzArazzo"]
// The Arazzo loader is in NetspecWorkflows (WorkflowFuzzEntryPoints); every other target needs Netspec alone.
let products: [String: [String]] = ["FuzzArazzo": ["Netspec", "NetspecWorkflows"]]

let package = Package(
    name: "NetspecFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "netspec")],  // a link to the repository root, so the identity is "netspec" wherever it is cloned
    targets: [.target(name: "FuzzDriver")] + targets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzDriver"] + (products[name] ?? ["Netspec"]).map { Target.Dependency.product(name: $0, package: "netspec") },
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    },
    swiftLanguageModes: [.v6]
)
