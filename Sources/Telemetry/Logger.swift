import Basics
import Foundation
import JSON

/// One JSON object per line on standard error: `time`, `level`, `msg`, then the fields given.
/// Callers pass only what may be logged: never user text, tokens or keys.
public struct Logger: Sendable {
    public var level: LogLevel
    private let write: @Sendable (String) -> Void

    public init(level: LogLevel = .info, write: @escaping @Sendable (String) -> Void = Logger.standardError) {
        self.level = level
        self.write = write
    }

    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// `fields` is built only when the line is written: below the level, a request's log fields
    /// (a dictionary, formatted numbers) are not made at all.
    public func log(_ level: LogLevel, _ message: String, _ fields: @autoclosure () -> JSONObject = [:]) {
        guard level >= self.level else { return }
        var object: JSONObject = [
            "time": .string(Timestamp.format(Date())),
            "level": .string(level.rawValue), "msg": .string(message),
        ]
        for member in fields().members { object[member.key] = member.value }
        write(JSONValue.object(object).serialized() + "\n")
    }

    public func info(_ message: String, _ fields: @autoclosure () -> JSONObject = [:]) {
        log(.info, message, fields())
    }
    public func warning(_ message: String, _ fields: @autoclosure () -> JSONObject = [:]) {
        log(.warning, message, fields())
    }
    public func error(_ message: String, _ fields: @autoclosure () -> JSONObject = [:]) {
        log(.error, message, fields())
    }
}
