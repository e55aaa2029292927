import Testing
@testable import Netspec
@testable import NetspecModel

/// Every key of the format, read into the model.
@Suite struct SpecModelTests {
    static let everyKey = """
        netspec: 1
        service: Everything
        description: Uses every key.
        baseURL: https://${HOST:-api.example.com}/v1
        headers:
          Accept: application/json
          X-Client: netspec
        encoding: form
        encoder: snake
        decoder: iso
        timeout: 12.5
        auth:
          bearer: "${TOKEN}"
          refresh: { endpoint: refresh, token: data.access_token }
        retry: { max: 4, on: [429, 503], backoff: 0.5, methods: [POST] }
        endpoints:
          refresh:
            POST: /auth/refresh
            auth: none
            retry: none
          search:
            method: GET
            path: /groups/{gid}/items?v=2
            description: Finds items.
            headers:
              accept: application/vnd.items+json
              X-Extra: "${EXTRA}"
            encoder: camel
            decoder: plain
            timeout: 3
            keyPath: data.items
            returns: "(list: [(id: String, name: String)], count: Int)"
            params:
              gid: Int
              raw: { in: query, encoded: true, name: r }
              tags: { type: "[String]", format: brackets }
              ids: { type: "[Int]", format: csv }
              on: { type: Bool, flag: true }
              q: { type: String, default: "${DEFAULT_Q}" }
              level: { type: Double, default: 1.5 }
              key: { in: header, name: X-Key, description: An API key. }
            mock:
              status: 200
              headers: { X-Mock: "yes" }
              body: { data: { items: { list: [], count: 0 } } }
          upload:
            PUT: /files/{name}
            encoding: multipart
            params:
              name: String
              file: { type: URL, in: part, filename: f.bin, mimeType: application/octet-stream }
              note: { type: "String?", in: part }
            auth: { basic: { user: "${USER}", password: "${PASS}" } }
          events:
            GET: /events
            stream: sse
            until: "[DONE]"
            keyPath: data
            auth: { apiKey: { in: query, name: api_key, value: "${KEY}" } }
            mock:
              events: [ "one", { event: update, id: "7", retry: 500, data: { n: 1 } }, "[DONE]" ]
          lines:
            GET: /lines
            stream: lines
            mock:
              events: [ { a: 1 }, [1, 2] ]
          download:
            GET: /blob
            stream: bytes
        """

    @Test func readsServiceKeys() throws {
        let spec = try Spec(yaml: Self.everyKey, file: "every.yaml")
        #expect(spec.file == "every.yaml")
        #expect(spec.version == 1)
        #expect(spec.service == "Everything")
        #expect(spec.summary == "Uses every key.")
        #expect(spec.baseURL?.text == "https://${HOST:-api.example.com}/v1")
        #expect(spec.baseURL?.variableNames == ["HOST"])
        #expect(spec.headers.map { "\($0.name)=\($0.value.text)" } == ["Accept=application/json", "X-Client=netspec"])
        #expect(spec.encoding == .form)
        #expect(spec.timeout == 12.5)
        #expect(spec.auth?.scheme == .bearer(token: try Template(parsing: "${TOKEN}")))
        #expect(spec.auth?.refresh == AuthPolicy.Refresh(endpoint: "refresh", token: "data.access_token", variable: "TOKEN"))
        #expect(spec.retry == RetryPolicy(maxRetries: 4, statuses: [429, 503], backoff: 0.5, extraMethods: ["POST"]))
    }

