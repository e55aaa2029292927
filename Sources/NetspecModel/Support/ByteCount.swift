/// A byte count for messages and limits: `1 byte`, `512 bytes`, `64 KiB`, `1.5 MiB`, `16 MiB`
/// (binary units, at most one decimal). The one way the library writes a size.
package struct ByteCount: CustomStringConvertible {
    /// The count.
    let bytes: Int
    /// Wraps a count.
    package init(_ bytes: Int) { self.bytes = bytes }

    package var description: String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return pluralized(bytes, "byte") }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
