import HTTPTypes
import NetspecModel

/// Printing a prepared request, for `--dry-run` and `--curl`.
extension PreparedRequest {
    /// The request as an HTTP/1.1 message: `METHOD absolute-URL HTTP/1.1`, one `Name: value` line
    /// per header, a blank line, then the body — text as it is, binary bytes as `<N bytes>`, files
    /// as `<file PATH, N bytes>`, multipart bodies part by part.
    ///
    /// A request from ``Service/prepare(_:_:options:)`` has no credentials yet (the call attaches
    /// them as it sends): the message shows where the endpoint's `auth:` puts them, as references
    /// to their variables (`Authorization: Bearer ${TOKEN}`), never their values.
    public var httpMessage: String {
        guard let shown = withPendingAuthShown() else { return httpMessage(hiding: nil) }
        return shown.request.httpMessage(hiding: shown.sources)
    }

    /// The request with the credentials the call will attach written as `${NAME}` references, and
    /// the sources that print them so; `nil` when there are none to show (no `auth:`, or the
    /// request carries a credential of its own).
    private func withPendingAuthShown() -> (request: PreparedRequest, sources: SecretSources)? {
        guard let auth = pendingAuth else { return nil }
        var request = self
        var shown: [AuthPolicy] = []
        // Each scheme of a requirement needing several, unless the request carries it already.
        for policy in auth.policies {
            let interceptor = AuthInterceptor(policy: policy)
            guard !interceptor.carriesCredential(request),
                  let credentials = try? AuthInterceptor.resolve(policy, variables: .references, endpoint: endpointName),
                  let authorized = try? interceptor.apply(credentials, to: request) else { continue }
            request = authorized
            shown.append(policy)
        }
        return shown.isEmpty ? nil : (request, SecretSources(auth: shown))
    }

    /// The HTTP/1.1 message with the secrets `sources` names shown as `<redacted>`, or as their
    /// `${NAME}` reference when the variable is not set (`--dry-run` without `--show-secrets`).
    package func httpMessage(hiding sources: SecretSources?) -> String {
        let shownURL = sources?.shown(url: url, base: unsetBaseURL) ?? url
        var text = "\(method.rawValue) \(shownURL) HTTP/1.1\n"
        for (name, value) in http1Fields { text += "\(name): \(sources?.shown(header: name, value) ?? value)\n" }
        text += "\n"
        switch body {
        case .empty:
            break
        case let .bytes(bytes):
            if let sources, !sources.redactor.fieldNames.isEmpty, PrintableText.text(bytes) != nil {
                text += sources.redactor.body(body, contentType: headerFields[.contentType])
            } else if let string = PrintableText.text(bytes) {
                text += string
            } else {
                text += "<\(bytes.count) bytes>"
            }
            text += "\n"
        case let .file(path, size):
            text += "<file \(path), \(size) bytes>\n"
        case let .fileRange(path, offset, length):
            text += "<file \(path), bytes \(offset)-\(offset + length - 1), \(length) bytes>\n"
        case let .multipart(body):
            text += body.summary()
        }
        return text
    }

    /// An equivalent curl command line, quoted for a POSIX shell (with `-g` when the URL holds
    /// `[`, `]`, `{` or `}`, which curl would read as globbing).
    ///
    /// As in ``httpMessage``, the credentials the call will attach are shown where they go, as
    /// shell references the shell expands: `-H "Authorization: Bearer ${TOKEN}"`, `-u
    /// "${USER}:${PASS}"`, an API key's query item inside a double-quoted URL.
    public var curlCommand: String {
        guard let shown = withPendingAuthShown() else { return curlCommand(hiding: nil) }
        return shown.request.curlCommand(hiding: shown.sources)
    }

