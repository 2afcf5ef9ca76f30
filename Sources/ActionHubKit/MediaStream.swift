import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One media download as the session's delegate sees it: the answer's head is checked (status,
/// type, `Content-Length` against Apple's limit) before the body is taken, the body is written to
/// the file as it comes and cut off at the limit, and a type the server leaves open
/// (`application/octet-stream`, none) is read from the URL's extension or the first bytes.
final class MediaStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Result = Swift.Result<(MediaDownload.MediaType, Int), MediaDownload.Failure>

    private let url: URL
    private let file: URL
    // Guarded by `lock`: the delegate runs on the session's queue, `start` on the caller's.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result, Never>?
    private var outcome: Result?
    private var output: FileHandle?
    private var type: MediaDownload.MediaType?
    private var head = Data()
    private var written = 0

    init(url: URL, file: URL) {
        self.url = url
        self.file = file
    }

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Result, Never>) {
        lock.withLock { self.continuation = continuation }
        task.resume()
    }

    /// The limit while the type is not known yet: the largest there is.
    private var limit: Int {
        type?.kind.maximumBytes ?? MediaDownload.Kind.video.maximumBytes
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let refusal = lock.withLock { () -> MediaDownload.Failure? in
            guard let http = response as? HTTPURLResponse else { return .network("no HTTP response") }
            guard (200..<300).contains(http.statusCode) else { return .status(http.statusCode) }
            let contentType = http.value(forHTTPHeaderField: "Content-Type")
            type = contentType.flatMap(MediaDownload.MediaType.init(contentType:))
            if type == nil {
                let undeclared = contentType.map { $0.lowercased().hasPrefix("application/octet-stream") } ?? true
                guard undeclared else { return .unsupportedType(contentType) }
                type = MediaDownload.MediaType(fileExtension: url.pathExtension)
            }
            if http.expectedContentLength > limit {
                return .tooLarge(bytes: Int(http.expectedContentLength), limit: limit)
            }
            guard FileManager.default.createFile(atPath: file.path, contents: nil),
                let handle = try? FileHandle(forWritingTo: file)
            else { return .network("cannot write \(file.path)") }
            output = handle
            return nil
        }
        if let refusal {
            finish(.failure(refusal))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refusal = lock.withLock { () -> MediaDownload.Failure? in
            guard outcome == nil, let output else { return nil }
            if type == nil, head.count < 16 { head.append(data.prefix(16 - head.count)) }
            if type == nil, head.count >= 16 { type = MediaDownload.MediaType(sniffing: head) }
            written += data.count
            if written > limit { return .tooLarge(bytes: written, limit: limit) }
            do {
                try output.write(contentsOf: data)
            } catch {
                return .network("cannot write \(file.path): \(error)")
            }
            return nil
        }
        if let refusal {
            finish(.failure(refusal))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let timedOut = (error as? URLError)?.code == .timedOut
            return finish(.failure(timedOut ? .timedOut : .network("\(error)")))
        }
        let result = lock.withLock { () -> Result in
            if type == nil { type = MediaDownload.MediaType(sniffing: head) }
            guard let type else { return .failure(.unsupportedType("application/octet-stream")) }
            return .success((type, written))
        }
        finish(result)
    }

    /// Hands the result back once; later calls (the cancel's own completion) are ignored.
    private func finish(_ result: Result) {
        let continuation = lock.withLock { () -> CheckedContinuation<Result, Never>? in
            guard outcome == nil else { return nil }
            outcome = result
            try? output?.close()
            output = nil
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: result)
    }
}
