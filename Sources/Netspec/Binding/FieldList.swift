import HTTPTypes

/// Header fields being built for one request: an array with the replace-in-place rules of
/// `HTTPFields` (setting a name overwrites its first field where it stands and drops the others;
/// a new name is appended), turned into `HTTPFields` once at the end.
struct FieldList: Sendable {
    private(set) var fields: [HTTPField] = []

    init(capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    init(_ fields: HTTPFields) {
        self.fields = Array(fields)
    }

    /// The value of the first field with a name.
    subscript(name: HTTPField.Name) -> String? {
        get { fields.first { $0.name == name }?.value }
        set {
            guard let first = fields.firstIndex(where: { $0.name == name }) else {
                if let newValue { fields.append(HTTPField(name: name, value: newValue)) }
                return
            }
            if let newValue {
                fields[first] = HTTPField(name: name, value: newValue)
                if fields[(first + 1)...].contains(where: { $0.name == name }) {
                    fields = fields.enumerated().filter { $0.offset <= first || $0.element.name != name }.map(\.element)
                }
            } else {
                fields.removeAll { $0.name == name }
            }
        }
    }

    /// Sets a field only when none with its name is there yet.
    mutating func setIfAbsent(_ name: HTTPField.Name, _ value: String) {
        if !fields.contains(where: { $0.name == name }) { fields.append(HTTPField(name: name, value: value)) }
    }

    /// Adds a field, keeping any others with the same name.
    mutating func append(_ field: HTTPField) {
        fields.append(field)
    }

    /// Removes every field with a name.
    mutating func removeAll(named name: HTTPField.Name) {
        fields.removeAll { $0.name == name }
    }

    /// The fields as `HTTPFields`.
    var httpFields: HTTPFields {
        HTTPFields(fields)
    }

    /// The number of fields.
    var count: Int { fields.count }
}
