import Netspec
import NetspecModel

extension ResultPrinter {
    /// `--paginate`: every item of every page (at most `maxItems`), as one JSON array as standard
    /// output shows JSON, or with `--ndjson` one a line, compact. An item's integer a `Double`
    /// changed prints with the digits its page had (ResultPrinter+WideIntegers.swift); a page is
    /// read again for them only when such an integer was printed, and not parsed again: the JSON
    /// that reading the page parsed is used.
    func printItems(_ items: Service.Items, maxItems: Int?) async throws {
        var iterator = items.makeAsyncIterator()
        var printed: [JSONValue] = []
        // The array's pages: each one's body, its JSON as read, and the index in `printed` of its first item.
        var pages: [(body: [UInt8], document: JSONValue??, start: Int)] = []
        // With --ndjson, the page of the items being printed, once one has such an integer.
        var page: AnswerText?
        var count = 0
        while let item = try await iterator.next() {
            if ndjson {
                if iterator.itemIndex == 0 { page = nil }
                let (text, unkept) = Self.json(item, writer: JSONWriter(pretty: false, colored: false, indent: 0)) {
                    let read = page ?? AnswerText(iterator.pageBody, document: iterator.pageDocument)
                    page = read
                    return [(read, [(Self.pointer(iterator.itemsPath, index: iterator.itemIndex), item)])]
                }
                try Terminal.standardOutput.emit(text + [UInt8(ascii: "\n")])
                if let warning = Self.digitsWarning(unkept) { Terminal.standardError.write(warning) }
            } else {
                if iterator.itemIndex == 0 { pages.append((iterator.pageBody, iterator.pageDocument, printed.count)) }
                printed.append(item)
            }
            count += 1
            if let maxItems, count >= maxItems { break }
        }
        guard !ndjson else { return }
        let terminal = Terminal.standardOutput
        let writer = terminal.jsonWriter(raw: raw)
        let (text, unkept) = Self.json(.array(printed), writer: writer) {
            let path = iterator.itemsPath
            return pages.indices.map { number in
                let start = pages[number].start, end = number + 1 < pages.count ? pages[number + 1].start : printed.count
                return (AnswerText(pages[number].body, document: pages[number].document), (start..<end).map { (Self.pointer(path, index: $0 - start), printed[$0]) })
            }
        }
        try terminal.emit(text + [UInt8(ascii: "\n")])
        if let warning = Self.digitsWarning(unkept) { Terminal.standardError.write(warning) }
    }
}
