/// The secret values a recording hides wherever they appear, each with its label: every value an
/// endpoint's redaction has found so far (a token replaced since, by a refresh, is still hidden in
/// the earlier entries) and every value a request carried in a hidden place (an echo of it, a token
/// endpoint's answer).
///
/// ``update(with:)`` runs each time the recording is written or read, as one pass over the
/// exchanges: each endpoint's redaction is made again with its provider's values now (the first
/// exchange of an endpoint name decides whose), its values take their labels (a later endpoint's
/// label over an earlier one's), and the placed values of the exchanges started since the last
/// pass are added under the label of the first exchange that carried them.
struct HARSecretTable: Sendable {
    /// Each value's label.
    private(set) var labels: [String: String] = [:]
    /// The values in the order they are replaced: longest first, then by value.
    var ordered: [(value: String, label: String)] { hiding.values }
    /// The values and their forms, made once each time they change (``HARRedaction/Hiding``).
    private var hiding = HARRedaction.Hiding([])
    /// Each endpoint name's redaction (its places; ``HARRedaction/values`` is ``ordered``).
    private(set) var redactions: [String: HARRedaction] = [:]
    /// Each endpoint name's first exchange, in the order they started.
    private var endpoints: [(name: String, exchange: Int)] = []
    private var named: Set<String> = []
    /// How many exchanges' requests have been searched for placed values.
    private var placed = 0
    /// The values added or given another label since the recorder's file last took them.
    private var unwritten: Set<String> = []

    /// Brings the table up to date with `exchanges` (the recording's, in the order they started).
    mutating func update(with exchanges: [HARExchange]) {
        for index in placed..<exchanges.count where named.insert(exchanges[index].endpoint.name).inserted {
            endpoints.append((exchanges[index].endpoint.name, index))
        }
        var found: [String: String] = [:]
        for (name, index) in endpoints {
            let exchange = exchanges[index]
            var redaction = HARRedaction(spec: exchange.service.spec, endpoint: exchange.endpoint, provider: exchange.service.provider)
            for (value, label) in redaction.values { found[value] = label }
            redaction.hiding = HARRedaction.Hiding([])
            redactions[name] = redaction
        }
        for exchange in exchanges[placed...] {
            let redaction = redactions[exchange.endpoint.name]!
            for (value, label) in redaction.placedValues(url: exchange.url, headers: exchange.requestHeaders, body: exchange.requestBody, mimeType: exchange.requestType)
            where found[value] == nil && labels[value] == nil {
                found[value] = label
            }
        }
        placed = exchanges.count
        let changed = found.filter { labels[$0.key] != $0.value }.map(\.key)
        guard !changed.isEmpty else { return }
        unwritten.formUnion(changed)
        labels.merge(found) { $1 }
        hiding = HARRedaction.Hiding(labels.map { (value: $0.key, label: $0.value) }.sorted { ($0.value.count, $0.value) > ($1.value.count, $1.value) })
    }

    /// The values added or given another label since the last call (whoever brought the table
    /// up to date: the file's writes or ``HARRecorder/archive()``).
    mutating func takeChanged() -> [String] {
        defer { unwritten = [] }
        return Array(unwritten)
    }

    /// The redaction an exchange is written with: its endpoint's places and every value known.
    func redaction(for exchange: HARExchange) -> HARRedaction {
        var redaction = redactions[exchange.endpoint.name]!
        redaction.hiding = hiding
        return redaction
    }
}
