// docs/swift.md's Swift blocks, verbatim between `// snippet docs/swift.md N` and
// `// end snippet docs/swift.md N` (see DocSnippetTests).

import Foundation
// snippet docs/swift.md 1
import Netspec
// end snippet docs/swift.md 1

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
        let pair = try await api.createUser(email: "a@b.c", password: "pw")
        if let id = pair[0]?.string, let name = pair["name"]?.string {  // a tuple result: by position and by label
            print(id, name)                                             // u-1001 a
        }
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

    static func groupedOptions() {
        // snippet docs/swift.md 5
        var options = Provider.Options()
        options.timeouts.request = .seconds(5)
        options.redirects = .follow(limit: 3)
        options.validation.responses = .warn
        let provider = Provider(baseURL: "https://api.example.com", options: options)
        // end snippet docs/swift.md 5
        _ = provider
    }

    static func typedErrors(api: Service) async {
        // snippet docs/swift.md 6
        do {
            let user = try await api.getUser(id: "johne")
            print(user["name"]?.string ?? "")
        } catch .status(let error) where error.status == 404 {
            print("no such user:", error.json?["message"]?.string ?? "")
        } catch {
            print(error)        // a CallError: endpoint 'getUser': parameter 'id': missing required argument (String)
        }
        // end snippet docs/swift.md 6
    }

    static func mixedErrors(api: Service) async {
        // snippet docs/swift.md 7
        do {
            let user = try await api.getUser(id: "johne")
            let profile = try user.decode(Profile.self)
            try saveToDisk(profile)                                     // your own code, throwing any Error
        } catch CallError.status(let error) where error.status == 404 {
            print("no such user:", error.json?["message"]?.string ?? "")
        } catch let error as CallError {
            print(error)
        } catch {
            print("could not save:", error)
        }
        // end snippet docs/swift.md 7
    }

    static func errorsOfAnyKind(api: Service) async {
        // snippet docs/swift.md 8
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
        // end snippet docs/swift.md 8
    }

    static func chunkedUpload(api: Service, url: URL) async throws {
        // snippet docs/swift.md 9
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        let chunk = 8 * 1_048_576
        for (index, start) in stride(from: 0, to: size, by: chunk).enumerated() {
            try await api.call("uploadPart", ["partNumber": .value(.int(index + 1)), "_": .file(url, range: start..<min(start + chunk, size))])
        }
        // end snippet docs/swift.md 9
    }

    static func progress(api: Service, url: URL) async throws {
        // snippet docs/swift.md 10
        var options = CallOptions()
        options.uploadProgress = { completed, total in print("sent \(completed) of \(total ?? 0)") }
        options.downloadProgress = { completed, total in print(total.map { Double(completed) / Double($0) } ?? 0) }
        let response = try await api.call("uploadFile", ["file": .file(url)], options: options)
        // end snippet docs/swift.md 10
        _ = response
    }

    static func loading() throws {
        // snippet docs/swift.md 11
        let spec = try Spec.load(path: "specs/users.yaml")       // or Spec(yaml: text, file: "users.yaml")
        for endpoint in spec.endpoints {
            print(endpoint.name, endpoint.method, endpoint.path)
            for parameter in endpoint.parameters {
                print("  ", parameter.name, parameter.type, parameter.location, parameter.wireName, parameter.isRequired)
            }
        }
        // end snippet docs/swift.md 11
    }

    static func typedFacade() async throws {
        // snippet docs/swift.md 13
        let shop = ShopAPI(Service(spec: try .load(path: "specs/shop.yaml")))
        let order = try await shop.getOrder(id: 7, expand: ["items"])             // GET /orders/7?expand=items
        let placed = try await shop.createOrder(customer: "c-1", items: [["sku": "tea-01", "quantity": 2]])
        for try await event in try await shop.orderEvents(id: 7) { print(event.data) }   // a stream: sse endpoint
        let status = try order.decode(OrderStatus.self)                           // a Response, decoded as you ask
        print(placed.status, status)
        // end snippet docs/swift.md 13
    }
}
