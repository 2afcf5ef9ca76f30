import ActionHubDomain
import Basics
import JSON

/// The JSON shapes of the aggregates. Times are RFC 3339 UTC; actions are keys in sorted order.
enum StatsJSON {
    static func report(_ report: StatsReport) -> [UInt8] {
        let span = report.query.span
        var json = JSONWriter(capacity: 128 + 96 * report.buckets.count)
        json.object { json in
            json.key("category")
            json.string(report.query.category)
            json.key("from")
            json.string(Timestamp.format(milliseconds: span.from * 1000))
            json.key("to")
            json.string(Timestamp.format(milliseconds: span.to * 1000))
            json.key("bucket")
            json.string(span.bucket.rawValue)
            json.key("buckets")
            json.array { json in
                for bucket in report.buckets {
                    json.object { json in
                        json.key("start")
                        json.string(Timestamp.format(milliseconds: bucket.start * 1000))
                        json.key("actions")
                        write(bucket.actions, to: &json)
                    }
                }
            }
            json.key("totals")
            write(report.totals, to: &json)
        }
        return json.bytes
    }

    static func posts(_ posts: [PostTally], category: String, ranking: PostRanking) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + 64 * posts.count)
        json.object { json in
            json.key("category")
            json.string(category)
            json.key("by")
            json.string(ranking.rawValue)
            json.key("posts")
            json.array { json in
                for post in posts {
                    json.object { json in
                        json.key("postId")
                        json.string(post.postId)
                        json.key("likes")
                        json.integer(post.likes)
                        json.key("replies")
                        json.integer(post.replies)
                    }
                }
            }
        }
        return json.bytes
    }

    static func subjects(_ subjects: [SubjectTally], ranking: SubjectRanking, key: String) -> [UInt8] {
        var json = JSONWriter(capacity: 128 + 64 * subjects.count)
        json.object { json in
            json.key("category")
            json.string(ranking.category)
            json.key("by")
            json.string(ranking.measure.text)
            json.key("from")
            json.string(ranking.from)
            json.key("to")
            json.string(ranking.to)
            json.key("key")
            json.string(key)
            json.key("subjects")
            json.array { json in
                for subject in subjects {
                    json.object { json in
                        json.key("id")
                        json.string(subject.subject)
                        json.key("count")
                        json.integer(subject.count)
                    }
                }
            }
        }
        return json.bytes
    }

    /// Every endpoint, those with nothing pending or failed included.
    static func webhooks(_ endpoints: [WebhookEndpoint], counts: [String: WebhookDeliveryCounts]) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + 160 * endpoints.count)
        json.object { json in
            json.key("items")
            json.array { json in
                for endpoint in endpoints {
                    let count = counts[endpoint.id] ?? WebhookDeliveryCounts()
                    json.object { json in
                        json.key("id")
                        json.string(endpoint.id)
                        json.key("url")
                        json.string(endpoint.url)
                        json.key("pending")
                        json.integer(count.pending)
                        json.key("failed")
                        json.integer(count.failed)
                        json.key("oldestPendingAt")
                        json.string(count.oldestPendingAt.map { Timestamp.format(milliseconds: $0) })
                    }
                }
            }
        }
        return json.bytes
    }

    private static func write(_ tallies: [String: ActionTally], to json: inout JSONWriter) {
        json.object { json in
            for (action, tally) in tallies.sorted(by: { $0.key < $1.key }) {
                json.key(escaping: action)
                json.object { json in
                    json.key("count")
                    json.integer(tally.count)
                    json.key("users")
                    json.integer(tally.users)
                }
            }
        }
    }
}
