import Foundation

/// A path for a SQLite database in a folder of its own.
public enum TemporaryDatabase {
    public static func path() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actionhub-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("test.sqlite").path
    }
}
