/// Values written in an OpenAPI style (OpenAPI 3.1 §4.8.12.4, the table of §4.8.12.4.2): a path
/// segment or a header value in `simple`, `label` or `matrix`, arrays and objects included.
///
/// | style  | explode | string       | array                                 | object                   |
/// |--------|---------|--------------|---------------------------------------|--------------------------|
/// | simple | false   | `blue`       | `blue,black,brown`                    | `R,100,G,200,B,150`      |
/// | simple | true    | `blue`       | `blue,black,brown`                    | `R=100,G=200,B=150`      |
/// | label  | false   | `.blue`      | `.blue,black,brown`                   | `.R,100,G,200,B,150`     |
/// | label  | true    | `.blue`      | `.blue.black.brown`                   | `.R=100.G=200.B=150`     |
/// | matrix | false   | `;color=blue`| `;color=blue,black,brown`             | `;color=R,100,G,200,B,150` |
/// | matrix | true    | `;color=blue`| `;color=blue;color=black;color=brown` | `;R=100;G=200;B=150`     |
///
/// An empty value is `;color` in `matrix` and `.` in `label`. Each name and value is written by
/// `encode` (percent-encoded as a path segment, or as it is in a header).
extension Parameter.Style {
    func write(_ value: JSONValue, to output: inout [UInt8], encode: (String, inout [UInt8]) -> Void) {
        // The leading character of `label` and `matrix`, which also separates exploded items.
        let lead: UInt8? = name == "label" ? UInt8(ascii: ".") : name == "matrix" ? UInt8(ascii: ";") : nil
        let separator = explode ? lead ?? UInt8(ascii: ",") : UInt8(ascii: ",")
        func writeKey() {
            encode(key, &output)
            output.append(UInt8(ascii: "="))
        }
        switch value {
        case let .array(items):
            let present = items.filter { !$0.isNull }
            if lead == UInt8(ascii: ";"), explode {
                // `;color=blue;color=black`: the name before every item.
                for item in present {
                    output.append(UInt8(ascii: ";"))
                    writeKey()
                    encode(item.text, &output)
                }
                return
            }
            if let lead { output.append(lead) }
            if lead == UInt8(ascii: ";") { writeKey() }
            for (position, item) in present.enumerated() {
                if position > 0 { output.append(separator) }
                encode(item.text, &output)
            }
        case let .object(object):
            let members = object.filter { !$0.value.isNull }
            if explode {
                // `R=100,G=200` (simple), `.R=100.G=200` (label), `;R=100;G=200` (matrix).
                for (position, member) in members.enumerated() {
                    if let lead { output.append(lead) } else if position > 0 { output.append(separator) }
                    encode(member.key, &output)
                    output.append(UInt8(ascii: "="))
                    encode(member.value.text, &output)
                }
                return
            }
            if let lead { output.append(lead) }
            if lead == UInt8(ascii: ";") { writeKey() }
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                encode(member.key, &output)
                output.append(UInt8(ascii: ","))
                encode(member.value.text, &output)
            }
        default:
            let text = value.text
            if let lead { output.append(lead) }
            if lead == UInt8(ascii: ";") {
                encode(key, &output)
                if text.isEmpty { return }
                output.append(UInt8(ascii: "="))
            }
            encode(text, &output)
        }
    }

    /// The items of a non-exploded object in a query (`form`, `spaceDelimited`, `pipeDelimited`):
    /// names and values in turn, to be joined by the style's delimiter (`R,100,G,200`).
    static func flattened(_ value: JSONValue) -> JSONValue {
        guard case let .object(object) = value else { return value }
        var items: [JSONValue] = []
        for (key, member) in object where !member.isNull {
            items.append(.string(key))
            items.append(member.isContainer ? .string(member.text) : member)
        }
        return .array(items)
    }
}
