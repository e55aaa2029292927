import Foundation
import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// `MockServer.Options(stateful: true)` (`netspec mock --stateful`) on 127.0.0.1, read with curl:
/// resources inferred from the document keep what is created, replaced, merged and deleted, each
/// answer valid for the document's schema.
@Suite struct MockStateTests {
    static let library = TestPaths.root + "/Tests/NetspecTests/Fixtures/mock/library.openapi.yaml"

    /// One answer: status, headers (lower-cased names) and the body as JSON (`nil` when empty).
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: JSONValue?
    }

    static func send(_ method: String, _ url: String, _ body: String? = nil, type: String = "application/json", headers: [String] = []) async throws -> Answer {
        var arguments = ["-s", "-i", "-X", method, url] + headers.flatMap { ["-H", $0] }
        if let body { arguments += ["-H", "Content-Type: \(type)", "--data-binary", body] }
        let result = try await ChildProcess.curl(arguments)
        try #require(result.status == 0, "curl failed: \(result.stderr)")
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        let head = parts[0].components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let text = parts.dropFirst().joined(separator: "\r\n\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        return Answer(status: status, headers: fields, body: text.isEmpty ? JSONValue?.none : try JSONValue(parsing: text))
    }

    /// The problems of `value` as the answer of `endpoint`'s `status` (empty when it conforms).
    static func violations(_ value: JSONValue?, spec: Spec, endpoint: String, status: Int = 200) throws -> [String] {
        let entry = try #require(spec.endpoint(named: endpoint)?.responses.schemas.first { $0.status == .code(status) })
        return try #require(entry.schema).compiled().validate(try #require(value)).map(\.description)
    }

    static func withLibrary(_ options: MockServer.Options = .init(port: 0, stateful: true), _ body: (String, Spec) async throws -> Void) async throws {
        let spec = try Spec.load(path: library)
        try await MockServerTests.withMockServer(of: spec, options) { base, _ in try await body(base, spec) }
    }

    @Test func itemsAreCreatedReadReplacedMergedPatchedListedAndDeleted() async throws {
        try await Self.withLibrary { base, spec in
            let created = try await Self.send("POST", base + "/books", #"{"title":"Dune","author":"Herbert"}"#)
            #expect(created.status == 201)
            let id = try #require(created.body?.object?["id"]?.string)
            #expect(UUID(uuidString: id) != nil)
            #expect(created.headers["location"] == "/books/\(id)")
            let createdAt = try #require(created.body?.object?["createdAt"]?.string)
            #expect(created.body == ["title": "Dune", "author": "Herbert", "id": .string(id), "createdAt": .string(createdAt)])
            #expect(try Self.violations(created.body, spec: spec, endpoint: "createBook", status: 201) == [])

            let read = try await Self.send("GET", base + "/books/\(id)")
            #expect(read.status == 200 && read.body == created.body)
            #expect(try Self.violations(read.body, spec: spec, endpoint: "getBook") == [])

            let replaced = try await Self.send("PUT", base + "/books/\(id)", #"{"title":"Dune Messiah","tags":["x"]}"#)
            #expect(replaced.body == ["title": "Dune Messiah", "tags": ["x"], "id": .string(id), "createdAt": .string(createdAt)])
            let merged = try await Self.send("PATCH", base + "/books/\(id)", #"{"author":"Frank Herbert","tags":null}"#, type: "application/merge-patch+json")
            #expect(merged.body == ["title": "Dune Messiah", "id": .string(id), "createdAt": .string(createdAt), "author": "Frank Herbert"])
            let patched = try await Self.send(
                "PATCH", base + "/books/\(id)", #"[{"op":"add","path":"/title","value":"Children of Dune"},{"op":"add","path":"/tags","value":["sf"]},{"op":"add","path":"/tags/-","value":"classic"}]"#,
                type: "application/json-patch+json"
            )
            #expect(patched.body == ["title": "Children of Dune", "id": .string(id), "createdAt": .string(createdAt), "author": "Frank Herbert", "tags": ["sf", "classic"]])
            #expect(try Self.violations(patched.body, spec: spec, endpoint: "updateBook") == [])
            let failed = try await Self.send("PATCH", base + "/books/\(id)", #"[{"op":"replace","path":"/isbn","value":"1"}]"#, type: "application/json-patch+json")
            #expect(failed.status == 422)
            #expect(failed.body?.object?["detail"] == "the JSON Patch cannot be applied: operation /0: /isbn does not exist")

            let list = try await Self.send("GET", base + "/books")
            #expect(list.body == ["data": [try #require(patched.body)], "total": 1])
            #expect(try Self.violations(list.body, spec: spec, endpoint: "listBooks") == [])

            #expect(try await Self.send("DELETE", base + "/books/\(id)").status == 204)
            let gone = try await Self.send("GET", base + "/books/\(id)")
            #expect(gone.status == 404)
            #expect(gone.body == ["message": "no such book"])
            #expect(try await Self.send("DELETE", base + "/books/\(id)").status == 404)
            #expect(try await Self.send("GET", base + "/books").body == ["data": [], "total": 0])
        }
    }

    @Test func listsArePagedByTheDeclaredParameters() async throws {
        try await Self.withLibrary { base, _ in
            var ids: [JSONValue] = []
            for title in ["a", "b", "c", "d", "e"] {
                ids.append(try #require(try await Self.send("POST", base + "/books", #"{"title":"\#(title)"}"#).body?.object?["id"]))
            }
            let page = try await Self.send("GET", base + "/books?limit=2&offset=2")
            #expect(page.body?.object?["data"]?.array?.compactMap { $0.object?["id"] } == Array(ids[2...3]))
            #expect(page.body?.object?["total"] == 5)
            #expect(page.headers["link"] == "</books?limit=2&offset=4>; rel=\"next\"")
            let last = try await Self.send("GET", base + "/books?limit=2&offset=4")
            #expect(last.body?.object?["data"]?.array?.count == 1)
            #expect(last.headers["link"] == nil)
        }
    }

    @Test func nestedCollectionsKeepTheirParentAndWrappedAnswersStayWrapped() async throws {
        try await Self.withLibrary { base, spec in
            let added = try await Self.send("POST", base + "/shelves/a/entries", #"{"note":"first"}"#)
            #expect(added.status == 201)
            #expect(added.body == ["entry": ["note": "first", "id": 1]])
            #expect(try await Self.send("POST", base + "/shelves/b/entries", #"{"note":"other"}"#).body == ["entry": ["note": "other", "id": 2]])
            let read = try await Self.send("GET", base + "/shelves/a/entries/1")
            #expect(read.body == ["entry": ["note": "first", "id": 1]])
            #expect(try Self.violations(read.body, spec: spec, endpoint: "getEntry") == [])
            #expect(try await Self.send("GET", base + "/shelves/b/entries/1").status == 404)
            #expect(try await Self.send("GET", base + "/shelves/a/entries").body == [["note": "first", "id": 1]])
            #expect(try await Self.send("GET", base + "/shelves/c/entries").body == [])
            // Not a resource (`x-netspec-mock: { resource: false }`): the document's example, as without --stateful.
            #expect(try await Self.send("POST", base + "/jobs").body == ["job": 7, "state": "queued"])
        }
    }

    @Test func seedsAreResetByThePathAndTheHeader() async throws {
        let seeds: [String: JSONValue] = ["/books": [["id": "5f0c5d5e-0000-4000-8000-000000000001", "title": "Seeded", "createdAt": "2026-01-01T00:00:00Z"]], "/shelves/a/entries": [["note": "seeded"]]]
        try await Self.withLibrary(.init(port: 0, stateful: true, seedData: seeds)) { base, _ in
            let seeded: JSONValue = ["data": [["id": "5f0c5d5e-0000-4000-8000-000000000001", "title": "Seeded", "createdAt": "2026-01-01T00:00:00Z"]], "total": 1]
            #expect(try await Self.send("GET", base + "/books").body == seeded)
            #expect(try await Self.send("GET", base + "/shelves/a/entries/1").body == ["entry": ["note": "seeded", "id": 1]])
            _ = try await Self.send("POST", base + "/books", #"{"title":"New"}"#)
            #expect(try await Self.send("DELETE", base + "/books/5f0c5d5e-0000-4000-8000-000000000001").status == 204)
            let reset = try await Self.send("POST", base + "/__netspec/reset")
            #expect(reset.status == 204)
            #expect(try await Self.send("GET", base + "/books").body == seeded)
            _ = try await Self.send("POST", base + "/books", #"{"title":"New"}"#)
            #expect(try await Self.send("GET", base + "/books", headers: ["Netspec-Reset: true"]).body == seeded)
        }
    }

    @Test(arguments: [
        (["/dogs": []], "'/dogs' is not a collection of the stateful mock (its collections: /books, /shelves/{shelfId}/entries)"),
        (["/books": ["title": "x"]], #"'/books' must be a list of items, found {"title":"x"}"#),
        (["/books": [1]], "'/books'[0] must be an object, found 1"),
        (["/shelves/{shelfId}/entries": []], "'/shelves/{shelfId}/entries' is a nested collection: give its parents' values (/shelves/{shelfId}/entries as /owners/1/pets)"),
        (["/shelves/a/entries": [["id": 1, "note": "a"], ["id": 1, "note": "b"]]], "'/shelves/a/entries'[1]: its id is already given to another item of the collection"),
    ] as [([String: JSONValue], String)])
    func seedDataThatDoesNotFitNamesThePath(seeds: [String: JSONValue], message: String) throws {
        let server = MockServer(spec: try Spec.load(path: Self.library), options: .init(stateful: true, seedData: seeds))
        #expect(throws: MockServer.StateError.self) { try server.statefulResources() }
        do {
            _ = try server.statefulResources()
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func whatIsInferredIsSaidAndHintsChangeIt() throws {
        let server = MockServer(spec: try Spec.load(path: Self.library), options: .init(stateful: true))
        let (resources, problems) = try server.statefulResources()
        #expect(resources == [
            "/books → /books/{bookId}: id {bookId} in member 'id', uuid ids; create, list, read, replace, merge, delete; list in 'data'",
            "/shelves/{shelfId}/entries → /shelves/{shelfId}/entries/{entryId}: id {entryId} in member 'id', sequence ids; create, list, read",
        ])
        #expect(problems == [])
        let hinted = try String(contentsOfFile: Self.library, encoding: .utf8)
            .replacingOccurrences(of: "    get:\n      operationId: listEntries", with: "    x-netspec-mock: { id: note, ids: string, wrapper: entries, colour: red }\n    get:\n      operationId: listEntries")
        let (changed, hintProblems) = try MockServer(spec: try Spec(yaml: hinted, file: "library.yaml"), options: .init(stateful: true)).statefulResources()
        #expect(changed.last == "/shelves/{shelfId}/entries → /shelves/{shelfId}/entries/{entryId}: id {entryId} in member 'note', string ids; create, list, read; list in 'entries'")
        #expect(hintProblems == ["endpoint 'listEntries': x-netspec-mock: unknown key 'colour' (it takes resource, id, ids, wrapper, present)", "endpoint 'addEntry': x-netspec-mock: unknown key 'colour' (it takes resource, id, ids, wrapper, present)"])
    }

    @Test func concurrentCreatesGetDistinctIDs() async throws {
        try await Self.withLibrary { base, spec in
            // 64 requests over the pool's few connections: a generous wait for one, since the whole
            // suite shares two cores and a request may queue behind other suites' work.
            var options = Provider.Options(usesEnvironment: false)
            options.timeouts.connect = .seconds(120)
            let api = Service(spec: spec, provider: Provider(baseURL: base, options: options))
            let ids = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
                for index in 0..<64 {
                    group.addTask { try await api.call("addEntry", ["shelfId": "s", "note": .value(.string("n\(index)"))]).value.object?["entry"]?.object?["id"] }
                }
                var ids: Set<JSONValue?> = []
                for try await id in group { ids.insert(id) }
                return ids
            }
            #expect(ids == Set((1...64).map { JSONValue.int($0) }))
            #expect(try await Self.send("GET", base + "/shelves/s/entries").body?.array?.count == 64)
        }
    }

    @Test func aNetspecSpecsResourcesAreTheSameAndItsMockSaysWhichAreNot() async throws {
        let yaml = """
            netspec: 1
            service: Notes
            baseURL: https://api.example.com
            endpoints:
              createNote: { POST: /notes, params: { text: String }, mock: { status: 201, body: { id: 1, text: hi } } }
              listNotes: { GET: /notes, mock: [ { body: [] }, { resource: false } ] }
              getNote: { GET: "/notes/{id}", params: { id: Int }, mock: { resource: { id: id } } }
              deleteNote: { DELETE: "/notes/{id}", params: { id: Int } }
            """
        let spec = try Spec(yaml: yaml, file: "notes.yaml")
        #expect(try MockServer(spec: spec, options: .init(stateful: true)).statefulResources().resources == [
            "/notes → /notes/{id}: id {id} in member 'id', sequence ids; create, read, delete",
        ])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, stateful: true)) { base, _ in
            let created = try await Self.send("POST", base + "/notes", #"{"text":"first"}"#)
            #expect(created.body == ["text": "first", "id": 1])
            #expect(try await Self.send("GET", base + "/notes/1").body == ["text": "first", "id": 1])
            // Its list is not the resource's: its mock answers.
            #expect(try await Self.send("GET", base + "/notes").body == [])
            #expect(try await Self.send("DELETE", base + "/notes/1").status == 200)
            #expect(try await Self.send("GET", base + "/notes/1").status == 404)
        }
    }

    static let pages = """
        openapi: 3.0.3
        info: { title: Pages, version: "1" }
        paths:
          /items:
            get:
              operationId: listItems
              parameters:
                - { name: page, in: query, schema: { type: integer } }
                - { name: per_page, in: query, schema: { type: integer, default: 2 } }
              responses:
                "200": { description: A page, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } }
            post:
              operationId: addItem
              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
              responses:
                "201": { description: Added, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
          /items/{itemId}:
            get:
              operationId: getItem
              parameters: [ { name: itemId, in: path, required: true, schema: { type: integer } } ]
              responses:
                "200": { description: The item, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
          /logs:
            get:
              operationId: listLogs
              parameters:
                - { name: cursor, in: query, schema: { type: string } }
                - { name: limit, in: query, schema: { type: integer } }
              responses:
                "200": { description: A page, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } }
            post:
              operationId: addLog
              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
              responses:
                "201": { description: Added, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
          /logs/{logId}:
            get:
              operationId: getLog
              parameters: [ { name: logId, in: path, required: true, schema: { type: integer } } ]
              responses:
                "200": { description: The log, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
        components:
          schemas:
            Item: { type: object, properties: { id: { type: integer }, n: { type: integer } } }
        """

    @Test(arguments: [
        ("/items", [1, 2], "</items?per_page=2&page=2>; rel=\"next\""),
        ("/items?page=3", [5], nil),
        ("/items?page=2&per_page=3", [4, 5], nil),
        ("/logs?limit=2", [1, 2], "</logs?limit=2&cursor=2>; rel=\"next\""),
        ("/logs?limit=2&cursor=2", [3, 4], "</logs?limit=2&cursor=4>; rel=\"next\""),
        ("/logs", [1, 2, 3, 4, 5], nil),
        // Numbers whose product or sum overflows (Schemathesis sends them): an empty page, not a crash.
        ("/items?page=\(Int.max)&per_page=\(Int.max)", [], nil),
        ("/items?page=4611686018427387905&per_page=2", [], nil),
        ("/logs?limit=\(Int.max)&cursor=2", [3, 4, 5], nil),
        ("/logs?limit=2&cursor=\(Int.max)", [], nil),
    ] as [(String, [Int], String?)])
    func pagesAndCursorsFollowTheDeclaredParameters(path: String, numbers: [Int], link: String?) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: Self.pages, file: "pages.yaml"), .init(port: 0, stateful: true)) { base, _ in
            for number in 1...5 {
                _ = try await Self.send("POST", base + "/items", #"{"n":\#(number)}"#)
                _ = try await Self.send("POST", base + "/logs", #"{"n":\#(number)}"#)
            }
            let page = try await Self.send("GET", base + path)
            #expect(page.body?.array?.compactMap { $0.object?["n"]?.int } == numbers)
            #expect(page.headers["link"] == link)
        }
    }
}
