// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Netspec",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Netspec", targets: ["Netspec"]),
        .library(name: "NetspecModel", targets: ["NetspecModel"]),
        .executable(name: "netspec", targets: ["netspec"]),
        .library(name: "NetspecMock", targets: ["NetspecMock"]),
        .library(name: "NetspecMCP", targets: ["NetspecMCP"]),
        .library(name: "NetspecTesting", targets: ["NetspecTesting"]),
        .library(name: "NetspecURLSession", targets: ["NetspecURLSession"]),
        .library(name: "NetspecWorkflows", targets: ["NetspecWorkflows"]),
        .library(name: "NetspecCheck", targets: ["NetspecCheck"]),
        // `swift package netspec-facade SPEC`: a typed facade of a spec, written into the package.
        .plugin(name: "NetspecFacade", targets: ["NetspecFacade"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The CONNECT of a WebSocket through an `http_proxy` (WebSocket/WebSocketConnection.swift).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Without the default traits: "FullFoundation" imports Foundation (and with it ICU) into every binary.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Pins are compared with the verified chain, built from what the server presents and the trust (TLS/TLSVerifiedChain.swift).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        // An HTTP/2 server that sends GOAWAY, for the tests of what the client says about it.
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        // `swift package generate-documentation --target Netspec`: the DocC catalog in Sources/Netspec/Netspec.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNetspecYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Documents in, endpoints out: YAML, JSON, JSON Schema, JSONPath, the endpoint model, the
        // Netspec/OpenAPI/Swagger readers and document loading. It knows no later stage: the
        // compiler is the guard of ARCHITECTURE.md's one-way rule.
        .target(
            name: "NetspecModel",
            dependencies: [
                "CNetspecYAML",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // One call: binding, policies, cache, transport, TLS, streams, WebSocket, results, the
        // service, profiles; re-exports the model's public types (Exports.swift).
        .target(
            name: "Netspec",
            dependencies: [
                "NetspecModel",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // WebSocket endpoints (`stream: websocket`): the client and permessage-deflate.
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCompression", package: "swift-websocket"),
                // zlib for `Content-Encoding: x-gzip` (Transport/LegacyGzipBody.swift), which SwiftNIO's
                // decompressor passes through: the package WSCompression already brings in.
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                // A WebSocket through a SOCKS 5 proxy (`all_proxy=socks5h://…`), as async-http-client's calls go.
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // `netspec mock`: a spec's endpoints served by Hummingbird (the CLI stays a thin shell over it).
        .target(
            name: "NetspecMock",
            dependencies: [
                "Netspec", "NetspecModel",
                // zlib's gzip and deflate for the proxy's checks of encoded answers: the package
                // swift-websocket's compression already brings in, so nothing more is built.
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The HTTP/1 decoder's overflow, answered 414 or 431 (MockHeadLimit.swift).
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // `netspec mcp`: a spec's endpoints as Model Context Protocol tools over stdio.
        .target(
            name: "NetspecMCP",
            dependencies: [
                "Netspec", "NetspecModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // Test doubles for apps' tests: a transport answering per endpoint with queued answers (docs/swift.md, "Testing").
        .target(
            name: "NetspecTesting",
            dependencies: ["Netspec", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // `URLSessionTransport`: calls through URLSession (FoundationNetworking on Linux), for apps
        // on Apple platforms. Kept out of `netspec`, whose static binary links no Foundation.
        .target(
            name: "NetspecURLSession",
            dependencies: [
                "Netspec",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // `netspec facade`: the Swift source of a spec's typed facade (the CLI and the plugin below are thin shells over it).
        // Arazzo workflows: documents loaded with positions, runtime expressions and criteria, and
        // the runner that drives Netspec's endpoints step by step (`netspec run`, MCP's workflow tools).
        .target(
            name: "NetspecWorkflows",
            dependencies: ["Netspec", "NetspecModel", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // `netspec check`: a live server tested against its document (generated requests, the
        // answers checked under Schemathesis's names, failures shrunk and reproducible).
        .target(
            name: "NetspecCheck",
            dependencies: [
                // NetspecWorkflows: the runtime expressions of OpenAPI links (Arazzo's are a superset).
                "Netspec", "NetspecModel", "NetspecWorkflows", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        .target(
            name: "NetspecFacadeGenerator",
            dependencies: ["Netspec", "NetspecModel"],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // `swift package netspec-facade SPEC [--type-name NAME] [-o PATH]`: runs `netspec facade` in the package's folder.
        .plugin(
            name: "NetspecFacade",
            capability: .command(
                intent: .custom(verb: "netspec-facade", description: "Write a typed Swift facade of a Netspec spec or OpenAPI/Swagger document"),
                permissions: [.writeToPackageDirectory(reason: "The facade is a Swift source file written into the package")]
            ),
            // No dependency on the `netspec` tool: one would make every `swift build` compile the
            // CLI and its dependencies a second time, for the host; the plugin asks SwiftPM to build
            // `netspec` when it runs.
            dependencies: []
        ),
        .executableTarget(
            name: "netspec",
            dependencies: [
                "Netspec", "NetspecModel", "NetspecMock", "NetspecMCP", "NetspecFacadeGenerator", "NetspecWorkflows", "NetspecCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "NetspecTests",
            dependencies: [
                "Netspec", "NetspecModel", "NetspecMock", "NetspecMCP", "NetspecTesting", "NetspecURLSession", "NetspecFacadeGenerator", "NetspecWorkflows", "NetspecTestServer", "NetspecTestSupport",
                // `netspec check` against the mock on the real documents (MockCheckTests).
                "NetspecCheck",
                "CNetspecTestEnvironment",
                // Built with the tests so that every documented Swift snippet compiles (see DocSnippetTests).
                "DocSnippets",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // The list of public types that PublicSurfaceTests compares with the symbol graphs.
            exclude: ["Docs/PublicTypes.txt"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "NetspecCheckTests",
            dependencies: [
                "NetspecCheck", "Netspec", "NetspecModel", "NetspecMock", "NetspecTestServer", "NetspecTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "NetspecCLITests",
            dependencies: ["netspec", "peak-rss", "NetspecTestServer", "NetspecTestSupport", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]
        ),
        // Every ```swift block of README.md, docs/ and the DocC articles, compiled in functions
        // (Held/) and as top-level code (main.swift, generated from Held/): DocSnippetTests.
        .executableTarget(
            name: "DocSnippets",
            dependencies: [
                "Netspec", "NetspecMock", "NetspecTesting", "NetspecURLSession", "NetspecWorkflows", "NetspecCheck",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/DocSnippets"
        ),
        // Runs a command in a child it forks and reports that child's peak RSS (see main.c); used
        // by the CLI tests and by the benchmark (Benchmarks/) for the memory of `netspec call`.
        .executableTarget(name: "peak-rss", path: "Tests/peak-rss"),
        // The planted-fault server of `netspec check`'s tests as a process (Schemathesis, the benchmark).
        .executableTarget(name: "planted-server", dependencies: ["NetspecTestServer"], path: "Tests/planted-server"),
        // A real HTTP/1.1 server on 127.0.0.1 for the tests, byte by byte, with fault injection
        // (and the TLS and WebSocket servers beside it).
        .systemLibrary(name: "CNetspecTestServerZlib", path: "Tests/CNetspecTestServerZlib"),
        // Start-up hooks linked into every test bundle: ThreadSanitizer suppressions.
        .target(name: "CNetspecSanitizers", path: "Tests/CNetspecSanitizers"),
        // The environment variables the tests read, set by a constructor before any thread starts:
        // the test bundle's alone, since a constructor's setenv hides argv from a static binary's
        // CommandLine.arguments (see test_environment.c).
        .target(name: "CNetspecTestEnvironment", path: "Tests/CNetspecTestEnvironment"),
        // pipe2 and posix_spawn's chdir/closefrom file actions for the tests' child processes.
        .target(name: "CNetspecSpawn", path: "Tests/CNetspecSpawn"),
        // What every test suite leans on: child processes started with posix_spawn, the Python
        // peers' venv, scratch folders, signals and counters shared with handlers.
        .target(
            name: "NetspecTestSupport",
            dependencies: [
                "CNetspecSanitizers", "CNetspecSpawn",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/NetspecTestSupport",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        .target(
            name: "NetspecTestServer",
            dependencies: [
                "NetspecTestSupport", "CNetspecTestServerZlib",
                // The Sec-WebSocket-Accept of RawServer's WebSocket peer.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                // A WebSocket server written by others (Hummingbird's), for the WebSocket tests and the benchmark.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSCompression", package: "hummingbird-websocket"),
            ],
            path: "Tests/NetspecTestServer",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        .testTarget(
            name: "NetspecTestServerTests",
            dependencies: [
                "NetspecTestServer", "NetspecTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
