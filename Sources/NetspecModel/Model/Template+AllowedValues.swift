extension Template {
    /// The values a variable of the template may take (a server variable's `enum`), and where
    /// the variable is written.
    package struct Allowed: Sendable, Hashable {
        /// The values, in the document's order.
        package var values: [String]
        /// Where the variable is written: `file:line:column` of its name.
        package var place: String

        package init(values: [String], place: String) {
            self.values = values
            self.place = place
        }
    }

    /// A value given to a variable that is none of its ``allowedValues``.
    package struct DisallowedValue: Sendable, Hashable, CustomStringConvertible {
        /// The variable's name.
        package var name: String
        /// The value given.
        package var value: String
        /// What it may be.
        package var allowed: Allowed

        /// `server variable 'region' (api.yaml:9:9) is 'xx', which is not one of its 'enum' values: eu, us`.
        package var description: String {
            "server variable '\(name)' (\(allowed.place)) is '\(value)', which is not one of its 'enum' values: \(allowed.values.joined(separator: ", "))"
        }
    }

    /// The first variable, in the template's order, to which `lookup` gives a value that is none
    /// of its ``allowedValues``; `nil` when there is none. A value the template does not use is
    /// not one: a variable set nowhere, or set empty where it has a fallback, which it then takes
    /// (``resolve(_:keepingUnset:)``); the fallback (a server variable's `default`) is the
    /// document's own, warned about where it is read when it is none of them.
    package func disallowedValue(_ lookup: (String) -> String?) -> DisallowedValue? {
        guard !allowedValues.isEmpty else { return nil }
        for (name, fallback) in variableReferences {
            guard let allowed = allowedValues[name], let value = lookup(name), !(value.isEmpty && fallback != nil) else { continue }
            if !allowed.values.contains(value) { return DisallowedValue(name: name, value: value, allowed: allowed) }
        }
        return nil
    }
}
