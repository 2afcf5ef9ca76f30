import Foundation
import SQLite
import TestSupport
import Testing

@testable import SQLiteStore

@Suite struct WALCheckpointerTests {
    /// Frames the log holds that the database file does not, after a checkpoint on `connection`;
    /// nil while another connection's checkpoint is under way (busy).
    static func framesLeft(_ connection: SQLiteConnection) throws -> Int64? {
        let row = try connection.prepare("PRAGMA wal_checkpoint(PASSIVE)").rows {
            $0.integer(at: 0) == 0 ? $0.integer(at: 1) - $0.integer(at: 2) : nil
        }
        return row.first ?? nil
    }

    /// Asked, it copies the log into the database file on its own connection and thread, so the
    /// writer's own checkpoint afterwards finds nothing left to copy; until asked, it copies nothing.
    @Test func copiesTheLogWhenAskedAndOnlyThen() throws {
        let database = try SQLiteDatabase(path: TemporaryDatabase.path())
        let writer = try database.openEventWriter()
        try writer.execute("CREATE TABLE filler (text TEXT)")
        let insert = try writer.prepare("INSERT INTO filler VALUES (?1)")
        try writer.transaction(.immediate) {
            for _ in 0..<500 { try insert.run([.text(String(repeating: "x", count: 2000))]) }
        }
        let fileSize = { (try? FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int) ?? 0 }
        let before = fileSize()
        let checkpointer = WALCheckpointer(connection: try database.openCheckpointer())
        defer { checkpointer.close() }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(fileSize() == before, "copied without being asked")

        checkpointer.nudge()
        let deadline = Date().addingTimeInterval(TimingBudget.seconds(10))
        while fileSize() < before + 500 * 2000 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(fileSize() >= before + 500 * 2000)
        // Its pass may still be syncing the file (busy until then); after it, nothing is left to copy.
        var left = try Self.framesLeft(writer)
        while left == nil && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            left = try Self.framesLeft(writer)
        }
        #expect(left == 0)
    }
}
