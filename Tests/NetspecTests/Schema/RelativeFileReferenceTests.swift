import Foundation
import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// `$ref`s into other files, relative to the file each is written in, through files in folders
/// and back up (`paths/keys/list.yml` → `../../shared/responses/unauthorized.yml` →
/// `../models/error.yml`), however the document is named: by an absolute path, or by one relative
/// to the working folder that climbs out of it (`netspec call ../api/openapi.yaml`). The schema
/// compiler resolved a `..` above the start of a relative path as RFC 3986 does for an absolute
/// URI, by dropping it: from `../spec/paths/keys/responses/all.yml`, `../models/key.yml` became
/// `spec/paths/keys/models/key.yml`, another file, so DigitalOcean's document named from a folder
/// below it compiled none of its response schemas that name another file (`--mock` made no answer,
/// `--validate` could not check one), while the reader, which joins paths itself, read it whole.
@Suite struct RelativeFileReferenceTests {
    // MARK: - Resolution

    /// `reference` resolved against `base`, and the result.
    static let resolutions: [(reference: String, base: String, expected: String)] = [
        ("../models/key.yml", "../spec/paths/keys/responses/all.yml", "../spec/paths/keys/models/key.yml"),
        ("../../../shared/pages.yml#/pagination", "../spec/paths/keys/responses/all.yml", "../spec/shared/pages.yml#/pagination"),
        ("../../x.yml", "../../spec/api.yaml", "../../../x.yml"),
        ("../shared/x.yml", "api.yaml", "../shared/x.yml"),
        ("a/../../b.yml", "api.yaml", "../b.yml"),
        ("./x.yml", "../spec/api.yaml", "../spec/x.yml"),
        ("../x.yml", "spec/api.yaml", "x.yml"),
        ("../../x.yml", "spec/sub/api.yaml", "x.yml"),
        ("#/pagination", "../shared/pages.yml", "../shared/pages.yml#/pagination"),
        // An absolute path or URI stops at its root, as RFC 3986 says.
        ("../../../x.yml", "/srv/spec/api.yaml", "/x.yml"),
        ("../../x.json", "https://example.com/a/b", "https://example.com/x.json"),
        ("../x.yml", "file:///srv/api.yaml", "file:///x.yml"),
    ]

    @Test(arguments: resolutions)
    func aParentAboveARelativePathIsKept(_ reference: String, _ base: String, _ expected: String) {
        #expect(SchemaURI.resolve(reference, against: base) == expected)
    }

    // MARK: - A document of many files

    /// The document's files, by path under its folder: an operation in a file of its own, its
    /// responses, parameter and schemas in files beside it and in a shared folder, each `$ref`
    /// relative to the file it is in (DigitalOcean's layout).
    static func files(version: String) -> [String: String] {
        [
            "spec/api.yaml": """
                \(version)
                info: { title: keys, version: "1" }
                servers: [{ url: "https://keys.example.com" }]
                paths:
                  /keys:
                    get:
                      $ref: 'paths/keys/list.yml'
                """,
            "spec/paths/keys/list.yml": """
                operationId: listKeys
                parameters:
                  - $ref: '../../shared/parameters.yml#/per_page'
                responses:
                  '200':
                    $ref: 'responses/all.yml'
                  '401':
                    $ref: '../../shared/responses/unauthorized.yml'
                """,
            "spec/paths/keys/responses/all.yml": """
                description: the keys
                content:
                  application/json:
                    schema:
                      allOf:
                        - properties:
                            keys: { type: array, items: { $ref: '../models/key.yml' } }
                        - $ref: '../../../shared/pages.yml#/pagination'
                        - $ref: '../../../shared/meta.yml'
                """,
            "spec/paths/keys/models/key.yml": "{ type: object, required: [id], properties: { id: { type: integer } } }",
            "spec/shared/parameters.yml": "per_page: { name: per_page, in: query, schema: { type: integer, minimum: 1 } }",
            "spec/shared/pages.yml": """
                pagination:
                  type: object
                  properties:
                    links: { $ref: '#/page_links' }
                page_links:
                  type: object
                  properties:
                    next: { type: string }
                """,
            "spec/shared/meta.yml": """
                type: object
                required: [meta]
                properties:
                  meta: { $ref: './models/meta.yml' }
                """,
            "spec/shared/models/meta.yml": "{ type: object, required: [total], properties: { total: { type: integer } } }",
            "spec/shared/responses/unauthorized.yml": """
                description: not allowed
                content:
                  application/json:
                    schema: { $ref: '../models/error.yml' }
                """,
            "spec/shared/models/error.yml": "{ type: object, required: [id, message], properties: { id: { type: string }, message: { type: string } } }",
        ]
    }

