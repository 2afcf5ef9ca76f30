import ActionHubDomain
import Basics
import Foundation
import HTTP
import JSON

/// The devices a user's pushes go to: registered by the app (its user's token) or by the team's
/// backend (a key, naming the user).
extension ActionHubAPI {
    static let deviceRoutes: [APIRoute] = [
        APIRoute("POST", "/v1/devices", .scopeOrUser(.responsesWrite)) { api, request in
            try api.registerDevice(request)
        },
        APIRoute("GET", "/v1/users/{userId}/devices", .scopeOrUser(.historyRead)) { api, request in
            try api.userDevices(request)
        },
        APIRoute("DELETE", "/v1/devices/{token}", .scopeOrUser(.responsesWrite)) { api, request in
            try api.removeDevice(request)
        },
    ]

    /// `{"token", "userId", "environment", "topic"}` → 201 with the device, 200 when the token was
    /// registered before (it moves to this user, active again, registered now).
    func registerDevice(_ request: APIRequest) throws -> HTTPAnswer {
        let object = try JSONBody.object(from: request.http)
        var errors = JSONBody.unknownFields(of: object, known: ["token", "userId", "environment", "topic"])
        let userId: String
        if case .user(let user) = request.principal {
            guard object["userId"] == nil || object["userId"] == .string(user) else {
                throw Problem.forbidden("A user token registers devices only for its own user.", field: "userId")
            }
            userId = user
        } else {
            userId = object["userId"]?.stringValue ?? ""
            if !ResponseValidator.isIdentifier(userId) {
                errors.append(
                    FieldError(field: "userId", message: "must be a non-empty identifier of at most 256 bytes"))
            }
        }
        let token = (object["token"]?.stringValue ?? "").lowercased()
        if !Self.isDeviceToken(token) {
            errors.append(FieldError(field: "token", message: "must be an even number (64 to 200) of hex digits"))
        }
        let environment = Device.Environment(rawValue: object["environment"]?.stringValue ?? "")
        if environment == nil {
            errors.append(FieldError(field: "environment", message: "must be sandbox or production"))
        }
        let topic = object["topic"]?.stringValue ?? ""
        if !Self.isTopic(topic) {
            errors.append(
                FieldError(field: "topic", message: "must be the app's bundle id: 1 to 255 letters, digits, '.' or '-'")
            )
        }
        guard errors.isEmpty, let environment else { throw ValidationFailure(errors) }
        let device = Device(
            token: token, userId: userId, environment: environment, topic: topic,
            registeredAt: Timestamp.format(Date()))
        let created = try service.store.register(device)
        var answer = Self.json(device)
        answer["userId"] = .string(userId)
        return .now(.json(JSONValue.object(answer).serialized(), status: created ? 201 : 200))
    }

    func userDevices(_ request: APIRequest) throws -> HTTPAnswer {
        let userId = request.parameter("userId")
        if case .user(let user) = request.principal, user != userId {
            throw Problem.forbidden("A user token reads only its own user's devices.")
        }
        let items = try service.store.devices(userId: userId).map { JSONValue.object(Self.json($0)) }
        return .now(.json(JSONValue.object(["items": .array(items)]).serialized()))
    }

    /// 204; 404 when there is no such device, or (for a user token) it is another user's.
    func removeDevice(_ request: APIRequest) throws -> HTTPAnswer {
        let token = request.parameter("token").lowercased()
        let notFound = Problem.notFound("No device with token \(token).")
        if case .user(let user) = request.principal {
            guard try service.store.device(token: token)?.userId == user else { throw notFound }
        }
        guard try service.store.removeDevice(token: token) else { throw notFound }
        return .now(HTTPResponse(status: 204))
    }

    static func json(_ device: Device) -> JSONObject {
        var object: JSONObject = [
            "token": .string(device.token), "environment": .string(device.environment.rawValue),
            "topic": .string(device.topic), "state": .string(device.state.rawValue),
        ]
        if let reason = device.reason { object["reason"] = .string(reason) }
        object["registeredAt"] = .string(device.registeredAt)
        return object
    }

    static func isDeviceToken(_ token: String) -> Bool {
        (64...200).contains(token.utf8.count) && token.utf8.count % 2 == 0
            && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static func isTopic(_ topic: String) -> Bool {
        (1...255).contains(topic.utf8.count)
            && topic.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "-"
            }
    }
}
