// An Arazzo Criterion Object (1.0.1 and 1.1.0), read from its strings and compiled once: a
// `simple` condition, a `regex` searched for in the context's value, a `jsonpath` query (RFC 9535,
// NetspecModel's engine) that passes when its nodelist is not empty, or an `xpath` expression (the
// 1.0 subset of XPath.swift) over an XML body. The type is a name or, in the Expression Type
// Object form, a name and a version; every listed version is read, each run by the one engine of
// its kind (see `Criterion.init`). Evaluation is in Criterion+Evaluation.swift.

import NetspecModel

/// A success criterion, compiled: what a step's `successCriteria` and an action's `criteria` hold.
///
/// ```swift
/// let criterion = try Criterion(condition: "$statusCode == 200")
/// let result = criterion.evaluate(in: context)
/// // result.passed == false; result.description == "criterion `$statusCode == 200` failed: actual 404"
/// ```
package struct Criterion: Sendable {
    /// The four kinds of condition.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case simple, regex, jsonpath, xpath
    }

    /// The versions the Expression Type Object names, by kind (1.0.1 and 1.1.0); the first is the default.
    package static let versions: [Kind: [String]] = [
        .jsonpath: ["rfc9535", "draft-goessner-dispatch-jsonpath-00"],
        .xpath: ["xpath-31", "xpath-30", "xpath-20", "xpath-10"],
    ]

    /// The condition as written.
    package let condition: String
    /// The context as written, `$response.body`.
    package let context: String?
    package let kind: Kind
    /// The version of the Expression Type Object form, as written.
    package let version: String?
    let compiled: Compiled

    enum Compiled: Sendable {
        case simple(Condition)
        case regex(Condition.Operand, Compilable<SchemaPattern>)
        case jsonpath(Condition.Operand, Compilable<JSONPath>)
        case xpath(Condition.Operand, Compilable<XPath>)
    }

    /// A condition compiled at load, or, when it embeds `{$…}` expressions, at each evaluation.
    enum Compilable<Compiled: Sendable>: Sendable {
        case ready(Compiled)
        case template(ExpressionTemplate)
    }

    /// Reads a Criterion Object's fields.
    ///
    /// - Parameters:
    ///   - condition: `condition`.
    ///   - context: `context`, a runtime expression (with `.name`/`[i]` de-references, as 1.1's
    ///     `$response.body.status`); required for every type but `simple`.
    ///   - type: `type` as a name, or the Expression Type Object's `type`; `nil` is `simple`.
    ///   - version: the Expression Type Object's `version`: for jsonpath `rfc9535` or
    ///     `draft-goessner-dispatch-jsonpath-00` (run by the RFC 9535 engine, which reads the
    ///     draft's queries but for its script expressions), for xpath `xpath-10`, `xpath-20`,
    ///     `xpath-30` or `xpath-31` (each run by the XPath 1.0 subset; the subset's boolean
    ///     conversion is the same in all four).
    /// - Throws: ``CriterionError`` saying which field is wrong, with the column for a condition or context.
    package init(condition: String, context: String? = nil, type: String? = nil, version: String? = nil) throws(CriterionError) {
        guard let kind = type.map(Kind.init(rawValue:)) ?? .simple else {
            throw .type("unknown criterion type '\(type ?? "")': expected simple, regex, jsonpath or xpath")
        }
        if let version {
            guard let known = Self.versions[kind] else { throw .type("a \(kind.rawValue) criterion has no version; the version names a jsonpath or xpath dialect") }
            guard known.contains(version) else {
                throw .type("unknown \(kind.rawValue) version '\(version)': expected \(known.joined(separator: ", "))")
            }
        }
        self.condition = condition
        self.context = context
        self.kind = kind
        self.version = version
        self.compiled = try Self.compile(condition, context: context, kind: kind)
    }

    private static func compile(_ condition: String, context: String?, kind: Kind) throws(CriterionError) -> Compiled {
        let operand = try context.map { text throws(CriterionError) in try Self.context(text) }
        if kind == .simple {
            // A context is checked but not used: the condition names its own values.
            do { return .simple(try Condition(condition)) } catch { throw .condition(error) }
        }
        guard let operand else { throw .type("a \(kind.rawValue) criterion needs a 'context', such as $response.body") }
        let template: ExpressionTemplate
        do { template = try ExpressionTemplate(embeddedIn: condition) } catch { throw .condition(error) }
        switch kind {
        case .jsonpath: return .jsonpath(operand, try compilable(template, JSONPath.compile))
        case .xpath: return .xpath(operand, try compilable(template, XPath.compile))
        default: return .regex(operand, try compilable(template, SchemaPattern.compile))
        }
    }

    /// A `context`: a runtime expression, with de-references.
    private static func context(_ text: String) throws(CriterionError) -> Condition.Operand {
        do {
            var parser = ConditionParser(Array(text.unicodeScalars))
            return try parser.parseContext()
        } catch {
            throw .context(error)
        }
    }

    private static func compilable<Compiled>(_ template: ExpressionTemplate, _ compile: (String) throws(ExpressionParseError) -> Compiled) throws(CriterionError) -> Compilable<Compiled> {
        guard template.isText else { return .template(template) }
        do { return .ready(try compile(template.text)) } catch { throw .condition(error) }
    }
}

/// A Criterion Object that cannot be compiled.
package enum CriterionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `type` or `version` is not one the specification lists, or a needed `context` is missing.
    case type(String)
    /// `context` is not a runtime expression.
    case context(ExpressionParseError)
    /// `condition` does not parse as its type.
    case condition(ExpressionParseError)

    package var description: String {
        switch self {
        case let .type(message): message
        case let .context(error): "context: \(error)"
        case let .condition(error): "condition: \(error)"
        }
    }
}

extension SchemaPattern {
    /// The pattern, or its syntax error at column 1 (the regex reader gives no column).
    static func compile(_ text: String) throws(ExpressionParseError) -> SchemaPattern {
        do { return try SchemaPattern(text) } catch { throw ExpressionParseError(column: 1, message: error.message) }
    }
}

extension JSONPath {
    static func compile(_ text: String) throws(ExpressionParseError) -> JSONPath {
        do { return try JSONPath(text) } catch { throw ExpressionParseError(column: error.column, message: error.message) }
    }
}
