// The queries a document writes, compiled at load as the runs compile them, so that a malformed
// one is refused by `netspec validate` (and `list`, `run`, `Workflows.load`) at its own
// file:line:column instead of failing mid-run after earlier steps changed the server: a Selector
// Object's `selector` (1.1) by its `type` — a JSONPath query (RFC 9535, NetspecModel's engine),
// an XPath expression (the subset of XPath.swift) or a JSON pointer (RFC 6901's syntax: empty, or
// `/` tokens whose `~` is `~0` or `~1`); a replacement's `target` by its `targetSelectorType`
// (when absent, `xpath` in an XML payload, else `jsonpointer`; an XPath target must select
// nodes); and a `regex`, `jsonpath` or `xpath` criterion's condition by `Criterion`, which the runs use, after its embedded `{$…}`
// expressions are checked as every other expression is (a condition with them is compiled at each
// evaluation, when their values are known). An AsyncAPI step, which does not run, has its queries
// read as written. A parse error's column counts from the start of the string as written, as
// an expression's does.

import NetspecModel

extension ReferenceChecker {
    /// A Selector Object's `selector`, parsed as its `type` says.
    mutating func checkSelector(_ selector: Selector, _ what: String) {
        guard compilesQueries, let problem = Self.queryProblem(selector.selector.value, type: selector.type) else { return }
        fail(selector.selector.mark, "\(what): the selector '\(selector.selector.value)' \(problem)")
    }

    /// A replacement's `target`, parsed as its `targetSelectorType` says (when absent, an XPath
    /// in an XML payload, `inXML`, else a JSON pointer: 1.1 § Payload Replacement Object); an
    /// XPath target is a location path (a union of them, a filtered one), which gives nodes to replace.
    mutating func checkTarget(_ replacement: RequestBody.Replacement, inXML: Bool, _ what: String) {
        guard compilesQueries else { return }
        let target = replacement.target, type = replacement.targetSelectorType ?? (inXML ? "xpath" : "jsonpointer")
        let what = "\(what): replacement '\(target.value)'"
        if let problem = Self.queryProblem(target.value, type: type) {
            fail(target.mark, "\(what): the target \(problem)")
        } else if type == "xpath", let xpath = try? XPath(target.value), !xpath.selectsNodes {
            fail(target.mark, "\(what): the XPath gives a value, not nodes: a target is a location path (/order/line, //item/@qty)")
        }
    }

    /// A criterion: its `context` an expression; a `simple` condition's expressions and grammar;
    /// a `regex`, `jsonpath` or `xpath` condition's embedded `{$…}` expressions, then the
    /// condition compiled by its type. In a workflow, what the expressions name is checked too;
    /// in the components (`workflow` `nil`), their grammar only.
    mutating func checkCriterion(_ criterion: ArazzoCriterion, in workflow: Workflow?, _ what: String) {
        let what = "\(what): criterion '\(CriterionResult.quoted(criterion.condition.value))'"
        let before = errors.count
        let texts = [criterion.context.map { ($0, ExpressionForm.context) }, (criterion.condition, criterion.type == "simple" ? .condition : .embedded)]
        for case let (text, form)? in texts {
            if let workflow { checkText(text, form: form, in: workflow, what) } else { checkGrammar(text, form: form, what) }
        }
        if errors.count == before { checkCondition(criterion, what) }
    }

    /// A criterion's condition compiled as the runs compile it (a `simple` one's grammar is
    /// ``checkExpressions(_:form:allowsMessage:)``'s).
    private mutating func checkCondition(_ criterion: ArazzoCriterion, _ what: String) {
        guard compilesQueries, criterion.type != "simple" else { return }
        do throws(CriterionError) {
            _ = try Criterion(condition: criterion.condition.value, context: criterion.context?.value, type: criterion.type, version: criterion.version)
        } catch {
            switch error {
            case let .condition(parse):
                // The regex reader's message names the pattern: "'^2(' is not a regular expression…".
                let problem = criterion.type == "regex" ? parse.message : Self.queryProblem(parse, type: criterion.type)
                fail(criterion.condition.mark, "\(what): the condition \(problem)")
            case let .context(parse):
                let context = criterion.context ?? criterion.condition
                fail(context.mark, "\(what): context '\(context.value)': \(parse)")
            case let .type(message):
                fail(criterion.condition.mark, "\(what): \(message)")
            }
        }
    }

    /// The components, which belong to no workflow: their expressions' grammar and their queries
    /// (what an expression names depends on the workflow that uses the component).
    mutating func checkComponents() {
        for (name, parameter) in document.components.parameters.sorted(by: { $0.value.line < $1.value.line }) {
            guard let value = parameter.value else { continue }
            let what = "components: parameter '\(name)'"
            if let selector = value.selector {
                checkGrammar(selector.context, form: .expression, what)
                checkSelector(selector, what)
            } else {
                for text in value.expressions { checkGrammar(text, form: .value, what) }
            }
        }
        let actions = document.components.successActions.map { ("successActions", $0) } + document.components.failureActions.map { ("failureActions", $0) }
        for (kind, (name, action)) in actions.sorted(by: { $0.1.value.line < $1.1.value.line }) {
            for criterion in action.criteria { checkCriterion(criterion, in: nil, "components: \(kind) '\(name)'") }
        }
    }

    /// The problems of one string's expressions, without what they name.
    private mutating func checkGrammar(_ text: Located<String>, form: ExpressionForm, _ what: String) {
        let scan = checkExpressions(text, form: form, allowsMessage: document.isVersion1_1)
        noteRequestReads(scan.expressions)
        for problem in scan.problems { fail(problem.mark, "\(what): \(problem.value)") }
    }

    /// What is wrong with `query` as a `type` query (`jsonpath`, `xpath`, else `jsonpointer`),
    /// said after the query's name ("is not a JSONPath query (RFC 9535): column 3: …"), or `nil`.
    static func queryProblem(_ query: String, type: String) -> String? {
        switch type {
        case "jsonpath":
            do { _ = try JSONPath(query) } catch { return queryProblem(ExpressionParseError(column: error.column, message: error.message), type: type) }
        case "xpath":
            do throws(ExpressionParseError) { _ = try XPath(query) } catch { return queryProblem(error, type: type) }
        default:
            return jsonPointerProblem(query)
        }
        return nil
    }

    /// A parse error of a `jsonpath` or `xpath` query, said after the query's name.
    private static func queryProblem(_ error: ExpressionParseError, type: String) -> String {
        type == "xpath" ? "is not in the XPath subset Netspec runs: \(error)" : "is not a JSONPath query (RFC 9535): \(error)"
    }

    /// What is wrong with `pointer` by RFC 6901's syntax, or `nil`: it is empty (the whole value)
    /// or `/`-separated tokens, in which `~` is written `~0` and `/` is written `~1`.
    static func jsonPointerProblem(_ pointer: String) -> String? {
        guard pointer.isEmpty || pointer.hasPrefix("/") else {
            let fragment = pointer.hasPrefix("#") ? " (a URI fragment's '#' is not written here)" : ""
            return "is not a JSON pointer (RFC 6901): it starts with '/' (/items/0/id), or is empty for the whole value\(fragment)"
        }
        let scalars = Array(pointer.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "~" {
            guard index + 1 < scalars.count, scalars[index + 1] == "0" || scalars[index + 1] == "1" else {
                return "is not a JSON pointer (RFC 6901): column \(index + 1): '~' is followed by '0' or '1' ('~0' is '~', '~1' is '/')"
            }
        }
        return nil
    }
}
