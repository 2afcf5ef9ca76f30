extension RouteTable {
    /// True when some action's handler is `call`: the service then needs a way to call out, and a
    /// secret to sign the calls with.
    public var makesCalls: Bool {
        categories.contains { category in category.actions.contains { $0.handler == CallHandler().name } }
    }
}
