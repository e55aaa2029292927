#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec

/// `netspec auth login|status|logout|clear`: OAuth 2 logins from the document, and the tokens
/// netspec keeps between runs (see docs/oauth.md).
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Log in with a document's OAuth 2 flows, and manage the tokens netspec keeps between runs.",
        subcommands: [Login.self, Status.self, Logout.self, Clear.self]
    )

    /// What `login` and `logout` share: the document, the scheme, and where the calls go.
    struct Target: ParsableArguments {
        @OptionGroup var fetching: DocumentFetchOptions
        @OptionGroup var overlaying: OverlayOptions
        @OptionGroup var proxying: ProxyOptions

        @ArgumentParser.Argument(help: "The OpenAPI or Swagger document (or spec).", completion: .specFile)
        var spec: String

        @Option(help: ArgumentHelp("The security scheme (needed when the document has several that can log in).", valueName: "NAME"))
        var scheme: String?

        @Option(name: .customLong("base-url"), help: "The base URL the calls will use (the tokens are kept for it).")
        var baseURL: String?

        @Option(name: .customLong("server"), help: ArgumentHelp(serverOptionHelp, valueName: "NAME"))
        var server: String?

        @Option(name: .customLong("var"), help: ArgumentHelp("Set a ${NAME} variable, such as the client id (repeatable).", valueName: "NAME=VALUE"))
        var variables: [String] = []

        @Option(name: .customLong("profile"), help: ArgumentHelp("Log in for this profile (its tokens are kept apart); default $NETSPEC_PROFILE.", valueName: "NAME"))
        var profile: String?

        func validate() throws {
            try validateVariables(variables)
            try validateBaseURL(baseURL)
        }

        func service() async throws -> Service {
            let loaded = try await fetching.load(self.spec, overlaying: overlaying, profile: profileName(profile), proxy: proxying.setting)
            let spec = try choosingServer(of: loaded, flag: server, baseURL: baseURL, profile: profileName(profile))
            let provider = try makeProvider(
                profile: profileName(profile), spec: spec, baseURL: baseURL.map(BaseURLShorthand.expand), variables: netspec.variables(from: variables),
                options: proxying.applied(to: .init(tls: fetching.providerOptions.tls)), tokenStore: commandLineTokenStore
            )
            return Service(spec: spec, provider: provider)
        }
    }

    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log in with the document's OAuth 2 authorization code (PKCE, loopback redirect) or device flow, and keep the tokens.",
            discussion: """
                The client is ${SCHEME_CLIENT_ID} (and ${SCHEME_CLIENT_SECRET} for a confidential client). \
                The authorization URL is opened in a browser where there is one (--no-browser prints it \
                only); the device flow prints the code to enter. Later calls use the token, and renew it \
                with the refresh token.
                """
        )

        @OptionGroup var target: Target

        @Flag(help: "Use the device flow (RFC 8628) even when the scheme has an authorization code flow.")
        var device = false

        @Option(help: ArgumentHelp("Ask for these scopes (separated by commas or spaces) instead of those the document's operations need.", valueName: "a,b"))
        var scopes: String?

        @Flag(name: .customLong("no-browser"), help: "Print the authorization URL without opening a browser.")
        var noBrowser = false

        @Option(name: .customLong("wait"), help: ArgumentHelp("How long to wait for the user to log in, in seconds (default 300).", valueName: "SECONDS"))
        var wait: Int = 300

        func validate() throws {
            guard wait > 0 else { throw ValidationError("--wait must be positive") }
            if let scopes { _ = try Self.scopeList(scopes) }
        }

        /// The scopes of `--scopes`: separated by commas or spaces (RFC 6749 §3.3 sends them
        /// space-separated, so `'openid profile'` is two, never `openidprofile`), each a scope-token
        /// of §3.3 — printable ASCII but `"` and `\` — and at least one.
        static func scopeList(_ text: String) throws -> [String] {
            let scopes = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
            guard !scopes.isEmpty else {
                throw ValidationError("--scopes names no scope: give them separated by commas or spaces (--scopes 'openid,profile'), or leave the option out for those the document's operations ask")
            }
            for scope in scopes {
                guard let bad = scope.unicodeScalars.first(where: { !(0x21...0x7E).contains($0.value) || $0 == "\"" || $0 == "\\" }) else { continue }
                let what = bad.value < 0x20 || bad.value == 0x7F ? "the control character \(PrintableText.inline(String(bad)))"
                    : bad.isASCII ? "'\(bad)'" : "the non-ASCII character '\(bad)'"
                throw ValidationError("--scopes: '\(PrintableText.inline(scope))' is not a scope: it holds \(what), which RFC 6749 §3.3 does not allow (a scope is printable ASCII other than '\"' and '\\')")
            }
            return scopes
        }

        func run() async throws {
            let service = try await target.service()
            // Tokens kept in memory end with this process: the login would be lost at once. Said
            // once the options and the document are read, before anything is sent.
            if let reason = Self.tokensLostReason(commandLineTokenStore) {
                Terminal.standardError.write("error: \(reason): a login's tokens would be lost when netspec exits. Set NETSPEC_TOKEN_FILE to the file to keep them in (or unset it for ~/.local/state/netspec/tokens.json)\n")
                throw ExitStatus.configuration
            }
            let opens = !noBrowser
            let asked = try scopes.map(Self.scopeList)
            do {
                let login = try await service.logIn(
                    scheme: target.scheme, device: device, scopes: asked, timeout: .seconds(wait)
                ) { message, url in
                    // What the authorization server wrote is shown, never acted on by the terminal.
                    Terminal.standardError.write("\(PrintableText.inline(message)):\n  \(PrintableText.inline(url))\n")
                    if opens, !message.hasPrefix("To log in, open"), Self.openBrowser(url) {
                        Terminal.standardError.write("(opened in the browser; waiting for it to come back)\n")
                    } else {
                        Terminal.standardError.write("waiting for the login (up to \(wait) s)…\n")
                    }
                }
                let expiry = login.expiresIn.map { ", expires in \($0) s" } ?? ""
                let scopes = login.scopes.isEmpty ? "no scopes" : "scopes \(PrintableText.inline(login.scopes.joined(separator: " ")))"
                let place = commandLineTokenStore.path.map { "; kept in \($0)" } ?? ""
                Terminal.standardOutput.write("logged in with OAuth 2 scheme '\(login.scheme)' (\(login.flow)): \(scopes)\(expiry)\(login.refreshable ? ", refreshable" : "")\(place)\n")
            } catch {
                throw CLIError.failure(error).report(raw: false)
            }
        }

        /// Why the command line's tokens would not outlive this process (`NETSPEC_TOKEN_FILE` set
        /// empty, or no home directory for the user's file); `nil` when they are kept in a file.
        static func tokensLostReason(_ store: TokenStore, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
            guard store.path == nil else { return nil }
            return environment["NETSPEC_TOKEN_FILE"]?.isEmpty == true
                ? "NETSPEC_TOKEN_FILE is empty, which keeps tokens in memory only"
                : "there is no home directory for the token file (~/.local/state/netspec/tokens.json), so tokens are kept in memory only"
        }

        /// Opens `url` in the user's browser where there is one: `open` on macOS, `xdg-open`
        /// under a graphical session elsewhere. `false` when none was started.
        static func openBrowser(_ url: String) -> Bool {
            #if os(macOS)
            let command = "open"
            #else
            guard getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil else { return false }
            let command = "xdg-open"
            #endif
            var pid = pid_t()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0) }
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(command), strdup(url), nil]
            defer { for argument in arguments { free(argument) } }
            return posix_spawnp(&pid, command, &actions, nil, arguments, environ) == 0
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "List the stored tokens: for which service, base URL, scheme variable and profile; the flow, scopes and expiry (never a token)."
        )

        @ArgumentParser.Argument(help: "Only the tokens of this service's document.", completion: .specFile)
        var spec: String?

        @OptionGroup var fetching: DocumentFetchOptions
        @OptionGroup var overlaying: OverlayOptions
        /// Sends nothing, but fetches a document given by URL through them, as login and logout do.
        @OptionGroup var proxying: ProxyOptions

        func run() async throws {
            var service: String?
            if let spec { service = try await fetching.load(spec, overlaying: overlaying, proxy: proxying.setting).service }
            let tokens: [(key: String, record: OAuthTokenRecord?)]
            do {
                tokens = try commandLineTokenStore.tokensWithRecords()
            } catch {
                Terminal.standardError.write("error: \(error)\n")
                throw ExitCode(1)
            }
            let lines = Self.lines(tokens, service: service, now: Date().timeIntervalSince1970)
            if lines.isEmpty {
                let whose = service.map { " for \($0)" } ?? ""
                let place = commandLineTokenStore.path.map { " (\($0))" } ?? ""
                Terminal.standardOutput.write("no stored tokens\(whose)\(place)\n")
            }
            for line in lines { Terminal.standardOutput.write(line + "\n") }
        }

        /// One line per stored token, without the token: `KEY: flow, scopes, expiry, refreshable`.
        static func lines(_ tokens: [(key: String, record: OAuthTokenRecord?)], service: String?, now: Double) -> [String] {
            var lines: [String] = []
            for (key, record) in tokens {
                if let service, !key.hasPrefix(service + " ") { continue }
                guard let record else {
                    lines.append("\(key): a token (its expiry is not known)")
                    continue
                }
                var parts = [record.flow]
                // The scope is the authorization server's text: its control characters written out.
                parts.append(record.scope.map { "scopes \(PrintableText.inline($0))" } ?? "no scopes")
                if let expires = record.expiresAt {
                    // Bounded before it is an Int: a token file may hold any number (one stored
                    // before expires_in was bounded, or written by hand), and Int(_:) traps past Int.max.
                    let seconds = Int(min(max(expires - now, -1e15), 1e15))
                    parts.append(seconds > 0 ? "expires in \(Self.duration(seconds))" : "expired \(Self.duration(-seconds)) ago")
                }
                if record.refreshToken != nil { parts.append("refreshable") }
                lines.append("\(key): " + parts.joined(separator: ", "))
            }
            return lines
        }

        static func duration(_ seconds: Int) -> String {
            if seconds < 120 { return "\(seconds) s" }
            if seconds < 7200 { return "\(seconds / 60) min" }
            if seconds < 172_800 { return "\(seconds / 3600) h" }
            return "\(seconds / 86400) days"
        }
    }

    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Forget the tokens stored for a document's OAuth 2 scheme (for the base URL and profile given)."
        )

        @OptionGroup var target: Target

        func run() async throws {
            let service = try await target.service()
            do {
                let removed = try service.logOut(scheme: target.scheme)
                Terminal.standardOutput.write(removed ? "logged out: the stored tokens are removed\n" : "no stored tokens to remove\n")
            } catch {
                throw CLIError.failure(error).report(raw: false)
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            // Named here: ArgumentParser would derive it from the type's name by reflection at every start.
            commandName: "clear",
            abstract: "Remove every stored token (the token file, $NETSPEC_TOKEN_FILE or ~/.local/state/netspec/tokens.json)."
        )

        func run() throws {
            let store = commandLineTokenStore
            guard let path = store.path else {
                Terminal.standardOutput.write("no token file (tokens are kept in memory only)\n")
                return
            }
            guard FileManager.default.fileExists(atPath: path) else {
                Terminal.standardOutput.write("no stored tokens (\(path) does not exist)\n")
                return
            }
            do {
                try store.removeAll()
            } catch {
                Terminal.standardError.write("error: \(error)\n")
                throw ExitCode(1)
            }
            Terminal.standardOutput.write("removed \(path)\n")
        }
    }
}
