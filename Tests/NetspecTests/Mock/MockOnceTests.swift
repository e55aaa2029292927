import HTTPTypes
import Netspec
@testable import NetspecMock
import NetspecModel
import NetspecTestSupport
import Testing

/// What a mocked call and a stateful mock work out once rather than per request: an endpoint's
/// examples written into bytes on its first mocked answer and kept with it, a request body
/// parsed once (by the check, and handed to the state), the sub-resources below each resource
/// found at start, a deleted item's sub-resources forgotten by a look-up.
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

    /// The check hands on the body's members it parsed, from the quick check (a valid request)
    /// or the full one (a request the quick check cannot tell is valid, given what the quick
    /// check parsed); the state stores them without parsing the body again.
    @Test func aBodyIsParsedOnceAndHandedToTheState() throws {
        let spec = try Spec(yaml: Self.document, file: "pets.yaml")
        let responder = MockResponder(spec: spec, options: .init(port: 0, stateful: true))
        let create = try #require(spec.endpoint(named: "createPet"))
        let json: HTTPFields = [.contentType: "application/json"]
        let quick = responder.check(headers: json, endpoint: create, pathValues: [:], query: nil, body: Array(#"{"name":"Tom","age":3}"#.utf8))
        #expect(quick.errors == [] && quick.body == ["name": "Tom", "age": 3])
        // A double where an integer is: the full check's, which binds it.
        let full = responder.check(headers: json, endpoint: create, pathValues: [:], query: nil, body: Array(#"{"name":"Tom","age":3.0}"#.utf8))
        #expect(full.errors == [] && full.body == ["name": "Tom", "age": 3.0])
        let verdict = try #require(responder.plans[create].quickCheck).verdict(
            pathValues: [:], query: nil, headers: json, contentType: "application/json", body: Array(#"{"name":"Tom","age":3.0}"#.utf8)
        )
        #expect(!verdict.isValid && verdict.members == ["name": "Tom", "age": 3.0])
        // The members handed on are what is stored: the bytes are not read again.
        let received = MockStateful.Received(path: "/pets", pathValues: [:], contentType: "application/json", body: Array("not read".utf8), members: ["name": "Max"])
        #expect(MockStateful.members(of: received, endpoint: create) == ["name": "Max"])
        var unparsed = received
        unparsed.members = nil
        #expect(MockStateful.members(of: unparsed, endpoint: create) == [:])
    }

    /// The sub-resources below each resource's items are found when the server starts; a
    /// deleted item's are forgotten, by one look-up where their path values are the item's, by a
    /// pass over their own writes where they have more.
    @Test func aDeletedItemsSubResourcesAreFoundByAnIndex() throws {
        let spec = try Spec(yaml: Self.document, file: "pets.yaml")
        let stateful = try MockStateful(spec: spec, seedData: nil)
        #expect(stateful.resources.map(\.itemPath) == ["/pets/{id}"])
        #expect(stateful.singletons.map(\.path) == ["/pets/{id}/star", "/pets/{id}/fans/{user}", "/owners/{owner}/badge"])
        #expect(stateful.singletonsBelow == [[0, 1]])

        let state = MockSingletonState()
        for key in [(0, ["1"]), (0, ["2"]), (1, ["1", "ann"]), (1, ["1", "bob"]), (1, ["2", "ann"]), (2, ["1"])] {
            state.write(.present(nil), at: .init(singleton: key.0, values: key.1), startsPresent: false)
        }
        state.forget(below: ["1"], singletons: [0, 1])
        let left = [(0, ["1"]), (0, ["2"]), (1, ["1", "ann"]), (1, ["1", "bob"]), (1, ["2", "ann"]), (2, ["1"])].map { key in
            state.entry(.init(singleton: key.0, values: key.1), startsPresent: false)
        }
        #expect(left == [.absent, .present(nil), .absent, .absent, .present(nil), .present(nil)])
        // One never written is in its initial state; a write says what was there before.
        #expect(state.entry(.init(singleton: 2, values: ["9"]), startsPresent: true) == .present(nil))
        #expect(state.write(.absent, at: .init(singleton: 2, values: ["9"]), startsPresent: true) == .present(nil))
        #expect(state.entry(.init(singleton: 2, values: ["9"]), startsPresent: true) == .absent)
    }
}
