import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attempts through a background `URLSession` on Apple platforms: an upload the system carries on
/// while the app is suspended or gone, starts no earlier than a retry's date, and wakes the app
/// for. Each task carries its outbox entry's id, so an answer that arrives after a relaunch settles
/// that entry (and its upload file is deleted). Elsewhere, where background sessions do not exist,
/// the same code runs on an ordinary session and retries wait in the process.
///
/// From the app delegate:
/// `func application(_:handleEventsForBackgroundURLSession identifier:completionHandler:)` →
/// `transport.handleEvents(forBackgroundURLSession: identifier, completionHandler: completionHandler)`.
public final class BackgroundSessionTransport: NSObject, HTTPTransport, URLSessionDataDelegate, @unchecked Sendable {
    /// `<bundle id>.actionhub`: distinct for the app and each extension (their bundle ids differ),
    /// since two processes must not share one background session.
    public static func identifier(for bundle: Bundle = .main) -> String {
        "\(bundle.bundleIdentifier ?? ProcessInfo.processInfo.processName).actionhub"
    }

    /// What has come back so far for each task, by task identifier; the caller when this process
    /// made it. Everything below is guarded by `lock`: the delegate is called on the session's
    /// queue, `post` on any task.
    private struct InFlight {
        var continuation: CheckedContinuation<TransportAnswer, any Error>?
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
    private var earlierLaunchHandler: (@Sendable (String, TransportAnswer?) -> Void)?
    /// Answers for an earlier launch's tasks that came before the hub asked for them.
    private var earlierLaunchAnswers: [(String, TransportAnswer?)] = []

    /// `uploads` holds the body files the system reads while the app sleeps; put it in the App
    /// Group container (with `sharedContainerIdentifier`) when extensions send too.
    public init(
        identifier: String = BackgroundSessionTransport.identifier(), sharedContainerIdentifier: String? = nil,
        uploads: URL, timeout: TimeInterval = 60
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

    #if canImport(Darwin)
        public var defersToSystem: Bool { true }
    #endif

    public func post(_ attempt: TransportAttempt) async throws -> TransportAnswer {
        guard let session = lock.withLock({ self.session }) else { throw URLError(.cancelled) }
        let file = uploadFile(for: attempt.id)
        try ProtectedFile.write(attempt.body, to: file)
        let task = session.uploadTask(with: attempt.request, fromFile: file)
        task.taskDescription = attempt.id
        #if canImport(Darwin)
            if let notBefore = attempt.notBefore, notBefore > Date() { task.earliestBeginDate = notBefore }
        #endif
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { inFlight[task.taskIdentifier] = InFlight(continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    public func deliverEarlierLaunchAnswers(to handler: @escaping @Sendable (String, TransportAnswer?) -> Void) {
        let kept = lock.withLock { () -> [(String, TransportAnswer?)] in
            earlierLaunchHandler = handler
            defer { earlierLaunchAnswers = [] }
            return earlierLaunchAnswers
        }
        for (id, answer) in kept { handler(id, answer) }
    }

    /// Keeps the system's completion handler until the session has delivered every event; false
    /// when `identifier` is another session's (the app has other background sessions to serve).
    @discardableResult
    public func handleEvents(forBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void)
        -> Bool
    {
        guard identifier == self.identifier else { return false }
        lock.withLock { systemCompletion = completionHandler }
        return true
    }

    /// Stops the session; attempts under way fail and stay in the outbox.
    public func invalidate() {
        let session = lock.withLock { () -> URLSession? in
            defer { self.session = nil }
            return self.session
        }
        session?.invalidateAndCancel()
    }

    private func uploadFile(for id: String) -> URL {
        uploads.appendingPathComponent("\(id).json")
    }

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        lock.withLock {
            inFlight[dataTask.taskIdentifier, default: InFlight()].status = http?.statusCode
            inFlight[dataTask.taskIdentifier]?.retryAfter = http?.value(forHTTPHeaderField: "Retry-After")
        }
        completionHandler(.allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { inFlight[dataTask.taskIdentifier, default: InFlight()].body.append(data) }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let finished = lock.withLock { inFlight.removeValue(forKey: task.taskIdentifier) } ?? InFlight()
        let status = finished.status ?? (task.response as? HTTPURLResponse)?.statusCode
        let answer = status.map { TransportAnswer(status: $0, retryAfter: finished.retryAfter, body: finished.body) }
        if let id = task.taskDescription { try? FileManager.default.removeItem(at: uploadFile(for: id)) }
        if let continuation = finished.continuation {
            if let answer, error == nil {
                continuation.resume(returning: answer)
            } else {
                continuation.resume(throwing: error ?? URLError(.badServerResponse))
            }
            return
        }
        // A task an earlier launch made: its entry is still in the outbox, to be settled by it.
        guard let id = task.taskDescription else { return }
        let handler = lock.withLock { () -> (@Sendable (String, TransportAnswer?) -> Void)? in
            if earlierLaunchHandler == nil { earlierLaunchAnswers.append((id, error == nil ? answer : nil)) }
            return earlierLaunchHandler
        }
        handler?(id, error == nil ? answer : nil)
    }

    #if canImport(Darwin)
        public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            // The system's handler is read and called on the main queue, after every event of the
            // session has been delivered to the methods above, as Apple's documentation asks.
            DispatchQueue.main.async { [self] in
                let completion = lock.withLock { () -> (() -> Void)? in
                    defer { systemCompletion = nil }
                    return systemCompletion
                }
                completion?()
            }
        }
    #endif
}
