import JSON

/// Lets the team's own backend decide: the event is POSTed, signed, to the route's `url`, and
/// the object the backend answers with is the event's result. `timeout` (seconds, 0.1–10,
/// default 3) bounds each call. The call is made before the commit, outside any transaction: the
/// plan only says what to ask; `ResponseService` asks it through its `BackendCaller`.
public struct CallHandler: ActionHandler {
    public static let defaultTimeout: Duration = .seconds(3)
    public static let timeoutRange: ClosedRange<Double> = 0.1...10
    static let longestURL = 2048

    public init() {}

    public var name: String { "call" }
    public var settingKeys: Set<String> { ["url", "timeout"] }
    /// A backend may take text (a comment with a decline) or not.
    public var textInput: TextInputUse { .allowed }

    public func check(_ action: ActionRoute, in category: CategoryRoute) -> [FieldError] {
        var errors: [FieldError] = []
        let reader = FieldReader(action.settings)
        if let url = reader.string("url", required: true, errors: &errors), let problem = Self.problem(with: url) {
            errors.append(FieldError(field: "url", message: problem))
        }
        if let timeout = action.settings["timeout"], Self.seconds(timeout) == nil {
            errors.append(
                FieldError(
                    field: "timeout",
                    message: "must be a number of seconds from \(Self.timeoutRange.lowerBound) to "
                        + "\(Int(Self.timeoutRange.upperBound))"))
        }
        return errors
    }

    public func plan(_ event: ActionEvent) -> EffectPlan {
        let timeout = event.action.settings["timeout"].flatMap(Self.seconds).map {
            Duration.milliseconds(Int64(($0 * 1000).rounded()))
        }
        return .call(
            BackendCall(
                url: setting("url", of: event), timeout: timeout ?? Self.defaultTimeout, eventId: event.id,
                route: event.routeKey, body: Self.body(for: event)))
    }

    /// The payload: the validated event as ActionHub took it.
    static func body(for event: ActionEvent) -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        json.object { json in
            json.key("type")
            json.string("response.call")
            json.key("timestamp")
            json.string(event.receivedAt)
            json.key("data")
            json.object { data in
                data.key("id")
                data.string(event.id)
                data.key("category")
                data.string(event.category.identifier)
                data.key("actionIdentifier")
                data.string(event.actionIdentifier)
                data.key("userText")
                data.value(JSONValue(event.userText))
                data.key("userId")
                data.string(event.userId)
                data.key("subject")
                if let subject = event.subject {
                    data.object { subjectJSON in
                        subjectJSON.key("key")
                        subjectJSON.string(subject.key)
                        subjectJSON.key("id")
                        subjectJSON.string(subject.id)
                    }
                } else {
                    data.value(.null)
                }
                data.key("respondedAt")
                data.value(JSONValue(event.respondedAt))
                data.key("receivedAt")
                data.string(event.receivedAt)
                data.key("notification")
                data.object { notification in
                    notification.key("identifier")
                    notification.string(event.notification.identifier)
                    notification.key("categoryIdentifier")
                    notification.string(event.notification.categoryIdentifier)
                    notification.key("date")
                    notification.string(event.notification.date)
                    notification.key("userInfo")
                    notification.value(.object(event.notification.userInfo))
                }
            }
        }
        return json.bytes
    }

    /// A timeout setting in seconds, if it is a number in range.
    static func seconds(_ value: JSONValue) -> Double? {
        guard case .number(let literal) = value, let seconds = Double(literal), timeoutRange.contains(seconds) else {
            return nil
        }
        return seconds
    }

    /// What is wrong with a URL to call, if anything: http or https, a host, nothing to trim.
    static func problem(with url: String) -> String? {
        guard url.utf8.count <= longestURL else { return "must be at most \(longestURL) bytes" }
        let scheme: Substring
        if url.hasPrefix("https://") {
            scheme = "https://"
        } else if url.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return "must be an http:// or https:// URL"
        }
        let rest = url.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { String($0) } ?? ""
        guard !host.isEmpty, !host.hasPrefix(":") else { return "must name a host" }
        guard !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            return "must not contain spaces or control characters"
        }
        guard !url.contains("#") else { return "must not have a fragment" }
        return nil
    }
}
