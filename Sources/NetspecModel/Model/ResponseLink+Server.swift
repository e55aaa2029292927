extension ResponseLink {
    /// A link's `server` as written (Link Object → Server Object): its `url` and its `variables`,
    /// for its URL to be made with the variables a run sets (`netspec check --var region=us`,
    /// `Provider(variables:)`), each other one at its `default`, as the document's `servers` are.
    package struct Server: Sendable, Hashable {
        /// One of the server's `variables`.
        package struct Variable: Sendable, Hashable {
            /// Its name (its key in `variables`).
            package var name: String
            /// Its `default`; `nil` without one (which OpenAPI requires).
            package var defaultValue: String?
            /// Where its name is written.
            package var mark: Mark

            package init(name: String, defaultValue: String?, mark: Mark) {
                self.name = name
                self.defaultValue = defaultValue
                self.mark = mark
            }
        }

        /// The `url` as written (`https://{region}.api.example.com/v1`).
        package var url: String
        /// Its `variables`, in the document's order.
        package var variables: [Variable]
        /// The file it is written in.
        package var file: String
        /// Where its `url` is written.
        package var urlMark: Mark

        package init(url: String, variables: [Variable], file: String, urlMark: Mark) {
            self.url = url
            self.variables = variables
            self.file = file
            self.urlMark = urlMark
        }

        /// The URL with each `{variable}` at the value `value` gives it (a variable a run sets),
        /// else at its `default`; and, when a `{name}` is left in it, why it cannot be used: a
        /// variable without a `default` that `value` does not set, or a name that is no variable
        /// of the server (which nothing sets, as in the document's `servers`).
        package func resolved(_ value: (String) -> String?) -> (url: String, problem: String?) {
            let written = Self.bracedNames(url)
            var resolved = url
            var unset: [Variable] = []
            for variable in variables {
                guard let text = value(variable.name) ?? variable.defaultValue else {
                    if written.contains(variable.name) { unset.append(variable) }
                    continue
                }
                resolved = resolved.replacing("{\(variable.name)}", with: text)
            }
            let shown = BaseURLCheck.redacted(resolved)
            var reasons = unset.map { "'{\($0.name)}' is a server variable without a 'default' (\(file):\($0.mark)) that is not set" }
            for name in written where !variables.contains(where: { $0.name == name }) {
                reasons.append("'{\(name)}' is no variable of the server (\(file):\(urlMark))")
            }
            return (resolved, reasons.isEmpty ? nil : "its server URL '\(shown)' cannot be made: " + reasons.joined(separator: ", and "))
        }

        /// Whether its `url` has `{name}`.
        package func uses(_ name: String) -> Bool {
            Self.bracedNames(url).contains(name)
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
