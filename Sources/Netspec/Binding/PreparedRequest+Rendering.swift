import HTTPTypes

/// Printing a prepared request, for `--dry-run` and `--curl`.
extension PreparedRequest {
    /// The request as an HTTP/1.1 message: `METHOD absolute-URL HTTP/1.1`, one `Name: value` line
    /// per header, a blank line, then the body — text as it is, binary bytes as `<N bytes>`, files
    /// as `<file PATH, N bytes>`, multipart bodies part by part.
    public var httpMessage: String {
        var text = "\(method.rawValue) \(url) HTTP/1.1\n"
        for (name, value) in fields.pairs { text += "\(name): \(value)\n" }
        text += "\n"
        switch body {
        case .empty:
            break
        case let .bytes(bytes):
            if let string = PrintableText.text(bytes) {
                text += string
            } else {
                text += "<\(bytes.count) bytes>"
            }
            text += "\n"
        case let .file(path, size):
            text += "<file \(path), \(size) bytes>\n"
        case let .multipart(body):
            text += body.summary()
        }
        return text
    }

    /// An equivalent curl command line, quoted for a POSIX shell.
    public var curlCommand: String {
        var words = ["curl"]
        switch method {
        // curl sends POST when given data, so a GET with a body says so.
        case .get: if !body.isEmpty { words += ["-X", "GET"] }
        case .head: words.append("--head")
        default: words += ["-X", method.rawValue]
        }
        words.append(Self.quote(url))
        for (name, value) in fields.pairs {
            // curl computes these itself (and a multipart boundary of its own); --compressed asks for compression.
            if FieldList.same(name, .contentLength) || FieldList.same(name, .acceptEncoding) { continue }
            if case .multipart = body, FieldList.same(name, .contentType) { continue }
            words += ["-H", Self.quote("\(name): \(value)")]
        }
        if fields[.acceptEncoding] != nil { words.append("--compressed") }
        switch body {
        case .empty:
            break
        case let .bytes(bytes):
            // Never print terminal control characters; such a body goes on standard input.
            if let string = PrintableText.text(bytes) {
                words += ["--data-raw", Self.quote(string)]
            } else {
                words += ["--data-binary", Self.quote("@-"), "# \(bytes.count) bytes of binary data on standard input"]
            }
        case let .file(path, _):
            words += ["--data-binary", Self.quote("@" + path)]
        case let .multipart(body):
            for part in body.parts {
                switch part.content {
                case let .file(path, _):
                    var spec = "\(part.name)=@\(path)"
                    if let filename = part.filename { spec += ";filename=\(filename)" }
                    if let type = part.contentType { spec += ";type=\(type)" }
                    words += ["-F", Self.quote(spec)]
                case let .bytes(bytes):
                    if let string = String(validating: bytes, as: UTF8.self), part.filename == nil, part.contentType == nil {
                        words += ["--form-string", Self.quote("\(part.name)=\(string)")]
                    } else if let string = String(validating: bytes, as: UTF8.self), part.filename == nil {
                        words += ["-F", Self.quote("\(part.name)=\(string);type=\(part.contentType ?? "text/plain")")]
                    } else {
                        words += ["-F", Self.quote("\(part.name)=@-" + (part.filename.map { ";filename=\($0)" } ?? "")), "# \(bytes.count) bytes on standard input"]
                    }
                }
            }
        }
        return words.joined(separator: " ")
    }

    /// `text` as one POSIX shell word: bare when safe, else in single quotes.
    static func quote(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=@,%+".unicodeScalars.contains(scalar))
        }
        if safe { return text }
        return "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
