import ActionHubDomain
import ActionHubService
import Auth
import Basics
import Foundation
import HTTPServer
import JSON
import Telemetry
import Webhooks

/// `actionhub serve`: load routes, open the database, listen until SIGTERM or SIGINT.
enum ServeCommand {
    static let settings = [
        Setting(name: "host", defaultValue: "127.0.0.1", help: "address to listen on"),
        Setting(name: "port", defaultValue: "8080", help: "port, 0 for any free one"),
        Setting(
            name: "database", defaultValue: "actionhub.sqlite",
            help: "SQLite file, or postgres://USER@HOST:PORT/DB for PostgreSQL; created or migrated on start"),
        Setting(name: "routes", defaultValue: "routes", help: "directory of route files"),
        Setting(
            name: "commit-batch", defaultValue: "256",
            help: "most events one transaction commits (group commit); 1 commits every event alone"),
        Setting(
            name: "writers", defaultValue: "4",
            help: "PostgreSQL only: connections committing batches side by side (SQLite has one writer)"),
        Setting(
            name: "threads", defaultValue: "auto",
            help: "HTTP worker threads; a request waiting for its commit parks its connection, not its thread, "
                + "so a few serve many connections. auto: 4 on SQLite; on PostgreSQL, where a read holds its "
                + "thread for a round trip to the server, two per core, at least 4"),
        Setting(
            name: "log-level", defaultValue: "info", help: "debug, info, warning or error; info logs every request"),
        Setting(
            name: "grace-period", defaultValue: "10",
            help: "seconds to let requests in flight finish after SIGTERM or SIGINT"),
        Setting(name: "connection-timeout", defaultValue: "30", help: "seconds before an idle connection is closed"),
        Setting(name: "connection-limit", defaultValue: "1024", help: "most connections open at once"),
        Setting(name: "per-ip-connection-limit", defaultValue: "256", help: "most connections from one address"),
        Setting(
            name: "rate-limit", defaultValue: "100",
            help: "requests a second each user token may make on average; 0 turns every limit off, keys' too"),
        Setting(name: "rate-burst", defaultValue: "200", help: "requests each user token may make at once"),
        Setting(
            name: "key-rate-limit", defaultValue: "2000",
            help: "requests a second each service API key may make on average (bursts of twice that), unless "
                + "the key was made with its own: keys create --rate-limit N"),
        Setting(
            name: "key-cache", defaultValue: "1",
            help: "seconds an API key found is remembered: a key revoked by another process or instance works "
                + "up to this long; 0 looks every key up on every request"),
        Setting(
            name: "feed-max-wait", defaultValue: "30",
            help: "the longest GET /v1/events?wait= holds an empty page, in seconds (lower it behind proxies "
                + "with short idle timeouts)"),
        Setting(
            name: "webhook-retry", defaultValue: "5s,5m,30m,2h,5h,10h,10h",
            help: "waits before each retry of a failed webhook delivery (units ms, s, m, h, d); after the last "
                + "the delivery is failed until redelivered; empty for no retries"),
        Setting(name: "webhook-timeout", defaultValue: "10", help: "seconds a webhook attempt may take"),
        Setting(name: "webhook-concurrency", defaultValue: "4", help: "webhook attempts to one endpoint at once"),
        Setting(
            name: "call-secret-file", defaultValue: "",
            help: "file holding the secret (whsec_…) that signs the calls of call routes; with SQLite and none "
                + "given, DATABASE.call-secret, made 0600 on the first start with a call route; PostgreSQL "
                + "instances must all be given the same one"),
        Setting(
            name: "call-concurrency", defaultValue: "64",
            help: "calls of call routes running at once; with all in use a call is answered 503 at once"),
        Setting(
            name: "retain-events", defaultValue: "off",
            help: "how long events and what they made (likes, replies, texts, memberships, choices) are kept: a "
                + "whole number with s, m, h or d, or off; older ones are pruned at start and every minute, the "
                + "stats keep their counts"),
        Setting(
            name: "retain-deliveries", defaultValue: "30d",
            help: "how long delivered and failed webhook deliveries, and pushes with their sent and failed "
                + "deliveries, are kept (s, m, h or d, or off); pending and queued ones are kept until they settle"),
        Setting(
            name: "apns-key-file", defaultValue: "",
            help: "the team's APNs token key (.p8, from the Apple developer account); with --apns-key-id and "
                + "--apns-team-id it turns sending pushes on (POST /v1/pushes)"),
        Setting(name: "apns-key-id", defaultValue: "", help: "the APNs key's 10-character id"),
        Setting(name: "apns-team-id", defaultValue: "", help: "the Apple developer team's 10-character id"),
        Setting(
            name: "apns-url", defaultValue: "",
            help: "send every push here instead of api.push.apple.com / api.sandbox.push.apple.com (chosen by "
                + "each device's environment): a proxy, or a test server"),
        Setting(
            name: "apns-ca-file", defaultValue: "", help: "a PEM file of CAs to trust for APNs besides the system's"),
        Setting(
            name: "apns-concurrency", defaultValue: "100",
            help: "push requests in flight at once, as HTTP/2 streams on one connection per APNs host"),
        Setting(
            name: "apns-timeout", defaultValue: "10",
            help: "seconds a push request may take; one with no answer by then is retried"),
        Setting(
            name: "signing-secret", defaultValue: "",
            help: "secret (at least 32 bytes) that signs user tokens; better --signing-secret-file"),
        Setting(
            name: "signing-secret-file", defaultValue: "",
            help: "file holding the token signing secret (its text, or hex:… for bytes); with SQLite and no "
                + "secret given, DATABASE.signing-secret, made 0600 on the first start; PostgreSQL instances "
                + "must all be given the same one"),
        Setting(
            name: "previous-signing-secret-file", defaultValue: "",
            help: "while rotating: the file of the secret being replaced, whose tokens still verify"),
    ]

