import Foundation

/// One folder under the system's temporary directory for the files a test process writes outside
/// a ``ScratchDirectory`` (spec files for child processes, reports, configuration homes), removed
/// when the process exits.
///
/// Each such file had a folder of its own in `/tmp`, never removed: a full run left about 500
/// (`netspec-cli-…`, `overlay-…`, a 7 MB copy of Stripe's document), and a day's runs thousands.
/// A process killed before it exits still leaves its one folder, `netspec-tests-XXXXXX`.
public enum ProcessTemporaryFolder {
    /// The process's folder, made on first use, without a trailing slash; an `atexit` handler
    /// removes it with everything in it.
    public static let path: String = {
        var template = Array((NSTemporaryDirectory() + "netspec-tests-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { preconditionFailure("cannot make a folder in \(NSTemporaryDirectory()): errno \(errno)") }
        atexit { try? FileManager.default.removeItem(atPath: ProcessTemporaryFolder.path) }
        return String(cString: made)
    }()

    /// A new, empty folder in ``path`` whose name begins with `prefix`: its path, without a
    /// trailing slash.
    public static func folder(_ prefix: String) throws -> String {
        let folder = path + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    /// A path in ``path`` where nothing is yet, for a file named `name` (in a folder of its own,
    /// not made: a test that needs a folder that does not exist uses it as one).
    public static func unusedPath(_ name: String) -> String {
        path + "/" + UUID().uuidString + "-" + name
    }
}
