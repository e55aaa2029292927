// Every Swift snippet of README.md, verbatim, so that the compiler checks them: each snippet is
// the lines between `// README snippet N` and `// end README snippet N` (a snippet may be split
// into several such regions, for declarations that must be at file scope), and
// `ReadmeSnippetTests` checks that they equal the README's N-th Swift block, line for line.
// Snippet 1 is a package manifest, checked by `swift package dump-package` instead.
// The functions are compiled, not called: they name endpoints of example specs.

import Foundation
import HTTPTypes
import Logging
// README snippet 3
import Netspec
// end README snippet 3

struct NewPost: Encodable, Sendable {
    var title: String
    var body: String
    var userId: Int
}

struct Profile: Decodable {
    var name: String
}

func saveToDisk(_ profile: Profile) throws {}

enum ReadmeSnippets {
    static func threeLines() async throws {
        // README snippet 2
        let api = Service(spec: try .load(path: "specs/users.yaml"))    // base URL, auth and mocks come from the spec
        let user = try await api.getUser(id: "johne")                   // a Response: user["name"]?.string
        let profile: Profile = try await api.getUser(id: "johne")       // or decoded as any Decodable type
        // end README snippet 2
        _ = (user, profile)
    }

    static func callingFromSwift(token: String) async throws {
        // README snippet 3

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
        // end README snippet 3
        _ = (same, titles, profile)
    }
}

// README snippet 4
extension NewPost: ArgumentConvertible {}                       // encoded with the spec's `encoder:` if it names one
// end README snippet 4

extension ReadmeSnippets {
    static func encodableArguments(api: Service) async throws {
        // README snippet 4
        try await api.createPost(NewPost(title: "Hi", body: "…", userId: 1))
        try await api.call("uploadFile", ["file": .file(URL(fileURLWithPath: "data.jsonl")), "purpose": "fine-tune"])
        // end README snippet 4
    }

    static func coders(snakeDecoder: JSONDecoder) {
        // README snippet 5
        let snake = JSONEncoder(); snake.keyEncodingStrategy = .convertToSnakeCase; snake.dateEncodingStrategy = .iso8601
        let provider = Provider(baseURL: "https://api.example.com", encoders: ["snake": snake], decoders: ["snake": snakeDecoder])
        // end README snippet 5
        _ = provider
    }

    static func preparing(api: Service) async throws {
        // README snippet 6
        let request = try await api.getUser.prepare(id: "johne")        // or api.prepare("getUser", ["id": "johne"])
        print(request.httpMessage)                                      // or request.curlCommand
        let response = try await api.send(request)
        // end README snippet 6
        _ = response
    }

    static func errors(api: Service) async {
        // README snippet 7
        do {
            let user = try await api.getUser(id: "johne")
            let profile = try user.decode(Profile.self)
            try saveToDisk(profile)                                     // your own code, throwing any Error
        } catch CallError.status(let error) where error.status == 404 {
            print("no such user:", error.json?["message"]?.string ?? "")
        } catch let error as CallError {
            print(error)        // endpoint 'getUser': parameter 'id': missing required argument (String)
        } catch {
            print("could not save:", error)
        }
        // end README snippet 7
    }

    static func streaming(api: Service) async throws {
        // README snippet 8
        let events = try await api.completions.events(model: "gpt-4o-mini", messages: [["role": "user", "content": "hi"]])
        for try await event in events {                           // ServerSentEvent: event, data, id?, retry?
            let chunk = try event.json()                          // or try event.decode(Chunk.self)
            print(chunk.value(at: "choices.0.delta.content")?.string ?? "", terminator: "")
        }
        for try await value in try await api.tail.lines() {      // stream: lines — one JSONValue per line
            print(value)
        }
        for try await chunk in try await api.download.bytes() {  // stream: bytes — raw [UInt8] chunks
            print(chunk.count)
        }
        // end README snippet 8
    }
}

// README snippet 9
struct RequestID: Interceptor {
    func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
        var request = request
        request.headerFields[HTTPField.Name("X-Request-ID")!] = UUID().uuidString
        return try await next(request)          // or return a response without calling next, or call it twice
    }
}
// end README snippet 9

