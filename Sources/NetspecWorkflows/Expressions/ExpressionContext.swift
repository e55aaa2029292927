// What runtime expressions are evaluated against: the step's request and response, the running
// workflow's inputs and outputs, the outputs of the steps and workflows that have run, the
// sources, the components and `$self`. The runner fills it as a workflow runs; it is a plain
// value, cheap to copy (its dictionaries share storage until written).

package import HTTPTypes
package import NetspecModel

/// The values a runtime expression can name while a workflow runs.
package struct ExpressionContext: Sendable {
    /// A request or response: its headers, parameters and body.
    package struct Message: Sendable {
        /// The headers; `$response.header.NAME` reads them case-insensitively, several fields of
        /// one name joined by `, ` (the only value HTTP gives them).
        package var headers: HTTPFields
        /// The query parameters by name, as bound (a string, or an array for a repeated one).
        package var query: [String: JSONValue]
        /// The path parameters by name, as bound.
        package var path: [String: JSONValue]
        /// The body, or `nil` without one.
        package var body: Body?

        package init(headers: HTTPFields = [:], query: [String: JSONValue] = [:], path: [String: JSONValue] = [:], body: Body? = nil) {
            self.headers = headers
            self.query = query
            self.path = path
            self.body = body
        }
    }

    /// A body as an expression sees it.
    package enum Body: Sendable, Hashable {
        /// A JSON body, parsed: `body#/pointer` reads into it.
        case json(JSONValue)
        /// A text body (XML, plain text, a form): `body` is the string; a pointer cannot read it.
        case text(String, mediaType: String)
        /// Bytes that are not UTF-8 text.
        case bytes([UInt8], mediaType: String)

        /// A body received with `mediaType`: JSON (`application/json`, `+json`) parsed when it
        /// parses, else text when it is UTF-8, else bytes.
        ///
        /// `parsed` is the JSON the call already read from `bytes` (its result, when it is the
        /// whole body): a JSON body is then not parsed a second time.
        package init(bytes: [UInt8], mediaType: String, parsed: JSONValue? = nil) {
            let essence = MediaType.base(of: mediaType)
            let isJSON = essence == "application/json" || essence.hasSuffix("+json")
            if isJSON, let parsed {
                self = .json(parsed)
            } else if isJSON, let value = try? JSONValue(parsing: bytes) {
                self = .json(value)
            } else if let text = String(validating: bytes, as: UTF8.self) {
                self = .text(text, mediaType: essence)
            } else {
                self = .bytes(bytes, mediaType: essence)
            }
        }
    }

    /// The inputs and outputs of a workflow that has run, for `$workflows.ID.…`.
    package struct WorkflowValues: Sendable {
        package var inputs: [String: JSONValue]
        package var outputs: [String: JSONValue]

        package init(inputs: [String: JSONValue] = [:], outputs: [String: JSONValue] = [:]) {
            self.inputs = inputs
            self.outputs = outputs
        }
    }

    /// `$url`: the URL the step's request was sent to.
    package var url: String?
    /// `$method`: its method, `GET`.
    package var method: String?
    /// `$statusCode`: the status of its response.
    package var statusCode: Int?
    /// `$request.…`.
    package var request = Message()
    /// `$response.…`; `nil` before the step has a response.
    package var response: Message?
    /// `$inputs.…`: the running workflow's inputs.
    package var inputs: [String: JSONValue] = [:]
    /// `$outputs.…`: the running workflow's outputs set so far.
    package var outputs: [String: JSONValue] = [:]
    /// `$steps.ID.outputs.…`: the outputs of each step that has run, by step id.
    package var steps: [String: [String: JSONValue]] = [:]
    /// The steps that ran and did not succeed (an action took the run on): they have no outputs,
    /// and a reference to one says so rather than that the step has not run.
    package var unsuccessfulSteps: Set<String> = []
    /// `$workflows.ID.…`: each workflow that has run, by workflow id.
    package var workflows: [String: WorkflowValues] = [:]
    /// `$sourceDescriptions.NAME.…`: each source's fields (`name`, `url`, `type`) by name; the
    /// runner adds an entry per operation id or workflow id, which take priority (1.1).
    package var sourceDescriptions: [String: [String: JSONValue]] = [:]
    /// `$components.KIND.NAME`: the `components` object's inputs, parameters, successActions and
    /// failureActions, each as written.
    package var components: [RuntimeExpression.ComponentKind: [String: JSONValue]] = [:]
    /// `$self`: the document's `$self` (1.1), else the URL it was loaded from.
    package var selfURI: String?

    package init() {}
}
