import Testing

import Netspec
import NetspecModel

/// Rule 1: `{placeholder}` values, percent-encoded as one path segment (RFC 3986 `pchar`), the
/// base URL joined to the path, and the values a path refuses.
@Suite struct PathBindingTests {
    static let oneSegment = "    GET: /files/{name}/meta\n    params:\n      name: String\n"

    // MARK: - Encoding

    @Test(arguments: [
        ("johne", "/files/johne/meta"),
        ("a/b", "/files/a%2Fb/meta"),
        ("a?b", "/files/a%3Fb/meta"),
        ("a#b", "/files/a%23b/meta"),
        ("100%", "/files/100%25/meta"),
        ("my file.txt", "/files/my%20file.txt/meta"),
        ("a+b", "/files/a+b/meta"),
        ("k=v;x,y", "/files/k=v;x,y/meta"),
        ("user@host:80", "/files/user@host:80/meta"),
        ("!$&'()*", "/files/!$&'()*/meta"),
        ("-._~", "/files/-._~/meta"),
        ("\"<>\\^`{|}", "/files/%22%3C%3E%5C%5E%60%7B%7C%7D/meta"),
        ("[x]", "/files/%5Bx%5D/meta"),
        ("café", "/files/caf%C3%A9/meta"),
        ("日本", "/files/%E6%97%A5%E6%9C%AC/meta"),
        ("🙂", "/files/%F0%9F%99%82/meta"),
        ("tab\there", "/files/tab%09here/meta"),
        ("line\nbreak", "/files/line%0Abreak/meta"),
        ("...", "/files/.../meta"),
        (".hidden", "/files/.hidden/meta"),
        ("a..b", "/files/a..b/meta"),
    ])
    func segmentIsPercentEncoded(value: String, path: String) throws {
        let actual = try Binding.url(Self.oneSegment, ["name": .value(.string(value))])
        #expect(actual == Binding.baseURL + path)
    }

    @Test(arguments: [
        ("id: Int", Argument.value(.int(42)), "/items/42"),
        ("id: Int", Argument.value(.int(-7)), "/items/-7"),
        ("id: Int", Argument.value(.double(3)), "/items/3"),
        ("id: Double", Argument.value(.double(1.5)), "/items/1.5"),
        ("id: Double", Argument.value(.int(2)), "/items/2"),
        ("id: Bool", Argument.value(.bool(true)), "/items/true"),
        ("id: String", Argument.value(.string("0")), "/items/0"),
    ])
    func scalarTypesAreWrittenAsText(declaration: String, argument: Argument, path: String) throws {
        let endpoint = "    GET: /items/{id}\n    params:\n      \(declaration)\n"
        let actual = try Binding.url(endpoint, ["id": argument])
        #expect(actual == Binding.baseURL + path)
    }

    @Test func severalPlaceholdersFillInPathOrderWhateverTheDeclarationOrder() throws {
        let endpoint = "    GET: /repos/{owner}/{repo}/issues/{number}\n    params:\n      number: Int\n      repo: String\n      owner: String\n"
        let url = try Binding.url(endpoint, ["owner": "apple", "repo": "swift nio", "number": 7])
        #expect(url == "https://api.example.com/repos/apple/swift%20nio/issues/7")
    }

    @Test func placeholderInsideASegmentKeepsTheLiteralAroundIt() throws {
        let endpoint = "    GET: /files/{name}.json\n    params:\n      name: String\n"
        let actual = try Binding.url(endpoint, ["name": "a b"])
        #expect(actual == "https://api.example.com/files/a%20b.json")
    }

    @Test func wireNameFillsThePlaceholder() throws {
        let endpoint = "    GET: /users/{user_id}\n    params:\n      userID: { in: path, name: user_id, type: Int }\n"
        let actual = try Binding.url(endpoint, ["userID": 5])
        #expect(actual == "https://api.example.com/users/5")
    }

    // MARK: - Defaults

