/// `netspec call`'s usual forms read without ArgumentParser: `SPEC ENDPOINT ITEM…` and the options
/// of `CallCommand.options` marked `quick` (the request's base URL, headers, variables and
/// profile, its time limit, `--dry-run`, `--curl`, `--mock`, and how the result is printed), each
/// given once (`-H` and `--var` again and again), with its value next (`--timeout 5`) or attached
/// to a long name (`--timeout=5`).
///
/// What it saves: ArgumentParser finds a command's options by reflecting an instance of it
/// (`Mirror`) and asking each property's type for its conformances, and in a static binary each
/// first question scans every conformance record in the binary. A cold `netspec call bench.yaml
/// getUser id=1 --base-url … --dry-run` of the static binary (the README's build) takes 0.76× the
/// CPU and 0.80× the time (4 ms against 5 ms; 17.0 MiB against 17.8) read here rather than by
/// `CallCommand.parse` (farm-bench, 100 pairs on 2 cores, 2026-11-25; docs/performance-notes.md).
///
/// Anything else — `--help`, `--version`, an option not marked `quick` (TLS, pages, redirects,
/// `--dynamic`…), one given twice, grouped short flags, a value that looks like an option or does
/// not convert, `--`, or arguments that fail `validate()` — gives `nil`, and ArgumentParser parses
/// the arguments as always, so its messages and exit statuses stay the only ones.
/// `QuickParseTests` runs both parsers on the same argument lists (every quick option in every
/// spelling) and compares every property, and checks `options` against ArgumentParser's own
/// declarations (names, flag or option, repeatable), so the two cannot drift.
extension CallCommand {
    static func quickParse(_ arguments: [String]) -> CallCommand? {
        var positionals: [String] = []
        var given: [[String]?] = Array(repeating: nil, count: options.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
                guard attached?.isEmpty == false else { return nil }
            }
            guard let row = optionRows[name], options[row].quick, given[row] == nil || options[row].kind == .repeated else { return nil }
            if options[row].kind == .flag {
                guard attached == nil else { return nil }
                given[row] = [""]
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            given[row] = (given[row] ?? []) + [value]
        }
        var command = CallCommand()
        for (row, option) in options.enumerated() {
            guard option.apply(&command, given[row] ?? []) else { return nil }
        }
        command.spec = positionals.first
        command.endpoint = positionals.count > 1 ? positionals[1] : nil
        command.items = Array(positionals.dropFirst(2))
        do {
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    /// The row of `options` for each name an option answers to.
    static let optionRows: [String: Int] = {
        var rows: [String: Int] = [:]
        for (row, option) in options.enumerated() {
            for name in option.names { rows[name] = row }
        }
        return rows
    }()
}

/// One option or flag of `netspec call`: the names it answers to, its kind, whether the quick
/// parser takes it, and how its property is set from the values given (none: its default).
struct CallOption: Sendable {
    /// A flag takes no value; a value option takes one; a repeated option takes any number.
    enum Kind: Sendable { case flag, value, repeated }

    /// Every spelling, as typed: `-H`, `--header`.
    let names: [String]
    let kind: Kind
    /// Whether `CallCommand.quickParse` takes it (else the arguments go to ArgumentParser).
    let quick: Bool
    /// Sets the property from the values given, in order (`[]`: its default: `false`, `nil` or
    /// `[]`); `false` when a value does not convert.
    let apply: @Sendable (inout CallCommand, [String]) -> Bool

    /// A flag: `true` when given.
    static func flag(_ names: String..., quick: Bool = false, _ set: @escaping @Sendable (inout CallCommand, Bool) -> Void) -> CallOption {
        CallOption(names: names, kind: .flag, quick: quick) { command, values in
            set(&command, !values.isEmpty)
            return true
        }
    }

    /// An option with one value, converted as ArgumentParser converts it (`Double("2.5")`).
    static func value<Value: LosslessStringConvertible & SendableMetatype>(
        _ names: String..., quick: Bool = false, _ set: @escaping @Sendable (inout CallCommand, Value?) -> Void
    ) -> CallOption {
        CallOption(names: names, kind: .value, quick: quick) { command, values in
            guard let text = values.last else {
                set(&command, nil)
                return true
            }
            guard let value = Value(text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// An option that may be given again, each value added.
    static func repeated(_ names: String..., quick: Bool = false, _ set: @escaping @Sendable (inout CallCommand, [String]) -> Void) -> CallOption {
        CallOption(names: names, kind: .repeated, quick: quick) { command, values in
            set(&command, values)
            return true
        }
    }
}

extension CallCommand {
    /// Every option and flag of `netspec call`, each once: the quick parser reads the `quick`
    /// ones, and every property is set to its default from here before a quick parse.
    static let options: [CallOption] = [
        .value("--base-url", quick: true) { $0.baseURL = $1 },
        .value("--server", quick: true) { $0.server = $1 },
        .repeated("--var", quick: true) { $0.variables = $1 },
        .value("--profile", quick: true) { $0.profile = $1 },
        .repeated("-H", "--header", quick: true) { $0.headers = $1 },
        .value("--keypath", quick: true) { $0.keyPath = $1 },
        .value("--jsonpath") { $0.jsonPath = $1 },
        .value("--timeout", quick: true) { $0.timeout = $1 },
        .value("--connect-timeout") { $0.connectTimeout = $1 },
        .flag("--dry-run", quick: true) { $0.dryRun = $1 },
        .flag("--curl", quick: true) { $0.curl = $1 },
        .flag("--mock", quick: true) { $0.mock = $1 },
        .flag("--dynamic") { $0.dynamic = $1 },
        .value("--seed") { $0.seed = $1 },
        .flag("--raw", quick: true) { $0.raw = $1 },
        .flag("-r", "--raw-output", quick: true) { $0.rawOutput = $1 },
        .flag("--ndjson") { $0.ndjson = $1 },
        .flag("--stream") { $0.stream = $1 },
        .value("-o", "--output", quick: true) { $0.output = $1 },
        .value("--max-redirects") { $0.maxRedirects = $1 },
        .flag("--no-follow") { $0.noFollow = $1 },
        .flag("--no-cache", quick: true) { $0.noCache = $1 },
        .flag("-v", "--verbose", quick: true) { $0.verbose = $1 },
        .flag("--ignore-stdin", quick: true) { $0.ignoreStdin = $1 },
        .flag("--show-secrets") { $0.showSecrets = $1 },
        .flag("--paginate") { $0.paginate = $1 },
        .value("--max-pages") { $0.maxPages = $1 },
        .value("--max-items") { $0.maxItems = $1 },
        .value("--linger") { $0.linger = $1 },
        .repeated("--allow-origin") { $0.allowedOrigins = $1 },
        .flag("-k", "--insecure") { $0.insecure = $1 },
        .value("--cacert") { $0.caFile = $1 },
        .value("--capath") { $0.caDirectory = $1 },
        .value("--cert") { $0.certificateFile = $1 },
        .value("--key") { $0.keyFile = $1 },
        .value("--tls-min") { $0.tlsMinimum = $1 },
        .repeated("--pin") { $0.pins = $1 },
        .repeated("--unpinned") { $0.unpinnedHosts = $1 },
        .value("-x", "--proxy") { $0.proxy = $1 },
        .value("--noproxy") { $0.noProxy = $1 },
        .repeated("--allow-reserved") { $0.allowReserved = $1 },
        .flag("--no-validate") { $0.noValidate = $1 },
        .flag("--validate") { $0.validatesResponse = $1 },
        .flag("-h", "--help") { $0.help = $1 },
        .repeated("--overlay") { $0.overlays = $1 },
        .flag("--strict") { $0.strict = $1 },
        .value("--har") { $0.har = $1 },
        .value("--replay") { $0.replay = $1 },
        .flag("--har-keep-secrets") { $0.harKeepSecrets = $1 },
    ]
}
