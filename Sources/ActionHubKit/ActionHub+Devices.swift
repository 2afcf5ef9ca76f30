import Foundation

extension ActionHub {
    /// Which APNs environment the app's build talks to: `sandbox` for development builds,
    /// `production` for TestFlight and the App Store.
    public enum APNsEnvironment: String, Sendable {
        case sandbox, production
    }

    /// A registration ActionHub did not take: no credential, no answer, or its refusal.
    public struct DeviceRegistrationFailed: Error, Sendable, Equatable {
        /// nil when no answer came (or no credential was there to ask with).
        public var status: Int?
        public var problem: DeliveryFailure.Problem?
    }

    /// Registers the token `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`
    /// handed the app, for the signed-in user, so that ActionHub can send them pushes; `topic` is
    /// the app's bundle id. Call it on every launch that registers: the same token again is an
    /// update (true only when the token was new to ActionHub). Throws `DeviceRegistrationFailed`.
    @discardableResult
    public func registerDevice(token: Data, environment: APNsEnvironment, topic: String) async throws -> Bool {
        guard let credential = await configuration.credential() else { throw DeviceRegistrationFailed() }
        let hex = token.map { String(format: "%02x", $0) }.joined()
        var fields = ["token": hex, "environment": environment.rawValue, "topic": topic]
        if case .apiKey(_, let userId) = credential { fields["userId"] = userId }
        let attempt = TransportAttempt(
            id: "device-" + hex, url: configuration.server.appendingPathComponent("v1/devices"),
            headers: ["Content-Type": "application/json", "Authorization": credential.authorization],
            body: try JSONEncoder().encode(fields))
        guard let answer = try? await configuration.transport.post(attempt) else { throw DeviceRegistrationFailed() }
        guard answer.status == 201 || answer.status == 200 else {
            throw DeviceRegistrationFailed(
                status: answer.status,
                problem: try? JSONDecoder().decode(DeliveryFailure.Problem.self, from: answer.body))
        }
        // Kept beside the outbox (the App Group's), where the service extension reads it.
        try? ProtectedFile.write(Data(hex.utf8), to: deviceTokenFile)
        return answer.status == 201
    }

    /// From a Notification Service Extension, on receipt of a push ActionHub sent (its userInfo
    /// holds `actionhub-push`): tells ActionHub this device got it, for the funnel's
    /// "delivered". One attempt, within the extension's time; false when it could not be told
    /// (no push id, no device registered in the App Group yet, no credential, no answer).
    @discardableResult
    public func confirmDelivery(pushId: String) async -> Bool {
        // ActionHub's push ids are UUIDs: anything else did not come from it.
        let isPushId =
            (1...64).contains(pushId.utf8.count)
            && pushId.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
        guard isPushId, let token = try? String(contentsOf: deviceTokenFile, encoding: .utf8), !token.isEmpty,
            let body = try? JSONEncoder().encode(["token": token]), let credential = await configuration.credential()
        else { return false }
        let attempt = TransportAttempt(
            id: "delivered-" + pushId,
            url: configuration.server.appendingPathComponent("v1/pushes/\(pushId)/delivered"),
            headers: ["Content-Type": "application/json", "Authorization": credential.authorization], body: body)
        guard let answer = try? await configuration.transport.post(attempt) else { return false }
        return answer.status == 200
    }

    /// The userInfo key carrying the id of a push ActionHub sent.
    public static let pushIdKey = "actionhub-push"

    /// The token `registerDevice` registered last, shared with the app's extensions.
    var deviceTokenFile: URL {
        configuration.outboxFolder.appendingPathComponent("device-token")
    }
}
