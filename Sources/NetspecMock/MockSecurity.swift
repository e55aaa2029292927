#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Netspec
import NetspecModel

/// Whether a request carries what its operation's `security` asks, as Prism checks it: any one
/// alternative suffices, and an alternative needs each of its schemes — a bearer token
/// (`Authorization: Bearer …`, also OAuth 2 and OpenID Connect), basic credentials
/// (`Authorization: Basic` and base64 of `user:password`), an API key in its header, query item
/// or cookie. The values are not verified: a mock has no users. A scheme the mock cannot check
/// (HTTP Digest, a client certificate over plain HTTP) lets the request through, said in the
/// server's log.
enum MockSecurity {
    enum Outcome: Equatable {
        /// Let through; the schemes that could not be checked, by name.
        case allowed(unchecked: [String])
        /// A 401: the `WWW-Authenticate` challenges (RFC 9110 §11.6.1), and why.
        case denied(challenges: [String], detail: String)
    }

    static func check(_ endpoint: Endpoint, headers: HTTPFields, query: String?) -> Outcome {
        let alternatives = endpoint.securityAlternatives
        guard !alternatives.isEmpty else { return .allowed(unchecked: []) }
        var malformed: String?
        // The first alternative the request carries some of the schemes of, and those it lacks.
        var partial: (present: [SecurityRequirement], missing: [SecurityRequirement])?
        for alternative in alternatives {
            var unchecked: [String] = []
            var present: [SecurityRequirement] = []
            var missing: [SecurityRequirement] = []
            for requirement in alternative {
                switch verdict(requirement, headers: headers, query: query) {
                case .present: present.append(requirement)
                case .unchecked: unchecked.append(requirement.name)
                case .missing: missing.append(requirement)
                case let .malformed(why):
                    missing.append(requirement)
                    malformed = malformed ?? why
                }
            }
            if missing.isEmpty { return .allowed(unchecked: unchecked) }
            if partial == nil, !present.isEmpty { partial = (present, missing) }
        }
        var challenges: [String] = []
        for requirement in alternatives.joined() {
            guard let policy = requirement.policy else { continue }
            let challenge: String? = switch policy.scheme {
            case .bearer: #"Bearer realm="netspec mock""#
            case .basic: #"Basic realm="netspec mock""#
            case let .apiKey(location, name, _): #"ApiKey realm="netspec mock", in="\#(location)", name="\#(name)""#
            case .clientCertificate: nil
            }
            if let challenge, !challenges.contains(challenge) { challenges.append(challenge) }
        }
        // Each alternative's schemes are needed together (`and`), the alternatives are choices (`or`).
        let wanted = alternatives.map { alternative in
            alternative.compactMap { requirement in requirement.policy.map { "'\(requirement.name)' (\(describe($0.scheme)))" } }
        }.filter { !$0.isEmpty }
        let together = wanted.contains { $0.count > 1 }
        let detail = malformed ?? partial.map { partial in
            // Schemes needed together: say which the request carries and which it lacks.
            func named(_ requirements: [SecurityRequirement]) -> String {
                requirements.map { requirement in "'\(requirement.name)'" + (requirement.policy.map { " (\(describe($0.scheme)))" } ?? "") }.joined(separator: " and ")
            }
            return "the request carries \(named(partial.present)) but not \(named(partial.missing)), which its security needs together with it"
        } ?? "the request carries no credential its security accepts: "
            + wanted.map { $0.joined(separator: " and ") }.joined(separator: together ? ", or " : " or ")
        return .denied(challenges: challenges, detail: detail)
    }

    private enum Verdict {
        case present, missing, unchecked
        case malformed(String)
    }

    private static func verdict(_ requirement: SecurityRequirement, headers: HTTPFields, query: String?) -> Verdict {
        guard let policy = requirement.policy else { return .unchecked }
        switch policy.scheme {
        case .clientCertificate:
            return .unchecked
        case .bearer:
            guard let value = headers.scanned(.authorization) else { return .missing }
            if isBearer(value) { return .present }
            let (scheme, token) = split(value)
            guard scheme == "bearer" else { return .missing }
            return token.isEmpty ? .malformed("the Authorization header's Bearer token is empty") : .present
        case .basic:
            guard let value = headers.scanned(.authorization) else { return .missing }
            let (scheme, token) = split(value)
            guard scheme == "basic" else { return .missing }
            guard let decoded = Data(base64Encoded: token), String(decoding: decoded, as: UTF8.self).contains(":") else {
                return .malformed("the Authorization header's Basic credentials are not base64 of user:password")
            }
            return .present
        case let .apiKey(location, name, _):
            switch location {
            case .header:
                guard let field = HTTPField.Name(name), let value = headers.scanned(field), !value.isEmpty else { return .missing }
                return .present
            case .cookie:
                return hasCookie(name, in: headers[values: .cookie]) ? .present : .missing
            default:
                let items = ReceivedRequest.items(query ?? "")
                return items.contains { PercentEncoding.decoded($0.name, plusIsSpace: true) == name && !($0.value ?? "").isEmpty } ? .present : .missing
            }
        }
    }

    /// Whether the `Cookie` fields carry a cookie of exactly `name` with a value (RFC 6265 §4.2.1:
    /// `a=1; auth=x`); one sent empty (`auth=`, `auth=""`) is missing, as an empty header or
    /// query key is.
    static func hasCookie(_ name: String, in fields: [String]) -> Bool {
        fields.flatMap(ReceivedRequest.cookies).contains { cookie in
            guard cookie.name == name, var value = cookie.value else { return false }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return !value.isEmpty
        }
    }

    /// Whether an `Authorization` value is `Bearer` (in any case), one space and a token, as
    /// clients send it: read in place, where ``split(_:)`` would make three strings of it. Any
    /// other spelling is left to ``split(_:)``.
    static func isBearer(_ value: String) -> Bool {
        var bytes = value.utf8.makeIterator()
        for expected in "bearer".utf8 {
            // ASCII letters: lower-cased by setting the 0x20 bit.
            guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
        }
        guard bytes.next() == UInt8(ascii: " "), let first = bytes.next() else { return false }
        return first != UInt8(ascii: " ") && first != UInt8(ascii: "\t")
    }

    /// An `Authorization` value's scheme, lower-cased, and the rest.
    private static func split(_ value: String) -> (String, String) {
        let parts = value.trimmingSpaces().split(separator: " ", maxSplits: 1)
        return (parts.first.map { $0.lowercased() } ?? "", parts.count > 1 ? String(parts[1]).trimmingSpaces() : "")
    }

    private static func describe(_ scheme: AuthPolicy.Scheme) -> String {
        switch scheme {
        case .bearer: "a bearer token"
        case .basic: "basic credentials"
        case let .apiKey(location, name, _): "an API key in the \(location) \(name)"
        case .clientCertificate: "a client certificate"
        }
    }
}
