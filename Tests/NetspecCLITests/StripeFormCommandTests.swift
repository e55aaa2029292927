import Foundation
import NetspecTestSupport
import Testing

/// Stripe's document from the command line: `validate` no longer says its `deepObject`
/// parameters are not sent, `--dry-run` shows them as Stripe's documentation writes them, and
/// `netspec mock` of the same document accepts what `netspec call` sends, `trial_end=now` and
/// `trial_end=41317483` alike.
@Suite struct StripeFormCommandTests {
    /// Stripe's document, unpacked from the repository's fixture once per run.
    static let document = Task {
        let path = ProcessTemporaryFolder.unusedPath("stripe.yaml")
        let result = try await ChildProcess.run("/bin/sh", ["-c", "gzip -dc \"$1\" > \"$2\"", "unpack", CLI.root + "/Tests/NetspecTests/Fixtures/real/stripe-spec3.yaml.gz", path])
        guard result.status == 0 else { throw CLIFailure(message: "unpacking Stripe's document: \(result.stderr)") }
        return path
    }

    struct CLIFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static let credentials = ["--var", "BASIC_AUTH_USER=sk_test_1", "--var", "BASIC_AUTH_PASSWORD="]

    @Test func validatePrintsOneWarning() async throws {
        let stripe = try await Self.document.value
        let result = try await CLI.run(["validate", stripe])
        #expect(result.status == 0)
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map { $0.replacing(stripe, with: "stripe.yaml") } == [
            "stripe.yaml:61413:9: warning: operation 'PostFiles': its server https://files.stripe.com is another origin than the document's, so its credentials are sent there only if that origin is allowed (--allow-origin https://files.stripe.com)",
        ])
    }

    @Test(arguments: [
        (["GetCustomers", "expand=data.tax", "expand=data.default_source", "created:={\"gte\":1700000000}"],
         "GET https://api.stripe.com/v1/customers?created%5Bgte%5D=1700000000&expand%5B%5D=data.tax&expand%5B%5D=data.default_source HTTP/1.1"),
        (["GetCustomers", "created=1700000000"], "GET https://api.stripe.com/v1/customers?created=1700000000 HTTP/1.1"),
        (["PostSubscriptions", "customer=cus_1", "trial_end=41317483", "expand=latest_invoice", "items:=[{\"price\":\"price_1\"}]"],
         "customer=cus_1&expand%5B%5D=latest_invoice&items%5B0%5D%5Bprice%5D=price_1&trial_end=41317483"),
        (["PostSubscriptions", "customer=cus_1", "trial_end=now"], "customer=cus_1&trial_end=now"),
    ])
    func dryRunWritesBracketNames(items: [String], line: String) async throws {
        let stripe = try await Self.document.value
        let result = try await CLI.run(["call", stripe] + items + Self.credentials + ["--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        // The request line, or the body after the head.
        #expect(result.stdout.hasPrefix(line + "\n") || result.stdout.hasSuffix("\n\n" + line + "\n"), "\(result.stdout)")
    }

    @Test func theMockAcceptsWhatTheCallSends() async throws {
        let stripe = try await Self.document.value
        let (mock, base) = try await MockCommandTests.start([stripe])
        let calls: [[String]] = [
            ["GetCustomers", "expand=data.tax", "created:={\"gte\":1700000000,\"lt\":1800000000}"],
            ["GetCustomers", "created=1700000000"],
            ["PostSubscriptions", "customer=cus_1", "items:=[{\"price\":\"price_1\",\"quantity\":2}]", "trial_end=now", "expand=latest_invoice"],
            ["PostSubscriptions", "customer=cus_1", "trial_end=41317483", "metadata:={\"order\":\"6735\"}"],
            ["PostSubscriptions", "customer=cus_1", "trial_end:=41317483"],
        ]
        var failure: (any Error)?
        do {
            for call in calls {
                let result = try await CLI.run(["call", stripe] + call + Self.credentials + ["--base-url", base])
                #expect(result.status == 0, "\(call): \(result.stderr)")
            }
        } catch {
            failure = error
        }
        mock.terminate()
        let log = await mock.wait().stderr.split(separator: "\n").drop { !$0.hasPrefix("Mocking ") }.dropFirst().map(String.init)
        if let failure { throw failure }
        #expect(log == [
            "GET /v1/customers?created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000&expand%5B%5D=data.tax 200 GetCustomers",
            "GET /v1/customers?created=1700000000 200 GetCustomers",
            "POST /v1/subscriptions 200 PostSubscriptions",
            "POST /v1/subscriptions 200 PostSubscriptions",
            "POST /v1/subscriptions 200 PostSubscriptions",
        ])
    }
}
