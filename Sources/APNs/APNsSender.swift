import ActionHubDomain
import Basics
import Crypto
import Curl
import Foundation
import Telemetry

/// Sends the push outbox to APNs: one thread claims due deliveries and hands them to a libcurl
/// multi handle that multiplexes them as HTTP/2 streams over one connection per APNs host, at
/// most `concurrency` at once, each bounded by `timeout` (a stream that never answers is retried,
/// it never holds a slot). Answers are recorded in the next round's transaction, many at a time.
///
/// Its shared state (finished attempts, in flight, stopping) is only touched with `wake` locked.
public final class APNsSender: @unchecked Sendable {
    public struct Options: Sendable {
        public var concurrency: Int
        public var timeout: Duration
        /// Replaces both of Apple's hosts (tests, proxies); nil: by the device's environment.
        public var url: String?
        public var extraCAFile: String?
        /// How long an idle sender waits before it looks at the outbox again.
        public var pollInterval: Duration
        /// Attempts before a delivery that keeps failing is given up on.
        public var maximumAttempts: Int

        public init(
            concurrency: Int = 100, timeout: Duration = .seconds(10), url: String? = nil, extraCAFile: String? = nil,
            pollInterval: Duration = .milliseconds(200), maximumAttempts: Int = 12
        ) {
            self.concurrency = concurrency
            self.timeout = timeout
            self.url = url
            self.extraCAFile = extraCAFile
            self.pollInterval = pollInterval
            self.maximumAttempts = maximumAttempts
        }

        /// How long a claim hides a delivery from other instances: its whole attempt, twice,
        /// with room to spare.
        var lease: Duration { timeout * 2 + .seconds(5) }
    }

    static let productionURL = "https://api.push.apple.com"
    static let sandboxURL = "https://api.sandbox.push.apple.com"

    private let outbox: any PushOutbox
    private let token: ProviderToken
    private let options: Options
    private let telemetry: Telemetry
    private let pool: CurlRequestPool
    private let wake = NSCondition()
    private var finished: [PushAttempt] = []
    private var inFlight = 0
    private var isStopping = false
    private var isWoken = false
    private let lastReport = Locked<ContinuousClock.Instant?>(nil)
    private let stopped = DispatchSemaphore(value: 0)

    public init(outbox: any PushOutbox, token: ProviderToken, options: Options, telemetry: Telemetry) throws {
        self.outbox = outbox
        self.token = token
        self.options = options
        self.telemetry = telemetry
        pool = try CurlRequestPool(
            capacity: options.concurrency, name: "actionhub-apns-streams",
            options: .init(http2: true, extraCAFile: options.extraCAFile))
        let thread = Thread { [self] in
            Thread.current.name = "actionhub-apns"
            run()
            stopped.signal()
        }
        thread.start()
    }

    /// Pushes were queued: the next round starts now instead of after the poll interval.
    public func wakeUp() {
        wake.lock()
        isWoken = true
        wake.signal()
        wake.unlock()
    }

    /// Requests in flight to APNs now.
    public var requestsInFlight: Int {
        wake.lock()
        defer { wake.unlock() }
        return inFlight
    }

    /// Ends the requests in flight (their deliveries are retried by whoever runs next), records
    /// what finished, and waits for the thread to end.
    public func stop() {
        wake.lock()
        let wasStopping = isStopping
        isStopping = true
        wake.broadcast()
        wake.unlock()
        guard !wasStopping else { return }
        stopped.wait()
    }

    private func run() {
        var attempts: [PushAttempt] = []
        while true {
            let now = Timestamp.milliseconds()
            let free = max(0, options.concurrency - requestsInFlight)
            var due: [DuePush] = []
            do {
                due = try outbox.settle(
                    attempts, claiming: isStoppingNow ? 0 : free, now: now,
                    leaseUntil: now + Int64(options.lease / .milliseconds(1)))
                attempts.removeAll()
            } catch {
                // Kept for the next round: a result is recorded late rather than lost.
                telemetry.logger.error("push outbox failed", ["error": .string("\(error)")])
            }
            for push in due { start(push) }
            if isStoppingNow {
                pool.stop()
                let rest = takeFinished()
                if !rest.isEmpty || !attempts.isEmpty {
                    _ = try? outbox.settle(attempts + rest, claiming: 0, now: now, leaseUntil: now)
                }
                return
            }
            attempts += nextRound(claimedFull: due.count == free && free > 0)
        }
    }

    private var isStoppingNow: Bool {
        wake.lock()
        defer { wake.unlock() }
        return isStopping
    }

    /// Waits for finished attempts (a short while, so that one round records many), or the poll
    /// interval when nothing is in flight; at once when the last claim filled every slot.
    private func nextRound(claimedFull: Bool) -> [PushAttempt] {
        let gather = Date().addingTimeInterval(0.005)
        let idleUntil = Date().addingTimeInterval(options.pollInterval.inSeconds)
        wake.lock()
        defer { wake.unlock() }
        while !isStopping && !isWoken && finished.isEmpty && Date() < idleUntil
            && !(claimedFull && inFlight < options.concurrency)
        {
            _ = wake.wait(until: idleUntil)
        }
        isWoken = false
        while !isStopping && Date() < gather && inFlight > 0 { _ = wake.wait(until: gather) }
        return takeFinishedLocked()
    }

