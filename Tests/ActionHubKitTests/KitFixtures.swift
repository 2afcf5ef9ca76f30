import ActionHubKit
import Basics
import Foundation
import TestSupport

/// The shipped social_post routes as the kit sees them, responses to forward, and a transport
/// that answers from a script.
enum KitFixtures {
    static let routes = KitRoutes.socialPost

    static func like(post: String = "p-1") -> NotificationResponse {
        NotificationResponse(
            actionIdentifier: "like", notificationIdentifier: "push-1", categoryIdentifier: "social_post",
            notificationDate: Date(timeIntervalSince1970: 1_795_000_000),
            userInfo: ["postId": .string(post), "media-url": .string("https://example.com/a.jpg")])
    }

    static func reply(_ text: String, post: String = "p-1") -> NotificationResponse {
        var response = like(post: post)
        response.actionIdentifier = "reply"
        response.userText = text
        return response
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("actionhubkit-\(UUID().uuidString)")
    }

    static let fastBackoff = Backoff(initial: .milliseconds(20), maximum: .milliseconds(200))

    /// Polls `condition` for up to a minute (several under a sanitizer).
    static func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(seconds))
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

/// Answers each attempt with the next scripted answer (the last one repeats), and records what
/// was sent.
final class ScriptedTransport: HTTPTransport {
    struct Sent: Sendable {
        var id: String
        var headers: [String: String]
        var body: Data
        var at: Date
        /// Whether the test's background time was held when it was sent.
        var duringBackgroundTime = false
    }

    private let script: Locked<[Result<TransportAnswer, URLError>]>
    private let delay: Duration?
    private let backgroundTime: @Sendable () -> Bool
    let sent = Locked<[Sent]>([])

    init(
        _ script: [Result<TransportAnswer, URLError>], delay: Duration? = nil,
        backgroundTime: @escaping @Sendable () -> Bool = { false }
    ) {
        self.script = Locked(script)
        self.delay = delay
        self.backgroundTime = backgroundTime
    }

    func post(_ attempt: TransportAttempt) async throws -> TransportAnswer {
        let held = backgroundTime()
        sent.withLock {
            $0.append(
                Sent(
                    id: attempt.id, headers: attempt.headers, body: attempt.body, at: Date(),
                    duringBackgroundTime: held))
        }
        if let delay { try? await Task.sleep(for: delay) }
        let next = script.withLock { script in script.count > 1 ? script.removeFirst() : script[0] }
        return try next.get()
    }

    static func created(
        handler: String = "like", result: String = #"{"liked":true,"alreadyLiked":false,"likeCount":1}"#
    )
        -> Result<TransportAnswer, URLError>
    {
        .success(
            TransportAnswer(
                status: 201,
                body: Data(#"{"id":"X","handler":"\#(handler)","result":\#(result)}"#.utf8)))
    }
}

/// Collects events from the kit until a condition holds or time runs out.
actor EventLog {
    private(set) var events: [DeliveryEvent] = []

    func follow(_ stream: AsyncStream<DeliveryEvent>) {
        Task {
            for await event in stream { self.append(event) }
        }
    }

    private func append(_ event: DeliveryEvent) {
        events.append(event)
    }

    func waitFor(seconds: Double = 60, _ condition: ([DeliveryEvent]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(events)
    }
}
