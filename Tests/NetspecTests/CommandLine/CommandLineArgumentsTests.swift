import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Command-line items converted to each parameter's declared type, repeated items as arrays,
/// files, standard input for `_`, and the exact errors.
@Suite struct CommandLineArgumentsTests {
    static let spec = try! Spec(yaml: """
        netspec: 1
        service: S
        baseURL: https://api.example.com
        endpoints:
          e:
            POST: /t
            params:
              id: Int?
              ratio: Double?
              on: Bool?
              name: String?
              tags: "[String]?"
              ids: "[Int]?"
              meta: JSON?
              user: User?
              blob: Data?
          upload:
            POST: /upload
            encoding: multipart
            params:
              title: String
              file: URL
              extra: "[Data]?"
          raw:
            PUT: /raw
            params:
              _: Data
          text:
            PUT: /text
            params:
              _: { type: String, mimeType: text/plain }
          replace:
            PUT: /users/{id}
            params:
              id: Int
              _: User
        """, file: "t.yaml")

    /// The arguments for items, each shown as `name: case content`, sorted by name.
    static func arguments(_ items: [String], endpoint: String = "e", standardInput: [UInt8]? = nil) throws -> [String] {
        let parsed = try items.map { try CommandLineItem(parsing: $0) }
        let arguments = try CommandLineArguments.make(items: parsed, endpoint: try #require(spec.endpoint(named: endpoint)), standardInput: standardInput)
        return arguments.sorted { $0.key < $1.key }.map { "\($0.key): \(CallSurfaceTests.show($0.value))" }
    }

    /// The argument error for items, as `reason: description`.
    static func failure(_ items: [String], endpoint: String = "e", standardInput: [UInt8]? = nil) throws -> String {
        do {
            _ = try arguments(items, endpoint: endpoint, standardInput: standardInput)
            return "no error"
        } catch let error as CallError.ArgumentError {
            return "\(error.reason): \(error.description)"
        }
    }

    @Test(arguments: [
        (["id=42"], ["id: value 42"]),
        (["id=-7"], ["id: value -7"]),
        (["id:=42"], ["id: value 42"]),
        (["id=null"], ["id: value null"]),
        (["ratio=1.5"], ["ratio: value 1.5"]),
        (["ratio=-2"], ["ratio: value -2.0"]),
        (["ratio=1e3"], ["ratio: value 1000.0"]),
        // Past 2^53 a Double would change the digits (9007199254740993 went out as 9007199254740992.0).
        (["ratio=9007199254740993"], ["ratio: value 9007199254740993"]),
        (["ratio=-123456789012345678"], ["ratio: value -123456789012345678"]),
        (["ratio=9007199254740992"], ["ratio: value 9007199254740992.0"]),
        (["on=true"], ["on: value true"]),
        (["on=false"], ["on: value false"]),
        (["on:=true"], ["on: value true"]),
        (["name=42"], [#"name: value "42""#]),
        (["name=null"], ["name: value null"]),
        (["name="], [#"name: value """#]),
        (["name=a b=c@d"], [#"name: value "a b=c@d""#]),
        (["tags=a", "tags=b c"], [#"tags: value ["a","b c"]"#]),
        ([#"tags:=["a","b"]"#], [#"tags: value ["a","b"]"#]),
        (["ids=1", "ids=2", "ids:=3"], ["ids: value [1,2,3]"]),
        (["ids:=[1,2]"], ["ids: value [1,2]"]),
        (["ids:=3"], ["ids: value [3]"]),
        (["meta=hello"], [#"meta: value "hello""#]),
        (["meta=42"], [#"meta: value "42""#]),
        ([#"meta:={"a":[1,null]}"#], [#"meta: value {"a":[1,null]}"#]),
        // Inside raw JSON: an integer that fits Int, one wider that a Double keeps, a fraction, and digits in a string go as they are.
        ([#"meta:={"a":[9007199254740993,18446744073709551616,2.5],"s":"123456789012345678901234567890"}"#],
         [#"meta: value {"a":[9007199254740993,18446744073709551616,2.5],"s":"123456789012345678901234567890"}"#]),
        ([#"user:={"id":1}"#], [#"user: value {"id":1}"#]),
        ([#"user={"id":1}"#], [#"user: value {"id":1}"#]),
        (["blob=raw"], ["blob: data [114, 97, 119]"]),
        (["zzz=x"], [#"zzz: value "x""#]),
        (["name=a", "id=1"], ["id: value 1", #"name: value "a""#]),
    ])
    func textAndJSONItems(items: [String], shown: [String]) throws {
        let actual = try Self.arguments(items)
        #expect(actual == shown)
    }

    @Test func fileItemsFollowTheDeclaredType() throws {
        let scratch = try ScratchDirectory()
        let text = try scratch.write(Array("héllo\n".utf8), to: "name.txt")
        let number = try scratch.write(Array(" 42\n".utf8), to: "id.txt")
        let json = try scratch.write(Array(#"{"k":[1]}"#.utf8), to: "meta.json")
        let blob = try scratch.write([0, 1], to: "blob.bin")
        let actual = try Self.arguments(["name@\(text)", "id@\(number)", "meta@\(json)", "blob@\(blob)", "tags@\(text)"])
        #expect(actual == [
            "blob: file \(blob)", "id: value 42", #"meta: value {"k":[1]}"#, #"name: value "héllo\n""#, #"tags: value ["héllo\n"]"#,
        ])
    }

    @Test func fileItemsUploadForDataAndURL() async throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write(Array("A,B\n".utf8), to: "table.csv")
        let extra = try scratch.write([0x01], to: "x.bin")
        let endpoint = try #require(Self.spec.endpoint(named: "upload"))
        let items = try ["title=Q3 report", "file@\(file)", "extra@\(extra)"].map { try CommandLineItem(parsing: $0) }
        let arguments = try CommandLineArguments.make(items: items, endpoint: endpoint)
        let api = Service(spec: Self.spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try await Golden(api.prepare("upload", arguments))
        #expect(request.body == MultipartBindingTests.part(#"name="title""#, "Q3 report")
            + MultipartBindingTests.part(#"name="file"; filename="table.csv""#, type: "text/csv", "A,B\n")
            + MultipartBindingTests.part(#"name="extra"; filename="x.bin""#, type: "application/octet-stream", "\u{1}")
            + MultipartBindingTests.end)
    }

    // MARK: - Standard input

    @Test(arguments: [
        ("raw", [0xFF, 0x00], [String](), ["_: data [255, 0]"]),
        ("text", Array("hi\n".utf8), [], [#"_: value "hi\n""#]),
        ("replace", Array(#"{"name":"Ada"}"#.utf8), ["id=1"], [#"_: value {"name":"Ada"}"#, "id: value 1"]),
        ("replace", Array(#"{"from":"stdin"}"#.utf8), ["id=1", #"_:={"from":"item"}"#], [#"_: value {"from":"item"}"#, "id: value 1"]),
        // A JSON body of fields takes a whole body piped in (issue 31.10; the binder merges the fields over it).
        ("e", Array(#"{"name":"Ada"}"#.utf8), ["id=1"], [#"_: value {"name":"Ada"}"#, "id: value 1"]),
    ] as [(String, [UInt8], [String], [String])])
    func standardInputIsTheUnlabelledParameter(endpoint: String, input: [UInt8], items: [String], shown: [String]) throws {
        let actual = try Self.arguments(items, endpoint: endpoint, standardInput: input)
        #expect(actual == shown)
    }

    /// A command line reads its standard input exactly when `make` would use it.
    @Test(arguments: [
        ("raw", [String](), true), ("replace", ["id=1"], true), ("replace", ["id=1", "_:={}"], false), ("e", ["id=1"], true),
    ] as [(String, [String], Bool)])
    func usesStandardInput(endpoint: String, items: [String], expected: Bool) throws {
        let parsed = try items.map { try CommandLineItem(parsing: $0) }
        let endpoint = try #require(Self.spec.endpoint(named: endpoint))
        #expect(CommandLineArguments.usesStandardInput(items: parsed, endpoint: endpoint) == expected)
    }

    @Test(arguments: [
        ("text", [0xFF], "wrongType: endpoint 'text': parameter '_': standard input is not UTF-8 text"),
        ("replace", Array("{".utf8), "wrongType: endpoint 'replace': parameter '_': standard input is not valid JSON (line 1, column 2: unexpected end of input)"),
    ] as [(String, [UInt8], String)])
    func badStandardInput(endpoint: String, input: [UInt8], message: String) throws {
        let actual = try Self.failure(endpoint == "replace" ? ["id=1"] : [], endpoint: endpoint, standardInput: input)
        #expect(actual == message)
    }

    // MARK: - Errors

    @Test(arguments: [
        (["id=abc"], "wrongType: endpoint 'e': parameter 'id': 'abc' is not an Int (a whole number) (id=abc)"),
        (["id=1.5"], "wrongType: endpoint 'e': parameter 'id': '1.5' is not an Int (a whole number) (id=1.5)"),
        (["ratio=1,5"], "wrongType: endpoint 'e': parameter 'ratio': '1,5' is not a Double (a number) (ratio=1,5)"),
        (["ratio=nan"], "wrongType: endpoint 'e': parameter 'ratio': 'nan' is not a Double (a number) (ratio=nan)"),
        (["on=yes"], "wrongType: endpoint 'e': parameter 'on': 'yes' is not a Bool (true or false) (on=yes)"),
        (["ids=1", "ids=x"], "wrongType: endpoint 'e': parameter 'ids': 'x' is not an Int (a whole number) (ids=x)"),
        (["user=plain"], "wrongType: endpoint 'e': parameter 'user': 'plain' is not a valid User (write it as JSON with ':=') (user=plain)"),
        (["id=1", "id=2"], "invalidValue: endpoint 'e': parameter 'id': given 2 times, but it is not an array (Int?)"),
        (["meta:={bad"], "wrongType: endpoint 'e': parameter 'meta': invalid JSON in 'meta:={bad': line 1, column 2: expected string key in object, found 'b'"),
        // An integer a Double changes, anywhere in a raw JSON item, is refused as a whole one is (it went out as another number).
        ([#"meta:={"n": 123456789012345678901234567890}"#],
         #"invalidValue: endpoint 'e': parameter 'meta': 123456789012345678901234567890 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 123456789012345677877719597056 (meta:={"n": 123456789012345678901234567890})"#),
        (["ids:=[1, -98765432109876543210987]"],
         "invalidValue: endpoint 'e': parameter 'ids': -98765432109876543210987 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as -98765432109876536934400 (ids:=[1, -98765432109876543210987])"),
        ([#"user:={"a": {"b": ["123456789012345678901234567890", 12345678901234567890]}}"#],
         #"invalidValue: endpoint 'e': parameter 'user': 12345678901234567890 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 12345678901234567168 (user:={"a": {"b": ["123456789012345678901234567890", 12345678901234567890]}})"#),
    ])
    func itemErrors(items: [String], message: String) throws {
        let actual = try Self.failure(items)
        #expect(actual == message)
    }

    @Test func fileErrors() throws {
        let scratch = try ScratchDirectory()
        let binary = try scratch.write([0xFF, 0xFE], to: "bin.dat")
        let words = try scratch.write(Array("forty-two".utf8), to: "words.txt")
        let missing = try Self.failure(["name@/nonexistent/n.txt"])
        #expect(missing == "unreadableFile: endpoint 'e': parameter 'name': cannot read '/nonexistent/n.txt': No such file or directory")
        let directory = try Self.failure(["name@\(scratch.path)"])
        #expect(directory == "unreadableFile: endpoint 'e': parameter 'name': cannot read '\(scratch.path)': it is a directory")
        let notText = try Self.failure(["name@\(binary)"])
        #expect(notText == "unreadableFile: endpoint 'e': parameter 'name': '\(binary)' is not UTF-8 text")
        let number = try Self.failure(["id@\(words)"])
        #expect(number == "wrongType: endpoint 'e': parameter 'id': the content of '\(words)' is not an Int (a whole number)")
        #expect(try Self.failure(["meta@\(words)"]).hasPrefix("wrongType: endpoint 'e': parameter 'meta': '\(words)' is not valid JSON ("))
    }
}