    @Test(arguments: [
        ("    GET: /pages/{page=3}\n", [String: Argument](), "/pages/3"),
        ("    GET: /pages/{page=3}\n", ["page": "9"], "/pages/9"),
        ("    GET: /pages/{page=3}\n    params:\n      page: Int\n", [:], "/pages/3"),
        ("    GET: /pages/{page=3}\n    params:\n      page: Int\n", ["page": 12], "/pages/12"),
        ("    GET: /pages/{page}\n    params:\n      page: { type: Int, default: 1 }\n", [:], "/pages/1"),
        ("    GET: /v/{ver=v1}/items\n", [:], "/v/v1/items"),
    ])
    func pathDefaults(endpoint: String, arguments: [String: Argument], path: String) throws {
        let actual = try Binding.url(endpoint, arguments)
        #expect(actual == Binding.baseURL + path)
    }

    // MARK: - encoded: true

    @Test(arguments: [
        ("a/b/c.txt", "/raw/a/b/c.txt"),
        ("a%2Fb", "/raw/a%2Fb"),
        ("caf%C3%A9", "/raw/caf%C3%A9"),
        ("x;y=1", "/raw/x;y=1"),
    ])
    func encodedValuesPassThrough(value: String, path: String) throws {
        let endpoint = "    GET: /raw/{path}\n    params:\n      path: { encoded: true }\n"
        let actual = try Binding.url(endpoint, ["path": .value(.string(value))])
        #expect(actual == Binding.baseURL + path)
    }

    @Test(arguments: [
        ("a b", "an encoded value cannot contain a space; percent-encode it"),
        ("a?b", "an encoded value cannot contain '?'; percent-encode it"),
        ("a#b", "an encoded value cannot contain '#'; percent-encode it"),
        ("100%", "'%' must start an escape such as %2F"),
        ("%zz", "'%' must start an escape such as %2F"),
        ("%2", "'%' must start an escape such as %2F"),
        ("café", "an encoded value cannot contain byte 0xC3; percent-encode it"),
        ("a\"b", "an encoded value cannot contain '\"'; percent-encode it"),
        ("a{b}", "an encoded value cannot contain '{'; percent-encode it"),
        ("a\nb", "an encoded value cannot contain byte 0x0A; percent-encode it"),
    ])
    func encodedValuesAreValidated(value: String, message: String) throws {
        let endpoint = "    GET: /raw/{path}\n    params:\n      path: { encoded: true }\n"
        let actual = try Binding.failure(endpoint, ["path": .value(.string(value))])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'path': \(message)")
    }

    // MARK: - Refused values

    @Test(arguments: [
        (".", "'.' is not allowed as a path segment"),
        ("..", "'..' is not allowed as a path segment"),
    ])
    func unsafeSegmentsAreRefused(value: String, message: String) throws {
        let actual = try Binding.failure(Self.oneSegment, ["name": .value(.string(value))])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'name': \(message)")
    }

    /// `encoded: true` is the explicit opt-out: the value is written as it is, dot segments and
    /// slashes included (issue 8: "path parameters cannot climb out of the path unless
    /// `encoded: true`"). Without it, the same values are escaped or refused.
    @Test(arguments: [
        ("..", "https://api.example.com/raw/.."), ("../admin", "https://api.example.com/raw/../admin"),
        ("%2E%2E/admin", "https://api.example.com/raw/%2E%2E/admin"), ("a/./b", "https://api.example.com/raw/a/./b"),
    ])
    func encodedValuesAreWrittenAsTheyAre(value: String, url: String) throws {
        let endpoint = "    GET: /raw/{path}\n    params:\n      path: { encoded: true }\n"
        #expect(try Binding.url(endpoint, ["path": .value(.string(value))]) == url)
    }

    @Test(arguments: [("../admin", "https://api.example.com/raw/..%2Fadmin"), ("%2E%2E", "https://api.example.com/raw/%252E%252E")])
    func unencodedValuesStayInTheirSegment(value: String, url: String) throws {
        let endpoint = "    GET: /raw/{path}\n    params:\n      path: String\n"
        #expect(try Binding.url(endpoint, ["path": .value(.string(value))]) == url)
    }

    /// An empty value the call gives is meant, in every form of a segment (Jupyter's root is
    /// `/api/contents/`); one a `${NAME}` default leaves empty would silently make `//`, and is refused.
    @Test(arguments: ["path: String", "path: { encoded: true }", "path: { type: String, default: \"${DIR}\" }"])
    func anEmptyValueIsSentWhenTheCallGivesIt(declaration: String) throws {
        let endpoint = "    GET: /raw/{path}/meta\n    params:\n      \(declaration)\n"
        #expect(try Binding.url(endpoint, ["path": ""]) == "https://api.example.com/raw//meta")
        #expect(try Binding.url("    GET: /raw/{+path}\n    params:\n      \(declaration)\n", ["path": ""]) == "https://api.example.com/raw/")
    }

