import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// The planted server's stateful operations: `ghosts`, still readable after a DELETE
/// (`use_after_free`); `phantoms`, never readable once created (`ensure_resource_availability`);
/// `notes`, right, and followed through the document's `links`; and `slow`, which answers
/// after ``PlantedServer/slowness`` (`max_response_time`).
extension PlantedServer {
    static let resourcePaths = """
          /slow:
            get:
              operationId: slow
              responses: { '200': { description: ok } }
          /ghosts:
            post:
              operationId: createGhost
              requestBody: { $ref: '#/components/requestBodies/Named' }
              responses: { '201': { $ref: '#/components/responses/Created' }, '400': { description: refused } }
          /ghosts/{ghostId}:
            parameters: [{ name: ghostId, in: path, required: true, schema: { $ref: '#/components/schemas/Id' } }]
            get:
              operationId: readGhost
              responses: { '200': { $ref: '#/components/responses/Item' }, '400': { description: refused }, '404': { description: none } }
            delete:
              operationId: deleteGhost
              responses: { '204': { description: deleted }, '400': { description: refused }, '404': { description: none } }
          /phantoms:
            post:
              operationId: createPhantom
              requestBody: { $ref: '#/components/requestBodies/Named' }
              responses: { '201': { $ref: '#/components/responses/Created' }, '400': { description: refused } }
          /phantoms/{phantomId}:
            get:
              operationId: readPhantom
              parameters: [{ name: phantomId, in: path, required: true, schema: { $ref: '#/components/schemas/Id' } }]
              responses: { '200': { $ref: '#/components/responses/Item' }, '400': { description: refused }, '404': { description: none } }
          /notes:
            post:
              operationId: createNote
              requestBody: { $ref: '#/components/requestBodies/Named' }
              responses:
                '201':
                  $ref: '#/components/responses/Created'
                  links: { ReadIt: { operationId: readNote, parameters: { noteId: '$response.body#/id' } } }
                '400': { description: refused }
          /notes/{noteId}:
            get:
              operationId: readNote
              parameters: [{ name: noteId, in: path, required: true, schema: { $ref: '#/components/schemas/Id' } }]
              responses: { '200': { $ref: '#/components/responses/Item' }, '400': { description: refused }, '404': { description: none } }
        """

    static let components = """
          schemas:
            Id: { type: integer, minimum: 1, maximum: 1000000 }
            Item:
              type: object
              required: [id, name]
              properties: { id: { $ref: '#/components/schemas/Id' }, name: { type: string } }
          requestBodies:
            Named:
              required: true
              content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } }
          responses:
            Created:
              description: created
              content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
            Item:
              description: the item
              content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
        """

    /// What each collection keeps: its items' names by id.
    private static let stores = Mutex<[String: [Int: String]]>([:])
    private static let nextID = Atomic<Int>(1)

    /// The answer of a resource path, `nil` for another path.
    static func resourceAnswer(_ method: HTTPRequest.Method, path: String, body: String) -> Response? {
        let parts = path.split(separator: "/").map(String.init)
        guard let collection = parts.first, ["ghosts", "phantoms", "notes"].contains(collection), parts.count <= 2 else { return nil }
        let allowed: [HTTPRequest.Method] = parts.count == 1 ? [.post] : collection == "ghosts" ? [.get, .delete] : [.get]
        guard allowed.contains(method) else { return reply(405, headers: [HTTPField.Name("Allow")!: allowed.map(\.rawValue).joined(separator: ", ")]) }
        if parts.count == 1 {
            guard let name = named(body) else { return reply(400) }
            let id = nextID.add(1, ordering: .relaxed).oldValue
            stores.withLock { $0[collection, default: [:]][id] = name }
            return reply(201, json: item(id, name))
        }
        guard let id = Int(parts[1]), (1...1_000_000).contains(id) else { return reply(400) }
        let name = stores.withLock { $0[collection]?[id] }
        switch (method, collection) {
        case (.delete, _):
            // The planted fault: the ghost is answered as deleted and kept.
            return name == nil ? reply(404) : reply(204)
        case (_, "phantoms"):
            // The planted fault: a phantom, once created, is never found.
            return reply(404)
        default:
            return name.map { reply(200, json: item(id, $0)) } ?? reply(404)
        }
    }

    /// The `name` of a JSON body `{"name": "…"}`, `nil` for any other body.
    private static func named(_ body: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
              let name = object["name"] as? String, !(object["name"] is NSNumber) else { return nil }
        return name
    }

    private static func item(_ id: Int, _ name: String) -> String {
        let escaped = name.unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            default: scalar.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) : String(scalar)
            }
        }.joined()
        return #"{"id":\#(id),"name":"\#(escaped)"}"#
    }
}
