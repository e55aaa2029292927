import HTTPTypes
import Netspec
import NetspecModel

/// What checking a request to one endpoint needs to know of it, worked out once when the server
/// starts rather than for every request: whether its body is read into fields, the media types
/// the operation takes, the `Content-Type` header parameter a Swagger document may declare, and
/// the parameters the document lets be sent empty. A class: a request's look-up takes a
/// reference to it, not a copy of each of its members.
final class MockRequestPlan: Sendable {
    let endpoint: Endpoint
    /// Whether the body is read into named fields (JSON members, form items or parts): the
    /// endpoint has fields, or a whole form or multipart body.
    let readsFields: Bool
    /// How the body is written, so read: a whole body's as its `mimeType:` says, whatever the
    /// endpoint's encoding (``ParameterCodec/Body/writtenEncoding``, the writer's own decision:
    /// `encoding: form` with `_: { type: JSON, mimeType: application/json }` is JSON); else the
    /// endpoint's encoding.
    let bodyEncoding: Endpoint.BodyEncoding
    /// Whether a dictionary of headers takes the fields no parameter declared (then the fields a
    /// client sends by itself are taken out before it reads them).
    let readsOtherHeaders: Bool
    /// The fields a dictionary of headers does not take: a client's own and the spec's headers.
    let ownFields: [HTTPField.Name]
    /// The base media types the operation takes, lower-cased, in the document's order (a
    /// Swagger operation's `consumes`, an OpenAPI `requestBody`'s `content`); empty when it says
    /// none (a Netspec spec).
    let mediaTypes: [String]
    /// The name of the parameter a document declares for the `Content-Type` header (Docker's
    /// `ImageBuild`), whose value is the body's type.
    let contentTypeParameter: String?
    /// The query, form and part parameters the document lets be sent empty (`allowEmptyValue`).
    let emptyAllowed: [Parameter]
    /// The parameters whose `null` a binding would leave out, but whose schema may not take it:
    /// optional ones a document declares, not nullable, whose null is not sent.
    let nullChecked: Set<String>
    /// The binding's check of the endpoint's arguments, made once (``MockRequestPlans``).
    let argumentCheck: ArgumentCheck?
    /// The check that finds a valid request valid without binding it, when the endpoint's
    /// parameters are ones it covers (``QuickCheck``).
    let quickCheck: QuickCheck?

    /// The plan of `endpoint`, with the binding's `argumentCheck`, and with a quick check for a
    /// server that is `strict` or not (none for `nil`).
    init(endpoint: Endpoint, argumentCheck: ArgumentCheck? = nil, quickCheckFor strict: Bool? = nil) {
        self.endpoint = endpoint
        self.argumentCheck = argumentCheck
        let bodyEncoding = endpoint.parameters.lazy.compactMap { parameter in
            if case let .body(body) = parameter.codec { body.writtenEncoding } else { nil }
        }.first ?? endpoint.encoding
        self.bodyEncoding = bodyEncoding
        readsFields = endpoint.parameters.contains { parameter in
            switch parameter.codec {
            case .jsonMember, .formField, .part: true
            case .body: bodyEncoding != .json
            default: false
            }
        }
        let readsOtherHeaders = endpoint.parameters.contains { parameter in
            if case .header(.entries) = parameter.codec { true } else { false }
        }
        self.readsOtherHeaders = readsOtherHeaders
        ownFields = MockRequestReader.clientFields + endpoint.headers.compactMap { HTTPField.Name($0.name) }
        var types: [String] = []
        for type in endpoint.requestMediaTypes.map(MediaType.base(of:)) where !types.contains(type) { types.append(type) }
        let contentTypeHeader = endpoint.parameters.first { $0.location == .header && $0.wireName.lowercased() == "content-type" }
        // The values a document's `Content-Type` parameter allows are types the operation takes
        // too: Docker's `ImageBuild` declares `Content-type: application/x-tar` beside `consumes:
        // application/octet-stream`, and a call that gives the parameter sends its value.
        if let contentTypeHeader, !types.isEmpty {
            let allowed = (contentTypeHeader.allowedValues ?? []) + [contentTypeHeader.defaultValue].compactMap { $0 }
            for case let .string(value) in allowed where !types.contains(MediaType.base(of: value)) { types.append(MediaType.base(of: value)) }
        }
        mediaTypes = types
        let contentTypeParameter = contentTypeHeader?.name
        self.contentTypeParameter = contentTypeParameter
        let emptyAllowed = endpoint.parameters.filter(\.allowsEmptyValue)
        self.emptyAllowed = emptyAllowed
        nullChecked = Set(endpoint.parameters.filter { parameter in
            parameter.documentSchema != nil && parameter.type.isOptional && !parameter.isNullable && !parameter.sendsNull
        }.map(\.name))
        // What the quick check leaves to the full one: a `Content-Type` parameter, headers read
        // into a dictionary, values the document lets be sent empty, a strict server's unknown items.
        let covered = strict == false && contentTypeParameter == nil && !readsOtherHeaders && emptyAllowed.isEmpty
        quickCheck = covered ? QuickCheck(endpoint: endpoint) : nil
    }

    /// Whether the operation lists `mediaType` (a base type, lower-cased) among those it takes.
    func lists(_ mediaType: String) -> Bool {
        mediaTypes.contains { MediaType.covers($0, mediaType) }
    }

    /// The base type of a `Content-Type` value, lower-cased, without its parameters: the value
    /// itself when it is already one (`application/json`, as nearly every client sends it).
    static func baseType(of contentType: String) -> String {
        let isBare = contentType.utf8.allSatisfy { byte in
            byte != UInt8(ascii: ";") && byte != UInt8(ascii: " ") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        return isBare ? contentType : MediaType.base(of: contentType)
    }
}

/// Every endpoint's ``MockRequestPlan``, by endpoint name.
struct MockRequestPlans: Sendable {
    private let plans: [String: MockRequestPlan]

    /// The plans of the spec's endpoints, for a server that finds query items and members the
    /// spec does not declare problems when `strict`.
    init(spec: Spec, service: Service, strict: Bool) {
        var plans: [String: MockRequestPlan] = [:]
        for endpoint in spec.endpoints {
            plans[endpoint.name] = MockRequestPlan(endpoint: endpoint, argumentCheck: service.argumentCheck(for: endpoint), quickCheckFor: strict)
        }
        self.plans = plans
    }

    /// The endpoint's plan (made now for an endpoint the spec did not have at start).
    subscript(endpoint: Endpoint) -> MockRequestPlan {
        plans[endpoint.name] ?? MockRequestPlan(endpoint: endpoint)
    }
}
