import Auth

/// What an endpoint asks of a caller before its handler runs; user-specific checks (whose
/// history, whose response) happen in the handler, which knows the user.
enum AccessRequirement: Sendable {
    case none
    /// Any valid key or user token.
    case anyone
    /// A key with this scope, or a user token.
    case scopeOrUser(Scope)
    /// A key with this scope.
    case scope(Scope)
}
