import ActionHubDomain
import ActionHubService
import Basics
import Foundation
import JSON
import Webhooks

/// `actionhub webhooks create | list | delete | deliveries | redeliver`: where events are POSTed.
enum WebhooksCommand {
    static let usage = """
        Usage: actionhub webhooks create --url URL [--events PATTERN,…] [--routes DIR] [--database PATH|URL]
               actionhub webhooks list [--database PATH|URL]
               actionhub webhooks delete ID [--database PATH|URL]
               actionhub webhooks deliveries ID [--failed] [--limit N] [--database PATH|URL]
               actionhub webhooks redeliver ID DELIVERY_ID [--database PATH|URL]

        `create` prints the endpoint as one JSON object with its signing secret (whsec_…), shown this
        once. --events takes `*` (the default: every event), CATEGORY.* or CATEGORY.ACTION of the
        routes in --routes (default ACTIONHUB_ROUTES, then ./routes). A running serve picks endpoints
        up within a second. The database must exist (made by serve or migrate).
        `deliveries` lists the newest first: id (the webhook-id header), status, attempts, last HTTP
        status, next attempt or delivery time, last error. --database defaults to ACTIONHUB_DATABASE,
        then ./actionhub.sqlite.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(
            words, known: ["url", "events", "routes", "database", "limit"], flags: ["failed"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        let subcommands = ["create", "list", "delete", "deliveries", "redeliver"]
        let failedOnly = arguments.flags.contains("failed")
        guard let subcommand = arguments.positionals.first, subcommands.contains(subcommand) else {
            throw UsageError("webhooks takes create, list, delete, deliveries or redeliver")
        }
        let database = try DatabaseOption.location(arguments).open(creating: false)
        let registry = try database.webhookRegistry()
        let positionals = Array(arguments.positionals.dropFirst())
        switch subcommand {
        case "create":
            return try create(arguments, positionals: positionals, registry: registry)
        case "list":
            guard positionals.isEmpty else { throw UsageError("webhooks list takes no positional arguments") }
            for endpoint in try registry.endpoints() {
                print(
                    [endpoint.id, endpoint.url, endpoint.events.joined(separator: ","), endpoint.createdAt].joined(
                        separator: "\t"))
            }
        case "delete":
            guard positionals.count == 1 else { throw UsageError("webhooks delete takes one endpoint id") }
            guard try registry.delete(endpointId: positionals[0]) else { return noEndpoint(positionals[0]) }
            print("deleted \(positionals[0])")
        case "deliveries":
            guard positionals.count == 1 else { throw UsageError("webhooks deliveries takes one endpoint id") }
            let limit = Int(arguments.options["limit"] ?? "50") ?? 0
            guard (1...PageRequest.maximumLimit).contains(limit) else {
                throw UsageError("--limit must be a whole number from 1 to \(PageRequest.maximumLimit)")
            }
            guard
                let page = try registry.deliveries(
                    endpointId: positionals[0], status: failedOnly ? .failed : nil, page: PageRequest(limit: limit))
            else { return noEndpoint(positionals[0]) }
            for delivery in page.items { print(line(delivery)) }
        case "redeliver":
            guard positionals.count == 2 else {
                throw UsageError("webhooks redeliver takes an endpoint id and a delivery id")
            }
            guard let sequence = WebhookDelivery.sequence(fromMessageId: positionals[1]),
                let delivery = try registry.redeliver(
                    endpointId: positionals[0], sequence: sequence, now: Timestamp.milliseconds())
            else {
                printError("actionhub webhooks: endpoint \(positionals[0]) has no delivery \(positionals[1])")
                return 1
            }
            print(line(delivery))
        default:
            throw UsageError("webhooks takes create, list, delete, deliveries or redeliver")
        }
        return 0
    }

    private static func create(_ arguments: Arguments, positionals: [String], registry: any WebhookRegistry) throws
        -> Int32
    {
        guard positionals.isEmpty else { throw UsageError("webhooks create takes no positional arguments") }
        guard let url = arguments.options["url"] else { throw UsageError("webhooks create needs --url") }
        guard let routes = RouteFiles.load(RouteFiles.directory(arguments.options["routes"])) else { return 1 }
        let events = arguments.options["events"].map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let created: (endpoint: WebhookEndpoint, secret: String)
        do {
            created = try WebhookEndpoints(registry: registry, routes: routes).create(url: url, events: events)
        } catch let failure as ValidationFailure {
            let flags = ["url": "--url", "events": "--events"]
            let messages = failure.errors.map { error in
                let field = error.field.split(separator: "[").first.map(String.init) ?? error.field
                return "\(flags[field] ?? error.field) \(error.message)"
            }
            throw UsageError(messages.joined(separator: "; "))
        }
        let object: JSONValue = .object([
            "id": .string(created.endpoint.id), "url": .string(created.endpoint.url),
            "events": .array(created.endpoint.events.map { .string($0) }), "secret": .string(created.secret),
            "createdAt": .string(created.endpoint.createdAt),
        ])
        print(object.serialized())
        return 0
    }

    private static func line(_ delivery: WebhookDelivery) -> String {
        let when = delivery.deliveredAt ?? delivery.nextAttemptAt
        return [
            delivery.messageId, delivery.status.rawValue, String(delivery.attempts),
            delivery.lastStatusCode.map { String($0) } ?? "-", when.map { Timestamp.format(milliseconds: $0) } ?? "-",
            delivery.lastError ?? "-",
        ].joined(separator: "\t")
    }

    private static func noEndpoint(_ id: String) -> Int32 {
        printError("actionhub webhooks: no endpoint with id \(id)")
        return 1
    }
}
