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

/// `netspec config show SPEC [--profile NAME]`: the settings a call of the spec would use, each
/// with where it comes from, secrets redacted (see `docs/profiles.md`).
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings profiles give.",
        subcommands: [Show.self]
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print the settings a call of SPEC uses and where each comes from (flag, environment, profile, document); secrets are redacted."
        )

        @ArgumentParser.Argument(help: "The spec or OpenAPI document.", completion: .specFile)
        var spec: String

        @Option(name: .customLong("profile"), help: ArgumentHelp("The profile (default $NETSPEC_PROFILE).", valueName: "NAME"))
        var profile: String?

        @Option(name: .customLong("var"), help: ArgumentHelp("A ${NAME} variable as a call would be given it (repeatable).", valueName: "NAME=VALUE"))
        var variables: [String] = []

        func run() async throws {
            // A document given by URL comes through the profile's proxy, as a call's would.
            var fetching = Provider.Options()
            fetching.proxy = try documentProxy(.environment, profile: profileName(profile))
            let spec = try await loadSpec(self.spec, options: fetching, overlays: try profileOverlays(profileName(profile)))
            let environment = ProcessInfo.processInfo.environment
            let flags = netspec.variables(from: variables)
            let name = profileName(profile)
            let files = ProfileConfig.files(from: FileManager.default.currentDirectoryPath, environment: environment)
            var resolved: ProfileConfig.Resolved?
            var lines: [String] = []
            if let name {
                do {
                    resolved = try ProfileConfig.resolve(name, service: spec.service, files: files, secretVariables: spec.authVariables)
                } catch {
                    Terminal.standardError.write(error.description + "\n")
                    throw ExitStatus.configuration
                }
                guard resolved != nil else {
                    Terminal.standardError.write("error: no profile '\(name)'" + (files.isEmpty ? ": there is no config file" : " in \(files.joined(separator: ", "))") + "\n")
                    throw ExitStatus.configuration
                }
                lines.append("profile: \(name) (\(profile?.isEmpty == false ? "--profile" : "$NETSPEC_PROFILE"))")
            } else {
                lines.append("profile: none")
            }
            lines.append("config files: " + (files.isEmpty ? "none" : files.joined(separator: ", ")))
            lines.append("service: \(spec.service)")
            if let base = resolved?.baseURL {
                lines.append("base URL: \(base.value) (\(base.source))")
            } else if let server = resolved?.server {
                let chosen = (try? spec.selectingServer(server.value))?.baseURL?.text ?? "none: the document has no such server"
                lines.append("base URL: \(chosen) (server '\(server.value)', \(server.source))")
            } else if let base = spec.baseURL {
                lines.append("base URL: \(base.text) (document)")
            } else {
                lines.append("base URL: none")
            }
            let secrets = spec.authVariables
            let names = Set(flags.keys).union(secrets).union(resolved.map { Set($0.variables.keys) } ?? [])
            for variable in names.sorted() {
                let isSecret = secrets.contains(variable) || ProfileConfig.isSecret(variable: variable)
                func shown(_ value: String) -> String { isSecret ? "•••• (secret, set)" : value }
                if let value = flags[variable] {
                    lines.append("variable \(variable): \(shown(value)) (--var)")
                } else if let value = environment[variable] {
                    lines.append("variable \(variable): \(shown(value)) (environment)")
                } else if let setting = resolved?.variables[variable] {
                    switch setting.value {
                    case let .text(text):
                        lines.append("variable \(variable): \(shown(text)) (\(setting.source))")
                    case let .environment(reference):
                        let value = environment[reference].map(shown) ?? "not set"
                        lines.append("variable \(variable): \(value) (\(setting.source), from $\(reference))")
                    }
                } else {
                    lines.append("variable \(variable): not set")
                }
            }
            for (header, setting) in resolved?.headers ?? [] {
                let value: String = switch setting.value {
                case let .text(text): ProfileConfig.isSecret(header: header) ? "••••" : text
                case let .environment(reference): environment[reference] == nil ? "not set (from $\(reference))" : "•••• (from $\(reference))"
                }
                lines.append("header \(header): \(value) (\(setting.source))")
            }
            if let caFile = resolved?.caFile { lines.append("tls cacert: \(caFile.value) (\(caFile.source))") }
            if let insecure = resolved?.insecure { lines.append("tls insecure: \(insecure.value) (\(insecure.source))") }
            for (key, setting) in [("proxy", resolved?.proxy), ("noProxy", resolved?.noProxy)] {
                guard let setting else { continue }
                let value: String = switch setting.value {
                case let .text(text): text
                case let .environment(reference): environment[reference].map { "\(Provider.Options.Proxy.redacted($0)) (from $\(reference))" } ?? "not set (from $\(reference))"
                }
                lines.append("\(key): \(value) (\(setting.source))")
            }
            for overlay in resolved?.overlays?.value ?? [] { lines.append("overlay: \(overlay) (\(resolved!.overlays!.source))") }
            Terminal.standardOutput.write(lines.joined(separator: "\n") + "\n")
        }
    }
}
