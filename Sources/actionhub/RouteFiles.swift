import ActionHubDomain

/// The route files every command that needs routes reads.
enum RouteFiles {
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
