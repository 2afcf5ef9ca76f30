/// Makes `BackendCall`s: the service's way out to the teams' backends, brought by whoever
/// assembles it (libcurl, in the running service). Calls run elsewhere: `call` returns at once.
public protocol BackendCaller: Sendable {
    /// Starts `call` and calls `answered` once, from any thread, with what came of it; at once
    /// (`.unavailable`) when no more calls may run now.
    func call(_ call: BackendCall, answered: @escaping @Sendable (BackendAnswer) -> Void)
}
