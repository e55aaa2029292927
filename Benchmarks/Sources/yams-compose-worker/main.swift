// Times Yams' `compose` (a node tree) for netspec-bench, in its own process because Yams vendors
// libyaml under the same symbol names as the system library Netspec uses.
//
// Usage: yams-compose-worker FILE
// Each line "run" on standard input composes FILE once and answers "<nanoseconds> <nodes>".
// "quit" or the end of standard input ends the worker.
import Foundation
import Yams

#if canImport(Glibc)
import Glibc
#endif

func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func countNodes(_ node: Node) -> Int {
    switch node {
    case .scalar: return 1
    case let .mapping(mapping): return 1 + mapping.reduce(0) { $0 + countNodes($1.key) + countNodes($1.value) }
    case let .sequence(sequence): return 1 + sequence.reduce(0) { $0 + countNodes($1) }
    case .alias: return 1
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: yams-compose-worker FILE\n".utf8))
    exit(64)
}
let text: String
do {
    text = try String(contentsOfFile: arguments[1], encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("yams-compose-worker: \(error)\n".utf8))
    exit(1)
}

while let line = readLine() {
    guard line == "run" else { break }
    do {
        let start = monotonicNanoseconds()
        let node = try Yams.compose(yaml: text)
        let elapsed = monotonicNanoseconds() - start
        print("\(elapsed) \(node.map(countNodes) ?? 0)")
    } catch {
        print("error \(error)".replacingOccurrences(of: "\n", with: " "))
    }
    fflush(nil)
}
