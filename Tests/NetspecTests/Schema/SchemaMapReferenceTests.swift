import NetspecTestSupport
import Testing

import Netspec
import NetspecModel

/// A map of schemas written as a `$ref` (`properties: {$ref: 'attributes.yml#/…'}`, as
/// DigitalOcean's document writes it) is read as the map it points to, as widespread tooling
/// reads it, with a warning at the `$ref` that it is not standard.
@Suite struct SchemaMapReferenceTests {
    static let note = "is not standard JSON Schema (the members of 'properties' are schemas, each by name); read as the map the $ref points to, as widespread tooling does"

    @Test func aMapWrittenAsAReferenceIsTheMapItPointsToWithItsOwnMembersAdded() throws {
        let schema = try JSONSchema([
            "type": "object",
            "properties": ["$ref": "#/$defs/ids", "name": ["type": "string"]],
            "required": ["ids"],
            "$defs": ["ids": ["ids": ["type": "array", "items": ["type": "integer"]], "name": ["type": "integer"]]],
        ])
        #expect(schema.validate(["ids": [1, 2], "name": "lb"]) == [])
        #expect(schema.validate(["ids": ["a"], "name": 3]).map(\.description) == [
            "/ids/0 must be an integer (schema at urn:netspec:schema:1#/$defs/ids/ids/items/type)",
            "/name must be a string (schema at urn:netspec:schema:1#/properties/name/type)",
        ])
        #expect(schema.warnings.map(\.description) == ["urn:netspec:schema:1#/properties/$ref: warning: 'properties: {$ref: #/$defs/ids}' " + Self.note])
        // Only the schemas that reach it carry the warning.
        #expect(try JSONSchema(["type": "object"]).warnings == [])
    }

    @Test(arguments: [
        ("patternProperties", ["^x-": ["type": "string"]] as JSONValue, ["x-a": 1] as JSONValue, "/x-a must be a string"),
        ("dependentSchemas", ["card": ["required": ["billing"]]] as JSONValue, ["card": 1] as JSONValue, "the value must have the property 'billing'"),
    ])
    func otherMapsOfSchemasToo(keyword: String, map: JSONValue, value: JSONValue, message: String) throws {
        let schema = try JSONSchema([.init(stringLiteral: keyword): ["$ref": "#/$defs/map"], "$defs": ["map": map]] as JSONValue)
        #expect(schema.validate(value).map { "\($0.instancePath.isEmpty ? "the value" : $0.instancePath) \($0.message)" } == [message])
        #expect(schema.warnings.map(\.location) == ["urn:netspec:schema:1#/\(keyword)/$ref"])
    }

    @Test func aReferenceToSomethingElseThanAMapIsAnErrorAtTheReference() {
        #expect(throws: SchemaError(message: "'properties: {$ref: #/$defs/list}' must point to an object of schemas, not array", location: "urn:netspec:schema:1#/properties/$ref")) {
            try SchemaCompiler().compile(["properties": ["$ref": "#/$defs/list"], "$defs": ["list": [1]]])
        }
        #expect(throws: SchemaError(message: "cannot resolve 'urn:netspec:schema:1#/$defs/none': no value at that pointer", location: "urn:netspec:schema:1#/properties/$ref")) {
            try SchemaCompiler().compile(["properties": ["$ref": "#/$defs/none"]])
        }
    }

    // MARK: - DigitalOcean

    @Test func digitalOceansLoadBalancerBodiesCompileValidateAndWarn() async throws {
        let path = try await RealDocuments.path(of: "do/specification/DigitalOcean-public.v2.yaml")
        let folder = String(path[...path.lastIndex(of: "/")!])
        let spec = try await onOwnThread { try Spec.load(path: path) }
        let create = try #require(spec.endpoint(named: "loadBalancers_create"))
        let schema = try #require(try create.requestSchema)
        let rule: JSONValue = ["entry_protocol": "http", "entry_port": 80, "target_protocol": "http", "target_port": 80]
        #expect(schema.validate(["name": "lb", "region": "nyc3", "forwarding_rules": [rule], "droplet_ids": [3164444]], direction: .request) == [])
        #expect(schema.validate(["name": "lb", "region": "nyc3", "forwarding_rules": [rule], "tag": "prod:web"], direction: .request) == [])
        // Droplet IDs that are not integers match neither branch.
        #expect(schema.validate(["name": "lb", "region": "nyc3", "forwarding_rules": [rule], "droplet_ids": ["web-1"]], direction: .request).map(\.description) == [
            "the value must match exactly one of the 2 schemas in oneOf (schema at \(folder)resources/load_balancers/models/load_balancer_create.yml:1:1)",
        ])
        #expect(schema.warnings.map { $0.description.replacingOccurrences(of: folder, with: "") } == [
            "resources/load_balancers/models/load_balancer_create.yml:6:9: warning: 'properties: {$ref: attributes.yml#/load_balancer_droplet_ids}' " + Self.note,
            "resources/load_balancers/models/load_balancer_create.yml:23:9: warning: 'properties: {$ref: attributes.yml#/load_balancer_droplet_tag}' " + Self.note,
        ])
        // A body the reader splits into fields: the fields are the map's, and the load warns.
        let add = try #require(spec.endpoint(named: "loadBalancers_add_droplets"))
        #expect(add.parameters.map(\.name) == ["lb_id", "droplet_ids"])
        #expect(spec.warnings.filter { $0.message.contains("$ref: models/attributes.yml") }.map { $0.description.replacingOccurrences(of: folder, with: "") } == [
            // In the order of their lines, as every warning of a document.
            "resources/load_balancers/loadBalancers_remove_droplets.yml:27:11: warning: 'properties: {$ref: models/attributes.yml#/load_balancer_droplet_ids}' " + Self.note,
            "resources/load_balancers/loadBalancers_add_droplets.yml:30:11: warning: 'properties: {$ref: models/attributes.yml#/load_balancer_droplet_ids}' " + Self.note,
        ])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("loadBalancers_add_droplets", ["lb_id": "7", "droplet_ids": [1, 2]])
        #expect(request.body == .bytes(Array(#"{"droplet_ids":[1,2]}"#.utf8)))
        #expect(throws: CallError.self) { try api.prepare("loadBalancers_add_droplets", ["lb_id": "7", "droplet_ids": ["a"]]) }
    }

    @Test func everyDigitalOceanRequestBodySchemaCompiles() async throws {
        let path = try await RealDocuments.path(of: "do/specification/DigitalOcean-public.v2.yaml")
        let failures = try await onOwnThread {
            let spec = try Spec.load(path: path)
            var failures: [String] = []
            var bodies = 0
            for endpoint in spec.endpoints {
                for reference in [endpoint.requestSchemaReference].compactMap({ $0 }) + endpoint.parameters.compactMap(\.documentSchema) {
                    bodies += 1
                    do { _ = try reference.compiled() } catch { failures.append("\(endpoint.name): \(error)") }
                }
            }
            #expect(bodies > 500)
            return failures
        }
        #expect(failures == [])
    }
}
