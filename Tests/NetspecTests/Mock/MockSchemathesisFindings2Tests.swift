import Testing

import Netspec
import NetspecMock
import NetspecModel
import NetspecTestSupport

/// What Schemathesis found on the Docker, Stripe and Kubernetes documents (``MockSchemathesisTests``),
/// each fixed and pinned here by its exact answers: `format: int64` and `int32` ranges (ST201),
/// Docker's `POST /volumes/create` as the create of `/volumes` (ST301), form items read as the
/// objects their bracket names write and refused where the body's schema takes no other
/// members (ST201), a request line or header section too long for the parser as a 414 or 431
/// problem (ST109), and YAML bodies (ST202).
@Suite struct MockSchemathesisFindings2Tests {
    /// An OpenAPI document with an int32 query item, an int64 header, a JSON body with an int64
    /// member, a form-created resource, and a resource patched in YAML.
    static let document = """
        openapi: 3.0.3
        info: {title: Findings, version: "1"}
        paths:
          /counts:
            post:
              operationId: addCount
              parameters:
                - {name: limit, in: query, schema: {type: integer, format: int32}}
                - {name: X-Version, in: header, schema: {type: integer, format: int64}}
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {size: {type: integer, format: int64}}}
              responses:
                "200": {description: ok, content: {application/json: {example: {ok: true}}}}
          /orders:
            post:
              operationId: createOrder
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      additionalProperties: false
                      properties:
                        name: {type: string}
                        items:
                          type: array
                          items: {type: object, properties: {price: {type: string}, quantity: {type: integer}}}
                        shipping: {type: object, properties: {city: {type: string}}}
                    encoding:
                      items: {style: deepObject, explode: true}
                      shipping: {style: deepObject, explode: true}
              responses:
                "201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Order"}}}}
          /orders/{id}:
            get:
              operationId: getOrder
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Order"}}}}
            patch:
              operationId: patchOrder
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              requestBody:
                content:
                  application/merge-patch+yaml:
                    schema: {type: object, properties: {name: {type: string}, shipping: {type: object}}}
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Order"}}}}
        components:
          schemas:
            Order:
              type: object
              properties:
                id: {type: integer}
                name: {type: string}
                items: {type: array, items: {type: object}}
                shipping: {type: object}
        """

