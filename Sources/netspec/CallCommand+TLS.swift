import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec

/// `--cacert`, `--capath`, `--cert`/`--key`, `--tls-min`, `--pin` and `--unpinned`: checked before anything
/// runs (exit 64 naming the option), then made into the provider's ``TLSSettings`` (with `-k`'s verification).
extension CallCommand {
    func validateTLS() throws {
        for (option, path) in [("--cacert", caFile), ("--cert", certificateFile), ("--key", keyFile)] {
            if let path, !FileManager.default.isReadableFile(atPath: path) { throw ValidationError("\(option) '\(path)': no such readable file") }
        }
        if let caDirectory, (try? FileManager.default.contentsOfDirectory(atPath: caDirectory)) == nil {
            throw ValidationError("--capath '\(caDirectory)': no such readable directory")
        }
        if (certificateFile == nil) != (keyFile == nil) { throw ValidationError("--cert and --key go together: give both") }
        if let tlsMinimum, TLSSettings.Version(tlsMinimum) == nil { throw ValidationError("--tls-min must be 1.2 or 1.3, not '\(tlsMinimum)'") }
        for pin in pins {
            let pair = try NameValueOption.checked(pin, option: "--pin", form: "HOST=sha256/BASE64")
            do {
                _ = try TLSSettings.Pin(String(pair.value))
            } catch {
                throw ValidationError("--pin for \(pair.name): \(error)")
            }
        }
    }

    /// The TLS settings the options give (checked by ``validateTLS()``).
    var tlsSettings: TLSSettings {
        var byHost: [String: [TLSSettings.Pin]] = [:]
        for pin in pins {
            guard let pair = NameValueOption(pin), let value = try? TLSSettings.Pin(String(pair.value)) else { continue }
            byHost[String(pair.name), default: []].append(value)
        }
        return TLSSettings(
            caFile: caFile, caDirectory: caDirectory, minimumVersion: tlsMinimum.flatMap(TLSSettings.Version.init),
            clientCertificate: certificateFile.flatMap { file in keyFile.map { (certificateFile: file, keyFile: $0) } },
            pins: byHost, unpinnedHosts: Set(unpinnedHosts), verifiesCertificates: !insecure
        )
    }

    /// The same settings as curl's options, for `--curl`: `--pinnedpubkey` takes public-key pins
    /// (`sha256//BASE64`); certificate pins have no curl equivalent and are left out.
    var tlsCurlOptions: [String] {
        var words: [String] = []
        if let caFile { words += ["--cacert", PreparedRequest.quote(caFile)] }
        if let caDirectory { words += ["--capath", PreparedRequest.quote(caDirectory)] }
        if let certificateFile, let keyFile { words += ["--cert", PreparedRequest.quote(certificateFile), "--key", PreparedRequest.quote(keyFile)] }
        if let tlsMinimum { words.append("--tlsv\(tlsMinimum)") }
        let publicKeys = tlsSettings.pins.values.flatMap { $0 }.filter { $0.kind == .publicKey }
        if !publicKeys.isEmpty {
            words += ["--pinnedpubkey", PreparedRequest.quote(publicKeys.map { "sha256//" + $0.description.dropFirst("sha256/".count) }.joined(separator: ";"))]
        }
        return words
    }
}
