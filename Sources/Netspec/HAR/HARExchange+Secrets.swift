#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NetspecModel

/// Whether a secret value seen after an entry was written could change the entry's text: how the
/// recorder's file knows when an entry it holds for good must be written again.
extension HARExchange {
    /// What `redaction` searches for secret values when the entry is written: the texts given to
    /// ``HARRedaction/text(_:)`` (the URL, header values, the failure, text bodies as
    /// ``HARRedaction/bodyInput(_:mimeType:)`` makes them) and the bodies given to
    /// ``HARRedaction/bytes(_:)``.
    func redactionInputs(_ redaction: HARRedaction) -> (texts: [String], bytes: [[UInt8]]) {
        var texts = [url] + requestHeaders.map(\.value) + responseHeaders.map(\.value)
        var bytes: [[UInt8]] = []
        if let failure { texts.append(failure) }
        for (body, type) in [(requestBody ?? [], requestType), (responseBody, responseType)] where !body.isEmpty {
            if let text = String(validating: body, as: UTF8.self) {
                texts.append(redaction.bodyInput(text, mimeType: type).text)
            } else {
                bytes.append(body)
            }
        }
        return (texts, bytes)
    }

    /// Whether hiding `values` too (new secrets, or known ones with another label) could change
    /// the entry as `redaction` writes it: one of them, in one of its forms (``SecretText``), is in what
    /// the redaction searches. Where a value could overlap a placeholder the redaction writes
    /// (``HARSecretTable/overlapsAPlaceholder(_:labels:)``), every entry is rendered again instead.
    func mayChange(by values: [String], _ redaction: HARRedaction) -> Bool {
        let inputs = redactionInputs(redaction)
        for value in values {
            let needles = SecretText.forms(of: value).map(\.text)
            for text in inputs.texts where needles.contains(where: { Self.text(text, contains: $0) }) { return true }
            for needle in needles {
                let bytes = Array(needle.utf8)
                for body in inputs.bytes where Self.bytes(body, contain: bytes) { return true }
            }
        }
        return false
    }

    /// `text.firstRange(of: needle)` as ``HARRedaction/text(_:)`` replaces it (by `Character`,
    /// canonical equivalence included), by bytes where both are ASCII.
    static func text(_ text: String, contains needle: String) -> Bool {
        guard needle.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.firstRange(of: needle) != nil }
        return bytes(Array(text.utf8), contain: Array(needle.utf8))
    }

    /// Whether `needle` is in `haystack` (`memchr` for its first byte, then `memcmp`).
    static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                let base = hay.baseAddress!, last = hay.count - pin.count
                var offset = 0
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                    let position = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + position, pin.baseAddress!, pin.count) == 0 { return true }
                    offset = position + 1
                }
                return false
            }
        }
    }
}

extension HARSecretTable {
    /// Whether `value`, in one of its forms (``SecretText``), could meet a placeholder in a text
    /// being redacted — inside one, around one, or running into or out of one (`[redacted: LABEL]`
    /// in any of the same forms), for any of `labels` — so that hiding it could change a text that
    /// does not hold it as it came.
    static func overlapsAPlaceholder(_ value: String, labels: some Sequence<String>) -> Bool {
        let forms = SecretText.forms(of: value).map { Array($0.text) }
        for label in labels {
            for form in SecretText.forms(of: HARRedaction.placeholder(label)).map({ Array($0.text) }) {
                if forms.contains(where: { overlap($0, form) }) { return true }
            }
        }
        return false
    }

    /// Whether one sequence holds the other, or an end of one is the start of the other.
    private static func overlap(_ value: [Character], _ placeholder: [Character]) -> Bool {
        let shorter = min(value.count, placeholder.count)
        guard shorter > 0 else { return false }
        for length in 1...shorter {
            if value.prefix(length).elementsEqual(placeholder.suffix(length)) || value.suffix(length).elementsEqual(placeholder.prefix(length)) { return true }
        }
        return String(placeholder).firstRange(of: String(value)) != nil || String(value).firstRange(of: String(placeholder)) != nil
    }
}