    static func withServer(stateful: Bool = false, _ body: (String) async throws -> Void) async throws {
        let spec = try Spec(yaml: document, file: "findings.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: stateful)) { base, _ in try await body(base) }
    }

    static func answer(_ arguments: [String]) async throws -> String {
        try await MockPrismDefectsTests.answer(arguments)
    }

    static let ok = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\":true}"

    /// `format: int64` and `int32` bound a number in a query item, a header and a JSON body; an
    /// integer wider than 64 bits is an integer, out of int64's range (Docker's `version=2^63`).
    @Test func int64AndInt32RangesAreChecked() async throws {
        let int64 = "must be within format int64's range (-9223372036854775808 to 9223372036854775807)"
        try await Self.withServer { base in
            let post = ["-X", "POST", "-H", "Content-Type: application/json"]
            for (query, header, size) in [("2147483647", "9223372036854775807", "-9223372036854775808"), ("-2147483648", "-9223372036854775808", "9223372036854775807")] {
                try await #expect(Self.answer(post + ["-H", "X-Version: \(header)", "-d", #"{"size":\#(size)}"#, base + "/counts?limit=" + query]) == Self.ok)
            }
            try await #expect(Self.answer(post + ["-H", "X-Version: -9223372036854777856", "-d", #"{"size":9223372036854775808}"#, base + "/counts?limit=2147483648"])
                == MockRequestCheckTests.invalid("addCount", [
                    #"{"location":"body","parameter":"size","message":"\#(int64), got 9223372036854775808 (schema at findings.yaml:13:71)"}"#,
                    #"{"location":"query","parameter":"limit","message":"must be within format int32's range (-2147483648 to 2147483647), got 2147483648 (schema at findings.yaml:8:60)"}"#,
                    #"{"location":"header","parameter":"X-Version","message":"\#(int64), got -9223372036854777856 (schema at findings.yaml:9:65)"}"#,
                ]))
            // One below `Int.min` is read as the nearest `Double`, -2^63, and refused as outside too.
            try await #expect(Self.answer(post + ["-H", "X-Version: -9223372036854775809", "-d", "{}", base + "/counts"]).hasPrefix("HTTP/1.1 422 "))
        }
        // Docker's `VolumeUpdate` declares a 400, which answers; the problem goes beside it.
        let docker = try await RealDocuments.load("docker/swagger.yaml", only: "VolumeUpdate")
        try await MockServerTests.withMockServer(of: docker, .init(port: 0)) { base, _ in
            let answer = try await MockStateTests.send("PUT", base + "/volumes/tardis?version=9223372036854775808", #"{"Spec":{}}"#)
            #expect(answer.status == 400)
            #expect(answer.headers["netspec-problems"]?.hasPrefix(#"[{"location":"query","parameter":"version","message":"\#(int64), got 9223372036854775808 (schema at "#) == true)
        }
    }

    /// Docker creates with `POST /volumes/create` (and networks, services, secrets and configs
    /// alike): the create of `/volumes` and `/volumes/{name}`, so a deleted volume is gone; a
    /// create whose answer is not the item (`{Id, Warning}`) answers its schema with the new id.
    @Test func dockersCreatePathsCreateInTheirCollections() async throws {
        let spec = try await RealDocuments.load("docker/swagger.yaml")
        #expect(ResourceInference(spec: spec).resources.map(\.summary) == [
            "/volumes (created by POST /volumes/create) → /volumes/{name}: id {name} in member 'Name', string ids; create, list, read, replace, delete; list in 'Volumes'",
            "/networks (created by POST /networks/create) → /networks/{id}: id {id} in member 'Id', string ids; create, list, read, delete",
            "/services (created by POST /services/create) → /services/{id}: id {id} in member 'ID', string ids; create, list, read, delete",
            "/secrets (created by POST /secrets/create) → /secrets/{id}: id {id} in member 'ID', string ids; create, list, read, delete",
            "/configs (created by POST /configs/create) → /configs/{id}: id {id} in member 'ID', string ids; create, list, read, delete",
        ])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: true)) { base, _ in
            let created = try await MockStateTests.send("POST", base + "/volumes/create", #"{"Name":"v1","Driver":"local"}"#)
            #expect(created.status == 201)
            #expect(created.body?.object?["Name"] == "v1")
            #expect(try await MockStateTests.send("GET", base + "/volumes/v1").body == created.body)
            // After the seed, Volume's member examples' `tardis` (MockStateSeedTests).
            #expect(try await MockStateTests.send("GET", base + "/volumes").body?.object?["Volumes"]?.array?.last == created.body)
            #expect(try await MockStateTests.send("DELETE", base + "/volumes/v1").status == 204)
            #expect(try await MockStateTests.send("GET", base + "/volumes/v1").status == 404)
            let network = try await MockStateTests.send("POST", base + "/networks/create", #"{"Name":"n1"}"#)
            #expect(network.status == 201)
            #expect(network.body == ["Id": "1", "Warning": ""])
            #expect(try await MockStateTests.send("GET", base + "/networks/1").body?.object?["Name"] == "n1")
        }
    }

    /// Form items are the objects their bracket names write, typed by the body's schema (an
    /// object of indices an array where it takes one), stored so; items no field declares are
    /// refused where the schema takes no other members (`additionalProperties: false`).
    @Test func formItemsAreTheirBracketTreesAndUndeclaredOnesAreRefused() async throws {
        try await Self.withServer(stateful: true) { base in
            let form = "name=box&items[0][price]=p1&items[0][quantity]=2&items[1][price]=p2&shipping[city]=Oslo&shipping[zip]=0150"
            let created = try await MockStateTests.send("POST", base + "/orders", form, type: "application/x-www-form-urlencoded")
            #expect(created.status == 201)
            #expect(created.body == [
                "name": "box", "items": [["price": "p1", "quantity": 2], ["price": "p2"]], "shipping": ["city": "Oslo", "zip": "0150"], "id": 1,
            ])
            #expect(try await MockStateTests.send("GET", base + "/orders/1").body == created.body)
            try await #expect(Self.answer(["-X", "POST", "-d", "name=a&colour=red&=x", base + "/orders"]) == MockRequestCheckTests.invalid("createOrder", [
                #"{"location":"body","message":"the body's /colour is not allowed (additionalProperties: false), got \"red\" (schema at findings.yaml:24:37)"}"#,
                #"{"location":"body","message":"the body's / is not allowed (additionalProperties: false), got \"x\" (schema at findings.yaml:24:37)"}"#,
            ]))
        }
        // Stripe's `PostCustomers` (`additionalProperties: false`): what Schemathesis sent.
        let stripe = try await RealDocuments.load("stripe/spec3.yaml", only: "PostCustomers")
        try await MockServerTests.withMockServer(of: stripe, .init(port: 0, checksSecurity: false)) { base, _ in
            let valid = "invoice_settings[custom_fields][0][name]=a&invoice_settings[custom_fields][0][value]=b&invoice_settings[L][]=1&address[L][]=2"
            #expect(try await MockStateTests.send("POST", base + "/v1/customers", valid, type: "application/x-www-form-urlencoded").status == 200)
            let refused = try await MockStateTests.send("POST", base + "/v1/customers", "=x&address[L][]=2", type: "application/x-www-form-urlencoded")
            #expect(refused.body?.object?["errors"]?.array?.compactMap { $0.object?["message"]?.string?.split(separator: "(schema").first } == [
                #"the body's / is not allowed (additionalProperties: false), got "x" "#,
            ])
        }
    }

    /// A request line or header section longer than the mock reads (`maxHeadSize`, 1 MiB) is a
    /// 414 or 431 problem (RFC 9110 §15.5.15, RFC 6585 §5), not the HTTP parser's bare 400; one
    /// of 100 KB (Stripe's 205 KB `expand`, past SwiftNIO's 80 KiB default) is read.
    @Test func anOverlongRequestLineIsA414AndOverlongHeadersA431() async throws {
        let spec = try Spec(yaml: Self.document, file: "findings.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let padding = String(repeating: "p", count: 100_000)
            try await #expect(Self.answer(["-X", "POST", "-H", "Content-Type: application/json", "-d", "{}", base + "/counts?limit=1&padding=" + padding]) == Self.ok)
        }
        var options = MockServer.Options(port: 0)
        options.maxHeadSize = 8192
        try await MockServerTests.withMockServer(of: spec, options) { base, log in
            let long = String(repeating: "x", count: 9000)
            try await #expect(Self.answer([base + "/counts?limit=" + long]) == """
                HTTP/1.1 414 URI Too Long
                Content-Type: application/problem+json
                Connection: close

                {"type":"about:blank","title":"URI Too Long","status":414,"detail":"the request line is longer than 8192 bytes, the most the mock reads"}
                """)
            try await #expect(Self.answer(["-H", "X-Long: " + long, base + "/counts"]) == """
                HTTP/1.1 431 Request Header Fields Too Large
                Content-Type: application/problem+json
                Connection: close

                {"type":"about:blank","title":"Request Header Fields Too Large","status":431,"detail":"the request's header fields are longer than 8192 bytes together, or more than 1000, the most the mock reads"}
                """)
            // The server goes on answering.
            try await #expect(Self.answer(["-X", "POST", "-H", "Content-Type: application/json", "-d", "{}", base + "/counts"]) == Self.ok)
            // The log line keeps the request line's first 120 bytes.
            #expect(log.all.filter { !$0.hasPrefix("POST") } == [
                "GET /counts?limit=" + String(repeating: "x", count: 102) + "… 414 (request line too long)", "GET /counts 431 (header fields too large)",
            ])
        }
    }

    /// A body in a YAML media type the operation lists is read as the JSON value it writes:
    /// Kubernetes' `application/apply-patch+yaml`, and a stored item merged by a YAML patch.
    @Test func yamlBodiesAreReadAsTheirValues() async throws {
        let kubernetes = try await RealDocuments.load("kubernetes/swagger.json", only: "patchCoreV1NamespacedConfigMap")
        try await MockServerTests.withMockServer(of: kubernetes, .init(port: 0, checksSecurity: false)) { base, _ in
            let url = base + "/api/v1/namespaces/ns/configmaps/cm?fieldManager=me"
            let yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  mode: fast\n"
            #expect(try await MockStateTests.send("PATCH", url, yaml, type: "application/apply-patch+yaml").status == 200)
            let broken = try await MockStateTests.send("PATCH", url, "data: [a\n", type: "application/apply-patch+yaml")
            #expect(broken.status == 422)
            #expect(broken.body?.object?["errors"] == [[
                "location": "body", "parameter": "_", "message": "the body is not valid YAML (2:1: did not find expected ',' or ']' (while parsing a flow sequence at 1:7))",
            ]])
        }
        try await Self.withServer(stateful: true) { base in
            _ = try await MockStateTests.send("POST", base + "/orders", "name=box&shipping[city]=Oslo", type: "application/x-www-form-urlencoded")
            let patched = try await MockStateTests.send("PATCH", base + "/orders/1", "name: crate\nshipping:\n  zip: '0150'\n", type: "application/merge-patch+yaml")
            #expect(patched.body == ["name": "crate", "shipping": ["city": "Oslo", "zip": "0150"], "id": 1])
        }
    }
}
