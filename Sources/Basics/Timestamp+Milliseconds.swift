import Foundation

extension Timestamp {
    /// Unix time in whole milliseconds: how the webhook outbox keeps its times, the same on
    /// SQLite and PostgreSQL.
    public static func milliseconds(_ date: Date = Date()) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// RFC 3339 text for Unix milliseconds.
    public static func format(milliseconds: Int64) -> String {
        format(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
