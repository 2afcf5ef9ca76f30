/// How much the log says: each level includes the ones after it.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
