import Foundation

/// The Python peers written by others (FastAPI, the `mcp` client; pinned in
/// Tests/Peers/requirements.txt), installed once into the venv `.build/peers` by
/// Tests/Peers/setup.sh, which the tests run when it is missing.
public enum Peers {
    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The venv's python after running Tests/Peers/setup.sh; `nil`, with the reason printed, when
    /// the peers cannot be installed (no network, no venv module).
    public static let python: String? = {
        let python = root + "/.build/peers/bin/python"
        let setup = Process()
        setup.executableURL = URL(fileURLWithPath: "/bin/bash")
        setup.arguments = [root + "/Tests/Peers/setup.sh"]
        let errors = Pipe()
        setup.standardError = errors
        setup.standardOutput = FileHandle.nullDevice
        do {
            try setup.run()
            setup.waitUntilExit()
        } catch {
            print("Python peer tests skipped: cannot run Tests/Peers/setup.sh: \(error)")
            return nil
        }
        guard setup.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: python) else {
            let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            print("Python peer tests skipped: Tests/Peers/setup.sh failed (status \(setup.terminationStatus)): \(reason)")
            return nil
        }
        return python
    }()
}
