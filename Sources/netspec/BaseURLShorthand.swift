/// HTTPie's shorthand for local servers in `--base-url`: `:8080` and `:8080/api` mean
/// `http://localhost:8080…`, and a URL without a scheme (`localhost:8080`, `example.com/v1`)
/// gets `http://`. Anything with a scheme passes through unchanged.
enum BaseURLShorthand {
    static func expand(_ text: String) -> String {
        if text.hasPrefix(":") { return "http://localhost" + text }
        if text.contains("://") { return text }
        return "http://" + text
    }
}
