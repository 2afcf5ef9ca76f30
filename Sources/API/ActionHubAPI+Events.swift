import ActionHubDomain
import Basics
import Dispatch
import HTTP
import JSON

/// The event feed: every stored response, oldest first, for backends that pull.
extension ActionHubAPI {
    static let eventRoutes: [APIRoute] = [
        APIRoute("GET", "/v1/events", .scope(.historyRead)) { api, request in try api.events(request) }
    ]

    /// `GET /v1/events?after=CURSOR&limit=N&category=&action=&wait=SECONDS`, or
    /// `?latest=true&limit=N` for the newest events and the cursor to follow on from. With `wait`, a page
    /// that would be empty is held (without a server thread) until an event arrives or the time
    /// is up.
    func events(_ request: APIRequest) throws -> HTTPAnswer {
        let query = try FeedQuery(request.http, routes: service.routes, maximumWait: feedMaximumWait)
        let store = service.store
        if query.latest {
            return .now(.json(Self.feedJSON(try store.latestFeed(filter: query.filter, limit: query.limit))))
        }
        let page = try store.feed(after: query.after, filter: query.filter, limit: query.limit)
        guard page.items.isEmpty, query.wait > .zero else { return .now(.json(Self.feedJSON(page))) }
        let requestId = request.requestId
        return .later(
            Self.poll(store, query, until: ContinuousClock.now + query.wait).map { outcome in
                switch outcome {
                case .success(let page): return .json(Self.feedJSON(page))
                case .failure(let error):
                    return self.problem(for: error, route: "/v1/events", requestId: requestId).response
                }
            })
    }

    /// Reads the feed again every `interval` until it has events or `deadline` passes, on a
    /// dispatch queue: the connection is parked meanwhile, and so are no worker threads.
    static func poll(
        _ store: any ResponseStore, _ query: FeedQuery, until deadline: ContinuousClock.Instant,
        interval: Duration = .milliseconds(100)
    ) -> Deferred<Result<FeedPage, any Error>> {
        Deferred { resolve in
            @Sendable func check() {
                let delay = DispatchTimeInterval.milliseconds(Int(interval / .milliseconds(1)))
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                    do {
                        let page = try store.feed(after: query.after, filter: query.filter, limit: query.limit)
                        if page.items.isEmpty && ContinuousClock.now < deadline {
                            check()
                        } else {
                            resolve(.success(page))
                        }
                    } catch {
                        resolve(.failure(error))
                    }
                }
            }
            check()
        }
    }

    /// `{"items":[{"position":n,"cursor":…,"response":{…the stored answer…},"notification":{…}|null}],
    /// "nextCursor":…}`: `nextCursor` always, so a consumer goes on from it whether or not the page
    /// had events.
    static func feedJSON(_ page: FeedPage) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + 512 * page.items.count)
        json.object { json in
            json.key("items")
            json.array { json in
                for item in page.items {
                    json.object { json in
                        json.key("position")
                        json.integer(Int(item.position))
                        json.key("cursor")
                        json.string(item.cursor.token)
                        json.key("response")
                        json.json(item.body)
                        json.key("notification")
                        json.json(item.notification ?? "null")
                    }
                }
            }
            json.key("nextCursor")
            json.string(page.next.token)
        }
        return json.bytes
    }
}
