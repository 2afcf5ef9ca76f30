import API
import ActionHub
import Foundation
import HTTPServer
import SQLiteStore

/// `actionhub serve`: load routes, open the database, listen until SIGTERM or SIGINT.
enum ServeCommand {
    static let usage = """
        Usage: actionhub serve [options]

        Options:
          --host H          address to listen on (default 127.0.0.1)
          --port P          port, 0 for any free one (default 8080)
          --database PATH   SQLite database, created with its schema if missing (default ./actionhub.sqlite)
          --routes DIR      route files (default ./routes)
          --threads N       HTTP worker threads; each waits for the commit of its request's
                            event, so this bounds how many events one commit can group (default 64)

        Prints "listening on http://HOST:PORT" once it accepts connections. SIGTERM or SIGINT stops
        accepting, answers what is in flight, closes the database and exits 0.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        // Before any thread exists, so that all of them inherit it.
        StopSignals.block()
        let arguments = try Arguments(words, known: ["host", "port", "database", "routes", "threads"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.isEmpty else { throw UsageError("serve takes no positional arguments") }
        var configuration = HTTPServerConfiguration()
        configuration.host = arguments.options["host"] ?? "127.0.0.1"
        configuration.port = try arguments.integer("port", default: 8080, in: 0...65535)
        configuration.threadCount = try arguments.integer("threads", default: 64, in: 1...1024)
        let databasePath = arguments.options["database"] ?? "actionhub.sqlite"
        let routesDirectory = arguments.options["routes"] ?? "routes"

        let routes: RouteTable
        do {
            routes = try RouteLoader(handlers: .standard).load(directory: routesDirectory)
        } catch {
            for problem in error.errors { printError(problem.description) }
            return 1
        }
        try serve(routes: routes, databasePath: databasePath, configuration: configuration)
        return 0
    }

    /// Owns store and server for the life of the service; both are closed when it returns.
    private static func serve(routes: RouteTable, databasePath: String, configuration: HTTPServerConfiguration)
        throws
    {
        let store = try SQLiteResponseStore(
            path: databasePath, options: .init(readerCount: min(configuration.threadCount, 16)))
        let api = ActionHubAPI(service: ResponseService(routes: routes, store: store)) { message in
            printError("actionhub: \(message)")
        }
        let server = try HTTPServer(configuration: configuration, responder: api)
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        // Unbuffered, so whoever waits for this line (a supervisor, a test) sees it at once.
        FileHandle.standardOutput.write(Data("listening on http://\(host):\(server.port)\n".utf8))

        _ = StopSignals.wait()
        server.stop(gracePeriod: .seconds(10))
    }
}
