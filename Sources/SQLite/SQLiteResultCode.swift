import CSQLite

/// A primary result code, by name. <https://www.sqlite.org/rescode.html>
public struct SQLiteResultCode: RawRepresentable, Sendable, Hashable {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let error = Self(rawValue: SQLITE_ERROR)
    public static let busy = Self(rawValue: SQLITE_BUSY)
    public static let locked = Self(rawValue: SQLITE_LOCKED)
    public static let readOnly = Self(rawValue: SQLITE_READONLY)
    public static let ioError = Self(rawValue: SQLITE_IOERR)
    public static let corrupt = Self(rawValue: SQLITE_CORRUPT)
    public static let full = Self(rawValue: SQLITE_FULL)
    public static let cannotOpen = Self(rawValue: SQLITE_CANTOPEN)
    public static let constraint = Self(rawValue: SQLITE_CONSTRAINT)
}
