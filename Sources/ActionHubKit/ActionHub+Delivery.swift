import Foundation

extension ActionHub {
    /// What one attempt came to.
    enum AttemptResult {
        /// Stored (with its outcome) or refused for good (nil): it has left the outbox.
        case settled(Outcome?)
        /// To be tried again, with this state.
        case retry(Outbox.State)
        /// A 401: delivery waits for `credentialsChanged()`.
        case paused
    }

    /// Sends the one entry `id` now, trying again within `budget` while the answers say so; the
    /// outcome, or nil when it was not settled in time (it is back in the outbox then).
    func deliver(_ id: String, within budget: Duration) async -> Outcome? {
        let deadline = Date().addingTimeInterval(budget / .seconds(1))
        guard !waitingForCredential, let entry = claim(id) else { return nil }
        if Date().timeIntervalSince(entry.state.queuedAt) > configuration.maximumAge / .seconds(1) {
            fail(entry, DeliveryFailure(id: id, reason: .expired, failedAt: Date()))
            return nil
        }
        // A pass may have just put it back with a pause the server asked for (Retry-After).
        if entry.state.notBefore > Date() {
            guard entry.state.notBefore < deadline else {
                give(back: id, entry.state)
                return nil
            }
            try? await Task.sleep(for: .milliseconds(Int64(entry.state.notBefore.timeIntervalSinceNow * 1000) + 1))
        }
        var state = entry.state
        while true {
            guard let credential = await credential(for: entry, state) else { return nil }
            switch await attempt(Outbox.Entry(id: id, body: entry.body, state: state), credential: credential) {
            case .settled(let outcome):
                return outcome
            case .paused:
                give(back: entry.id, state)
                return nil
            case .retry(let next):
                guard next.notBefore < deadline, !Task.isCancelled else {
                    retryLater(entry, next)
                    return nil
                }
                state = next
                try? await Task.sleep(for: .milliseconds(Int64(max(0, next.notBefore.timeIntervalSinceNow) * 1000)))
            }
        }
    }

    /// One pass over the outbox: sends what is due, oldest first. Returns when the next entry falls
    /// due, nil when nothing waits or delivery waits for a credential.
    func deliverDue() async -> Date? {
        var nextDue: Date?
        for waiting in outbox.pending() {
            guard !Task.isCancelled, !waitingForCredential else { return nil }
            let now = Date()
            if now.timeIntervalSince(waiting.state.queuedAt) > configuration.maximumAge / .seconds(1) {
                if let entry = claim(waiting.id) {
                    fail(entry, DeliveryFailure(id: entry.id, reason: .expired, failedAt: now))
                }
                continue
            }
            if waiting.state.notBefore > now {
                nextDue = min(nextDue ?? waiting.state.notBefore, waiting.state.notBefore)
                continue
            }
            guard let entry = claim(waiting.id) else { continue }
            guard let credential = await credential(for: entry, entry.state) else {
                // Every entry needs one: the pass ends, and the next starts after the pause.
                return outbox.pending().map(\.state.notBefore).min()
            }
            switch await attempt(entry, credential: credential) {
            case .settled:
                continue
            case .paused:
                give(back: entry.id, entry.state)
                return nil
            case .retry(let state):
                retryLater(entry, state)
                if !configuration.transport.defersToSystem {
                    nextDue = min(nextDue ?? state.notBefore, state.notBefore)
                }
            }
        }
        // What another sender holds comes back when its claim lapses, should that sender be gone.
        // (Never sooner than a second: a claim that could not be taken back must not spin the loop.)
        guard let lapse = outbox.firstClaimLapse().map({ max($0, Date().addingTimeInterval(1)) }) else {
            return nextDue
        }
        return min(nextDue ?? lapse, lapse)
    }

    /// Claims the entry for this process until the lease lapses.
    private func claim(_ id: String) -> Outbox.Entry? {
        guard let entry = outbox.claim(id: id, until: Date().addingTimeInterval(configuration.claimLease / .seconds(1)))
        else { return nil }
        inFlight.insert(id)
        return entry
    }

    private func give(back id: String, _ state: Outbox.State) {
        inFlight.remove(id)
        try? outbox.release(id: id, state)
        wake()
    }

