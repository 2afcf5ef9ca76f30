/// The team's backend said no to an event (it answered 4xx). Answered to the app as a 422 with
/// the backend's status and words, never stored: the same id may be sent again later.
public struct BackendRefusal: Error, Sendable, Equatable {
    public var backendStatus: Int
    /// The backend's problem `title` and `detail`, when it sent them.
    public var title: String?
    public var detail: String?
    public var route: RouteKey

    public init(backendStatus: Int, title: String?, detail: String?, route: RouteKey) {
        self.backendStatus = backendStatus
        self.title = title
        self.detail = detail
        self.route = route
    }
}
