/// A check an answer is held to, under the name Schemathesis gives it, so that reports compare
/// (`docs/check.md` gives each one's rule and the OpenAPI or RFC text it rests on).
public enum CheckName: String, Sendable, Hashable, CaseIterable, Comparable {
    /// No answer has a 5xx status.
    case notAServerError = "not_a_server_error"
    /// Each status is one the operation declares (or covered by a range or `default`).
    case statusCodeConformance = "status_code_conformance"
    /// Each `Content-Type` is one the matched response declares.
    case contentTypeConformance = "content_type_conformance"
    /// Each header the matched response requires is there, and each declared one fits its schema.
    case responseHeadersConformance = "response_headers_conformance"
    /// Each JSON body fits the matched response's schema.
    case responseSchemaConformance = "response_schema_conformance"
    /// A request the document forbids is not answered 2xx.
    case negativeDataRejection = "negative_data_rejection"
    /// A request the document allows is not answered 400, 415 or 422.
    case positiveDataAcceptance = "positive_data_acceptance"
    /// A request without a required header parameter is answered 4xx.
    case missingRequiredHeader = "missing_required_header"
    /// A method a path does not declare is answered 405.
    case unsupportedMethod = "unsupported_method"
    /// A 405's `Allow` lists the methods the path declares.
    case allowHeaderConformance = "allow_header_conformance"
    /// A secured operation sent without credentials, or with a wrong one, is not answered 2xx.
    case ignoredAuth = "ignored_auth"
    /// A resource a stateful sequence created (2xx) is not answered 404 when read right after.
    case ensureResourceAvailability = "ensure_resource_availability"
    /// A resource a stateful sequence deleted (2xx) is answered 404 or 410 when read again.
    case useAfterFree = "use_after_free"
    /// An answer comes within ``CheckOptions/maxResponseTime`` (held only when that is set).
    case maxResponseTime = "max_response_time"

    /// The checks in the order reports list them.
    public static func < (lhs: CheckName, rhs: CheckName) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
