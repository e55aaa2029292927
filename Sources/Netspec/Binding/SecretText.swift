import NetspecModel

/// The forms a secret takes in text, and text with every form of some secrets replaced: the one
/// notion of a secret's text that HAR recordings, `netspec run`'s traces and reports, and
/// `netspec mcp`'s workflow tools hide by.
///
/// A secret sent in a request, or echoed back by a server, appears in text as it is, or in one of
/// these forms (``Form``):
///
/// - percent-encoded as a query value (`%20` for a space, `%2B` for `+`), as netspec sends it;
/// - percent-encoded as a path segment (`:`, `@`, `+` and the other sub-delimiters kept, `/`
///   escaped), as netspec sends a path parameter (`12:AB CD` as `12:AB%20CD`);
/// - percent-encoded as a path with `/` and `%XX` escapes kept too, as netspec sends a base
///   URL's variable and an `allowReserved` path parameter (`a/b c` as `a/b%20c`);
/// - percent-encoded as a form value (`+` for a space), as an HTML form or a form body sends it;
/// - inside a JSON string, its `"`, `\` and control characters escaped (`\"`, `\\`, `\n`,
///   `\u001f`), as netspec writes JSON and most servers do;
/// - the same with `/` escaped as `\/` (PHP's `json_encode`);
/// - the same with characters beyond ASCII as `\u00e9` (Python's `json.dumps`), with or without
///   `\/` (PHP's default);
/// - the same with `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026` (Go's `encoding/json`).
/// - escaped twice, inside a JSON string inside a JSON string (`pa\\\"ss`: a JSON body echoed as
///   a string member, a message quoting a JSON value written as JSON again).
///
/// Only the forms that differ are kept: a secret of letters and digits has one. Each form is
/// replaced by the placeholder in the same form (or by the placeholder as it is, for a mask read
/// by people), every secret's longest form first, so that a form holding another is replaced
/// whole and no part of a secret survives.
package struct SecretText: Sendable {
    /// A way a secret is written into text.
    package enum Form: CaseIterable, Sendable {
        /// As it is.
        case raw
        /// Percent-encoded as a query value: space as `%20`.
        case query
        /// Percent-encoded as a path segment, as the request builder writes a Netspec spec's path
        /// parameter (``PercentEncoding/Style/pathSegment``): `:`, `@` and the sub-delimiters stay.
        /// (An OpenAPI `simple` path parameter is written as ``query`` is.)
        case pathSegment
        /// Percent-encoded as a path keeps it (``PercentEncoding/Style/reservedPath``): `/` and a
        /// `%XX` escape stay too. The request builder writes an `allowReserved` path parameter so,
        /// and a base URL's variable comes out the same (its text as it is, with what a URL
        /// cannot hold escaped), but for `?` and `#`, which a base URL keeps as its query and fragment.
        case reservedPath
        /// Percent-encoded as a form value: space as `+`.
        case form
        /// Inside a JSON string: `"`, `\` and control characters escaped.
        case json
        /// Inside a JSON string, `/` as `\/` too.
        case jsonEscapingSlash
        /// Inside a JSON string, characters beyond ASCII as `\uXXXX` too.
        case jsonASCII
        /// Inside a JSON string, `/` as `\/` and characters beyond ASCII as `\uXXXX` too.
        case jsonASCIIEscapingSlash
        /// Inside a JSON string, `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026` too.
        case jsonHTMLSafe
        /// Inside a JSON string inside a JSON string, escaped twice (`"` as `\\\"`): a JSON body
        /// echoed as a string member, a message quoting a JSON value written as JSON again.
        case jsonTwice

        /// `text` written in this form.
        package func apply(_ text: String) -> String {
            switch self {
            case .raw: text
            case .query: Self.percentEncoded(text, style: .query)
            case .pathSegment: Self.percentEncoded(text, style: .pathSegment)
            case .reservedPath: Self.percentEncoded(text, style: .reservedPath)
            case .form: Self.percentEncoded(text, style: .form)
            case .json: Self.jsonEscaped(text)
            case .jsonEscapingSlash: Self.jsonEscaped(text).replacing("/", with: "\\/")
            case .jsonASCII: Self.unicodeEscaped(Self.jsonEscaped(text)) { !$0.isASCII }
            case .jsonASCIIEscapingSlash: Self.unicodeEscaped(Self.jsonEscaped(text).replacing("/", with: "\\/")) { !$0.isASCII }
            case .jsonHTMLSafe: Self.unicodeEscaped(Self.jsonEscaped(text)) { $0 == "<" || $0 == ">" || $0 == "&" }
            case .jsonTwice: Self.jsonEscaped(Self.jsonEscaped(text))
            }
        }

        private static func percentEncoded(_ text: String, style: PercentEncoding.Style) -> String {
            var bytes: [UInt8] = []
            PercentEncoding.append(text, to: &bytes, style: style)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The text between the quotes of the JSON string netspec writes.
        private static func jsonEscaped(_ text: String) -> String {
            String(JSONValue.string(text).description.dropFirst().dropLast())
        }

        /// `text` with each scalar `escapes` picks written `\uXXXX` (UTF-16, lowercase hex).
        private static func unicodeEscaped(_ text: String, where escapes: (Unicode.Scalar) -> Bool) -> String {
            guard text.unicodeScalars.contains(where: escapes) else { return text }
            var escaped = ""
            for scalar in text.unicodeScalars {
                guard escapes(scalar) else {
                    escaped.unicodeScalars.append(scalar)
                    continue
                }
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            return escaped
        }
    }

    /// The distinct forms `secret` takes in text, in ``Form``'s order (the raw text first).
    package static func forms(of secret: String) -> [(form: Form, text: String)] {
        var seen: Set<String> = []
        return Form.allCases.compactMap { form in
            let text = form.apply(secret)
            return seen.insert(text).inserted ? (form, text) : nil
        }
    }

    /// Each form to find and what replaces it, the longest form first.
    package private(set) var replacements: [(form: String, replacement: String)]

    /// Hides each secret by its placeholder: each form of the value by the placeholder in the same
    /// form when `encodingPlaceholders` (a recording, which stays valid JSON and valid URLs), else
    /// by the placeholder as it is (a mask for people to read). A form two secrets share is
    /// replaced by the first one's placeholder.
    package init(_ secrets: some Sequence<(value: String, placeholder: String)>, encodingPlaceholders: Bool) {
        var found: Set<String> = []
        var replacements: [(form: String, replacement: String)] = []
        for (value, placeholder) in secrets where !value.isEmpty {
            for (form, text) in Self.forms(of: value) where found.insert(text).inserted {
                replacements.append((text, encodingPlaceholders ? form.apply(placeholder) : placeholder))
            }
        }
        // Stable: among forms of one length, the order given.
        self.replacements = replacements.enumerated().sorted { ($0.element.form.utf8.count, $1.offset) > ($1.element.form.utf8.count, $0.offset) }.map(\.element)
    }

    /// Hides every secret of `secrets` by the same mask (as it is, in every form).
    package init(_ secrets: [String], mask: String) {
        self.init(secrets.map { (value: $0, placeholder: mask) }, encodingPlaceholders: false)
    }

    /// Whether there is nothing to hide.
    package var isEmpty: Bool { replacements.isEmpty }

    /// `text` with every form of every secret replaced; a form that is not in the text costs one
    /// search (by bytes where both are ASCII), so a body is read once per form, never more.
    package func hiding(in text: String) -> String {
        var text = text
        for (form, replacement) in replacements where Self.text(text, contains: form) {
            text = text.replacing(form, with: replacement)
        }
        return text
    }

    /// `text.firstRange(of: needle) != nil`, by bytes where both are ASCII.
    package static func text(_ text: String, contains needle: String) -> Bool {
        HARExchange.text(text, contains: needle)
    }
}