    @Test func endpointsInheritAndOverride() throws {
        let spec = try Spec(yaml: Self.everyKey, file: "every.yaml")
        #expect(spec.endpoints.map(\.name) == ["refresh", "search", "upload", "events", "lines", "download"])
        let refresh = try #require(spec.endpoint(named: "refresh"))
        #expect(refresh.auth == nil)
        #expect(refresh.retry == nil)
        #expect(refresh.encoderName == "snake")
        #expect(refresh.decoderName == "iso")
        #expect(refresh.timeout == 12.5)
        #expect(refresh.encoding == .form)

        let search = try #require(spec.endpoint(named: "search"))
        #expect(search.summary == "Finds items.")
        #expect(search.path == "/groups/{gid}/items?v=2")
        #expect(search.plan.staticQuery == "v=2")
        #expect(search.headers.map { "\($0.name)=\($0.value.text)" } == [
            "X-Client=netspec", "accept=application/vnd.items+json", "X-Extra=${EXTRA}",
        ])
        #expect(search.encoderName == "camel")
        #expect(search.decoderName == "plain")
        #expect(search.timeout == 3)
        #expect(search.keyPath == "data.items")
        #expect(search.returnType.description == "(list: [(id: String, name: String)], count: Int)")
        #expect(search.auth?.scheme == spec.auth?.scheme)
        #expect(search.retry == spec.retry)
    }

    @Test func parametersKeepEveryKey() throws {
        let spec = try Spec(yaml: Self.everyKey, file: "every.yaml")
        let search = try #require(spec.endpoint(named: "search"))
        let byName = Dictionary(uniqueKeysWithValues: search.parameters.map { ($0.name, $0) })
        #expect(search.parameters.map(\.name) == ["gid", "raw", "tags", "ids", "on", "q", "level", "key"])
        #expect(byName["gid"]?.location == .path)
        #expect(byName["raw"]?.codec == .query(ParameterCodec.Items(escaping: .alreadyEncoded)))
        #expect(byName["raw"]?.wireName == "r")
        #expect(byName["tags"]?.codec == .query(ParameterCodec.Items(arrays: .brackets)))
        #expect(byName["ids"]?.codec == .query(ParameterCodec.Items(arrays: .joined(.comma))))
        #expect(byName["on"]?.codec == .flag)
        #expect(byName["q"]?.defaultValue == "${DEFAULT_Q}")
        #expect(byName["q"]?.defaultTemplate?.variableNames == ["DEFAULT_Q"])
        #expect(byName["level"]?.defaultValue == 1.5)
        #expect(byName["key"]?.location == .header)
        #expect(byName["key"]?.wireName == "X-Key")
        #expect(byName["key"]?.summary == "An API key.")
        #expect(byName["gid"]?.mark == Mark(line: 34, column: 7))

        let upload = try #require(spec.endpoint(named: "upload"))
        #expect(upload.encoding == .multipart)
        #expect(upload.parameters.map(\.location) == [.path, .part, .part])
        #expect(upload.parameters[1].codec == .part(ParameterCodec.Part(filename: "f.bin", mediaType: "application/octet-stream")))
        #expect(upload.auth?.scheme == .basic(user: try Template(parsing: "${USER}"), password: try Template(parsing: "${PASS}")))
    }

    @Test func mocksArePreparedAtLoad() throws {
        let spec = try Spec(yaml: Self.everyKey, file: "every.yaml")
        let search = try #require(spec.endpoint(named: "search")?.mock)
        #expect(search.status == 200)
        #expect(search.headers.map { "\($0.name): \($0.value)" } == ["X-Mock: yes", "Content-Type: application/json"])
        #expect(String(decoding: search.body, as: UTF8.self) == #"{"data":{"items":{"list":[],"count":0}}}"#)

        let events = try #require(spec.endpoint(named: "events"))
        #expect(events.stream == .sse)
        #expect(events.until == "[DONE]")
        #expect(events.keyPath == "data")
        #expect(events.auth?.scheme == .apiKey(location: .query, name: "api_key", value: try Template(parsing: "${KEY}")))
        #expect(String(decoding: try #require(events.mock).body, as: UTF8.self)
            == "data: one\n\nevent: update\nid: 7\nretry: 500\ndata: {\"n\":1}\n\ndata: [DONE]\n\n")
        #expect(events.mock?.headers.last?.value == "text/event-stream")

        let lines = try #require(spec.endpoint(named: "lines"))
        #expect(String(decoding: try #require(lines.mock).body, as: UTF8.self) == "{\"a\":1}\n[1,2]\n")

        let download = try #require(spec.endpoint(named: "download"))
        #expect(download.stream == .bytes)
        #expect(download.returnType == .value(.json))
    }
}
