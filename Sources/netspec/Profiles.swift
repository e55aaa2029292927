#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec
import NetspecModel

/// The profile a command uses: `--profile NAME`, else `NETSPEC_PROFILE` (see `docs/profiles.md`).
func profileName(_ flag: String?) -> String? {
    if let flag, !flag.isEmpty { return flag }
    guard let value = getenv("NETSPEC_PROFILE").map({ String(cString: $0) }), !value.isEmpty else { return nil }
    return value
}

/// The overlays profile `name` names (docs/overlays.md), applied before the command's `--overlay`
/// ones; none without a profile. A config file's mistake is printed at its place and exits 78.
func profileOverlays(_ name: String?) throws -> [String] {
    guard let name else { return [] }
    do {
        let files = ProfileConfig.files(from: FileManager.default.currentDirectoryPath, environment: ProcessInfo.processInfo.environment)
        return try ProfileConfig.overlays(ofProfile: name, files: files)
    } catch {
        Terminal.standardError.write(error.description + "\n")
        throw ExitStatus.configuration
    }
}

/// The proxy a command fetches a document given by URL through (an Arazzo document's sources
/// too): `setting` (its `--proxy`/`--noproxy`, else the environment's) with profile `name`'s own
/// `proxy:`/`noProxy:` applied as they are to its calls, so the fetch goes the calls' way — the
/// profile's own, not a `services.NAME` one's: the service is the document's, known once it is
/// read. A config file's mistake is printed at its place and exits 78.
func documentProxy(_ setting: Provider.Options.Proxy, profile name: String?) throws -> Provider.Options.Proxy {
    guard let name else { return setting }
    do {
        return try setting.applying(profile: name, directory: FileManager.default.currentDirectoryPath, environment: ProcessInfo.processInfo.environment)
    } catch {
        Terminal.standardError.write(error.description + "\n")
        throw ExitStatus.configuration
    }
}

/// The provider a command makes, set up by the profile when there is one; a config file's
/// mistake (or a profile no file has) is printed at its `file:line:column` and exits 78.
func makeProvider(
    profile: String?, spec: Spec, baseURL: String? = nil, variables: [String: String], options: Provider.Options, transport: (any HTTPTransport)? = nil,
    interceptors: [any Interceptor] = [], wireInterceptors: [any Interceptor] = [], tokenStore: TokenStore
) throws -> Provider {
    let transport = transport ?? AsyncHTTPClientTransport.shared
    guard let profile else {
        return Provider(
            baseURL: baseURL, variables: variables, options: options, transport: transport, interceptors: interceptors, wireInterceptors: wireInterceptors, tokenStore: tokenStore
        )
    }
    do {
        return try Provider.profile(
            profile, for: spec, baseURL: baseURL, variables: variables, options: options, transport: transport,
            interceptors: interceptors, wireInterceptors: wireInterceptors, tokenStore: tokenStore
        )
    } catch {
        Terminal.standardError.write(error.description + "\n")
        throw ExitStatus.configuration
    }
}
