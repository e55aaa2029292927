import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMCP
@testable import NetspecMock

/// Stripe's form-style parameters, on its real document: `deepObject` arrays and objects in the
/// query (`expand[]=a`, `created[gte]=5`, `lines[0][amount]=5`), the same rule in its form
/// bodies, and `anyOf` values read from text (`trial_end=now` or `trial_end=41317483`), which
/// the client writes and the mock server reads back as the same value and accepts.
@Suite struct StripeFormTests {
    static func spec() async throws -> Spec {
        try await RealDocuments.load("stripe/spec3.yaml")
    }

    static func service(_ spec: Spec, baseURL: String? = nil) -> Service {
        Service(spec: spec, provider: Provider(
            baseURL: baseURL, variables: ["BASIC_AUTH_USER": "sk_test_1", "BASIC_AUTH_PASSWORD": ""], options: .init(usesEnvironment: false)
        ))
    }

    /// The one warning left is about the other origin of `PostFiles`; none says a parameter is
    /// not sent (there were 287: `expand`, `created` and their kin).
    @Test func loadingWarnsOnlyAboutTheFilesOrigin() async throws {
        let spec = try await Self.spec()
        #expect(spec.warnings.map(\.message) == [
            "operation 'PostFiles': its server https://files.stripe.com is another origin than the document's, so its credentials are sent there only if that origin is allowed (--allow-origin https://files.stripe.com)",
        ])
        for name in ["GetCustomers", "GetCreditNotesPreview", "GetSubscriptions", "GetInvoicesUpcoming"] {
            let endpoint = try #require(spec.endpoint(named: name))
            #expect(endpoint.parameter(named: "expand") != nil, "\(name) has no 'expand'")
        }
    }

    static let queries: [(String, [String: Argument], String)] = [
        ("GetCustomers", ["expand": ["data.default_source", "data.tax"]], "/v1/customers?expand%5B%5D=data.default_source&expand%5B%5D=data.tax"),
        ("GetCustomers", ["expand": ["data.tax"]], "/v1/customers?expand%5B%5D=data.tax"),
        (
            "GetCustomers", ["created": ["gte": 1_700_000_000, "lt": 1_800_000_000], "limit": 3],
            "/v1/customers?created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000&limit=3"
        ),
        ("GetCustomers", ["created": 1_700_000_000], "/v1/customers?created=1700000000"),
        (
            "GetCreditNotesPreview", ["invoice": "in_1", "lines": [["type": "custom_line_item", "amount": 500, "tax_rates": ["txr_1"]]]],
            "/v1/credit_notes/preview?invoice=in_1&lines%5B0%5D%5Btype%5D=custom_line_item&lines%5B0%5D%5Bamount%5D=500&lines%5B0%5D%5Btax_rates%5D%5B%5D=txr_1"
        ),
        (
            "GetSubscriptions", ["current_period_end": ["lte": 5], "status": "active"],
            "/v1/subscriptions?current_period_end%5Blte%5D=5&status=active"
        ),
    ]

    static let forms: [(String, [String: Argument], String)] = [
        (
            "PostSubscriptions",
            ["customer": "cus_1", "items": [["price": "price_1", "quantity": 2], ["price": "price_2"]], "expand": ["latest_invoice"],
             "metadata": ["order": "6735"], "trial_end": "now"],
            "customer=cus_1&expand%5B%5D=latest_invoice&items%5B0%5D%5Bprice%5D=price_1&items%5B0%5D%5Bquantity%5D=2"
                + "&items%5B1%5D%5Bprice%5D=price_2&metadata%5Border%5D=6735&trial_end=now"
        ),
        ("PostSubscriptions", ["customer": "cus_1", "trial_end": 41_317_483], "customer=cus_1&trial_end=41317483"),
        ("PostCustomers", ["expand": ["tax", "sources"], "tax_id_data": [["type": "eu_vat", "value": "DE123"]]],
         "expand%5B%5D=tax&expand%5B%5D=sources&tax_id_data%5B0%5D%5Btype%5D=eu_vat&tax_id_data%5B0%5D%5Bvalue%5D=DE123"),
    ]

    /// What the client writes: `--dry-run` prints this request.
    @Test func theClientWritesBracketNames() async throws {
        let api = Self.service(try await Self.spec())
        for (operation, arguments, target) in Self.queries {
            #expect(try api.prepare(operation, arguments).url == "https://api.stripe.com" + target)
        }
        for (operation, arguments, body) in Self.forms {
            let request = try api.prepare(operation, arguments)
            #expect(request.headerFields[.contentType] == "application/x-www-form-urlencoded")
            #expect(try await Golden(request).body == body)
        }
    }

    /// What the client writes, the mock server reads back as the same arguments, and accepts.
    @Test func theMockReadsBackWhatTheClientWrites() async throws {
        let spec = try await Self.spec()
        let api = Self.service(spec)
        for (operation, arguments, _) in Self.queries + Self.forms {
            let request = try api.prepare(operation, arguments)
            let target = request.url.dropFirst("https://api.stripe.com".count)
            let path = String(target.prefix { $0 != "?" })
            let query = target.contains("?") ? String(target.drop { $0 != "?" }.dropFirst()) : nil
            guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: request.method, path: path) else {
                Issue.record("\(request.url) does not route to \(operation)")
                continue
            }
            var headers = HTTPFields()
            for (name, value) in request.http1Fields { headers.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
            let body = if case let .bytes(bytes) = request.body { bytes } else { [UInt8]() }
            let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true)
                .read(pathValues: pathValues, query: query, headers: headers, contentType: headers[.contentType] ?? "", body: body)
            let (read, problems) = (reading.arguments, reading.problems)
            #expect(problems.isEmpty, "\(operation): \(problems)")
            #expect(read.mapValues(\.description) == arguments.mapValues(\.description), "\(operation)")
            #expect(api.argumentProblems(endpoint, read).isEmpty, "\(operation): \(api.argumentProblems(endpoint, read))")
        }
    }

    /// `netspec call … trial_end=41317483` (text) is the integer, `trial_end=now` the string, as
    /// the mock server reads them.
    @Test(arguments: [
        ("trial_end=41317483", JSONValue.int(41_317_483)),
        ("trial_end=now", "now"),
        ("trial_end:=41317483", .int(41_317_483)),
        ("trial_end=soon", "soon"),
    ])
    func commandLineTextIsTypedByTheSchema(item: String, value: JSONValue) async throws {
        let endpoint = try #require(try await Self.spec().endpoint(named: "PostSubscriptions"))
        let arguments = try CommandLineArguments.make(items: [try CommandLineItem(parsing: item)], endpoint: endpoint)
        #expect(arguments["trial_end"]?.description == Argument.value(value).description)
    }

    /// Calls through Netspec's own mock server: it answers 200 to each, and 422 naming the
    /// problem where a value is wrong.
    @Test func theMockServerAcceptsStripesCalls() async throws {
        let spec = try await Self.spec()
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, log in
            let api = Self.service(spec, baseURL: base)
            for (operation, arguments, _) in Self.queries + Self.forms {
                #expect(try await api.call(operation, arguments).status == 200, "\(operation)")
            }
            let curl = try await MockServerTests.curl([
                "-g", "-u", "sk_test_1:", base + "/v1/subscriptions", "-d", "customer=cus_1", "-d", "items[0][price]=p", "-d", "items[0][quantity]=two",
                "-d", "trial_end=soon",
            ])
            let file = try await RealDocuments.path(of: "stripe/spec3.yaml")
            #expect(curl.hasSuffix(
                #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"2 problems with the request for 'PostSubscriptions'","endpoint":"PostSubscriptions","errors":["#
                    + #"{"location":"body","parameter":"items","message":"/0/quantity must be an integer, got \"two\" (schema at \#(file):97816:25)"},"#
                    + #"{"location":"body","parameter":"trial_end","message":"must be one of \"now\", got \"soon\" (schema at \#(file):98174:23)"}]}"#
            ), "\(curl)")
            // Indices, as Stripe's Node library writes arrays, are read too.
            let indexed = try await MockServerTests.curl(["-g", "-u", "sk_test_1:", base + "/v1/customers?expand[0]=a&expand[1]=b&created[gte]=5"])
            #expect(indexed.hasPrefix("HTTP/1.1 200 OK\n"), "\(indexed)")
            #expect(log.all.suffix(2) == ["POST /v1/subscriptions 422 PostSubscriptions", "GET /v1/customers?expand[0]=a&expand[1]=b&created[gte]=5 200 GetCustomers"])
        }
    }

    /// MCP describes what is accepted: `expand` as an array of strings, `created` as its `anyOf`.
    @Test func theToolSchemaDescribesTheForms() async throws {
        let endpoint = try #require(try await Self.spec().endpoint(named: "GetCustomers"))
        guard case let .object(schema) = ToolSchema.inputSchema(of: endpoint), case let .object(properties)? = schema["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(properties["expand"]?["type"] == "array")
        #expect(properties["expand"]?["items"]?["type"] == "string")
        guard case let .array(branches)? = properties["created"]?["anyOf"] else {
            Issue.record("created: \(properties["created"] ?? .null)")
            return
        }
        #expect(branches.map { $0["type"] } == ["object", "integer"])
        #expect(branches.first?["properties"]?["gte"] == ["type": "integer"])
    }
}
