extension Set<String> {
    /// Takes `name`, or when it is taken already the first of `name2`, `name3`, … that is not,
    /// and returns the one taken: a repeated operation name (the OpenAPI and Swagger readers) and
    /// a facade's Swift names (``SwiftIdentifier``) are numbered this way.
    package mutating func insertNumbered(_ name: String) -> String {
        var candidate = name
        var number = 2
        while contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        insert(candidate)
        return candidate
    }
}
