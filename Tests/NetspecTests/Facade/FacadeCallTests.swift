import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// The generated facade of specs/shop.yaml (ShopAPI.swift, compiled here) calling a server on
/// 127.0.0.1 with typed arguments, and the in-process mock for a stream.
@Suite struct FacadeCallTests {
    /// The facade over specs/shop.yaml, sending to the server.
    static func shop(_ server: TestServer? = nil, mocks: Bool = false) throws -> ShopAPI {
        let spec = try Spec.load(path: TestPaths.specs + "/shop.yaml")
        return ShopAPI(Service(spec: spec, provider: Provider(baseURL: server?.baseURL, options: testOptions(usesMock: mocks))))
    }

    @Test func typedArgumentsMakeTheRequests() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let shop = try Self.shop(server)
            let order = try await shop.getOrder(id: 7, expand: ["items", "customer"]).decode(EchoReport.self)
            #expect("\(order.method) \(order.target)" == "GET /orders/7?expand=items&expand=customer")

            let created = try await shop.createOrder(customer: "c-1", items: [["sku": "tea-01", "quantity": 2]], express: true).decode(EchoReport.self)
            #expect("\(created.method) \(created.target)" == "POST /orders")
            #expect(created.bodyText == #"{"customer":"c-1","items":[{"sku":"tea-01","quantity":2}],"express":true}"#)

            // A left-out (nil) argument is not sent; a spec's default is.
            let listed = try await shop.listOrders(unshipped: true, requestID: "r-9").decode(EchoReport.self)
            #expect(listed.target == "/orders?unshipped&page=1")
            #expect(listed.headers.first { $0.first == "X-Request-ID" } == ["X-Request-ID", "r-9"])

            let recommended = try await shop.recommend(for: "c-1").decode(EchoReport.self)
            #expect(recommended.target == "/recommendations?for=c-1")
        }
    }

    @Test func aStreamEndpointIsCalledAsAStream() async throws {
        let shop = try Self.shop(mocks: true)
        var data: [String] = []
        for try await event in try await shop.orderEvents(id: 7) { data.append(event.data) }
        #expect(data == [#"{"status":"paid"}"#, #"{"status":"shipped"}"#])
    }

    @Test func aMistakeTheTypesCannotCatchIsTheCallsError() async throws {
        // The spec changed at run time: the facade's method calls an endpoint that is no longer there.
        let spec = try Spec(yaml: "netspec: 1\nservice: ShopAPI\nendpoints:\n  listOrder:\n    GET: /orders\n", file: "shop.yaml")
        let shop = ShopAPI(Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:9", options: testOptions())))
        let error = await #expect(throws: CallError.self) { try await shop.listOrders() }
        #expect(error?.description == "endpoint 'listOrders': no such endpoint in shop.yaml (did you mean 'listOrder'?)")
    }
}
