import Foundation
import NetspecTestServer
import Synchronization
import struct NIOConcurrencyHelpers.NIOLockedValueBox
import Testing
import Netspec
import NetspecTestSupport

/// 10,000 calls at concurrency 100 in one process: every response belongs to its own request
/// (the server echoes a per-call id), none is lost, and memory is flat afterwards.
///
/// Runs in a fresh process (see ``FreshProcess``) so that the resident size measured is this
/// load's alone.
@Suite struct LoadTests {
    static let childVariable = "NETSPEC_LOAD_CHILD"
    static var isChild: Bool { FreshProcess.isChild(childVariable) }
    static var canRun: Bool { !isChild && FreshProcess.isSupported }

    @Test(.enabled(if: LoadTests.canRun))
    func tenThousandCallsAtConcurrency100() async throws {
        let (status, output) = try await FreshProcess.run(filter: "LoadRunTests", marking: Self.childVariable)
        #expect(status == 0, "\(output)")
        #expect(output.contains("Test run with 1 test"), "\(output)")
    }
}

/// Runs only in the child process started by ``LoadTests``.
@Suite(.enabled(if: LoadTests.isChild)) struct LoadRunTests {
    static let spec = """
        netspec: 1
        service: Load
        endpoints:
          echo:
            GET: /echo/{id}
            params:
              id: Int
              tag: String
            returns: "(id: Int, tag: String)"
        """

    /// Answers `{"id": <the path's id>, "tag": <the query's tag>}` after a short, varying delay so
    /// that responses complete out of order.
    static let handler: TestHandler = { request, writer in
        let id = Int(request.path.split(separator: "/").last ?? "") ?? -1
        let tag = request.query?.split(separator: "=").last.map(String.init) ?? ""
        if id % 7 == 0 { try await Task.sleep(for: .milliseconds(id % 5)) }
        try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"id":\#(id),"tag":"\#(tag)"}"#)
    }

    /// Makes `count` calls with at most `concurrency` in flight; returns the number of responses
    /// that did not match their request, and the failures.
    static func run(_ api: Service, from start: Int, count: Int, concurrency: Int) async -> (mismatches: Int, failures: [String]) {
        let tally = Tally(next: start)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    while true {
                        let id = tally.next.add(1, ordering: .relaxed).oldValue
                        guard id < start + count else { return }
                        let tag = "t\(id * 31 % 1000)"
                        do {
                            let result = try await api.echo(id: id, tag: tag)
                            if result["id"]?.int != id || result["tag"]?.string != tag { tally.mismatches.add(1, ordering: .relaxed) }
                        } catch {
                            tally.failures.withLockedValue { $0.append("\(id): \(error)") }
                        }
                    }
                }
            }
        }
        return (tally.mismatches.load(ordering: .relaxed), tally.failures.withLockedValue { $0 })
    }

    /// Counters shared by the workers.
    final class Tally: Sendable {
        let next: Atomic<Int>
        let mismatches = Atomic(0)
        let failures = NIOLockedValueBox<[String]>([])
        init(next: Int) { self.next = Atomic(next) }
    }

    @Test func tenThousandCallsAreEachAnsweredByTheirOwnResponse() async throws {
        try await withTestServer(Self.handler) { server in
            let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: server.baseURL, options: .init(usesEnvironment: false)))

            // Warm up: connections, pools and allocator arenas reach their working size.
            let warmUp = await Self.run(api, from: 0, count: 2_000, concurrency: 100)
            #expect(warmUp.mismatches == 0 && warmUp.failures.isEmpty)
            let before = try #require(FreshProcess.memory("VmRSS"))

            let load = await Self.run(api, from: 100_000, count: 10_000, concurrency: 100)
            #expect(load.mismatches == 0)
            #expect(load.failures.isEmpty, "\(load.failures.prefix(5))")
            #expect(server.requestCount == 12_000)

            let after = try #require(FreshProcess.memory("VmRSS"))
            // Resident sizes mean nothing under ASan (quarantine, shadow memory).
            if !AddressSanitizer.isActive {
                #expect(after - before < 16 << 20, "resident memory grew by \(after - before) bytes over 10,000 calls")
            }
        }
    }
}
