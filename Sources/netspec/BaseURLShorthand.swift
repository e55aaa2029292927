import ArgumentParser
import Netspec
import NetspecModel

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

/// A `--base-url` that is no base URL is a usage error (exit 64), as other bad options are, that
/// says what is wrong and where: `--base-url 'http://x/a#b': '#' (character 11) would start a
/// fragment, which a base URL cannot have`. A path or query needing escapes is a base URL: it is
/// percent-encoded (docs/cli.md, "The base URL").
///
/// The places said are counted in what was given (`::` is `http://localhost::`, whose port ':' is
/// at character 2), and credentials in it are never printed (`http://<redacted>@host`).
///
/// A `{stage}` in it, an OpenAPI server's placeholder, or a `${stage}`, is no variable: a base URL
/// given is sent as it is written, and was, percent-encoded (`http://x/%7Bstage%7D`) —
/// `--base-url 'http://x/{stage}': '{stage}' is no variable here: …`.
func validateBaseURL(_ text: String?) throws {
    guard let text else { return }
    if let problem = BaseURLCheck.bracedNameProblem(inGiven: text) {
        throw ValidationError("--base-url '\(BaseURL.redacted(text))': \(problem)")
    }
    let expanded = BaseURLShorthand.expand(text)
    guard let problem = BaseURL.problem(in: expanded, characterOffset: expanded.count - text.count) else { return }
    throw ValidationError("--base-url '\(BaseURL.redacted(text))': \(problem)")
}
