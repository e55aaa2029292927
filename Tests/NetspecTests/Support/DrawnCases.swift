import Foundation
import NetspecTestSupport
import Testing

/// The cases a differential test compares with a Python peer, as `Tests/Peers/NAME.py` prints
/// them: drawn by Tests/Peers/setup.sh into the venv (`.build/peers/NAME.json`) when that copy is
/// newer than the script, else drawn now.
enum DrawnCases {
    static func bytes(of script: String) async throws -> [UInt8] {
        let source = Peers.root + "/Tests/Peers/\(script).py"
        let drawn = Peers.root + "/.build/peers/\(script).json"
        let files = FileManager.default
        if let made = try? files.attributesOfItem(atPath: drawn)[.modificationDate] as? Date,
            let edited = try? files.attributesOfItem(atPath: source)[.modificationDate] as? Date, made > edited,
            let bytes = files.contents(atPath: drawn) {
            return Array(bytes)
        }
        let python = try #require(Peers.python, "the Python peers are not installed")
        let result = try await ChildProcess.run(python, [source])
        try #require(result.status == 0, "\(script).py failed: \(result.stderr)")
        return Array(result.stdout.utf8)
    }
}
