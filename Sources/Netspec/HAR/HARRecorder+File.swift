import NIOConcurrencyHelpers

/// How ``HARRecorder`` keeps its file a complete archive as it grows, each exchange costing what
/// its own entry takes (docs/har.md).
extension HARRecorder {
    /// The exchanges the file is brought up to date from: those from `first` on, the file's
    /// settled entries being the first `settled`, with the secrets as they are now (`changed`:
    /// the values added or given another label since the last pass).
    private struct Snapshot {
        var exchanges: [HARExchange]
        var first: Int
        var settled: Int
        var changed: [String]
        var secrets: HARSecretTable
    }

    /// Writes the entries after the settled ones (or the whole archive when the file is not the
    /// one written, or a secret seen since changes a settled entry).
    func update(_ file: inout HARArchiveFile) throws(WriteError) {
        let current = file.isCurrent()
        let snapshot = state.withLockedValue { state in
            if !keepsSecrets { state.secrets.update(with: state.exchanges) }
            let changed = state.secrets.takeChanged()
            let settled = current ? file.settledCount : 0
            let first = changed.isEmpty ? settled : 0
            return Snapshot(exchanges: Array(state.exchanges[first...]), first: first, settled: settled, changed: changed, secrets: state.secrets)
        }
        if !current || (snapshot.first < snapshot.settled && settledEntryChanged(snapshot, file)) {
            try file.rewrite(snapshot.exchanges.map { (HARArchiveFile.text(of: entry($0, snapshot.secrets)), $0.isFinal) })
        } else {
            let pending = snapshot.exchanges[(snapshot.settled - snapshot.first)...]
            try file.append(pending.map { (HARArchiveFile.text(of: entry($0, snapshot.secrets)), $0.isFinal) })
        }
    }

    /// Whether a secret seen since changes the text of an entry the file holds for good: the
    /// entries that hold a changed value (or all, where one could meet a placeholder) are
    /// rendered again and compared with what was written.
    private func settledEntryChanged(_ snapshot: Snapshot, _ file: HARArchiveFile) -> Bool {
        let secrets = snapshot.secrets
        let labels = Set(secrets.labels.values).union(secrets.redactions.values.flatMap { $0.fields.values })
        let everywhere = snapshot.changed.contains { HARSecretTable.overlapsAPlaceholder($0, labels: labels) }
        for index in 0..<snapshot.settled {
            let exchange = snapshot.exchanges[index]
            let redaction = secrets.redaction(for: exchange)
            guard everywhere || exchange.mayChange(by: snapshot.changed, redaction) else { continue }
            if HARArchiveFile.digest(HARArchiveFile.text(of: exchange.entry(redaction))) != file.digests[index] { return true }
        }
        return false
    }
}
