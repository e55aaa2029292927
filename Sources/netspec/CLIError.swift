#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Netspec

/// A failure of `netspec call`, printed to standard error with its exit status.
enum CLIError: Error {
    /// Bad items or arguments: exit 64.
    case usage(String)
    /// The call failed.
    case failure(CallError)
    /// The output file (`-o`) could not be created or written: exit 73 (`EX_CANTCREAT`) or
    /// 74 (`EX_IOERR`), as sysexits.h has them.
    case output(String, status: ExitCode)
    /// Standard output (or the `-o` pipe) was closed by its reader: exit 141, silently, as a shell
    /// reports a process that SIGPIPE ended (128 + 13).
    case brokenPipe

    /// A failed write to `target` (`standard output`, or `'FILE'` for `-o`): ``brokenPipe`` for
    /// `EPIPE`, else an output error with the system's reason (exit 74, `EX_IOERR`).
    static func writeFailure(errno code: Int32, target: String) -> CLIError {
        if code == EPIPE { return .brokenPipe }
        return .output("error: cannot write \(target): \(String(cString: strerror(code)))", status: ExitStatus.ioError)
    }

    /// Items that cannot be read as the endpoint's arguments: a usage error (64), but when a
    /// schema the call is checked against cannot be compiled, which makes the document invalid
    /// (65, as the call says it), whatever else is wrong with them.
    static func unreadableItems(_ error: any Error) -> CLIError {
        if let problem = error as? CallError.ArgumentError, problem.reason == .invalidSchema { return .failure(.binding(problem)) }
        return .usage("error: \(error)")
    }

    /// Prints the error and returns the exit status (HTTPie's: 2 timeout, 3/4/5 by status class).
    func report(raw: Bool) -> ExitCode {
        switch self {
        case let .usage(message):
            Terminal.standardError.write(message + "\n")
            return ExitStatus.usage
        case let .output(message, status):
            Terminal.standardError.write(message + "\n")
            return status
        case .brokenPipe:
            return ExitStatus.brokenPipe
        case let .failure(error):
            switch error {
            case let .argument(problem):
                // A server variable outside its enum: --base-url gives any URL here.
                Terminal.standardError.write("error: \(problem.description.replacing(BaseURL.anyURLAdvice, with: "--base-url sets any URL instead"))\n")
                return ExitStatus.usage
            case let .configuration(problem):
                Terminal.standardError.write("error: \(problem.commandLineDescription)\n")
                // A login is needed: its own status (77, EX_NOPERM), so that a script can log in and retry.
                // An invalid document (a schema the call is checked against cannot be compiled): 65.
                if problem.reason == .spec { return ExitStatus.invalidSpec }
                return problem.reason == .loginRequired ? ExitStatus.loginRequired : ExitStatus.configuration
            case let .status(problem):
                // A 1xx or 2xx is no HTTP error: the answer to a WebSocket's upgrade that was not 101.
                if problem.status < 300 { Terminal.standardError.write("error: \(problem.headline)\n") }
                Terminal.standardError.write(ResultPrinter.statusLine(problem.status, problem.reasonPhrase) + "\n")
                if let json = problem.json {
                    Terminal.standardError.write(Terminal.standardError.format(json, raw: raw) + "\n")
                } else if let text = PrintableText.text(problem.body), !text.isEmpty {
                    Terminal.standardError.write(text.hasSuffix("\n") ? text : text + "\n")
                } else if !problem.body.isEmpty {
                    Terminal.standardError.write("<\(problem.body.count) bytes of binary data>\n")
                }
                return ExitStatus.httpStatus(problem.status)
            case let .transport(problem):
                Terminal.standardError.write("error: \(problem)\n")
                // A token endpoint's server error (or 429) exits as the call's own answer would.
                if let status = problem.httpStatus { return ExitStatus.httpStatus(status) }
                return ExitStatus.transportFailure(timedOut: problem.kind == .timeout)
            case let .decoding(problem):
                Terminal.standardError.write("error: \(problem)\n")
                return ExitCode(1)
            }
        }
    }
}

extension CallError.ConfigurationError {
    /// The error in the command line's words: an unset variable is set with `--var NAME=…` here,
    /// and a base URL given with `--base-url` or a profile, where the library's message says how a
    /// Swift program does it.
    var commandLineDescription: String {
        // No base URL: --base-url or a profile gives one here, not Provider(baseURL:).
        let description = description.replacing(BaseURL.missingAdvice, with: "give one with --base-url or a profile's baseURL")
        guard let variable else { return description }
        return description.replacing(Self.unsetVariableAdvice, with: "set it with --var \(variable)=… or in the environment")
    }
}

extension CallError {
    /// The error in the command line's words (see ``CallError/ConfigurationError/commandLineDescription``).
    var commandLineDescription: String {
        if case let .configuration(problem) = self { return problem.commandLineDescription }
        return description
    }
}