extension ReadmeSnippets {
    static func interceptors() {
        // README snippet 9
        let provider = Provider(baseURL: "https://api.example.com", interceptors: [RequestID()])
        // end README snippet 9
        _ = provider
    }

    static func retry() {
        // README snippet 10
        var options = Provider.Options()
        options.retry = RetryPolicy(maxRetries: 3, statuses: [429, 503], backoff: 0.2, extraMethods: ["POST"])
        // end README snippet 10
        _ = options
    }

    static func logging() {
        // README snippet 11
        var options = Provider.Options()
        options.logger = Logger(label: "api")          // swift-log
        // end README snippet 11
        _ = options
    }

    static func progress(api: Service, url: URL) async throws {
        // README snippet 15
        var options = CallOptions()
        options.uploadProgress = { progress in print("sent \(progress.completed) of \(progress.total ?? 0)") }
        options.downloadProgress = { progress in print(progress.fraction ?? 0) }
        let response = try await api.call("uploadFile", ["file": .file(url)], options: options)
        // end README snippet 15
        _ = response
    }

    static func loading() throws {
        // README snippet 17
        let spec = try Spec.load(path: "specs/users.yaml")       // or Spec(yaml: text, file: "users.yaml")
        for endpoint in spec.endpoints {
            print(endpoint.name, endpoint.method, endpoint.path)
            for parameter in endpoint.parameters {
                print("  ", parameter.name, parameter.type, parameter.location, parameter.wireName, parameter.isRequired)
            }
        }
        // end README snippet 17
    }

    static func webSocket(api: Service, questions: AsyncStream<JSONValue>) async throws {
        // README snippet 16
        let socket = try await api.chat.connect(room: "a")      // returns once the upgrade is done
        try await socket.send(["text": "hi"])                    // or send(text:), send(binary:)
        for try await message in try socket.messages {           // .value(JSONValue), .text or .binary
            print(message.value)
            if message.value["text"] == "bye" { break }          // leaving the loop closes with 1001
        }
        for try await reply in try await api.chat.connect(room: "b").exchange(questions) {
            print(reply.value)                                   // sends `questions` (an AsyncSequence of JSONValue) as they come
        }
        // end README snippet 16
    }

    static func tls() throws {
        // README snippet 14
        let tls = Provider.TLS(
            caFile: "certs/internal-ca.pem",
            minimumVersion: .v1_3,
            clientCertificate: .init(certificateFile: "client.pem", keyFile: "client.key"),
            pins: ["api.example.com": [try .init("sha256/p1d6q7YzqLfs3fIE2NBVXY2Npo2koHK8jeeVAlrex2M=")]],
            unpinnedHosts: ["status.example.com"]
        )
        let provider = Provider(options: .init(tls: tls))
        // end README snippet 14
        _ = provider
    }

    static func chunkedUpload(api: Service, url: URL) async throws {
        // README snippet 13
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        let chunk = 8 * 1_048_576
        for (index, start) in stride(from: 0, to: size, by: chunk).enumerated() {
            try await api.call("uploadPart", ["partNumber": .value(.int(index + 1)), "_": .file(url, range: start..<min(start + chunk, size))])
        }
        // end README snippet 13
    }

    static func httpCache() async throws {
        // README snippet 12
        let cache = HTTPCache()                                   // in memory, up to 32 MiB; RFC 9111 rules
        let provider = Provider(baseURL: "https://api.example.com", options: .init(cache: cache))
        let api = try Service(spec: .load(path: "specs/users.yaml"), provider: provider)
        _ = try await api.call("getUser", ["id": "johne"])             // from the network, stored
        _ = try await api.call("getUser", ["id": "johne"])             // from the cache while fresh
        _ = try await api.call("getUser", ["id": "johne"], options: CallOptions(cachePolicy: .reload))
        try await cache.remove(api.prepare("getUser", ["id": "johne"]))   // one URL, every credential
        try await cache.clear()
        // end README snippet 12
    }
}
