import Foundation
import SQLite

/// Online backups of a live database.
public enum SQLiteBackup {
    public struct Report: Sendable, Equatable {
        public var responses: Int
        public var likes: Int
        public var replies: Int
    }

    /// Copies the database at `source` to `destination` while the server may be writing to it,
    /// checks the copy (`PRAGMA integrity_check`, and that it opens as an ActionHub database), and
    /// only then moves it into place. What was committed before the call is in the copy.
    public static func run(from source: String, to destination: String) throws -> Report {
        guard FileManager.default.fileExists(atPath: source) else {
            throw SQLiteError(.cannotOpen, message: "no database at \(source)")
        }
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            let from = try SQLiteConnection(path: source, mode: .readOnly)
            let into = try SQLiteConnection(path: partial)
            try from.backup(into: into)
            // The copy keeps the source's WAL mode; opened read-only below it would get -wal and
            // -shm files nobody removes. A rollback-journal copy leaves none; serve sets WAL again.
            try into.execute("PRAGMA journal_mode = DELETE")
        }
        let report: Report
        do {
            let copy = try SQLiteConnection(path: partial, mode: .readOnly)
            let check = try copy.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) ?? "" }
            guard check == ["ok"] else {
                throw SQLiteError(.corrupt, message: "the copy fails integrity_check: \(check.joined(separator: "; "))")
            }
            func count(_ table: String) throws -> Int {
                Int(try copy.prepare("SELECT count(*) FROM \(table)").rows { $0.integer(at: 0) }.first ?? 0)
            }
            report = Report(responses: try count("responses"), likes: try count("likes"), replies: try count("replies"))
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        if FileManager.default.fileExists(atPath: destination) {
            try FileManager.default.removeItem(atPath: destination)
        }
        try FileManager.default.moveItem(atPath: partial, toPath: destination)
        return report
    }
}
