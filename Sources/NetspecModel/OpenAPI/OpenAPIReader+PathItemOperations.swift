import HTTPTypes

/// The operations a Path Item holds: its fixed fields (`get` … `trace`), and in OpenAPI 3.2 its
/// `query` (HTTP QUERY) and its `additionalOperations`, a map of any other method, written as it
/// is sent, to an Operation (OpenAPI 3.2.0, Path Item Object). Each becomes an ordinary
/// ``Endpoint`` of that method, so binding, the mock and MCP treat it like any other.
extension OpenAPIReader {
    /// One operation of a path item.
    struct PathItemOperation {
        /// Where the operation is among the item's keys: its fixed field (`get`, `query`), or
        /// `additionalOperations/` and the method as written (`additionalOperations/LINK`). The
        /// key `only` and the ``OperationIndex`` find it by.
        var key: String
        var method: HTTPRequest.Method
        /// The entry's key node (where messages point) and its value, not yet resolved.
        var keyNode: YAMLNode
        var value: YAMLNode
    }

    /// The key of `additionalOperations` in a 3.2 Path Item.
    static let additionalOperationsKey = "additionalOperations"

    /// The fixed fields of an OpenAPI 3.2 Path Item that hold an operation: 3.0's and 3.1's, and `query`.
    static let methods32: [(key: String, method: HTTPRequest.Method)] = methods + [("query", .query)]

    /// The operations of `item` the layout reads, in the order the specification lists the fixed
    /// fields, then `additionalOperations` in the document's order.
    ///
    /// - Parameter reporting: Whether an `additionalOperations` entry that is not an operation
    ///   of a method of its own is reported (as an error at its key, in the item's file); when not
    ///   (finding one operation by name), such an entry is only passed over.
    mutating func operations(of item: MappingReader, path: String, layout: OperationLayout, reporting: Bool) -> [PathItemOperation] {
        var found: [PathItemOperation] = []
        for (key, method) in layout.methods {
            guard let entry = item.entry(key) else { continue }
            found.append(PathItemOperation(key: key, method: method, keyNode: entry.key, value: entry.value))
        }
        guard layout.readsAdditionalOperations, let additional = item.entry(Self.additionalOperationsKey) else { return found }
        guard let map = MappingReader(additional.value) else {
            if reporting {
                reportIn(
                    self.path(of: additional.key),
                    "path '\(path)': 'additionalOperations' must be a mapping of HTTP methods to operations, found \(additional.value.foundDescription)",
                    at: additional.value.mark
                )
            }
            return found
        }
        for pair in map.pairs {
            switch Self.additionalMethod(pair.key.string ?? "", fixed: layout.methods) {
            case let .success(method):
                found.append(PathItemOperation(
                    key: Self.additionalOperationsKey + "/" + method.rawValue, method: method, keyNode: pair.key, value: pair.value
                ))
            case let .failure(problem) where reporting:
                reportIn(self.path(of: pair.key), "path '\(path)': additionalOperations '\(pair.key.string ?? "")' \(problem.message)", at: pair.key.mark)
            case .failure:
                continue
            }
        }
        return found
    }

    /// Why an `additionalOperations` key is not a method of its own.
    struct MethodProblem: Error {
        var message: String
    }

    /// The method an `additionalOperations` key names, sent as written: not one a fixed field holds
    /// (in any case: the map "MUST NOT contain any entry for the methods that can be defined by
    /// other fixed fields"), and an RFC 9110 method token.
    static func additionalMethod(_ name: String, fixed: [(key: String, method: HTTPRequest.Method)]) -> Result<HTTPRequest.Method, MethodProblem> {
        if let field = fixed.first(where: { $0.key == name.lowercased() })?.key {
            return .failure(MethodProblem(
                message: "is the method of the Path Item's fixed field '\(field)', which OpenAPI 3.2 does not allow here; write the operation as '\(field)'"
            ))
        }
        guard !name.isEmpty, let method = HTTPRequest.Method(name) else {
            return .failure(MethodProblem(message: "is not an HTTP method name (RFC 9110 §9.1: letters, digits and !#$%&'*+-.^_`|~)"))
        }
        return .success(method)
    }
}