    /// The credential for an attempt; without one, the entry goes back with a pause that grows
    /// with each miss, and the miss is reported.
    private func credential(for entry: Outbox.Entry, _ state: Outbox.State) async -> Credential? {
        if let credential = await configuration.credential() {
            missingCredentials = 0
            return credential
        }
        missingCredentials += 1
        var next = state
        next.notBefore = Date().addingTimeInterval(
            configuration.backoff.delay(afterAttempt: missingCredentials, retryAfter: nil) / .seconds(1))
        give(back: entry.id, next)
        broadcast.send(.credentialUnavailable(retryAt: next.notBefore))
        return nil
    }

    /// A retry: handed to the system at once with its start date when the transport can (a
    /// background session starts it even with the app gone), else back to the outbox.
    private func retryLater(_ entry: Outbox.Entry, _ state: Outbox.State) {
        guard configuration.transport.defersToSystem else { return give(back: entry.id, state) }
        try? outbox.update(id: entry.id, state)
        outbox.holdClaim(
            id: entry.id, until: state.notBefore.addingTimeInterval(configuration.claimLease / .seconds(1)))
        Task {
            guard let credential = await self.credential(for: entry, state) else { return }
            let deferred = Outbox.Entry(id: entry.id, body: entry.body, state: state)
            switch await self.attempt(deferred, credential: credential, notBefore: state.notBefore) {
            case .settled: break
            case .paused: self.give(back: entry.id, state)
            case .retry(let next): self.retryLater(deferred, next)
            }
        }
    }

    /// Sends one claimed entry and acts on the answer.
    func attempt(_ entry: Outbox.Entry, credential: Credential, notBefore: Date? = nil) async -> AttemptResult {
        let url = configuration.server.appendingPathComponent("v1/responses")
        let headers = ["Content-Type": "application/json", "Authorization": credential.authorization]
        let body = ResponseBody.bytes(entry.body, for: credential)
        let answer = try? await configuration.transport.post(
            TransportAttempt(id: entry.id, url: url, headers: headers, body: body, notBefore: notBefore))
        return settle(entry, answer: answer)
    }

    /// Acts on an answer for an entry (nil: none came).
    private func settle(_ entry: Outbox.Entry, answer: TransportAnswer?) -> AttemptResult {
        let now = Date()
        switch DeliveryDecision.decide(status: answer?.status, retryAfter: answer?.retryAfter, now: now) {
        case .delivered:
            inFlight.remove(entry.id)
            outbox.remove(id: entry.id)
            let decoded = answer.flatMap { try? JSONDecoder().decode(Outcome.Answer.self, from: $0.body) }
            let outcome =
                decoded.map { Outcome(handler: $0.handler, result: $0.result) } ?? .other(handler: "", result: [:])
            broadcast.send(.delivered(id: entry.id, outcome: outcome, replayed: answer?.status == 200))
            return .settled(outcome)
        case .retry(let after):
            var state = entry.state
            state.attempts += 1
            let delay = configuration.backoff.delay(afterAttempt: state.attempts, retryAfter: after)
            state.notBefore = now.addingTimeInterval(delay / .seconds(1))
            return .retry(state)
        case .pauseForCredential:
            waitingForCredential = true
            broadcast.send(.needsCredential)
            return .paused
        case .refused:
            let problem = answer.flatMap { try? JSONDecoder().decode(DeliveryFailure.Problem.self, from: $0.body) }
            fail(
                entry,
                DeliveryFailure(id: entry.id, reason: .refused, status: answer?.status, problem: problem, failedAt: now)
            )
            return .settled(nil)
        }
    }

    /// An answer for an attempt an earlier launch made (a background session's task outlived the
    /// process): settles the entry as if this launch had sent it. An entry already gone is left.
    func settleEarlierLaunch(id: String, answer: TransportAnswer?) {
        guard !inFlight.contains(id), let entry = outbox.entry(id: id) else { return }
        switch settle(entry, answer: answer) {
        case .settled: break
        case .paused: try? outbox.release(id: id, entry.state)
        case .retry(let state): try? outbox.release(id: id, state)
        }
        wake()
    }

    func fail(_ entry: Outbox.Entry, _ failure: DeliveryFailure) {
        inFlight.remove(entry.id)
        try? outbox.fail(entry, failure)
        report(failure)
    }
}
