import ArgumentParser
import Netspec

/// `netspec list SPEC`: one endpoint a line — name, method, path.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List a spec's endpoints, one a line: name, method, path."
    )

    @ArgumentParser.Argument(help: "The spec file.")
    var spec: String

    func run() throws {
        let spec = try loadSpec(self.spec)
        printWarnings(of: spec)
        try Terminal.standardOutput.emit(EndpointList(spec: spec).text())
    }
}

/// A spec's endpoints, one a line: name, method, path (`netspec list`, and `netspec call SPEC`).
struct EndpointList {
    let spec: Spec

    func text(indent: String = "") -> String {
        TextTable.render(spec.endpoints.map { [$0.name, $0.method.rawValue, $0.path.text] }, indent: indent)
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
