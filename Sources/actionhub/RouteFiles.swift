import ActionHubDomain
import Foundation

/// The route files every command that needs routes reads.
enum RouteFiles {
    /// `--routes` (or a command's directory argument), else `ACTIONHUB_ROUTES`, else `./routes`:
    /// the order serve reads them in, so every command sees the routes the server loads.
    static func directory(_ given: String?) -> String {
        if let given { return given }
        // serve's own setting, so its variable and default are written once.
        guard let setting = ServeCommand.settings.first(where: { $0.name == "routes" }) else { return "routes" }
        if let variable = ProcessInfo.processInfo.environment[setting.environmentName], !variable.isEmpty {
            return variable
        }
        return setting.defaultValue
    }

    /// The routes in `directory`, or nil after printing every problem.
    static func load(_ directory: String) -> RouteTable? {
        do {
            return try RouteLoader(handlers: .standard).load(directory: directory)
        } catch {
            for problem in error.errors { printError(problem.description) }
            return nil
        }
    }
}
