import Netspec
import NetspecCheck
import Testing

/// The stateful phase's sequences request by request: a nested collection's parent created
/// first, a link's `server`, and `maxExamples` and `workers` applied to the sequences.
@Suite struct StatefulSequenceTests {
    /// Owners and their pets: `/owners/{ownerId}/pets` is a collection nested in an owner.
    static let owners = """
        openapi: 3.0.3
        info: { title: Owners, version: '1' }
        paths:
          /owners:
            post:
              operationId: createOwner
              requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Named' } } } }
              responses: { '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Named' } } } } }
          /owners/{ownerId}:
            parameters: [{ name: ownerId, in: path, required: true, schema: { type: integer } }]
            get:
              operationId: getOwner
              responses:
                '200': { description: the owner, content: { application/json: { schema: { $ref: '#/components/schemas/Named' } } } }
                '404': { description: no such owner }
          /owners/{ownerId}/pets:
            parameters: [{ name: ownerId, in: path, required: true, schema: { type: integer } }]
            post:
              operationId: createPet
              requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Named' } } } }
              responses: { '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Named' } } } } }
          /owners/{ownerId}/pets/{petId}:
            parameters:
              - { name: ownerId, in: path, required: true, schema: { type: integer } }
              - { name: petId, in: path, required: true, schema: { type: integer } }
            get:
              operationId: getPet
              responses:
                '200': { description: the pet, content: { application/json: { schema: { $ref: '#/components/schemas/Named' } } } }
                '404': { description: no such pet }
            delete:
              operationId: deletePet
              responses: { '204': { description: deleted }, '404': { description: no such pet } }
        components:
          schemas:
            Named:
              type: object
              required: [name]
              properties:
                id: { type: integer, readOnly: true }
                name: { type: string, minLength: 1, maxLength: 8 }
        """

