import Basics
import Foundation
import JSON

/// Checks a `POST /v1/responses` body against the routes and turns it into an `ActionEvent`,
/// reporting every field at fault at once.
public struct ResponseValidator: Sendable {
    public let routes: RouteTable

    /// Longest identifier (user, push, action) in UTF-8 bytes.
    public static let maximumIdentifierBytes = 256
    /// The most userInfo a push can carry: APNs payloads are at most 4096 bytes.
    public static let maximumUserInfoBytes = 4096

    // Built once: a set literal at the call hashed its keys again for every event.
    private static let eventKeys: Set<String> = [
        "id", "actionIdentifier", "userText", "userId", "notification", "respondedAt",
    ]
    private static let notificationKeys: Set<String> = ["identifier", "categoryIdentifier", "date", "userInfo"]

    public init(routes: RouteTable) {
        self.routes = routes
    }

    public func validate(_ body: JSONValue, receivedAt: String) throws(ValidationFailure) -> ActionEvent {
        guard case .object(let object) = body else {
            throw ValidationFailure([FieldError(field: "body", message: "must be a JSON object")])
        }
        var errors: [FieldError] = []
        let reader = FieldReader(object)
        reader.rejectUnknownKeys(allowed: Self.eventKeys, errors: &errors)

        var id: String?
        if let rawId = reader.string("id", required: true, errors: &errors) {
            id = UUIDText.canonical(rawId)
            if id == nil {
                errors.append(FieldError(field: "id", message: "must be a UUID (8-4-4-4-12 hexadecimal digits)"))
            }
        }
        let userId = identifier("userId", in: reader, errors: &errors)
        let actionIdentifier = identifier("actionIdentifier", in: reader, errors: &errors)
        let userText = reader.string("userText", required: false, errors: &errors)
        let respondedAt = timestamp("respondedAt", in: reader, required: false, errors: &errors)
        let notification = reader.object("notification", required: true, errors: &errors).flatMap {
            validateNotification($0, errors: &errors)
        }

        var category: CategoryRoute?
        var action: ActionRoute?
        if let notification {
            category = routes.category(notification.categoryIdentifier)
            if category == nil {
                errors.append(
                    FieldError(
                        field: "notification.categoryIdentifier",
                        message: "unknown category \"\(notification.categoryIdentifier)\"; known: "
                            + routes.categories.map(\.identifier).joined(separator: ", ")))
            }
        }
        if let category {
            for key in category.requiredUserInfo {
                switch notification?.userInfo[key] {
                case .string(let value)? where !value.isEmpty: break
                case nil, .null?:
                    errors.append(
                        FieldError(
                            field: "notification.userInfo.\(key)",
                            message: "is required by category \"\(category.identifier)\""))
                default:
                    errors.append(
                        FieldError(field: "notification.userInfo.\(key)", message: "must be a non-empty string"))
                }
            }
            if let actionIdentifier {
                action = category.action(actionIdentifier)
                if action == nil {
                    errors.append(
                        FieldError(
                            field: "actionIdentifier",
                            message: "\"\(actionIdentifier)\" is not an action of category \"\(category.identifier)\"; "
                                + "known: " + category.actions.map(\.identifier).joined(separator: ", ")))
                }
            }
        }
        if let action {
            checkText(userText, for: action, errors: &errors)
        }

        guard errors.isEmpty, let id, let userId, let actionIdentifier, let notification, let category, let action
        else { throw ValidationFailure(errors) }
        return ActionEvent(
            id: id, userId: userId, actionIdentifier: actionIdentifier, userText: userText, notification: notification,
            respondedAt: respondedAt, category: category, action: action, receivedAt: receivedAt)
    }

    private func validateNotification(_ object: JSONObject, errors: inout [FieldError]) -> NotificationInfo? {
        let reader = FieldReader(object, at: "notification")
        reader.rejectUnknownKeys(allowed: Self.notificationKeys, errors: &errors)
        let identifier = identifier("identifier", in: reader, errors: &errors)
        let categoryIdentifier = self.identifier("categoryIdentifier", in: reader, errors: &errors)
        let date = timestamp("date", in: reader, required: true, errors: &errors)
        let userInfo = reader.object("userInfo", required: false, errors: &errors) ?? JSONObject()
        // It came from a push, and a whole APNs payload is at most 4096 bytes.
        if JSONValue.object(userInfo).serialized().utf8.count > Self.maximumUserInfoBytes {
            errors.append(
                FieldError(
                    field: "notification.userInfo",
                    message: "must be at most \(Self.maximumUserInfoBytes) bytes of JSON, as in an APNs payload"))
        }
        guard let identifier, let categoryIdentifier, let date else { return nil }
        return NotificationInfo(
            identifier: identifier, categoryIdentifier: categoryIdentifier, date: date, userInfo: userInfo)
    }

    /// A required identifier: non-empty, bounded, and free of control characters.
    private func identifier(_ key: String, in reader: FieldReader, errors: inout [FieldError]) -> String? {
        guard let value = reader.string(key, required: true, errors: &errors) else { return nil }
        if value.utf8.count > Self.maximumIdentifierBytes {
            errors.append(
                FieldError(field: reader.path(key), message: "must be at most \(Self.maximumIdentifierBytes) bytes"))
            return nil
        }
        if value.unicodeScalars.contains(where: \.isControl) {
            errors.append(FieldError(field: reader.path(key), message: "must not contain control characters"))
            return nil
        }
        return value
    }

    /// True for a non-empty identifier of at most `maximumIdentifierBytes` without control characters.
    public static func isIdentifier(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumIdentifierBytes
            && !value.unicodeScalars.contains(where: \.isControl)
    }

    private func timestamp(
        _ key: String, in reader: FieldReader, required: Bool, errors: inout [FieldError]
    ) -> String? {
        guard let value = reader.string(key, required: required, errors: &errors) else { return nil }
        guard Timestamp.isValid(value) else {
            errors.append(
                FieldError(
                    field: reader.path(key), message: "must be an RFC 3339 date-time such as 2026-11-30T09:00:00Z"))
            return nil
        }
        return value
    }

    private func checkText(_ text: String?, for action: ActionRoute, errors: inout [FieldError]) {
        guard let textInput = action.textInput else {
            if text != nil {
                errors.append(
                    FieldError(
                        field: "userText", message: "action \"\(action.identifier)\" has no text input; omit userText"))
            }
            return
        }
        guard let text else {
            errors.append(
                FieldError(field: "userText", message: "is required by text-input action \"\(action.identifier)\""))
            return
        }
        if text.allSatisfy(\.isWhitespace) {
            errors.append(FieldError(field: "userText", message: "must not be empty"))
        } else if text.count > textInput.maxLength {
            errors.append(
                FieldError(
                    field: "userText",
                    message: "must be at most \(textInput.maxLength) characters; it has \(text.count)"))
        } else if text.unicodeScalars.contains(where: { $0.isControl && $0 != "\n" && $0 != "\t" }) {
            errors.append(
                FieldError(field: "userText", message: "must not contain control characters other than newline and tab")
            )
        }
    }
}
