/// The headers that frame a request's body, which netspec writes itself from the body (RFC 9112
/// §6.2, §6.3): one given by a spec or a call (`Transfer-Encoding: chunked`, `Content-Length: 3`)
/// would be dropped or contradict the body, so it is refused where it is given, not shown by
/// --dry-run beside the `Content-Length` that is sent.
package enum FramingHeaders {
    /// The names, lower-cased.
    package static let names: Set<String> = ["transfer-encoding", "content-length"]

    /// Why such a header is refused, after `header 'NAME' cannot be set: `.
    package static let reason = "netspec writes it itself from the body (RFC 9112 §6.2, §6.3)"

    /// What is wrong with giving a header of `name` (any case), or `nil`.
    package static func problem(withName name: String) -> String? {
        names.contains(name.lowercased()) ? "header '\(name)' cannot be set: \(reason)" : nil
    }
}
