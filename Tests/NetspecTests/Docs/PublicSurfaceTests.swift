import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The library's public types, nested ones included, read from the compiler's symbol graph of
/// every library product (`Netspec`, `NetspecModel`, `NetspecMock`, `NetspecMCP`, `NetspecTesting`, `NetspecURLSession`, `NetspecWorkflows`, `NetspecCheck`; so every
/// declaration counts, whatever its modifiers: `indirect`, `final`, attributes, extensions) and
/// compared with the list checked in beside this file, `PublicTypes.txt`, one `Module: Type kind`
/// a line: a new public type is a decision made there, not an accident. Iterators and the
/// associated types of sequences (`Element`, `Failure`) are not listed; `@_spi` declarations are
/// not API and are not in the graph. Every public type of the model is re-exported by `Netspec`
/// (`Sources/Netspec/Exports.swift`), so that `import Netspec` sees the whole surface.
///
/// After a deliberate change, `NETSPEC_RECORD_PUBLIC_TYPES=1 swift test --filter PublicSurfaceTests`
/// writes the list anew.
@Suite struct PublicSurfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let listPath = root.appendingPathComponent("Tests/NetspecTests/Docs/PublicTypes.txt").path
    static let exportsPath = root.appendingPathComponent("Sources/Netspec/Exports.swift").path
    /// The library products' modules.
    static let modules = ["Netspec", "NetspecModel", "NetspecMock", "NetspecMCP", "NetspecTesting", "NetspecURLSession", "NetspecWorkflows", "NetspecCheck"]

    /// The kinds of symbol that are types.
    static let typeKinds: Set<String> = ["swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.actor", "swift.typealias"]

    /// `Name.Nested kind` for each public type a module declares in its symbol graph, sorted,
    /// leaving out iterators, the associated types sequences and collections declare, and the
    /// symbols of other modules a graph may carry (those it re-exports), known by their USR.
    static func publicTypes(inSymbolGraph data: Data, module: String) throws -> [String] {
        let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(graph["symbols"] as? [[String: Any]])
        let ownPrefix = "s:\(module.utf8.count)\(module)"
        var types: [String] = []
        for symbol in symbols {
            guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, typeKinds.contains(kind),
                  let path = symbol["pathComponents"] as? [String], let name = path.last else { continue }
            if let usr = (symbol["identifier"] as? [String: Any])?["precise"] as? String, !usr.hasPrefix(ownPrefix) { continue }
            if name == "Iterator" || name == "AsyncIterator" { continue }
            if kind == "swift.typealias", ["Element", "Failure", "Index", "Indices", "SubSequence"].contains(name) { continue }
            types.append(path.joined(separator: ".") + " " + kind.dropFirst("swift.".count))
        }
        return types.sorted()
    }

    /// What differs between the checked-in list and the types found, as lines a reader can act on.
    static func differences(expected: [String], found: [String]) -> [String] {
        let expectedSet = Set(expected), foundSet = Set(found)
        return found.filter { !expectedSet.contains($0) }.map { "new public type: \($0)" }
            + expected.filter { !foundSet.contains($0) }.map { "no longer public: \($0)" }
    }

    /// The model's top-level public types that `Exports.swift` does not re-export (`@_exported
    /// import struct NetspecModel.Spec`), and the lines that re-export what is not one, each with
    /// its kind: what `import Netspec` users would miss, or a line that no longer builds.
    static func reexportProblems(modelTypes: [String], exports: String) -> [String] {
        let line = try! Regex(#"^@_exported import (struct|enum|class|protocol|typealias|actor) NetspecModel\.(\w+)$"#)
        let exported = Set(exports.split(separator: "\n").compactMap { text -> String? in
            guard let match = text.wholeMatch(of: line), let kind = match.output[1].substring, let name = match.output[2].substring else { return nil }
            return "\(name) \(kind)"
        })
        let topLevel = Set(modelTypes.filter { !$0.split(separator: " ")[0].contains(".") })
        return topLevel.subtracting(exported).sorted().map { "not re-exported by Netspec: \($0)" }
            + exported.subtracting(topLevel).sorted().map { "re-exported but not a public model type: \($0)" }
    }

    /// The symbol graph of a module this test bundle was built with, made by
    /// `swift-symbolgraph-extract` (part of the toolchain) from the build folder's modules.
    static func symbolGraph(of module: String) async throws -> Data {
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? Bundle.main.bundlePath)
        var debug = bundle.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: debug.appendingPathComponent("Modules/Netspec.swiftmodule").path) {
            debug = root.appendingPathComponent(".build/debug")
        }
        let checkouts = root.appendingPathComponent(".build/checkouts").path
        var arguments = ["-module-name", module, "-I", debug.appendingPathComponent("Modules").path, "-minimum-access-level", "public"]
        // The C modules the library's dependencies declare, as SwiftPM hands them to the compiler.
        // Not the host tools' copies (`X-tool.build`, built for the netspec-facade plugin's netspec): the same modules again.
        var maps = (try? FileManager.default.contentsOfDirectory(atPath: debug.path))?.filter { !$0.hasSuffix("-tool.build") }
            .map { debug.path + "/" + $0 + "/module.modulemap" } ?? []
        maps.append(root.appendingPathComponent("Sources/CNetspecYAML/module.modulemap").path)
        var includes: [String] = []
        if let files = FileManager.default.enumerator(atPath: checkouts) {
            for case let file as String in files where !file.contains("/Tests/") {
                if file.hasSuffix("/module.modulemap") { maps.append(checkouts + "/" + file) }
                if file.hasSuffix("/include") { includes.append(checkouts + "/" + file) }
            }
        }
        for map in maps where FileManager.default.fileExists(atPath: map) { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        for include in includes { arguments += ["-Xcc", "-I" + include] }
        let output = try ScratchDirectory()
        arguments += ["-output-dir", output.path]
        let result = try await ChildProcess.run("/usr/bin/env", ["swift-symbolgraph-extract"] + arguments)
        guard result.status == 0 else {
            Issue.record("swift-symbolgraph-extract failed (\(result.status)): \(result.stderr)")
            return Data()
        }
        return try Data(contentsOf: URL(fileURLWithPath: output.path + "/\(module).symbols.json"))
    }

    @Test func thePublicTypesAreTheListedOnes() async throws {
        var found: [String] = [], model: [String] = []
        for module in Self.modules {
            let graph = try await Self.symbolGraph(of: module)
            guard !graph.isEmpty else { return }
            let types = try Self.publicTypes(inSymbolGraph: graph, module: module)
            if module == "NetspecModel" { model = types }
            found += types.map { "\(module): \($0)" }
        }
        if ProcessInfo.processInfo.environment["NETSPEC_RECORD_PUBLIC_TYPES"] == "1" {
            try (found.joined(separator: "\n") + "\n").write(toFile: Self.listPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: Self.listPath, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Self.differences(expected: expected, found: found) == [])
        #expect(Self.reexportProblems(modelTypes: model, exports: try String(contentsOfFile: Self.exportsPath, encoding: .utf8)) == [])
        // What `import Netspec` sees: 59 after the house was put in order; `CallOptions.Validation`
        // came with the schemas, and `JSONPath` with its path, path component and parse error with
        // RFC 9535; issue 51 grouped `Provider.Options` (seven groups, as async-http-client's
        // configuration), made the spec's and the caller's TLS one `TLSSettings` (its pin's parse
        // error is new) and put the model in a module of its own, re-exported type by type; issue 52's
        // credentials by scheme are `Service.Auth`, its `Scheme` and the scheme's `Kind`; issue 57's
        // recordings are `HARRecorder` (with its `WriteError`) and `HARReplayTransport`; the proxy
        // calls go through, as curl reads the environment or as a caller sets it, is `Provider.Options.Proxy`.
        let seen = found.filter { $0.hasPrefix("Netspec: ") || $0.hasPrefix("NetspecModel: ") }.count
        #expect(seen < 79, "\(seen) public types")
    }

    /// The guard fails on what it guards against: a planted public type, nested in an `indirect`
    /// enum, is reported; an iterator, a sequence's `Element` and a type of another module in the
    /// graph are not; a public model type left out of `Exports.swift` is reported.
    @Test func aPlantedPublicTypeIsReported() throws {
        let graph = #"""
        {"symbols": [
          {"kind": {"identifier": "swift.enum"}, "pathComponents": ["ValueType"], "identifier": {"precise": "s:12NetspecModel9ValueTypeO"}},
          {"kind": {"identifier": "swift.struct"}, "pathComponents": ["ValueType", "Planted"], "identifier": {"precise": "s:12NetspecModel9ValueTypeO7PlantedV"}},
          {"kind": {"identifier": "swift.struct"}, "pathComponents": ["EventStream", "Iterator"]},
          {"kind": {"identifier": "swift.typealias"}, "pathComponents": ["EventStream", "Element"]},
          {"kind": {"identifier": "swift.struct"}, "pathComponents": ["Service"], "identifier": {"precise": "s:7Netspec7ServiceV"}},
          {"kind": {"identifier": "swift.func"}, "pathComponents": ["Service", "call(_:_:options:)"]}
        ]}
        """#
        let found = try Self.publicTypes(inSymbolGraph: Data(graph.utf8), module: "NetspecModel")
        #expect(found == ["ValueType enum", "ValueType.Planted struct"])
        #expect(Self.differences(expected: ["ValueType enum"], found: found) == ["new public type: ValueType.Planted struct"])
        let exports = "@_exported import struct NetspecModel.Spec\n@_exported import struct NetspecModel.Gone\n"
        #expect(Self.reexportProblems(modelTypes: found + ["Spec struct"], exports: exports) == [
            "not re-exported by Netspec: ValueType enum", "re-exported but not a public model type: Gone struct",
        ])
    }
}
