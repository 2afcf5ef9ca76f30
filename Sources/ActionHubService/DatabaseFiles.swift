import Foundation

/// The files of an SQLite database, as the operator sees them on disk.
enum DatabaseFiles {
    /// The database file plus its WAL, in bytes.
    static func size(of path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }
}
