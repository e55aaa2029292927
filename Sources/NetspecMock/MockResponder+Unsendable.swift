import Hummingbird
import Netspec
import NetspecModel

extension MockResponder {
    /// The answer to a request whose mock carries a header that cannot be sent as it is: a value
    /// holding a line break or another control character but tab (``MediaType/headerBreak(in:)``,
    /// the check the readers refuse a document's example with), or a name that is no RFC 9110
    /// token. HTTPField would send the value with the break made a space, and leave the field out
    /// for the name; the mock sends neither, but a 500 problem saying which header and why:
    /// `the 200 response of 'raw' has a header it cannot send: header 'X-Rate': its value holds a
    /// line break (CR or LF) (character 2), which cannot be in a header value`. (A value a schema
    /// draws, sent in place of an example the schema refuses, is checked here only.)
    func unsendable(_ header: Mock.MockHeader, status: Int, endpoint: Endpoint) -> (Response, Outcome) {
        let why = if let (offset, what) = MediaType.headerBreak(in: header.value) {
            "its value holds \(what) (character \(offset + 1)), which cannot be in a header value"
        } else {
            "its name is not an RFC 9110 token"
        }
        let detail = "the \(status) response of '\(endpoint.name)' has a header it cannot send: header '\(ControlCharacters.escaped(header.name))': \(why)"
        return problem(500, title: "Internal Server Error", detail: detail, endpoint: endpoint.name)
    }
}
