import Testing

@testable import NetspecModel

/// A `{placeholder}` is filled by a parameter in the path only: a parameter of its name placed
/// elsewhere with `in:` leaves it without one, which is an error where that `in:` is written
/// (its value went in both places).
@Suite struct PlaceholderLocationTests {
    @Test(arguments: [
        ("GET: /c/{x}\n    params:\n      x: { in: query }\n",
         "t.yaml:8:16: error: endpoint 'c': path placeholder '{x}' has no parameter: parameter 'x' is 'in: query' (make it 'in: path', or declare another parameter with 'name: x' for the path)"),
        ("GET: /c/{x}\n    params:\n      x: { in: header }\n",
         "t.yaml:8:16: error: endpoint 'c': path placeholder '{x}' has no parameter: parameter 'x' is 'in: header' (make it 'in: path', or declare another parameter with 'name: x' for the path)"),
        ("POST: /c/{x}\n    params:\n      y: { name: x, in: field }\n",
         "t.yaml:8:25: error: endpoint 'c': path placeholder '{x}' has no parameter: parameter 'y' is 'in: field' (make it 'in: path', or declare another parameter with 'name: x' for the path)"),
    ])
    func aParameterPlacedElsewhereDoesNotFillAPlaceholder(endpoint: String, expected: String) {
        let yaml = "netspec: 1\nservice: T\nbaseURL: https://x.example.com\nendpoints:\n  c:\n    " + endpoint
        #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "t.yaml") }
        do {
            _ = try Spec(yaml: yaml, file: "t.yaml")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test(arguments: [
        "GET: /c/{x}\n    params:\n      x: { in: path }\n",
        "GET: /c/{x}\n    params:\n      x: Int\n",
        "GET: /c/{x}\n    params:\n      y: { name: x }\n",
        "GET: /c/{x}\n    params:\n      y: { name: x }\n      x: { in: query }\n",
    ])
    func aParameterInThePathFillsIt(endpoint: String) throws {
        let yaml = "netspec: 1\nservice: T\nbaseURL: https://x.example.com\nendpoints:\n  c:\n    " + endpoint
        let spec = try Spec(yaml: yaml, file: "t.yaml")
        let parameters = try #require(spec.endpoint(named: "c")).parameters
        #expect(parameters.filter { $0.location == .path }.map(\.wireName) == ["x"])
    }
}
