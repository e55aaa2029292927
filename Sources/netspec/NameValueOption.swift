import ArgumentParser

/// An option given as `NAME=VALUE`, split at its first `=`: `--var NAME=VALUE`, `--server
/// SOURCE=URL`, `--input NAME=VALUE` (or `NAME:=JSON`) and `--pin HOST=sha256/BASE64`.
///
/// A command checks each in its `validate()` with ``checked(_:option:form:)``, so that one
/// without `=`, or with nothing before it, is a usage error (exit 64) that names the option and
/// its form; it splits it again, unchecked, where it uses it.
struct NameValueOption {
    /// What comes before the first `=` (for `NAME:=JSON`, the name and its `:`).
    let name: Substring
    /// What comes after the first `=`, possibly nothing.
    let value: Substring

    /// `text` split at its first `=`; nil when it holds none.
    init?(_ text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        name = text[..<equals]
        value = text[text.index(after: equals)...]
    }

    /// `text` split at its first `=`, or a usage error: `--input '=1' must be NAME=VALUE or
    /// NAME:=JSON: its NAME is empty`.
    ///
    /// - Parameters:
    ///   - option: the option's name, `--var`.
    ///   - form: how it is written, `NAME=VALUE`; its first word names the part before `=` in the
    ///     error, and a form that allows `NAME:=JSON` takes `:=` with nothing before it as empty too.
    static func checked(_ text: String, option: String, form: String) throws -> NameValueOption {
        // An empty name was taken without a word: a variable no spec can use, an input named ''
        // (any name passes a schema that takes other properties), a source named by the URL's text.
        let emptyNames = form.contains(":=") ? ["", ":"] : [""]
        if let pair = NameValueOption(text), !emptyNames.contains(String(pair.name)) { return pair }
        let word = form.prefix { $0.isLetter }
        throw ValidationError("\(option) '\(text)' must be \(form)" + (text.contains("=") ? ": its \(word) is empty" : ""))
    }
}