    /// A new folder holding `files`: its absolute path, with no `/` at the end.
    static func write(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-relative-refs-\(UUID().uuidString)").path
        for (path, text) in files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: String(file[..<file.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// How a test names a document at an absolute path.
    enum Naming: String, CaseIterable, CustomTestStringConvertible {
        /// As it is.
        case absolute
        /// Relative to the working folder, up to the root with `../` and down again:
        /// `../../tmp/…/spec/api.yaml`.
        case parentRelative
        /// The same, beginning with `./`.
        case dotParentRelative
        /// Absolute, with a `..` inside: `/tmp/…/spec/../spec/api.yaml`.
        case absoluteWithParent

        var testDescription: String { rawValue }

        func name(_ absolute: String) -> String {
            switch self {
            case .absolute: absolute
            case .parentRelative: Self.fromWorkingFolder(absolute)
            case .dotParentRelative: "./" + Self.fromWorkingFolder(absolute)
            case .absoluteWithParent: absolute.replacingOccurrences(of: "/spec/", with: "/spec/../spec/")
            }
        }

        /// `absolute` as a path relative to the working folder, up to the root and down again.
        static func fromWorkingFolder(_ absolute: String) -> String {
            let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
            return String(repeating: "../", count: depth) + absolute.dropFirst()
        }
    }

    static let versions = ["openapi: 3.0.3", "openapi: 3.1.0"]

    /// A value of each response, and the violations it gives (exact, the document's folder left
    /// out): the schemas reached through every file of the document, each in the file it is in.
    static let values: [(status: Int, value: String, violations: [String])] = [
        (200, #"{"keys":[{"id":1}],"links":{"next":"/keys?page=2"},"meta":{"total":1}}"#, []),
        (200, #"{"keys":[{"id":"a"}],"links":{"next":2},"meta":{}}"#, [
            "/keys/0/id must be an integer (schema at paths/keys/models/key.yml:1:53)",
            "/links/next must be a string (schema at shared/pages.yml:8:13)",
            "/meta must have the property 'total' (schema at shared/models/meta.yml:1:17)",
        ]),
        (200, #"{"keys":[]}"#, ["the value must have the property 'meta' (schema at shared/meta.yml:2:1)"]),
        (401, #"{"id":"unauthorized","message":"no"}"#, []),
        (401, #"{"id":"unauthorized"}"#, ["the value must have the property 'message' (schema at shared/models/error.yml:1:17)"]),
    ]

    @Test(arguments: Naming.allCases, versions)
    func responseSchemasInFilesOfFoldersCompileAndValidate(_ naming: Naming, _ version: String) async throws {
        let folder = try Self.write(Self.files(version: version))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = naming.name(folder + "/spec/api.yaml")
        let spec = try Spec.load(path: document)
        let named = Self.normalized(String(document.dropLast("api.yaml".count)))
        // The reader: the operation, its parameter and responses from their files.
        #expect(spec.warnings.map(\.description) == [])
        let endpoint = try #require(spec.endpoint(named: "listKeys"))
        #expect(endpoint.parameters.map { "\($0.name)|\($0.location)|\($0.type)" } == ["per_page|query|Int?"])
        // The compiler: each response's schema, through every file it names.
        for (status, text, expected) in Self.values {
            let schema = try #require(try endpoint.responseSchema(status: status, mediaType: "application/json"))
            let value = try JSONValue(parsing: text)
            let violations = schema.validate(value, direction: .response).map { $0.description.replacingOccurrences(of: named, with: "") }
            #expect(violations == expected, "\(status) \(text)")
        }
        // The mock: its answers made from the schemas, each checked against them.
        for mocks in [Provider.Options.Mocks.enabled, .dynamic(seed: 3)] {
            let api = Service(spec: spec, provider: Provider(options: .init(mocks: mocks, usesEnvironment: false)))
            let response = try await api.call("listKeys", options: CallOptions(responseValidation: .strict))
            #expect(response.status == 200)
            #expect(response.violations.map(\.description) == [])
        }
    }

    /// A path item in a file of a folder (`a/paths.yaml#/items`), whose operations' parameter,
    /// request body and responses name schemas in `a/schemas/x.yaml`, which names
    /// `../../shared/pages.yml`, which names `#/page_links` and `models/link.yml`: each relative
    /// to the file it is written in, not to the root document, in the schemas that check a
    /// request, a response and the mock's answers alike.
    static func pathItemFiles(version: String) -> [String: String] {
        [
            "spec/api.yaml": """
                \(version)
                info: { title: items, version: "1" }
                servers: [{ url: "https://items.example.com" }]
                paths:
                  /items:
                    $ref: 'a/paths.yaml#/items'
                components:
                  schemas:
                    Item: { $ref: 'a/schemas/x.yaml#/Item' }
                """,
            "spec/a/paths.yaml": """
                items:
                  get:
                    operationId: listItems
                    parameters:
                      - $ref: 'params/p.yaml#/filter'
                    responses:
                      '200':
                        description: ok
                        content: { application/json: { schema: { $ref: 'schemas/x.yaml#/List' } } }
                  post:
                    operationId: createItem
                    requestBody:
                      required: true
                      content: { application/json: { schema: { $ref: 'schemas/x.yaml#/Item' } } }
                    responses:
                      '201':
                        description: made
                        content: { application/json: { schema: { $ref: '../api.yaml#/components/schemas/Item' } } }
                """,
            "spec/a/params/p.yaml": """
                filter:
                  name: filter
                  in: query
                  schema: { $ref: '../schemas/x.yaml#/Filter' }
                """,
            "spec/a/schemas/x.yaml": """
                Item:
                  type: object
                  required: [id]
                  properties:
                    id: { type: integer }
                    owner: { $ref: '../../shared/models/owner.yml' }
                List:
                  allOf:
                    - properties:
                        items: { type: array, items: { $ref: '#/Item' } }
                    - $ref: '../../shared/pages.yml#/pagination'
                Filter: { $ref: '../../shared/models/owner.yml#/properties/name' }
                """,
            "spec/shared/pages.yml": """
                pagination:
                  type: object
                  properties:
                    links: { $ref: '#/page_links' }
                page_links:
                  type: object
                  properties:
                    next: { $ref: 'models/link.yml' }
                """,
            "spec/shared/models/link.yml": "{ type: string, minLength: 1 }",
            "spec/shared/models/owner.yml": "{ type: object, properties: { name: { type: string, maxLength: 5 } } }",
        ]
    }

    @Test(arguments: [Naming.absolute, .parentRelative], versions)
    func nestedReferencesOfAPathItemsFileResolveAgainstTheirOwnFiles(_ naming: Naming, _ version: String) async throws {
        let folder = try Self.write(Self.pathItemFiles(version: version))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = naming.name(folder + "/spec/api.yaml")
        let spec = try Spec.load(path: document)
        let named = Self.normalized(String(document.dropLast("api.yaml".count)))
        #expect(spec.warnings.map(\.description) == [])
        let list = try #require(spec.endpoint(named: "listItems"))
        let create = try #require(spec.endpoint(named: "createItem"))
        // The response's schema, through x.yaml, pages.yml and link.yml.
        let listSchema = try #require(try list.responseSchema(status: 200, mediaType: "application/json"))
        let bad = try JSONValue(parsing: #"{"items":[{"id":"a","owner":{"name":"abcdefgh"}}],"links":{"next":""}}"#)
        #expect(listSchema.validate(bad, direction: .response).map { $0.description.replacingOccurrences(of: named, with: "") } == [
            "/items/0/id must be an integer (schema at a/schemas/x.yaml:5:11)",
            "/items/0/owner/name must be at most 5 characters long (schema at shared/models/owner.yml:1:53)",
            "/links/next must be at least 1 character long (schema at shared/models/link.yml:1:17)",
        ])
        #expect(try create.responseSchema(status: 201, mediaType: "application/json") != nil)
        // The request: the body's schema and the parameter's, checked before a call is sent.
        let requestSchema = try #require(try create.requestSchema)
        #expect(requestSchema.validate(try JSONValue(parsing: #"{"id":1,"owner":{"name":"abcdefgh"}}"#), direction: .request)
            .map { $0.description.replacingOccurrences(of: named, with: "") }
            == ["/owner/name must be at most 5 characters long (schema at shared/models/owner.yml:1:53)"])
        let api = Service(spec: spec, provider: Provider(options: .init(mocks: .enabled, usesEnvironment: false)))
        let refused = await #expect(throws: CallError.self) { try await api.call("listItems", ["filter": "abcdefghij"]) }
        #expect(refused.map { "\($0)".replacingOccurrences(of: named, with: "") }
            == #"endpoint 'listItems': parameter 'filter': must be at most 5 characters long, got "abcdefghij" (schema at shared/models/owner.yml:1:53)"#)
        // The mock: its answers made from the schemas, each checked against them.
        for mocks in [Provider.Options.Mocks.enabled, .dynamic(seed: 3)] {
            let api = Service(spec: spec, provider: Provider(options: .init(mocks: mocks, usesEnvironment: false)))
            let listed = try await api.call("listItems", options: CallOptions(responseValidation: .strict))
            #expect(listed.status == 200)
            #expect(listed.violations.map(\.description) == [])
            let made = try await api.call("createItem", ["id": 1, "owner": ["name": "abc"]], options: CallOptions(responseValidation: .strict))
            #expect(made.status == 201)
            #expect(made.violations.map(\.description) == [])
        }
    }

    /// A file a `$ref` names that is not there: the error names the file the reference leads to,
    /// relative to the file it is written in, as the document was named.
    @Test(arguments: Naming.allCases)
    func aMissingFileIsNamedWhereItWasLookedFor(_ naming: Naming) throws {
        var files = Self.files(version: "openapi: 3.0.3")
        files["spec/shared/pages.yml"] = nil
        let folder = try Self.write(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = naming.name(folder + "/spec/api.yaml")
        let spec = try Spec.load(path: document)
        let endpoint = try #require(spec.endpoint(named: "listKeys"))
        let named = String(document.dropLast("api.yaml".count))
        let file = Self.normalized(named + "shared/pages.yml")
        #expect(throws: SchemaError(message: "cannot resolve '\(file)#/pagination': \(file) cannot be read: No such file or directory",
                                    location: named + "paths/keys/responses/all.yml:8:11")) {
            try endpoint.responseSchema(status: 200, mediaType: "application/json")
        }
        // The other response's files are all there.
        #expect(try endpoint.responseSchema(status: 401, mediaType: "application/json") != nil)
    }

    /// A file a `$ref` names that is there but cannot be compiled from: why, after its name.
    static let unreadable: [(text: String, why: String)] = [
        ("", "is empty"),
        ("pagination: [", "is not valid YAML: <spec>/shared/pages.yml:2:1: did not find expected node content (while parsing a flow node at 2:1)"),
    ]

    @Test(arguments: unreadable)
    func aFileThatCannotBeReadSaysWhy(_ text: String, _ why: String) throws {
        var files = Self.files(version: "openapi: 3.0.3")
        files["spec/shared/pages.yml"] = text
        let folder = try Self.write(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let endpoint = try #require(try Spec.load(path: folder + "/spec/api.yaml").endpoint(named: "listKeys"))
        let error = #expect(throws: SchemaError.self) { try endpoint.responseSchema(status: 200, mediaType: "application/json") }
        #expect(error?.message.replacingOccurrences(of: folder + "/spec", with: "<spec>")
            == "cannot resolve '<spec>/shared/pages.yml#/pagination': <spec>/shared/pages.yml " + why)
    }

    /// `path` with `.` segments and `x/..` pairs taken out (a `..` with nothing before it kept).
    static func normalized(_ path: String) -> String {
        var output: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment == "." { continue }
            if segment == "..", let last = output.last, last != "..", !last.isEmpty { output.removeLast() } else { output.append(segment) }
        }
        return output.joined(separator: "/")
    }

    // MARK: - DigitalOcean

    /// The repository's excerpt of DigitalOcean's document: `sshKeys_list`'s answer (the
    /// document's example, and one made from its schema) checked against the schema its files
    /// make — `allOf` of its own properties, `../../../shared/pages.yml#/pagination` and
    /// `../../../shared/meta.yml` — with the document named either way.
    @Test(arguments: [Naming.absolute, .parentRelative])
    func digitalOceansSSHKeysListAnswerValidates(_ naming: Naming) async throws {
        let spec = try Spec.load(path: naming.name(OpenAPIDocumentsAsMeantTests.digitalOcean))
        let endpoint = try #require(spec.endpoint(named: "sshKeys_list"))
        for status in [200, 401] { #expect(try endpoint.responseSchema(status: status, mediaType: "application/json") != nil) }
        for mocks in [Provider.Options.Mocks.enabled, .dynamic(seed: 5)] {
            let api = Service(spec: spec, provider: Provider(variables: ["BEARER_AUTH": "t"], options: .init(mocks: mocks, usesEnvironment: false)))
            let response = try await api.call("sshKeys_list", options: CallOptions(responseValidation: .strict))
            #expect(response.status == 200)
            #expect(response.violations.map(\.description) == [])
        }
    }

    /// DigitalOcean's whole document named relative to the working folder, from above it: every
    /// response schema of every operation compiles (before, none naming another file did), and
    /// `sshKeys_list`'s mock answer validates.
    @Test func everyResponseSchemaOfDigitalOceansWholeDocumentCompilesNamedFromBelow() async throws {
        let path = try await RealDocuments.path(of: "do/specification/DigitalOcean-public.v2.yaml")
        let spec = try await onOwnThread { try Spec.load(path: Naming.fromWorkingFolder(path)) }
        let uncompilable = try await onOwnThread {
            var seen = Set<ModelSchema>()
            var failures: [String] = []
            for endpoint in spec.endpoints {
                for entry in endpoint.responses.schemas {
                    for schema in [entry.schema, entry.itemSchema].compactMap({ $0 }) where seen.insert(schema).inserted {
                        do { _ = try schema.compiled() } catch { failures.append("\(endpoint.name) \(entry.status): \(error)") }
                    }
                }
            }
            return (schemas: seen.count, failures: failures)
        }
        #expect(uncompilable.schemas == 670)
        #expect(uncompilable.failures == [])
        let api = Service(spec: spec, provider: Provider(variables: ["BEARER_AUTH": "t"], options: .init(mocks: .dynamic(seed: 1), usesEnvironment: false)))
        let response = try await api.call("sshKeys_list", options: CallOptions(responseValidation: .strict))
        #expect(response.status == 200)
        #expect(response.violations.map(\.description) == [])
    }

    /// DigitalOcean's whole document named from below, as above: every request body's and
    /// parameter's schema compiles too (what a call checks before it is sent, and the mock
    /// server of a request), and no status declared without content (its 204s, 202s) finds a
    /// schema: response validation checked those empty answers against `default`'s
    /// `shared/models/error.yml` (`--validate` exited 1 on the mock's 204 of `registry_delete`).
    @Test func digitalOceansRequestSchemasCompileAndItsAnswersWithoutContentHaveNone() async throws {
        let path = try await RealDocuments.path(of: "do/specification/DigitalOcean-public.v2.yaml")
        let spec = try await onOwnThread { try Spec.load(path: Naming.fromWorkingFolder(path)) }
        let found = try await onOwnThread {
            var seen = Set<ModelSchema>()
            var failures: [String] = []
            var withoutContent: [String] = []
            var coveredBefore = 0
            for endpoint in spec.endpoints {
                let schemas = [endpoint.requestSchemaReference] + endpoint.parameters.map(\.documentSchema)
                for schema in schemas.compactMap({ $0 }) where seen.insert(schema).inserted {
                    do { _ = try schema.compiled() } catch { failures.append("\(endpoint.name): \(error)") }
                }
                for response in endpoint.responses.declared where response.content.isEmpty {
                    guard case let .code(code) = response.status else { continue }
                    withoutContent.append("\(endpoint.name) \(code)")
                    // The rule before: the most specific status among those with a schema.
                    if endpoint.responses.schemas.matching(status: code, mediaType: nil) != nil { coveredBefore += 1 }
                    if let schema = endpoint.responses.schema(status: code, mediaType: nil) {
                        failures.append("\(endpoint.name) \(code): checked against \(schema.status)'s schema")
                    }
                }
            }
            return (schemas: seen.count, withoutContent: withoutContent.count, coveredBefore: coveredBefore, failures: failures)
        }
        #expect(found.schemas == 1257)
        #expect(found.withoutContent == 108)
        #expect(found.coveredBefore == 107)
        #expect(found.failures == [])
        let api = Service(spec: spec, provider: Provider(variables: ["BEARER_AUTH": "t"], options: .init(mocks: .enabled, usesEnvironment: false)))
        let response = try await api.call("registry_delete", options: CallOptions(responseValidation: .strict))
        #expect(response.status == 204)
        #expect(response.violations.map(\.description) == [])
    }
}
