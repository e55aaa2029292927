import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Netspec

/// A prepared request as URLSession sends it: the `URLRequest`, and the file its body is
/// uploaded from when it is not in memory.
///
/// URLSession uploads a body from memory or from a file. Bytes go in memory; a file body is
/// uploaded from the file itself; a range of a file and a multipart body (whose files are read
/// when reached) are first written to a temporary file, so that no body larger than a chunk is
/// ever in memory, and that file is removed when the request ends.
struct URLSessionUpload {
    var request: URLRequest
    /// The file the body is uploaded from, if any.
    var file: URL?
    /// The temporary file this transport wrote, to remove when the request ends.
    var stagedFile: URL?

    /// The request for `prepared`, its body staged when it has to be.
    ///
    /// - Throws: ``TransportError`` for a URL URLSession cannot take, or a body that cannot be
    ///   read or staged.
    static func make(for prepared: PreparedRequest) async throws -> URLSessionUpload {
        guard let url = URL(string: prepared.url), url.scheme != nil, url.host != nil else {
            throw TransportError(kind: .other, message: "invalid URL '\(prepared.url)'")
        }
        var request = URLRequest(url: url)
        request.httpMethod = prepared.method.rawValue
        // The call's own limits apply (see `URLSessionTransport`); this one only ends a
        // connection that stays silent for a day.
        request.timeoutInterval = 86_400
        for (name, value) in prepared.http1Fields {
            request.addValue(value, forHTTPHeaderField: name)
        }
        switch prepared.body {
        case .empty:
            return URLSessionUpload(request: request)
        case let .bytes(bytes):
            request.httpBody = Data(bytes)
            return URLSessionUpload(request: request)
        case let .file(path, _):
            return URLSessionUpload(request: request, file: URL(fileURLWithPath: path))
        case .fileRange, .multipart:
            break
        }
        guard let chunks = prepared.body.streamedChunks else { return URLSessionUpload(request: request) }
        let staged = try await stage(chunks, host: TransportErrorMapping.hostAndPort(of: prepared.url))
        return URLSessionUpload(request: request, file: staged, stagedFile: staged)
    }

    /// Writes a streamed body to a new temporary file, chunk by chunk.
    private static func stage(_ chunks: MultipartChunks, host: String) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = FileHandle(forWritingAtPath: file.path) else {
            throw TransportError(kind: .other, message: "the request body to \(host) cannot be staged: cannot create '\(file.path)'")
        }
        do {
            defer { try? handle.close() }
            for try await chunk in chunks {
                try handle.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            if error is CancellationError { throw TransportError.cancelled }
            let reason = (error as? MultipartError)?.message ?? "'\(file.path)' cannot be written"
            throw TransportError(kind: .other, message: "the request body to \(host) cannot be sent: \(reason)")
        }
        return file
    }
}
