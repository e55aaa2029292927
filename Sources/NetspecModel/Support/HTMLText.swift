/// Descriptions written in HTML (Stripe's: `<p>Creates a <code>Customer</code>.</p>`) as plain
/// text for a terminal or an agent: HTML's own tags out, paragraphs, line breaks and list items
/// as line breaks and bullets, character references decoded, `<code>` and links kept as their
/// text.
///
/// Only HTML's tag names are tags (`p`, `br`, `ul`, `li`, `code`, `a`, …): a text's other angle
/// brackets stay as they are written (`<api_key>`, `<currency>100</currency>`, GitHub's
/// `<owner>`). Whitespace is HTML's only when the text has a block tag (a paragraph, a line break,
/// a list): its runs are then one space, as a browser shows them; a Markdown text with an inline
/// `<code>` keeps its line breaks.
package enum HTMLText {
    /// `text` as plain text (unchanged when it has neither `<` nor `&`).
    package static func plain(_ text: String) -> String {
        guard text.contains(where: { $0 == "<" || $0 == "&" }) else { return text }
        var tokens: [Token] = []
        var index = text.startIndex
        var literal = ""
        func flush() {
            if !literal.isEmpty { tokens.append(.text(literal)) }
            literal = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let (tag, end) = Self.tag(in: text, at: index) {
                flush()
                tokens.append(tag)
                index = end
            } else if character == "&", let (decoded, end) = Self.reference(in: text, at: index) {
                literal += decoded
                index = end
            } else {
                literal.append(character)
                index = text.index(after: index)
            }
        }
        flush()
        let isHTML = tokens.contains { if case let .tag(name, _) = $0 { Self.block.contains(name) } else { false } }
        return isHTML ? render(tokens) : tokens.map { if case let .text(text) = $0 { text } else { "" } }.joined()
    }

    private enum Token {
        case text(String)
        case tag(String, closing: Bool)
    }

    /// Tags that end a line or a paragraph.
    private static let block: Set<String> = [
        "p", "br", "ul", "ol", "li", "div", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "tr", "dl", "dt", "dd",
    ]
    /// Tags whose text is kept as it is.
    private static let inline: Set<String> = [
        "a", "abbr", "b", "cite", "code", "del", "em", "i", "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup",
        "td", "th", "tt", "u", "var", "tbody", "thead",
    ]

    /// The text of HTML tokens: whitespace runs one space; paragraphs apart by a blank line; a
    /// line break a new line; list items `- ` (`1. ` in an ordered list), indented by depth.
    private static func render(_ tokens: [Token]) -> String {
        var lines: [String] = [""]
        var lists: [(ordered: Bool, count: Int)] = []
        var preformatted = 0
        func newLine() { if !lines[lines.count - 1].isEmpty { lines.append("") } }
        func paragraph() {
            newLine()
            if lines.count > 1, !lines[lines.count - 2].isEmpty { lines.append("") }
        }
        for token in tokens {
            switch token {
            case let .text(text) where preformatted > 0:
                let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
                lines[lines.count - 1] += parts[0]
                lines += parts.dropFirst().map(String.init)
            case let .text(text):
                var collapsed = ""
                for character in text {
                    if character.isWhitespace {
                        if !collapsed.hasSuffix(" ") { collapsed.append(" ") }
                    } else {
                        collapsed.append(character)
                    }
                }
                if lines[lines.count - 1].isEmpty || lines[lines.count - 1].hasSuffix(" ") { collapsed = String(collapsed.drop { $0 == " " }) }
                lines[lines.count - 1] += collapsed
            case .tag("br", _):
                lines.append("")
            case let .tag(name, closing) where name == "ul" || name == "ol":
                if closing { _ = lists.popLast() } else { lists.append((ordered: name == "ol", count: 0)) }
                if lists.isEmpty { paragraph() } else { newLine() }
            case .tag("li", closing: false):
                newLine()
                let depth = max(lists.count, 1)
                var bullet = "- "
                if !lists.isEmpty, lists[lists.count - 1].ordered {
                    lists[lists.count - 1].count += 1
                    bullet = "\(lists[lists.count - 1].count). "
                }
                lines[lines.count - 1] = String(repeating: "  ", count: depth - 1) + bullet
            case .tag("li", closing: true), .tag("tr", _), .tag("dt", _), .tag("dd", _):
                newLine()
            case let .tag("pre", closing):
                preformatted += closing ? -1 : 1
                paragraph()
            case let .tag(name, _) where block.contains(name):
                paragraph()
            case .tag:
                break
            }
        }
        var trimmed = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        return trimmed.joined(separator: "\n")
    }

    /// An HTML tag at `start` (`<p>`, `</code>`, `<a href="…">`, `<br/>`) and where it ends; `nil`
    /// for other angle brackets.
    private static func tag(in text: String, at start: String.Index) -> (Token, String.Index)? {
        var index = text.index(after: start)
        let closing = index < text.endIndex && text[index] == "/"
        if closing { index = text.index(after: index) }
        let nameStart = index
        while index < text.endIndex, text[index].isASCII, text[index].isLetter || text[index].isNumber { index = text.index(after: index) }
        let name = text[nameStart..<index].lowercased()
        guard block.contains(name) || inline.contains(name), index < text.endIndex else { return nil }
        // Attributes, up to the closing `>` (none of them holds `<`).
        guard text[index] == ">" || text[index] == "/" || text[index].isWhitespace,
            let end = text[index...].firstIndex(where: { $0 == ">" || $0 == "<" }), text[end] == ">"
        else { return nil }
        return (.tag(name, closing: closing), text.index(after: end))
    }

    /// A character reference at `start` (`&amp;`, `&#39;`, `&#x2019;`), decoded, and where it
    /// ends; `nil` when it is not one.
    private static func reference(in text: String, at start: String.Index) -> (String, String.Index)? {
        guard let end = text[start...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[text.index(after: start)..<end]
        let decoded: String?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        } else if body.hasPrefix("#") {
            decoded = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        } else {
            decoded = entities[String(body)]
        }
        return decoded.map { ($0, text.index(after: end)) }
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–", "hellip": "…",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™",
        "times": "×", "middot": "·", "bull": "•", "larr": "←", "rarr": "→", "le": "≤", "ge": "≥", "ne": "≠",
    ]
}
