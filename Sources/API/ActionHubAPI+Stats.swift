import ActionHubDomain
import Basics
import HTTP

/// The stored aggregates: responses per action over time, top posts, webhook backlogs.
extension ActionHubAPI {
    static let statsRoutes: [APIRoute] = [
        APIRoute("GET", "/v1/stats", .scope(.historyRead)) { api, request in try api.stats(request.http) },
        APIRoute("GET", "/v1/stats/posts", .scope(.historyRead)) { api, request in try api.topPosts(request.http) },
        APIRoute("GET", "/v1/stats/subjects", .scope(.historyRead)) { api, request in
            try api.topSubjects(request.http)
        },
        APIRoute("GET", "/v1/stats/webhooks", .scope(.admin)) { api, _ in try api.webhookBacklogs() },
    ]

    /// `GET /v1/stats?category=&from=&to=&bucket=minute|hour|day`: `to` defaults to now, `from`
    /// to a day before `to`, `bucket` to hour.
    func stats(_ request: HTTPRequest) throws -> HTTPAnswer {
        let query = try StatsParameters.query(from: request, routes: service.routes, now: Timestamp.milliseconds())
        return .now(.json(StatsJSON.report(try service.store.stats(query))))
    }

    /// `GET /v1/stats/posts?category=&by=likes|replies&limit=`, most first.
    func topPosts(_ request: HTTPRequest) throws -> HTTPAnswer {
        let (category, ranking, limit) = try StatsParameters.ranking(from: request, routes: service.routes)
        let posts = try service.store.topPosts(category: category, by: ranking, limit: limit)
        return .now(.json(StatsJSON.posts(posts, category: category, ranking: ranking)))
    }

    /// `GET /v1/stats/subjects?category=&by=&from=&to=&limit=`: the subjects most counted within
    /// the window, most first.
    func topSubjects(_ request: HTTPRequest) throws -> HTTPAnswer {
        let ranking = try StatsParameters.subjectRanking(
            from: request, routes: service.routes, now: Timestamp.milliseconds())
        let key = service.routes.category(ranking.category)?.subject ?? ""
        return .now(.json(StatsJSON.subjects(try service.store.topSubjects(ranking), ranking: ranking, key: key)))
    }

    /// `GET /v1/stats/webhooks`: each endpoint's pending and failed deliveries.
    func webhookBacklogs() throws -> HTTPAnswer {
        let endpoints = try webhooks.registry.endpoints()
        return .now(.json(StatsJSON.webhooks(endpoints, counts: try webhooks.registry.deliveryCounts())))
    }
}
