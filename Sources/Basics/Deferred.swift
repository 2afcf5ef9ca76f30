import Foundation

/// A value that arrives once, later, from another thread: the answer to a POST, ready when the
/// commit that holds its event is durable.
///
/// The thread that produces the value only hands it over: `map`'s transforms do not run there but
/// where the value is read, through the `make` function that `whenArrived` passes on. So a
/// writer thread that resolves a whole batch does no per-request work (JSON, metrics, log lines)
/// and the next batch is not held up; the server builds each answer on one of its own threads.
public struct Deferred<Value: Sendable>: Sendable {
    /// Calls its argument once, on the producer's thread, with a function that makes the value.
    private let subscribe: @Sendable (@escaping @Sendable (_ make: @escaping @Sendable () -> Value) -> Void) -> Void

    private init(
        subscribe: @escaping @Sendable (@escaping @Sendable (_ make: @escaping @Sendable () -> Value) -> Void) -> Void
    ) {
        self.subscribe = subscribe
    }

    /// Starts the work now: `start` passes `resolve` on to whatever finishes it, which calls it
    /// once, from any thread, even before `start` returns. Throws what `start` throws, before any
    /// value is promised.
    public init<Failure: Error>(
        _ start: (_ resolve: @escaping @Sendable (Value) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        let arrival = Arrival<Value>()
        try start { arrival.resolve($0) }
        subscribe = { arrived in arrival.whenResolved { value in arrived { value } } }
    }

    /// A value that is already here.
    public static func ready(_ value: Value) -> Deferred {
        Deferred(subscribe: { arrived in arrived { value } })
    }

    /// The value transformed, on the thread that reads it.
    public func map<Mapped: Sendable>(_ transform: @escaping @Sendable (Value) -> Mapped) -> Deferred<Mapped> {
        Deferred<Mapped>(subscribe: { arrived in subscribe { make in arrived { transform(make()) } } })
    }

    /// `arrived` is called once, on the producer's thread (or at once when the value is already
    /// here); it should pass `make` to the thread that will use the value and call it there.
    public func whenArrived(_ arrived: @escaping @Sendable (_ make: @escaping @Sendable () -> Value) -> Void) {
        subscribe(arrived)
    }

    /// Blocks the calling thread until the value is here: for command-line tools and tests.
    public func wait() -> Value {
        let done = DispatchSemaphore(value: 0)
        let made = Locked<(@Sendable () -> Value)?>(nil)
        whenArrived { make in
            made.withLock { $0 = make }
            done.signal()
        }
        done.wait()
        return made.withLock { $0! }()
    }
}

/// The meeting point of producer and consumer, whichever comes first.
private final class Arrival<Value: Sendable>: Sendable {
    private enum State {
        case waiting((@Sendable (Value) -> Void)?)
        case resolved(Value)
    }

    private let state = Locked<State>(.waiting(nil))

    func resolve(_ value: Value) {
        let waiter: (@Sendable (Value) -> Void)? = state.withLock { state in
            guard case .waiting(let waiter) = state else { preconditionFailure("a Deferred resolved twice") }
            state = .resolved(value)
            return waiter
        }
        waiter?(value)
    }

    func whenResolved(_ body: @escaping @Sendable (Value) -> Void) {
        let value: Value? = state.withLock { state in
            switch state {
            case .waiting(nil):
                state = .waiting(body)
                return nil
            case .waiting:
                preconditionFailure("a Deferred has one reader")
            case .resolved(let value):
                return value
            }
        }
        if let value { body(value) }
    }
}
