/// A link a response declares (OpenAPI 3.x, Link Object): an operation its answer can feed, and
/// how — each of the target's parameters and its request body as a runtime expression
/// (`$response.body#/id`) or a constant. `netspec check` follows links in its stateful phase;
/// the values are kept as written, for the runtime expression evaluator of a later stage.
package struct ResponseLink: Sendable, Hashable {
    /// The link's name (its key in the response's `links`).
    package var name: String
    /// `operationId` as written, when the link names its target so.
    package var operationId: String?
    /// `operationRef` as written (`#/paths/~1pets~1{petId}/get`), when the link names its target so.
    package var operationRef: String?
    /// The endpoint the link leads to, by ``Endpoint/name``; `nil` when its target is no
    /// operation of the document (warned about where the link is written).
    package var target: String?
    /// The target's parameters: a name (`petId`, or qualified by its location, `path.petId`)
    /// and its value, a runtime expression or a constant.
    package var parameters: [(name: String, value: JSONValue)]
    /// The target's request body: a runtime expression or a constant; `nil` when not given.
    package var requestBody: JSONValue?
    /// The `url` of the link's `server`, when it gives one: each `{variable}` at its `default`
    /// (a relative one, `/v2`, stays relative): ``writtenServer`` with no variable set.
    package var server: String? { writtenServer?.shown { _ in nil } }
    /// Why ``server`` cannot be used, when a `{name}` is left in it (a variable without a
    /// `default`, or no variable of the server; warned about at load): the link is not followed
    /// unless a run sets each such variable (``writtenServer``).
    package var serverProblem: String? { writtenServer?.problem { _ in nil } }
    /// The link's `server` as read, a template a run resolves with the variables it sets
    /// (``Server/template``).
    package var writtenServer: Server?
    /// The file it is written in.
    package var file: String
    /// Where in it: its name's line and column.
    package var mark: Mark

    /// A link named `name`, written at `mark` in `file`.
    package init(name: String, file: String, mark: Mark, parameters: [(name: String, value: JSONValue)] = []) {
        self.name = name
        self.file = file
        self.mark = mark
        self.parameters = parameters
    }

    /// Where it is written: `file:line:column` of its name.
    package var position: String { "\(file):\(mark)" }

    /// Whether two links are written alike; ``target`` is left out: it is found from the rest of
    /// the document, which a reading of one operation alone (`netspec call DOC OPERATION`) does not read.
    package static func == (lhs: ResponseLink, rhs: ResponseLink) -> Bool {
        lhs.name == rhs.name && lhs.operationId == rhs.operationId && lhs.operationRef == rhs.operationRef
            && lhs.parameters.map(\.name) == rhs.parameters.map(\.name) && lhs.parameters.map(\.value) == rhs.parameters.map(\.value)
            && lhs.requestBody == rhs.requestBody && lhs.writtenServer == rhs.writtenServer
            && lhs.file == rhs.file && lhs.mark == rhs.mark
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(mark)
    }
}
