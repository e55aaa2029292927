// Serves the planted-fault server (`PlantedServer`: one fault per `netspec check` check) on a port
// of 127.0.0.1 until killed, and prints `PORT n` on its first line: for the Schemathesis comparison
// and the check benchmark, which need it as a process of their own. `--document` prints the
// document it breaks, `--faults` each planted fault as `OPERATION CHECK`, and exit.
//
// A static build (--static-swift-stdlib) sees its arguments only while nothing it links sets an
// environment variable in a C constructor: the static Swift runtime finds argv in its own
// constructor by walking back from `environ` on the stack, and a setenv that ran first (in link
// order, before the runtime's) has moved `environ` to the heap, so CommandLine.arguments came out
// empty and `--document` served. The tests' variables are therefore set by
// CNetspecTestEnvironment, which only the test bundle links, not by NetspecTestSupport's
// CNetspecSanitizers. Top-level async code has nothing to do with it: a sync program is the same.
import NetspecTestServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

switch CommandLine.arguments.dropFirst().first {
case "--document"?:
    print(PlantedServer.document)
case "--faults"?:
    for (operation, check) in PlantedServer.faults.sorted(by: { $0.key < $1.key }) { print(operation, check) }
case nil:
    try await PlantedServer.run { port in
        print("PORT \(port)")
        fflush(nil)
    }
case let other?:
    let message = Array("planted-server: unknown option '\(other)' (use --document, --faults, or nothing to serve)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(64)
}