    /// The pets' sequence creates an owner first and puts its id in the pet's paths: create,
    /// read, delete, read again (404), each request exactly.
    @Test func aNestedCollectionsParentIsCreatedFirst() async throws {
        let spec = try Spec(yaml: Self.owners, file: "owners.yaml")
        try await CheckerTests.withMock(spec, stateful: true) { base in
            let log = RequestLog()
            let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false), interceptors: [log]))
            let options = CheckOptions(phases: [.stateful], include: ["createPet", "getPet", "deletePet"], maxExamples: 1, requestTimeout: CheckerTests.patient)
            let report = await checker.run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(await log.lines == [
                #"POST \#(base)/owners {"name":"string"} → 201"#,
                #"POST \#(base)/owners/1/pets {"name":"string"} → 201"#,
                "GET \(base)/owners/1/pets/1 → 200",
                "DELETE \(base)/owners/1/pets/1 → 204",
                "GET \(base)/owners/1/pets/1 → 404",
            ])
        }
    }

    /// Objects named in `metadata.name`, Kubernetes' way: no member of the item's own holds the
    /// `{name}` of its path.
    static let named = """
        openapi: 3.0.3
        info: { title: Named, version: '1' }
        paths:
          /maps:
            post:
              operationId: createMap
              requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Map' } } } }
              responses: { '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Map' } } } } }
          /maps/{name}:
            parameters: [{ name: name, in: path, required: true, schema: { type: string } }]
            get:
              operationId: readMap
              responses:
                '200': { description: the map, content: { application/json: { schema: { $ref: '#/components/schemas/Map' } } } }
                '404': { description: no such map }
            delete:
              operationId: deleteMap
              responses: { '200': { description: deleted }, '404': { description: no such map } }
        components:
          schemas:
            Map:
              type: object
              required: [metadata]
              properties:
                kind: { type: string, enum: [Map] }
                metadata: { type: object, required: [name], properties: { name: { type: string, enum: [web] } } }
        """

    /// The created object's id is read from its `metadata.name`, so the sequence goes on past the
    /// create: read, delete, read again (404). It stopped at the create, with no id to read by.
    @Test func anIdInMetadataNameIsFollowed() async throws {
        let spec = try Spec(yaml: Self.named, file: "named.yaml")
        try await CheckerTests.withMock(spec, stateful: true) { base in
            let log = RequestLog()
            let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false), interceptors: [log]))
            let options = CheckOptions(phases: [.stateful], maxExamples: 1, requestTimeout: CheckerTests.patient)
            let report = await checker.run(baseURL: base, options: options)
            #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
            #expect(await log.lines == [
                #"POST \#(base)/maps {"metadata":{"name":"web"}} → 201"#,
                "GET \(base)/maps/web → 200",
                "DELETE \(base)/maps/web → 200",
                "GET \(base)/maps/web → 404",
            ])
        }
    }

    /// `maxExamples` sequences per resource: the first with the examples, each further one with
    /// bodies drawn from the schemas by its own seed (the same seed, the same bodies); `workers`
    /// sequences at once.
    @Test(arguments: [1, 3]) func sequencesRepeatWithDrawnBodiesOnWorkers(_ workers: Int) async throws {
        let spec = try Spec(yaml: Self.owners, file: "owners.yaml")
        var bodies: [[String]] = []
        for _ in 0..<2 {
            try await CheckerTests.withMock(spec, stateful: true) { base in
                let log = RequestLog(holding: .milliseconds(20))
                let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false), interceptors: [log]))
                let options = CheckOptions(phases: [.stateful], include: ["createOwner", "getOwner"], maxExamples: 4, workers: workers, seed: 9, requestTimeout: CheckerTests.patient)
                let report = await checker.run(baseURL: base, options: options)
                #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
                #expect(report.requestCount == 8)
                let lines = await log.lines
                bodies.append(lines.filter { $0.hasPrefix("POST") }.map { String($0.split(separator: " ")[2]) }.sorted())
                #expect(await log.mostAtOnce == workers)
            }
        }
        #expect(bodies[0] == bodies[1])
        #expect(Set(bodies[0]).count == 4, "\(bodies[0])")
        #expect(bodies[0].contains(#"{"name":"string"}"#))
    }

    /// Created pets, read through two links: one to the run's base URL, one with a `server`.
    static func linked(server: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Linked, version: '1' }
        paths:
          /pets:
            post:
              operationId: createPet
              responses:
                '201':
                  description: created
                  content: { application/json: { schema: { type: object, properties: { id: { type: integer, example: 7 } } } } }
                  links:
                    Here: { operationId: getPet, parameters: { petId: '$response.body#/id' } }
                    There: { operationId: getPet, parameters: { petId: '$response.body#/id' }, server: { url: '\(server)' } }
          /pets/{petId}:
            get:
              operationId: getPet
              parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
              responses: { '200': { description: ok } }
        """
    }

    /// A link's `server` (OpenAPI 3.0.3 §4.7.20, Link Object: "A server object to be used by the
    /// target operation") is where its target is sent.
    @Test func aLinksServerIsWhereItsTargetGoes() async throws {
        try await CheckerTests.withMock(try Spec(yaml: Self.linked(server: "http://unused"), file: "other.yaml")) { other in
            let spec = try Spec(yaml: Self.linked(server: other), file: "linked.yaml")
            try await CheckerTests.withMock(spec) { base in
                let log = RequestLog()
                let checker = Checker(spec: spec, provider: Provider(options: .init(usesEnvironment: false), interceptors: [log]))
                let options = CheckOptions(phases: [.stateful], maxExamples: 1, requestTimeout: CheckerTests.patient)
                let report = await checker.run(baseURL: base, options: options)
                #expect(report.failures.map { "\($0.operation) \($0.check.rawValue): \($0.message)" } == [])
                #expect(await log.lines == [
                    "POST \(base)/pets → 201", "GET \(base)/pets/7 → 200",
                    "POST \(base)/pets → 201", "GET \(other)/pets/7 → 200",
                ])
            }
        }
    }
}

/// Records each request a checker sends (`METHOD URL BODY → STATUS`), and how many were in
/// flight at most; with `holding`, each answer is held that long, so that requests sent at once
/// overlap.
actor RequestLog: Interceptor {
    private(set) var lines: [String] = []
    private(set) var mostAtOnce = 0
    private var inFlight = 0
    let holding: Duration

    init(holding: Duration = .zero) {
        self.holding = holding
    }

    nonisolated func intercept(
        _ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        await started()
        let response = try await next(request)
        if holding > .zero { try await Task.sleep(for: holding) }
        var line = "\(request.method.rawValue) \(request.url)"
        if case let .bytes(bytes) = request.body, !bytes.isEmpty { line += " " + String(decoding: bytes, as: UTF8.self) }
        await ended(line + " → \(response.status)")
        return response
    }

    private func started() {
        inFlight += 1
        mostAtOnce = max(mostAtOnce, inFlight)
    }

    private func ended(_ line: String) {
        inFlight -= 1
        lines.append(line)
    }
}
