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
    /// groups, untagged ones come last).
    func text(indent: String = "") -> String {
        func row(_ endpoint: Endpoint) -> [String] { [endpoint.name, endpoint.method.rawValue, endpoint.path] }
        guard spec.endpoints.contains(where: { !$0.tags.isEmpty }) else {
            return TextTable.render(spec.endpoints.map(row), indent: indent)
        }
        var tags: [String] = []
        for endpoint in spec.endpoints {
            for tag in endpoint.tags where !tags.contains(tag) { tags.append(tag) }
        }
        var groups = tags.map { tag in (tag, spec.endpoints.filter { $0.tags.contains(tag) }) }
        let untagged = spec.endpoints.filter(\.tags.isEmpty)
        if !untagged.isEmpty { groups.append(("(no tag)", untagged)) }
        return groups.map { tag, endpoints in
            indent + tag + ":\n" + TextTable.render(endpoints.map(row), indent: indent + "  ")
        }.joined(separator: "\n")
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
