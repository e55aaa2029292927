import HTTPTypes
import Netspec
@testable import NetspecMock
import NetspecModel
import NetspecTestSupport
import Testing

/// What a mocked call and a mock server work out once rather than per request: an endpoint's
/// examples written into bytes on its first mocked answer and kept with it.
@Suite struct MockOnceTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        paths:
          /pets:
            post:
              operationId: createPet
              requestBody:
                required: true
                content: {application/json: {schema: {type: object, required: [name], properties: {name: {type: string}, age: {type: integer}}}}}
              responses: {"201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}}
          /pets/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get:
              operationId: getPet
              responses:
                "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}, example: {id: 1, name: Rex}}}}
                "404": {description: none, content: {application/json: {example: {message: no such pet}}}}
            delete: {operationId: deletePet, responses: {"204": {description: gone}}}
          /pets/{id}/star:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get: {operationId: isStarred, responses: {"204": {description: starred}, "404": {description: not starred}}}
            put: {operationId: star, responses: {"204": {description: starred}}}
            delete: {operationId: unstar, responses: {"204": {description: not starred}}}
          /pets/{id}/fans/{user}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer}}
              - {name: user, in: path, required: true, schema: {type: string}}
            get: {operationId: isFan, responses: {"204": {description: a fan}, "404": {description: not a fan}}}
            put: {operationId: fan, responses: {"204": {description: a fan}}}
            delete: {operationId: unfan, responses: {"204": {description: not a fan}}}
          /owners/{owner}/badge:
            parameters: [{name: owner, in: path, required: true, schema: {type: string}}]
            get: {operationId: hasBadge, responses: {"204": {description: yes}, "404": {description: no}}}
            put: {operationId: badge, responses: {"204": {description: yes}}}
            delete: {operationId: unbadge, responses: {"204": {description: no}}}
        components:
          schemas:
            Pet: {type: object, properties: {id: {type: integer}, name: {type: string}, age: {type: integer}}}
        """

    /// A mocked call's answer is written from the example once: two answers share the bytes
    /// (each call wrote its own before), with the same status, headers and body.
    @Test func anEndpointsExamplesAreWrittenOnce() throws {
        let spec = try Spec(yaml: Self.document, file: "pets.yaml")
        let endpoint = try #require(spec.endpoint(named: "getPet"))
        let first = try endpoint.mockAnswer()
        let second = try endpoint.mockAnswer()
        #expect(String(decoding: first.body, as: UTF8.self) == #"{"id":1,"name":"Rex"}"#)
        #expect(first == second)
        #expect(first.body.withUnsafeBufferPointer { $0.baseAddress } == second.body.withUnsafeBufferPointer { $0.baseAddress })
        #expect(endpoint.mock?.body.withUnsafeBufferPointer { $0.baseAddress } == first.body.withUnsafeBufferPointer { $0.baseAddress })
        let missing = try endpoint.mockAnswer(status: 404)
        #expect(missing.status == 404 && String(decoding: missing.body, as: UTF8.self) == #"{"message":"no such pet"}"#)
        #expect(endpoint.mocks.map(\.status) == [200, 404])
    }
}
