import Netspec
import NetspecModel

/// The help of `--server`, the same on every command that takes a base URL.
let serverOptionHelp = "Send calls to this one of the document's servers: its name (OpenAPI 3.2), its index from 0, or a URL."

/// The spec with the server chosen by `--server` (`flag`), else by the profile's `server:`, as
/// its base URL (docs/profiles.md, docs/openapi.md): `--server` beside `--base-url` is a usage
/// error, a name no server has exits 64 listing the servers (78 when the profile names it, at its
/// place in the config file).
func choosingServer(of spec: Spec, flag: String?, baseURL: String?, profile: String?) throws -> Spec {
    if let flag {
        if baseURL != nil {
            Terminal.standardError.write("error: --server and --base-url both say where calls go; give one\n")
            throw ExitStatus.usage
        }
        do {
            return try spec.selectingServer(flag)
        } catch {
            Terminal.standardError.write("error: --server: \(error.message)\n")
            throw ExitStatus.usage
        }
    }
    guard let profile else { return spec }
    do {
        return try spec.selectingServer(ofProfile: profile)
    } catch {
        Terminal.standardError.write(error.description + "\n")
        throw ExitStatus.configuration
    }
}
