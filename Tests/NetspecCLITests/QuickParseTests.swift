import ArgumentParser
import Testing
@testable import netspec

/// `netspec call`'s quick parser gives exactly the command ArgumentParser gives for the forms it
/// takes, and leaves every other form to ArgumentParser.
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

    /// Files that exist are needed where `validate()` checks them.
    static let accepted: [[String]] = [
        [],
        ["specs/users.yaml"],
        ["specs/users.yaml", "getUser", "id=johne"],
        ["specs/users.yaml", "getUser", "id=johne", "--raw"],
        ["--raw", "specs/users.yaml", "-v", "getUser", "q==x y", "X-Trace:1", "tags:=[1,2]", "photo@me.png", "_@body.json"],
        ["s.yaml", "e", "--base-url", "http://127.0.0.1:8080/v1", "--timeout", "2.5", "--connect-timeout=1", "--keypath", "data.items"],
        ["s.yaml", "e", "-H", "Accept: text/plain", "--header", "X-A: b", "--var", "token=x", "--var=region=eu"],
        ["s.yaml", "e", "--profile", "staging"],
        ["s.yaml", "e", "--dry-run", "--curl", "--show-secrets", "--no-validate", "--validate", "--no-cache", "--ignore-stdin"],
        ["s.yaml", "e", "--allow-reserved", "path", "--allow-reserved=ref"],
        ["s.yaml", "e", "--mock", "--dynamic", "--seed", "42", "-r", "--ndjson", "--stream", "-o", "out.bin"],
        ["s.yaml", "e", "--max-redirects", "3", "--no-follow", "--paginate", "--max-pages", "5", "--max-items=7", "--linger", "0.5"],
        ["s.yaml", "e", "--allow-origin", "https://uploads.example.com", "-k", "--cacert", "/etc/passwd", "--capath", "/etc"],
        ["s.yaml", "e", "--cert", "/etc/passwd", "--key", "/etc/passwd", "--tls-min", "1.3", "--pin", "a.example=sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "--unpinned", "b.example"],
        ["s.yaml", "e", "--insecure", "--verbose", "--raw-output", "--output=o.json", "--pin=h=cert-sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "--pin", "i=sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="],
    ]

    @Test(arguments: accepted)
    func givesWhatArgumentParserGives(_ arguments: [String]) throws {
        let quick = try #require(CallCommand.quickParse(arguments))
        let parsed = try CallCommand.parse(arguments)
        let quickValues = Self.values(quick)
        #expect(quickValues.count == 43)
        #expect(quickValues.filter { $0.value == nil }.map(\.key) == [], "every property is given a value")
        #expect(quickValues == Self.values(parsed))
    }

    /// What ArgumentParser alone parses: its help and version, its errors, and the forms the quick
    /// parser does not take.
    static let declined: [[String]] = [
        ["--help"], ["-h"], ["s.yaml", "e", "--help"], ["--version"],
        ["s.yaml", "e", "--nope"], ["s.yaml", "e", "-x"], ["s.yaml", "e", "-"], ["s.yaml", "--", "e"],
        ["s.yaml", "e", "--timeout"], ["s.yaml", "e", "--timeout", "soon"], ["s.yaml", "e", "--timeout="],
        ["s.yaml", "e", "--timeout", "1", "--timeout", "2"], ["s.yaml", "e", "--raw", "--raw"], ["s.yaml", "e", "--mock=yes"],
        ["s.yaml", "e", "-kv"], ["s.yaml", "e", "-H", "-x"], ["s.yaml", "e", "--seed", "-1"],
        ["s.yaml", "e", "--var", "novalue"], ["s.yaml", "e", "-H", "no colon"], ["s.yaml", "e", "--max-pages", "0"],
    ]

    @Test(arguments: declined)
    func leavesEverythingElseToArgumentParser(_ arguments: [String]) {
        #expect(CallCommand.quickParse(arguments) == nil)
    }

    /// Every option `netspec call --help` lists is one the quick parser knows (or help itself).
    @Test func knowsEveryOptionTheHelpLists() {
        let help = CallCommand.helpMessage(columns: 400)
        var listed: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ").prefix(4) {
                let name = word.hasSuffix(",") ? String(word.dropLast()) : String(word)
                if name.hasPrefix("-"), name.dropFirst().allSatisfy({ $0 == "-" || $0.isLetter || $0.isNumber }) { listed.insert(name) }
            }
        }
        #expect(listed.count > 40)
        let unknown = listed.subtracting(CallCommand.quickOptions.keys).subtracting(["-h", "--help", "--version"])
        #expect(unknown.sorted() == [])
    }
}
