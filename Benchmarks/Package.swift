// swift-tools-version: 6.0
// Netspec's benchmark (issue 7): run by hand, never by the test suite.
//
//   swift build -c release --product netspec    # the CLI, for the whole-process workloads
//   swift build -c release && .build/release/netspec-bench
import PackageDescription

let package = Package(
    name: "NetspecBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Netspec", path: ".."),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The floor for spec loading: libyaml's event parser over the spec, building nothing.
        // It links the system libyaml, the same library Netspec loads specs with.
        .target(
            name: "CYAMLFloor",
            linkerSettings: [.linkedLibrary("yaml")]
        ),
        // The same scan as a process: the floor of a cold `netspec validate` (the `bigspec` workload).
        .executableTarget(name: "yaml-scan", dependencies: ["CYAMLFloor"]),
        // Issue 54's step cost: 10,000 workflow steps beside 10,000 plain Service.call of the
        // same operation, answered by the in-process mock or a loopback mock server (`step-probe`).
        .executableTarget(
            name: "step-probe",
            dependencies: [
                .product(name: "Netspec", package: "Netspec"),
                .product(name: "NetspecWorkflows", package: "Netspec"),
                .product(name: "NetspecMock", package: "Netspec"),
            ]
        ),
        .executableTarget(
            name: "netspec-bench",
            dependencies: [
                "CYAMLFloor",
                .product(name: "Netspec", package: "Netspec"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCompression", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Yams vendors its own copy of libyaml with the same (unprefixed) symbol names, so it
        // cannot share a binary with Netspec and the floor without silently replacing their
        // libyaml. It runs as a worker process that times `compose` itself, on request.
        .executableTarget(
            name: "yams-compose-worker",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        // OpenAPIKit decoding an OpenAPI 3.1 document with Foundation's JSONDecoder, timed in its own
        // process like Yams (it builds slowly and brings its own Yams; the bench stays lean).
        .executableTarget(
            name: "openapikit-worker",
            dependencies: [.product(name: "OpenAPIKit", package: "OpenAPIKit")]
        ),
        // A small keep-alive HTTP/1.1 server on 127.0.0.1 for the network workloads.
        .executableTarget(
            name: "bench-server",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // A bare Hummingbird server answering the mock's bytes: the mock server's floor.
        .executableTarget(
            name: "hummingbird-server",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
