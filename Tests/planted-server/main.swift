// Serves the planted-fault server (`PlantedServer`: one fault per `netspec check` check) on a port
// of 127.0.0.1 until killed, and prints `PORT n` on its first line: for the Schemathesis comparison
// and the check benchmark, which need it as a process of its own.
import NetspecTestServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

try await PlantedServer.run { port in
    print("PORT \(port)")
    fflush(nil)
}
