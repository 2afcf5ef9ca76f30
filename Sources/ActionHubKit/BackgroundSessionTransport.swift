import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attempts through a background `URLSession` on Apple platforms: an upload the system carries on
/// while the app is suspended, and wakes the app for. (Elsewhere, where background sessions do not
/// exist, the same code runs on an ordinary session.) If the app is killed before an answer comes,
/// the response is still in the outbox: the next launch sends it again with the same id, and
/// ActionHub answers the replay from storage.
///
/// From the app delegate:
/// `func application(_:handleEventsForBackgroundURLSession identifier:completionHandler:)` →
/// `transport.handleEvents(forBackgroundURLSession: identifier, completionHandler: completionHandler)`.
public final class BackgroundSessionTransport: NSObject, HTTPTransport, URLSessionDataDelegate, @unchecked Sendable {
    public static let defaultIdentifier = "actionhub.outbox"

    /// Each task's caller and what has come back so far. Everything below is guarded by `lock`:
    /// the delegate is called on the session's queue, `post` on any task.
    private struct InFlight {
        var continuation: CheckedContinuation<TransportAnswer, any Error>
        var file: URL
        var status: Int?
        var retryAfter: String?
        var body = Data()
    }

    public let identifier: String
    private let uploads: URL
    private let lock = NSLock()
    private var inFlight: [Int: InFlight] = [:]
    private var systemCompletion: (() -> Void)?
    private var session: URLSession?

    /// `uploads` holds the body files the system reads while the app sleeps; put it in the App
    /// Group container (with `sharedContainerIdentifier`) when extensions send too.
    public init(
        identifier: String = defaultIdentifier, sharedContainerIdentifier: String? = nil, uploads: URL,
        timeout: TimeInterval = 60
    ) throws {
        self.identifier = identifier
        self.uploads = uploads
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        super.init()
        #if canImport(Darwin)
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.sessionSendsLaunchEvents = true
            configuration.isDiscretionary = false
            configuration.sharedContainerIdentifier = sharedContainerIdentifier
        #else
            let configuration = URLSessionConfiguration.default
        #endif
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    public func post(_ url: URL, headers: [String: String], body: Data) async throws -> TransportAnswer {
        guard let session = lock.withLock({ self.session }) else { throw URLError(.cancelled) }
        let file = uploads.appendingPathComponent("\(UUID().uuidString).json")
        try body.write(to: file, options: .atomic)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.uploadTask(with: request, fromFile: file)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock {
                    inFlight[task.taskIdentifier] = InFlight(continuation: continuation, file: file)
                }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Keeps the system's completion handler until the session has delivered every event.
    public func handleEvents(forBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
        guard identifier == self.identifier else { return }
        lock.withLock { systemCompletion = completionHandler }
    }

    /// Stops the session; attempts under way fail and stay in the outbox.
    public func invalidate() {
        let session = lock.withLock { () -> URLSession? in
            defer { self.session = nil }
            return self.session
        }
        session?.invalidateAndCancel()
    }

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        lock.withLock {
            inFlight[dataTask.taskIdentifier]?.status = http?.statusCode
            inFlight[dataTask.taskIdentifier]?.retryAfter = http?.value(forHTTPHeaderField: "Retry-After")
        }
        completionHandler(.allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { inFlight[dataTask.taskIdentifier]?.body.append(data) }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // A task from an earlier launch has no caller here: its response is still in the outbox.
        guard let finished = lock.withLock({ inFlight.removeValue(forKey: task.taskIdentifier) }) else { return }
        try? FileManager.default.removeItem(at: finished.file)
        let status = finished.status ?? (task.response as? HTTPURLResponse)?.statusCode
        if let error {
            finished.continuation.resume(throwing: error)
        } else if let status {
            finished.continuation.resume(
                returning: TransportAnswer(status: status, retryAfter: finished.retryAfter, body: finished.body))
        } else {
            finished.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    #if canImport(Darwin)
        public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            let completion = lock.withLock { () -> (() -> Void)? in
                defer { systemCompletion = nil }
                return systemCompletion
            }
            // The system's handler belongs on the main thread, called once; it is not Sendable, so
            // it crosses to the main queue as the one value that goes there.
            guard let completion else { return }
            nonisolated(unsafe) let handler = completion
            DispatchQueue.main.async { handler() }
        }
    #endif
}
