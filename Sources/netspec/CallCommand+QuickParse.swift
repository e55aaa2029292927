import ArgumentParser

/// `netspec call`'s arguments read without ArgumentParser's reflection, for the forms a script
/// writes: positionals, known options with their value next (`--timeout 5`) or attached to a long
/// name (`--timeout=5`), known flags, each given once.
///
/// Why: ArgumentParser finds a command's options by reflecting an instance of it (`Mirror`) and
/// asking each property's type for its conformances; in a static binary each first question scans
/// every conformance record. A profile of a cold `netspec call --mock` put a third of the
/// process's CPU time there (2.5 ms of 7.4 ms), and a sixth of a cold call's.
///
/// Anything else — `--help`, `--version`, an unknown or repeated option, grouped short flags, a
/// value that looks like an option or does not convert, `--`, or arguments that fail `validate()` —
/// gives `nil`, and ArgumentParser parses the arguments as always, so its messages and exit statuses
/// stay the only ones. A test checks that every option the help lists is known here, that each
/// form gives the command ArgumentParser gives, and that every property is set.
extension CallCommand {
    static func quickParse(_ arguments: [String]) -> CallCommand? {
        var command = CallCommand()
        command.setDefaults()
        var positionals: [String] = []
        var seen: Set<String> = []
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
            guard let option = Self.quickOptions[name], seen.insert(option.name).inserted || option.repeats else { return nil }
            if option.isFlag {
                guard attached == nil else { return nil }
                guard option.set(&command, "") else { return nil }
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
            guard option.set(&command, value) else { return nil }
        }
        if let spec = positionals.first { command.spec = spec }
        if positionals.count > 1 { command.endpoint = positionals[1] }
        command.items = Array(positionals.dropFirst(2))
        do {
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    /// Every property at the value ArgumentParser gives when its option is not given.
    private mutating func setDefaults() {
        spec = nil
        endpoint = nil
        items = []
        baseURL = nil
        profile = nil
        variables = []
        headers = []
        keyPath = nil
        timeout = nil
        connectTimeout = nil
        dryRun = false
        curl = false
        mock = false
        dynamic = false
        seed = nil
        raw = false
        rawOutput = false
        ndjson = false
        stream = false
        output = nil
        maxRedirects = nil
        noFollow = false
        noCache = false
        verbose = false
        ignoreStdin = false
        showSecrets = false
        paginate = false
        maxPages = nil
        maxItems = nil
        linger = nil
        allowedOrigins = []
        insecure = false
        caFile = nil
        caDirectory = nil
        certificateFile = nil
        keyFile = nil
        tlsMinimum = nil
        pins = []
        unpinnedHosts = []
        allowReserved = []
        noValidate = false
        validatesResponse = false
        help = false
    }

    /// One option or flag: its long name, whether it takes no value, whether it may be given
    /// again (the repeatable options), and how its value is set (`false`: it does not convert).
    struct QuickOption: Sendable {
        let name: String
        let isFlag: Bool
        let repeats: Bool
        let set: @Sendable (inout CallCommand, String) -> Bool

        static func flag(_ name: String, _ set: @escaping @Sendable (inout CallCommand) -> Void) -> QuickOption {
            QuickOption(name: name, isFlag: true, repeats: false) { command, _ in
                set(&command)
                return true
            }
        }

        static func text(_ name: String, _ set: @escaping @Sendable (inout CallCommand, String) -> Void) -> QuickOption {
            QuickOption(name: name, isFlag: false, repeats: false) { command, value in
                set(&command, value)
                return true
            }
        }

        static func texts(_ name: String, _ append: @escaping @Sendable (inout CallCommand, String) -> Void) -> QuickOption {
            QuickOption(name: name, isFlag: false, repeats: true) { command, value in
                append(&command, value)
                return true
            }
        }

        /// An option whose value converts (`set` says whether it did).
        static func converted(_ name: String, _ set: @escaping @Sendable (inout CallCommand, String) -> Bool) -> QuickOption {
            QuickOption(name: name, isFlag: false, repeats: false, set: set)
        }
    }

    /// The options by every name they answer to.
    static let quickOptions: [String: QuickOption] = {
        let options: [(names: [String], option: QuickOption)] = [
            (["--base-url"], .text("base-url") { $0.baseURL = $1 }),
            (["--var"], .texts("var") { $0.variables.append($1) }),
            (["-H", "--header"], .texts("header") { $0.headers.append($1) }),
            (["--keypath"], .text("keypath") { $0.keyPath = $1 }),
            (["--timeout"], .converted("timeout") { command, text in Double(text).map { command.timeout = $0 } != nil }),
            (["--connect-timeout"], .converted("connect-timeout") { command, text in Double(text).map { command.connectTimeout = $0 } != nil }),
            (["--dry-run"], .flag("dry-run") { $0.dryRun = true }),
            (["--curl"], .flag("curl") { $0.curl = true }),
            (["--mock"], .flag("mock") { $0.mock = true }),
            (["--dynamic"], .flag("dynamic") { $0.dynamic = true }),
            (["--seed"], .converted("seed") { command, text in UInt64(text).map { command.seed = $0 } != nil }),
            (["--raw"], .flag("raw") { $0.raw = true }),
            (["-r", "--raw-output"], .flag("raw-output") { $0.rawOutput = true }),
            (["--ndjson"], .flag("ndjson") { $0.ndjson = true }),
            (["--stream"], .flag("stream") { $0.stream = true }),
            (["-o", "--output"], .text("output") { $0.output = $1 }),
            (["--max-redirects"], .converted("max-redirects") { command, text in Int(text).map { command.maxRedirects = $0 } != nil }),
            (["--no-follow"], .flag("no-follow") { $0.noFollow = true }),
            (["--no-cache"], .flag("no-cache") { $0.noCache = true }),
            (["-v", "--verbose"], .flag("verbose") { $0.verbose = true }),
            (["--ignore-stdin"], .flag("ignore-stdin") { $0.ignoreStdin = true }),
            (["--show-secrets"], .flag("show-secrets") { $0.showSecrets = true }),
            (["--paginate"], .flag("paginate") { $0.paginate = true }),
            (["--max-pages"], .converted("max-pages") { command, text in Int(text).map { command.maxPages = $0 } != nil }),
            (["--max-items"], .converted("max-items") { command, text in Int(text).map { command.maxItems = $0 } != nil }),
            (["--linger"], .converted("linger") { command, text in Double(text).map { command.linger = $0 } != nil }),
            (["--allow-origin"], .texts("allow-origin") { $0.allowedOrigins.append($1) }),
            (["--profile"], .text("profile") { $0.profile = $1 }),
            (["-k", "--insecure"], .flag("insecure") { $0.insecure = true }),
            (["--cacert"], .text("cacert") { $0.caFile = $1 }),
            (["--capath"], .text("capath") { $0.caDirectory = $1 }),
            (["--cert"], .text("cert") { $0.certificateFile = $1 }),
            (["--key"], .text("key") { $0.keyFile = $1 }),
            (["--tls-min"], .text("tls-min") { $0.tlsMinimum = $1 }),
            (["--pin"], .texts("pin") { $0.pins.append($1) }),
            (["--unpinned"], .texts("unpinned") { $0.unpinnedHosts.append($1) }),
            (["--allow-reserved"], .texts("allow-reserved") { $0.allowReserved.append($1) }),
            (["--no-validate"], .flag("no-validate") { $0.noValidate = true }),
            (["--validate"], .flag("validate") { $0.validatesResponse = true }),
        ]
        var byName: [String: QuickOption] = [:]
        for (names, option) in options {
            for name in names { byName[name] = option }
        }
        return byName
    }()
}
