extension ResponseLink {
    /// A link's `server` (Link Object → Server Object), read as the document's `servers` are
    /// (`OpenAPIReader.serverTemplate`): its `url` as a ``Template`` whose `{variable}`s are
    /// `${variable:-default}` (`${variable}` without a default) and whose variables' `enum`s are
    /// its ``Template/allowedValues``, for a run to resolve with its variables as a call resolves
    /// the document's base URL (`netspec check --var region=us`, `Provider(variables:)`, the
    /// environment; then the `default`).
    package struct Server: Sendable, Hashable {
        /// One of the server's `variables` that has no `default`.
        package struct Variable: Sendable, Hashable {
            /// Its name (its key in `variables`).
            package var name: String
            /// Where its name is written.
            package var mark: Mark

            package init(name: String, mark: Mark) {
                self.name = name
                self.mark = mark
            }
        }

        /// The `url` as a template (`https://${region:-eu}.api.example.com/v1`).
        package var template: Template
        /// The `{name}`s in the `url` that are no variable of the server, kept in ``template`` as
        /// written: nothing sets them, as in the document's `servers`.
        package var undefinedNames: [String]
        /// Its `variables` without the `default` OpenAPI requires, in the document's order.
        package var variablesWithoutDefault: [Variable]
        /// The file it is written in.
        package var file: String
        /// Where its `url` is written.
        package var urlMark: Mark

        package init(template: Template, undefinedNames: [String], variablesWithoutDefault: [Variable], file: String, urlMark: Mark) {
            self.template = template
            self.undefinedNames = undefinedNames
            self.variablesWithoutDefault = variablesWithoutDefault
            self.file = file
            self.urlMark = urlMark
        }

        /// The URL with each variable at the value `value` gives it, else at its `default`, one
        /// without either written `{name}`, for messages.
        package func shown(_ value: (String) -> String?) -> String {
            let unset = Set(template.variableReferences.filter { $0.fallback == nil }.map(\.name))
            return (try? template.resolve { value($0) ?? (unset.contains($0) ? "{\($0)}" : nil) }) ?? template.text
        }

        /// Why the URL cannot be used with the values `value` gives the variables, `nil` when it
        /// can: a variable without a `default` that `value` does not set, a name that is no
        /// variable of the server, a value outside a variable's `enum`.
        package func problem(_ value: (String) -> String?) -> String? {
            let unset = template.variableReferences.filter { $0.fallback == nil && value($0.name) == nil }.map(\.name)
            var reasons = variablesWithoutDefault.filter { unset.contains($0.name) }.map {
                "'{\($0.name)}' is a server variable without a 'default' (\(file):\($0.mark)) that is not set"
            }
            reasons += undefinedNames.map { "'{\($0)}' is no variable of the server (\(file):\(urlMark))" }
            if let disallowed = template.disallowedValue(value) { reasons.append(disallowed.description) }
            guard !reasons.isEmpty else { return nil }
            return "its server URL '\(BaseURLCheck.redacted(shown(value)))' cannot be made: " + reasons.joined(separator: ", and ")
        }

        /// Whether its `url` has `{name}`.
        package func uses(_ name: String) -> Bool {
            template.variableNames.contains(name)
        }

        /// The warning about a variable without a `default`, given where it is written when the
        /// document is read; `netspec check` leaves it out when the run sets the variable
        /// (``uses(_:)``: the link is then followed with its value).
        package func missingDefaultWarning(_ variable: Variable, link: String) -> Spec.Warning {
            let used = uses(variable.name)
            return Spec.Warning(
                file: variable.mark.file ?? file, line: variable.mark.line, column: variable.mark.column,
                message: "server variable '\(variable.name)' of link '\(link)' has no 'default', which OpenAPI requires (Server Variable Object)"
                    + (used ? "; netspec check follows the link only when it is set: --var \(variable.name)=…" : "")
            )
        }

        /// The names in `{…}` in `text`, each once, in order.
        package static func bracedNames(_ text: String) -> [String] {
            var names: [String] = []
            var rest = text[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let name = String(rest[rest.index(after: open)..<close])
                if !names.contains(name) { names.append(name) }
                rest = rest[rest.index(after: close)...]
            }
            return names
        }
    }
}
