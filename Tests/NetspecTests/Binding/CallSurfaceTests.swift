import Foundation
import Testing

import Netspec

/// A user type passed as an argument; encoded at call time.
struct NewUser: Codable, Sendable, ArgumentConvertible {
    var firstName: String
    var age: Int
}

/// A value whose conversion fails.
struct Unconvertible: ArgumentConvertible {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "no JSON form" }
    }

    func makeArgument() throws -> Argument { throw Failure() }
}

/// The Swift call surface: `api.name.prepare(label: value)`, `api.prepare("name", [...])`,
/// argument literals, `ArgumentConvertible` conversions, the unlabelled `_`, and duplicate labels.
@Suite struct CallSurfaceTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          getUser:
            GET: /user
            params:
              id: { in: query, name: identifier }
          createUser:
            POST: /users
            params:
              name: String
              age: Int?
              tags: "[String]?"
              avatar: Data?
              manager: String?
          replaceUser:
            PUT: /users/{id}
            params:
              id: Int
              _: User
            mock: { body: { ok: true } }
        """

    static let api = try! Binding.service(yaml, provider: Provider(baseURL: Binding.baseURL, options: .init(mocks: .enabled, usesEnvironment: false)))

    /// An argument's case and content, for comparisons.
    static func show(_ argument: Argument) -> String {
        switch argument {
        case let .value(value): "value \(value)"
        case let .data(data): "data \(Array(data))"
        case let .file(url): "file \(url.path)"
        case let .fileRange(url, range): "file \(url.path) \(range)"
        case let .array(items): "array [" + items.map(show).joined(separator: ", ") + "]"
        case let .dictionary(entries): "dictionary [" + entries.map { "\($0.key): \(show($0.value))" }.joined(separator: ", ") + "]"
        case let .encodable(value): "encodable \(type(of: value))"
        case let .reserved(text): "reserved \(text)"
        }
    }

    // MARK: - Dynamic members and calls

    @Test func dynamicMemberCallEqualsCallByName() async throws {
        let dynamic = try await Golden(Self.api.getUser.prepare(id: "johne"))
        let byName = try await Golden(Self.api.prepare("getUser", ["id": "johne"]))
        #expect(dynamic == byName)
        #expect(dynamic == Golden("GET", "https://api.example.com/user?identifier=johne", headers: Golden.jsonTail))
    }

    @Test func labelsOfEveryKind() async throws {
        let request = try await Golden(Self.api.createUser.prepare(name: "Ada", age: 36, tags: ["a", "b"], avatar: Data([0xFF]), manager: nil))
        #expect(request.body == #"{"name":"Ada","age":36,"tags":["a","b"],"avatar":"/w=="}"#)
    }

    @Test func optionalVariablesPassTheirValueOrNothing() async throws {
        let some: Int? = 7
        let none: String? = nil
        let request = try await Golden(Self.api.createUser.prepare(name: "A", age: some, manager: none))
        #expect(request.body == #"{"name":"A","age":7}"#)
    }

    @Test func theUnlabelledArgumentIsUnderscore() async throws {
        let user = NewUser(firstName: "Ada", age: 36)
        let dynamic = try await Golden(Self.api.replaceUser.prepare(user, id: 5))
        let byName = try await Golden(Self.api.prepare("replaceUser", ["_": .encodable(user), "id": 5]))
        #expect(dynamic == byName)
        #expect(dynamic.url == "https://api.example.com/users/5")
        #expect(dynamic.body == #"{"firstName":"Ada","age":36}"#)
    }

    @Test func aDynamicCallSendsThroughTheProvider() async throws {
        let response = try await Self.api.replaceUser(NewUser(firstName: "A", age: 1), id: 1)
        #expect(response.status == 200)
        #expect(response["ok"] == true)
    }

    @Test(arguments: [
        ("createUser", "name", "invalidValue: endpoint 'createUser': parameter 'name': given more than once"),
        ("replaceUser", "_", "invalidValue: endpoint 'replaceUser': parameter '_': given more than once"),
    ])
    func repeatedLabelsAreRefused(endpoint: String, label: String, message: String) async {
        do {
            if label == "_" {
                _ = try await Self.api[dynamicMember: endpoint].prepare(NewUser(firstName: "a", age: 1), NewUser(firstName: "b", age: 2), id: 1)
            } else {
                _ = try await Self.api[dynamicMember: endpoint].prepare(name: "a", name: "b")
            }
            Issue.record("no error")
        } catch {
            #expect(Binding.describe(error) == message)
        }
    }

    @Test func aFailedConversionIsAWrongTypeError() async {
        do {
            _ = try await Self.api.createUser.prepare(name: Unconvertible())
            Issue.record("no error")
        } catch {
            #expect(Binding.describe(error) == "wrongType: endpoint 'createUser': parameter 'name': cannot convert the argument: no JSON form")
        }
    }

    @Test func anUnknownDynamicMemberIsAnUnknownEndpoint() async {
        do {
            _ = try await Self.api.getUsr.prepare(id: 1)
            Issue.record("no error")
        } catch {
            #expect(Binding.describe(error) == "unknownEndpoint: endpoint 'getUsr': no such endpoint in t.yaml (did you mean 'getUser'?)")
        }
    }

    // MARK: - Literals

    @Test(arguments: [
        ("x" as Argument, #"value "x""#),
        ("a\(1 + 1)b", #"value "a2b""#),
        (42, "value 42"),
        (1.5, "value 1.5"),
        (false, "value false"),
        (nil, "value null"),
        ([1, "a", nil], #"value [1,"a",null]"#),
        (["k": 1, "a": [true]], #"value {"k":1,"a":[true]}"#),
        ([.data(Data([1])), 2], "array [data [1], value 2]"),
        (["f": .file(URL(fileURLWithPath: "/x/f.png")), "n": 1], "dictionary [f: file /x/f.png, n: value 1]"),
        (.encoding(NewUser(firstName: "a", age: 1)), "encodable NewUser"),
    ] as [(Argument, String)])
    func literals(argument: Argument, shown: String) {
        #expect(Self.show(argument) == shown)
    }

    // MARK: - ArgumentConvertible

    @Test(arguments: [
        ("x" as any ArgumentConvertible, #"value "x""#),
        ("abc".dropFirst(), #"value "bc""#),
        (42, "value 42"),
        (Int64(1) << 40, "value 1099511627776"),
        (Int32(-5), "value -5"),
        (UInt(7), "value 7"),
        (2.5, "value 2.5"),
        (Float(0.5), "value 0.5"),
        (true, "value true"),
        (Data([1, 2]), "data [1, 2]"),
        (URL(fileURLWithPath: "/tmp/a b.txt"), "file /tmp/a b.txt"),
        (URL(string: "https://x.example/a?b=c")!, #"value "https://x.example/a?b=c""#),
        (JSONValue.object(["k": 1]), #"value {"k":1}"#),
        (Int?.none, "value null"),
        (Int?.some(3), "value 3"),
        ([1, 2], "value [1,2]"),
        ([Data([1])], "array [data [1]]"),
        (["b": 2, "a": 1], #"value {"a":1,"b":2}"#),
        (["a": nil, "b": 1] as [String: Int?], #"value {"a":null,"b":1}"#),
        (["f": URL(fileURLWithPath: "/tmp/f")], "dictionary [f: file /tmp/f]"),
        ([[1], [2, 3]], "value [[1],[2,3]]"),
        (NewUser(firstName: "a", age: 1), "encodable NewUser"),
        (Argument.data(Data([9])), "data [9]"),
    ] as [(any ArgumentConvertible, String)])
    func conversions(value: any ArgumentConvertible, shown: String) throws {
        #expect(Self.show(try value.makeArgument()) == shown)
        #expect(Self.show(try Argument(value)) == shown)
    }

    @Test func descriptionsForMessages() async throws {
        let argument: Argument = ["n": 1, "d": .data(Data([1, 2])), "f": .file(URL(fileURLWithPath: "/a")), "e": .encoding(NewUser(firstName: "a", age: 1))]
        #expect(argument.description == "[n: 1, d: <2 bytes>, f: <file /a>, e: <NewUser>]")
    }
}
