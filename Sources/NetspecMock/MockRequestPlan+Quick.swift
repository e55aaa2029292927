import HTTPTypes
import Netspec
import NetspecModel

extension MockRequestPlan {
    /// The check of a request that finds it valid without reading it into arguments and binding
    /// them as a call would (``MockResponder/check(_:endpoint:pathValues:query:body:)``): the path
    /// values and the JSON body's members are held against the endpoint's parameters and its
    /// compiled schemas directly, nothing allocated but the body's parsed value.
    ///
    /// It covers the endpoints most requests go to: path segments of scalar types, JSON members,
    /// optional query, header and cookie parameters (when the request sends none of them), no
    /// defaults, no `Content-Type` parameter, not `strict`. Whatever it cannot tell is valid the
    /// way the binding would tell it, it leaves to the full check (``accepts(pathValues:query:headers:contentType:body:)``
    /// answers `false`), which finds the same problems in the same words as before: every
    /// message of an invalid request still comes from the binding.
    struct QuickCheck: Sendable {
        /// A path placeholder's parameter.
        struct PathValue: Sendable {
            let parameter: Parameter
            let type: ValueType
            let schema: JSONSchema?
        }

        /// A JSON member's parameter.
        struct Member: Sendable {
            let type: ValueType
            let allowed: [JSONValue]?
            /// Its own schema, checked when the body has no schema as a whole.
            let schema: JSONSchema?
        }

        let pathValues: [PathValue]
        /// The JSON members' parameters, by the member's name.
        let members: [String: Member]
        /// The members a request must send.
        let requiredMembers: [String]
        /// The request body's schema, compiled: the members are checked against it as a whole.
        let bodySchema: JSONSchema?
        /// Whether a query item would be read by a parameter.
        let readsQuery: Bool
        /// The header fields a parameter would read.
        let headerFields: [HTTPField.Name]
        /// Whether a cookie would be read by a parameter.
        let readsCookies: Bool
        /// The base media types the operation lists, lower-cased (empty: any JSON type is taken).
        let mediaTypes: [String]

        /// The quick check of an endpoint, `nil` when it has a parameter or a rule the quick
        /// check does not cover (besides those ``MockRequestPlan`` leaves out).
        init?(endpoint: Endpoint) {
            guard endpoint.encoderName == nil, endpoint.headers.allSatisfy({ $0.value.constantValue != nil }) else { return nil }
            var pathValues: [PathValue] = []
            var members: [String: Member] = [:]
            var required: [String] = []
            var readsQuery = false
            var headerFields: [HTTPField.Name] = []
            var readsCookies = false
            for parameter in endpoint.parameters {
                guard parameter.defaultTemplate == nil, parameter.defaultValue == nil else { return nil }
                // A schema that does not compile is the full check's configuration problem.
                let schema = parameter.documentSchema.flatMap { try? $0.compiled() }
                guard parameter.documentSchema == nil || schema != nil else { return nil }
                switch parameter.codec {
                case .path(.segment):
                    guard Self.isScalar(parameter.type.unwrapped) else { return nil }
                    pathValues.append(PathValue(parameter: parameter, type: parameter.type, schema: schema))
                case .jsonMember(spreads: false) where endpoint.encoding == .json && Self.bindsAsItIs(parameter.type.unwrapped):
                    members[parameter.wireName] = Member(type: parameter.type, allowed: parameter.allowedValues, schema: schema)
                    if parameter.isRequired { required.append(parameter.wireName) }
                // Parameters a request may leave out, covered only when it does.
                case .query where !parameter.isRequired:
                    readsQuery = true
                case .header(.simple) where !parameter.isRequired:
                    guard let field = HTTPField.Name(parameter.wireName) else { return nil }
                    headerFields.append(field)
                case .cookie where !parameter.isRequired, .cookieStyle where !parameter.isRequired:
                    readsCookies = true
                default:
                    return nil
                }
            }
            guard !members.isEmpty || !endpoint.requiresBody else { return nil }
            let bodySchema = members.isEmpty ? nil : endpoint.requestSchemaReference.flatMap { try? $0.compiled() }
            guard members.isEmpty || endpoint.requestSchemaReference == nil || bodySchema != nil else { return nil }
            self.pathValues = pathValues
            self.members = members
            requiredMembers = required
            self.bodySchema = bodySchema
            self.readsQuery = readsQuery
            self.headerFields = headerFields
            self.readsCookies = readsCookies
            mediaTypes = endpoint.requestMediaTypes.map(MediaType.base(of:))
        }

