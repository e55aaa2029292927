/// Something told of the elements of a document's outer arrays while the document is parsed:
/// the array at the top, or an array that is a member of the object at the top (`{"data": […]}`).
///
/// It lets work on the elements (checking them against a schema on another core) run while the
/// parser reads the rest, instead of after the whole tree is built. The parser asks once per such
/// array, when it opens with at least one element; only one array is followed at a time.
protocol JSONElementObserver: AnyObject {
    /// Whether to be told of the elements of the array opening now.
    ///
    /// - Parameter key: `nil` for the array at the top; the member's name for an array that is
    ///   a member of the object at the top.
    func follows(arrayAt key: String?) -> Bool

    /// One element of the followed array, finished; `offset` is where its text ends in the input.
    func element(_ value: JSONValue, endingAt offset: Int)

    /// The followed array, closed: the value the parser builds from the elements it passed on.
    func closed(_ array: JSONValue)
}

extension JSONValue {
    /// Parses a JSON document as ``init(parsing:)`` does, telling `observer` of the elements of
    /// its outer arrays as each is finished.
    init(parsing bytes: [UInt8], observer: some JSONElementObserver) throws(JSONValue.ParseError) {
        self = try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONValue.ParseError) in try JSONParser.parse(buffer, observer: observer) }
        }.get()
    }
}
