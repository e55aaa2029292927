/// How long a test waits for what should come at once before it calls it a hang: 120 s. A safety
/// net, not something tested: a request's timeout in the integration tests, curl's `--max-time`
/// against the in-process servers, a watchdog that opens a gate.
///
/// Why so long: a full run on two cores starts ~3,700 test cases at once beside Python peers, CLI
/// children and gigabyte streams; for its first 25–40 s the machine is saturated (perf: 82% of both
/// cores in the test process's tree, NIO's loops 15% of it reading the large bodies), and a task
/// waits that long for a thread of the concurrency pool. At 30 s, requests in unrelated suites
/// timed out in one clean-clone run of three or so (2026-11-25); at 10 s, earlier, more often.
public let hangTimeout: Duration = .seconds(120)
