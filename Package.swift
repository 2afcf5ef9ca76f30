// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ActionHub",
    // iOS 16: the kit uses Duration, Task.sleep(for:) and String(localized:defaultValue:).
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        .executable(name: "actionhub", targets: ["actionhub"]),
        // The app side: an app adds this repository as a package dependency and links this.
        .library(name: "ActionHubKit", targets: ["ActionHubKit"]),
    ],
    targets: [
        // C libraries, bound as system libraries. Only the wrapper module right above each touches C types.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // The bottom of the graph: a lock TSan understands, a value that arrives later (`Deferred`),
        // hex, base64url, RFC 3339 timestamps, UUID text and durations. Foundation only.
        .target(name: "Basics"),
        // SHA-256, HMAC and secure random bytes from libcrypto. The only module that imports COpenSSL.
        .target(name: "Crypto", dependencies: ["COpenSSL"]),
        // A strict JSON value, parser and writer: no Foundation, shared by every layer.
        .target(name: "JSON"),
        // Who may do what: API keys, per-user tokens, rate limits. Knows nothing of HTTP or SQL.
        .target(name: "Auth", dependencies: ["Basics", "Crypto", "JSON"]),
        // The domain: routes, validation, handlers, the store contract. Knows nothing of HTTP or SQL.
        .target(name: "ActionHubDomain", dependencies: ["Basics", "JSON"]),
        // Request threads hand events to writer threads that commit them in batches.
        .target(name: "GroupCommit", dependencies: ["ActionHubDomain", "Basics"]),
        // Named, ordered schema changes and the one migrator both databases run them with.
        .target(name: "Migrations"),
        // The SQLite wrapper: connections, statements, named result codes. The only module that imports CSQLite.
        .target(name: "SQLite", dependencies: ["CSQLite", "Migrations"]),
        // The SQLite database: opened, set up and migrated once, then its writer and readers serve the stores.
        .target(
            name: "SQLiteStore",
            dependencies: ["ActionHubDomain", "Auth", "Basics", "Crypto", "GroupCommit", "Migrations", "SQLite"]),
        // The libpq wrapper: connections, results, errors. The only module that imports CPostgreSQL.
        .target(name: "PostgreSQL", dependencies: ["CPostgreSQL", "Migrations"]),
        // The ResponseStore and KeyStore on PostgreSQL, for several instances on one database.
        .target(
            name: "PostgreSQLStore",
            dependencies: ["ActionHubDomain", "Auth", "Basics", "Crypto", "GroupCommit", "Migrations", "PostgreSQL"]),
        // HTTP as values: request, response, answer now or later, responder, router. No C.
        .target(name: "HTTP", dependencies: ["Basics"]),
        // The libmicrohttpd server behind an HTTPResponder. The only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["Basics", "CMicroHTTPD", "HTTP"]),
        // libcurl for webhook deliveries (easy interface) and backend calls (multi interface): http
        // and https. The only module that imports CCurl.
        .target(name: "Curl", dependencies: ["CCurl"]),
        // A small blocking HTTP/1.1 client over POSIX sockets, for replaying fixtures.
        .target(name: "HTTPClient"),
        // Metrics in Prometheus text format and JSON log lines.
        .target(name: "Telemetry", dependencies: ["Basics", "JSON"]),
        // Webhooks out of the outbox: claiming, Standard Webhooks signatures, attempts, retries.
        // The transport that makes attempts is brought by whoever assembles it (libcurl in the service).
        .target(name: "Webhooks", dependencies: ["ActionHubDomain", "Basics", "Crypto", "JSON", "Telemetry"]),
        // Apple's push service: token authentication (ES256 JWTs from the team's .p8 key) and the
        // sender of the push outbox over libcurl's HTTP/2.
        .target(name: "APNs", dependencies: ["ActionHubDomain", "Basics", "Crypto", "Curl", "JSON", "Telemetry"]),
        // `call` routes' calls to the teams' backends: signed, bounded, judged by status.
        .target(
            name: "Calls", dependencies: ["ActionHubDomain", "Basics", "Curl", "JSON", "Telemetry", "Webhooks"]),
        // The operator dashboard's page, scripts and style sheet: real files in its Resources,
        // embedded into the binary at build time by the EmbedDashboardAssets plugin.
        .target(name: "Dashboard", exclude: ["Resources"], plugins: ["EmbedDashboardAssets"]),
        .executableTarget(name: "DashboardEmbedder"),
        .plugin(name: "EmbedDashboardAssets", capability: .buildTool(), dependencies: ["DashboardEmbedder"]),
        // Endpoints: each route with its access requirement and handler; problem+json out.
        .target(
            name: "API",
            dependencies: [
                "ActionHubDomain", "Auth", "Basics", "Codegen", "Crypto", "Dashboard", "HTTP", "JSON", "Telemetry",
                "Webhooks",
            ],
            resources: [.copy("openapi.yaml")]),
        // Everything derived from the routes for the client side: iOS code, APNs payloads.
        .target(name: "Codegen", dependencies: ["ActionHubDomain", "JSON"]),
        // Fixture files and the runner that replays them against a live server.
        .target(name: "Replay", dependencies: ["JSON", "HTTPClient"]),
        // The service assembled: database, keys, store, API and HTTP server, as `serve` runs it and
        // as tests run it in-process.
        .target(
            name: "ActionHubService",
            dependencies: [
                "API", "APNs", "ActionHubDomain", "Auth", "Basics", "Calls", "Crypto", "Curl", "HTTPServer",
                "PostgreSQLStore", "SQLiteStore", "Telemetry", "Webhooks",
            ]),
        .executableTarget(
            name: "actionhub",
            dependencies: [
                "ActionHubDomain", "ActionHubService", "API", "Auth", "Basics", "Codegen", "HTTPServer", "JSON",
                "Replay", "SQLiteStore", "Telemetry", "Webhooks",
            ]),

        // The app side, Foundation only: forwards notification responses through a durable outbox,
        // typed outcomes and failures. Builds on Linux, where its tests run against the real server.
        .target(
            name: "ActionHubKit",
            dependencies: [.target(name: "AppleSDKStandIn", condition: .when(platforms: [.linux]))]),
        // Linux only: the Apple API the kit's glue uses (UserNotifications, BackgroundTasks, Apple-only
        // Foundation), with the SDK's signatures, so that CI type-checks the glue. Not named after an
        // Apple module, so it cannot clash with an app's own shim.
        .target(name: "AppleSDKStandIn"),

        // In-memory twins of the stores, for tests of the layers above them.
        .target(name: "ActionHubTesting", dependencies: ["ActionHubDomain", "Auth", "Basics"]),
        // Test helpers: temporary databases, a throwaway PostgreSQL cluster, a live server in-process.
        .target(
            name: "TestSupport",
            dependencies: [
                "API", "ActionHubDomain", "ActionHubKit", "ActionHubService", "Auth", "Basics", "HTTPClient",
                "HTTPServer", "PostgreSQL", "SQLiteStore", "Telemetry",
            ],
            path: "Tests/TestSupport"),

        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .testTarget(
            name: "ActionHubKitTests", dependencies: ["ActionHubKit", "Basics", "HTTP", "HTTPServer", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "APNsTests", dependencies: ["APNs", "Basics", "Crypto", "Curl", "JSON", "TestSupport"]),
        .testTarget(
            name: "WebhooksTests",
            dependencies: ["ActionHubDomain", "Basics", "JSON", "SQLiteStore", "Telemetry", "TestSupport", "Webhooks"]),
        .testTarget(
            name: "ActionHubDomainTests", dependencies: ["ActionHubDomain", "ActionHubTesting", "Basics", "JSON"]),
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: [
                "SQLiteStore", "SQLite", "ActionHubDomain", "GroupCommit", "JSON", "Basics", "Migrations",
                "TestSupport",
            ]),
        .testTarget(
            name: "StoreContractTests",
            dependencies: [
                "ActionHubDomain", "ActionHubTesting", "Basics", "JSON", "PostgreSQLStore", "SQLiteStore",
                "TestSupport",
            ]),
        .testTarget(
            name: "PostgreSQLStoreTests",
            dependencies: ["ActionHubDomain", "Auth", "PostgreSQL", "PostgreSQLStore", "TestSupport"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "TestSupport"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(
            name: "CallsTests",
            dependencies: ["ActionHubDomain", "Basics", "Calls", "Curl", "HTTP", "HTTPServer", "JSON"]),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTP", "HTTPServer", "HTTPClient", "Basics", "TestSupport"]),
        .testTarget(
            name: "CodegenTests",
            dependencies: ["Codegen", "ActionHubDomain", "ActionHubKit", "ActionHubTesting", "JSON", "TestSupport"],
            exclude: ["Golden", "Routes"]),
        .testTarget(
            name: "APITests",
            dependencies: [
                "API", "ActionHubDomain", "ActionHubTesting", "Auth", "HTTP", "HTTPServer", "JSON", "Basics",
                "Telemetry",
                "TestSupport",
            ]),
        .testTarget(name: "AuthTests", dependencies: ["ActionHubTesting", "Auth", "Crypto", "Basics"]),
        .testTarget(name: "TelemetryTests", dependencies: ["Telemetry", "JSON", "Basics"]),
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "ActionHubService", "ActionHubTesting", "Auth", "Basics", "HTTPClient", "JSON", "SQLite", "TestSupport",
            ]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "actionhub", "ActionHubKit", "Replay", "HTTPClient", "JSON", "SQLite", "Auth", "Basics", "PostgreSQL",
                "TestSupport",
            ],
            exclude: ["Dashboard", "Golden", "Migration", "PowerLoss"]),
    ]
)

// Release builds let the optimizer specialize generic code across module boundaries (a store's
// `SQLiteStatement.rows` for its row type, `Locked.withLock` for its result) instead of going
// through run-time generic metadata: history GET 7.4k → 8.0k/s, server CPU per GET 230 → 210 µs
// (bench/run on the 2-core build machine). Debug and sanitizer builds are unchanged. Only on the
// server's targets: SwiftPM refuses unsafe flags in a product an app takes by version, and the
// kit's product is one (AdoptablePackageTests).
let appTargets: Set<String> = ["ActionHubKit", "AppleSDKStandIn"]
for target in package.targets
where target.type != .system && target.type != .test && target.type != .plugin
    && !appTargets.contains(target.name)
{
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}
