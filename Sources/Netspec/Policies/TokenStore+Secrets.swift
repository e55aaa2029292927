import NIOConcurrencyHelpers
import NetspecModel

extension TokenStore {
    /// A secret the store holds, with the name that labels it where a recording hides it.
    package struct Secret: Sendable, Hashable {
        /// The secret text.
        package var value: String
        /// What the value is: the variable of the key it is stored under (`TOKEN` for
        /// `Items https://api.example.com TOKEN`), `token` for a key of another form, and for a
        /// token kept in an OAuth 2 record, the variable the record is beside and the member's
        /// name (`OAUTH refresh_token`).
        package var label: String
    }

    /// The secrets the store holds, for everything that masks them (a HAR file's redaction,
    /// `netspec run`'s `-v` lines and `--json` report): each stored value whole, and for a value
    /// that is a JSON object (the OAuth 2 record an OAuth login keeps under `VARIABLE#oauth`),
    /// each string member whose name ends in `token` (`refresh_token`, as `access_token` and
    /// `id_token` would be) — not its `flow` or `scope`, which are protocol words, not secrets,
    /// and masking them would mask a token request's `grant_type` and `scope`.
    ///
    /// A file store gives what its file held when it last read or wrote it (``TokenStore``'s
    /// comment says why), reading the file only the first time, and not at all when `readingFile`
    /// is `false` (a second store of a file the first has read: what was stored or read through
    /// it). Values shorter than `minimumLength` are left out (masking them would mask ordinary
    /// text); a value is listed once, with its first label in key order. `[]` for a store that
    /// cannot be listed (one of your own) or read.
    package func secrets(minimumLength: Int, readingFile: Bool = true) -> [Secret] {
        let entries: [String: String]
        switch backend {
        case let .memory(tokens): entries = tokens.withLockedValue { $0 }
        case let .file(file): entries = file.known(reading: readingFile)
        case .custom: return []
        }
        return madeSecrets.withLockedValue { made in
            if made.entries != entries { made = MadeSecrets(entries: entries) }
            if let secrets = made.secrets[minimumLength] { return secrets }
            let secrets = Self.secrets(of: entries, minimumLength: minimumLength)
            made.secrets[minimumLength] = secrets
            return secrets
        }
    }

    /// ``secrets(minimumLength:readingFile:)`` made from `entries`, kept by minimum length until
    /// the entries change.
    struct MadeSecrets: Sendable {
        var entries: [String: String] = [:]
        var secrets: [Int: [Secret]] = [:]
    }

    private static func secrets(of entries: [String: String], minimumLength: Int) -> [Secret] {
        var found: [Secret] = []
        var seen: Set<String> = []
        func add(_ value: String, _ label: String) {
            guard value.count >= minimumLength, seen.insert(value).inserted else { return }
            found.append(Secret(value: value, label: label))
        }
        for key in entries.keys.sorted() {
            let value = entries[key]!
            let words = key.split(separator: " ")
            let label = words.count >= 3 ? String(words[2]) : "token"
            add(value, label)
            guard case let .object(record)? = try? JSONValue(parsing: Array(value.utf8)) else { continue }
            let variable = label.hasSuffix(OAuthTokenRecord.variable("")) ? String(label.dropLast(OAuthTokenRecord.variable("").count)) : label
            for (name, member) in record where name.hasSuffix("token") {
                if let token = member.string { add(token, variable + " " + name) }
            }
        }
        return found
    }
}
