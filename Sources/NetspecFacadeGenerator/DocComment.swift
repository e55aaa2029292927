import Netspec
import NetspecModel

/// The `///` comments of a facade, from a document's free text.
enum DocComment {
    /// The texts that are given, each trimmed of blank lines around it and of spaces at line
    /// ends, runs of blank lines made one, with one blank line between texts; a text equal to
    /// one before it is left out (a summary repeated as the description).
    static func paragraphs(_ texts: [String?]) -> [String] {
        var seen: [String] = []
        var lines: [String] = []
        for case let text? in texts {
            let normalized = normalize(text)
            guard !normalized.isEmpty, !seen.contains(normalized) else { continue }
            seen.append(normalized)
            if !lines.isEmpty { lines.append("") }
            lines += normalized.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines
    }

    /// The lines as `///` comment lines (`///` alone for a blank one).
    static func lines(_ lines: [String]) -> [String] {
        lines.map { $0.isEmpty ? "///" : "/// " + $0 }
    }

    /// A text's lines (HTML, as Stripe writes it, as plain text) with trailing spaces and surrounding blank lines removed and runs of blank lines made one.
    static func normalize(_ text: String) -> String {
        var lines: [String] = []
        for raw in HTMLText.plain(text).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = String(raw.reversed().drop(while: \.isWhitespace).reversed())
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// A parameter's entry in a `- Parameters:` list: its first line after the name, the others
    /// indented under it (blank lines left out: they would end the list).
    static func parameterEntry(name: String, text: String) -> [String] {
        let lines = normalize(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first else { return ["  - \(name):"] }
        return ["  - \(name): \(first)"] + lines.dropFirst().filter { !$0.isEmpty }.map { "    " + $0 }
    }
}
