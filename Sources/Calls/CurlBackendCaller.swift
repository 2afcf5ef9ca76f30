import ActionHubDomain
import Basics
import Curl
import Foundation
import JSON
import Telemetry
import Webhooks

/// The `BackendCaller` of the running service: each call signed with Standard Webhooks headers
/// (`webhook-id` is the event id), made on a `CurlRequestPool` of `concurrency` calls at most,
/// judged by `CallVerdict`, counted and logged. With every slot taken a call is answered
/// unavailable at once: a queue of calls that cannot start would only grow.
public final class CurlBackendCaller: BackendCaller {
    private let pool: CurlRequestPool
    private let signers: SignerPool
    private let userAgent: String
    private let telemetry: Telemetry

    /// `secret` is `whsec_` and base64, as Standard Webhooks libraries take it.
    public init(secret: String, concurrency: Int, userAgent: String, telemetry: Telemetry) throws {
        signers = try SignerPool(secret: secret)
        pool = try CurlRequestPool(capacity: concurrency)
        self.userAgent = userAgent
        self.telemetry = telemetry
    }

    /// Calls running now.
    public var inFlight: Int { pool.outstanding }

    /// Ends calls still running as unavailable (their apps retry) and stops the pool's thread.
    public func stop() {
        pool.stop()
    }

    public func call(_ call: BackendCall, answered: @escaping @Sendable (BackendAnswer) -> Void) {
        let request: CurlRequest
        do {
            request = try signed(call)
        } catch {
            telemetry.logger.error(
                "signing a call failed", ["route": .string(Self.label(call.route)), "error": .string("\(error)")])
            finish(
                call,
                .unavailable(
                    BackendUnavailable(cause: "signing the call failed", retryAfterSeconds: 1, route: call.route)),
                outcome: "failed", answered)
            return
        }
        let telemetry = telemetry
        let started = pool.start(request) { outcome in
            let (answer, label) = CallVerdict.judge(outcome, of: call, retryJitter: Int.random(in: 1...5))
            if case .success(let response) = outcome {
                telemetry.metrics.observe(
                    Telemetry.Name.callDuration, [call.route.category, call.route.action],
                    Double(response.duration / .microseconds(1)) / 1_000_000)
            }
            Self.finish(call, answer, outcome: label, telemetry: telemetry, answered)
        }
        guard started else {
            let cause = "all \(pool.capacity) call slots are in use (--call-concurrency); retry shortly"
            finish(
                call, .unavailable(BackendUnavailable(cause: cause, retryAfterSeconds: 1, route: call.route)),
                outcome: "failed", answered)
            return
        }
    }

    private func finish(
        _ call: BackendCall, _ answer: BackendAnswer, outcome: String, _ answered: @Sendable (BackendAnswer) -> Void
    ) {
        Self.finish(call, answer, outcome: outcome, telemetry: telemetry, answered)
    }

    private static func finish(
        _ call: BackendCall, _ answer: BackendAnswer, outcome: String, telemetry: Telemetry,
        _ answered: @Sendable (BackendAnswer) -> Void
    ) {
        telemetry.metrics.increment(Telemetry.Name.calls, [call.route.category, call.route.action, outcome])
        switch answer {
        case .result:
            break
        case .refused(let refusal):
            telemetry.logger.info(
                "backend refused a call",
                [
                    "route": .string(label(call.route)), "id": .string(call.eventId),
                    "status": JSONValue(refusal.backendStatus),
                ])
        case .unavailable(let unavailable):
            telemetry.logger.warning(
                "call failed",
                ["route": .string(label(call.route)), "id": .string(call.eventId), "cause": .string(unavailable.cause)])
        }
        answered(answer)
    }

    private func signed(_ call: BackendCall) throws -> CurlRequest {
        let timestamp = Int64(Date().timeIntervalSince1970)
        let signature = try signers.sign(id: call.eventId, timestamp: timestamp, body: call.body)
        return CurlRequest(
            url: call.url,
            headers: [
                ("Content-Type", "application/json"), ("User-Agent", userAgent), ("webhook-id", call.eventId),
                ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature),
                ("Idempotency-Key", call.eventId),
            ], body: call.body, timeoutMilliseconds: Int(call.timeout / .milliseconds(1)),
            bodyLimit: CallVerdict.bodyLimit)
    }

    static func label(_ route: RouteKey) -> String { "\(route.category)/\(route.action)" }
}
