package import HTTPTypes
package import NetspecModel

extension Service {
    /// An answer's header lines and body text as a report quotes them (`netspec check`'s
    /// failures), with the endpoint's secrets shown as `<redacted>`: the headers ``Redactor``
    /// hides by name (`Set-Cookie`, …), and by value, in each form it takes in text
    /// (``SecretText``: an echo of the key, JSON-escaped or form-encoded), every value a
    /// recording hides by value (the credentials' variables, variables named as secrets, OAuth
    /// clients' ids and secrets, a basic pair's base64, the token store's secrets).
    package func hidingSecrets(inAnswer headers: HTTPFields, body: String, endpoint: Endpoint) -> (headers: [String], body: String) {
        let redactor = Redactor(spec: spec, endpoint: endpoint, provider: provider)
        let values = HARRedaction(spec: spec, endpoint: endpoint, provider: provider).values.map(\.value)
        let text = SecretText(values, mask: Redactor.mask)
        let lines = headers.map { "\($0.name.rawName): \(text.hiding(in: redactor.value(ofHeader: $0.name.rawName, $0.value)))" }
        return (lines, text.hiding(in: body))
    }
}
