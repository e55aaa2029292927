import NIOConcurrencyHelpers
import Netspec
import NetspecMock
import NetspecModel
import NetspecWorkflows

// What `netspec run` (and a workflow tool of `netspec mcp`) makes per source: the provider with
// the profile read for that source's document, the secret values that traces and reports mask,
// and with `--mock --stateful` an in-process stateful mock server per source.

extension RunCommand {
    /// A provider per OpenAPI source (those of Arazzo sources included), by its address
    /// (`NAME`, `ARAZZO.NAME`: ``Workflows/address(ofSource:)``), with `profile` read for that
    /// source's document: a profile's variables and headers are by service, so the first source's
    /// would not set the others'. Empty without a profile (the run's provider serves all).
    static func sourceProviders(
        for flows: Workflows, profile: String?, variables: [String], mock: Bool, mockServer: Bool = false, noCache: Bool, baseURL: String? = nil,
        recording: HARSettings = HARSettings(), recorder: HARRecorder? = nil, proxy: Provider.Options.Proxy = .environment
    ) throws -> [String: Provider] {
        guard let name = profileName(profile) else { return [:] }
        let (options, transport) = try providerSettings(mock: mock, mockServer: mockServer, noCache: noCache, recording: recording, proxy: proxy)
        var providers: [String: Provider] = [:]
        for (source, spec) in allSources(of: flows) {
            providers[source] = try makeProvider(
                profile: name, spec: spec, baseURL: baseURL, variables: netspec.variables(from: variables), options: options, transport: transport,
                wireInterceptors: recorder.map { [$0] } ?? [], tokenStore: commandLineTokenStore)
        }
        return providers
    }

    /// What every provider of a run is made with (``provider(for:profile:variables:mock:mockServer:noCache:baseURL:recording:recorder:proxy:)``
    /// and ``sourceProviders(for:profile:variables:mock:mockServer:noCache:baseURL:recording:recorder:proxy:)``):
    /// the HTTP cache (none when recording or replaying: every call crosses the wire), the mocks,
    /// the proxy, whether the calls go to `--stateful`'s mock servers, and the transport of a
    /// replay or recording (`nil`: the default one).
    static func providerSettings(
        mock: Bool, mockServer: Bool, noCache: Bool, recording: HARSettings, proxy: Provider.Options.Proxy
    ) throws -> (options: Provider.Options, transport: (any HTTPTransport)?) {
        let cache = noCache || recording.isActive ? nil : HTTPCache(store: commandLineCacheStore)
        var options = Provider.Options(mocks: .init(isEnabled: mock), cache: cache)
        options.proxy = proxy
        options.callsMockServer = mockServer
        return (options, try recording.makeTransport())
    }

    /// Every OpenAPI source of `flows` and of its Arazzo sources, by address, the document's own first.
    static func allSources(of flows: Workflows) -> [(String, Spec)] {
        flows.sourcesByAddress.map { ($0.address, $0.spec) }
    }
}

/// The secret values a run's traces (`-v`), reports (`--json`) and messages show as `<redacted>`:
/// every `--var` value, each profile variable that is a secret (one the source's security uses,
/// or named like a secret: `TOKEN`, `…_KEY`, `PASSWORD`), each secret variable a source's requests
/// use wherever its value comes from — the environment too, or its `:-` fallback — by the rule
/// `--har` hides them with (``Provider/secretVariableValues(spec:)``: a credential's variable,
/// one named like a secret), and the token store's secrets (``TokenStore/secrets(minimumLength:)``:
/// its tokens, an OAuth 2 login's refresh token).
///
/// Tokens change during a run: a client-credentials grant or a refresh stores a new one, which a
/// response may echo. As a HAR recording does (``HARSecretTable``), the values are taken again —
/// the providers' secret variables and what their token stores know — after each step
/// (``update()``) and before each text is masked, and every value seen is kept, so that a token
/// replaced since is still hidden in what an earlier step reported. A token store answers from
/// memory (``TokenStore/secrets(minimumLength:readingFile:)``: what its file held when this
/// process last read or wrote it): its file is read once, at the start, not at each step.
final class RunSecrets: Sendable {
    private struct State {
        var values: Set<String>
        var text: SecretText
    }

    /// The providers whose variables and token stores are read again, with the names of their
    /// variables that hold secrets.
    private let sources: [(provider: Provider, secretNames: Set<String>)]
    private let state: NIOLockedValueBox<State>

