import FoundationEssentials
import Netspec
import NetspecModel

/// The resources an ``MCPServer`` serves: the document it was made from (`resources/list`), and
/// each operation's whole description (`netspec://operations/{name}`, a resource template), which
/// a tool's description points to when it is cut at ``MCPServer/descriptionLimit`` characters.
extension MCPServer {
    /// The document's resource: its file, when the spec was loaded from one.
    struct DocumentResource {
        var uri: String
        var path: String
        var mimeType: String

        /// Its entry in `resources/list`, with its size; one larger than an answer says it
        /// cannot be read whole.
        func listing(answerBytes: Int) -> JSONValue {
            let attribute = (try? FileManager.default.attributesOfItem(atPath: path))?[.size]
            let size = (attribute as? any BinaryInteger).map { Int($0) }
            var description = "The document this server's tools were made from."
            if let size, size > answerBytes - MCPServer.envelopeBytes {
                description += " It is \(size) bytes, more than one answer carries (\(answerBytes)), so it is not read whole: each operation's description, arguments and result are netspec://operations/NAME."
            }
            var listing: JSONObject = ["uri": .string(uri), "name": "document", "title": "The API's description", "mimeType": .string(mimeType), "description": .string(description)]
            if let size { listing["size"] = .int(size) }
            return .object(listing)
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
        "description": "An operation's whole description, its method and path, its arguments' and its result's JSON schemas, and its auth; {name} is its tool's name. A large operation's schemas are summarised below their top levels: netspec://operations/{name}#POINTER gives the part a [summarised …; part POINTER] mark names, whole, as JSON.",
    ]

    static func operationURI(_ name: String) -> String { "netspec://operations/" + name }

    /// A `resources/read` content: the document, an operation's page, or a part of an
    /// operation (`netspec://operations/NAME#POINTER`; NAME its tool's name or the command
    /// line's); a failure says why there is none.
    func readResource(_ uri: String) -> Result<JSONValue, ResourceError> {
        if let document = documentResource, uri == document.uri {
            guard let data = FileManager.default.contents(atPath: document.path) else { return .failure(.notFound) }
            // One answer is bounded: a document larger than that is read through its operations.
            guard data.count <= options.answerBytes - Self.envelopeBytes else {
                return .failure(.tooLarge("the document is \(data.count) bytes, more than one answer carries (\(options.answerBytes)): read an operation's description, arguments and result as netspec://operations/NAME"))
            }
            return .success(["uri": .string(uri), "mimeType": .string(document.mimeType), "text": .string(String(decoding: data, as: UTF8.self))])
        }
        let prefix = "netspec://operations/"
        guard uri.hasPrefix(prefix) else { return .failure(.notFound) }
        let rest = uri.dropFirst(prefix.count)
        let name = String(rest.prefix { $0 != "#" })
        guard let index = operationIndex(named: name) ?? operationIndex(named: SchemaURI.percentDecoded(name)) else { return .failure(.notFound) }
        guard let hash = rest.firstIndex(of: "#") else { return .success(operationPage(at: index)) }
        let fragment = String(rest[rest.index(after: hash)...])
        let pointer = SchemaURI.percentDecoded(fragment)
        return partResult(at: index, pointer, asked: .resource).mapError { .noPart($0.message) }
    }

    /// Why `resources/read` has nothing to give.
    enum ResourceError: Error {
        /// No such resource (MCP's `-32002`).
        case notFound
        /// The resource is larger than one answer.
        case tooLarge(String)
        /// The operation has no such part.
        case noPart(String)
    }
}
