import Testing

import Netspec

/// Headers: service < endpoint < header parameters < call-site `CallOptions.headers`, header
/// dictionaries, arrays as repeated fields, and the values and names that are refused.
@Suite struct HeaderBindingTests {
    static let layered = """
        headers:
          X-Service: s
          X-Shared: service
        """ + "\n"
    static let layeredEndpoint = """
            GET: /h
            headers:
              x-shared: endpoint
              X-Endpoint: e
            params:
              trace: { in: header, name: X-Trace }
              over: { in: header, name: X-Endpoint, type: String? }
        """ + "\n"

    @Test func everyLayerInOrderWithReplacementsInPlace() async throws {
        let request = try await Binding.golden(
            Self.layeredEndpoint, service: Self.layered, ["trace": "t1", "over": "param"],
            options: CallOptions(headers: [("X-Shared", "call")])
        )
        #expect(request == Golden("GET", "https://api.example.com/h", headers: [
            "X-Service: s", "X-Shared: call", "X-Endpoint: param", "X-Trace: t1",
        ] + Golden.jsonTail))
    }

    /// One header name set at each layer in turn: the later layer wins.
    @Test(arguments: [
        ("", "", nil, nil, "X-Level: service"),
        ("      X-Level: endpoint\n", "", nil, nil, "X-Level: endpoint"),
        ("      X-Level: endpoint\n", "      level: { in: header, name: X-Level, type: String? }\n", "param", nil, "X-Level: param"),
        ("      X-Level: endpoint\n", "      level: { in: header, name: X-Level, type: String? }\n", nil, nil, "X-Level: endpoint"),
        ("      X-Level: endpoint\n", "      level: { in: header, name: X-Level, type: String? }\n", "param", "call", "X-Level: call"),
        ("", "", nil, "call", "X-Level: call"),
    ] as [(String, String, String?, String?, String)])
    func precedence(endpointHeaders: String, parameter: String, argument: String?, callSite: String?, line: String) async throws {
        let endpoint = "    GET: /h\n" + (endpointHeaders.isEmpty ? "" : "    headers:\n" + endpointHeaders)
            + (parameter.isEmpty ? "" : "    params:\n" + parameter)
        let request = try await Binding.golden(
            endpoint, service: "headers: { X-Level: service }\n", argument.map { ["level": .value(.string($0))] } ?? [:],
            options: CallOptions(headers: callSite.map { [("X-Level", $0)] } ?? [])
        )
        #expect(request.headers == [line] + Golden.jsonTail)
    }

    @Test func callSiteHeadersReplaceDefaults() async throws {
        let request = try await Binding.golden("    GET: /h\n", options: CallOptions(headers: [("Accept", "text/csv"), ("User-Agent", "me/1")]))
        #expect(request.headers == ["Accept: text/csv", "User-Agent: me/1", "Accept-Encoding: gzip, deflate"])
    }

    // MARK: - Dictionaries, arrays, scalars

    @Test func dictionarySetsOneHeaderPerEntry() async throws {
        let endpoint = "    GET: /h\n    params:\n      extra: { in: header, type: \"[String: String?]\" }\n"
        let request = try await Binding.golden(endpoint, ["extra": ["X-A": "1", "X-B": "two words", "X-C": nil]])
        #expect(request.headers == ["X-A: 1", "X-B: two words"] + Golden.jsonTail)
    }

    @Test func dictionaryOfNumbersIsWrittenAsText() async throws {
        let endpoint = "    GET: /h\n    params:\n      limits: { in: header, type: \"[String: Int]\" }\n"
        let request = try await Binding.golden(endpoint, ["limits": ["X-Max": 10, "X-Min": -1]])
        #expect(request.headers == ["X-Max: 10", "X-Min: -1"] + Golden.jsonTail)
    }

    @Test func arrayRepeatsTheField() async throws {
        let endpoint = "    GET: /h\n    params:\n      lang: { in: header, name: Accept-Language, type: \"[String]\" }\n"
        let request = try await Binding.golden(endpoint, ["lang": ["en", "fr;q=0.5"]])
        #expect(request.headers == ["Accept-Language: en", "Accept-Language: fr;q=0.5"] + Golden.jsonTail)
    }

    @Test func arrayReplacesAStaticHeaderOfTheSameName() async throws {
        let endpoint = "    GET: /h\n    headers: { X-Tag: static }\n    params:\n      tags: { in: header, name: X-Tag, type: \"[String]\" }\n"
        let request = try await Binding.golden(endpoint, ["tags": ["a", "b"]])
        #expect(request.headers == ["X-Tag: a", "X-Tag: b"] + Golden.jsonTail)
    }

    @Test(arguments: [
        ("Int", Argument.value(.int(7)), "X-V: 7"),
        ("Bool", .value(.bool(true)), "X-V: true"),
        ("Double", .value(.double(0.5)), "X-V: 0.5"),
        ("String", .value(.string("café ünïcode")), "X-V: café ünïcode"),
        ("String", .value(.string("tab\tinside")), "X-V: tab\tinside"),
    ])
    func scalarHeaderValues(type: String, argument: Argument, line: String) async throws {
        let endpoint = "    GET: /h\n    params:\n      v: { in: header, name: X-V, type: \(type) }\n"
        let actual = try await Binding.golden(endpoint, ["v": argument]).headers
        #expect(actual == [line] + Golden.jsonTail)
    }

    @Test func omittedOptionalHeaderIsNotSent() async throws {
        let endpoint = "    GET: /h\n    params:\n      v: { in: header, name: X-V, type: String? }\n"
        let actual = try await Binding.golden(endpoint, ["v": nil]).headers
        #expect(actual == Golden.jsonTail)
    }

    // MARK: - Refused

    static let withParameter = "    GET: /h\n    params:\n      v: { in: header, name: X-V }\n"

    @Test(arguments: [
        ("a\r\nX-Evil: 1", "a line break (CR or LF)"),
        ("a\nb", "a line break (CR or LF)"),
        ("a\rb", "a line break (CR or LF)"),
        ("a\u{0}b", "the control character 0x00"),
        ("a\u{1}b", "the control character 0x01"),
        ("a\u{1B}[31m", "the control character 0x1B"),
        ("a\u{7F}", "the control character 0x7F"),
    ])
    func controlCharactersInAParameterAreRefused(value: String, what: String) throws {
        let actual = try Binding.failure(Self.withParameter, ["v": .value(.string(value))])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'v': the value of header 'X-V' contains \(what)")
    }

    @Test func lineBreakFromAVariableIsRefused() throws {
        let provider = Binding.provider(variables: ["TOKEN": "t\r\nX-Evil: 1"])
        let actual = try Binding.failure("    GET: /h\n", service: "headers: { Authorization: \"Bearer ${TOKEN}\" }\n", provider: provider)
        #expect(actual == "invalidValue: endpoint 'e': the value of header 'Authorization' contains a line break (CR or LF)")
    }

    @Test func lineBreakAtTheCallSiteIsRefused() throws {
        let api = try Binding.service(Binding.yaml("    GET: /h\n"))
        do {
            _ = try api.prepare("e", options: CallOptions(headers: [("X-A", "1\nX-B: 2")]))
            Issue.record("no error")
        } catch {
            #expect(Binding.describe(error) == "invalidValue: endpoint 'e': the value of header 'X-A' contains a line break (CR or LF)")
        }
    }

    @Test func lineBreakInADictionaryValueIsRefused() throws {
        let endpoint = "    GET: /h\n    params:\n      extra: { in: header, type: \"[String: String]\" }\n"
        let actual = try Binding.failure(endpoint, ["extra": ["X-A": "1\n2"]])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'extra': the value of header 'X-A' contains a line break (CR or LF)")
    }

    @Test(arguments: ["bad name", "X:Y", "", "caf\u{E9}", "a\nb"])
    func invalidNamesInADictionaryAreRefused(name: String) throws {
        let endpoint = "    GET: /h\n    params:\n      extra: { in: header, type: \"[String: String]\" }\n"
        let actual = try Binding.failure(endpoint, ["extra": .value(.object(JSONObject([(key: name, value: "v")])))])
        #expect(actual == "invalidValue: endpoint 'e': parameter 'extra': invalid header name '\(name)'")
    }
}