    @Test func anEmptyValueLeftToADefaultIsRefused() throws {
        let endpoint = "    GET: /raw/{path}/meta\n    params:\n      path: { type: String, default: \"${DIR:-}\" }\n"
        #expect(try Binding.failure(endpoint, [:]) == """
            invalidValue: endpoint 'e': parameter 'path': a path parameter cannot be empty unless the call gives it so ('path=') \
            or the spec's default is empty ('default: ""', '{path=}')
            """)
    }

    // MARK: - Empty segments and reserved expansion

    /// Jupyter's root is `/api/contents/`: an empty default allows an empty segment.
    @Test(arguments: [
        ("    GET: /api/contents/{path=}\n", [String: Argument](), "https://api.example.com/api/contents/"),
        ("    GET: /api/contents/{path=}\n", ["path": "a"], "https://api.example.com/api/contents/a"),
        ("    GET: /api/contents/{path=}\n", ["path": ""], "https://api.example.com/api/contents/"),
        ("    GET: /api/contents/{path}\n    params:\n      path: { default: \"\" }\n", [:], "https://api.example.com/api/contents/"),
        ("    GET: /api/contents/{+path=}\n", [:], "https://api.example.com/api/contents/"),
        ("    GET: /api/contents/{+path=}\n", ["path": "my notes/a b.txt"], "https://api.example.com/api/contents/my%20notes/a%20b.txt"),
    ])
    func emptyDefaultsMakeAnEmptySegment(endpoint: String, arguments: [String: Argument], url: String) throws {
        #expect(try Binding.url(endpoint, arguments) == url)
    }

    /// RFC 6570 §3.2.3 reserved expansion: reserved characters and `%XX` escapes stay, the rest is
    /// escaped; `?`, `#`, `[` and `]` are escaped too, so the value cannot leave the path.
    @Test(arguments: [
        ("my notes/a b.txt", "https://api.example.com/files/my%20notes/a%20b.txt"),
        ("a/b/c", "https://api.example.com/files/a/b/c"),
        ("a:b@c!$&'()*+,;=", "https://api.example.com/files/a:b@c!$&'()*+,;="),
        ("already%20escaped", "https://api.example.com/files/already%20escaped"),
        ("100%", "https://api.example.com/files/100%25"),
        ("%zz", "https://api.example.com/files/%25zz"),
        ("q?x=1#frag", "https://api.example.com/files/q%3Fx=1%23frag"),
        ("[v6]", "https://api.example.com/files/%5Bv6%5D"),
        ("café", "https://api.example.com/files/caf%C3%A9"),
        ("dir/", "https://api.example.com/files/dir/"),
        ("a..b/c.d", "https://api.example.com/files/a..b/c.d"),
    ])
    func reservedExpansionKeepsSlashes(value: String, url: String) throws {
        #expect(try Binding.url("    GET: /files/{+path}\n    params:\n      path: String\n", ["path": .value(.string(value))]) == url)
    }

    @Test(arguments: ["..", ".", "../admin", "a/../b", "a/.", "%2E%2E/x", "a/%2e", ".%2E/x"])
    func reservedExpansionRefusesDotSegments(value: String) throws {
        let actual = try Binding.failure("    GET: /files/{+path}\n    params:\n      path: String\n", ["path": .value(.string(value))])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'path': '.' and '..' are not allowed as path segments (in '\(value)')")
    }

    @Test func reservedExpansionIsShownByTheTemplate() throws {
        let template = try PathTemplate(parsing: "/a/{+path}/{id=1}")
        #expect(template.placeholderNames == ["path", "id"])
        #expect(template.isReserved(placeholder: "path"))
        #expect(!template.isReserved(placeholder: "id"))
    }

    @Test func missingPathValueIsMissing() throws {
        let actual = try Binding.failure(Self.oneSegment)
        #expect(actual == "missing: endpoint 'e': parameter 'name': missing required argument (String)")
    }
}
