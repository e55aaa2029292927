import Netspec

extension CallCommand {
    /// `options` for a call of `endpoint`: with `--validate`, a stream's items (each JSON line or
    /// record, each event) are checked strictly as they arrive, so the first that breaks the
    /// document ends the stream with an error naming it (the items before it are printed).
    func checkingStreams(_ options: CallOptions, of endpoint: Endpoint) -> CallOptions {
        guard validatesResponse, endpoint.stream == .sse || endpoint.stream == .lines else { return options }
        var options = options
        options.responseValidation = .strict
        return options
    }
}
