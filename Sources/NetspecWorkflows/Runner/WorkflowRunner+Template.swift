// Arazzo's "JSON Templated" payload (1.0.1 § 4.6.13 Request Body Object, its example): a JSON
// document written as a string, with runtime expressions in quoted strings —
// `payload: '{"petId": "{$inputs.pet_id}", "status": "placed"}'`. It is read as the JSON it is,
// and a string that is one embedded expression and nothing else takes that expression's value
// with its type (the number, the object), as the same payload written as YAML does; a string
// with text around its expressions stays a string with their values written in.

import NetspecModel

extension WorkflowRunner {
    /// `payload` as the JSON value it templates when it is a string holding a JSON object or
    /// array with embedded expressions and the body is JSON (`contentType` JSON or absent); else
    /// `nil`, and the payload is sent as it is written.
    static func templatedJSON(_ payload: ArazzoValue, contentType: String?) -> ArazzoValue? {
        guard payload.selector == nil, case let .string(text) = payload.json, text.unicodeScalars.first != "$", text.contains("{$"),
            contentType.map(MediaType.isJSON) ?? true,
            let parsed = try? JSONValue(parsing: Array(text.utf8))
        else { return nil }
        switch parsed {
        case .object, .array: return ArazzoValue(json: wholeExpressions(in: parsed), at: payload.mark, expressions: payload.expressions)
        default: return nil
        }
    }

    /// `json` with each string that is exactly `{$…}` written as the whole expression `$…`.
    private static func wholeExpressions(in json: JSONValue) -> JSONValue {
        switch json {
        case let .string(text):
            guard let template = try? ExpressionTemplate(embeddedIn: text), template.parts.count == 1,
                case let .embedded(expression) = template.parts[0]
            else { return json }
            return .string(expression.text)
        case let .array(items):
            return .array(items.map(wholeExpressions(in:)))
        case let .object(object):
            return .object(JSONObject(object.map { (key: $0.key, value: wholeExpressions(in: $0.value)) }))
        default:
            return json
        }
    }
}
