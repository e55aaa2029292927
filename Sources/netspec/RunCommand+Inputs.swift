import ArgumentParser
import Netspec
import NetspecModel
import NetspecWorkflows

/// `netspec run`'s inputs: a JSON object on standard input, then each `--input name=text` (the
/// text converted to the type the workflow's inputs schema gives the input: integer, number,
/// boolean, else a string) or `--input name:=json` over it.
enum RunInputs {
    static func read(_ options: [String], standardInput: Terminal?, workflow: Workflow, components: ArazzoDocument.Components) throws -> [String: JSONValue] {
        var inputs: [String: JSONValue] = [:]
        // Where each name was given, for a name the inputs schema does not have.
        var givenBy: [String: String] = [:]
        if let standardInput, !standardInput.isTerminal {
            let bytes: [UInt8]
            do { bytes = try FileBytes.contents(ofDescriptor: standardInput.descriptor, limit: 16 << 20) } catch {
                throw CLIError.usage("error: cannot read the inputs from standard input: \(error)").report(raw: true)
            }
            if !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                let parsed: JSONValue
                do { parsed = try JSONValue(parsing: bytes) } catch {
                    throw CLIError.usage("error: standard input is not JSON (\(error)); give the inputs as a JSON object, such as {\"petId\": 1}").report(raw: true)
                }
                guard case let .object(object) = parsed else {
                    throw CLIError.usage("error: standard input must be the inputs as a JSON object, such as {\"petId\": 1}").report(raw: true)
                }
                for (name, value) in object {
                    inputs[name] = value
                    givenBy[name] = "standard input: member '\(name)'"
                }
            }
        }
        let types = Dictionary(workflow.inputList(components: components).map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        // An --input over standard input's member of the same name wins; two --input of one name
        // are refused, rather than the last winning without a word.
        for option in options {
            let name: String, value: JSONValue
            if let colon = option.firstRange(of: ":="), !option[..<colon.lowerBound].contains("=") {
                name = String(option[..<colon.lowerBound])
                do { value = try JSONValue(parsing: Array(option[colon.upperBound...].utf8)) } catch {
                    throw CLIError.usage("error: --input \(option): the value after ':=' is not JSON (\(error))").report(raw: true)
                }
            } else {
                guard let pair = NameValueOption(option) else { continue }
                name = String(pair.name)
                value = converted(String(pair.value), type: types[name] ?? "string")
            }
            if let earlier = givenBy[name], earlier.hasPrefix("--input ") {
                throw CLIError.usage("error: --input \(option): input '\(name)' is already given by \(earlier); give it once (a list as --input \(name):='[…]')").report(raw: true)
            }
            inputs[name] = value
            givenBy[name] = "--input \(option)"
        }
        try checkNames(givenBy, workflow: workflow, components: components)
        return inputs
    }

    /// Each name given must be an input of the workflow when its inputs schema names its
    /// properties and takes no others (``Workflow/takesOtherInputs(components:)``: an absent
    /// `additionalProperties` counts as `false`, as `netspec validate` checks the names a step
    /// passes), else a misspelt name would be dropped without a word: a usage error with a
    /// did-you-mean, every such name at once.
    private static func checkNames(_ givenBy: [String: String], workflow: Workflow, components: ArazzoDocument.Components) throws {
        guard !givenBy.isEmpty, !workflow.takesOtherInputs(components: components) else { return }
        let names = workflow.inputList(components: components).map(\.name)
        let unknown = givenBy.keys.filter { !names.contains($0) }.sorted()
        guard !unknown.isEmpty else { return }
        let id = workflow.workflowId.value
        let lines = unknown.map { name in
            let hint = Suggestions.hint(for: name, in: names)
            let has = names.isEmpty ? "it has none" : "its inputs are: " + names.joined(separator: ", ")
            return "error: \(givenBy[name]!): workflow '\(id)' has no input '\(name)'" + (hint.isEmpty ? " (\(has))" : hint)
        }
        throw CLIError.usage(lines.joined(separator: "\n")).report(raw: true)
    }

    /// Text as the schema's type: `1` for an integer, `true` for a boolean; text that does not
    /// read as the type stays text, for the schema check to name. Of a union (`null|integer`,
    /// `string|number`), each type the text reads as is tried in this order, whatever order the
    /// schema lists them in: integer, number, boolean, null (`null`), object or array (JSON),
    /// else the text as a string.
    static func converted(_ text: String, type: String) -> JSONValue {
        let types = Set(type.split(separator: "|").map { $0.hasPrefix("array") ? "array" : String($0) })
        if types.contains("integer") || types.contains("number"), let int = Int(text) { return .int(int) }
        if types.contains("number"), let double = Double(text), double.isFinite { return .double(double) }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains("null"), text == "null" { return .null }
        if types.contains("object") || types.contains("array"), let json = try? JSONValue(parsing: Array(text.utf8)) {
            switch json {
            case .object where types.contains("object"), .array where types.contains("array"): return json
            default: break
            }
        }
        return .string(text)
    }
}
