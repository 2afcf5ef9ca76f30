import ActionHubService
import Foundation
import SQLiteStore

/// `actionhub backup --database PATH --to FILE`: an online, verified copy.
enum BackupCommand {
    static let usage = """
        Usage: actionhub backup [--database PATH] --to FILE

        --database defaults to ACTIONHUB_DATABASE, as for serve, then ./actionhub.sqlite.

        Copies the SQLite database at PATH to FILE while the server keeps running (SQLite's online
        backup: one consistent snapshot holding everything committed before it started), checks
        the copy with PRAGMA integrity_check, and moves it into place only when it passes.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["database", "to"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.isEmpty, let destination = arguments.options["to"] else {
            throw UsageError("backup needs --to FILE")
        }
        guard case .sqlite(let database) = try DatabaseOption.location(arguments) else {
            throw UsageError(
                "backup copies SQLite databases; back up PostgreSQL with its own tools (pg_dump, base backups)")
        }
        let report = try SQLiteBackup.run(from: database, to: destination)
        print(
            "backed up \(database) to \(destination): \(report.responses) responses, \(report.likes) likes, "
                + "\(report.replies) replies, integrity ok")
        return 0
    }
}
