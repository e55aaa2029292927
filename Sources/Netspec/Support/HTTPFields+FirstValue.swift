import HTTPTypes

extension HTTPFields {
    /// The value of the first field with this name, without joining repeated fields (which the
    /// subscript does, at a cost, on every read).
    func firstValue(for name: HTTPField.Name) -> String? {
        for field in self where field.name == name { return field.value }
        return nil
    }
}

extension HTTPFields {
    /// The value of a field by a name in any case, as HTTP reads it (repeated fields joined with
    /// `, `, `; ` for `Cookie`); `nil` when there is none or the name is not a valid field name.
    /// `Set-Cookie`, whose lines cannot be joined (RFC 9110 §5.3; an `Expires` date holds a comma),
    /// is its first line. What `Response.header(_:)` and NetspecTesting's
    /// `PreparedRequest.header(_:)` answer.
    package func value(named name: String) -> String? {
        guard let name = HTTPField.Name(name) else { return nil }
        return name == .setCookie ? firstValue(for: name) : self[name]
    }

    /// The value of each field of a name in any case, in the order they came, none joined
    /// (`self[values:]`); empty when there is none or the name is not a valid field name. What
    /// `Response.headerValues(_:)` answers.
    package func values(named name: String) -> [String] {
        HTTPField.Name(name).map { self[values: $0] } ?? []
    }
}

extension HTTPFields {
    /// `self[name]` read by a scan of the fields: a look-up by name makes `HTTPFields` build an
    /// index of every name first, dearer than a scan of the few fields a message has (the mock's
    /// hot path; a workflow step's answer). The fields of a name sent more than once are joined
    /// as `self[name]` joins them.
    package func scanned(_ name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            if found != nil { return self[name] }
            found = field.value
        }
        return found
    }

    /// `self[values: name].joined(separator:)` read by a scan of the fields (``scanned(_:)``).
    package func scannedValues(_ name: HTTPField.Name, joinedBy separator: String) -> String {
        var joined: String?
        for field in self where field.name == name {
            joined = joined.map { $0 + separator + field.value } ?? field.value
        }
        return joined ?? ""
    }

    /// Whether a field of the name is there, found by a scan (``scanned(_:)``).
    package func holds(_ name: HTTPField.Name) -> Bool {
        contains { $0.name == name }
    }
}
