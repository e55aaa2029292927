import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// Results as Swift tuples (issue 52.4): `response.tuple(Int.self, String.self)`, by label, and
/// the typed call `let (id, status): (Int, String) = try await api.getOrder(id: 7)`, against a
/// server on 127.0.0.1; each element that does not fit is named by position and label.
@Suite struct TupleResultTests {
    struct Customer: Decodable, Equatable {
        var name: String
    }

    /// A spec whose `getOrder` answers what the server sends, shaped by `returns` when given.
    static func api(_ server: TestServer, returns: String? = nil) throws -> Service {
        let shape = returns.map { ", returns: \"\($0)\"" } ?? ""
        return try makeService("netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GET: \"/orders/{id}\", params: { id: Int }\(shape) }\n", server: server)
    }

    /// Runs `read` on the response to a body (shaped by `returns`), giving what it read or the
    /// error's message.
    static func read<T: Sendable>(
        _ body: String, returns: String? = nil, _ read: @escaping @Sendable (Response) throws(CallError) -> T
    ) async throws -> Result<T, CallError> {
        try await withTestServer(TestHandlers.json(body: body)) { server in
            let response = try await api(server, returns: returns).getOrder(id: 7)
            do throws(CallError) {
                return .success(try read(response))
            } catch {
                return .failure(error)
            }
        }
    }

    @Test(arguments: [
        (#"{"id":7,"status":"paid"}"#, nil, 7, "paid"),
        (#"[7,"paid"]"#, nil, 7, "paid"),
        // Shaped by returns: the declared order, whatever the server's, and members it does not name left out.
        (#"{"status":"paid","note":"x","id":7}"#, "(id: Int, status: String)", 7, "paid"),
        (#"{"id":7.0,"status":"paid"}"#, nil, 7, "paid"),
    ] as [(String, String?, Int, String)])
    func byPosition(body: String, returns: String?, id: Int, status: String) async throws {
        let result = try await Self.read(body, returns: returns) { response throws(CallError) in try response.tuple(Int.self, String.self) }
        let (readID, readStatus) = try result.get()
        #expect(readID == id)
        #expect(readStatus == status)
    }

    @Test(arguments: [
        (#"{"id":7,"status":3}"#, "endpoint 'getOrder': tuple element 1 (status): expected String, got number 3"),
        (#"[7,null]"#, "endpoint 'getOrder': tuple element 1: expected String, got null"),
        (#"["7","paid"]"#, #"endpoint 'getOrder': tuple element 0: expected Int, got string "7""#),
        (#"[7.5,"paid"]"#, "endpoint 'getOrder': tuple element 0: expected Int, got number 7.5"),
        (#"[7]"#, "endpoint 'getOrder': tuple element 1: expected String, but the result has only 1 element"),
        (#"{"id":7}"#, "endpoint 'getOrder': tuple element 1: expected String, but the result has only 1 member"),
        (#"[7,"paid","late"]"#, "endpoint 'getOrder': the result has 3 elements but the tuple 2: read by position, a tuple takes them all"),
        (#""paid""#, #"endpoint 'getOrder': a tuple of 2 elements must come from an array or an object, got string "paid""#),
        (#"{"id":7,"status":[1,2]}"#, "endpoint 'getOrder': tuple element 1 (status): expected String, got an array of 2 elements"),
    ])
    func byPositionRefusesWhatDoesNotFit(body: String, message: String) async throws {
        let result = try await Self.read(body) { response throws(CallError) in try response.tuple(Int.self, String.self) }
        guard case let .failure(error) = result else { Issue.record("read \(result)"); return }
        #expect(error.description == message)
        guard case let .decoding(problem) = error else { Issue.record("not a decoding error: \(error)"); return }
        #expect(problem.endpoint == "getOrder")
    }

    @Test func anOptionalElementPastTheEndIsNil() async throws {
        let result = try await Self.read("[7]") { response throws(CallError) in try response.tuple(Int.self, String?.self) }
        let (id, status) = try result.get()
        #expect(id == 7)
        #expect(status == nil)
    }

    @Test func elementsDecodeAsAnyDecodable() async throws {
        let body = #"{"id":7,"customer":{"name":"Ada"},"lines":[1,2]}"#
        let result = try await Self.read(body) { response throws(CallError) in try response.tuple(Int.self, Customer.self, [Int].self) }
        let (id, customer, lines) = try result.get()
        #expect(id == 7)
        #expect(customer == Customer(name: "Ada"))
        #expect(lines == [1, 2])
        let nested = try await Self.read(#"{"id":7,"customer":{"name":3}}"#) { response throws(CallError) in try response.tuple(Int.self, Customer.self) }
        guard case let .failure(error) = nested else { Issue.record("read \(nested)"); return }
        #expect(error.description == "endpoint 'getOrder': tuple element 1 (customer): name: expected String, got number 3")
    }

    @Test(arguments: [
        (#"{"status":"paid","id":7}"#, nil, "paid|7"),
        (#"{"id":7,"status":"paid","note":"ignored"}"#, nil, "paid|7"),
        // An array is read by position; the labels name its elements in errors.
        (#"["paid",7]"#, nil, "paid|7"),
        (#"{"id":7}"#, "endpoint 'getOrder': tuple element 0 (status): expected String, but the object has no member 'status'", nil),
        (#"{"id":"7","status":"paid"}"#, #"endpoint 'getOrder': tuple element 1 (id): expected Int, got string "7""#, nil),
        (#"["paid"]"#, "endpoint 'getOrder': tuple element 1 (id): expected Int, but the result has only 1 element", nil),
    ] as [(String, String?, String?)])
    func byLabel(body: String, message: String?, read: String?) async throws {
        let result = try await Self.read(body) { response throws(CallError) in
            let order: (status: String, id: Int) = try response.tuple(("status", String.self), ("id", Int.self))
            return "\(order.status)|\(order.id)"
        }
        switch result {
        case let .success(text): #expect(text == read)
        case let .failure(error): #expect(error.description == message)
        }
    }

    @Test func theTypedCallGivesATuple() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"id":7,"status":"paid","paid":true}"#)) { server in
            let api = try Self.api(server, returns: "(id: Int, status: String, paid: Bool)")
            let (id, status, _) = try await api.getOrder(id: 7).tuple(Int.self, String.self, Bool.self)
            #expect((id, status) == (7, "paid"))
            let (id2, status2, paid): (Int, String, Bool) = try await api.getOrder(id: 7)
            #expect((id2, status2, paid) == (7, "paid", true))
            // Without a type the call is still a Response, and one type still decodes it.
            let response = try await api.getOrder(id: 7)
            #expect(response.status == 200)
            let error = await callError { () async throws -> (Int, Int, Bool) in try await api.getOrder(id: 7) }
            #expect(error?.description == #"endpoint 'getOrder': tuple element 1 (status): expected Int, got string "paid""#)
        }
    }
}
