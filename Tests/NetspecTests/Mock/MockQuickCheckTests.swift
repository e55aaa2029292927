import HTTPTypes
import Netspec
@testable import NetspecMock
import NetspecModel
import NetspecTestSupport
import Testing

/// The mock's quick check of a valid request (``MockRequestPlan/QuickCheck``) finds valid only
/// what the full check finds valid: on every endpoint of the petstore, the mock fixtures and two
/// real documents, requests made from the schemas' examples and each spoiled one way (a path
/// value of the wrong type, empty or a dot segment; a member left out, null, of the wrong type
/// or undeclared; a body that is not a JSON object, or of another type; a query item, a header
/// parameter, a cookie) get the same answer with the quick check as without it, and the
/// benchmark's requests are found valid by the quick check alone.
@Suite struct MockQuickCheckTests {
    /// A request to an endpoint, as the check takes it.
    struct Sent: CustomStringConvertible {
        var pathValues: [String: String]
        var query: String? = nil
        var headers: HTTPFields = [:]
        var body: [UInt8] = []

        var description: String {
            "\(pathValues) ?\(query ?? "") \(headers.map { "\($0.name): \($0.value)" }) \(String(decoding: body, as: UTF8.self))"
        }
    }

    /// A value as path or query text.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): text
        default: String(decoding: value.serialized(), as: UTF8.self)
        }
    }

    /// A request made from the endpoint's schemas' examples, and the request spoiled each way.
    static func requests(for endpoint: Endpoint) -> [Sent] {
        var path: [String: String] = [:]
        for parameter in endpoint.parameters where parameter.location == .path {
            path[parameter.wireName] = (try? parameter.documentSchema?.compiled().example()).map(Self.text) ?? "1"
        }
        let example = try? endpoint.requestSchemaReference?.compiled().example(direction: .request, seed: nil)
        var valid = Sent(pathValues: path)
        if let example {
            valid.body = example.serialized()
            valid.headers[.contentType] = "application/json"
        }
        var sent = [valid]
        for name in path.keys {
            for spoiled in ["abc", "", ".", "..", "-1", "1.5", "true", "%2F", "99999999999999999999"] {
                var request = valid
                request.pathValues[name] = spoiled
                sent.append(request)
            }
        }
        if case let .object(members)? = example {
            for (name, value) in members {
                let replacements: [JSONValue?] = [nil, .null, .int(5), .string("x"), .array([]), .object(["a": .int(1)]), .bool(value != .bool(true))]
                for replacement in replacements {
                    var object = members
                    object[name] = replacement
                    var request = valid
                    request.body = JSONValue.object(object).serialized()
                    sent.append(request)
                }
            }
            var extra = members
            extra["zz_undeclared"] = .int(1)
            sent.append(Sent(pathValues: path, headers: valid.headers, body: JSONValue.object(extra).serialized()))
        }
        for body in ["", "[]", "not json", "{}", "null"] {
            sent.append(Sent(pathValues: path, headers: valid.headers, body: Array(body.utf8)))
        }
        for type in ["text/plain", "application/merge-patch+json", "application/x-www-form-urlencoded", "application/yaml"] {
            var request = valid
            request.headers[.contentType] = type
            sent.append(request)
        }
        for parameter in endpoint.parameters {
            var request = valid
            switch parameter.location {
            case .query: request.query = parameter.wireName + "=x"
            case .header: if let field = HTTPField.Name(parameter.wireName) { request.headers[field] = "x" }
            case .cookie: request.headers[.cookie] = parameter.wireName + "=x"
            default: continue
            }
            sent.append(request)
        }
        sent.append(Sent(pathValues: path, query: "&", headers: valid.headers, body: valid.body))
        return sent
    }

    @Test(arguments: [
        "specs/petstore.openapi.yaml", "Tests/NetspecTests/Fixtures/mock/library.openapi.yaml", "Tests/NetspecTests/Fixtures/mock/checks.openapi.yaml",
        "Tests/NetspecTests/Fixtures/mock/checks.swagger.yaml", "Benchmarks/inputs/bench.yaml", "jupyter/api.yaml", "airflow2/v1.yaml",
    ])
    func theQuickCheckFindsValidOnlyWhatTheFullCheckDoes(_ document: String) async throws {
        let path = document.contains("/") && !document.hasPrefix("airflow2/") && !document.hasPrefix("jupyter/")
            ? TestPaths.root + "/" + document : try await RealDocuments.path(of: document)
        // Seconds of CPU for the large documents: on the one thread for such work, not the pool's.
        try await onOwnThread {
            let spec = try Spec.load(path: path)
            let responder = MockResponder(spec: spec, options: .init(port: 0))
            var quick = 0
            for endpoint in spec.endpoints {
                for sent in Self.requests(for: endpoint) {
                    let full = responder.check(headers: sent.headers, endpoint: endpoint, pathValues: sent.pathValues, query: sent.query, body: sent.body, quickly: false)
                    let fast = responder.check(headers: sent.headers, endpoint: endpoint, pathValues: sent.pathValues, query: sent.query, body: sent.body)
                    #expect(fast.errors == full.errors, "\(endpoint.name): \(sent)")
                    #expect(fast.readProblems == full.readProblems, "\(endpoint.name): \(sent)")
                    // The members handed on to the state are those the full check reads.
                    #expect(fast.body == full.body, "\(endpoint.name): \(sent)")
                    let contentType = sent.headers[.contentType] ?? ""
                    if responder.plans[endpoint].quickCheck?.accepts(pathValues: sent.pathValues, query: sent.query, headers: sent.headers, contentType: contentType, body: sent.body) == true {
                        quick += 1
                    }
                }
            }
            // The quick check answers for a share of the requests (the valid ones of the endpoints it covers).
            #expect(quick > 0)
        }
    }

    /// The benchmark's requests (`Benchmarks/mock-wrk.sh`): the petstore's create and read of a
    /// pet, the stateless GET of bench.yaml, found valid by the quick check; a wrong one is not,
    /// and the full check says why in the binding's words.
    @Test func theBenchmarksRequestsAreFoundValidQuickly() throws {
        let petstore = try Spec.load(path: TestPaths.root + "/specs/petstore.openapi.yaml")
        let responder = MockResponder(spec: petstore, options: .init(port: 0))
        let create = try #require(petstore.endpoint(named: "createPet"))
        guard case let .endpoint(read, pathValues) = responder.router.match(method: .get, path: "/pets/12") else { Issue.record("GET /pets/12 is not routed"); return }
        let json: HTTPFields = [.contentType: "application/json", .authorization: "Bearer t"]
        let createCheck = try #require(responder.plans[create].quickCheck)
        let readCheck = try #require(responder.plans[read].quickCheck)
        #expect(createCheck.accepts(pathValues: [:], query: nil, headers: json, contentType: "application/json", body: Array(#"{"name":"Tom","tag":"cat"}"#.utf8)))
        #expect(pathValues == ["petId": "12"])
        #expect(readCheck.accepts(pathValues: pathValues, query: nil, headers: [.authorization: "Bearer t"], contentType: "", body: []))
        #expect(!createCheck.accepts(pathValues: [:], query: nil, headers: json, contentType: "application/json", body: Array(#"{"tag":"cat"}"#.utf8)))
        #expect(!readCheck.accepts(pathValues: ["petId": "rex"], query: nil, headers: [:], contentType: "", body: []))
        let missing = responder.check(headers: json, endpoint: create, pathValues: [:], query: nil, body: Array(#"{"tag":"cat"}"#.utf8))
        #expect(missing.errors == [["location": "body", "parameter": "name", "message": "missing required argument (string)"]])

        let bench = try Spec.load(path: TestPaths.root + "/Benchmarks/inputs/bench.yaml")
        let stateless = MockResponder(spec: bench, options: .init(port: 0))
        let getUser = try #require(bench.endpoint(named: "getUser"))
        #expect(stateless.plans[getUser].quickCheck?.accepts(pathValues: ["id": "1"], query: nil, headers: [:], contentType: "", body: []) == true)
    }

    /// A request's header fields are read by a scan rather than by name (which makes
    /// `HTTPFields` build an index of every name), with the same values: a field sent twice is
    /// joined as a look-up by name joins it.
    @Test func headerFieldsReadByAScanAreTheFieldsReadByName() {
        let prefer = HTTPField.Name("Prefer")!
        let headers = HTTPFields([
            HTTPField(name: .authorization, value: "Bearer t"), HTTPField(name: prefer, value: "code=404"), HTTPField(name: .cookie, value: "a=1"),
            HTTPField(name: prefer, value: "example=rex"), HTTPField(name: .cookie, value: "b=2"),
        ])
        for name in [HTTPField.Name.authorization, prefer, .cookie, .contentType] {
            #expect(headers.scanned(name) == headers[name])
            #expect(headers.scannedValues(name, joinedBy: ",") == headers[values: name].joined(separator: ","))
            #expect(headers.holds(name) == (headers[name] != nil))
        }
        #expect(headers.scanned(prefer) == "code=404, example=rex")
        #expect(headers.scanned(.cookie) == "a=1; b=2")
    }
}
