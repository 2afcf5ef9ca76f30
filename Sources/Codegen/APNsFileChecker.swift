import ActionHubDomain
import JSON

/// Checks a `.apns` file (a push for `xcrun simctl push`) against the routes: its category exists,
/// it carries every required userInfo key, media comes with `mutable-content: 1`, and the payload
/// APNs would get fits in 4096 bytes.
public struct APNsFileChecker: Sendable {
    public var routes: RouteTable

    public init(routes: RouteTable) {
        self.routes = routes
    }

    public func check(_ bytes: [UInt8], file: String) -> [RouteError] {
        func problem(_ field: String, _ message: String) -> [RouteError] {
            [RouteError(file: file, field: field, message: message)]
        }
        guard case .object(var payload) = try? JSONParser().parse(bytes) else {
            return problem("", "is not a JSON object")
        }
        guard let aps = payload["aps"]?.objectValue else { return problem("aps", "is required and must be an object") }
        guard let category = aps["category"]?.stringValue else { return problem("aps.category", "is required") }
        guard let route = routes.category(category) else {
            return problem("aps.category", "unknown category \"\(category)\"")
        }
        var errors: [RouteError] = []
        for key in route.requiredUserInfo where (payload[key]?.stringValue ?? "").isEmpty {
            errors += problem(key, "is required by category \"\(category)\" as a non-empty string")
        }
        if payload[APNsPayload.mediaURLKey] != nil && aps["mutable-content"] != JSONValue(1) {
            errors += problem(
                "aps.mutable-content", "must be 1 when the push carries media, or the service extension never runs")
        }
        payload[APNsPayload.simulatorBundleKey] = nil
        let size = JSONValue.object(payload).serialized().utf8.count
        if size > APNsPayload.maximumBytes {
            errors += problem("", "the payload is \(size) bytes; APNs takes at most \(APNsPayload.maximumBytes)")
        }
        return errors
    }
}
