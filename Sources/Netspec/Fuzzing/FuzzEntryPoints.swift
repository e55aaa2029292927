import NetspecModel

/// Entry points for the fuzz targets in `Fuzz/`: each runs one parser over arbitrary bytes and
/// must return for every input — an error is fine, a crash, a hang or a leak is a bug.
///
/// Not API: available as `@_spi(Fuzzing) import Netspec` only.
@_spi(Fuzzing)
public enum FuzzEntryPoints {
    /// Loads the bytes as a spec, and when one loads, prepares a call of every endpoint with no arguments.
    public static func specLoader(_ bytes: [UInt8]) {
        guard let spec = try? FrontEnd.load(bytes: bytes, file: "fuzz.yaml") else { return }
        let service = Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(usesEnvironment: false)))
        for endpoint in spec.endpoints {
            _ = try? service.prepare(endpoint.name)
            _ = try? endpoint.result(from: .object(["data": .array([.int(1), .null])]))
        }
    }

    /// Parses the bytes as JSON; when they parse, prints them back and parses the output again,
    /// which must give the same value.
    public static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONValue(parsing: bytes) else { return }
        let printed = value.serialized()
        guard let again = try? JSONValue(parsing: printed), again == value else {
            fatalError("JSON round trip changed the value: \(value) → \(String(decoding: printed, as: UTF8.self))")
        }
        _ = value.formatted(pretty: true, colored: true)
        _ = value.value(at: "a.0.b")
    }

    /// Feeds the bytes to the SSE parser in chunks whose sizes come from the first byte, then
    /// checks that feeding them in one chunk gives the same events.
    public static func serverSentEvents(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let input = Array(bytes.dropFirst())
        let chunkSize = Int(first % 17) + 1
        let chunked = events(input, chunkSize: chunkSize)
        let whole = events(input, chunkSize: max(input.count, 1))
        guard chunked == whole else { fatalError("SSE events depend on chunking (chunk size \(chunkSize))") }
        var lines = LineStreamParser(limits: StreamLimits(maxLineBytes: 4096, maxEventBytes: 4096))
        _ = try? lines.append(input)
        while lines.next() != nil {}
        _ = lines.finish()
    }

    private static func events(_ input: [UInt8], chunkSize: Int) -> [ServerSentEvent]? {
        var parser = ServerSentEventParser(limits: StreamLimits(maxLineBytes: 4096, maxEventBytes: 4096))
        var events: [ServerSentEvent] = []
        var start = 0
        while start < input.count {
            let end = min(start + chunkSize, input.count)
            do {
                try parser.append(input[start..<end])
            } catch {
                return nil
            }
            while let event = parser.next() { events.append(event) }
            start = end
        }
        while let event = parser.finish() { events.append(event) }
        return events
    }

    /// Parses the bytes (as UTF-8 text, one item per line) as command-line items, and converts
    /// them to the arguments of a fixed endpoint with parameters of every type.
    public static func commandLineItems(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let items = text.split(separator: "\n").compactMap { try? CommandLineItem(parsing: String($0)) }
        for item in items { _ = try? CommandLineItem(parsing: item.description) }
        guard let arguments = try? CommandLineArguments.make(items: items, endpoint: itemsService.spec.endpoints[0], standardInput: bytes) else {
            return
        }
        _ = try? itemsService.prepare("e", arguments)
    }

    /// Reads the first line as a JSONPath query and the rest as a JSON document. When both parse
    /// (and ``evaluationBound(_:nodes:)`` keeps the work small), selects with the query and checks
    /// that the values ``JSONPath/select(in:)`` gives are the ones ``JSONPath/locate(in:)`` gives,
    /// that `selectsAny` agrees, that a singular query selects at most one node, and that the
    /// normalized path of each node (the first 64) parses and selects exactly that node again.
    ///
    /// - Returns: The values the query selected; `nil` when the query or the document did not
    ///   parse, or the query was not evaluated.
    @discardableResult
    public static func jsonPath(_ bytes: [UInt8]) -> [JSONValue]? {
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        guard let query = try? JSONPath(String(decoding: bytes[..<newline], as: UTF8.self)) else { return nil }
        guard newline < bytes.endIndex, let document = try? JSONValue(parsing: Array(bytes[(newline + 1)...])),
              evaluationBound(query.text, nodes: nodeCount(document)) <= maximumEvaluation else { return nil }
        let values = query.select(in: document)
        let located = query.locate(in: document)
        guard located.map(\.value) == values else { fatalError("JSONPath '\(query)': select and locate differ") }
        guard query.selectsAny(in: document) == !values.isEmpty else { fatalError("JSONPath '\(query)': selectsAny disagrees with select") }
        guard !query.isSingular || values.count <= 1 else { fatalError("JSONPath '\(query)' is singular and selects \(values.count) nodes") }
        for (path, value) in located.prefix(64) {
            guard let again = try? JSONPath(path.description) else { fatalError("normalized path \(path) does not parse") }
            guard again.select(in: document) == [value] else { fatalError("normalized path \(path) does not select its node alone") }
        }
        return values
    }

    /// Splits the bytes at the line `---8<---` into an overlay and a target document (YAML or
    /// JSON); when the overlay reads and the document parses, applies the overlay's actions in
    /// order, stopping at the first that fails, or when the document grows past 20,000 nodes or a
    /// target would cost more than ``maximumEvaluation`` to evaluate.
    ///
    /// - Returns: How many actions were applied and the document they made; `nil` when the
    ///   overlay did not read or the document did not parse.
    @discardableResult
    public static func overlay(_ bytes: [UInt8]) -> (actions: Int, document: JSONValue)? {
        let cut = Array("\n---8<---\n".utf8)
        let at = bytes.firstRange(of: cut)
        let overlayBytes = at.map { Array(bytes[..<$0.lowerBound]) } ?? bytes
        let documentBytes = at.map { Array(bytes[$0.upperBound...]) } ?? []
        guard let overlay = try? Overlay.read(bytes: overlayBytes, file: "fuzz.overlay.yaml"),
              var root = try? FrontEnd.parse(documentBytes, file: "fuzz.yaml") else { return nil }
        var applied = 0
        for action in overlay.actions {
            let nodes = nodeCount(root.jsonValue)
            guard nodes <= 20_000, ([action.target] + (action.copy.map { [$0] } ?? [])).allSatisfy({
                evaluationBound($0.text, nodes: nodes) <= maximumEvaluation
            }) else { break }
            var one = overlay
            one.actions = [action]
            guard let result = try? Overlay.apply([one], to: root, document: "fuzz.yaml") else { break }
            root = result.root
            applied += 1
        }
        return (applied, root.jsonValue)
    }

    /// The most work a fuzz target lets one JSONPath evaluation do, in ``evaluationBound(_:nodes:)``'s units.
    public static let maximumEvaluation = 1_000_000.0

    /// A bound on the work of evaluating `query` over a value of `nodes` nodes: RFC 9535 results
    /// are not deduplicated, so each `..`, `*`, `,`, `:` (slice) and `?` (filter) can multiply the
    /// nodes by up to `nodes` (`$..*..*..*` on a deep value, `$[?$[?$[?$]]]` on any), which the
    /// RFC leaves to implementations to bound (§4.1). Fuzz targets evaluate only queries within
    /// ``maximumEvaluation``, so that a timeout they report is not this known growth.
    public static func evaluationBound(_ query: String, nodes: Int) -> Double {
        let bytes = Array(query.utf8)
        var tokens = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "?"): tokens += 1
            case UInt8(ascii: ".") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "."): tokens += 1
            default: break
            }
        }
        var bound = 1.0
        for _ in 0...tokens {
            bound *= Double(max(nodes, 2))
            if bound > maximumEvaluation { break }
        }
        return bound
    }

    /// The values in `value`, itself included.
    public static func nodeCount(_ value: JSONValue) -> Int {
        switch value {
        case let .array(items): items.reduce(1) { $0 + nodeCount($1) }
        case let .object(object): object.reduce(1) { $0 + nodeCount($1.value) }
        default: 1
        }
    }

    /// Loaded once. LeakSanitizer cannot see pointers that Swift stores with enum tags in their
    /// spare bits, so it reports this static's memory as leaked; `Fuzz/lsan.supp` names it.
    private static let itemsService = Service(
        spec: try! Spec(yaml: itemsSpec), provider: Provider(options: .init(usesEnvironment: false))
    )

    private static let itemsSpec = """
        netspec: 1
        service: Fuzz
        baseURL: http://127.0.0.1:1
        endpoints:
          e:
            POST: /e/{id}
            params:
              id: Int
              s: String?
              d: Double?
              b: Bool?
              tags: "[String]?"
              map: "[String: Int]?"
              any: JSON?
              user: User?
              q: { in: query, type: "[Int]?", format: csv }
              h: { in: header, type: "String?" }
        """
}
