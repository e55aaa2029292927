// docs/swift.md's Swift blocks, verbatim between `// snippet docs/swift.md N` and
// `// end snippet docs/swift.md N` (see DocSnippetTests).

import Foundation
// snippet docs/swift.md 1
import Netspec
// end snippet docs/swift.md 1

// snippet docs/swift.md 18
import Netspec
import NetspecURLSession
// end snippet docs/swift.md 18

// snippet docs/swift.md 2
extension NewPost: ArgumentConvertible {}                       // encoded with the spec's `encoder:` if it names one
// end snippet docs/swift.md 2

extension DocSnippets {
    static func callingFromSwift(token: String) async throws {
        // snippet docs/swift.md 1

        let api = Service(
            spec: try .load(path: "specs/users.yaml"),
            provider: Provider(baseURL: "https://www.example.com", variables: ["TOKEN": token])
        )

        let user = try await api.getUser(id: "johne")                   // dynamic member + dynamic call
        let same = try await api.call("getUser", ["id": "johne"])       // by name, with an argument dictionary
        let profile: Profile = try await api.getUser(id: "johne")       // typed: decoded as any Decodable you ask for
        print(user["name"]?.string ?? "")                               // a JSONValue: by key, index, key path
        let (id, name) = try await api.createUser(email: "a@b.c", password: "pw").tuple(String.self, String.self)
        print(id, name)                                                 // a tuple result: u-1001 a
        let todos = try await api.getTodos(username: "johne", limit: 5)
        let titles = todos.value.array?.compactMap { $0["title"]?.string }
        // end snippet docs/swift.md 1
        _ = (same, titles, profile)
    }

    static func encodableArguments(api: Service) async throws {
        // snippet docs/swift.md 2
        try await api.createPost(NewPost(title: "Hi", body: "…", userId: 1))
        try await api.call("uploadFile", ["file": .file(URL(fileURLWithPath: "data.jsonl")), "purpose": "fine-tune"])
        // end snippet docs/swift.md 2
    }

    static func coders(snakeDecoder: JSONDecoder) {
        // snippet docs/swift.md 3
        let snake = JSONEncoder(); snake.keyEncodingStrategy = .convertToSnakeCase; snake.dateEncodingStrategy = .iso8601
        let provider = Provider(baseURL: "https://api.example.com", encoders: ["snake": snake], decoders: ["snake": snakeDecoder])
        // end snippet docs/swift.md 3
        _ = provider
    }

    static func preparing(api: Service) async throws {
        // snippet docs/swift.md 4
        let request = try await api.getUser.prepare(id: "johne")        // or api.prepare("getUser", ["id": "johne"])
        print(request.httpMessage)                                      // or request.curlCommand
        let response = try await api.send(request)
        // end snippet docs/swift.md 4
        _ = response
    }

    static func optionsForOneCall(api: Service) async throws {
        // snippet docs/swift.md 5
        let quick = CallOptions(headers: [("X-Request-ID", "r-1")], timeout: .seconds(3))
        let order = try await api.getOrder.with(quick)(id: 7)                     // a Response
        let typed: Order = try await api.getOrder.with(quick)(id: 7)              // any Decodable you ask for
        let byName = try await api.call("getOrder", ["id": 7], as: Order.self, options: quick)
        let request = try await api.getOrder.with(quick).prepare(id: 7)           // any form: .events, .bytes, .pages…
        let watched = CallOptions(downloadProgress: { done, total in print(done, total ?? -1) })
        let report = try await api.getReport.with(watched)(year: 2025)
        // end snippet docs/swift.md 5
        _ = (order, typed, byName, request, report)
    }

    static func groupedOptions() {
        // snippet docs/swift.md 6
        var options = Provider.Options()
        options.timeouts.request = .seconds(5)
        options.redirects = .follow(limit: 3)
        options.validation.responses = .warn
        let provider = Provider(baseURL: "https://api.example.com", options: options)
        // end snippet docs/swift.md 6
        _ = provider
    }

    static func catchClausesThatCompile(api: Service) async {
        // snippet docs/swift.md 7
        do {
            let order: Order = try await api.getOrder(id: 7)
            try await Task.sleep(for: .seconds(1))                        // another try: the block throws any Error
            print(order.status)
        } catch CallError.status(let error) where error.status == 404 {
            print("no such order:", error.json?["message"]?.string ?? "")
        } catch CallError.status(500...) {                                // a status, or a range of them
            print("the shop is down")
        } catch CallError.transport(.timeout) {                           // a transport error's kind
            print("too slow")
        } catch CallError.argument(.missing) {                            // an argument error's reason
            print("a required argument is missing")
        } catch CallError.configuration(.unsetVariable) {                 // a configuration error's reason
            print("set the token")
        } catch CallError.cancellation {                                  // cancelled, however it arrived
            print("cancelled: nothing to show")
        } catch let error as CallError {
            print(error)                                                  // endpoint 'getOrder': …
        } catch {
            print(error.localizedDescription)
        }
        // end snippet docs/swift.md 7
    }

