/// How a Netspec spec writes arrays in a query or a form body: `format: repeat | brackets | csv`.
package struct ArrayFormat: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The name as written in a spec.
    package let rawValue: String

    /// The known value with this name, or `nil`.
    package init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(_ rawValue: String) { self.rawValue = rawValue }

    /// `a=1&a=2` (the default): OpenAPI's `form` exploded.
    package static let `repeat` = ArrayFormat("repeat")
    /// `a[]=1&a[]=2`: a form of its own.
    package static let brackets = ArrayFormat("brackets")
    /// `a=1,2`: OpenAPI's `form` not exploded.
    package static let csv = ArrayFormat("csv")

    /// Every value, in the order a spec documents them.
    package static let allCases: [ArrayFormat] = [.`repeat`, .brackets, .csv]

    /// The format's name as written after `format:`.
    package var description: String { rawValue }

    /// The codec's form of arrays for this format.
    var arrays: ParameterCodec.Items.Arrays {
        switch self {
        case .brackets: .brackets
        case .csv: ParameterCodec.Items(style: .form, explode: false).arrays
        default: ParameterCodec.Items(style: .form, explode: true).arrays
        }
    }
}
