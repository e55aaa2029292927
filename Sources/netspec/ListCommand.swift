import ArgumentParser
import Netspec
import NetspecWorkflows

/// `netspec list SPEC`: one endpoint a line — name, method, path.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List a spec's endpoints, one a line: name, method, path (an Arazzo document's workflows: inputs, outputs, steps)."
    )

    @OptionGroup var fetching: DocumentFetchOptions
    @OptionGroup var overlaying: OverlayOptions

    @ArgumentParser.Argument(help: "The spec file, or an OpenAPI or Swagger document's http(s) URL.", completion: .specFile)
    var spec: String

    func run() async throws {
        if ArazzoDocument.isArazzo(path: spec) {
            let flows = try await WorkflowCommands.load(spec, fetching: fetching, overlaying: overlaying)
            try Terminal.standardOutput.emit(WorkflowCommands.list(flows))
            return
        }
        let spec = try await fetching.load(self.spec, overlaying: overlaying)
        printWarnings(of: spec)
        try Terminal.standardOutput.emit(EndpointList(spec: spec).text())
    }
}

/// A spec's endpoints, one a line: name, method, path (`netspec list`, and `netspec call SPEC`).
struct EndpointList {
    let spec: Spec

    /// One endpoint a line; when endpoints have tags (OpenAPI), grouped under each tag in the
    /// order tags first appear, as Restish lists operations (an endpoint with two tags is in both
    /// groups, untagged ones come last). A tag with an OpenAPI 3.2 `parent` is nested under it
    /// (the parent shown even when no endpoint has it), and a tag's `summary` and `kind` follow
    /// its name: `pets: Pets for sale (kind: nav)`.
    func text(indent: String = "") -> String {
        guard spec.endpoints.contains(where: { !$0.tags.isEmpty }) else {
            return TextTable.render(spec.endpoints.map(Self.row), indent: indent)
        }
        var tags: [String] = []
        for endpoint in spec.endpoints {
            for tag in endpoint.tags {
                // A tag's parents come before it, so each group's order is its first descendant's.
                for name in spec.ancestors(ofTag: tag).reversed() + [tag] where !tags.contains(name) { tags.append(name) }
            }
        }
        let roots = tags.filter { tag in spec.tag(named: tag)?.parent.map { !tags.contains($0) || spec.ancestors(ofTag: tag).contains(tag) } ?? true }
        var text = roots.map { group($0, among: tags, indent: indent, seen: []) }.joined(separator: "\n")
        let untagged = spec.endpoints.filter(\.tags.isEmpty)
        if !untagged.isEmpty { text += "\n" + indent + "(no tag):\n" + TextTable.render(untagged.map(Self.row), indent: indent + "  ") }
        return text
    }

    private static func row(_ endpoint: Endpoint) -> [String] { [endpoint.name, endpoint.method.rawValue, endpoint.path] }

    /// A tag's heading, its endpoints, then the tags nested under it, each further in.
    private func group(_ tag: String, among tags: [String], indent: String, seen: Set<String>) -> String {
        let declared = spec.tag(named: tag)
        var heading = indent + tag + ":"
        if let summary = declared?.summary { heading += " " + summary }
        if let kind = declared?.kind { heading += " (kind: \(kind))" }
        var text = heading + "\n" + TextTable.render(spec.endpoints.filter { $0.tags.contains(tag) }.map(Self.row), indent: indent + "  ")
        for child in tags where spec.tag(named: child)?.parent == tag && !seen.contains(child) && child != tag {
            text += group(child, among: tags, indent: indent + "  ", seen: seen.union([tag]))
        }
        return text
    }
}

/// Renders rows as left-aligned columns separated by two spaces.
enum TextTable {
    static func render(_ rows: [[String]], indent: String = "") -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var output = ""
        for row in rows {
            var line = indent
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            output += line + "\n"
        }
        return output
    }
}
