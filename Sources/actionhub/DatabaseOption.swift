import ActionHubService
import Foundation

/// `--database`, else `ACTIONHUB_DATABASE`, else `./actionhub.sqlite`: read the same way by every
/// command, and refused with the flag or variable named when it is a URL of an unknown scheme.
enum DatabaseOption {
    static func settings(_ arguments: Arguments) -> Settings {
        Settings(
            ServeCommand.settings.filter { $0.name == "database" }, arguments: arguments,
            environment: ProcessInfo.processInfo.environment)
    }

    static func location(_ arguments: Arguments) throws(UsageError) -> DatabaseLocation {
        try location(settings(arguments))
    }

    static func location(_ values: Settings) throws(UsageError) -> DatabaseLocation {
        do {
            return try DatabaseLocation(values.string("database"))
        } catch {
            throw values.invalid("database", "names an \(error)")
        }
    }
}