    private func takeFinished() -> [PushAttempt] {
        wake.lock()
        defer { wake.unlock() }
        return takeFinishedLocked()
    }

    /// With `wake` locked.
    private func takeFinishedLocked() -> [PushAttempt] {
        defer { finished.removeAll() }
        return finished
    }

    private func start(_ push: DuePush) {
        wake.lock()
        inFlight += 1
        wake.unlock()
        let bearer: String
        do {
            bearer = try token.current()
        } catch {
            telemetry.logger.error("the APNs provider token could not be made", ["error": .string("\(error)")])
            return finish(push, (.retry(reason: "provider token: \(error)", label: "token"), nil))
        }
        let base = options.url ?? (push.environment == .sandbox ? Self.sandboxURL : Self.productionURL)
        var headers: [(name: String, value: String)] = [
            ("authorization", "bearer \(bearer)"), ("apns-topic", push.topic), ("apns-push-type", "alert"),
            ("apns-priority", "\(push.priority)"), ("apns-id", Self.apnsId(push: push.pushId, token: push.token)),
            ("content-type", "application/json"),
        ]
        if let expiration = push.expiration { headers.append(("apns-expiration", "\(expiration)")) }
        if let collapseId = push.collapseId { headers.append(("apns-collapse-id", collapseId)) }
        let request = CurlRequest(
            url: "\(base)/3/device/\(push.token)", headers: headers, body: Array(push.payload.utf8),
            timeoutMilliseconds: Int(options.timeout / .milliseconds(1)), bodyLimit: 4096)
        let started = pool.start(request) { [self] result in
            // Not an attempt: the delivery stays as it was, for whoever runs next.
            if case .failure(.stopped) = result { return finish(push, nil) }
            if case .success(let response) = result {
                telemetry.metrics.observe(Telemetry.Name.pushDuration, [], response.duration.inSeconds)
            }
            finish(push, (APNsAnswer(result), bearer))
        }
        if !started { finish(push, nil) }
    }

    /// Turns an answer to the request made with `bearer` into what the outbox records (nothing
    /// without one), and frees its slot; called on the pool's thread.
    private func finish(_ push: DuePush, _ answered: (answer: APNsAnswer, bearer: String?)?) {
        guard let (answer, bearer) = answered else {
            wake.lock()
            inFlight -= 1
            wake.unlock()
            return
        }
        telemetry.metrics.increment(Telemetry.Name.pushAttempts, [answer.label])
        reportIfTheOperatorMustAct(answer)
        let now = Timestamp.milliseconds()
        let outcome: PushAttempt.Outcome
        switch answer {
        case .sent:
            outcome = .sent
        case .deviceGone(let reason, let unregisteredAt):
            outcome = .deviceGone(reason: reason, unregisteredAt: unregisteredAt)
        case .refused(let reason):
            outcome = .failed(reason: reason)
        case .tokenExpired:
            if let bearer { token.expired(bearer) }
            outcome = retry(push, reason: "ExpiredProviderToken", at: now)
        case .retry(let reason, _):
            outcome = retry(push, reason: reason, at: now + Self.backoff(attempts: push.attempts))
        }
        wake.lock()
        inFlight -= 1
        finished.append(PushAttempt(sequence: push.sequence, token: push.token, outcome: outcome))
        wake.signal()
        wake.unlock()
    }

    /// APNs refusing the key, or a token that cannot be made, stops every push until the operator
    /// fixes it: said in the log, once a minute at most.
    private func reportIfTheOperatorMustAct(_ answer: APNsAnswer) {
        guard case .retry(let reason, let label) = answer,
            ["InvalidProviderToken", "MissingProviderToken", "token", "connection"].contains(label)
        else { return }
        let now = ContinuousClock.now
        let due = lastReport.withLock { last in
            guard last.map({ now - $0 >= .seconds(60) }) ?? true else { return false }
            last = now
            return true
        }
        if due {
            telemetry.logger.error(
                "APNs cannot be sent to; pushes wait and are retried",
                ["reason": .string(reason), "result": .string(label)])
        }
    }

    /// A retry, unless the attempts are used up or the push expired before `at`.
    private func retry(_ push: DuePush, reason: String, at: Int64) -> PushAttempt.Outcome {
        if push.attempts + 1 >= options.maximumAttempts {
            return .failed(reason: "given up after \(push.attempts + 1) attempts: \(reason)")
        }
        if let expiration = push.expiration, at / 1000 > expiration {
            return .failed(reason: "expired before it could be sent: \(reason)")
        }
        return .retry(at: at, reason: reason)
    }

    /// 1 s, 2 s, 4 s … up to 5 minutes, with up to a fifth added at random so that a crowd of
    /// retries does not come back at once.
    public static func backoff(attempts: Int) -> Int64 {
        let base = min(300_000, 1000 << min(attempts, 9))
        return Int64(base + Int.random(in: 0...(base / 5)))
    }

    /// The same for every attempt of one push to one device, so APNs' logs and the app tell
    /// repeats apart: a UUID (version 8) from SHA-256 of the push id and the token.
    public static func apnsId(push: String, token: String) -> String {
        guard let digest = try? Digest.sha256(Array("\(push)\n\(token)".utf8)) else { return UUIDText.random() }
        return UUIDText.derived(from: digest)
    }
}
