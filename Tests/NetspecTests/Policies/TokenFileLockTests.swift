import Foundation
import Testing

@testable import Netspec
import NetspecTestSupport

/// Stores on one token file, each with its own in-process lock (as separate processes have),
/// changing it at the same time: every change is kept, since each reads, changes and writes the
/// file under the `flock` of `FILE.lock`.
@Suite struct TokenFileLockTests {
    @Test func storesSharingAFileLoseNoUpdate() async throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/state/tokens.json"
        let stores = 6, writes = 40
        let failures = try await onOwnThread { () -> [String] in
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: stores) { index in
                let store = TokenStore(file: path)
                do {
                    for write in 0..<writes { try store.setToken("t\(write)", for: "Service\(index) http://127.0.0.1:1 OAUTH") }
                } catch {
                    failures.append("\(index): \(error)")
                }
            }
            return failures.all
        }
        #expect(failures.isEmpty, "\(failures)")
        let stored = try TokenStore(file: path).entries()
        #expect(stored.count == stores, "\(stored)")
        #expect(stored.values.allSatisfy { $0 == "t\(writes - 1)" }, "\(stored)")
        var info = stat()
        #expect(stat(path + ".lock", &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
}

/// Failures collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    func append(_ failure: String) { lock.withLock { failures.append(failure) } }
    var all: [String] { lock.withLock { failures } }
}
