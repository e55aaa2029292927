/// How an array is written into a query or form body, from `format:`.
package struct ArrayFormat: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The name as written in a spec.
    package let rawValue: String

    /// The known value with this name, or `nil`.
    package init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(_ rawValue: String) { self.rawValue = rawValue }

    /// `a=1&a=2` (the default).
    package static let `repeat` = ArrayFormat("repeat")
    /// `a[]=1&a[]=2`.
    package static let brackets = ArrayFormat("brackets")
    /// `a=1,2`.
    package static let csv = ArrayFormat("csv")
    /// `a=1%202` (OpenAPI's `spaceDelimited`; not written in a Netspec spec yet).
    package static let spaces = ArrayFormat("spaces")
    /// `a=1%7C2` (OpenAPI's `pipeDelimited`; not written in a Netspec spec yet).
    package static let pipes = ArrayFormat("pipes")

    /// Every value, in the order a spec documents them (new ones may be added: switch with a `default`).
    package static let allCases: [ArrayFormat] = [.`repeat`, .brackets, .csv]

    /// The format's name as written after `format:`.
    package var description: String { rawValue }
}
