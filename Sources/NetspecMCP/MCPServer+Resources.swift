import FoundationEssentials
import Netspec

/// The resources an ``MCPServer`` serves: the document it was made from (`resources/list`), and
/// each operation's whole description (`netspec://operations/{name}`, a resource template), which
/// a tool's description points to when it is cut at ``MCPServer/descriptionLimit`` characters.
extension MCPServer {
    /// The document's resource: its file, when the spec was loaded from one.
    struct DocumentResource {
        var uri: String
        var path: String
        var mimeType: String

        var listing: JSONValue {
            ["uri": .string(uri), "name": "document", "title": "The API's description", "mimeType": .string(mimeType),
             "description": "The document this server's tools were made from."]
        }
    }

    /// `nil` for a spec made from text or fetched from a URL (not served: read it there).
    var documentResource: DocumentResource? {
        let file = service.spec.file
        guard !file.contains("://"), FileManager.default.fileExists(atPath: file) else { return nil }
        let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        let json = file.lowercased().hasSuffix(".json")
        // RFC 8089: the path's bytes, those outside unreserved and `/` percent-encoded.
        var uri = "file://"
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~/".unicodeScalars.contains(scalar) {
                uri.unicodeScalars.append(scalar)
            } else {
                uri += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return DocumentResource(uri: uri, path: path, mimeType: json ? "application/json" : "application/yaml")
    }

    static let operationTemplate: JSONValue = [
        "uriTemplate": "netspec://operations/{name}", "name": "operation", "title": "An operation",
        "mimeType": "text/markdown",
        "description": "An operation's whole description, its method and path, its arguments' and its result's JSON schemas, and its auth; {name} is its tool's name.",
    ]

    static func operationURI(_ name: String) -> String { "netspec://operations/" + name }

    /// A `resources/read` content, or `nil` when there is no such resource.
    func readResource(_ uri: String) -> JSONValue? {
        if let document = documentResource, uri == document.uri {
            guard let data = FileManager.default.contents(atPath: document.path) else { return nil }
            return ["uri": .string(uri), "mimeType": .string(document.mimeType), "text": .string(String(decoding: data, as: UTF8.self))]
        }
        let prefix = "netspec://operations/"
        guard uri.hasPrefix(prefix), let index = names.firstIndex(of: String(uri.dropFirst(prefix.count))) else { return nil }
        return ["uri": .string(uri), "mimeType": "text/markdown", "text": .string(operationPage(endpoints[index], name: names[index]))]
    }

    /// An operation as Markdown: what an agent needs to call it.
    func operationPage(_ endpoint: Endpoint, name: String) -> String {
        func json(_ value: JSONValue) -> String { String(decoding: value.serialized(), as: UTF8.self) }
        var page = "# \(name)\n\n`\(endpoint.method.rawValue) \(endpoint.path)`"
        page += endpoint.method.isSafe ? " (only reads)\n\n" : "\n\n"
        page += Self.fullDescription(endpoint) + "\n\n"
        page += "## Arguments (JSON Schema)\n\n```json\n\(json(ToolSchema.inputSchema(of: endpoint)))\n```\n"
        if let output = ToolSchema.outputSchema(of: endpoint) {
            page += "\n## Result (JSON Schema)\n\n```json\n\(json(output.schema))\n```\n"
        }
        page += "\n## Auth\n\n\(Self.authDescription(endpoint))\n"
        return page
    }
}
