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
        if let standardInput, !standardInput.isTerminal {
            let bytes: [UInt8]
            do { bytes = try FileBytes.contents(ofDescriptor: standardInput.descriptor, limit: 16 << 20) } catch {
                throw CLIError.usage("error: cannot read the inputs from standard input: \(error)").report(raw: true)
            }
            if !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                guard case let .object(object)? = try? JSONValue(parsing: bytes) else {
                    throw CLIError.usage("error: standard input must be the inputs as a JSON object, such as {\"petId\": 1}").report(raw: true)
                }
                for (name, value) in object { inputs[name] = value }
            }
        }
        let types = Dictionary(workflow.inputList(components: components).map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        for option in options {
            if let colon = option.firstRange(of: ":="), !option[..<colon.lowerBound].contains("=") {
                let name = String(option[..<colon.lowerBound])
                guard let value = try? JSONValue(parsing: Array(option[colon.upperBound...].utf8)) else {
                    throw CLIError.usage("error: --input \(option): the value after ':=' is not JSON").report(raw: true)
                }
                inputs[name] = value
                continue
            }
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            inputs[parts[0]] = converted(parts[1], type: types[parts[0]] ?? "string")
        }
        return inputs
    }

    /// Text as the schema's type: `1` for an integer, `true` for a boolean; text that does not
    /// read as the type stays text, for the schema check to name.
    static func converted(_ text: String, type: String) -> JSONValue {
        let first = type.split(separator: "|").first.map(String.init) ?? type
        switch first {
        case "integer": return Int(text).map(JSONValue.int) ?? .string(text)
        case "number": return Int(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double) ?? .string(text)
        case "boolean": return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        case "object", "array": return (try? JSONValue(parsing: Array(text.utf8))) ?? .string(text)
        default: return .string(text)
        }
    }

    /// `text` with every secret (a `--var` value) shown as `<redacted>`.
    static func masked(_ text: String, _ secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacing($1, with: "<redacted>") }
    }
}
