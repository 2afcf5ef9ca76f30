import ActionHubDomain
import Basics
import HTTP

/// Reads the query of `/v1/stats` and `/v1/stats/posts`, as 422 problems naming the field.
enum StatsParameters {
    /// The span a request asks for when it gives no `from`: the day up to `to`.
    static let defaultWindow: Int64 = 86_400_000

    static func query(from request: HTTPRequest, routes: RouteTable, now: Int64) throws -> StatsQuery {
        var errors: [FieldError] = []
        let category = self.category(from: request, routes: routes, errors: &errors)
        var bucket = StatsBucket.hour
        if let text = PageQuery.single("bucket", in: request, errors: &errors) {
            if let named = StatsBucket(rawValue: text) {
                bucket = named
            } else {
                errors.append(FieldError(field: "bucket", message: "must be minute, hour or day"))
            }
        }
        let to = moment("to", from: request, errors: &errors) ?? now
        let from = moment("from", from: request, errors: &errors) ?? (to - defaultWindow)
        guard errors.isEmpty, let category else { throw ValidationFailure(errors) }
        guard from < to else { throw ValidationFailure([FieldError(field: "from", message: "must be before to")]) }
        guard let query = StatsQuery(category: category, bucket: bucket, from: from, to: to) else {
            throw ValidationFailure([
                FieldError(
                    field: "bucket",
                    message: "gives more than \(StatsQuery.maximumBuckets) buckets from from to to: "
                        + "choose a wider bucket or a shorter range")
            ])
        }
        return query
    }

    static func ranking(from request: HTTPRequest, routes: RouteTable) throws -> (String, PostRanking, Int) {
        var errors: [FieldError] = []
        let category = self.category(from: request, routes: routes, errors: &errors)
        var ranking = PostRanking.likes
        if let text = PageQuery.single("by", in: request, errors: &errors) {
            if let named = PostRanking(rawValue: text) {
                ranking = named
            } else {
                errors.append(FieldError(field: "by", message: "must be likes or replies"))
            }
        }
        let limit = PageQuery.limit(from: request, errors: &errors)
        guard errors.isEmpty, let category else { throw ValidationFailure(errors) }
        return (category, ranking, limit)
    }

    /// Required, and one of the routes' categories: a typo gets a 422, not an empty chart.
    static func category(from request: HTTPRequest, routes: RouteTable, errors: inout [FieldError])
        -> String?
    {
        guard let text = PageQuery.single("category", in: request, errors: &errors) else {
            if request.queryValues("category").isEmpty {
                errors.append(FieldError(field: "category", message: "is required: a category identifier"))
            }
            return nil
        }
        guard routes.category(text) != nil else {
            errors.append(FieldError(field: "category", message: "is not a category of this service's routes"))
            return nil
        }
        return text
    }

    static func moment(_ name: String, from request: HTTPRequest, errors: inout [FieldError]) -> Int64? {
        // Given empty it is not "now": the document says date-time, and so does the 422.
        guard let text = PageQuery.single(name, in: request, errors: &errors) else { return nil }
        guard let milliseconds = Timestamp.milliseconds(parsing: text) else {
            errors.append(FieldError(field: name, message: "must be an RFC 3339 timestamp with an offset"))
            return nil
        }
        return milliseconds
    }
}
