/// Paths of the repository's files, found from this source file's location.
enum TestPaths {
    /// The repository root.
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// The `specs/` folder.
    static let specs = root + "/specs"
}
