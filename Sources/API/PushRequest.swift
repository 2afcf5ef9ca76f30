import ActionHubDomain
import Basics
import Codegen
import Foundation
import JSON

/// The body of `POST /v1/pushes`, checked field by field, made into the push to store with the
/// APNs payload it makes.
enum PushRequest {
    static let fields: Set<String> = [
        "category", "alert", "userInfo", "mediaUrl", "to", "collapseId", "expiration", "priority",
    ]

    /// Every field's errors at once, as a 422.
    static func newPush(
        _ object: JSONObject, id: String, idempotencyKey: String?, requestHash: String, routes: RouteTable
    ) throws -> NewPush {
        var errors = JSONBody.unknownFields(of: object, known: Self.fields)
        let category = object["category"]?.stringValue ?? ""
        if category.isEmpty {
            errors.append(FieldError(field: "category", message: "must be a category of the routes"))
        }

        var alert: (title: String?, subtitle: String?, body: String?) = (nil, nil, nil)
        if let fields = object["alert"]?.objectValue {
            errors += JSONBody.unknownFields(of: fields, known: ["title", "subtitle", "body"]).map {
                FieldError(field: "alert.\($0.field)", message: $0.message)
            }
            for name in ["title", "subtitle", "body"] where fields[name] != nil && fields[name]?.stringValue == nil {
                errors.append(FieldError(field: "alert.\(name)", message: "must be a string"))
            }
            alert = (fields["title"]?.stringValue, fields["subtitle"]?.stringValue, fields["body"]?.stringValue)
            if alert.title == nil && alert.body == nil {
                errors.append(
                    FieldError(field: "alert", message: "needs a title or a body: iOS shows no buttons without one"))
            }
        } else {
            errors.append(FieldError(field: "alert", message: "must be an object with a title and a body"))
        }

        var userInfo: [(key: String, value: String)] = []
        if let value = object["userInfo"] {
            if let fields = value.objectValue {
                for member in fields.members {
                    if member.key == ActionHubAPI.pushKey || member.key == "aps"
                        || member.key == APNsPayload.mediaURLKey
                    {
                        errors.append(FieldError(field: "userInfo.\(member.key)", message: "is set by ActionHub"))
                    } else if let text = member.value.stringValue {
                        userInfo.append((member.key, text))
                    } else {
                        errors.append(FieldError(field: "userInfo.\(member.key)", message: "must be a string"))
                    }
                }
            } else {
                errors.append(FieldError(field: "userInfo", message: "must be an object of strings"))
            }
        }
        userInfo.append((ActionHubAPI.pushKey, id))

        let mediaURL = object["mediaUrl"]?.stringValue
        if object["mediaUrl"] != nil {
            if let mediaURL, let url = URL(string: mediaURL), ["https", "http"].contains(url.scheme ?? ""),
                url.host != nil
            {
            } else {
                errors.append(FieldError(field: "mediaUrl", message: "must be an http or https URL"))
            }
        }

        var recipients: NewPush.Recipients?
        if let to = object["to"]?.objectValue, to.members.count == 1, let list = to["users"] ?? to["devices"] {
            let isUsers = to["users"] != nil
            let field = isUsers ? "to.users" : "to.devices"
            let names = list.arrayValue?.compactMap(\.stringValue) ?? []
            if names.isEmpty || names.count != list.arrayValue?.count {
                errors.append(FieldError(field: field, message: "must be a non-empty list of strings"))
            } else if names.count > ActionHubAPI.maximumRecipients {
                errors.append(FieldError(field: field, message: "names at most \(ActionHubAPI.maximumRecipients)"))
            } else if isUsers, let bad = names.first(where: { !ResponseValidator.isIdentifier($0) }) {
                errors.append(FieldError(field: field, message: "\"\(bad.prefix(64))\" is not a user id"))
            } else if !isUsers, let bad = names.first(where: { !ActionHubAPI.isDeviceToken($0.lowercased()) }) {
                errors.append(FieldError(field: field, message: "\"\(bad.prefix(64))\" is not a device token"))
            } else {
                recipients = isUsers ? .users(names) : .devices(names.map { $0.lowercased() })
            }
        } else {
            errors.append(FieldError(field: "to", message: "must be {\"users\": [...]} or {\"devices\": [...]}"))
        }

        let collapseId = object["collapseId"]?.stringValue
        if object["collapseId"] != nil, !(1...64).contains(collapseId?.utf8.count ?? 0) {
            errors.append(FieldError(field: "collapseId", message: "must be a string of 1 to 64 bytes"))
        }
        var expiration: Int64?
        if let value = object["expiration"] {
            if let text = value.stringValue, let milliseconds = Timestamp.milliseconds(parsing: text) {
                expiration = milliseconds / 1000
            } else {
                errors.append(FieldError(field: "expiration", message: "must be an RFC 3339 date-time"))
            }
        }
        let priority = object["priority"]?.intValue ?? 10
        if object["priority"] != nil, ![5, 10].contains(object["priority"]?.intValue ?? 0) {
            errors.append(FieldError(field: "priority", message: "must be 5 or 10"))
        }

        var payload = ""
        if errors.isEmpty {
            do {
                payload = try APNsPayload(
                    category: category, userInfo: userInfo, title: alert.title, body: alert.body, mediaURL: mediaURL,
                    subtitle: alert.subtitle
                ).json(routes: routes)
            } catch {
                errors.append(Self.fieldError(error))
            }
        }
        guard errors.isEmpty, let recipients else { throw ValidationFailure(errors) }
        return NewPush(
            id: id, category: category, payload: payload, recipients: recipients, collapseId: collapseId,
            expiration: expiration, priority: priority, idempotencyKey: idempotencyKey, requestHash: requestHash,
            createdAt: Timestamp.format(Date()))
    }

    private static func fieldError(_ error: APNsPayloadError) -> FieldError {
        switch error {
        case .unknownCategory: FieldError(field: "category", message: error.description)
        case .missingUserInfo(let key, _): FieldError(field: "userInfo.\(key)", message: error.description)
        case .duplicateKey(let key), .reservedKey(let key):
            FieldError(field: "userInfo.\(key)", message: error.description)
        case .tooLarge: FieldError(field: "payload", message: error.description)
        case .unknownInterruptionLevel: FieldError(field: "alert", message: error.description)
        }
    }
}
