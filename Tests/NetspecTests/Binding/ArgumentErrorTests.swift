import Foundation
import Testing

import Netspec

/// Every ``CallError.ArgumentError`` reason with its full text, found before anything is sent.
@Suite struct ArgumentErrorTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          getUser:
            GET: /users/{id}
            params:
              id: Int
              fields: "[String]?"
          createUser:
            POST: /users
            params:
              name: String
              email: String
              age: Int?
          ping:
            GET: /ping
        """

    static func failure(_ endpoint: String, _ arguments: [String: Argument]) throws -> String {
        Binding.failure(of: try Binding.service(Self.yaml), endpoint, arguments)
    }

    // MARK: - missing

    @Test(arguments: [
        ("getUser", [String: Argument](), "missing: endpoint 'getUser': parameter 'id': missing required argument (Int)"),
        // Every problem at once, each on its own line.
        ("createUser", ["age": 3], "several: endpoint 'createUser': 2 problems with the arguments:\n  parameter 'name': missing required argument (String)\n  parameter 'email': missing required argument (String)"),
        ("createUser", ["name": "n"], "missing: endpoint 'createUser': parameter 'email': missing required argument (String)"),
    ] as [(String, [String: Argument], String)])
    func missing(endpoint: String, arguments: [String: Argument], message: String) throws {
        let actual = try Self.failure(endpoint, arguments)
        #expect(actual == message)
    }

    // MARK: - unknown

    @Test(arguments: [
        ("getUser", ["idd": 1, "id": 1], "unknown: endpoint 'getUser': parameter 'idd': unknown argument (did you mean 'id'?)"),
        ("getUser", ["idd": 1], "several: endpoint 'getUser': 2 problems with the arguments:\n  parameter 'idd': unknown argument (did you mean 'id'?)\n  parameter 'id': missing required argument (Int)"),
        ("getUser", ["ID": 1, "id": 1], "unknown: endpoint 'getUser': parameter 'ID': unknown argument (did you mean 'id'?)"),
        ("getUser", ["feilds": [], "id": 1], "unknown: endpoint 'getUser': parameter 'feilds': unknown argument (did you mean 'fields'?)"),
        ("getUser", ["zzz": 1, "id": 1], "unknown: endpoint 'getUser': parameter 'zzz': unknown argument (its parameters are: id, fields)"),
        ("getUser", ["b": 1, "a": 2], "several: endpoint 'getUser': 3 problems with the arguments:\n  parameter 'a': unknown argument (its parameters are: id, fields)\n  parameter 'b': unknown argument (its parameters are: id, fields)\n  parameter 'id': missing required argument (Int)"),
        ("ping", ["x": 1], "unknown: endpoint 'ping': parameter 'x': unknown argument (the endpoint takes no parameters)"),
    ] as [(String, [String: Argument], String)])
    func unknown(endpoint: String, arguments: [String: Argument], message: String) throws {
        let actual = try Self.failure(endpoint, arguments)
        #expect(actual == message)
    }

    // MARK: - wrongType

    @Test(arguments: [
        ("Int", Argument.value("abc"), #"expected Int, got the string "abc""#),
        ("Int", .value(1.5), "expected Int, got the number 1.5"),
        ("Int", .value(true), "expected Int, got the Boolean true"),
        ("Int", .value([1]), "expected Int, got an array"),
        ("Int", .value(["a": 1]), "expected Int, got an object"),
        ("Int?", .value("x"), #"expected Int?, got the string "x""#),
        ("String", .value(42), "expected String, got the number 42"),
        ("Bool", .value("true"), #"expected Bool, got the string "true""#),
        ("Double", .value("1.5"), #"expected Double, got the string "1.5""#),
        ("\"[Int]\"", .value(5), "expected [Int], got the number 5"),
        ("\"[Int]\"", .value(["a"]), "the value does not fit [Int]: 0: expected Int, found String"),
        ("\"[String: Int]\"", .value(["k": "x"]), "the value does not fit [String: Int]: k: expected Int, found String"),
        ("User", .value([1]), "expected User, got an array"),
        ("String", .data(Data([1, 2, 3])), "expected String, got Data (3 bytes)"),
        ("Int", .file(URL(fileURLWithPath: "/tmp/x.bin")), "expected Int, got the file /tmp/x.bin"),
        ("String", .array([.data(Data([1]))]), "expected String, got an array"),
        ("Int", .dictionary([(key: "a", value: .data(Data([1])))]), "expected Int, got a dictionary"),
        ("Int", .encodable(["k": 1]), "expected Int, got an object"),
    ])
    func wrongType(type: String, argument: Argument, message: String) throws {
        let actual = try Binding.failure("    POST: /t\n    params:\n      p: \(type)\n", ["p": argument])
        #expect(actual == "wrongType: endpoint 'e': parameter 'p': " + message)
    }

    // MARK: - nilForNonOptional

    @Test(arguments: ["Int", "String", "\"[String]\"", "Data", "User", "\"[String: Int]\""])
    func nilForNonOptional(type: String) throws {
        let unquoted = type.replacing("\"", with: "")
        let actual = try Binding.failure("    POST: /t\n    params:\n      p: \(type)\n", ["p": nil])
        #expect(actual == "nilForNonOptional: endpoint 'e': parameter 'p': nil given, but the parameter is not optional (\(unquoted))")
    }

    @Test func nilIsAValueOfJSON() async throws {
        let request = try await Binding.golden("    POST: /t\n    params:\n      p: JSON\n", ["p": nil])
        #expect(request.body == #"{"p":null}"#)
    }

    // MARK: - The other reasons

    @Test func invalidValue() throws {
        let actual = try Binding.failure("    GET: /f/{name}\n    params:\n      name: String\n", ["name": ".."])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'name': '..' is not allowed as a path segment")
    }

    @Test func unresolvedVariable() throws {
        let actual = try Binding.failure("    GET: /x\n    headers: { X-Key: \"${KEY}\" }\n")
        #expect(actual == "configuration unsetVariable: endpoint 'e': variable 'KEY' is not set (used in header 'X-Key'); set it with Provider(variables:) or in the environment")
    }

    @Test(arguments: [
        ("getUsr", "unknownEndpoint: endpoint 'getUsr': no such endpoint in t.yaml (did you mean 'getUser'?)"),
        ("createuser", "unknownEndpoint: endpoint 'createuser': no such endpoint in t.yaml (did you mean 'createUser'?)"),
        ("deleteEverything", "unknownEndpoint: endpoint 'deleteEverything': no such endpoint in t.yaml"),
    ])
    func unknownEndpoint(name: String, message: String) async throws {
        let actual = try Self.failure(name, [:])
        #expect(actual == message)
        let api = try Binding.service(Self.yaml)
        do {
            _ = try await api.call(name)
            Issue.record("no error")
        } catch {
            #expect(Binding.describe(error) == message)
        }
    }

    @Test func unreadableFile() throws {
        let actual = try Binding.failure("    PUT: /x\n    params:\n      _: URL\n", ["_": .file(URL(fileURLWithPath: "/nonexistent/netspec/a.bin"))])
        #expect(actual == "unreadableFile: endpoint 'e': parameter '_': cannot read '/nonexistent/netspec/a.bin': No such file or directory")
    }

    @Test func configuration() throws {
        let actual = try Binding.failure("    GET: /x\n", provider: Binding.provider(baseURL: nil))
        #expect(actual == "configuration setup: endpoint 'e': no base URL: the spec has no 'baseURL' and none was given (use Provider(baseURL:) or --base-url)")
    }

    @Test func theCallErrorSaysTheSame() throws {
        let error = CallError.ArgumentError(endpoint: "e", parameter: nil, reason: .configuration, message: "m")
        #expect(error.description == "endpoint 'e': m")
        #expect(CallError.argument(error).description == "endpoint 'e': m")
        let withParameter = CallError.ArgumentError(endpoint: "e", parameter: "p", reason: .missing, message: "m")
        #expect(withParameter.description == "endpoint 'e': parameter 'p': m")
    }
}