    /// The curl command with the values `sources` names written as shell references (`"Bearer
    /// ${TOKEN}"`, `-u "${USER}:${PASS}"`) that expand where the variables are set, and secret
    /// parameters as `<redacted>`, so that the command can be shared (`--curl` without `--show-secrets`).
    ///
    /// `options` (curl's own, such as `--max-time 5`) go before the trailing comment that says
    /// what the command reads from standard input, so the comment never swallows them.
    package func curlCommand(hiding sources: SecretSources?, options: [String] = []) -> String {
        var words = ["curl"]
        var notes: [String] = []
        switch method {
        // curl sends POST when given data, so a GET with a body says so.
        case .get: if !body.isEmpty { words += ["-X", "GET"] }
        case .head: words.append("--head")
        default: words += ["-X", method.rawValue]
        }
        // curl reads `[…]` and `{…}` in a URL as its globbing ranges and sets, and refuses the URL
        // ("bad range"): -g (--globoff) sends it as it is.
        // (A base URL's variable set nowhere, which the shell expands, is none: ``UnsetBaseURL``.)
        let globbed = sources?.curlGlobbedURL(url, base: unsetBaseURL) ?? url
        if globbed.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
            words.append("-g")
        }
        if let quoted = sources?.curlURL(url, base: unsetBaseURL) {
            // The whole URL in double quotes, so that the shell expands the references in it.
            words.append(quoted)
        } else {
            words.append(Self.quote(url))
        }
        for (name, value) in http1Fields {
            // curl computes the length itself (and a multipart boundary of its own); --compressed
            // asks for compression as Netspec does by default. Another Accept-Encoding (a
            // profile's, -H: `identity`, `br`) goes as -H, which curl sends instead of its own.
            let fieldName = HTTPField.Name(name)
            if fieldName == .contentLength || fieldName == .acceptEncoding && value == RequestBuilder.acceptEncoding { continue }
            if case .multipart = body, fieldName == .contentType {
                // curl's -F sends multipart/form-data; another type (multipart/mixed, a charset)
                // goes with -H, and curl adds a boundary of its own to it.
                if let type = Self.curlMultipartType(value) { words += ["-H", Self.quote("\(name): \(type)")] }
                continue
            }
            if let sources {
                if let word = sources.curlWord(header: name, value) {
                    words += ["-H", word]
                } else if let user = sources.curlUser {
                    words += ["-u", user]
                }
            } else {
                words += ["-H", Self.quote("\(name): \(value)")]
            }
        }
        // curl decodes the answer (whatever the -H above asked for) as Netspec does.
        if headerFields.contains(.acceptEncoding) { words.append("--compressed") }
        switch body {
        case .empty:
            break
        case let .bytes(bytes):
            // Never print terminal control characters; such a body goes on standard input.
            if let sources, !sources.redactor.fieldNames.isEmpty, PrintableText.text(bytes) != nil {
                words += ["--data-raw", Self.quote(sources.redactor.body(body, contentType: headerFields[.contentType]))]
            } else if let string = PrintableText.text(bytes) {
                words += ["--data-raw", Self.quote(string)]
            } else {
                words += ["--data-binary", Self.quote("@-")]
                notes.append("\(bytes.count) bytes of binary data on standard input")
            }
        case let .file(path, _):
            words += ["--data-binary", Self.quote("@" + path)]
        case let .fileRange(path, offset, length):
            // curl has no option for part of a file: the range comes from dd on standard input.
            words += ["--data-binary", Self.quote("@-")]
            notes.append("the body is bytes \(offset)-\(offset + length - 1) of \(path): "
                + "dd if=\(Self.quote(path)) iflag=skip_bytes,count_bytes skip=\(offset) count=\(length) status=none | curl …")
        case let .multipart(body):
            // Under another type than multipart/form-data, curl heads each part `Content-Disposition:
            // attachment; name=…`: each part's own line, as Netspec sends it, goes in its `headers=`.
            let isFormData = headerFields[.contentType].map { MediaType.base(of: $0) == "multipart/form-data" } ?? true
            for part in body.parts {
                let disposition = isFormData ? nil : body.headerLines(for: part)[0]
                Self.curlWords(for: part, disposition: disposition, hiding: sources, into: &words, notes: &notes)
            }
        }
        words += options
        if !notes.isEmpty { words.append("# " + notes.joined(separator: "; ")) }
        return words.joined(separator: " ")
    }

    /// A multipart part as curl's `-F`/`--form-string` words; a part curl cannot read from a file
    /// or the command line goes on standard input, said in `notes`. `disposition`, when given, is
    /// the part's `Content-Disposition` line, which curl then sends instead of its own (`-F
    /// …;headers=`; `--form-string` takes none, so a text part is a `-F` one).
    private static func curlWords(
        for part: PreparedRequest.Multipart.Part, disposition: String?, hiding sources: SecretSources?, into words: inout [String], notes: inout [String]
    ) {
        let headers = disposition.map { ";headers=\(formWord($0))" } ?? ""
        switch part.content {
        case let .fileRange(path, offset, length):
            words += ["-F", Self.quote("\(part.name)=@-" + headers)]
            notes.append("part '\(part.name)' is bytes \(offset)-\(offset + length - 1) of \(path), on standard input")
        case let .file(path, _):
            var spec = "\(part.name)=@\(formWord(path))"
            if let filename = part.filename { spec += ";filename=\(formWord(filename))" }
            if let type = part.contentType { spec += ";type=\(type)" }
            words += ["-F", Self.quote(spec + headers)]
        case let .bytes(bytes):
            let isSecret = sources?.redactor.fieldNames.contains(part.name) ?? false
            if isSecret, disposition == nil {
                words += ["--form-string", Self.quote("\(part.name)=\(Redactor.mask)")]
            } else if isSecret {
                words += ["-F", Self.quote("\(part.name)=\(formValue(Redactor.mask))" + headers)]
            } else if let string = PrintableText.text(bytes), part.filename == nil, part.contentType == nil, disposition == nil {
                words += ["--form-string", Self.quote("\(part.name)=\(string)")]
            } else if let string = PrintableText.text(bytes), part.filename == nil {
                let type = part.contentType.map { ";type=\($0)" } ?? ""
                words += ["-F", Self.quote("\(part.name)=\(formValue(string))\(type)" + headers)]
            } else {
                words += ["-F", Self.quote("\(part.name)=@-" + (part.filename.map { ";filename=\(formWord($0))" } ?? "") + headers)]
                notes.append("part '\(part.name)': \(bytes.count) bytes on standard input")
            }
        }
    }

    /// A multipart body's `Content-Type` as curl's `-H` gives it, without the boundary (curl adds
    /// its own), or `nil` for a bare `multipart/form-data`, which `-F` sends by itself.
    static func curlMultipartType(_ value: String) -> String? {
        // The parameters, split at `;` outside quoted strings.
        var pieces: [String] = []
        var piece = ""
        var isQuoted = false
        var isEscaped = false
        for character in value {
            if isEscaped {
                isEscaped = false
            } else if isQuoted, character == "\\" {
                isEscaped = true
            } else if character == "\"" {
                isQuoted.toggle()
            } else if character == ";", !isQuoted {
                pieces.append(piece)
                piece = ""
                continue
            }
            piece.append(character)
        }
        pieces.append(piece)
        let kept = pieces.map { $0.trimmingSpaces() }.enumerated().filter { index, piece in
            index == 0 || !piece.isEmpty && piece.split(separator: "=", maxSplits: 1).first.map { $0.trimmingSpaces().lowercased() } != "boundary"
        }.map(\.element)
        if kept.count == 1, MediaType.base(of: kept[0]) == "multipart/form-data" { return nil }
        return kept.joined(separator: "; ")
    }

    /// A file name or value inside curl's `-F` word: double-quoted (`\` and `"` escaped) when it
    /// holds what `-F` reads as its own syntax (`;` before a `type=`/`filename=`, `,` between
    /// files, a quote), as curl's manual says; as it is otherwise.
    static func formWord(_ text: String) -> String {
        guard text.contains(where: { $0 == ";" || $0 == "," || $0 == "\"" || $0 == "\\" }) else { return text }
        return quotedFormWord(text)
    }

    /// A text part's value inside `-F`: as ``formWord(_:)``, and double-quoted too when it starts
    /// with what `-F` reads as a file (`@`, `<`) or a nested multipart (`(`, `)`), starts or ends
    /// with white space (which `-F` trims from a bare value), or is empty.
    static func formValue(_ text: String) -> String {
        guard let first = text.first, let last = text.last, !"@<()".contains(first), !first.isWhitespace, !last.isWhitespace else {
            return quotedFormWord(text)
        }
        return formWord(text)
    }

    private static func quotedFormWord(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// The URL with each query item's value replaced by `transform(name, value)` (name decoded,
    /// value as written); the rest of the URL passes through `escape`.
    static func mapQueryItems(_ url: String, escaping escape: (String) -> String = { $0 }, _ transform: (String, String) -> String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return escape(url) }
        let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { return escape(String(item)) }
            let name = String(pieces[0])
            return escape(name) + "=" + transform(name.percentDecoded ?? name, String(pieces[1]))
        }
        return escape(String(url[...mark])) + items.joined(separator: "&")
    }

    /// The decoded names of the URL's query items.
    static func queryItemNames(_ url: String) -> [String] {
        guard let mark = url.firstIndex(of: "?") else { return [] }
        return url[url.index(after: mark)...].split(separator: "&").map { item in
            let name = String(item.split(separator: "=", maxSplits: 1).first ?? "")
            return name.percentDecoded ?? name
        }
    }

    /// `text` as one POSIX shell word: bare when safe, else in single quotes.
    package static func quote(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=@,%+".unicodeScalars.contains(scalar))
        }
        if safe { return text }
        return "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