    static func loadingAndCallingInOneTypedBlock() async {
        // snippet docs/swift.md 8
        do throws(CallError) {
            let api = try Service(loading: "specs/shop.yaml", provider: Provider(baseURL: "https://shop.example.com"))
            let order = try await api.getOrder(id: 7)
            print(order["status"]?.string ?? "")
        } catch .configuration(let error) where error.reason == .spec {
            print(error.specError?.description ?? error.description)     // shop.yaml:3:7: error: …
        } catch .status(404) {
            print("no such order")
        } catch .transport(.timeout) {
            print("too slow")
        } catch {
            print(error)                                                  // a CallError
        }
        // end snippet docs/swift.md 8
    }

    static func errorsOfAnyKind(api: Service) async {
        // snippet docs/swift.md 9
        do {
            let order = try await api.call("getOrder", ["id": 7])
            print(order.value["status"]?.string ?? "")
        } catch {
            let error: any Error = error          // as an app holds it, wherever it came from
            if error.isCancellation {
                // the task was cancelled: nothing to show
            } else if error.httpStatus == 404 {
                print("no such order")
            } else {
                print(error.localizedDescription, (error as? LocalizedError)?.recoverySuggestion ?? "")
            }
        }
        // end snippet docs/swift.md 9
    }

    static func chunkedUpload(api: Service, url: URL) async throws {
        // snippet docs/swift.md 10
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        let chunk = 8 * 1_048_576
        for (index, start) in stride(from: 0, to: size, by: chunk).enumerated() {
            try await api.call("uploadPart", ["partNumber": .value(.int(index + 1)), "_": .file(url, range: start..<min(start + chunk, size))])
        }
        // end snippet docs/swift.md 10
    }

    static func progress(api: Service, url: URL) async throws {
        // snippet docs/swift.md 11
        var options = CallOptions()
        options.uploadProgress = { completed, total in print("sent \(completed) of \(total ?? 0)") }
        options.downloadProgress = { completed, total in print(total.map { Double(completed) / Double($0) } ?? 0) }
        let response = try await api.call("uploadFile", ["file": .file(url)], options: options)
        // end snippet docs/swift.md 11
        _ = response
    }

    static func loading() throws {
        // snippet docs/swift.md 12
        let spec = try Spec.load(path: "specs/users.yaml")       // or Spec(yaml: text, file: "users.yaml")
        for endpoint in spec.endpoints {
            print(endpoint.name, endpoint.method, endpoint.path)
            for parameter in endpoint.parameters {
                print("  ", parameter.name, parameter.type, parameter.location, parameter.wireName, parameter.isRequired)
            }
        }
        // end snippet docs/swift.md 12
    }

    static func tuples(api: Service) async throws {
        // snippet docs/swift.md 13
        let (id, status) = try await api.getOrder(id: 7).tuple(Int.self, String.self)
        let (sameID, sameStatus): (Int, String) = try await api.getOrder(id: 7)          // two or more elements
        let order: (status: String, id: Int) = try await api.getOrder(id: 7).tuple(("status", String.self), ("id", Int.self))
        let (first, note): (Order, String?) = try await api.getOrder(id: 7).tuple(Order.self, String?.self)
        // end snippet docs/swift.md 13
        _ = (id, status, sameID, sameStatus, order, first, note)
    }

    static func credentialsByScheme(api: Service, token: String, key: String, password: String) throws {
        // snippet docs/swift.md 14
        try api.auth.setToken(token)                                   // the only scheme
        try api.auth.scheme("partnerKey").setToken(key)                // a document's scheme, by name
        try api.auth.scheme("staff").setCredentials(user: "ada", password: password)
        let current = try api.auth.scheme().token                      // what the next call sends
        try api.auth.logOut()                                          // the variable and the stored token
        // end snippet docs/swift.md 14
        _ = current
    }

    static func choosingATransport() throws {
        // snippet docs/swift.md 18

        let provider = Provider(baseURL: "https://api.example.com", transport: .urlSession)   // URLSessionTransport.shared
        let ephemeral = URLSessionTransport(configuration: .ephemeral)  // a session of its own, cancelled when freed
        let api = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(transport: ephemeral))
        // end snippet docs/swift.md 18
        _ = (provider, api)
    }

    static func typedFacade() async throws {
        // snippet docs/swift.md 17
        let shop = ShopAPI(Service(spec: try .load(path: "specs/shop.yaml")))
        let order = try await shop.getOrder(id: 7, expand: ["items"])             // GET /orders/7?expand=items
        let placed = try await shop.createOrder(customer: "c-1", items: [["sku": "tea-01", "quantity": 2]])
        for try await event in try await shop.orderEvents(id: 7) { print(event.data) }   // a stream: sse endpoint
        let status = try order.decode(OrderStatus.self)                           // a Response, decoded as you ask
        print(placed.status, status)
        // end snippet docs/swift.md 17
    }
}