    /// The values now. A source without a provider of its own (in `providers`) goes through
    /// `provider`, the run's.
    init(variables: [String], provider: Provider, providers: [String: Provider], flows: Workflows) {
        var found = Set(netspec.variables(from: variables).values)
        var sources: [(provider: Provider, secretNames: Set<String>)] = []
        for (source, spec) in RunCommand.allSources(of: flows) {
            let provider = providers[source] ?? provider
            found.formUnion(provider.secretVariableValues(spec: spec))
            sources.append((provider, spec.authVariables))
        }
        // The run's own provider too (a source's grant may go through it).
        sources.append((provider, []))
        self.sources = sources
        state = NIOLockedValueBox(State(values: [], text: SecretText([String](), mask: Redactor.mask)))
        add(found.union(current()))
    }

    /// The values, longest first (so that a secret containing another is masked whole); values
    /// shorter than 3 characters are left (masking them would mask ordinary text).
    var values: [String] {
        update()
        return state.withLockedValue { Self.ordered($0.values) }
    }

    /// Reads the providers' secret variables and token stores again, keeping what was seen before.
    func update() {
        add(current())
    }

    /// `text` with every secret shown as `<redacted>`, in each form it takes in text
    /// (``SecretText``: raw, percent-encoded, JSON-escaped, as a response that echoes it and a
    /// JSON rendering of that response hold it).
    func masked(_ text: String) -> String {
        update()
        return state.withLockedValue { $0.text }.hiding(in: text)
    }

    /// The secret variables the providers hold now (a token a grant set among them) and their
    /// token stores' secrets.
    private func current() -> Set<String> {
        var found: Set<String> = []
        var stores: Set<ObjectIdentifier> = []
        // A file is read by the first of its stores only, however many providers have one of it
        // (the command line makes a store per provider); each store gives what was stored or read
        // through it.
        var files: Set<String> = []
        for (provider, secret) in sources {
            for (name, value) in provider.variableValues where secret.contains(name) || ProfileConfig.isSecret(variable: name) { found.insert(value) }
            let store = provider.tokenStore
            guard stores.insert(ObjectIdentifier(store)).inserted else { continue }
            let readsFile = store.path.map { files.insert($0).inserted } ?? true
            for stored in store.secrets(minimumLength: 3, readingFile: readsFile) { found.insert(stored.value) }
        }
        return found
    }

    private func add(_ values: Set<String>) {
        let new = values.filter { $0.count >= 3 }
        state.withLockedValue { state in
            guard !new.isSubset(of: state.values) else { return }
            state.values.formUnion(new)
            state.text = SecretText(Self.ordered(state.values), mask: Redactor.mask)
        }
    }

    private static func ordered(_ values: Set<String>) -> [String] {
        values.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }
}

/// `netspec run --mock --stateful`: a stateful mock server of each OpenAPI source in this process,
/// on a loopback port, which the source's steps are sent to, so that what one step creates the
/// next can read, change and delete (docs/mock.md, "A mock that remembers").
struct StatefulMocks {
    /// The base URL of each source's server.
    let baseURLs: [String: String]
    private let tasks: [Task<Void, any Error>]

    /// Starts a server per source and waits until each listens.
    static func start(_ flows: Workflows) async throws -> StatefulMocks {
        var urls: [String: String] = [:]
        var tasks: [Task<Void, any Error>] = []
        for (source, spec) in RunCommand.allSources(of: flows) {
            let (ports, continuation) = AsyncStream<Int>.makeStream()
            let server = MockServer(spec: spec, options: MockServer.Options(port: 0, checksSecurity: false, stateful: true))
            let task = Task {
                defer { continuation.finish() }
                try await server.run { continuation.yield($0) }
            }
            tasks.append(task)
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else {
                for task in tasks { task.cancel() }
                let reason: String
                do { try await task.value; reason = "it stopped" } catch { reason = "\(error)" }
                throw CLIError.output("error: --stateful: cannot start the mock of source '\(source)': \(reason)", status: ExitStatus.configuration)
            }
            urls[source] = "http://127.0.0.1:\(port)"
        }
        return StatefulMocks(baseURLs: urls, tasks: tasks)
    }

    /// Stops the servers.
    func stop() {
        for task in tasks { task.cancel() }
    }
}
