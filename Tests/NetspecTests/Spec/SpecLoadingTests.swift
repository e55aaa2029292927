import Testing
import Netspec
import NetspecModel

/// Loading as a whole: error collection, limits, files, and the example specs in `specs/`.
@Suite struct SpecLoadingTests {
    @Test func collectsEveryErrorInSourceOrder() throws {
        let yaml = """
            netspec: 1
            service: S
            endpoints:
              a:
                GET: /x/{id}
                params:
                  q: { in: qurey }
              b:
                POST: /y
                tiemout: 3
                params:
                  n: { type: Int, default: x }
            """
        let error = try #require(throws: SpecError.self) { try Spec(yaml: yaml, file: "multi.yaml") }
        #expect(error.file == "multi.yaml")
        #expect(error.line == 5)
        #expect(error.column == 13)
        #expect(error.message == "endpoint 'a': path placeholder '{id}' has no parameter (declare 'id' under 'params', or give it a default as '{id=value}')")
        #expect(error.allErrors.count == 4)
        #expect(error.description == """
            multi.yaml:5:13: error: endpoint 'a': path placeholder '{id}' has no parameter (declare 'id' under 'params', or give it a default as '{id=value}')
            multi.yaml:7:16: error: endpoint 'a': parameter 'q': unknown location 'qurey' (did you mean 'query'?)
            multi.yaml:10:5: error: endpoint 'b': unknown key 'tiemout' (did you mean 'timeout'?)
            multi.yaml:12:32: error: endpoint 'b': parameter 'n': default 'x' does not fit type Int
            """)
    }

    @Test func aFailedParameterDoesNotAlsoReportItsPlaceholder() throws {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  a:\n    GET: /x/{id}\n    params:\n      id: Strnig\n"
        let error = try #require(throws: SpecError.self) { try Spec(yaml: yaml, file: "t.yaml") }
        #expect(error.description == "t.yaml:7:11: error: endpoint 'a': parameter 'id': unknown type 'Strnig' (did you mean 'String'?)")
    }

    @Test func rejectsInputThatIsNotUTF8() {
        let bytes: [UInt8] = Array("netspec: 1\nservice: ".utf8) + [0xFF, 0x0A]
        #expect(throws: SpecError(file: "t.yaml", line: 2, column: 10, message: "input is not valid UTF-8 (byte 0xFF)")) {
            try FrontEnd.load(bytes: bytes, file: "t.yaml")
        }
    }

    @Test func rejectsAnAliasBombFast() throws {
        var yaml = "a: &a [x,x,x,x,x,x,x,x,x,x]\n"
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]\n"
        }
        let error = try #require(throws: SpecError.self) { try Spec(yaml: yaml, file: "bomb.yaml") }
        #expect(error.message == "document expands to more than 2000000 nodes (alias bomb?)")
    }

    @Test func rejectsDeepNesting() throws {
        let yaml = "netspec: 1\nservice: S\nendpoints: " + String(repeating: "[", count: 100_000)
        let error = try #require(throws: SpecError.self) { try Spec(yaml: yaml, file: "deep.yaml") }
        #expect(error.message == "nesting deeper than 100 levels")
    }

    @Test func rejectsOversizedInput() throws {
        let yaml = "netspec: 1\n#" + String(repeating: "x", count: 17 * 1024 * 1024)
        let error = try #require(throws: SpecError.self) { try Spec(yaml: yaml, file: "big.yaml") }
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("spec is larger than the 16 MiB limit"))
    }

    @Test func reportsAnUnreadableFile() {
        #expect(throws: SpecError(file: "/nonexistent/x.yaml", line: 0, column: 0, message: "cannot read file: No such file or directory")) {
            try Spec.load(path: "/nonexistent/x.yaml")
        }
        let error = SpecError(file: "/nonexistent/x.yaml", line: 0, column: 0, message: "cannot read file: No such file or directory")
        #expect(error.description == "/nonexistent/x.yaml: error: cannot read file: No such file or directory")
    }

    /// A document argument that is a URL is not "No such file" (issue 31.11).
    @Test(arguments: ["http://127.0.0.1:9/openapi.json", "HTTPS://example.com/api.yaml"])
    func aURLIsNotAMissingFile(path: String) {
        let error = #expect(throws: SpecError.self) { try Spec.load(path: path) }
        #expect(error?.description == "\(path): error: a URL is not a file: load it with Spec.load(url:provider:), which fetches it (through the provider's TLS settings and HTTP cache)")
    }

    @Test func anEmptyEndpointsMappingIsAValidSpec() throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: Empty\nendpoints: {}\n")
        #expect(spec.endpoints.isEmpty)
        #expect(spec.file == "<spec>")
    }

    @Test func mergeKeysShareParameters() throws {
        let yaml = """
            netspec: 1
            service: S
            endpoints:
              list:
                GET: /items
                params: &paging
                  page: { type: Int, default: 1 }
                  size: { type: Int, default: 20 }
              search:
                GET: /search
                params:
                  <<: *paging
                  q: String
            """
        let spec = try Spec(yaml: yaml)
        #expect(spec.endpoint(named: "search")?.parameters.map(\.name) == ["page", "size", "q"])
    }

    @Test func suggestsCloseEndpointNames() throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  getUser: { GET: /u }\n  getUsers: { GET: /us }\n  other: { GET: /o }\n")
        #expect(spec.endpointNames(closestTo: "getUsr") == ["getUser", "getUsers"])
        #expect(spec.endpoint(named: "getUser")?.path == "/u")
    }

    static let exampleSpecs = ["chat.yaml", "github.yaml", "todos.yaml", "users.yaml"]

    @Test(arguments: exampleSpecs)
    func exampleSpecsLoad(_ name: String) throws {
        let spec = try Spec.load(path: TestPaths.specs + "/" + name)
        #expect(!spec.endpoints.isEmpty)
        // Every example endpoint has a mock, so every one can be called offline.
        #expect(spec.endpoints.filter { $0.mock == nil }.map(\.name) == [])
    }
}
