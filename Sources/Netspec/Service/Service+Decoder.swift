// The decoder an endpoint names (`decoder:`): a coder a Swift program registers on its provider,
// needed only where a result is decoded into a type — never by a call that reads the `JSONValue`,
// as the command line does.

import NetspecModel

extension Service {
    /// The decoder the endpoint names (`decoder:`). One that is not registered is an error when
    /// the result is decoded into a type (``Response/decode(_:)``, a tuple), and before anything
    /// is sent by a call that decodes (``checkDecoder(of:)``): a call that only reads the
    /// `JSONValue`, as the command line does, needs none.
    func decoder(for endpoint: Endpoint) -> Response.Decoding {
        guard let name = endpoint.decoderName else { return .builtIn }
        guard let decoder = provider.decoders[name] else { return .unregistered(name) }
        return .named(decoder)
    }

    /// Checks, before a call that decodes its result into a type sends anything, that the
    /// decoder its endpoint names (`decoder:`) is registered on the provider. An endpoint that is
    /// not in the spec is left to the call to report.
    func checkDecoder(of endpoint: String) throws(CallError) {
        guard let found = spec.endpoint(named: endpoint), let name = found.decoderName, provider.decoders[name] == nil else { return }
        throw Response.Decoding.unregistered(name).error(endpoint: endpoint)!
    }
}
