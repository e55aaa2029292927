// Times OpenAPIKit 6.4.0 decoding an OpenAPI 3.1 document for netspec-bench (the `openapi`
// workload), in its own process.
//
// Usage: openapikit-worker FILE
// Each line "run" on standard input reads FILE and decodes it into `OpenAPI.Document` with
// Foundation's `JSONDecoder`, answering "<nanoseconds> <operations>". "quit" or the end of
// standard input ends the worker.
import Foundation
import OpenAPIKit

#if canImport(Glibc)
import Glibc
#endif

func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: openapikit-worker FILE\n".utf8))
    exit(64)
}

while let line = readLine() {
    guard line == "run" else { break }
    do {
        let start = monotonicNanoseconds()
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let document = try JSONDecoder().decode(OpenAPI.Document.self, from: data)
        let elapsed = monotonicNanoseconds() - start
        let operations = document.paths.values.reduce(0) { count, item in count + (item.pathItemValue?.endpoints.count ?? 0) }
        print("\(elapsed) \(operations)")
    } catch {
        print("error \(error)".replacingOccurrences(of: "\n", with: " "))
    }
    fflush(nil)
}
