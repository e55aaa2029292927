import ArgumentParser
import Foundation
import Testing
@testable import netspec

/// `netspec call`'s quick parser gives exactly the command ArgumentParser gives for the forms it
/// takes, leaves every other form to ArgumentParser, and reads one table of options that says
/// what ArgumentParser's declarations say.
@Suite struct QuickParseTests {
    /// Each property's parsed value by name, read through reflection so that a property added to
    /// `CallCommand` is compared without being listed here; `nil` for one never given a value
    /// (ArgumentParser's "definition" state, which would stop the process when read).
    static func values(_ command: CallCommand) -> [String: String?] {
        var values: [String: String?] = [:]
        for child in Mirror(reflecting: command).children {
            guard let label = child.label else { continue }
            let wrapper = Mirror(reflecting: child.value)
            guard let parsed = wrapper.children.first(where: { $0.label == "_parsedValue" }) else { continue }
            let state = Mirror(reflecting: parsed.value).children.first
            values[label] = state?.label == "value" ? .some(String(reflecting: state!.value)) : .some(nil)
        }
        return values
    }

    /// A value `validate()` takes for each option the quick parser takes a value for.
    static let samples: [String: String] = [
        "--base-url": "http://127.0.0.1:8080/v1", "--server": "staging", "--var": "token=x", "--profile": "staging", "-H": "Accept: text/plain",
        "--header": "X-A: b", "--keypath": "data.items", "--timeout": "2.5", "-o": "out.bin", "--output": "o.json",
    ]

    /// Every quick option in every spelling: alone, with its value next and attached to a long
    /// name, and a repeated one given twice.
    static let generated: [[String]] = CallCommand.options.filter(\.quick).flatMap { option -> [[String]] in
        option.names.flatMap { name -> [[String]] in
            guard option.kind != .flag else { return [["s.yaml", "e", name]] }
            let value = samples[name] ?? "no sample for \(name)"
            var forms = [["s.yaml", "e", name, value]]
            if name.hasPrefix("--") { forms.append(["s.yaml", "e", "\(name)=\(value)"]) }
            if option.kind == .repeated { forms.append(["s.yaml", "e", name, value, name, value]) }
            return forms
        }
    }

    /// The forms scripts write. Files that exist are needed where `validate()` checks them.
    static let accepted: [[String]] = [
        [],
        ["specs/users.yaml"],
        ["specs/users.yaml", "getUser", "id=johne"],
        ["specs/users.yaml", "getUser", "id=johne", "--raw"],
        ["--raw", "specs/users.yaml", "-v", "getUser", "q==x y", "X-Trace:1", "tags:=[1,2]", "photo@me.png", "_@body.json"],
        ["s.yaml", "e", "--base-url", "http://127.0.0.1:8080/v1", "--timeout", "2.5", "--keypath", "data.items"],
        ["s.yaml", "e", "-H", "Accept: text/plain", "--header", "X-A: b", "--var", "token=x", "--var=region=eu", "--profile", "staging"],
        ["s.yaml", "e", "--dry-run", "--curl", "--no-cache", "--ignore-stdin", "--mock", "-r", "-o", "out.bin", "--verbose"],
        ["s.yaml", "e", "--raw-output", "--output=o.json", "-v", "--timeout=1e2"],
    ]

    @Test(arguments: accepted + generated)
    func givesWhatArgumentParserGives(_ arguments: [String]) throws {
        let quick = try #require(CallCommand.quickParse(arguments))
        let parsed = try CallCommand.parse(arguments)
        let quickValues = Self.values(quick)
        #expect(quickValues.count == 52)
        #expect(quickValues.filter { $0.value == nil }.map(\.key) == [], "every property is given a value")
        #expect(quickValues == Self.values(parsed))
    }

    /// What ArgumentParser alone parses: its help and version, its errors, the options not marked
    /// `quick`, and the forms the quick parser does not take.
    static let declined: [[String]] = [
        ["--help"], ["-h"], ["s.yaml", "e", "--help"], ["--version"],
        ["s.yaml", "e", "--nope"], ["s.yaml", "e", "-x"], ["s.yaml", "e", "-"], ["s.yaml", "--", "e"],
        ["s.yaml", "e", "--timeout"], ["s.yaml", "e", "--timeout", "soon"], ["s.yaml", "e", "--timeout="], ["s.yaml", "e", "--timeout", "-1"],
        ["s.yaml", "e", "--timeout", "1", "--timeout", "2"], ["s.yaml", "e", "--raw", "--raw"], ["s.yaml", "e", "--mock=yes"],
        ["s.yaml", "e", "-rv"], ["s.yaml", "e", "-H", "-x"], ["s.yaml", "e", "-Hx:y"], ["s.yaml", "e", "--timeout", "0"],
        ["s.yaml", "e", "--var", "novalue"], ["s.yaml", "e", "-H", "no colon"], ["s.yaml", "e", "--keypath", "a..b"],
    ] + CallCommand.options.filter { !$0.quick }.flatMap { option in option.names.map { ["s.yaml", "e", $0, "1"] } }

    @Test(arguments: declined)
    func leavesEverythingElseToArgumentParser(_ arguments: [String]) {
        #expect(CallCommand.quickParse(arguments) == nil)
    }

    /// One option as a declaration describes it: its names, sorted, and its kind.
    struct Declared: Hashable, CustomStringConvertible {
        let names: [String]
        let kind: CallOption.Kind
        var description: String { "\(names.joined(separator: "/")) (\(kind))" }
    }

    /// `CallCommand.options` says what ArgumentParser's `@Option`s and `@Flag`s say: the same
    /// options, by the same names, each a flag, an option or a repeatable option alike.
    @Test func theTableIsArgumentParsersDeclarations() throws {
        let dump = try #require(JSONSerialization.jsonObject(with: Data(CallCommand._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var declared: Set<Declared> = []
        for argument in arguments where argument["kind"] as? String != "positional" {
            let names = (argument["names"] as? [[String: String]] ?? []).map { ($0["kind"] == "short" ? "-" : "--") + ($0["name"] ?? "") }
            guard names != ["--version"] else { continue }
            let kind: CallOption.Kind = argument["kind"] as? String == "flag" ? .flag : argument["isRepeating"] as? Bool == true ? .repeated : .value
            declared.insert(Declared(names: names.sorted(), kind: kind))
        }
        let table = Set(CallCommand.options.map { Declared(names: $0.names.sorted(), kind: $0.kind) })
        #expect(declared.count == 49)
        #expect(table.subtracting(declared).map(\.description).sorted() == [], "in the table, not declared so")
        #expect(declared.subtracting(table).map(\.description).sorted() == [], "declared, not in the table so")
        #expect(CallCommand.optionRows.count == CallCommand.options.map(\.names.count).reduce(0, +), "no name twice")
    }
}