    static var usage: String {
        """
        Usage: actionhub serve [options]

        Every option can also be set by its environment variable; a flag wins over the variable.

        \(Settings.help(settings))
          --new-signing-secret
              serve a database with a token signing secret it was not served with, or make a new one
              where its file is missing: every user token issued so far stops verifying (a flag only)

        Prints "listening on http://HOST:PORT" on stdout once it accepts connections, and one JSON
        line per request, start-up, shutdown and error on stderr. SIGTERM or SIGINT stops accepting,
        answers and commits what is in flight, closes the database and exits 0.
        """
    }

    /// On PostgreSQL a history read waits for its round trip on the worker thread, so threads
    /// grow with the cores that can serve them; past that they only add context switches: on 2
    /// cores, 4 threads answered 13.0-16.2k GETs/s and 5.7-6.5k POSTs/s where 16 answered
    /// 10.3-11.9k and 5.1-5.7k (alternating rounds, 64 connections). On SQLite reads run on the
    /// CPU, and more threads than cores only take turns.
    static func threadCount(_ values: Settings, for location: DatabaseLocation) throws(UsageError) -> Int {
        guard values.string("threads") == "auto" else { return try values.integer("threads", in: 1...1024) }
        if case .postgreSQL = location { return max(4, 2 * ProcessInfo.processInfo.activeProcessorCount) }
        return 4
    }

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        // Before any thread exists, so that all of them inherit it.
        StopSignals.block()
        let arguments = try Arguments(words, known: Set(settings.map(\.name)), flags: ["new-signing-secret"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.isEmpty else { throw UsageError("serve takes no positional arguments") }
        let values = Settings(settings, arguments: arguments, environment: ProcessInfo.processInfo.environment)
        var configuration = HTTPServerConfiguration()
        configuration.host = values.string("host")
        configuration.port = try values.integer("port", in: 0...65535)
        let location = try DatabaseOption.location(values)
        configuration.threadCount = try Self.threadCount(values, for: location)
        configuration.connectionTimeoutSeconds = try values.integer("connection-timeout", in: 1...3600)
        configuration.connectionLimit = try values.integer("connection-limit", in: 1...100_000)
        configuration.perAddressConnectionLimit = try values.integer("per-ip-connection-limit", in: 1...100_000)
        let gracePeriod = try values.integer("grace-period", in: 0...3600)
        let commits = DatabaseLocation.CommitSettings(
            maximumBatch: try values.integer("commit-batch", in: 1...10_000),
            writers: try values.integer("writers", in: 1...64))
        let rateLimit = try values.integer("rate-limit", in: 0...1_000_000)
        let rateBurst = try values.integer("rate-burst", in: 1...1_000_000)
        let keyRateLimit = try values.integer("key-rate-limit", in: 1...1_000_000)
        let keyCacheSeconds = try values.integer("key-cache", in: 0...3600)
        let feedMaximumWait = try values.integer("feed-max-wait", in: 0...30)
        guard let retry = RetrySchedule(parsing: values.string("webhook-retry")) else {
            throw values.invalid(
                "webhook-retry", "must be waits like 5s,5m,30m,2h (whole numbers with ms, s, m, h or d, up to 30 days)")
        }
        let webhooks = WebhookDispatcher.Options(
            retry: retry, timeout: .seconds(try values.integer("webhook-timeout", in: 1...300)),
            concurrency: try values.integer("webhook-concurrency", in: 1...64),
            userAgent: "ActionHub/\(ActionHubVersion.current)")
        let callConcurrency = try values.integer("call-concurrency", in: 1...4096)
        let retention = RetentionSettings(
            events: try values.retention("retain-events"), deliveries: try values.retention("retain-deliveries"))
        let apns = APNsSettings(
            keyFile: values.string("apns-key-file"), keyId: values.string("apns-key-id"),
            teamId: values.string("apns-team-id"), url: values.string("apns-url"),
            caFile: values.string("apns-ca-file"),
            concurrency: try values.integer("apns-concurrency", in: 1...1000),
            timeout: .seconds(try values.integer("apns-timeout", in: 1...300)))
        let logger = Logger(level: try values.choice("log-level", of: LogLevel.self))

        guard let routes = RouteFiles.load(values.string("routes")) else { return 1 }
        let telemetry = Telemetry(logger: logger)
        if !HTTPServer.checksEmbeddedNUL {
            logger.warning(
                "header values are not checked for NUL bytes with this libmicrohttpd",
                [
                    "libmicrohttpd": .string(HTTPServer.libraryVersion),
                    "verifiedWith": .string(HTTPServer.verifiedLibraryVersion),
                ])
        }
        let service: RunningService
        do {
            service = try RunningService(
                ServiceConfiguration(
                    database: location, routes: routes, http: configuration, commits: commits, rateLimit: rateLimit,
                    rateBurst: rateBurst, keyRateLimit: keyRateLimit, keyCache: .seconds(keyCacheSeconds),
                    signing: SigningSecret.Settings(
                        secret: values.string("signing-secret"), file: values.string("signing-secret-file"),
                        previousFile: values.string("previous-signing-secret-file"),
                        startOver: arguments.flags.contains("new-signing-secret")),
                    feedMaximumWait: .seconds(feedMaximumWait),
                    webhooks: webhooks,
                    calls: CallSecret.Settings(
                        file: values.string("call-secret-file"),
                        concurrency: callConcurrency),
                    retention: retention, apns: apns, telemetry: telemetry))
        } catch {
            logger.error("start-up failed", ["error": .string("\(error)")])
            if let problem = error as? SigningSecret.Problem { throw UsageError(problem.description) }
            if let problem = error as? CallSecret.Problem { throw UsageError(problem.description) }
            if let problem = error as? APNsSettings.Problem { throw UsageError(problem.description) }
            throw error
        }
        if let key = service.firstAdminKey {
            FileHandle.standardOutput.write(Data("admin key (shown once, store it now): \(key)\n".utf8))
        }
        serve(
            service, location: location, routes: routes, configuration: configuration,
            gracePeriod: .seconds(gracePeriod), telemetry: telemetry)
        return 0
    }

    /// Announces the service, then runs it until a stop signal.
    private static func serve(
        _ service: RunningService, location: DatabaseLocation, routes: RouteTable,
        configuration: HTTPServerConfiguration, gracePeriod: Duration, telemetry: Telemetry
    ) {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let url = "http://\(host):\(service.port)"
        telemetry.logger.info(
            "listening",
            [
                "url": .string(url), "database": .string(location.description),
                "threads": JSONValue(configuration.threadCount), "version": .string(ActionHubVersion.current),
                "categories": .array(routes.categories.map { .string($0.identifier) }),
            ])
        // Unbuffered, so whoever waits for this line (a supervisor, a test) sees it at once.
        FileHandle.standardOutput.write(Data("listening on \(url)\n".utf8))

        let signal = StopSignals.wait()
        telemetry.logger.info(
            "stopping",
            [
                "signal": JSONValue(Int(signal)), "inFlightGraceSeconds": .number("\(gracePeriod.inSeconds)"),
                "requestsInFlight": JSONValue(service.requestsInFlight),
            ])
        service.stop(gracePeriod: gracePeriod)
        telemetry.logger.info("stopped")
    }
}
