import Foundation
import NetspecTestServer
import NetspecTestSupport

@testable import Netspec
@testable import NetspecModel

/// The official JSON Schema Test Suite, unpacked by Tests/Peers/setup.sh into
/// `.build/peers/json-schema-test-suite` (from the jsonschema 4.26.0 sdist; never committed).
enum SchemaTestSuite {
    /// One test: a schema, a value, and whether the value is valid.
    struct Case {
        var file: String
        var group: String
        var test: String
        var schema: JSONValue
        var data: JSONValue
        var valid: Bool

        /// `file / group / test`, as the skip lists name cases.
        var name: String { "\(file) / \(group) / \(test)" }
    }

    /// The suite's folder, or `nil` (with the reason printed) when it cannot be installed.
    static let directory: String? = {
        let directory = Peers.root + "/.build/peers/json-schema-test-suite"
        guard Peers.python != nil, FileManager.default.fileExists(atPath: directory + "/tests/draft2020-12") else {
            print("JSON Schema Test Suite tests skipped: \(directory) is missing (Tests/Peers/setup.sh could not install it)")
            return nil
        }
        return directory
    }()

    /// The cases of `tests/draft2020-12/<file>` for each file name given (`optional/format/date.json`).
    static func cases(_ files: [String]) throws -> [Case] {
        guard let directory else { return [] }
        var cases: [Case] = []
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/tests/draft2020-12/" + file))
            guard case let .array(groups) = try JSONValue(parsing: [UInt8](data)) else { continue }
            for group in groups {
                guard case let .array(tests)? = group["tests"], let schema = group["schema"] else { continue }
                for test in tests {
                    cases.append(Case(
                        file: file, group: group["description"]?.string ?? "", test: test["description"]?.string ?? "",
                        schema: schema, data: test["data"] ?? .null, valid: test["valid"]?.bool ?? false))
                }
            }
        }
        return cases
    }

    /// The required test files: those directly in `tests/draft2020-12`.
    static func requiredFiles() throws -> [String] {
        guard let directory else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory + "/tests/draft2020-12").filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The optional test files about keywords (those directly in `tests/draft2020-12/optional`).
    static func optionalFiles() throws -> [String] {
        guard let directory else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory + "/tests/draft2020-12/optional")
            .filter { $0.hasSuffix(".json") }.sorted().map { "optional/" + $0 }
    }

    /// A registry whose loader serves the suite's remotes at `http://localhost:1234/`; the 2020-12
    /// meta-schemas (`https://json-schema.org/draft/2020-12/…`) are the engine's own, built in.
    static func registry() -> SchemaRegistry {
        let remotes = (directory ?? "") + "/remotes/"
        return SchemaRegistry { uri in
            guard uri.hasPrefix("http://localhost:1234/") else { return nil }
            let path = remotes + uri.dropFirst("http://localhost:1234/".count)
            guard let data = FileManager.default.contents(atPath: path), let value = try? JSONValue(parsing: [UInt8](data)) else { return nil }
            return .json(value)
        }
    }

    /// Compiles the case's schema as the suite expects (a fresh document, the remotes reachable).
    static func compile(_ schema: JSONValue, assertingFormats: Bool = false) throws(SchemaError) -> JSONSchema {
        try SchemaCompiler(registry: registry(), options: SchemaOptions(assertsFormat: assertingFormats)).compile(schema)
    }
}
