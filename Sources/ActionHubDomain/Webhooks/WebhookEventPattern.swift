import Foundation

/// Which events an endpoint hears: `*` (every event), `CATEGORY.*` (every action of a category)
/// or `CATEGORY.ACTION`. Stores match an event against exactly these three strings, so a pattern
/// is stored as written.
public enum WebhookEventPattern {
    /// The patterns an event of this category and action matches.
    public static func candidates(category: String, action: String) -> [String] {
        ["*", category + ".*", category + "." + action]
    }

    /// What is wrong with `patterns` for these routes, as field errors of `field`. Categories and
    /// actions may contain dots themselves, so a pattern is checked against the routes' whole
    /// names rather than split.
    public static func problems(in patterns: [String], routes: RouteTable, field: String = "events") -> [FieldError] {
        guard !patterns.isEmpty else { return [FieldError(field: field, message: "must name at least one event")] }
        guard patterns.count <= 100 else {
            return [FieldError(field: field, message: "must hold at most 100 patterns")]
        }
        var known: Set<String> = ["*"]
        for category in routes.categories {
            known.insert(category.identifier + ".*")
            // Apple's default and dismiss identifiers are among the actions when a route takes them.
            for action in category.actions { known.insert(category.identifier + "." + action.identifier) }
        }
        var errors: [FieldError] = []
        for (index, pattern) in patterns.enumerated() where !known.contains(pattern) {
            errors.append(
                FieldError(
                    field: "\(field)[\(index)]",
                    message: "\"\(pattern.prefix(300))\" is not *, CATEGORY.* or CATEGORY.ACTION of a declared route"))
        }
        return errors
    }

    /// Errors in a webhook URL: only `http` and `https`, with a host, are delivered to.
    public static func urlProblems(_ url: String, field: String = "url") -> [FieldError] {
        guard url.utf8.count <= 2048 else { return [FieldError(field: field, message: "must be at most 2048 bytes")] }
        guard !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.isControl }),
            let components = URLComponents(string: url), let scheme = components.scheme?.lowercased()
        else {
            return [FieldError(field: field, message: "must be an absolute http or https URL")]
        }
        guard scheme == "http" || scheme == "https" else {
            return [
                FieldError(
                    field: field,
                    message: "uses \(scheme.prefix(32)):, but webhooks are HTTP POSTs: the URL must be http or https")
            ]
        }
        guard let host = components.host, !host.isEmpty else {
            return [FieldError(field: field, message: "must name a host")]
        }
        guard components.user == nil, components.password == nil else {
            return [FieldError(field: field, message: "must not hold credentials; the signature authenticates")]
        }
        return []
    }
}
