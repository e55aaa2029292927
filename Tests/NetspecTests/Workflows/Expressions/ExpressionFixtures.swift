import HTTPTypes
import NetspecWorkflows

import Netspec

/// One context in which the expression and criterion tests evaluate: a step that sent
/// `POST /pets/7?status=available` and received a 201 with a JSON body.
enum ExpressionFixtures {
    static let context: ExpressionContext = {
        var context = ExpressionContext()
        context.url = "http://127.0.0.1:8080/pets/7?status=available"
        context.method = "POST"
        context.statusCode = 201
        context.request = .init(
            headers: [.contentType: "application/json", .authorization: "Bearer s3cret"],
            query: ["status": "available", "tags": ["a", "b"]],
            path: ["petId": 7],
            body: .json(["name": "Rex", "tags": ["dog", "good"]])
        )
        var headers: HTTPFields = [.location: "/pets/7", .contentType: "application/json"]
        headers.append(HTTPField(name: HTTPField.Name("X-Rate-Limit")!, value: "10"))
        headers.append(HTTPField(name: HTTPField.Name("X-Rate-Limit")!, value: "20"))
        context.response = .init(headers: headers, body: .json([
            "id": 7, "name": "Rex", "status": "AVAILABLE", "price": "12.50", "data": nil, "ok": true,
            "pets": [["id": 1, "name": "Ada"], ["id": 2, "name": "Bo"]], "a/b": ["~c": "escaped"],
        ]))
        context.inputs = ["username": "ada", "user": ["name": "Ada Lovelace", "id": 36], "threshold": 5, "user.name": "dotted"]
        context.outputs = ["bar": "baz"]
        context.steps = ["login": ["token": "eyJ.abc", "session": ["id": "s-1"]], "find-pet": ["pets": [["id": 11]]]]
        context.workflows = ["foo": .init(inputs: ["username": "bo"], outputs: ["mapped": ["name": "M"]])]
        context.sourceDescriptions = ["petstore": ["name": "petstore", "url": "https://example.com/petstore.yaml", "type": "openapi"]]
        context.components = [.parameters: ["page": ["name": "page", "in": "query", "value": 1]]]
        context.selfURI = "https://example.com/flows.arazzo.yaml"
        return context
    }()
}