        /// What the quick check found: whether the request is certainly valid, and its JSON
        /// body's members when it parsed them, handed on so that the body is parsed once (by
        /// the full check when it is needed, by a stateful mock that stores them).
        struct Verdict {
            var isValid: Bool
            var members: JSONObject?
        }

        /// Whether the request is certainly valid: `false` when it is not, or when the full
        /// check is needed to tell.
        func accepts(pathValues sent: [String: String], query: String?, headers: HTTPFields, contentType: String, body: [UInt8]) -> Bool {
            verdict(pathValues: sent, query: query, headers: headers, contentType: contentType, body: body).isValid
        }

        /// ``accepts(pathValues:query:headers:contentType:body:)``, with the body's members
        /// when it parsed them (a JSON object), valid or not.
        func verdict(pathValues sent: [String: String], query: String?, headers: HTTPFields, contentType: String, body: [UInt8]) -> Verdict {
            let invalid = Verdict(isValid: false, members: nil)
            if readsQuery, let query, query.utf8.contains(where: { $0 != UInt8(ascii: "&") }) { return invalid }
            if readsCookies, headers.holds(.cookie) { return invalid }
            for field in headerFields where headers.holds(field) { return invalid }
            for path in pathValues {
                guard let raw = sent[path.parameter.wireName], accepts(path, text: PercentEncoding.decoded(raw, plusIsSpace: false)) else { return invalid }
            }
            guard !members.isEmpty else { return Verdict(isValid: body.isEmpty, members: nil) }
            let mediaType = MockRequestPlan.baseType(of: contentType)
            let isJSON = mediaType == "application/json" || mediaType.hasSuffix("+json")
            // A JSON type the operation lists (a type it does not is the full check's 415).
            guard !body.isEmpty, isJSON, mediaTypes.isEmpty || mediaTypes.contains(where: { MediaType.covers($0, mediaType) }),
                  case let .object(object)? = try? JSONValue(parsing: body) else { return invalid }
            return Verdict(isValid: accepts(object), members: object)
        }

        /// Whether a path value's text is of its parameter's type, allowed, valid for its schema,
        /// and one the request could have been sent with (not empty, not a dot segment).
        private func accepts(_ path: PathValue, text: String) -> Bool {
            guard !text.isEmpty, text != ".", text != "..", case let .value(read)? = path.type.argument(fromText: text) else { return false }
            let value = path.parameter.typingText(read)
            return isBound(value, type: path.type, allowed: path.parameter.allowedValues) && (path.schema?.isValid(value, direction: .request) ?? true)
        }

        /// Whether a JSON body's members are each a parameter's, bound as they are, with every
        /// required one there, and valid for the body's schema (else each for its own).
        private func accepts(_ object: JSONObject) -> Bool {
            for (name, value) in object {
                guard let member = members[name], isBound(value, type: member.type, allowed: member.allowed) else { return false }
                if bodySchema == nil, let schema = member.schema, !schema.isValid(value, direction: .request) { return false }
            }
            for name in requiredMembers where object[name] == nil { return false }
            return bodySchema?.isValid(.object(object), direction: .request) ?? true
        }

        /// Whether binding takes `value` for a parameter of `type` as it is: not null (whose
        /// rules are the full check's), of the type, and one of the allowed values.
        private func isBound(_ value: JSONValue, type: ValueType, allowed: [JSONValue]?) -> Bool {
            guard !value.isNull, type.conformanceError(of: value) == nil else { return false }
            // An integral double bound to an integer becomes the integer: the full check's.
            if case .double = value, type.unwrapped == .int { return false }
            guard let allowed else { return true }
            let items = if case let .array(items) = value { items } else { [value] }
            return items.allSatisfy { $0.isNull || allowed.contains($0) }
        }

        private static func isScalar(_ type: ValueType) -> Bool {
            switch type {
            case .string, .int, .double, .bool: true
            default: false
            }
        }

        /// Whether binding keeps a JSON value of `type` as it is (not base64 `Data`, a file `URL`
        /// or a tuple).
        private static func bindsAsItIs(_ type: ValueType) -> Bool {
            switch type {
            case .string, .int, .double, .bool, .json, .model, .date: true
            case let .array(element), let .dictionary(element): bindsAsItIs(element.unwrapped)
            default: false
            }
        }
    }
}
