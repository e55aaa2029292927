import Foundation
import NetspecTestSupport
import Testing

/// The files tests write for child processes go into one folder of the test process, removed
/// when it exits (a full run left about 500 folders in the system's temporary directory).
@Suite struct ProcessTemporaryFolderTests {
    @Test func foldersAndPathsAreInTheProcesssOneFolder() throws {
        let parent = ProcessTemporaryFolder.path
        #expect(parent.hasPrefix(NSTemporaryDirectory() + "netspec-tests-"))
        let first = try ProcessTemporaryFolder.folder("cli"), second = try ProcessTemporaryFolder.folder("cli")
        #expect(first != second)
        for folder in [first, second] {
            #expect(folder.hasPrefix(parent + "/cli-"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        }
        let unused = ProcessTemporaryFolder.unusedPath("report.json")
        #expect(unused.hasPrefix(parent + "/") && unused.hasSuffix("-report.json"))
        #expect(!FileManager.default.fileExists(atPath: unused))
    }
}
