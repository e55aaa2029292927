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
